import { eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts } from '../../db/schema';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { execAccountsChanged } from '../cache/exec-accounts';

/**
 * Step-up authorization (MCP authorization, scope selection): when a server answers 403
 * `insufficient_scope` with the scope it wants, that scope is kept in the account's encrypted
 * MCP state (`mcp_oauth.step_up_scope`), so re-authorizing the account asks for it as well.
 */
export async function recordStepUpScope(rt: Runtime, projectId: string, accountId: string, scope: string) {
  await rt.db.transaction(async (tx) => {
    const row = (
      await tx
        .select({ stateEnc: connectedAccounts.stateEnc, projectId: connectedAccounts.projectId })
        .from(connectedAccounts)
        .where(eq(connectedAccounts.id, accountId))
        .for('update')
    )[0];
    if (!row || row.projectId !== projectId) return;
    const val = decryptJson<Record<string, unknown>>(rt.keyring, row.stateEnc) ?? {};
    const mcp = (val.mcp_oauth && typeof val.mcp_oauth === 'object' ? val.mcp_oauth : {}) as Record<string, unknown>;
    const wanted = unionScopes(typeof mcp.step_up_scope === 'string' ? mcp.step_up_scope : undefined, scope);
    if (wanted === mcp.step_up_scope) return;
    await tx
      .update(connectedAccounts)
      .set({ stateEnc: encryptJson(rt.keyring, { ...val, mcp_oauth: { ...mcp, step_up_scope: wanted } }) })
      .where(eq(connectedAccounts.id, accountId));
  });
  execAccountsChanged(projectId);
}

/** Space-separated scopes of both, each once, in order of first mention. */
export function unionScopes(...lists: (string | undefined)[]): string {
  return [...new Set(lists.flatMap((l) => (l ?? '').split(/\s+/)).filter(Boolean))].join(' ');
}

/** The step-up scope an account's state asks for, if any. */
export function stepUpScopeOf(val: Record<string, unknown> | undefined): string | undefined {
  const m = val?.mcp_oauth;
  const s = m && typeof m === 'object' ? (m as Record<string, unknown>).step_up_scope : undefined;
  return typeof s === 'string' && s ? s : undefined;
}
