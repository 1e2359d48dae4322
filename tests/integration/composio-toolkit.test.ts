import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// The `composio` toolkit outside a session (issue 26 item 4): its meta tools resolve through
// GET /tools/{slug} and run through POST /tools/execute/{slug} for a user_id.
let s: TestServer;
let gh: FakeUpstream;

beforeAll(async () => {
  [s, gh] = await Promise.all([startServer(), startFakeUpstream()]);
  gh.on('GET', '/repos/:owner/:repo', (req, p) =>
    req.headers.authorization === 'Bearer ghp_meta'
      ? { json: { id: 1, name: p.repo, full_name: `${p.owner}/${p.repo}` } }
      : { status: 401, json: { message: 'Bad credentials' } },
  );
  await connectToFake(s, {
    toolkit: 'github',
    authScheme: 'API_KEY',
    val: { api_key: 'ghp_meta', base_url: gh.url },
    userId: 'meta-user',
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>, user = 'meta-user') =>
  s.api('POST', `/tools/execute/${slug}`, { user_id: user, arguments: args });

describe('composio toolkit', () => {
  it('GET /tools/{slug} resolves the meta tools and the older hosted names', async () => {
    for (const slug of [
      'COMPOSIO_SEARCH_TOOLS',
      'COMPOSIO_MULTI_EXECUTE_TOOL',
      'COMPOSIO_MANAGE_CONNECTIONS',
      'COMPOSIO_GET_TOOL_SCHEMAS',
      'COMPOSIO_WAIT_FOR_CONNECTIONS',
      'COMPOSIO_EXECUTE_TOOL',
      'COMPOSIO_INITIATE_CONNECTION',
      'COMPOSIO_CHECK_ACTIVE_CONNECTIONS',
    ]) {
      const r = await s.api('GET', `/tools/${slug}`);
      expect(r.status, `${slug}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.slug).toBe(slug);
      expect(r.body.toolkit.slug).toBe('composio');
      expect(r.body.input_parameters.type).toBe('object');
    }
  });

  it('GET /toolkits/composio and GET /tools?toolkit_slug=composio list the toolkit and its tools', async () => {
    const tk = await s.api('GET', '/toolkits/composio');
    expect(tk.status, JSON.stringify(tk.body)).toBe(200);
    expect(tk.body.slug).toBe('composio');
    expect(tk.body.meta.tools_count).toBeGreaterThanOrEqual(8);
    const list = await s.api('GET', '/tools?toolkit_slug=composio');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const slugs = list.body.items.map((t: { slug: string }) => t.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['COMPOSIO_SEARCH_TOOLS', 'COMPOSIO_MULTI_EXECUTE_TOOL', 'COMPOSIO_EXECUTE_TOOL']),
    );
    expect(list.body.total_items).toBe(slugs.length);
    expect(slugs.length).toBe(tk.body.meta.tools_count);
  });

  it('COMPOSIO_SEARCH_TOOLS finds app tools for the user', async () => {
    const r = await exec('COMPOSIO_SEARCH_TOOLS', { queries: [{ use_case: 'get a github repository' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.successful).toBe(true);
    expect(JSON.stringify(r.body.data)).toContain('GITHUB_');
  });

  it('COMPOSIO_MULTI_EXECUTE_TOOL and COMPOSIO_EXECUTE_TOOL run app tools with the user’s account', async () => {
    const multi = await exec('COMPOSIO_MULTI_EXECUTE_TOOL', {
      tools: [{ tool_slug: 'GITHUB_GET_A_REPOSITORY', arguments: { owner: 'acme', repo: 'rocket' } }],
    });
    expect(multi.status, JSON.stringify(multi.body)).toBe(200);
    expect(multi.body.successful).toBe(true);
    expect(JSON.stringify(multi.body.data)).toContain('acme/rocket');
    const one = await exec('COMPOSIO_EXECUTE_TOOL', {
      tool_slug: 'GITHUB_GET_A_REPOSITORY',
      arguments: { owner: 'acme', repo: 'engine' },
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.successful).toBe(true);
    expect(JSON.stringify(one.body.data)).toContain('acme/engine');
    expect(gh.requests.at(-1)!.headers.authorization).toBe('Bearer ghp_meta');
  });

  it('COMPOSIO_MANAGE_CONNECTIONS reports the user’s connection status', async () => {
    const r = await exec('COMPOSIO_MANAGE_CONNECTIONS', { toolkits: ['github'], action: 'status' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(JSON.stringify(r.body.data)).toContain('github');
    const alias = await exec('COMPOSIO_CHECK_ACTIVE_CONNECTIONS', { toolkits: ['github'] });
    expect(alias.status, JSON.stringify(alias.body)).toBe(200);
    expect(JSON.stringify(alias.body.data)).toContain('github');
  });
});
