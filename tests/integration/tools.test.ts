import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeGitHub, startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

let s: TestServer;
let gh: Awaited<ReturnType<typeof startFakeGitHub>>;
let up: FakeUpstream;

beforeAll(async () => {
  [s, gh, up] = await Promise.all([
    startServer({ env: { JUNCTION_TOOL_TIMEOUT_MS: '1500' } }),
    startFakeGitHub({ token: 'ghp_valid' }),
    startFakeUpstream(),
  ]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close(), up?.close()]);
});

async function authConfig(toolkit: string, scheme: string, credentials: Record<string, unknown> = {}) {
  const r = await s.api('POST', '/auth_configs', {
    toolkit: { slug: toolkit },
    auth_config: { type: 'use_custom_auth', authScheme: scheme, credentials },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.auth_config.id as string;
}

async function account(
  toolkit: string,
  scheme: string,
  val: Record<string, unknown>,
  user = 'user-1',
  credentials: Record<string, unknown> = {},
) {
  const ac = await authConfig(toolkit, scheme, credentials);
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac },
    connection: { user_id: user, state: { authScheme: scheme, val: { status: 'ACTIVE', ...val } } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

const exec = (slug: string, body: Record<string, unknown>) => s.api('POST', `/tools/execute/${slug}`, body);

describe('tool catalog', () => {
  it('lists tools of several toolkits (comma list) with important=true and toolkit_versions', async () => {
    const r = await s.api('GET', '/tools?toolkit_slug=github,slack&important=true&toolkit_versions=latest');
    expect(r.status).toBe(200);
    const kits = new Set(r.body.items.map((t: any) => t.toolkit.slug));
    expect(kits).toEqual(new Set(['github', 'slack']));
    expect(r.body.items.length).toBeGreaterThan(5);
    const t = r.body.items[0];
    expect(t.input_parameters.type).toBe('object');
    expect(typeof t.input_parameters.properties).toBe('object');
    expect(t.toolkit.name).toBeTruthy();
    expect(r.body.total_items).toBe(r.body.items.length);
  });

  it('by tool_slugs with limit=9999 (clamped), in the order asked', async () => {
    const r = await s.api(
      'GET',
      '/tools?tool_slugs=GITHUB_GET_THE_AUTHENTICATED_USER,github_create_an_issue&limit=9999&toolkit_versions[github]=20250902_00',
    );
    expect(r.status).toBe(200);
    expect(r.body.items.map((t: any) => t.slug)).toEqual([
      'GITHUB_GET_THE_AUTHENTICATED_USER',
      'GITHUB_CREATE_AN_ISSUE',
    ]);
  });

  it('paginates with cursor and limit, and searches with query', async () => {
    const p1 = await s.api('GET', '/tools?toolkit_slug=gitlab&limit=10');
    expect(p1.body.items).toHaveLength(10);
    expect(p1.body.next_cursor).toBeTruthy();
    const p2 = await s.api('GET', `/tools?toolkit_slug=gitlab&limit=10&cursor=${p1.body.next_cursor}`);
    expect(p2.body.current_page).toBe(2);
    expect(p2.body.items[0].slug).not.toBe(p1.body.items[0].slug);
    const q = await s.api('GET', '/tools?query=create%20issue&toolkit_slug=github&limit=5');
    expect(q.body.items[0].slug).toBe('GITHUB_CREATE_AN_ISSUE');
    const search = await s.api('GET', '/tools?search=send%20email&limit=5');
    expect(search.body.items.length).toBeGreaterThan(0);
  });

  it('filters by tags, hides deprecated tools unless asked', async () => {
    const tagged = await s.api('GET', '/tools?toolkit_slug=github&tags=issues&limit=1000');
    expect(tagged.body.items.length).toBeGreaterThan(0);
    expect(tagged.body.items.every((t: any) => t.tags.includes('issues'))).toBe(true);
    const plain = await s.api('GET', '/tools?toolkit_slug=github&limit=1000');
    const withDep = await s.api('GET', '/tools?toolkit_slug=github&limit=1000&include_deprecated=true');
    expect(plain.body.items.some((t: any) => t.is_deprecated)).toBe(false);
    expect(withDep.body.total_items).toBeGreaterThan(plain.body.total_items);
    // the toolkit's own count, its card in the list and the listed tools say the same figure
    const one = await s.api('GET', '/toolkits/github');
    const cards = await s.api('GET', '/toolkits?limit=1000');
    const card = cards.body.items.find((t: any) => t.slug === 'github');
    expect([one.body.meta.tools_count, card.meta.tools_count]).toEqual([
      plain.body.total_items,
      plain.body.total_items,
    ]);
  });

  it('filters by auth_config_ids', async () => {
    const ac = await authConfig('sendgrid', 'API_KEY');
    const r = await s.api('GET', `/tools?auth_config_ids=${ac}&limit=1000`);
    expect(r.body.items.length).toBeGreaterThan(0);
    expect(r.body.items.every((t: any) => t.toolkit.slug === 'sendgrid')).toBe(true);
  });

  it('GET /tools/enum is a bare string array; static paths win over slugs', async () => {
    const r = await s.api('GET', '/tools/enum');
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body.length).toBeGreaterThan(6000);
    expect(r.body).toContain('GITHUB_CREATE_AN_ISSUE');
  });

  it('GET /tools/{slug} (case-insensitive, with version) and 404 for unknown', async () => {
    const r = await s.api('GET', '/tools/github_create_an_issue?version=20250909_00');
    expect(r.status).toBe(200);
    expect(r.body.slug).toBe('GITHUB_CREATE_AN_ISSUE');
    expect(r.body.input_parameters.required).toEqual(expect.arrayContaining(['owner', 'repo', 'title']));
    const nf = await s.api('GET', '/tools/GITHUB_NOPE_NOT_A_TOOL');
    expect(nf.status).toBe(404);
    expect(nf.body.error.slug).toBe('Tool_ToolNotFound');
    const bad = await s.api('GET', '/tools/GITHUB_CREATE_AN_ISSUE?version=v1;drop');
    expect(bad.status).toBe(400);
  });
});

describe('execute', () => {
  it('creates a GitHub issue through the fake GitHub (bearer, path + body building)', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_valid', base_url: gh.url });
    gh.reset();
    const r = await exec('GITHUB_CREATE_AN_ISSUE', {
      connected_account_id: ca,
      user_id: 'user-1',
      version: '20250909_00',
      arguments: { owner: 'octo org', repo: 'hello', title: 'Found a bug', body: 'It breaks', labels: ['bug'] },
    });
    expect(r.status).toBe(200);
    expect(r.body.successful).toBe(true);
    expect(r.body.error).toBeNull();
    expect(r.body.data).toMatchObject({ title: 'Found a bug', labels: ['bug'] });
    expect(r.body.log_id).toMatch(/^log_/);
    const req = gh.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/repos/octo%20org/hello/issues');
    expect(req.headers.authorization).toBe('Bearer ghp_valid');
    expect(req.headers['x-github-api-version']).toBe('2022-11-28');
    expect(req.json).toEqual({ title: 'Found a bug', body: 'It breaks', labels: ['bug'] });
  });

  it('resolves the account from user_id + toolkit; the most recently used of several; arrays wrap as items', async () => {
    const a1 = await account('github', 'API_KEY', { api_key: 'ghp_valid', base_url: gh.url }, 'multi');
    const a2 = await account('github', 'API_KEY', { api_key: 'ghp_other', base_url: gh.url }, 'multi');
    // use a1 explicitly: it becomes the most recently used
    const first = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: a1, arguments: {} });
    expect(first.body.successful).toBe(true);
    await s.api('GET', '/logs/tools?limit=1'); // flushes the write-behind queue
    gh.reset();
    const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { user_id: 'multi', arguments: {} });
    expect(r.body.successful).toBe(true);
    expect(gh.last()!.headers.authorization).toBe('Bearer ghp_valid');
    // then a2 explicitly → user_id alone now picks a2 (and gets GitHub's 401 for its token)
    await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: a2, arguments: {} });
    await s.api('GET', '/logs/tools?limit=1');
    const r2 = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { user_id: 'multi', arguments: {} });
    expect(gh.last()!.headers.authorization).toBe('Bearer ghp_other');
    expect(r2.body.successful).toBe(false);
    const list = await exec('GITHUB_LIST_REPOSITORY_ISSUES', {
      connected_account_id: a1,
      arguments: { owner: 'o', repo: 'r' },
    });
    expect(list.body.successful).toBe(true);
    expect(Array.isArray(list.body.data.items)).toBe(true);
  });

  it('upstream 4xx and 5xx are successful:false with status and message in data', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_bad', base_url: gh.url });
    const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
    expect(r.status).toBe(200);
    expect(r.body.successful).toBe(false);
    expect(r.body.data.status_code).toBe(401);
    expect(r.body.data.message).toContain('Bad credentials');
    expect(r.body.error).toBe(r.body.data.message);
    expect(r.body.data.http_error).toMatchObject({ message: 'Bad credentials' });

    up.on('GET', '/v3/scopes', () => ({ status: 503, text: 'upstream overloaded' }));
    const sg = await account('sendgrid', 'API_KEY', { api_key: 'SG.x', base_url: `${up.url}/v3` });
    const r5 = await exec('SENDGRID_GET_SCOPES', { connected_account_id: sg, arguments: {} });
    expect(r5.status).toBe(200);
    expect(r5.body.successful).toBe(false);
    expect(r5.body.data.status_code).toBe(503);
    expect(r5.body.error).toContain('upstream overloaded');
  });

  it('upstream timeout is successful:false without a retry header problem', async () => {
    up.on('GET', '/slow/user', () => ({ delayMs: 4000, json: { late: true } }));
    const ca = await account('github', 'API_KEY', { api_key: 'k', base_url: `${up.url}/slow` });
    const t0 = Date.now();
    const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
    expect(Date.now() - t0).toBeLessThan(3500);
    expect(r.body.successful).toBe(false);
    expect(r.body.data.http_error).toBe('upstream_timeout');
    expect(r.body.error).toMatch(/did not answer within 1500 ms/);
  });

  it('never follows an upstream redirect (into a private address or anywhere)', async () => {
    const inner = await startFakeUpstream();
    try {
      inner.on('GET', '/secret', () => ({ json: { secret: true } }));
      up.on('GET', '/redir/user', () => ({ status: 302, headers: { location: `${inner.url}/secret` } }));
      const ca = await account('github', 'API_KEY', { api_key: 'k', base_url: `${up.url}/redir` });
      const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
      expect(r.body.successful).toBe(false);
      expect(r.body.data.status_code).toBe(302);
      expect(inner.requests).toHaveLength(0);
    } finally {
      await inner.close();
    }
  });

  it('validates arguments against the schema: a 400 naming each bad field', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_valid', base_url: gh.url });
    gh.reset();
    const r = await exec('GITHUB_CREATE_AN_ISSUE', { connected_account_id: ca, arguments: { owner: 5, labels: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.error.errors).toEqual(
      expect.arrayContaining([
        'arguments.repo: is required',
        'arguments.title: is required',
        'arguments.owner: must be string',
        'arguments.labels: must be array',
      ]),
    );
    expect(gh.requests).toHaveLength(0);
  });

  it('credential placements: header (GitLab PRIVATE-TOKEN), query (Trello key+token), basic (Jira with {subdomain})', async () => {
    up.on('GET', '/gitlab/api/v4/user', () => ({ json: { id: 7 } }));
    const gl = await account('gitlab', 'API_KEY', { api_key: 'glpat-123', base_url: `${up.url}/gitlab/api` });
    const tool = (await s.api('GET', '/tools?toolkit_slug=gitlab&query=current%20user&limit=50')).body.items.find(
      (t: any) => /USER/.test(t.slug) && Object.keys(t.input_parameters.properties).length === 0,
    );
    up.reset();
    const r1 = await exec(tool?.slug ?? 'GITLAB_GET_CURRENT_USER', { connected_account_id: gl, arguments: {} });
    expect(r1.body.successful, JSON.stringify(r1.body)).toBe(true);
    expect(up.last()!.headers['private-token']).toBe('glpat-123');
    expect(up.last()!.headers.authorization).toBeUndefined();

    up.on('GET', '/trello/1/actions/:id', (_r, p) => ({ json: { id: p.id } }));
    const tr = await account('trello', 'API_KEY', {
      api_key: 'trello-key',
      token: 'trello-token',
      base_url: `${up.url}/trello/1`,
    });
    const r2 = await exec('TRELLO_GET_ACTIONS_BY_ID_ACTION', {
      connected_account_id: tr,
      arguments: { idAction: 'a1', fields: 'all' },
    });
    expect(r2.body.successful, JSON.stringify(r2.body)).toBe(true);
    expect(up.last()!.query.get('key')).toBe('trello-key');
    expect(up.last()!.query.get('token')).toBe('trello-token');
    expect(up.last()!.query.get('fields')).toBe('all');

    // Jira: base URL template https://{subdomain}.atlassian.net — fill from the account
    const jira = await account('jira', 'BASIC', {
      username: 'me@x.io',
      password: 'api-token',
      subdomain: 'acme',
      base_url: `${up.url}/jira`,
    });
    up.on('GET', '/jira/rest/api/3/myself', () => ({ json: { accountId: 'j1' } }));
    // GET /rest/api/3/myself, found by its purpose
    const myself = (await s.api('GET', '/tools?toolkit_slug=jira&query=current%20user&limit=50')).body.items.find(
      (t: any) => /CURRENT_USER|MYSELF/.test(t.slug),
    );
    expect(myself, 'a Jira tool for the current user').toBeDefined();
    const r3 = await exec(myself.slug, { connected_account_id: jira, arguments: {} });
    expect(r3.body.successful, JSON.stringify(r3.body)).toBe(true);
    expect(up.last()!.headers.authorization).toBe(`Basic ${Buffer.from('me@x.io:api-token').toString('base64')}`);
  });

  it('form bodies (Stripe, deepObject brackets) and OAuth1 signatures (Trello)', async () => {
    up.on('POST', '/stripe/v1/customers', (r) => ({
      json: { id: 'cus_1', form: r.body.toString('utf8'), ct: r.headers['content-type'] },
    }));
    const st = await account('stripe', 'API_KEY', { api_key: 'sk_test_1', base_url: `${up.url}/stripe` });
    const r = await exec('STRIPE_POST_CUSTOMERS', {
      connected_account_id: st,
      arguments: { email: 'a@b.co', metadata: { plan: 'pro' }, expand: ['tax'] },
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data.ct).toBe('application/x-www-form-urlencoded');
    expect([...new URLSearchParams(r.body.data.form as string)].sort()).toEqual([
      ['email', 'a@b.co'],
      ['expand[]', 'tax'],
      ['metadata[plan]', 'pro'],
    ]);
    expect(up.last()!.headers.authorization).toBe('Bearer sk_test_1');

    // OAuth1: HMAC-SHA1 over method, URL and all parameters (RFC 5849), recomputed here by hand
    up.on('GET', '/trello1/1/actions/:id', (req) => ({
      json: { auth: req.headers.authorization, query: req.query.toString() },
    }));
    const tr = await account(
      'trello',
      'OAUTH1',
      { oauth_token: 'tok-1', oauth_token_secret: 'tok-secret', base_url: `${up.url}/trello1/1` },
      'oauth1-user',
      { client_id: 'consumer-key', client_secret: 'consumer-secret' },
    );
    const o = await exec('TRELLO_GET_ACTIONS_BY_ID_ACTION', {
      connected_account_id: tr,
      arguments: { idAction: 'a 1', fields: 'name,date' },
    });
    expect(o.body.successful, JSON.stringify(o.body)).toBe(true);
    const header = o.body.data.auth as string;
    expect(header).toMatch(/^OAuth /);
    const p = Object.fromEntries(
      [...header.slice(6).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], decodeURIComponent(m[2]!)]),
    );
    expect(p).toMatchObject({
      oauth_consumer_key: 'consumer-key',
      oauth_token: 'tok-1',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_version: '1.0',
    });
    const enc = (x: string) =>
      encodeURIComponent(x).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const params: [string, string][] = [
      ['fields', 'name,date'],
      ...(Object.entries(p).filter(([k]) => k !== 'oauth_signature') as [string, string][]),
    ];
    const norm = params
      .map(([k, v]) => [enc(k), enc(v)])
      .sort((a, b) => (a[0] === b[0] ? (a[1]! < b[1]! ? -1 : 1) : a[0]! < b[0]! ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const base = ['GET', enc(`${up.url}/trello1/1/actions/a%201`), enc(norm)].join('&');
    const { createHmac } = await import('node:crypto');
    expect(p.oauth_signature).toBe(createHmac('sha1', 'consumer-secret&tok-secret').update(base).digest('base64'));
  });

  it('on an upstream 401 refreshes the OAuth token once and retries', async () => {
    let tokenCalls = 0;
    up.on('POST', '/oauth/token', (r) => {
      tokenCalls++;
      const form = new URLSearchParams(r.body.toString('utf8'));
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'refresh-1')
        return { status: 400, json: { error: 'invalid_grant' } };
      return {
        json: { access_token: 'fresh-token', token_type: 'bearer', expires_in: 3600, refresh_token: 'refresh-2' },
      };
    });
    up.on('GET', '/oauthapi/user', (r) =>
      r.headers.authorization === 'Bearer fresh-token'
        ? { json: { login: 'refreshed' } }
        : { status: 401, json: { message: 'Bad credentials' } },
    );
    const ca = await account(
      'github',
      'OAUTH2',
      { access_token: 'stale-token', refresh_token: 'refresh-1', expires_in: 3600, base_url: `${up.url}/oauthapi` },
      'oauth-user',
      { client_id: 'cid', client_secret: 'csecret', token_url: `${up.url}/oauth/token` },
    );
    up.reset();
    const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { login: 'refreshed' } });
    expect(tokenCalls).toBe(1);
    const calls = up.requests.filter((q) => q.path === '/oauthapi/user').map((q) => q.headers.authorization);
    expect(calls).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
    // the refreshed token was stored: the next call uses it directly
    up.reset();
    const again = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
    expect(again.body.successful).toBe(true);
    expect(up.requests.map((q) => q.headers.authorization)).toEqual(['Bearer fresh-token']);
    expect(tokenCalls).toBe(1);
  });

  it('refuses INACTIVE and disabled accounts with a clear error; 1803 when there is no account', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_valid', base_url: gh.url }, 'status-user');
    await s.api('PATCH', `/connected_accounts/${ca}/status`, { enabled: false });
    const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/INACTIVE|disabled/);
    expect(r.headers.get('x-should-retry')).toBeNull();
    const none = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { user_id: 'nobody-here', arguments: {} });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe(1803);
    const bogus = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', {
      connected_account_id: 'ca_doesnotexist123',
      arguments: {},
    });
    expect(bogus.body.error.code).toBe(1803);
  });

  it('an auth config limits which tools its accounts run (tool_access_config, and the deprecated restrict_to_following_tools)', async () => {
    const limited = async (auth_config: Record<string, unknown>, user: string) => {
      const ac = await s.api('POST', '/auth_configs', {
        toolkit: { slug: 'github' },
        auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', ...auth_config },
      });
      expect(ac.status, JSON.stringify(ac.body)).toBe(201);
      const ca = await s.api('POST', '/connected_accounts', {
        auth_config: { id: ac.body.auth_config.id },
        connection: {
          user_id: user,
          state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_valid', base_url: gh.url } },
        },
      });
      return { ac: ac.body.auth_config.id as string, ca: ca.body.id as string };
    };
    const viaAccess = await limited(
      { tool_access_config: { tools_available_for_execution: ['GITHUB_GET_THE_AUTHENTICATED_USER'] } },
      'limited-1',
    );
    const viaDeprecated = await limited(
      { restrict_to_following_tools: ['github_get_the_authenticated_user'] },
      'limited-2',
    );
    for (const { ac, ca } of [viaAccess, viaDeprecated]) {
      const ok = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
      expect(ok.status).toBe(200);
      expect(ok.body.successful).toBe(true);
      gh.reset();
      const refused = await exec('GITHUB_CREATE_AN_ISSUE', {
        connected_account_id: ca,
        arguments: { owner: 'o', repo: 'r', title: 't' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ slug: 'Tool_NotAllowedForAuthConfig' });
      expect(refused.body.error.message).toContain(ac);
      expect(gh.last()).toBeUndefined(); // nothing reached the provider
    }
    // Emptying the list lifts the limit.
    const patched = await s.api('PATCH', `/auth_configs/${viaAccess.ac}`, {
      type: 'custom',
      tool_access_config: { tools_available_for_execution: [] },
    });
    expect(patched.status).toBe(200);
    const now = await exec('GITHUB_CREATE_AN_ISSUE', {
      connected_account_id: viaAccess.ca,
      arguments: { owner: 'o', repo: 'r', title: 't' },
    });
    expect(now.status).toBe(200);
  });

  it('repeated upstream 401s expire the account (auth failure threshold); EXPIRED accounts are refused', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_revoked', base_url: gh.url }, 'expiring-user');
    for (let i = 0; i < 5; i++) {
      const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
      expect(r.body.data.status_code).toBe(401);
    }
    let status = '';
    for (let i = 0; i < 50 && status !== 'EXPIRED'; i++) {
      status = (await s.api('GET', `/connected_accounts/${ca}`)).body.status;
      if (status !== 'EXPIRED') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('EXPIRED');
    const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
    expect(r.status).toBe(400);
    expect(r.body.error.slug).toBe('ConnectedAccount_Expired');
    const byUser = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { user_id: 'expiring-user', arguments: {} });
    expect(byUser.status).toBe(400);
    expect(byUser.body.error.message).toMatch(/EXPIRED/);
  });

  it('custom_connection_data and custom_auth_params', async () => {
    gh.reset();
    const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', {
      user_id: 'x',
      arguments: {},
      custom_connection_data: {
        authScheme: 'OAUTH2',
        toolkitSlug: 'github',
        val: { access_token: 'ghp_valid', base_url: gh.url },
      },
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(gh.last()!.headers.authorization).toBe('Bearer ghp_valid');

    up.on('GET', '/cap/user', () => ({ json: { ok: 1 } }));
    const r2 = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', {
      user_id: 'x',
      arguments: {},
      custom_auth_params: {
        base_url: `${up.url}/cap`,
        parameters: [
          { in: 'header', name: 'X-Custom-Auth', value: 'abc' },
          { in: 'query', name: 'sig', value: 42 },
        ],
      },
    });
    expect(r2.body.successful, JSON.stringify(r2.body)).toBe(true);
    expect(up.last()!.headers['x-custom-auth']).toBe('abc');
    expect(up.last()!.query.get('sig')).toBe('42');
  });

  it('a binary response is staged and returned as a signed download URL', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(2000, 7)]);
    up.on('GET', '/bin/user', () => ({ body: png, headers: { 'content-type': 'image/png' } }));
    const ca = await account('github', 'API_KEY', { api_key: 'k', base_url: `${up.url}/bin` });
    const r = await exec('GITHUB_GET_THE_AUTHENTICATED_USER', { connected_account_id: ca, arguments: {} });
    expect(r.body.successful).toBe(true);
    expect(r.body.data.file).toMatchObject({ content_type: 'image/png', size: png.length });
    const dl = await fetch(r.body.data.file.url);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(png)).toBe(true);
    const tampered = r.body.data.file.url.replace(/signature=[0-9a-f]{4}/, 'signature=0000');
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('logs every execution without secrets: GET /logs/tools and /logs/tools/{id}', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_valid', base_url: gh.url }, 'logger');
    const r = await exec('GITHUB_CREATE_AN_ISSUE', {
      connected_account_id: ca,
      arguments: { owner: 'o', repo: 'r', title: 'secret-title-xyz' },
    });
    const one = await s.api('GET', `/logs/tools/${r.body.log_id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: r.body.log_id,
      kind: 'execute',
      tool_slug: 'GITHUB_CREATE_AN_ISSUE',
      toolkit_slug: 'github',
      connected_account_id: ca,
      user_id: 'logger',
      status: 'success',
      http_status: 201,
      method: 'POST',
      endpoint: `${gh.url}/repos/o/r/issues`,
    });
    expect(one.body.request_bytes).toBeGreaterThan(0);
    expect(one.body.response_bytes).toBeGreaterThan(0);
    expect(JSON.stringify(one.body)).not.toMatch(/ghp_valid|secret-title-xyz/);
    const list = await s.api('GET', `/logs/tools?connected_account_id=${ca}`);
    expect(list.body.items.map((l: any) => l.id)).toContain(r.body.log_id);
    const failed = await s.api('GET', '/logs/tools?status=failed&limit=200');
    expect(failed.body.items.length).toBeGreaterThan(0);
    expect(failed.body.items.every((l: any) => l.status === 'failed')).toBe(true);
    expect((await s.api('GET', '/logs/tools/log_nope1234567')).status).toBe(404);
  });

  it('documents the extensions in the OpenAPI document', async () => {
    const doc = await (await fetch(`${s.apiUrl}/openapi.json`)).json();
    expect(doc.paths['/api/v3/logs/tools'].get['x-junction-extension']).toBe(true);
    expect(doc.paths['/api/v3/toolkits/custom'].post['x-junction-extension']).toBe(true);
    expect(doc.paths['/api/v3/tools/execute/{slug}'].post['x-junction-extension']).toBeUndefined();
  });
});

describe('natural-language input without an LLM', () => {
  it('POST /tools/execute/{slug}/input fills what the text states and lists what is missing', async () => {
    const r = await s.api('POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE/input', {
      text: 'Open an issue in acme/web titled "Login fails"',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ arguments: { owner: 'acme', repo: 'web', title: 'Login fails' } });
    const partial = await s.api('POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE/input', { text: 'an issue titled "x"' });
    expect(partial.body.arguments).toEqual({ title: 'x' });
    expect(partial.body.error).toMatch(/owner, repo/);
  });

  it('execute with text instead of arguments', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_valid', base_url: gh.url }, 'texter');
    gh.reset();
    const r = await exec('GITHUB_CREATE_AN_ISSUE', {
      connected_account_id: ca,
      text: 'create an issue in acme/api titled "From text"',
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(gh.last()).toMatchObject({ path: '/repos/acme/api/issues', json: { title: 'From text' } });
    const vague = await exec('GITHUB_CREATE_AN_ISSUE', { connected_account_id: ca, text: 'do something' });
    expect(vague.status).toBe(400);
    expect(vague.body.error.message).toMatch(/owner, repo, title/);
  });
});

describe('proxy', () => {
  it('relative endpoint, header/query parameters, JSON body', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_valid', base_url: gh.url });
    gh.reset();
    const r = await s.api('POST', '/tools/execute/proxy', {
      endpoint: '/repos/a/b/issues',
      method: 'POST',
      connected_account_id: ca,
      parameters: [
        { name: 'X-Trace', type: 'header', value: 't1' },
        { name: 'page', type: 'query', value: '2' },
      ],
      body: { title: 'via proxy' },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(201);
    expect(r.body.data).toMatchObject({ title: 'via proxy' });
    expect(r.body.headers['content-type']).toContain('application/json');
    const req = gh.last()!;
    expect(req.headers.authorization).toBe('Bearer ghp_valid');
    expect(req.headers['x-trace']).toBe('t1');
    expect(req.query.get('page')).toBe('2');
  });

  it('upstream errors come back as their status; binary bodies as binary_data; base64 binary_body is sent raw', async () => {
    const ca = await account('github', 'API_KEY', { api_key: 'ghp_bad', base_url: gh.url });
    const r = await s.api('POST', '/tools/execute/proxy', {
      endpoint: '/user',
      method: 'GET',
      connected_account_id: ca,
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe(401);
    expect(r.body.data).toMatchObject({ message: 'Bad credentials' });

    const pdf = Buffer.from('%PDF-1.4 fake pdf bytes');
    up.on('GET', '/files/report.pdf', () => ({ body: pdf, headers: { 'content-type': 'application/pdf' } }));
    up.on('PUT', '/upload', (req) => ({
      json: { got: req.body.toString('base64'), type: req.headers['content-type'] },
    }));
    const ca2 = await account('github', 'API_KEY', { api_key: 'k', base_url: up.url });
    const b = await s.api('POST', '/tools/execute/proxy', {
      endpoint: '/files/report.pdf',
      method: 'GET',
      connected_account_id: ca2,
    });
    expect(b.body.status).toBe(200);
    expect(b.body.data).toBeUndefined();
    expect(b.body.binary_data).toMatchObject({ content_type: 'application/pdf', size: pdf.length });
    expect(Buffer.from(await (await fetch(b.body.binary_data.url)).arrayBuffer()).equals(pdf)).toBe(true);
    const u = await s.api('POST', '/tools/execute/proxy', {
      endpoint: '/upload',
      method: 'PUT',
      connected_account_id: ca2,
      binary_body: { base64: pdf.toString('base64'), content_type: 'application/pdf' },
    });
    expect(u.body.data).toEqual({ got: pdf.toString('base64'), type: 'application/pdf' });
  });

  it('requires an account', async () => {
    const r = await s.api('POST', '/tools/execute/proxy', { endpoint: '/user', method: 'GET' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(1803);
  });
});

describe('custom toolkits', () => {
  const petDoc = (server: string) => ({
    openapi: '3.0.3',
    info: { title: 'Pet Store', version: '1.0.0', description: 'Pets' },
    servers: [{ url: server }],
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Pet-Key' } } },
    security: [{ key: [] }],
    paths: {
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          summary: 'Get a pet',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            200: {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } },
            },
          },
        },
      },
      '/pets': {
        post: {
          operationId: 'addPet',
          summary: 'Add a pet',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: { name: { type: 'string' }, tag: { type: 'string' } },
                },
              },
            },
          },
          responses: { 201: { description: 'created' } },
        },
      },
    },
  });

  it('imports a JSON document, its tools run like built-in ones and are only visible to the project', async () => {
    const imp = await s.api('POST', '/toolkits/custom', { slug: 'petstore', document: petDoc(`${up.url}/pets-api`) });
    expect(imp.status, JSON.stringify(imp.body)).toBe(201);
    expect(imp.body.tools).toEqual(expect.arrayContaining(['PETSTORE_GET_A_PET', 'PETSTORE_ADD_A_PET']));
    expect(imp.body.auth_schemes).toEqual(['API_KEY']);

    const tk = await s.api('GET', '/toolkits/petstore');
    expect(tk.status).toBe(200);
    expect(tk.body.auth_config_details.map((d: any) => d.mode)).toEqual(['API_KEY']);
    const mine = await s.api('GET', '/toolkits?managed_by=project');
    expect(mine.body.items.map((t: any) => t.slug)).toContain('petstore');
    expect((await s.api('GET', '/toolkits/custom/petstore')).body).toMatchObject({
      slug: 'petstore',
      tools_count: 2,
      source_url: null,
    });
    const tools = await s.api('GET', '/tools?toolkit_slug=petstore&important=true');
    expect(tools.body.items.map((t: any) => t.slug).sort()).toEqual(['PETSTORE_ADD_A_PET', 'PETSTORE_GET_A_PET']);
    expect((await s.api('GET', '/tools/PETSTORE_GET_A_PET')).status).toBe(200);
    expect((await s.api('GET', '/tools/enum')).body).toContain('PETSTORE_ADD_A_PET');

    up.on('POST', '/pets-api/pets', (r) => ({ status: 201, json: { id: 9, ...(r.json as object) } }));
    const ca = await account('petstore', 'API_KEY', { api_key: 'pet-secret' });
    const r = await exec('PETSTORE_ADD_A_PET', { connected_account_id: ca, arguments: { name: 'Rex' } });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data).toEqual({ id: 9, name: 'Rex' });
    expect(up.last()!.headers['x-pet-key']).toBe('pet-secret');
    const bad = await exec('PETSTORE_GET_A_PET', { connected_account_id: ca, arguments: { petId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors).toContain('arguments.petId: must be integer');

    // another project does not see it
    const org = await fetch(`${s.apiUrl}/org/owner/project/new`, {
      method: 'POST',
      headers: { 'x-org-api-key': s.orgKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'other' }),
    });
    expect(org.status).toBe(201);
    const otherKey = ((await org.json()) as { api_key: string }).api_key;
    expect((await s.api('GET', '/tools/PETSTORE_GET_A_PET', undefined, { 'x-api-key': otherKey })).status).toBe(404);
    expect((await s.api('GET', '/toolkits/petstore', undefined, { 'x-api-key': otherKey })).status).toBe(404);
    const theirs = await s.api('GET', '/tools?toolkit_slug=petstore', undefined, { 'x-api-key': otherKey });
    expect(theirs.body.items).toEqual([]);
  });

  it('imports YAML text and by URL; replace and delete', async () => {
    const yaml = `openapi: 3.0.0\ninfo:\n  title: Echo\n  version: '1'\nservers:\n  - url: ${up.url}/echo\npaths:\n  /ping:\n    get:\n      operationId: ping\n      summary: Ping\n      responses:\n        '200':\n          description: ok\n`;
    const a = await s.api('POST', '/toolkits/custom', { slug: 'echo_yaml', document: yaml });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    up.on('GET', '/echo/ping', () => ({ json: { pong: true } }));
    const r = await exec('ECHO_YAML_PING', { user_id: 'u', arguments: {} });
    expect(r.body).toMatchObject({ successful: true, data: { pong: true } });

    up.on('GET', '/docs/openapi.yaml', () => ({ text: yaml, headers: { 'content-type': 'application/yaml' } }));
    const b = await s.api('POST', '/toolkits/custom', { slug: 'echo_url', url: `${up.url}/docs/openapi.yaml` });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(b.body.source_url).toBe(`${up.url}/docs/openapi.yaml`);
    const dup = await s.api('POST', '/toolkits/custom', { slug: 'echo_url', document: yaml });
    expect(dup.status).toBe(409);
    const rep = await s.api('POST', '/toolkits/custom', {
      slug: 'echo_url',
      document: yaml,
      name: 'Echo 2',
      replace: true,
    });
    expect(rep.status).toBe(201);
    expect(rep.body.name).toBe('Echo 2');
    const list = await s.api('GET', '/toolkits/custom');
    expect(list.body.items.map((t: any) => t.slug)).toEqual(
      expect.arrayContaining(['echo_url', 'echo_yaml', 'petstore']),
    );
    expect((await s.api('DELETE', '/toolkits/custom/echo_url')).body).toEqual({ success: true });
    expect((await s.api('GET', '/tools/ECHO_URL_PING')).status).toBe(404);
    expect((await s.api('DELETE', '/toolkits/custom/echo_url')).status).toBe(404);
  });

  it('invalid documents get a 400 that points at the problem', async () => {
    const noName = await s.api('POST', '/toolkits/custom', {
      slug: 'broken',
      document: {
        openapi: '3.0.0',
        info: { title: 'x', version: '1' },
        servers: [{ url: 'https://x.example' }],
        paths: { '/a': { get: { parameters: [{ in: 'query' }], responses: {} } } },
      },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toContain('paths./a.get.parameters[0]: missing name');
    const swagger = await s.api('POST', '/toolkits/custom', {
      slug: 'broken',
      document: { swagger: '2.0', info: {}, paths: {} },
    });
    expect(swagger.status).toBe(400);
    expect(swagger.body.error.message).toMatch(/Swagger 2.0 is not supported/);
    const yamlErr = await s.api('POST', '/toolkits/custom', {
      slug: 'broken',
      document: 'openapi: 3.0.0\ninfo: [unclosed\n',
    });
    expect(yamlErr.status).toBe(400);
    expect(yamlErr.body.error.message).toMatch(/line \d+/);
    const builtIn = await s.api('POST', '/toolkits/custom', { slug: 'github', document: petDoc('https://x.example') });
    expect(builtIn.status).toBe(409);
  });
});
