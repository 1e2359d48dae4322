/**
 * Shapes of the compiled tool catalog. The catalog is compiled at build time from
 * real OpenAPI documents (scripts/catalog/) and read at run time by lib/catalog.
 * These types are the contract between the compiler, the registry and the services.
 */

import type { CuratedImpl } from './curated/types';
import type { JsonSchemaObject, ToolHttp } from './http-types';

export type AuthSchemeName =
  | 'OAUTH2'
  | 'OAUTH1'
  | 'API_KEY'
  | 'BASIC'
  | 'BEARER_TOKEN'
  | 'NO_AUTH'
  | 'BILLCOM_AUTH'
  | 'GOOGLE_SERVICE_ACCOUNT'
  | 'BASIC_WITH_JWT'
  | 'CALCOM_AUTH'
  | 'SERVICE_ACCOUNT'
  | 'SAML'
  | 'DCR_OAUTH'
  | 'S2S_OAUTH2'
  | 'CIMD_OAUTH';

/** One input field of an auth scheme, as `GET /toolkits/{slug}` describes it. */
export interface AuthField {
  name: string;
  displayName: string;
  description: string;
  type: string; // 'string' | 'boolean' | 'number'
  required: boolean;
  default?: string | null;
  /** Secret fields are encrypted at rest and masked in responses. */
  secret?: boolean;
  /**
   * The only values the field may take (Mixpanel's data-residency hosts). Such a field may hold a
   * dotted host in a URL template; any other URL field must be a single DNS label.
   */
  choices?: readonly string[];
}

/** Where a credential goes on the outgoing request. */
export type CredentialPlacement =
  | { in: 'header'; name: string; field: string; prefix?: string }
  | { in: 'query'; name: string; field: string }
  | { in: 'bearer'; field: string }
  | {
      in: 'basic';
      usernameField: string;
      passwordField: string;
      /** a fixed password the provider documents for API-key-as-user-name schemes (Freshdesk's `X`) */
      password?: string;
    };

export interface AuthSchemeDef {
  mode: AuthSchemeName;
  name: string;
  /** Fields the project gives when creating an auth config (client_id, client_secret, …). */
  authConfigFields: { required: AuthField[]; optional: AuthField[] };
  /** Fields the end user gives when connecting (api_key, subdomain, …). */
  connectionFields: { required: AuthField[]; optional: AuthField[] };
  /** How credentials are injected; OAuth schemes use a bearer access token unless stated. */
  placement?: CredentialPlacement[];
  /**
   * The API base URL for accounts of this scheme when it is not the toolkit's (Jira: Basic auth
   * talks to the site, OAuth 2.0 to Atlassian's gateway); `{field}` templates as in ToolkitDef.baseUrl.
   */
  baseUrl?: string;
  oauth?: {
    authorizationUrl?: string;
    tokenUrl?: string;
    /** OAuth1 only */
    requestTokenUrl?: string;
    accessTokenUrl?: string;
    defaultScopes?: string[];
    scopeSeparator?: string;
    pkce?: boolean;
    /** extra authorize-URL parameters the provider needs (Reddit's duration=permanent); an auth config's authorization_params win */
    authParams?: Record<string, string>;
    /** client authentication at the token endpoint when the provider requires one (Reddit: HTTP Basic) */
    tokenAuthMethod?: 'client_secret_post' | 'client_secret_basic';
    /**
     * Atlassian 3LO: after the token exchange, ask this endpoint which sites the token reaches and
     * keep the chosen one's cloud_id, site_url and site_name on the account (services/oauth/atlassian-sites.ts).
     */
    accessibleResourcesUrl?: string;
    /**
     * Server-to-server grants (S2S_OAUTH2): the `grant_type` the token endpoint expects when it is not
     * `client_credentials` (Zoom's `account_credentials`), and extra form fields of that request whose
     * `{field}` templates are filled from the connected account (Zoom's `account_id={account_id}`).
     */
    grantType?: string;
    tokenParams?: Record<string, string>;
  };
}

export interface ToolkitDef {
  slug: string; // lower-case, e.g. 'github'
  name: string;
  description: string;
  logo: string;
  appUrl?: string;
  categories: { slug: string; name: string }[];
  version: string; // e.g. '20251101_00'
  baseUrl: string; // may contain {subdomain}-style templates filled from state.val
  authSchemes: AuthSchemeDef[];
  noAuth: boolean;
  toolsCount: number;
  getCurrentUserEndpoint?: string;
  /**
   * The toolkit declares a cheap verification request (a mapping file's `define.verify`): a typed
   * credential is checked with it when an end user connects.
   */
  verifyOnConnect?: boolean;
  /** method of the verification request when it is not GET */
  getCurrentUserMethod?: string;
  /** static headers every request of this toolkit carries (e.g. Notion-Version); values may use {field} templates like baseUrl */
  defaultHeaders?: Record<string, string>;
  /** where the tools came from, for the note and the UI */
  source: { package: string; version: string; document: string };
  /** a toolkit backed by a remote MCP server: Junction is the MCP client (lib/services/mcp-client) */
  mcp?: McpServerDef;
  /** 'custom' for a project's own toolkits (the hosted `type`) */
  type?: 'native' | 'custom';
}

/** Where and how to reach the remote MCP server behind a toolkit. */
export interface McpServerDef {
  /** the server's MCP endpoint (Streamable HTTP, or an HTTP+SSE endpoint for older servers) */
  url: string;
  /**
   * API_KEY toolkits: headers sent on every MCP request; `{{generic_api_key}}` in a value is
   * replaced by the connected account's key
   */
  headers?: Record<string, string>;
  /** DCR_OAUTH toolkits registered with a discovery_url (the hosted upsert field), kept for the record */
  discoveryUrl?: string;
}

export type { JsonSchemaObject, ToolHttp } from './http-types';

export interface ToolDef {
  slug: string; // GITHUB_CREATE_AN_ISSUE
  name: string;
  description: string;
  toolkit: string; // toolkit slug
  tags: string[];
  scopes: string[];
  important: boolean;
  noAuth: boolean;
  deprecated: boolean;
  inputParameters: JsonSchemaObject;
  outputParameters: JsonSchemaObject;
  http: ToolHttp;
  /** curated tools only (lib/catalog/curated): how to run it; never serialised */
  curated?: CuratedImpl;
  /**
   * declared in the hosted vocabulary as data (lib/catalog/mappings) rather than in code: listed and
   * ranked like a curated tool (`is_curated`), since moving a plain tool into data must not change it
   */
  mapped?: true;
  /** an older slug kept as an alias: the slug of the tool it stands for */
  aliasOf?: string;
  /** the provider's operationId this tool was compiled from (compiled tools) */
  operationId?: string;
  /**
   * Another toolkit's tool this one runs (mappings' `same_as`): its arguments, request, base URL and
   * default headers, with this toolkit's connection. The registry fills the rest in when it loads the toolkit.
   */
  sameAs?: string;
  /** alternate argument spellings accepted at run time: alternate → declared name (mappings' `rename`) */
  argRenames?: Record<string, string>;
  /** values for absent arguments, applied before validation (mappings' `defaults`) */
  argDefaults?: Record<string, unknown>;
  /** a tool of a remote MCP server: its name there (for `tools/call`) and its annotations as listed */
  mcp?: { name: string; title?: string; annotations?: Record<string, unknown> };
}
