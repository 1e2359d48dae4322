import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { optOutOfMasking } from '../helpers/unmasked';
import {
  startOAuth1Provider,
  startOAuth2Provider,
  type OAuth1Provider,
  type OAuth2Provider,
} from '../helpers/oauth-provider';
import { connectOAuth2, followUntil, oauth2Config } from '../helpers/oauth-flow';

const CALLBACK = 'http://app.example.test/back';

let s: TestServer;
let p: OAuth2Provider;
let p1: OAuth1Provider;
beforeAll(async () => {
  [p, p1] = await Promise.all([startOAuth2Provider(), startOAuth1Provider()]);
  s = await startServer();
  // these suites check the stored credentials themselves, so they read them in clear
  await optOutOfMasking(s);
});
afterAll(async () => {
  await s?.stop();
  await p?.stop();
  await p1?.stop();
});

const account = async (id: string) => (await s.api('GET', `/connected_accounts/${id}`)).body;

describe('OAuth 1.0a three-legged', () => {
  it('request token → authorize → access token, signatures verified by the provider', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'trello' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH1',
        credentials: {
          client_id: p1.consumerKey,
          client_secret: p1.consumerSecret,
          request_token_url: p1.requestTokenUrl,
          authorization_url: p1.authorizeUrl,
          access_token_url: p1.accessTokenUrl,
        },
      },
    });
    expect(ac.status).toBe(201);
    const created = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'o1', callback_url: CALLBACK },
    });
    expect(created.status).toBe(201);
    const val = created.body.connectionData.val;
    expect(created.body.connectionData.authScheme).toBe('OAUTH1');
    expect(val).toMatchObject({
      status: 'INITIATED',
      authUri: expect.stringContaining(p1.authorizeUrl),
      oauth_token: expect.stringMatching(/^rt_/),
      oauth_token_secret: expect.stringMatching(/^rts_/),
      redirectUrl: expect.any(String),
      callbackUrl: CALLBACK,
    });
    expect(val.redirectUrl).toBe(val.authUri);

    const done = await followUntil(val.redirectUrl, CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('success');
    expect(p1.badSignatures).toBe(0);
    const acc = await account(created.body.id);
    expect(acc.status).toBe('ACTIVE');
    expect(acc.state.val).toMatchObject({
      status: 'ACTIVE',
      oauth_token: expect.stringMatching(/^at_/),
      oauth_token_secret: expect.stringMatching(/^ats_/),
      consumer_key: p1.consumerKey,
    });
    expect(p1.accessTokens.get(acc.state.val.oauth_token)).toBe(acc.state.val.oauth_token_secret);

    // the request token is single use
    const replay = await fetch(
      `${s.url}/api/v3/toolkits/auth/callback?oauth_token=${val.oauth_token}&oauth_verifier=x`,
      { redirect: 'manual' },
    );
    expect(replay.status).toBe(400);
  });

  it('a wrong consumer secret is refused by the provider at the request-token step', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'trello' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH1',
        credentials: {
          client_id: p1.consumerKey,
          client_secret: 'wrong',
          request_token_url: p1.requestTokenUrl,
          authorization_url: p1.authorizeUrl,
          access_token_url: p1.accessTokenUrl,
        },
      },
    });
    const bad = p1.badSignatures;
    const created = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'o2' },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.slug).toBe('ConnectedAccount_ProviderError');
    expect(p1.badSignatures).toBe(bad + 1);
  });
});

describe('re-authorisation (POST /connected_accounts/{id}/refresh)', () => {
  it('an ACTIVE account keeps working while the user re-authorises, and takes the new tokens after', async () => {
    const ac = await oauth2Config(s, p);
    const id = await connectOAuth2(s, ac);
    const before = (await account(id)).state.val;
    const r = await s.api('POST', `/connected_accounts/${id}/refresh?redirect_url=${encodeURIComponent(CALLBACK)}`, {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, status: 'ACTIVE', redirect_url: expect.stringContaining(p.authorizeUrl) });
    // abandoned: nothing changes
    const mid = await account(id);
    expect(mid.status).toBe('ACTIVE');
    expect(mid.state.val.access_token).toBe(before.access_token);
    // completed: new tokens, still ACTIVE, back to the given redirect_url
    const done = await followUntil(r.body.redirect_url, CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('success');
    const after = await account(id);
    expect(after.status).toBe('ACTIVE');
    expect(after.state.val.access_token).not.toBe(before.access_token);
  });

  it('a denied re-authorisation leaves the ACTIVE account as it was', async () => {
    const ac = await oauth2Config(s, p);
    const id = await connectOAuth2(s, ac);
    const before = (await account(id)).state.val.access_token;
    const r = await s.api('POST', `/connected_accounts/${id}/refresh`, {});
    p.deny = true;
    try {
      const res = await fetch(r.body.redirect_url, { redirect: 'manual' });
      const cb = await fetch(res.headers.get('location')!, { redirect: 'manual' });
      expect(cb.status).toBe(302);
    } finally {
      p.deny = false;
    }
    const acc = await account(id);
    expect(acc.status).toBe('ACTIVE');
    expect(acc.state.val.access_token).toBe(before);
  });

  it('an EXPIRED account moves to INITIATED with a redirectUrl and becomes ACTIVE after consent', async () => {
    const ac = await oauth2Config(s, p);
    const id = await connectOAuth2(s, ac);
    p.refreshFailure = 'invalid_grant';
    try {
      await s.api('POST', `/connected_accounts/${id}/token_refresh`, { force: true });
    } finally {
      p.refreshFailure = null;
    }
    expect((await account(id)).status).toBe('EXPIRED');
    const r = await s.api('POST', `/connected_accounts/${id}/refresh?redirect_url=${encodeURIComponent(CALLBACK)}`, {});
    expect(r.body).toMatchObject({ id, status: 'INITIATED', redirect_url: expect.any(String) });
    const mid = await account(id);
    expect(mid.state.val).toMatchObject({ status: 'INITIATED', redirectUrl: r.body.redirect_url });
    await followUntil(r.body.redirect_url, CALLBACK);
    const acc = await account(id);
    expect(acc.status).toBe('ACTIVE');
    expect(acc.status_reason).toBeNull();
  });
});

describe('client credentials', () => {
  it('an OAuth2 auth config with grant_type client_credentials connects without a user and re-fetches on refresh', async () => {
    const ac = await oauth2Config(s, p, { grant_type: 'client_credentials' });
    const n = p.tokenRequests.length;
    const created = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'svc' },
    });
    expect(created.status).toBe(201);
    expect(created.body.connectionData.val).toMatchObject({ status: 'ACTIVE', access_token: expect.any(String) });
    expect(p.tokenRequests.slice(n).map((t) => t.grant_type)).toEqual(['client_credentials']);
    const r = await s.api('POST', `/connected_accounts/${created.body.id}/token_refresh`, { force: true });
    expect(r.body.refreshed).toBe(true);
    expect(p.tokenRequests.slice(n).map((t) => t.grant_type)).toEqual(['client_credentials', 'client_credentials']);
  });
});

describe('auth configs', () => {
  it('disabling an auth config makes its accounts INACTIVE ("Auth config is disabled"); no credentials are handed out', async () => {
    const ac = await oauth2Config(s, p);
    const id = await connectOAuth2(s, ac);
    expect((await s.api('PATCH', `/auth_configs/${ac}/DISABLED`)).status).toBe(200);
    const acc = await account(id);
    expect(acc.status).toBe('INACTIVE');
    expect(acc.status_reason).toBe('Auth config is disabled');
    const r = await s.api('POST', `/connected_accounts/${id}/token_refresh`, {});
    expect(r.status).toBe(400);
    expect(r.body.error.slug).toBe('ConnectedAccount_NotActive');
    expect((await s.api('PATCH', `/auth_configs/${ac}/ENABLED`)).status).toBe(200);
    expect((await account(id)).status).toBe('ACTIVE');
  });

  it('a service-managed OAuth auth config without a configured app is a clear 400', async () => {
    const r = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'gitlab' },
      auth_config: { type: 'use_composio_managed_auth' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('gitlab');
    expect(r.body.error.suggested_fix).toContain('JUNCTION_OAUTH_GITLAB_CLIENT_ID');
  });
});

describe('service-managed OAuth app from server configuration', () => {
  it("uses JUNCTION_OAUTH_<SLUG>_CLIENT_ID/_SECRET and the toolkit's own endpoints", async () => {
    const m = await startServer({
      env: {
        JUNCTION_OAUTH_GITLAB_CLIENT_ID: 'managed-gitlab-id',
        JUNCTION_OAUTH_GITLAB_CLIENT_SECRET: 'managed-gitlab-secret',
      },
    });
    try {
      const ac = await m.api('POST', '/auth_configs', {
        toolkit: { slug: 'gitlab' },
        auth_config: { type: 'use_composio_managed_auth' },
      });
      expect(ac.status).toBe(201);
      expect(ac.body.auth_config).toMatchObject({ auth_scheme: 'OAUTH2', is_composio_managed: true });
      const c = await m.api('POST', '/connected_accounts', {
        auth_config: { id: ac.body.auth_config.id },
        connection: { user_id: 'm' },
      });
      expect(c.status).toBe(201);
      const u = new URL(c.body.connectionData.val.redirectUrl);
      expect(`${u.origin}${u.pathname}`).toBe('https://gitlab.com/oauth/authorize');
      expect(u.searchParams.get('client_id')).toBe('managed-gitlab-id');
      expect(u.searchParams.get('scope')).toBe('api read_user');
      expect(JSON.stringify((await m.api('GET', `/auth_configs/${ac.body.auth_config.id}`)).body)).not.toContain(
        'managed-gitlab-secret',
      );
    } finally {
      await m.stop();
    }
  });
});
