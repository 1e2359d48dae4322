import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/** Operations: health probes, Prometheus metrics, graceful shutdown. */

const TOKEN = 'metrics-token-for-tests';

async function githubAccount(s: TestServer, baseUrl: string) {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  expect(ac.status).toBe(201);
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: 'ops',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_ops', base_url: baseUrl } },
    },
  });
  expect(ca.status).toBe(201);
  return ca.body.id as string;
}

const execute = (s: TestServer, accountId: string) =>
  s.api('POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', {
    connected_account_id: accountId,
    user_id: 'ops',
    arguments: {},
    version: '20250909_00',
  });

/** One sample of the exposition text, e.g. sample(text, 'junction_tool_executions_total', {toolkit: 'github'}) */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe(`operations (${engine()})`, () => {
  let s: TestServer;
  let upstream: FakeUpstream;
  let accountId: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.on('GET', '/user', () => ({ json: { login: 'octocat', id: 1 } }));
    s = await startServer({ env: { JUNCTION_METRICS_TOKEN: TOKEN } });
    accountId = await githubAccount(s, upstream.url);
  });
  afterAll(async () => {
    await s?.stop();
    await upstream?.close();
  });

  it('answers the liveness and readiness probes, and /api/health as before', async () => {
    const live = await fetch(`${s.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok' });
    const ready = await fetch(`${s.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', jobs: 'ok' } });
    const h = await fetch(`${s.url}/api/health`);
    expect(h.status).toBe(200);
    expect(await h.json()).toMatchObject({ status: 'ok', database: engine() });
  });

  it('serves /metrics only with the bearer token', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const ok = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
  });

  it('counts requests by route template and status, tool executions by toolkit and outcome, and upstream latency', async () => {
    const read = async () =>
      (await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const before = await read();
    const route = { method: 'POST', route: '/tools/execute/{slug}', status: '200' };
    const n0 = sample(before, 'junction_http_request_duration_seconds_count', route) ?? 0;
    const ok0 = sample(before, 'junction_tool_executions_total', { toolkit: 'github', outcome: 'success' }) ?? 0;
    const up0 = sample(before, 'junction_upstream_request_duration_seconds_count', { outcome: 'response' }) ?? 0;

    for (let i = 0; i < 3; i++) expect((await execute(s, accountId)).body.successful).toBe(true);
    upstream.on('GET', '/user', () => ({ status: 500, json: { message: 'boom' } }));
    expect((await execute(s, accountId)).body.successful).toBe(false);
    upstream.on('GET', '/user', () => ({ json: { login: 'octocat', id: 1 } }));
    expect((await s.api('GET', '/connected_accounts/ca_doesnotexist')).status).toBe(404);

    const after = await read();
    expect(sample(after, 'junction_http_request_duration_seconds_count', route)).toBe(n0 + 4); // a failed upstream call is still a 200 answer
    expect(
      sample(after, 'junction_http_request_duration_seconds_count', {
        route: '/connected_accounts/{nanoid}',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'junction_tool_executions_total', { toolkit: 'github', outcome: 'success' })).toBe(ok0 + 3);
    expect(
      sample(after, 'junction_tool_executions_total', { toolkit: 'github', outcome: 'upstream_error' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'junction_upstream_request_duration_seconds_count', { outcome: 'response' })).toBe(up0 + 4);
    // the families of the background work and the process are exposed, whether or not they have samples yet
    for (const family of [
      'junction_token_refreshes_total',
      'junction_webhook_deliveries_total',
      'junction_webhook_delivery_lag_seconds',
      'junction_trigger_polls_total',
      'junction_webhook_queue_depth',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(after).toContain(`# TYPE ${family} `);
    }
    expect(sample(after, 'junction_webhook_queue_depth')).toBeGreaterThanOrEqual(0);
    if (engine() === 'postgres')
      expect(sample(after, 'junction_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('counts webhook deliveries by outcome and their lag from the message being created', async () => {
    const received: string[] = [];
    const rx = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['webhook-id']));
        res.writeHead(200);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    try {
      const sub = await s.api('POST', '/webhook_subscriptions', {
        webhook_url: `http://127.0.0.1:${(rx.address() as { port: number }).port}/hook`,
        enabled_events: ['composio.trigger.message'],
      });
      expect(sub.status).toBe(201);
      const read = async () =>
        (await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      const before = await read();
      const delivered0 = sample(before, 'junction_webhook_deliveries_total', { outcome: 'delivered' }) ?? 0;
      const lag0 = sample(before, 'junction_webhook_delivery_lag_seconds_count') ?? 0;
      // through the outbox and the job queue, as every event goes
      expect(
        (await s.api('POST', `/webhook_subscriptions/${sub.body.id}/test`, { count: 2, async: true })).status,
      ).toBeLessThan(300);
      const deadline = Date.now() + 30_000;
      let after = before;
      while (Date.now() < deadline) {
        after = await read();
        if ((sample(after, 'junction_webhook_deliveries_total', { outcome: 'delivered' }) ?? 0) >= delivered0 + 2)
          break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(received.length).toBe(2);
      expect(sample(after, 'junction_webhook_deliveries_total', { outcome: 'delivered' })).toBe(delivered0 + 2);
      expect(sample(after, 'junction_webhook_delivery_lag_seconds_count')).toBe(lag0 + 2);
      expect(sample(after, 'junction_webhook_delivery_lag_seconds_sum')).toBeGreaterThan(0);
    } finally {
      await new Promise<void>((r) => rx.close(() => r()));
    }
  });
});

describe(`graceful shutdown (${engine()})`, () => {
  it('on SIGTERM finishes the request in flight, refuses new connections and exits 0 within the timeout', async () => {
    const upstream = await startFakeUpstream();
    let received!: () => void;
    const upstreamGotIt = new Promise<void>((r) => {
      received = r;
    });
    // The upstream holds its answer until the test has seen new connections refused, so the request
    // is provably in flight for the whole check however slow a loaded machine is.
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    const s = await startServer({ env: { JUNCTION_SHUTDOWN_TIMEOUT_MS: '60000' } });
    try {
      const accountId = await githubAccount(s, upstream.url);
      upstream.on('GET', '/user', async () => {
        received();
        await released;
        return { json: { login: 'octocat', id: 1 } };
      });
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        s.proc.once('exit', (code) => resolve({ code, at: Date.now() })),
      );
      const inFlight = execute(s, accountId);
      await upstreamGotIt;
      const signalledAt = Date.now();
      s.proc.kill('SIGTERM');

      // New connections are refused once the server has stopped listening (the upstream has not answered yet).
      const port = new URL(s.url).port;
      const tryConnect = () =>
        new Promise<'refused' | number>((resolve) => {
          const req = http.get({ host: '127.0.0.1', port, path: '/api/health/live', agent: false }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          });
          req.on('error', (e: NodeJS.ErrnoException) =>
            resolve(e.code === 'ECONNREFUSED' ? 'refused' : (e.code as never)),
          );
        });
      let refused = false;
      while (Date.now() - signalledAt < 30_000) {
        if ((await tryConnect()) === 'refused') {
          refused = true;
          break;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(refused, s.output().slice(-3000)).toBe(true);
      let settled = false;
      void inFlight.then(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(settled).toBe(false); // still waiting on the upstream: it really was in flight
      release();

      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(res.body.successful).toBe(true);
      expect(res.body.data).toMatchObject({ login: 'octocat' });

      const { code, at } = await exited;
      expect(code, s.output().slice(-3000)).toBe(0);
      expect(at - signalledAt).toBeLessThan(60_000); // exited on its own, not cut off by the timeout
    } finally {
      await s.stop();
      await upstream.close();
    }
  }, 180_000);
});
