/**
 * Tool router sessions: creation (request → stored config, with the contract's request/response
 * naming asymmetries), reading, and the session's tool filter.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { authConfigs, connectedAccounts, toolRouterSessions } from '../../db/schema';
import { newId, isId } from '../../crypto/ids';
import { errors, namedError } from '../../contract/errors';
import { getTool, getToolkit } from '../../catalog/registry';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { projectCustomToolkits } from '../custom-toolkits/store';
import type { CreateSessionBody, SessionConfig } from '../../contract/tool-router';
import { toolHints, type Hint } from '../search/hints';
import { warmToolIndex } from '../search/index';
import { metaToolSlugs } from './meta-tools';
import { liveProject } from '../tenancy/live';
import { mayUse, sharingOf } from '../connected-accounts/sharing';

export type SessionRow = typeof toolRouterSessions.$inferSelect;

export interface CustomToolSpec {
  slug: string;
  original_slug: string;
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
  output_schema?: Record<string, unknown>;
  extends_toolkit?: string;
}

export interface SessionExperimental {
  assistive_prompt?: string;
  custom_tools?: CustomToolSpec[];
  custom_toolkits?: {
    slug: string;
    name: string;
    description: string;
    tools: Omit<CustomToolSpec, 'extends_toolkit'>[];
  }[];
}

export interface Session {
  id: string;
  projectId: string;
  userId: string;
  config: SessionConfig;
  experimental: SessionExperimental;
  configVersion: number;
  createdAt: Date;
}

type TagFilter = { enable?: Hint[]; disable?: Hint[] } | Hint[] | undefined;

function tagsOut(t: TagFilter): { enabled?: Hint[]; disabled?: Hint[] } | undefined {
  if (!t) return undefined;
  if (Array.isArray(t)) return { enabled: t };
  const out: { enabled?: Hint[]; disabled?: Hint[] } = {};
  if (t.enable?.length) out.enabled = t.enable;
  if (t.disable?.length) out.disabled = t.disable;
  return out;
}

const upper = (s: string) => s.toUpperCase();
const lower = (s: string) => s.toLowerCase();

function customSlug(original: string, toolkit?: string): string {
  const slug = `LOCAL_${toolkit ? `${toolkit.toUpperCase().replace(/-/g, '_')}_` : ''}${original.toUpperCase().replace(/-/g, '_')}`;
  if (slug.length > 60)
    throw errors.validation(`Custom tool slug ${slug} is longer than 60 characters`, [
      `experimental: ${slug} exceeds 60 characters`,
    ]);
  if (!/^[A-Z0-9_]+$/.test(slug))
    throw errors.validation(`Custom tool slug ${slug} may only contain letters, digits, _ and -`);
  return slug;
}

function checkInputSchema(s: Record<string, unknown>, where: string) {
  if (s.type !== 'object' || !s.properties || typeof s.properties !== 'object') {
    throw errors.validation(`${where}.input_schema must have type "object" and a properties field`);
  }
}

/** Normalise the create body into the stored (response-shaped) config. Validates slugs against the catalog. */
export interface ProjectCatalog {
  toolkit(slug: string): ToolkitDef | undefined;
  tool(slug: string): ToolDef | undefined;
}

/** The built-in catalog plus the project's imported toolkits. */
export async function projectCatalog(rt: Runtime, projectId: string): Promise<ProjectCatalog> {
  const custom = await projectCustomToolkits(rt, projectId);
  return {
    toolkit: (slug) => getToolkit(slug) ?? custom.get(slug.toLowerCase())?.toolkit,
    tool: (slug) => {
      const up = slug.toUpperCase();
      const t = getTool(up);
      if (t) return t;
      for (const e of custom.values())
        if (up.startsWith(`${e.toolkit.slug.toUpperCase()}_`) && e.bySlug.has(up)) return e.bySlug.get(up);
      return undefined;
    },
  };
}

const builtIn: ProjectCatalog = { toolkit: (s) => getToolkit(s), tool: (s) => getTool(s) };

export function buildConfig(
  body: CreateSessionBody,
  catalog: ProjectCatalog = builtIn,
): { config: SessionConfig; experimental: SessionExperimental } {
  const config: SessionConfig = { user_id: body.user_id, preload: { tools: [] } };
  if (body.toolkits) {
    config.toolkits =
      'enable' in body.toolkits
        ? { enabled: body.toolkits.enable.map(lower) }
        : { disabled: body.toolkits.disable.map(lower) };
    for (const slug of 'enabled' in config.toolkits ? config.toolkits.enabled : config.toolkits.disabled) {
      if (
        !catalog.toolkit(slug) &&
        !(body.experimental?.custom_toolkits ?? []).some((c) => c.slug.toLowerCase() === slug)
      ) {
        throw errors.validation(`Unknown toolkit "${slug}" in toolkits`, [`body.toolkits: ${slug} is not a toolkit`]);
      }
    }
  }
  if (body.tools) {
    config.tools = {};
    for (const [tk, f] of Object.entries(body.tools)) {
      const key = lower(tk);
      if ('tags' in f) {
        config.tools[key] = { tags: tagsOut(f.tags) ?? {} };
        continue;
      }
      const list = ('enable' in f ? f.enable : f.disable).map(upper);
      for (const slug of list) {
        const t = catalog.tool(slug);
        if (!t || t.toolkit !== key)
          throw errors.validation(`Unknown tool "${slug}" for toolkit ${key}`, [
            `body.tools.${tk}: ${slug} is not a tool of ${key}`,
          ]);
      }
      config.tools[key] = 'enable' in f ? { enabled: list } : { disabled: list };
    }
  }
  const tags = tagsOut(body.tags);
  if (tags) config.tags = tags;
  if (body.auth_configs)
    config.auth_configs = Object.fromEntries(Object.entries(body.auth_configs).map(([k, v]) => [lower(k), v]));
  if (body.connected_accounts) {
    config.connected_accounts = Object.fromEntries(
      Object.entries(body.connected_accounts).map(([k, v]) => [lower(k), [...new Set(accountList(v))]]),
    );
  }
  const mc = body.manage_connections;
  config.manage_connections = {
    enabled: mc?.enable ?? true,
    enable_connection_removal: mc?.enable_connection_removal ?? true,
    enable_wait_for_connections: mc?.enable_wait_for_connections ?? false,
    ...(mc?.callback_url ? { callback_url: mc.callback_url } : {}),
  };
  if (body.multi_account) {
    config.multi_account = {
      ...(body.multi_account.enable !== undefined ? { enable: body.multi_account.enable } : {}),
      max_accounts_per_toolkit: body.multi_account.max_accounts_per_toolkit ?? 5,
      require_explicit_selection: body.multi_account.require_explicit_selection ?? false,
    };
  }
  const wb = body.workbench;
  config.workbench = {
    enable: wb?.enable ?? true,
    proxy_execution_enabled: wb?.enable_proxy_execution ?? false,
    auto_offload_threshold: wb?.auto_offload_threshold ?? 20_000,
    sandbox_size: wb?.sandbox_size ?? 'standard',
  };

  if (body.search) config.search = { enable: body.search.enable ?? true };
  if (body.execute) config.execute = { enable_multi_execute: body.execute.enable_multi_execute ?? true };

  const experimental: SessionExperimental = {};
  const seen = new Set<string>();
  const add = (slug: string) => {
    if (seen.has(slug)) throw errors.validation(`Duplicate custom tool slug ${slug}`);
    seen.add(slug);
  };
  if (body.experimental?.custom_tools?.length) {
    experimental.custom_tools = body.experimental.custom_tools.map((t, i) => {
      checkInputSchema(t.input_schema, `experimental.custom_tools[${i}]`);
      if (t.extends_toolkit && !catalog.toolkit(t.extends_toolkit)) {
        throw errors.validation(`extends_toolkit "${t.extends_toolkit}" is not a toolkit`, [
          `body.experimental.custom_tools[${i}].extends_toolkit: unknown toolkit`,
        ]);
      }
      const slug = customSlug(t.slug, t.extends_toolkit);
      add(slug);
      return {
        slug,
        original_slug: t.slug,
        name: t.name,
        description: t.description,
        input_schema: t.input_schema,
        ...(t.output_schema ? { output_schema: t.output_schema } : {}),
        ...(t.extends_toolkit ? { extends_toolkit: t.extends_toolkit.toLowerCase() } : {}),
      };
    });
  }
  if (body.experimental?.custom_toolkits?.length) {
    experimental.custom_toolkits = body.experimental.custom_toolkits.map((tk, i) => {
      if (catalog.toolkit(tk.slug))
        throw errors.validation(`Custom toolkit slug "${tk.slug}" conflicts with an existing toolkit`);
      return {
        slug: tk.slug.toLowerCase(),
        name: tk.name,
        description: tk.description,
        tools: tk.tools.map((t, j) => {
          checkInputSchema(t.input_schema, `experimental.custom_toolkits[${i}].tools[${j}]`);
          const slug = customSlug(t.slug, tk.slug);
          add(slug);
          return {
            slug,
            original_slug: t.slug,
            name: t.name,
            description: t.description,
            input_schema: t.input_schema,
            ...(t.output_schema ? { output_schema: t.output_schema } : {}),
          };
        }),
      };
    });
  }
  const tz = body.experimental?.assistive_prompt_config?.user_timezone;
  experimental.assistive_prompt = assistivePrompt(tz);

  if (body.preload?.tools?.length) {
    const list: string[] = [];
    for (const raw of body.preload.tools) {
      const slug = upper(raw);
      const custom = customTools(experimental).find((c) => c.slug === slug || upper(c.original_slug) === slug);
      if (custom) {
        list.push(custom.slug);
        continue;
      }
      const t = catalog.tool(slug);
      if (!t)
        throw errors.validation(`Unknown tool "${raw}" in preload.tools`, [`body.preload.tools: ${raw} is not a tool`]);
      if (!toolAllowed(config, t.toolkit, t.slug, toolHints(t))) {
        throw errors.validation(`Tool ${slug} in preload.tools is excluded by the session's filters`);
      }
      list.push(slug);
    }
    config.preload = { tools: [...new Set(list)] };
  }
  return { config, experimental };
}

function assistivePrompt(tz?: string): string {
  return [
    'You can use external apps through Composio meta tools.',
    '1. Call COMPOSIO_SEARCH_TOOLS with the task to find the right tools and see which apps are connected.',
    '2. If an app is not connected, call COMPOSIO_MANAGE_CONNECTIONS and give the user the returned link.',
    '3. Call COMPOSIO_GET_TOOL_SCHEMAS when a schema was not returned in full, then COMPOSIO_MULTI_EXECUTE_TOOL to run tools (several in parallel when independent).',
    tz
      ? `The user's timezone is ${tz}; convert times to it when talking to the user.`
      : 'Times are in UTC unless the user says otherwise.',
  ].join('\n');
}

export function customTools(exp: SessionExperimental): CustomToolSpec[] {
  const out: CustomToolSpec[] = [...(exp.custom_tools ?? [])];
  for (const tk of exp.custom_toolkits ?? []) for (const t of tk.tools) out.push({ ...t, extends_toolkit: undefined });
  return out;
}

/** Toolkit a custom tool belongs to ('' for standalone ones). */
export function customToolkitOf(exp: SessionExperimental, slug: string): string {
  const s = exp.custom_tools?.find((t) => t.slug === slug);
  if (s) return s.extends_toolkit ?? '';
  for (const tk of exp.custom_toolkits ?? []) if (tk.tools.some((t) => t.slug === slug)) return tk.slug;
  return '';
}

/** Is a toolkit visible in this session? */
export function toolkitAllowed(config: SessionConfig, toolkit: string): boolean {
  const f = config.toolkits;
  if (!f) return true;
  if ('enabled' in f) return f.enabled.includes(toolkit);
  return !f.disabled.includes(toolkit);
}

/** Is a catalog tool visible in this session (toolkit, per-toolkit tool and tag filters)? */
export function toolAllowed(config: SessionConfig, toolkit: string, slug: string, hints: Hint[]): boolean {
  if (!toolkitAllowed(config, toolkit)) return false;
  const per = config.tools?.[toolkit];
  if (per) {
    if ('enabled' in per && !per.enabled.includes(slug)) return false;
    if ('disabled' in per && per.disabled.includes(slug)) return false;
    if ('tags' in per && !tagsMatch(per.tags, hints)) return false;
  }
  if (config.tags && !tagsMatch(config.tags, hints)) return false;
  return true;
}

function tagsMatch(t: { enabled?: Hint[]; disabled?: Hint[] }, hints: Hint[]): boolean {
  if (t.enabled?.length && !t.enabled.some((h) => hints.includes(h))) return false;
  if (t.disabled?.length && t.disabled.some((h) => hints.includes(h))) return false;
  return true;
}

export function mcpUrl(rt: Runtime, id: string): string {
  return `${rt.config.publicUrl}/api/v3/tool_router/session/${id}/mcp`;
}

/**
 * The session object. `created` adds the assistive prompt, which the hosted service returns on create
 * only; the echo of inline custom tools and toolkits is part of every read, so a later GET shows what
 * the session was given.
 */
export function sessionResponse(rt: Runtime, s: Session, created: boolean) {
  const exp = s.experimental;
  const experimental = {
    ...(created && exp.assistive_prompt ? { assistive_prompt: exp.assistive_prompt } : {}),
    ...(exp.custom_tools?.length ? { custom_tools: exp.custom_tools } : {}),
    ...(exp.custom_toolkits?.length ? { custom_toolkits: exp.custom_toolkits } : {}),
  };
  return {
    session_id: s.id,
    mcp: { type: 'http' as const, url: mcpUrl(rt, s.id) },
    tool_router_tools: metaToolSlugs(s.config),
    config: s.config,
    config_version: s.configVersion,
    ...(created || Object.keys(experimental).length ? { experimental } : {}),
    ...(s.config.preload.tools.length > 20
      ? {
          warnings: [
            {
              code: 'PRELOAD_TOOLS_HIGH_CONTEXT_USAGE' as const,
              message: `${s.config.preload.tools.length} preloaded tools add their full schemas to the agent's context.`,
            },
          ],
        }
      : {}),
  };
}

export function fromRow(r: SessionRow): Session {
  return {
    id: r.id,
    projectId: r.projectId,
    userId: r.userId,
    config: withAccountLists(r.config as SessionConfig),
    experimental: r.experimental as SessionExperimental,
    configVersion: r.configVersion,
    createdAt: r.createdAt,
  };
}

/** Overrides must name this project's auth configs / the session user's accounts, of the toolkit they are keyed by. */
export async function checkOverrides(rt: Runtime, projectId: string, config: SessionConfig) {
  for (const [tk, id] of Object.entries(config.auth_configs ?? {})) {
    const rows = await rt.db
      .select({ toolkit: authConfigs.toolkitSlug })
      .from(authConfigs)
      .where(and(eq(authConfigs.id, id), eq(authConfigs.projectId, projectId), isNull(authConfigs.deletedAt)))
      .limit(1);
    if (!rows[0]) throw errors.validation(`auth_configs.${tk}: auth config ${id} not found in this project`);
    if (rows[0].toolkit !== tk)
      throw errors.validation(`auth_configs.${tk}: auth config ${id} is for toolkit ${rows[0].toolkit}`);
  }
  const multi = !!config.multi_account?.enable;
  const max = config.multi_account?.max_accounts_per_toolkit ?? 5;
  for (const [tk, ids] of Object.entries(config.connected_accounts ?? {})) {
    if (!multi && ids.length > 1) {
      throw errors.validation(
        `connected_accounts.${tk}: ${ids.length} accounts pinned; a session without multi_account takes one per toolkit`,
        [`body.connected_accounts.${tk}: at most 1 id unless multi_account.enable is true`],
      );
    }
    if (ids.length > max) {
      throw errors.validation(`connected_accounts.${tk}: ${ids.length} accounts pinned; the maximum is ${max}`, [
        `body.connected_accounts.${tk}: at most ${max} ids (multi_account.max_accounts_per_toolkit)`,
      ]);
    }
    let shared = 0;
    for (const id of ids) if (await checkPinnedAccount(rt, projectId, config, tk, id)) shared++;
    // a SHARED account is someone's credential lent out: one per toolkit keeps the choice explicit
    if (shared > 1) {
      throw errors.validation(
        `connected_accounts.${tk}: ${shared} SHARED accounts pinned; a session takes one per toolkit`,
        [`body.connected_accounts.${tk}: at most one SHARED connected account`],
      );
    }
  }
}

/**
 * A pinned account must be this project's, of the toolkit it is keyed by, and the session user's,
 * or a SHARED account whose access list lets the session user in. True when it is SHARED.
 */
async function checkPinnedAccount(rt: Runtime, projectId: string, config: SessionConfig, tk: string, id: string) {
  const rows = await rt.db
    .select({
      toolkit: connectedAccounts.toolkitSlug,
      userId: connectedAccounts.userId,
      disabled: connectedAccounts.isDisabled,
      params: connectedAccounts.params,
    })
    .from(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.id, id),
        eq(connectedAccounts.projectId, projectId),
        isNull(connectedAccounts.deletedAt),
      ),
    )
    .limit(1);
  if (!rows[0]) throw errors.validation(`connected_accounts.${tk}: connected account ${id} not found in this project`);
  if (rows[0].toolkit !== tk)
    throw errors.validation(`connected_accounts.${tk}: connected account ${id} is for toolkit ${rows[0].toolkit}`);
  const sharing = sharingOf(rows[0].params);
  if (sharing.account_type === 'SHARED') {
    if (!mayUse(sharing, rows[0].userId, config.user_id)) {
      throw namedError(
        'ToolRouter_SharedConnectionNotAccessible',
        `connected_accounts.${tk}: user ${config.user_id} is not allowed to use the shared connected account ${id}`,
      );
    }
  } else if (rows[0].userId !== config.user_id) {
    throw errors.validation(
      `connected_accounts.${tk}: connected account ${id} belongs to another user than ${config.user_id}`,
    );
  }
  if (rows[0].disabled) throw errors.validation(`connected_accounts.${tk}: connected account ${id} is disabled`);
  return sharing.account_type === 'SHARED';
}

export async function createSession(rt: Runtime, projectId: string, body: CreateSessionBody): Promise<Session> {
  const { config, experimental } = buildConfig(body, await projectCatalog(rt, projectId));
  await checkOverrides(rt, projectId, config);
  const id = newId('session');
  const [row] = await rt.db
    .insert(toolRouterSessions)
    .values({
      id,
      projectId,
      userId: body.user_id,
      config,
      experimental: experimental as Record<string, unknown>,
      configVersion: 1,
    })
    .returning();
  void warmToolIndex(); // an agent is about to search: build the index now, off its path
  return fromRow(row!);
}

export async function loadSession(rt: Runtime, projectId: string, id: string): Promise<Session> {
  if (!isId('session', id))
    throw errors.notFound('Tool router session', id.slice(0, 80), 'ToolRouter_SessionNotFound', 4301);
  const rows = await rt.db
    .select()
    .from(toolRouterSessions)
    .where(
      and(
        eq(toolRouterSessions.id, id),
        eq(toolRouterSessions.projectId, projectId),
        liveProject(toolRouterSessions.projectId),
      ),
    )
    .limit(1);
  if (!rows[0]) throw errors.notFound('Tool router session', id, 'ToolRouter_SessionNotFound', 4301);
  void warmToolIndex(); // a session opened in a process that has not built the index yet
  return fromRow(rows[0]);
}

/** One id or several: the SDK sends arrays (§3.4), earlier clients a string. */
function accountList(v: string | string[]): string[] {
  return Array.isArray(v) ? v : [v];
}

/** Sessions stored before pins became lists hold one string per toolkit: read them as lists. */
function withAccountLists(config: SessionConfig): SessionConfig {
  const pins = config.connected_accounts as Record<string, string | string[]> | undefined;
  if (!pins || Object.values(pins).every(Array.isArray)) return config;
  return {
    ...config,
    connected_accounts: Object.fromEntries(Object.entries(pins).map(([k, v]) => [k, accountList(v)])),
  };
}
