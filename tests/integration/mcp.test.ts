import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

let s: TestServer;
let gh: FakeUpstream;

beforeAll(async () => {
  gh = await startFakeUpstream();
  gh.on('GET', '/user', (req) =>
    req.headers.authorization === 'Bearer ghp_mcp'
      ? { json: { login: 'mcp-octocat', id: 9 } }
      : { status: 401, json: { message: 'Bad credentials' } },
  );
  gh.on('GET', '/repos/:owner/:repo/issues', (_req, p) => ({
    json: [{ number: 1, title: `first issue of ${p.owner}/${p.repo}` }],
  }));
  s = await startServer();
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close()]);
});

async function connectGithub(user: string) {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: user,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_mcp', base_url: gh.url } },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

async function mcpClient(url: string, apiKey: string) {
  const client = new Client({ name: 'junction-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { 'x-api-key': apiKey } },
  });
  await client.connect(transport);
  return client;
}

function payload(result: any) {
  expect(result.content[0].type).toBe('text');
  return JSON.parse(result.content[0].text);
}

describe('session MCP server', () => {
  it('lists meta and preloaded tools with schemas and annotations, searches, and multi-executes against a loopback GitHub', async () => {
    await connectGithub('mcp-user');
    const created = await s.api('POST', '/tool_router/session', {
      user_id: 'mcp-user',
      toolkits: { enable: ['github', 'slack'] },
      preload: { tools: ['GITHUB_GET_THE_AUTHENTICATED_USER'] },
    });
    expect(created.status).toBe(201);
    const client = await mcpClient(created.body.mcp.url, s.apiKey);

    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()]).toEqual([
      'COMPOSIO_SEARCH_TOOLS',
      'COMPOSIO_GET_TOOL_SCHEMAS',
      'COMPOSIO_MULTI_EXECUTE_TOOL',
      'COMPOSIO_MANAGE_CONNECTIONS',
      'COMPOSIO_REMOTE_WORKBENCH',
      'GITHUB_GET_THE_AUTHENTICATED_USER',
    ]);
    const search = byName.get('COMPOSIO_SEARCH_TOOLS')!;
    expect(search.inputSchema.type).toBe('object');
    expect(search.inputSchema.required).toEqual(['queries']);
    expect(search.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('COMPOSIO_MULTI_EXECUTE_TOOL')!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: true,
    });
    expect(byName.get('GITHUB_GET_THE_AUTHENTICATED_USER')!.annotations).toMatchObject({ readOnlyHint: true });

    const found = payload(
      await client.callTool({
        name: 'COMPOSIO_SEARCH_TOOLS',
        arguments: { queries: [{ use_case: 'list open issues in a GitHub repository' }] },
      }),
    );
    expect(found.successful).toBe(true);
    expect(found.data.results[0].primary_tool_slugs).toContain('GITHUB_LIST_REPOSITORY_ISSUES');
    expect(found.data.toolkit_connection_statuses.find((c: any) => c.toolkit === 'github').has_active_connection).toBe(
      true,
    );

    gh.reset();
    const multi = await client.callTool({
      name: 'COMPOSIO_MULTI_EXECUTE_TOOL',
      arguments: {
        tools: [
          { tool_slug: 'GITHUB_LIST_REPOSITORY_ISSUES', arguments: { owner: 'acme', repo: 'web' } },
          { tool_slug: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} },
          { tool_slug: 'SLACK_CHAT_POST_MESSAGE', arguments: { channel: 'general', text: 'hi' } },
        ],
      },
    });
    expect(multi.isError).toBe(true);
    const m = payload(multi);
    expect(m.error).toBe('1 out of 3 tools failed');
    expect(JSON.stringify(m.data.results[0].response.data)).toContain('first issue of acme/web');
    expect(m.data.results[1].response.data).toMatchObject({ login: 'mcp-octocat' });
    expect(m.data.results[2].error).toMatch(/slack/i);
    expect(gh.requests.map((r) => r.path).sort()).toEqual(['/repos/acme/web/issues', '/user']);

    // a preloaded tool is callable directly
    const direct = payload(await client.callTool({ name: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} }));
    expect(direct.data).toMatchObject({ login: 'mcp-octocat' });
    // other app tools are not
    const hidden = await client.callTool({ name: 'GITHUB_CREATE_AN_ISSUE', arguments: {} });
    expect(hidden.isError).toBe(true);
    await client.close();
  });

  it('requires the project key and is scoped to the project and the session user', async () => {
    const created = await s.api('POST', '/tool_router/session', {
      user_id: 'nobody-connected',
      toolkits: { enable: ['github'] },
    });
    const url = created.body.mcp.url;
    const noKey = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(noKey.status).toBe(401);
    await expect(mcpClient(url, 'ak_not_a_real_key_123456')).rejects.toThrow();
    // a valid key of another project of the same organization does not open this project's session
    const project = await s.api(
      'POST',
      '/org/owner/project/new',
      { name: 'mcp-other', should_create_api_key: true },
      { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
    );
    expect(project.status).toBe(201);
    const foreign = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-api-key': project.body.api_key,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect([403, 404]).toContain(foreign.status);
    expect(await foreign.text()).not.toContain('COMPOSIO_');

    // the session's user has no GitHub connection, even though another user of the project has one
    await connectGithub('someone-else');
    const client = await mcpClient(url, s.apiKey);
    const r = await client.callTool({
      name: 'COMPOSIO_MULTI_EXECUTE_TOOL',
      arguments: { tools: [{ tool_slug: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} }] },
    });
    expect(r.isError).toBe(true);
    expect(payload(r).data.results[0].error).toMatch(/No active github connection for user nobody-connected/);
    await client.close();
  });
});
