import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeGitHub, startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { SDKS, composioFor, type AnySdk } from '../helpers/sdks';

// The official SDK (0.8.1 and 0.19.0), unmodified, against Junction's tool endpoints: only the base URL changes.

let s: TestServer;
let gh: Awaited<ReturnType<typeof startFakeGitHub>>;
let llm: FakeUpstream;
let account: string;

beforeAll(async () => {
  [gh, llm] = await Promise.all([startFakeGitHub({ token: 'ghp_sdk' }), startFakeUpstream()]);
  s = await startServer({
    env: { JUNCTION_LLM_BASE_URL: `${llm.url}/v1`, JUNCTION_LLM_API_KEY: 'sk-test', JUNCTION_LLM_MODEL: 'test-model' },
  });
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: 'sdk-user',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_sdk', base_url: gh.url } },
    },
  });
  account = ca.body.id;
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close(), llm?.close()]);
});

describe.each(SDKS)('@composio/core $version tools against Junction', (sdk) => {
  let composio: AnySdk;
  const { ComposioConnectedAccountNotFoundError, ToolListResponseSchema } = sdk.mod;
  beforeAll(() => {
    composio = composioFor(sdk, s);
  });

  it('tools.get by toolkit (important tools) and by slugs, strictly parsed by the SDK', async () => {
    const byKit = await composio.tools.getRawComposioTools({ toolkits: ['github', 'gmail'] });
    expect(byKit.length).toBeGreaterThan(10);
    expect(new Set(byKit.map((t: any) => t.toolkit?.slug))).toEqual(new Set(['github', 'gmail']));
    const bySlug = await composio.tools.get('sdk-user', {
      tools: ['GITHUB_CREATE_AN_ISSUE', 'GITHUB_GET_THE_AUTHENTICATED_USER'],
    });
    expect(bySlug).toHaveLength(2);
    const one = await composio.tools.getRawComposioToolBySlug('GITHUB_CREATE_AN_ISSUE');
    expect(one.inputParameters?.required).toEqual(expect.arrayContaining(['owner', 'repo', 'title']));
    expect(one.toolkit?.name).toBeTruthy();
    const enumList = await composio.tools.getToolsEnum();
    expect(enumList).toContain('GITHUB_CREATE_AN_ISSUE');
  });

  it('tools.execute with a version creates the issue upstream', async () => {
    gh.reset();
    const r = await composio.tools.execute('GITHUB_CREATE_AN_ISSUE', {
      userId: 'sdk-user',
      version: '20250909_00',
      arguments: { owner: 'acme', repo: 'web', title: 'From the SDK' },
    });
    expect(r.successful).toBe(true);
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({ title: 'From the SDK' });
    expect(r.logId).toMatch(/^log_/);
    expect(gh.last()).toMatchObject({ method: 'POST', path: '/repos/acme/web/issues' });
  });

  it('tools.execute: upstream failures are successful:false; no account is ComposioConnectedAccountNotFoundError', async () => {
    const r = await composio.tools.execute('GITHUB_CREATE_AN_ISSUE', {
      userId: 'sdk-user',
      connectedAccountId: account,
      dangerouslySkipVersionCheck: true,
      arguments: { owner: 'acme', repo: 'web', title: '' },
    });
    expect(r.successful).toBe(false);
    expect(r.data).toMatchObject({ status_code: 422 });
    await expect(
      composio.tools.execute('GITHUB_GET_THE_AUTHENTICATED_USER', {
        userId: 'nobody',
        version: '20250909_00',
        arguments: {},
      }),
    ).rejects.toBeInstanceOf(ComposioConnectedAccountNotFoundError);
  });

  it('tools.proxyExecute', async () => {
    const r = await composio.tools.proxyExecute({
      endpoint: '/user',
      method: 'GET',
      connectedAccountId: account,
      parameters: [{ in: 'header', name: 'X-Req', value: 'abc' }],
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ login: 'octocat' });
    expect(gh.last()!.headers['x-req']).toBe('abc');
  });

  it('tools.getInput through an OpenAI-compatible endpoint with a json_schema response format', async () => {
    llm.on('POST', '/v1/chat/completions', (req) => {
      const body = req.json as any;
      expect(req.headers.authorization).toBe('Bearer sk-test');
      expect(body.model).toBe('test-model');
      expect(body.response_format.type).toBe('json_schema');
      expect(body.response_format.json_schema.schema.properties.title).toBeTruthy();
      return {
        json: {
          choices: [
            {
              message: {
                role: 'assistant',
                content: JSON.stringify({ owner: 'acme', repo: 'web', title: 'Login broken' }),
              },
            },
          ],
        },
      };
    });
    const before = llm.requests.length;
    const r = await composio.tools.getInput('GITHUB_CREATE_AN_ISSUE', {
      text: 'open an issue in acme/web saying login is broken',
    });
    expect(r.arguments).toEqual({ owner: 'acme', repo: 'web', title: 'Login broken' });
    expect(llm.requests.slice(before).filter((q) => q.path === '/v1/chat/completions')).toHaveLength(1);
  });

  it("every tool object of the catalog passes the SDK's own strict schema", async () => {
    const kits = (await s.api('GET', '/toolkits?limit=1000')).body.items.map((t: any) => t.slug);
    let n = 0;
    for (const kit of kits) {
      const page = await s.api('GET', `/tools?toolkit_slug=${kit}&limit=1000&include_deprecated=true`);
      expect(page.body.total_items).toBeLessThanOrEqual(1000 * page.body.total_pages);
      let items = page.body.items;
      for (let c = page.body.next_cursor; c; ) {
        const more = await s.api('GET', `/tools?toolkit_slug=${kit}&limit=1000&include_deprecated=true&cursor=${c}`);
        items = items.concat(more.body.items);
        c = more.body.next_cursor;
      }
      const parsed = ToolListResponseSchema.safeParse({
        items: items.map((t: any) => ({
          ...t,
          inputParameters: t.input_parameters,
          outputParameters: t.output_parameters,
          availableVersions: t.available_versions,
          isDeprecated: t.is_deprecated,
          isNoAuth: t.no_auth,
        })),
        totalPages: 1,
      });
      expect(parsed.success, `${kit}: ${parsed.success ? '' : JSON.stringify(parsed.error!.issues.slice(0, 3))}`).toBe(
        true,
      );
      n += items.length;
    }
    expect(n).toBeGreaterThan(6000);
  });
});
