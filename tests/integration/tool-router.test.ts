import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { SDKS, composioFor, type AnySdk } from '../helpers/sdks';

let s: TestServer;
let gh: FakeUpstream;

beforeAll(async () => {
  gh = await startFakeUpstream();
  gh.on('POST', '/repos/:owner/:repo/issues', (req, p) => ({
    status: 201,
    json: { number: 7, title: (req.json as any)?.title, html_url: `https://github.com/${p.owner}/${p.repo}/issues/7` },
  }));
  gh.on('GET', '/user', (req) =>
    req.headers.authorization === 'Bearer ghp_valid'
      ? { json: { login: 'octocat', id: 1 } }
      : { status: 401, json: { message: 'Bad credentials' } },
  );
  s = await startServer();
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close()]);
});

async function githubAccount(user: string, apiKey = 'ghp_valid') {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: user,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: apiKey, base_url: gh.url } },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { accountId: r.body.id as string, authConfigId: ac.body.auth_config.id as string };
}

describe('session lifecycle over the v3 API', () => {
  it('creates a session honouring the request/response naming asymmetries, and reads it back', async () => {
    const r = await s.api('POST', '/tool_router/session', {
      user_id: 'alice',
      toolkits: { enable: ['github', 'Slack'] },
      tools: { github: { disable: ['GITHUB_DELETE_A_REPOSITORY'] }, slack: { tags: { enable: ['readOnlyHint'] } } },
      tags: { disable: ['destructiveHint'] },
      manage_connections: { enable: true, callback_url: 'https://app.example/cb', enable_wait_for_connections: true },
      workbench: { enable: false, enable_proxy_execution: true },
      multi_account: { enable: true, max_accounts_per_toolkit: 3 },
      preload: { tools: ['GITHUB_CREATE_AN_ISSUE'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const b = r.body;
    expect(b.session_id).toMatch(/^trs_/);
    expect(b.mcp).toEqual({ type: 'http', url: `${s.url}/api/v3/tool_router/session/${b.session_id}/mcp` });
    expect(b.config.toolkits).toEqual({ enabled: ['github', 'slack'] });
    expect(b.config.tools.github).toEqual({ disabled: ['GITHUB_DELETE_A_REPOSITORY'] });
    expect(b.config.tools.slack).toEqual({ tags: { enabled: ['readOnlyHint'] } });
    expect(b.config.tags).toEqual({ disabled: ['destructiveHint'] });
    expect(b.config.manage_connections).toMatchObject({
      enabled: true,
      callback_url: 'https://app.example/cb',
      enable_wait_for_connections: true,
    });
    expect(b.config.workbench).toMatchObject({ enable: false, proxy_execution_enabled: true });
    expect(b.config.preload).toEqual({ tools: ['GITHUB_CREATE_AN_ISSUE'] });
    expect(b.config_version).toBe(1);
    expect(b.tool_router_tools).toEqual([
      'COMPOSIO_SEARCH_TOOLS',
      'COMPOSIO_GET_TOOL_SCHEMAS',
      'COMPOSIO_MULTI_EXECUTE_TOOL',
      'COMPOSIO_MANAGE_CONNECTIONS',
      'COMPOSIO_WAIT_FOR_CONNECTIONS',
    ]);
    expect(typeof b.experimental.assistive_prompt).toBe('string');

    const g = await s.api('GET', `/tool_router/session/${b.session_id}`);
    expect(g.status).toBe(200);
    expect(g.body.config).toEqual(b.config);
    expect(g.body.experimental).toBeUndefined();

    const missing = await s.api('GET', '/tool_router/session/trs_doesnotexist00');
    expect(missing.status).toBe(404);
    const badTool = await s.api('POST', '/tool_router/session', {
      user_id: 'a',
      tools: { github: { enable: ['GITHUB_NOT_A_TOOL'] } },
    });
    expect(badTool.status).toBe(400);
    const badPreload = await s.api('POST', '/tool_router/session', {
      user_id: 'a',
      toolkits: { enable: ['slack'] },
      preload: { tools: ['GITHUB_CREATE_AN_ISSUE'] },
    });
    expect(badPreload.status).toBe(400);
  });

  it('legacy labs create returns MCP URLs', async () => {
    const r = await s.api('POST', '/labs/tool_router/session', {
      user_id: 'bob',
      config: { toolkits: [{ toolkit: 'github' }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.session_id).toMatch(/^trs_/);
    expect(r.body.chat_session_mcp_url).toContain(`/tool_router/session/${r.body.session_id}/mcp`);
    const g = await s.api('GET', `/tool_router/session/${r.body.session_id}`);
    expect(g.body.config.toolkits).toEqual({ enabled: ['github'] });
  });

  it('sessions of another project are not visible', async () => {
    const r = await s.api('POST', '/tool_router/session', { user_id: 'x' });
    // a valid key of a second project of the same organization
    const project = await s.api(
      'POST',
      '/org/owner/project/new',
      { name: 'router-other', should_create_api_key: true },
      { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
    );
    expect(project.status).toBe(201);
    const otherKey = { 'x-api-key': project.body.api_key as string };
    expect((await s.api('GET', '/tool_router/session/trs_doesnotexist0000', undefined, otherKey)).status).toBe(404);
    const other = await s.api('GET', `/tool_router/session/${r.body.session_id}`, undefined, otherKey);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('"user_id":"x"');
    // and the owner still sees it
    expect((await s.api('GET', `/tool_router/session/${r.body.session_id}`)).status).toBe(200);
    // nor listed to the other project (GET /tool_router/session, our extension)
    const otherList = await s.api('GET', '/tool_router/session', undefined, otherKey);
    expect(otherList.status, JSON.stringify(otherList.body)).toBe(200);
    expect(otherList.body.items).toEqual([]);
  });

  it("lists the project's sessions newest first, filtered by user, with their MCP URLs", async () => {
    const a = await s.api('POST', '/tool_router/session', { user_id: 'lister-1', toolkits: { enable: ['github'] } });
    const b = await s.api('POST', '/tool_router/session', { user_id: 'lister-2', toolkits: { disable: ['slack'] } });
    const all = await s.api('GET', '/tool_router/session?limit=100');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const ids = all.body.items.map((x: any) => x.session_id);
    expect(ids.indexOf(b.body.session_id)).toBeLessThan(ids.indexOf(a.body.session_id));
    expect(all.body.total_items).toBe(all.body.items.length);
    const one = await s.api('GET', '/tool_router/session?user_ids=lister-1');
    expect(one.body.items).toEqual([
      {
        session_id: a.body.session_id,
        user_id: 'lister-1',
        toolkits: ['github'],
        toolkits_mode: 'enabled',
        mcp: a.body.mcp,
        config_version: 1,
        created_at: expect.any(String),
      },
    ]);
    const two = await s.api('GET', '/tool_router/session?user_ids=lister-2');
    expect(two.body.items[0]).toMatchObject({ toolkits: ['slack'], toolkits_mode: 'disabled' });
    const page = await s.api('GET', '/tool_router/session?limit=1');
    expect(page.body.items).toHaveLength(1);
    expect(page.body.next_cursor).toBeTruthy();
    expect((await s.api('GET', '/tool_router/session?limit=0')).status).toBe(400);
  });
});

describe.each(SDKS)('@composio/core $version against a session', (sdk) => {
  let composio: AnySdk;
  beforeAll(() => {
    composio = composioFor(sdk, s);
  });

  it('create, tools(), toolkits(), search, execute (meta and app tools)', async () => {
    const { accountId } = await githubAccount(`sdk-user-${sdk.version}`);
    const session = await composio.create(`sdk-user-${sdk.version}`, {
      toolkits: ['github', 'slack', 'gmail'],
      manageConnections: true,
    });
    expect(session.sessionId).toMatch(/^trs_/);
    expect(session.mcp.url).toContain(session.sessionId);
    expect(session.mcp.headers).toEqual({ 'x-api-key': s.apiKey });

    // tools(): wrapped for the default (OpenAI) provider after the SDK's strict tool parse
    const tools = (await session.tools()) as any[];
    const names = tools.map((t) => t.function?.name ?? t.name);
    expect(names).toContain('COMPOSIO_SEARCH_TOOLS');
    expect(names).toContain('COMPOSIO_MULTI_EXECUTE_TOOL');
    expect(names).toContain('COMPOSIO_REMOTE_WORKBENCH');

    const tks = await session.toolkits();
    expect(tks.items.map((t: any) => t.slug)).toEqual(['github', 'slack', 'gmail']);
    const github = tks.items.find((t: any) => t.slug === 'github')!;
    expect(github.connection?.isActive).toBe(true);
    expect(github.connection?.connectedAccount?.id).toBe(accountId);
    expect(tks.items.find((t: any) => t.slug === 'slack')!.connection?.isActive).toBe(false);
    const connectedOnly = await session.toolkits({ isConnected: true });
    expect(connectedOnly.items.map((t: any) => t.slug)).toEqual(['github']);
    const page = await session.toolkits({ limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.totalPages).toBe(2);
    const page2 = await session.toolkits({ limit: 2, cursor: page.cursor });
    expect(page2.items.map((t: any) => t.slug)).toEqual(['gmail']);

    // search: strictly parsed by the SDK
    const found = await session.search({ query: 'create an issue in my GitHub repository about a login bug' });
    expect(found.success).toBe(true);
    expect(found.results[0]!.primaryToolSlugs[0]).toBe('GITHUB_CREATE_AN_ISSUE');
    expect(found.toolSchemas.GITHUB_CREATE_AN_ISSUE!.inputSchema).toMatchObject({ type: 'object' });
    expect(found.toolkitConnectionStatuses.find((c: any) => c.toolkit === 'github')!.hasActiveConnection).toBe(true);
    expect(found.session.id).toBe(session.sessionId);
    const slackSearch = await session.search({ query: 'post a message to #general on Slack' });
    // the hosted name (curated) or the Web API one: either posts the message
    expect(
      slackSearch.results[0]!.primaryToolSlugs.some((t: string) =>
        ['SLACK_SEND_MESSAGE', 'SLACK_CHAT_POST_MESSAGE'].includes(t),
      ),
    ).toBe(true);
    const slackStatus = slackSearch.toolkitConnectionStatuses.find((c: any) => c.toolkit === 'slack')!;
    expect(slackStatus.hasActiveConnection).toBe(false);
    expect(slackSearch.nextStepsGuidance.join(' ')).toContain('COMPOSIO_MANAGE_CONNECTIONS');
    // search restricted to toolkits the session allows; twitter is not one of them
    const restricted = await session.search({ query: 'post a tweet', toolkits: ['github'] });
    expect(restricted.results[0]!.primaryToolSlugs.every((t: string) => t.startsWith('GITHUB_'))).toBe(true);

    // execute an app tool against the loopback GitHub
    gh.reset();
    const r = await session.execute('GITHUB_CREATE_AN_ISSUE', { owner: 'acme', repo: 'web', title: 'Login broken' });
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({ number: 7, title: 'Login broken' });
    expect(r.logId).toMatch(/^log_/);
    expect(gh.last()!.headers.authorization).toBe('Bearer ghp_valid');

    // a meta tool through the same endpoint
    const meta = await session.execute('COMPOSIO_GET_TOOL_SCHEMAS', {
      tool_slugs: ['GITHUB_GET_THE_AUTHENTICATED_USER'],
    });
    expect(meta.error).toBeNull();
    expect((meta.data as any).tool_schemas.GITHUB_GET_THE_AUTHENTICATED_USER.input_schema.type).toBe('object');

    // a tool of a toolkit outside the session is refused
    await expect(session.execute('TWITTER_CREATION_OF_A_TWEET', { text: 'x' })).rejects.toThrow();
    // a tool of a toolkit the user has not connected: the SDK gets the 1803 error
    await expect(session.execute('SLACK_CHAT_POST_MESSAGE', { channel: 'general', text: 'hi' })).rejects.toThrow(
      /slack/i,
    );

    // use(): the same session by id
    const again = await composio.use(session.sessionId);
    expect(again.sessionId).toBe(session.sessionId);

    // preloaded catalog tools come with the meta tools and pass the same strict parse
    const preloaded = await composio.create(`sdk-user-${sdk.version}`, {
      toolkits: ['github'],
      preload: { tools: ['GITHUB_CREATE_AN_ISSUE'] },
    });
    expect(preloaded.preload.tools).toEqual(['GITHUB_CREATE_AN_ISSUE']);
    const raw = await composio.tools.getRawToolRouterSessionTools(preloaded.sessionId);
    const issue = raw.find((t: any) => t.slug === 'GITHUB_CREATE_AN_ISSUE')!;
    expect(issue.toolkit).toMatchObject({ slug: 'github', name: 'GitHub' });
    expect(issue.inputParameters!.required).toEqual(expect.arrayContaining(['owner', 'repo', 'title']));
  });

  it('session proxy_execute resolves the account from the session', async () => {
    await githubAccount(`proxy-user-${sdk.version}`);
    const session = await composio.create(`proxy-user-${sdk.version}`, { toolkits: ['github'] });
    const r = await session.proxyExecute({ toolkit: 'github', endpoint: '/user', method: 'GET' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ login: 'octocat' });
  });

  it('authorize / link and COMPOSIO_MANAGE_CONNECTIONS create Connect Links for the session user', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const session = await composio.create(`link-user-${sdk.version}`, {
      toolkits: ['sendgrid', 'notion'],
      manageConnections: { callbackUrl: 'https://app.example/done' },
    });
    const req = await session.authorize('sendgrid');
    expect(req.id).toMatch(/^ca_/);
    // the hosted connect page: the dashboard's /connect/… or, on an API-only server, the API's own page
    expect(req.redirectUrl).toMatch(new RegExp(`^${s.url}/(connect|api/v3/connect_links)/`));
    const page = await fetch(req.redirectUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SendGrid');
    const ca = await s.api('GET', `/connected_accounts/${req.id}`);
    expect(ca.status).toBe(200);
    expect(ca.body.toolkit.slug).toBe('sendgrid');
    expect(ca.body.auth_config.id).toBe(ac.body.auth_config.id);
    const listed = await s.api('GET', `/connected_accounts?user_ids=link-user-${sdk.version}&toolkit_slugs=sendgrid`);
    expect(listed.body.items.map((a: any) => a.id)).toContain(req.id);

    const viaMeta = await s.api('POST', `/tool_router/session/${session.sessionId}/execute_meta`, {
      slug: 'COMPOSIO_MANAGE_CONNECTIONS',
      arguments: { toolkits: ['sendgrid', 'notion'] },
    });
    const res = viaMeta.body.data.results;
    expect(res.sendgrid.status).toBe('initiated');
    expect(res.sendgrid.redirect_url).toMatch(new RegExp(`^${s.url}/(connect|api/v3/connect_links)/`));
    // notion has no auth config in this project: a per-toolkit error, not a failed call
    expect(res.notion.status).toBe('error');
    expect(res.notion.message).toMatch(/No enabled auth config for toolkit notion/);
    expect(viaMeta.body.error).toBe('1 out of 2 toolkits failed');

    const outside = await s.api('POST', `/tool_router/session/${session.sessionId}/link`, { toolkit: 'twitter' });
    expect(outside.status).toBe(403);
  });
});

describe('sessions over HTTP: multi-execute, connections, workbench', () => {
  it('multi-execute runs calls in parallel with per-call results and errors', async () => {
    await githubAccount('multi-user');
    const created = await s.api('POST', '/tool_router/session', {
      user_id: 'multi-user',
      toolkits: { enable: ['github', 'slack'] },
    });
    const sid = created.body.session_id;
    const r = await s.api('POST', `/tool_router/session/${sid}/execute_meta`, {
      slug: 'COMPOSIO_MULTI_EXECUTE_TOOL',
      arguments: {
        tools: [
          { tool_slug: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} },
          { tool_slug: 'GITHUB_CREATE_AN_ISSUE', arguments: { owner: 'a', repo: 'b', title: 'T' } },
          { tool_slug: 'SLACK_CHAT_POST_MESSAGE', arguments: { channel: 'c', text: 'x' } },
          { tool_slug: 'NOT_A_TOOL_AT_ALL', arguments: {} },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.error).toBe('2 out of 4 tools failed');
    const res = r.body.data.results;
    expect(res.map((x: any) => x.index)).toEqual([0, 1, 2, 3]);
    expect(res[0].response).toMatchObject({ successful: true, data: { login: 'octocat' } });
    expect(res[1].response.data).toMatchObject({ number: 7 });
    expect(res[2].error).toMatch(/slack/i);
    expect(res[3].error).toMatch(/not found/i);
    expect(r.body.data).toMatchObject({ total_count: 4, success_count: 2, error_count: 2 });

    const tooMany = await s.api('POST', `/tool_router/session/${sid}/execute_meta`, {
      slug: 'COMPOSIO_MULTI_EXECUTE_TOOL',
      arguments: {
        tools: Array.from({ length: 51 }, () => ({ tool_slug: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} })),
      },
    });
    expect(tooMany.body.error).toMatch(/At most 50/);

    const fifty = await s.api('POST', `/tool_router/session/${sid}/execute_meta`, {
      slug: 'COMPOSIO_MULTI_EXECUTE_TOOL',
      arguments: {
        tools: Array.from({ length: 50 }, () => ({ tool_slug: 'GITHUB_GET_THE_AUTHENTICATED_USER', arguments: {} })),
      },
    });
    expect(fifty.body.error).toBeNull();
    expect(fifty.body.data.success_count).toBe(50);
  });

  it('manage connections reports status and removes a connection; wait returns for connected toolkits', async () => {
    const { accountId } = await githubAccount('conn-user');
    const created = await s.api('POST', '/tool_router/session', {
      user_id: 'conn-user',
      toolkits: { enable: ['github', 'slack'] },
      manage_connections: { enable: true, enable_wait_for_connections: true },
    });
    const sid = created.body.session_id;
    const st = await s.api('POST', `/tool_router/session/${sid}/execute_meta`, {
      slug: 'COMPOSIO_MANAGE_CONNECTIONS',
      arguments: { toolkits: ['github', 'slack'], action: 'status' },
    });
    expect(st.body.data.results.github).toMatchObject({ status: 'active', connected_account_id: accountId });
    expect(st.body.data.results.slack.status).toBe('not_connected');
    const initiateActive = await s.api('POST', `/tool_router/session/${sid}/execute_meta`, {
      slug: 'COMPOSIO_MANAGE_CONNECTIONS',
      arguments: { toolkits: ['github'] },
    });
    expect(initiateActive.body.data.results.github.status).toBe('active');
    const wait = await s.api('POST', `/tool_router/session/${sid}/execute_meta`, {
      slug: 'COMPOSIO_WAIT_FOR_CONNECTIONS',
      arguments: { toolkits: ['github'], timeout_seconds: 2 },
    });
    expect(wait.body.error).toBeNull();
    const waitSlack = await s.api('POST', `/tool_router/session/${sid}/execute_meta`, {
      slug: 'COMPOSIO_WAIT_FOR_CONNECTIONS',
      arguments: { toolkits: ['slack'], timeout_seconds: 1 },
    });
    expect(waitSlack.body.error).toMatch(/Timed out waiting for: slack/);
    const rm = await s.api('POST', `/tool_router/session/${sid}/execute_meta`, {
      slug: 'COMPOSIO_MANAGE_CONNECTIONS',
      arguments: { toolkits: ['github'], action: 'remove' },
    });
    expect(rm.body.data.results.github).toMatchObject({ status: 'removed', connected_account_id: accountId });
    const gone = await s.api('GET', `/connected_accounts/${accountId}`);
    expect(gone.status).toBe(404);

    const noWait = await s.api('POST', '/tool_router/session', { user_id: 'conn-user' });
    const refused = await s.api('POST', `/tool_router/session/${noWait.body.session_id}/execute_meta`, {
      slug: 'COMPOSIO_WAIT_FOR_CONNECTIONS',
      arguments: { toolkits: ['github'] },
    });
    expect(refused.status).toBe(400);
  });

  it("the remote workbench runs sandboxed JavaScript that calls the session's tools, with a time limit", async () => {
    await githubAccount('wb-user');
    const created = await s.api('POST', '/tool_router/session', {
      user_id: 'wb-user',
      toolkits: { enable: ['github'] },
    });
    expect(created.body.tool_router_tools).toContain('COMPOSIO_REMOTE_WORKBENCH');
    const sid = created.body.session_id;
    const run = (code: string, extra: Record<string, unknown> = {}) =>
      s.api('POST', `/tool_router/session/${sid}/execute`, {
        tool_slug: 'COMPOSIO_REMOTE_WORKBENCH',
        arguments: { code_to_execute: code, ...extra },
      });
    const r = await run(`
      const me = await run_composio_tool('GITHUB_GET_THE_AUTHENTICATED_USER', {});
      console.log('login', me.data.login);
      return { upper: me.data.login.toUpperCase(), node: typeof process, req: typeof require };
    `);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.error).toBeNull();
    expect(r.body.data).toEqual({
      result: { upper: 'OCTOCAT', node: 'undefined', req: 'undefined' },
      stdout: 'login octocat',
      tool_calls: 1,
    });
    const loop = await run('while (true) {}', { timeout_seconds: 1 });
    expect(loop.body.error).toMatch(/Time limit of 1000 ms exceeded/);
    const outside = await run(`return await run_composio_tool('SLACK_CHAT_POST_MESSAGE', { channel: 'x', text: 'y' })`);
    expect(outside.body.data.result.successful).toBe(false);
    expect(outside.body.data.result.error).toMatch(/not enabled in this session/);

    const off = await s.api('POST', '/tool_router/session', { user_id: 'wb-user', workbench: { enable: false } });
    expect(off.body.tool_router_tools).not.toContain('COMPOSIO_REMOTE_WORKBENCH');
    const refused = await s.api('POST', `/tool_router/session/${off.body.session_id}/execute_meta`, {
      slug: 'COMPOSIO_REMOTE_WORKBENCH',
      arguments: { code_to_execute: 'return 1' },
    });
    expect(refused.status).toBe(400);
  });

  it('validates overrides and serves custom tools in search (their execution stays in the SDK)', async () => {
    const { accountId, authConfigId } = await githubAccount('override-user');
    const wrongUser = await s.api('POST', '/tool_router/session', {
      user_id: 'someone-else',
      connected_accounts: { github: accountId },
    });
    expect(wrongUser.status).toBe(400);
    expect(wrongUser.body.error.message).toMatch(/belongs to another user/);
    const wrongKit = await s.api('POST', '/tool_router/session', {
      user_id: 'override-user',
      auth_configs: { slack: authConfigId },
    });
    expect(wrongKit.status).toBe(400);
    const ok = await s.api('POST', '/tool_router/session', {
      user_id: 'override-user',
      connected_accounts: { github: accountId },
      auth_configs: { github: authConfigId },
      experimental: {
        custom_tools: [
          {
            slug: 'grep_invoices',
            name: 'Grep invoices',
            description: 'Search the local invoice archive for overdue invoices',
            input_schema: { type: 'object', properties: { pattern: { type: 'string' } } },
          },
        ],
        custom_toolkits: [
          {
            slug: 'crm',
            name: 'In-house CRM',
            description: 'Our CRM',
            tools: [
              {
                slug: 'find_customer',
                name: 'Find customer',
                description: 'Find a customer record by email',
                input_schema: { type: 'object', properties: { email: { type: 'string' } } },
              },
            ],
          },
        ],
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.experimental.custom_tools[0]).toMatchObject({
      slug: 'LOCAL_GREP_INVOICES',
      original_slug: 'grep_invoices',
    });
    expect(ok.body.experimental.custom_toolkits[0].tools[0]).toMatchObject({
      slug: 'LOCAL_CRM_FIND_CUSTOMER',
      original_slug: 'find_customer',
    });
    const sid = ok.body.session_id;
    const found = await s.api('POST', `/tool_router/session/${sid}/search`, {
      queries: [{ use_case: 'find a customer record by email in the CRM' }],
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.results[0].primary_tool_slugs[0]).toBe('LOCAL_CRM_FIND_CUSTOMER');
    expect(found.body.tool_schemas.LOCAL_CRM_FIND_CUSTOMER.input_schema.properties.email.type).toBe('string');
    const run = await s.api('POST', `/tool_router/session/${sid}/execute`, {
      tool_slug: 'LOCAL_GREP_INVOICES',
      arguments: {},
    });
    expect(run.status).toBe(400);
    expect(run.body.error.slug).toBe('ToolRouter_CustomToolRunsInSdk');
  });

  it("the project's imported toolkits are searchable and executable in sessions", async () => {
    gh.on('POST', '/pets-api/pets', (r) => ({ status: 201, json: { id: 9, ...(r.json as object) } }));
    const imp = await s.api('POST', '/toolkits/custom', {
      slug: 'petclinic',
      document: {
        openapi: '3.0.3',
        info: { title: 'Pet Clinic', version: '1.0.0' },
        servers: [{ url: `${gh.url}/pets-api` }],
        components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Pet-Key' } } },
        security: [{ key: [] }],
        paths: {
          '/pets': {
            post: {
              operationId: 'addPet',
              summary: 'Register a new pet',
              description: 'Register a new pet patient at the veterinary clinic',
              requestBody: {
                required: true,
                content: {
                  'application/json': {
                    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
                  },
                },
              },
              responses: { 201: { description: 'created' } },
            },
          },
        },
      },
    });
    expect(imp.status, JSON.stringify(imp.body)).toBe(201);
    const slug = imp.body.tools[0] as string;
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'petclinic' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const ca = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'vet-user',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'pet-secret' } },
      },
    });
    expect(ca.status, JSON.stringify(ca.body)).toBe(201);
    const session = await s.api('POST', '/tool_router/session', {
      user_id: 'vet-user',
      toolkits: { enable: ['petclinic', 'github'] },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const sid = session.body.session_id;
    const found = await s.api('POST', `/tool_router/session/${sid}/search`, {
      queries: [{ use_case: 'register a new pet patient at the vet clinic' }],
    });
    expect(found.body.results[0].primary_tool_slugs[0]).toBe(slug);
    expect(found.body.tool_schemas[slug].input_schema.properties.name.type).toBe('string');
    expect(
      found.body.toolkit_connection_statuses.find((c: any) => c.toolkit === 'petclinic').has_active_connection,
    ).toBe(true);
    const run = await s.api('POST', `/tool_router/session/${sid}/execute`, {
      tool_slug: slug,
      arguments: { name: 'Rex' },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.error).toBeNull();
    expect(run.body.data).toEqual({ id: 9, name: 'Rex' });
    expect(gh.last()!.headers['x-pet-key']).toBe('pet-secret');
  });
});
