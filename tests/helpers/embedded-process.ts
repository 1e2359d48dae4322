import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, ROOT } from './server';

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

/**
 * server.ts on the embedded database in `dataDir` (as `spawnEmbedded` runs it), on a free port, with the
 * dashboard off and production logging, until `GET /api/health/ready` answers. Throws with the server's output
 * if it exits first or is not ready within three minutes.
 */
export async function startEmbeddedServer(
  dataDir: string,
  env: Record<string, string | undefined> = {},
): Promise<{ url: string; proc: ChildProcess; output: () => string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { proc, output, exited } = spawnEmbedded('server.ts', dataDir, {
    PORT: String(port),
    HOST: '127.0.0.1',
    JUNCTION_PUBLIC_URL: url,
    JUNCTION_DASHBOARD: 'off',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    ...env,
  });
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return { url, proc, output, stop };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
