import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as PromClient from 'prom-client';

/**
 * Prometheus metrics, served at GET /metrics by server.ts.
 *
 * prom-client is a sizeable module graph, so it is loaded after the server listens
 * (`startMetrics`), off the start path. What is observed while it loads is kept and replayed;
 * in processes that never start metrics (the worker, the CLI, tests of single modules) every
 * `record…` call is a no-op. The state lives on globalThis because Next.js bundles its own copy
 * of this module into the dashboard's route handlers.
 */
type Metrics = ReturnType<typeof define>;
interface State {
  metrics?: Metrics;
  pending?: ((m: Metrics) => void)[];
  loading?: Promise<Metrics>;
  gauges: { name: string; help: string; labels: string[]; read: () => Promise<Record<string, number> | number> }[];
}
declare global {
  var __junctionMetrics: State | undefined;
}
const state = (globalThis.__junctionMetrics ??= { gauges: [] });

/** Latency buckets in seconds: the API answers in a few ms, upstream calls and deliveries in up to seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function define(prom: typeof PromClient) {
  const registry = new prom.Registry();
  // process CPU, memory, GC and event-loop lag (nodejs_eventloop_lag_*)
  prom.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const m = {
    registry,
    http: new prom.Histogram({
      name: 'junction_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [registry],
    }),
    toolExecutions: new prom.Counter({
      name: 'junction_tool_executions_total',
      help: 'Tool executions by toolkit and outcome (success, upstream_error, error)',
      labelNames: ['toolkit', 'outcome'],
      registers: [registry],
    }),
    upstream: new prom.Histogram({
      name: 'junction_upstream_request_duration_seconds',
      help: 'Calls to upstream APIs by outcome (response, timeout, network, blocked)',
      labelNames: ['outcome'],
      buckets: BUCKETS,
      registers: [registry],
    }),
    tokenRefreshes: new prom.Counter({
      name: 'junction_token_refreshes_total',
      help: 'OAuth token refreshes by outcome (success, failure)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    deliveries: new prom.Counter({
      name: 'junction_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (delivered, pending = will retry, failed, cancelled)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    deliveryLag: new prom.Histogram({
      name: 'junction_webhook_delivery_lag_seconds',
      help: 'From a webhook message being created to its successful delivery',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200],
      registers: [registry],
    }),
    triggerPolls: new prom.Counter({
      name: 'junction_trigger_polls_total',
      help: 'Trigger polls by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
  for (const g of state.gauges) addGauge(prom, registry, g);
  return m;
}

function addGauge(prom: typeof PromClient, registry: PromClient.Registry, g: State['gauges'][number]) {
  new prom.Gauge({
    name: g.name,
    help: g.help,
    labelNames: g.labels,
    registers: [registry],
    async collect() {
      try {
        const v = await g.read();
        if (typeof v === 'number') this.set(v);
        else for (const [label, n] of Object.entries(v)) this.set({ [g.labels[0]!]: label }, n);
      } catch {
        /* an unanswered read leaves the last value; the scrape still succeeds */
      }
    },
  });
}

/**
 * Start collecting (server.ts, once listening): observations are kept from now on, and
 * prom-client is loaded `loadAfterMs` later, so it does not compete with the first requests.
 */
export function startMetrics(loadAfterMs = 0): void {
  state.pending ??= [];
  if (loadAfterMs > 0) setTimeout(() => void loadMetrics(), loadAfterMs).unref();
  else void loadMetrics();
}

function loadMetrics(): Promise<Metrics> {
  if (state.loading) return state.loading;
  state.pending ??= [];
  state.loading = import('prom-client').then((mod) => {
    const prom = ((mod as { default?: typeof PromClient }).default ?? mod) as typeof PromClient;
    const m = define(prom);
    state.metrics = m;
    for (const fn of state.pending ?? []) fn(m);
    state.pending = undefined;
    return m;
  });
  return state.loading;
}

function record(fn: (m: Metrics) => void) {
  if (state.metrics) fn(state.metrics);
  else if (state.pending && state.pending.length < 10_000) state.pending.push(fn);
}

/** A gauge read at scrape time (queue depth, pool usage); `labels` names the one label of a keyed result. */
export function registerGauge(
  name: string,
  help: string,
  read: () => Promise<Record<string, number> | number>,
  labels: string[] = [],
) {
  const g = { name, help, labels, read };
  state.gauges = state.gauges.filter((x) => x.name !== name);
  state.gauges.push(g);
  if (state.metrics) {
    state.metrics.registry.removeSingleMetric(name);
    void import('prom-client').then((mod) =>
      addGauge(
        ((mod as { default?: typeof PromClient }).default ?? mod) as typeof PromClient,
        state.metrics!.registry,
        g,
      ),
    );
  }
}

const ROUTE = Symbol('junction.route');
type Labelled = ServerResponse & { [ROUTE]?: string };

/** The route template that served a response (`/connected_accounts/{nanoid}`), set by the API adapter. */
export function setRouteLabel(res: ServerResponse, route: string) {
  (res as Labelled)[ROUTE] = route;
}

/** The label of a request no API route claimed: a fixed few, so the label set stays small. */
function fallbackRoute(url: string): string {
  const p = url.split('?')[0]!;
  if (p === '/metrics' || p === '/api/health' || p === '/api/health/live' || p === '/api/health/ready') return p;
  return p.startsWith('/api/v3') ? 'unmatched' : 'other';
}

/** Time one HTTP request; it is labelled with its route template and status when it ends. */
export function observeHttp(req: IncomingMessage, res: ServerResponse) {
  if (!state.pending && !state.metrics) return;
  const t0 = performance.now();
  res.once('close', () => {
    const route = (res as Labelled)[ROUTE] ?? fallbackRoute(req.url ?? '/');
    const status = res.writableFinished ? String(res.statusCode) : 'aborted';
    const seconds = (performance.now() - t0) / 1000;
    record((m) => m.http.observe({ method: req.method ?? 'GET', route, status }, seconds));
  });
}

export function recordToolExecution(toolkit: string, outcome: 'success' | 'upstream_error' | 'error') {
  record((m) => m.toolExecutions.inc({ toolkit, outcome }));
}

export function recordUpstream(outcome: string, seconds: number) {
  record((m) => m.upstream.observe({ outcome }, seconds));
}

export function recordTokenRefresh(outcome: 'success' | 'failure') {
  record((m) => m.tokenRefreshes.inc({ outcome }));
}

export function recordDelivery(outcome: string, lagSeconds?: number) {
  record((m) => {
    m.deliveries.inc({ outcome });
    if (lagSeconds !== undefined) m.deliveryLag.observe(lagSeconds);
  });
}

export function recordTriggerPoll(outcome: string) {
  record((m) => m.triggerPolls.inc({ outcome }));
}

/** The exposition text and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const m = await loadMetrics();
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}

/**
 * GET /metrics, only with `Authorization: Bearer <JUNCTION_METRICS_TOKEN>` (compared in constant
 * time, through hashes of equal length). Without a configured token nobody reads it: the API port
 * is usually the one on the network, and route, toolkit and error counts are not for everyone.
 */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined) {
  if (!token) {
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Metrics are off: set JUNCTION_METRICS_TOKEN and send it as `Authorization: Bearer <token>`.\n');
    return;
  }
  const digest = (s: string) => createHash('sha256').update(s).digest();
  if (!timingSafeEqual(digest(req.headers.authorization ?? ''), digest(`Bearer ${token}`))) {
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' });
    res.end('A bearer token is required (JUNCTION_METRICS_TOKEN).\n');
    return;
  }
  try {
    const { body, contentType } = await renderMetrics();
    res.writeHead(200, { 'content-type': contentType });
    res.end(body);
  } catch {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('metrics unavailable\n');
  }
}
