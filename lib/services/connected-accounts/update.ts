import { and, eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts } from '../../db/schema';
import { STATUS_REASONS } from '../../contract/common';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { errors } from '../../contract/errors';
import { loadAuthConfig } from '../auth-configs/read';
import { isRedirectScheme, resolveToolkit, schemeOf } from '../toolkits/resolve';
import { providerUpfront, startReauthFlow, type Upfront } from '../oauth/initiate';
import { loadAccount } from './read';
import { transition } from './transitions';
import { assertAliasFree } from './create';
import { execAccountsChanged } from '../cache/exec-accounts';
import { type AclPatch, patchedSharing } from './sharing';

/**
 * Disable: `is_disabled` and INACTIVE ("Connection status updated by the user"). Enable reverses
 * it, but an account that was not usable before it was disabled does not become ACTIVE by it.
 */
export async function setAccountEnabled(rt: Runtime, projectId: string, id: string, enabled: boolean) {
  await rt.db.transaction(async (tx) => {
    const acc = await loadAccount(tx, projectId, id, true);
    if (enabled) {
      if (!acc.isDisabled) return;
      const ac = await loadAuthConfig(tx, projectId, acc.authConfigId);
      const usable = acc.statusReason === STATUS_REASONS.userUpdated && acc.status === 'INACTIVE';
      const to = ac.status === 'DISABLED' ? 'INACTIVE' : usable ? 'ACTIVE' : acc.status;
      const reason = ac.status === 'DISABLED' ? STATUS_REASONS.authConfigDisabled : STATUS_REASONS.userUpdated;
      await transition(tx, projectId, eq(connectedAccounts.id, id), {
        status: to,
        reason,
        isDisabled: false,
        actor: 'user',
      });
    } else {
      if (acc.isDisabled) return;
      // Remember the status before disabling so enabling gives back exactly that.
      const params = { ...acc.params, status_before_disable: acc.status };
      await transition(tx, projectId, eq(connectedAccounts.id, id), {
        status: acc.status === 'ACTIVE' ? 'INACTIVE' : acc.status,
        reason: STATUS_REASONS.userUpdated,
        isDisabled: true,
        actor: 'user',
        extra: { params },
      });
    }
  });
  execAccountsChanged(projectId);
  return { success: true };
}

/** PATCH alias and/or credentials (merge: null removes a field). */
export async function patchAccount(
  rt: Runtime,
  projectId: string,
  id: string,
  body: {
    alias?: string;
    connection?: { state: { authScheme: string; val: Record<string, string | null> } };
    experimental?: { acl_config_for_shared: AclPatch };
  },
) {
  const out = await rt.db.transaction(async (tx) => {
    const acc = await loadAccount(tx, projectId, id, true);
    const set: Partial<typeof connectedAccounts.$inferInsert> = { updatedAt: new Date() };
    if (body.alias !== undefined) {
      await assertAliasFree(tx, projectId, acc.userId, acc.toolkitSlug, body.alias || undefined, id);
      set.alias = body.alias === '' ? null : body.alias;
    }
    if (body.connection) {
      if (body.connection.state.authScheme !== acc.authScheme) {
        throw errors.validation(`authScheme must match the connection's scheme ${acc.authScheme}`, [
          `connection.state.authScheme: expected ${acc.authScheme}`,
        ]);
      }
      const val = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
      for (const [k, v] of Object.entries(body.connection.state.val)) {
        if (k === 'status') continue;
        if (v === null) delete val[k];
        else val[k] = v;
      }
      set.stateEnc = encryptJson(rt.keyring, val);
    }
    if (body.experimental?.acl_config_for_shared) {
      set.params = patchedSharing(acc.params, body.experimental.acl_config_for_shared);
    }
    await tx
      .update(connectedAccounts)
      .set(set)
      .where(and(eq(connectedAccounts.id, id), eq(connectedAccounts.projectId, projectId)));
    return { id, status: acc.status, success: true };
  });
  execAccountsChanged(projectId);
  return out;
}

export async function deleteAccount(rt: Runtime, projectId: string, id: string) {
  await loadAccount(rt.db, projectId, id);
  await rt.db
    .update(connectedAccounts)
    .set({ deletedAt: new Date() })
    .where(and(eq(connectedAccounts.id, id), eq(connectedAccounts.projectId, projectId)));
  execAccountsChanged(projectId);
  return { success: true };
}

/** POST /refresh: OAuth accounts re-initiate (old tokens kept until new ones arrive); others report their status. */
export async function refreshAccount(rt: Runtime, projectId: string, id: string, redirectUrl?: string) {
  // provider calls (request token, client credentials) first, outside the transaction
  const before = await loadAccount(rt.db, projectId, id);
  let upfront: Upfront = {};
  if (isRedirectScheme(before.authScheme)) {
    const ac = await loadAuthConfig(rt.db, projectId, before.authConfigId);
    const tk = await resolveToolkit(rt, projectId, before.toolkitSlug);
    const sc = schemeOf(tk, before.authScheme);
    // an MCP account's state may ask for a wider scope (step-up)
    if (sc)
      upfront = await providerUpfront(
        rt,
        ac,
        tk,
        sc,
        decryptJson<Record<string, unknown>>(rt.keyring, before.stateEnc),
      );
  }
  return rt.db.transaction(async (tx) => {
    const acc = await loadAccount(tx, projectId, id, true);
    if (!isRedirectScheme(acc.authScheme)) return { id, status: acc.status as never, redirect_url: null };
    const authConfig = await loadAuthConfig(tx, projectId, acc.authConfigId);
    const toolkit = await resolveToolkit(rt, projectId, acc.toolkitSlug);
    const scheme = schemeOf(toolkit, acc.authScheme);
    if (!scheme) throw errors.notImplemented(`Toolkit ${toolkit.slug} has no ${acc.authScheme} scheme`);
    const r = await startReauthFlow(rt, tx, {
      projectId,
      accountId: id,
      authConfig,
      toolkit,
      scheme,
      currentStatus: acc.status,
      callbackUrl: redirectUrl ?? (acc.params.callback_url as string | undefined),
      connectionData: {},
      upfront,
    });
    return { id, status: r.status as never, redirect_url: r.redirectUrl };
  });
}
