import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { dashboardSignInThrottle } from '../db/schema';
import { dashboardStore } from './store';

/**
 * Password sign-in attempts, counted per window in three buckets:
 *
 * - `pair`  one address guessing one email: 5 attempts. This is the lock a single attacker hits,
 *           and it locks only that attacker's address out of that account.
 * - `ip`    one address, any emails: 20 attempts, so spraying many accounts from one address stops too.
 * - `email` one email from every address together: 50 attempts. Past it the email is **under
 *           attack**, and the bucket no longer refuses everyone (that let a spray from ten addresses
 *           lock the admin out, again and again): it shrinks every address's allowance instead.
 *           An address with no attempt on this email in the window gets exactly one checked
 *           attempt (its pair bucket is filled at once), an address that already tried gets none,
 *           and an address this email has signed in from before (`trusted`, 30 days) keeps its
 *           ordinary five. So the admin signs in from a clean or a known address during a spray,
 *           and guessing spread over many addresses gets one guess per address per window.
 *
 * Addresses are counted per IPv4 address and per IPv6 /64, the block one subscriber usually holds,
 * so an attacker cannot mint a fresh address per guess from one IPv6 prefix.
 *
 * An attempt is counted (atomically, in one upsert per bucket) BEFORE the password is checked, so
 * parallel posts cannot all slip past a check made before any of them failed. A bucket already
 * full refuses the attempt without counting it in the later buckets. A successful sign-in gives its
 * attempt back and trusts its address for this email.
 */
export const LIMITS = { pair: 5, ip: 20, email: 50 } as const;
/** what the sign-in page tells a locked-out address */
export const MAX_FAILURES = LIMITS.pair;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;

/** how long an address an email signed in from is trusted for that email */
const TRUST_MS = 30 * 24 * 3_600_000;

type Bucket = { key: string; max: number };

/** The address as the buckets count it: IPv4 as is, IPv6 by its /64 (IPv4-mapped IPv6 as IPv4). */
export function addressKey(ip: string): string {
  try {
    const a = ipaddr.process(ip);
    if (a.kind() === 'ipv4') return a.toString();
    const parts = (a as ipaddr.IPv6).parts.slice(0, 4);
    return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
  } catch {
    return ip;
  }
}

function buckets(email: string, ip: string): [Bucket, Bucket, Bucket] {
  const e = email.trim().toLowerCase();
  const a = addressKey(ip);
  // Order matters: a full bucket stops the attempt before it is counted in the ones after it.
  return [
    { key: `ip:${a}`, max: LIMITS.ip },
    { key: `pair:${a}|${e}`, max: LIMITS.pair },
    { key: `email:${e}`, max: LIMITS.email },
  ];
}

const trustKey = (email: string, ip: string) => `trusted:${addressKey(ip)}|${email.trim().toLowerCase()}`;

const t = dashboardSignInThrottle;

/** Counts one attempt in a bucket; returns the count including it (PostgreSQL serialises upserts on one key). */
async function bump(b: Bucket, now: Date): Promise<{ attempts: number; lockedUntil: Date | null }> {
  const { db } = await dashboardStore();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
  const lockEnd = new Date(now.getTime() + LOCK_MS).toISOString();
  // A window that is over (and not under a lock) starts again at this attempt.
  const fresh = sql`(${t.windowStartedAt} < ${windowStart}::timestamptz and (${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowIso}::timestamptz))`;
  const [row] = await db
    .insert(t)
    .values({ key: b.key, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${fresh} then ${nowIso}::timestamptz else ${t.windowStartedAt} end`,
        // The lock starts when the bucket fills and is not pushed further by refused attempts.
        lockedUntil: sql`case when ${fresh} then null
          when ${t.failures} + 1 >= ${b.max} and (${t.lockedUntil} is null or ${t.lockedUntil} <= ${nowIso}::timestamptz) then ${lockEnd}::timestamptz
          else ${t.lockedUntil} end`,
      },
    })
    .returning({ attempts: t.failures, lockedUntil: t.lockedUntil });
  return { attempts: row!.attempts, lockedUntil: row!.lockedUntil };
}

/** Whether this email signed in from this address within the trust period. */
async function trusted(email: string, ip: string, now: Date): Promise<boolean> {
  const { db } = await dashboardStore();
  const [row] = await db
    .select()
    .from(t)
    .where(eq(t.key, trustKey(email, ip)))
    .limit(1);
  return Boolean(row?.lockedUntil && row.lockedUntil > now);
}

/** The one checked attempt of a clean address on an email under attack: its pair bucket is full from now. */
async function spendPair(pair: Bucket, now: Date): Promise<void> {
  const { db } = await dashboardStore();
  await db
    .update(t)
    .set({ failures: pair.max, lockedUntil: new Date(now.getTime() + LOCK_MS) })
    .where(eq(t.key, pair.key));
}

export type AttemptVerdict = { ok: true } | { ok: false; until: Date; bucket: 'ip' | 'pair' | 'email' };

/**
 * Call before checking the password. `ok: false` means the attempt is refused unchecked (locked);
 * `until` is when the lock that refused it ends, `bucket` which one it was (for the audit log).
 */
export async function countAttempt(email: string, ip: string): Promise<AttemptVerdict> {
  const now = new Date();
  const [ipBucket, pair, emailBucket] = buckets(email, ip);
  const refused = (b: 'ip' | 'pair' | 'email', r: { lockedUntil: Date | null }): AttemptVerdict => ({
    ok: false,
    until: r.lockedUntil ?? new Date(now.getTime() + LOCK_MS),
    bucket: b,
  });
  const byIp = await bump(ipBucket, now);
  if (byIp.attempts > ipBucket.max) return refused('ip', byIp);
  const byPair = await bump(pair, now);
  if (byPair.attempts > pair.max) return refused('pair', byPair);
  const byEmail = await bump(emailBucket, now);
  if (byEmail.attempts <= emailBucket.max) return { ok: true };
  // The email is under attack. A known address keeps its ordinary allowance; a clean one gets one check.
  if (await trusted(email, ip, now)) return { ok: true };
  if (byPair.attempts === 1) {
    await spendPair(pair, now);
    return { ok: true };
  }
  return refused('email', byEmail);
}

/** The right password: this address's lock on this email is cleared, the attempt given back, the address trusted. */
export async function attemptSucceeded(email: string, ip: string): Promise<void> {
  const { db } = await dashboardStore();
  const [ipBucket, pair, emailBucket] = buckets(email, ip);
  await db.delete(t).where(eq(t.key, pair.key));
  for (const b of [ipBucket, emailBucket]) {
    await db
      .update(t)
      .set({
        failures: sql`greatest(${t.failures} - 1, 0)`,
        lockedUntil: sql`case when ${t.failures} - 1 >= ${b.max} then ${t.lockedUntil} else null end`,
      })
      .where(and(eq(t.key, b.key), gt(t.failures, 0)));
  }
  // lockedUntil holds "trusted until" on this row; failures is unused
  const now = new Date();
  const until = new Date(now.getTime() + TRUST_MS);
  await db
    .insert(t)
    .values({ key: trustKey(email, ip), failures: 0, windowStartedAt: now, lockedUntil: until })
    .onConflictDoUpdate({ target: t.key, set: { windowStartedAt: now, lockedUntil: until } });
}

/** Whether the next attempt for this email from this address would be refused (no counting; for the page's message). */
export async function isLocked(email: string, ip: string): Promise<boolean> {
  const { db } = await dashboardStore();
  const now = new Date();
  const [ipBucket, pair, emailBucket] = buckets(email, ip);
  const full = async (b: Bucket) => {
    const [row] = await db.select().from(t).where(eq(t.key, b.key)).limit(1);
    return { row, locked: Boolean(row && row.failures >= b.max && row.lockedUntil && row.lockedUntil > now) };
  };
  if ((await full(ipBucket)).locked || (await full(pair)).locked) return true;
  if (!(await full(emailBucket)).locked) return false;
  // under attack: a clean or known address may still try
  const p = await full(pair);
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const triedHere = Boolean(p.row && p.row.failures > 0 && (p.row.windowStartedAt > windowStart || p.locked));
  return triedHere && !(await trusted(email, ip, now));
}
