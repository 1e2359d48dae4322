import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { SDKS, composioFor } from '../helpers/sdks';
import { stageFile } from '../helpers/stage-file';
import hostedComposio from '../../scripts/catalog/hosted/composio.json';
import hostedCodeinterpreter from '../../scripts/catalog/hosted/codeinterpreter.json';

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
  it('GET /tools/{slug} resolves every hosted name of the composio toolkit', async () => {
    for (const { slug } of hostedComposio.tools) {
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
    expect(tk.body.meta.tools_count).toBeGreaterThanOrEqual(hostedComposio.tools.length);
    const list = await s.api('GET', '/tools?toolkit_slug=composio');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const slugs = list.body.items.map((t: { slug: string }) => t.slug);
    expect(slugs).toEqual(expect.arrayContaining(hostedComposio.tools.map((t) => t.slug)));
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

  // the hosted-only tools, run for a user outside a session: [slug, arguments, what data must show]
  it.each([
    ['COMPOSIO_LIST_TOOLKITS', { name_filter: 'github', size: 5 }, '"slug":"github"'],
    ['COMPOSIO_LIST_TRIGGERS', { toolkit_names: ['github'] }, 'GITHUB_'],
    ['COMPOSIO_GET_REQUIRED_PARAMETERS', { toolkit: 'github' }, 'required_parameters'],
    ['COMPOSIO_GET_RESPONSE_SCHEMA', { tool: 'GITHUB_GET_A_REPOSITORY' }, 'response_schema'],
    ['COMPOSIO_GET_DEPENDENCY_GRAPH', { tool_name: 'GITHUB_CREATE_AN_ISSUE' }, 'parent_tools'],
    ['COMPOSIO_CREATE_PLAN', { use_case: 'get a github repository', known_fields: 'owner:acme' }, 'GITHUB_'],
    ['COMPOSIO_CHECK_ACTIVE_CONNECTION', { toolkit: 'github' }, 'active'],
    ['COMPOSIO_CHECK_ACTIVE_CONNECTIONS', { requests: [{ toolkit: 'github' }] }, 'active'],
    ['COMPOSIO_WAIT_FOR_CONNECTION', { toolkit: 'github', timeout_seconds: 1 }, '"connected":["github"]'],
    ['COMPOSIO_REMOTE_BASH_TOOL', { command: 'echo hi > a.txt && cat a.txt | wc -l' }, '"stdout":"1\\n"'],
    ['COMPOSIO_REMOTE_WORKBENCH', { code_to_execute: 'return 6 * 7' }, '42'],
  ])('%s runs for a user_id', async (slug, args, shows) => {
    const r = await exec(slug, args);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(JSON.stringify(r.body.data)).toContain(shows);
  });

  it('COMPOSIO_REMOTE_BASH_TOOL keeps the user’s files between calls, apart from other users', async () => {
    const mine = await exec('COMPOSIO_REMOTE_BASH_TOOL', { command: 'cat a.txt' });
    expect(mine.body.data.stdout).toBe('hi\n');
    const other = await exec('COMPOSIO_REMOTE_BASH_TOOL', { command: 'cat a.txt' }, 'someone-else');
    expect(other.body.successful).toBe(false);
    expect(other.body.error).toContain('no such file');
    const unknown = await exec('COMPOSIO_REMOTE_BASH_TOOL', { command: 'python3 -V' });
    expect(unknown.body.data.exit_code).toBe(127);
  });

  it('COMPOSIO_ENABLE_TRIGGER starts a trigger on the user’s account; an unknown trigger fails cleanly', async () => {
    const list = await exec('COMPOSIO_LIST_TRIGGERS', { toolkit_names: ['github'] });
    const poll = list.body.data.triggers.find(
      (t: { slug: string; config: { required?: string[] } }) => !(t.config.required ?? []).length,
    );
    expect(poll, 'a github trigger without required config').toBeTruthy();
    const r = await exec('COMPOSIO_ENABLE_TRIGGER', { trigger_name: poll.slug, config_params: {} });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data.trigger_details.trigger_id).toMatch(/^ti_/);
    const bad = await exec('COMPOSIO_ENABLE_TRIGGER', { trigger_name: 'GITHUB_NO_SUCH_TRIGGER' });
    expect(bad.status).toBe(200);
    expect(bad.body.successful).toBe(false);
  });

  it.each(SDKS)('@composio/core $version runs COMPOSIO_SEARCH_TOOLS with only a user id', async (sdk) => {
    const composio = composioFor(sdk, s);
    const r = await composio.tools.execute('COMPOSIO_SEARCH_TOOLS', {
      userId: 'meta-user',
      dangerouslySkipVersionCheck: true,
      arguments: { queries: [{ use_case: 'get a github repository' }] },
    });
    expect(r.successful, JSON.stringify(r)).toBe(true);
    expect(JSON.stringify(r.data)).toContain('GITHUB_');
  });
});

// codeinterpreter (lib/catalog/curated/codeinterpreter.ts): named sandboxes on the workbench
describe('codeinterpreter toolkit', () => {
  it('GET /tools/{slug} resolves every hosted name', async () => {
    for (const { slug } of hostedCodeinterpreter.tools) {
      const r = await s.api('GET', `/tools/${slug}`);
      expect(r.status, `${slug}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.toolkit.slug).toBe('codeinterpreter');
    }
  });

  it('a sandbox keeps files across upload, code, terminal and download', async () => {
    const made = await exec('CODEINTERPRETER_CREATE_SANDBOX', { keep_alive: 120 });
    expect(made.body.successful, JSON.stringify(made.body)).toBe(true);
    const sandbox_id = made.body.data.sandbox_id as string;
    const file = await stageFile(s, Buffer.from('a,1\nb,2\nc,3\n'), 'data.csv', 'text/csv', {
      tool_slug: 'CODEINTERPRETER_UPLOAD_FILE_CMD',
      toolkit_slug: 'codeinterpreter',
    });
    const up = await exec('CODEINTERPRETER_UPLOAD_FILE_CMD', { file, destination: '/home/user/', sandbox_id });
    expect(up.body.data.path, JSON.stringify(up.body)).toBe('/home/user/data.csv');
    const code = await exec('CODEINTERPRETER_EXECUTE_CODE', {
      sandbox_id,
      code_to_execute:
        "const rows = (await read_file('data.csv')).trim().split('\\n'); console.log(rows.length);" +
        "await write_file('sum.txt', String(rows.reduce((n, r) => n + Number(r.split(',')[1]), 0))); return rows.length",
    });
    expect(code.body.successful, JSON.stringify(code.body)).toBe(true);
    expect(code.body.data).toMatchObject({ results: [3], stdout: '3' });
    const term = await exec('CODEINTERPRETER_RUN_TERMINAL_CMD', {
      sandbox_id,
      command: 'grep -c , data.csv; cat sum.txt; ls; nosuchcmd || echo fallback',
    });
    expect(term.body.data).toMatchObject({ stdout: '3\n6data.csv\nsum.txt\nfallback\n', exit_code: 0 });
    expect(term.body.data.stderr).toContain('nosuchcmd: command not found');
    const got = await exec('CODEINTERPRETER_GET_FILE_CMD', { sandbox_id, file_path: '/home/user/sum.txt' });
    expect(got.body.successful, JSON.stringify(got.body)).toBe(true);
    const bytes = await fetch(got.body.data.file.s3url).then((r) => r.text());
    expect(bytes).toBe('6');
  });

  it('errors are tool failures: unknown sandbox, failing code, missing file', async () => {
    const gone = await exec('CODEINTERPRETER_RUN_TERMINAL_CMD', { sandbox_id: 'sbx_nope', command: 'ls' });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ successful: false });
    expect(gone.body.error).toContain('not found');
    const thrown = await exec('CODEINTERPRETER_EXECUTE_CODE', { code_to_execute: "throw new Error('boom')" });
    expect(thrown.body.successful).toBe(false);
    expect(thrown.body.error).toContain('boom');
    const fresh = await exec('CODEINTERPRETER_CREATE_SANDBOX', {});
    const missing = await exec('CODEINTERPRETER_GET_FILE_CMD', {
      sandbox_id: fresh.body.data.sandbox_id,
      file_path: 'nope.txt',
    });
    expect(missing.body.successful).toBe(false);
    const noArg = await exec('CODEINTERPRETER_EXECUTE_CODE', {});
    expect(noArg.status).toBe(400);
  });
});
