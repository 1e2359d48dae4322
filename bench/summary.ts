/**
 * The closing table of `npm run bench`: each figure with the target it is held to, read from the
 * benches' results (a figure whose bench did not run shows as not measured).
 */
type Results = Record<string, unknown>;

const at = (r: Results, p: string): unknown =>
  p
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), r);

interface Row {
  figure: string;
  bench: string;
  value: string;
  beside: (r: Results) => string;
  target: string;
  met: (v: number) => boolean;
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
const rows: Row[] = [
  {
    figure: 'execute overhead p50, c=1 (PostgreSQL)',
    bench: 'tool execution',
    value: 'postgres.results.concurrency_1.overhead_p50_ms',
    beside: (r) => `direct p50 ${at(r, 'postgres.results.concurrency_1.direct.p50_ms')} ms`,
    target: '≤ 0.3 ms',
    met: (v) => v <= 0.3,
  },
  {
    figure: 'execute overhead p50, c=1 (PGlite)',
    bench: 'tool execution',
    value: 'pglite.results.concurrency_1.overhead_p50_ms',
    beside: (r) => `direct p50 ${at(r, 'pglite.results.concurrency_1.direct.p50_ms')} ms`,
    target: '≤ 0.3 ms',
    met: (v) => v <= 0.3,
  },
  {
    figure: 'execute vs bare proxy, c=64 (PostgreSQL)',
    bench: 'tool execution',
    value: 'postgres.results.concurrency_64.vs_bare_proxy_ratio',
    beside: (r) =>
      `${at(r, 'postgres.results.concurrency_64.junction.rps')} vs ${at(r, 'postgres.results.concurrency_64.bare_proxy.rps')} req/s`,
    target: '≥ 0.9',
    met: (v) => v >= 0.9,
  },
  {
    figure: 'account read vs bare node:http + pg',
    bench: 'connected account read',
    value: 'ratio',
    beside: (r) => `${at(r, 'junction_rps')} vs ${at(r, 'bare_rps')} req/s`,
    target: '≥ 0.85',
    met: (v) => v >= 0.85,
  },
  {
    figure: 'request log cost (account read)',
    bench: 'connected account read',
    value: 'request_log_cost',
    beside: (r) =>
      `on ${at(r, 'junction_rps')} vs off ${at(r, 'junction_log_off_rps')} req/s; CPU/request ${at(r, 'cpu_us_per_request_log_on')} vs ${at(r, 'cpu_us_per_request_log_off')} µs (cost ${at(r, 'request_log_cpu_cost')})`,
    target: '≤ 0.05',
    met: (v) => v <= 0.05,
  },
  {
    figure: 'webhook burst vs bare sender (PGlite)',
    bench: 'webhook delivery',
    value: 'pglite.burst_vs_bare_sender',
    beside: (r) => `${at(r, 'pglite.burst.deliveries_per_s')} vs ${at(r, 'pglite.baseline.deliveries_per_s')} /s`,
    target: '≥ 0.8',
    met: (v) => v >= 0.8,
  },
  {
    figure: 'webhook drain vs bare sender (PostgreSQL)',
    bench: 'webhook delivery',
    value: 'postgres.drain_vs_bare_sender',
    beside: (r) => `${at(r, 'postgres.drain.deliveries_per_s')} vs ${at(r, 'postgres.baseline.deliveries_per_s')} /s`,
    target: '≥ 1',
    met: (v) => v >= 1,
  },
  {
    figure: 'first start, compiled (PGlite)',
    bench: 'startup',
    value: 'compiled.first_start_ms',
    beside: (r) => `before catalog doubled: ${at(r, 'before.first_start_ms') ?? at(r, 'before')} ms`,
    target: '≤ 2000 ms',
    met: (v) => v <= 2000,
  },
  {
    figure: 'restart, compiled (PGlite)',
    bench: 'startup',
    value: 'compiled.restart_ms',
    beside: (r) => `before catalog doubled: ${at(r, 'before.restart_ms') ?? at(r, 'before')} ms`,
    target: '≤ 1500 ms',
    met: (v) => v <= 1500,
  },
  {
    figure: 'idle RSS, default start (PGlite)',
    bench: 'memory',
    value: 'pglite.rss_default_mb',
    beside: (r) => `before catalog doubled: ${at(r, 'before.rss_default_mb') ?? at(r, 'before')} MB`,
    target: '≤ 250 MB',
    met: (v) => v <= 250,
  },
  {
    figure: 'search p95, whole catalog (wall)',
    bench: 'tool search',
    value: 'latencyMs.p95',
    beside: (r) =>
      `CPU p95 ${at(r, 'cpuMs.p95')} ms, ${at(r, 'tools')} tools; before: ${at(r, 'before.latencyMs.p95') ?? at(r, 'before')} ms (CPU ${at(r, 'before.cpuMs.p95')}), ${at(r, 'before.tools')} tools`,
    target: '≤ 10 ms',
    met: (v) => v <= 10,
  },
  {
    figure: 'search held-out recall@5',
    bench: 'tool search',
    value: 'holdout.recallAt5',
    beside: (r) => `${at(r, 'holdout.queries')} held-out queries`,
    target: '≥ 0.9',
    met: (v) => v >= 0.9,
  },
];

export function summaryTable(results: Record<string, Results>) {
  return rows.map((row) => {
    const r = results[row.bench];
    if (!r) return { figure: row.figure, value: 'not measured', beside: '', target: row.target, met: '' };
    const v = num(at(r, row.value));
    return {
      figure: row.figure,
      value: Number.isNaN(v) ? 'not measured' : String(v),
      beside: row.beside(r),
      target: row.target,
      met: Number.isNaN(v) ? '' : row.met(v) ? 'yes' : 'NO',
    };
  });
}
