import { and, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { events, webhookAttempts, webhookMessages } from '../../db/schema';
import { errors } from '../../contract/errors';
import { decodeCursor, pageOf } from '../../contract/query';
import { newId } from '../../crypto/ids';
import { emitEvents } from '../events/emit';
import { deliverInline, inlineToken, runSql, type AttemptOutcome } from './deliver';
import { TEST_EVENT_TYPE } from './payloads';
import { loadSubscription } from './subscriptions';
import { openBody } from './stored-body';
import type { Keyring } from '../../crypto/secrets';

type MessageRow = typeof webhookMessages.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function attemptView(a: AttemptRow) {
  return {
    attempt: a.attempt,
    trigger: a.trigger,
    created_at: a.createdAt.toISOString(),
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    success: a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300,
    error: a.error,
    response_excerpt: a.responseExcerpt,
  };
}

function parseBody(ring: Keyring, stored: string | null): unknown {
  if (stored === null) return null;
  let body: string;
  try {
    body = openBody(ring, stored);
  } catch {
    return null; // sealed under a key this process no longer has
  }
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function deliveryView(ring: Keyring, m: MessageRow, attempts: AttemptRow[]) {
  return {
    id: m.id,
    event_type: m.eventType,
    status: m.status,
    version: (m.version as 'V1' | 'V2' | 'V3' | null) ?? null,
    attempt_count: m.attemptCount,
    next_attempt_at: m.status === 'pending' ? iso(m.nextAttemptAt) : null,
    delivered_at: iso(m.deliveredAt),
    last_status_code: m.lastStatusCode,
    last_error: m.lastError,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    payload: parseBody(ring, m.body),
    attempts: attempts.map(attemptView),
  };
}

async function attemptsOf(rt: Runtime, ids: string[]) {
  const by = new Map<string, AttemptRow[]>();
  if (!ids.length) return by;
  const rows = await rt.db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.messageId, ids))
    .orderBy(webhookAttempts.messageId, webhookAttempts.attempt, webhookAttempts.createdAt);
  for (const r of rows) {
    const list = by.get(r.messageId) ?? [];
    list.push(r);
    by.set(r.messageId, list);
  }
  return by;
}

export async function listDeliveries(
  rt: Runtime,
  projectId: string,
  subscriptionId: string,
  q: { status?: string[]; event_type?: string[]; since?: string; until?: string; limit?: number; cursor?: string },
) {
  await loadSubscription(rt, projectId, subscriptionId);
  const limit = q.limit ?? 20;
  const page = decodeCursor(q.cursor);
  const where: SQL[] = [eq(webhookMessages.projectId, projectId), eq(webhookMessages.subscriptionId, subscriptionId)];
  if (q.status?.length) where.push(inArray(webhookMessages.status, q.status as MessageRow['status'][]));
  if (q.event_type?.length) where.push(inArray(webhookMessages.eventType, q.event_type));
  if (q.since) where.push(gte(webhookMessages.createdAt, new Date(q.since)));
  if (q.until) where.push(lte(webhookMessages.createdAt, new Date(q.until)));
  const rows = await rt.db
    .select()
    .from(webhookMessages)
    .where(and(...where))
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [{ n }] = (await rt.db
    .select({ n: count() })
    .from(webhookMessages)
    .where(and(...where))) as [{ n: number }];
  const attempts = await attemptsOf(
    rt,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => deliveryView(rt.keyring, r, attempts.get(r.id) ?? [])),
    Number(n),
    page,
    limit,
  );
}

export async function getDelivery(rt: Runtime, projectId: string, subscriptionId: string, messageId: string) {
  const [row] = await rt.db
    .select()
    .from(webhookMessages)
    .where(
      and(
        eq(webhookMessages.id, messageId),
        eq(webhookMessages.projectId, projectId),
        eq(webhookMessages.subscriptionId, subscriptionId),
      ),
    )
    .limit(1);
  if (!row) throw errors.notFound('Webhook delivery', messageId.slice(0, 80), 'WebhookDelivery_NotFound', 1902);
  const attempts = await attemptsOf(rt, [row.id]);
  return deliveryView(rt.keyring, row, attempts.get(row.id) ?? []);
}

/**
 * Deliver a message again, now (one attempt in this request; if it fails, the retry schedule
 * starts over). The `webhook-id` and body are the original ones.
 */
export async function replayDelivery(rt: Runtime, projectId: string, subscriptionId: string, messageId: string) {
  const sub = await loadSubscription(rt, projectId, subscriptionId);
  if (sub.status !== 'enabled') {
    throw errors.conflict(
      `Webhook subscription ${sub.id} is disabled (${sub.disabledReason ?? 'no reason'}); re-enable it with PATCH {"enabled": true} first`,
      'WebhookSubscription_Disabled',
    );
  }
  // Claimed for this request in the same statement, so the pump cannot take it first.
  const token = inlineToken('replay');
  const rows = await runSql<{ id: string }>(
    rt.db,
    `
    UPDATE webhook_messages SET status = 'delivering', seq = seq + 1, retry_step = 0, claimed_by = $4, claimed_at = now(),
           next_attempt_at = now(), updated_at = now()
     WHERE id = $1 AND project_id = $2 AND subscription_id = $3
    RETURNING id`,
    [messageId, projectId, subscriptionId, token],
  );
  if (!rows[0]) throw errors.notFound('Webhook delivery', messageId.slice(0, 80), 'WebhookDelivery_NotFound', 1902);
  await deliverInline(rt, [messageId], token, 'replay');
  return getDelivery(rt, projectId, subscriptionId, messageId);
}

function outcomeView(o: AttemptOutcome | undefined, id: string) {
  if (!o) return { message_id: id, status: 'pending' as const, attempt: null };
  return {
    message_id: id,
    status: o.status,
    attempt:
      o.attempt === null
        ? null
        : {
            attempt: o.attempt,
            trigger: o.trigger,
            created_at: o.at.toISOString(),
            status_code: o.statusCode,
            duration_ms: o.durationMs,
            success: o.status === 'delivered',
            error: o.error,
            response_excerpt: o.excerpt,
          },
  };
}

/**
 * Send test events (`composio.webhook.test`). By default one event is delivered in this request and
 * its outcome reported; `async: true` writes them through the outbox (emitEvents, the same path as
 * every other event) and returns at once.
 */
export async function testSubscription(
  rt: Runtime,
  projectId: string,
  subscriptionId: string,
  body: { count?: number; async?: boolean; data?: Record<string, unknown> },
) {
  const sub = await loadSubscription(rt, projectId, subscriptionId);
  const n = body.count ?? 1;
  const data = (i: number) => ({ subscription_id: sub.id, sequence: i, ...(body.data ?? {}) });
  if (body.async) {
    if (sub.status !== 'enabled') {
      throw errors.conflict(
        `Webhook subscription ${sub.id} is disabled; re-enable it with PATCH {"enabled": true} first`,
        'WebhookSubscription_Disabled',
      );
    }
    const ids = await rt.db.transaction((tx) =>
      emitEvents(
        tx,
        projectId,
        TEST_EVENT_TYPE,
        Array.from({ length: n }, (_, i) => ({ data: data(i) })),
      ),
    );
    return { subscription_id: sub.id, items: ids.map((id) => outcomeView(undefined, id)) };
  }
  if (n > 20)
    throw errors.validation('At most 20 test events are delivered inline; pass "async": true for more', [
      'body.count: at most 20 unless async',
    ]);
  // Inline: the event and its message are written here, claimed by this request, which makes the
  // first attempt (the sweeper takes over if the process dies before it reports).
  const ids = Array.from({ length: n }, () => newId('event'));
  const token = inlineToken('test');
  await rt.db.transaction(async (tx) => {
    await tx
      .insert(events)
      .values(ids.map((id, i) => ({ id, projectId, type: TEST_EVENT_TYPE, data: data(i), metadata: {} })));
    await tx.insert(webhookMessages).values(
      ids.map((id) => ({
        id,
        projectId,
        subscriptionId: sub.id,
        eventType: TEST_EVENT_TYPE,
        status: 'delivering' as const,
        seq: 1,
        claimedBy: token,
        claimedAt: new Date(),
        nextAttemptAt: new Date(),
      })),
    );
  });
  const outcomes = await deliverInline(rt, ids, token, 'test', { ignoreDisabled: true });
  const by = new Map(outcomes.map((o) => [o.messageId, o]));
  return { subscription_id: sub.id, items: ids.map((id) => outcomeView(by.get(id), id)) };
}
