import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { mcpOauthClients, mcpOauthGrants, mcpOauthRequests } from '../../db/schema';
import { hashApiKey, randomToken } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { clientForAuthorization, type ClientRow } from './clients';
import { AuthorizePageError, OAuthError } from './errors';
import { MCP_SCOPE, requireResource, resolveResource } from './resources';
import { END_USER_CONSENT_PATH } from './consent-links';

/** How long an admin has to approve, and how long the client then has to redeem the code. */
const REQUEST_SECONDS = 15 * 60;
const CODE_SECONDS = 60;

/** The dashboard page where a signed-in admin approves or denies a request. */
export const CONSENT_PATH = '/mcp-clients/authorize';

const CHALLENGE = /^[A-Za-z0-9\-_]{43,128}$/;

function issuer(rt: Runtime) {
  return new URL(rt.config.publicUrl).origin;
}

/** The client's redirect URI with the response parameters, including `iss` (RFC 9207). */
export function redirectWith(
  rt: Runtime,
  redirectUri: string,
  params: Record<string, string | null | undefined>,
): string {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v != null) u.searchParams.set(k, v);
  u.searchParams.set('iss', issuer(rt));
  return u.toString();
}

export type AuthorizeOutcome = { kind: 'consent' | 'error'; location: string };

/**
 * GET /oauth/authorize. Errors about the client or its redirect URI are shown to the user
 * (AuthorizePageError); every later error goes back to the client's redirect URI.
 */
export async function startAuthorization(
  rt: Runtime,
  q: URLSearchParams,
  /** the end-user consent link of the browser (its cookie), if any */
  link?: { resource: string } | null,
): Promise<AuthorizeOutcome> {
  const client = await clientForAuthorization(rt, q.get('client_id'));
  const redirectUri = pickRedirectUri(client, q.get('redirect_uri'));
  const state = q.get('state');
  try {
    if (q.get('response_type') !== 'code')
      throw new OAuthError('unsupported_response_type', 'Only response_type=code is supported');
    const grantTypes = (client.metadata.grant_types as string[] | undefined) ?? ['authorization_code'];
    if (!grantTypes.includes('authorization_code'))
      throw new OAuthError('unauthorized_client', 'This client did not register the authorization_code grant');
    const challenge = q.get('code_challenge');
    if (!challenge) throw new OAuthError('invalid_request', 'code_challenge is missing: PKCE with S256 is required');
    if (q.get('code_challenge_method') !== 'S256')
      throw new OAuthError('invalid_request', 'code_challenge_method must be S256');
    if (!CHALLENGE.test(challenge))
      throw new OAuthError('invalid_request', 'code_challenge is not a base64url S256 challenge');
    const resources = q.getAll('resource');
    if (resources.length > 1) throw new OAuthError('invalid_target', 'Name exactly one MCP URL in resource');
    const resource = requireResource(rt, resources[0]);
    if ((state?.length ?? 0) > 2000) throw new OAuthError('invalid_request', 'state is too long');
    const id = `mcpr_${randomToken(32)}`;
    await rt.db
      .delete(mcpOauthRequests)
      .where(and(lt(mcpOauthRequests.expiresAt, new Date()), isNull(mcpOauthRequests.grantId)));
    await rt.db.insert(mcpOauthRequests).values({
      id,
      clientId: client.id,
      redirectUri,
      codeChallenge: challenge,
      state,
      // One scope exists; whatever else was asked for is not granted (RFC 6749 §3.3 allows narrowing).
      scope: MCP_SCOPE,
      resource: resource.url,
      expiresAt: new Date(Date.now() + REQUEST_SECONDS * 1000),
    });
    // A browser holding the user's consent link for this very MCP URL goes to the end-user page;
    // every other request waits for a signed-in admin in the dashboard.
    const page = link?.resource === resource.url ? END_USER_CONSENT_PATH : CONSENT_PATH;
    return { kind: 'consent', location: `${rt.config.publicUrl}${page}?request=${encodeURIComponent(id)}` };
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    return {
      kind: 'error',
      location: redirectWith(rt, redirectUri, { error: err.error, error_description: err.description, state }),
    };
  }
}

function pickRedirectUri(client: ClientRow, given: string | null): string {
  if (given) {
    if (!client.redirectUris.includes(given))
      throw new AuthorizePageError(
        'invalid_request',
        "redirect_uri is not one of the client's registered redirect URIs",
      );
    return given;
  }
  if (client.redirectUris.length === 1) return client.redirectUris[0]!;
  throw new AuthorizePageError('invalid_request', 'redirect_uri is required: the client registered several');
}

async function pendingRequest(rt: Runtime, id: string) {
  const [row] = await rt.db
    .select({ req: mcpOauthRequests, client: mcpOauthClients })
    .from(mcpOauthRequests)
    .innerJoin(mcpOauthClients, eq(mcpOauthClients.id, mcpOauthRequests.clientId))
    .where(
      and(eq(mcpOauthRequests.id, id), isNull(mcpOauthRequests.grantId), gt(mcpOauthRequests.expiresAt, new Date())),
    )
    .limit(1);
  if (!row) {
    throw errors.notFound('Authorization request', id.slice(0, 80), 'McpAuth_RequestNotFound');
  }
  return row;
}

export function clientView(c: ClientRow) {
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    client_id: c.id,
    client_name: c.name,
    client_uri: str(c.metadata.client_uri),
    logo_uri: str(c.metadata.logo_uri),
    kind: c.kind,
  };
}

/** What the consent page shows. 404 unless the MCP URL belongs to the caller's project. */
export async function describeRequest(rt: Runtime, projectId: string, id: string) {
  const { req, client } = await pendingRequest(rt, id);
  const r = await resolveResource(rt, projectId, requireResource(rt, req.resource));
  return {
    id: req.id,
    client: clientView(client),
    redirect_uri: req.redirectUri,
    resource: req.resource,
    resource_kind: r.kind,
    user_id: r.userId,
    scope: req.scope,
    expires_at: req.expiresAt.toISOString(),
  };
}

/**
 * The admin approves: one grant per client, user and MCP URL in this project (approving again
 * adds tokens to the same grant, so the list shows one row), and a one-time code for the client.
 */
export async function approveRequest(rt: Runtime, projectId: string, id: string, approvedBy: string) {
  const { req } = await pendingRequest(rt, id);
  const r = await resolveResource(rt, projectId, requireResource(rt, req.resource));
  const code = `mcpac_${randomToken(40)}`;
  await rt.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: mcpOauthGrants.id })
      .from(mcpOauthGrants)
      .where(
        and(
          eq(mcpOauthGrants.projectId, projectId),
          eq(mcpOauthGrants.clientId, req.clientId),
          eq(mcpOauthGrants.userId, r.userId),
          eq(mcpOauthGrants.resource, req.resource),
          isNull(mcpOauthGrants.revokedAt),
        ),
      )
      .limit(1);
    const grantId = existing?.id ?? `mcpg_${randomToken(24)}`;
    if (!existing) {
      await tx.insert(mcpOauthGrants).values({
        id: grantId,
        projectId,
        clientId: req.clientId,
        userId: r.userId,
        resource: req.resource,
        scope: req.scope,
        approvedBy,
      });
    }
    // Only one approval wins if two arrive together.
    const [updated] = await tx
      .update(mcpOauthRequests)
      .set({ grantId, codeHash: hashApiKey(code), expiresAt: new Date(Date.now() + CODE_SECONDS * 1000) })
      .where(and(eq(mcpOauthRequests.id, id), isNull(mcpOauthRequests.grantId)))
      .returning({ id: mcpOauthRequests.id });
    if (!updated) throw errors.notFound('Authorization request', id.slice(0, 80), 'McpAuth_RequestNotFound');
  });
  return {
    redirect_to: redirectWith(rt, req.redirectUri, { code, state: req.state }),
    approved: { client_id: req.clientId, user_id: r.userId, resource: req.resource },
  };
}

export async function denyRequest(rt: Runtime, projectId: string, id: string, by: 'admin' | 'user' = 'admin') {
  const { req } = await pendingRequest(rt, id);
  await resolveResource(rt, projectId, requireResource(rt, req.resource));
  await rt.db.delete(mcpOauthRequests).where(and(eq(mcpOauthRequests.id, id), isNull(mcpOauthRequests.grantId)));
  return {
    denied: { client_id: req.clientId, resource: req.resource },
    redirect_to: redirectWith(rt, req.redirectUri, {
      error: 'access_denied',
      error_description: by === 'user' ? 'The user denied the request' : 'The administrator denied the request',
      state: req.state,
    }),
  };
}
