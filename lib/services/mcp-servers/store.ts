/**
 * MCP servers (the SDK's `composio.mcp` namespace): create, read, list, update, soft-delete.
 * A server names toolkits, auth configs and allowed tools; what it serves to each user is in ./mcp.ts.
 * Every query is scoped to the project.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { authConfigs, mcpServerInstances, mcpServers } from '../../db/schema';
import { randomUUID } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { findToolkit } from '../toolkits/resolve';
import { findTool } from '../tools/catalog';
import type {
  CreateCustomServerBody,
  CreateServerBody,
  ListServersQuery,
  UpdateServerBody,
} from '../../contract/mcp-servers';
import { liveProject } from '../tenancy/live';

export type McpServerRow = typeof mcpServers.$inferSelect;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server's base MCP URL; a user's URL adds `?user_id=…` (see ./urls.ts). */
export function serverMcpUrl(rt: Runtime, id: string): string {
  return `${rt.config.publicUrl}/api/v3/mcp/${id}/mcp`;
}

function commands(url: string, name: string) {
  const label = name.trim().toLowerCase().replace(/\s+/g, '-');
  const userUrl = `${url}?user_id=<user_id>`;
  return {
    claude: `claude mcp add --transport http ${label} "${userUrl}" --header "x-api-key: <project api key>"`,
    cursor: `Add to ~/.cursor/mcp.json: {"mcpServers":{"${label}":{"url":"${userUrl}","headers":{"x-api-key":"<project api key>"}}}}`,
    windsurf: `Add to ~/.codeium/windsurf/mcp_config.json: {"mcpServers":{"${label}":{"serverUrl":"${userUrl}","headers":{"x-api-key":"<project api key>"}}}}`,
  };
}

export async function serverView(rt: Runtime, row: McpServerRow, instanceCount: number) {
  const icons: Record<string, string> = {};
  for (const slug of row.toolkits) {
    const tk = await findToolkit(rt, row.projectId, slug);
    if (tk?.logo) icons[slug] = tk.logo;
  }
  const url = serverMcpUrl(rt, row.id);
  return {
    id: row.id,
    name: row.name,
    auth_config_ids: row.authConfigIds,
    allowed_tools: row.allowedTools,
    mcp_url: url,
    toolkits: row.toolkits,
    toolkit_icons: icons,
    commands: commands(url, row.name),
    updated_at: row.updatedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    server_instance_count: instanceCount,
    managed_auth_via_composio: row.managedAuth,
  };
}

async function instanceCounts(rt: Runtime, projectId: string, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await rt.db
    .select({ serverId: mcpServerInstances.serverId, n: count() })
    .from(mcpServerInstances)
    .where(and(eq(mcpServerInstances.projectId, projectId), inArray(mcpServerInstances.serverId, ids)))
    .groupBy(mcpServerInstances.serverId);
  return new Map(rows.map((r) => [r.serverId, Number(r.n)]));
}

export async function loadServer(rt: Runtime, projectId: string, id: string): Promise<McpServerRow> {
  if (!UUID_RE.test(id)) throw errors.notFound('MCP server', id.slice(0, 80), 'MCP_ServerNotFound', 1700);
  const rows = await rt.db
    .select()
    .from(mcpServers)
    .where(
      and(
        eq(mcpServers.id, id),
        eq(mcpServers.projectId, projectId),
        isNull(mcpServers.deletedAt),
        liveProject(mcpServers.projectId),
      ),
    )
    .limit(1);
  if (!rows[0]) throw errors.notFound('MCP server', id, 'MCP_ServerNotFound', 1700);
  return rows[0];
}

export async function getServer(rt: Runtime, projectId: string, id: string) {
  const row = await loadServer(rt, projectId, id);
  const n = (await instanceCounts(rt, projectId, [id])).get(id) ?? 0;
  return { ...(await serverView(rt, row, n)), deleted: false };
}

interface Selection {
  toolkits: string[];
  authConfigIds: string[];
  allowedTools: string[];
}

/**
 * Check a selection against the project and complete it: the toolkits of the auth configs and
 * of the allowed tools join the server's toolkits, so the server always lists what it serves.
 */
async function resolveSelection(rt: Runtime, projectId: string, input: Selection): Promise<Selection> {
  const toolkits = new Set<string>();
  for (const raw of input.toolkits) {
    const tk = await findToolkit(rt, projectId, raw);
    if (!tk)
      throw errors.validation(`Unknown toolkit "${raw}"`, [
        `body.toolkits: ${raw} is not a toolkit of this project's catalog`,
      ]);
    toolkits.add(tk.slug);
  }
  const authConfigIds = [...new Set(input.authConfigIds)];
  if (authConfigIds.length) {
    const rows = await rt.db
      .select({ id: authConfigs.id, toolkit: authConfigs.toolkitSlug })
      .from(authConfigs)
      .where(
        and(
          eq(authConfigs.projectId, projectId),
          inArray(authConfigs.id, authConfigIds),
          isNull(authConfigs.deletedAt),
        ),
      );
    const found = new Map(rows.map((r) => [r.id, r.toolkit]));
    for (const id of authConfigIds) {
      const tk = found.get(id);
      if (!tk) throw errors.notFound('Auth config', id, 'AuthConfig_NotFound', 1400);
      toolkits.add(tk);
    }
  }
  const allowedTools: string[] = [];
  for (const raw of input.allowedTools) {
    const found = await findTool(rt, projectId, raw.toUpperCase());
    if (!found)
      throw errors.validation(`Unknown tool "${raw}" in allowed_tools`, [`body.allowed_tools: ${raw} is not a tool`]);
    if (!allowedTools.includes(found.tool.slug)) allowedTools.push(found.tool.slug);
    toolkits.add(found.toolkit.slug);
  }
  return { toolkits: [...toolkits], authConfigIds, allowedTools };
}

async function nameTaken(rt: Runtime, projectId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await rt.db
    .select({ id: mcpServers.id })
    .from(mcpServers)
    .where(and(eq(mcpServers.projectId, projectId), eq(mcpServers.name, name), isNull(mcpServers.deletedAt)))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

const nameConflict = (name: string) =>
  errors.conflict(`An MCP server named "${name}" already exists in this project`, 'MCP_ServerNameExists');

async function insertServer(rt: Runtime, projectId: string, name: string, sel: Selection, managedAuth: boolean) {
  if (await nameTaken(rt, projectId, name)) throw nameConflict(name);
  const now = new Date();
  const row: McpServerRow = {
    id: randomUUID(),
    projectId,
    name,
    toolkits: sel.toolkits,
    authConfigIds: sel.authConfigIds,
    allowedTools: sel.allowedTools,
    managedAuth,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  try {
    await rt.db.insert(mcpServers).values(row);
  } catch (err) {
    // two creates racing past the check above meet the unique index
    if (await nameTaken(rt, projectId, name)) throw nameConflict(name);
    throw err;
  }
  return serverView(rt, row, 0);
}

/** POST /mcp/servers: a server for auth configs (their toolkits), plus no-auth apps. */
export async function createServer(rt: Runtime, projectId: string, body: CreateServerBody) {
  const sel = await resolveSelection(rt, projectId, {
    toolkits: body.no_auth_apps ?? [],
    authConfigIds: body.auth_config_ids,
    allowedTools: body.allowed_tools ?? [],
  });
  return insertServer(rt, projectId, body.name, sel, body.managed_auth_via_composio ?? true);
}

/** POST /mcp/servers/custom: toolkits, auth configs and tools in any combination. */
export async function createCustomServer(rt: Runtime, projectId: string, body: CreateCustomServerBody) {
  const sel = await resolveSelection(rt, projectId, {
    toolkits: body.toolkits ?? [],
    authConfigIds: body.auth_config_ids ?? [],
    allowedTools: body.allowed_tools ?? body.custom_tools ?? [],
  });
  if (!sel.toolkits.length) {
    throw errors.validation('An MCP server needs at least one toolkit, auth config or allowed tool', [
      'body: toolkits, auth_config_ids and allowed_tools are all empty',
    ]);
  }
  return insertServer(rt, projectId, body.name, sel, body.managed_auth_via_composio ?? true);
}

/** PATCH /mcp/{id}: only the fields given change. */
export async function updateServer(rt: Runtime, projectId: string, id: string, body: UpdateServerBody) {
  const row = await loadServer(rt, projectId, id);
  const allowed = body.allowed_tools ?? body.custom_tools;
  const selectionChanges = body.toolkits !== undefined || body.auth_config_ids !== undefined || allowed !== undefined;
  const sel = selectionChanges
    ? await resolveSelection(rt, projectId, {
        // toolkits given: they replace the stored ones (auth configs and tools add theirs again)
        toolkits: body.toolkits ?? (body.auth_config_ids !== undefined ? [] : row.toolkits),
        authConfigIds: body.auth_config_ids ?? row.authConfigIds,
        allowedTools: allowed ?? row.allowedTools,
      })
    : { toolkits: row.toolkits, authConfigIds: row.authConfigIds, allowedTools: row.allowedTools };
  if (selectionChanges && !sel.toolkits.length) {
    throw errors.validation('An MCP server needs at least one toolkit, auth config or allowed tool', [
      'body: the update leaves the server empty',
    ]);
  }
  if (body.name !== undefined && body.name !== row.name && (await nameTaken(rt, projectId, body.name, id)))
    throw nameConflict(body.name);
  const next: McpServerRow = {
    ...row,
    name: body.name ?? row.name,
    toolkits: sel.toolkits,
    authConfigIds: sel.authConfigIds,
    allowedTools: sel.allowedTools,
    managedAuth: body.managed_auth_via_composio ?? row.managedAuth,
    updatedAt: new Date(),
  };
  await rt.db
    .update(mcpServers)
    .set({
      name: next.name,
      toolkits: next.toolkits,
      authConfigIds: next.authConfigIds,
      allowedTools: next.allowedTools,
      managedAuth: next.managedAuth,
      updatedAt: next.updatedAt,
    })
    .where(and(eq(mcpServers.id, id), eq(mcpServers.projectId, projectId)));
  const n = (await instanceCounts(rt, projectId, [id])).get(id) ?? 0;
  return { ...(await serverView(rt, next, n)), deleted: false };
}

export async function deleteServer(rt: Runtime, projectId: string, id: string) {
  await loadServer(rt, projectId, id);
  await rt.db
    .update(mcpServers)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(mcpServers.id, id), eq(mcpServers.projectId, projectId)));
  return { id, deleted: true };
}

const csv = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

// jsonb containment works the same on PostgreSQL and PGlite and uses no array parameters
const containsAny = (col: typeof mcpServers.toolkits | typeof mcpServers.authConfigIds, values: string[]) =>
  or(...values.map((v) => sql`${col} @> ${JSON.stringify([v])}::jsonb`));

/** GET /mcp/servers and GET /mcp/app/{appKey}: page_no/limit paging, newest change first by default. */
export async function listServers(rt: Runtime, projectId: string, q: ListServersQuery, appKey?: string) {
  const where: (SQL | undefined)[] = [eq(mcpServers.projectId, projectId), isNull(mcpServers.deletedAt)];
  if (q.name) where.push(ilike(mcpServers.name, `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (appKey) where.push(containsAny(mcpServers.toolkits, [appKey.toLowerCase()]));
  const toolkits = csv(q.toolkits).map((t) => t.toLowerCase());
  if (toolkits.length) where.push(containsAny(mcpServers.toolkits, toolkits));
  const acs = csv(q.auth_config_ids);
  if (acs.length) where.push(containsAny(mcpServers.authConfigIds, acs));
  const limit = q.limit ?? 10;
  const page = q.page_no ?? 1;
  const orderCol = q.order_by === 'created_at' ? mcpServers.createdAt : mcpServers.updatedAt;
  const order = q.order_direction === 'asc' ? asc(orderCol) : desc(orderCol);
  const [total] = await rt.db
    .select({ n: count() })
    .from(mcpServers)
    .where(and(...where));
  const rows = await rt.db
    .select()
    .from(mcpServers)
    .where(and(...where))
    .orderBy(order, asc(mcpServers.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const counts = await instanceCounts(
    rt,
    projectId,
    rows.map((r) => r.id),
  );
  const items = [];
  for (const r of rows) items.push(await serverView(rt, r, counts.get(r.id) ?? 0));
  return { items, current_page: page, total_pages: Math.max(1, Math.ceil(Number(total?.n ?? 0) / limit)) };
}
