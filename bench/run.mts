/**
 * `npm run bench`: every figure measured in one run on this machine, each beside its baseline
 * where the target is a ratio. Areas contribute a `run…Bench()` function; missing ones are reported.
 */
import { runConnectedAccountReadBench } from './connected-account-read';
import { runStartupBench } from './startup';
import { runMemoryBench } from './memory';

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
      return { postgres: await runToolExecutionBench({ engine: 'postgres' }), pglite: await runToolExecutionBench({ engine: 'pglite' }) };
    },
  },
  optional('webhook delivery', './webhook-delivery', 'runWebhookBench'),
  optional('tool search', './tool-search', 'runSearchBench'),
  { name: 'memory', load: runMemoryBench },
  optional('dashboard bundles', './dashboard-bundles', 'runBundleBench'),
];

const only = process.argv.slice(2);
for (const b of benches) {
  if (only.length && !only.some((o) => b.name.includes(o))) continue;
  process.stdout.write(`\n## ${b.name}\n`);
  try {
    const r = await b.load();
    console.log(JSON.stringify(r, null, 2));
  } catch (err) {
    console.log(`not measured: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
}
process.exit(0);
