import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailchimpAliases, subscriberHash } from '../../lib/catalog/curated/mailchimp';
import { getTool } from '../../lib/catalog/registry';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Mailchimp mappings build the Marketing API 3.0 request Mailchimp documents
// (mailchimp.com/developer/marketing/api), relative to https://{dc}.api.mailchimp.com/3.0.
// Arguments go through the tool's normalize first, as the execute pipeline does before validation.
const build = (slug: string, args: Record<string, unknown>) => {
  const normalize = getTool(slug)?.curated?.normalize;
  return buildMapping(slug, normalize ? normalize(args) : args, {
    base: 'https://us6.api.mailchimp.com/3.0',
    prefix: '/3.0',
  });
};

const L = { list_id: 'abc123' };
const ANA = 'Ana.Ruiz@Example.com';
const H = createHash('md5').update('ana.ruiz@example.com').digest('hex');
const M = { ...L, subscriber_hash: H };
const C = { campaign_id: 'c42' };
const TABLE: [string, Record<string, unknown>, Want][] = [
  [
    'MAILCHIMP_LIST_API_ROOT_RESOURCES',
    { exclude_fields: ['_links'] },
    { method: 'GET', path: '/', query: { exclude_fields: '_links' } },
  ],
  [
    'MAILCHIMP_GET_LISTS_INFO',
    { count: 5, fields: ['lists.id', 'lists.name'] },
    { method: 'GET', path: '/lists', query: { count: '5', fields: 'lists.id,lists.name' } },
  ],
  ['MAILCHIMP_GET_LIST_INFO', L, { method: 'GET', path: '/lists/abc123' }],
  [
    'MAILCHIMP_LIST_MEMBERS_INFO',
    { ...L, status: 'subscribed', count: 50, offset: 100 },
    { method: 'GET', path: '/lists/abc123/members', query: { status: 'subscribed', count: '50', offset: '100' } },
  ],
  ['MAILCHIMP_GET_MEMBER_INFO', M, { method: 'GET', path: `/lists/abc123/members/${H}` }],
  ['MAILCHIMP_GET_MEMBER_INFO', { ...L, subscriber_hash: ANA }, { method: 'GET', path: `/lists/abc123/members/${H}` }],
  [
    'MAILCHIMP_SEARCH_MEMBERS',
    { query: 'ana@example.com', list_id: 'abc123' },
    { method: 'GET', path: '/search-members', query: { query: 'ana@example.com', list_id: 'abc123' } },
  ],
  [
    'MAILCHIMP_ADD_OR_UPDATE_LIST_MEMBER',
    { ...L, email_address: ANA, merge_fields: { FNAME: 'Ana' }, skip_merge_validation: true },
    {
      method: 'PUT',
      path: `/lists/abc123/members/${H}`,
      query: { skip_merge_validation: 'true' },
      body: { email_address: ANA, status_if_new: 'subscribed', merge_fields: { FNAME: 'Ana' } },
    },
  ],
  [
    'MAILCHIMP_ADD_OR_UPDATE_LIST_MEMBER',
    { ...M, email_address: ANA, status_if_new: 'pending', status: 'subscribed' },
    {
      method: 'PUT',
      path: `/lists/abc123/members/${H}`,
      body: { email_address: ANA, status_if_new: 'pending', status: 'subscribed' },
    },
  ],
  [
    'MAILCHIMP_UPDATE_LIST_MEMBER',
    { ...L, subscriber_hash: ANA, status: 'unsubscribed' },
    { method: 'PATCH', path: `/lists/abc123/members/${H}`, body: { status: 'unsubscribed' } },
  ],
  ['MAILCHIMP_ARCHIVE_LIST_MEMBER', M, { method: 'DELETE', path: `/lists/abc123/members/${H}` }],
  [
    'MAILCHIMP_DELETE_LIST_MEMBER',
    { ...L, subscriber_hash: ANA },
    { method: 'POST', path: `/lists/abc123/members/${H}/actions/delete-permanent` },
  ],
  [
    'MAILCHIMP_ADD_OR_REMOVE_MEMBER_TAGS',
    { ...M, tags: ['VIP', { name: 'Trial', status: 'inactive' }] },
    {
      method: 'POST',
      path: `/lists/abc123/members/${H}/tags`,
      body: {
        tags: [
          { name: 'VIP', status: 'active' },
          { name: 'Trial', status: 'inactive' },
        ],
      },
    },
  ],
  ['MAILCHIMP_LIST_MEMBER_TAGS', M, { method: 'GET', path: `/lists/abc123/members/${H}/tags` }],
  [
    'MAILCHIMP_SEARCH_FOR_TAGS_ON_A_LIST_BY_NAME',
    { ...L, name: 'VI' },
    { method: 'GET', path: '/lists/abc123/tag-search', query: { name: 'VI' } },
  ],
  [
    'MAILCHIMP_ADD_MEMBER_NOTE',
    { ...M, note: 'Asked for a refund' },
    { method: 'POST', path: `/lists/abc123/members/${H}/notes`, body: { note: 'Asked for a refund' } },
  ],
  [
    'MAILCHIMP_LIST_SEGMENTS',
    { ...L, type: 'static' },
    { method: 'GET', path: '/lists/abc123/segments', query: { type: 'static' } },
  ],
  [
    'MAILCHIMP_LIST_CAMPAIGNS',
    { status: 'sent', list_id: 'abc123', sort_field: 'send_time', sort_dir: 'DESC' },
    {
      method: 'GET',
      path: '/campaigns',
      query: { status: 'sent', list_id: 'abc123', sort_field: 'send_time', sort_dir: 'DESC' },
    },
  ],
  ['MAILCHIMP_GET_CAMPAIGN_INFO', C, { method: 'GET', path: '/campaigns/c42' }],
  [
    'MAILCHIMP_ADD_CAMPAIGN',
    {
      recipients: { list_id: 'abc123' },
      settings: { subject_line: 'June news', from_name: 'Acme', reply_to: 'news@acme.test' },
    },
    {
      method: 'POST',
      path: '/campaigns',
      body: {
        type: 'regular',
        recipients: { list_id: 'abc123' },
        settings: { subject_line: 'June news', from_name: 'Acme', reply_to: 'news@acme.test' },
      },
    },
  ],
  [
    'MAILCHIMP_UPDATE_CAMPAIGN_SETTINGS',
    { ...C, settings: { subject_line: 'July news', from_name: 'Acme', reply_to: 'news@acme.test' } },
    {
      method: 'PATCH',
      path: '/campaigns/c42',
      body: { settings: { subject_line: 'July news', from_name: 'Acme', reply_to: 'news@acme.test' } },
    },
  ],
  [
    'MAILCHIMP_SET_CAMPAIGN_CONTENT',
    { ...C, html: '<p>Hi *|FNAME|*</p>' },
    { method: 'PUT', path: '/campaigns/c42/content', body: { html: '<p>Hi *|FNAME|*</p>' } },
  ],
  ['MAILCHIMP_GET_CAMPAIGN_CONTENT', C, { method: 'GET', path: '/campaigns/c42/content' }],
  ['MAILCHIMP_GET_CAMPAIGN_SEND_CHECKLIST', C, { method: 'GET', path: '/campaigns/c42/send-checklist' }],
  [
    'MAILCHIMP_SEND_TEST_EMAIL',
    { ...C, test_emails: ['qa@acme.test'] },
    { method: 'POST', path: '/campaigns/c42/actions/test', body: { test_emails: ['qa@acme.test'], send_type: 'html' } },
  ],
  ['MAILCHIMP_SEND_CAMPAIGN', C, { method: 'POST', path: '/campaigns/c42/actions/send' }],
  [
    'MAILCHIMP_SCHEDULE_CAMPAIGN',
    { ...C, schedule_time: '2025-06-01T14:15:00Z' },
    { method: 'POST', path: '/campaigns/c42/actions/schedule', body: { schedule_time: '2025-06-01T14:15:00Z' } },
  ],
  ['MAILCHIMP_LIST_TEMPLATES', { type: 'user' }, { method: 'GET', path: '/templates', query: { type: 'user' } }],
  ['MAILCHIMP_GET_TEMPLATE_INFO', { template_id: '77' }, { method: 'GET', path: '/templates/77' }],
  [
    'MAILCHIMP_ADD_TEMPLATE',
    { name: 'Basic', html: '<div mc:edit="body"></div>' },
    { method: 'POST', path: '/templates', body: { name: 'Basic', html: '<div mc:edit="body"></div>' } },
  ],
  [
    'MAILCHIMP_LIST_CAMPAIGN_REPORTS',
    { since_send_time: '2025-01-01T00:00:00Z' },
    { method: 'GET', path: '/reports', query: { since_send_time: '2025-01-01T00:00:00Z' } },
  ],
  ['MAILCHIMP_GET_CAMPAIGN_REPORT', C, { method: 'GET', path: '/reports/c42' }],
];

describe('Mailchimp curated mappings', () => {
  it.each(TABLE)('%s builds the documented Mailchimp request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    expect(got.query).toEqual(want.query ?? {});
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
    else expect(got.body).toBeUndefined();
  });

  it('subscriber_hash is the MD5 of the trimmed, lowercased email', () => {
    expect(subscriberHash('  Ana.Ruiz@Example.com ')).toBe(H);
    expect(subscriberHash('urist.mcvankab@freddiesjokes.com')).toBe('62eeb292278cc15f5817cb78f7790b08');
  });
});

describe('Mailchimp hosted names of generated operations', () => {
  const WANT: Record<string, [string, string]> = {
    MAILCHIMP_LIST_EEP_URL_ACTIVITY: ['GET', '/reports/{campaign_id}/eepurl'],
    MAILCHIMP_VIEW_RECENT_ACTIVITY50: ['GET', '/lists/{list_id}/members/{subscriber_hash}/activity'],
    MAILCHIMP_UPDATE_LISTS_SEGMENTS: ['PATCH', '/lists/{list_id}/segments/{segment_id}'],
    MAILCHIMP_RETRIEVE_CAMPAIGN_ABUSE_COMPLAINTS: ['GET', '/reports/{campaign_id}/abuse-reports'],
    MAILCHIMP_CAMPAIGN_ABUSE_REPORT_DETAILS: ['GET', '/reports/{campaign_id}/abuse-reports/{report_id}'],
    MAILCHIMP_CAMPAIGN_STATISTICS_FEEDBACK: ['GET', '/reports/{campaign_id}/advice'],
    MAILCHIMP_RETRIEVE_FOLDER_CONTENTS: ['GET', '/file-manager/folders/{folder_id}/files'],
  };
  it.each(Object.entries(mailchimpAliases))('%s resolves to %s', (alias, target) => {
    const t = getTool(alias);
    expect(t?.aliasOf).toBe(target);
    expect([t!.http?.method, t!.http?.path]).toEqual(WANT[alias]);
  });
});
