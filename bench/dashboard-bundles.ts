import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../tests/helpers/server';

/**
 * First-load JavaScript per dashboard route, gzipped, as a browser receives it: the budget test
 * (e2e/dashboard/z-budgets.spec.ts) loads every route in Chromium against the production build
 * and gzips each script it fetched. The navigation test beside it times a click on each main
 * navigation link until the page's heading and data show. The bench runs both and reports the figures.
 */
export async function runBundleBench() {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID')))
    throw new Error('no production build: run `npm run build` first');
  const report = path.join(ROOT, 'test-results', 'dashboard-budgets.json');
  fs.rmSync(report, { force: true });
  const r = spawnSync(
    'npx',
    ['playwright', 'test', 'e2e/dashboard/z-budgets.spec.ts', '-g', 'first-load|navigation', '--reporter=line'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  if (!fs.existsSync(report))
    throw new Error(`the budget test did not run: ${(r.stdout + r.stderr).trim().split('\n').slice(-3).join(' ')}`);
  const {
    firstLoadJsGzipKB: sizes,
    budgetKB,
    navigationMs,
  } = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    firstLoadJsGzipKB: Record<string, number>;
    budgetKB: number;
    navigationMs?: Record<string, { cold?: number; warm?: number }>;
  };
  const values = Object.values(sizes);
  const nav = Object.values(navigationMs ?? {});
  const p95 = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]! : Number.NaN;
  };
  return {
    name: 'first-load JavaScript per dashboard route (gzip, KB)',
    routes: sizes,
    largest_kb: Math.max(...values),
    smallest_kb: Math.min(...values),
    target: `≤ ${budgetKB} KB per route`,
    navigation: {
      name: 'click a main navigation link → URL, heading and data visible (Chromium, ms)',
      pages: navigationMs ?? {},
      cold_p95_ms: p95(nav.flatMap((n) => (n.cold === undefined ? [] : [n.cold]))),
      warm_p95_ms: p95(nav.flatMap((n) => (n.warm === undefined ? [] : [n.warm]))),
      target: '≤ 300 ms p95',
    },
  };
}
