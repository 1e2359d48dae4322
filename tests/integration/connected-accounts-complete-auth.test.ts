import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { cookieOf, followUntil, oauth2Config } from '../helpers/oauth-flow';

// Issue 27 item 2: callback identity verification and POST /connected_accounts/complete_auth (v3.1 surface §2).
const VERIFIER = 'https://verifier.example.test/oauth/verify';
const CALLBACK = 'http://app.example.test/oauth/done';

let s: TestServer;
let p: OAuth2Provider;
let ac: string;
let otherKey: string;

beforeAll(async () => {
  [s, p] = await Promise.all([startServer(), startOAuth2Provider()]);
  ac = await oauth2Config(s, p);
  const other = await s.api(
    'POST',
    '/org/owner/project/new',
    { name: 'other', should_create_api_key: true },
    { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
  );
  otherKey = other.body.api_key;
  const set = await s.api('PATCH', '/org/project/config', { callback_verifier_url: VERIFIER });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body.callback_verifier_url).toBe(VERIFIER);
});
afterAll(async () => {
  await Promise.all([s?.stop(), p?.stop()]);
});

/** Starts an OAuth connection for `user` and follows the browser until it reaches the verifier. */
async function toVerifier(user: string) {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac },
    connection: { user_id: user, callback_url: CALLBACK },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const done = await followUntil(r.body.connectionData.val.redirectUrl, VERIFIER);
  const sessionUri = done.final.searchParams.get('session_uri');
  expect(sessionUri).toMatch(/^session_/);
  // the verifier learns nothing but the reference
  expect([...done.final.searchParams.keys()]).toEqual(['session_uri']);
  return { id: r.body.id as string, sessionUri: sessionUri! };
}

const complete = (body: unknown, key = s.apiKey) =>
  s.api('POST', '/connected_accounts/complete_auth', body, { 'x-api-key': key });

describe('callback identity verification', () => {
  it('holds the connection until the project names its owner, then activates it once', async () => {
    const before = p.tokenRequests.length;
    const { id, sessionUri } = await toVerifier('alice');
    expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('INITIATED');
    // nothing was exchanged yet: the code waits for the verifier
    expect(p.tokenRequests.length).toBe(before);
    const r = await complete({ session_uri: sessionUri, user_id: 'alice' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      connected_account_id: id,
      toolkit_slug: 'github',
      connected_account: { id, user_id: 'alice', status: 'ACTIVE', toolkit: { slug: 'github' } },
    });
    expect(p.tokenRequests.slice(before).map((t) => t.grant_type)).toEqual(['authorization_code']);
    const acc = (await s.api('GET', `/connected_accounts/${id}`)).body;
    expect(acc.status).toBe('ACTIVE');
    // single use
    const again = await complete({ session_uri: sessionUri, user_id: 'alice' });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('auth session not found or expired');
    expect(again.headers.get('x-should-retry')).toBe('false');
  });

  it('fails the connection for good when another user is named, and the reference is used up', async () => {
    const { id, sessionUri } = await toVerifier('bob');
    const r = await complete({ session_uri: sessionUri, user_id: 'mallory' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('identity mismatch');
    const acc = (await s.api('GET', `/connected_accounts/${id}`)).body;
    expect(acc.status).toBe('FAILED');
    expect(acc.status_reason).toBe('IDENTITY_VERIFICATION_FAILED');
    const retry = await complete({ session_uri: sessionUri, user_id: 'bob' });
    expect(retry.status).toBe(404);
    expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('FAILED');
  });

  it("another project's key gets 404 and burns the reference; the connection stays pending", async () => {
    const { id, sessionUri } = await toVerifier('carol');
    const r = await complete({ session_uri: sessionUri, user_id: 'carol' }, otherKey);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe(`Connected account "${id}" not found`);
    const mine = await complete({ session_uri: sessionUri, user_id: 'carol' });
    expect(mine.status).toBe(404);
    expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('INITIATED');
  });

  it('a Connect Link flow goes through the verifier too', async () => {
    const r = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac,
      user_id: 'lena',
      callback_url: CALLBACK,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const token = new URL(r.body.redirect_url).pathname.match(/lt_[A-Za-z0-9]+/)![0];
    const res = await fetch(`${s.url}/api/v3/connect_links/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const done = await followUntil(res.headers.get('location')!, VERIFIER, 10, cookieOf(res));
    const sessionUri = done.final.searchParams.get('session_uri')!;
    expect(sessionUri).toMatch(/^session_/);
    const id = r.body.connected_account_id as string;
    expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('INITIATED');
    const ok = await complete({ session_uri: sessionUri, user_id: 'lena' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.connected_account_id).toBe(id);
    expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('ACTIVE');
  });

  it('a held authorization the provider refuses fails the connection with 404', async () => {
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'erin', callback_url: CALLBACK },
    });
    const got = await p.authorizeOnly(r.body.connectionData.val.redirectUrl);
    const cb = new URL(got.callback);
    cb.searchParams.set('code', 'not-a-code-the-provider-issued');
    cb.searchParams.set('state', got.state);
    const done = await followUntil(cb.toString(), VERIFIER);
    const sessionUri = done.final.searchParams.get('session_uri')!;
    const res = await complete({ session_uri: sessionUri, user_id: 'erin' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('authorization expired, restart the flow');
    expect((await s.api('GET', `/connected_accounts/${r.body.id}`)).body.status).toBe('FAILED');
  });

  it('answers bad input with 4xx envelopes', async () => {
    for (const body of [
      {},
      { session_uri: 'session_x' },
      { session_uri: '', user_id: 'a' },
      { session_uri: 'x', user_id: '  ' },
    ]) {
      const r = await complete(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.request_id).toBeTruthy();
    }
    const unknown = await complete({ session_uri: 'session_neverIssued', user_id: 'a' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('auth session not found or expired');
    expect(
      (await s.api('PATCH', '/org/project/config', { callback_verifier_url: 'ftp://files.example/v' })).status,
    ).toBe(400);
    expect((await s.api('PATCH', '/org/project/config', { callback_verifier_url: 'not a url' })).status).toBe(400);
  });

  it('requires a real user id for OAuth connections while verification is on', async () => {
    for (const user_id of ['default', '  ']) {
      const r = await s.api('POST', '/connected_accounts', { auth_config: { id: ac }, connection: { user_id } });
      expect(r.status, user_id).toBe(400);
      expect(r.body.error.message).toContain('requires callback identity verification');
      const link = await s.api('POST', '/connected_accounts/link', { auth_config_id: ac, user_id });
      expect(link.status, user_id).toBe(400);
    }
    // schemes without a redirect are not affected
    const keyAc = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    const direct = await s.api('POST', '/connected_accounts', {
      auth_config: { id: keyAc.body.auth_config.id },
      connection: { user_id: 'default', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k' } } },
    });
    expect(direct.status, JSON.stringify(direct.body)).toBe(201);
  });

  it('removing the verifier URL turns verification off', async () => {
    const off = await s.api('PATCH', '/org/project/config', { callback_verifier_url: '' });
    expect(off.status).toBe(200);
    expect(off.body.callback_verifier_url).toBeUndefined();
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'dave', callback_url: CALLBACK },
    });
    const done = await followUntil(r.body.connectionData.val.redirectUrl, CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('success');
    expect((await s.api('GET', `/connected_accounts/${r.body.id}`)).body.status).toBe('ACTIVE');
    await s.api('PATCH', '/org/project/config', { callback_verifier_url: VERIFIER });
  });
});
