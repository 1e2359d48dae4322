import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getToolkit, getToolkitTools, listToolkits, resetCatalogCache } from '../../lib/catalog/registry';
import type { ToolkitDef } from '../../lib/catalog/types';

// tools_count must count what GET /tools?toolkit_slug= lists (deprecated aliases left out), and say so
// from the first read after a start, before the toolkit's tool file has been opened.
const built = JSON.parse(
  readFileSync(path.join(process.cwd(), 'lib/catalog/data/toolkits.json'), 'utf8'),
) as ToolkitDef[];

afterAll(() => resetCatalogCache());

describe('tool counts', () => {
  it('every built toolkit: the count before loading equals the listed tools and the count after loading', () => {
    const wrong: string[] = [];
    for (const t of built) {
      resetCatalogCache();
      const first = getToolkit(t.slug)!.toolsCount;
      const tools = getToolkitTools(t.slug);
      const listed = tools.filter((x) => !x.deprecated).length;
      const later = getToolkit(t.slug)!.toolsCount;
      if (first !== listed || later !== listed)
        wrong.push(`${t.slug}: first ${first}, listed ${listed}, later ${later}`);
    }
    expect(wrong).toEqual([]);
  });

  it('aliases exist and are not counted (GitHub keeps deprecated older slugs)', () => {
    resetCatalogCache();
    const tools = getToolkitTools('github');
    const aliases = tools.filter((x) => x.aliasOf).length;
    expect(aliases).toBeGreaterThan(0);
    expect(getToolkit('github')!.toolsCount).toBeLessThanOrEqual(tools.length - aliases);
  });

  it('the catalog list (cards) agrees with each toolkit read on its own, standalone toolkits included', () => {
    resetCatalogCache();
    const cards = new Map(listToolkits().map((t) => [t.slug, t.toolsCount]));
    for (const [slug, n] of cards) {
      if (getToolkit(slug)!.mcp) continue; // provider MCP toolkits: tools come from a project's sync
      expect([slug, n]).toEqual([slug, getToolkitTools(slug).filter((x) => !x.deprecated).length]);
    }
  });
});
