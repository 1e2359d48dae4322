/**
 * SHARED connected accounts (v3.1 surface §3): a connection one user made that other user ids may
 * run tools with, under a per-user access list. PRIVATE is the default and the only kind the v3
 * API had. Both facts live in the account's `params` under `sharing`, so no column is needed and
 * PRIVATE accounts carry nothing:
 *   params.sharing = { account_type: 'SHARED', acl: { allow_all_users, allowed_user_ids, not_allowed_user_ids } }
 * Who may use a SHARED account: its owner always; another user id when it is not on the deny list
 * and either every user is allowed or it is on the allow list (deny wins, deny by default).
 */
import { sql, type SQL } from 'drizzle-orm';
import { connectedAccounts } from '../../db/schema';
import { namedError } from '../../contract/errors';

export type AccountType = 'PRIVATE' | 'SHARED';

export interface Acl {
  allow_all_users: boolean;
  allowed_user_ids: string[];
  not_allowed_user_ids: string[];
}
export type AclPatch = Partial<Acl>;

export interface Sharing {
  account_type: AccountType;
  acl?: Acl;
}

/** the message the SDKs match to raise their ACL-only-for-SHARED error */
const ACL_ONLY_FOR_SHARED = 'acl_config_for_shared is only valid on SHARED connected accounts';

const EMPTY_ACL: Acl = { allow_all_users: false, allowed_user_ids: [], not_allowed_user_ids: [] };

function aclOnlyForShared() {
  return namedError('ConnectedAccount_AclOnlyForShared', ACL_ONLY_FOR_SHARED);
}

/** apply a patch: an omitted field stays, a given list replaces the stored one */
function mergeAcl(base: Acl, patch: AclPatch | undefined): Acl {
  return {
    allow_all_users: patch?.allow_all_users ?? base.allow_all_users,
    allowed_user_ids: [...new Set(patch?.allowed_user_ids ?? base.allowed_user_ids)],
    not_allowed_user_ids: [...new Set(patch?.not_allowed_user_ids ?? base.not_allowed_user_ids)],
  };
}

/** The sharing of an account, from its params (absent: PRIVATE). */
export function sharingOf(params: unknown): Sharing {
  const s = (params as { sharing?: Sharing } | null)?.sharing;
  if (s?.account_type !== 'SHARED') return { account_type: 'PRIVATE' };
  return { account_type: 'SHARED', acl: mergeAcl(EMPTY_ACL, s.acl) };
}

/** params as the API shows them: sharing has its own `experimental` block */
export function paramsWithoutSharing(params: Record<string, unknown>): Record<string, unknown> {
  if (!('sharing' in params)) return params;
  const { sharing: _sharing, ...rest } = params;
  return rest;
}

/**
 * The params fragment for a new account from the request's `experimental` block. An ACL on a
 * PRIVATE account is refused rather than ignored: the caller meant to share it.
 */
export function initialSharing(exp: { account_type?: AccountType; acl_config_for_shared?: AclPatch } | undefined) {
  if (!exp) return {};
  if (exp.account_type !== 'SHARED') {
    if (exp.acl_config_for_shared) throw aclOnlyForShared();
    return {};
  }
  return { sharing: { account_type: 'SHARED', acl: mergeAcl(EMPTY_ACL, exp.acl_config_for_shared) } };
}

/** The params after an ACL patch; only a SHARED account has an ACL to change. */
export function patchedSharing(params: Record<string, unknown>, patch: AclPatch): Record<string, unknown> {
  const current = sharingOf(params);
  if (current.account_type !== 'SHARED') throw aclOnlyForShared();
  return { ...params, sharing: { account_type: 'SHARED', acl: mergeAcl(current.acl ?? EMPTY_ACL, patch) } };
}

/** Whether `userId` may use an account owned by `ownerId` with this sharing. */
export function mayUse(sharing: Sharing, ownerId: string, userId: string): boolean {
  if (userId === ownerId) return true;
  if (sharing.account_type !== 'SHARED' || !sharing.acl) return false;
  if (sharing.acl.not_allowed_user_ids.includes(userId)) return false;
  return sharing.acl.allow_all_users || sharing.acl.allowed_user_ids.includes(userId);
}

/** The response block: present on SHARED accounts only, so PRIVATE reads keep the v3 shape. */
export function experimentalView(params: unknown) {
  const s = sharingOf(params);
  if (s.account_type !== 'SHARED') return undefined;
  return { account_type: s.account_type, acl_config_for_shared: s.acl ?? EMPTY_ACL };
}

const typeExpr = sql`coalesce(${connectedAccounts.params}->'sharing'->>'account_type', 'PRIVATE')`;

/** The list filter: PRIVATE unless asked (`SHARED`, or `ALL` for both) */
export function accountTypeFilter(kind: 'PRIVATE' | 'SHARED' | 'ALL' | undefined): SQL | undefined {
  if (kind === 'ALL') return undefined;
  return sql`${typeExpr} = ${kind ?? 'PRIVATE'}`;
}

/** Implicit account choice (by user and toolkit) never picks a SHARED account: it must be named. */
export const notShared: SQL = sql`${typeExpr} <> 'SHARED'`;
