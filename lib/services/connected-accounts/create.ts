import { and, eq, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import type { CreateConnectedAccountBody } from '../../contract/connected-accounts';
import type { ToolkitDef, AuthSchemeDef } from '../../catalog/types';
import { connectedAccounts } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { ApiError, errors, namedError } from '../../contract/errors';
import { loadAuthConfig, type AuthConfigRow } from '../auth-configs/read';
import { isRedirectScheme, resolveToolkit, schemeOf } from '../toolkits/resolve';
import { providerUpfront, startRedirectFlow, tokenFields, type Upfront } from '../oauth/initiate';
import { missingFields } from '../auth-configs/create';
import { choiceProblem, withConnectionDefaults } from '../../catalog/field-defaults';
import { recordCreation } from './transitions';
import { callbackVerifierUrl, isPlaceholderUser, REAL_USER_REQUIRED } from '../oauth/verification';
import { wordId } from './words';
import { execAccountsChanged } from '../cache/exec-accounts';
import { getProjectSettings } from '../tenancy/projects';
import { maskSecrets } from './secrets';
import { masksSecrets } from './view';
import { testRequestEndpointOf, verifyCredential } from './verify';
import { connectGrant, isDirectGrant } from '../oauth/direct-grants';
import type { TokenSet } from '../oauth/oauth2';

/** Keys of state.val that describe the flow rather than credentials; never taken from the caller on import. */
const STATUS_KEYS = new Set(['status']);

export interface NewAccountInput {
  authConfigId: string;
  userId: string;
  alias?: string;
  callbackUrl?: string;
  /** credentials / tenant fields given by the caller (state.val or connection_data) */
  val?: Record<string, unknown>;
  stateScheme?: string;
  params?: Record<string, unknown>;
  actor?: string;
}

export async function assertAliasFree(
  tx: Tx,
  projectId: string,
  userId: string,
  toolkit: string,
  alias: string | undefined,
  exceptId?: string,
) {
  if (!alias) return;
  const rows = await tx
    .select({ id: connectedAccounts.id })
    .from(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.projectId, projectId),
        eq(connectedAccounts.userId, userId),
        eq(connectedAccounts.toolkitSlug, toolkit),
        eq(connectedAccounts.alias, alias),
        isNull(connectedAccounts.deletedAt),
      ),
    )
    .limit(2);
  if (rows.some((r) => r.id !== exceptId)) {
    // deterministic: the SDK would otherwise retry a 409 twice (v3.1 surface §0.4)
    throw new ApiError(
      409,
      1409,
      'ConnectedAccount_AliasTaken',
      `Alias "${alias}" is already used by another ${toolkit} account of this user`,
      { headers: { 'x-should-retry': 'false' } },
    );
  }
}

/** Validate credentials for schemes that need no redirect; returns the val to store. */
export function validateDirectCredentials(
  scheme: AuthSchemeDef | undefined,
  mode: string,
  val: Record<string, unknown>,
  shared: Record<string, unknown>,
) {
  // a connection field the user left out takes its declared default (PostHog's region, Wrike's data center)
  const merged = withConnectionDefaults(scheme, { ...shared, ...val });
  if (mode === 'NO_AUTH' || !scheme) return merged;
  const missing = missingFields(scheme.connectionFields.required, merged, 'connection.state.val');
  if (missing.length) {
    throw errors.validation(
      `Missing fields for ${mode}: ${missing.map((m) => m.split(':')[0]).join(', ')}`,
      missing,
      'Send the fields in connection.state.val, or create a Connect Link (POST /api/v3/connected_accounts/link) so the user fills them in.',
    );
  }
  const wrong = choiceProblem(scheme, merged);
  if (wrong) throw errors.validation(`Invalid connection field: ${wrong}`, [`connection.state.val.${wrong}`]);
  for (const [k, v] of Object.entries(val)) {
    if (v !== undefined && v !== null && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      throw errors.validation(`connection.state.val.${k} must be a string`, [
        `connection.state.val.${k}: expected string`,
      ]);
    }
  }
  return merged;
}

/**
 * Create a connected account from an auth config. Direct schemes (API key, bearer, basic,
 * no auth) become ACTIVE at once after their fields are checked; OAuth schemes start a redirect
 * flow unless an access token is imported.
 */
export async function createAccount(rt: Runtime, projectId: string, input: NewAccountInput) {
  // read once for the provider calls made before the transaction; the transaction reads it again
  const before = await loadAuthConfig(rt.db, projectId, input.authConfigId);
  const upfront = await upfrontFor(rt, projectId, before, input);
  await verifyFor(rt, projectId, before, input);
  const granted = await directTokensFor(rt, projectId, before, input);
  const verifier = isPlaceholderUser(input.userId) ? await callbackVerifierUrl(rt, projectId) : undefined;
  const created = await rt.db.transaction(async (tx) => {
    const authConfig = await loadAuthConfig(tx, projectId, input.authConfigId);
    if (authConfig.status === 'DISABLED') {
      throw errors.badRequest(
        `Auth config ${authConfig.id} is disabled`,
        'AuthConfig_Disabled',
        'Enable it with PATCH /api/v3/auth_configs/{id}/ENABLED.',
      );
    }
    const toolkit = await resolveToolkit(rt, projectId, authConfig.toolkitSlug);
    const mode = authConfig.authScheme;
    if (input.stateScheme && input.stateScheme !== mode) {
      throw errors.validation(
        `connection.state.authScheme ${input.stateScheme} does not match the auth config's scheme ${mode}`,
        [`connection.state.authScheme: expected ${mode}`],
      );
    }
    await assertAliasFree(tx, projectId, input.userId, toolkit.slug, input.alias);
    const scheme = schemeOf(toolkit, mode);
    const given = Object.fromEntries(Object.entries(input.val ?? {}).filter(([k]) => !STATUS_KEYS.has(k)));
    const id = newId('connectedAccount');
    const base = {
      id,
      projectId,
      authConfigId: authConfig.id,
      toolkitSlug: toolkit.slug,
      userId: input.userId,
      alias: input.alias ?? null,
      wordId: wordId(toolkit.slug),
      authScheme: mode,
      testRequestEndpoint: testRequestEndpointOf(toolkit),
      params: { ...(input.params ?? {}), ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}) },
    };
    let status: string;
    let val: Record<string, unknown>;
    let redirectUrl: string | null = null;
    let uuid: string;
    const importsToken = typeof given.access_token === 'string' || typeof given.oauth_token === 'string';
    if (isRedirectScheme(mode) && !importsToken) {
      if (!scheme) throw errors.badRequest(`Toolkit ${toolkit.slug} has no ${mode} scheme`);
      if (verifier) throw namedError('CompleteAuth_RealUserRequired', REAL_USER_REQUIRED);
      // The row must exist before the flow's state (PKCE verifier, OAuth1 request token) refers to it.
      [{ uuid }] = (await tx
        .insert(connectedAccounts)
        .values({ ...base, status: 'INITIALIZING' })
        .returning({ uuid: connectedAccounts.uuid })) as [{ uuid: string }];
      const started = await startRedirectFlow(rt, tx, {
        projectId,
        accountId: id,
        authConfig,
        toolkit,
        scheme,
        callbackUrl: input.callbackUrl,
        connectionData: given,
        upfront,
      });
      status = started.status;
      val = started.val;
      redirectUrl = started.redirectUrl;
      await tx
        .update(connectedAccounts)
        .set({ status, stateEnc: encryptJson(rt.keyring, val), updatedAt: new Date() })
        .where(eq(connectedAccounts.id, id));
    } else {
      const shared = decryptJson<Record<string, unknown>>(rt.keyring, authConfig.sharedCredentialsEnc) ?? {};
      val = isRedirectScheme(mode)
        ? withConnectionDefaults(scheme, given)
        : validateDirectCredentials(scheme, mode, given, shared);
      status = 'ACTIVE';
      let expiresIn = Number(given.expires_in);
      if (granted) {
        // the token a server-to-server grant just returned, kept beside the credentials it came from
        val = { ...val, ...tokenFields(granted).val };
        expiresIn = Number(granted.expires_in);
      }
      [{ uuid }] = (await tx
        .insert(connectedAccounts)
        .values({
          ...base,
          status,
          stateEnc: encryptJson(rt.keyring, val),
          tokenExpiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
        })
        .returning({ uuid: connectedAccounts.uuid })) as [{ uuid: string }];
    }
    await recordCreation(tx, projectId, id, status, input.actor);
    return { id, status, val, redirectUrl, authConfig, toolkit, uuid };
  });
  // a user-and-toolkit lookup cached before may now have a better account to pick
  if (created.status === 'ACTIVE') execAccountsChanged(projectId);
  return created;
}

/**
 * The provider calls a new account's flow needs (OAuth1 request token, client-credentials
 * tokens), made before the transaction opens. Whatever this skips (a disabled config, a scheme
 * mismatch) the transaction rejects with its usual error.
 */
async function upfrontFor(
  rt: Runtime,
  projectId: string,
  authConfig: AuthConfigRow,
  input: NewAccountInput,
): Promise<Upfront> {
  const mode = authConfig.authScheme;
  if (authConfig.status === 'DISABLED' || !isRedirectScheme(mode) || (input.stateScheme && input.stateScheme !== mode))
    return {};
  const given = input.val ?? {};
  if (typeof given.access_token === 'string' || typeof given.oauth_token === 'string') return {};
  const toolkit = await resolveToolkit(rt, projectId, authConfig.toolkitSlug);
  const scheme = schemeOf(toolkit, mode);
  return scheme ? providerUpfront(rt, authConfig, toolkit, scheme) : {};
}

/**
 * The verification request of a typed credential, made before the transaction opens (a slow
 * provider must not hold the database). Whatever this skips the transaction checks as usual.
 */
async function verifyFor(rt: Runtime, projectId: string, authConfig: AuthConfigRow, input: NewAccountInput) {
  const mode = authConfig.authScheme;
  if (authConfig.status === 'DISABLED' || isRedirectScheme(mode) || (input.stateScheme && input.stateScheme !== mode))
    return;
  const toolkit = await resolveToolkit(rt, projectId, authConfig.toolkitSlug);
  const shared = decryptJson<Record<string, unknown>>(rt.keyring, authConfig.sharedCredentialsEnc) ?? {};
  const given = Object.fromEntries(Object.entries(input.val ?? {}).filter(([k]) => !STATUS_KEYS.has(k)));
  const val = validateDirectCredentials(schemeOf(toolkit, mode), mode, given, shared);
  const configCreds =
    authConfig.type === 'custom'
      ? (decryptJson<Record<string, unknown>>(rt.keyring, authConfig.credentialsEnc) ?? {})
      : {};
  await verifyCredential(rt, toolkit, mode, val, configCreds);
}

/**
 * Server-to-server schemes (S2S_OAUTH2, GOOGLE_SERVICE_ACCOUNT): the first access token, asked for
 * before the transaction opens. It also checks the credentials: a wrong secret or key is refused
 * here with a 400 instead of failing at the first tool call. An imported access token skips it.
 */
async function directTokensFor(
  rt: Runtime,
  projectId: string,
  authConfig: AuthConfigRow,
  input: NewAccountInput,
): Promise<TokenSet | undefined> {
  const mode = authConfig.authScheme;
  if (authConfig.status === 'DISABLED' || !isDirectGrant(mode) || (input.stateScheme && input.stateScheme !== mode))
    return undefined;
  const given = Object.fromEntries(Object.entries(input.val ?? {}).filter(([k]) => !STATUS_KEYS.has(k)));
  if (typeof given.access_token === 'string' && given.access_token) return undefined;
  const toolkit = await resolveToolkit(rt, projectId, authConfig.toolkitSlug);
  const scheme = schemeOf(toolkit, mode);
  if (!scheme) return undefined;
  const shared = decryptJson<Record<string, unknown>>(rt.keyring, authConfig.sharedCredentialsEnc) ?? {};
  const val = validateDirectCredentials(scheme, mode, given, shared);
  return connectGrant(rt, authConfig, toolkit, scheme, val);
}

export async function createConnectedAccount(rt: Runtime, projectId: string, body: CreateConnectedAccountBody) {
  const conn = body.connection;
  const created = await createAccount(rt, projectId, {
    authConfigId: body.auth_config.id,
    userId: conn.user_id ?? 'default',
    alias: conn.alias,
    callbackUrl: conn.callback_url ?? conn.redirect_uri,
    val: conn.state?.val ?? conn.data,
    stateScheme: conn.state?.authScheme,
  });
  // the response echoes the stored val (with any shared credentials of the auth config merged in):
  // masked like a read unless the project opted out
  const settings = await getProjectSettings(rt.db, projectId);
  return createdResponse(created, masksSecrets(settings));
}

export function createdResponse(
  c: {
    id: string;
    status: string;
    val: Record<string, unknown>;
    redirectUrl: string | null;
    authConfig: AuthConfigRow;
    uuid: string;
  },
  mask = true,
) {
  const val = mask ? maskSecrets(c.val) : c.val;
  return {
    id: c.id,
    connectionData: { authScheme: c.authConfig.authScheme as never, val: { ...val, status: c.status as never } },
    status: c.status as never,
    redirect_url: c.redirectUrl,
    redirect_uri: c.redirectUrl,
    deprecated: { authConfigUuid: c.authConfig.uuid, uuid: c.uuid },
  };
}

export type { ToolkitDef };
