import { randomBytes } from 'node:crypto';
import {
  auth,
  exchangeAuthorization,
  extractWWWAuthenticateParams,
  refreshAuthorization,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAuthError, ServerError, TemporarilyUnavailableError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { Runtime } from '../../runtime';
import type { AuthSchemeDef, ToolkitDef } from '../../catalog/types';
import { errors } from '../../contract/errors';
import { checkUrl, outboundFailure } from '../../net/outbound';
import { envValue } from '../../config';
import { guardedFetch } from './transport';
import { unionScopes } from './step-up';

/**
 * Junction as an OAuth client of a remote MCP server (the MCP authorization specification),
 * built on the SDK's client auth: a probe for the server's `401` and its `WWW-Authenticate`
 * (resource metadata URL, scope) → RFC 9728 protected-resource metadata → RFC 8414 / OIDC
 * discovery → client registration → PKCE S256 authorization with `resource` (RFC 8707).
 *
 * Registration, in order: a client the auth config brings (pre-registered: `client_id`,
 * `client_secret`); Junction's client ID metadata document, published at its public URL, when
 * the authorization server supports those; dynamic client registration (RFC 7591) otherwise.
 *
 * Nothing here is kept in memory between requests: what a flow needs later (the client, the
 * authorization server's metadata, the resource) is stored, encrypted, in the connected
 * account's state (`client_id`, `client_secret`, … and `mcp_oauth`), and the PKCE verifier in
 * the pending flow row, as for every other OAuth connection.
 */

/** Where Junction publishes its client ID metadata document (below the public URL). */
export const CLIENT_METADATA_PATH = '/api/v3/mcp_client/client_metadata.json';

/**
 * The client ID Junction presents to authorization servers that accept client ID metadata
 * documents: the document's own URL. JUNCTION_MCP_CLIENT_METADATA_URL names it when the
 * document is published somewhere else (a CDN, another host name serving the same JSON).
 */
export function clientMetadataUrl(rt: Runtime): string {
  return envValue('JUNCTION_MCP_CLIENT_METADATA_URL') ?? `${rt.config.publicUrl}${CLIENT_METADATA_PATH}`;
}

export function oauthCallbackUrl(rt: Runtime): string {
  return `${rt.config.publicUrl}/api/v3/toolkits/auth/callback`;
}

/** The client ID metadata document: the client ID is its own URL. */
export function clientMetadataDocument(rt: Runtime): {
  client_id: string;
  client_name: string;
  client_uri: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: string;
} {
  return {
    client_id: clientMetadataUrl(rt),
    client_name: 'Junction',
    client_uri: rt.config.publicUrl,
    redirect_uris: [oauthCallbackUrl(rt)],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** A toolkit scheme whose connections use the MCP server's own OAuth. */
export function isMcpOAuth(toolkit: ToolkitDef, scheme: Pick<AuthSchemeDef, 'mode'>): boolean {
  return !!toolkit.mcp && (scheme.mode === 'DCR_OAUTH' || scheme.mode === 'CIMD_OAUTH');
}

/** What a connected account keeps of its MCP authorization (inside its encrypted state). */
export interface McpOAuthState {
  server_url: string;
  authorization_server: string;
  metadata?: AuthorizationServerMetadata;
  resource?: string;
  scope?: string;
  registration: 'preregistered' | 'client_id_metadata_document' | 'dynamic';
}

/** A flow's start: the URL for the user, and what the account and the flow row must keep. */
export interface McpOAuthStart {
  authorizationUrl: string;
  state: string;
  codeVerifier: string;
  /** the client's fields, stored on the account (the hosted DCR_OAUTH state names) */
  client: Record<string, unknown>;
  mcp: McpOAuthState;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** The SDK's OAuth errors and network failures as one message for the caller. */
export function mcpOAuthProblem(e: unknown, what: string) {
  if (e instanceof OAuthError) {
    return errors.badRequest(
      `The MCP server's authorization server refused the ${what}: ${e.errorCode}${e.message ? ` (${e.message})` : ''}`,
      'ConnectedAccount_ProviderError',
    );
  }
  const f = outboundFailure(e);
  const detail = f.kind === 'timeout' ? 'no answer in time' : (e as Error).message;
  return errors.badRequest(
    `Cannot start the MCP server's authorization (${what}): ${detail}`,
    'ConnectedAccount_ProviderError',
    "Check the toolkit's MCP URL and that its authorization server is reachable.",
  );
}

/**
 * Ask the MCP server without credentials: an MCP server that needs authorization answers 401
 * and names its protected-resource metadata and the scopes it wants in `WWW-Authenticate`.
 */
async function probe(rt: Runtime, serverUrl: string): Promise<{ resourceMetadataUrl?: URL; scope?: string }> {
  const res = await guardedFetch(rt, 20_000)(serverUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'junction', version: '0.1.0' },
      },
    }),
  });
  await res.body?.cancel().catch(() => {});
  if (res.status !== 401) return {};
  const p = extractWWWAuthenticateParams(res);
  return { resourceMetadataUrl: p.resourceMetadataUrl, scope: p.scope };
}

/**
 * Begin an authorization: discovery, registration and the authorization URL, through the SDK's
 * `auth()`. `preregistered` is the auth config's own client, if it has one.
 */
export async function startMcpAuthorization(
  rt: Runtime,
  input: {
    serverUrl: string;
    scheme: 'DCR_OAUTH' | 'CIMD_OAUTH';
    preregistered?: { client_id: string; client_secret?: string };
    /** scopes an auth config pins; otherwise those of WWW-Authenticate, else scopes_supported */
    scopes?: string[];
    /** scopes a server asked for with 403 insufficient_scope (step-up), added to the others */
    stepUpScope?: string;
  },
): Promise<McpOAuthStart> {
  const fetchFn = guardedFetch(rt, 20_000);
  const cimdUrl = clientMetadataUrl(rt);
  const meta = clientMetadataDocument(rt);
  const stash: {
    client?: OAuthClientInformationMixed;
    discovery?: OAuthDiscoveryState;
    url?: URL;
    verifier?: string;
    registration: McpOAuthState['registration'];
  } = { registration: input.preregistered ? 'preregistered' : 'dynamic' };
  if (input.preregistered) stash.client = { ...input.preregistered };
  const state = randomBytes(32).toString('base64url');
  const https = cimdUrl.startsWith('https://');
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return oauthCallbackUrl(rt);
    },
    // the SDK uses a client ID metadata document only at an https:// URL
    ...(https ? { clientMetadataUrl: cimdUrl } : {}),
    get clientMetadata(): OAuthClientMetadata {
      const { client_id: _id, ...rest } = meta;
      return rest;
    },
    state: () => state,
    clientInformation: () => stash.client,
    saveClientInformation: (info) => {
      stash.client = info;
      if (info.client_id === cimdUrl) stash.registration = 'client_id_metadata_document';
    },
    tokens: () => undefined,
    saveTokens: () => {},
    redirectToAuthorization: (url) => {
      stash.url = url;
    },
    saveCodeVerifier: (v) => {
      stash.verifier = v;
    },
    codeVerifier: () => stash.verifier ?? '',
    discoveryState: () => stash.discovery,
    saveDiscoveryState: (d) => {
      stash.discovery = d;
      // Behind plain http (development, loopback tests) the SDK will not offer the document
      // itself; the choice is the same one it makes: the document when the server supports it.
      if (
        !https &&
        !stash.client &&
        rt.config.allowInsecureUrls &&
        d.authorizationServerMetadata?.client_id_metadata_document_supported === true
      ) {
        stash.client = { client_id: cimdUrl, issuer: d.authorizationServerUrl } as OAuthClientInformationMixed;
        stash.registration = 'client_id_metadata_document';
      }
    },
  };
  let found: { resourceMetadataUrl?: URL; scope?: string };
  try {
    found = await probe(rt, input.serverUrl);
  } catch (e) {
    throw mcpOAuthProblem(e, 'first request');
  }
  const base = input.scopes?.length ? input.scopes.join(' ') : found.scope;
  const scope = input.stepUpScope ? unionScopes(base, input.stepUpScope) : base;
  try {
    const r = await auth(provider, {
      serverUrl: input.serverUrl,
      ...(scope ? { scope } : {}),
      ...(found.resourceMetadataUrl ? { resourceMetadataUrl: found.resourceMetadataUrl } : {}),
      fetchFn,
    });
    if (r !== 'REDIRECT' || !stash.url || !stash.verifier || !stash.client) {
      throw new Error('the authorization server did not ask for a user authorization');
    }
  } catch (e) {
    throw mcpOAuthProblem(e, 'client registration or discovery');
  }
  const url = stash.url;
  // The user's browser is sent here: only http(s), and under the SSRF guard's rules for its form
  // (https, no private or metadata address literal), so a hostile metadata document cannot aim the
  // Connect page at a javascript: URL or at an address inside the user's network.
  try {
    checkUrl(url.toString(), { allowInsecure: rt.config.allowInsecureUrls });
  } catch (e) {
    throw errors.badRequest(
      `The MCP server's authorization endpoint is not allowed: ${(e as Error).message}`,
      'ConnectedAccount_ProviderError',
    );
  }
  const d = stash.discovery;
  const c = stash.client as Record<string, unknown>;
  const client: Record<string, unknown> = { client_id: c.client_id };
  for (const k of ['client_secret', 'client_id_issued_at', 'client_secret_expires_at'])
    if (c[k] !== undefined) client[k] = c[k];
  return {
    authorizationUrl: url.toString(),
    state,
    codeVerifier: stash.verifier,
    client,
    mcp: {
      server_url: input.serverUrl,
      authorization_server: d?.authorizationServerUrl ?? new URL(input.serverUrl).origin,
      ...(d?.authorizationServerMetadata ? { metadata: d.authorizationServerMetadata } : {}),
      ...(url.searchParams.get('resource') ? { resource: url.searchParams.get('resource')! } : {}),
      ...(url.searchParams.get('scope') ? { scope: url.searchParams.get('scope')! } : {}),
      registration: stash.registration,
    },
  };
}

/** The MCP part of an account's state, if it has one. */
export function mcpStateOf(val: Record<string, unknown>): McpOAuthState | undefined {
  const m = val.mcp_oauth;
  return m && typeof m === 'object' && typeof (m as McpOAuthState).authorization_server === 'string'
    ? (m as McpOAuthState)
    : undefined;
}

function clientOf(val: Record<string, unknown>): OAuthClientInformationMixed {
  const id = str(val.client_id);
  if (!id) throw new Error('the account has no OAuth client_id');
  const secret = str(val.client_secret);
  return { client_id: id, ...(secret ? { client_secret: secret } : {}) };
}

/** A token endpoint's failure as Junction's TokenError fields: the OAuth code and whether retrying can help. */
export function tokenFailure(e: unknown): { error?: string; description: string; permanent: boolean } {
  if (e instanceof OAuthError) {
    const transient = e instanceof ServerError || e instanceof TemporarilyUnavailableError;
    return { error: e.errorCode, description: e.message, permanent: !transient };
  }
  return { description: (e as Error).message ?? String(e), permanent: false };
}

function asTokenSet(t: OAuthTokens): Record<string, unknown> & { access_token: string } {
  const out: Record<string, unknown> & { access_token: string } = {
    access_token: t.access_token,
    token_type: t.token_type,
  };
  if (t.expires_in !== undefined) out.expires_in = t.expires_in;
  if (t.refresh_token) out.refresh_token = t.refresh_token;
  if (t.scope) out.scope = t.scope;
  if (t.id_token) out.id_token = t.id_token;
  return out;
}

/** The callback's code for tokens, with the verifier, redirect URI and resource of the authorization request. */
export async function exchangeMcpCode(
  rt: Runtime,
  val: Record<string, unknown>,
  code: string,
  codeVerifier: string,
  redirectUri: string,
) {
  const m = mcpStateOf(val);
  if (!m) throw new Error('the account has no MCP authorization state');
  const tokens = await exchangeAuthorization(m.authorization_server, {
    metadata: m.metadata,
    clientInformation: clientOf(val),
    authorizationCode: code,
    codeVerifier,
    redirectUri,
    ...(m.resource ? { resource: new URL(m.resource) } : {}),
    fetchFn: guardedFetch(rt, 20_000),
  });
  return asTokenSet(tokens);
}

/** A refresh_token grant at the account's authorization server, with its resource. */
export async function refreshMcpTokens(rt: Runtime, val: Record<string, unknown>, refreshToken: string) {
  const m = mcpStateOf(val);
  if (!m) throw new Error('the account has no MCP authorization state');
  const tokens = await refreshAuthorization(m.authorization_server, {
    metadata: m.metadata,
    clientInformation: clientOf(val),
    refreshToken,
    ...(m.resource ? { resource: new URL(m.resource) } : {}),
    fetchFn: guardedFetch(rt, 20_000),
  });
  return asTokenSet(tokens);
}
