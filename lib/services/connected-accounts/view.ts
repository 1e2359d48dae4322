import type { authConfigs, connectedAccounts, ProjectSettings } from '../../db/schema';
import type { ConnectedAccount } from '../../contract/connected-accounts';
import type { AuthScheme, ConnectionStatus } from '../../contract/common';
import { decryptObjectCached, type Keyring } from '../../crypto/secrets';
import { maskSecrets } from './secrets';
import { experimentalView, paramsWithoutSharing } from './sharing';

export type AccountRow = typeof connectedAccounts.$inferSelect;
export type AuthConfigRow = typeof authConfigs.$inferSelect;
/** What the read shape is made of: the ORM's row, or the hot read's plain-SQL row (read.ts). */
export type AccountViewRow = Pick<
  AccountRow,
  | 'id'
  | 'uuid'
  | 'toolkitSlug'
  | 'alias'
  | 'wordId'
  | 'authScheme'
  | 'status'
  | 'statusReason'
  | 'isDisabled'
  | 'stateEnc'
  | 'params'
  | 'labels'
  | 'testRequestEndpoint'
  | 'userId'
  | 'createdAt'
  | 'updatedAt'
>;

/** The decrypted `state.val` of an account, with its status. */
export function stateVal(ring: Keyring, row: Pick<AccountRow, 'stateEnc' | 'status'>): Record<string, unknown> {
  return { ...decryptObjectCached(ring, row.stateEnc), status: row.status };
}

/**
 * Whether this project's reads and event payloads mask secrets. On unless the project explicitly
 * turned it off (`mask_secret_keys_in_connected_account: false`), as the hosted service now
 * redacts tokens in its responses: a read reaches logs, dashboards and scripts far more often
 * than a credential is meant to leave. Event bodies (webhooks) follow the same rule.
 */
export function masksSecrets(settings: ProjectSettings | null | undefined): boolean {
  return settings?.mask_secret_keys_in_connected_account !== false;
}

/** Event payloads (webhook bodies) mask exactly as reads do. */
export const masksEventSecrets = masksSecrets;

/** `params` is free-form (what a create carried): any secret-named key in it is masked too. */
function maskParams(params: unknown): unknown {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return params;
  return maskSecrets(params as Record<string, unknown>);
}

/**
 * The read shape of the seed's table. `user_id` is deprecated and, as the seed says, not echoed:
 * it is the empty string (filtering by it still works) unless the caller asked for the owner with
 * our `show_user_id` extension (`opts.showUserId`).
 */
export function accountView(
  account: AccountViewRow,
  authConfig: Pick<AuthConfigRow, 'id' | 'uuid' | 'type' | 'status'>,
  settings: ProjectSettings,
  ring: Keyring,
  opts: { mask?: boolean; showUserId?: boolean } = {},
): ConnectedAccount {
  const raw = stateVal(ring, account);
  const mask = opts.mask ?? masksSecrets(settings);
  const val = mask ? maskSecrets(raw) : raw;
  const managed = authConfig.type === 'default';
  const params = paramsWithoutSharing(account.params);
  const experimental = experimentalView(account.params);
  return {
    id: account.id,
    alias: account.alias,
    word_id: account.wordId,
    toolkit: { slug: account.toolkitSlug },
    auth_config: {
      id: authConfig.id,
      auth_scheme: account.authScheme as AuthScheme,
      is_composio_managed: managed,
      is_service_managed: managed,
      is_disabled: authConfig.status === 'DISABLED',
      deprecated: { uuid: authConfig.uuid },
    },
    user_id: opts.showUserId ? account.userId : '',
    status: account.status as ConnectionStatus,
    status_reason: account.statusReason,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
    state: { authScheme: account.authScheme as AuthScheme, val: val as ConnectedAccount['state']['val'] },
    data: val,
    params: (mask ? maskParams(params) : params) as ConnectedAccount['params'],
    is_disabled: account.isDisabled,
    ...(account.testRequestEndpoint ? { test_request_endpoint: account.testRequestEndpoint } : {}),
    deprecated: { labels: account.labels, uuid: account.uuid },
    ...(experimental ? { experimental } : {}),
  };
}
