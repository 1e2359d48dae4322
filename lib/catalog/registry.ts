/**
 * Run-time reader of the compiled catalog (lib/catalog/data/, built by scripts/catalog/build.ts).
 *
 * - toolkits.json is read on first use (small, fast);
 * - tools/<toolkit>.json.gz is gunzipped + parsed lazily per toolkit and cached in memory.
 *
 * The data directory is `$JUNCTION_CATALOG_DIR` or `<cwd>/lib/catalog/data` (cwd-based on
 * purpose: this module is also bundled by Next.js, where import.meta.url is not the source path).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ToolDef, ToolkitDef } from './types';
import { curatedToolkits, mergeCurated } from './curated/merge';
import { STANDALONE } from './curated/standalone';
import { SLUG_PREFIXES } from './curated/index';
import { config, envValue } from '../config';
import { fillSameAs } from './same-as';
import { providerMcpToolkits } from './provider-mcp';

export function catalogDir(): string {
  return envValue('JUNCTION_CATALOG_DIR') || path.join(process.cwd(), 'lib', 'catalog', 'data');
}

interface State {
  dir: string;
  toolkits: ToolkitDef[];
  bySlug: Map<string, ToolkitDef>;
  /** upper-case tool-slug prefixes (`GOOGLECALENDAR_`), longest first */
  prefixes: { prefix: string; slug: string }[];
  tools: Map<string, { list: ToolDef[]; bySlug: Map<string, ToolDef> }>;
  /**
   * tool slug (upper case) → its toolkit, for slugs found before: a lookup by slug otherwise tries
   * every toolkit prefix in turn, a cost on each execution that grows with the catalog
   */
  toolkitOf: Map<string, string>;
}

let state: State | undefined;

/**
 * The catalog, read on first use. Its directory is decided then: a test that points
 * JUNCTION_CATALOG_DIR elsewhere calls resetCatalogCache() (this runs on every tool lookup, so it
 * does not read the environment each time).
 */
function load(): State {
  if (state) return state;
  const dir = catalogDir();
  const file = path.join(dir, 'toolkits.json');
  if (!existsSync(file)) {
    throw new Error(
      `tool catalog not found at ${file} (run \`npx tsx scripts/catalog/build.ts\` or set JUNCTION_CATALOG_DIR)`,
    );
  }
  const toolkits = JSON.parse(readFileSync(file, 'utf8')) as ToolkitDef[];
  // toolkits declared in code (curated/standalone.ts): all their tools are curated, no compiled file
  const compiled = new Set(toolkits.map((t) => t.slug));
  for (const sa of STANDALONE) if (!compiled.has(sa.toolkit.slug)) toolkits.push({ ...sa.toolkit });
  // provider MCP toolkits (`linear_mcp` …): data only, their tools come from a project's sync
  for (const pm of providerMcpToolkits()) if (!compiled.has(pm.slug)) toolkits.push(pm);
  // Logos are served by Junction itself (public/logos, built from simple-icons), never hot-linked.
  const base = config().publicUrl;
  // a provider MCP toolkit shows its vendor's logo (`linear_mcp` → linear.svg)
  for (const t of toolkits) t.logo = `${base}/logos/${t.mcp ? t.slug.replace(/_mcp$/, '') : t.slug}.svg`;
  const bySlug = new Map(toolkits.map((t) => [t.slug, t]));
  const prefixes = toolkits
    .flatMap((t) =>
      [`${t.slug.toUpperCase()}_`, ...(SLUG_PREFIXES[t.slug] ?? [])].map((prefix) => ({ prefix, slug: t.slug })),
    )
    .sort((a, b) => b.prefix.length - a.prefix.length);
  state = { dir, toolkits, bySlug, prefixes, tools: new Map(), toolkitOf: new Map() };
  return state;
}

/** Drop all cached data (tests, or after a rebuild). */
export function resetCatalogCache(): void {
  state = undefined;
  countedDir = undefined;
}

let countedDir: string | undefined;

export function listToolkits(): ToolkitDef[] {
  const s = load();
  // toolkits.json counts generated tools only; loading a curated toolkit's tools corrects its count
  if (countedDir !== s.dir) {
    countedDir = s.dir;
    for (const k of curatedToolkits()) if (s.bySlug.has(k) && !s.tools.has(k)) readToolkit(s, k);
  }
  return s.toolkits;
}

export function getToolkit(slug: string): ToolkitDef | undefined {
  return load().bySlug.get(slug.toLowerCase());
}

/** A toolkit's tools read from its compiled file and merged with its curated tools (not cached). */
function readToolkit(s: State, key: string): ToolDef[] {
  const file = path.join(s.dir, 'tools', `${key}.json.gz`);
  // a standalone toolkit (curated/standalone.ts) has no compiled file: its tools are all curated
  const generated = existsSync(file) ? (JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as ToolDef[]) : [];
  // curated tools (lib/catalog/curated) come first and replace generated tools of the same slug
  const list = resolveSameAs(key, mergeCurated(key, generated));
  const def = s.bySlug.get(key);
  if (def) def.toolsCount = listedCount(list);
  return list;
}

/**
 * What a toolkit's `tools_count` counts: the tools `GET /tools?toolkit_slug=` lists by default, so
 * deprecated ones (older slugs kept as aliases, tools the provider retired) are left out. The build
 * writes the same figure into toolkits.json (scripts/catalog/counts.ts), so the first request after a
 * start, before any tool file is read, already answers what later ones do.
 */
export function listedCount(tools: readonly Pick<ToolDef, 'deprecated'>[]): number {
  let n = 0;
  for (const t of tools) if (!t.deprecated) n++;
  return n;
}

/** toolkits whose `same_as` placeholders are being filled (a cycle of them resolves to nothing) */
const resolving = new Set<string>();

/** Fill `same_as` placeholders from their targets (loading the targets' toolkits); unknown targets drop out. */
function resolveSameAs(key: string, list: ToolDef[]): ToolDef[] {
  if (!list.some((t) => t.sameAs)) return list;
  resolving.add(key);
  try {
    const out: ToolDef[] = [];
    for (const t of list) {
      if (!t.sameAs) {
        out.push(t);
        continue;
      }
      const target = getTool(t.sameAs);
      if (target && target.toolkit !== key) out.push(fillSameAs(t, target));
    }
    return out;
  } finally {
    resolving.delete(key);
  }
}

function toolsOf(slug: string) {
  const s = load();
  const key = slug.toLowerCase();
  let entry = s.tools.get(key);
  if (!entry) {
    if (!s.bySlug.has(key) || resolving.has(key)) return undefined;
    const list = readToolkit(s, key);
    entry = { list, bySlug: new Map(list.map((t) => [t.slug, t])) };
    s.tools.set(key, entry);
  }
  return entry;
}

/** All tools of a toolkit (empty for unknown toolkits). */
export function getToolkitTools(slug: string): ToolDef[] {
  return toolsOf(slug)?.list ?? [];
}

/**
 * The toolkit and definition of a tool slug (upper case): the longest matching prefix whose toolkit
 * has the tool. Found slugs are remembered (only those: a caller can send any string); the toolkit's
 * tools are cached with them, so a remembered slug stays right until resetCatalogCache().
 */
function findTool(up: string): { slug: string; tool: ToolDef } | undefined {
  const s = load();
  const known = s.toolkitOf.get(up);
  if (known !== undefined) {
    const tool = toolsOf(known)?.bySlug.get(up);
    if (tool) return { slug: known, tool };
  }
  for (const { prefix, slug } of s.prefixes) {
    if (!up.startsWith(prefix)) continue;
    const tool = toolsOf(slug)?.bySlug.get(up);
    if (tool) {
      // only toolkits kept in memory: their tool lists, and so this answer, do not change
      if (s.tools.has(slug)) s.toolkitOf.set(up, slug);
      return { slug, tool };
    }
  }
  return undefined;
}

/** Toolkit slug a tool slug belongs to, from its prefix (longest match wins). */
export function toolkitOfTool(toolSlug: string): string | undefined {
  return findTool(toolSlug.toUpperCase())?.slug;
}

/** A tool by slug (case-insensitive); only the owning toolkit's file is loaded. */
export function getTool(toolSlug: string): ToolDef | undefined {
  return findTool(toolSlug.toUpperCase())?.tool;
}

/** Every tool slug of the catalog (loads all toolkits). */
export function allToolSlugs(): string[] {
  return loadAllTools().map((t) => t.slug);
}

/**
 * Every tool of the catalog for a one-off pass (building the search index): toolkits already in
 * memory are reused, the others are read and not kept, so the whole catalog's schemas (about
 * 100 MB of heap) do not stay resident for the few toolkits a deployment uses.
 */
export function scanAllTools(): ToolDef[] {
  const s = load();
  const out: ToolDef[] = [];
  for (const t of s.toolkits) out.push(...(s.tools.get(t.slug)?.list ?? readToolkit(s, t.slug)));
  return out;
}

/** Every tool of the catalog, kept in memory. */
export function loadAllTools(): ToolDef[] {
  const out: ToolDef[] = [];
  for (const t of load().toolkits) out.push(...getToolkitTools(t.slug));
  return out;
}

export interface CatalogStats {
  toolkits: number;
  tools: number;
  loadedToolkits: number;
  byToolkit: Record<string, number>;
}

/** Counts from toolkits.json (cheap: does not load tool files). */
export function catalogStats(): CatalogStats {
  const s = load();
  const byToolkit: Record<string, number> = {};
  let tools = 0;
  for (const t of s.toolkits) {
    byToolkit[t.slug] = t.toolsCount;
    tools += t.toolsCount;
  }
  return { toolkits: s.toolkits.length, tools, loadedToolkits: s.tools.size, byToolkit };
}
