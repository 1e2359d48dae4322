import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { txExecutor } from '../../jobs/boss';
import { DELIVER_QUEUE, runSql } from './deliver';
import { TEST_EVENT_TYPE } from './payloads';

/** NOTIFY channel: raised in the emitting transaction, so worker processes hear it at commit. */
export const WAKE_CHANNEL = 'junction_webhooks';

/**
 * Runs inside the transaction that writes an outbox event (via `onEventEmitted`): if the project's
 * subscription wants this event, the message row and its first delivery job are written in that
 * same transaction, so either the change, the event and the job all commit, or none does.
 */
export async function enqueueForEvent(rt: Runtime, tx: Tx, projectId: string, eventId: string, type: string): Promise<boolean> {
  // One statement: the message exists only if the project has a live, enabled subscription wanting this type.
  const rows = await runSql(tx, `
    INSERT INTO webhook_messages (id, project_id, subscription_id, event_type, status, seq, next_attempt_at)
    SELECT $1, s.project_id, s.id, $3, 'pending', 1, now()
      FROM webhook_subscriptions s
     WHERE s.project_id = $2 AND s.deleted_at IS NULL AND s.status = 'enabled'
       AND ($3 = '${TEST_EVENT_TYPE}' OR s.enabled_events ? $3)
    ON CONFLICT (id) DO NOTHING
    RETURNING id, pg_notify('${WAKE_CHANNEL}', '')`, [eventId, projectId, type]);
  if (!rows.length) return false;
  await rt.boss!.send(DELIVER_QUEUE, { m: eventId, s: 1 }, { db: txExecutor(tx) } as never);
  wakeWorkers();
  return true;
}

// Workers of this process poll every 500 ms; an event emitted here wakes one sooner. The job only
// becomes visible when the emitting transaction commits, hence a second, later nudge.
let wake: ((n?: number) => void) | undefined;
let pending: NodeJS.Timeout | undefined;
export function setWakeHandler(fn: ((n?: number) => void) | undefined) {
  wake = fn;
}
export function wakeWorkers() {
  if (!wake || pending) return;
  pending = setTimeout(() => {
    pending = undefined;
    wake?.();
    setTimeout(() => wake?.(), 150).unref();
  }, 10);
  pending.unref();
}
