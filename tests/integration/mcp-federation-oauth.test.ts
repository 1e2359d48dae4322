import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeMcp, type FakeMcp } from '../helpers/fake-mcp';
import { cookieOf, followUntil } from '../helpers/oauth-flow';

/**
 * Per-user OAuth to remote MCP servers (issue 28): Junction is the OAuth client. The loopback
 * servers are real MCP servers (the SDK's) with their own authorization server, registering
 * clients by dynamic client registration, by Junction's client ID metadata document, or ahead of
 * time; the authorize redirect is followed as a browser would.
 */
let s: TestServer;
const CALLBACK = 'http://app.example.test/mcp-done';
const fakes: FakeMcp[] = [];

beforeAll(async () => {
  s = await startServer({ env: { JUNCTION_CUSTOM_TOOLKIT_CACHE_MS: '0' } });
});
afterAll(async () => {
  await s?.stop();
  await Promise.all(fakes.map((f) => f.close()));
});

async function fake(opts: Parameters<typeof startFakeMcp>[0]) {
  const f = await startFakeMcp(opts);
  fakes.push(f);
  return f;
}

async function register(slug: string, f: FakeMcp) {
  const r = await s.api('POST', '/custom/toolkits/upsert', {
    slug,
    toolkit_config: {
      name: `OAuth ${slug}`,
      app_url: f.mcpUrl,
      auth_schemes: [{ mode: 'DCR_OAUTH', discovery_url: `${f.url}/.well-known/oauth-authorization-server` }],
    },
  });
  expect(r.status).toBe(200);
  return `custom_${slug}`;
}

/** Create an account through the API and complete the authorization in a "browser". */
async function connect(acId: string, user: string) {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: acId },
    connection: { user_id: user, callback_url: CALLBACK },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.connectionData.val.status).toBe('INITIATED');
  const done = await followUntil(r.body.connectionData.val.redirectUrl, CALLBACK);
  expect(done.final.searchParams.get('status'), done.final.toString()).toBe('success');
  return r.body.id as string;
}

describe('MCP OAuth as a client', () => {
  it('dynamic client registration: 401 → resource metadata → AS metadata → register → PKCE + resource → tokens; sync, call, refresh', async () => {
    const f = await fake({ auth: 'oauth', registration: 'dcr' });
    const slug = await register('dcr', f);
    const tk = await s.api('GET', `/toolkits/${slug}`);
    expect(tk.body.auth_config_details.map((d: any) => d.mode)).toEqual(['DCR_OAUTH']);
    // no OAuth app of our own is needed: the default auth config registers with the server
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug } });
    expect(ac.status).toBe(201);
    expect(ac.body.auth_config.auth_scheme).toBe('DCR_OAUTH');

    const id = await connect(ac.body.auth_config.id, 'oauth-user');
    expect(f.oauth.registrations).toHaveLength(1);
    expect(f.oauth.registrations[0]).toMatchObject({
      redirect_uris: [`${s.url}/api/v3/toolkits/auth/callback`],
      grant_types: ['authorization_code', 'refresh_token'],
    });
    const authz = f.oauth.authorizeParams[0]!;
    expect(authz.get('code_challenge_method')).toBe('S256');
    expect(authz.get('resource')).toBe(f.mcpUrl);
    // the scopes the server named in WWW-Authenticate
    expect(authz.get('scope')).toBe('tools:read tools:call');
    expect(f.oauth.tokenRequests[0]!.get('resource')).toBe(f.mcpUrl);

    const acc = await s.api('GET', `/connected_accounts/${id}`);
    expect(acc.body.status).toBe('ACTIVE');
    expect(acc.body.state.authScheme).toBe('DCR_OAUTH');
    expect(acc.body.state.val.client_id).toMatch(/^client_/);

    const sync = await s.api('POST', '/custom/toolkits/sync', { slug: slug.toUpperCase(), connected_account_id: id });
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    expect(sync.body.synced_count).toBe(3);

    const ran = await s.api('POST', '/v3.1/tools/execute/CUSTOM_DCR_ECHO', {
      user_id: 'oauth-user',
      arguments: { text: 'o' },
    });
    expect(ran.body).toMatchObject({ successful: true, data: { text: 'echo: o' } });
    expect(f.calls.at(-1)!.auth).toMatch(/^Bearer at_/);

    // the server forgets its access tokens: the 401 triggers the single-flight refresh, then the call succeeds
    f.revokeAccessTokens();
    const again = await s.api('POST', '/v3.1/tools/execute/CUSTOM_DCR_ECHO', {
      user_id: 'oauth-user',
      arguments: { text: 'after refresh' },
    });
    expect(again.body).toMatchObject({ successful: true, data: { text: 'echo: after refresh' } });
    expect(f.oauth.refreshed).toBe(1);
    expect(f.oauth.tokenRequests.at(-1)!.get('grant_type')).toBe('refresh_token');
    expect(f.oauth.tokenRequests.at(-1)!.get('resource')).toBe(f.mcpUrl);
  });

  it('client ID metadata document: the server fetches Junction’s document instead of a registration', async () => {
    const f = await fake({ auth: 'oauth', registration: 'cimd' });
    const slug = await register('cimd', f);
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug } });
    const id = await connect(ac.body.auth_config.id, 'cimd-user');
    const docUrl = `${s.url}/api/v3/mcp_client/client_metadata.json`;
    expect(f.oauth.registrations).toHaveLength(0);
    expect(f.oauth.metadataFetches).toEqual([docUrl]);
    expect(f.oauth.authorizeParams[0]!.get('client_id')).toBe(docUrl);
    const doc = await (await fetch(docUrl)).json();
    expect(doc).toMatchObject({ client_id: docUrl, redirect_uris: [`${s.url}/api/v3/toolkits/auth/callback`] });

    expect(
      (await s.api('POST', '/custom/toolkits/sync', { slug: 'CUSTOM_CIMD', connected_account_id: id })).status,
    ).toBe(200);
    const ran = await s.api('POST', '/v3.1/tools/execute/CUSTOM_CIMD_ADD_NUMBERS', {
      user_id: 'cimd-user',
      arguments: { a: 20, b: 22 },
    });
    expect(ran.body).toMatchObject({ successful: true, data: { sum: 42 } });
  });

  it('a pre-registered client from the auth config is used as it is', async () => {
    const f = await fake({
      auth: 'oauth',
      registration: 'dcr',
      preregistered: {
        client_id: 'junction-app',
        client_secret: 'shh',
        redirect_uris: [`${s.url}/api/v3/toolkits/auth/callback`],
      },
    });
    const slug = await register('prereg', f);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'DCR_OAUTH',
        credentials: { client_id: 'junction-app', client_secret: 'shh' },
      },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    await connect(ac.body.auth_config.id, 'prereg-user');
    expect(f.oauth.registrations).toHaveLength(0);
    expect(f.oauth.authorizeParams[0]!.get('client_id')).toBe('junction-app');
    expect(f.oauth.tokenRequests[0]!.get('client_secret')).toBe('shh');
  });

  it('Connect Links work for MCP OAuth like any OAuth toolkit', async () => {
    const f = await fake({ auth: 'oauth', registration: 'dcr' });
    const slug = await register('linked', f);
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug } });
    const r = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac.body.auth_config.id,
      user_id: 'link-user',
      callback_url: CALLBACK,
    });
    expect(r.status).toBe(201);
    const token = new URL(r.body.redirect_url).pathname.match(/lt_[A-Za-z0-9]+/)![0];
    const page = await fetch(`${s.url}/api/v3/connect_links/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    const authorizeUrl = page.headers.get('location')!;
    expect(authorizeUrl.startsWith(`${f.url}/authorize`)).toBe(true);
    const done = await followUntil(authorizeUrl, CALLBACK, 10, cookieOf(page));
    expect(done.final.searchParams.get('status')).toBe('success');
    const acc = await s.api('GET', `/connected_accounts/${r.body.connected_account_id}`);
    expect(acc.body.status).toBe('ACTIVE');
  });

  it('a provider toolkit (linear_mcp) connects with the same flow at its overridden URL; tools are named LINEAR_MCP_*', async () => {
    const f = await fake({ auth: 'oauth', registration: 'dcr' });
    expect((await s.api('PATCH', '/org/project/config', { toolkit_base_urls: { linear_mcp: f.mcpUrl } })).status).toBe(
      200,
    );
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug: 'linear_mcp' } });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const id = await connect(ac.body.auth_config.id, 'linear-user');
    expect(f.oauth.authorizeParams[0]!.get('resource')).toBe(f.mcpUrl);
    const sync = await s.api('POST', '/custom/toolkits/sync', { slug: 'linear_mcp', connected_account_id: id });
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    const ran = await s.api('POST', '/v3.1/tools/execute/LINEAR_MCP_ECHO', {
      user_id: 'linear-user',
      arguments: { text: 'linear' },
    });
    expect(ran.body).toMatchObject({ successful: true, data: { text: 'echo: linear' } });
  });

  it('step-up: 403 insufficient_scope asks for re-authorization, which requests the wider scope', async () => {
    const f = await fake({ auth: 'oauth', registration: 'dcr', callScope: 'tools:admin' });
    const slug = await register('stepup', f);
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug } });
    const id = await connect(ac.body.auth_config.id, 'step-user');
    expect(f.oauth.authorizeParams[0]!.get('scope')).toBe('tools:read tools:call');
    expect(
      (await s.api('POST', '/custom/toolkits/sync', { slug: 'CUSTOM_STEPUP', connected_account_id: id })).status,
    ).toBe(200);
    const first = await s.api('POST', '/v3.1/tools/execute/CUSTOM_STEPUP_ECHO', {
      user_id: 'step-user',
      arguments: { text: 'x' },
    });
    expect(first.body.successful).toBe(false);
    expect(first.body.data.required_scope).toBe('tools:read tools:call tools:admin');
    expect(first.body.error).toContain(`/connected_accounts/${id}/refresh`);

    // the user re-authorizes; the account stays usable meanwhile, and the new request names the wider scope
    const re = await s.api('POST', `/connected_accounts/${id}/refresh`, {});
    expect(re.status, JSON.stringify(re.body)).toBe(200);
    const done = await followUntil(re.body.redirect_url, CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('success');
    expect(f.oauth.authorizeParams.at(-1)!.get('scope')).toBe('tools:read tools:call tools:admin');
    const again = await s.api('POST', '/v3.1/tools/execute/CUSTOM_STEPUP_ECHO', {
      user_id: 'step-user',
      arguments: { text: 'wider' },
    });
    expect(again.body).toMatchObject({ successful: true, data: { text: 'echo: wider' } });
  });

  it('an unreachable authorization server is a clear 400, not a 500', async () => {
    const f = await fake({ auth: 'oauth', registration: 'dcr' });
    const slug = await register('downas', f);
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug } });
    await f.close();
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'x', callback_url: CALLBACK },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/authorization/);
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<h1>hi</h1>'],
  ])('metadata whose authorization endpoint is %s is refused before any browser is sent there', async (_n, ep) => {
    const f = await fake({ auth: 'oauth', registration: 'dcr', authorizationEndpoint: ep });
    const slug = await register(`badauthz_${fakes.length}`, f);
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug } });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'x', callback_url: CALLBACK },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/authorization/);
    expect(JSON.stringify(r.body)).not.toContain(ep);
  });
});
