import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { mcpConsentLinks } from '../../db/schema';
import { randomToken } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { decodeCursor, pageOf } from '../../contract/query';
import { requireResource, resolveResource } from './resources';
import { OAuthError } from './errors';
import { liveProject } from '../tenancy/live';

/**
 * End-user consent for MCP clients, the way Connect Links work for accounts: the application
 * (with its project key) asks for an approval link bound to one MCP URL, and so to one project
 * and one user, and hands it to that user. Opening the link stores it in a cookie of the user's
 * browser; when the user's MCP client then sends that browser to /oauth/authorize for the same
 * MCP URL, the user approves or denies on Junction's own consent page — no dashboard account
 * needed, and no way to approve any other URL.
 *
 * The link is a signed, expiring token (HMAC under a key derived from the encryption key) naming
 * a row of mcp_consent_links. The signature keeps forged links away from the database; the row
 * decides whether the link still works, so revoking it (DELETE /mcp_oauth/consent_links/{id})
 * ends it at once: every use, including by a browser that already stored it, reads the row again.
 * Tokens from before links had rows (no id) do not work any more.
 */
export const CONSENT_COOKIE = 'junction_mcp_consent';
export const END_USER_CONSENT_PATH = '/oauth/consent';
export const LINK_PATH = '/oauth/link/';
const DEFAULT_SECONDS = 3600;

export interface ConsentLink {
  id: string;
  orgId: string;
  projectId: string;
  resource: string;
  userId: string;
  expires: number;
}

const keys = new WeakMap<Runtime, Buffer[]>();
function signingKeys(rt: Runtime): Buffer[] {
  let k = keys.get(rt);
  if (!k) {
    k = [rt.keyring.current.key, rt.keyring.previous?.key]
      .filter((x): x is Buffer => !!x)
      .map((key) => createHmac('sha256', key).update('junction:mcp-consent-link:v1').digest());
    keys.set(rt, k);
  }
  return k;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

function verify(rt: Runtime, payload: string, sig: string): boolean {
  const got = Buffer.from(sig, 'base64url');
  return signingKeys(rt).some((k) => {
    const want = mac(k, payload);
    return got.length === want.length && timingSafeEqual(got, want);
  });
}

/** POST /mcp_oauth/consent_links: a link for the user behind one MCP URL of the caller's project. */
export async function createConsentLink(
  rt: Runtime,
  { orgId, projectId }: { orgId: string; projectId: string },
  body: { resource: string; expires_in_seconds?: number },
) {
  let resolved: Awaited<ReturnType<typeof resolveResource>>;
  try {
    resolved = await resolveResource(rt, projectId, requireResource(rt, body.resource));
  } catch (err) {
    if (err instanceof OAuthError)
      throw errors.validation(
        `resource: ${err.description}`,
        undefined,
        'Give a per-user MCP URL or a tool router session MCP URL of this project',
      );
    throw err;
  }
  const expires = Math.floor(Date.now() / 1000) + (body.expires_in_seconds ?? DEFAULT_SECONDS);
  const id = `mcpl_${randomToken(24)}`;
  const [row] = await rt.db
    .insert(mcpConsentLinks)
    .values({ id, projectId, userId: resolved.userId, resource: resolved.url, expiresAt: new Date(expires * 1000) })
    .returning();
  const payload = Buffer.from(
    JSON.stringify({ i: id, o: orgId, p: projectId, r: resolved.url, u: resolved.userId, e: expires }),
  ).toString('base64url');
  const token = `${payload}.${mac(signingKeys(rt)[0]!, payload).toString('base64url')}`;
  return { id, consent_url: `${rt.config.publicUrl}${LINK_PATH}${token}`, ...linkFields(row!) };
}

type LinkRow = typeof mcpConsentLinks.$inferSelect;
export type ConsentLinkStatus = 'active' | 'expired' | 'revoked';

const statusOf = (r: LinkRow, now = Date.now()): ConsentLinkStatus =>
  r.revokedAt ? 'revoked' : r.expiresAt.getTime() <= now ? 'expired' : 'active';

/** What the create response and the list share (never the token: it is not stored). */
function linkFields(r: LinkRow) {
  return {
    resource: r.resource,
    user_id: r.userId,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
  };
}

const listView = (r: LinkRow) => ({
  id: r.id,
  ...linkFields(r),
  status: statusOf(r),
  revoked_at: r.revokedAt?.toISOString() ?? null,
  opened_at: r.openedAt?.toISOString() ?? null,
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
});

const statusWhere: Record<ConsentLinkStatus, () => SQL> = {
  active: () => and(isNull(mcpConsentLinks.revokedAt), gt(mcpConsentLinks.expiresAt, sql`now()`))!,
  expired: () => and(isNull(mcpConsentLinks.revokedAt), lte(mcpConsentLinks.expiresAt, sql`now()`))!,
  revoked: () => isNotNull(mcpConsentLinks.revokedAt),
};

/** GET /mcp_oauth/consent_links: the project's approval links, newest first, page by page. */
export async function listConsentLinks(
  rt: Runtime,
  projectId: string,
  q: { user_ids?: string[]; statuses?: ConsentLinkStatus[]; limit?: number; cursor?: string },
) {
  const limit = q.limit ?? 20;
  const page = decodeCursor(q.cursor);
  const where: SQL[] = [eq(mcpConsentLinks.projectId, projectId)];
  if (q.user_ids?.length) where.push(inArray(mcpConsentLinks.userId, q.user_ids));
  if (q.statuses?.length) where.push(or(...q.statuses.map((st) => statusWhere[st]()))!);
  const rows = await rt.db
    .select()
    .from(mcpConsentLinks)
    .where(and(...where))
    .orderBy(desc(mcpConsentLinks.createdAt), desc(mcpConsentLinks.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [{ n }] = (await rt.db
    .select({ n: count() })
    .from(mcpConsentLinks)
    .where(and(...where))) as [{ n: number }];
  return pageOf(rows.map(listView), Number(n), page, limit);
}

/**
 * DELETE /mcp_oauth/consent_links/{id}: the link stops working at once, also in a browser that
 * already opened it. Clients approved through it keep their access (revoke those separately).
 * Revoking a link again is a no-op.
 */
export async function revokeConsentLink(rt: Runtime, projectId: string, id: string) {
  const [row] = await rt.db
    .update(mcpConsentLinks)
    .set({ revokedAt: sql`coalesce(${mcpConsentLinks.revokedAt}, now())` })
    .where(and(eq(mcpConsentLinks.id, id), eq(mcpConsentLinks.projectId, projectId)))
    .returning();
  if (!row) throw errors.notFound('Approval link', id.slice(0, 80), 'McpAuth_ConsentLinkNotFound');
  return listView(row);
}

/** The link a token names, or null when it is forged, malformed or expired (the row is not read). */
function decodeConsentLink(rt: Runtime, token: string | undefined | null): ConsentLink | null {
  if (!token || token.length > 4000) return null;
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  const payload = token.slice(0, dot);
  if (!verify(rt, payload, token.slice(dot + 1))) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (
      typeof v.i !== 'string' ||
      typeof v.o !== 'string' ||
      typeof v.p !== 'string' ||
      typeof v.r !== 'string' ||
      typeof v.u !== 'string' ||
      typeof v.e !== 'number'
    )
      return null;
    if (v.e * 1000 <= Date.now()) return null;
    return { id: v.i, orgId: v.o, projectId: v.p, resource: v.r, userId: v.u, expires: v.e };
  } catch {
    return null;
  }
}

/**
 * The link a token stands for while it works: genuine, not expired, and its row still there and
 * not revoked. Null otherwise. Every use of a link goes through here.
 */
export async function readConsentLink(rt: Runtime, token: string | undefined | null): Promise<ConsentLink | null> {
  const link = decodeConsentLink(rt, token);
  if (!link) return null;
  const [row] = await rt.db
    .select({ id: mcpConsentLinks.id })
    .from(mcpConsentLinks)
    .where(
      and(
        eq(mcpConsentLinks.id, link.id),
        eq(mcpConsentLinks.projectId, link.projectId),
        eq(mcpConsentLinks.userId, link.userId),
        eq(mcpConsentLinks.resource, link.resource),
        isNull(mcpConsentLinks.revokedAt),
        gt(mcpConsentLinks.expiresAt, sql`now()`),
        liveProject(mcpConsentLinks.projectId),
      ),
    )
    .limit(1);
  return row ? link : null;
}

/** The link was opened in a browser (kept as the first time). */
export async function markConsentLinkOpened(rt: Runtime, link: ConsentLink) {
  await rt.db
    .update(mcpConsentLinks)
    .set({ openedAt: sql`coalesce(${mcpConsentLinks.openedAt}, now())` })
    .where(and(eq(mcpConsentLinks.id, link.id), eq(mcpConsentLinks.projectId, link.projectId)));
}

/** A client was approved through the link. */
export async function markConsentLinkUsed(rt: Runtime, link: ConsentLink) {
  await rt.db
    .update(mcpConsentLinks)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(mcpConsentLinks.id, link.id), eq(mcpConsentLinks.projectId, link.projectId)));
}

/** The consent link stored in the browser's cookie, if any and while it works (the row is read each time). */
export async function consentLinkFromCookies(
  rt: Runtime,
  cookieHeader: string | undefined,
): Promise<{ token: string; link: ConsentLink } | null> {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    let token: string;
    try {
      token = decodeURIComponent(rest.join('='));
    } catch {
      continue;
    }
    const link = await readConsentLink(rt, token);
    if (link) return { token, link };
  }
  return null;
}

/** The cookie that keeps the link in the user's browser until it expires (sent only to /oauth). */
export function consentCookie(rt: Runtime, token: string, link: ConsentLink): string {
  const maxAge = Math.max(0, link.expires - Math.floor(Date.now() / 1000));
  const secure = rt.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${CONSENT_COOKIE}=${encodeURIComponent(token)}; Path=/oauth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** A per-request form token: the consent form can only be posted by the browser holding the link. */
export function formToken(rt: Runtime, requestId: string, linkToken: string): string {
  return mac(signingKeys(rt)[0]!, `form.${requestId}.${linkToken}`).toString('base64url');
}

export function checkFormToken(rt: Runtime, requestId: string, linkToken: string, given: string | null): boolean {
  return !!given && verify(rt, `form.${requestId}.${linkToken}`, given);
}
