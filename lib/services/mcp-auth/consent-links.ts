import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Runtime } from '../../runtime';
import { errors } from '../../contract/errors';
import { requireResource, resolveResource } from './resources';
import { OAuthError } from './errors';

/**
 * End-user consent for MCP clients, the way Connect Links work for accounts: the application
 * (with its project key) asks for an approval link bound to one MCP URL, and so to one project
 * and one user, and hands it to that user. Opening the link stores it in a cookie of the user's
 * browser; when the user's MCP client then sends that browser to /oauth/authorize for the same
 * MCP URL, the user approves or denies on Junction's own consent page — no dashboard account
 * needed, and no way to approve any other URL.
 *
 * The link is a signed, expiring token (HMAC under a key derived from the encryption key, so it
 * needs no table and stops working when it expires or the key is rotated out).
 */
export const CONSENT_COOKIE = 'junction_mcp_consent';
export const END_USER_CONSENT_PATH = '/oauth/consent';
export const LINK_PATH = '/oauth/link/';
const DEFAULT_SECONDS = 3600;

export interface ConsentLink {
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
  const payload = Buffer.from(
    JSON.stringify({ o: orgId, p: projectId, r: resolved.url, u: resolved.userId, e: expires }),
  ).toString('base64url');
  const token = `${payload}.${mac(signingKeys(rt)[0]!, payload).toString('base64url')}`;
  return {
    consent_url: `${rt.config.publicUrl}${LINK_PATH}${token}`,
    resource: resolved.url,
    user_id: resolved.userId,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** The link a token stands for, or null when it is forged, malformed or expired. */
export function readConsentLink(rt: Runtime, token: string | undefined | null): ConsentLink | null {
  if (!token || token.length > 4000) return null;
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  const payload = token.slice(0, dot);
  if (!verify(rt, payload, token.slice(dot + 1))) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (
      typeof v.o !== 'string' ||
      typeof v.p !== 'string' ||
      typeof v.r !== 'string' ||
      typeof v.u !== 'string' ||
      typeof v.e !== 'number'
    )
      return null;
    if (v.e * 1000 <= Date.now()) return null;
    return { orgId: v.o, projectId: v.p, resource: v.r, userId: v.u, expires: v.e };
  } catch {
    return null;
  }
}

/** The consent link stored in the browser's cookie, if any. */
export function consentLinkFromCookies(
  rt: Runtime,
  cookieHeader: string | undefined,
): { token: string; link: ConsentLink } | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    const token = decodeURIComponent(rest.join('='));
    const link = readConsentLink(rt, token);
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
