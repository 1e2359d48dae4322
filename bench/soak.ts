import fs from 'node:fs';
import os from 'node:os';
import { Pool } from 'undici';
import { startServer } from '../tests/helpers/server';
import { spawnScript } from './baselines';
import { fmt, serverArgs } from './lib';

/**
 * `npm run soak [-- --minutes N]`: steady mixed load on one Junction (default 20 minutes, on the
 * embedded database; SOAK_ENGINE=postgres for PostgreSQL). At the start of each second, 56 requests
 * leave together: 40 account reads, 15 tool executions against a loopback upstream and one webhook
 * test batch of 5 events, delivered by the server to a loopback receiver meanwhile. The server runs
 * as a service unit or a container would run it (`node dist/server.mjs`, no npm wrapper), with the
 * per-key rate limit off (this load is above its default). Reports API latency p50/p95/p99 after the
 * warm-up (the first minute, or the first tenth of a shorter run), errors, events delivered, and the
 * server's RSS sampled every 10 s (its maximum against 300 MB; p99 against 50 ms).
 */
const UPSTREAM = `
const http = require('node:http');
const user = JSON.stringify({ login: 'octocat', id: 1, type: 'User' });
const seen = new Set();
const s = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (req.url === '/user') {
      if (req.headers.authorization !== 'Bearer ghp_soak') { res.writeHead(401); return res.end('{}'); }
      res.writeHead(200, { 'content-type': 'application/json' }); return res.end(user);
    }
    if (req.url === '/hooks') { seen.add(String(req.headers['webhook-id'])); res.writeHead(200); return res.end('ok'); }
    if (req.url === '/count') { res.writeHead(200); return res.end(String(seen.size)); }
    res.writeHead(404); res.end();
  });
});
s.keepAliveTimeout = 120000;
s.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: s.address().port }) + '\\n'));
`;

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSoak(minutes: number, engine: 'pglite' | 'postgres') {
  const upstream = await spawnScript(UPSTREAM);
  const server = await startServer({
    engine,
    args: await serverArgs(),
    env: { LOG_LEVEL: 'warn', JUNCTION_VALIDATE_RESPONSES: '0', JUNCTION_RATE_LIMIT_PER_MINUTE: '0' },
  });
  try {
    const ac = await server.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    const ca = await server.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'soak',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_soak', base_url: upstream.url } },
      },
    });
    const sub = await server.api('POST', '/webhook_subscriptions', {
      webhook_url: `${upstream.url}/hooks`,
      enabled_events: ['composio.trigger.message'],
    });
    if (ca.status !== 201 || sub.status !== 201) throw new Error('soak setup failed');
    const headers = { 'x-api-key': server.apiKey, 'content-type': 'application/json' };
    const kinds = {
      read: { path: `/api/v3/connected_accounts/${ca.body.id}`, method: 'GET' as const, body: undefined },
      execute: {
        path: '/api/v3/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER',
        method: 'POST' as const,
        body: JSON.stringify({ connected_account_id: ca.body.id, arguments: {} }),
      },
      deliver: {
        path: `/api/v3/webhook_subscriptions/${sub.body.id}/test`,
        method: 'POST' as const,
        body: JSON.stringify({ async: true, count: 5 }),
      },
    };
    const pool = new Pool(server.url, { connections: 64 });
    let errors = 0;
    let enqueued = 0;
    const firstErrors: string[] = [];
    const warmupMs = Math.min(60_000, (minutes * 60_000) / 10);
    const latencies: number[] = []; // after the warm-up
    const rss: { at_s: number; rss_mb: number }[] = [];
    const t0 = performance.now();
    const send = async (k: (typeof kinds)[keyof typeof kinds], at: number) => {
      const s = performance.now();
      try {
        const r = await pool.request({ path: k.path, method: k.method, headers, body: k.body });
        const text = await r.body.text();
        const ok =
          r.statusCode === 200 &&
          (k !== kinds.execute || text.includes('"successful":true')) &&
          (k !== kinds.deliver || text.includes('message_id'));
        if (!ok) {
          errors++;
          if (firstErrors.length < 5) firstErrors.push(`${r.statusCode} ${text.slice(0, 200)}`);
          return;
        }
        if (at >= warmupMs) latencies.push(performance.now() - s);
        if (k === kinds.deliver) enqueued += 5;
      } catch (err) {
        errors++;
        if (firstErrors.length < 5) firstErrors.push(String(err));
      }
    };
    // the machine's 1-minute load average beside each RSS sample: on a shared machine, a load above
    // its core count queues the server behind other work, and latency then says little about Junction
    const load: number[] = [];
    const sample = () => {
      rss.push({ at_s: Math.round((performance.now() - t0) / 1000), rss_mb: rssMb(server.proc.pid!) });
      load.push(os.loadavg()[0]!);
    };
    const sampler = setInterval(sample, 10_000);
    sample();
    // open loop: each second's 56 requests leave at its start, whether or not the last second's are done
    const inFlight: Promise<void>[] = [];
    for (let second = 0; second < minutes * 60; second++) {
      const due = t0 + second * 1000;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const at = second * 1000;
      const batch: Promise<void>[] = [];
      for (let i = 0; i < 40; i++) batch.push(send(kinds.read, at));
      for (let i = 0; i < 15; i++) batch.push(send(kinds.execute, at));
      batch.push(send(kinds.deliver, at));
      inFlight.push(Promise.all(batch).then(() => undefined));
      if (inFlight.length > 120) await Promise.all(inFlight.splice(0, 60));
    }
    const lastSent = performance.now();
    await Promise.all(inFlight);
    // how far behind the server was when the load stopped (0 when it kept up with 56 requests/s)
    const drainS = (performance.now() - lastSent) / 1000;
    clearInterval(sampler);
    sample();
    await pool.close();
    // every event offered must arrive
    const deadline = Date.now() + 60_000;
    let delivered = 0;
    for (;;) {
      delivered = Number(await (await fetch(`${upstream.url}/count`)).text());
      if (delivered >= enqueued || Date.now() > deadline) break;
      await sleep(500);
    }
    const undelivered = Math.max(0, enqueued - delivered);
    const maxRss = Math.max(...rss.map((x) => x.rss_mb));
    const p99 = fmt(pct(latencies, 99), 1);
    return {
      engine,
      minutes,
      requests_per_second: 56,
      requests_measured: latencies.length,
      warmup_s: warmupMs / 1000,
      latency_ms: { p50: fmt(pct(latencies, 50), 1), p95: fmt(pct(latencies, 95), 1), p99 },
      errors,
      first_errors: firstErrors,
      events_enqueued: enqueued,
      events_delivered: delivered,
      events_undelivered: undelivered,
      rss_mb: { first: rss[0]?.rss_mb, max: maxRss, end: rss.at(-1)?.rss_mb },
      backlog_at_end_s: fmt(drainS, 1),
      machine: {
        cores: os.availableParallelism(),
        load_1m_max: fmt(Math.max(...load), 1),
        load_1m_mean: fmt(load.reduce((a, b) => a + b, 0) / load.length, 1),
      },
      // one sample a minute (every 10 s in the raw series)
      rss_mb_by_minute: rss.filter((x) => x.at_s % 60 < 10).map((x) => x.rss_mb),
      targets: { p99_ms: 50, rss_mb: 300, errors: 0 },
      meets_target: { p99: p99 <= 50, rss: maxRss <= 300, errors: errors + undelivered === 0 },
    };
  } finally {
    await server.stop();
    await upstream.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { default: trackDatabases } = await import('../tests/helpers/global-setup');
  const drop = await trackDatabases();
  const flag = process.argv.indexOf('--minutes');
  const minutes = Number(flag > 0 ? process.argv[flag + 1] : (process.env.SOAK_MINUTES ?? 20));
  const engine = process.env.SOAK_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  let code = 0;
  try {
    const r = await runSoak(minutes, engine);
    console.log(JSON.stringify(r, null, 2));
    code = Object.values(r.meets_target).every(Boolean) ? 0 : 1;
  } catch (err) {
    console.error(err);
    code = 1;
  }
  await drop();
  process.exit(code);
}
