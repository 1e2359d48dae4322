import { randomUUID } from 'node:crypto';
import { inArray, eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { connectedAccounts, events, projects, webhookSubscriptions } from '../../db/schema';
import { toDrizzleSql } from '../../jobs/boss';
import { log } from '../../log';
import { recordDelivery } from '../../metrics';
import { traced } from '../../telemetry';
import { getConnectedAccount } from '../connected-accounts/read';
import { randomToken } from '../../crypto/ids';
import { effectiveVersion, renderPayload, type OutboxEvent, type PayloadVersion } from './payloads';
import { nextDelaySeconds, webhookSettings } from './settings';
import type { SubscriptionRow } from './subscriptions';
import { send, type Claimed, type Sent } from './send-attempt';
import { openBody, sealBody } from './stored-body';
import { dropDeliveredPayloads } from './zero-retention';

/**
 * The delivery engine. A message row is its own queue entry: `pending` with `next_attempt_at` due
 * means "send me". A pump (pump.ts) claims due messages in batches with one statement
 * (`FOR UPDATE SKIP LOCKED`, so worker processes never share one) and, per batch:
 *   1. renders bodies not rendered yet (first attempt) and signs,
 *   2. POSTs all of them concurrently over a keep-alive agent,
 *   3. records outcomes, attempts, the next due time and subscription health in one transaction.
 * Replays and test sends claim their own messages by id and run the same steps in the request.
 * Nothing here relies on the process surviving: a claim left behind by a crash is re-queued by the
 * sweeper, and the claim token a batch holds is checked when it records, so a re-queued message
 * is never recorded twice.
 *
 * Earlier versions queued one pg-boss job per attempt beside the message row. The row already held
 * the state, and the job's insert, fetch and completion were ~40 % of the database work of a
 * delivery (most of the embedded engine's budget); jobs such versions left behind are ignored.
 */

export type AttemptTrigger = 'scheduled' | 'replay' | 'test';

export interface AttemptOutcome {
  messageId: string;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempt: number | null;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
  at: Date;
  trigger: AttemptTrigger;
}

export async function runSql<T = any>(db: Tx, text: string, params: unknown[] = []): Promise<T[]> {
  const res = (await db.execute(toDrizzleSql(text, params))) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

/** The given messages ($1, a JSON array of ids) that are still claimed under the token $2. */
const HELD_SQL = `
  SELECT m.id, m.project_id, m.subscription_id, m.event_type, m.seq, m.attempt_count, m.retry_step, m.version, m.body, m.created_at,
         m.claimed_by AS job
    FROM webhook_messages m
   WHERE m.id IN (SELECT json_array_elements_text($1::json)) AND m.status = 'delivering' AND m.claimed_by = $2`;

/** Claim up to $2 due messages under the token $1, oldest due first. */
const CLAIM_DUE_SQL = `
  UPDATE webhook_messages m
     SET status = 'delivering', claimed_by = $1, claimed_at = now(), updated_at = now()
   WHERE m.id IN (
     SELECT id FROM webhook_messages
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at
      LIMIT $2::int
      FOR UPDATE SKIP LOCKED)
  RETURNING m.id, m.project_id, m.subscription_id, m.event_type, m.seq, m.attempt_count, m.retry_step, m.version, m.body, m.created_at,
            m.claimed_by AS job`;

const RECORD_SQL = `
  UPDATE webhook_messages m
     SET status = j.status, seq = j.seq, claimed_by = NULL, claimed_at = NULL,
         attempt_count = j.attempt_count, retry_step = j.retry_step, next_attempt_at = j.next_at,
         version = COALESCE(m.version, j.version), body = COALESCE(m.body, j.body),
         last_status_code = COALESCE(j.code, m.last_status_code), last_error = j.error,
         delivered_at = COALESCE(j.delivered_at, m.delivered_at), updated_at = now()
    FROM json_to_recordset($1::json) AS j(id text, status text, seq int, attempt_count int, retry_step int, next_at timestamptz,
                                          version text, body text, code int, error text, delivered_at timestamptz, job text)
   WHERE m.id = j.id AND m.claimed_by = j.job`;

const ATTEMPTS_SQL = `
  INSERT INTO webhook_attempts (id, message_id, subscription_id, project_id, attempt, trigger, url, status_code, duration_ms, error, response_excerpt, created_at)
  SELECT id, message_id, subscription_id, project_id, attempt, trigger, url, status_code, duration_ms, error, response_excerpt, created_at
    FROM json_to_recordset($1::json) AS j(id text, message_id text, subscription_id text, project_id text, attempt int, trigger text, url text,
                                          status_code int, duration_ms int, error text, response_excerpt text, created_at timestamptz)`;

const HEALTH_OK_SQL = `
  UPDATE webhook_subscriptions SET failing_since = NULL
   WHERE id IN (SELECT value FROM json_array_elements_text($1::json)) AND failing_since IS NOT NULL`;

const HEALTH_FAIL_SQL = `
  UPDATE webhook_subscriptions s
     SET failing_since = COALESCE(s.failing_since, j.since),
         status = CASE WHEN COALESCE(s.failing_since, j.since) < now() - make_interval(secs => $2) THEN 'disabled' ELSE s.status END,
         disabled_reason = CASE WHEN s.status = 'enabled' AND COALESCE(s.failing_since, j.since) < now() - make_interval(secs => $2)
                                THEN $3 ELSE s.disabled_reason END,
         disabled_at = CASE WHEN s.status = 'enabled' AND COALESCE(s.failing_since, j.since) < now() - make_interval(secs => $2)
                            THEN now() ELSE s.disabled_at END
    FROM json_to_recordset($1::json) AS j(id text, since timestamptz)
   WHERE s.id = j.id`;

const GONE_SQL = `
  UPDATE webhook_subscriptions SET status = 'disabled', disabled_reason = $2, disabled_at = now()
   WHERE id IN (SELECT value FROM json_array_elements_text($1::json)) AND status = 'enabled'`;

/** Load what the first attempt of each message needs to render its body. */
async function renderBodies(
  rt: Runtime,
  claimed: Claimed[],
  subs: Map<string, SubscriptionRow & { orgId: string }>,
): Promise<Map<string, { body: string; stored: string; version: PayloadVersion }>> {
  const out = new Map<string, { body: string; stored: string; version: PayloadVersion }>();
  const need = claimed.filter((c) => c.body === null);
  if (!need.length) return out;
  const evs = await rt.db
    .select()
    .from(events)
    .where(
      inArray(
        events.id,
        need.map((c) => c.id),
      ),
    );
  const byId = new Map(evs.map((e) => [e.id, e]));
  // V1/V2 trigger messages name the connection by uuid; look them up when the emitter gave only the id.
  const uuidWanted = new Set<string>();
  for (const c of need) {
    const e = byId.get(c.id);
    const sub = subs.get(c.subscription_id);
    if (!e || !sub || e.type !== 'composio.trigger.message' || sub.version === 'V3') continue;
    const ca = e.metadata.connected_account_id;
    if (typeof ca === 'string' && !e.metadata.connected_account_uuid) uuidWanted.add(ca);
  }
  const uuids = new Map<string, string>();
  if (uuidWanted.size) {
    const rows = await rt.db
      .select({ id: connectedAccounts.id, uuid: connectedAccounts.uuid })
      .from(connectedAccounts)
      .where(inArray(connectedAccounts.id, [...uuidWanted]));
    for (const r of rows) uuids.set(r.id, r.uuid);
  }
  for (const c of need) {
    const e = byId.get(c.id);
    const sub = subs.get(c.subscription_id);
    if (!e || !sub) continue;
    const ev: OutboxEvent = {
      id: e.id,
      projectId: e.projectId,
      type: e.type,
      data: e.data,
      metadata: e.metadata,
      createdAt: e.createdAt,
    };
    let account: Record<string, unknown> | undefined;
    if (e.type.startsWith('composio.connected_account.')) {
      const accountId = e.data.connected_account_id ?? e.data.id;
      if (typeof accountId === 'string') {
        try {
          // secrets masked unless the project turned masking off (see masksSecrets)
          account = (await getConnectedAccount(rt, e.projectId, accountId)) as unknown as Record<string, unknown>;
        } catch {
          /* deleted or unsupported: the event's own fields are sent */
        }
      }
    }
    const ca = e.metadata.connected_account_id;
    const payload = renderPayload(ev, sub.version, {
      orgId: sub.orgId,
      account,
      connectionUuid: typeof ca === 'string' ? uuids.get(ca) : undefined,
    });
    const body = JSON.stringify(payload);
    out.set(c.id, { body, stored: sealBody(rt.keyring, e.type, body), version: effectiveVersion(e.type, sub.version) });
  }
  return out;
}

interface RecordRow {
  id: string;
  status: string;
  seq: number;
  attempt_count: number;
  retry_step: number;
  next_at: string | null;
  version: string | null;
  body: string | null;
  code: number | null;
  error: string | null;
  delivered_at: string | null;
  job: string;
}

/** Claim up to `limit` due messages under `token` (the pump's step 1). */
export function claimDue(rt: Runtime, token: string, limit: number): Promise<Claimed[]> {
  return runSql<Claimed>(rt.db, CLAIM_DUE_SQL, [token, limit]);
}

/**
 * Send and record messages this process holds claims on. Returns the outcome of each message it
 * worked on.
 */
export async function deliverClaimed(
  rt: Runtime,
  claimed: Claimed[],
  trigger: AttemptTrigger = 'scheduled',
  opts: { ignoreDisabled?: boolean } = {},
): Promise<AttemptOutcome[]> {
  if (!claimed.length) return [];
  const s = webhookSettings();
  const subRows = await withRetries(() =>
    rt.db
      .select({ sub: webhookSubscriptions, orgId: projects.orgId, projectDeletedAt: projects.deletedAt })
      .from(webhookSubscriptions)
      .innerJoin(projects, eq(projects.id, webhookSubscriptions.projectId))
      .where(inArray(webhookSubscriptions.id, [...new Set(claimed.map((c) => c.subscription_id))])),
  );
  const subs = new Map(
    subRows.map((r) => [r.sub.id, { ...r.sub, orgId: r.orgId, projectDeleted: r.projectDeletedAt !== null }]),
  );
  const rendered = await withRetries(() => renderBodies(rt, claimed, subs));

  const records: RecordRow[] = [];
  const outcomes: AttemptOutcome[] = [];
  const sends: Promise<Sent>[] = [];
  for (const c of claimed) {
    const sub = subs.get(c.subscription_id);
    const closeAs = (status: 'failed' | 'cancelled', error: string) => {
      records.push({
        id: c.id,
        status,
        seq: c.seq,
        attempt_count: c.attempt_count,
        retry_step: c.retry_step,
        next_at: null,
        version: null,
        body: null,
        code: null,
        error,
        delivered_at: null,
        job: c.job,
      });
      outcomes.push({
        messageId: c.id,
        status,
        attempt: null,
        statusCode: null,
        durationMs: 0,
        error,
        excerpt: null,
        at: new Date(),
        trigger,
      });
    };
    if (!sub || sub.deletedAt) {
      closeAs('cancelled', 'The webhook subscription was deleted');
      continue;
    }
    // a deleted project sends nothing more, whatever was queued before it went
    if (sub.projectDeleted) {
      closeAs('cancelled', 'The project was deleted');
      continue;
    }
    if (sub.status !== 'enabled' && !opts.ignoreDisabled) {
      closeAs('failed', `The webhook subscription is disabled: ${sub.disabledReason ?? ''}`.trim());
      continue;
    }
    let r: { body: string; stored: string; version: PayloadVersion } | undefined;
    if (c.body !== null) {
      try {
        r = {
          body: openBody(rt.keyring, c.body),
          stored: c.body,
          version: (c.version ?? sub.version) as PayloadVersion,
        };
      } catch {
        closeAs(
          'failed',
          'The stored body could not be decrypted (encryption key changed without JUNCTION_ENCRYPTION_KEY_PREVIOUS)',
        );
        continue;
      }
    } else r = rendered.get(c.id);
    if (!r) {
      closeAs('failed', 'The event of this message no longer exists');
      continue;
    }
    const body = r;
    sends.push(
      traced(
        'webhook.deliver',
        {
          'junction.webhook.message_id': c.id,
          'junction.webhook.event_type': c.event_type,
          'junction.webhook.attempt': c.attempt_count + 1,
        },
        () => send(rt, s, c, sub, body.body, body.stored, body.version),
      ),
    );
  }
  const sent = await Promise.all(sends);

  const attempts: Record<string, unknown>[] = [];
  const okSubs = new Set<string>();
  const failSince = new Map<string, Date>();
  const gone = new Set<string>();
  for (const x of sent) {
    const { c } = x;
    const ok = x.statusCode !== null && x.statusCode >= 200 && x.statusCode < 300;
    attempts.push({
      id: `wa_${randomToken(20)}`,
      message_id: c.id,
      subscription_id: x.sub.id,
      project_id: c.project_id,
      attempt: x.attempt,
      trigger,
      url: x.sub.webhookUrl,
      status_code: x.statusCode,
      duration_ms: x.durationMs,
      error: x.error,
      response_excerpt: x.excerpt,
      created_at: x.at.toISOString(),
    });
    const base = {
      id: c.id,
      seq: c.seq,
      attempt_count: x.attempt,
      version: x.version,
      body: x.stored,
      code: x.statusCode,
      job: c.job,
    };
    let status: AttemptOutcome['status'];
    if (ok) {
      status = 'delivered';
      okSubs.add(x.sub.id);
      records.push({
        ...base,
        status,
        retry_step: c.retry_step,
        next_at: null,
        error: null,
        delivered_at: x.at.toISOString(),
      });
    } else if (x.statusCode === 410) {
      status = 'failed';
      gone.add(x.sub.id);
      records.push({
        ...base,
        status,
        retry_step: c.retry_step + 1,
        next_at: null,
        error: 'Endpoint answered 410 Gone: subscription disabled',
        delivered_at: null,
      });
    } else {
      const failures = c.retry_step + 1;
      const delay = nextDelaySeconds(s, failures, x.retryAfter);
      if (!failSince.has(x.sub.id) || failSince.get(x.sub.id)! > x.at) failSince.set(x.sub.id, x.at);
      if (delay === null) {
        status = 'failed';
        records.push({
          ...base,
          status,
          retry_step: failures,
          next_at: null,
          error: `${x.error}; retry schedule exhausted`,
          delivered_at: null,
        });
      } else {
        status = 'pending';
        const next = new Date(Date.now() + delay * 1000);
        records.push({
          ...base,
          status,
          seq: c.seq + 1,
          retry_step: failures,
          next_at: next.toISOString(),
          error: x.error,
          delivered_at: null,
        });
      }
    }
    outcomes.push({
      messageId: c.id,
      status,
      attempt: x.attempt,
      statusCode: x.statusCode,
      durationMs: x.durationMs,
      error: x.error,
      excerpt: x.excerpt,
      at: x.at,
      trigger,
    });
  }
  for (const id of okSubs) failSince.delete(id);
  // Health writes only when something changes: a recovering subscription, or a failing one.
  for (const id of [...okSubs]) if (!subs.get(id)?.failingSince) okSubs.delete(id);

  await withRetries(() =>
    rt.db.transaction(async (tx) => {
      if (records.length) await runSql(tx, RECORD_SQL, [JSON.stringify(records)]);
      if (attempts.length) await runSql(tx, ATTEMPTS_SQL, [JSON.stringify(attempts)]);
      if (okSubs.size) await runSql(tx, HEALTH_OK_SQL, [JSON.stringify([...okSubs])]);
      if (failSince.size) {
        await runSql(tx, HEALTH_FAIL_SQL, [
          JSON.stringify([...failSince].map(([id, since]) => ({ id, since: since.toISOString() }))),
          s.disableAfterSeconds,
          `Deliveries failed continuously for ${Math.round(s.disableAfterSeconds / 3600)} hours`,
        ]);
      }
      if (gone.size) await runSql(tx, GONE_SQL, [JSON.stringify([...gone]), 'The endpoint answered 410 Gone']);
    }),
  );
  // zero data retention: a delivered body is not kept (off the outcome: a failure here is only logged)
  const projectOf = new Map(claimed.map((c) => [c.id, c.project_id]));
  const delivered = outcomes
    .filter((o) => o.status === 'delivered')
    .map((o) => ({ messageId: o.messageId, projectId: projectOf.get(o.messageId)! }));
  if (delivered.length) {
    await dropDeliveredPayloads(rt, delivered).catch((err) =>
      log.warn({ err }, 'zero data retention: could not drop delivered payloads'),
    );
  }
  const createdAt = new Map(claimed.map((c) => [c.id, new Date(c.created_at).getTime()]));
  for (const o of outcomes) {
    const lag = (o.at.getTime() - (createdAt.get(o.messageId) ?? NaN)) / 1000;
    recordDelivery(o.status, o.status === 'delivered' && Number.isFinite(lag) ? Math.max(0, lag) : undefined);
  }
  return outcomes;
}

/** Ride out a database restart: a few tries with backoff before giving the batch back to pg-boss. */
async function withRetries<T>(fn: () => Promise<T>, tries = 6): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= tries - 1) throw err;
      log.warn({ err: (err as Error).message }, 'webhook delivery: database call failed, retrying');
      await new Promise((r) => setTimeout(r, Math.min(8000, 250 * 2 ** i)));
    }
  }
}

/** A claim token for deliveries made in a request (test and replay) rather than by the pump. */
export function inlineToken(trigger: AttemptTrigger): string {
  return `${trigger}:${randomUUID()}`;
}

/**
 * Deliver messages already claimed under `token`, now, in this request (test and replay). Messages
 * no longer held under it (the sweeper freed a stalled claim) are left out.
 */
export async function deliverInline(
  rt: Runtime,
  messageIds: string[],
  token: string,
  trigger: AttemptTrigger,
  opts: { ignoreDisabled?: boolean } = {},
): Promise<AttemptOutcome[]> {
  if (!messageIds.length) return [];
  const held = await withRetries(() => runSql<Claimed>(rt.db, HELD_SQL, [JSON.stringify(messageIds), token]));
  return deliverClaimed(rt, held, trigger, opts);
}
