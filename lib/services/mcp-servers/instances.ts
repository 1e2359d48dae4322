/**
 * Users of an MCP server ("instances"; the instance id is the user id) and their URLs.
 * A user's URL is the server's MCP URL with `user_id` (or `connected_account_id`) in the query.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts, mcpServerInstances } from '../../db/schema';
import { randomUUID } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { deleteAccount } from '../connected-accounts/update';
import type { GenerateBody, ListInstancesQuery } from '../../contract/mcp-servers';
import { loadServer, serverMcpUrl } from './store';

type InstanceRow = typeof mcpServerInstances.$inferSelect;

function instanceView(r: InstanceRow) {
  return {
    id: r.id,
    instance_id: r.userId,
    mcp_server_id: r.serverId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Record users of a server; existing ones are touched (updated_at), not duplicated. */
async function upsertInstances(rt: Runtime, projectId: string, serverId: string, userIds: string[]) {
  if (!userIds.length) return;
  const now = new Date();
  await rt.db
    .insert(mcpServerInstances)
    .values(
      userIds.map((userId) => ({ id: randomUUID(), projectId, serverId, userId, createdAt: now, updatedAt: now })),
    )
    .onConflictDoUpdate({ target: [mcpServerInstances.serverId, mcpServerInstances.userId], set: { updatedAt: now } });
}

export function userMcpUrl(
  rt: Runtime,
  serverId: string,
  q: { user_id?: string; connected_account_id?: string },
  helperActions?: boolean,
): string {
  const u = new URL(serverMcpUrl(rt, serverId));
  if (q.user_id !== undefined) u.searchParams.set('user_id', q.user_id);
  if (q.connected_account_id !== undefined) u.searchParams.set('connected_account_id', q.connected_account_id);
  if (helperActions === false) u.searchParams.set('include_composio_helper_actions', 'false');
  return u.toString();
}

/** POST /mcp/servers/generate: one URL per user id and per connected account; the users become instances. */
export async function generateUrls(rt: Runtime, projectId: string, body: GenerateBody) {
  const server = await loadServer(rt, projectId, body.mcp_server_id);
  const userIds = [...new Set(body.user_ids ?? [])];
  const accountIds = [...new Set(body.connected_account_ids ?? [])];
  if (accountIds.length) {
    const rows = await rt.db
      .select({ id: connectedAccounts.id, userId: connectedAccounts.userId })
      .from(connectedAccounts)
      .where(
        and(
          eq(connectedAccounts.projectId, projectId),
          inArray(connectedAccounts.id, accountIds),
          isNull(connectedAccounts.deletedAt),
        ),
      );
    const found = new Set(rows.map((r) => r.id));
    const missing = accountIds.find((id) => !found.has(id));
    if (missing) throw errors.notFound('Connected account', missing, 'ConnectedAccount_NotFound', 1803);
    await upsertInstances(rt, projectId, server.id, [...new Set(rows.map((r) => r.userId))]);
  }
  await upsertInstances(rt, projectId, server.id, userIds);
  const helper = body.managed_auth_by_composio === false ? false : undefined;
  return {
    mcp_url: serverMcpUrl(rt, server.id),
    user_ids_url: userIds.map((user_id) => userMcpUrl(rt, server.id, { user_id }, helper)),
    connected_account_urls: accountIds.map((connected_account_id) =>
      userMcpUrl(rt, server.id, { connected_account_id }, helper),
    ),
  };
}

export async function listInstances(rt: Runtime, projectId: string, serverId: string, q: ListInstancesQuery) {
  const server = await loadServer(rt, projectId, serverId);
  const where = [eq(mcpServerInstances.projectId, projectId), eq(mcpServerInstances.serverId, server.id)];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The row id is a random UUID: a substring of it would match by chance ("ca" in hex), so it matches only whole.
    where.push(or(ilike(mcpServerInstances.userId, like), eq(mcpServerInstances.id, q.search))!);
  }
  const limit = q.limit ?? 20;
  const page = q.page_no ?? 1;
  const col = q.order_by === 'created_at' ? mcpServerInstances.createdAt : mcpServerInstances.updatedAt;
  const [total] = await rt.db
    .select({ n: count() })
    .from(mcpServerInstances)
    .where(and(...where));
  const rows = await rt.db
    .select()
    .from(mcpServerInstances)
    .where(and(...where))
    .orderBy(q.order_direction === 'asc' ? asc(col) : desc(col), asc(mcpServerInstances.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    instances: rows.map(instanceView),
    server_id: server.id,
    server_name: server.name,
    total_pages: Math.max(1, Math.ceil(Number(total?.n ?? 0) / limit)),
    current_page: page,
  };
}

export async function createInstance(rt: Runtime, projectId: string, serverId: string, userId: string) {
  const server = await loadServer(rt, projectId, serverId);
  const now = new Date();
  const rows = await rt.db
    .insert(mcpServerInstances)
    .values({ id: randomUUID(), projectId, serverId: server.id, userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!rows[0])
    throw errors.conflict(`User ${userId} is already an instance of MCP server ${server.id}`, 'MCP_InstanceExists');
  return instanceView(rows[0]);
}

/**
 * DELETE …/instances/{user}: the user leaves the server, and their connected accounts of the
 * server's auth configs are deleted with it (the hosted API documents this; those accounts
 * were made for this server).
 */
export async function deleteInstance(rt: Runtime, projectId: string, serverId: string, userId: string) {
  const server = await loadServer(rt, projectId, serverId);
  const gone = await rt.db
    .delete(mcpServerInstances)
    .where(
      and(
        eq(mcpServerInstances.projectId, projectId),
        eq(mcpServerInstances.serverId, server.id),
        eq(mcpServerInstances.userId, userId),
      ),
    )
    .returning({ id: mcpServerInstances.id });
  if (!gone.length) throw errors.notFound(`Instance ${userId} of MCP server`, server.id, 'MCP_InstanceNotFound', 1701);
  let deleted = 0;
  if (server.authConfigIds.length) {
    const accounts = await rt.db
      .select({ id: connectedAccounts.id })
      .from(connectedAccounts)
      .where(
        and(
          eq(connectedAccounts.projectId, projectId),
          eq(connectedAccounts.userId, userId),
          inArray(connectedAccounts.authConfigId, server.authConfigIds),
          isNull(connectedAccounts.deletedAt),
        ),
      );
    for (const a of accounts) {
      await deleteAccount(rt, projectId, a.id);
      deleted++;
    }
  }
  return { message: `Instance ${userId} removed from MCP server ${server.name}`, deleted_connected_accounts: deleted };
}
