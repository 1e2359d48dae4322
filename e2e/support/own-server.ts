import { spawnSync } from 'node:child_process';
import { dropTestDatabases, ROOT, startServer, type TestServer } from '../../tests/helpers/server';

/**
 * Specs that need a server of their own (a fresh install, other settings, PostgreSQL) start one
 * with the integration suites' helper, dashboard on, and drop its database afterwards.
 */
export async function ownServer(
  engine: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  publicHost?: string,
): Promise<TestServer> {
  return startServer({ engine, env: { JUNCTION_DASHBOARD: 'on', ...env }, startTimeoutMs: 180_000, publicHost });
}

/** Another process on the same database (after `stop()`); `restart()` alone would start it API-only. */
export async function restartOwn(s: TestServer): Promise<TestServer> {
  return startServer({ reuse: s, env: { JUNCTION_DASHBOARD: 'on' }, startTimeoutMs: 180_000 });
}

export async function dropServer(s: TestServer | undefined): Promise<void> {
  if (!s) return;
  await s.stop();
  if (!s.databaseUrl) return;
  await dropTestDatabases([new URL(s.databaseUrl).pathname.slice(1)]);
}

/** `npm run cli -- <args>` against the server's database (same environment). */
export function cli(s: TestServer, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...s.env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

export const ENGINES = ['pglite', 'postgres'] as const;
