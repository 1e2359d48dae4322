/**
 * One spelling per path. A request target such as `/x/../api/v3/…`, `/api/./v3/…`, `/api/%2e/v3/…`
 * or `/api//v3/…` names the same resource as its canonical form, and Next.js's routing would serve
 * it as that resource; server.ts rewrites it to the canonical form before choosing who serves it,
 * so an alias meets exactly the checks and body caps of the canonical path.
 *
 * Canonical: what WHATWG URL parsing makes of the path (dot segments, also percent-encoded, are
 * resolved; backslashes become slashes), with runs of slashes collapsed to one. The query string
 * is kept byte for byte.
 */

/** Paths that parsing would leave exactly as they are: every id, slug and route of the API. */
const PLAIN_PATH = /^\/[\w\-.~!$&'()*+,;=:@%/]*$/;
/** …unless they hold a dot segment (also `%2e`) or an empty segment. */
const ALIAS_SIGN = /\/(?:\.|%2e)|\/\//i;

/** The canonical form of a raw request target (`req.url`); the same string when it already is. */
export function canonicalTarget(raw: string): string {
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  if (PLAIN_PATH.test(path) && !ALIAS_SIGN.test(path)) return raw;
  let pathname: string;
  try {
    // absolute-form targets (`http://host/path`, sent to proxies) keep only their path
    pathname = path.startsWith('/') ? new URL(`http://h${path}`).pathname : new URL(path).pathname;
  } catch {
    // not a URL at all (`*` of OPTIONS, garbage): nothing to resolve
    return raw;
  }
  pathname = pathname.replace(/\/{2,}/g, '/');
  return q < 0 ? pathname : pathname + raw.slice(q);
}
