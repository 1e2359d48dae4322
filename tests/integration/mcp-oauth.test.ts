import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/**
 * MCP authorization end to end: an MCP client with no API key finds Junction's authorization
 * server from the 401, registers itself, is approved by the project's admin (the consent call
 * the dashboard makes with its project key), lists and calls tools, refreshes, and loses access
 * when revoked. The client side is the MCP SDK's own OAuth implementation.
 */
let s: TestServer;
let gh: FakeUpstream;

const REDIRECT = 'http://127.0.0.1:1/callback';

/** An MCP SDK OAuth client provider that keeps everything in memory and records where it would send the browser. */
class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  constructor(
    readonly metadata: Partial<OAuthClientMetadata> = {},
    readonly clientMetadataUrl?: string,
  ) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test agent',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...this.metadata,
    } as OAuthClientMetadata;
  }
  state() {
    return 'state-123';
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(i: OAuthClientInformationMixed) {
    this.info = i;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(t: OAuthTokens) {
    this.saved = t;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

beforeAll(async () => {
  gh = await startFakeUpstream();
  gh.on('GET', '/user', (req) =>
    req.headers.authorization === 'Bearer ghp_oauth'
      ? { json: { login: 'oauth-octocat', id: 7 } }
      : { status: 401, json: { message: 'Bad credentials' } },
  );
  s = await startServer();
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close()]);
});

async function session(user: string) {
  const r = await s.api('POST', '/tool_router/session', {
    user_id: user,
    toolkits: { enable: ['github'] },
    preload: { tools: ['GITHUB_GET_THE_AUTHENTICATED_USER'] },
  });
  expect(r.status).toBe(201);
  return r.body as { session_id: string; mcp: { url: string } };
}

async function connectGithub(user: string) {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: user,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_oauth', base_url: gh.url } },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

async function rawMcp(url: string, headers: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

/** What the browser does: follow the authorize URL to the dashboard's consent page, and the admin approves there. */
async function consent(authorizationUrl: URL, approve = true, key = s.apiKey) {
  const r = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(r.status, await r.clone().text()).toBe(302);
  const consentPage = new URL(r.headers.get('location')!);
  expect(consentPage.pathname).toBe('/mcp-clients/authorize');
  const requestId = consentPage.searchParams.get('request')!;
  const shown = await s.api('GET', `/mcp_oauth/requests/${requestId}`, undefined, { 'x-api-key': key });
  const decided =
    shown.status === 200
      ? await s.api('POST', `/mcp_oauth/requests/${requestId}/${approve ? 'approve' : 'deny'}`, undefined, {
          'x-api-key': key,
        })
      : undefined;
  return {
    requestId,
    shown,
    decided,
    back: decided?.body?.redirect_to ? new URL(decided.body.redirect_to) : undefined,
  };
}

/** Run the SDK's flow until it has tokens: 401 → discovery → registration → authorize → consent → token. */
async function authorize(url: string, provider: MemoryProvider) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).toBeDefined();
  const { back, shown } = await consent(provider.authorizationUrl!);
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  expect(back!.searchParams.get('state')).toBe('state-123');
  expect(back!.searchParams.get('iss')).toBe(s.url);
  await transport.finishAuth(back!.searchParams.get('code')!);
  await client.close().catch(() => {});
  return shown.body;
}

async function connected(url: string, provider: MemoryProvider) {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return client;
}

describe('MCP authorization (OAuth 2.1) on tool router session URLs', () => {
  it('answers 401 with the protected resource metadata, and serves RFC 9728 and RFC 8414 metadata', async () => {
    const { session_id, mcp } = await session('meta-user');
    const r = await rawMcp(mcp.url, {});
    expect(r.status).toBe(401);
    const prm = `${s.url}/.well-known/oauth-protected-resource/api/v3/tool_router/session/${session_id}/mcp`;
    expect(r.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${prm}"`);

    const meta = await (await fetch(prm)).json();
    expect(meta).toMatchObject({
      resource: mcp.url,
      authorization_servers: [s.url],
      bearer_methods_supported: ['header'],
    });
    const root = await fetch(`${s.url}/.well-known/oauth-protected-resource`);
    expect(root.status).toBe(200);
    expect((await root.json()).authorization_servers).toEqual([s.url]);
    expect((await fetch(`${s.url}/.well-known/oauth-protected-resource/api/v3/toolkits`)).status).toBe(404);

    const as = await (await fetch(`${s.url}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: s.url,
      authorization_endpoint: `${s.url}/oauth/authorize`,
      token_endpoint: `${s.url}/oauth/token`,
      registration_endpoint: `${s.url}/oauth/register`,
      revocation_endpoint: `${s.url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });

    // a bad token gets the invalid_token challenge; x-api-key still works as before
    const bad = await rawMcp(mcp.url, { authorization: 'Bearer mcpat_nope' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata=/,
    );
    expect((await rawMcp(mcp.url, { 'x-api-key': s.apiKey })).status).toBe(200);
  });

  it('runs discovery, registration, consent, token, tool calls, refresh and revocation with the MCP SDK', async () => {
    await connectGithub('oauth-user');
    const { mcp } = await session('oauth-user');
    const provider = new MemoryProvider();
    const shown = await authorize(mcp.url, provider);
    // the consent page names the client, the one MCP URL and the user
    expect(shown).toMatchObject({
      client: { client_name: 'Test agent', kind: 'registered' },
      resource: mcp.url,
      user_id: 'oauth-user',
      resource_kind: 'tool_router_session',
    });
    expect(provider.info!.client_id).toMatch(/^mcpc_/);
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const first = provider.saved!;

    const client = await connected(mcp.url, provider);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('GITHUB_GET_THE_AUTHENTICATED_USER');
    const called = await client.callTool({ name: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} });
    expect(JSON.parse((called.content as any)[0].text).data).toMatchObject({ login: 'oauth-octocat' });
    await client.close();

    // the token is bound to this one MCP URL: another session of the same user and project refuses it
    const other = await session('oauth-user');
    const elsewhere = await rawMcp(other.mcp.url, { authorization: `Bearer ${first.access_token}` });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get('www-authenticate')).toContain('another MCP URL');
    // … and so does the same session under the other API prefix, a different URL
    expect(
      (await rawMcp(mcp.url.replace('/api/v3/', '/api/v3.1/'), { authorization: `Bearer ${first.access_token}` }))
        .status,
    ).toBe(401);

    // the authorized client is listed with its last use
    const listed = await s.api('GET', '/mcp_oauth/authorized_clients');
    expect(listed.status).toBe(200);
    const mine = listed.body.items.find((i: any) => i.client.client_id === provider.info!.client_id);
    expect(mine).toMatchObject({ user_id: 'oauth-user', resource: mcp.url, scope: 'mcp' });
    expect(Date.parse(mine.last_used_at)).toBeGreaterThan(Date.now() - 60_000);

    // refresh through the SDK: a new pair, and the new access token works
    const refreshed = await auth(provider, { serverUrl: mcp.url });
    expect(refreshed).toBe('AUTHORIZED');
    expect(provider.saved!.access_token).not.toBe(first.access_token);
    expect(provider.saved!.refresh_token).not.toBe(first.refresh_token);
    expect((await rawMcp(mcp.url, { authorization: `Bearer ${provider.saved!.access_token}` })).status).toBe(200);

    // RFC 7009 revocation of the refresh token ends the grant: the client gets 401 again
    const rev = await fetch(`${s.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: provider.saved!.refresh_token!,
        token_type_hint: 'refresh_token',
        client_id: provider.info!.client_id,
      }),
    });
    expect(rev.status).toBe(200);
    const after = await rawMcp(mcp.url, { authorization: `Bearer ${provider.saved!.access_token}` });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('revoked');
    await expect(connected(mcp.url, provider)).rejects.toThrow();
    expect((await s.api('GET', '/mcp_oauth/authorized_clients')).body.items.some((i: any) => i.id === mine.id)).toBe(
      false,
    );
  });

  it('revokes the whole family when a rotated refresh token is used again, and the admin can revoke a client', async () => {
    const { mcp } = await session('family-user');
    const provider = new MemoryProvider();
    await authorize(mcp.url, provider);
    const first = provider.saved!;
    const token = (form: Record<string, string>) =>
      fetch(`${s.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
    const r1 = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: provider.info!.client_id,
    });
    expect(r1.status).toBe(200);
    expect(r1.headers.get('cache-control')).toBe('no-store');
    const second = await r1.json();
    // replaying the first refresh token: refused, and the second pair dies with it
    const replay = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: provider.info!.client_id,
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await rawMcp(mcp.url, { authorization: `Bearer ${second.access_token}` })).status).toBe(401);
    const r3 = await token({
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token,
      client_id: provider.info!.client_id,
    });
    expect(await r3.json()).toMatchObject({ error: 'invalid_grant' });

    // authorize again; then the admin revokes it from the authorized-clients list
    provider.saved = undefined;
    await authorize(mcp.url, provider);
    expect((await rawMcp(mcp.url, { authorization: `Bearer ${provider.saved!.access_token}` })).status).toBe(200);
    const listed = await s.api('GET', '/mcp_oauth/authorized_clients');
    const grant = listed.body.items.find(
      (i: any) => i.client.client_id === provider.info!.client_id && i.user_id === 'family-user',
    );
    const del = await s.api('DELETE', `/mcp_oauth/authorized_clients/${grant.id}`);
    expect(del.status).toBe(200);
    expect((await rawMcp(mcp.url, { authorization: `Bearer ${provider.saved!.access_token}` })).status).toBe(401);
    expect((await s.api('DELETE', `/mcp_oauth/authorized_clients/${grant.id}`)).status).toBe(404);
  });

  it('refuses what OAuth 2.1 and RFC 8707 rule out, in their error format', async () => {
    const { mcp } = await session('strict-user');
    const reg = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Confidential',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
      }),
    });
    expect(reg.status).toBe(201);
    const client = await reg.json();
    // RFC 7591 default method: client_secret_basic, so a secret is issued (and stored only hashed)
    expect(client).toMatchObject({ token_endpoint_auth_method: 'client_secret_basic', client_secret_expires_at: 0 });
    expect(client.client_secret).toMatch(/^mcps_/);

    const badRedirect = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['javascript:alert(1)'] }),
    });
    expect(badRedirect.status).toBe(400);
    expect(await badRedirect.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    const notJson = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(await notJson.json()).toMatchObject({ error: 'invalid_client_metadata' });

    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authz = (p: Record<string, string>) => {
      const u = new URL(`${s.url}/oauth/authorize`);
      const all: Record<string, string> = {
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: mcp.url,
        state: 'xyz',
        ...p,
      };
      for (const [k, v] of Object.entries(all)) if (v !== '') u.searchParams.set(k, v);
      return u;
    };
    const errorOf = async (u: URL) => {
      const r = await fetch(u, { redirect: 'manual' });
      expect(r.status).toBe(302);
      const back = new URL(r.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('state')).toBe('xyz');
      return back.searchParams.get('error');
    };
    expect(await errorOf(authz({ code_challenge_method: 'plain' }))).toBe('invalid_request');
    expect(await errorOf(authz({ code_challenge: '' }))).toBe('invalid_request');
    expect(await errorOf(authz({ resource: '' }))).toBe('invalid_target');
    expect(await errorOf(authz({ resource: `${s.url}/api/v3/toolkits` }))).toBe('invalid_target');
    expect(await errorOf(authz({ resource: 'https://elsewhere.example/mcp' }))).toBe('invalid_target');
    expect(await errorOf(authz({ response_type: 'token' }))).toBe('unsupported_response_type');
    // unknown client or unregistered redirect URI: shown, never redirected
    for (const u of [authz({ client_id: 'mcpc_unknown' }), authz({ redirect_uri: 'https://attacker.example/cb' })]) {
      const r = await fetch(u, { redirect: 'manual' });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      expect(r.headers.get('location')).toBeNull();
    }

    // a denied request goes back with access_denied
    const denied = await consent(authz({}), false);
    expect(denied.back!.searchParams.get('error')).toBe('access_denied');

    // another project's admin cannot approve a URL of this project
    const other = await fetch(`${s.apiUrl}/org/owner/project/new`, {
      method: 'POST',
      headers: { 'x-org-api-key': s.orgKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'other-oauth' }),
    });
    expect(other.status).toBe(201);
    const otherKey = (await other.json()).api_key as string;
    const foreign = await consent(authz({}), true, otherKey);
    expect(foreign.shown.status).toBe(404);
    expect(
      (await s.api('POST', `/mcp_oauth/requests/${foreign.requestId}/approve`, undefined, { 'x-api-key': otherKey }))
        .status,
    ).toBe(404);

    // approved; then the token request must prove the client, the verifier and the redirect URI
    const ok = await consent(authz({}));
    const code = ok.back!.searchParams.get('code')!;
    const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
    const token = (form: Record<string, string>, authorization?: string) =>
      fetch(`${s.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
        body: new URLSearchParams(form),
      });
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      resource: mcp.url,
    };
    const noSecret = await token({ ...form, client_id: client.client_id });
    expect(noSecret.status).toBe(401);
    expect(await noSecret.json()).toMatchObject({ error: 'invalid_client' });
    const wrongSecret = await token(form, `Basic ${Buffer.from(`${client.client_id}:mcps_wrong`).toString('base64')}`);
    expect(wrongSecret.status).toBe(401);
    const wrongVerifier = await token({ ...form, code_verifier: randomBytes(32).toString('base64url') }, basic);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    // the code was consumed by that attempt: single use, even after a failed check
    const again = await token(form, basic);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    const ok2 = await consent(authz({}));
    const good = await token({ ...form, code: ok2.back!.searchParams.get('code')! }, basic);
    expect(good.status).toBe(200);
    const pair = await good.json();
    expect((await rawMcp(mcp.url, { authorization: `Bearer ${pair.access_token}` })).status).toBe(200);
    // the same code a second time: refused, and what it issued is revoked (RFC 6749 §4.1.2)
    const replay = await token({ ...form, code: ok2.back!.searchParams.get('code')! }, basic);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await rawMcp(mcp.url, { authorization: `Bearer ${pair.access_token}` })).status).toBe(401);
    expect(await (await token({ grant_type: 'password', username: 'a', password: 'b' }, basic)).json()).toMatchObject({
      error: 'unsupported_grant_type',
    });
  });

  it("authorizes a per-user MCP server URL the same way, bound to that user's URL", async () => {
    await connectGithub('server-user');
    const created = await s.api('POST', '/mcp/servers/custom', {
      name: 'OAuth server',
      toolkits: ['github'],
      allowed_tools: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gen = await s.api('POST', '/mcp/servers/generate', {
      mcp_server_id: created.body.id,
      user_ids: ['server-user', 'other-user'],
      managed_auth_by_composio: true,
    });
    expect(gen.body.user_ids_url, JSON.stringify(gen.body)).toHaveLength(2);
    const [url, otherUrl] = gen.body.user_ids_url as string[];
    expect(new URL(url!).searchParams.get('user_id')).toBe('server-user');

    const challenge = await rawMcp(url!, {});
    expect(challenge.status).toBe(401);
    const u = new URL(url!);
    expect(challenge.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${s.url}/.well-known/oauth-protected-resource${u.pathname}?user_id=server-user"`,
    );

    const provider = new MemoryProvider({ client_name: 'Server agent' });
    const shown = await authorize(url!, provider);
    expect(shown).toMatchObject({ resource: url, user_id: 'server-user', resource_kind: 'mcp_server_user' });
    const client = await connected(url!, provider);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('GITHUB_GET_THE_AUTHENTICATED_USER');
    const called = await client.callTool({ name: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} });
    expect(JSON.stringify(called.content)).toContain('oauth-octocat');
    await client.close();

    // the same server for another user is another MCP URL: the token does not open it
    const other = await rawMcp(otherUrl!, { authorization: `Bearer ${provider.saved!.access_token}` });
    expect(other.status).toBe(401);
    expect(other.headers.get('www-authenticate')).toContain('another MCP URL');
    // an option of the URL that does not change its user keeps the same resource
    const withOption = new URL(url!);
    withOption.searchParams.set('include_composio_helper_actions', 'false');
    expect(
      (await rawMcp(withOption.toString(), { authorization: `Bearer ${provider.saved!.access_token}` })).status,
    ).toBe(200);
  });

  it("accepts a client ID metadata document fetched from the client's URL", async () => {
    const doc = await startFakeUpstream();
    try {
      const clientId = `${doc.url}/oauth/client.json`;
      doc.on('GET', '/oauth/client.json', () => ({
        json: {
          client_id: clientId,
          client_name: 'Metadata client',
          redirect_uris: [REDIRECT],
          grant_types: ['authorization_code', 'refresh_token'],
          token_endpoint_auth_method: 'none',
        },
      }));
      const { mcp } = await session('cimd-user');
      const verifier = randomBytes(32).toString('base64url');
      const u = new URL(`${s.url}/oauth/authorize`);
      for (const [k, v] of Object.entries({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT,
        resource: mcp.url,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }))
        u.searchParams.set(k, v);
      const c = await consent(u);
      expect(c.shown.body.client).toMatchObject({
        client_id: clientId,
        client_name: 'Metadata client',
        kind: 'metadata_document',
      });
      const r = await fetch(`${s.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: c.back!.searchParams.get('code')!,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
          client_id: clientId,
        }),
      });
      expect(r.status).toBe(200);
      const { access_token } = await r.json();
      expect((await rawMcp(mcp.url, { authorization: `Bearer ${access_token}` })).status).toBe(200);

      // a document that does not name itself is refused on the authorization page
      doc.on('GET', '/oauth/liar.json', () => ({
        json: { client_id: 'https://someone-else.example/c.json', redirect_uris: [REDIRECT] },
      }));
      u.searchParams.set('client_id', `${doc.url}/oauth/liar.json`);
      const liar = await fetch(u, { redirect: 'manual' });
      expect(liar.status).toBe(400);
      expect(await liar.text()).toContain('client_id equal to its own URL');
    } finally {
      await doc.close();
    }
  });
});

describe('MCP URLs keep their per-key rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ env: { JUNCTION_RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('limits MCP calls per OAuth grant and per API key', async () => {
    const created = await limited.api('POST', '/tool_router/session', {
      user_id: 'limited-user',
      toolkits: { enable: ['github'] },
    });
    const url = created.body.mcp.url as string;
    const reg = await (
      await fetch(`${limited.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      })
    ).json();
    const verifier = randomBytes(32).toString('base64url');
    const authz = new URL(`${limited.url}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: reg.client_id,
      redirect_uri: REDIRECT,
      resource: url,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      authz.searchParams.set(k, v);
    const requestId = new URL((await fetch(authz, { redirect: 'manual' })).headers.get('location')!).searchParams.get(
      'request',
    )!;
    const approved = await limited.api('POST', `/mcp_oauth/requests/${requestId}/approve`);
    const code = new URL(approved.body.redirect_to).searchParams.get('code')!;
    const { access_token } = await (
      await fetch(`${limited.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
          client_id: reg.client_id,
        }),
      })
    ).json();

    // the grant has its own bucket of 5 per minute (a slow machine may see one refill: 10 calls are plenty)
    const bearer: number[] = [];
    for (let i = 0; i < 10 && !bearer.includes(429); i++)
      bearer.push((await rawMcp(url, { authorization: `Bearer ${access_token}` })).status);
    expect(bearer.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(bearer).toContain(429);
    // the project key already spent 2 of its 5 (session, approval); MCP calls with it count against it too
    const keyed: number[] = [];
    for (let i = 0; i < 10 && !keyed.includes(429); i++)
      keyed.push((await rawMcp(url, { 'x-api-key': limited.apiKey })).status);
    expect(keyed[0]).toBe(200);
    expect(keyed).toContain(429);
  });
});

describe('end-user consent through an approval link', () => {
  it('the user approves their own MCP client; the link opens only its own MCP URL; audit, denial, forgery', async () => {
    await connectGithub('link-user');
    const created = await s.api('POST', '/mcp/servers/custom', {
      name: 'Consent link server',
      toolkits: ['github'],
      allowed_tools: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gen = await s.api('POST', '/mcp/servers/generate', {
      mcp_server_id: created.body.id,
      user_ids: ['link-user', 'link-other'],
      managed_auth_by_composio: true,
    });
    const [url, otherUrl] = gen.body.user_ids_url as string[];

    // the application asks for the user's approval link (bad input is a 400 in the v3 envelope)
    const bad = await s.api('POST', '/mcp_oauth/consent_links', { resource: 'https://example.com/mcp' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBeDefined();
    const link = await s.api('POST', '/mcp_oauth/consent_links', { resource: url, expires_in_seconds: 600 });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body).toMatchObject({ user_id: 'link-user', resource: url });
    expect(link.body.consent_url).toMatch(new RegExp(`^${s.url}/oauth/link/`));

    // the user opens it: the browser keeps it in an HttpOnly cookie for /oauth only
    const opened = await fetch(link.body.consent_url, { redirect: 'manual' });
    expect(opened.status).toBe(200);
    const setCookie = opened.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/oauth/);
    const cookie = setCookie.split(';')[0]!;
    const tampered = `${link.body.consent_url.slice(0, -4)}AAAA`;
    expect((await fetch(tampered, { redirect: 'manual' })).status).toBe(400);

    // the user's MCP client: 401 → discovery → registration → authorize in that browser
    const provider = new MemoryProvider({ client_name: 'User agent' });
    const transport = new StreamableHTTPClientTransport(new URL(url!), { authProvider: provider });
    const mcpClient = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(mcpClient.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const started = await fetch(provider.authorizationUrl!, { redirect: 'manual', headers: { cookie } });
    expect(started.status).toBe(302);
    const consentUrl = new URL(started.headers.get('location')!);
    expect(consentUrl.pathname).toBe('/oauth/consent');
    const requestId = consentUrl.searchParams.get('request')!;
    // without the link the consent page refuses; with it, it shows the client, the URL and the user
    expect((await fetch(consentUrl, { redirect: 'manual' })).status).toBe(403);
    const pageRes = await fetch(consentUrl, { headers: { cookie } });
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await pageRes.text();
    expect(html).toContain('User agent');
    expect(html).toContain('link-user');
    const formToken = /name="form_token" value="([^"]+)"/.exec(html)![1]!;
    const post = (body: Record<string, string>, withCookie = true) =>
      fetch(`${s.url}/oauth/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...(withCookie ? { cookie } : {}), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    expect((await post({ request: requestId, decision: 'approve', form_token: 'forged' })).status).toBe(403);
    expect((await post({ request: requestId, decision: 'approve', form_token: formToken }, false)).status).toBe(403);
    const approved = await post({ request: requestId, decision: 'approve', form_token: formToken });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('state-123');
    await transport.finishAuth(back.searchParams.get('code')!);
    await mcpClient.close().catch(() => {});
    const client = await connected(url!, provider);
    const called = await client.callTool({ name: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} });
    expect(JSON.stringify(called.content)).toContain('oauth-octocat');
    await client.close();
    // the approval is answered once
    expect((await post({ request: requestId, decision: 'approve', form_token: formToken })).status).toBe(404);

    // the audit log names the user who approved, and the key that made the link
    const audit = await s.api('GET', '/org/audit_log?action=mcp_client.approve,mcp_consent_link.create', undefined, {
      'x-org-api-key': s.orgKey,
      'x-api-key': '',
    });
    const entries = audit.body.items as {
      action: string;
      actor_type: string;
      actor: string;
      detail: Record<string, unknown>;
    }[];
    expect(entries.find((e) => e.action === 'mcp_client.approve' && e.actor_type === 'end_user')).toMatchObject({
      actor: 'link-user',
      detail: { resource: url, via: 'consent_link' },
    });
    expect(entries.find((e) => e.action === 'mcp_consent_link.create')).toMatchObject({ actor_type: 'key' });

    // the link does not reach another user's URL: that request waits for an admin in the dashboard
    const otherProvider = new MemoryProvider({ client_name: 'Other agent' });
    const otherClient = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(
      otherClient.connect(new StreamableHTTPClientTransport(new URL(otherUrl!), { authProvider: otherProvider })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const toAdmin = await fetch(otherProvider.authorizationUrl!, { redirect: 'manual', headers: { cookie } });
    expect(new URL(toAdmin.headers.get('location')!).pathname).toBe('/mcp-clients/authorize');
    const foreignRequest = new URL(toAdmin.headers.get('location')!).searchParams.get('request')!;
    expect((await fetch(`${s.url}/oauth/consent?request=${foreignRequest}`, { headers: { cookie } })).status).toBe(403);

    // the user can also deny: the client gets access_denied
    const denied = new MemoryProvider({ client_name: 'Unwanted agent' });
    const deniedClient = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(
      deniedClient.connect(new StreamableHTTPClientTransport(new URL(url!), { authProvider: denied })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const d = await fetch(denied.authorizationUrl!, { redirect: 'manual', headers: { cookie } });
    const dUrl = new URL(d.headers.get('location')!);
    const dHtml = await (await fetch(dUrl, { headers: { cookie } })).text();
    const dToken = /name="form_token" value="([^"]+)"/.exec(dHtml)![1]!;
    const no = await post({ request: dUrl.searchParams.get('request')!, decision: 'deny', form_token: dToken });
    expect(no.status).toBe(303);
    expect(new URL(no.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });
});
