import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { dashboardSignInThrottle } from '../db/schema';
import { dashboardStore } from './store';

/**
 * Password sign-in attempts, counted per window in three buckets:
 *
 * - `pair`  one address guessing one email: 5 attempts. This is the lock a single attacker hits,
 *           and it locks only that attacker's address out of that account, never the admin
 *           signing in from somewhere else.
 * - `ip`    one address, any emails: 20 attempts, so spraying many accounts from one address stops too.
 * - `email` one email from every address together: 50 attempts, a ceiling on guessing spread over
 *           many addresses. Reaching it takes at least 10 addresses (each stops at its `pair` limit),
 *           so one address cannot lock the admin out.
 *
 * An attempt is counted (atomically, in one upsert per bucket) BEFORE the password is checked, so
 * parallel posts cannot all slip past a check made before any of them failed. A bucket already
 * full refuses the attempt without counting it in the later buckets. A successful sign-in gives its
 * attempt back.
 */
export const LIMITS = { pair: 5, ip: 20, email: 50 } as const;
/** what the sign-in page tells a locked-out address */
export const MAX_FAILURES = LIMITS.pair;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;

type Bucket = { key: string; max: number };

function buckets(email: string, ip: string): Bucket[] {
  const e = email.trim().toLowerCase();
  // Order matters: a full bucket stops the attempt before it is counted in the ones after it.
  return [
    { key: `ip:${ip}`, max: LIMITS.ip },
    { key: `pair:${ip}|${e}`, max: LIMITS.pair },
    { key: `email:${e}`, max: LIMITS.email },
  ];
}

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

/**
 * Call before checking the password. `ok: false` means the attempt is refused unchecked (locked);
 * `until` is when the lock that refused it ends.
 */
export async function countAttempt(email: string, ip: string): Promise<{ ok: true } | { ok: false; until: Date }> {
  const now = new Date();
  for (const b of buckets(email, ip)) {
    const r = await bump(b, now);
    if (r.attempts > b.max) return { ok: false, until: r.lockedUntil ?? new Date(now.getTime() + LOCK_MS) };
  }
  return { ok: true };
}

/** The right password: this address's lock on this email is cleared, and the attempt given back to the others. */
export async function attemptSucceeded(email: string, ip: string): Promise<void> {
  const { db } = await dashboardStore();
  const [ipBucket, pair, emailBucket] = buckets(email, ip) as [Bucket, Bucket, Bucket];
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
}

/** Whether the next attempt for this email from this address would be refused (no counting; for the page's message). */
export async function isLocked(email: string, ip: string): Promise<boolean> {
  const { db } = await dashboardStore();
  const now = new Date();
  for (const b of buckets(email, ip)) {
    const [row] = await db.select().from(t).where(eq(t.key, b.key)).limit(1);
    if (row && row.failures >= b.max && row.lockedUntil && row.lockedUntil > now) return true;
  }
  return false;
}
