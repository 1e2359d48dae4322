/** Load-time and memory figures of the compiled catalog: `npx tsx scripts/catalog/measure.ts` */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  catalogDir,
  catalogStats,
  getTool,
  listToolkits,
  loadAllTools,
  resetCatalogCache,
} from '../../lib/catalog/registry';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const dir = catalogDir();
const files = readdirSync(path.join(dir, 'tools')).map((f) => statSync(path.join(dir, 'tools', f)).size);
const onDisk = files.reduce((a, b) => a + b, 0) + statSync(path.join(dir, 'toolkits.json')).size;

const rss0 = process.memoryUsage().rss;
let t = performance.now();
const toolkits = listToolkits();
const tToolkits = performance.now() - t;

t = performance.now();
getTool('GITHUB_CREATE_AN_ISSUE');
const tOneToolkit = performance.now() - t;

t = performance.now();
const all = loadAllTools();
const tAll = performance.now() - t;
global.gc?.();
const rss1 = process.memoryUsage().rss;

resetCatalogCache();
t = performance.now();
listToolkits();
loadAllTools();
const tAllCold = performance.now() - t;

const s = catalogStats();
console.log(
  `toolkits: ${toolkits.length}, tools: ${all.length} (important: ${all.filter((x) => x.important).length}), stats.tools=${s.tools}`,
);
console.log(`data on disk: ${mb(onDisk)} (${files.length} gz files + toolkits.json)`);
console.log(`load toolkits.json: ${tToolkits.toFixed(1)} ms`);
console.log(
  `first getTool (loads github, ${toolkits.find((k) => k.slug === 'github')?.toolsCount} tools): ${tOneToolkit.toFixed(1)} ms`,
);
console.log(
  `load all remaining tools: ${tAll.toFixed(1)} ms; all tools again from a reset cache: ${tAllCold.toFixed(1)} ms`,
);
console.log(`RSS: ${mb(rss0)} before, ${mb(rss1)} after loading all tools (+${mb(rss1 - rss0)})`);
