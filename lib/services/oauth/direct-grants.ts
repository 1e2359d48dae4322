import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { Runtime } from '../../runtime';
import type { AuthSchemeDef, ToolkitDef } from '../../catalog/types';
import type { AuthConfigRow } from '../auth-configs/read';
import { decryptJson } from '../../crypto/secrets';
import { errors, namedError } from '../../contract/errors';
import { nowMs } from '../../clock';
import { callbackPath, type OAuthApp } from './provider';
import { grantRequest, TokenError, type TokenSet } from './oauth2';

/**
 * Token grants without a user at the provider: the connected account's own credentials are traded
 * for an access token, once when the account is created (so a wrong secret or key is refused there)
 * and again whenever the token is due (lib/services/oauth/tokens.ts, single-flight).
 *
 *  - S2S_OAUTH2: OAuth2 client credentials (RFC 6749 §4.4) with the account's client id and secret,
 *    or a provider's variant of it (Zoom: grant_type=account_credentials&account_id=…).
 *  - GOOGLE_SERVICE_ACCOUNT: a JWT signed with the service account's private key (RS256) is the
 *    grant (RFC 7523, urn:ietf:params:oauth:grant-type:jwt-bearer).
 */
export const DIRECT_GRANT_SCHEMES = new Set(['S2S_OAUTH2', 'GOOGLE_SERVICE_ACCOUNT']);
export const isDirectGrant = (mode: string) => DIRECT_GRANT_SCHEMES.has(mode);

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google caps an assertion's lifetime at one hour. */
const ASSERTION_TTL_S = 3600;
/** Token endpoints a service-account key may name: Google's own (a key's token_uri is user input). */
const GOOGLE_TOKEN_HOSTS = new Set(['oauth2.googleapis.com', 'accounts.google.com', 'www.googleapis.com']);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function configCredentials(rt: Runtime, authConfig: AuthConfigRow): Record<string, unknown> {
  return authConfig.type === 'custom'
    ? (decryptJson<Record<string, unknown>>(rt.keyring, authConfig.credentialsEnc) ?? {})
    : {};
}

/** `{field}` of a token URL or parameter, from the account's fields: one URL-safe value each. */
function fill(template: string, val: Record<string, unknown>, encode: boolean): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = str(val[name]);
    if (v === undefined) {
      throw errors.validation(`Missing field ${name}, which the token request needs`, [
        `connection.state.val.${name}: required`,
      ]);
    }
    return encode ? encodeURIComponent(v) : v;
  });
}

function appFor(
  rt: Runtime,
  authConfig: AuthConfigRow,
  scheme: AuthSchemeDef,
  tokenUrl: string,
  clientId: string,
  clientSecret: string,
): OAuthApp {
  const creds = configCredentials(rt, authConfig);
  const method = str(creds.token_endpoint_auth_method) ?? scheme.oauth?.tokenAuthMethod;
  return {
    mode: 'OAUTH2',
    clientId,
    clientSecret,
    tokenUrl,
    scopes: authConfig.scopes.length ? authConfig.scopes : (scheme.oauth?.defaultScopes ?? []),
    scopeSeparator: scheme.oauth?.scopeSeparator ?? ' ',
    redirectUri: `${rt.config.publicUrl}${callbackPath()}`,
    grantType: 'client_credentials',
    tokenAuthMethod: method === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic',
    extraAuthParams: {},
  };
}

/** The access token of a direct-grant account: asks the provider, throws TokenError or a 4xx ApiError. */
export async function directGrant(
  rt: Runtime,
  authConfig: AuthConfigRow,
  toolkit: ToolkitDef,
  scheme: AuthSchemeDef,
  val: Record<string, unknown>,
): Promise<TokenSet> {
  if (scheme.mode === 'GOOGLE_SERVICE_ACCOUNT') return serviceAccountGrant(rt, authConfig, scheme, val);
  const creds = configCredentials(rt, authConfig);
  const clientId = str(val.client_id) ?? str(creds.client_id);
  const clientSecret = str(val.client_secret) ?? str(creds.client_secret);
  if (!clientId || !clientSecret) {
    throw errors.validation(`Missing client_id or client_secret for ${toolkit.slug}'s server-to-server OAuth`, [
      'connection.state.val.client_id: required',
      'connection.state.val.client_secret: required',
    ]);
  }
  // an auth config may move the endpoint (a proxy, a self-hosted provider, a loopback fake in tests)
  const template = str(creds.token_url) ?? scheme.oauth?.tokenUrl;
  if (!template) throw errors.badRequest(`Toolkit ${toolkit.slug} defines no token URL`, 'AuthConfig_OAuthUrlMissing');
  const app = appFor(rt, authConfig, scheme, fill(template, val, true), clientId, clientSecret);
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(scheme.oauth?.tokenParams ?? {})) params[k] = fill(v, val, false);
  if (app.scopes.length) params.scope = app.scopes.join(app.scopeSeparator);
  return grantRequest(rt, app, scheme.oauth?.grantType ?? 'client_credentials', params);
}

interface ServiceAccountKey {
  client_email: string;
  private_key: KeyObject;
  private_key_id?: string;
  token_uri?: string;
}

/** The fields of a service-account JSON key that the grant needs; a malformed key is a 400. */
export function parseServiceAccountKey(raw: unknown): ServiceAccountKey {
  let key: Record<string, unknown> | undefined;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) key = raw as Record<string, unknown>;
  else if (typeof raw === 'string') {
    try {
      const parsed = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) key = parsed as Record<string, unknown>;
    } catch {
      key = undefined;
    }
  }
  const bad = (what: string) =>
    errors.validation(`credentials_json is not a usable service-account key: ${what}`, [
      `connection.state.val.credentials_json: ${what}`,
    ]);
  if (!key) throw bad('expected the JSON key file of a service account');
  if (key.type !== undefined && key.type !== 'service_account') throw bad('its type is not service_account');
  const email = str(key.client_email);
  const pem = str(key.private_key);
  if (!email) throw bad('client_email is missing');
  if (!pem) throw bad('private_key is missing');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw bad('private_key is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw bad('private_key is not an RSA key');
  return {
    client_email: email,
    private_key: privateKey,
    ...(str(key.private_key_id) ? { private_key_id: str(key.private_key_id) } : {}),
    ...(str(key.token_uri) ? { token_uri: str(key.token_uri) } : {}),
  };
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** An RS256 JWT (RFC 7519) over the claims, signed with the key. */
export function signJwt(claims: Record<string, unknown>, key: KeyObject, kid?: string): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(kid ? { kid } : {}) };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(sign('RSA-SHA256', Buffer.from(input), key))}`;
}

/**
 * Where the assertion goes: the auth config's token_url when it sets one, else the key's token_uri
 * when it is Google's, else Google's token endpoint. A key naming another host is refused: the key
 * is end-user input and must not send a signed assertion (or Junction's request) elsewhere.
 */
function serviceAccountTokenUrl(creds: Record<string, unknown>, key: ServiceAccountKey, scheme: AuthSchemeDef): string {
  const override = str(creds.token_url);
  if (override) return override;
  if (key.token_uri) {
    let host: string | undefined;
    try {
      const u = new URL(key.token_uri);
      host = u.protocol === 'https:' ? u.hostname : undefined;
    } catch {
      host = undefined;
    }
    if (!host || !GOOGLE_TOKEN_HOSTS.has(host)) {
      throw errors.validation("The service-account key's token_uri is not Google's token endpoint", [
        'connection.state.val.credentials_json: token_uri must be https://oauth2.googleapis.com/token',
      ]);
    }
    return key.token_uri;
  }
  return scheme.oauth?.tokenUrl ?? 'https://oauth2.googleapis.com/token';
}

async function serviceAccountGrant(
  rt: Runtime,
  authConfig: AuthConfigRow,
  scheme: AuthSchemeDef,
  val: Record<string, unknown>,
): Promise<TokenSet> {
  const key = parseServiceAccountKey(val.credentials_json);
  const creds = configCredentials(rt, authConfig);
  const tokenUrl = serviceAccountTokenUrl(creds, key, scheme);
  const app = appFor(rt, authConfig, scheme, tokenUrl, key.client_email, '');
  const iat = Math.floor(nowMs() / 1000);
  const subject = str(val.subject);
  const assertion = signJwt(
    {
      iss: key.client_email,
      scope: app.scopes.join(' '),
      aud: tokenUrl,
      iat,
      exp: iat + ASSERTION_TTL_S,
      ...(subject ? { sub: subject } : {}),
    },
    key.private_key,
    key.private_key_id,
  );
  return grantRequest(rt, app, JWT_BEARER, { assertion }, false);
}

/**
 * directGrant at connect time, its failures as the API answers them: refused credentials are a 400
 * (ConnectedAccount_CredentialRejected), an unreachable or failing provider a 502.
 */
export async function connectGrant(
  rt: Runtime,
  authConfig: AuthConfigRow,
  toolkit: ToolkitDef,
  scheme: AuthSchemeDef,
  val: Record<string, unknown>,
): Promise<TokenSet> {
  try {
    return await directGrant(rt, authConfig, toolkit, scheme, val);
  } catch (err) {
    if (!(err instanceof TokenError)) throw err;
    const what = scheme.mode === 'GOOGLE_SERVICE_ACCOUNT' ? 'service-account key' : 'client id and secret';
    const detail = `${err.error ?? err.message}${err.errorDescription ? ` (${err.errorDescription})` : ''}`;
    if (err.permanent) {
      throw namedError(
        'ConnectedAccount_CredentialRejected',
        `${toolkit.name}'s token endpoint refused the ${what}: ${detail}. Check them and try again.`,
      );
    }
    throw namedError(
      'ConnectedAccount_TokenRefreshFailed',
      `Could not get an access token from ${toolkit.name}: ${detail}`,
    );
  }
}
