/**
 * Builders for toolkits that have no OpenAPI description to compile (GraphQL APIs such as Linear,
 * keyless public APIs such as Hacker News, small search APIs): the toolkit is declared here, in
 * code, and all its tools are curated. The registry lists them beside the compiled toolkits
 * (`standalone.ts`); `GET /toolkits/{slug}` shows the same fields as for any other toolkit.
 */
import { oauth2AuthConfigFields } from '../compile/auth';
import type { AuthField, AuthSchemeDef, CredentialPlacement, ToolkitDef } from '../types';
import type { CuratedTool } from './types';

export interface StandaloneToolkit {
  toolkit: ToolkitDef;
  tools: CuratedTool[];
}

export const CATEGORIES = {
  pm: { slug: 'project-management', name: 'Project Management' },
  dev: { slug: 'developer-tools', name: 'Developer Tools' },
  news: { slug: 'entertainment-media', name: 'Entertainment & Media' },
  search: { slug: 'search-web', name: 'Search & Web' },
  ai: { slug: 'artificial-intelligence', name: 'Artificial Intelligence' },
  data: { slug: 'databases', name: 'Databases' },
} as const;

export function field(
  name: string,
  displayName: string,
  description: string,
  required = true,
  secret = false,
): AuthField {
  return { name, displayName, description, type: 'string', required, ...(secret ? { secret: true } : {}) };
}

export function oauth2Scheme(o: {
  authorizationUrl: string;
  tokenUrl: string;
  scopes: string[];
  separator?: string;
  /** provider-required authorize parameters and token-endpoint client authentication */
  authParams?: Record<string, string>;
  tokenAuthMethod?: 'client_secret_post' | 'client_secret_basic';
  /** fields the end user gives when connecting (an Atlassian cloud id, a shop subdomain …) */
  connection?: AuthField[];
}): AuthSchemeDef {
  return {
    mode: 'OAUTH2',
    name: 'OAuth2',
    authConfigFields: oauth2AuthConfigFields({
      authorizationUrl: o.authorizationUrl,
      tokenUrl: o.tokenUrl,
      scopes: o.scopes,
    }),
    connectionFields: { required: o.connection ?? [], optional: [] },
    placement: [{ in: 'bearer', field: 'access_token' }],
    oauth: {
      authorizationUrl: o.authorizationUrl,
      tokenUrl: o.tokenUrl,
      defaultScopes: o.scopes,
      scopeSeparator: o.separator ?? ' ',
      ...(o.authParams ? { authParams: o.authParams } : {}),
      ...(o.tokenAuthMethod ? { tokenAuthMethod: o.tokenAuthMethod } : {}),
    },
  };
}

/** An API key the end user gives when connecting, placed where the provider reads it. */
export function apiKeyScheme(description: string, placement: CredentialPlacement): AuthSchemeDef {
  return {
    mode: 'API_KEY',
    name: 'API key',
    authConfigFields: { required: [], optional: [] },
    connectionFields: { required: [field('api_key', 'API Key', description, true, true)], optional: [] },
    placement: [placement],
  };
}

/** A personal or bot token the end user pastes, sent as `Authorization: Bearer <token>`. */
export function bearerTokenScheme(description: string, connection: AuthField[] = []): AuthSchemeDef {
  return {
    mode: 'BEARER_TOKEN',
    name: 'Bearer token',
    authConfigFields: { required: [], optional: [] },
    connectionFields: { required: [field('token', 'Token', description, true, true), ...connection], optional: [] },
    placement: [{ in: 'bearer', field: 'token' }],
  };
}

/** User name and password (or email and API token) as HTTP Basic. */
export function basicScheme(connection: AuthField[] = []): AuthSchemeDef {
  return {
    mode: 'BASIC',
    name: 'Basic auth',
    authConfigFields: { required: [], optional: [] },
    connectionFields: {
      required: [
        field('username', 'Username', 'Username'),
        field('password', 'Password', 'Password', true, true),
        ...connection.filter((f) => f.required),
      ],
      optional: connection.filter((f) => !f.required),
    },
    placement: [{ in: 'basic', usernameField: 'username', passwordField: 'password' }],
  };
}

/**
 * Server-to-server OAuth2 (RFC 6749 §4.4 client credentials, or a provider's variant such as Zoom's
 * `account_credentials`): no end-user consent. The connected account holds the app's client id and
 * secret (encrypted, masked); Junction asks the token endpoint for an access token when the account
 * is created (a wrong secret is refused there) and again before each token expires.
 */
export function s2sOAuth2Scheme(o: {
  tokenUrl: string;
  scopes: string[];
  separator?: string;
  /** fields besides client id and secret the grant or the API needs (Zoom's account_id) */
  connection?: AuthField[];
  grantType?: string;
  /** extra token-request fields, `{field}` filled from the account */
  tokenParams?: Record<string, string>;
  /** default client_secret_basic (RFC 6749 §2.3.1: every server supports it) */
  tokenAuthMethod?: 'client_secret_post' | 'client_secret_basic';
}): AuthSchemeDef {
  return {
    mode: 'S2S_OAUTH2',
    name: 'Server-to-server OAuth2',
    authConfigFields: {
      required: [],
      optional: [{ ...field('scopes', 'Scopes', 'Scopes to request', false), default: o.scopes.join(',') }],
    },
    connectionFields: {
      required: [
        field('client_id', 'Client ID', 'Client id of your server-to-server app'),
        field('client_secret', 'Client secret', 'Client secret of your server-to-server app', true, true),
        ...(o.connection ?? []).filter((f) => f.required),
      ],
      optional: (o.connection ?? []).filter((f) => !f.required),
    },
    placement: [{ in: 'bearer', field: 'access_token' }],
    oauth: {
      tokenUrl: o.tokenUrl,
      defaultScopes: o.scopes,
      scopeSeparator: o.separator ?? ' ',
      tokenAuthMethod: o.tokenAuthMethod ?? 'client_secret_basic',
      ...(o.grantType ? { grantType: o.grantType } : {}),
      ...(o.tokenParams ? { tokenParams: o.tokenParams } : {}),
    },
  };
}

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/**
 * A Google service account's JSON key: Junction signs a JWT assertion with the key (RS256) and trades
 * it for an access token at Google's token endpoint (RFC 7523), optionally acting as a Workspace user
 * (`subject`, domain-wide delegation), and renews it before it expires.
 */
export function googleServiceAccountScheme(o: { scopes: string[]; connection?: AuthField[] }): AuthSchemeDef {
  return {
    mode: 'GOOGLE_SERVICE_ACCOUNT',
    name: 'Google service account',
    authConfigFields: {
      required: [],
      optional: [{ ...field('scopes', 'Scopes', 'Scopes to request', false), default: o.scopes.join(',') }],
    },
    connectionFields: {
      required: [
        field('credentials_json', 'Service account key', 'The JSON key file of the service account', true, true),
        ...(o.connection ?? []),
      ],
      optional: [
        field('subject', 'Subject', 'Email of a Workspace user to act as (needs domain-wide delegation)', false),
      ],
    },
    placement: [{ in: 'bearer', field: 'access_token' }],
    oauth: { tokenUrl: GOOGLE_TOKEN_URL, defaultScopes: o.scopes, scopeSeparator: ' ' },
  };
}

export function standaloneToolkit(
  t: Omit<ToolkitDef, 'logo' | 'version' | 'toolsCount' | 'noAuth' | 'source'> & { noAuth?: boolean },
  tools: CuratedTool[],
): StandaloneToolkit {
  return {
    toolkit: {
      ...t,
      logo: '', // set by the registry (served from /logos)
      version: '20251101_00',
      noAuth: t.noAuth ?? false,
      // listed tools only, as the registry counts them (lib/catalog/registry.ts listedCount)
      toolsCount: tools.filter((x) => !x.deprecated).length,
      source: { package: 'junction (curated)', version: '1', document: `lib/catalog/curated/${t.slug}.ts` },
    },
    tools,
  };
}
