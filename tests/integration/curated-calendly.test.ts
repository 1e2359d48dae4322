import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Calendly tools (lib/catalog/curated/calendly.ts) through the real execute pipeline, with a
// personal access token, against a loopback api.calendly.com that checks what it receives.
const PAT = 'eyJcalendly.pat';
const USER = 'https://api.calendly.com/users/AAAAAAAA';
let s: TestServer;
let cal: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, cal] = await Promise.all([providerServer(), startFakeUpstream()]);
  const authed =
    (
      h: (
        req: { json?: unknown; query: URLSearchParams },
        p: Record<string, string>,
      ) => { status?: number; json?: unknown },
    ) =>
    (req: { headers: Record<string, unknown>; json?: unknown; query: URLSearchParams }, p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${PAT}`
        ? h(req, p)
        : { status: 401, json: { title: 'Unauthenticated', message: 'The access token is invalid' } };
  cal.on(
    'GET',
    '/scheduled_events',
    authed((req) => ({
      json: {
        collection: [
          {
            uri: 'https://api.calendly.com/scheduled_events/EV1',
            name: 'Intro call',
            start_time: '2025-03-10T14:00:00.000000Z',
            user: req.query.get('user'),
          },
        ],
        pagination: { count: 1, next_page_token: null },
      },
    })),
  );
  cal.on(
    'POST',
    '/scheduled_events/:uuid/cancellation',
    authed((req, p) => ({
      status: 201,
      json: { resource: { canceled_by: 'Ana', reason: (req.json as { reason: string }).reason, event: p.uuid } },
    })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'calendly',
      authScheme: 'API_KEY',
      val: { api_key: PAT, base_url: cal.url },
      userId: 'cal-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), cal?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Calendly curated tools', () => {
  it('CALENDLY_LIST_EVENTS filters by user URI, status and window, with the token', async () => {
    cal.reset();
    const r = await exec('CALENDLY_LIST_EVENTS', {
      user: USER,
      status: 'active',
      min_start_time: '2025-03-01T00:00:00Z',
      count: 5,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { collection: [{ name: 'Intro call', user: USER }] },
    });
    const req = cal.last()!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/scheduled_events');
    expect(req.headers.authorization).toBe(`Bearer ${PAT}`);
    expect(Object.fromEntries(req.query)).toEqual({
      user: USER,
      status: 'active',
      min_start_time: '2025-03-01T00:00:00Z',
      count: '5',
    });
  });

  it("CALENDLY_CANCEL_SCHEDULED_EVENT posts the reason to the event's cancellation", async () => {
    cal.reset();
    const r = await exec('CALENDLY_CANCEL_SCHEDULED_EVENT', { uuid: 'EV1', reason: 'Sick today' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { resource: { reason: 'Sick today', event: 'EV1' } },
    });
    expect(cal.last()!.path).toBe('/scheduled_events/EV1/cancellation');
    expect(cal.last()!.json).toEqual({ reason: 'Sick today' });
  });

  it("GET /toolkits/calendly lists OAuth2 and the personal access token; the authorize URL is Calendly's", async () => {
    const tk = await s.api('GET', '/toolkits/calendly');
    expect(tk.status).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode).sort()).toEqual(['API_KEY', 'OAUTH2']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'calendly' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'cal-client', client_secret: 'x' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://auth.calendly.com/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('cal-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});
