import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { connectOAuth2, oauth2Config } from '../helpers/oauth-flow';
import { SDKS, composioFor } from '../helpers/sdks';

// The endpoints SDK 0.21.0 / 1.0.0-beta.1 added, over raw HTTP at /api/v3.1 (and /api/v3): revoke,
// toolkits multi and changelog, session update/delete/history/attach, execution logs and usage.
let s: TestServer;
let gh: FakeUpstream;
let idp: OAuth2Provider;

const v31 = (s: TestServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/v3.1${path}`, {
    method,
    headers: {
      'x-api-key': s.apiKey,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, headers: r.headers, body: (await r.json().catch(() => null)) as any }));

/** Wait until a condition holds (logs are written just behind the response). */
async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  gh = await startFakeUpstream();
  gh.on('POST', '/repos/:owner/:repo/issues', (req) => ({
    status: 201,
    json: { number: 7, title: (req.json as any)?.title },
  }));
  gh.on('GET', '/user', () => ({ json: { login: 'octocat' } }));
  // GitHub's own revoke route (not RFC 7009): the app's credentials in Basic auth, the token in the body
  gh.on('DELETE', '/applications/:client/token', (req, p) => {
    const basic = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64').toString();
    if (basic !== `${p.client}:${idp.clientSecret}`) return { status: 401, json: { message: 'Bad credentials' } };
    return idp.issuedAccessTokens.includes((req.json as any)?.access_token) ? { status: 204 } : { status: 404 };
  });
  idp = await startOAuth2Provider();
  s = await startServer();
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close(), idp?.stop()]);
});

async function githubApiKeyAccount(user: string) {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: user,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_valid', base_url: gh.url } },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { accountId: r.body.id as string, authConfigId: ac.body.auth_config.id as string };
}

describe('POST /connected_accounts/{id}/revoke', () => {
  it('revokes refresh and access token at the provider (RFC 7009), marks the account REVOKED, and is idempotent', async () => {
    const acId = await oauth2Config(s, idp, { revocation_url: idp.revokeUrl });
    const id = await connectOAuth2(s, acId, 'revoker');
    const before = await s.api('GET', `/connected_accounts/${id}`);
    expect(before.body.status).toBe('ACTIVE');
    const refresh = idp.issuedRefreshTokens.at(-1)!;
    const access = idp.issuedAccessTokens.at(-1)!;
    idp.revocations.length = 0;

    // the SDK posts with no body at all
    const r = await fetch(`${s.url}/api/v3.1/connected_accounts/${id}/revoke`, {
      method: 'POST',
      headers: { 'x-api-key': s.apiKey },
    });
    const body = (await r.json()) as any;
    expect(r.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      revoked_tokens: ['refresh_token', 'access_token'],
      connected_account: { id, status: 'REVOKED' },
    });
    expect(idp.revocations.map((x) => [x.token, x.token_type_hint, x.authenticated])).toEqual([
      [refresh, 'refresh_token', true],
      [access, 'access_token', true],
    ]);
    const after = await s.api('GET', `/connected_accounts/${id}`);
    expect(after.body.status).toBe('REVOKED');
    expect(after.body.status_reason).toBe('Revoked via user-initiated revoke endpoint');
    expect(JSON.stringify(after.body)).not.toContain(refresh);
    const listed = await s.api('GET', '/connected_accounts?statuses=REVOKED');
    expect(listed.body.items.map((i: any) => i.id)).toContain(id);

    // again: 200, nothing revoked, the provider is not called
    const again = await v31(s, 'POST', `/connected_accounts/${id}/revoke`, {});
    expect(again.status).toBe(200);
    expect(again.body.revoked_tokens).toEqual([]);
    expect(idp.revocations).toHaveLength(2);
    // the v3 prefix serves the same route
    expect((await s.api('POST', `/connected_accounts/${id}/revoke`)).status).toBe(200);
  });

  it("uses the provider's own revoke route where it has one (GitHub), on the auth config's API base", async () => {
    const acId = await oauth2Config(s, idp, { base_url: gh.url });
    const id = await connectOAuth2(s, acId, 'revoke-github');
    const access = idp.issuedAccessTokens.at(-1)!;
    gh.reset();
    const r = await v31(s, 'POST', `/connected_accounts/${id}/revoke`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.revoked_tokens).toEqual(['access_token']);
    const call = gh.requests.find((q) => q.method === 'DELETE')!;
    expect(call.path).toBe(`/applications/${idp.clientId}/token`);
    expect(JSON.parse(call.body.toString())).toEqual({ access_token: access });
  });

  it('answers 400 for schemes and toolkits without revocation, 409 (no retry) for accounts not ACTIVE, 404 for unknown ids', async () => {
    const { accountId } = await githubApiKeyAccount('revoke-api-key');
    const apiKey = await v31(s, 'POST', `/connected_accounts/${accountId}/revoke`);
    expect(apiKey.status).toBe(400);
    expect(apiKey.body.error.slug).toBe('ConnectedAccount_RevocationNotSupported');
    expect(apiKey.body.error.message).toContain('API_KEY');

    // an OAuth toolkit with no known revocation endpoint (Spotify publishes none)
    const spotify = await oauth2Config(s, idp, {}, 'spotify');
    const sp = await connectOAuth2(s, spotify, 'revoke-spotify');
    const unsupported = await v31(s, 'POST', `/connected_accounts/${sp}/revoke`);
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error.slug).toBe('ConnectedAccount_RevocationNotSupported');

    const acId = await oauth2Config(s, idp, { revocation_url: idp.revokeUrl });
    const id = await connectOAuth2(s, acId, 'revoke-disabled');
    expect((await s.api('PATCH', `/connected_accounts/${id}/status`, { enabled: false })).status).toBe(200);
    const calls = idp.revocations.length;
    const inactive = await v31(s, 'POST', `/connected_accounts/${id}/revoke`);
    expect(inactive.status).toBe(409);
    expect(inactive.headers.get('x-should-retry')).toBe('false');
    expect(inactive.body.error.slug).toBe('ConnectedAccount_NotRevokable');
    expect(idp.revocations).toHaveLength(calls);

    const missing = await v31(s, 'POST', '/connected_accounts/ca_doesnotexist0/revoke');
    expect(missing.status).toBe(404);
  });

  it('leaves the account ACTIVE when the provider cannot be reached, and answers 500 without retry', async () => {
    const acId = await oauth2Config(s, idp, { revocation_url: idp.revokeUrl });
    const id = await connectOAuth2(s, acId, 'revoke-down');
    idp.revokeFailure = 'unavailable';
    try {
      const r = await v31(s, 'POST', `/connected_accounts/${id}/revoke`);
      expect(r.status).toBe(500);
      expect(r.body.error.slug).toBe('ConnectedAccount_RevocationFailed');
      expect(r.headers.get('x-should-retry')).toBe('false');
      expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('ACTIVE');
    } finally {
      idp.revokeFailure = null;
    }
    const ok = await v31(s, 'POST', `/connected_accounts/${id}/revoke`);
    expect(ok.status).toBe(200);
    expect(ok.body.revoked_tokens).toEqual(['refresh_token', 'access_token']);
  });
});

describe('toolkits: multi and changelog', () => {
  it('POST /toolkits/multi returns the named toolkits with the list filters; unknown slugs are absent', async () => {
    const r = await v31(s, 'POST', '/toolkits/multi', { toolkits: ['github', 'SLACK', 'no_such_toolkit'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.map((i: any) => i.slug).sort()).toEqual(['github', 'slack']);
    expect(r.body.items[0]).toMatchObject({ type: 'native', is_local_toolkit: false });
    expect(r.body.total_items).toBe(2);
    const sorted = await v31(s, 'POST', '/toolkits/multi', {
      toolkits: ['slack', 'github', 'gmail'],
      sort_by: 'alphabetically',
      limit: 2,
    });
    expect(sorted.body.items.map((i: any) => i.slug)).toEqual(['github', 'gmail']);
    expect(sorted.body.next_cursor).toBeTruthy();
    const next = await v31(s, 'POST', '/toolkits/multi', {
      toolkits: ['slack', 'github', 'gmail'],
      sort_by: 'alphabetically',
      limit: 2,
      cursor: sorted.body.next_cursor,
    });
    expect(next.body.items.map((i: any) => i.slug)).toEqual(['slack']);
    const bad = await v31(s, 'POST', '/toolkits/multi', { toolkits: 'github' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('toolkits');
    const badSort = await v31(s, 'POST', '/toolkits/multi', { toolkits: ['github'], sort_by: 'random' });
    expect(badSort.status).toBe(400);
  });

  it('GET /toolkits/changelog lists every toolkit with its versions; "changelog" is not read as a slug', async () => {
    const r = await v31(s, 'GET', '/toolkits/changelog');
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const github = r.body.items.find((i: any) => i.slug === 'github');
    expect(github).toMatchObject({ slug: 'github', name: 'github', display_name: 'GitHub' });
    expect(github.versions[0].version).toMatch(/^\d{8}_\d{2}$/);
    expect(github.versions[0].changelog).toMatch(/\d+ tools/);
    const all = await s.api('GET', '/toolkits?limit=1000');
    expect(r.body.items.length).toBe(all.body.total_items);
    expect((await s.api('GET', '/toolkits/changelog')).status).toBe(200);
  });
});

describe('tool router session: update, delete, config history, attach', () => {
  const create = async (user: string, extra: Record<string, unknown> = {}) => {
    const r = await v31(s, 'POST', '/tool_router/session', {
      user_id: user,
      toolkits: { enable: ['github'] },
      ...extra,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.session_id as string;
  };

  it('PATCH replaces, merges and clears; expected_config_version guards against lost updates', async () => {
    const id = await create('patcher', { manage_connections: { enable: true, callback_url: 'https://app.test/cb' } });
    const p1 = await v31(s, 'PATCH', `/tool_router/session/${id}`, {
      toolkits: { enable: ['github', 'slack'] },
      tools: { github: { enable: ['GITHUB_CREATE_AN_ISSUE'] } },
      manage_connections: { enable_wait_for_connections: true },
      search: { enable: false },
      expected_config_version: 1,
    });
    expect(p1.status, JSON.stringify(p1.body)).toBe(200);
    expect(p1.body.config_version).toBe(2);
    expect(p1.body.config.toolkits).toEqual({ enabled: ['github', 'slack'] });
    expect(p1.body.config.tools).toEqual({ github: { enabled: ['GITHUB_CREATE_AN_ISSUE'] } });
    // merged: the callback stays, the new flag is added
    expect(p1.body.config.manage_connections).toMatchObject({
      enabled: true,
      callback_url: 'https://app.test/cb',
      enable_wait_for_connections: true,
    });
    expect(p1.body.tool_router_tools).toContain('COMPOSIO_WAIT_FOR_CONNECTIONS');
    expect(p1.body.tool_router_tools).not.toContain('COMPOSIO_SEARCH_TOOLS');

    // a stale version: 409, typed, not to be retried, nothing written
    const stale = await v31(s, 'PATCH', `/tool_router/session/${id}`, {
      toolkits: { enable: ['gmail'] },
      expected_config_version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('x-should-retry')).toBe('false');
    expect(stale.body.error.slug).toBe('ToolRouter_SessionConfigConflict');
    const got = await v31(s, 'GET', `/tool_router/session/${id}`);
    expect(got.body.config_version).toBe(2);
    expect(got.body.config.toolkits).toEqual({ enabled: ['github', 'slack'] });

    // null clears; callback_url: null removes only the callback; no precondition = last writer wins
    const p2 = await v31(s, 'PATCH', `/tool_router/session/${id}`, {
      toolkits: null,
      tools: null,
      search: null,
      manage_connections: { callback_url: null },
    });
    expect(p2.status, JSON.stringify(p2.body)).toBe(200);
    expect(p2.body.config_version).toBe(3);
    expect(p2.body.config.toolkits).toBeUndefined();
    expect(p2.body.config.tools).toBeUndefined();
    expect(p2.body.config.manage_connections.callback_url).toBeUndefined();
    expect(p2.body.config.manage_connections.enable_wait_for_connections).toBe(true);
    expect(p2.body.tool_router_tools).toContain('COMPOSIO_SEARCH_TOOLS');

    // bad input: 400 in the error envelope, nothing written
    for (const bad of [
      { toolkits: { enable: ['no_such_toolkit'] } },
      { unknown_key: true },
      { expected_config_version: 0 },
      { manage_connections: { callback_url: '' } },
      { tools: { github: { enable: ['SLACK_SEND_MESSAGE'] } } },
    ]) {
      const r = await v31(s, 'PATCH', `/tool_router/session/${id}`, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.status).toBe(400);
    }
    expect((await v31(s, 'GET', `/tool_router/session/${id}`)).body.config_version).toBe(3);
    expect((await v31(s, 'PATCH', '/tool_router/session/trs_missing000000', {})).status).toBe(404);
  });

  it('concurrent updates with the same expected version: exactly one wins', async () => {
    const id = await create('racer');
    const results = await Promise.all(
      ['slack', 'gmail', 'notion', 'linear'].map((tk) =>
        v31(s, 'PATCH', `/tool_router/session/${id}`, { toolkits: { enable: [tk] }, expected_config_version: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const history = await v31(s, 'GET', `/tool_router/session/${id}/config_history`);
    expect(history.body.items.map((i: any) => i.version)).toEqual([2, 1]);

    // without a precondition every update applies, one after another: no version is lost or reused
    const free = await Promise.all(
      ['slack', 'gmail', 'notion'].map((tk) =>
        v31(s, 'PATCH', `/tool_router/session/${id}`, { toolkits: { enable: [tk] } }),
      ),
    );
    expect(free.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(free.map((r) => r.body.config_version).sort()).toEqual([3, 4, 5]);
    const after = await v31(s, 'GET', `/tool_router/session/${id}/config_history`);
    expect(after.body.items.map((i: any) => i.version)).toEqual([5, 4, 3, 2, 1]);
  });

  it('config_history: live config first, archived versions newest first, paged', async () => {
    const id = await create('historian');
    for (const tk of ['slack', 'gmail', 'notion'])
      expect((await v31(s, 'PATCH', `/tool_router/session/${id}`, { toolkits: { enable: [tk] } })).status).toBe(200);
    const all = await v31(s, 'GET', `/tool_router/session/${id}/config_history`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((i: any) => [i.version, i.is_current, i.config.toolkits.enabled[0]])).toEqual([
      [4, true, 'notion'],
      [3, false, 'gmail'],
      [2, false, 'slack'],
      [1, false, 'github'],
    ]);
    expect(all.body.total_items).toBe(4);
    const p1 = await v31(s, 'GET', `/tool_router/session/${id}/config_history?limit=3`);
    expect(p1.body.items).toHaveLength(3);
    const p2 = await v31(
      s,
      'GET',
      `/tool_router/session/${id}/config_history?limit=3&cursor=${encodeURIComponent(p1.body.next_cursor)}`,
    );
    expect(p2.body.items.map((i: any) => i.version)).toEqual([1]);
    expect((await v31(s, 'GET', `/tool_router/session/${id}/config_history?limit=101`)).status).toBe(400);
    expect((await v31(s, 'GET', `/tool_router/session/${id}/config_history?cursor=nonsense`)).status).toBe(400);
  });

  it('attach binds inline custom tools and toolkits; DELETE removes the session at once', async () => {
    const id = await create('attacher');
    const r = await v31(s, 'POST', `/tool_router/session/${id}/attach`, {
      experimental: {
        custom_tools: [
          {
            slug: 'shout',
            name: 'Shout',
            description: 'Upper-cases text',
            input_schema: { type: 'object', properties: { text: { type: 'string' } } },
          },
        ],
        custom_toolkits: [
          {
            slug: 'dev_tools',
            name: 'Dev tools',
            description: 'Local helpers',
            tools: [
              {
                slug: 'grep',
                name: 'Grep',
                description: 'Search files',
                input_schema: { type: 'object', properties: { pattern: { type: 'string' } } },
              },
            ],
          },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.experimental.custom_tools[0]).toMatchObject({ slug: 'LOCAL_SHOUT', original_slug: 'shout' });
    expect(r.body.experimental.custom_toolkits[0].tools[0]).toMatchObject({
      slug: 'LOCAL_DEV_TOOLS_GREP',
      original_slug: 'grep',
    });
    const bad = await v31(s, 'POST', `/tool_router/session/${id}/attach`, {
      experimental: { custom_tools: [{ slug: 'x', name: 'X', description: 'x', input_schema: { type: 'string' } }] },
    });
    expect(bad.status).toBe(400);
    const clash = await v31(s, 'POST', `/tool_router/session/${id}/attach`, {
      experimental: { custom_toolkits: [{ slug: 'github', name: 'G', description: 'g', tools: [] }] },
    });
    expect(clash.status).toBe(400);

    const del = await v31(s, 'DELETE', `/tool_router/session/${id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ session_id: id, deleted: true });
    expect((await v31(s, 'GET', `/tool_router/session/${id}`)).status).toBe(404);
    expect(
      (await v31(s, 'POST', `/tool_router/session/${id}/execute`, { tool_slug: 'COMPOSIO_SEARCH_TOOLS' })).status,
    ).toBe(404);
    expect((await v31(s, 'GET', `/tool_router/session/${id}/config_history`)).status).toBe(404);
    expect((await v31(s, 'DELETE', `/tool_router/session/${id}`)).status).toBe(404);
  });

  it.each(SDKS.filter((x) => x.version === '0.19.0'))('@composio/core $version session.delete() works', async (sdk) => {
    const composio = composioFor(sdk, s);
    const session = await composio.create('sdk019-deleter', { toolkits: ['github'] });
    const r = await session.delete();
    expect(r).toMatchObject({ sessionId: session.sessionId, deleted: true });
    await expect(composio.use(session.sessionId)).rejects.toThrow();
  });
});

describe('logs: POST /logs/tool_execution and GET /logs/tool_execution/{id}', () => {
  it('filters by tool, toolkit, account, auth config, status, user, session and request id; pages with a cursor', async () => {
    const { accountId, authConfigId } = await githubApiKeyAccount('logger');
    const requestId = `req_logtest_${Date.now()}`;
    const direct = await v31(
      s,
      'POST',
      '/tools/execute/GITHUB_CREATE_AN_ISSUE',
      { connected_account_id: accountId, arguments: { owner: 'a', repo: 'b', title: 'x' }, version: 'latest' },
      { 'x-request-id': requestId },
    );
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    const failed = await v31(s, 'POST', '/tools/execute/GITHUB_GET_A_REPOSITORY', {
      connected_account_id: accountId,
      arguments: { owner: 'a', repo: 'missing' },
      version: 'latest',
    });
    expect(failed.body.successful).toBe(false);
    const session = await v31(s, 'POST', '/tool_router/session', {
      user_id: 'logger',
      toolkits: { enable: ['github'] },
    });
    const sessionId = session.body.session_id as string;
    const inSession = await v31(s, 'POST', `/tool_router/session/${sessionId}/execute`, {
      tool_slug: 'GITHUB_CREATE_AN_ISSUE',
      arguments: { owner: 'a', repo: 'b', title: 'y' },
    });
    expect(inSession.status, JSON.stringify(inSession.body)).toBe(200);

    const search = (body: unknown) => v31(s, 'POST', '/logs/tool_execution', body);
    const byFilter = (field: string, value: string, operator = '==') =>
      search({ filters: [{ field, operator, value }] }).then((r) => r.body.logs as any[]);
    const all = await until(
      () => search({}),
      (r) => r.body.logs?.length >= 3,
    );
    expect(all.status).toBe(200);
    // newest first; two calls may share a millisecond, so the entry is found by its id
    expect(all.body.logs.find((l: { id: string }) => l.id === inSession.body.log_id)).toMatchObject({
      type: 'tool.execution',
      level: 'info',
      parent: null,
      metrics: { duration_ms: expect.any(Number) },
    });

    expect((await byFilter('request_id', requestId)).map((l) => l.id)).toEqual([direct.body.log_id]);
    expect((await byFilter('session_id', sessionId)).map((l) => l.id)).toEqual([inSession.body.log_id]);
    expect((await byFilter('tool_slug', 'github_create_an_issue')).map((l) => l.id).sort()).toEqual(
      [direct.body.log_id, inSession.body.log_id].sort(),
    );
    expect((await byFilter('status', 'failed')).map((l) => l.id)).toEqual([failed.body.log_id]);
    expect((await byFilter('status', 'failed', '!=')).length).toBe(2);
    expect((await byFilter('connected_account_id', accountId)).length).toBe(3);
    expect((await byFilter('auth_config_id', authConfigId)).length).toBe(3);
    expect((await byFilter('user_id', 'logger')).length).toBe(3);
    expect((await byFilter('toolkit_slug', 'git', 'contains')).length).toBe(3);
    expect((await byFilter('tool_slug', 'REPOSITORY', 'not_contains')).length).toBe(2);
    expect((await byFilter('sandbox_id', 'sb_1')).length).toBe(0);
    expect((await byFilter('log_id', failed.body.log_id)).length).toBe(1);
    const both = await search({
      filters: [
        { field: 'user_id', operator: '==', value: 'logger' },
        { field: 'status', operator: '==', value: 'success' },
      ],
    });
    expect(both.body.logs).toHaveLength(2);
    const future = await search({ time_range: { from: Date.now() + 60_000, to: Date.now() + 120_000 } });
    expect(future.body.logs).toEqual([]);

    const p1 = await search({ limit: 2 });
    expect(p1.body.logs).toHaveLength(2);
    const p2 = await search({ limit: 2, cursor: p1.body.next_cursor });
    expect(p2.body.logs).toHaveLength(1);
    expect(p2.body.next_cursor).toBeNull();
    expect(new Set([...p1.body.logs, ...p2.body.logs].map((l: any) => l.id)).size).toBe(3);

    for (const bad of [
      { limit: 101 },
      { filters: [{ field: 'payload', operator: '==', value: 'x' }] },
      { filters: [{ field: 'status', operator: '~', value: 'x' }] },
      { time_range: { from: 10 } },
      { cursor: 'garbage' },
    ]) {
      const r = await search(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.status).toBe(400);
    }

    const detail = await v31(s, 'GET', `/logs/tool_execution/${inSession.body.log_id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: inSession.body.log_id,
      status: 'success',
      context: { session_id: sessionId },
      source: { host: 'tool_router' },
      metadata: { tool_slug: 'GITHUB_CREATE_AN_ISSUE', toolkit_slug: 'github', connected_account_id: accountId },
      data: { request: { method: 'POST' }, response: { http_status: 201 }, payloads_retained: false },
    });
    expect(detail.body.timings.end_time).toBeGreaterThanOrEqual(detail.body.timings.start_time);
    expect(JSON.stringify(detail.body)).not.toContain('ghp_valid');
    const direct2 = await v31(s, 'GET', `/logs/tool_execution/${direct.body.log_id}`);
    expect(direct2.body.context).toEqual({ request_id: requestId });
    expect((await v31(s, 'GET', '/logs/tool_execution/log_missing')).status).toBe(404);
  });
});

describe('usage: project and organization', () => {
  it('summary and breakdown count tool calls, proxy calls and sessions, with filters and ordering', async () => {
    const { accountId } = await githubApiKeyAccount('metered');
    for (let i = 0; i < 3; i++) {
      const r = await v31(s, 'POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE', {
        connected_account_id: accountId,
        arguments: { owner: 'a', repo: 'b', title: `t${i}` },
        version: 'latest',
      });
      expect(r.status).toBe(200);
    }
    const proxy = await v31(s, 'POST', '/tools/execute/proxy', {
      endpoint: '/user',
      method: 'GET',
      connected_account_id: accountId,
    });
    expect(proxy.status).toBe(200);
    await v31(s, 'POST', '/tool_router/session', { user_id: 'metered' });

    const summary = await until(
      () => v31(s, 'POST', '/project/usage/summary', { filters: { user_id: ['metered'] } }),
      (r) => r.body?.entities?.tool_calls?.event_count === 3,
    );
    expect(summary.status).toBe(200);
    expect(summary.body.entities).toEqual({
      tool_calls: { unit: 'calls', total_quantity: '3', event_count: 3 },
      proxy_calls: { unit: 'calls', total_quantity: '1', event_count: 1 },
      sessions: { unit: 'sessions', total_quantity: '1', event_count: 1 },
    });
    const onlySessions = await v31(s, 'POST', '/project/usage/summary', { entity_types: ['sessions'] });
    expect(Object.keys(onlySessions.body.entities)).toEqual(['sessions']);
    const past = await v31(s, 'POST', '/project/usage/summary', { from: 0, to: 1000 });
    expect(past.body.entities.tool_calls.event_count).toBe(0);

    const byTool = await v31(s, 'POST', '/project/usage/tool_calls', { filters: { user_id: ['metered'] } });
    expect(byTool.status).toBe(200);
    expect(byTool.body).toEqual({
      entity_type: 'tool_calls',
      unit: 'calls',
      total_quantity: '3',
      event_count: 3,
      groups: [{ key: 'GITHUB_CREATE_AN_ISSUE', total_quantity: '3', event_count: 3 }],
    });
    const byUser = await v31(s, 'POST', '/project/usage/sessions', { order_by: 'key', order_direction: 'asc' });
    const keys = byUser.body.groups.map((g: any) => g.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toContain('metered');

    for (const [path, body] of [
      ['/project/usage/bananas', {}],
      ['/project/usage/tool_calls', { group_by: 'payload' }],
      ['/project/usage/tool_calls', { limit: 1001 }],
      ['/project/usage/summary', { entity_types: ['bananas'] }],
      ['/project/usage/summary', { from: 2000, to: 1000 }],
    ] as const) {
      const r = await v31(s, 'POST', path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error.status).toBe(400);
    }

    // the organization's view: with the org key, across its projects or some of them
    const org = { 'x-api-key': '', 'x-org-api-key': s.orgKey };
    const orgHeaders = (body: unknown, path: string) =>
      fetch(`${s.url}/api/v3.1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-org-api-key': org['x-org-api-key'] },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const orgSummary = await orgHeaders({ filters: { user_id: ['metered'] } }, '/org/usage/summary');
    expect(orgSummary.status, JSON.stringify(orgSummary.body)).toBe(200);
    expect(orgSummary.body.entities.tool_calls.event_count).toBe(3);
    const projects = await fetch(`${s.url}/api/v3/org/owner/project/list`, {
      headers: { 'x-org-api-key': s.orgKey },
    }).then((r) => r.json() as Promise<any>);
    const projectId = projects.items[0].id as string;
    const orgByProject = await orgHeaders({ group_by: 'project_id' }, '/org/usage/tool_calls');
    expect(orgByProject.status, JSON.stringify(orgByProject.body)).toBe(200);
    expect(orgByProject.body.groups.map((g: any) => g.key)).toContain(projectId);
    const foreign = await orgHeaders({ filters: { project_id: ['proj_not_ours'] } }, '/org/usage/summary');
    expect(foreign.status).toBe(400);
    // the project key cannot read the org view
    expect((await v31(s, 'POST', '/org/usage/summary', {})).status).toBe(401);
  });
});
