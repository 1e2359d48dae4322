import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './server';

/**
 * A TypeScript entry point (server.ts, a fixture) run by Node with tsx from the project root, on the
 * embedded database in `dataDir` whatever project runs the test: no DATABASE_URL, and none of the
 * test runner's own variables that would make it behave as a test server. `env` adds to (or, with
 * `undefined`, removes from) the environment. Its stdout and stderr are kept together.
 */
export function spawnEmbedded(
  script: string,
  dataDir: string,
  env: Record<string, string | undefined> = {},
): { proc: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    JUNCTION_DATA_DIR: dataDir,
    TEST_ENGINE: '',
    VITEST: '',
    DATABASE_URL: undefined,
    ...env,
  };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: merged as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
  return { proc, output: () => out, exited };
}
