import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake, subscribedServer } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import { APP_TOKENS, snowflake, startFakeAppLists, type FakeAppLists, type Row } from '../helpers/fake-app-lists';

/**
 * Poll triggers of the toolkits declared in code (lib/triggers/poll-types-apps.ts), end to end:
 * upsert through the v3 API, the engine polls the curated list tool against a loopback provider
 * answering in its documented shape, and the event reaches a real HTTPS webhook receiver exactly
 * once: the first poll only primes, the item added afterwards is sent, and later polls that list
 * it again send nothing.
 */
let s: TestServer;
let fake: FakeAppLists;
let rx: Receiver;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, what: string): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
const logs = async (id: string) => (await s.api('GET', `/trigger_instances/${id}/logs?limit=200`)).body.items as any[];
const delivered = (triggerId: string) => {
  const seen = new Map<string, any>();
  for (const r of rx.received) {
    if (r.answered !== 200) continue;
    const b = JSON.parse(r.body);
    if (b.type === 'composio.trigger.message' && b.metadata?.trigger_id === triggerId) seen.set(b.id, b);
  }
  return [...seen.values()];
};

const connect = async (
  toolkit: string,
  scheme: 'API_KEY' | 'OAUTH2' | 'BEARER_TOKEN',
  val: Record<string, unknown>,
): Promise<string> =>
  (
    await connectToFake(s, {
      toolkit,
      authScheme: scheme,
      val,
      userId: `${toolkit}-user`,
      credentials: scheme === 'OAUTH2' ? { client_id: 'app', client_secret: 'secret' } : {},
    })
  ).accountId;

/**
 * Upsert the trigger, wait for the priming poll (the item that already exists must not fire),
 * add one item, wait for its event, then for two more polls, and check nothing else came.
 */
async function firesOnce(
  slug: string,
  account: string,
  config: Record<string, unknown>,
  existing: () => void,
  add: () => void,
) {
  existing();
  const r = await s.api('POST', `/trigger_instances/${slug}/upsert`, {
    connected_account_id: account,
    trigger_config: { ...config, interval: 0.005 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.trigger_id as string;
  await until(async () => (await logs(id)).find((l) => l.outcome === 'primed'), `${slug} primed`);
  add();
  await until(() => delivered(id).length >= 1, `${slug} event`);
  const quiet = (await logs(id)).filter((l) => l.outcome === 'no_new_items').length;
  await until(
    async () => (await logs(id)).filter((l) => l.outcome === 'no_new_items').length >= quiet + 2,
    `${slug} two more polls`,
  );
  const got = delivered(id);
  expect(got, JSON.stringify(got.map((g) => g.data))).toHaveLength(1);
  expect(got[0].metadata).toMatchObject({ trigger_slug: slug, trigger_id: id, connected_account_id: account });
  const l = await logs(id);
  expect(l.filter((x) => x.outcome === 'events_emitted').map((x) => x.events_emitted)).toEqual([1]);
  expect(l.some((x) => x.outcome === 'provider_error' || x.outcome === 'auth_error')).toBe(false);
  return got[0].data as Record<string, unknown>;
}

const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  [fake, rx] = await Promise.all([startFakeAppLists(), startReceiver()]);
  s = await subscribedServer(rx);
});
afterAll(async () => {
  expect(fake?.refused ?? []).toEqual([]);
  await s?.stop();
  await fake?.close();
  await rx?.close();
});

describe('app poll trigger types', () => {
  it('are listed with their toolkit, config and payload schemas', async () => {
    for (const [slug, toolkit, required] of [
      ['LINEAR_ISSUE_CREATED_TRIGGER', 'linear', ['team_id']],
      ['OUTLOOK_MESSAGE_TRIGGER', 'outlook', []],
      ['HUBSPOT_CONTACT_CREATED_TRIGGER', 'hubspot', []],
      ['SENTRY_NEW_ISSUE', 'sentry', ['organization_id_or_slug', 'project_id_or_slug']],
      ['AIRTABLE_NEW_RECORD_TRIGGER', 'airtable', ['base_id', 'table_id_or_name']],
      ['CALENDLY_INVITEE_CREATED_POLL', 'calendly', []],
      ['DISCORDBOT_NEW_MESSAGE_POLL', 'discordbot', ['channel_id']],
      ['MICROSOFT_TEAMS_CHAT_MESSAGE_POLL', 'microsoft_teams', ['chat_id']],
      ['ONE_DRIVE_FILE_CREATED_TRIGGER', 'one_drive', []],
    ] as const) {
      const r = await s.api('GET', `/triggers_types/${slug}`);
      expect(r.status, slug).toBe(200);
      expect(r.body).toMatchObject({ slug, type: 'poll', toolkit: { slug: toolkit } });
      expect(r.body.config.required ?? []).toEqual(expect.arrayContaining([...required]));
      expect(r.body.config.properties.interval).toBeDefined();
      expect(Object.keys(r.body.payload.properties).length).toBeGreaterThan(2);
    }
    const missing = await s.api('POST', '/trigger_instances/LINEAR_ISSUE_CREATED_TRIGGER/upsert', {
      user_id: 'nobody-with-linear',
      trigger_config: {},
    });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
  });
});

describe('each app trigger fires once per new item against its provider', () => {
  it('Linear: a new issue of the team → LINEAR_ISSUE_CREATED_TRIGGER with the webhook envelope', async () => {
    const account = await connect('linear', 'API_KEY', { api_key: APP_TOKENS.linear, base_url: `${fake.url}/linear` });
    const issue = (n: number, team = 'team-1'): Row => ({
      id: `issue-${n}`,
      identifier: `ENG-${n}`,
      title: `Issue ${n}`,
      description: null,
      priority: 2,
      url: `https://linear.app/acme/issue/ENG-${n}`,
      createdAt: iso(n - 10),
      updatedAt: iso(),
      state: { id: 's1', name: 'Todo', type: 'unstarted' },
      team: { id: team, key: 'ENG', name: 'Engineering' },
      assignee: null,
      labels: { nodes: [] },
    });
    const data = await firesOnce(
      'LINEAR_ISSUE_CREATED_TRIGGER',
      account,
      { team_id: 'team-1' },
      () => fake.store.linear.push(issue(1), issue(2, 'other-team')),
      () => fake.store.linear.push(issue(3), issue(4, 'other-team')),
    );
    expect(data).toMatchObject({
      action: 'create',
      type: 'Issue',
      url: 'https://linear.app/acme/issue/ENG-3',
      data: { id: 'issue-3', identifier: 'ENG-3', title: 'Issue 3', team: { id: 'team-1' } },
    });
  });

  it('Outlook: a message arriving in the inbox → OUTLOOK_MESSAGE_TRIGGER', async () => {
    const account = await connect('outlook', 'OAUTH2', {
      access_token: APP_TOKENS.graph,
      base_url: `${fake.url}/graph/v1.0`,
    });
    const msg = (n: number, at: string): Row => ({
      '@odata.etag': `W/"${n}"`,
      id: `AAMkAG-${n}`,
      receivedDateTime: at,
      subject: `Hello ${n}`,
      bodyPreview: 'Short preview',
      isRead: false,
      isDraft: false,
      hasAttachments: false,
      conversationId: `conv-${n}`,
      webLink: `https://outlook.office365.com/owa/?ItemID=AAMkAG-${n}`,
      from: { emailAddress: { name: 'Ana', address: 'ana@contoso.com' } },
      toRecipients: [{ emailAddress: { name: 'Me', address: 'me@contoso.com' } }],
    });
    const data = await firesOnce(
      'OUTLOOK_MESSAGE_TRIGGER',
      account,
      {},
      () => fake.store.outlook.push(msg(1, iso(-60_000))),
      () => fake.store.outlook.push(msg(2, iso())),
    );
    expect(data).toMatchObject({
      id: 'AAMkAG-2',
      subject: 'Hello 2',
      from: 'ana@contoso.com',
      from_name: 'Ana',
      to: ['me@contoso.com'],
      is_read: false,
    });
    // after priming, the poll narrows by time (overlapping the last one)
    const later = fake.requests.filter((r) => r.path.endsWith('/mailFolders/inbox/messages') && r.query.get('$filter'));
    expect(later.length).toBeGreaterThan(0);
  });

  it('HubSpot: a new contact → HUBSPOT_CONTACT_CREATED_TRIGGER through CRM search', async () => {
    const account = await connect('hubspot', 'OAUTH2', {
      access_token: APP_TOKENS.hubspot,
      base_url: `${fake.url}/hubspot`,
    });
    const contact = (n: number, at: string): Row => ({
      id: String(100 + n),
      properties: {
        createdate: at,
        email: `lead${n}@example.com`,
        firstname: `Lead${n}`,
        lastname: 'Doe',
        hs_object_id: String(100 + n),
        phone: '+1 555',
      },
      createdAt: at,
      updatedAt: at,
      archived: false,
    });
    const data = await firesOnce(
      'HUBSPOT_CONTACT_CREATED_TRIGGER',
      account,
      { properties: ['phone'] },
      () => fake.store.hubspot.push(contact(1, iso(-120_000))),
      () => fake.store.hubspot.push(contact(2, iso())),
    );
    expect(data).toMatchObject({
      id: '102',
      properties: { email: 'lead2@example.com', firstname: 'Lead2', phone: '+1 555' },
      archived: false,
    });
  });

  it('Sentry: an issue first seen after the trigger started → SENTRY_NEW_ISSUE', async () => {
    const account = await connect('sentry', 'API_KEY', {
      api_key: APP_TOKENS.sentry,
      base_url: `${fake.url}/sentry/api/0`,
    });
    const issue = (n: number, at: string): Row => ({
      id: String(4000 + n),
      shortId: `WEB-${n}`,
      title: `TypeError: x is undefined (${n})`,
      culprit: 'app/main.js in render',
      level: 'error',
      status: 'unresolved',
      count: '3',
      userCount: 1,
      firstSeen: at,
      lastSeen: at,
      permalink: `https://acme.sentry.io/issues/${4000 + n}/`,
      project: { id: '2', slug: 'web', name: 'web' },
      metadata: { type: 'TypeError', value: 'x is undefined' },
    });
    const data = await firesOnce(
      'SENTRY_NEW_ISSUE',
      account,
      { organization_id_or_slug: 'acme', project_id_or_slug: 'web' },
      () => fake.store.sentry.push(issue(1, iso(-300_000))),
      () => fake.store.sentry.push(issue(2, iso())),
    );
    expect(data).toMatchObject({ id: '4002', short_id: 'WEB-2', level: 'error', count: '3', project: { slug: 'web' } });
  });

  it('Airtable: a record added to the table → AIRTABLE_NEW_RECORD_TRIGGER, later polls filtered by creation time', async () => {
    const account = await connect('airtable', 'API_KEY', {
      api_key: APP_TOKENS.airtable,
      base_url: `${fake.url}/airtable/v0`,
    });
    const rec = (n: number, at: string, table = 'Leads'): Row => ({
      base: 'appBASE',
      table,
      id: `rec${n}`,
      createdTime: at,
      fields: { Name: `Row ${n}` },
    });
    const data = await firesOnce(
      'AIRTABLE_NEW_RECORD_TRIGGER',
      account,
      { base_id: 'appBASE', table_id_or_name: 'Leads' },
      () => fake.store.airtable.push(rec(1, iso(-10_000)), rec(9, iso(), 'Other')),
      () => fake.store.airtable.push(rec(2, iso())),
    );
    expect(data).toMatchObject({ id: 'rec2', fields: { Name: 'Row 2' }, base_id: 'appBASE', table: 'Leads' });
    expect(fake.requests.some((r) => r.path === '/airtable/v0/appBASE/Leads' && r.query.get('filterByFormula'))).toBe(
      true,
    );
  });

  it('Calendly: a meeting booked with the user → CALENDLY_INVITEE_CREATED_POLL', async () => {
    const account = await connect('calendly', 'API_KEY', {
      api_key: APP_TOKENS.calendly,
      base_url: `${fake.url}/calendly`,
    });
    const user = 'https://api.calendly.com/users/AAAA';
    const ev = (n: number, created: string): Row => ({
      uri: `https://api.calendly.com/scheduled_events/EV${n}`,
      name: '30 Minute Meeting',
      status: 'active',
      start_time: iso(86_400_000 * n),
      end_time: iso(86_400_000 * n + 1_800_000),
      created_at: created,
      updated_at: created,
      event_type: 'https://api.calendly.com/event_types/T1',
      location: { type: 'zoom', join_url: 'https://zoom.us/j/1' },
      invitees_counter: { total: 1, active: 1, limit: 1 },
      event_memberships: [{ user, user_email: 'host@example.com', user_name: 'Host' }],
    });
    const data = await firesOnce(
      'CALENDLY_INVITEE_CREATED_POLL',
      account,
      { user },
      () => fake.store.calendly.push(ev(2, iso(-3_600_000))),
      () => fake.store.calendly.push(ev(1, iso())),
    );
    expect(data).toMatchObject({ uuid: 'EV1', name: '30 Minute Meeting', location: { type: 'zoom' } });
  });

  it('Discord: a message in the channel → DISCORDBOT_NEW_MESSAGE_POLL; bot messages are skipped', async () => {
    const account = await connect('discordbot', 'BEARER_TOKEN', {
      bot_token: APP_TOKENS.discord,
      base_url: `${fake.url}/discord/api/v10`,
    });
    const msg = (content: string, bot = false): Row => ({
      id: snowflake(),
      type: 0,
      channel_id: '900',
      content,
      timestamp: iso(),
      author: { id: bot ? '1' : '2', username: bot ? 'junction-bot' : 'ana', bot },
      attachments: [],
      mentions: [],
    });
    const data = await firesOnce(
      'DISCORDBOT_NEW_MESSAGE_POLL',
      account,
      { channel_id: '900' },
      () => fake.store.discord.push(msg('before')),
      () => fake.store.discord.push(msg('from a bot', true), msg('hello there')),
    );
    expect(data).toMatchObject({ channel_id: '900', content: 'hello there', author: { username: 'ana' } });
  });

  it('Microsoft Teams: a chat message → MICROSOFT_TEAMS_CHAT_MESSAGE_POLL; system events are skipped', async () => {
    const account = await connect('microsoft_teams', 'OAUTH2', {
      access_token: APP_TOKENS.graph,
      base_url: `${fake.url}/graph/v1.0`,
    });
    const m = (n: number, type = 'message'): Row => ({
      id: String(1700000000000 + n),
      chatId: '19:chat@thread.v2',
      messageType: type,
      createdDateTime: iso(n),
      importance: 'normal',
      subject: null,
      webUrl: null,
      from: type === 'message' ? { user: { id: 'u1', displayName: 'Ana' } } : null,
      body: { contentType: 'text', content: `text ${n}` },
      attachments: [],
      mentions: [],
    });
    const data = await firesOnce(
      'MICROSOFT_TEAMS_CHAT_MESSAGE_POLL',
      account,
      { chat_id: '19:chat@thread.v2' },
      () => fake.store.teams.push(m(1)),
      () => fake.store.teams.push(m(2, 'systemEventMessage'), m(3)),
    );
    expect(data).toMatchObject({
      chat_id: '19:chat@thread.v2',
      body: { content: 'text 3' },
      from: { user: { displayName: 'Ana' } },
    });
  });

  it('OneDrive: a file added to the root → ONE_DRIVE_FILE_CREATED_TRIGGER; folders are skipped', async () => {
    const account = await connect('one_drive', 'OAUTH2', {
      access_token: APP_TOKENS.graph,
      base_url: `${fake.url}/graph/v1.0`,
    });
    const item = (name: string, folder = false): Row => ({
      id: `ITEM-${name}`,
      name,
      size: 1234,
      createdDateTime: iso(),
      lastModifiedDateTime: iso(),
      webUrl: `https://onedrive.live.com/${name}`,
      createdBy: { user: { id: 'u1', displayName: 'Ana' } },
      parentReference: { driveId: 'd1', id: 'root', path: '/drive/root:' },
      ...(folder ? { folder: { childCount: 0 } } : { file: { mimeType: 'application/pdf' } }),
    });
    const data = await firesOnce(
      'ONE_DRIVE_FILE_CREATED_TRIGGER',
      account,
      {},
      () => fake.store.onedrive.push(item('old.pdf')),
      () => fake.store.onedrive.push(item('New folder', true), item('report.pdf')),
    );
    expect(data).toMatchObject({ id: 'ITEM-report.pdf', name: 'report.pdf', mime_type: 'application/pdf' });
  });
});
