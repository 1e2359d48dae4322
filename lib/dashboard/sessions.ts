import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { dashboardRevokedSessions } from '../db/schema';
import { dashboardStore } from './store';
import { SESSION_MAX_AGE } from './auth.config';

/** A new session's id, put in its JWT at sign-in. */
export function newSessionId(): string {
  return randomBytes(18).toString('base64url');
}

/** Sign-out: the session's id is refused from now until its cookie could no longer be valid. */
export async function revokeSession(sid: string): Promise<void> {
  const { db } = await dashboardStore();
  const now = Date.now();
  await db.delete(dashboardRevokedSessions).where(lt(dashboardRevokedSessions.expiresAt, new Date(now)));
  await db
    .insert(dashboardRevokedSessions)
    .values({ sid, expiresAt: new Date(now + SESSION_MAX_AGE * 1000) })
    .onConflictDoNothing();
}

export async function isRevoked(sid: string): Promise<boolean> {
  const { db } = await dashboardStore();
  const [row] = await db
    .select({ sid: dashboardRevokedSessions.sid })
    .from(dashboardRevokedSessions)
    .where(eq(dashboardRevokedSessions.sid, sid))
    .limit(1);
  return Boolean(row);
}
