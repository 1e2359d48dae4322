import { ApiError, namedError } from '../contract/errors';
import { log } from '../log';
import type { Runtime } from '../runtime';

/**
 * Token buckets for the API's rate limits: one per API key (JUNCTION_RATE_LIMIT_PER_MINUTE) and one
 * per client address on unauthenticated endpoints (JUNCTION_RATE_LIMIT_IP_PER_MINUTE). A bucket
 * holds a minute's worth of tokens and refills continuously at limit/60 per second.
 *
 * Embedded database (one process): the buckets live in this process's memory. That is exact, costs
 * nothing, and starts full again after a restart.
 *
 * PostgreSQL (any number of processes): the bucket is a row of rate_limit_buckets. A process
 * reserves a small chunk of tokens (1/50 of the limit, 1..50) with one INSERT … ON CONFLICT DO
 * UPDATE … RETURNING that also folds in the refill, and serves requests from the chunk in memory,
 * so the database sees one statement per chunk, not per request. Tokens reserved but unused by a
 * process are lost to the others for up to a chunk; a key can exceed its limit by no more than one
 * chunk per process. When the row has no whole token left the process remembers when the next one
 * is due and refuses until then without asking again.
 */

export interface Decision {
  ok: boolean;
  limit: number;
  remaining: number;
  /** seconds until the bucket is full again */
  resetSeconds: number;
  /** seconds until a request would be accepted (refusals only) */
  retryAfterSeconds: number;
}

interface MemoryBucket {
  tokens: number;
  at: number;
}
interface SharedBucket {
  /** tokens reserved from the row and not yet spent */
  local: number;
  /** the row's tokens after our last reservation (for the remaining header) */
  shared: number;
  deniedUntil: number;
  reserving?: Promise<void>;
}

const memory = new Map<string, MemoryBucket>();
const shared = new Map<string, SharedBucket>();
const MAX_BUCKETS = 50_000;

const RESERVE_SQL = `
  INSERT INTO rate_limit_buckets AS b (key, tokens, granted, updated_at)
  VALUES ($1, $2::float8 - least($4::int, $2::float8), least($4::int, floor($2::float8))::int, now())
  ON CONFLICT (key) DO UPDATE SET
    granted = least($4::int, floor(least($2::float8, b.tokens + greatest(0, extract(epoch from now() - b.updated_at)) * $3::float8)))::int,
    tokens = least($2::float8, b.tokens + greatest(0, extract(epoch from now() - b.updated_at)) * $3::float8)
           - least($4::int, floor(least($2::float8, b.tokens + greatest(0, extract(epoch from now() - b.updated_at)) * $3::float8))),
    updated_at = now()
  RETURNING tokens, granted`;

function decision(ok: boolean, limit: number, tokens: number, rate: number): Decision {
  return {
    ok,
    limit,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.max(0, Math.ceil((limit - tokens) / rate)),
    retryAfterSeconds: ok ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
  };
}

function takeMemory(key: string, limit: number, now: number): Decision {
  const rate = limit / 60;
  let b = memory.get(key);
  if (!b) {
    if (memory.size >= MAX_BUCKETS) memory.clear();
    b = { tokens: limit, at: now };
    memory.set(key, b);
  }
  b.tokens = Math.min(limit, b.tokens + ((now - b.at) / 1000) * rate);
  b.at = now;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return decision(true, limit, b.tokens, rate);
  }
  return decision(false, limit, b.tokens, rate);
}

async function reserve(rt: Runtime, key: string, b: SharedBucket, limit: number) {
  const rate = limit / 60;
  const chunk = Math.min(50, Math.max(1, Math.floor(limit / 50)));
  const { rows } = await rt.database.query<{ tokens: number; granted: number }>(RESERVE_SQL, [key, limit, rate, chunk]);
  const row = rows[0]!;
  const granted = Number(row.granted);
  b.shared = Number(row.tokens);
  b.local += granted;
  if (granted === 0) b.deniedUntil = Date.now() + ((1 - b.shared) / rate) * 1000;
}

async function takeShared(rt: Runtime, key: string, limit: number): Promise<Decision> {
  const rate = limit / 60;
  let b = shared.get(key);
  if (!b) {
    if (shared.size >= MAX_BUCKETS) shared.clear();
    b = { local: 0, shared: limit, deniedUntil: 0 };
    shared.set(key, b);
  }
  for (let attempt = 0; attempt < 4; attempt++) {
    if (b.local >= 1) {
      b.local -= 1;
      return decision(true, limit, b.local + b.shared, rate);
    }
    const now = Date.now();
    if (now < b.deniedUntil) {
      return {
        ...decision(false, limit, 0, rate),
        retryAfterSeconds: Math.max(1, Math.ceil((b.deniedUntil - now) / 1000)),
      };
    }
    // One reservation in flight per bucket and process; requests arriving meanwhile wait for it.
    b.reserving ??= reserve(rt, key, b, limit).finally(() => {
      b!.reserving = undefined;
    });
    await b.reserving;
  }
  return decision(false, limit, b.shared, rate);
}

/** Take one token from `key`'s bucket. A database failure lets the request through (and is logged). */
export async function takeToken(rt: Runtime, key: string, limit: number): Promise<Decision> {
  if (rt.database.engine !== 'postgres') return takeMemory(key, limit, Date.now());
  try {
    return await takeShared(rt, key, limit);
  } catch (err) {
    log.warn({ err }, 'rate limit: could not reserve tokens; letting the request through');
    return decision(true, limit, limit, limit / 60);
  }
}

export function rateLimitHeaders(d: Decision): Record<string, string> {
  const h: Record<string, string> = {
    'x-ratelimit-limit': String(d.limit),
    'x-ratelimit-remaining': String(d.remaining),
    'x-ratelimit-reset': String(d.resetSeconds),
  };
  if (!d.ok) h['retry-after'] = String(d.retryAfterSeconds);
  return h;
}

export function rateLimited(d: Decision, what: 'key' | 'ip' | 'auth'): ApiError {
  return namedError(
    'Request_RateLimited',
    what === 'key'
      ? `Rate limit of ${d.limit} requests per minute exceeded for this API key`
      : what === 'auth'
        ? `Too many failed authentications from this address (${d.limit} per minute)`
        : `Too many requests from this address (${d.limit} per minute)`,
    { suggested_fix: `Retry after ${d.retryAfterSeconds} seconds.`, headers: rateLimitHeaders(d) },
  );
}

/**
 * Unauthenticated endpoints limited per client address: where anyone can make the server work
 * (trigger ingress verifies signatures, Connect Link pages and the OAuth callback look up tokens).
 * A route can also opt in or out with `ipLimit` on its definition.
 */
export const IP_LIMITED_ROUTES = new Set([
  '/trigger_ingress/{triggerId}',
  '/connect_links/{token}',
  '/connect_links/{token}/page',
  '/toolkits/auth/callback',
]);

/**
 * The per-address limit for callers outside the API router (the dashboard's sign-in and setup).
 * Returns the decision; callers refuse when `ok` is false. Always allowed when the limit is 0.
 */
export async function limitIp(rt: Runtime, ip: string, scope = 'api'): Promise<Decision> {
  const limit = rt.config.rateLimitIpPerMinute;
  if (limit <= 0) return { ok: true, limit: 0, remaining: 0, resetSeconds: 0, retryAfterSeconds: 0 };
  return takeToken(rt, `ip:${scope}:${ip}`, limit);
}

/** The per-key limit; undefined when it is off. */
export async function limitKey(rt: Runtime, keyId: string): Promise<Decision | undefined> {
  const limit = rt.config.rateLimitPerMinute;
  if (limit <= 0) return undefined;
  return takeToken(rt, `key:${keyId}`, limit);
}
