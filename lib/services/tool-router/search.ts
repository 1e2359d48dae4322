/**
 * Session search (POST …/search and COMPOSIO_SEARCH_TOOLS): the catalog index filtered by the
 * session, the user's connected toolkits first, plus the session's custom tools.
 */
import type { Runtime } from '../../runtime';
import { getTool, getToolkit } from '../../catalog/registry';
import { cleanParameters } from '../tools/view';
import { ToolSearchIndex, toolSearchIndex, type SearchHit } from '../search/index';
import { toolHints, type Hint } from '../search/hints';
import type { ToolDef } from '../../catalog/types';
import { projectCustomToolkits } from '../custom-toolkits/store';
import { hybridSearch } from '../search/embeddings';
import { stem, words, isStopWord } from '../search/text';
import { connectionStatus, isUsable, sessionAccounts, sessionUserAccounts, type ConnectionStatus } from './connections';
import {
  customToolkitOf,
  customTools,
  toolAllowed,
  toolkitAllowed,
  type CustomToolSpec,
  type Session,
} from './session';

const PRIMARY = 3;
const RELATED = 5;

export interface SearchQuery {
  use_case: string;
  known_fields?: string;
}

interface ToolSchemaEntry {
  tool_slug: string;
  toolkit: string;
  description?: string;
  hasFullSchema?: boolean;
  input_schema?: Record<string, unknown>;
  schemaRef?: { args: { tool_slugs: string[] }; tool: 'COMPOSIO_GET_TOOL_SCHEMAS'; message?: string };
}

/** Custom tools of the session matching a request (simple term overlap: there are few of them). */
function searchCustom(specs: CustomToolSpec[], query: string): { slug: string; ratio: number }[] {
  const q = new Set(
    words(query)
      .filter((w) => !isStopWord(w))
      .map(stem),
  );
  if (!q.size || !specs.length) return [];
  const out: { slug: string; ratio: number }[] = [];
  for (const s of specs) {
    const t = new Set(words(`${s.name} ${s.original_slug} ${s.description}`).map(stem));
    let n = 0;
    for (const w of q) if (t.has(w)) n++;
    if (n) out.push({ slug: s.slug, ratio: n / q.size });
  }
  return out.sort((a, b) => b.ratio - a.ratio);
}

/** Full schema of a catalog or custom tool, or undefined. */
export function toolSchemaEntry(
  session: Session,
  slug: string,
  full: boolean,
  project?: Map<string, ToolDef>,
): ToolSchemaEntry | undefined {
  const custom = customTools(session.experimental).find((c) => c.slug === slug);
  if (custom) {
    return {
      tool_slug: custom.slug,
      toolkit: customToolkitOf(session.experimental, custom.slug) || 'custom',
      description: custom.description,
      hasFullSchema: true,
      input_schema: custom.input_schema,
    };
  }
  const t = getTool(slug) ?? project?.get(slug);
  if (!t) return undefined;
  if (!full) {
    return {
      tool_slug: t.slug,
      toolkit: t.toolkit,
      description: t.description,
      hasFullSchema: false,
      schemaRef: {
        args: { tool_slugs: [t.slug] },
        tool: 'COMPOSIO_GET_TOOL_SCHEMAS',
        message: `Call COMPOSIO_GET_TOOL_SCHEMAS for the input schema of ${t.slug}.`,
      },
    };
  }
  return {
    tool_slug: t.slug,
    toolkit: t.toolkit,
    description: t.description,
    hasFullSchema: true,
    input_schema: cleanParameters(t.inputParameters),
  };
}

interface ProjectIndex {
  key: string;
  index?: ToolSearchIndex;
  tools: Map<string, ToolDef>;
}
const projectIndexes = new Map<string, ProjectIndex>();

/** A small index over the project's imported toolkits (rebuilt when they change). */
async function projectIndex(rt: Runtime, projectId: string): Promise<ProjectIndex> {
  const entries = await projectCustomToolkits(rt, projectId);
  const key = [...entries.values()].map((e) => `${e.id}@${e.row.updatedAt.getTime()}`).join(',');
  const hit = projectIndexes.get(projectId);
  if (hit && hit.key === key) return hit;
  const tools = [...entries.values()].flatMap((e) => e.tools);
  const built: ProjectIndex = {
    key,
    tools: new Map(tools.map((t) => [t.slug, t])),
    ...(tools.length
      ? {
          index: new ToolSearchIndex(
            tools,
            [...entries.values()].map((e) => e.toolkit),
          ),
        }
      : {}),
  };
  if (projectIndexes.size > 1000) projectIndexes.clear();
  projectIndexes.set(projectId, built);
  return built;
}

/** Merge two rankings from different indexes by score relative to each one's best. */
function mergeRankings(a: SearchHit[], b: SearchHit[], limit: number): SearchHit[] {
  const norm = (hits: SearchHit[]) => hits.map((h) => ({ ...h, rel: hits[0] ? h.score / hits[0].score : 0 }));
  return [...norm(a), ...norm(b)]
    .sort((x, y) => y.rel - x.rel || y.score - x.score)
    .slice(0, limit)
    .map(({ rel: _rel, ...h }) => h);
}

export async function searchInSession(rt: Runtime, session: Session, queries: SearchQuery[], toolkits?: string[]) {
  const index = await toolSearchIndex();
  const project = await projectIndex(rt, session.projectId);
  const accounts = await sessionUserAccounts(rt, session);
  const connected = new Set<string>();
  for (const [tk, list] of accounts) if (sessionAccounts(session, tk, list).some(isUsable)) connected.add(tk);
  const restrict = toolkits?.map((t) => t.toLowerCase()).filter((t) => toolkitAllowed(session.config, t));
  const specs = customTools(session.experimental);
  const schemas: Record<string, ToolSchemaEntry> = {};
  const mentionedToolkits = new Set<string>();
  const failures: string[] = [];

  const results = await Promise.all(
    queries.map(async (q, i) => {
      const text = q.known_fields ? `${q.use_case} ${q.known_fields}` : q.use_case;
      try {
        const opts = {
          limit: PRIMARY + RELATED,
          allow: (t: { toolkit: string; slug: string; hints: Hint[] }) =>
            toolAllowed(session.config, t.toolkit, t.slug, t.hints),
          ...(restrict?.length ? { toolkits: restrict } : {}),
          connectedToolkits: connected,
        };
        let hits: SearchHit[] = await hybridSearch(index, text, opts);
        if (project.index) hits = mergeRankings(hits, project.index.search(text, opts), PRIMARY + RELATED);
        const custom = searchCustom(specs, q.use_case).filter(
          (c) => !restrict?.length || restrict.includes(customToolkitOf(session.experimental, c.slug)),
        );
        const customFirst = custom.filter((c) => c.ratio >= 0.5).map((c) => c.slug);
        const slugs = [...customFirst, ...hits.map((h) => h.slug).filter((s) => !customFirst.includes(s))];
        // primary: the clear matches (within half of the best score), at most 3
        const top = hits[0]?.score ?? 0;
        let nPrimary = customFirst.length + hits.filter((h, k) => k < PRIMARY && h.score >= top * 0.5).length;
        nPrimary = Math.max(Math.min(nPrimary, PRIMARY), slugs.length ? 1 : 0);
        const primary = slugs.slice(0, nPrimary);
        const related = slugs.slice(nPrimary, nPrimary + RELATED);
        hits = [];
        for (const s of primary) {
          const e = toolSchemaEntry(session, s, true, project.tools);
          if (e) schemas[s] = e;
        }
        for (const s of related) {
          if (!schemas[s]) {
            const e = toolSchemaEntry(session, s, false, project.tools);
            if (e) schemas[s] = e;
          }
        }
        const tks = [
          ...new Set(
            [...primary, ...related].map((s) => schemas[s]?.toolkit).filter((t): t is string => !!t && t !== 'custom'),
          ),
        ];
        for (const t of tks) mentionedToolkits.add(t);
        return {
          index: i + 1,
          use_case: q.use_case,
          primary_tool_slugs: primary,
          related_tool_slugs: related,
          toolkits: tks,
          difficulty: primary.length ? 'easy - a matching tool was found' : 'unknown - no matching tool was found',
          execution_guidance: primary.length
            ? `Use ${primary[0]} (schema in tool_schemas). Related tools are listed if the first one does not fit.`
            : 'No tool matched; rephrase the use case or name the app.',
          error: null,
        };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        failures.push(`query ${i + 1}: ${message}`);
        return {
          index: i + 1,
          use_case: q.use_case,
          primary_tool_slugs: [],
          related_tool_slugs: [],
          toolkits: [],
          error: message,
        };
      }
    }),
  );

  const statuses: ConnectionStatus[] = [...mentionedToolkits].map((tk) => {
    const custom = session.experimental.custom_toolkits?.find((c) => c.slug === tk);
    return connectionStatus(session, tk, accounts.get(tk) ?? [], custom?.description);
  });
  const missing = statuses.filter((s) => !s.has_active_connection).map((s) => s.toolkit);
  const now = new Date();
  const guidance: string[] = [];
  if (missing.length) {
    guidance.push(
      `Not connected: ${missing.join(', ')}. Call COMPOSIO_MANAGE_CONNECTIONS with toolkits ${JSON.stringify(missing)} and share the returned link with the user before executing their tools.`,
    );
  }
  guidance.push('Tools whose schema has hasFullSchema=false need COMPOSIO_GET_TOOL_SCHEMAS before use.');
  guidance.push('Run the tools with COMPOSIO_MULTI_EXECUTE_TOOL; batch independent calls in one request.');
  return {
    success: failures.length === 0,
    error: failures.length
      ? `${failures.length} out of ${queries.length} searches failed, reasons: ${failures.join('; ')}`
      : null,
    results,
    tool_schemas: schemas,
    toolkit_connection_statuses: statuses,
    next_steps_guidance: guidance,
    session: {
      id: session.id,
      generate_id: false,
      instructions: `Pass session id ${session.id} to later meta tool calls of this conversation.`,
    },
    time_info: {
      current_time_utc: now.toISOString(),
      current_time_utc_epoch_seconds: Math.floor(now.getTime() / 1000),
      message: 'Times are UTC; convert relative dates ("tomorrow") from this time and the user\'s timezone.',
    },
  };
}

/** COMPOSIO_GET_TOOL_SCHEMAS */
export async function toolSchemas(rt: Runtime, session: Session, slugs: string[]) {
  const project = await projectIndex(rt, session.projectId);
  const out: Record<string, ToolSchemaEntry> = {};
  const notFound: string[] = [];
  for (const raw of slugs) {
    const slug = raw.toUpperCase();
    const t = getTool(slug) ?? project.tools.get(slug);
    if (t && !toolAllowed(session.config, t.toolkit, t.slug, toolHints(t))) {
      notFound.push(raw);
      continue;
    }
    const e = toolSchemaEntry(session, slug, true, project.tools);
    if (e) out[slug] = e;
    else notFound.push(raw);
  }
  return { tool_schemas: out, ...(notFound.length ? { not_found: notFound } : {}) };
}

export function toolkitName(slug: string): string {
  return getToolkit(slug)?.name ?? slug;
}
