import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { getTool, getToolkit, getToolkitTools, listToolkits } from '../../catalog/registry';
import { authConfigs } from '../../db/schema';
import { ApiError, errors, namedError } from '../../contract/errors';
import { pageArray } from '../../contract/query';
import type { ListToolsQuery } from '../../contract/tools';
import { findCustomTool, projectCustomToolkits } from '../custom-toolkits/store';
import { toolView } from './view';
import { pinnedMcpTool } from '../custom-toolkits/versions';

export interface ResolvedTool {
  tool: ToolDef;
  toolkit: ToolkitDef;
  custom: boolean;
}

/** Tool slugs are upper-case; built-in first, then the project's own toolkits. */
export async function findTool(rt: Runtime, projectId: string, slug: string): Promise<ResolvedTool | undefined> {
  const t = getTool(slug);
  if (t) {
    const tk = getToolkit(t.toolkit);
    if (tk) return { tool: t, toolkit: tk, custom: false };
  }
  const c = await findCustomTool(rt, projectId, slug);
  return c ? { ...c, custom: true } : undefined;
}

export function toolNotFound(slug: string): ApiError {
  return namedError('Tool_ToolNotFound', `Tool ${slug} not found`, {
    suggested_fix: 'List the available tools with GET /api/v3/tools or GET /api/v3/tools/enum.',
  });
}

const VERSION_RE = /^(latest|\d{8}_\d{2})$/;

/** "latest", a toolkit version like 20250909_00, or absent. There is one version per toolkit here. */
export function checkVersion(version: string | undefined, where = 'version') {
  if (version !== undefined && version !== '' && !VERSION_RE.test(version)) {
    throw errors.validation(`Invalid ${where} "${version.slice(0, 40)}"`, [
      `${where}: expected "latest" or a toolkit version like 20250909_00`,
    ]);
  }
}

export function checkToolkitVersions(tv: string | Record<string, string> | undefined) {
  if (tv === undefined) return;
  if (typeof tv === 'string') return checkVersion(tv, 'query.toolkit_versions');
  for (const [k, v] of Object.entries(tv)) checkVersion(v, `query.toolkit_versions[${k}]`);
}

export async function resolveTool(rt: Runtime, projectId: string, slug: string): Promise<ResolvedTool> {
  const r = await findTool(rt, projectId, slug);
  if (!r) throw toolNotFound(slug);
  return r;
}

export async function getToolFor(
  rt: Runtime,
  projectId: string,
  slug: string,
  q: { version?: string; toolkit_versions?: string | Record<string, string> },
) {
  checkVersion(q.version);
  checkToolkitVersions(q.toolkit_versions);
  const { tool, toolkit } = await resolveTool(rt, projectId, slug);
  const v =
    q.version ?? (typeof q.toolkit_versions === 'string' ? q.toolkit_versions : q.toolkit_versions?.[toolkit.slug]);
  return toolView(await pinnedMcpTool(rt, projectId, toolkit, tool, v), toolkit);
}

/** lower-cased searchable text per tool, computed once */
const searchText = new WeakMap<ToolDef, { head: string; body: string }>();
function textOf(t: ToolDef) {
  let s = searchText.get(t);
  if (!s) {
    s = {
      head: `${t.slug} ${t.name}`.toLowerCase().replace(/_/g, ' '),
      body: `${t.description} ${t.tags.join(' ')}`.toLowerCase(),
    };
    searchText.set(t, s);
  }
  return s;
}

function score(t: ToolDef, tokens: string[]): number {
  const { head, body } = textOf(t);
  const headWords = head.split(' ');
  let n = 0;
  let hit = 0;
  let headHits = 0;
  for (const tok of tokens) {
    const exact = headWords.includes(tok);
    const h = exact || head.includes(tok);
    const b = body.includes(tok);
    if (h || b) hit++;
    if (h) headHits++;
    n += (exact ? 4 : h ? 2 : 0) + (b ? 1 : 0);
  }
  // every token matched, and a name made mostly of the query, rank first
  return hit ? n + hit * 10 + Math.round((10 * headHits) / headWords.length) : 0;
}

export async function listToolsFor(rt: Runtime, projectId: string, q: ListToolsQuery) {
  checkToolkitVersions(q.toolkit_versions);
  const limit = q.limit ?? 50;
  const custom = await projectCustomToolkits(rt, projectId);
  const kitOf = (slug: string): { toolkit: ToolkitDef; tools: ToolDef[] } | undefined => {
    const b = getToolkit(slug);
    if (b) return { toolkit: b, tools: builtInTools(b) };
    const c = custom.get(slug.toLowerCase());
    return c ? { toolkit: c.toolkit, tools: c.tools } : undefined;
  };

  // a provider MCP toolkit (`linear_mcp`) has no tools in the catalog: this project's last sync has them
  const builtInTools = (t: ToolkitDef) => (t.mcp ? (custom.get(t.slug)?.tools ?? []) : getToolkitTools(t.slug));

  let pairs: { tool: ToolDef; toolkit: ToolkitDef }[];
  if (q.tool_slugs?.length) {
    // specific tools: overrides the other filters, in the order asked
    pairs = [];
    const seen = new Set<string>();
    for (const s of q.tool_slugs) {
      const r = await findTool(rt, projectId, s);
      if (r && !seen.has(r.tool.slug)) {
        seen.add(r.tool.slug);
        pairs.push({ tool: r.tool, toolkit: r.toolkit });
      }
    }
    return pageArray(
      pairs.map((p) => toolView(p.tool, p.toolkit)),
      q.cursor,
      limit,
    );
  }

  let kits: { toolkit: ToolkitDef; tools: ToolDef[] }[];
  let toolkitSlugs = q.toolkit_slug?.map((s) => s.toLowerCase());
  if (q.auth_config_ids?.length) {
    const rows = await rt.db
      .select({ slug: authConfigs.toolkitSlug })
      .from(authConfigs)
      .where(
        and(
          eq(authConfigs.projectId, projectId),
          inArray(authConfigs.id, q.auth_config_ids),
          isNull(authConfigs.deletedAt),
        ),
      );
    const fromConfigs = [...new Set(rows.map((r) => r.slug))];
    toolkitSlugs = toolkitSlugs ? toolkitSlugs.filter((s) => fromConfigs.includes(s)) : fromConfigs;
  }
  if (toolkitSlugs) {
    kits = toolkitSlugs.map(kitOf).filter((k): k is NonNullable<typeof k> => !!k);
  } else {
    kits = [
      ...listToolkits().map((t) => ({ toolkit: t, tools: builtInTools(t) })),
      ...[...custom.values()]
        .filter((e) => !getToolkit(e.toolkit.slug))
        .map((e) => ({ toolkit: e.toolkit, tools: e.tools })),
    ];
  }

  const tags = q.tags?.map((t) => t.toLowerCase());
  const scopes = q.scopes;
  pairs = [];
  for (const k of kits) {
    // toolkits without featured tools (small imported ones) count every tool as important
    const anyImportant = k.tools.some((t) => t.important);
    for (const tool of k.tools) {
      if (tool.deprecated && !q.include_deprecated) continue;
      if (q.curated !== undefined && Boolean(tool.curated || tool.mapped) !== q.curated) continue;
      if (q.important && anyImportant && !tool.important) continue;
      if (tags && !tool.tags.some((t) => tags.includes(t.toLowerCase()))) continue;
      if (scopes && !tool.scopes.some((s) => scopes.includes(s))) continue;
      pairs.push({ tool, toolkit: k.toolkit });
    }
  }
  const text = (q.query ?? q.search)?.trim().toLowerCase();
  if (text) {
    const tokens = text.split(/[\s_,]+/).filter((t) => t.length > 1 || /\d/.test(t));
    if (tokens.length) {
      const scored = pairs.map((p, i) => ({ p, i, s: score(p.tool, tokens) })).filter((x) => x.s > 0);
      scored.sort((a, b) => b.s - a.s || a.i - b.i);
      pairs = scored.map((x) => x.p);
    }
  }
  const page = pageArray(pairs, q.cursor, limit);
  return { ...page, items: page.items.map((p) => toolView(p.tool, p.toolkit)) };
}

export async function toolsEnum(rt: Runtime, projectId: string): Promise<string[]> {
  const out: string[] = [];
  for (const t of listToolkits()) for (const tool of getToolkitTools(t.slug)) out.push(tool.slug);
  // provider MCP toolkits' synced tools are project entries too (the catalog lists none for them)
  for (const e of (await projectCustomToolkits(rt, projectId)).values())
    for (const tool of e.tools) out.push(tool.slug);
  return out;
}
