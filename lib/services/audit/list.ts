import { and, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { errors } from '../../contract/errors';

export interface AuditQuery {
  action?: string[];
  actor?: string;
  target?: string;
  since?: Date;
  until?: Date;
  cursor?: string;
  limit: number;
}

// Keyset cursor: the (created_at, id) of the last entry shown, so new entries never shift a page.
function encode(at: Date, id: string): string {
  return Buffer.from(JSON.stringify({ at: at.toISOString(), id })).toString('base64url');
}

function decode(cursor: string): { at: Date; id: string } {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown; id?: unknown };
    const at = typeof v.at === 'string' ? new Date(v.at) : undefined;
    if (at && !Number.isNaN(at.getTime()) && typeof v.id === 'string') return { at, id: v.id };
  } catch {
    /* fall through */
  }
  throw errors.validation('Invalid cursor', ['query.cursor: not a cursor returned by this API']);
}

/** Newest first, one organization's entries only. */
export async function listAudit(db: Db, orgId: string, q: AuditQuery) {
  const where: (SQL | undefined)[] = [eq(auditLog.orgId, orgId)];
  if (q.action?.length) where.push(or(...q.action.map((a) => eq(auditLog.action, a))));
  if (q.actor) where.push(eq(auditLog.actor, q.actor));
  if (q.target) where.push(eq(auditLog.target, q.target));
  if (q.since) where.push(gte(auditLog.createdAt, q.since));
  if (q.until) where.push(lte(auditLog.createdAt, q.until));
  if (q.cursor) {
    const c = decode(q.cursor);
    where.push(or(lt(auditLog.createdAt, c.at), and(eq(auditLog.createdAt, c.at), lt(auditLog.id, c.id))));
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      action: r.action,
      actor: r.actor,
      actor_type: r.actorType,
      target: r.target,
      outcome: r.outcome,
      ip: r.ip,
      project_id: r.projectId,
      detail: r.detail,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor: rows.length > q.limit && last ? encode(last.createdAt, last.id) : null,
  };
}
