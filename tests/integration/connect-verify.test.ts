import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Verification at connect (issue 26 item 5): a typed credential is tried against the toolkit's
// verification endpoint (ElevenLabs: GET /v1/user with xi-api-key) on a loopback fake that accepts
// one key and refuses another, through POST /connected_accounts and the Connect page's form.
const GOOD = 'xi-good-key';
let s: TestServer;
let eleven: FakeUpstream;
let closedPort: number;

beforeAll(async () => {
  [s, eleven] = await Promise.all([startServer(), startFakeUpstream()]);
  eleven.on('GET', '/v1/user', (req) =>
    req.headers['xi-api-key'] === GOOD
      ? { json: { user_id: 'u1', subscription: { tier: 'free' } } }
      : { status: 401, json: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } },
  );
  eleven.on('GET', '/user', (req) =>
    // the GitHub current-user path: refuses every token, so an OAuth import shows it is not checked
    ({ status: 401, json: { message: 'Bad credentials', saw: String(req.headers.authorization ?? '') } }),
  );
  // a port that was free a moment ago: nothing listens there
  closedPort = await new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), eleven?.close()]);
});

async function apiKeyConfig() {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'elevenlabs' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  return ac.body.auth_config.id as string;
}

const connect = (authConfigId: string, userId: string, val: Record<string, unknown>) =>
  s.api('POST', '/connected_accounts', {
    auth_config: { id: authConfigId },
    connection: { user_id: userId, state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', ...val } } },
  });

const verifyCalls = () => eleven.requests.filter((r) => r.path === '/v1/user');

describe('verification at connect', () => {
  it('GET /toolkits/elevenlabs declares the verification request as the current-user endpoint', async () => {
    const tk = await s.api('GET', '/toolkits/elevenlabs');
    expect(tk.status).toBe(200);
    expect(JSON.stringify(tk.body)).toContain('/v1/user');
  });

  it('POST /connected_accounts: the accepted key is ACTIVE and the account exposes test_request_endpoint', async () => {
    const ac = await apiKeyConfig();
    const before = verifyCalls().length;
    const r = await connect(ac, 'good-user', { api_key: GOOD, base_url: eleven.url });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(verifyCalls().length).toBe(before + 1);
    expect(verifyCalls().at(-1)!.headers['xi-api-key']).toBe(GOOD);
    const acc = await s.api('GET', `/connected_accounts/${r.body.id}`);
    expect(acc.body.status).toBe('ACTIVE');
    expect(acc.body.test_request_endpoint).toBe('/v1/user');
  });

  it('POST /connected_accounts: a key the provider refuses (401) is a 400 and no account is stored', async () => {
    const ac = await apiKeyConfig();
    const r = await connect(ac, 'bad-user', { api_key: 'xi-wrong-key', base_url: eleven.url });
    expect(r.status).toBe(400);
    expect(r.body.error.slug).toBe('ConnectedAccount_CredentialRejected');
    expect(r.body.error.message).toContain('ElevenLabs refused the credential');
    expect(JSON.stringify(r.body)).not.toContain('xi-wrong-key');
    const list = await s.api('GET', '/connected_accounts?user_ids=bad-user');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(0);
  });

  it('an unreachable provider does not block the connection', async () => {
    const ac = await apiKeyConfig();
    const r = await connect(ac, 'offline-user', { api_key: 'xi-any', base_url: `http://127.0.0.1:${closedPort}` });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await s.api('GET', `/connected_accounts/${r.body.id}`)).body.status).toBe('ACTIVE');
  });

  it('OAuth connections are not verified (an imported token is stored even where the endpoint refuses it)', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'cid', client_secret: 'csecret' },
      },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const before = eleven.requests.filter((q) => q.path === '/user').length;
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'oauth-user',
        state: { authScheme: 'OAUTH2', val: { status: 'ACTIVE', access_token: 'gho_x', base_url: eleven.url } },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(eleven.requests.filter((q) => q.path === '/user').length).toBe(before);
  });

  it('Connect page: a refused key returns to the form with a friendly message and leaves the link usable', async () => {
    const ac = await apiKeyConfig();
    const link = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac,
      user_id: 'page-user',
      connection_data: { base_url: eleven.url },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const token = link.body.link_token as string;
    const submit = (api_key: string) =>
      fetch(`${s.apiUrl}/connect_links/${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_key }).toString(),
        redirect: 'manual',
      });
    const bad = await submit('xi-typo');
    expect(bad.status).toBe(303);
    const location = decodeURIComponent(bad.headers.get('location')!);
    expect(location).toContain('ElevenLabs refused the credential');
    const page = await (await fetch(new URL(bad.headers.get('location')!, s.url))).text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('refused the credential');
    expect((await s.api('GET', `/connected_accounts/${link.body.connected_account_id}`)).body.status).toBe(
      'INITIALIZING',
    );
    const ok = await submit(GOOD);
    expect(ok.status).toBe(200);
    const acc = await s.api('GET', `/connected_accounts/${link.body.connected_account_id}`);
    expect(acc.body.status).toBe('ACTIVE');
    expect(acc.body.test_request_endpoint).toBe('/v1/user');
  });
});
