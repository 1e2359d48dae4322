import type { Runtime } from '../../runtime';
import { zeroDataRetention } from '../tenancy/retention';
import { sql } from 'drizzle-orm';

/**
 * Zero data retention for webhook deliveries: once a message of such a project is delivered, its stored
 * body, its event's payload and the receiver's answers are dropped; ids, types, statuses, attempts and
 * timings stay. A failed message keeps its body until it is replayed or retention removes it, since a
 * replay must send the same bytes.
 */
const dropSql = (ids: string[]) => sql`
  WITH done AS (
    SELECT id FROM webhook_messages
     WHERE id IN (SELECT value FROM json_array_elements_text(${JSON.stringify(ids)}::json)) AND status = 'delivered'),
  m AS (UPDATE webhook_messages SET body = NULL WHERE id IN (SELECT id FROM done) RETURNING id),
  a AS (UPDATE webhook_attempts SET response_excerpt = NULL WHERE message_id IN (SELECT id FROM done) RETURNING id)
  UPDATE events SET data = '{}'::jsonb WHERE id IN (SELECT id FROM done) RETURNING id`;

export async function dropDeliveredPayloads(
  rt: Runtime,
  delivered: { messageId: string; projectId: string }[],
): Promise<number> {
  const ids: string[] = [];
  for (const d of delivered) if (await zeroDataRetention(rt, d.projectId)) ids.push(d.messageId);
  if (!ids.length) return 0;
  const res = (await rt.db.execute(dropSql(ids))) as unknown as { rows?: unknown[] } | unknown[];
  return (Array.isArray(res) ? res : (res.rows ?? [])).length;
}
