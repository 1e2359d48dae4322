import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import { type FakeUpstream, startFakeUpstream } from '../helpers/fake-upstream';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// The mapping format's request shapes through the real execute pipeline: a mapped tool called with
// the hosted (flat) arguments must reach a loopback fake of the provider as exactly the request the
// provider documents. One server and one fake for every case.
let s: TestServer;
let fake: FakeUpstream;

beforeAll(async () => {
  [s, fake] = await Promise.all([providerServer(), startFakeUpstream()]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), fake?.close()]);
});

async function oauthAccount(toolkit: string, user: string, val: Record<string, unknown> = {}) {
  await connectToFake(s, {
    toolkit,
    authScheme: 'OAUTH2',
    val: { access_token: `${toolkit}-token`, base_url: fake.url, ...val },
    userId: user,
    credentials: { client_id: 'cid', client_secret: 'csecret' },
  });
}

async function execute(slug: string, user: string, args: Record<string, unknown>) {
  fake.reset();
  const r = await s.api('POST', `/tools/execute/${slug}`, { user_id: user, arguments: args });
  return r;
}

describe('nested request bodies from flat arguments', () => {
  it('Zendesk: the hosted flat ticket arguments become {ticket: {..., comment: {body}}}', async () => {
    await oauthAccount('zendesk', 'fmt-zendesk', { subdomain: 'acme' });
    fake.on('POST', '/tickets', () => ({ status: 201, json: { ticket: { id: 77 } } }));
    const r = await execute('ZENDESK_CREATE_ZENDESK_TICKET', 'fmt-zendesk', {
      subject: 'Printer on fire',
      comment_body: 'Third floor, next to the kitchen.',
      comment_public: false,
      requester_email: 'ada@example.com',
      priority: 'urgent',
      tags: ['hardware'],
      ticket: { brand_id: 5, comment: { author_id: 9 } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ successful: true, error: null, data: { ticket: { id: 77 } } });
    expect(fake.requests).toHaveLength(1);
    const got = fake.requests[0]!;
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/tickets');
    expect(got.headers.authorization).toBe('Bearer zendesk-token');
    expect(got.json).toEqual({
      ticket: {
        brand_id: 5,
        subject: 'Printer on fire',
        comment: { author_id: 9, body: 'Third floor, next to the kitchen.', public: false },
        requester: { email: 'ada@example.com' },
        priority: 'urgent',
        tags: ['hardware'],
      },
    });
  });

  it('Google Photos: title alone builds {album: {title}}', async () => {
    await oauthAccount('googlephotos', 'fmt-photos');
    fake.on('POST', '/v1/albums', () => ({ json: { id: 'AL9', title: 'Trip' } }));
    const r = await execute('GOOGLEPHOTOS_CREATE_ALBUM', 'fmt-photos', { title: 'Trip' });
    expect(r.body).toMatchObject({ successful: true, data: { id: 'AL9' } });
    expect(fake.requests.map((q) => [q.method, q.path, q.json])).toEqual([
      ['POST', '/v1/albums', { album: { title: 'Trip' } }],
    ]);
  });

  it('a wrapper that is not an object is a 400 before any request', async () => {
    const r = await execute('ZENDESK_CREATE_ZENDESK_TICKET', 'fmt-zendesk', { subject: 'x', ticket: 'nope' });
    expect(r.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('path arguments that keep their slashes', () => {
  it('Google Meet: a resource name reaches Google with its slashes; an id alone gets the prefix', async () => {
    await oauthAccount('googlemeet', 'fmt-meet');
    fake.on('GET', '/v2/conferenceRecords/:rec/participants', () => ({ json: { participants: [] } }));
    fake.on('POST', '/v2/spaces/:space', () => ({ json: {} }));
    let r = await execute('GOOGLEMEET_LIST_PARTICIPANTS', 'fmt-meet', {
      conference_record_id: 'conferenceRecords/rec-1',
      page_size: 10,
    });
    expect(r.body).toMatchObject({ successful: true, data: { participants: [] } });
    expect(fake.requests.map((q) => [q.method, q.path, q.query.get('pageSize')])).toEqual([
      ['GET', '/v2/conferenceRecords/rec-1/participants', '10'],
    ]);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer googlemeet-token');

    r = await execute('GOOGLEMEET_END_ACTIVE_CONFERENCE', 'fmt-meet', { space_name: 'abc-defg-hij' });
    expect(r.body).toMatchObject({ successful: true });
    expect(fake.requests.map((q) => [q.method, q.path])).toEqual([
      ['POST', '/v2/spaces/abc-defg-hij:endActiveConference'],
    ]);
  });

  it('a name that climbs out of the path is a 400 and reaches nobody', async () => {
    const r = await execute('GOOGLEMEET_GET_MEET', 'fmt-meet', { space_name: 'spaces/../../admin' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/space_name/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a fixed Basic password after an API key', () => {
  it.each([
    ['freshdesk', 'FRESHDESK_VIEW_TICKET', { ticket_id: 42 }, 'GET', '/tickets/42', 'X'],
    ['bamboohr', 'BAMBOOHR_GET_EMPLOYEE', { id: '7', fields: 'firstName' }, 'GET', '/employees/7', 'x'],
  ] as const)(
    '%s: %s sends the API key as the user name with the documented password',
    async (toolkit, slug, args, method, path, pw) => {
      const user = `fmt-${toolkit}`;
      await connectToFake(s, {
        toolkit,
        authScheme: 'API_KEY',
        val: { api_key: `${toolkit}-key`, subdomain: 'acme', base_url: fake.url },
        userId: user,
      });
      fake.on(method, path, () => ({ json: { id: 1 } }));
      const r = await execute(slug, user, { ...args });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
      expect(fake.requests.map((q) => [q.method, q.path])).toEqual([[method, path]]);
      expect(fake.requests[0]!.headers.authorization).toBe(
        `Basic ${Buffer.from(`${toolkit}-key:${pw}`).toString('base64')}`,
      );
    },
  );
});

describe('connection-field defaults at connect time', () => {
  async function authConfig(toolkit: string, scheme: string, credentials: Record<string, string> = {}) {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: toolkit },
      auth_config: { type: 'use_custom_auth', authScheme: scheme, credentials },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    return ac.body.auth_config.id as string;
  }

  it('PostHog: a key without a region connects to US Cloud; a given region is kept', async () => {
    const id = await authConfig('posthog', 'API_KEY');
    const bare = await s.api('POST', '/connected_accounts', {
      auth_config: { id },
      connection: {
        user_id: 'fmt-posthog',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'phx_key' } },
      },
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    const read = await s.api('GET', `/connected_accounts/${bare.body.id}`);
    expect(read.body.status).toBe('ACTIVE');
    expect(read.body.state.val.subdomain).toBe('us');

    const eu = await s.api('POST', '/connected_accounts', {
      auth_config: { id },
      connection: {
        user_id: 'fmt-posthog-eu',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'phx_key', subdomain: 'eu' } },
      },
    });
    expect(eu.status).toBe(201);
    expect((await s.api('GET', `/connected_accounts/${eu.body.id}`)).body.state.val.subdomain).toBe('eu');
  });

  it('Wrike: an OAuth connection started without a data center keeps www for its calls', async () => {
    const id = await authConfig('wrike', 'OAUTH2', { client_id: 'wrike-client', client_secret: 'wrike-secret' });
    const created = await s.api('POST', '/connected_accounts', {
      auth_config: { id },
      connection: { user_id: 'fmt-wrike', callback_url: 'https://app.example/done' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(new URL(created.body.connectionData.val.redirectUrl as string).host).toBe('login.wrike.com');
    const read = await s.api('GET', `/connected_accounts/${created.body.id}`);
    expect(read.body.state.val.datacenter).toBe('www');
  });
});

describe('data-residency hosts a connection may name', () => {
  it('Mixpanel: only the listed hosts connect; the US ones are the defaults', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'mixpanel' },
      auth_config: { type: 'use_custom_auth', authScheme: 'BASIC', credentials: {} },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const connect = (user: string, extra: Record<string, string>) =>
      s.api('POST', '/connected_accounts', {
        auth_config: { id: ac.body.auth_config.id },
        connection: {
          user_id: user,
          state: { authScheme: 'BASIC', val: { status: 'ACTIVE', username: 'sa', password: 'pw', ...extra } },
        },
      });
    const evil = await connect('fmt-mp-evil', { ingestion_host: 'collector.evil.example' });
    expect(evil.status).toBe(400);
    expect(JSON.stringify(evil.body)).toMatch(/ingestion_host must be one of api.mixpanel.com, api-eu.mixpanel.com/);

    const eu = await connect('fmt-mp-eu', { api_host: 'eu.mixpanel.com', ingestion_host: 'api-eu.mixpanel.com' });
    expect(eu.status, JSON.stringify(eu.body)).toBe(201);
    const euVal = (await s.api('GET', `/connected_accounts/${eu.body.id}`)).body.state.val;
    expect([euVal.api_host, euVal.ingestion_host]).toEqual(['eu.mixpanel.com', 'api-eu.mixpanel.com']);

    const us = await connect('fmt-mp-us', {});
    expect(us.status).toBe(201);
    const usVal = (await s.api('GET', `/connected_accounts/${us.body.id}`)).body.state.val;
    expect([usVal.api_host, usVal.ingestion_host]).toEqual(['mixpanel.com', 'api.mixpanel.com']);
  });
});
