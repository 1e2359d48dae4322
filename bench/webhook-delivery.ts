import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { Agent, fetch as undiciFetch } from 'undici';
import { ROOT, startArgs, startEnv, startServer, type TestServer } from '../tests/helpers/server';
import { selfSignedCert } from '../tests/helpers/https-receiver';
import { serverArgs } from './lib';

/**
 * Webhook delivery throughput and enqueue-to-delivery latency, on PostgreSQL and on PGlite.
 *
 * A Junction server (child process, NODE_EXTRA_CA_CERTS trusting a self-signed loopback cert)
 * delivers to an HTTPS receiver running in a worker thread of this process. Events go through the
 * real outbox: `POST /webhook_subscriptions/{id}/test {async: true, count}` writes them with
 * emitEvent, whose hook queues the delivery job in the same transaction.
 *
 *  - burst: N events enqueued at once; deliveries/s = N / (last arrival − first enqueue).
 *  - paced: 1,000 events/s offered for a few seconds; latency = arrival at the receiver − the
 *    moment the enqueuing transaction committed (the API call returned).
 *  - baseline: a bare loop POSTing the same bodies straight to the same receiver over a keep-alive
 *    agent with the same concurrency as Junction's workers (workers × batch size).
 */
const RECEIVER_JS = `
const https = require('node:https');
const { parentPort, workerData } = require('node:worker_threads');
const seen = new Map();
const server = https.createServer({ cert: workerData.cert, key: workerData.key }, (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const id = req.headers['webhook-id'];
    if (id && !seen.has(id)) seen.set(id, Date.now());
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'snapshot') parentPort.postMessage({ seen: [...seen] });
  if (m === 'reset') { seen.clear(); parentPort.postMessage({ ok: true }); }
});
`;

interface ReceiverThread {
  url: string;
  snapshot(): Promise<Map<string, number>>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function receiverThread(): Promise<ReceiverThread> {
  const tls = selfSignedCert();
  const w = new Worker(RECEIVER_JS, {
    eval: true,
    workerData: { cert: fs.readFileSync(tls.cert, 'utf8'), key: fs.readFileSync(tls.key, 'utf8') },
  });
  const next = () => new Promise<any>((resolve) => w.once('message', resolve));
  const { port } = await next();
  return {
    url: `https://localhost:${port}/hooks`,
    async snapshot() {
      w.postMessage('snapshot');
      return new Map((await next()).seen as [string, number][]);
    },
    async reset() {
      w.postMessage('reset');
      await next();
    },
    close: () => w.terminate().then(() => undefined),
  };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitAll(rx: ReceiverThread, ids: string[], timeoutMs: number): Promise<Map<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await rx.snapshot();
    if (ids.every((id) => seen.has(id)) || Date.now() > deadline) return seen;
    await sleep(50);
  }
}

async function enqueue(s: TestServer, sub: string, count: number): Promise<{ ids: string[]; committedAt: number }> {
  const r = await s.api('POST', `/webhook_subscriptions/${sub}/test`, { async: true, count });
  if (r.status !== 200) throw new Error(`enqueue failed: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return { ids: r.body.items.map((i: { message_id: string }) => i.message_id), committedAt: Date.now() };
}

function startWorkerProcess(s: TestServer): Promise<ChildProcess> {
  const proc = spawn(process.execPath, startArgs('worker'), {
    cwd: ROOT,
    env: { ...process.env, ...startEnv('worker'), ...s.env, TEST_ENGINE: '', VITEST: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return Promise.resolve(proc);
}

/**
 * API latency while something else runs: one client reading `GET /webhook_subscriptions/{id}` back
 * to back (a keyed, database-backed read), until `stop()`. Shows whether delivery work starves API
 * requests (on PGlite both share one connection).
 */
function apiProbe(s: TestServer, subId: string) {
  const lat: number[] = [];
  let errors = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const r = await undiciFetch(`${s.apiUrl}/webhook_subscriptions/${subId}`, {
          headers: { 'x-api-key': s.apiKey },
        });
        await r.text();
        if (r.status !== 200) errors++;
        else lat.push(performance.now() - t0);
      } catch {
        errors++;
      }
      await sleep(10);
    }
  })();
  return async () => {
    running = false;
    await loop;
    lat.sort((a, b) => a - b);
    return {
      requests: lat.length,
      errors,
      p50_ms: Math.round(pct(lat, 50) * 10) / 10,
      p99_ms: Math.round(pct(lat, 99) * 10) / 10,
    };
  };
}

async function paced(s: TestServer, rx: ReceiverThread, subId: string, rate: number, seconds: number) {
  // the API alone first, then the same probe while events are offered and delivered
  const quiet = apiProbe(s, subId);
  await sleep(2000);
  const apiQuiet = await quiet();
  await rx.reset();
  const stopProbe = apiProbe(s, subId);
  const perCall = Math.max(1, Math.round(rate / 50));
  const calls: Promise<{ ids: string[]; committedAt: number }>[] = [];
  const start = Date.now();
  for (let i = 0; Date.now() - start < seconds * 1000; i++) {
    calls.push(enqueue(s, subId, perCall));
    await sleep(Math.max(0, start + (i + 1) * 20 - Date.now()));
  }
  const done = await Promise.all(calls);
  const enqueueEnd = Date.now();
  const ids = done.flatMap((c) => c.ids);
  const seen = await waitAll(rx, ids, 120_000);
  const apiBusy = await stopProbe();
  const lat: number[] = [];
  for (const c of done)
    for (const id of c.ids) {
      const t = seen.get(id);
      if (t !== undefined) lat.push(Math.max(0, t - c.committedAt));
    }
  lat.sort((a, b) => a - b);
  const last = Math.max(...ids.map((id) => seen.get(id) ?? 0));
  return {
    offered_per_s: Math.round(ids.length / ((enqueueEnd - start) / 1000)),
    events: ids.length,
    delivered: lat.length,
    delivered_per_s: Math.round(lat.length / ((last - start) / 1000)),
    latency_p50_ms: pct(lat, 50),
    latency_p99_ms: pct(lat, 99),
    latency_max_ms: lat.at(-1) ?? NaN,
    api_p99_ms_idle: apiQuiet.p99_ms,
    api_during_delivery: apiBusy,
  };
}

/** The same bodies POSTed straight to the receiver: keep-alive agent, same concurrency as Junction's workers. */
async function baseline(rx: ReceiverThread, ids: string[], concurrency: number) {
  await rx.reset();
  const bodies = ids.map((id) =>
    JSON.stringify({
      id,
      timestamp: new Date().toISOString(),
      type: 'composio.webhook.test',
      metadata: {},
      data: { sequence: 1 },
    }),
  );
  const agent = new Agent({
    connect: { ca: fs.readFileSync(selfSignedCert().cert, 'utf8') },
    keepAliveTimeout: 30_000,
    connections: 256,
  });
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const i = next++;
        const res = await undiciFetch(rx.url, {
          method: 'POST',
          dispatcher: agent,
          body: bodies[i],
          headers: {
            'content-type': 'application/json',
            'webhook-id': `bare_${ids[i]}`,
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          },
        });
        await res.text();
      }
    }),
  );
  const seconds = (Date.now() - t0) / 1000;
  await agent.close();
  return { events: bodies.length, deliveries_per_s: Math.round(bodies.length / seconds), concurrency };
}

/** N events through the outbox, in 50 concurrent API calls (each one transaction of emitEvent calls). */
async function enqueueBurst(s: TestServer, subId: string, n: number) {
  const per = Math.ceil(n / 50);
  const t0 = Date.now();
  const chunks = await Promise.all(
    Array.from({ length: Math.ceil(n / per) }, (_, i) => enqueue(s, subId, Math.min(per, n - i * per))),
  );
  return { ids: chunks.flatMap((c) => c.ids), t0, t1: Date.now() };
}

async function benchEngine(engine: 'postgres' | 'pglite', opts: { burst: number; pacedSeconds: number; rate: number }) {
  const rx = await receiverThread();
  const workers = 4;
  const batch = 50;
  const split = engine === 'postgres'; // PostgreSQL: web and worker processes apart, as deployed at scale
  const s = await startServer({
    engine,
    args: await serverArgs(),
    env: {
      NODE_EXTRA_CA_CERTS: selfSignedCert().cert,
      JUNCTION_VALIDATE_RESPONSES: '0',
      LOG_LEVEL: 'warn',
      JUNCTION_WEBHOOK_WORKERS: String(workers),
      JUNCTION_WEBHOOK_BATCH_SIZE: String(batch),
      ...(split ? { JUNCTION_ROLE: 'web' } : {}),
    },
  });
  let worker: ChildProcess | undefined;
  try {
    const sub = await s.api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    if (sub.status !== 201) throw new Error(`subscription: ${sub.status}`);
    const subId = sub.body.id as string;
    const out: Record<string, unknown> = {
      mode: split ? 'web process + worker process' : 'one process (web + worker)',
      workers,
      batch_size: batch,
    };

    if (split) {
      // 1. delivery alone: a backlog enqueued with no worker running, then one worker process drains it.
      const b = await enqueueBurst(s, subId, opts.burst);
      worker = await startWorkerProcess(s);
      const seen = await waitAll(rx, b.ids, 180_000);
      const times = b.ids
        .map((id) => seen.get(id))
        .filter((t): t is number => t !== undefined)
        .sort((x, y) => x - y);
      out.enqueue = {
        events: b.ids.length,
        seconds: (b.t1 - b.t0) / 1000,
        events_per_s: Math.round(b.ids.length / ((b.t1 - b.t0) / 1000)),
      };
      out.drain = {
        delivered: times.length,
        seconds: (times.at(-1)! - times[0]!) / 1000,
        deliveries_per_s: Math.round(times.length / ((times.at(-1)! - times[0]!) / 1000)),
      };
      out.paced = await paced(s, rx, subId, opts.rate, opts.pacedSeconds);
      out.baseline = await baseline(rx, b.ids, workers * batch);
      const drained = (out.drain as { deliveries_per_s: number }).deliveries_per_s;
      out.drain_vs_bare_sender =
        Math.round((drained / (out.baseline as { deliveries_per_s: number }).deliveries_per_s) * 100) / 100;
      out.target = 'drain ≥ the bare sender (ratio ≥ 1)';
      out.meets_target = (out.drain_vs_bare_sender as number) >= 1;
    } else {
      const warm = await enqueue(s, subId, 200);
      await waitAll(rx, warm.ids, 30_000);
      await rx.reset();
      const b = await enqueueBurst(s, subId, opts.burst);
      const seen = await waitAll(rx, b.ids, 180_000);
      const times = b.ids
        .map((id) => seen.get(id))
        .filter((t): t is number => t !== undefined)
        .sort((x, y) => x - y);
      out.enqueue = {
        events: b.ids.length,
        seconds: (b.t1 - b.t0) / 1000,
        events_per_s: Math.round(b.ids.length / ((b.t1 - b.t0) / 1000)),
      };
      out.burst = {
        delivered: times.length,
        deliveries_per_s: Math.round(times.length / ((times.at(-1)! - b.t0) / 1000)),
        drain_after_enqueue_s: (times.at(-1)! - b.t1) / 1000,
      };
      out.paced = await paced(s, rx, subId, opts.rate, opts.pacedSeconds);
      out.baseline = await baseline(rx, b.ids, workers * batch);
      const burst = (out.burst as { deliveries_per_s: number }).deliveries_per_s;
      out.burst_vs_bare_sender =
        Math.round((burst / (out.baseline as { deliveries_per_s: number }).deliveries_per_s) * 100) / 100;
      out.target = 'burst ≥ 0.8 of the bare sender';
      out.meets_target = (out.burst_vs_bare_sender as number) >= 0.8;
    }
    return out;
  } finally {
    if (worker) {
      worker.kill('SIGTERM');
      await new Promise((r) => (worker!.exitCode !== null ? r(null) : worker!.once('exit', r)));
    }
    await s.stop();
    await rx.close();
  }
}

export async function runWebhookBench(
  opts: { burst?: number; pacedSeconds?: number; rate?: number; engines?: ('postgres' | 'pglite')[] } = {},
) {
  const o = { burst: opts.burst ?? 5000, pacedSeconds: opts.pacedSeconds ?? 5, rate: opts.rate ?? 1000 };
  const out: Record<string, unknown> = {
    targets: {
      deliveries_per_s: '>= 1000 (1,000/s offered)',
      latency_p99_ms: 'PGlite <= 1000, PostgreSQL <= 300 (from the enqueuing commit)',
    },
  };
  for (const engine of opts.engines ?? (['postgres', 'pglite'] as const)) {
    try {
      out[engine] = await benchEngine(engine, o);
    } catch (err) {
      out[engine] = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engines = process.argv.slice(2).filter((a) => a === 'postgres' || a === 'pglite') as ('postgres' | 'pglite')[];
  console.log(JSON.stringify(await runWebhookBench(engines.length ? { engines } : {}), null, 2));
  process.exit(0);
}
