import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** USER_HZ: Linux reports process CPU time in these ticks (100 on every common build) */
const CLOCK_TICKS = 100;

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** requests answered */
  total: number;
}

/** Drive a URL with autocannon for a fixed time and connection count. */
export async function load(opts: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  method?: string;
  body?: string;
}): Promise<LoadResult> {
  const r = await autocannon({
    url: opts.url,
    headers: opts.headers,
    connections: opts.connections,
    duration: opts.seconds,
    method: (opts.method ?? 'GET') as 'GET',
    body: opts.body,
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

/** CPU time (user + system) a process has used so far, in µs, from /proc (Linux). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command name (which may hold spaces) start at ") "; utime and stime are 14th and 15th
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) / CLOCK_TICKS) * 1e6;
}

export function table(rows: Record<string, string | number>[]) {
  console.table(rows);
}

export const fmt = (n: number, d = 2) => Number(n.toFixed(d));

let built = false;
/**
 * What Node runs for a benched server: the compiled bundle, as `npm start` does (built once per bench
 * run with `npm run build:server`'s two steps), so figures are production's, not tsx's.
 */
export async function serverArgs(): Promise<string[]> {
  const { ROOT, startArgs } = await import('../tests/helpers/server');
  if (!built) {
    const { spawnSync } = await import('node:child_process');
    for (const script of ['scripts/build-server.mjs', 'dist/make-pglite-template.mjs']) {
      const r = spawnSync(process.execPath, [script], { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
    }
    built = true;
  }
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers a bench starts
  // (Node refuses --cpu-prof in NODE_OPTIONS)
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  return [...extra, ...startArgs()];
}
