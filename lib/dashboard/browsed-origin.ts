import { config } from '../config';

/**
 * The origin the admin's browser is using, from the request's Host header (and X-Forwarded-* only
 * when JUNCTION_TRUST_PROXY says a proxy in front sets them). The scheme is the public URL's when the
 * host is the public one, else http: server.ts itself speaks plain HTTP.
 */
export function browsedOrigin(headers: Pick<Headers, 'get'>): string | undefined {
  const cfg = config();
  const fwdHost = cfg.trustProxy ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = fwdHost || headers.get('host')?.trim();
  if (!host) return undefined;
  const pub = new URL(cfg.publicUrl);
  const fwdProto = cfg.trustProxy ? headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const proto = fwdProto ? `${fwdProto}:` : host === pub.host ? pub.protocol : 'http:';
  return `${proto}//${host}`;
}

/** JUNCTION_PUBLIC_URL without a trailing slash: the address OAuth redirect URIs and links are built from. */
export function publicOrigin(): string {
  return config().publicUrl.replace(/\/+$/, '');
}
