import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { mcpOauthGrants, mcpOauthRequests, mcpOauthTokens } from '../../db/schema';
import { hashApiKey, randomToken } from '../../crypto/ids';
import type { ClientRow } from './clients';
import { OAuthError } from './errors';
import { liveProject } from '../tenancy/live';

/** Access tokens are short-lived; refresh tokens rotate on every use and expire when unused for this long. */
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

type Db = Runtime['db'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Opaque random tokens (~285 bits); only their SHA-256 is stored. */
async function issueTokens(db: Db | Tx, grantId: string, scope: string) {
  const access = `mcpat_${randomToken(48)}`;
  const refresh = `mcprt_${randomToken(48)}`;
  const now = Date.now();
  await db.insert(mcpOauthTokens).values([
    { tokenHash: hashApiKey(access), kind: 'access', grantId, expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000) },
    {
      tokenHash: hashApiKey(refresh),
      kind: 'refresh',
      grantId,
      expiresAt: new Date(now + REFRESH_TOKEN_SECONDS * 1000),
    },
  ]);
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refresh,
    scope,
  };
}

/** Revoke a grant and every token of it: the whole family ends at once. */
export async function revokeGrant(db: Db | Tx, grantId: string) {
  const now = new Date();
  await db
    .update(mcpOauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(mcpOauthGrants.id, grantId), isNull(mcpOauthGrants.revokedAt)));
  await db
    .update(mcpOauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(mcpOauthTokens.grantId, grantId), isNull(mcpOauthTokens.revokedAt)));
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** grant_type=authorization_code: a one-time code, its PKCE verifier, and the same redirect URI and resource. */
export async function exchangeCode(rt: Runtime, client: ClientRow, form: URLSearchParams) {
  const code = form.get('code');
  const verifier = form.get('code_verifier');
  if (!code) throw new OAuthError('invalid_request', 'code is missing');
  if (!verifier) throw new OAuthError('invalid_request', 'code_verifier is missing (PKCE is required)');
  if (!VERIFIER.test(verifier))
    throw new OAuthError('invalid_request', 'code_verifier must be 43–128 characters of [A-Za-z0-9-._~]');
  const codeHash = hashApiKey(code);
  const out = await rt.db.transaction(async (tx) => {
    // Marking the code used in the same statement that finds it makes it single-use under concurrency.
    const [req] = await tx
      .update(mcpOauthRequests)
      .set({ codeUsedAt: new Date() })
      .where(and(eq(mcpOauthRequests.codeHash, codeHash), isNull(mcpOauthRequests.codeUsedAt)))
      .returning();
    if (!req) {
      const [used] = await tx
        .select({ grantId: mcpOauthRequests.grantId })
        .from(mcpOauthRequests)
        .where(eq(mcpOauthRequests.codeHash, codeHash))
        .limit(1);
      return { replayedGrant: used?.grantId ?? null };
    }
    // Failed checks are returned, not thrown: the code stays consumed (no second guess at the verifier).
    const resource = form.get('resource');
    if (req.clientId !== client.id)
      return { failure: new OAuthError('invalid_grant', 'The authorization code was issued to another client') };
    if (req.expiresAt.getTime() < Date.now())
      return { failure: new OAuthError('invalid_grant', 'The authorization code has expired') };
    if (form.get('redirect_uri') !== req.redirectUri)
      return { failure: new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request') };
    if (s256(verifier) !== req.codeChallenge)
      return { failure: new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge') };
    if (resource && resource !== req.resource)
      return { failure: new OAuthError('invalid_target', 'resource differs from the one authorized') };
    const [grant] = await tx
      .select()
      .from(mcpOauthGrants)
      .where(and(eq(mcpOauthGrants.id, req.grantId!), liveProject(mcpOauthGrants.projectId)))
      .limit(1);
    if (!grant || grant.revokedAt) return { failure: new OAuthError('invalid_grant', 'The authorization was revoked') };
    return issueTokens(tx, grant.id, grant.scope);
  });
  if ('failure' in out) throw out.failure;
  if ('replayedGrant' in out) {
    // RFC 6749 §4.1.2: a code presented twice revokes what was issued for it (outside the
    // transaction, which the error below would otherwise roll back).
    if (out.replayedGrant) await revokeGrant(rt.db, out.replayedGrant);
    throw new OAuthError('invalid_grant', 'The authorization code is invalid or was already used');
  }
  return out;
}

/**
 * grant_type=refresh_token with rotation: each refresh token works once. Presenting a rotated
 * one again means two parties hold it, so the whole grant is revoked (OAuth 2.1 §4.3.1).
 */
export async function refreshTokens(rt: Runtime, client: ClientRow, form: URLSearchParams) {
  const token = form.get('refresh_token');
  if (!token) throw new OAuthError('invalid_request', 'refresh_token is missing');
  const tokenHash = hashApiKey(token);
  // The reuse revocation must survive the error that reports it, so it runs outside the exchange's transaction.
  const replayed = await rt.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: mcpOauthTokens, grant: mcpOauthGrants })
      .from(mcpOauthTokens)
      .innerJoin(mcpOauthGrants, eq(mcpOauthGrants.id, mcpOauthTokens.grantId))
      .where(
        and(
          eq(mcpOauthTokens.tokenHash, tokenHash),
          eq(mcpOauthTokens.kind, 'refresh'),
          liveProject(mcpOauthGrants.projectId),
        ),
      )
      .limit(1);
    // a token of a deleted project is unknown: the project is gone, whatever the token's row says
    if (!row || row.grant.clientId !== client.id) throw new OAuthError('invalid_grant', 'Unknown refresh token');
    if (row.token.rotatedAt) return row.grant.id;
    if (row.token.revokedAt || row.grant.revokedAt)
      throw new OAuthError('invalid_grant', 'The refresh token was revoked');
    if (row.token.expiresAt.getTime() < Date.now())
      throw new OAuthError('invalid_grant', 'The refresh token has expired');
    const resource = form.get('resource');
    if (resource && resource !== row.grant.resource)
      throw new OAuthError('invalid_target', 'resource differs from the one authorized');
    const [rotated] = await tx
      .update(mcpOauthTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(mcpOauthTokens.tokenHash, tokenHash), isNull(mcpOauthTokens.rotatedAt)))
      .returning({ h: mcpOauthTokens.tokenHash });
    if (!rotated) return row.grant.id; // a concurrent refresh won: the same token used twice
    return issueTokens(tx, row.grant.id, row.grant.scope);
  });
  if (typeof replayed === 'string') {
    await revokeGrant(rt.db, replayed);
    throw new OAuthError('invalid_grant', 'The refresh token was already used; the authorization is revoked');
  }
  return replayed;
}

/**
 * RFC 7009: always 200, whether or not the token was known. A refresh token ends its whole grant
 * (§2.1: access tokens of the same grant go too); an access token ends alone.
 */
export async function revokeToken(rt: Runtime, client: ClientRow, form: URLSearchParams) {
  const token = form.get('token');
  if (!token) throw new OAuthError('invalid_request', 'token is missing');
  const [row] = await rt.db
    .select({ kind: mcpOauthTokens.kind, grantId: mcpOauthTokens.grantId, clientId: mcpOauthGrants.clientId })
    .from(mcpOauthTokens)
    .innerJoin(mcpOauthGrants, eq(mcpOauthGrants.id, mcpOauthTokens.grantId))
    .where(eq(mcpOauthTokens.tokenHash, hashApiKey(token)))
    .limit(1);
  if (!row || row.clientId !== client.id) return;
  if (row.kind === 'refresh') await revokeGrant(rt.db, row.grantId);
  else
    await rt.db
      .update(mcpOauthTokens)
      .set({ revokedAt: new Date() })
      .where(eq(mcpOauthTokens.tokenHash, hashApiKey(token)));
}

export interface TokenCaller {
  projectId: string;
  userId: string;
  grantId: string;
  clientId: string;
}

export type TokenCheck = { ok: true; caller: TokenCaller } | { ok: false; reason: string };

/** Is this bearer token a live access token for exactly this MCP resource? */
export async function verifyAccessToken(rt: Runtime, token: string, resource: string): Promise<TokenCheck> {
  if (token.length > 200) return { ok: false, reason: 'The access token is invalid' };
  const [row] = await rt.db
    .select({ token: mcpOauthTokens, grant: mcpOauthGrants })
    .from(mcpOauthTokens)
    .innerJoin(mcpOauthGrants, eq(mcpOauthGrants.id, mcpOauthTokens.grantId))
    .where(
      and(
        eq(mcpOauthTokens.tokenHash, hashApiKey(token)),
        eq(mcpOauthTokens.kind, 'access'),
        liveProject(mcpOauthGrants.projectId),
      ),
    )
    .limit(1);
  if (!row) return { ok: false, reason: 'The access token is invalid' };
  if (row.token.revokedAt || row.grant.revokedAt) return { ok: false, reason: 'The access token was revoked' };
  if (row.token.expiresAt.getTime() < Date.now()) return { ok: false, reason: 'The access token has expired' };
  if (row.grant.resource !== resource) return { ok: false, reason: 'The access token was issued for another MCP URL' };
  // last use, at most once a minute per grant: the list of authorized clients shows it, nothing needs it exact
  if (!row.grant.lastUsedAt || Date.now() - row.grant.lastUsedAt.getTime() > 60_000) {
    await rt.db.update(mcpOauthGrants).set({ lastUsedAt: sql`now()` }).where(eq(mcpOauthGrants.id, row.grant.id));
  }
  return {
    ok: true,
    caller: {
      projectId: row.grant.projectId,
      userId: row.grant.userId,
      grantId: row.grant.id,
      clientId: row.grant.clientId,
    },
  };
}
