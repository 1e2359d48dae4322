import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeGraphql, type FakeGraphql, type GraphqlCall } from '../helpers/fake-graphql';

// monday.com (GraphQL composites in lib/catalog/curated/monday.ts, and `graphql:` entries of
// lib/catalog/mappings/monday.yaml) through the real execute pipeline,
// against a loopback https://api.monday.com/v2 that parses every document, checks the token in the
// Authorization header (as it is, no Bearer) and the pinned API-Version header.
const API_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.monday-personal';
const OAUTH_TOKEN = 'monday-oauth-access';
let s: TestServer;
let monday: FakeGraphql;
let keyAccount: string;
let oauthAccount: string;
let oauthConfig: string;

function answer(call: GraphqlCall) {
  const v = call.variables as Record<string, any>;
  switch (call.fields[0]) {
    case 'create_item':
      if (v.board_id === '404')
        return {
          json: {
            errors: [
              {
                message: 'Board not found',
                locations: [{ line: 1, column: 130 }],
                extensions: { code: 'ResourceNotFoundException', status_code: 404 },
              },
            ],
            account_id: 1,
          },
        };
      return {
        json: {
          data: {
            create_item: {
              id: '9876543210',
              name: v.item_name,
              group: { id: v.group_id ?? 'topics', title: 'This week' },
              column_values: [],
            },
          },
          account_id: 1,
        },
      };
    case 'convert_board_to_project':
      return {
        json: {
          data: { convert_board_to_project: { success: true, message: null, process_id: 'p-1', projectId: null } },
        },
      };
    case 'delete_board':
      return { json: { data: { delete_board: { id: String(v.board_id), state: 'deleted' } } } };
    case 'update_workspace':
      if (v.id === 404)
        return { json: { data: { update_workspace: null }, errors: [{ message: 'Workspace not found' }] } };
      return { json: { data: { update_workspace: { id: String(v.id), name: v.name, kind: 'open' } } } };
    case 'boards':
      // MONDAY_LIST_ITEMS (a mapping entry) reads one board's items_page
      if ('cursor' in call.declared)
        return {
          json: {
            data: {
              boards: [{ items_page: { cursor: 'next-1', items: [{ id: '11', name: 'Draft', column_values: [] }] } }],
            },
          },
        };
      return {
        json: {
          data: { boards: [{ id: '1234567890', name: 'Launch plan', state: 'active', board_kind: 'public' }] },
        },
      };
    default:
      return { json: { errors: [{ message: `Field '${call.fields[0]}' doesn't exist on type 'Query'` }] } };
  }
}

/** an active connected account on a custom-auth config whose state already holds the credentials */
async function connect(
  s: TestServer,
  c: {
    toolkit: string;
    authScheme: string;
    val: Record<string, unknown>;
    userId: string;
    credentials?: Record<string, unknown>;
  },
): Promise<{ accountId: string; authConfigId: string }> {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: c.toolkit },
    auth_config: { type: 'use_custom_auth', authScheme: c.authScheme, credentials: c.credentials ?? {} },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: { user_id: c.userId, state: { authScheme: c.authScheme, val: { status: 'ACTIVE', ...c.val } } },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  return { accountId: ca.body.id as string, authConfigId: ac.body.auth_config.id as string };
}

beforeAll(async () => {
  [s, monday] = await Promise.all([
    providerServer(),
    startFakeGraphql({
      path: '/v2',
      authorize: (req) => {
        if (req.headers['api-version'] !== '2026-01')
          return { status: 400, json: { errors: [{ message: 'missing API-Version' }] } };
        const a = req.headers.authorization;
        return a === API_TOKEN || a === OAUTH_TOKEN
          ? undefined
          : { status: 401, json: { errors: [{ message: 'Not Authenticated' }] } };
      },
      answer,
    }),
  ]);
  keyAccount = (
    await connect(s, {
      toolkit: 'monday',
      authScheme: 'API_KEY',
      val: { api_key: API_TOKEN, base_url: monday.url },
      userId: 'monday-key-user',
    })
  ).accountId;
  const o = await connect(s, {
    toolkit: 'monday',
    authScheme: 'OAUTH2',
    val: { access_token: OAUTH_TOKEN, base_url: monday.url },
    userId: 'monday-oauth-user',
    credentials: { client_id: 'monday-client', client_secret: 'monday-secret' },
  });
  oauthAccount = o.accountId;
  oauthConfig = o.authConfigId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), monday?.close()]);
});

const exec = (account: string, slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('monday.com toolkit', () => {
  it('GET /toolkits/monday: OAuth2 and an API token, at least 20 tools', async () => {
    const r = await s.api('GET', '/toolkits/monday');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2', 'API_KEY']);
    expect(r.body.meta.tools_count).toBeGreaterThanOrEqual(20);
  });

  it("the OAuth2 authorize URL is monday's, with client_id, state, redirect_uri and scopes", async () => {
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: oauthConfig },
      connection: { user_id: 'new-monday-user', callback_url: 'http://app.example.test/done' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    let url = new URL(r.body.connectionData.val.redirectUrl);
    for (let i = 0; i < 5 && url.origin !== 'https://auth.monday.com'; i++) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, `${url}`).toBeGreaterThanOrEqual(300);
      url = new URL(res.headers.get('location')!, url);
    }
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.monday.com/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('monday-client');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['boards:read', 'boards:write']));
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+callback/);
  });

  it('MONDAY_CREATE_ITEM sends create_item with ids as strings and column_values JSON-encoded', async () => {
    const n = monday.calls.length;
    const r = await exec(keyAccount, 'MONDAY_CREATE_ITEM', {
      board_id: 1234567890,
      item_name: 'Write release notes',
      group_id: 'topics',
      column_values: { status: { label: 'Working on it' }, date4: { date: '2026-12-01' } },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { item: { id: '9876543210', name: 'Write release notes', group: { id: 'topics' } } },
    });
    const call = monday.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({
      operation: 'mutation',
      fields: ['create_item'],
      declared: { board_id: 'ID!', item_name: 'String!', group_id: 'String', column_values: 'JSON' },
    });
    expect(call.headers.authorization).toBe(API_TOKEN);
    expect(call.variables).toEqual({
      board_id: '1234567890',
      item_name: 'Write release notes',
      group_id: 'topics',
      column_values: JSON.stringify({ status: { label: 'Working on it' }, date4: { date: '2026-12-01' } }),
    });
  });

  it("GraphQL errors in a 200 answer are successful:false with monday's message", async () => {
    const r = await exec(keyAccount, 'MONDAY_CREATE_ITEM', { board_id: '404', item_name: 'x' });
    expect(r.body.successful).toBe(false);
    expect(r.body.error).toContain('Board not found');
  });

  it('the OAuth token also goes in the Authorization header as it is; lists come back flat', async () => {
    const r = await exec(oauthAccount, 'MONDAY_LIST_BOARDS', { limit: 10 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { boards: [{ id: '1234567890', name: 'Launch plan' }] },
    });
    const call = monday.calls.at(-1)!;
    expect(call.headers.authorization).toBe(OAUTH_TOKEN);
    expect(call.variables).toEqual({ limit: 10, page: 1 });
  });

  it('a mapped graphql tool: its document, an id given as a string sent as the number, the token as it is', async () => {
    const n = monday.calls.length;
    const r = await exec(keyAccount, 'MONDAY_DELETE_BOARD', { board_id: '1234567890' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { delete_board: { id: '1234567890', state: 'deleted' } },
    });
    const call = monday.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({ operation: 'mutation', fields: ['delete_board'], declared: { board_id: 'ID!' } });
    expect(call.variables).toEqual({ board_id: 1234567890 });
    expect(call.headers.authorization).toBe(API_TOKEN);
    expect(call.headers['api-version']).toBe('2026-01');
  });

  it('a mapped graphql tool returns the part of data its result names; defaults fill non-null variables', async () => {
    const r = await exec(oauthAccount, 'MONDAY_LIST_ITEMS', { board_id: 42 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { items_page: { cursor: 'next-1', items: [{ id: '11', name: 'Draft' }] } },
    });
    const call = monday.calls.at(-1)!;
    expect(call.variables).toEqual({ board_id: 42, limit: 25 });
    expect(call.headers.authorization).toBe(OAUTH_TOKEN);
  });

  it("a mapped graphql tool: errors beside partial data are successful:false with monday's message", async () => {
    const r = await exec(keyAccount, 'MONDAY_UPDATE_WORKSPACE', { id: 404, name: 'Ops' });
    expect(r.body.successful).toBe(false);
    expect(r.body.error).toContain('Workspace not found');
    expect(monday.calls.at(-1)!.variables).toEqual({ id: 404, name: 'Ops' });
  });
  it('a mapped graphql tool builds a nested input object inline from flat arguments (convert_board_to_project)', async () => {
    const n = monday.calls.length;
    const r = await exec(keyAccount, 'MONDAY_CONVERT_BOARD_TO_PROJECT', {
      board_id: '1234567890',
      project_status: 'status',
      project_owner: 'person',
      project_timeline: 'timeline',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { convert_board_to_project: { success: true, process_id: 'p-1' } },
    });
    const call = monday.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({
      operation: 'mutation',
      fields: ['convert_board_to_project'],
      declared: { board_id: 'ID!', project_status: 'String!', project_owner: 'String!', project_timeline: 'String!' },
    });
    expect(call.variables).toEqual({
      board_id: 1234567890,
      project_status: 'status',
      project_owner: 'person',
      project_timeline: 'timeline',
    });
  });
});
