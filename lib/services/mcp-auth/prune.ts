import { and, isNotNull, lt, or } from 'drizzle-orm';
import { mcpConsentLinks, mcpOauthRequests, mcpOauthTokens } from '../../db/schema';
import { job } from '../../jobs/registry';

/**
 * Every refresh adds a token pair, so expired tokens and finished authorization requests are
 * deleted once a day has passed since they expired. Rotated refresh tokens stay until their own
 * expiry: until then, presenting one again must still be recognised as a replay. Approval links
 * stay listed (as expired or revoked) for a week after they expire.
 */
export const mcpOAuthPruneJob = job({
  name: 'mcp-oauth-prune',
  cron: '41 * * * *',
  async handler(rt) {
    const before = new Date(Date.now() - 86_400_000);
    await rt.db.delete(mcpOauthTokens).where(lt(mcpOauthTokens.expiresAt, before));
    await rt.db
      .delete(mcpOauthRequests)
      .where(
        or(
          lt(mcpOauthRequests.expiresAt, before),
          and(isNotNull(mcpOauthRequests.codeUsedAt), lt(mcpOauthRequests.codeUsedAt, before)),
        ),
      );
    await rt.db.delete(mcpConsentLinks).where(lt(mcpConsentLinks.expiresAt, new Date(Date.now() - 7 * 86_400_000)));
  },
});
