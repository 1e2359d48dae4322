import { eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts } from '../../db/schema';
import { STATUS_REASONS } from '../../contract/common';
import { namedError } from '../../contract/errors';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { loadAuthConfig } from '../auth-configs/read';
import { resolveToolkit, schemeOf } from '../toolkits/resolve';
import { apiBaseUrlOverride, resolveOAuthApp } from '../oauth/provider';
import { revocationEndpoint, revokeToken } from '../oauth/revocation';
import { loadAccount } from './read';
import { transition } from './transitions';

type Subject = 'access_token' | 'refresh_token';

/** Token fields that stop meaning anything once the grant is revoked: dropped from the stored state. */
const TOKEN_FIELDS = ['access_token', 'refresh_token', 'id_token', 'expires_in', 'expires_at', 'token_type'];

/**
 * `POST /connected_accounts/{id}/revoke`: revoke the account's grant at the provider, then mark the
 * account REVOKED and drop its dead tokens (the account stays, so it can be listed, audited and
 * re-connected through refresh). Idempotent: a REVOKED account answers `revoked_tokens: []` without
 * calling the provider. The provider is called before anything is written, outside any transaction;
 * if it cannot be reached, nothing changes and the caller may try again.
 */
export async function revokeAccount(rt: Runtime, projectId: string, id: string) {
  const acc = await loadAccount(rt.db, projectId, id);
  if (acc.status === 'REVOKED')
    return { revoked_tokens: [] as Subject[], connected_account: { id, status: 'REVOKED' as const } };

  const notSupported = (why: string) =>
    namedError('ConnectedAccount_RevocationNotSupported', `Connected account ${id} cannot be revoked: ${why}`);
  if (acc.authScheme !== 'OAUTH2' && acc.authScheme !== 'DCR_OAUTH')
    throw notSupported(`${acc.authScheme} credentials have no revocation at the provider`);
  const authConfig = await loadAuthConfig(rt.db, projectId, acc.authConfigId);
  const toolkit = await resolveToolkit(rt, projectId, acc.toolkitSlug);
  const scheme = schemeOf(toolkit, acc.authScheme);
  if (!scheme) throw notSupported(`toolkit ${toolkit.slug} has no ${acc.authScheme} scheme`);
  const creds =
    authConfig.type === 'custom'
      ? (decryptJson<Record<string, unknown>>(rt.keyring, authConfig.credentialsEnc) ?? {})
      : {};
  const app = resolveOAuthApp(rt, authConfig, toolkit, scheme);
  let ep = revocationEndpoint(toolkit.slug, creds, app);
  // GitHub's revoke route lives on its API: a GitHub Enterprise auth config's API base moves it too
  const apiBase = ep?.style === 'github' ? apiBaseUrlOverride(rt, authConfig) : undefined;
  if (ep && apiBase) ep = { ...ep, url: apiBase };
  if (!ep) throw notSupported(`${toolkit.name} offers no programmatic token revocation`);
  if (acc.status !== 'ACTIVE') {
    throw namedError(
      'ConnectedAccount_NotRevokable',
      `Connected account ${id} is ${acc.status}: only ACTIVE accounts can be revoked`,
      { headers: { 'x-should-retry': 'false' } },
    );
  }

  const val = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
  const tokens: [Subject, string][] = [];
  // the refresh token first: revoking it ends the whole grant at most providers (RFC 7009 §2.1)
  if (ep.style === 'rfc7009' && typeof val.refresh_token === 'string' && val.refresh_token)
    tokens.push(['refresh_token', val.refresh_token]);
  if (typeof val.access_token === 'string' && val.access_token) tokens.push(['access_token', val.access_token]);

  const revoked: Subject[] = [];
  const problems: string[] = [];
  let gone = 0;
  for (const [subject, token] of tokens) {
    const r = await revokeToken(rt, ep, app, token, subject);
    if (r.ok) revoked.push(subject);
    else if (r.gone) gone += 1;
    else problems.push(`${subject}: ${r.reason}`);
  }
  // nothing revoked and the provider did not say the grant was gone: leave the account as it was
  if (!revoked.length && (problems.length || !gone)) {
    throw namedError(
      'ConnectedAccount_RevocationFailed',
      `Revoking connected account ${id} at ${toolkit.name} failed: ${problems.join('; ') || 'the account holds no token'}`,
      { headers: { 'x-should-retry': 'false' } },
    );
  }

  const rest = Object.fromEntries(Object.entries(val).filter(([k]) => !TOKEN_FIELDS.includes(k)));
  await rt.db.transaction((tx) =>
    transition(tx, projectId, eq(connectedAccounts.id, id), {
      status: 'REVOKED',
      reason: STATUS_REASONS.userRevoked,
      actor: 'user',
      extra: { stateEnc: encryptJson(rt.keyring, rest), tokenExpiresAt: null, refreshingUntil: null },
    }),
  );
  return { revoked_tokens: revoked, connected_account: { id, status: 'REVOKED' as const } };
}
