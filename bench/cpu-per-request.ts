import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { startServer } from '../tests/helpers/server';
import { spawnScript } from './baselines';
import { cpuMicros, serverArgs } from './lib';
import { beforeRoot } from './before';
import type { TestServer } from '../tests/helpers/server';
import trackDatabases from '../tests/helpers/global-setup';

/**
 * CPU time the server process spends per request (user + system, from /proc), for the tool execution
 * (`POST /tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER` against a loopback upstream) and the
 * account read (`GET /connected_accounts/{id}`), on the compiled server. Throughput on two shared
 * cores moves with whatever else runs; the CPU a request costs moves much less, so this is the
 * figure to compare two builds by. With BENCH_BEFORE=<commit> (PostgreSQL) that commit's build
 * (bench/before.ts) runs beside this one on the same database and keys, the two measured in
 * alternating rounds; `vs_before` is the median of the rounds' ratios (this build's CPU per request
 * over the earlier one's: below 1 is cheaper). Prints one JSON line.
 *
 * `[BENCH_BEFORE=<commit>] [BENCH_ROUTES=read|execute] npx tsx bench/cpu-per-request.ts [seconds] [pglite|postgres] [concurrency] [rounds]`
 */
const UPSTREAM = `
const http = require('node:http');
const body = JSON.stringify({ login: 'octocat', id: 1, node_id: 'MDQ6VXNlcjE=', type: 'User', site_admin: false, name: 'The Octocat' });
const s = http.createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }); res.end(body); }); });
s.keepAliveTimeout = 120000;
s.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: s.address().port }) + '\\n'));
`;

const seconds = Number(process.argv[2] ?? 3);
const engine = (process.argv[3] as 'pglite' | 'postgres' | undefined) ?? 'postgres';
const concurrency = Number(process.argv[4] ?? 16);
const rounds = Number(process.argv[5] ?? 3);

// the databases made here (junction_t_*) are dropped at the end, as the test suites' are
const dropDatabases = await trackDatabases();
// the servers' output goes to a file, as a service manager or container runtime would take it
const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'junction-cpu-')), 'server.log');
const upstream = await spawnScript(UPSTREAM);
const server = await startServer({
  engine,
  args: await serverArgs(),
  env: { LOG_LEVEL: 'info', JUNCTION_VALIDATE_RESPONSES: '0', JUNCTION_ALLOW_INSECURE_URLS: '1' },
  stdoutFile: logFile,
});
const beforeCommit = process.env.BENCH_BEFORE;
if (beforeCommit && engine !== 'postgres')
  throw new Error('BENCH_BEFORE needs PostgreSQL (two processes on one database)');
let before: TestServer | undefined;
try {
  if (beforeCommit)
    before = await startServer({
      engine,
      args: await serverArgs(),
      cwd: beforeRoot(beforeCommit),
      reuse: server,
      env: { LOG_LEVEL: 'info', JUNCTION_VALIDATE_RESPONSES: '0', JUNCTION_ALLOW_INSECURE_URLS: '1' },
      stdoutFile: logFile,
    });
  const ac = await server.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const ca = await server.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: 'bench',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', base_url: upstream.url } },
    },
  });
  const id = ca.body.id as string;
  const execBody = JSON.stringify({ connected_account_id: id, user_id: 'bench', arguments: {} });
  const routes = {
    execute: {
      path: '/api/v3/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER',
      method: 'POST' as const,
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      body: execBody,
      ok: (status: number, text: string) => status === 200 && text.includes('"successful":true'),
    },
    read: {
      path: `/api/v3/connected_accounts/${id}`,
      method: 'GET' as const,
      headers: { 'x-api-key': server.apiKey },
      body: undefined,
      ok: (status: number) => status === 200,
    },
  };
  const sides = { current: server, ...(before ? { before } : {}) } as Record<string, TestServer>;
  const pools = Object.fromEntries(
    Object.entries(sides).map(([k, v]) => [k, new Pool(v.url, { connections: concurrency })]),
  );
  const drive = async (side: string, r: (typeof routes)[keyof typeof routes], ms: number) => {
    let n = 0;
    let bad = 0;
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const res = await pools[side]!.request({ path: r.path, method: r.method, headers: r.headers, body: r.body });
          if (!r.ok(res.statusCode, await res.body.text())) bad++;
          n++;
        }
      }),
    );
    return { n, bad };
  };
  // BENCH_ROUTES=read (or execute) measures one route alone, e.g. for a profile of it
  const names = (Object.keys(routes) as (keyof typeof routes)[]).filter(
    (n) => !process.env.BENCH_ROUTES || process.env.BENCH_ROUTES.split(',').includes(n),
  );
  const sideNames = Object.keys(sides);
  for (const side of sideNames) for (const name of names) await drive(side, routes[name], 2000);
  const per: Record<string, number[]> = {};
  const totals: Record<string, { n: number; bad: number }> = {};
  for (let i = 0; i < rounds; i++) {
    for (const name of names) {
      // each round starts with the other side
      for (let k = 0; k < sideNames.length; k++) {
        const side = sideNames[(i + k) % sideNames.length]!;
        const key = `${side}.${name}`;
        const pid = sides[side]!.proc.pid!;
        const c0 = cpuMicros(pid);
        const { n, bad } = await drive(side, routes[name], seconds * 1000);
        (per[key] ??= []).push((cpuMicros(pid) - c0) / Math.max(1, n));
        const t = (totals[key] ??= { n: 0, bad: 0 });
        t.n += n;
        t.bad += bad;
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(per)) {
    out[key] = {
      cpu_us_per_request: Math.round(median(per[key]!)),
      rounds_us: per[key]!.map((x) => Math.round(x)).join(' '),
      requests: totals[key]!.n,
      failed: totals[key]!.bad,
    };
  }
  if (before)
    for (const name of names) {
      const ratios = per[`current.${name}`]!.map((x, i) => x / per[`before.${name}`]![i]!);
      out[`${name}_vs_before`] = Math.round(median(ratios) * 1000) / 1000;
      out[`${name}_vs_before_rounds`] = ratios.map((r) => r.toFixed(2)).join(' ');
    }
  for (const p of Object.values(pools)) await p.close();
  console.log(JSON.stringify({ engine, concurrency, before: beforeCommit ?? null, ...out }));
} finally {
  await before?.stop();
  await server.stop();
  await upstream.stop();
  fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
  await dropDatabases();
}
process.exit(0);
