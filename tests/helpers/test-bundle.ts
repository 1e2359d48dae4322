import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

/**
 * Global setup of the integration projects: compiles server.ts, worker.ts and the CLI once per run
 * (esbuild, under a second) into `.scratch/test-bundle/run-<pid>/`, and every suite's servers run that
 * bundle with plain Node, as `npm start` does, instead of loading ~800 TypeScript modules through tsx
 * at each of the suites' few hundred starts (about a second of CPU each on a 2-core machine).
 * The folder is this run's own: a rebuild of dist/ (bundle.test.ts, `npm run build`) or another run's
 * bundle never rewrites a file one of its servers is loading. The path is chosen in vitest.config.ts
 * (JUNCTION_TEST_BUNDLE), before the workers start, so they inherit it. Every integration project lists
 * this setup: the first builds the bundle, the others find it made. It stays until a later run finds its process gone
 * (a teardown here could run while the other project's servers still load chunks lazily).
 */
const RUNS = path.join(ROOT, '.scratch', 'test-bundle');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default function setup() {
  const dir = process.env.JUNCTION_TEST_BUNDLE;
  if (!dir) return;
  // bundles of earlier runs, whose vitest process is gone
  for (const name of fs.existsSync(RUNS) ? fs.readdirSync(RUNS) : []) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) fs.rmSync(path.join(RUNS, name), { recursive: true, force: true });
  }
  if (fs.existsSync(path.join(dir, 'server.mjs'))) return;
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the test bundle could not be built:\n${built.stderr}${built.stdout}`);
}
