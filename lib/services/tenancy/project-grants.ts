import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { connectLinks, mcpConsentLinks, mcpOauthGrants, mcpOauthTokens, oauthFlows } from '../../db/schema';

/**
 * What a project handed out that works without its API keys, ended with the project (called in the
 * transaction that deletes it): MCP OAuth grants with their access and refresh tokens, approval
 * links for end-user consent, Connect Links and pending OAuth flows. The loaders refuse a deleted
 * project too (live.ts); revoking here keeps the rows themselves truthful, so the dashboard, the
 * token endpoint and anyone reading the tables see them as revoked, not merely unreachable.
 */
export async function endProjectGrants(tx: Tx, projectId: string, now = new Date()) {
  const grants = tx
    .select({ id: mcpOauthGrants.id })
    .from(mcpOauthGrants)
    .where(eq(mcpOauthGrants.projectId, projectId));
  await tx
    .update(mcpOauthTokens)
    .set({ revokedAt: now })
    .where(and(inArray(mcpOauthTokens.grantId, grants), isNull(mcpOauthTokens.revokedAt)));
  await tx
    .update(mcpOauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(mcpOauthGrants.projectId, projectId), isNull(mcpOauthGrants.revokedAt)));
  await tx
    .update(mcpConsentLinks)
    .set({ revokedAt: now })
    .where(and(eq(mcpConsentLinks.projectId, projectId), isNull(mcpConsentLinks.revokedAt)));
  // Connect Links and OAuth flows have no revoked state: they end by expiring now
  await tx
    .update(connectLinks)
    .set({ expiresAt: now })
    .where(and(eq(connectLinks.projectId, projectId), isNull(connectLinks.usedAt), gt(connectLinks.expiresAt, now)));
  await tx
    .update(oauthFlows)
    .set({ expiresAt: now })
    .where(and(eq(oauthFlows.projectId, projectId), isNull(oauthFlows.usedAt), gt(oauthFlows.expiresAt, now)));
}
