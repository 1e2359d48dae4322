import { describe, expect, it } from 'vitest';
import { privateUrl, readPosition, uploadTarget } from '../../lib/catalog/curated/slack-files';

describe('Slack file/unread helpers', () => {
  it('uploadTarget: one id is channel_id, several are comma-joined channels, none is private', () => {
    expect(uploadTarget('C1')).toEqual({ channel_id: 'C1' });
    expect(uploadTarget(' C1 , C2,')).toEqual({ channels: 'C1,C2' });
    expect(uploadTarget(['C1', 'D2'])).toEqual({ channels: 'C1,D2' });
    expect(uploadTarget(undefined)).toEqual({});
    expect(uploadTarget('')).toEqual({});
  });

  it('privateUrl prefers url_private_download, falls back to url_private', () => {
    expect(
      privateUrl({
        url_private: 'https://files.slack.com/a',
        url_private_download: 'https://files.slack.com/a/download',
      }),
    ).toBe('https://files.slack.com/a/download');
    expect(privateUrl({ url_private: 'https://files.slack.com/a' })).toBe('https://files.slack.com/a');
    expect(privateUrl({ external_url: 'https://docs.example.com/x' })).toBeUndefined();
    expect(privateUrl(undefined)).toBeUndefined();
  });

  it('readPosition reads last_read, undefined when Slack gave none', () => {
    expect(readPosition({ last_read: '1700000000.000100' })).toBe('1700000000.000100');
    expect(readPosition({ last_read: '0000000000.000000' })).toBe('0000000000.000000');
    expect(readPosition({ id: 'C1' })).toBeUndefined();
    expect(readPosition(undefined)).toBeUndefined();
  });
});
