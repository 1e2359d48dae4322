import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT, startArgs, startEnv } from '../tests/helpers/server';
import { fmt } from './lib';
import { beforeCommit, beforeRoot } from './before';

/**
 * Process start to `GET /api/health` 200 on PGlite, API only: a first start on a fresh data dir
 * (the database template is copied), then restarts on it. The compiled server (`npm start`:
 * node and its flags on dist/server.mjs) beside the TypeScript sources run through tsx (`npm run dev` without the
 * dashboard), alternating in rounds so background load hits both alike; medians are reported.
 * The compiled server of the commit before the catalog doubled (bench/before.ts) runs in the same
 * rounds: start must not grow with the catalog.
 */
interface Runner {
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
}
const RUNNERS: Record<string, Runner> = {
  bundle: { args: startArgs(), env: startEnv(), cwd: ROOT },
  tsx: { args: ['--import', 'tsx', 'server.ts'], env: {}, cwd: ROOT },
};

async function timeToHealthy({ args, env, cwd }: Runner, dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const proc = spawn(process.execPath, [...args], {
    cwd,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JUNCTION_DATA_DIR: dataDir,
      JUNCTION_DASHBOARD: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`${args.join(' ')} exited (${proc.exitCode}) before it was healthy`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - t0;
      } catch {
        /* starting */
      }
      if (performance.now() - t0 > 180_000) throw new Error(`${args.join(' ')} did not start within 180 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r(null) : proc.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runStartupBench(rounds = 3) {
  // What `npm run build:server` does: the bundle and the embedded-database template, both current.
  const t0 = performance.now();
  for (const script of ['scripts/build-server.mjs', 'dist/make-pglite-template.mjs']) {
    const r = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
  }
  const buildMs = performance.now() - t0;
  const runners = { ...RUNNERS };
  let before: string | undefined;
  try {
    if (beforeCommit()) runners.before = { args: startArgs(), env: startEnv(), cwd: beforeRoot() };
  } catch (err) {
    before = `not measured: ${(err as Error).message}`;
  }
  const figures: Record<string, { first: number[]; restart: number[] }> = {};
  for (const name of Object.keys(runners)) figures[name] = { first: [], restart: [] };
  const dirs: string[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      for (const name of Object.keys(runners)) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-start-'));
        dirs.push(dir);
        figures[name]!.first.push(await timeToHealthy(runners[name]!, dir));
        figures[name]!.restart.push(await timeToHealthy(runners[name]!, dir));
      }
    }
  } finally {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
  const summary = (f: { first: number[]; restart: number[] }) => ({
    first_start_ms: Math.round(median(f.first)),
    restart_ms: Math.round(median(f.restart)),
    first_start_runs: f.first.map((x) => Math.round(x)).join(' '),
    restart_runs: f.restart.map((x) => Math.round(x)).join(' '),
  });
  const bundle = summary(figures.bundle!);
  return {
    name: 'start to healthy (PGlite, API only)',
    compiled: bundle,
    tsx: summary(figures.tsx!),
    // the same, compiled, at the commit before the catalog doubled
    before: figures.before ? { commit: beforeCommit(), ...summary(figures.before) } : (before ?? 'off'),
    ...(figures.before
      ? { first_start_vs_before: fmt(median(figures.bundle!.first) / median(figures.before.first)) }
      : {}),
    compiled_vs_tsx_first_start: fmt(median(figures.bundle!.first) / median(figures.tsx!.first)),
    build_server_ms: Math.round(buildMs),
    target: 'first start ≤ 2000 ms, restart ≤ 1500 ms (compiled)',
    meets_target: bundle.first_start_ms <= 2000 && bundle.restart_ms <= 1500,
  };
}

// `npx tsx bench/startup.ts [rounds]`
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  runStartupBench(Number(process.argv[2] ?? 3)).then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
