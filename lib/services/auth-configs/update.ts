import { and, eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { UpdateAuthConfigBody } from '../../contract/auth-configs';
import { STATUS_REASONS } from '../../contract/common';
import { authConfigs, connectedAccounts } from '../../db/schema';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { errors } from '../../contract/errors';
import { transition } from '../connected-accounts/transitions';
import { loadAuthConfig } from './read';
import { toScopes } from './create';
import { proxyColumns } from './proxy';
import { execAccountsChanged } from '../cache/exec-accounts';

/** PATCH with merge semantics: omitted fields keep their values; credentials merge key by key. */
export async function updateAuthConfig(rt: Runtime, projectId: string, id: string, body: UpdateAuthConfigBody) {
  const row = await loadAuthConfig(rt.db, projectId, id);
  if (body.type !== row.type) {
    throw errors.validation(`This auth config is of type "${row.type}"; send type "${row.type}"`, [
      `type: expected "${row.type}"`,
    ]);
  }
  const set: Partial<typeof authConfigs.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) set.name = body.name;
  if (body.is_enabled_for_tool_router !== undefined) set.isEnabledForToolRouter = body.is_enabled_for_tool_router;
  if (body.restrict_to_following_tools !== undefined) set.restrictToFollowingTools = body.restrict_to_following_tools;
  if (body.tool_access_config !== undefined)
    set.toolAccessConfig = { ...row.toolAccessConfig, ...body.tool_access_config };
  if (body.shared_credentials !== undefined) {
    const cur = decryptJson<Record<string, unknown>>(rt.keyring, row.sharedCredentialsEnc) ?? {};
    set.sharedCredentialsEnc = encryptJson(rt.keyring, { ...cur, ...body.shared_credentials });
  }
  if (body.type === 'custom') {
    if (body.credentials) {
      const { scopes, user_scopes, ...rest } = body.credentials;
      const cur = decryptJson<Record<string, unknown>>(rt.keyring, row.credentialsEnc) ?? {};
      const merged: Record<string, unknown> = { ...cur };
      for (const [k, v] of Object.entries(rest)) {
        if (v === null) delete merged[k];
        else merged[k] = v;
      }
      set.credentialsEnc = encryptJson(rt.keyring, merged);
      if (scopes !== undefined) set.scopes = toScopes(scopes as string | string[]);
      if (user_scopes !== undefined) set.userScopes = toScopes(user_scopes as string | string[]);
    }
    if (body.proxy_config !== undefined) Object.assign(set, proxyColumns(rt.keyring, body.proxy_config, row));
  } else {
    if (body.scopes !== undefined) set.scopes = toScopes(body.scopes);
    if (body.user_scopes !== undefined) set.userScopes = toScopes(body.user_scopes);
  }
  await rt.db
    .update(authConfigs)
    .set(set)
    .where(and(eq(authConfigs.id, id), eq(authConfigs.projectId, projectId)));
  execAccountsChanged(projectId);
  return { success: true, id };
}

/**
 * Disabling an auth config moves its usable accounts to INACTIVE ("Auth config is disabled");
 * enabling it gives back exactly the accounts it took, not the ones the user disabled.
 */
export async function setAuthConfigStatus(rt: Runtime, projectId: string, id: string, status: 'ENABLED' | 'DISABLED') {
  await loadAuthConfig(rt.db, projectId, id);
  await rt.db.transaction(async (tx) => {
    await tx
      .update(authConfigs)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(authConfigs.id, id), eq(authConfigs.projectId, projectId)));
    if (status === 'DISABLED') {
      await transition(
        tx,
        projectId,
        and(eq(connectedAccounts.authConfigId, id), eq(connectedAccounts.status, 'ACTIVE')),
        { status: 'INACTIVE', reason: STATUS_REASONS.authConfigDisabled, actor: 'auth_config' },
      );
    } else {
      await transition(
        tx,
        projectId,
        and(
          eq(connectedAccounts.authConfigId, id),
          eq(connectedAccounts.status, 'INACTIVE'),
          eq(connectedAccounts.statusReason, STATUS_REASONS.authConfigDisabled),
          eq(connectedAccounts.isDisabled, false),
        ),
        { status: 'ACTIVE', reason: null, actor: 'auth_config' },
      );
    }
  });
  execAccountsChanged(projectId);
  return { success: true, id, status };
}

/** Soft delete; its connected accounts go with it (they cannot be used without it). */
export async function deleteAuthConfig(rt: Runtime, projectId: string, id: string) {
  await loadAuthConfig(rt.db, projectId, id);
  const now = new Date();
  await rt.db.transaction(async (tx) => {
    await tx
      .update(authConfigs)
      .set({ deletedAt: now })
      .where(and(eq(authConfigs.id, id), eq(authConfigs.projectId, projectId)));
    await tx
      .update(connectedAccounts)
      .set({ deletedAt: now })
      .where(and(eq(connectedAccounts.authConfigId, id), eq(connectedAccounts.projectId, projectId)));
  });
  execAccountsChanged(projectId);
  return { success: true, id };
}
