import type { Runtime } from '../../runtime';
import { job } from '../../jobs/registry';
import { runSql } from './deliver';
import { wakeWorkers } from './outbox';
import { TEST_EVENT_TYPE } from './payloads';
import { webhookSettings } from './settings';

/**
 * Belt and braces for the outbox. Makes due again (with a new seq and no claim, so a late report
 * of the old claim is not recorded):
 *  - messages claimed by a worker that has not reported back within the stall window (a process
 *    killed mid-delivery); they keep their due time, so they go before newer messages,
 * and creates the missing message for recent events of a subscribed type that have none (an
 * event written by a process where the delivery hook was not registered). Events older than the
 * subscription's last change are left alone, so re-enabling does not flood the endpoint.
 */
const REQUEUE_SQL = `
  UPDATE webhook_messages m
     SET status = 'pending', seq = m.seq + 1, claimed_by = NULL, claimed_at = NULL, updated_at = now()
   WHERE m.id IN (
     SELECT id FROM webhook_messages
      WHERE status = 'delivering' AND claimed_at < now() - make_interval(secs => $1)
      ORDER BY claimed_at
      LIMIT 500
      FOR UPDATE SKIP LOCKED)
  RETURNING m.id, m.seq`;

const ORPHANS_SQL = `
  INSERT INTO webhook_messages (id, project_id, subscription_id, event_type, status, seq, next_attempt_at)
  SELECT e.id, e.project_id, s.id, e.type, 'pending', 1, now()
    FROM webhook_subscriptions s
    JOIN events e ON e.project_id = s.project_id
                 AND e.created_at >= GREATEST(s.created_at, s.updated_at, now() - make_interval(secs => $1))
                 AND e.created_at < now() - interval '2 seconds'
   WHERE s.deleted_at IS NULL AND s.status = 'enabled'
     AND (e.type = '${TEST_EVENT_TYPE}' OR s.enabled_events ? e.type)
     AND NOT EXISTS (SELECT 1 FROM webhook_messages m WHERE m.id = e.id)
   LIMIT 1000
  ON CONFLICT (id) DO NOTHING
  RETURNING id, seq`;

// The first sweep of a process looks back a day; later ones only at what is new since the last
// sweep (plus a margin), so a sweep stays cheap however many events the outbox holds.
let lastSweep = 0;

export async function sweepWebhooks(
  rt: Runtime,
  opts: { orphanWindowSeconds?: number } = {},
): Promise<{ requeued: number; orphans: number }> {
  const s = webhookSettings();
  const started = Date.now();
  const window =
    opts.orphanWindowSeconds ?? (lastSweep ? Math.min(24 * 3600, (started - lastSweep) / 1000 + 600) : 24 * 3600);
  return rt.db.transaction(async (tx) => {
    const requeued = await runSql<{ id: string; seq: number }>(tx, REQUEUE_SQL, [s.stallSeconds]);
    const orphans = await runSql<{ id: string; seq: number }>(tx, ORPHANS_SQL, [window]);
    lastSweep = started;
    if (requeued.length || orphans.length) wakeWorkers();
    return { requeued: requeued.length, orphans: orphans.length };
  });
}

export const webhookSweepJob = job<Record<string, never>>({
  name: 'webhooks.sweep',
  cron: '* * * * *',
  async handler(rt) {
    await sweepWebhooks(rt);
  },
});
