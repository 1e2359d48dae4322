import { and, eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { customToolkits } from '../../db/schema';
import { currentTx } from '../../db/client';
import { setCustomToolkitSource } from '../toolkits/resolve';
import { getToolkit } from '../../catalog/registry';

/**
 * The project's imported toolkits, cached per process. Imports and deletes in this process
 * drop the cache at once; other processes see a change within JUNCTION_CUSTOM_TOOLKIT_CACHE_MS.
 */
export interface CustomEntry {
  id: string;
  toolkit: ToolkitDef;
  tools: ToolDef[];
  bySlug: Map<string, ToolDef>;
  row: { sourceUrl: string | null; warnings: string[]; createdAt: Date; updatedAt: Date };
}

const cache = new Map<string, { at: number; entries: Promise<Map<string, CustomEntry>> }>();

export function invalidateCustomToolkits(projectId: string) {
  cache.delete(projectId);
}

async function load(rt: Runtime, projectId: string): Promise<Map<string, CustomEntry>> {
  // may be filled from inside a caller's transaction (creating an account, a Connect Link): read through it
  const rows = await (currentTx() ?? rt.db)
    .select()
    .from(customToolkits)
    .where(eq(customToolkits.projectId, projectId));
  const map = new Map<string, CustomEntry>();
  for (const r of rows) {
    const toolkit: ToolkitDef = { ...r.toolkit, toolsCount: r.tools.length };
    map.set(r.slug, {
      id: r.id,
      toolkit,
      tools: r.tools,
      bySlug: new Map(r.tools.map((t) => [t.slug, t])),
      row: { sourceUrl: r.sourceUrl, warnings: r.warnings, createdAt: r.createdAt, updatedAt: r.updatedAt },
    });
  }
  return map;
}

export function projectCustomToolkits(rt: Runtime, projectId: string): Promise<Map<string, CustomEntry>> {
  const hit = cache.get(projectId);
  if (hit && Date.now() - hit.at < rt.config.customToolkitCacheMs) return hit.entries;
  const entries = load(rt, projectId);
  cache.set(projectId, { at: Date.now(), entries });
  entries.catch(() => cache.delete(projectId));
  return entries;
}

/** A custom tool by slug: the toolkit is found from the slug's prefix. */
export async function findCustomTool(
  rt: Runtime,
  projectId: string,
  toolSlug: string,
): Promise<{ tool: ToolDef; toolkit: ToolkitDef } | undefined> {
  const up = toolSlug.toUpperCase();
  const entries = await projectCustomToolkits(rt, projectId);
  for (const e of entries.values()) {
    if (!up.startsWith(`${e.toolkit.slug.toUpperCase()}_`)) continue;
    const tool = e.bySlug.get(up);
    if (tool) return { tool, toolkit: e.toolkit };
  }
  return undefined;
}

export async function loadCustomRow(rt: Runtime, projectId: string, slug: string) {
  const rows = await rt.db
    .select()
    .from(customToolkits)
    .where(and(eq(customToolkits.projectId, projectId), eq(customToolkits.slug, slug)))
    .limit(1);
  return rows[0];
}

let registered = false;
/** Make imported toolkits visible through lib/services/toolkits/resolve.ts (idempotent). */
export function registerCustomToolkitSource() {
  if (registered) return;
  registered = true;
  setCustomToolkitSource({
    async find(rt, projectId, slug) {
      return (await projectCustomToolkits(rt, projectId)).get(slug.toLowerCase())?.toolkit;
    },
    async list(rt, projectId) {
      // a provider MCP toolkit's per-project sync is listed once, as the catalog toolkit it is
      return [...(await projectCustomToolkits(rt, projectId)).values()]
        .filter((e) => !getToolkit(e.toolkit.slug))
        .map((e) => e.toolkit);
    },
  });
}
registerCustomToolkitSource();
