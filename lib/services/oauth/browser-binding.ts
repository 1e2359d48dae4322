import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Runtime } from '../../runtime';

/**
 * Binding an OAuth flow to the browser that started it on a Connect page. The page's POST sets an
 * HttpOnly, SameSite=Lax cookie holding a random value; the flow row keeps only its SHA-256. The
 * provider sends the user back with a top-level GET, which carries Lax cookies, and the callback
 * accepts the flow only with the matching cookie: an authorize URL forwarded to someone else
 * cannot complete in their browser and land their tokens in the link owner's account.
 *
 * API-initiated flows (POST /connected_accounts, the SDK's initiate) hand the provider URL to the
 * calling app, which redirects its user there itself; no Junction page runs in that browser first,
 * so those flows carry no binding and rely on the single-use, 10-minute state.
 */
const CALLBACK_PATH = '/api/v3/toolkits/auth/callback';

export function newBinding(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: bindingHash(value) };
}

export function bindingHash(value: string): string {
  return createHash('sha256').update(`oauth-browser-binding:${value}`).digest('hex');
}

/** One cookie per pending account, so two flows started in one browser do not overwrite each other. */
export function bindingCookieName(accountId: string): string {
  return `junction_oauth_${accountId.replace(/[^A-Za-z0-9_]/g, '')}`;
}

function attributes(rt: Runtime, maxAgeS: number): string {
  const secure = rt.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `Path=${CALLBACK_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`;
}

export function bindingSetCookie(rt: Runtime, accountId: string, value: string, maxAgeS = 600): string {
  return `${bindingCookieName(accountId)}=${value}; ${attributes(rt, maxAgeS)}`;
}

export function bindingClearCookie(rt: Runtime, accountId: string): string {
  return `${bindingCookieName(accountId)}=; ${attributes(rt, 0)}`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** Whether the request's cookies carry the value whose hash the flow stored. */
export function bindingMatches(cookieHeader: string | undefined, accountId: string, storedHash: string): boolean {
  const value = readCookie(cookieHeader, bindingCookieName(accountId));
  if (!value) return false;
  const a = Buffer.from(bindingHash(value), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
