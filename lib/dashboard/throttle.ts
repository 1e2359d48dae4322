import 'server-only';
import { eq } from 'drizzle-orm';
import { dashboardSignInThrottle } from '../db/schema';
import { dashboardStore } from './store';

/** Failed sign-ins: 5 in 15 minutes per key locks that key for 15 minutes. */
export const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;

/**
 * Failures count per email. (The address is not part of the key: next-auth's authorize() and the
 * sign-in action see different forwarding headers, and the lock must be the same in both.)
 */
export function throttleKey(email: string): string {
  return `email:${email.toLowerCase()}`;
}

export async function lockedUntil(key: string): Promise<Date | undefined> {
  const { db } = await dashboardStore();
  const [row] = await db.select().from(dashboardSignInThrottle).where(eq(dashboardSignInThrottle.key, key)).limit(1);
  return row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : undefined;
}

export async function recordFailure(key: string): Promise<void> {
  const { db } = await dashboardStore();
  const now = new Date();
  const [row] = await db.select().from(dashboardSignInThrottle).where(eq(dashboardSignInThrottle.key, key)).limit(1);
  const fresh = !row || now.getTime() - row.windowStartedAt.getTime() > WINDOW_MS;
  const failures = fresh ? 1 : row.failures + 1;
  const lock = failures >= MAX_FAILURES ? new Date(now.getTime() + LOCK_MS) : null;
  await db.insert(dashboardSignInThrottle)
    .values({ key, failures, windowStartedAt: fresh ? now : row.windowStartedAt, lockedUntil: lock })
    .onConflictDoUpdate({ target: dashboardSignInThrottle.key, set: { failures, windowStartedAt: fresh ? now : row!.windowStartedAt, lockedUntil: lock } });
}

export async function clearFailures(key: string): Promise<void> {
  const { db } = await dashboardStore();
  await db.delete(dashboardSignInThrottle).where(eq(dashboardSignInThrottle.key, key));
}
