import { describe, expect, it } from 'vitest';
import { canonicalTarget } from '../../lib/net/request-target';

describe('canonicalTarget', () => {
  it('leaves plain paths and their query strings exactly as they are', () => {
    for (const t of [
      '/api/v3/connected_accounts/ca_abc123',
      '/api/v3/tools?toolkit_slug=github&limit=5',
      '/api/v3/files/objects/eyJhIjoxfQ.sig?x=%2e%2e',
      '/sign-in',
      '/',
    ])
      expect(canonicalTarget(t)).toBe(t);
  });

  it('resolves every alias of an API path to the one path', () => {
    const aliases = [
      '/x/../api/v3/files/objects/t',
      '/api/./v3/files/objects/t',
      '/api/%2e/v3/files/objects/t',
      '/api/%2E/v3/files/objects/t',
      '/x/%2e%2e/api/v3/files/objects/t',
      '/x/.%2E/api/v3/files/objects/t',
      '//api/v3/files/objects/t',
      '/api//v3/files/objects/t',
      '/api///v3//files/objects/t',
      '/api\\v3\\files/objects/t',
      '/../../api/v3/files/objects/t',
      'http://other.example/api/v3/files/objects/t',
    ];
    for (const a of aliases) expect(canonicalTarget(a), a).toBe('/api/v3/files/objects/t');
  });

  it('keeps the query string byte for byte when the path is rewritten', () => {
    expect(canonicalTarget('/x/../api/v3/mcp/s1/mcp?user_id=a%2Fb&x=..')).toBe('/api/v3/mcp/s1/mcp?user_id=a%2Fb&x=..');
  });

  it('leaves targets that are not URLs alone', () => {
    expect(canonicalTarget('*')).toBe('*');
  });
});
