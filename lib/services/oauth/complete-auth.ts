import { and, eq, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts, oauthFlows } from '../../db/schema';
import { STATUS_REASONS } from '../../contract/common';
import { namedError } from '../../contract/errors';
import { decryptJson } from '../../crypto/secrets';
import { nowMs } from '../../clock';
import { log } from '../../log';
import { transition } from '../connected-accounts/transitions';
import { loadAuthConfig } from '../auth-configs/read';
import { finishFlow } from './callback';
import { completionHash } from './verification';

const sessionGone = () =>
  namedError('CompleteAuth_SessionNotFound', 'auth session not found or expired', {
    headers: { 'x-should-retry': 'false' },
  });
const accountGone = (id: string) =>
  namedError('Resource_NotFound', `Connected account "${id}" not found`, { headers: { 'x-should-retry': 'false' } });

/**
 * POST /connected_accounts/complete_auth (v3.1 surface §2.1): the project's server says which of its users
 * came back through the verifier. The session_uri is used up first, before any check, so a wrong caller
 * burns it. A user other than the account's owner fails the connection for good; the right one gets the
 * held authorization exchanged for tokens, and 200 only once the account is ACTIVE. Anything this cannot
 * confirm leaves the account unconnected.
 */
export async function completeAuth(rt: Runtime, projectId: string, input: { session_uri: string; user_id: string }) {
  const claimed = await rt.db
    .update(oauthFlows)
    .set({ completionUsedAt: new Date(nowMs()) })
    .where(and(eq(oauthFlows.completionHash, completionHash(input.session_uri)), isNull(oauthFlows.completionUsedAt)))
    .returning();
  const flow = claimed[0];
  if (!flow?.heldEnc || !flow.completionExpiresAt || flow.completionExpiresAt.getTime() < nowMs()) throw sessionGone();
  // another project's key learns nothing about the account (and has now used up the reference)
  if (flow.projectId !== projectId) throw accountGone(flow.connectedAccountId);
  const acc = (
    await rt.db
      .select()
      .from(connectedAccounts)
      .where(
        and(
          eq(connectedAccounts.id, flow.connectedAccountId),
          eq(connectedAccounts.projectId, projectId),
          isNull(connectedAccounts.deletedAt),
        ),
      )
  )[0];
  if (!acc) throw accountGone(flow.connectedAccountId);
  const pending = acc.status === 'INITIALIZING' || acc.status === 'INITIATED' || flow.reauth;
  if (!pending) {
    throw namedError('CompleteAuth_AuthorizationExpired', 'authorization expired, restart the flow', {
      headers: { 'x-should-retry': 'false' },
    });
  }
  if (input.user_id !== acc.userId) {
    log.warn({ connected_account_id: acc.id }, 'complete_auth: identity mismatch');
    // a re-authorisation of a working account leaves it working; a new connection fails for good
    if (!flow.reauth) {
      await rt.db.transaction((tx) =>
        transition(tx, projectId, and(eq(connectedAccounts.id, acc.id), eq(connectedAccounts.status, acc.status)), {
          status: 'FAILED',
          reason: STATUS_REASONS.identityVerificationFailed,
          actor: 'api',
        }),
      );
    }
    throw namedError('CompleteAuth_IdentityMismatch', 'identity mismatch', { headers: { 'x-should-retry': 'false' } });
  }
  const held = decryptJson<Record<string, string>>(rt.keyring, flow.heldEnc) ?? {};
  const outcome = await finishFlow(rt, flow, acc, new URLSearchParams(held));
  if (!outcome.ok) {
    throw namedError('CompleteAuth_AuthorizationExpired', 'authorization expired, restart the flow', {
      headers: { 'x-should-retry': 'false' },
    });
  }
  const authConfig = await loadAuthConfig(rt.db, projectId, acc.authConfigId);
  return {
    connected_account_id: acc.id,
    toolkit_slug: acc.toolkitSlug,
    connected_account: {
      id: acc.id,
      user_id: acc.userId,
      status: 'ACTIVE',
      toolkit: { slug: acc.toolkitSlug },
      auth_config: {
        id: authConfig.id,
        auth_scheme: acc.authScheme,
        is_composio_managed: authConfig.type === 'default',
      },
    },
  };
}
