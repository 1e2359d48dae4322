/**
 * `npm run bench`: every figure measured in one run on this machine, each beside its baseline
 * where the target is a ratio. Areas contribute a `run…Bench()` function; missing ones are reported.
 */
import { runConnectedAccountReadBench } from './connected-account-read';
import { runStartupBench } from './startup';
import { runMemoryBench } from './memory';
import trackDatabases from '../tests/helpers/global-setup';
import { summaryTable } from './summary';

type Bench = { name: string; load: () => Promise<Record<string, unknown>> };

const optional = (name: string, path: string, fn: string): Bench => ({
  name,
  load: async () => {
    const mod = (await import(path)) as Record<string, () => Promise<Record<string, unknown>>>;
    return mod[fn]!();
  },
});

const benches: Bench[] = [
  { name: 'startup', load: runStartupBench },
  { name: 'connected account read', load: () => runConnectedAccountReadBench() },
  {
    name: 'tool execution',
    load: async () => {
      const { runToolExecutionBench } = await import('./tool-execution');
      return {
        postgres: await runToolExecutionBench({ engine: 'postgres' }),
        pglite: await runToolExecutionBench({ engine: 'pglite' }),
      };
    },
  },
  optional('webhook delivery', './webhook-delivery', 'runWebhookBench'),
  optional('tool search', './tool-search', 'runSearchBenchWithBefore'),
  { name: 'memory', load: runMemoryBench },
  optional('dashboard bundles', './dashboard-bundles', 'runBundleBench'),
];

/** Paths of figures that came out as NaN (nothing was measured, e.g. every request failed). */
function unmeasured(value: unknown, at = ''): string[] {
  if (typeof value === 'number') return Number.isNaN(value) ? [at] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => unmeasured(v, at ? `${at}.${k}` : k));
}

// The PostgreSQL of the run (as for the test suites); the databases the benches create (junction_t_*)
// are dropped at the end, or on Ctrl-C.
const dropDatabases = await trackDatabases();
process.once('SIGINT', () => void dropDatabases().finally(() => process.exit(130)));

const only = process.argv.slice(2);
const failed: string[] = [];
const results: Record<string, Record<string, unknown>> = {};
for (const b of benches) {
  if (only.length && !only.some((o) => b.name.includes(o))) continue;
  process.stdout.write(`\n## ${b.name}\n`);
  try {
    const r = await b.load();
    results[b.name] = r;
    console.log(JSON.stringify(r, null, 2));
    const missing = unmeasured(r);
    if (missing.length) failed.push(`${b.name} (${missing.join(', ')})`);
  } catch (err) {
    console.log(`not measured: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    failed.push(b.name);
  }
}
process.stdout.write('\n## figures and targets (ratios: each from one run, sides in alternating rounds)\n');
console.table(summaryTable(results));
await dropDatabases().catch((err) => console.log(`could not drop the bench databases: ${(err as Error).message}`));
if (failed.length) console.log(`\nNot measured: ${failed.join('; ')}`);
// Non-zero when any figure is missing, so a broken bench cannot pass for a finished run.
process.exit(failed.length ? 1 : 0);
