import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { optOutOfMasking } from '../helpers/unmasked';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { followUntil, oauth2Config, sqlDirect } from '../helpers/oauth-flow';

const CALLBACK = 'http://app.example.test/oauth/done';

let s: TestServer;
let p: OAuth2Provider;
beforeAll(async () => {
  p = await startOAuth2Provider();
  s = await startServer();
  // these suites check the stored credentials themselves, so they read them in clear
  await optOutOfMasking(s);
});
afterAll(async () => {
  await s?.stop();
  await p?.stop();
});

async function initiate(acId: string, user = 'u1') {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: acId },
    connection: { user_id: user, callback_url: CALLBACK },
  });
  expect(r.status).toBe(201);
  return r.body as {
    id: string;
    connectionData: { authScheme: string; val: Record<string, any> };
    redirect_url: string;
    status: string;
  };
}

describe('OAuth2 authorization code with PKCE', () => {
  it('success: INITIATED with redirectUrl → provider → callback → ACTIVE, then the callback_url', async () => {
    const ac = await oauth2Config(s, p);
    const created = await initiate(ac);
    expect(created.status).toBe('INITIATED');
    expect(created.connectionData).toMatchObject({
      authScheme: 'OAUTH2',
      val: { status: 'INITIATED', redirectUrl: expect.any(String), callback_url: CALLBACK },
    });
    const auth = new URL(created.connectionData.val.redirectUrl);
    expect(`${auth.origin}${auth.pathname}`).toBe(p.authorizeUrl);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.searchParams.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
    expect(auth.searchParams.get('scope')).toBe('repo user');

    const before = p.tokenRequests.length;
    const done = await followUntil(created.connectionData.val.redirectUrl, CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('success');
    expect(done.final.searchParams.get('connected_account_id')).toBe(created.id);
    expect(p.tokenRequests.slice(before).map((t) => t.grant_type)).toEqual(['authorization_code']);

    const acc = (await s.api('GET', `/connected_accounts/${created.id}`)).body;
    expect(acc.status).toBe('ACTIVE');
    expect(acc.status_reason).toBeNull();
    expect(acc.state.val).toMatchObject({
      status: 'ACTIVE',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 3600,
      id_token: expect.any(String),
    });
    expect(acc.state.val.redirectUrl).toBeUndefined();
  });

  it('user denies: FAILED with the provider error kept', async () => {
    const ac = await oauth2Config(s, p);
    const created = await initiate(ac);
    p.deny = true;
    try {
      const done = await followUntil(created.connectionData.val.redirectUrl, CALLBACK);
      expect(done.final.searchParams.get('status')).toBe('failed');
      expect(done.final.searchParams.get('error')).toBe('access_denied');
    } finally {
      p.deny = false;
    }
    const acc = (await s.api('GET', `/connected_accounts/${created.id}`)).body;
    expect(acc.status).toBe('FAILED');
    expect(acc.status_reason).toBe('OAuth callback failed during token exchange');
    expect(acc.state.val).toMatchObject({
      status: 'FAILED',
      error: 'access_denied',
      error_description: 'The user denied the request',
    });
  });

  it('bad code: the provider refuses it → FAILED, the provider error in val.error', async () => {
    const ac = await oauth2Config(s, p);
    const created = await initiate(ac);
    const got = await p.authorizeOnly(created.connectionData.val.redirectUrl);
    const cb = new URL(got.callback);
    cb.searchParams.set('code', 'not-a-code-the-provider-issued');
    cb.searchParams.set('state', got.state);
    const done = await followUntil(cb.toString(), CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('failed');
    const acc = (await s.api('GET', `/connected_accounts/${created.id}`)).body;
    expect(acc.status).toBe('FAILED');
    expect(acc.status_reason).toBe('OAuth callback failed during token exchange');
    // the mock checks PKCE first (no challenge for an unknown code: invalid_request); either way the provider refused
    expect(acc.state.val.error).toMatch(/^invalid_(grant|request)$/);
  });

  it('PKCE mismatch: a code issued for another flow is refused by the provider', async () => {
    const ac = await oauth2Config(s, p);
    const a = await initiate(ac, 'victim');
    const b = await initiate(ac, 'attacker');
    const codeForA = await p.authorizeOnly(a.connectionData.val.redirectUrl);
    const forB = await p.authorizeOnly(b.connectionData.val.redirectUrl);
    // inject A's code into B's callback: B's verifier does not match A's challenge
    const cb = new URL(forB.callback);
    cb.searchParams.set('code', codeForA.code);
    cb.searchParams.set('state', forB.state);
    const done = await followUntil(cb.toString(), CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('failed');
    const acc = (await s.api('GET', `/connected_accounts/${b.id}`)).body;
    expect(acc.status).toBe('FAILED');
    expect(acc.state.val.error).toBe('invalid_request');
    expect(String(acc.state.val.error_description)).toContain('code_verifier');
  });

  it('replayed state: the second callback is refused and changes nothing', async () => {
    const ac = await oauth2Config(s, p);
    const created = await initiate(ac);
    const got = await p.authorizeOnly(created.connectionData.val.redirectUrl);
    const cb = new URL(got.callback);
    cb.searchParams.set('code', got.code);
    cb.searchParams.set('state', got.state);
    const first = await followUntil(cb.toString(), CALLBACK);
    expect(first.final.searchParams.get('status')).toBe('success');
    const tokenBefore = (await s.api('GET', `/connected_accounts/${created.id}`)).body.state.val.access_token;
    const replay = await fetch(cb.toString(), { redirect: 'manual' });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('already used');
    const acc = (await s.api('GET', `/connected_accounts/${created.id}`)).body;
    expect(acc.status).toBe('ACTIVE');
    expect(acc.state.val.access_token).toBe(tokenBefore);
  });

  it('state and PKCE verifier are stored hashed / encrypted, never in clear', async () => {
    const ac = await oauth2Config(s, p);
    const created = await initiate(ac);
    const state = new URL(created.connectionData.val.redirectUrl).searchParams.get('state')!;
    if (!s.databaseUrl) await s.stop();
    try {
      const rows = await sqlDirect(
        s,
        'select row_to_json(f)::text as t from oauth_flows f where connected_account_id = $1',
        [created.id],
      );
      expect(rows).toHaveLength(1);
      expect(String(rows[0]!.t)).not.toContain(state);
      expect(String(rows[0]!.t)).toMatch(/"secret_enc":"v1\.[0-9a-f]{8}\./);
    } finally {
      if (!s.databaseUrl) s = await s.restart();
    }
  }, 240_000);
});
