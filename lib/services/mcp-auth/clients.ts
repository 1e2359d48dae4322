import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { mcpOauthClients } from '../../db/schema';
import { hashApiKey, randomToken } from '../../crypto/ids';
import { NOT_REACHABLE, outboundFailure, outboundFetch, readCappedText } from '../../net/outbound';
import { log } from '../../log';
import { ClientRegistrationBody } from '../../contract/mcp-auth';
import { zodIssues } from '../../contract/errors';
import { AuthorizePageError, OAuthError } from './errors';

export type ClientRow = typeof mcpOauthClients.$inferSelect;

const BLOCKED_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'about:', 'blob:']);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OAuth 2.1 §2.3.1 / §7.5: https, http only to a loopback address (native apps), or a
 * private-use scheme; never a fragment. Plain http elsewhere only with JUNCTION_ALLOW_INSECURE_URLS.
 */
export function checkRedirectUri(rt: Runtime, raw: string): string | undefined {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return `${raw.slice(0, 200)} is not an absolute URI`;
  }
  if (u.hash || raw.includes('#')) return `${raw.slice(0, 200)} must not contain a fragment`;
  if (BLOCKED_SCHEMES.has(u.protocol)) return `${u.protocol} redirect URIs are not allowed`;
  if (u.protocol === 'http:' && !LOOPBACK.has(u.hostname) && !rt.config.allowInsecureUrls) {
    return `${raw.slice(0, 200)}: http is allowed only for loopback addresses`;
  }
  return undefined;
}

/** RFC 7591 registration: a public client (token_endpoint_auth_method none) or one with a secret, stored hashed. */
export async function registerClient(rt: Runtime, input: unknown) {
  const parsed = ClientRegistrationBody.safeParse(input);
  if (!parsed.success) {
    const issues = zodIssues(parsed.error, 'body');
    const code = issues.some((i) => i.startsWith('body.redirect_uris'))
      ? 'invalid_redirect_uri'
      : 'invalid_client_metadata';
    throw new OAuthError(code, issues.join('; '));
  }
  const body = parsed.data;
  for (const uri of body.redirect_uris) {
    const problem = checkRedirectUri(rt, uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }
  // RFC 7591 §2: the default method is client_secret_basic.
  const method = body.token_endpoint_auth_method ?? 'client_secret_basic';
  const grantTypes = body.grant_types ?? ['authorization_code'];
  if (!grantTypes.includes('authorization_code')) {
    throw new OAuthError(
      'invalid_client_metadata',
      'grant_types must include authorization_code: it is the only way to obtain a token here',
    );
  }
  const secret = method === 'none' ? undefined : `mcps_${randomToken(48)}`;
  const id = `mcpc_${randomToken(24)}`;
  const { redirect_uris, token_endpoint_auth_method: _m, client_name, ...rest } = body;
  const metadata = { ...rest, grant_types: grantTypes, response_types: ['code'] };
  const [row] = await rt.db
    .insert(mcpOauthClients)
    .values({
      id,
      kind: 'registered',
      name: client_name ?? null,
      secretHash: secret ? hashApiKey(secret) : null,
      tokenEndpointAuthMethod: method,
      redirectUris: redirect_uris,
      metadata,
    })
    .returning();
  return {
    client_id: id,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(row!.createdAt.getTime() / 1000),
    redirect_uris,
    token_endpoint_auth_method: method,
    ...(client_name ? { client_name } : {}),
    ...metadata,
  };
}

/** A client_id that is a URL names a client ID metadata document (https; http only in insecure mode). */
export function isMetadataDocumentId(rt: Runtime, clientId: string): boolean {
  if (!/^https?:\/\//i.test(clientId)) return false;
  try {
    const u = new URL(clientId);
    return (u.protocol === 'https:' || rt.config.allowInsecureUrls) && u.pathname !== '/';
  } catch {
    return false;
  }
}

const MAX_DOCUMENT_BYTES = 64 * 1024;

/**
 * Fetch a client ID metadata document through the SSRF guard and keep a copy, so the token
 * endpoint and the authorized-clients list need no second fetch. Fetched again on each
 * authorization, so a client's changed redirect URIs take effect.
 */
async function fetchMetadataDocument(rt: Runtime, clientId: string): Promise<ClientRow> {
  let doc: Record<string, unknown>;
  try {
    const res = await outboundFetch(clientId, {
      allowInsecure: rt.config.allowInsecureUrls,
      timeoutMs: 5000,
      headers: { accept: 'application/json' },
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    const text = await readCappedText(res, MAX_DOCUMENT_BYTES);
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    // Anyone can send a client_id URL here without a key: whether it failed to resolve, resolved to
    // a private address, refused, answered non-200 or sent no JSON is logged, never told.
    const f = outboundFailure(err);
    log.info({ clientId: clientId.slice(0, 200), reason: f.detail }, 'mcp oauth: client metadata document not loaded');
    throw new AuthorizePageError(
      'invalid_client',
      `The client ID metadata document at ${clientId.slice(0, 200)} could not be loaded: it is ${NOT_REACHABLE}, or not a JSON document answered with HTTP 200`,
    );
  }
  if (!doc || typeof doc !== 'object' || doc.client_id !== clientId) {
    throw new AuthorizePageError(
      'invalid_client',
      'The client ID metadata document must contain client_id equal to its own URL',
    );
  }
  const method = doc.token_endpoint_auth_method ?? 'none';
  if (method !== 'none' || 'client_secret' in doc) {
    throw new AuthorizePageError(
      'invalid_client',
      'Clients identified by a metadata document must be public (token_endpoint_auth_method none)',
    );
  }
  const parsed = ClientRegistrationBody.safeParse({ ...doc, token_endpoint_auth_method: 'none' });
  if (!parsed.success)
    throw new AuthorizePageError(
      'invalid_client',
      `Invalid client metadata document: ${zodIssues(parsed.error, 'document').join('; ')}`,
    );
  for (const uri of parsed.data.redirect_uris) {
    const problem = checkRedirectUri(rt, uri);
    if (problem) throw new AuthorizePageError('invalid_client', `Invalid client metadata document: ${problem}`);
  }
  const { redirect_uris, client_name, token_endpoint_auth_method: _m, client_id: _c, ...rest } = parsed.data;
  const values = {
    kind: 'metadata_document' as const,
    name: client_name ?? null,
    secretHash: null,
    tokenEndpointAuthMethod: 'none',
    redirectUris: redirect_uris,
    metadata: rest,
    updatedAt: new Date(),
  };
  const [row] = await rt.db
    .insert(mcpOauthClients)
    .values({ id: clientId, ...values })
    .onConflictDoUpdate({ target: mcpOauthClients.id, set: values })
    .returning();
  return row!;
}

export async function findClient(rt: Runtime, clientId: string): Promise<ClientRow | undefined> {
  if (!clientId || clientId.length > 2000) return undefined;
  const [row] = await rt.db.select().from(mcpOauthClients).where(eq(mcpOauthClients.id, clientId)).limit(1);
  return row;
}

/** The client of an authorization request: registered, or a metadata document fetched now. */
export async function clientForAuthorization(rt: Runtime, clientId: string | null): Promise<ClientRow> {
  if (!clientId) throw new AuthorizePageError('invalid_request', 'client_id is missing');
  if (isMetadataDocumentId(rt, clientId)) return fetchMetadataDocument(rt, clientId);
  const row = await findClient(rt, clientId);
  if (!row)
    throw new AuthorizePageError(
      'invalid_client',
      'Unknown client_id. Register the client first (RFC 7591) or use a client ID metadata document URL.',
    );
  return row;
}

/**
 * Client authentication at the token and revocation endpoints (RFC 6749 §2.3): HTTP Basic or
 * client_secret in the body for confidential clients, client_id alone for public ones.
 */
export async function authenticateClient(
  rt: Runtime,
  authorization: string | undefined,
  form: URLSearchParams,
): Promise<ClientRow> {
  let clientId = form.get('client_id') ?? undefined;
  let secret = form.get('client_secret') ?? undefined;
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials', 401);
    try {
      clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    } catch {
      throw new OAuthError('invalid_client', 'Malformed Basic credentials', 401);
    }
  }
  if (!clientId) throw new OAuthError('invalid_client', 'Client authentication is missing (client_id)', 401);
  const client = await findClient(rt, clientId);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client', 401);
  if (client.secretHash) {
    if (!secret) throw new OAuthError('invalid_client', 'This client must authenticate with its client_secret', 401);
    const a = Buffer.from(hashApiKey(secret), 'hex');
    const b = Buffer.from(client.secretHash, 'hex');
    if (a.length !== b.length || !timingSafeEqual(a, b))
      throw new OAuthError('invalid_client', 'Invalid client credentials', 401);
  }
  return client;
}
