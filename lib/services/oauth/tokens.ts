import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { connectedAccounts } from '../../db/schema';
import { STATUS_REASONS } from '../../contract/common';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { namedError } from '../../contract/errors';
import { nowMs } from '../../clock';
import { log } from '../../log';
import { job } from '../../jobs/registry';
import { loadAccount } from '../connected-accounts/read';
import { transition } from '../connected-accounts/transitions';
import { emitExpired } from '../connected-accounts/expire';
import type { AccountRow } from '../connected-accounts/view';
import { execAccountsChanged } from '../cache/exec-accounts';
import { loadAuthConfig } from '../auth-configs/read';
import { resolveToolkit, schemeOf } from '../toolkits/resolve';
import { resolveOAuthApp } from './provider';
import { withAccountUrls } from './account-urls';
import { clientCredentials, refreshTokens, TokenError, type TokenSet } from './oauth2';
import { accountFields, tokenFields } from './initiate';
import { isMcpOAuth, refreshMcpTokens, tokenFailure } from '../mcp-client/oauth';
import { directGrant, isDirectGrant } from './direct-grants';

/** Schemes whose access tokens Junction renews: refresh tokens, or a new server-to-server grant. */
const RENEWED = ['OAUTH2', 'DCR_OAUTH', 'CIMD_OAUTH', 'S2S_OAUTH2', 'GOOGLE_SERVICE_ACCOUNT'];

/**
 * Credentials for tool execution, refreshed when due. Refresh is single-flight: concurrent
 * callers in one process share one attempt, and across processes a lease on the account row
 * (`refreshing_until`, claimed with one conditional UPDATE) picks the one caller that asks the
 * provider, so a hundred calls on an expired token from several processes cause exactly one
 * token request. The provider is called outside any transaction: no connection (on PGlite, the
 * only one) waits idle on a slow token endpoint. A rotated refresh token is written, with the
 * lease released, in one short transaction.
 */

/** getFreshCredentials refreshes a token expiring within this margin. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** the scheduled refresher looks this far ahead */
export const REFRESH_AHEAD_MS = 10 * 60 * 1000;

/** The account cannot be used for tool calls (not ACTIVE, or it just expired). 400, code 1810. */
export function notUsable(acc: Pick<AccountRow, 'id' | 'status' | 'statusReason'>) {
  return namedError(
    'ConnectedAccount_NotActiveForToken',
    `Connected account ${acc.id} is ${acc.status}${acc.statusReason ? `: ${acc.statusReason}` : ''}`,
    {
      suggested_fix:
        'Re-authenticate the account (POST /api/v3/connected_accounts/link or /connected_accounts/{id}/refresh).',
    },
  );
}

/** A transient refresh failure (provider down, 5xx, timeout). 502, code 1811. */
export function refreshFailed(id: string, detail: string) {
  return namedError('ConnectedAccount_TokenRefreshFailed', `Could not refresh the access token of ${id}: ${detail}`);
}

export interface FreshOptions {
  /** refresh even if the token is not due (after a 401 from the provider) */
  forceRefresh?: boolean;
  /** the access token the provider rejected: if another caller already replaced it, no new refresh happens */
  failedAccessToken?: string;
}

type Outcome =
  | { kind: 'ok'; val: Record<string, unknown>; refreshed: boolean; expiresAt: Date | null }
  | { kind: 'unusable'; acc: Pick<AccountRow, 'id' | 'status' | 'statusReason'> }
  | { kind: 'failed'; detail: string };

function isDue(acc: Pick<AccountRow, 'tokenExpiresAt'>, margin: number): boolean {
  return !!acc.tokenExpiresAt && acc.tokenExpiresAt.getTime() - nowMs() <= margin;
}

const inflight = new Map<string, Promise<Outcome>>();

/** The decrypted state.val of an account, refreshed single-flight when due or forced. */
export async function getFreshCredentials(
  rt: Runtime,
  projectId: string,
  accountId: string,
  opts: FreshOptions = {},
): Promise<Record<string, unknown>> {
  return (await ensureFresh(rt, projectId, accountId, opts)).val;
}

/** As getFreshCredentials, also telling whether this call refreshed and the new expiry. */
export async function ensureFresh(
  rt: Runtime,
  projectId: string,
  accountId: string,
  opts: FreshOptions & { marginMs?: number } = {},
) {
  const acc = await loadAccount(rt.db, projectId, accountId);
  if (acc.status !== 'ACTIVE' || acc.isDisabled) throw notUsable(acc);
  const val = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
  const margin = opts.marginMs ?? REFRESH_MARGIN_MS;
  if (!RENEWED.includes(acc.authScheme)) return { val, refreshed: false, expiresAt: acc.tokenExpiresAt };
  if (!opts.forceRefresh && !isDue(acc, margin)) return { val, refreshed: false, expiresAt: acc.tokenExpiresAt };
  const seen = opts.failedAccessToken ?? (typeof val.access_token === 'string' ? val.access_token : undefined);
  const key = `${projectId}/${accountId}`;
  let p = inflight.get(key);
  const leader = !p;
  if (!p) {
    p = refreshLocked(rt, projectId, accountId, { force: !!opts.forceRefresh, seen, margin }).finally(() => {
      inflight.delete(key);
      // new tokens or an expiry are committed: this process's next execution must not reuse the old state
      execAccountsChanged(projectId);
    });
    inflight.set(key, p);
  }
  const out = await p;
  if (out.kind === 'unusable') throw notUsable(out.acc);
  if (out.kind === 'failed') throw refreshFailed(accountId, out.detail);
  // callers that joined another caller's attempt did not refresh themselves
  return { val: out.val, refreshed: out.refreshed && leader, expiresAt: out.expiresAt };
}

/**
 * Report that the provider rejected the account's credentials (a 401 that a refresh did not cure,
 * or an API key that stopped working). Failures count toward config.authFailureThreshold; at the
 * threshold the account is EXPIRED ("Max auth failures reached") and the expiry event is emitted.
 */
export async function reportAuthFailure(
  rt: Runtime,
  projectId: string,
  accountId: string,
): Promise<{ status: string; failures: number }> {
  const out = await rt.db.transaction(async (tx) => {
    const acc = await loadAccount(tx, projectId, accountId, true);
    if (acc.status !== 'ACTIVE') return { status: acc.status, failures: acc.authFailures };
    return countFailure(rt, tx, acc);
  });
  if (out.status !== 'ACTIVE') execAccountsChanged(projectId);
  return out;
}

/** After a 401 from the provider: refresh once (single-flight) and return the new credentials. */
export async function handleUpstream401(rt: Runtime, projectId: string, accountId: string, failedAccessToken?: string) {
  return getFreshCredentials(rt, projectId, accountId, { forceRefresh: true, failedAccessToken });
}

async function countFailure(rt: Runtime, tx: Tx, acc: AccountRow) {
  const failures = acc.authFailures + 1;
  if (failures >= rt.config.authFailureThreshold) {
    await expire(rt, tx, acc, STATUS_REASONS.maxAuthFailures, { authFailures: failures });
    return { status: 'EXPIRED', failures };
  }
  await tx.update(connectedAccounts).set({ authFailures: failures }).where(eq(connectedAccounts.id, acc.id));
  return { status: acc.status, failures };
}

async function expire(
  rt: Runtime,
  tx: Tx,
  acc: AccountRow,
  reason: string,
  extra: Partial<typeof connectedAccounts.$inferInsert> = {},
  error?: TokenError,
) {
  const val = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
  const expiredVal = {
    ...accountFields(val),
    expired_at: new Date(nowMs()).toISOString(),
    ...(error?.error ? { error: error.error } : {}),
    ...(error?.errorDescription ? { error_description: error.errorDescription } : {}),
  };
  await transition(tx, acc.projectId, eq(connectedAccounts.id, acc.id), {
    status: 'EXPIRED',
    reason,
    actor: 'system',
    extra: { ...extra, stateEnc: encryptJson(rt.keyring, expiredVal), tokenExpiresAt: null },
  });
  await emitExpired(tx, acc.projectId, acc.id, reason, { user_id: acc.userId, toolkit: acc.toolkitSlug });
}

interface Plan {
  acc: AccountRow;
  val: Record<string, unknown>;
  /** what to do: nothing (someone else refreshed), ask the provider, or count a failure */
  action: 'none' | 'refresh' | 'client_credentials' | 'no_refresh_token';
}

function plan(
  rt: Runtime,
  acc: AccountRow,
  mode: { force: boolean; seen?: string; margin: number },
  grant: string,
): Plan {
  const val = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
  if (mode.force) {
    if (mode.seen && val.access_token !== mode.seen) return { acc, val, action: 'none' };
  } else if (!isDue(acc, mode.margin)) return { acc, val, action: 'none' };
  // a server-to-server account asks for a new token with its own credentials, never a refresh token
  if (grant === 'direct') return { acc, val, action: 'client_credentials' };
  if (typeof val.refresh_token === 'string' && val.refresh_token) return { acc, val, action: 'refresh' };
  if (grant === 'client_credentials') return { acc, val, action: 'client_credentials' };
  return { acc, val, action: mode.force ? 'no_refresh_token' : 'none' };
}

/** How long a claimed refresh lease lasts: the token request's own timeout (20 s) and some margin. */
export const REFRESH_LEASE_S = 30;
/** How long a caller waits for another caller's refresh before giving up (a little over one lease). */
const LEASE_WAIT_MS = (REFRESH_LEASE_S + 5) * 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One refresh, single-flight across processes without holding a connection during the provider
 * call: claim a lease on the row (one UPDATE, only if the lease is free or lapsed and the state is
 * still the one we planned on), call the provider outside any transaction, then write the result
 * in a short transaction only if we still hold the lease. Callers that lose the claim poll the
 * row: they return the new token once it is written, or the current one if it is still valid.
 */
async function refreshLocked(
  rt: Runtime,
  projectId: string,
  accountId: string,
  mode: { force: boolean; seen?: string; margin: number },
): Promise<Outcome> {
  const first = await loadAccount(rt.db, projectId, accountId);
  const authConfig = await loadAuthConfig(rt.db, projectId, first.authConfigId);
  const toolkit = await resolveToolkit(rt, projectId, first.toolkitSlug);
  const scheme = schemeOf(toolkit, first.authScheme);
  if (!scheme) return { kind: 'failed', detail: `toolkit ${toolkit.slug} has no ${first.authScheme} scheme` };
  // a remote MCP server's account refreshes at the authorization server it was authorised by
  const mcp = isMcpOAuth(toolkit, scheme);
  // S2S_OAUTH2 / GOOGLE_SERVICE_ACCOUNT: the account holds its own client (or key), not the auth config
  const direct = isDirectGrant(scheme.mode);
  const app = mcp || direct ? undefined : resolveOAuthApp(rt, authConfig, toolkit, scheme);

  const call = async (p: Plan): Promise<TokenSet | TokenError> => {
    try {
      log.info({ connected_account_id: accountId, grant: p.action }, 'refreshing OAuth token');
      if (direct) return await directGrant(rt, authConfig, toolkit, scheme, p.val);
      if (!app) {
        try {
          return (await refreshMcpTokens(rt, p.val, p.val.refresh_token as string)) as TokenSet;
        } catch (e) {
          const f = tokenFailure(e);
          return new TokenError(`token endpoint error: ${f.description}`, f.error, f.description, f.permanent);
        }
      }
      return p.action === 'refresh'
        ? await refreshTokens(rt, withAccountUrls(app, p.val), p.val.refresh_token as string)
        : await clientCredentials(rt, withAccountUrls(app, p.val));
    } catch (err) {
      if (err instanceof TokenError) return err;
      return new TokenError((err as Error).message, undefined, undefined, false);
    }
  };
  const write = async (tx: Tx, p: Plan, result: TokenSet | TokenError | undefined): Promise<Outcome> => {
    if (p.action === 'none') return { kind: 'ok', val: p.val, refreshed: false, expiresAt: p.acc.tokenExpiresAt };
    if (p.action === 'no_refresh_token' || result === undefined) {
      const r = await countFailure(rt, tx, p.acc);
      return r.status === 'EXPIRED'
        ? { kind: 'unusable', acc: { ...p.acc, status: 'EXPIRED', statusReason: STATUS_REASONS.maxAuthFailures } }
        : { kind: 'failed', detail: 'the provider rejected the token and the account has no refresh token' };
    }
    if (result instanceof TokenError) {
      log.warn(
        {
          connected_account_id: accountId,
          error: result.error,
          status: result.httpStatus,
          permanent: result.permanent,
        },
        'OAuth token refresh failed',
      );
      if (result.permanent) {
        await expire(
          rt,
          tx,
          p.acc,
          STATUS_REASONS.permanentRefreshError,
          { authFailures: p.acc.authFailures + 1 },
          result,
        );
        return {
          kind: 'unusable',
          acc: { ...p.acc, status: 'EXPIRED', statusReason: STATUS_REASONS.permanentRefreshError },
        };
      }
      const r = await countFailure(rt, tx, p.acc);
      return r.status === 'EXPIRED'
        ? { kind: 'unusable', acc: { ...p.acc, status: 'EXPIRED', statusReason: STATUS_REASONS.maxAuthFailures } }
        : { kind: 'failed', detail: result.error ?? result.message };
    }
    const { val: fresh, expiresAt } = tokenFields(result);
    // a provider that does not rotate refresh tokens omits it: keep the one we have
    const next = { ...p.val, ...fresh, refresh_token: fresh.refresh_token ?? p.val.refresh_token };
    if (next.refresh_token === undefined) delete next.refresh_token;
    await tx
      .update(connectedAccounts)
      .set({
        stateEnc: encryptJson(rt.keyring, next),
        tokenExpiresAt: expiresAt,
        authFailures: 0,
        updatedAt: new Date(),
      })
      .where(eq(connectedAccounts.id, accountId));
    return { kind: 'ok', val: next, refreshed: true, expiresAt };
  };
  const scope = and(eq(connectedAccounts.id, accountId), eq(connectedAccounts.projectId, projectId));

  const deadline = Date.now() + LEASE_WAIT_MS;
  for (let round = 0; ; round++) {
    const acc = await loadAccount(rt.db, projectId, accountId);
    if (acc.status !== 'ACTIVE' || acc.isDisabled) return { kind: 'unusable', acc };
    const p = plan(rt, acc, mode, direct ? 'direct' : (app?.grantType ?? 'authorization_code'));
    if (p.action === 'none') return { kind: 'ok', val: p.val, refreshed: false, expiresAt: acc.tokenExpiresAt };
    if (p.action === 'no_refresh_token') {
      return rt.db.transaction(async (tx) =>
        write(tx, { ...p, acc: await loadAccount(tx, projectId, accountId, true) }, undefined),
      );
    }
    // claim: free or lapsed lease, and the state we planned on is still the stored one
    const lease = randomUUID();
    const claimed = await rt.db
      .update(connectedAccounts)
      .set({ refreshingUntil: sql`now() + make_interval(secs => ${REFRESH_LEASE_S})`, refreshLeaseId: lease })
      .where(
        and(
          scope,
          isNull(connectedAccounts.deletedAt),
          acc.stateEnc === null ? isNull(connectedAccounts.stateEnc) : eq(connectedAccounts.stateEnc, acc.stateEnc),
          or(isNull(connectedAccounts.refreshingUntil), lt(connectedAccounts.refreshingUntil, sql`now()`)),
        ),
      )
      .returning({ id: connectedAccounts.id });
    if (claimed.length) {
      let result: TokenSet | TokenError;
      try {
        result = await call(p);
      } catch (err) {
        await rt.db
          .update(connectedAccounts)
          .set({ refreshingUntil: null, refreshLeaseId: null })
          .where(and(scope, eq(connectedAccounts.refreshLeaseId, lease)))
          .catch(() => {});
        throw err;
      }
      return rt.db.transaction(async (tx) => {
        const cur = await loadAccount(tx, projectId, accountId, true);
        if (cur.refreshLeaseId !== lease) {
          // the lease lapsed and another caller took over: its outcome stands, ours is dropped
          const val = decryptJson<Record<string, unknown>>(rt.keyring, cur.stateEnc) ?? {};
          if (cur.status !== 'ACTIVE') return { kind: 'unusable', acc: cur } as Outcome;
          return cur.stateEnc !== acc.stateEnc
            ? ({ kind: 'ok', val, refreshed: false, expiresAt: cur.tokenExpiresAt } as Outcome)
            : ({ kind: 'failed', detail: 'the token refresh took longer than its lease' } as Outcome);
        }
        const out =
          cur.status !== 'ACTIVE'
            ? ({ kind: 'unusable', acc: cur } as Outcome)
            : await write(
                tx,
                { ...p, acc: cur, val: decryptJson<Record<string, unknown>>(rt.keyring, cur.stateEnc) ?? {} },
                result,
              );
        await tx
          .update(connectedAccounts)
          .set({ refreshingUntil: null, refreshLeaseId: null })
          .where(and(scope, eq(connectedAccounts.refreshLeaseId, lease)));
        return out;
      });
    }
    // lost the claim: if the state moved on (another caller wrote new tokens), plan again at once
    const latest = (
      await rt.db.select({ stateEnc: connectedAccounts.stateEnc }).from(connectedAccounts).where(scope).limit(1)
    )[0];
    if ((!latest || latest.stateEnc !== acc.stateEnc) && Date.now() < deadline) continue;
    // someone else is refreshing: a token that has not expired yet is still good to use
    if (!mode.force && acc.tokenExpiresAt && acc.tokenExpiresAt.getTime() > nowMs()) {
      return { kind: 'ok', val: p.val, refreshed: false, expiresAt: acc.tokenExpiresAt };
    }
    if (Date.now() > deadline)
      return { kind: 'failed', detail: 'another token refresh of this account is still running' };
    await sleep(Math.min(1000, 50 * 2 ** Math.min(round, 4)) + Math.floor(Math.random() * 50));
  }
}

/** Refresh tokens that expire within REFRESH_AHEAD_MS, so tool calls rarely wait for a refresh. */
export async function refreshDueTokens(rt: Runtime, limit = 100): Promise<{ refreshed: number; failed: number }> {
  const horizon = new Date(nowMs() + REFRESH_AHEAD_MS);
  const due = await rt.db
    .select({ id: connectedAccounts.id, projectId: connectedAccounts.projectId })
    .from(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.status, 'ACTIVE'),
        eq(connectedAccounts.isDisabled, false),
        isNull(connectedAccounts.deletedAt),
        inArray(connectedAccounts.authScheme, RENEWED),
        isNotNull(connectedAccounts.tokenExpiresAt),
        lte(connectedAccounts.tokenExpiresAt, horizon),
      ),
    )
    .limit(limit);
  let refreshed = 0;
  let failed = 0;
  for (const d of due) {
    try {
      const r = await ensureFresh(rt, d.projectId, d.id, { marginMs: REFRESH_AHEAD_MS });
      if (r.refreshed) refreshed++;
    } catch {
      failed++;
    }
  }
  return { refreshed, failed };
}

export const refreshDueTokensJob = job<Record<string, never>>({
  name: 'oauth.refresh-due-tokens',
  cron: '* * * * *',
  async handler(rt) {
    const r = await refreshDueTokens(rt);
    if (r.refreshed || r.failed) log.info(r, 'scheduled token refresh');
  },
});
