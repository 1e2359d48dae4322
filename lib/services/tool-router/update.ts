/**
 * Changing a tool router session after creation: update (with optimistic concurrency and an
 * archived copy of every replaced config), delete, the config history, and attaching inline
 * custom tools. An update is applied to the session's request form and rebuilt through the same
 * `buildConfig` as a create, so an updated session is validated exactly like a new one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { toolRouterSessionConfigs, toolRouterSessions } from '../../db/schema';
import { errors, namedError } from '../../contract/errors';
import { pageArray } from '../../contract/query';
import type {
  CreateSessionBody,
  SessionConfig,
  UpdateSessionBody,
  AttachSessionBody,
} from '../../contract/tool-router';
import {
  buildConfig,
  checkOverrides,
  fromRow,
  loadSession,
  projectCatalog,
  type Session,
  type SessionExperimental,
} from './session';

type Tags = { enabled?: string[]; disabled?: string[] };
const tagsIn = (t: Tags) => ({
  ...(t.enabled ? { enable: t.enabled } : {}),
  ...(t.disabled ? { disable: t.disabled } : {}),
});

/** The stored (response-form) config and customs of a session, back in the create body's form. */
export function requestForm(s: Session): CreateSessionBody {
  const c = s.config;
  const body: CreateSessionBody = { user_id: c.user_id };
  if (c.toolkits)
    body.toolkits = 'enabled' in c.toolkits ? { enable: c.toolkits.enabled } : { disable: c.toolkits.disabled };
  if (c.tools) {
    body.tools = Object.fromEntries(
      Object.entries(c.tools).map(([tk, f]) => [
        tk,
        'enabled' in f ? { enable: f.enabled } : 'disabled' in f ? { disable: f.disabled } : { tags: tagsIn(f.tags) },
      ]),
    ) as CreateSessionBody['tools'];
  }
  if (c.tags) body.tags = tagsIn(c.tags) as CreateSessionBody['tags'];
  if (c.auth_configs) body.auth_configs = { ...c.auth_configs };
  if (c.connected_accounts) body.connected_accounts = { ...c.connected_accounts };
  if (c.manage_connections) {
    const m = c.manage_connections;
    body.manage_connections = {
      ...(m.enabled !== undefined ? { enable: m.enabled } : {}),
      ...(m.callback_url ? { callback_url: m.callback_url } : {}),
      ...(m.enable_connection_removal !== undefined ? { enable_connection_removal: m.enable_connection_removal } : {}),
      ...(m.enable_wait_for_connections !== undefined
        ? { enable_wait_for_connections: m.enable_wait_for_connections }
        : {}),
    };
  }
  if (c.multi_account) body.multi_account = { ...c.multi_account };
  if (c.workbench) {
    const w = c.workbench;
    body.workbench = {
      ...(w.enable !== undefined ? { enable: w.enable } : {}),
      ...(w.proxy_execution_enabled !== undefined ? { enable_proxy_execution: w.proxy_execution_enabled } : {}),
      ...(w.auto_offload_threshold !== undefined ? { auto_offload_threshold: w.auto_offload_threshold } : {}),
      ...(w.sandbox_size ? { sandbox_size: w.sandbox_size } : {}),
    };
  }
  if (c.preload.tools.length) body.preload = { tools: [...c.preload.tools] };
  if (c.search) body.search = { ...c.search };
  if (c.execute) body.execute = { ...c.execute };
  const customs = customsIn(s.experimental);
  if (customs) body.experimental = customs;
  return body;
}

/** Stored custom tools/toolkits in the form a create (or attach) body gives them. */
function customsIn(exp: SessionExperimental): NonNullable<CreateSessionBody['experimental']> | undefined {
  const tool = (t: {
    original_slug: string;
    name: string;
    description: string;
    input_schema: Record<string, unknown>;
    output_schema?: Record<string, unknown>;
  }) => ({
    slug: t.original_slug,
    name: t.name,
    description: t.description,
    input_schema: t.input_schema,
    ...(t.output_schema ? { output_schema: t.output_schema } : {}),
  });
  const out: NonNullable<CreateSessionBody['experimental']> = {};
  if (exp.custom_tools?.length)
    out.custom_tools = exp.custom_tools.map((t) => ({
      ...tool(t),
      ...(t.extends_toolkit ? { extends_toolkit: t.extends_toolkit } : {}),
    }));
  if (exp.custom_toolkits?.length)
    out.custom_toolkits = exp.custom_toolkits.map((tk) => ({
      slug: tk.slug,
      name: tk.name,
      description: tk.description,
      tools: tk.tools.map(tool),
    }));
  return Object.keys(out).length ? out : undefined;
}

/** Apply an update to the request form: replace, merge or (null) clear, key by key. */
export function applyUpdate(base: CreateSessionBody, u: UpdateSessionBody): CreateSessionBody {
  const next: CreateSessionBody = { ...base };
  const replace = <K extends 'toolkits' | 'tools' | 'tags' | 'auth_configs' | 'preload' | 'search' | 'execute'>(
    key: K,
  ) => {
    const v = u[key];
    if (v === undefined) return;
    if (v === null) delete next[key];
    else next[key] = v as CreateSessionBody[K];
  };
  for (const k of ['toolkits', 'tools', 'tags', 'auth_configs', 'preload', 'search', 'execute'] as const) replace(k);
  if (u.connected_accounts === null) delete next.connected_accounts;
  else if (u.connected_accounts) {
    next.connected_accounts = Object.fromEntries(
      Object.entries(u.connected_accounts).map(([tk, v]) => [tk, Array.isArray(v) ? v[0]! : v]),
    );
  }
  if (u.manage_connections === null) delete next.manage_connections;
  else if (u.manage_connections) {
    const merged: Record<string, unknown> = { ...(base.manage_connections ?? {}) };
    for (const [k, v] of Object.entries(u.manage_connections)) {
      if (v === undefined) continue;
      if (v === null) delete merged[k];
      else merged[k] = v;
    }
    next.manage_connections = merged as CreateSessionBody['manage_connections'];
  }
  for (const k of ['workbench', 'multi_account'] as const) {
    const v = u[k];
    if (v === null) delete next[k];
    else if (v) next[k] = { ...(base[k] ?? {}), ...v } as never;
  }
  return next;
}

function sessionConflict(expected: number, current: number) {
  return namedError(
    'ToolRouter_SessionConfigConflict',
    `The session's config is at version ${current}, not ${expected}: it changed since you read it`,
    { headers: { 'x-should-retry': 'false' } },
  );
}

/**
 * PATCH: the new config is built and validated outside the write; the write then happens only if
 * the stored version is still the one the update was based on (or the one the caller expects),
 * archiving the replaced config under its version in the same transaction.
 */
export async function updateSession(
  rt: Runtime,
  projectId: string,
  id: string,
  u: UpdateSessionBody,
  attempt = 1,
): Promise<Session> {
  const current = await loadSession(rt, projectId, id);
  if (u.expected_config_version !== undefined && u.expected_config_version !== current.configVersion)
    throw sessionConflict(u.expected_config_version, current.configVersion);
  const body = applyUpdate(requestForm(current), u);
  const { config, experimental } = buildConfig(body, await projectCatalog(rt, projectId));
  await checkOverrides(rt, projectId, config);
  // the assistive prompt is made once, at creation
  const exp: SessionExperimental = { ...experimental, assistive_prompt: current.experimental.assistive_prompt };
  const updated = await rt.db.transaction(async (tx) => {
    const [row] = await tx
      .update(toolRouterSessions)
      .set({
        config,
        experimental: exp as Record<string, unknown>,
        configVersion: sql`${toolRouterSessions.configVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(toolRouterSessions.id, id),
          eq(toolRouterSessions.projectId, projectId),
          eq(toolRouterSessions.configVersion, current.configVersion),
        ),
      )
      .returning();
    if (!row) return undefined;
    await tx.insert(toolRouterSessionConfigs).values({
      sessionId: id,
      projectId,
      version: current.configVersion,
      config: current.config as Record<string, unknown>,
    });
    return row;
  });
  if (!updated) {
    // another update won between our read and our write
    const now = await loadSession(rt, projectId, id);
    if (u.expected_config_version !== undefined) throw sessionConflict(u.expected_config_version, now.configVersion);
    // last writer wins: rebuild on the newer config, a few times at most under a stream of writers
    if (attempt >= 5) throw sessionConflict(current.configVersion, now.configVersion);
    return updateSession(rt, projectId, id, u, attempt + 1);
  }
  return fromRow(updated);
}

/** DELETE: the session and its history go at once; later reads and executions answer 404. */
export async function deleteSession(rt: Runtime, projectId: string, id: string) {
  await loadSession(rt, projectId, id);
  const gone = await rt.db
    .delete(toolRouterSessions)
    .where(and(eq(toolRouterSessions.id, id), eq(toolRouterSessions.projectId, projectId)))
    .returning({ id: toolRouterSessions.id });
  if (!gone.length) throw errors.notFound('Tool router session', id, 'ToolRouter_SessionNotFound', 4301);
  return { session_id: id, deleted: true as const };
}

/** GET config_history: the live config first (is_current), then archived versions, newest first. */
export async function configHistory(
  rt: Runtime,
  projectId: string,
  id: string,
  q: { cursor?: string; limit?: number },
) {
  const s = await loadSession(rt, projectId, id);
  const [row] = await rt.db
    .select({ updatedAt: toolRouterSessions.updatedAt })
    .from(toolRouterSessions)
    .where(eq(toolRouterSessions.id, id));
  const older = await rt.db
    .select()
    .from(toolRouterSessionConfigs)
    .where(and(eq(toolRouterSessionConfigs.sessionId, id), eq(toolRouterSessionConfigs.projectId, projectId)))
    .orderBy(desc(toolRouterSessionConfigs.version));
  const items = [
    {
      version: s.configVersion,
      created_at: (row?.updatedAt ?? s.createdAt).toISOString(),
      config: s.config,
      is_current: true,
    },
    ...older.map((r) => ({
      version: r.version,
      created_at: r.supersededAt.toISOString(),
      config: r.config as SessionConfig,
      is_current: false,
    })),
  ];
  return pageArray(items, q.cursor, q.limit ?? 20);
}

/**
 * attach: bind inline custom tools/toolkits to an existing session (what `composio.use(id, {
 * customTools })` sends). They replace the session's customs; the config itself is unchanged.
 */
export async function attachToSession(
  rt: Runtime,
  projectId: string,
  id: string,
  body: AttachSessionBody,
): Promise<Session> {
  const current = await loadSession(rt, projectId, id);
  const form = requestForm(current);
  const { experimental } = buildConfig(
    {
      ...form,
      experimental: {
        custom_tools: body.experimental?.custom_tools ?? [],
        custom_toolkits: body.experimental?.custom_toolkits ?? [],
      },
    },
    await projectCatalog(rt, projectId),
  );
  const exp: SessionExperimental = {
    ...experimental,
    assistive_prompt: current.experimental.assistive_prompt,
  };
  const [row] = await rt.db
    .update(toolRouterSessions)
    .set({ experimental: exp as Record<string, unknown>, updatedAt: new Date() })
    .where(and(eq(toolRouterSessions.id, id), eq(toolRouterSessions.projectId, projectId)))
    .returning();
  if (!row) throw errors.notFound('Tool router session', id, 'ToolRouter_SessionNotFound', 4301);
  return fromRow(row);
}
