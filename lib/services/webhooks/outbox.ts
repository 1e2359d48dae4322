import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { runSql } from './deliver';
import { TEST_EVENT_TYPE } from './payloads';
import { liveProjectSql } from '../tenancy/live';

/** NOTIFY channel: raised in the emitting transaction, so worker processes hear it at commit. */
export const WAKE_CHANNEL = 'junction_webhooks';

/**
 * Runs inside the transaction that writes outbox events (via `onEventEmitted`): if the project's
 * subscription wants them, their message rows (due now) are written in that same transaction, so
 * either the change, the event and the message all commit, or none does.
 */
export async function enqueueForEvents(
  rt: Runtime,
  tx: Tx,
  projectId: string,
  eventIds: string[],
  type: string,
): Promise<number> {
  // One statement: messages exist only if the project has a live, enabled subscription wanting this type.
  const rows = await runSql<{ id: string }>(
    tx,
    `
    INSERT INTO webhook_messages (id, project_id, subscription_id, event_type, status, seq, next_attempt_at)
    SELECT e.id, s.project_id, s.id, $3, 'pending', 1, now()
      FROM webhook_subscriptions s, json_array_elements_text($1::json) AS e(id)
     WHERE s.project_id = $2 AND s.deleted_at IS NULL AND s.status = 'enabled'
       AND ${liveProjectSql('s.project_id')}
       AND ($3 = '${TEST_EVENT_TYPE}' OR s.enabled_events ? $3)
    ON CONFLICT (id) DO NOTHING
    RETURNING id`,
    [JSON.stringify(eventIds), projectId, type],
  );
  if (!rows.length) return 0;
  // Worker processes hear this at commit (PostgreSQL); the embedded engine has no other process.
  if (rt.database.engine === 'postgres') await runSql(tx, `SELECT pg_notify('${WAKE_CHANNEL}', '')`);
  wakeWorkers();
  return rows.length;
}

// The pump of this process polls every 500 ms; an event emitted here wakes it sooner. The message
// only becomes visible when the emitting transaction commits, hence a second, later nudge.
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
