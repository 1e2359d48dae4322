import 'server-only';
import { desc } from 'drizzle-orm';
import { dashboardAudit } from '../db/schema';
import { dashboardStore } from './store';
import { newDashboardId } from './on-start';
import { log } from '../log';

/** Sensitive dashboard actions (revealing secrets, key changes) are recorded here and in the log. */
export async function audit(actor: string, action: string, target?: string, connectionId?: string) {
  const { db } = await dashboardStore();
  await db.insert(dashboardAudit).values({ id: newDashboardId('aud'), actor, action, target, connectionId });
  log.info({ actor, action, target, connectionId }, 'dashboard audit');
}

export async function recentAudit(limit = 50) {
  const { db } = await dashboardStore();
  return db.select().from(dashboardAudit).orderBy(desc(dashboardAudit.createdAt)).limit(limit);
}
