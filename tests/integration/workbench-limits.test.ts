import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/** The remote workbench's sandboxes are bounded: how many run at once, and how much memory each has. */
let s: TestServer;
let sid = '';

beforeAll(async () => {
  s = await startServer({ env: { JUNCTION_WORKBENCH_MAX_CONCURRENT: '1', JUNCTION_WORKBENCH_MEMORY_MB: '16' } });
  const created = await s.api('POST', '/tool_router/session', {
    user_id: 'wb-limits',
    toolkits: { enable: ['github'] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.tool_router_tools).toContain('COMPOSIO_REMOTE_WORKBENCH');
  sid = created.body.session_id;
});
afterAll(async () => {
  await s?.stop();
});

const run = (code: string, extra: Record<string, unknown> = {}) =>
  s.api('POST', `/tool_router/session/${sid}/execute`, {
    tool_slug: 'COMPOSIO_REMOTE_WORKBENCH',
    arguments: { code_to_execute: code, ...extra },
  });

describe('workbench limits', () => {
  it('a sandbox cannot grow past JUNCTION_WORKBENCH_MEMORY_MB', async () => {
    // 4 MB fits; 24 MB would fit the default 64 MB tier but not the configured 16 MB
    const small = await run("return 'x'.repeat(4 * 1024 * 1024).length");
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect(small.body.data.result).toBe(4 * 1024 * 1024);
    const big = await run("return 'y'.repeat(24 * 1024 * 1024).length");
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    expect(big.body.error, JSON.stringify(big.body)).toMatch(/out of memory/i);
    // the server is fine afterwards
    expect((await run('return 1 + 1')).body.data.result).toBe(2);
  });

  it('past JUNCTION_WORKBENCH_MAX_CONCURRENT a call waits briefly, then gets a 503 envelope', async () => {
    const busy = run('while (true) {}', { timeout_seconds: 6 });
    // until the endless run holds the one slot: a call before that runs (and returns 1); the first one
    // refused is the one to check
    let refused: Awaited<ReturnType<typeof run>>;
    let waited = 0;
    for (;;) {
      const started = Date.now();
      refused = await run('return 1');
      waited = Date.now() - started;
      if (refused.status !== 200) break;
      expect(refused.body.data.result).toBe(1);
    }
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body.error).toMatchObject({ slug: 'Workbench_Busy', status: 503 });
    expect(refused.body.error.message).toMatch(/workbench sandboxes of this server are busy/);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(waited).toBeGreaterThanOrEqual(2500);
    expect((await busy).body.error).toMatch(/Time limit/);
    // the slot is free again
    const after = await run('return 42');
    expect(after.body.data.result).toBe(42);

    // a call that queues behind a short run gets the slot when it ends
    const short = run('return true');
    const queued = run("return 'queued'");
    const [a, b] = await Promise.all([short, queued]);
    expect(a.body.data.result).toBe(true);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.data.result).toBe('queued');
  });
});
