import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { triggerLogs } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { decodeCursor, pageOf } from '../../contract/query';
import type { TRIGGER_LOG_OUTCOMES } from '../../contract/triggers';

export type LogOutcome = (typeof TRIGGER_LOG_OUTCOMES)[number];

export interface LogInput {
  projectId: string;
  triggerId: string;
  kind: 'poll' | 'delivery' | 'status';
  outcome: LogOutcome;
  eventsEmitted?: number;
  httpStatus?: number | null;
  message?: string | null;
  detail?: Record<string, unknown>;
}

/** One line of the trigger log ("why didn't it fire?"), in the caller's transaction. */
export async function writeLog(tx: Tx, input: LogInput): Promise<string> {
  const id = newId('log');
  await tx.insert(triggerLogs).values({
    id,
    projectId: input.projectId,
    triggerId: input.triggerId,
    kind: input.kind,
    outcome: input.outcome,
    eventsEmitted: input.eventsEmitted ?? 0,
    httpStatus: input.httpStatus ?? null,
    message: input.message ? input.message.slice(0, 2000) : null,
    detail: input.detail ?? {},
  });
  return id;
}

export async function listLogs(
  rt: Runtime,
  projectId: string,
  triggerId: string,
  q: { cursor?: string; limit?: number; outcomes?: string[] },
) {
  const limit = q.limit ?? 50;
  const page = decodeCursor(q.cursor);
  const where: SQL[] = [eq(triggerLogs.projectId, projectId), eq(triggerLogs.triggerId, triggerId)];
  if (q.outcomes?.length) where.push(inArray(triggerLogs.outcome, q.outcomes));
  const filter = and(...where);
  const [rows, total] = await Promise.all([
    rt.db
      .select()
      .from(triggerLogs)
      .where(filter)
      .orderBy(desc(triggerLogs.createdAt), desc(triggerLogs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    rt.db.select({ n: count() }).from(triggerLogs).where(filter),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      trigger_id: r.triggerId,
      kind: r.kind as 'poll' | 'delivery' | 'status',
      outcome: r.outcome as LogOutcome,
      events_emitted: r.eventsEmitted,
      http_status: r.httpStatus,
      message: r.message,
      detail: r.detail,
      created_at: r.createdAt.toISOString(),
    })),
    Number(total[0]?.n ?? 0),
    page,
    limit,
  );
}
