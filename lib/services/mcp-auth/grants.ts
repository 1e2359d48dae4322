import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { mcpOauthClients, mcpOauthGrants } from '../../db/schema';
import { errors } from '../../contract/errors';
import { clientView } from './authorize';
import { revokeGrant } from './tokens';

/** The project's authorized MCP clients (live grants), newest first. */
export async function listAuthorizedClients(rt: Runtime, projectId: string) {
  const rows = await rt.db
    .select({ grant: mcpOauthGrants, client: mcpOauthClients })
    .from(mcpOauthGrants)
    .innerJoin(mcpOauthClients, eq(mcpOauthClients.id, mcpOauthGrants.clientId))
    .where(and(eq(mcpOauthGrants.projectId, projectId), isNull(mcpOauthGrants.revokedAt)))
    .orderBy(desc(mcpOauthGrants.createdAt))
    .limit(500);
  return {
    items: rows.map(({ grant: g, client }) => ({
      id: g.id,
      client: clientView(client),
      user_id: g.userId,
      resource: g.resource,
      scope: g.scope,
      created_at: g.createdAt.toISOString(),
      last_used_at: g.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** Revoke one authorized client: its access and refresh tokens stop working at once. */
export async function revokeAuthorizedClient(rt: Runtime, projectId: string, grantId: string) {
  const [g] = await rt.db
    .select({ id: mcpOauthGrants.id })
    .from(mcpOauthGrants)
    .where(
      and(eq(mcpOauthGrants.id, grantId), eq(mcpOauthGrants.projectId, projectId), isNull(mcpOauthGrants.revokedAt)),
    )
    .limit(1);
  if (!g) throw errors.notFound('Authorized client', grantId.slice(0, 80), 'McpAuth_GrantNotFound');
  await rt.db.transaction((tx) => revokeGrant(tx, g.id));
  return { success: true };
}
