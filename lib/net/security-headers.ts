/**
 * Response headers that keep the dashboard and the Connect pages from being framed, sniffed or
 * scripted by anything but themselves. server.ts adds `pageSecurityHeaders` to everything Next.js
 * serves (and HSTS to every response); proxy.ts adds the per-request nonce CSP to pages; the API's plain HTML pages (Connect
 * page without the dashboard, OAuth result pages) use `PLAIN_PAGE_HEADERS`.
 *
 * Pure functions of their inputs: loaded by proxy.ts, server.ts and the API alike.
 */

/** Connect pages carry the link token in their address: it must not leave in a Referer. */
export function isConnectPath(pathname: string): boolean {
  return pathname === '/connect' || pathname.startsWith('/connect/');
}

export function pageSecurityHeaders(pathname: string): Record<string, string> {
  return {
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': isConnectPath(pathname) ? 'no-referrer' : 'strict-origin-when-cross-origin',
  };
}

/**
 * HSTS, for every response, only when the public URL is https: over http browsers ignore it, and a
 * wrongly sent one would pin them to https for a host that does not serve it. Without
 * includeSubDomains: other hosts under the same domain are not ours to decide for.
 */
export function hstsHeader(publicUrl: string): string | undefined {
  return publicUrl.startsWith('https://') ? 'max-age=31536000' : undefined;
}

/**
 * The CSP of a page rendered by Next.js. Scripts: only those carrying this response's nonce (Next.js
 * puts it on its own scripts when it sees it in the request's CSP header) and what they load
 * ('strict-dynamic'). Styles: 'unsafe-inline', because React renders `style` attributes, which
 * nonces do not cover. Images: the dashboard's own (toolkit logos are served from /logos/ and
 * others are not loaded); a Connect page also shows the project's logo, which is whatever https
 * address the app set as `logo_url`, so there any https origin is allowed.
 */
export function pageCsp(opts: {
  nonce: string;
  pathname: string;
  publicUrl: string;
  dev?: boolean;
  formOrigins?: string[];
}): string {
  const https = opts.publicUrl.startsWith('https://');
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${opts.nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    isConnectPath(opts.pathname) ? "img-src 'self' data: https:" : "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // A Connect page's form posts to the API, which redirects to the provider's consent page, and
    // form-action also governs that redirect: it is left open there.
    ...(isConnectPath(opts.pathname)
      ? []
      : [`form-action 'self'${(opts.formOrigins ?? []).map((o) => ` ${o}`).join('')}`]),
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** A nonce for one response: 128 random bits. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * The API's self-contained HTML pages: inline styles only, no script, no images, never framed,
 * no Referer (the Connect page's address holds its token). No form-action: the Connect form's
 * post is answered with a redirect to the provider.
 */
export const PLAIN_PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
