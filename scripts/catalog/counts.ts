/**
 * Writes each toolkit's listed-tool count into toolkits.json. The count depends on what only the
 * registry puts together (curated tools merged over generated ones, `same_as` placeholders filled,
 * aliases marked deprecated), so it is taken from the registry itself rather than recomputed here.
 * Run by build.ts after it writes the data; `npx tsx scripts/catalog/counts.ts` on its own rewrites
 * the counts of the data already built.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { catalogDir, getToolkitTools, listedCount, resetCatalogCache } from '../../lib/catalog/registry';
import type { ToolkitDef } from '../../lib/catalog/types';

export function writeListedCounts(dir = catalogDir()): { changed: number } {
  const file = path.join(dir, 'toolkits.json');
  const toolkits = JSON.parse(readFileSync(file, 'utf8')) as ToolkitDef[];
  const before = process.env.JUNCTION_CATALOG_DIR;
  process.env.JUNCTION_CATALOG_DIR = dir;
  resetCatalogCache();
  let changed = 0;
  try {
    for (const t of toolkits) {
      const n = listedCount(getToolkitTools(t.slug));
      if (n !== t.toolsCount) changed++;
      t.toolsCount = n;
    }
  } finally {
    if (before === undefined) delete process.env.JUNCTION_CATALOG_DIR;
    else process.env.JUNCTION_CATALOG_DIR = before;
    resetCatalogCache();
  }
  writeFileSync(file, `${JSON.stringify(toolkits, null, 1)}\n`);
  return { changed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { changed } = writeListedCounts();
  console.log(`tools_count rewritten for ${changed} toolkit(s)`);
}
