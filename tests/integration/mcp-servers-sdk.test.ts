import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { SDKS, composioFor, type AnySdk } from '../helpers/sdks';

// composio.mcp of both SDK versions, unmodified, against Junction.
let s: TestServer;
let githubAc: string;
let sendgridAc: string;
beforeAll(async () => {
  s = await startServer();
  const gh = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const sg = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'sendgrid' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  githubAc = gh.body.auth_config.id;
  sendgridAc = sg.body.auth_config.id;
});
afterAll(async () => {
  await s?.stop();
});

describe.each(SDKS)('@composio/core $version: composio.mcp', (sdk) => {
  let composio: AnySdk;
  const tag = sdk.version.replace(/\./g, '-');
  beforeAll(() => {
    composio = composioFor(sdk, s);
  });

  it('create, get, list, update, generate, delete', async () => {
    const created = await composio.mcp.create(`Dev server ${tag}`, {
      toolkits: ['github'],
      allowedTools: ['GITHUB_GET_THE_AUTHENTICATED_USER', 'GITHUB_LIST_REPOSITORY_ISSUES'],
      manuallyManageConnections: false,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.name).toBe(`Dev server ${tag}`);
    expect(created.allowedTools).toEqual(['GITHUB_GET_THE_AUTHENTICATED_USER', 'GITHUB_LIST_REPOSITORY_ISSUES']);
    expect(created.MCPUrl).toBe(`${s.url}/api/v3/mcp/${created.id}/mcp`);
    expect(created.commands.claude).toContain(created.MCPUrl);

    // the helper returned by create generates a user's URL (retrieve + generate under the hood)
    const inst = await created.generate('alice');
    expect(inst).toMatchObject({ id: created.id, type: 'streamable_http', userId: 'alice' });
    expect(inst.url).toBe(`${s.url}/api/v3/mcp/${created.id}/mcp?user_id=alice`);

    const got = await composio.mcp.get(created.id);
    expect(got.toolkits).toEqual(['github']);
    expect(got.serverInstanceCount).toBe(1);
    expect(got.toolkitIcons.github).toMatch(/^https?:\/\//);
    expect(got.allowedTools).toHaveLength(2);

    const second = await composio.mcp.create(`Chat server ${tag}`, { toolkits: [{ authConfigId: sendgridAc }] });
    expect(second.authConfigIds).toEqual([sendgridAc]);

    const all = await composio.mcp.list({ limit: 50 });
    expect(all.items.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([created.id, second.id]));
    expect(all.currentPage).toBe(1);
    const byName = await composio.mcp.list({ name: `dev server ${tag}` });
    expect(byName.items.map((i: { id: string }) => i.id)).toEqual([created.id]);
    const byToolkit = await composio.mcp.list({ toolkits: ['sendgrid'], limit: 50 });
    expect(byToolkit.items.map((i: { id: string }) => i.id)).toContain(second.id);
    expect(byToolkit.items.map((i: { id: string }) => i.id)).not.toContain(created.id);
    const byAc = await composio.mcp.list({ authConfigs: [sendgridAc], limit: 50 });
    expect(byAc.items.every((i: { authConfigIds: string[] }) => i.authConfigIds.includes(sendgridAc))).toBe(true);
    const paged = await composio.mcp.list({ limit: 1, page: 2 });
    expect(paged.items).toHaveLength(1);
    expect(paged.totalPages).toBeGreaterThanOrEqual(2);

    const updated = await composio.mcp.update(created.id, {
      name: `Renamed ${tag}`,
      toolkits: [{ toolkit: 'github', authConfigId: githubAc }],
      allowedTools: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
    });
    expect(updated.name).toBe(`Renamed ${tag}`);
    expect(updated.allowedTools).toEqual(['GITHUB_GET_THE_AUTHENTICATED_USER']);
    expect(updated.toolkits).toEqual(['github']);

    const url = await composio.mcp.generate('bob', created.id);
    expect(url.url).toBe(`${s.url}/api/v3/mcp/${created.id}/mcp?user_id=bob`);
    expect(url.allowedTools).toEqual(['GITHUB_GET_THE_AUTHENTICATED_USER']);
    expect((await composio.mcp.get(created.id)).serverInstanceCount).toBe(2);

    const del = await composio.mcp.delete(created.id);
    expect(del).toMatchObject({ id: created.id, deleted: true });
    await expect(composio.mcp.get(created.id)).rejects.toThrow();
    await composio.mcp.delete(second.id);
  });

  it('the SDK sees our errors: unknown server, bad name, unknown toolkit', async () => {
    await expect(composio.mcp.get('00000000-0000-4000-8000-000000000000')).rejects.toThrow();
    await expect(composio.mcp.create('x', { toolkits: ['github'] })).rejects.toThrow();
    await expect(composio.mcp.create(`Nope ${tag}`, { toolkits: ['no-such-toolkit'] })).rejects.toThrow();
  });
});

describe('MCP servers over HTTP (both prefixes, error envelopes)', () => {
  it('serves the same API under /api/v3 and /api/v3.1 and answers bad input with 4xx envelopes', async () => {
    const created = await s.api('POST', '/mcp/servers/custom', {
      name: 'Raw server',
      toolkits: ['GitHub'],
      auth_config_ids: [githubAc],
      allowed_tools: ['github_get_the_authenticated_user'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      toolkits: ['github'],
      allowed_tools: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
      managed_auth_via_composio: true,
      server_instance_count: 0,
    });
    const id = created.body.id;
    const v31 = await fetch(`${s.url}/api/v3.1/mcp/${id}`, { headers: { 'x-api-key': s.apiKey } });
    expect(v31.status).toBe(200);
    expect((await v31.json()).deleted).toBe(false);

    const dup = await s.api('POST', '/mcp/servers/custom', { name: 'Raw server', toolkits: ['github'] });
    expect(dup.status).toBe(409);
    expect(dup.body.error.slug).toBe('MCP_ServerNameExists');
    const badName = await s.api('POST', '/mcp/servers/custom', { name: 'bad/name!', toolkits: ['github'] });
    expect(badName.status).toBe(400);
    expect(badName.body.error.message).toMatch(/name/);
    const badAc = await s.api('POST', '/mcp/servers', { name: 'Auth server', auth_config_ids: ['ac_doesnotexist12'] });
    expect(badAc.status).toBe(404);
    const badTool = await s.api('POST', '/mcp/servers/custom', { name: 'Tool server', allowed_tools: ['NOT_A_TOOL'] });
    expect(badTool.status).toBe(400);
    const empty = await s.api('POST', '/mcp/servers/custom', { name: 'Empty server' });
    expect(empty.status).toBe(400);
    expect((await s.api('GET', '/mcp/not-a-uuid')).status).toBe(400);
    expect((await s.api('PATCH', `/mcp/${id}`, { toolkits: ['nope'] })).status).toBe(400);
    expect((await s.api('GET', '/mcp/servers?limit=0')).status).toBe(400);
    expect(
      (
        await s.api('POST', '/mcp/servers/generate', {
          mcp_server_id: id,
          connected_account_ids: ['ca_missing0000001'],
        })
      ).status,
    ).toBe(404);

    // POST /mcp/servers (auth configs) and GET /mcp/app/{toolkit}
    const fromAc = await s.api('POST', '/mcp/servers', {
      name: 'SendGrid by config',
      auth_config_ids: [sendgridAc],
      managed_auth_via_composio: false,
    });
    expect(fromAc.status).toBe(201);
    expect(fromAc.body).toMatchObject({ toolkits: ['sendgrid'], managed_auth_via_composio: false });
    const app = await s.api('GET', '/mcp/app/sendgrid?limit=50');
    expect(app.body.items.map((i: { id: string }) => i.id)).toContain(fromAc.body.id);
    expect(app.body.items.map((i: { id: string }) => i.id)).not.toContain(id);

    // instances
    const inst = await s.api('POST', `/mcp/servers/${id}/instances`, { user_id: 'carol' });
    expect(inst.status).toBe(201);
    expect(inst.body).toMatchObject({ instance_id: 'carol', mcp_server_id: id });
    expect((await s.api('POST', `/mcp/servers/${id}/instances`, { user_id: 'carol' })).status).toBe(409);
    const gen = await s.api('POST', '/mcp/servers/generate', {
      mcp_server_id: id,
      user_ids: ['dave', 'carol'],
      managed_auth_by_composio: false,
    });
    expect(gen.status).toBe(200);
    expect(gen.body.user_ids_url).toEqual([
      `${s.url}/api/v3/mcp/${id}/mcp?user_id=dave&include_composio_helper_actions=false`,
      `${s.url}/api/v3/mcp/${id}/mcp?user_id=carol&include_composio_helper_actions=false`,
    ]);
    const list = await s.api('GET', `/mcp/servers/${id}/instances?search=ca`);
    expect(list.body).toMatchObject({ server_id: id, server_name: 'Raw server', current_page: 1 });
    expect(list.body.instances.map((i: { instance_id: string }) => i.instance_id)).toEqual(['carol']);
    const acct = await s.api('POST', '/connected_accounts', {
      auth_config: { id: githubAc },
      connection: { user_id: 'carol', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k' } } },
    });
    expect(acct.status).toBe(201);
    const removed = await s.api('DELETE', `/mcp/servers/${id}/instances/carol`);
    expect(removed.body).toMatchObject({ deleted_connected_accounts: 1 });
    expect((await s.api('GET', `/connected_accounts/${acct.body.id}`)).status).toBe(404);
    expect((await s.api('DELETE', `/mcp/servers/${id}/instances/carol`)).status).toBe(404);

    const doc = await (await fetch(`${s.url}/api/v3/openapi.json`)).json();
    for (const p of [
      '/api/v3/mcp/servers/custom',
      '/api/v3/mcp/servers/generate',
      '/api/v3/mcp/{id}',
      '/api/v3/mcp/servers/{serverId}/instances',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });

  it('keeps projects apart', async () => {
    const other = await s.api(
      'POST',
      '/org/owner/project/new',
      { name: 'other-mcp', should_create_api_key: true },
      { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
    );
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const created = await s.api('POST', '/mcp/servers/custom', { name: 'Mine only', toolkits: ['github'] });
    const key = other.body.api_key as string;
    const r = await fetch(`${s.apiUrl}/mcp/${created.body.id}`, { headers: { 'x-api-key': key } });
    expect(r.status).toBe(404);
    const list = await (await fetch(`${s.apiUrl}/mcp/servers?limit=100`, { headers: { 'x-api-key': key } })).json();
    expect(list.items).toEqual([]);
  });
});
