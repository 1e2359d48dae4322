import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { connectedAccounts, triggerInstances } from '../../db/schema';
import { txExecutor } from '../../jobs/boss';
import { job } from '../../jobs/registry';
import { log } from '../../log';
import { recordTriggerPoll } from '../../metrics';
import { getTriggerType } from '../../triggers/registry';
import type { Item, PollCursor, PollTypeDef } from '../../triggers/types';
import { diffListing } from './cursor';
import { disableBySystem, emitTriggerMessage, type InstanceRow } from './events';
import { writeLog } from './logs';
import { backoffMs, intervalMs, triggerSettings, withJitter } from './settings';
import { callTool, itemsOf, type UpstreamResult } from './upstream';
import { POLL_JOB, SWEEP_JOB } from './jobs-names';
import { liveProject } from '../tenancy/live';

/** Which process ran a poll (host:pid), in every poll log line: with several processes polling, an operator can tell them apart. */
const POLLER = `${os.hostname()}:${process.pid}`;

// INITIATED can be a re-authorisation in progress, with the old tokens still valid: not a reason to stop.
const BAD_ACCOUNT = new Set(['EXPIRED', 'INACTIVE', 'FAILED']);

async function scheduleNext(rt: Runtime, tx: Tx, id: string, at: Date) {
  await rt.boss?.send(POLL_JOB, { id }, { db: txExecutor(tx), startAfter: at, retryLimit: 2, retryDelay: 5 } as never);
}

type Outcome =
  | { kind: 'ok'; items: Item[]; enriched: Map<Item, Item> }
  | { kind: 'fail'; res: UpstreamResult; step: string };

async function fetchListing(rt: Runtime, inst: InstanceRow, def: PollTypeDef, cursor: PollCursor): Promise<Outcome> {
  const cfg = inst.config as Record<string, any>;
  const res = await callTool(rt, inst.projectId, inst.connectedAccountId, def.tool, def.args(cfg, cursor));
  if (res.kind !== 'ok') return { kind: 'fail', res, step: def.tool };
  const items = def.items ? def.items(res.data, cfg) : itemsOf(res.data, def.itemsAt);
  if (!items)
    return {
      kind: 'fail',
      res: { ...res, kind: 'provider', error: `no list at "${def.itemsAt || '(root)'}" in the ${def.tool} response` },
      step: def.tool,
    };
  return { kind: 'ok', items, enriched: new Map() };
}

/**
 * One poll of one instance. The upstream call runs outside any transaction, under a lease; the
 * events, the new cursor, the log line and the next poll's job are committed together, and only
 * if the lease is still ours and no other poll committed meanwhile (poll_seq). A crash before the
 * commit leaves the old cursor: the next poll lists the same items again and emits them then.
 */
export async function pollInstance(rt: Runtime, id: string, now = new Date()): Promise<string> {
  try {
    const result = await pollOnce(rt, id, now);
    recordTriggerPoll(result);
    return result;
  } catch (err) {
    recordTriggerPoll('error');
    throw err;
  }
}

async function pollOnce(rt: Runtime, id: string, now: Date): Promise<string> {
  const s = triggerSettings();
  const [inst] = await rt.db
    .select()
    .from(triggerInstances)
    .where(and(eq(triggerInstances.id, id), liveProject(triggerInstances.projectId)))
    .limit(1);
  if (!inst || inst.deletedAt || inst.status !== 'enabled' || inst.kind !== 'poll') return 'inactive';
  if (inst.nextPollAt && inst.nextPollAt.getTime() > now.getTime() + 250) return 'not_due';
  const def = getTriggerType(inst.slug);
  if (!def || def.kind !== 'poll') return 'unknown_type';
  const token = randomBytes(12).toString('hex');
  const claimed = await rt.db
    .update(triggerInstances)
    .set({ leaseToken: token, leaseUntil: new Date(now.getTime() + s.leaseMs) })
    .where(
      and(
        eq(triggerInstances.id, id),
        eq(triggerInstances.status, 'enabled'),
        isNull(triggerInstances.deletedAt),
        eq(triggerInstances.pollSeq, inst.pollSeq),
        or(isNull(triggerInstances.leaseUntil), lt(triggerInstances.leaseUntil, now)),
      ),
    )
    .returning({ id: triggerInstances.id });
  if (!claimed.length) return 'leased';

  const cfg = inst.config as Record<string, any>;
  const base = intervalMs(cfg, s, def.defaultIntervalMinutes);
  const [acc] = await rt.db
    .select({
      status: connectedAccounts.status,
      reason: connectedAccounts.statusReason,
      isDisabled: connectedAccounts.isDisabled,
      deletedAt: connectedAccounts.deletedAt,
      uuid: connectedAccounts.uuid,
    })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.id, inst.connectedAccountId))
    .limit(1);

  /** commit a result if the lease still holds */
  const commit = async (fn: (tx: Tx, row: InstanceRow) => Promise<void>): Promise<boolean> =>
    rt.db.transaction(async (tx) => {
      const [row] = await tx.select().from(triggerInstances).where(eq(triggerInstances.id, id)).limit(1).for('update');
      if (!row || row.leaseToken !== token || row.pollSeq !== inst.pollSeq || row.status !== 'enabled' || row.deletedAt)
        return false;
      await fn(tx, row);
      return true;
    });

  if (!acc || acc.deletedAt || acc.isDisabled || BAD_ACCOUNT.has(acc.status)) {
    const reason =
      !acc || acc.deletedAt
        ? 'Connected account was deleted'
        : acc.isDisabled
          ? 'Connected account is disabled'
          : `Connected account is ${acc.status}${acc.reason ? `: ${acc.reason}` : ''}`;
    await commit((tx, row) =>
      disableBySystem(tx, row, reason, { account_status: acc?.status ?? null }).then(() => undefined),
    );
    return 'disabled';
  }

  const cursor = (inst.cursor ?? {}) as PollCursor;
  let out: Outcome;
  try {
    out = await fetchListing(rt, inst, def, cursor);
  } catch (err) {
    out = {
      kind: 'fail',
      res: { kind: 'provider', status: null, data: null, error: err instanceof Error ? err.message : String(err) },
      step: def.tool,
    };
  }

  let diff = out.kind === 'ok' ? diffListing(def, cursor, out.items, cfg) : undefined;
  // second call per new item where the list has only ids (Gmail)
  if (out.kind === 'ok' && diff && def.enrich && diff.fresh.length) {
    const full: Item[] = [];
    for (const item of diff.fresh) {
      const r = await callTool(
        rt,
        inst.projectId,
        inst.connectedAccountId,
        def.enrich.tool,
        def.enrich.args(item, cfg),
      );
      if (r.kind !== 'ok') {
        out = { kind: 'fail', res: r, step: def.enrich.tool };
        break;
      }
      const d = r.data as Item;
      full.push(d && typeof d === 'object' && !Array.isArray(d) ? d : item);
    }
    if (out.kind === 'ok') diff = { ...diff, fresh: full };
  }

  const polledAt = new Date();
  if (out.kind === 'ok' && diff) {
    const d = diff;
    const next = new Date(polledAt.getTime() + withJitter(base, s));
    const committed = await commit(async (tx, row) => {
      const emitted: { event_id: string; log_id: string; item: string | undefined; change?: string }[] = [];
      for (const item of d.fresh) {
        const change = d.changes?.get(item);
        const { eventId, logId } = await emitTriggerMessage(tx, row, acc.uuid, def.map(item, cfg, change));
        emitted.push({
          event_id: eventId,
          log_id: logId,
          item: def.key(item),
          ...(change ? { change: change.kind } : {}),
        });
      }
      await tx
        .update(triggerInstances)
        .set({
          cursor: { ...d.next, last_polled_at: polledAt.toISOString() } as Record<string, unknown>,
          pollSeq: sql`${triggerInstances.pollSeq} + 1`,
          leaseToken: null,
          leaseUntil: null,
          lastPolledAt: polledAt,
          nextPollAt: next,
          failures: 0,
          authFailures: 0,
          updatedAt: polledAt,
        })
        .where(eq(triggerInstances.id, id));
      const outcome = !cursor.primed
        ? 'primed'
        : emitted.length
          ? 'events_emitted'
          : d.filtered
            ? 'filtered'
            : 'no_new_items';
      const message = !cursor.primed
        ? `First poll: ${out.kind === 'ok' ? out.items.length : 0} existing items recorded, none sent`
        : emitted.length
          ? `${emitted.length} new item(s) → ${emitted.length} event(s)`
          : d.filtered
            ? `${d.filtered} new item(s) filtered out by the trigger type`
            : 'No new items';
      await writeLog(tx, {
        projectId: row.projectId,
        triggerId: id,
        kind: 'poll',
        outcome,
        eventsEmitted: emitted.length,
        httpStatus: 200,
        message,
        detail: {
          listed: out.kind === 'ok' ? out.items.length : 0,
          filtered: d.filtered,
          events: emitted,
          tool: def.tool,
          next_poll_at: next.toISOString(),
          poller: POLLER,
        },
      });
      await scheduleNext(rt, tx, id, next);
    });
    return committed ? 'ok' : 'lease_lost';
  }

  const res = (out as Extract<Outcome, { kind: 'fail' }>).res;
  const step = (out as Extract<Outcome, { kind: 'fail' }>).step;
  let result = 'failed';
  await commit(async (tx, row) => {
    const logBase = {
      projectId: row.projectId,
      triggerId: id,
      kind: 'poll' as const,
      httpStatus: res.status,
      detail: { tool: step, error: res.error ?? null, poller: POLLER } as Record<string, unknown>,
    };
    if (res.kind === 'account' || res.kind === 'auth') {
      const authFailures = row.authFailures + 1;
      const reason =
        res.kind === 'account'
          ? `Connected account cannot be used: ${res.error ?? 'not active'}`
          : `Provider refused the credentials ${authFailures} time(s) in a row (HTTP ${res.status})`;
      await writeLog(tx, {
        ...logBase,
        outcome: 'auth_error',
        message: `${step}: ${res.error ?? `HTTP ${res.status}`}`,
      });
      if (res.kind === 'account' || authFailures >= s.authFailureLimit) {
        await disableBySystem(tx, row, reason, { http_status: res.status });
        result = 'disabled';
        return;
      }
      const next = new Date(polledAt.getTime() + withJitter(base, s));
      await tx
        .update(triggerInstances)
        .set({
          authFailures,
          leaseToken: null,
          leaseUntil: null,
          lastPolledAt: polledAt,
          nextPollAt: next,
          updatedAt: polledAt,
        })
        .where(eq(triggerInstances.id, id));
      await scheduleNext(rt, tx, id, next);
      return;
    }
    const failures = row.failures + 1;
    const wait = res.kind === 'unavailable' ? base : backoffMs(base, failures, s, res.retryAfterMs);
    const next = new Date(polledAt.getTime() + withJitter(wait, s));
    await writeLog(tx, {
      ...logBase,
      outcome: res.kind === 'rate_limited' ? 'rate_limited' : res.kind === 'unavailable' ? 'error' : 'provider_error',
      message: `${step}: ${res.error ?? `HTTP ${res.status}`}; next poll in ${Math.round(wait / 1000)} s`,
      detail: {
        ...logBase.detail,
        consecutive_failures: failures,
        backoff_ms: wait,
        retry_after_ms: res.retryAfterMs ?? null,
        next_poll_at: next.toISOString(),
      },
    });
    await tx
      .update(triggerInstances)
      .set({
        failures,
        leaseToken: null,
        leaseUntil: null,
        lastPolledAt: polledAt,
        nextPollAt: next,
        updatedAt: polledAt,
      })
      .where(eq(triggerInstances.id, id));
    await scheduleNext(rt, tx, id, next);
  });
  return result;
}

/**
 * Re-queue polls whose chain broke (a process died mid-poll: its lease runs out; a queued job
 * was lost). Runs as a self-rescheduling job, plus a per-minute cron as a safety net.
 */
export async function sweep(rt: Runtime, now = new Date()): Promise<number> {
  const s = triggerSettings();
  const grace = new Date(now.getTime() - Math.max(s.sweepMs, 1000));
  const due = await rt.db
    .select({ id: triggerInstances.id })
    .from(triggerInstances)
    .where(
      and(
        isNull(triggerInstances.deletedAt),
        eq(triggerInstances.status, 'enabled'),
        eq(triggerInstances.kind, 'poll'),
        lte(triggerInstances.nextPollAt, grace),
        or(isNull(triggerInstances.leaseUntil), lt(triggerInstances.leaseUntil, now)),
        liveProject(triggerInstances.projectId),
      ),
    )
    .limit(500);
  for (const d of due) await rt.boss?.send(POLL_JOB, { id: d.id }, { retryLimit: 2, retryDelay: 5 } as never);
  await disableForUnusableAccounts(rt);
  await pruneOld(rt, now);
  return due.length;
}

let lastPrune = 0;
/** Trigger logs and delivery ids older than the retention go, in batches, at most every 10 minutes per process. */
export async function pruneOld(rt: Runtime, now = new Date(), force = false): Promise<void> {
  if (!force && now.getTime() - lastPrune < 10 * 60_000) return;
  lastPrune = now.getTime();
  const s = triggerSettings();
  const logCutoff = new Date(now.getTime() - s.logRetentionDays * 86_400_000);
  const deliveryCutoff = new Date(now.getTime() - Math.max(s.logRetentionDays, 30) * 86_400_000);
  await rt.db.execute(
    sql`delete from trigger_logs where id in (select id from trigger_logs where created_at < ${logCutoff} limit 5000)`,
  );
  await rt.db.execute(sql`delete from trigger_deliveries where (trigger_id, delivery_id) in
    (select trigger_id, delivery_id from trigger_deliveries where created_at < ${deliveryCutoff} limit 5000)`);
}

/**
 * Instances whose connected account can no longer be used (expired, disabled, deleted) are
 * disabled by Junction — webhook instances too, which no poll would notice.
 */
export async function disableForUnusableAccounts(rt: Runtime): Promise<number> {
  const rows = await rt.db
    .select({
      id: triggerInstances.id,
      status: connectedAccounts.status,
      reason: connectedAccounts.statusReason,
      isDisabled: connectedAccounts.isDisabled,
      deletedAt: connectedAccounts.deletedAt,
    })
    .from(triggerInstances)
    .innerJoin(connectedAccounts, eq(connectedAccounts.id, triggerInstances.connectedAccountId))
    .where(
      and(
        isNull(triggerInstances.deletedAt),
        eq(triggerInstances.status, 'enabled'),
        or(
          inArray(connectedAccounts.status, [...BAD_ACCOUNT]),
          eq(connectedAccounts.isDisabled, true),
          isNotNull(connectedAccounts.deletedAt),
        ),
      ),
    )
    .limit(200);
  let n = 0;
  for (const r of rows) {
    const reason = r.deletedAt
      ? 'Connected account was deleted'
      : r.isDisabled
        ? 'Connected account is disabled'
        : `Connected account is ${r.status}${r.reason ? `: ${r.reason}` : ''}`;
    const done = await rt.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(triggerInstances)
        .where(eq(triggerInstances.id, r.id))
        .limit(1)
        .for('update');
      return row ? disableBySystem(tx, row, reason, { account_status: r.status }) : false;
    });
    if (done) n++;
  }
  return n;
}

export const pollJob = job<{ id: string }>({
  name: POLL_JOB,
  concurrency: 4,
  pollingIntervalSeconds: 0.5,
  async handler(rt, data) {
    if (!data?.id) return;
    try {
      await pollInstance(rt, data.id);
    } catch (err) {
      log.error({ err, trigger: data.id }, 'trigger poll failed');
      throw err;
    }
  },
});

/**
 * Queue the next sweep. Sweeps run at aligned slots (every sweepMs); the slot number is the job's
 * singleton key, so several chains (cron safety net, first-poll kicks) collapse into one.
 */
export async function queueSweep(rt: Runtime, db?: ReturnType<typeof txExecutor>) {
  const s = triggerSettings();
  const slot = Math.floor((Date.now() + s.sweepMs) / s.sweepMs);
  await rt.boss?.send(SWEEP_JOB, {}, {
    ...(db ? { db } : {}),
    startAfter: new Date(slot * s.sweepMs),
    singletonKey: `sweep-${slot}`,
    singletonSeconds: 3600,
  } as never);
}

export const sweepJob = job<Record<string, never>>({
  name: SWEEP_JOB,
  cron: '* * * * *',
  pollingIntervalSeconds: 0.5,
  onStart: (rt) => queueSweep(rt),
  async handler(rt) {
    try {
      await sweep(rt);
    } finally {
      await queueSweep(rt);
    }
  },
});
