import type { Runtime } from '../../runtime';
import { nowMs } from '../../clock';
import { getFreshCredentials, REFRESH_MARGIN_MS, reportAuthFailure } from '../oauth/tokens';
import { log } from '../../log';

/**
 * Token freshness for OAuth accounts, delegated to the connections area
 * (lib/services/oauth/tokens.ts): single-flight refresh, persistence and status changes live there.
 */
const REFRESHABLE = new Set(['OAUTH2', 'DCR_OAUTH', 'CIMD_OAUTH', 'S2S_OAUTH2', 'GOOGLE_SERVICE_ACCOUNT']);
export const isRefreshable = (mode: string) => REFRESHABLE.has(mode);

/**
 * Fresh credentials for an OAuth account: `undefined` when there is nothing to do (not OAuth,
 * or the token is not due — checked on the row already read, so most calls cost no query).
 * `force` refreshes an unexpired token after the provider rejected `failedAccessToken`.
 * Errors (account not usable, refresh failed) propagate as ApiErrors.
 */
export async function freshCredentials(
  rt: Runtime,
  projectId: string,
  account: { id: string; authScheme: string; tokenExpiresAt: Date | null },
  force = false,
  failedAccessToken?: string,
): Promise<Record<string, unknown> | undefined> {
  if (!REFRESHABLE.has(account.authScheme)) return undefined;
  if (!force && (!account.tokenExpiresAt || account.tokenExpiresAt.getTime() - nowMs() > REFRESH_MARGIN_MS))
    return undefined;
  return getFreshCredentials(rt, projectId, account.id, force ? { forceRefresh: true, failedAccessToken } : {});
}

/** The provider rejected the account's credentials (and a refresh did not cure it): count it, in the background. */
export function noteAuthFailure(rt: Runtime, projectId: string, accountId: string) {
  reportAuthFailure(rt, projectId, accountId).catch((err: unknown) =>
    log.warn({ err, accountId }, 'recording an auth failure failed'),
  );
}
