import type { IncomingMessage } from 'node:http';

/**
 * The header server.ts sets on every request it hands on (to the API router and to Next.js),
 * replacing any value the client sent, so code further in can trust it.
 */
export const CLIENT_IP_HEADER = 'x-junction-client-ip';

/**
 * The address a request came from: the socket's peer, or behind one trusted reverse proxy
 * (JUNCTION_TRUST_PROXY) the last X-Forwarded-For entry, the one that proxy appended. Earlier
 * entries are whatever the client wrote and are never trusted.
 */
export function clientIp(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = req.headers['x-forwarded-for'];
    const list = (Array.isArray(xff) ? xff.join(',') : (xff ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = list[list.length - 1];
    if (last) return normalise(last);
  }
  return normalise(req.socket.remoteAddress ?? 'unknown');
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normalise(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
