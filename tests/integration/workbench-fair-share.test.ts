import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/**
 * Workbench sandboxes are shared fairly between projects. Slots are held by runs that call a tool
 * whose upstream does not answer until the test opens a gate, so nothing here waits for time: the
 * test waits for the upstream to have received the calls, and releases them when it is done.
 */
let s: TestServer;
let up: FakeUpstream;
let openGate: () => void = () => {};
const gate = new Promise<void>((r) => {
  openGate = r;
});

beforeAll(async () => {
  [s, up] = await Promise.all([startServer({ env: { JUNCTION_WORKBENCH_MAX_CONCURRENT: '4' } }), startFakeUpstream()]);
  up.on('GET', '/user', async () => {
    await gate;
    return { json: { login: 'held' } };
  });
});
afterAll(async () => {
  openGate();
  await Promise.all([s?.stop(), up?.close()]);
});

type Api = TestServer['api'];

/** A project's tool-router session whose GitHub account points at the gated upstream. */
async function session(api: Api, user: string): Promise<string> {
  const ac = await api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const ca = await api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: user,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', base_url: up.url } },
    },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  const created = await api('POST', '/tool_router/session', { user_id: user, toolkits: { enable: ['github'] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.session_id;
}

const workbench = (api: Api, sid: string, code: string) =>
  api('POST', `/tool_router/session/${sid}/execute`, {
    tool_slug: 'COMPOSIO_REMOTE_WORKBENCH',
    arguments: { code_to_execute: code, timeout_seconds: 60 },
  });

/** Holds a sandbox until the gate opens: its tool call waits on the upstream. */
const HOLD =
  "const r = await run_composio_tool('GITHUB_GET_THE_AUTHENTICATED_USER', {}); return r.data.login ?? r.data;";

async function until(cond: () => boolean, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('workbench fair share', () => {
  it("one project's four long runs leave sandboxes for another project", async () => {
    const other = await s.api(
      'POST',
      '/org/owner/project/new',
      { name: 'workbench-other', should_create_api_key: true },
      { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
    );
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const otherApi: Api = (method, p, body, headers = {}) =>
      s.api(method, p, body, { 'x-api-key': other.body.api_key, ...headers });
    const [busySid, otherSid] = await Promise.all([session(s.api, 'busy'), session(otherApi, 'newcomer')]);

    // The busy project starts four runs that hold their sandbox (the whole server's four slots
    // before this change). Each either reaches the upstream and holds a slot, or is refused.
    const settled: { status: number; body: any }[] = [];
    const busy = Array.from({ length: 4 }, () =>
      workbench(s.api, busySid, HOLD).then((r) => {
        settled.push(r);
        return r;
      }),
    );
    // held = calls waiting at the upstream; the rest of the four have been answered
    await until(() => up.requests.length + settled.length === 4, 'every run of the busy project to hold or be refused');
    const held = up.requests.length;
    expect(held).toBe(2);
    expect(settled).toHaveLength(2);
    for (const r of settled) {
      expect(r.status, JSON.stringify(r.body)).toBe(503);
      expect(r.body.error).toMatchObject({ slug: 'Workbench_Busy', status: 503 });
      expect(r.body.error.message).toMatch(/already runs 2 workbench sandboxes, its share of this server's 4/);
    }

    // Another project still gets a sandbox at once, while the busy project's runs still hold theirs.
    const newcomer = await workbench(otherApi, otherSid, "return 'not starved'");
    expect(newcomer.status, JSON.stringify(newcomer.body)).toBe(200);
    expect(newcomer.body.data.result).toBe('not starved');
    expect(up.requests).toHaveLength(2);

    // Released, the held runs finish normally, and the busy project can run again.
    openGate();
    const done = await Promise.all(busy);
    expect(done.filter((r) => r.status === 200).map((r) => r.body.data.result)).toEqual(['held', 'held']);
    const again = await workbench(s.api, busySid, 'return 7 * 6');
    expect(again.body.data.result).toBe(42);
  });
});
