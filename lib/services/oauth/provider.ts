import type { Runtime } from '../../runtime';
import type { AuthSchemeDef, ToolkitDef } from '../../catalog/types';
import type { AuthConfigRow } from '../auth-configs/read';
import { decryptJson } from '../../crypto/secrets';
import { errors } from '../../contract/errors';
import { managedApp, managedAppEnvNames } from '../auth-configs/managed-apps';

/** Everything needed to talk to one provider for one auth config. */
export interface OAuthApp {
  mode: 'OAUTH2' | 'OAUTH1';
  clientId: string;
  clientSecret: string;
  /** OAuth2 authorize endpoint, or OAuth1 user authorization URL */
  authorizationUrl?: string;
  tokenUrl?: string;
  requestTokenUrl?: string;
  accessTokenUrl?: string;
  scopes: string[];
  scopeSeparator: string;
  redirectUri: string;
  /** OAuth2: 'authorization_code' (default) or 'client_credentials' */
  grantType: 'authorization_code' | 'client_credentials';
  /** client authentication at the token endpoint: 'client_secret_post' (default) or 'client_secret_basic' */
  tokenAuthMethod: 'client_secret_post' | 'client_secret_basic';
  /** extra authorize-URL parameters (e.g. access_type=offline) */
  extraAuthParams: Record<string, string>;
  /** Atlassian 3LO: where to list the sites a new token reaches (atlassian-sites.ts); absent elsewhere */
  accessibleResourcesUrl?: string;
}

export function callbackPath() {
  return '/api/v3/toolkits/auth/callback';
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/**
 * Resolve the OAuth app of an auth config: a custom config's own client_id/client_secret and
 * URL overrides (self-hosted providers, loopback test servers), or the service-managed app
 * from the server's environment.
 */
export function resolveOAuthApp(
  rt: Runtime,
  authConfig: AuthConfigRow,
  toolkit: ToolkitDef,
  scheme: AuthSchemeDef,
): OAuthApp {
  const mode = scheme.mode === 'OAUTH1' ? 'OAUTH1' : 'OAUTH2';
  const creds =
    authConfig.type === 'custom'
      ? (decryptJson<Record<string, unknown>>(rt.keyring, authConfig.credentialsEnc) ?? {})
      : (managedApp(toolkit.slug) as Record<string, unknown> | undefined);
  if (!creds) {
    const names = managedAppEnvNames(toolkit.slug);
    throw errors.badRequest(
      `No service-managed OAuth app is configured for ${toolkit.slug}`,
      'AuthConfig_ManagedAppMissing',
      `Set ${names.clientId} and ${names.clientSecret} on the server, or use an auth config of type "use_custom_auth" with your own client_id and client_secret.`,
    );
  }
  const clientId = str(creds.client_id) ?? str(creds.consumer_key);
  const clientSecret = str(creds.client_secret) ?? str(creds.consumer_secret);
  if (!clientId || !clientSecret) {
    throw errors.badRequest(
      `Auth config ${authConfig.id} has no client_id/client_secret`,
      'AuthConfig_CredentialsMissing',
      'Update the auth config with credentials.client_id and credentials.client_secret.',
    );
  }
  const o = scheme.oauth ?? {};
  const scopes = authConfig.scopes.length ? authConfig.scopes : (o.defaultScopes ?? []);
  const extra: Record<string, string> = { ...(o.authParams ?? {}) };
  const rawExtra = creds.authorization_params ?? creds.extra_auth_params;
  if (rawExtra && typeof rawExtra === 'object') {
    for (const [k, v] of Object.entries(rawExtra as Record<string, unknown>)) if (typeof v === 'string') extra[k] = v;
  }
  const grant = str(creds.grant_type) === 'client_credentials' ? 'client_credentials' : 'authorization_code';
  return {
    mode,
    clientId,
    clientSecret,
    authorizationUrl: fillUrl(
      str(creds.authorization_url) ?? str(creds.authorize_url) ?? o.authorizationUrl,
      creds,
      scheme,
    ),
    tokenUrl: fillUrl(str(creds.token_url) ?? o.tokenUrl, creds, scheme),
    requestTokenUrl: str(creds.request_token_url) ?? o.requestTokenUrl,
    accessTokenUrl: str(creds.access_token_url) ?? o.accessTokenUrl ?? (mode === 'OAUTH1' ? o.tokenUrl : undefined),
    scopes,
    scopeSeparator: o.scopeSeparator ?? ' ',
    redirectUri: str(creds.oauth_redirect_uri) ?? `${rt.config.publicUrl}${callbackPath()}`,
    grantType: grant,
    tokenAuthMethod: tokenAuthMethod(str(creds.token_endpoint_auth_method) ?? o.tokenAuthMethod),
    extraAuthParams: extra,
    // an auth config may move the lookup (a proxy, a loopback fake in tests), never switch it on
    ...(o.accessibleResourcesUrl
      ? { accessibleResourcesUrl: str(creds.accessible_resources_url) ?? o.accessibleResourcesUrl }
      : {}),
  };
}

function tokenAuthMethod(v: string | undefined): OAuthApp['tokenAuthMethod'] {
  return v === 'client_secret_basic' ? 'client_secret_basic' : 'client_secret_post';
}

/**
 * Endpoints with a per-app part in the path (Microsoft's `/{tenant}/oauth2/v2.0/authorize`): each
 * `{field}` is the auth config's value of that field, else the field's declared default. The value
 * is one path segment, so it is URL-encoded and cannot redirect the flow to another host or path.
 */
function fillUrl(url: string | undefined, creds: Record<string, unknown>, scheme: AuthSchemeDef): string | undefined {
  if (!url || !url.includes('{')) return url;
  const fields = [...scheme.authConfigFields.required, ...scheme.authConfigFields.optional];
  const own = new Set([...scheme.connectionFields.required, ...scheme.connectionFields.optional].map((f) => f.name));
  return url.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = str(creds[name]) ?? str(fields.find((f) => f.name === name)?.default);
    // a field of the connection (Shopify's shop) is filled per account by account-urls.ts
    if (!v && own.has(name)) return m;
    if (!v) {
      throw errors.badRequest(
        `The auth config has no ${name}, which the provider's OAuth URL needs`,
        'AuthConfig_CredentialsMissing',
        `Set credentials.${name} on the auth config.`,
      );
    }
    return encodeURIComponent(v);
  });
}

export function requireUrl(url: string | undefined, what: string, field: string): string {
  if (!url) {
    throw errors.badRequest(
      `The toolkit defines no ${what}`,
      'AuthConfig_OAuthUrlMissing',
      `Set credentials.${field} on the auth config.`,
    );
  }
  return url;
}

/**
 * The API base URL an auth config overrides (self-hosted GitHub Enterprise, GitLab …):
 * `credentials.base_url` (or `api_base_url`) of a custom auth config; undefined to use the toolkit's.
 */
export function apiBaseUrlOverride(rt: Runtime, authConfig: AuthConfigRow): string | undefined {
  if (authConfig.type !== 'custom') return undefined;
  const creds = decryptJson<Record<string, unknown>>(rt.keyring, authConfig.credentialsEnc) ?? {};
  const v = str(creds.base_url) ?? str(creds.api_base_url);
  return v?.replace(/\/+$/, '');
}
