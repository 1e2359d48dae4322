import type { Runtime } from '../../runtime';
import { runSql } from './deliver';
import { webhookSettings } from './settings';

/**
 * Delivery history does not grow forever: messages finished (delivered, failed, cancelled) more
 * than JUNCTION_WEBHOOK_RETENTION_DAYS ago go, with their attempts and their events. Messages
 * still pending or in flight are never touched, whatever their age. Deleted in batches, one
 * statement each, so a large backlog never holds locks for long.
 */
const BATCH = 5000;
const MAX_BATCHES = 40;

// One statement: the batch is chosen once, and its attempts and messages go together.
const MESSAGES_SQL = `
  WITH done AS (
    SELECT id FROM webhook_messages
     WHERE status IN ('delivered', 'failed', 'cancelled') AND updated_at < $1
     ORDER BY updated_at LIMIT ${BATCH}
       FOR UPDATE SKIP LOCKED),
  attempts AS (DELETE FROM webhook_attempts WHERE message_id IN (SELECT id FROM done))
  DELETE FROM webhook_messages WHERE id IN (SELECT id FROM done)
  RETURNING id`;

// A message's id is its event's id; an event with no message left (delivered long ago, or never
// subscribed to) is history too.
const EVENTS_SQL = `
  DELETE FROM events WHERE id IN (
    SELECT e.id FROM events e
     WHERE e.created_at < $1 AND NOT EXISTS (SELECT 1 FROM webhook_messages m WHERE m.id = e.id)
     LIMIT ${BATCH})
  RETURNING id`;

export async function pruneWebhookHistory(
  rt: Runtime,
  now = new Date(),
): Promise<{ messages: number; events: number }> {
  const cutoff = new Date(now.getTime() - webhookSettings().retentionDays * 86_400_000);
  let messages = 0;
  let events = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = (await runSql(rt.db, MESSAGES_SQL, [cutoff.toISOString()])).length;
    messages += n;
    if (n < BATCH) break;
  }
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = (await runSql(rt.db, EVENTS_SQL, [cutoff.toISOString()])).length;
    events += n;
    if (n < BATCH) break;
  }
  return { messages, events };
}
