import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, startServer, type TestServer } from '../tests/helpers/server';
import { median, startBareAccountRead, type Child } from './baselines';
import { cpuMicros, fmt, load, serverArgs, type LoadResult } from './lib';

/**
 * GET /api/v3/connected_accounts/{id} on Junction (PostgreSQL) beside a bare node:http + pg
 * server that runs the same account query on the same database, in the same run. The bare server
 * runs in its own process (bench/baselines.ts), not on the load generator's event loop.
 */
/**
 * Many short rounds (an odd number, so one round is the median): on two shared cores the machine's
 * speed drifts within seconds, and 1-second rounds in alternating order put both sides in the same
 * moments. Five 3-second rounds gave medians from 0.65 to 0.79 on one build; fifteen 1-second
 * rounds, 0.73 to 0.78.
 */
const ROUNDS = 15;
const ROUND_SECONDS = 1;

/**
 * Two Junction web processes (JUNCTION_ROLE=web, as the compose file runs the API) on the same database
 * and keys, as `npm start` runs them (LOG_LEVEL info): one with the request log on (the default; its
 * lines go to a file, as a service manager or container runtime would take them) and one with
 * JUNCTION_REQUEST_LOG=off. A third process, started first, migrates and seeds the database and runs
 * the background jobs, so the two measured processes differ in nothing but the log: measured as the
 * first-started process, the logging side also carried the jobs and the start-up work, which showed up
 * as a 12 % "log cost" that moved to -2 % when the order was swapped. The three sides (logging, quiet,
 * bare) take turns in each round, each round starting with a different one; every ratio is the median
 * of the rounds' ratios.
 */
export async function runConnectedAccountReadBench(connections = 32) {
  const databaseUrl = await freshDatabase();
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'junction-bench-log-')), 'server.log');
  const common = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', JUNCTION_VALIDATE_RESPONSES: '0' };
  const server = await startServer({
    args: await serverArgs(),
    engine: 'postgres',
    env: { ...common, JUNCTION_REQUEST_LOG: 'off' },
    stdoutFile: `${logFile}.jobs`,
  });
  let logging: TestServer | undefined;
  let quiet: TestServer | undefined;
  let bare: Child | undefined;
  try {
    const ac = await server.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const acc = await server.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'bench',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'SG.bench' } },
      },
    });
    const id = acc.body.id as string;
    // the same database and keys; the two differ only in the request log (each sets it: a reused
    // server's environment is the first one's, overridden by its own)
    const web = (requestLog: 'on' | 'off', stdoutFile: string) =>
      serverArgs().then((args) =>
        startServer({
          args,
          engine: 'postgres',
          reuse: server,
          env: { ...common, JUNCTION_ROLE: 'web', JUNCTION_REQUEST_LOG: requestLog },
          stdoutFile,
        }),
      );
    logging = await web('on', logFile);
    quiet = await web('off', `${logFile}.off`);
    bare = await startBareAccountRead(server.databaseUrl!);
    const sides = {
      on: { url: `${logging.apiUrl}/connected_accounts/${id}`, headers: { 'x-api-key': server.apiKey } },
      off: { url: `${quiet.apiUrl}/connected_accounts/${id}`, headers: { 'x-api-key': server.apiKey } },
      bare: { url: `${bare.url}/${id}`, headers: {} },
    };
    const names = Object.keys(sides) as (keyof typeof sides)[];
    for (const n of names) await load({ ...sides[n], connections, seconds: 2 });
    const linesBefore = countLines(logFile);
    const rounds: Record<keyof typeof sides, LoadResult>[] = [];
    // CPU time of the two Junction processes per request served: what a line costs, whatever else
    // the machine is doing (throughput on two shared cores moves with the other load)
    const pids = { on: logging.proc.pid!, off: quiet.proc.pid! };
    const cpu = { on: 0, off: 0 };
    const served = { on: 0, off: 0 };
    for (let i = 0; i < ROUNDS; i++) {
      const r = {} as Record<keyof typeof sides, LoadResult>;
      for (let k = 0; k < names.length; k++) {
        const n = names[(i + k) % names.length]!;
        const c0 = n === 'bare' ? 0 : cpuMicros(pids[n]);
        r[n] = await load({ ...sides[n], connections, seconds: ROUND_SECONDS });
        if (n !== 'bare') {
          cpu[n] += cpuMicros(pids[n]) - c0;
          served[n] += r[n].total;
        }
      }
      rounds.push(r);
    }
    const cpuPerRequest = { on: cpu.on / Math.max(1, served.on), off: cpu.off / Math.max(1, served.off) };
    const logged = countLines(logFile) - linesBefore;

    const ratio = (a: keyof typeof sides, b: keyof typeof sides) => median(rounds.map((r) => r[a].rps / r[b].rps));
    const med = (n: keyof typeof sides, f: keyof LoadResult) => median(rounds.map((r) => r[n][f]));
    const ratioOn = ratio('on', 'bare');
    const ratioOff = ratio('off', 'bare');
    const loggingCost = 1 - ratio('on', 'off');
    return {
      name: 'connected account read (PostgreSQL)',
      junction_rps: fmt(med('on', 'rps'), 0),
      junction_log_off_rps: fmt(med('off', 'rps'), 0),
      bare_rps: fmt(med('bare', 'rps'), 0),
      ratio: fmt(ratioOn),
      ratio_log_off: fmt(ratioOff),
      request_log_cost: fmt(loggingCost, 3),
      request_log_lines_per_request: fmt(logged / Math.max(1, served.on)),
      cpu_us_per_request_log_on: fmt(cpuPerRequest.on, 0),
      cpu_us_per_request_log_off: fmt(cpuPerRequest.off, 0),
      request_log_cpu_cost: fmt(1 - cpuPerRequest.off / cpuPerRequest.on, 3),
      junction_p50_ms: med('on', 'p50'),
      junction_p99_ms: med('on', 'p99'),
      bare_p50_ms: med('bare', 'p50'),
      bare_p99_ms: med('bare', 'p99'),
      round_ratios: rounds.map((r) => fmt(r.on.rps / r.bare.rps)).join(' '),
      round_log_costs: rounds.map((r) => fmt(1 - r.on.rps / r.off.rps)).join(' '),
      errors: rounds.reduce((a, r) => a + names.reduce((b, n) => b + r[n].errors + r[n].non2xx, 0), 0),
      baseline: 'bare node:http + pg, own process; Junction web processes at LOG_LEVEL=info, request log on (and off)',
      target:
        'ratio ≥ 0.85 (request log on); request log costs ≤ 5 % of the throughput (request_log_cost; request_log_cpu_cost is its CPU-time form)',
      meets_target: ratioOn >= 0.85 && loggingCost <= 0.05,
    };
  } finally {
    await bare?.stop();
    await quiet?.stop();
    await logging?.stop();
    await server.stop();
    fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
  }
}

function countLines(file: string): number {
  try {
    const buf = fs.readFileSync(file);
    let n = 0;
    for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) n++;
    return n;
  } catch {
    return 0;
  }
}
