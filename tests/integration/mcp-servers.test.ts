import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// The per-user MCP URL of an MCP server, driven by the MCP SDK's client against a real Junction
// process and a loopback GitHub.
let s: TestServer;
let gh: FakeUpstream;
let githubAc: string;

beforeAll(async () => {
  gh = await startFakeUpstream();
  gh.on('GET', '/user', (req) =>
    req.headers.authorization === 'Bearer ghp_alice'
      ? { json: { login: 'alice-gh', id: 1 } }
      : req.headers.authorization === 'Bearer ghp_alice_work'
        ? { json: { login: 'alice-work', id: 2 } }
        : { status: 401, json: { message: 'Bad credentials' } },
  );
  gh.on('GET', '/repos/:owner/:repo/issues', (_req, p) => ({
    json: [{ number: 7, title: `issue of ${p.owner}/${p.repo}` }],
  }));
  s = await startServer();
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  githubAc = ac.body.auth_config.id;
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close()]);
});

async function connect(user: string, token: string) {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: githubAc },
    connection: {
      user_id: user,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: token, base_url: gh.url } },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

async function mcpClient(url: string, headers: Record<string, string> = { 'x-api-key': s.apiKey }) {
  const client = new Client({ name: 'junction-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const payload = (r: any) => JSON.parse(r.content[0].text);

async function rpc(
  url: string,
  body: unknown,
  accept: string,
  headers: Record<string, string> = { 'x-api-key': s.apiKey },
) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, ...headers },
    body: JSON.stringify(body),
  });
}
const listToolsMsg = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

describe('per-user MCP URL of an MCP server', () => {
  it("lists the allowed tools with schemas and annotations, plus the connection tool, and runs tools with the user's account (SSE)", async () => {
    await connect('alice', 'ghp_alice');
    const created = await s.api('POST', '/mcp/servers/custom', {
      name: 'Alice tools',
      toolkits: ['github'],
      auth_config_ids: [githubAc],
      allowed_tools: ['GITHUB_GET_THE_AUTHENTICATED_USER', 'GITHUB_LIST_REPOSITORY_ISSUES', 'GITHUB_CREATE_AN_ISSUE'],
    });
    expect(created.status).toBe(201);
    const gen = await s.api('POST', '/mcp/servers/generate', {
      mcp_server_id: created.body.id,
      user_ids: ['alice'],
      managed_auth_by_composio: true,
    });
    const url = gen.body.user_ids_url[0];
    const client = await mcpClient(url);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual([
      'COMPOSIO_MANAGE_CONNECTIONS',
      'GITHUB_CREATE_AN_ISSUE',
      'GITHUB_GET_THE_AUTHENTICATED_USER',
      'GITHUB_LIST_REPOSITORY_ISSUES',
    ]);
    const list = byName.get('GITHUB_LIST_REPOSITORY_ISSUES')!;
    expect(list.inputSchema.type).toBe('object');
    expect(list.inputSchema.required).toEqual(expect.arrayContaining(['owner', 'repo']));
    expect(list.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('GITHUB_CREATE_AN_ISSUE')!.annotations).toMatchObject({ readOnlyHint: false });

    gh.reset();
    const me = payload(await client.callTool({ name: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} }));
    expect(me).toMatchObject({ successful: true, data: { login: 'alice-gh' } });
    const issues = payload(
      await client.callTool({ name: 'GITHUB_LIST_REPOSITORY_ISSUES', arguments: { owner: 'acme', repo: 'api' } }),
    );
    expect(JSON.stringify(issues.data)).toContain('issue of acme/api');
    expect(gh.requests.map((r) => r.path).sort()).toEqual(['/repos/acme/api/issues', '/user']);

    // connection management: status for the connected toolkit
    const status = payload(
      await client.callTool({
        name: 'COMPOSIO_MANAGE_CONNECTIONS',
        arguments: { toolkits: ['github'], action: 'status' },
      }),
    );
    expect(status.data.results.github.status).toBe('active');

    // tools outside the server are refused
    const other = await client.callTool({ name: 'GITHUB_DELETE_A_REPOSITORY', arguments: { owner: 'a', repo: 'b' } });
    expect(other.isError).toBe(true);
    const bad = await client.callTool({ name: 'GITHUB_LIST_REPOSITORY_ISSUES', arguments: {} });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/Invalid arguments for GITHUB_LIST_REPOSITORY_ISSUES/);
    await client.close();

    // another user of the same URL shape has no GitHub connection: the connection tool starts one
    const bobUrl = (await s.api('POST', '/mcp/servers/generate', { mcp_server_id: created.body.id, user_ids: ['bob'] }))
      .body.user_ids_url[0];
    const bob = await mcpClient(bobUrl);
    const r = await bob.callTool({ name: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toMatch(/No active github connection for user bob/);
    const init = payload(
      await bob.callTool({ name: 'COMPOSIO_MANAGE_CONNECTIONS', arguments: { toolkits: ['github'] } }),
    );
    expect(init.data.results.github).toMatchObject({
      status: 'initiated',
      redirect_url: expect.stringContaining('/connect_links/'),
    });
    await bob.close();
  });

  it('answers JSON to clients that accept only JSON and SSE to those that accept both', async () => {
    const created = await s.api('POST', '/mcp/servers/custom', {
      name: 'Wire formats',
      toolkits: ['github'],
      allowed_tools: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
    });
    const url = `${created.body.mcp_url}?user_id=alice`;
    const json = await rpc(url, listToolsMsg, 'application/json');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/application\/json/);
    const body = await json.json();
    expect(body.result.tools.map((t: { name: string }) => t.name)).toContain('GITHUB_GET_THE_AUTHENTICATED_USER');

    const sse = await rpc(url, listToolsMsg, 'application/json, text/event-stream');
    expect(sse.status).toBe(200);
    expect(sse.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await sse.text();
    const data = text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)));
    expect(data).toHaveLength(1);
    expect(data[0].result.tools.map((t: { name: string }) => t.name)).toContain('GITHUB_GET_THE_AUTHENTICATED_USER');

    // the same under /api/v3.1
    const v31 = await rpc(url.replace('/api/v3/', '/api/v3.1/'), listToolsMsg, 'application/json');
    expect(v31.status).toBe(200);
    // no standalone SSE stream on GET (stateless server)
    expect((await fetch(url, { headers: { 'x-api-key': s.apiKey, accept: 'text/event-stream' } })).status).toBe(405);
  });

  it('leaves out the connection tool when the server or the URL says so, and pins a connected account URL', async () => {
    const workAccount = await connect('alice', 'ghp_alice_work');
    const created = await s.api('POST', '/mcp/servers/custom', {
      name: 'Manual auth',
      toolkits: ['github'],
      allowed_tools: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
      managed_auth_via_composio: false,
    });
    const gen = await s.api('POST', '/mcp/servers/generate', {
      mcp_server_id: created.body.id,
      user_ids: ['alice'],
      connected_account_ids: [workAccount],
    });
    const c1 = await mcpClient(gen.body.user_ids_url[0]);
    expect((await c1.listTools()).tools.map((t) => t.name)).toEqual(['GITHUB_GET_THE_AUTHENTICATED_USER']);
    expect(
      (await c1.callTool({ name: 'COMPOSIO_MANAGE_CONNECTIONS', arguments: { toolkits: ['github'] } })).isError,
    ).toBe(true);
    await c1.close();

    // the connected-account URL uses exactly that account (alice has two GitHub accounts)
    expect(gen.body.connected_account_urls[0]).toContain(`connected_account_id=${workAccount}`);
    const c2 = await mcpClient(gen.body.connected_account_urls[0]);
    expect(payload(await c2.callTool({ name: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} })).data).toMatchObject(
      { login: 'alice-work' },
    );
    await c2.close();

    // a managed server with a URL generated with managed_auth_by_composio=false has no connection tool either
    const managed = await s.api('POST', '/mcp/servers/custom', {
      name: 'Managed auth',
      toolkits: ['github'],
      allowed_tools: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
    });
    const off = await s.api('POST', '/mcp/servers/generate', {
      mcp_server_id: managed.body.id,
      user_ids: ['alice'],
      managed_auth_by_composio: false,
    });
    const c3 = await mcpClient(off.body.user_ids_url[0]);
    expect((await c3.listTools()).tools.map((t) => t.name)).toEqual(['GITHUB_GET_THE_AUTHENTICATED_USER']);
    await c3.close();
  });

  it('needs the project key, a user, a live server of the same project', async () => {
    const created = await s.api('POST', '/mcp/servers/custom', { name: 'Guarded', toolkits: ['github'] });
    const url = `${created.body.mcp_url}?user_id=alice`;
    const noKey = await rpc(url, listToolsMsg, 'application/json', {});
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).error.status).toBe(401);
    expect((await rpc(url, listToolsMsg, 'application/json', { 'x-api-key': 'ak_not_a_real_key_123456' })).status).toBe(
      401,
    );
    const noUser = await rpc(created.body.mcp_url, listToolsMsg, 'application/json');
    expect(noUser.status).toBe(400);
    expect((await noUser.json()).error.slug).toBe('MCP_UserRequired');
    expect(
      (await rpc(`${created.body.mcp_url}?connected_account_id=ca_nope00000000001`, listToolsMsg, 'application/json'))
        .status,
    ).toBe(404);

    const other = await s.api(
      'POST',
      '/org/owner/project/new',
      { name: 'other-mcp-url', should_create_api_key: true },
      { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
    );
    expect((await rpc(url, listToolsMsg, 'application/json', { 'x-api-key': other.body.api_key })).status).toBe(404);

    await s.api('DELETE', `/mcp/${created.body.id}`);
    expect((await rpc(url, listToolsMsg, 'application/json')).status).toBe(404);
    // an MCP client gets the failure too
    await expect(mcpClient(url)).rejects.toThrow();
  });
});
