import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { composioFor, SDKS } from '../helpers/sdks';

/**
 * Server-to-server auth against loopback stand-ins: Zoom's Server-to-Server OAuth app
 * (grant_type=account_credentials, HTTP Basic client authentication) and Google's token endpoint
 * for service-account keys (RFC 7523 JWT bearer: the assertion's RS256 signature is checked with the
 * key's public half, and its claims). The first token is fetched at connect (a wrong secret or key is
 * a 400 there), renewed before it expires, and tool calls carry it as the bearer.
 */

const ZOOM_ID = 'zoom-client';
const ZOOM_SECRET = 'zoom-secret-value';
const ZOOM_ACCOUNT = 'acct-42';
const SA_EMAIL = 'robot@junction-test.iam.gserviceaccount.com';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

interface Fake {
  url: string;
  /** lifetime the next tokens get */
  expiresIn: number;
  zoomTokens: Record<string, string>[];
  googleTokens: { form: Record<string, string>; header: Record<string, unknown>; claims: Record<string, unknown> }[];
  calls: { path: string; authorization?: string }[];
  stop(): Promise<void>;
}

const b64json = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Record<string, unknown>;

async function startFake(publicKey: KeyObject): Promise<Fake> {
  let issued = 0;
  const fake = { expiresIn: 3600, zoomTokens: [], googleTokens: [], calls: [] } as unknown as Fake;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => {
      raw += d;
    });
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '').split('?')[0]!;
      const form = Object.fromEntries(new URLSearchParams(raw));
      if (req.method === 'POST' && path === '/zoom/oauth/token') {
        fake.zoomTokens.push({ ...form, authorization: req.headers.authorization ?? '' });
        const basic = `Basic ${Buffer.from(`${ZOOM_ID}:${ZOOM_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== basic)
          return json(401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
        if (form.grant_type !== 'account_credentials' || form.account_id !== ZOOM_ACCOUNT)
          return json(400, { error: 'unsupported_grant_type' });
        return json(200, {
          access_token: `zs2s-${++issued}`,
          token_type: 'bearer',
          expires_in: fake.expiresIn,
          scope: 'meeting:read:admin',
        });
      }
      if (req.method === 'POST' && path === '/google/token') {
        const [h, c, sig] = (form.assertion ?? '').split('.');
        const header = b64json(h ?? 'e30');
        const claims = b64json(c ?? 'e30');
        fake.googleTokens.push({ form, header, claims });
        const valid =
          header.alg === 'RS256' &&
          verify('RSA-SHA256', Buffer.from(`${h}.${c}`), publicKey, Buffer.from(sig ?? '', 'base64url'));
        if (form.grant_type !== JWT_BEARER || !valid)
          return json(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        return json(200, { access_token: `gsa-${++issued}`, token_type: 'Bearer', expires_in: fake.expiresIn });
      }
      fake.calls.push({ path, authorization: req.headers.authorization });
      if (path.startsWith('/v2/meetings/')) return json(200, { id: Number(path.split('/').at(-1)), topic: 'Standup' });
      if (path === '/drive/v3/about') return json(200, { user: { emailAddress: SA_EMAIL } });
      json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}

let s: TestServer;
let fake: Fake;
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
beforeAll(async () => {
  fake = await startFake(keys.publicKey);
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
  await fake?.stop();
});

async function authConfig(toolkit: string, authScheme: string, credentials: Record<string, unknown>) {
  const r = await s.api('POST', '/auth_configs', {
    toolkit: { slug: toolkit },
    auth_config: { type: 'use_custom_auth', authScheme, credentials },
  });
  expect(r.status).toBe(201);
  return r.body.auth_config.id as string;
}

const execute = (slug: string, accountId: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: accountId, arguments: args });

describe('S2S_OAUTH2 (Zoom Server-to-Server OAuth)', () => {
  it('is offered on GET /toolkits/zoom with the client id, secret and account id to give', async () => {
    const r = await s.api('GET', '/toolkits/zoom');
    const s2s = r.body.auth_config_details.find((d: { mode: string }) => d.mode === 'S2S_OAUTH2');
    expect(s2s.fields.connected_account_initiation.required.map((f: { name: string }) => f.name)).toEqual([
      'client_id',
      'client_secret',
      'account_id',
    ]);
  });

  it('a wrong secret is a 400 at connect; the right one connects, masked, and a tool call carries the bearer', async () => {
    const ac = await authConfig('zoom', 'S2S_OAUTH2', {
      token_url: `${fake.url}/zoom/oauth/token`,
      base_url: `${fake.url}/v2`,
    });
    const connect = (secret: string) =>
      s.api('POST', '/connected_accounts', {
        auth_config: { id: ac },
        connection: {
          user_id: 'ops',
          state: {
            authScheme: 'S2S_OAUTH2',
            val: { status: 'ACTIVE', client_id: ZOOM_ID, client_secret: secret, account_id: ZOOM_ACCOUNT },
          },
        },
      });
    const wrong = await connect('not-the-secret');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.slug).toBe('ConnectedAccount_CredentialRejected');
    expect(fake.zoomTokens.at(-1)).toMatchObject({ grant_type: 'account_credentials', account_id: ZOOM_ACCOUNT });

    fake.expiresIn = 60; // inside the refresh margin: the next use renews it
    const ok = await connect(ZOOM_SECRET);
    fake.expiresIn = 3600;
    expect(ok.status).toBe(201);
    expect(ok.body.connectionData.val).toMatchObject({
      status: 'ACTIVE',
      client_id: ZOOM_ID,
      account_id: ZOOM_ACCOUNT,
    });
    expect(ok.body.connectionData.val.client_secret).toBe('zoom...');
    expect(ok.body.connectionData.val.access_token).toMatch(/^zs2s\.\.\.$/);
    const read = await s.api('GET', `/connected_accounts/${ok.body.id}`);
    expect(read.body.status).toBe('ACTIVE');
    expect(read.body.state.val.client_secret).toBe('zoom...');

    // the stored token expires within the margin: the call renews it first and carries the new one
    const tokensBefore = fake.zoomTokens.length;
    const first = await execute('ZOOM_GET_A_MEETING', ok.body.id, { meetingId: '85746065432' });
    expect(first.body.successful).toBe(true);
    expect(fake.zoomTokens.length).toBe(tokensBefore + 1);
    const renewed = fake.calls.at(-1)!;
    expect(renewed).toMatchObject({
      path: '/v2/meetings/85746065432',
      authorization: expect.stringMatching(/^Bearer zs2s-\d+$/),
    });

    // now good for an hour: no new token request
    const second = await execute('ZOOM_GET_A_MEETING', ok.body.id, { meetingId: '85746065432' });
    expect(second.body.successful).toBe(true);
    expect(fake.zoomTokens.length).toBe(tokensBefore + 1);
    expect(fake.calls.at(-1)!.authorization).toBe(renewed.authorization);
  });
  it('through a Connect Link: a wrong secret sends the user back to the form (link still usable), the right one connects with a token', async () => {
    const ac = await authConfig('zoom', 'S2S_OAUTH2', {
      token_url: `${fake.url}/zoom/oauth/token`,
      base_url: `${fake.url}/v2`,
    });
    const link = await s.api('POST', '/connected_accounts/link', { auth_config_id: ac, user_id: 'page-ops' });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const submit = (client_secret: string) =>
      fetch(`${s.apiUrl}/connect_links/${encodeURIComponent(link.body.link_token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: ZOOM_ID, client_secret, account_id: ZOOM_ACCOUNT }).toString(),
        redirect: 'manual',
      });
    const bad = await submit('typo');
    expect(bad.status).toBe(303);
    expect(decodeURIComponent(bad.headers.get('location')!)).toContain('refused the client id and secret');
    const id = link.body.connected_account_id as string;
    expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('INITIALIZING');
    const ok = await submit(ZOOM_SECRET);
    expect(ok.status).toBe(200); // no callback_url: the page says "connected"
    const acc = (await s.api('GET', `/connected_accounts/${id}`)).body;
    expect(acc.status).toBe('ACTIVE');
    expect(acc.state.val).toMatchObject({ client_id: ZOOM_ID, account_id: ZOOM_ACCOUNT, access_token: 'zs2s...' });
    const r = await execute('ZOOM_GET_A_MEETING', id, { meetingId: '1' });
    expect(r.body.successful).toBe(true);
    expect(fake.calls.at(-1)!.authorization).toMatch(/^Bearer zs2s-\d+$/);
  });
});

describe('GOOGLE_SERVICE_ACCOUNT', () => {
  const key = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      type: 'service_account',
      project_id: 'junction-test',
      private_key_id: 'kid-1',
      private_key: pem,
      client_email: SA_EMAIL,
      token_uri: `${fake.url}/google/token`,
      ...extra,
    });

  it('signs an RS256 assertion with the key, trades it at the token endpoint, and Drive calls carry the token', async () => {
    const tk = await s.api('GET', '/toolkits/googledrive');
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode)).toContain('GOOGLE_SERVICE_ACCOUNT');
    const ac = await authConfig('googledrive', 'GOOGLE_SERVICE_ACCOUNT', {
      token_url: `${fake.url}/google/token`,
      base_url: `${fake.url}/drive/v3`,
    });
    const created = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: {
        user_id: 'robot',
        state: {
          authScheme: 'GOOGLE_SERVICE_ACCOUNT',
          val: { status: 'ACTIVE', credentials_json: key(), subject: 'ann@example.com' },
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.connectionData.val.status).toBe('ACTIVE');
    expect(created.body.connectionData.val.credentials_json).toMatch(/^\{"ty\.\.\.$/);
    const grant = fake.googleTokens.at(-1)!;
    expect(grant.form.grant_type).toBe(JWT_BEARER);
    expect(grant.header).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: 'kid-1' });
    const c = grant.claims as Record<string, number | string>;
    expect(c).toMatchObject({
      iss: SA_EMAIL,
      sub: 'ann@example.com',
      aud: `${fake.url}/google/token`,
      scope: 'https://www.googleapis.com/auth/drive',
    });
    expect(Number(c.exp) - Number(c.iat)).toBe(3600);
    expect(Math.abs(Number(c.iat) - Date.now() / 1000)).toBeLessThan(60);

    const r = await execute('GOOGLEDRIVE_ABOUT_GET', created.body.id, {});
    expect(r.body.successful).toBe(true);
    expect(fake.calls.at(-1)).toMatchObject({
      path: '/drive/v3/about',
      authorization: expect.stringMatching(/^Bearer gsa-\d+$/),
    });

    // forced renewal (as after a 401) signs a fresh assertion
    const n = fake.googleTokens.length;
    const forced = await s.api('POST', `/connected_accounts/${created.body.id}/token_refresh`, { force: true });
    expect(forced.body.refreshed).toBe(true);
    expect(fake.googleTokens.length).toBe(n + 1);
  });

  it('refuses a key signed by another private key (400), a malformed key (400) and a key naming a foreign token host (400)', async () => {
    const withOverride = await authConfig('googlebigquery', 'GOOGLE_SERVICE_ACCOUNT', {
      token_url: `${fake.url}/google/token`,
    });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const connect = (acId: string, credentials_json: string) =>
      s.api('POST', '/connected_accounts', {
        auth_config: { id: acId },
        connection: {
          user_id: 'robot',
          state: { authScheme: 'GOOGLE_SERVICE_ACCOUNT', val: { status: 'ACTIVE', credentials_json } },
        },
      });
    const wrongKey = await connect(withOverride, key({ private_key: other.toString() }));
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.error.slug).toBe('ConnectedAccount_CredentialRejected');
    expect(fake.googleTokens.at(-1)!.claims.scope).toBe(
      'https://www.googleapis.com/auth/bigquery https://www.googleapis.com/auth/cloud-platform',
    );

    const malformed = await connect(withOverride, '{"type":"service_account","client_email":"x@y"}');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toContain('private_key');

    // without an auth-config override, only Google's token endpoint may receive the assertion
    const plain = await authConfig('googlebigquery', 'GOOGLE_SERVICE_ACCOUNT', {});
    const before = fake.googleTokens.length;
    const foreign = await connect(plain, key());
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toContain('token_uri');
    expect(fake.googleTokens.length).toBe(before);
  });
});

describe.each(SDKS)('@composio/core $version: server-to-server connections', (v) => {
  it('initiate with a service-account key (AuthScheme.GoogleServiceAccount) and with S2S credentials: ACTIVE at once, tools run', async () => {
    const sdk = composioFor(v, s);
    const gsa = await authConfig('googledrive', 'GOOGLE_SERVICE_ACCOUNT', {
      token_url: `${fake.url}/google/token`,
      base_url: `${fake.url}/drive/v3`,
    });
    const key = JSON.stringify({ type: 'service_account', private_key: pem, client_email: SA_EMAIL });
    const req = await sdk.connectedAccounts.initiate(`sdk-robot-${v.version}`, gsa, {
      config: v.mod.AuthScheme.GoogleServiceAccount({ credentials_json: key }),
    });
    expect(req.status).toBe('ACTIVE');
    const acc = await sdk.connectedAccounts.get(req.id);
    expect(acc.status).toBe('ACTIVE');
    expect(acc.state.authScheme).toBe('GOOGLE_SERVICE_ACCOUNT');
    const out = await sdk.tools.execute('GOOGLEDRIVE_ABOUT_GET', {
      userId: `sdk-robot-${v.version}`,
      connectedAccountId: req.id,
      arguments: {},
      dangerouslySkipVersionCheck: true,
    });
    expect(out.successful).toBe(true);
    expect(fake.calls.at(-1)!.authorization).toMatch(/^Bearer gsa-\d+$/);

    const zoom = await authConfig('zoom', 'S2S_OAUTH2', {
      token_url: `${fake.url}/zoom/oauth/token`,
      base_url: `${fake.url}/v2`,
    });
    const s2s = await sdk.connectedAccounts.initiate(`sdk-ops-${v.version}`, zoom, {
      config: {
        authScheme: 'S2S_OAUTH2',
        val: { status: 'ACTIVE', client_id: ZOOM_ID, client_secret: ZOOM_SECRET, account_id: ZOOM_ACCOUNT },
      },
    });
    expect(s2s.status).toBe('ACTIVE');
    expect((await sdk.connectedAccounts.get(s2s.id)).state.val.access_token).toBe('zs2s...');
  });
});
