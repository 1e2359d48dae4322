import { sql } from 'drizzle-orm';
import { job } from '../../jobs/registry';
import type { Runtime } from '../../runtime';
import { log } from '../../log';

const BATCH = 5000;

/** Entries older than JUNCTION_AUDIT_RETENTION_DAYS go, in batches so a backlog never holds locks long. */
export async function pruneAuditLog(rt: Runtime, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - rt.config.auditRetentionDays * 86_400_000);
  let total = 0;
  for (let i = 0; i < 100; i++) {
    const res = await rt.db.execute(sql`delete from audit_log where id in (
      select id from audit_log where created_at < ${cutoff.toISOString()} limit ${BATCH}) returning id`);
    const n = Array.isArray(res) ? res.length : ((res as unknown as { rows?: unknown[] }).rows?.length ?? 0);
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

export const auditRetentionJob = job({
  name: 'audit-log-retention',
  cron: '23 3 * * *',
  async handler(rt) {
    await pruneAuditLog(rt);
  },
  // also when a worker starts: an instance that is not up at the cron minute still prunes
  async onStart(rt) {
    await pruneAuditLog(rt).catch((err) => log.warn({ err }, 'audit log retention failed; the daily job retries'));
  },
});
