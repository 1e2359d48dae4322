import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeMcp, type FakeMcp } from '../helpers/fake-mcp';

/**
 * Remote MCP servers as toolkits (issue 28): registration through the hosted custom-MCP API,
 * the sync into dated versions, listing and search, execution for a user, `isError` and upstream
 * failures, the HTTP+SSE fallback, and the gateway path: an MCP client → Junction's session MCP
 * URL → the upstream MCP server.
 */
let s: TestServer;
let open: FakeMcp;
let keyed: FakeMcp;
let sseOnly: FakeMcp;

beforeAll(async () => {
  [open, keyed, sseOnly] = await Promise.all([
    startFakeMcp(),
    startFakeMcp({ auth: 'key', apiKey: 'k-123', keyHeader: 'x-api-key' }),
    startFakeMcp({ transport: 'sse' }),
  ]);
  s = await startServer({ env: { JUNCTION_CUSTOM_TOOLKIT_CACHE_MS: '0' } });
});
afterAll(async () => {
  await s?.stop();
  await Promise.all([open?.close(), keyed?.close(), sseOnly?.close()]);
});

async function upsert(slug: string, app_url: string, auth_schemes: unknown[], name = 'Echo server') {
  return s.api('POST', '/custom/toolkits/upsert', { slug, toolkit_config: { name, app_url, auth_schemes } });
}

describe('custom MCP toolkits', () => {
  it('registers a server without auth, syncs it at once, lists, searches, gets and runs its tools', async () => {
    const r = await upsert('echo', open.mcpUrl, [{ mode: 'NO_AUTH' }]);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ slug: 'CUSTOM_ECHO' });

    const list = await s.api('GET', '/v3.1/tools?toolkit_slug=custom_echo&limit=50');
    expect(list.status).toBe(200);
    const slugs = list.body.items.map((t: any) => t.slug).sort();
    expect(slugs).toEqual(['CUSTOM_ECHO_ADD_NUMBERS', 'CUSTOM_ECHO_ECHO', 'CUSTOM_ECHO_EXPLODE']);
    const echo = list.body.items.find((t: any) => t.slug === 'CUSTOM_ECHO_ECHO');
    expect(echo.input_parameters.properties.text).toMatchObject({ type: 'string', description: 'what to repeat' });
    expect(echo.input_parameters.required).toEqual(['text']);
    expect(echo.tags).toContain('readOnlyHint');
    expect(echo.toolkit.slug).toBe('custom_echo');

    const one = await s.api('GET', '/v3.1/tools/CUSTOM_ECHO_ADD_NUMBERS');
    expect(one.status).toBe(200);
    expect(one.body.tags).toContain('idempotentHint');
    expect(Object.keys(one.body.input_parameters.properties).sort()).toEqual(['a', 'b']);

    const search = await s.api('GET', '/v3.1/tools?toolkit_slug=custom_echo&query=repeat%20text');
    expect(search.body.items[0].slug).toBe('CUSTOM_ECHO_ECHO');

    const tk = await s.api('GET', '/toolkits/custom_echo');
    expect(tk.status).toBe(200);
    expect(tk.body.name).toBe('Echo server');

    const ran = await s.api('POST', '/v3.1/tools/execute/CUSTOM_ECHO_ECHO', {
      user_id: 'u1',
      arguments: { text: 'hi' },
    });
    expect(ran.status).toBe(200);
    expect(ran.body.successful).toBe(true);
    expect(ran.body.data.text).toBe('echo: hi');
    expect(ran.body.data.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
    expect(open.calls.at(-1)).toMatchObject({ name: 'echo', args: { text: 'hi' } });

    const sum = await s.api('POST', '/v3.1/tools/execute/CUSTOM_ECHO_ADD_NUMBERS', { arguments: { a: 2, b: 40 } });
    expect(sum.body).toMatchObject({ successful: true, data: { sum: 42, text: '42' } });

    // the server's own validation failures and isError results are unsuccessful results with its message
    const bad = await s.api('POST', '/v3.1/tools/execute/CUSTOM_ECHO_EXPLODE', { arguments: {} });
    expect(bad.status).toBe(200);
    expect(bad.body.successful).toBe(false);
    expect(bad.body.error).toBe('the reactor is on fire');

    // Junction validates against the listed schema before calling
    const invalid = await s.api('POST', '/v3.1/tools/execute/CUSTOM_ECHO_ECHO', { arguments: { text: 5 } });
    expect(invalid.status).toBe(400);

    // every execution is logged like any other tool's
    const logs = await s.api('GET', '/logs/tools?limit=10');
    const mine = logs.body.items.filter((l: any) => l.toolkit_slug === 'custom_echo');
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.find((l: any) => l.tool_slug === 'CUSTOM_ECHO_EXPLODE').status).toBe('failed');
  });

  it('keeps a dated version per sync and refuses changes to app_url or auth schemes', async () => {
    const first = await s.api('POST', '/custom/toolkits/sync', { slug: 'CUSTOM_ECHO' });
    expect(first.status).toBe(200);
    expect(first.body.synced_count).toBe(3);
    expect(first.body.version).toMatch(/^\d{8}_\d{2}$/);
    const second = await s.api('POST', '/custom/toolkits/sync', { slug: 'CUSTOM_ECHO' });
    expect(second.body.version > first.body.version).toBe(true);
    // a tool can be pinned to a dated version; an unknown version is a 404
    const pinned = await s.api('GET', `/v3.1/tools/CUSTOM_ECHO_ECHO?version=${first.body.version}`);
    expect(pinned.status).toBe(200);
    expect(pinned.body.slug).toBe('CUSTOM_ECHO_ECHO');
    expect((await s.api('GET', '/v3.1/tools/CUSTOM_ECHO_ECHO?version=20000101_00')).status).toBe(404);
    const ranPinned = await s.api('POST', '/v3.1/tools/execute/CUSTOM_ECHO_ECHO', {
      version: first.body.version,
      arguments: { text: 'pinned' },
    });
    expect(ranPinned.body).toMatchObject({ successful: true, data: { text: 'echo: pinned' } });
    const ranMissing = await s.api('POST', '/v3.1/tools/execute/CUSTOM_ECHO_ECHO', {
      version: '20000101_00',
      arguments: { text: 'x' },
    });
    expect(ranMissing.status).toBe(404);

    // same url and schemes: only display metadata changes
    const renamed = await upsert('echo', open.mcpUrl, [{ mode: 'NO_AUTH' }], 'Echo (renamed)');
    expect(renamed.status).toBe(200);
    expect((await s.api('GET', '/toolkits/custom_echo')).body.name).toBe('Echo (renamed)');
    const moved = await upsert('echo', keyed.mcpUrl, [{ mode: 'NO_AUTH' }]);
    expect(moved.status).toBe(409);
    expect(moved.headers.get('x-should-retry')).toBe('false');
  });

  it('validates registrations as the hosted API does', async () => {
    const cases = [
      { slug: 'bad-slug!', toolkit_config: { name: 'x', app_url: open.mcpUrl, auth_schemes: [{ mode: 'NO_AUTH' }] } },
      {
        slug: 'x'.repeat(31),
        toolkit_config: { name: 'x', app_url: open.mcpUrl, auth_schemes: [{ mode: 'NO_AUTH' }] },
      },
      { slug: 'ok', toolkit_config: { name: 'x', app_url: 'not a url', auth_schemes: [{ mode: 'NO_AUTH' }] } },
      { slug: 'ok', toolkit_config: { name: 'x', app_url: open.mcpUrl, auth_schemes: [] } },
      {
        slug: 'ok',
        toolkit_config: { name: 'x', app_url: open.mcpUrl, auth_schemes: [{ mode: 'API_KEY', headers: { a: 'b' } }] },
      },
    ];
    for (const body of cases) {
      const r = await s.api('POST', '/custom/toolkits/upsert', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toBeTruthy();
    }
    const missing = await s.api('POST', '/custom/toolkits/sync', { slug: 'CUSTOM_NOPE' });
    expect(missing.status).toBe(404);
    const catalog = await s.api('DELETE', '/custom/toolkits/github');
    expect(catalog.status).toBe(403);
  });

  it('sends a static key in the declared header, for the user whose account it is', async () => {
    const r = await upsert('keyed', keyed.mcpUrl, [
      {
        mode: 'API_KEY',
        headers: { 'x-api-key': '{{generic_api_key}}' },
        api_key_field: { display_name: 'Server key' },
      },
    ]);
    expect(r.status).toBe(200);
    // an authenticated server is synced only with an account
    const noAccount = await s.api('POST', '/custom/toolkits/sync', { slug: 'CUSTOM_KEYED' });
    expect(noAccount.status).toBe(400);
    const tk = await s.api('GET', '/toolkits/custom_keyed');
    expect(tk.body.auth_config_details.map((d: any) => d.mode)).toEqual(['API_KEY']);

    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'custom_keyed' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    expect(ac.status).toBe(201);
    const mk = (key: string, user: string) =>
      s.api('POST', '/connected_accounts', {
        auth_config: { id: ac.body.auth_config.id },
        connection: {
          user_id: user,
          state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', generic_api_key: key } },
        },
      });
    const good = await mk('k-123', 'key-user');
    expect(good.status).toBe(201);
    const wrong = await mk('nope', 'wrong-user');
    expect(wrong.status).toBe(201);

    const sync = await s.api('POST', '/custom/toolkits/sync', {
      slug: 'CUSTOM_KEYED',
      connected_account_id: good.body.id,
    });
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ slug: 'CUSTOM_KEYED', synced_count: 3 });

    const ran = await s.api('POST', '/v3.1/tools/execute/CUSTOM_KEYED_ECHO', {
      user_id: 'key-user',
      arguments: { text: 'keyed' },
    });
    expect(ran.body).toMatchObject({ successful: true, data: { text: 'echo: keyed' } });
    expect(keyed.calls.at(-1)!.auth).toBe('k-123');

    const refused = await s.api('POST', '/v3.1/tools/execute/CUSTOM_KEYED_ECHO', {
      user_id: 'wrong-user',
      arguments: { text: 'x' },
    });
    expect(refused.body.successful).toBe(false);
    expect(refused.body.error).toMatch(/401/);

    // without any account for the user: the usual no-connection error
    const none = await s.api('POST', '/v3.1/tools/execute/CUSTOM_KEYED_ECHO', {
      user_id: 'nobody',
      arguments: { text: 'x' },
    });
    expect(none.status).toBe(400);
  });

  it('falls back to HTTP+SSE for a server that speaks only the older transport', async () => {
    const r = await upsert('legacy', sseOnly.mcpUrl, [{ mode: 'NO_AUTH' }]);
    expect(r.status).toBe(200);
    const list = await s.api('GET', '/v3.1/tools?toolkit_slug=custom_legacy');
    expect(list.body.items).toHaveLength(3);
    const ran = await s.api('POST', '/v3.1/tools/execute/CUSTOM_LEGACY_ECHO', { arguments: { text: 'old' } });
    expect(ran.body).toMatchObject({ successful: true, data: { text: 'echo: old' } });
  });

  it('gives an unreachable server one unsuccessful answer', async () => {
    const gone = await startFakeMcp();
    expect((await upsert('gone', gone.mcpUrl, [{ mode: 'NO_AUTH' }])).status).toBe(200);
    await gone.close();
    const ran = await s.api('POST', '/v3.1/tools/execute/CUSTOM_GONE_ECHO', { arguments: { text: 'x' } });
    expect(ran.status).toBe(200);
    expect(ran.body.successful).toBe(false);
    expect(ran.body.error).toMatch(/not reachable or not allowed/);
    const sync = await s.api('POST', '/custom/toolkits/sync', { slug: 'CUSTOM_GONE' });
    expect(sync.status).toBe(400);
  });

  it('is a gateway: an MCP client on the session MCP URL calls the upstream server through Junction', async () => {
    const created = await s.api('POST', '/tool_router/session', {
      user_id: 'gw-user',
      toolkits: { enable: ['custom_echo'] },
      preload: { tools: ['CUSTOM_ECHO_ECHO'] },
    });
    expect(created.status).toBe(201);
    const client = new Client({ name: 'gateway-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(created.body.mcp.url), {
        requestInit: { headers: { 'x-api-key': s.apiKey } },
      }),
    );
    const { tools } = await client.listTools();
    const echo = tools.find((t) => t.name === 'CUSTOM_ECHO_ECHO');
    expect(echo?.inputSchema.properties).toHaveProperty('text');
    const before = open.calls.length;
    const direct = await client.callTool({ name: 'CUSTOM_ECHO_ECHO', arguments: { text: 'through the gateway' } });
    const out = JSON.parse((direct.content as any[])[0].text);
    expect(out.successful).toBe(true);
    expect(out.data.text).toBe('echo: through the gateway');
    expect(open.calls.length).toBe(before + 1);

    const multi = await client.callTool({
      name: 'COMPOSIO_MULTI_EXECUTE_TOOL',
      arguments: {
        tools: [
          { tool_slug: 'CUSTOM_ECHO_ADD_NUMBERS', arguments: { a: 1, b: 2 } },
          { tool_slug: 'CUSTOM_ECHO_EXPLODE', arguments: {} },
        ],
      },
    });
    const m = JSON.parse((multi.content as any[])[0].text);
    expect(m.data.results[0].response.data.sum).toBe(3);
    expect(m.data.results[1].error).toMatch(/reactor/);
    await client.close();
  });

  it('provider MCP toolkits are in the catalog, inert until used; a URL override syncs and runs one', async () => {
    const all = await s.api('GET', '/toolkits?limit=1000');
    const providers = all.body.items.filter((t: any) => t.slug.endsWith('_mcp'));
    expect(providers.length).toBeGreaterThanOrEqual(15);
    const linear = await s.api('GET', '/toolkits/linear_mcp');
    expect(linear.status).toBe(200);
    expect(linear.body.auth_config_details.map((d: any) => d.mode)).toEqual(['DCR_OAUTH']);
    // nothing is listed before a sync
    expect((await s.api('GET', '/v3.1/tools?toolkit_slug=deepwiki_mcp')).body.items).toEqual([]);

    const cfg = await s.api('PATCH', '/org/project/config', { toolkit_base_urls: { deepwiki_mcp: open.mcpUrl } });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    const sync = await s.api('POST', '/custom/toolkits/sync', { slug: 'deepwiki_mcp' });
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    expect(sync.body).toMatchObject({ slug: 'DEEPWIKI_MCP', synced_count: 3 });
    const list = await s.api('GET', '/v3.1/tools?toolkit_slug=deepwiki_mcp');
    expect(list.body.items.map((t: any) => t.slug).sort()).toEqual([
      'DEEPWIKI_MCP_ADD_NUMBERS',
      'DEEPWIKI_MCP_ECHO',
      'DEEPWIKI_MCP_EXPLODE',
    ]);
    const ran = await s.api('POST', '/v3.1/tools/execute/DEEPWIKI_MCP_ECHO', { arguments: { text: 'provider' } });
    expect(ran.body).toMatchObject({ successful: true, data: { text: 'echo: provider' } });
    // a catalog toolkit cannot be deleted through the custom-toolkit API
    expect((await s.api('DELETE', '/custom/toolkits/deepwiki_mcp')).status).toBe(403);
  });

  it('deletes a toolkit with its auth configs and accounts; the slug can be registered again', async () => {
    const del = await s.api('DELETE', '/custom/toolkits/CUSTOM_KEYED');
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({
      slug: 'CUSTOM_KEYED',
      deleted: true,
      auth_configs_deleted: 1,
      connected_accounts_deleted: 2,
      connected_accounts_soft_deleted: 2,
    });
    expect((await s.api('GET', '/v3.1/tools/CUSTOM_KEYED_ECHO')).status).toBe(404);
    expect((await s.api('DELETE', '/custom/toolkits/CUSTOM_KEYED')).status).toBe(404);
    const again = await upsert('keyed', open.mcpUrl, [{ mode: 'NO_AUTH' }]);
    expect(again.status).toBe(200);
    // the v3.1 prefix serves the same routes
    const res = await fetch(`${s.url}/api/v3.1/custom/toolkits/CUSTOM_KEYED`, {
      method: 'DELETE',
      headers: { 'x-api-key': s.apiKey },
    });
    expect(res.status).toBe(200);
  });
});
