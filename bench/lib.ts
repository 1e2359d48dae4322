import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
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
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
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
  return startArgs();
}
