import 'server-only';
import { count, eq, sql } from 'drizzle-orm';
import { dashboardAdmins } from '../db/schema';
import { dashboardStore } from './store';
import { hashPassword } from './passwords';
import { newDashboardId } from './on-start';
import { deleteSetupToken, setupTokenMatches } from './setup-token';

export async function adminCount(): Promise<number> {
  const { db } = await dashboardStore();
  const [row] = await db.select({ n: count() }).from(dashboardAdmins);
  return Number(row?.n ?? 0);
}

export async function findAdmin(email: string) {
  const { db } = await dashboardStore();
  const [row] = await db
    .select()
    .from(dashboardAdmins)
    .where(sql`lower(${dashboardAdmins.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/**
 * First-run setup: only succeeds while no admin exists and with the setup token (checked inside the
 * same lock, so two posts cannot both pass). The token is spent with it.
 */
export async function createFirstAdmin(
  email: string,
  password: string,
  setupToken: string,
): Promise<'created' | 'closed' | 'bad_token'> {
  const { db } = await dashboardStore();
  // Hashed only once the token is known good (a wrong token costs the server nothing), and outside
  // the transaction (on the embedded database it would hold the only connection meanwhile).
  if (!(await setupTokenMatches(db, setupToken))) return (await adminCount()) > 0 ? 'closed' : 'bad_token';
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7166100)`);
    const [row] = await tx.select({ n: count() }).from(dashboardAdmins);
    if (Number(row?.n ?? 0) > 0) return 'closed';
    if (!(await setupTokenMatches(tx, setupToken))) return 'bad_token';
    await tx
      .insert(dashboardAdmins)
      .values({ id: newDashboardId('adm'), email: email.trim().toLowerCase(), passwordHash });
    await deleteSetupToken(tx);
    return 'created';
  });
}

/** Stores a hash with today's parameters (after a sign-in verified the password against an older one). */
export async function rehashPassword(id: string, password: string): Promise<void> {
  const { db } = await dashboardStore();
  await db
    .update(dashboardAdmins)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(dashboardAdmins.id, id));
}

export async function touchSignIn(id: string) {
  const { db } = await dashboardStore();
  await db.update(dashboardAdmins).set({ lastSignInAt: new Date() }).where(eq(dashboardAdmins.id, id));
}
