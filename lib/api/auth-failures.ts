import type { ApiError } from '../contract/errors';
import { CLIENT_IP_HEADER } from '../net/client-ip';
import type { Runtime } from '../runtime';
import { isCachedKey } from '../services/tenancy/caller';
import { limitIp, rateLimited } from './rate-limit';

/**
 * Failed authentication is limited per client address. Every wrong key or token costs a database
 * lookup (and an unknown key takes a slot in the key cache), so an address may fail
 * JUNCTION_RATE_LIMIT_IP_PER_MINUTE times a minute (its own bucket of the per-address limiter,
 * scope `auth`); past that it gets 429 with Retry-After.
 *
 * While an address is over its limit, this process refuses its key and token checks from memory,
 * before any lookup, so a flood of guesses turns into no database work at all. A key this process
 * has already seen valid still passes (another client behind the same address keeps working).
 */

type Headers = { header(name: string): string | undefined };

const blocked = new Map<string, number>();
const MAX_BLOCKED = 50_000;

const addressOf = (req: Headers) => req.header(CLIENT_IP_HEADER) ?? 'unknown';

/** Throws the 429 when the caller's address is over its failure limit and its key is not one already known valid. */
export function refuseIfBlocked(rt: Runtime, req: Headers, keys: (string | undefined)[] = []): void {
  const limit = rt.config.rateLimitIpPerMinute;
  if (limit <= 0 || blocked.size === 0) return;
  const ip = addressOf(req);
  const until = blocked.get(ip);
  if (until === undefined) return;
  const now = Date.now();
  if (until <= now) {
    blocked.delete(ip);
    return;
  }
  if (keys.some((k) => k && isCachedKey(k))) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((until - now) / 1000));
  throw rateLimited({ ok: false, limit, remaining: 0, resetSeconds: 60, retryAfterSeconds }, 'auth');
}

/** Counts one failed authentication; returns the 429 to answer instead when the address is over its limit. */
export async function noteAuthFailure(rt: Runtime, req: Headers): Promise<ApiError | undefined> {
  const d = await limitIp(rt, addressOf(req), 'auth');
  if (d.ok) return undefined;
  if (blocked.size >= MAX_BLOCKED) blocked.clear();
  blocked.set(addressOf(req), Date.now() + d.retryAfterSeconds * 1000);
  return rateLimited(d, 'auth');
}
