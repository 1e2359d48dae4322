import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from '../tests/helpers/server';

/** Process start to `GET /api/health` 200 on PGlite: a fresh data dir, then a second start on it. */
async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', JUNCTION_DATA_DIR: dataDir, JUNCTION_DASHBOARD: 'off', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - t0;
      } catch { /* starting */ }
      if (performance.now() - t0 > 60_000) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  }
}

export async function runStartupBench() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-start-'));
  const first = await timeToHealthy(dir);
  const again = [await timeToHealthy(dir), await timeToHealthy(dir)];
  return {
    name: 'start to healthy (PGlite)',
    first_start_ms: Math.round(first),
    restart_ms: Math.round(Math.min(...again)),
    target: '≤ 3000 ms',
  };
}
