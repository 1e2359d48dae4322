import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { startServer, type TestServer } from './server';

/**
 * The provider suites (one toolkit's requests against its loopback fake) share one server per test
 * worker, each suite in a project of its own: a suite costs its tests, not a server start, so the
 * suite count can grow with the catalog. The `pglite-providers` project turns it on
 * (JUNCTION_TEST_SHARED_SERVER=1, with isolate: false so a worker keeps its server from one file to
 * the next); run elsewhere, `providerServer()` starts a server of the suite's own, as before.
 *
 * A project key sees only its project's auth configs, accounts, triggers and logs, so suites cannot
 * see each other's data. What the shared process holds for all of them: the catalog, the caches keyed
 * by project, the rate limits (set high for tests) and its log output.
 * Each shared server's pid goes to JUNCTION_TEST_SHARED_PIDS, which the run's teardown reads
 * (tests/helpers/shared-server-teardown.ts): a worker ended by a signal does not stop its children.
 */
declare global {
  var __junctionSharedServer: Promise<TestServer> | undefined;
}

function shared(): Promise<TestServer> {
  globalThis.__junctionSharedServer ??= startServer().then((s) => {
    const pids = process.env.JUNCTION_TEST_SHARED_PIDS;
    if (pids) fs.appendFileSync(pids, `${s.proc.pid}\n`);
    process.once('exit', () => s.proc.kill('SIGKILL'));
    return s;
  });
  return globalThis.__junctionSharedServer;
}

/** The shared server seen through another key: its requests carry that key, and stopping it is the owner's job. */
function asProject(s: TestServer, apiKey: string): TestServer {
  return {
    ...s,
    apiKey,
    api: (method, p, body, headers = {}) => s.api(method, p, body, { 'x-api-key': apiKey, ...headers }),
    async stop() {},
    kill: () => Promise.reject(new Error('a shared server is not killed by one suite')),
    restart: () => Promise.reject(new Error('a shared server is not restarted by one suite')),
  };
}

export async function providerServer(opts: { startTimeoutMs?: number } = {}): Promise<TestServer> {
  if (process.env.JUNCTION_TEST_SHARED_SERVER !== '1') return startServer(opts);
  const s = await shared();
  const created = await s.api(
    'POST',
    '/org/owner/project/new',
    { name: `suite-${randomBytes(4).toString('hex')}`, should_create_api_key: true },
    { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
  );
  if (created.status !== 201) throw new Error(`no project for the suite: ${JSON.stringify(created.body)}`);
  return asProject(s, created.body.api_key as string);
}
