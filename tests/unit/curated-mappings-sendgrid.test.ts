import { describe, expect, it } from 'vitest';
import { mailSendBody, senderBody, sendgridAliases } from '../../lib/catalog/curated/sendgrid';
import { ToolArgumentError } from '../../lib/catalog/curated/types';
import { getTool } from '../../lib/catalog/registry';
import { buildMapping, type Want } from '../helpers/mapping-request';

// SendGrid mappings build the v3 Web API request SendGrid documents (www.twilio.com/docs/sendgrid/api-reference),
// relative to https://api.sendgrid.com/v3.
// Arguments go through the tool's normalize first, as the execute pipeline does before validation.
const build = (slug: string, args: Record<string, unknown>) => {
  const normalize = getTool(slug)?.curated?.normalize;
  return buildMapping(slug, normalize ? normalize(args) : args, { base: 'https://api.sendgrid.com/v3', prefix: '/v3' });
};

const LIST = 'ca7a3796-e8a8-4029-9ccb-df8937940562';
const TABLE: [string, Record<string, unknown>, Want][] = [
  [
    'SENDGRID_ADD_OR_UPDATE_A_CONTACT',
    { contacts: ['ana@example.com', { email: 'bo@example.com', first_name: 'Bo' }], list_ids: [LIST] },
    {
      method: 'PUT',
      path: '/marketing/contacts',
      body: {
        contacts: [{ email: 'ana@example.com' }, { email: 'bo@example.com', first_name: 'Bo' }],
        list_ids: [LIST],
      },
    },
  ],
  [
    'SENDGRID_GET_CONTACTS_BY_EMAILS',
    { emails: ['ana@example.com'] },
    { method: 'POST', path: '/marketing/contacts/search/emails', body: { emails: ['ana@example.com'] } },
  ],
  [
    'SENDGRID_SEARCH_CONTACTS',
    { query: "email LIKE 'ana%'" },
    { method: 'POST', path: '/marketing/contacts/search', body: { query: "email LIKE 'ana%'" } },
  ],
  ['SENDGRID_GET_A_CONTACT_BY_ID', { id: 'c-1' }, { method: 'GET', path: '/marketing/contacts/c-1' }],
  [
    'SENDGRID_DELETE_CONTACTS',
    { ids: ['c-1', 'c-2'] },
    { method: 'DELETE', path: '/marketing/contacts', query: { ids: 'c-1,c-2' } },
  ],
  ['SENDGRID_GET_TOTAL_CONTACT_COUNT', {}, { method: 'GET', path: '/marketing/contacts/count' }],
  [
    'SENDGRID_RETRIEVE_ALL_LISTS',
    { page_size: 10 },
    { method: 'GET', path: '/marketing/lists', query: { page_size: '10' } },
  ],
  [
    'SENDGRID_RETRIEVE_A_SINGLE_LIST',
    { id: LIST, contact_sample: true },
    { method: 'GET', path: `/marketing/lists/${LIST}`, query: { contact_sample: 'true' } },
  ],
  ['SENDGRID_CREATE_LIST', { name: 'Beta' }, { method: 'POST', path: '/marketing/lists', body: { name: 'Beta' } }],
  [
    'SENDGRID_REMOVE_CONTACTS_FROM_A_LIST',
    { id: LIST, contact_ids: ['c-1', 'c-2'] },
    { method: 'DELETE', path: `/marketing/lists/${LIST}/contacts`, query: { contact_ids: 'c-1,c-2' } },
  ],
  [
    'SENDGRID_RETRIEVE_PAGED_TRANSACTIONAL_TEMPLATES',
    {},
    { method: 'GET', path: '/templates', query: { generations: 'dynamic', page_size: '50' } },
  ],
  [
    'SENDGRID_RETRIEVE_A_SINGLE_TRANSACTIONAL_TEMPLATE',
    { template_id: 'd-123' },
    { method: 'GET', path: '/templates/d-123' },
  ],
  [
    'SENDGRID_CREATE_A_TRANSACTIONAL_TEMPLATE',
    { name: 'Welcome' },
    { method: 'POST', path: '/templates', body: { name: 'Welcome', generation: 'dynamic' } },
  ],
  [
    'SENDGRID_RETRIEVE_GLOBAL_EMAIL_STATISTICS',
    { start_date: '2025-06-01', end_date: '2025-06-07', aggregated_by: 'day' },
    {
      method: 'GET',
      path: '/stats',
      query: { start_date: '2025-06-01', end_date: '2025-06-07', aggregated_by: 'day' },
    },
  ],
  [
    'SENDGRID_RETRIEVE_ALL_BOUNCES',
    { start_time: 1717200000, limit: 20 },
    { method: 'GET', path: '/suppression/bounces', query: { start_time: '1717200000', limit: '20' } },
  ],
  [
    'SENDGRID_DELETE_A_BOUNCE',
    { email: 'ana@example.com' },
    { method: 'DELETE', path: '/suppression/bounces/ana%40example.com' },
  ],
  [
    'SENDGRID_DELETE_A_BOUNCE',
    { email_address: 'ana@example.com' },
    { method: 'DELETE', path: '/suppression/bounces/ana%40example.com' },
  ],
  ['SENDGRID_RETRIEVE_ALL_BLOCKS', {}, { method: 'GET', path: '/suppression/blocks' }],
  ['SENDGRID_RETRIEVE_ALL_SPAM_REPORTS', {}, { method: 'GET', path: '/suppression/spam_reports' }],
  [
    'SENDGRID_RETRIEVE_ALL_GLOBAL_SUPPRESSIONS',
    { email: 'ana' },
    { method: 'GET', path: '/suppression/unsubscribes', query: { email: 'ana' } },
  ],
  [
    'SENDGRID_ADD_TO_GLOBAL_SUPPRESSIONS_GROUP',
    { recipient_emails: ['ana@example.com'] },
    { method: 'POST', path: '/asm/suppressions/global', body: { recipient_emails: ['ana@example.com'] } },
  ],
  ['SENDGRID_GET_SUPPRESSION_GROUPS', { id: 7 }, { method: 'GET', path: '/asm/groups', query: { id: '7' } }],
  [
    'SENDGRID_GET_ALL_VERIFIED_SENDERS',
    { limit: 10, lastSeenID: 55 },
    { method: 'GET', path: '/verified_senders', query: { limit: '10', lastSeenID: '55' } },
  ],
  ['SENDGRID_GET_A_SPECIFIC_SENDER', { id: 12 }, { method: 'GET', path: '/marketing/senders/12' }],
  ['SENDGRID_DELETE_A_SENDER', { id: 12 }, { method: 'DELETE', path: '/marketing/senders/12' }],
];

describe('SendGrid curated mappings', () => {
  it.each(TABLE)('%s builds the documented SendGrid request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
    else expect(got.body).toBeUndefined();
  });
});

describe('SENDGRID_SEND_EMAIL_WITH_TWILIO_SEND_GRID body', () => {
  it('builds one personalization from the simple arguments, text/plain before text/html', () => {
    expect(
      mailSendBody({
        to_emails: ['ana@example.com', 'bo@example.com'],
        cc_emails: ['cc@example.com'],
        from_email: 'news@acme.test',
        from_name: 'Acme',
        reply_to_email: 'help@acme.test',
        subject: 'Hello',
        html_content: '<p>Hi</p>',
        plain_text_content: 'Hi',
        categories: ['welcome'],
      }),
    ).toEqual({
      personalizations: [
        { to: [{ email: 'ana@example.com' }, { email: 'bo@example.com' }], cc: [{ email: 'cc@example.com' }] },
      ],
      from: { email: 'news@acme.test', name: 'Acme' },
      reply_to: { email: 'help@acme.test' },
      subject: 'Hello',
      content: [
        { type: 'text/plain', value: 'Hi' },
        { type: 'text/html', value: '<p>Hi</p>' },
      ],
      categories: ['welcome'],
    });
  });

  it('sends a dynamic template with its data and no content', () => {
    expect(
      mailSendBody({
        to_emails: ['ana@example.com'],
        from_email: 'news@acme.test',
        template_id: 'd-abc',
        dynamic_template_data: { first_name: 'Ana' },
      }),
    ).toEqual({
      personalizations: [{ to: [{ email: 'ana@example.com' }], dynamic_template_data: { first_name: 'Ana' } }],
      from: { email: 'news@acme.test' },
      template_id: 'd-abc',
    });
  });

  it("passes SendGrid's own personalizations, from and content through", () => {
    const own = {
      personalizations: [{ to: [{ email: 'ana@example.com', name: 'Ana' }], subject: 'For Ana' }],
      from: { email: 'news@acme.test' },
      content: [{ type: 'text/plain', value: 'Hi' }],
      send_at: 1717200000,
    };
    expect(mailSendBody(own)).toEqual(own);
  });

  it('asks for recipients, a sender and a body', () => {
    expect(() => mailSendBody({ from_email: 'a@acme.test', subject: 'x', html_content: 'y' })).toThrow(
      ToolArgumentError,
    );
    expect(() => mailSendBody({ to_emails: ['b@x.test'], subject: 'x', html_content: 'y' })).toThrow(/from_email/);
    expect(() => mailSendBody({ to_emails: ['b@x.test'], from_email: 'a@acme.test', subject: 'x' })).toThrow(
      /html_content/,
    );
    expect(() => mailSendBody({ to_emails: ['b@x.test'], from_email: 'a@acme.test', html_content: 'y' })).toThrow(
      /subject/,
    );
  });
});

describe('SendGrid hosted names of generated operations', () => {
  const WANT: Record<string, [string, string]> = {
    SENDGRID_ACTIVATE_TEMPLATE_VERSION: ['POST', '/templates/{template_id}/versions/{version_id}/activate'],
    SENDGRID_CREATE_AN_SSO_TEAMMATE: ['POST', '/sso/teammates'],
    SENDGRID_DELETE_CANCELLATION_OR_PAUSE_FROM_SCHEDULED_SEND: ['DELETE', '/user/scheduled_sends/{batch_id}'],
    SENDGRID_DUPLICATE_SEND_GRID_PRE_BUILT_DESIGN: ['POST', '/designs/pre-builts/{id}'],
    SENDGRID_GET_A_USER_S_ACCOUNT_INFORMATION: ['GET', '/user/account'],
    SENDGRID_GET_A_USER_S_PROFILE: ['GET', '/user/profile'],
    SENDGRID_GET_EMAIL_SUPPRESSION_GROUPS: ['GET', '/asm/suppressions/{email}'],
    SENDGRID_GET_GEO_STATS: ['GET', '/geo/stats'],
    SENDGRID_GET_IP_WARMUP_STATUS: ['GET', '/ips/warmup/{ip_address}'],
    SENDGRID_GET_SEND_GRID_PRE_BUILT_DESIGN: ['GET', '/designs/pre-builts/{id}'],
    SENDGRID_GET_SUBUSER_MONTHLY_STATS: ['GET', '/subusers/{subuser_name}/stats/monthly'],
    SENDGRID_GET_USER_SCOPES: ['GET', '/scopes'],
    SENDGRID_LIST_API_KEYS: ['GET', '/api_keys'],
    SENDGRID_LIST_SEND_GRID_PRE_BUILT_DESIGNS: ['GET', '/designs/pre-builts'],
    SENDGRID_LIST_USER_AUTH_DOMAINS: ['GET', '/whitelabel/domains/subuser'],
    SENDGRID_REMOVE_LIST_AND_OPTIONAL_CONTACTS: ['DELETE', '/marketing/lists/{id}'],
    SENDGRID_REMOVE_USER_DOMAIN: ['DELETE', '/whitelabel/domains/subuser'],
    SENDGRID_RETRIEVE_A_SUBUSER_S_BRANDED_LINK: ['GET', '/whitelabel/links/subuser'],
    SENDGRID_RETRIEVE_SUMS_OF_EMAIL_STATS_FOR_EACH_CATEGORY: ['GET', '/categories/stats/sums'],
    SENDGRID_SUM_EMAIL_STATS_FOR_SUBUSERS: ['GET', '/subusers/stats/sums'],
    SENDGRID_TEST_AN_EVENT_WEBHOOK_S_SETTINGS: ['POST', '/user/webhooks/event/test'],
    SENDGRID_UPDATE_A_USER_S_PROFILE: ['PATCH', '/user/profile'],
    SENDGRID_UPDATE_TEAMMATE_S_PERMISSIONS: ['PATCH', '/teammates/{username}'],
    SENDGRID_VALIDATE_A_BATCH_ID: ['GET', '/mail/batch/{batch_id}'],
  };
  it.each(Object.entries(sendgridAliases))('%s resolves to %s', (alias, target) => {
    const t = getTool(alias);
    expect(t?.aliasOf).toBe(target);
    expect([t!.http?.method, t!.http?.path]).toEqual(WANT[alias]);
  });
});

describe('Marketing sender bodies', () => {
  it('nests from and reply_to the way /marketing/senders takes them', () => {
    expect(
      senderBody({
        nickname: 'News',
        from_email: 'news@acme.test',
        from_name: 'Acme',
        reply_to_email: 'help@acme.test',
        address: '1 Main St',
        city: 'Springfield',
        country: 'USA',
      }),
    ).toEqual({
      nickname: 'News',
      from: { email: 'news@acme.test', name: 'Acme' },
      reply_to: { email: 'help@acme.test' },
      address: '1 Main St',
      city: 'Springfield',
      country: 'USA',
    });
    expect(senderBody({ id: 12, city: 'Portland' })).toEqual({ city: 'Portland' });
  });
});
