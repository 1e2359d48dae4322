import fs from 'node:fs';
import { Pool } from 'undici';
import { startServer } from '../tests/helpers/server';
import { spawnScript } from './baselines';
import { fmt, serverArgs } from './lib';

/**
 * `npm run soak`: mixed load on one Junction for SOAK_MINUTES (default 30) on SOAK_ENGINE (default
 * pglite): account reads, tool executions against a loopback upstream and webhook deliveries to a
 * loopback receiver, from a few closed-loop clients with short pauses. Every window (SOAK_WINDOW_S,
 * default 30 s) records the server's RSS and the latency percentiles. Reports RSS growth from the
 * end of the first window (warm) to the end (target < 10 %), errors (target 0: failed requests and
 * events not delivered) and p99 drift (last window over first).
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

export async function runSoak(minutes: number, engine: 'pglite' | 'postgres', windowS: number) {
  const upstream = await spawnScript(UPSTREAM);
  const server = await startServer({
    engine,
    args: await serverArgs(),
    env: { LOG_LEVEL: 'warn', JUNCTION_VALIDATE_RESPONSES: '0' },
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
    const pool = new Pool(server.url, { connections: 8 });
    let errors = 0;
    let enqueued = 0;
    let window: number[] = [];
    const windows: { at_s: number; rss_mb: number; requests: number; p50_ms: number; p99_ms: number }[] = [];
    const t0 = performance.now();
    const end = t0 + minutes * 60_000;
    const client = async (i: number) => {
      for (let n = i; performance.now() < end; n++) {
        // per 20 requests: 10 reads, 9 executes, 1 delivery batch of 5 events
        const k = n % 20 < 10 ? kinds.read : n % 20 < 19 ? kinds.execute : kinds.deliver;
        const s = performance.now();
        try {
          const r = await pool.request({ path: k.path, method: k.method, headers, body: k.body });
          const text = await r.body.text();
          const ok =
            r.statusCode === 200 &&
            (k !== kinds.execute || text.includes('"successful":true')) &&
            (k !== kinds.deliver || text.includes('message_id'));
          if (!ok) errors++;
          else {
            window.push(performance.now() - s);
            if (k === kinds.deliver) enqueued += 5;
          }
        } catch {
          errors++;
        }
        await sleep(5);
      }
    };
    const sampler = setInterval(() => {
      windows.push({
        at_s: Math.round((performance.now() - t0) / 1000),
        rss_mb: rssMb(server.proc.pid!),
        requests: window.length,
        p50_ms: fmt(pct(window, 50), 1),
        p99_ms: fmt(pct(window, 99), 1),
      });
      window = [];
    }, windowS * 1000);
    await Promise.all(Array.from({ length: 4 }, (_, i) => client(i * 7)));
    clearInterval(sampler);
    await pool.close();
    // every event offered must arrive
    const deadline = Date.now() + 60_000;
    let delivered = 0;
    for (;;) {
      delivered = Number(await (await fetch(`${upstream.url}/count`)).text());
      if (delivered >= enqueued || Date.now() > deadline) break;
      await sleep(500);
    }
    const first = windows[0];
    const last = windows.at(-1);
    if (!first || !last || windows.length < 2) throw new Error('the soak was too short for two windows');
    const growth = (last.rss_mb - first.rss_mb) / first.rss_mb;
    const undelivered = Math.max(0, enqueued - delivered);
    return {
      engine,
      minutes,
      window_s: windowS,
      requests: windows.reduce((a, w) => a + w.requests, 0),
      events_enqueued: enqueued,
      events_delivered: delivered,
      errors: errors + undelivered,
      rss_mb_first_window: first.rss_mb,
      rss_mb_end: last.rss_mb,
      rss_growth_pct: fmt(100 * growth, 1),
      p99_ms_first_window: first.p99_ms,
      p99_ms_last_window: last.p99_ms,
      p99_drift: fmt(last.p99_ms / first.p99_ms, 2),
      windows,
      targets: { rss_growth_pct: '< 10', errors: 0 },
      meets_target: { rss: growth < 0.1, errors: errors + undelivered === 0 },
    };
  } finally {
    await server.stop();
    await upstream.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { default: trackDatabases } = await import('../tests/helpers/global-setup');
  const drop = await trackDatabases();
  const minutes = Number(process.env.SOAK_MINUTES ?? 30);
  const engine = process.env.SOAK_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  const windowS = Number(process.env.SOAK_WINDOW_S ?? (minutes < 5 ? 15 : 30));
  let code = 0;
  try {
    const r = await runSoak(minutes, engine, windowS);
    console.log(JSON.stringify(r, null, 2));
    code = r.meets_target.rss && r.meets_target.errors ? 0 : 1;
  } catch (err) {
    console.error(err);
    code = 1;
  }
  await drop();
  process.exit(code);
}
