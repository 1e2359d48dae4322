import { spawn, type ChildProcess } from 'node:child_process';
import { Pool } from 'undici';
import { startServer, type TestServer } from '../tests/helpers/server';
import { fmt } from './lib';

/**
 * Tool execution overhead: `POST /api/v3/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER` through
 * Junction versus `GET /user` sent straight to the same loopback upstream, in the same run, at 1
 * and 64 concurrent requests. Latencies are measured per request with hrtime (µs resolution; a
 * closed loop of `concurrency` workers over keep-alive connections), so sub-millisecond overheads
 * are visible. Target: ≤ 1 ms added at p50, ≤ 5 ms at p99.
 * BENCH_ROLE=web runs the server without its background jobs (as with a separate `npm run worker`).
 */

const UPSTREAM = `
const http = require('node:http');
const body = JSON.stringify({ login: 'octocat', id: 1, node_id: 'MDQ6VXNlcjE=', type: 'User', site_admin: false, name: 'The Octocat' });
const s = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.headers.authorization !== 'Bearer ghp_bench') { res.writeHead(401, { 'content-type': 'application/json' }); return res.end('{"message":"Bad credentials"}'); }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
s.keepAliveTimeout = 120000;
s.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: s.address().port }) + '\\n'));
`;

async function startUpstream(): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, ['-e', UPSTREAM], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let buf = '';
    proc.stdout!.on('data', (d) => {
      buf += d;
      const line = buf.split('\n')[0];
      if (buf.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    proc.once('exit', (code) => reject(new Error(`upstream exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, proc };
}

interface Req {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** checks each response (a failed check counts as an error) */
  check?: (status: number, text: string) => boolean;
}

export interface LoadFigures {
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  rps: number;
  requests: number;
  errors: number;
}

/** Closed loop: `concurrency` workers, each sending its next request when the previous answered. */
async function measure(r: Req, concurrency: number, seconds: number, warmupSeconds = 1): Promise<LoadFigures> {
  const pool = new Pool(r.origin, { connections: concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
  let errors = 0;
  const lat: number[] = [];
  const one = async (record: boolean) => {
    const t0 = process.hrtime.bigint();
    try {
      const res = await pool.request({ path: r.path, method: r.method, headers: r.headers, body: r.body });
      const text = await res.body.text();
      const ok = res.statusCode === 200 && (!r.check || r.check(res.statusCode, text));
      if (!record) return;
      if (!ok) errors++;
      lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
    } catch {
      if (record) errors++;
    }
  };
  const run = async (ms: number, record: boolean) => {
    const end = performance.now() + ms;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) await one(record);
    }));
  };
  await run(warmupSeconds * 1000, false);
  const t0 = performance.now();
  await run(seconds * 1000, true);
  const elapsed = (performance.now() - t0) / 1000;
  await pool.close();
  lat.sort((a, b) => a - b);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? NaN;
  return {
    p50_ms: fmt(pct(50), 3),
    p99_ms: fmt(pct(99), 3),
    mean_ms: fmt(lat.reduce((a, b) => a + b, 0) / Math.max(1, lat.length), 3),
    rps: fmt(lat.length / elapsed, 1),
    requests: lat.length,
    errors,
  };
}

export interface ToolExecutionBench {
  engine: string;
  upstream: string;
  seconds_per_run: number;
  results: Record<string, {
    direct: LoadFigures;
    junction: LoadFigures;
    overhead_p50_ms: number;
    overhead_p99_ms: number;
    throughput_ratio: number;
  }>;
  target: { overhead_p50_ms: number; overhead_p99_ms: number };
  meets_target: Record<string, boolean>;
}

export async function runToolExecutionBench(opts: { seconds?: number; concurrency?: number[]; engine?: 'pglite' | 'postgres' } = {}): Promise<ToolExecutionBench> {
  const seconds = opts.seconds ?? 5;
  const levels = opts.concurrency ?? [1, 64];
  const engine = opts.engine ?? 'pglite';
  const upstream = await startUpstream();
  let server: TestServer | undefined;
  try {
    server = await startServer({ engine, env: { LOG_LEVEL: 'warn', JUNCTION_VALIDATE_RESPONSES: '0', JUNCTION_ALLOW_INSECURE_URLS: '1', ...(process.env.BENCH_ROLE ? { JUNCTION_ROLE: process.env.BENCH_ROLE } : {}) } });
    const ac = await server.api('POST', '/auth_configs', { toolkit: { slug: 'github' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} } });
    const ca = await server.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'bench', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_bench', base_url: upstream.url } } },
    });
    if (ca.status !== 201) throw new Error(`creating the bench account failed: ${JSON.stringify(ca.body)}`);
    const direct: Req = {
      origin: upstream.url, path: '/user', method: 'GET',
      headers: { authorization: 'Bearer ghp_bench', accept: 'application/json', 'x-github-api-version': '2022-11-28' },
    };
    const viaJunction: Req = {
      origin: server.url, path: '/api/v3/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ connected_account_id: ca.body.id, user_id: 'bench', arguments: {}, version: '20250909_00' }),
      check: (_s, text) => text.includes('"successful":true'),
    };
    const probe = await fetch(`${server.url}${viaJunction.path}`, { method: 'POST', headers: viaJunction.headers, body: viaJunction.body });
    const probeText = await probe.text();
    if (!probeText.includes('"successful":true')) throw new Error(`tool execution does not work: ${probeText.slice(0, 300)}`);

    const results: ToolExecutionBench['results'] = {};
    const meets: Record<string, boolean> = {};
    for (const c of levels) {
      const d = await measure(direct, c, seconds);
      const j = await measure(viaJunction, c, seconds);
      const key = `concurrency_${c}`;
      results[key] = {
        direct: d,
        junction: j,
        overhead_p50_ms: fmt(j.p50_ms - d.p50_ms, 3),
        overhead_p99_ms: fmt(j.p99_ms - d.p99_ms, 3),
        throughput_ratio: fmt(j.rps / d.rps, 3),
      };
      meets[key] = results[key].overhead_p50_ms <= 1 && results[key].overhead_p99_ms <= 5;
    }
    return { engine, upstream: 'loopback node:http (separate process)', seconds_per_run: seconds, results, target: { overhead_p50_ms: 1, overhead_p99_ms: 5 }, meets_target: meets };
  } finally {
    await server?.stop();
    upstream.proc.kill('SIGTERM');
  }
}

// `npx tsx bench/tool-execution.ts [seconds] [pglite|postgres]`
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const seconds = Number(process.argv[2] ?? 5);
  const engine = (process.argv[3] as 'pglite' | 'postgres' | undefined) ?? 'pglite';
  runToolExecutionBench({ seconds, engine }).then((r) => {
    console.log(JSON.stringify(r, null, 2));
    process.exit(0);
  }, (err) => {
    console.error(err);
    process.exit(1);
  });
}
