import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROOT, startArgs, startEnv, startServer, type TestServer } from '../tests/helpers/server';
import { startFakeGitHub, type FakeGitHub } from '../tests/helpers/fake-github-triggers';
import { startPrivatePostgres, type PrivatePostgres } from '../tests/helpers/private-postgres';

/**
 * `npm run bench:pg-restart`: what a PostgreSQL restart and a crashing worker cost. Two web processes
 * (JUNCTION_ROLE=web) and one worker (`worker.ts`) on a private PostgreSQL server, under mixed load:
 * account reads and tool executions (against a loopback GitHub), webhook test batches (the events
 * the worker delivers to a loopback receiver) and a GitHub trigger the worker polls (a new issue
 * every 50 requests). While the load runs, at set shares of the events delivered, PostgreSQL is
 * stopped (`pg_ctl stop -m fast`) and started again, and the worker is SIGKILLed and started again.
 *
 * Checked and reported: every event accepted by the API reaches the receiver (at least once; copies
 * of one webhook-id are counted), every new issue becomes an event; requests while PostgreSQL is
 * down answer 503 Database_Unavailable in the v3 envelope (or succeed) within the pool timeout,
 * never hang; readiness reports the outage; after PostgreSQL is back, reads, executions, new
 * events and readiness all work again within 10 s. Every wait is for a condition.
 */

export interface PgRestartOptions {
  events: number;
  restarts: number;
  workerKills: number;
  /** how Node runs a web process / the worker (the bench runs the bundle, the test suite tsx) */
  serverArgs?: string[];
  workerArgs?: string[];
  /** progress lines on stderr */
  verbose?: boolean;
}

interface Sample {
  kind: 'read' | 'execute' | 'batch';
  server: number;
  start: number;
  end: number;
  outcome: 'ok' | 'unavailable' | 'error';
  detail?: string;
}

const POOL_TIMEOUT_MS = 10_000; // JUNCTION_DB_ACQUIRE_TIMEOUT_MS, its default
const RECOVERY_TARGET_MS = 10_000;
const STALL_LIMIT_MS = 120_000; // the end-of-run wait fails only when nothing moves for this long

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};
const tick = () => new Promise((r) => setTimeout(r, 100));

/** Polls `fn` until it returns a truthy value; fails after `ms`. */
async function until<T>(fn: () => Promise<T | false | undefined> | T | false | undefined, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await tick();
  }
}

/** The webhook receiver: counts each webhook-id, and which trigger items arrived. */
async function startCounter() {
  const copies = new Map<string, number>();
  const state = { lastNewAt: 0 }; // when an event arrived for the first time, lately
  const triggerItems = new Map<number, number>(); // issue id → events carrying it (distinct event ids)
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const n = (copies.get(id) ?? 0) + 1;
      copies.set(id, n);
      if (n === 1) state.lastNewAt = Date.now();
      if (n === 1) {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const item = Number(body?.data?.id);
          if (body?.metadata?.trigger_id && Number.isFinite(item))
            triggerItems.set(item, (triggerItems.get(item) ?? 0) + 1);
        } catch {
          /* a test event's body is not needed */
        }
      }
      res.writeHead(200);
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    copies,
    triggerItems,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The worker process, started again after each SIGKILL. */
function workerProcess(args: string[], env: Record<string, string>) {
  let proc: ChildProcess | undefined;
  let tail = '';
  return {
    async start() {
      let out = '';
      proc = spawn(process.execPath, args, {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const p = proc;
      const keep = (d: Buffer) => {
        out = (out + d).slice(-20_000);
        tail = out;
      };
      p.stdout!.on('data', keep);
      p.stderr!.on('data', keep);
      await until(
        () => {
          if (p.exitCode !== null) throw new Error(`the worker exited (${p.exitCode}):\n${out}`);
          return out.includes('Junction worker running');
        },
        'the worker to start',
        180_000,
      );
    },
    async kill() {
      const p = proc;
      if (!p || p.exitCode !== null || p.signalCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await gone;
    },
    async stop() {
      const p = proc;
      if (!p || p.exitCode !== null || p.signalCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      const t = setTimeout(() => p.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(t);
    },
    output: () => tail,
  };
}

export async function runPgRestart(o: PgRestartOptions) {
  const say = (m: string) =>
    o.verbose && process.stderr.write(`[pg-restart ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
  const t0 = Date.now();
  let pgServer: PrivatePostgres | undefined;
  let gh: FakeGitHub | undefined;
  let rx: Awaited<ReturnType<typeof startCounter>> | undefined;
  const webs: TestServer[] = [];
  let worker: ReturnType<typeof workerProcess> | undefined;
  try {
    pgServer = await startPrivatePostgres();
    gh = await startFakeGitHub();
    gh.on('GET', '/user', () => ({ json: { login: 'octocat', id: 1, type: 'User' } }));
    rx = await startCounter();
    say(`PostgreSQL on port ${pgServer.port}`);
    const env = {
      JUNCTION_ROLE: 'web',
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,5,10',
      JUNCTION_WEBHOOK_JITTER: '0',
      JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
      // a delivery claimed by a killed worker is handed out again after this
      JUNCTION_WEBHOOK_STALL_SECONDS: '5',
      JUNCTION_TRIGGER_MIN_INTERVAL_MS: '200',
      JUNCTION_TRIGGER_SWEEP_MS: '500',
      JUNCTION_TRIGGER_LEASE_MS: '3000',
      JUNCTION_TRIGGER_JITTER: '0',
      JUNCTION_VALIDATE_RESPONSES: '0',
      LOG_LEVEL: 'error',
    };
    const a = await startServer({ engine: 'postgres', databaseUrl: pgServer.url, env, args: o.serverArgs });
    webs.push(a, await a.restart());
    const workerArgs = o.workerArgs ?? ['--import', 'tsx', 'worker.ts'];
    const workerEnv = {
      ...(o.workerArgs ? startEnv('worker') : {}),
      ...a.env,
      JUNCTION_ROLE: 'worker',
      LOG_LEVEL: 'info',
    };
    worker = workerProcess(workerArgs, workerEnv);
    await worker.start();
    say('two web processes and a worker are up');

    const ac = await a.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const ca = await a.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'restart',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: gh.token, base_url: gh.url } },
      },
    });
    const sub = await a.api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    const trig = await a.api('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
      connected_account_id: ca.body.id,
      trigger_config: { owner: 'o', repo: 'restart', interval: 0.001 },
    });
    if (ca.status !== 201 || sub.status !== 201 || !trig.body?.trigger_id)
      throw new Error(`setup failed: ${JSON.stringify([ca.body, sub.body, trig.body])}`);
    // the trigger's first poll records what exists; issues added after it become events
    await until(async () => {
      const logs = (await a.api('GET', `/trigger_instances/${trig.body.trigger_id}/logs`)).body.items as {
        outcome: string;
      }[];
      return logs.some((l) => l.outcome === 'primed');
    }, 'the first trigger poll');

    const accepted = new Set<string>(); // event ids the API returned for test batches
    const issues: number[] = [];
    const samples: Sample[] = [];
    const headers = { 'x-api-key': a.apiKey, 'content-type': 'application/json' };
    const batchSize = Math.min(1000, Math.max(50, Math.floor(o.events / 100)));
    // enqueue no further ahead of delivery than this, so events are in flight at each restart and kill
    const backlog = Math.max(2 * batchSize, Math.floor(o.events / 8));
    const delivered = () => {
      let n = 0;
      for (const id of accepted) if (rx!.copies.has(id)) n++;
      return n;
    };
    let deliveredCache = 0;
    let running = true;

    const call = async (kind: Sample['kind'], server: number) => {
      const s = webs[server]!;
      const req =
        kind === 'read'
          ? { path: `/connected_accounts/${ca.body.id}`, method: 'GET', body: undefined }
          : kind === 'execute'
            ? {
                path: '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER',
                method: 'POST',
                body: JSON.stringify({ connected_account_id: ca.body.id, arguments: {} }),
              }
            : {
                path: `/webhook_subscriptions/${sub.body.id}/test`,
                method: 'POST',
                body: JSON.stringify({ async: true, count: batchSize }),
              };
      const start = Date.now();
      let outcome: Sample['outcome'] = 'error';
      let detail: string | undefined;
      try {
        // a request that has not answered by three pool timeouts counts as hung
        const r = await fetch(`${s.apiUrl}${req.path}`, {
          method: req.method,
          headers,
          body: req.body,
          signal: AbortSignal.timeout(3 * POOL_TIMEOUT_MS),
        });
        const text = await r.text();
        const body = JSON.parse(text);
        if (r.status === 200 && (kind !== 'execute' || body.successful === true)) {
          outcome = 'ok';
          if (kind === 'batch') for (const i of body.items as { message_id: string }[]) accepted.add(i.message_id);
        } else if (
          r.status === 503 &&
          body?.error?.status === 503 &&
          body.error.slug === 'Database_Unavailable' &&
          typeof body.error.request_id === 'string'
        ) {
          outcome = 'unavailable';
        } else detail = `${r.status} ${text.slice(0, 200)}`;
      } catch (err) {
        detail = String(err);
      }
      samples.push({ kind, server, start, end: Date.now(), outcome, detail });
      return outcome;
    };
    // closed-loop clients: reads and executions on both web processes, a new issue every 50 requests
    let n = 0;
    const client = async (i: number) => {
      while (running) {
        n++;
        if (n % 50 === 0) issues.push(gh!.addIssue(`restart ${n}`).id as number);
        // after a failure, a short pause before the next call (as a client honouring Retry-After would)
        if ((await call(n % 3 === 0 ? 'execute' : 'read', i % 2)) !== 'ok') await tick();
      }
    };
    // the event producer: batches through both web processes, at most `backlog` ahead of delivery
    let server = 0;
    const producer = async () => {
      while (running && accepted.size < o.events) {
        if (accepted.size - deliveredCache >= backlog) {
          deliveredCache = delivered();
          await tick();
          continue;
        }
        if ((await call('batch', server++ % 2)) !== 'ok') await tick();
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    const produced = producer();

    // the plan: worker kills and restarts spread over the run, by share of the events delivered
    const plan: ('kill' | 'restart')[] = [];
    // kill, restart, kill, restart, kill (alternating while both last)
    for (let i = 0; i < Math.max(o.workerKills, o.restarts); i++) {
      if (i < o.workerKills) plan.push('kill');
      if (i < o.restarts) plan.push('restart');
    }
    const windows: { from: number; to: number }[] = []; // each outage, from the stop to recovery
    const outages: {
      stopped_at_s: number;
      down_ms: number;
      readiness_reported_after_ms: number;
      api_recovered_after_ms: number;
      delivery_resumed_after_ms: number;
      recovered_after_ms: number;
    }[] = [];
    const kills: { at_s: number; worker_up_after_ms: number }[] = [];
    const readyStatus = async (s: TestServer) => {
      try {
        const r = await fetch(`${s.url}/api/health/ready`, { signal: AbortSignal.timeout(5000) });
        return { status: r.status, body: (await r.json()) as { checks?: { database?: string } } };
      } catch {
        return { status: 0, body: {} };
      }
    };
    const okOn = async (s: TestServer, kind: 'read' | 'execute') => (await call(kind, webs.indexOf(s))) === 'ok';
    for (let step = 0; step < plan.length; step++) {
      const share = (step + 1) / (plan.length + 1);
      await until(
        () => {
          deliveredCache = delivered();
          return deliveredCache >= share * o.events;
        },
        `${Math.round(share * 100)} % of the events delivered`,
        STALL_LIMIT_MS * 5,
      );
      if (plan[step] === 'kill') {
        const at = Date.now();
        await worker.kill();
        say(`worker killed at ${deliveredCache} delivered`);
        await worker.start();
        kills.push({ at_s: Math.round((at - t0) / 1000), worker_up_after_ms: Date.now() - at });
        continue;
      }
      const stopping = Date.now();
      await pgServer.stop();
      say(`PostgreSQL stopped at ${deliveredCache} delivered`);
      // readiness of both web processes says so (and API calls answer 503 meanwhile, checked below)
      await until(
        async () =>
          (await Promise.all(webs.map(readyStatus))).every(
            (r) => r.status === 503 && r.body.checks?.database === 'unavailable',
          ),
        'readiness to report the outage',
      );
      const reported = Date.now() - stopping;
      await until(
        () =>
          webs.every((_, i) =>
            samples.some((x) => x.server === i && x.start >= stopping && x.outcome === 'unavailable'),
          ),
        'a 503 from each web process',
      );
      await pgServer.start();
      const up = Date.now();
      say(`PostgreSQL started again after ${up - stopping} ms`);
      // back: readiness, a read and an execution on each web process (the API), and events arriving
      // again (delivery: an event not seen before reaches the receiver; a probe event enqueued now would
      // wait behind the backlog, which says nothing about recovery)
      let apiBack = 0;
      let deliveryBack = 0;
      await until(
        async () => {
          if (!deliveryBack && rx!.state.lastNewAt > up) deliveryBack = rx!.state.lastNewAt;
          if (!apiBack) {
            for (const s of webs) {
              if ((await readyStatus(s)).status !== 200) return false;
              if (!(await okOn(s, 'read')) || !(await okOn(s, 'execute'))) return false;
            }
            apiBack = Date.now();
          }
          return deliveryBack > 0;
        },
        'recovery after PostgreSQL came back',
        STALL_LIMIT_MS,
      );
      windows.push({ from: stopping, to: apiBack });
      outages.push({
        stopped_at_s: Math.round((stopping - t0) / 1000),
        down_ms: up - stopping,
        readiness_reported_after_ms: reported,
        api_recovered_after_ms: apiBack - up,
        delivery_resumed_after_ms: deliveryBack - up,
        recovered_after_ms: Math.max(apiBack, deliveryBack) - up,
      });
      say(`recovered ${Date.now() - up} ms after PostgreSQL's return`);
    }
    await produced;
    running = false;
    await Promise.all(clients);
    const lastIssue = issues.length;
    say(`load done: ${accepted.size} events accepted, waiting for delivery`);

    // every accepted event and every new issue arrives; the wait fails only when nothing moves for a while
    let last = -1;
    let lastMove = Date.now();
    for (;;) {
      const got = delivered() + [...issues].filter((i) => rx!.triggerItems.has(i)).length;
      if (got === accepted.size + lastIssue) break;
      if (got !== last) {
        last = got;
        lastMove = Date.now();
      } else if (Date.now() - lastMove > STALL_LIMIT_MS) break;
      await tick();
    }
    const wall = Date.now() - t0;

    // a request counts as during an outage when it overlaps one (from the stop until recovery)
    const outageOf = (x: Sample) => windows.some((w) => x.end >= w.from && x.start <= w.to);
    const during = samples.filter(outageOf);
    const outside = samples.filter((x) => !outageOf(x));
    const byKind = (kind: Sample['kind']) => {
      const xs = samples.filter((x) => x.kind === kind);
      return {
        ok: xs.filter((x) => x.outcome === 'ok').length,
        unavailable_503: xs.filter((x) => x.outcome === 'unavailable').length,
        other_errors: xs.filter((x) => x.outcome === 'error').length,
      };
    };
    const failedDuring = during.filter((x) => x.outcome !== 'ok');
    let duplicates = 0;
    let extraCopies = 0;
    for (const c of rx.copies.values())
      if (c > 1) {
        duplicates++;
        extraCopies += c - 1;
      }
    const missingEvents = [...accepted].filter((id) => !rx!.copies.has(id)).length;
    const missingIssues = issues.filter((i) => !rx!.triggerItems.has(i)).length;
    const issueDuplicates = [...rx.triggerItems.values()].filter((c) => c > 1).length;
    const errorsOutside = outside.filter((x) => x.outcome !== 'ok');
    return {
      events_accepted: accepted.size,
      events_delivered: accepted.size - missingEvents,
      events_missing: missingEvents,
      duplicate_deliveries: { event_ids: duplicates, extra_copies: extraCopies },
      trigger_items: issues.length,
      trigger_items_missing: missingIssues,
      trigger_items_with_two_events: issueDuplicates,
      requests: { read: byKind('read'), execute: byKind('execute'), batch: byKind('batch') },
      during_outages: {
        requests: during.length,
        answered_503: during.filter((x) => x.outcome === 'unavailable').length,
        other_errors: during.filter((x) => x.outcome === 'error').length,
        failed_p50_ms: pct(
          failedDuring.map((x) => x.end - x.start),
          50,
        ),
        failed_max_ms: Math.max(0, ...failedDuring.map((x) => x.end - x.start)),
        slowest_ms: Math.max(0, ...during.map((x) => x.end - x.start)),
      },
      errors_outside_outages: errorsOutside.length,
      error_samples: [...during, ...outside]
        .filter((x) => x.outcome === 'error')
        .slice(0, 5)
        .map((x) => `${x.kind}@${x.server}: ${x.detail}`),
      outages,
      worker_kills: kills,
      wall_s: Math.round(wall / 1000),
      targets: {
        pool_timeout_ms: POOL_TIMEOUT_MS,
        recovery_ms: RECOVERY_TARGET_MS,
      },
      meets: {
        every_event_delivered: missingEvents === 0 && missingIssues === 0,
        fail_fast_503:
          during.every((x) => x.outcome !== 'error') &&
          Math.max(0, ...during.map((x) => x.end - x.start)) < POOL_TIMEOUT_MS,
        recovery: outages.every((w) => w.recovered_after_ms <= RECOVERY_TARGET_MS),
        no_errors_outside_outages: errorsOutside.length === 0,
      },
    };
  } finally {
    await worker?.stop();
    for (const s of webs) await s.stop();
    await rx?.close();
    await gh?.close();
    await pgServer?.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, dflt: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : dflt;
  };
  const { serverArgs } = await import('./lib');
  const args = await serverArgs();
  const r = await runPgRestart({
    events: arg('events', 100_000),
    restarts: arg('restarts', 2),
    workerKills: arg('kills', 3),
    serverArgs: args,
    workerArgs: startArgs('worker'),
    verbose: true,
  });
  console.log(JSON.stringify(r, null, 2));
  process.exit(Object.values(r.meets).every(Boolean) ? 0 : 1);
}
