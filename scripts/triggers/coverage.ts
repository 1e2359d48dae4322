/**
 * Trigger coverage against the hosted catalog: which hosted trigger slugs
 * (scripts/catalog/hosted-triggers/<toolkit>.json, slugs and names read from the hosted catalog's
 * toolkit blocks) resolve as Junction trigger types (GET /triggers_types/{slug}).
 *
 *   npx tsx scripts/triggers/coverage.ts          # per-toolkit figures and the slugs still missing
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getToolkit } from '../../lib/catalog/registry';
import { getTriggerType } from '../../lib/triggers/registry';

const dir = path.resolve(import.meta.dirname, '..', 'catalog', 'hosted-triggers');
let hosted = 0;
let resolved = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const list = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
    toolkit: string;
    triggers: { slug: string; name: string }[];
  };
  const missing = list.triggers.filter((t) => !getTriggerType(t.slug)).map((t) => t.slug);
  const ok = list.triggers.length - missing.length;
  hosted += list.triggers.length;
  resolved += ok;
  const tk = getToolkit(list.toolkit) ? '' : ' (toolkit not in the catalog)';
  console.log(`${list.toolkit.padEnd(16)} ${String(ok).padStart(3)}/${String(list.triggers.length).padEnd(3)}${tk}`);
  for (const m of missing) console.log(`    missing ${m}`);
}
console.log(`pooled           ${resolved}/${hosted} = ${((100 * resolved) / Math.max(1, hosted)).toFixed(1)} %`);
