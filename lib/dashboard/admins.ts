import 'server-only';
import { count, eq, sql } from 'drizzle-orm';
import { dashboardAdmins } from '../db/schema';
import { dashboardStore } from './store';
import { hashPassword } from './passwords';
import { newDashboardId } from './on-start';

export async function adminCount(): Promise<number> {
  const { db } = await dashboardStore();
  const [row] = await db.select({ n: count() }).from(dashboardAdmins);
  return Number(row?.n ?? 0);
}

export async function findAdmin(email: string) {
  const { db } = await dashboardStore();
  const [row] = await db.select().from(dashboardAdmins).where(sql`lower(${dashboardAdmins.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return row;
}

/** First-run setup: only succeeds while no admin exists. */
export async function createFirstAdmin(email: string, password: string): Promise<boolean> {
  const { db } = await dashboardStore();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7166100)`);
    const [row] = await tx.select({ n: count() }).from(dashboardAdmins);
    if (Number(row?.n ?? 0) > 0) return false;
    await tx.insert(dashboardAdmins).values({ id: newDashboardId('adm'), email: email.trim().toLowerCase(), passwordHash });
    return true;
  });
}

export async function touchSignIn(id: string) {
  const { db } = await dashboardStore();
  await db.update(dashboardAdmins).set({ lastSignInAt: new Date() }).where(eq(dashboardAdmins.id, id));
}
