import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
});

function expectEnvelope(body: any, status: number) {
  expect(body.error).toBeTruthy();
  expect(body.error.status).toBe(status);
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.code).toBe('number');
  expect(typeof body.error.slug).toBe('string');
  expect(body.error.request_id).toMatch(/^req_/);
}

async function apiKeyConfig(toolkit = 'sendgrid') {
  const r = await s.api('POST', '/auth_configs', {
    toolkit: { slug: toolkit },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  expect(r.status).toBe(201);
  return r.body.auth_config.id as string;
}

async function apiKeyAccount(ac: string, user = 'user-1', key = 'SG.secret-value-123') {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac },
    connection: { user_id: user, state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: key } } },
  });
  expect(r.status).toBe(201);
  return r.body;
}

describe('health and documents', () => {
  it('reports health with the engine', async () => {
    const r = await fetch(`${s.url}/api/health`);
    const body = await r.json();
    expect(r.status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      database: process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite',
      version: expect.any(String),
    });
  });

  it('serves an OpenAPI 3.1 document generated from the contract', async () => {
    const r = await fetch(`${s.apiUrl}/openapi.json`);
    const doc = await r.json();
    expect(doc.openapi).toBe('3.1.0');
    const get = doc.paths['/api/v3/connected_accounts/{nanoid}'].get;
    expect(get.responses['200'].content['application/json'].schema.properties.status.enum).toContain('ACTIVE');
    expect(doc.paths['/api/v3/org/project/current'].get['x-junction-extension']).toBe(true);
  });

  it('serves a readable HTML reference of the same operations', async () => {
    const r = await fetch(`${s.apiUrl}/reference`);
    expect(r.headers.get('content-type')).toContain('text/html');
    const html = await r.text();
    expect(html).toContain('/api/v3/connected_accounts/{nanoid}');
    expect(html).toContain('status_reason');
    expect(html).not.toContain('<script');
  });
});

describe('errors use the v3 envelope', () => {
  it('401 without a key and with a wrong key', async () => {
    for (const headers of [{ 'x-api-key': '' }, { 'x-api-key': 'ak_wrong' }]) {
      const r = await fetch(`${s.apiUrl}/connected_accounts`, { headers });
      expect(r.status).toBe(401);
      const body = await r.json();
      expectEnvelope(body, 401);
      expect(r.headers.get('x-request-id')).toBe(body.error.request_id);
    }
  });

  it('404 for unknown routes and 405 for wrong methods', async () => {
    const a = await s.api('GET', '/no_such_thing');
    expect(a.status).toBe(404);
    expectEnvelope(a.body, 404);
    const b = await s.api('PUT', '/connected_accounts');
    expect(b.status).toBe(405);
    expectEnvelope(b.body, 405);
    expect(b.headers.get('allow')).toContain('GET');
  });

  it('400 for invalid JSON and lists the offending fields', async () => {
    const a = await s.api('POST', '/auth_configs', '{not json');
    expect(a.status).toBe(400);
    expectEnvelope(a.body, 400);
    const b = await s.api('POST', '/connected_accounts', { auth_config: {}, connection: { user_id: 5 } });
    expect(b.status).toBe(400);
    expect(b.body.error.errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('body.auth_config.id'),
        expect.stringContaining('body.connection.user_id'),
      ]),
    );
  });

  it('400 for a malformed id, 404 for an unknown one', async () => {
    const a = await s.api('GET', '/connected_accounts/not-an-id');
    expect(a.status).toBe(400);
    expect(a.body.error.slug).toBe('Request_InvalidId');
    const b = await s.api('GET', '/connected_accounts/ca_doesNotExist1234');
    expect(b.status).toBe(404);
    expectEnvelope(b.body, 404);
    const c = await s.api('GET', '/auth_configs/ac_doesNotExist1234');
    expect(c.status).toBe(404);
  });

  it('400 for a bad cursor and bad enum values in queries', async () => {
    const a = await s.api('GET', '/connected_accounts?cursor=garbage');
    expect(a.status).toBe(400);
    const b = await s.api('GET', '/connected_accounts?statuses=ACTIVE,NOPE');
    expect(b.status).toBe(400);
    expect(b.body.error.errors[0]).toContain('query.statuses');
  });
});

describe('auth configs', () => {
  it('creates, lists, gets, updates (merge), disables and deletes', async () => {
    const created = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        name: 'GH',
        credentials: { client_id: 'cid', client_secret: 'csecret-very-secret', scopes: 'repo,user' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      auth_config: {
        id: expect.stringMatching(/^ac_/),
        auth_scheme: 'OAUTH2',
        is_composio_managed: false,
        restrict_to_following_tools: [],
      },
      toolkit: { slug: 'github' },
    });
    const id = created.body.auth_config.id;

    const got = await s.api('GET', `/auth_configs/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id,
      name: 'GH',
      status: 'ENABLED',
      type: 'custom',
      auth_scheme: 'OAUTH2',
      toolkit: { slug: 'github' },
      no_of_connections: 0,
    });
    expect(got.body.credentials.client_id).toBe('cid');
    expect(got.body.credentials.client_secret).toBe('csec...');
    expect(got.body.credentials.scopes).toEqual(['repo', 'user']);

    const upd = await s.api('PATCH', `/auth_configs/${id}`, {
      type: 'custom',
      credentials: { client_id: 'cid2' },
      tool_access_config: {},
    });
    expect(upd.status).toBe(200);
    const after = await s.api('GET', `/auth_configs/${id}`);
    expect(after.body.credentials.client_id).toBe('cid2');
    expect(after.body.credentials.client_secret).toBe('csec...');

    const wrongType = await s.api('PATCH', `/auth_configs/${id}`, { type: 'default' });
    expect(wrongType.status).toBe(400);

    const list = await s.api('GET', '/auth_configs?toolkit_slug=github,slack');
    expect(list.body.items.map((i: any) => i.id)).toContain(id);
    expect(list.body).toMatchObject({
      current_page: 1,
      total_pages: expect.any(Number),
      total_items: expect.any(Number),
    });

    const dis = await fetch(`${s.apiUrl}/auth_configs/${id}/DISABLED`, {
      method: 'PATCH',
      headers: { 'x-api-key': s.apiKey },
    });
    expect(dis.status).toBe(200);
    const hidden = await s.api('GET', '/auth_configs?toolkit_slug=github');
    expect(hidden.body.items.map((i: any) => i.id)).not.toContain(id);
    const shown = await s.api('GET', '/auth_configs?toolkit_slug=github&show_disabled=true');
    expect(shown.body.items.find((i: any) => i.id === id).status).toBe('DISABLED');

    const del = await s.api('DELETE', `/auth_configs/${id}`);
    expect(del.status).toBe(200);
    expect((await s.api('GET', `/auth_configs/${id}`)).status).toBe(404);
  });

  it('validates toolkit, scheme and required credentials', async () => {
    const unknown = await s.api('POST', '/auth_configs', { toolkit: { slug: 'no-such-toolkit' } });
    expect(unknown.status).toBe(404);
    const scheme = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'BASIC' },
    });
    expect(scheme.status).toBe(400);
    expect(scheme.body.error.errors[0]).toContain('auth_config.authScheme');
    const missing = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'OAUTH2', credentials: {} },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.errors.join(' ')).toContain('client_id');
    const unsupported = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'SAML' },
    });
    expect(unsupported.status).toBe(501);
  });

  it('says what to configure for a service-managed OAuth app that is missing', async () => {
    const r = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'gmail' },
      auth_config: { type: 'use_composio_managed_auth' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.suggested_fix).toContain('JUNCTION_OAUTH_GMAIL_CLIENT_ID');
  });
});

describe('connected accounts', () => {
  it('creates an API key account ACTIVE and reads every field of the seed', async () => {
    const ac = await apiKeyConfig();
    const created = await apiKeyAccount(ac);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^ca_/),
      status: 'ACTIVE',
      connectionData: { authScheme: 'API_KEY', val: { status: 'ACTIVE' } },
    });
    const r = await s.api('GET', `/connected_accounts/${created.id}`);
    expect(r.status).toBe(200);
    const a = r.body;
    expect(a).toMatchObject({
      id: created.id,
      toolkit: { slug: 'sendgrid' },
      auth_config: {
        id: ac,
        auth_scheme: 'API_KEY',
        is_service_managed: false,
        is_composio_managed: false,
        is_disabled: false,
        deprecated: { uuid: expect.any(String) },
      },
      user_id: '',
      status: 'ACTIVE',
      status_reason: null,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'SG.s...' } },
      data: expect.any(Object),
      params: expect.any(Object),
      is_disabled: false,
      deprecated: { labels: [], uuid: expect.any(String) },
    });
    expect(Date.parse(a.created_at)).not.toBeNaN();
    expect(Date.parse(a.updated_at)).not.toBeNaN();
    expect(a.word_id).toMatch(/^sendgrid_/);
    expect(JSON.stringify(a)).not.toContain('user-1');
    // our show_user_id extension (the dashboard's): the owner in user_id, on the read and the list
    const shown = await s.api('GET', `/connected_accounts/${created.id}?show_user_id=true`);
    expect(shown.body.user_id).toBe('user-1');
    const listed = await s.api('GET', '/connected_accounts?user_ids=user-1&show_user_id=true');
    expect(listed.body.items.find((x: any) => x.id === created.id).user_id).toBe('user-1');
    const hidden = await s.api('GET', '/connected_accounts?user_ids=user-1');
    expect(hidden.body.items.every((x: any) => x.user_id === '')).toBe(true);
  });

  it('validates credentials against the toolkit fields', async () => {
    const ac = await apiKeyConfig();
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'u', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE' } } },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.errors.join(' ')).toContain('api_key');
    const wrongScheme = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'u', state: { authScheme: 'BASIC', val: { status: 'ACTIVE', username: 'x' } } },
    });
    expect(wrongScheme.status).toBe(400);
  });

  it('basic and bearer accounts become ACTIVE; no-redirect schemes only', async () => {
    const basic = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'twilio' },
      auth_config: { type: 'use_custom_auth', authScheme: 'BASIC' },
    });
    expect(basic.status).toBe(201);
    const acc = await s.api('POST', '/connected_accounts', {
      auth_config: { id: basic.body.auth_config.id },
      connection: {
        user_id: 'u',
        state: { authScheme: 'BASIC', val: { status: 'ACTIVE', username: 'AC123', password: 'pw' } },
      },
    });
    expect(acc.status).toBe(201);
    expect(acc.body.connectionData.val.status).toBe('ACTIVE');
    const bearer = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'slack' },
      auth_config: { type: 'use_custom_auth', authScheme: 'BEARER_TOKEN' },
    });
    const acc2 = await s.api('POST', '/connected_accounts', {
      auth_config: { id: bearer.body.auth_config.id },
      connection: { user_id: 'u', state: { authScheme: 'BEARER_TOKEN', val: { status: 'ACTIVE', token: 'xoxb-1' } } },
    });
    expect(acc2.status).toBe(201);
  });

  it('lists with filters in comma form, paginates with a cursor and orders', async () => {
    const ac = await apiKeyConfig();
    for (let i = 0; i < 5; i++) await apiKeyAccount(ac, `list-user-${i % 2}`);
    const all = await s.api('GET', `/connected_accounts?auth_config_ids=${ac}&limit=2`);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.total_items).toBe(5);
    expect(all.body.total_pages).toBe(3);
    const p2 = await s.api('GET', `/connected_accounts?auth_config_ids=${ac}&limit=2&cursor=${all.body.next_cursor}`);
    expect(p2.body.current_page).toBe(2);
    const ids = new Set([...all.body.items, ...p2.body.items].map((i: any) => i.id));
    expect(ids.size).toBe(4);
    const users = await s.api(
      'GET',
      `/connected_accounts?auth_config_ids=${ac}&user_ids=list-user-0,list-user-1&statuses=ACTIVE,INITIATED`,
    );
    expect(users.body.total_items).toBe(5);
    const one = await s.api('GET', `/connected_accounts?auth_config_ids=${ac}&user_ids=list-user-1`);
    expect(one.body.total_items).toBe(2);
    const asc = await s.api('GET', `/connected_accounts?auth_config_ids=${ac}&order_by=created_at&order_direction=asc`);
    const times = asc.body.items.map((i: any) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const tk = await s.api('GET', '/connected_accounts?toolkit_slugs=sendgrid&limit=1000');
    expect(tk.body.items.every((i: any) => i.toolkit.slug === 'sendgrid')).toBe(true);
  });

  it('disables and enables, with the reason and the timeline', async () => {
    const ac = await apiKeyConfig();
    const { id } = await apiKeyAccount(ac);
    expect((await s.api('PATCH', `/connected_accounts/${id}/status`, { enabled: false })).body).toEqual({
      success: true,
    });
    const off = (await s.api('GET', `/connected_accounts/${id}`)).body;
    expect(off).toMatchObject({
      status: 'INACTIVE',
      is_disabled: true,
      status_reason: 'Connection status updated by the user',
    });
    expect((await s.api('PATCH', `/connected_accounts/${id}/status`, { enabled: true })).status).toBe(200);
    const on = (await s.api('GET', `/connected_accounts/${id}`)).body;
    expect(on).toMatchObject({ status: 'ACTIVE', is_disabled: false });
    const tl = await s.api('GET', `/connected_accounts/${id}/timeline`);
    expect(tl.body.items.map((e: any) => e.to_status)).toEqual(['ACTIVE', 'INACTIVE', 'ACTIVE']);
  });

  it('disabling the auth config moves its accounts to INACTIVE and back', async () => {
    const ac = await apiKeyConfig();
    const { id } = await apiKeyAccount(ac);
    await fetch(`${s.apiUrl}/auth_configs/${ac}/DISABLED`, { method: 'PATCH', headers: { 'x-api-key': s.apiKey } });
    const off = (await s.api('GET', `/connected_accounts/${id}`)).body;
    expect(off).toMatchObject({
      status: 'INACTIVE',
      status_reason: 'Auth config is disabled',
      auth_config: { is_disabled: true },
    });
    const create = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'x', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k' } } },
    });
    expect(create.status).toBe(400);
    await fetch(`${s.apiUrl}/auth_configs/${ac}/ENABLED`, { method: 'PATCH', headers: { 'x-api-key': s.apiKey } });
    expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('ACTIVE');
  });

  it('patches alias and credentials, refuses duplicate aliases', async () => {
    const ac = await apiKeyConfig();
    const a = await apiKeyAccount(ac, 'alias-user');
    const b = await apiKeyAccount(ac, 'alias-user');
    expect((await s.api('PATCH', `/connected_accounts/${a.id}`, { alias: 'work' })).body).toEqual({
      id: a.id,
      status: 'ACTIVE',
      success: true,
    });
    expect((await s.api('PATCH', `/connected_accounts/${b.id}`, { alias: 'work' })).status).toBe(409);
    await s.api('PATCH', `/connected_accounts/${a.id}`, {
      connection: { state: { authScheme: 'API_KEY', val: { api_key: 'rotated-key' } } },
    });
    const got = (await s.api('GET', `/connected_accounts/${a.id}`)).body;
    expect(got.alias).toBe('work');
    // reads mask it; the audited reveal shows the new key in clear
    expect(got.state.val.api_key).toBe('rota...');
    expect((await s.api('POST', `/connected_accounts/${a.id}/reveal`)).body.state.val.api_key).toBe('rotated-key');
  });

  it('soft-deletes: 404 afterwards, gone from lists', async () => {
    const ac = await apiKeyConfig();
    const { id } = await apiKeyAccount(ac);
    expect((await s.api('DELETE', `/connected_accounts/${id}`)).body).toEqual({ success: true });
    expect((await s.api('GET', `/connected_accounts/${id}`)).status).toBe(404);
    expect((await s.api('DELETE', `/connected_accounts/${id}`)).status).toBe(404);
    const list = await s.api('GET', `/connected_accounts?connected_account_ids=${id}`);
    expect(list.body.items).toHaveLength(0);
  });

  it('refresh of a non-OAuth account reports its status', async () => {
    const ac = await apiKeyConfig();
    const { id } = await apiKeyAccount(ac);
    const r = await s.api('POST', `/connected_accounts/${id}/refresh`, {});
    expect(r.body).toEqual({ id, status: 'ACTIVE', redirect_url: null });
  });
});

describe('the v3.1 prefix serves the same handlers', () => {
  it('reads a connected account under /api/v3.1', async () => {
    const ac = await apiKeyConfig();
    const { id } = await apiKeyAccount(ac);
    const r = await fetch(`${s.url}/api/v3.1/connected_accounts/${id}`, { headers: { 'x-api-key': s.apiKey } });
    expect(r.status).toBe(200);
    expect((await r.json()).id).toBe(id);
  });
});

describe('tenancy', () => {
  it('org owner creates projects; a key of another project gets 404 on an account', async () => {
    const org = { 'x-org-api-key': s.orgKey, 'x-api-key': '' };
    const created = await s.api('POST', '/org/owner/project/new', { name: 'second', should_create_api_key: true }, org);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^pr_/),
      name: 'second',
      api_key: expect.stringMatching(/^ak_/),
    });
    const other = created.body.api_key as string;

    const ac = await apiKeyConfig();
    const { id } = await apiKeyAccount(ac);
    // Another project's account is answered exactly like one that does not exist: no existence oracle.
    const missing = id.slice(0, -1) + (id.endsWith('a') ? 'b' : 'a');
    const verbs: [string, string, unknown?][] = [
      ['GET', ''],
      ['PATCH', '', { alias: 'mine' }],
      ['PATCH', '/status', { enabled: false }],
      ['POST', '/refresh', {}],
      ['GET', '/timeline'],
      ['DELETE', ''],
    ];
    for (const [method, suffix, body] of verbs) {
      const theirs = await s.api(method, `/connected_accounts/${id}${suffix}`, body, { 'x-api-key': other });
      const none = await s.api(method, `/connected_accounts/${missing}${suffix}`, body, { 'x-api-key': other });
      expect(theirs.status, `${method} ${suffix}: ${JSON.stringify(theirs.body)}`).toBe(404);
      expect(theirs.body.error.status).toBe(404);
      expect(theirs.body.error.slug).toBe(none.body.error.slug);
      expect(theirs.body.error.message.replace(id, '')).toBe(none.body.error.message.replace(missing, ''));
    }
    // and the account is untouched for its own project
    const mine = await s.api('GET', `/connected_accounts/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.status).toBe('ACTIVE');
    // other project's lists never show this project's rows
    const list = await s.api('GET', '/connected_accounts?limit=1000', undefined, { 'x-api-key': other });
    expect(list.body.items).toHaveLength(0);
    const acRead = await s.api('GET', `/auth_configs/${ac}`, undefined, { 'x-api-key': other });
    expect(acRead.status).toBe(404);

    const projects = await s.api('GET', '/org/owner/project/list', undefined, org);
    expect(projects.body.items.map((p: any) => p.name)).toEqual(expect.arrayContaining(['default', 'second']));
    const one = await s.api('GET', `/org/owner/project/${created.body.id}`, undefined, org);
    expect(one.body.name).toBe('second');

    const regen = await s.api('POST', `/org/owner/project/${created.body.id}/regenerate_api_key`, undefined, org);
    expect(regen.body.api_key).toMatch(/^ak_/);
    expect((await s.api('GET', '/connected_accounts', undefined, { 'x-api-key': other })).status).toBe(401);
    expect((await s.api('GET', '/connected_accounts', undefined, { 'x-api-key': regen.body.api_key })).status).toBe(
      200,
    );

    expect((await s.api('DELETE', `/org/owner/project/${created.body.id}`, undefined, org)).status).toBe(200);
    expect((await s.api('GET', '/connected_accounts', undefined, { 'x-api-key': regen.body.api_key })).status).toBe(
      401,
    );
    expect(
      (await s.api('GET', '/org/owner/project/list', undefined, { 'x-org-api-key': 'oak_nope', 'x-api-key': '' }))
        .status,
    ).toBe(401);
    // a project key is not an org key
    expect((await s.api('GET', '/org/owner/project/list')).status).toBe(401);
  });

  it('a member key acts on a project chosen with x-project-id', async () => {
    const org = { 'x-org-api-key': s.orgKey, 'x-api-key': '' };
    const m = await s.api('POST', '/org/owner/members', { email: `m${Date.now()}@example.com` }, org);
    expect(m.status).toBe(201);
    const current = (await s.api('GET', '/org/project/current')).body;
    const asUser = { 'x-api-key': '', 'x-user-api-key': m.body.user_api_key, 'x-project-id': current.id };
    const ok = await s.api('GET', '/connected_accounts', undefined, asUser);
    expect(ok.status).toBe(200);
    // without x-project-id a member key addresses its developer project, the org's first (v3.1 surface §0.2)
    const noProject = await s.api('GET', '/org/project/current', undefined, {
      'x-api-key': '',
      'x-user-api-key': m.body.user_api_key,
    });
    expect(noProject.status).toBe(200);
    expect(noProject.body.id).toBe(current.id);
    // a project that is missing or not the org's: 404, the two indistinguishable
    const badProject = await s.api('GET', '/connected_accounts', undefined, {
      ...asUser,
      'x-project-id': 'pr_doesNotExist12',
    });
    expect(badProject.status).toBe(404);
  });

  it('project keys are created once and revoked', async () => {
    const org = { 'x-org-api-key': s.orgKey, 'x-api-key': '' };
    const pid = (await s.api('GET', '/org/project/current')).body.id;
    const made = await s.api('POST', `/org/owner/project/${pid}/api_keys`, { name: 'ci' }, org);
    expect(made.status).toBe(201);
    expect((await s.api('GET', '/toolkits?limit=1', undefined, { 'x-api-key': made.body.key })).status).toBe(200);
    const current = (await s.api('GET', '/org/project/current')).body;
    const listed = current.api_keys.find((k: any) => k.id === made.body.id);
    expect(listed.hint).not.toBe(made.body.key);
    expect(JSON.stringify(current)).not.toContain(made.body.key);
    expect((await s.api('DELETE', `/org/owner/project/${pid}/api_keys/${made.body.id}`, undefined, org)).status).toBe(
      200,
    );
    expect((await s.api('GET', '/toolkits?limit=1', undefined, { 'x-api-key': made.body.key })).status).toBe(401);
  });
});

describe('toolkits registry', () => {
  it('lists toolkits, categories and a toolkit with its auth fields', async () => {
    const list = await s.api('GET', '/toolkits?limit=5&sort_by=alphabetically');
    expect(list.body.items).toHaveLength(5);
    expect(list.body.total_items).toBeGreaterThanOrEqual(20);
    const cats = await s.api('GET', '/toolkits/categories');
    expect(cats.body.items.length).toBeGreaterThan(3);
    const gh = await s.api('GET', '/toolkits/github');
    expect(gh.body.slug).toBe('github');
    expect(gh.body.meta.tools_count).toBeGreaterThan(500);
    const oauth = gh.body.auth_config_details.find((d: any) => d.mode === 'OAUTH2');
    expect(oauth.fields.auth_config_creation.required.map((f: any) => f.name)).toEqual(
      expect.arrayContaining(['client_id', 'client_secret']),
    );
    expect((await s.api('GET', '/toolkits/nope-nope')).status).toBe(404);
  });
});
