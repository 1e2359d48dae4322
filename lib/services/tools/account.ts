import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { authConfigs, connectedAccounts } from '../../db/schema';
import { type ApiError, namedError } from '../../contract/errors';
import { isId } from '../../crypto/ids';
import { decryptObjectCached } from '../../crypto/secrets';
import { cachedForExecution } from './account-cache';
import { mayUse, notShared, type Sharing, sharingOf } from '../connected-accounts/sharing';

/** What execution needs of an account and its auth config, read in one query. */
export interface ExecAccount {
  id: string;
  userId: string;
  toolkitSlug: string;
  authScheme: string;
  status: string;
  isDisabled: boolean;
  authConfigId: string;
  authConfigType: 'default' | 'custom';
  authConfigStatus: 'ENABLED' | 'DISABLED';
  tokenExpiresAt: Date | null;
  /** decrypted state.val (without status) */
  val: Record<string, unknown>;
  /** decrypted auth config credentials (client_id/secret, base_url …) — decrypted on demand */
  authConfigCredentials(): Record<string, unknown>;
  allowedTools: string[] | undefined;
  /** PRIVATE, or SHARED with the access list other user ids are checked against */
  sharing: Sharing;
}

export const accountNotFound = (message: string) =>
  namedError('ConnectedAccount_NotFound', message, {
    suggested_fix:
      'Connect an account for this user and toolkit (POST /api/v3/connected_accounts), or pass connected_account_id.',
  });

const cols = {
  id: connectedAccounts.id,
  userId: connectedAccounts.userId,
  toolkitSlug: connectedAccounts.toolkitSlug,
  authScheme: connectedAccounts.authScheme,
  status: connectedAccounts.status,
  isDisabled: connectedAccounts.isDisabled,
  stateEnc: connectedAccounts.stateEnc,
  tokenExpiresAt: connectedAccounts.tokenExpiresAt,
  authConfigId: connectedAccounts.authConfigId,
  acType: authConfigs.type,
  acStatus: authConfigs.status,
  acCredentialsEnc: authConfigs.credentialsEnc,
  acToolAccess: authConfigs.toolAccessConfig,
  acRestrict: authConfigs.restrictToFollowingTools,
  lastUsedAt: connectedAccounts.lastUsedAt,
  createdAt: connectedAccounts.createdAt,
  params: connectedAccounts.params,
};
type Row = { [K in keyof typeof cols]: unknown } & {
  id: string;
  userId: string;
  toolkitSlug: string;
  authScheme: string;
  status: string;
  isDisabled: boolean;
  stateEnc: string | null;
  tokenExpiresAt: Date | null;
  authConfigId: string;
  acType: 'default' | 'custom';
  acStatus: 'ENABLED' | 'DISABLED';
  acCredentialsEnc: string | null;
  acToolAccess: { tools_available_for_execution?: string[] };
  acRestrict: string[] | null;
};

function toAccount(rt: Runtime, r: Row): ExecAccount {
  let creds: Record<string, unknown> | undefined;
  // tool_access_config supersedes the deprecated restrict_to_following_tools; older clients still set the latter.
  const current = r.acToolAccess?.tools_available_for_execution;
  const allowed = current && current.length ? current : (r.acRestrict ?? undefined);
  return {
    id: r.id,
    userId: r.userId,
    toolkitSlug: r.toolkitSlug,
    authScheme: r.authScheme,
    status: r.status,
    isDisabled: r.isDisabled,
    authConfigId: r.authConfigId,
    authConfigType: r.acType,
    authConfigStatus: r.acStatus,
    tokenExpiresAt: r.tokenExpiresAt,
    val: decryptObjectCached(rt.keyring, r.stateEnc),
    authConfigCredentials: () => (creds ??= decryptObjectCached(rt.keyring, r.acCredentialsEnc)),
    allowedTools: allowed && allowed.length ? allowed.map((t) => t.toUpperCase()) : undefined,
    sharing: sharingOf(r.params),
  };
}

/** Why an account cannot run tools, or undefined when it can. */
export function unusableReason(a: ExecAccount): ApiError | undefined {
  if (a.isDisabled) {
    return namedError('ConnectedAccount_Disabled', `Connected account ${a.id} is disabled`, {
      suggested_fix: 'Enable it with PATCH /api/v3/connected_accounts/{id}/status {"enabled":true}.',
    });
  }
  if (a.authConfigStatus === 'DISABLED') {
    return namedError(
      'ConnectedAccount_AuthConfigDisabled',
      `The auth config ${a.authConfigId} of connected account ${a.id} is disabled`,
      {
        suggested_fix: 'Enable the auth config with PATCH /api/v3/auth_configs/{id}/ENABLED.',
      },
    );
  }
  if (a.status === 'ACTIVE') return undefined;
  if (a.status === 'EXPIRED') {
    return namedError(
      'ConnectedAccount_Expired',
      `Connected account ${a.id} is EXPIRED: its credentials no longer work`,
      {
        suggested_fix: 'Ask the user to reconnect (POST /api/v3/connected_accounts/{id}/refresh).',
      },
    );
  }
  if (a.status === 'INACTIVE') {
    return namedError('ConnectedAccount_Inactive', `Connected account ${a.id} is INACTIVE`, {
      suggested_fix: 'Re-enable it with PATCH /api/v3/connected_accounts/{id}/status {"enabled":true}.',
    });
  }
  return namedError('ConnectedAccount_NotActive', `Connected account ${a.id} is ${a.status}, not ACTIVE`, {
    suggested_fix:
      a.status === 'INITIATED' || a.status === 'INITIALIZING'
        ? 'The user has not finished connecting; wait for the account to become ACTIVE.'
        : 'Reconnect the account.',
  });
}

/** The two lookups, prepared once per database: by account id, and by user and toolkit. */
function prepared(rt: Runtime) {
  let p = statements.get(rt.db);
  if (!p) {
    const byId = rt.db
      .select(cols)
      .from(connectedAccounts)
      .innerJoin(authConfigs, eq(authConfigs.id, connectedAccounts.authConfigId))
      .where(
        and(
          eq(connectedAccounts.id, sql.placeholder('id')),
          eq(connectedAccounts.projectId, sql.placeholder('projectId')),
          isNull(connectedAccounts.deletedAt),
        ),
      )
      .limit(1)
      .prepare('tools_account_by_id');
    // usable accounts first, then the most recently used, then the newest
    const byUser = rt.db
      .select(cols)
      .from(connectedAccounts)
      .innerJoin(authConfigs, eq(authConfigs.id, connectedAccounts.authConfigId))
      .where(
        and(
          eq(connectedAccounts.projectId, sql.placeholder('projectId')),
          eq(connectedAccounts.userId, sql.placeholder('userId')),
          eq(connectedAccounts.toolkitSlug, sql.placeholder('toolkit')),
          isNull(connectedAccounts.deletedAt),
          notShared,
          or(
            eq(connectedAccounts.status, 'ACTIVE'),
            eq(connectedAccounts.status, 'EXPIRED'),
            eq(connectedAccounts.status, 'INACTIVE'),
          ),
        ),
      )
      .orderBy(
        sql`case when ${connectedAccounts.status} = 'ACTIVE' and not ${connectedAccounts.isDisabled} and ${authConfigs.status} = 'ENABLED' then 0 else 1 end`,
        sql`${connectedAccounts.lastUsedAt} desc nulls last`,
        desc(connectedAccounts.createdAt),
      )
      .limit(2) // two tell whether the pick was the only candidate (the cache keeps only those)
      .prepare('tools_account_by_user');
    p = { byId, byUser };
    statements.set(rt.db, p);
  }
  return p;
}
const statements = new WeakMap<
  object,
  {
    byId: { execute(v: Record<string, unknown>): Promise<unknown> };
    byUser: { execute(v: Record<string, unknown>): Promise<unknown> };
  }
>();

/**
 * Resolve the account for one execution in a single (prepared) query, or none when this process
 * has it cached (account-cache.ts):
 * - `connectedAccountId` given: that account (it must belong to `toolkitSlug` and, if given, to `userId`);
 * - otherwise `userId`'s accounts of the toolkit: the usable one, the most recently used of several.
 * Whether it may run tools (disabled, expired, auth config disabled) is checked on every call.
 */
export async function resolveExecAccount(
  rt: Runtime,
  projectId: string,
  q: { connectedAccountId?: string; userId?: string; toolkitSlug?: string },
): Promise<ExecAccount> {
  const stmts = prepared(rt);
  if (q.connectedAccountId) {
    if (!isId('connectedAccount', q.connectedAccountId))
      throw accountNotFound(`Connected account ${q.connectedAccountId.slice(0, 80)} not found`);
    const id = q.connectedAccountId;
    const a = await cachedForExecution(rt, projectId, `id\u0000${id}`, async () => {
      const rows = (await stmts.byId.execute({ id, projectId })) as Row[];
      return { value: rows[0] && toAccount(rt, rows[0]), keep: true };
    });
    if (!a) throw accountNotFound(`Connected account ${id} not found`);
    if (q.toolkitSlug && a.toolkitSlug !== q.toolkitSlug) {
      throw namedError(
        'ConnectedAccount_ToolkitMismatch',
        `Connected account ${a.id} belongs to toolkit ${a.toolkitSlug}, not ${q.toolkitSlug}`,
      );
    }
    if (q.userId && q.userId !== a.userId && a.sharing.account_type === 'SHARED') {
      if (!mayUse(a.sharing, a.userId, q.userId)) {
        throw namedError(
          'ConnectedAccount_SharedNotAccessible',
          `User ${q.userId} is not allowed to use the shared connected account ${a.id}`,
        );
      }
    } else if (q.userId && q.userId !== a.userId) {
      throw namedError(
        'ActionExecute_ConnectedAccountEntityIdMismatch',
        `Connected account ${a.id} does not belong to user ${q.userId}`,
        { suggested_fix: 'Pass the user_id the account was created for, or omit user_id.' },
      );
    }
    const bad = unusableReason(a);
    if (bad) throw bad;
    return a;
  }
  const userId = q.userId ?? 'default';
  if (!q.toolkitSlug) throw accountNotFound('connected_account_id is required');
  const toolkit = q.toolkitSlug;
  const a = await cachedForExecution(rt, projectId, `user\u0000${userId}\u0000${toolkit}`, async () => {
    const rows = (await stmts.byUser.execute({ projectId, userId, toolkit })) as Row[];
    // With several candidates the pick follows last_used_at, which raises no change notice: only
    // the unambiguous answer (the user's one account for the toolkit) is kept.
    return { value: rows[0] && toAccount(rt, rows[0]), keep: rows.length === 1 };
  });
  if (!a) throw accountNotFound(`No connected account found for user ${userId} and toolkit ${toolkit}`);
  const bad = unusableReason(a);
  if (bad) throw bad;
  return a;
}
