import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { AuthSchemeDef, CredentialPlacement, ToolkitDef } from '../../catalog/types';
import { managedApp } from '../auth-configs/managed-apps';

/** An outgoing request while it is being built. */
export interface OutRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | Buffer | FormData | URLSearchParams;
  /** form fields, for OAuth1 signatures of urlencoded bodies */
  formFields?: Record<string, string>;
}

/** Credentials for one call: from a connected account, or given with the call. */
export interface CallAuth {
  mode: string;
  val: Record<string, unknown>;
  /** auth config credentials (OAuth1 consumer key/secret, base_url override) */
  configCredentials?: () => Record<string, unknown>;
  authConfigType?: 'default' | 'custom';
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

/** Field lookup with the aliases the v3 state union uses for the same credential. */
function field(val: Record<string, unknown>, name: string): string | undefined {
  const direct = str(val[name]);
  if (direct !== undefined) return direct;
  if (name === 'api_key') return str(val.generic_api_key) ?? str(val.token);
  if (name === 'token') return str(val.access_token) ?? str(val.bearer_token) ?? str(val.api_key);
  if (name === 'access_token') return str(val.token);
  return undefined;
}

export class MissingCredentialError extends Error {}

function defaultPlacement(mode: string, val: Record<string, unknown>): CredentialPlacement[] {
  switch (mode) {
    case 'OAUTH2':
    case 'DCR_OAUTH':
    case 'CIMD_OAUTH':
    case 'S2S_OAUTH2':
    case 'GOOGLE_SERVICE_ACCOUNT':
      return [{ in: 'bearer', field: 'access_token' }];
    case 'BEARER_TOKEN':
      return [{ in: 'bearer', field: 'token' }];
    case 'BASIC':
    case 'BASIC_WITH_JWT':
      return [{ in: 'basic', usernameField: 'username', passwordField: 'password' }];
    case 'API_KEY':
      if (str(val.bearer_token)) return [{ in: 'bearer', field: 'bearer_token' }];
      if (str(val.basic_encoded))
        return [{ in: 'header', name: 'Authorization', field: 'basic_encoded', prefix: 'Basic ' }];
      return [{ in: 'bearer', field: 'api_key' }];
    default:
      return [];
  }
}

/** The placements for a mode: the toolkit's own (catalog) when it defines that scheme, else the scheme's default. */
export function placementsFor(
  toolkit: ToolkitDef | undefined,
  mode: string,
  val: Record<string, unknown>,
): CredentialPlacement[] {
  const scheme: AuthSchemeDef | undefined = toolkit?.authSchemes.find((s) => s.mode === mode);
  return scheme?.placement?.length ? scheme.placement : defaultPlacement(mode, val);
}

/** Apply credentials to a request (before it is sent; OAuth1 signs the final URL and method). */
export function applyCredentials(req: OutRequest, auth: CallAuth, toolkit: ToolkitDef | undefined) {
  const { mode, val } = auth;
  if (mode === 'NO_AUTH') return;
  if (mode === 'OAUTH1') return signOAuth1(req, auth, toolkit);
  for (const p of placementsFor(toolkit, mode, val)) {
    if (p.in === 'bearer') {
      const v = field(val, p.field);
      if (v === undefined) throw new MissingCredentialError(`the connected account has no ${p.field}`);
      const type = str(val.token_type);
      req.headers.authorization = `${type && /^(bearer|mac)$/i.test(type) ? type[0]!.toUpperCase() + type.slice(1).toLowerCase() : 'Bearer'} ${v}`;
    } else if (p.in === 'header') {
      const v = field(val, p.field);
      if (v === undefined) throw new MissingCredentialError(`the connected account has no ${p.field}`);
      req.headers[p.name.toLowerCase()] = `${p.prefix ?? ''}${v}`;
    } else if (p.in === 'query') {
      const v = field(val, p.field);
      if (v === undefined) throw new MissingCredentialError(`the connected account has no ${p.field}`);
      req.url.searchParams.set(p.name, v);
    } else if (p.in === 'basic') {
      const u = field(val, p.usernameField);
      if (u === undefined) throw new MissingCredentialError(`the connected account has no ${p.usernameField}`);
      const pw = p.password ?? field(val, p.passwordField) ?? '';
      req.headers.authorization = `Basic ${Buffer.from(`${u}:${pw}`).toString('base64')}`;
    }
  }
}

function signOAuth1(req: OutRequest, auth: CallAuth, toolkit: ToolkitDef | undefined) {
  const token = str(auth.val.oauth_token);
  const tokenSecret = str(auth.val.oauth_token_secret) ?? '';
  if (!token) throw new MissingCredentialError('the connected account has no oauth_token');
  const creds = auth.configCredentials?.() ?? {};
  const managed = auth.authConfigType === 'default' && toolkit ? managedApp(toolkit.slug) : undefined;
  const key = str(auth.val.consumer_key) ?? str(creds.client_id) ?? str(creds.consumer_key) ?? managed?.client_id;
  const secret =
    str(auth.val.consumer_secret) ?? str(creds.client_secret) ?? str(creds.consumer_secret) ?? managed?.client_secret;
  if (!key || !secret) throw new MissingCredentialError('no OAuth1 consumer key/secret for this auth config');
  const oauth = new OAuth({
    consumer: { key, secret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, k) => createHmac('sha1', k).update(base).digest('base64'),
  });
  const data = oauth.authorize(
    { url: req.url.toString(), method: req.method, data: req.formFields },
    { key: token, secret: tokenSecret },
  );
  req.headers.authorization = oauth.toHeader(data).Authorization;
}

/** Headers whose values are credentials: never logged, never echoed. */
export const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);
