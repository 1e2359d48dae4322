import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Runtime } from '../../runtime';
import type { AuthSchemeDef, ToolkitDef } from '../../catalog/types';
import type { AuthConfigRow } from '../auth-configs/read';
import { connectedAccounts, oauthFlows } from '../../db/schema';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { errors } from '../../contract/errors';
import { nowMs } from '../../clock';
import { transition } from '../connected-accounts/transitions';
import { resolveOAuthApp, type OAuthApp } from './provider';
import { authorizationUrl, clientCredentials, newCodeVerifier, TokenError, type TokenSet } from './oauth2';
import { authorizeUrl, requestToken } from './oauth1';
import { withAccountUrls } from './account-urls';
import { withConnectionDefaults } from '../../catalog/field-defaults';

/** How long a pending flow (state, PKCE verifier, request token) stays usable. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

export interface RedirectStart {
  projectId: string;
  accountId: string;
  authConfig: AuthConfigRow;
  toolkit: ToolkitDef;
  scheme: AuthSchemeDef;
  /** where to send the user after the provider (the `callback_url` given at creation) */
  callbackUrl?: string;
  /** pre-filled non-secret fields (subdomain, region …) */
  connectionData: Record<string, unknown>;
  /** the provider's answers this start needs, fetched before the transaction (providerUpfront) */
  upfront: Upfront;
  /** hash of the Connect page's browser-binding cookie (browser-binding.ts); absent for API-initiated flows */
  bindingHash?: string;
}

/**
 * What starting a flow needs from the provider before the user goes there: an OAuth1 request
 * token, or (client credentials, no user) the tokens themselves. Fetched by the caller before it
 * opens its transaction, so no database connection waits on the provider (up to 20 s).
 */
export interface Upfront {
  requestToken?: { token: string; secret: string };
  tokens?: TokenSet;
}

export async function providerUpfront(
  rt: Runtime,
  authConfig: AuthConfigRow,
  toolkit: ToolkitDef,
  scheme: AuthSchemeDef,
): Promise<Upfront> {
  const app = resolveOAuthApp(rt, authConfig, toolkit, scheme);
  if (app.mode === 'OAUTH1') {
    try {
      const t = await requestToken(rt, app, app.redirectUri);
      return { requestToken: { token: t.token, secret: t.secret } };
    } catch (err) {
      throw providerError(err, 'request token');
    }
  }
  if (app.mode === 'OAUTH2' && app.grantType === 'client_credentials') {
    try {
      return { tokens: await clientCredentials(rt, app) };
    } catch (err) {
      throw providerError(err, 'client credentials grant');
    }
  }
  return {};
}

/** The auth config changed between the provider call and the transaction: rare, and a retry fixes it. */
function changedMeanwhile() {
  return errors.conflict(
    'The auth config changed while the connection was being started; try again',
    'AuthConfig_Changed',
  );
}

export interface RedirectStarted {
  /** ACTIVE only for grants without a user (OAuth2 client credentials) */
  status: 'INITIALIZING' | 'INITIATED' | 'ACTIVE';
  /** stored encrypted as state.val (must contain redirectUrl when INITIATED) */
  val: Record<string, unknown>;
  redirectUrl: string | null;
}

/** Keys of state.val that belong to a flow or to tokens, not to the account's own fields (subdomain …). */
const FLOW_KEYS = new Set([
  'status',
  'redirectUrl',
  'callback_url',
  'callbackUrl',
  'authUri',
  'code_verifier',
  'finalRedirectUri',
  'long_redirect_url',
  'state_prefix',
  'error',
  'error_description',
  'expired_at',
  'access_token',
  'refresh_token',
  'expires_in',
  'scope',
  'token_type',
  'id_token',
  'oauth_token',
  'oauth_token_secret',
  'oauth_verifier',
  'consumer_key',
  'authed_user',
  'expires_at',
]);

/** The account's own fields of a state.val (subdomain, region, …), without flow and token keys. */
export function accountFields(val: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(val ?? {}).filter(([k]) => !FLOW_KEYS.has(k)));
}

export function flowHash(kind: 'oauth2' | 'oauth1', value: string): string {
  return createHash('sha256').update(`${kind}:${value}`).digest('hex');
}

/** Token-endpoint answer → state.val fields and the clear-text expiry column. */
export function tokenFields(t: TokenSet): { val: Record<string, unknown>; expiresAt: Date | null } {
  const val: Record<string, unknown> = { ...t };
  const expiresIn = Number(t.expires_in);
  return { val, expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(nowMs() + expiresIn * 1000) : null };
}

interface Begun {
  redirectUrl: string;
  /** what INITIATED state.val carries for this flow */
  val: Record<string, unknown>;
}

/** Create the pending flow row and the provider URL the user must visit. */
async function beginFlow(
  rt: Runtime,
  tx: Tx,
  projectId: string,
  accountId: string,
  app: OAuthApp,
  callbackUrl: string | undefined,
  reauth: boolean,
  upfront: Upfront,
  bindingHash: string | undefined,
): Promise<Begun> {
  const expiresAt = new Date(nowMs() + FLOW_TTL_MS);
  const browserBindingHash = bindingHash ?? null;
  if (app.mode === 'OAUTH1') {
    const rtok = upfront.requestToken;
    if (!rtok) throw changedMeanwhile();
    await tx.insert(oauthFlows).values({
      id: randomUUID(),
      projectId,
      connectedAccountId: accountId,
      kind: 'oauth1',
      stateHash: flowHash('oauth1', rtok.token),
      secretEnc: encryptJson(rt.keyring, { token_secret: rtok.secret }),
      redirectUri: app.redirectUri,
      callbackUrl: callbackUrl ?? null,
      reauth,
      expiresAt,
      browserBindingHash,
    });
    const url = authorizeUrl(app, rtok.token);
    return {
      redirectUrl: url,
      val: {
        authUri: url,
        oauth_token: rtok.token,
        oauth_token_secret: rtok.secret,
        redirectUrl: url,
        ...(callbackUrl ? { callbackUrl } : {}),
      },
    };
  }
  const state = randomBytes(32).toString('base64url');
  const verifier = newCodeVerifier();
  const url = await authorizationUrl(app, state, verifier);
  await tx.insert(oauthFlows).values({
    id: randomUUID(),
    projectId,
    connectedAccountId: accountId,
    kind: 'oauth2',
    stateHash: flowHash('oauth2', state),
    secretEnc: encryptJson(rt.keyring, { code_verifier: verifier }),
    redirectUri: app.redirectUri,
    callbackUrl: callbackUrl ?? null,
    reauth,
    expiresAt,
    browserBindingHash,
  });
  return { redirectUrl: url, val: { redirectUrl: url, ...(callbackUrl ? { callback_url: callbackUrl } : {}) } };
}

function providerError(err: unknown, what: string) {
  if (err instanceof TokenError) {
    return errors.badRequest(
      `The provider refused the OAuth ${what}: ${err.error ?? err.message}${err.errorDescription ? ` (${err.errorDescription})` : ''}`,
      'ConnectedAccount_ProviderError',
      "Check the auth config's client_id, client_secret and URLs.",
    );
  }
  return err;
}

/**
 * Start an OAuth flow for a new connected account (its row exists, INITIALIZING). OAuth2 gets
 * state + PKCE, OAuth1 fetches a request token first; both answer INITIATED with the provider URL.
 * An OAuth2 auth config with `grant_type: client_credentials` needs no user: ACTIVE at once.
 */
export async function startRedirectFlow(rt: Runtime, tx: Tx, input: RedirectStart): Promise<RedirectStarted> {
  // connection fields the user left out take their declared defaults (Wrike's data center)
  const fields = withConnectionDefaults(input.scheme, accountFields(input.connectionData));
  const app = withAccountUrls(resolveOAuthApp(rt, input.authConfig, input.toolkit, input.scheme), fields);
  if (app.mode === 'OAUTH2' && app.grantType === 'client_credentials') {
    const t = input.upfront.tokens;
    if (!t) throw changedMeanwhile();
    const { val, expiresAt } = tokenFields(t);
    await tx
      .update(connectedAccounts)
      .set({ tokenExpiresAt: expiresAt })
      .where(eq(connectedAccounts.id, input.accountId));
    return { status: 'ACTIVE', val: { ...fields, ...val }, redirectUrl: null };
  }
  const begun = await beginFlow(
    rt,
    tx,
    input.projectId,
    input.accountId,
    app,
    input.callbackUrl,
    false,
    input.upfront,
    input.bindingHash,
  );
  return { status: 'INITIATED', val: { ...fields, ...begun.val }, redirectUrl: begun.redirectUrl };
}

/**
 * Re-authorise an existing OAuth account (POST /connected_accounts/{id}/refresh). A usable
 * account (ACTIVE, or INACTIVE because disabled) keeps its status and tokens until the new ones
 * arrive, so a user abandoning the flow breaks nothing. Others move to INITIATED.
 */
export async function startReauthFlow(
  rt: Runtime,
  tx: Tx,
  input: RedirectStart & { currentStatus: string },
): Promise<{ status: string; redirectUrl: string | null }> {
  const app = resolveOAuthApp(rt, input.authConfig, input.toolkit, input.scheme);
  const row = (
    await tx
      .select({ stateEnc: connectedAccounts.stateEnc })
      .from(connectedAccounts)
      .where(eq(connectedAccounts.id, input.accountId))
  )[0];
  const current = decryptJson<Record<string, unknown>>(rt.keyring, row?.stateEnc) ?? {};
  const keep = input.currentStatus === 'ACTIVE' || input.currentStatus === 'INACTIVE';
  if (app.mode === 'OAUTH2' && app.grantType === 'client_credentials') {
    const t = input.upfront.tokens;
    if (!t) throw changedMeanwhile();
    const { val, expiresAt } = tokenFields(t);
    const extra = {
      stateEnc: encryptJson(rt.keyring, { ...accountFields(current), ...val }),
      tokenExpiresAt: expiresAt,
      authFailures: 0,
    };
    const status = input.currentStatus === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE';
    if (status === 'INACTIVE') {
      await tx
        .update(connectedAccounts)
        .set({ ...extra, updatedAt: new Date() })
        .where(eq(connectedAccounts.id, input.accountId));
    } else {
      await transition(tx, input.projectId, eq(connectedAccounts.id, input.accountId), {
        status,
        reason: null,
        actor: 'api',
        extra,
      });
    }
    return { status, redirectUrl: null };
  }
  const begun = await beginFlow(
    rt,
    tx,
    input.projectId,
    input.accountId,
    withAccountUrls(app, { ...accountFields(current), ...accountFields(input.connectionData) }),
    input.callbackUrl,
    keep,
    input.upfront,
    input.bindingHash,
  );
  if (keep) return { status: input.currentStatus, redirectUrl: begun.redirectUrl };
  await transition(tx, input.projectId, eq(connectedAccounts.id, input.accountId), {
    status: 'INITIATED',
    reason: null,
    actor: 'api',
    extra: { stateEnc: encryptJson(rt.keyring, { ...accountFields(current), ...begun.val }) },
  });
  return { status: 'INITIATED', redirectUrl: begun.redirectUrl };
}
