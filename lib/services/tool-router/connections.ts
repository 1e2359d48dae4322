/**
 * The session user's connections: which toolkits are connected, which account a call uses,
 * connection statuses for search/toolkits, and new connections through Connect Link.
 */
import { and, desc, eq, inArray, isNull, not, or } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { authConfigs, connectedAccounts } from '../../db/schema';
import { errors, namedError } from '../../contract/errors';
import { getToolkit } from '../../catalog/registry';
import { findToolkit } from '../toolkits/resolve';
import { toolkitAllowed, type Session } from './session';
import { createLink as createConnectLink } from '../connect-link/links';
import { type AccountType, type AclPatch, notShared, sharingOf } from '../connected-accounts/sharing';

export interface UserAccount {
  id: string;
  toolkit: string;
  userId: string;
  status: string;
  isDisabled: boolean;
  alias: string | null;
  authConfigId: string;
  authScheme: string;
  isManaged: boolean;
  createdAt: Date;
  /** SHARED accounts reach a session only by a pin (another user's, or the owner's own) */
  accountType: AccountType;
}

/** Usable first (ACTIVE and enabled), then newest. */
function rank(a: UserAccount): number {
  return a.status === 'ACTIVE' && !a.isDisabled ? 0 : a.status === 'INITIATED' || a.status === 'INITIALIZING' ? 1 : 2;
}

/**
 * The user's live accounts grouped by toolkit (optionally only some toolkits). SHARED accounts are
 * never taken implicitly: only those in `pinned` (the session's connected_accounts) are included,
 * whoever owns them; the pin was checked against their access list and execution checks it again.
 */
export async function userAccounts(
  rt: Runtime,
  projectId: string,
  userId: string,
  toolkits?: string[],
  pinned: string[] = [],
): Promise<Map<string, UserAccount[]>> {
  const own = and(eq(connectedAccounts.userId, userId), notShared);
  const where = [
    eq(connectedAccounts.projectId, projectId),
    (pinned.length ? or(own, and(inArray(connectedAccounts.id, pinned), not(notShared))) : own)!,
    isNull(connectedAccounts.deletedAt),
  ];
  if (toolkits) {
    if (!toolkits.length) return new Map();
    where.push(inArray(connectedAccounts.toolkitSlug, toolkits));
  }
  const rows = await rt.db
    .select({
      id: connectedAccounts.id,
      toolkit: connectedAccounts.toolkitSlug,
      userId: connectedAccounts.userId,
      status: connectedAccounts.status,
      isDisabled: connectedAccounts.isDisabled,
      alias: connectedAccounts.alias,
      authConfigId: connectedAccounts.authConfigId,
      authScheme: connectedAccounts.authScheme,
      acType: authConfigs.type,
      createdAt: connectedAccounts.createdAt,
      params: connectedAccounts.params,
    })
    .from(connectedAccounts)
    .innerJoin(authConfigs, eq(authConfigs.id, connectedAccounts.authConfigId))
    .where(and(...where))
    .orderBy(desc(connectedAccounts.createdAt));
  const out = new Map<string, UserAccount[]>();
  for (const r of rows) {
    const { params, acType, ...rest } = r;
    const a: UserAccount = { ...rest, isManaged: acType === 'default', accountType: sharingOf(params).account_type };
    const list = out.get(a.toolkit) ?? [];
    list.push(a);
    out.set(a.toolkit, list);
  }
  for (const list of out.values())
    list.sort((a, b) => rank(a) - rank(b) || b.createdAt.getTime() - a.createdAt.getTime());
  return out;
}

/** The session user's accounts, with the SHARED accounts the session pins. */
export function sessionUserAccounts(rt: Runtime, session: Session, toolkits?: string[]) {
  const pinned = Object.values(session.config.connected_accounts ?? {}).flat();
  return userAccounts(rt, session.projectId, session.userId, toolkits, pinned);
}

/** Accounts of a toolkit the session may use (session overrides applied). */
export function sessionAccounts(session: Session, toolkit: string, accounts: UserAccount[]): UserAccount[] {
  const pinned = session.config.connected_accounts?.[toolkit];
  // pinned accounts only, in the order pinned: the first is the default
  if (pinned?.length) return pinned.map((id) => accounts.find((a) => a.id === id)).filter((a): a is UserAccount => !!a);
  const ac = session.config.auth_configs?.[toolkit];
  return ac ? accounts.filter((a) => a.authConfigId === ac) : accounts;
}

export function isUsable(a: UserAccount): boolean {
  return a.status === 'ACTIVE' && !a.isDisabled;
}

/** The account one call uses: `account` (id or alias) when given, else the session's default for the toolkit. */
export function pickAccount(session: Session, toolkit: string, accounts: UserAccount[], account?: string): UserAccount {
  const candidates = sessionAccounts(session, toolkit, accounts);
  if (account) {
    const a = candidates.find((c) => c.id === account || c.alias === account);
    if (!a)
      throw namedError(
        'ConnectedAccount_NotFound',
        `No ${toolkit} account "${account}" for user ${session.userId} in this session`,
      );
    return a;
  }
  const usable = candidates.filter(isUsable);
  if (
    usable.length > 1 &&
    session.config.multi_account?.enable &&
    session.config.multi_account.require_explicit_selection
  ) {
    throw namedError(
      'ToolRouter_AccountSelectionRequired',
      `User ${session.userId} has ${usable.length} ${toolkit} accounts; pass "account" with one of: ${usable.map((u) => u.alias ?? u.id).join(', ')}`,
    );
  }
  const a = usable[0];
  if (!a) {
    throw namedError('ConnectedAccount_NotFound', `No active ${toolkit} connection for user ${session.userId}`, {
      suggested_fix: `Connect ${toolkit} first: call COMPOSIO_MANAGE_CONNECTIONS with toolkits ["${toolkit}"] or POST /tool_router/session/${session.id}/link.`,
    });
  }
  return a;
}

export interface ConnectionStatus {
  toolkit: string;
  description: string;
  has_active_connection: boolean;
  status_message: string;
  connection_details?: Record<string, unknown>;
  accounts?: {
    id: string;
    created_at: string;
    is_default: boolean;
    status: string;
    alias?: string;
    account_type: AccountType;
  }[];
  account_selection?: 'required';
}

export function connectionStatus(
  session: Session,
  toolkit: string,
  all: UserAccount[],
  description?: string,
): ConnectionStatus {
  const tk = getToolkit(toolkit);
  const accounts = sessionAccounts(session, toolkit, all);
  const usable = accounts.filter(isUsable);
  const desc = description ?? tk?.description ?? toolkit;
  if (tk?.noAuth || (!tk && description !== undefined)) {
    return {
      toolkit,
      description: desc,
      has_active_connection: true,
      status_message: `${tk?.name ?? toolkit} needs no connection.`,
    };
  }
  const out: ConnectionStatus = {
    toolkit,
    description: desc,
    has_active_connection: usable.length > 0,
    status_message: usable.length
      ? `${tk?.name ?? toolkit} is connected (account ${usable[0]!.alias ?? usable[0]!.id}).`
      : `${tk?.name ?? toolkit} is not connected for this user. Call COMPOSIO_MANAGE_CONNECTIONS with toolkits ["${toolkit}"] and give the user the link.`,
  };
  if (usable.length) {
    out.connection_details = {
      connected_account_id: usable[0]!.id,
      auth_config_id: usable[0]!.authConfigId,
      auth_scheme: usable[0]!.authScheme,
    };
  }
  if (session.config.multi_account?.enable && usable.length) {
    out.accounts = usable.map((a, i) => ({
      id: a.id,
      created_at: a.createdAt.toISOString(),
      is_default: i === 0,
      status: 'active',
      ...(a.alias ? { alias: a.alias } : {}),
      account_type: a.accountType,
    }));
    if (usable.length > 1 && session.config.multi_account.require_explicit_selection)
      out.account_selection = 'required';
  }
  return out;
}

export interface LinkResult {
  connected_account_id: string;
  link_token: string;
  redirect_url: string;
}

/** Which auth config a new connection of this toolkit uses: the session's override, else the project's newest enabled one. */
export async function authConfigForToolkit(
  rt: Runtime,
  projectId: string,
  session: Session,
  toolkit: string,
): Promise<string> {
  const pinned = session.config.auth_configs?.[toolkit];
  if (pinned) return pinned;
  const rows = await rt.db
    .select({ id: authConfigs.id })
    .from(authConfigs)
    .where(
      and(
        eq(authConfigs.projectId, projectId),
        eq(authConfigs.toolkitSlug, toolkit),
        eq(authConfigs.status, 'ENABLED'),
        eq(authConfigs.isEnabledForToolRouter, true),
        isNull(authConfigs.deletedAt),
      ),
    )
    .orderBy(desc(authConfigs.createdAt))
    .limit(1);
  if (!rows[0]) {
    throw errors.badRequest(
      `No enabled auth config for toolkit ${toolkit} in this project`,
      'ToolRouter_NoAuthConfig',
      `Create one with POST /api/v3/auth_configs {"toolkit":{"slug":"${toolkit}"}}, or pass auth_configs.${toolkit} when creating the session.`,
    );
  }
  return rows[0].id;
}

/** Start a connection for the session's user through Connect Link (the hosted auth page). */
export async function createLink(
  rt: Runtime,
  projectId: string,
  session: Session,
  input: {
    toolkit: string;
    alias?: string;
    callback_url?: string;
    experimental?: { account_type?: AccountType; acl_config_for_shared?: AclPatch };
  },
): Promise<LinkResult> {
  const toolkit = input.toolkit.toLowerCase();
  if (!(await findToolkit(rt, projectId, toolkit))) throw errors.notFound('Toolkit', toolkit, 'Toolkit_NotFound', 1300);
  if (!toolkitAllowed(session.config, toolkit))
    throw errors.forbidden(`Toolkit ${toolkit} is not enabled in this session`);
  const authConfigId = await authConfigForToolkit(rt, projectId, session, toolkit);
  const callbackUrl = input.callback_url ?? session.config.manage_connections?.callback_url;
  const r = await createConnectLink(rt, projectId, {
    auth_config_id: authConfigId,
    user_id: session.userId,
    ...(callbackUrl ? { callback_url: callbackUrl } : {}),
    ...(input.alias ? { alias: input.alias } : {}),
    ...(input.experimental ? { experimental: input.experimental } : {}),
  });
  return { connected_account_id: r.connected_account_id, link_token: r.link_token, redirect_url: r.redirect_url };
}
