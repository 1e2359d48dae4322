import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { authConfigs, connectedAccounts, triggerInstances } from '../../db/schema';
import { errors, namedError } from '../../contract/errors';
import { decodeCursor, pageOf } from '../../contract/query';
import { isId, newId } from '../../crypto/ids';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { txExecutor } from '../../jobs/boss';
import type { ListActiveQuery, UpsertTriggerBody } from '../../contract/triggers';
import { configSchema, getTriggerType, type TriggerTypeDef } from '../../triggers/registry';
import { getToolkit } from '../../catalog/registry';
import { writeLog } from './logs';
import type { InstanceRow } from './events';
import { POLL_JOB } from './jobs-names';
import { queueSweep } from './poll';
import { registerWebhook, unregisterWebhook, ingressUrl } from './webhooks';

export const typeNotFound = (slug: string) =>
  namedError('TriggerType_NotFound', `Trigger type ${slug.slice(0, 100)} not found`, {
    suggested_fix: 'List the available slugs with GET /api/v3/triggers_types/list/enum.',
  });
export const instanceNotFound = (id: string) =>
  errors.notFound('Trigger instance', id.slice(0, 80), 'TriggerInstance_NotFound', 1902);

export function loadType(slug: string): TriggerTypeDef {
  const t = getTriggerType(slug);
  if (!t) throw typeNotFound(slug);
  return t;
}

// ── config validation ─────────────────────────────────────────────────────────────────
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, coerceTypes: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function fieldOf(e: ErrorObject): string {
  const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const extra =
    (e.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
    (e.params as { additionalProperty?: string }).additionalProperty;
  return ['trigger_config', base, extra].filter(Boolean).join('.');
}

/** Validate trigger_config against the type's schema (defaults filled in); 400 names each field. */
export function validateConfig(t: TriggerTypeDef, config: Record<string, unknown>): Record<string, unknown> {
  let v = validators.get(t.slug);
  if (!v) {
    v = ajv.compile(configSchema(t));
    validators.set(t.slug, v);
  }
  const copy = structuredClone(config);
  if (v(copy)) return copy;
  const list = (v.errors ?? []).map((e) => {
    const f = fieldOf(e);
    if (e.keyword === 'required') return `${f}: required`;
    if (e.keyword === 'additionalProperties') return `${f}: unknown field`;
    return `${f}: ${e.message ?? 'invalid'}`;
  });
  const fields = [...new Set(list.map((l) => l.split(':')[0]))];
  throw errors.validation(
    `Invalid trigger_config for ${t.slug}: ${fields.join(', ')}`,
    list,
    `See the config schema of GET /api/v3/triggers_types/${t.slug}.`,
  );
}

/** Write-only config fields: stored encrypted, not echoed in trigger_config. */
const SECRET_FIELDS = ['signing_secret'];

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

// ── view ──────────────────────────────────────────────────────────────────────────────
export function instanceState(rt: Runtime, r: InstanceRow): Record<string, unknown> {
  const cursor = r.cursor as { primed?: boolean; watermark?: number; seen?: string[] };
  const state: Record<string, unknown> = {
    status: r.status,
    type: r.kind,
    disabled_by: r.disabledBy ?? null,
    disabled_reason: r.disabledReason ?? null,
  };
  if (r.kind === 'poll') {
    Object.assign(state, {
      last_polled_at: r.lastPolledAt?.toISOString() ?? null,
      next_poll_at: r.nextPollAt?.toISOString() ?? null,
      last_synced_at: r.lastPolledAt?.toISOString() ?? null,
      primed: !!cursor.primed,
      watermark: typeof cursor.watermark === 'number' ? new Date(cursor.watermark).toISOString() : null,
      seen_items: cursor.seen?.length ?? 0,
      consecutive_failures: r.failures,
      consecutive_auth_failures: r.authFailures,
    });
  } else {
    const reg = r.registration as Record<string, unknown>;
    Object.assign(state, { webhook_url: ingressUrl(rt, r.id), ...reg });
    // where Junction could not register the hook, the user needs the secret to do it by hand
    if (reg.mode === 'manual' && reg.show_secret) {
      state.webhook_secret = decryptJson<{ secret?: string }>(rt.keyring, r.secretsEnc)?.secret;
    }
    delete state.show_secret;
  }
  return state;
}

export function instanceView(rt: Runtime, r: InstanceRow, accountUuid: string) {
  const updated = r.updatedAt.toISOString();
  const disabled = r.status === 'disabled' ? (r.disabledAt ?? r.updatedAt).toISOString() : null;
  return {
    id: r.id,
    uuid: r.uuid,
    connected_account_id: r.connectedAccountId,
    connected_account_uuid: accountUuid,
    connectedAccountId: r.connectedAccountId,
    user_id: r.userId,
    trigger_name: r.slug,
    triggerName: r.slug,
    trigger_config: r.config,
    triggerConfig: r.config,
    state: instanceState(rt, r),
    updated_at: updated,
    updatedAt: updated,
    disabled_at: disabled,
    disabledAt: disabled,
    version: r.version,
    deprecated: { createdAt: r.createdAt.toISOString() },
  };
}

// ── upsert ────────────────────────────────────────────────────────────────────────────
async function pickAccount(rt: Runtime, projectId: string, t: TriggerTypeDef, body: UpsertTriggerBody) {
  const given = body.connected_account_id ?? body.connectedAuthId;
  const base = and(eq(connectedAccounts.projectId, projectId), isNull(connectedAccounts.deletedAt));
  let rows;
  if (given) {
    if (!isId('connectedAccount', given)) throw errors.invalidId('connected account', given);
    rows = await rt.db
      .select()
      .from(connectedAccounts)
      .where(and(base, eq(connectedAccounts.id, given)))
      .limit(1);
    if (!rows[0]) throw namedError('ConnectedAccount_NotFound', `Connected account ${given} not found`);
  } else {
    const userId = body.user_id ?? 'default';
    rows = await rt.db
      .select()
      .from(connectedAccounts)
      .where(
        and(
          base,
          eq(connectedAccounts.userId, userId),
          eq(connectedAccounts.toolkitSlug, t.toolkit),
          eq(connectedAccounts.status, 'ACTIVE'),
          eq(connectedAccounts.isDisabled, false),
        ),
      )
      .orderBy(asc(connectedAccounts.createdAt))
      .limit(1);
    if (!rows[0]) {
      throw namedError('ConnectedAccount_NotFound', `User ${userId} has no active ${t.toolkit} connected account`, {
        suggested_fix: 'Pass connected_account_id, or connect an account for this user first.',
      });
    }
  }
  const acc = rows[0]!;
  if (acc.toolkitSlug !== t.toolkit) {
    throw errors.validation(
      `Connected account ${acc.id} is a ${acc.toolkitSlug} account; ${t.slug} needs a ${t.toolkit} account`,
      ['connected_account_id: toolkit mismatch'],
    );
  }
  if (acc.status !== 'ACTIVE' || acc.isDisabled) {
    throw namedError(
      'ConnectedAccount_NotActiveForToken',
      `Connected account ${acc.id} is ${acc.isDisabled ? 'disabled' : acc.status}; triggers need an ACTIVE account`,
    );
  }
  return acc;
}

function versionOf(t: TriggerTypeDef, body: UpsertTriggerBody): string {
  const tv = body.toolkit_versions;
  const v = typeof tv === 'string' ? tv : tv && typeof tv === 'object' ? tv[t.toolkit] : body.version;
  return v && v !== 'latest' ? v : (getToolkit(t.toolkit)?.version ?? 'latest');
}

/** Queue the first poll of an instance (and make sure the sweeper runs), in the caller's transaction. */
export async function queueFirstPoll(rt: Runtime, tx: Tx, id: string, at: Date) {
  const boss = rt.boss;
  if (!boss) return;
  const db = txExecutor(tx);
  await boss.send(POLL_JOB, { id }, { db, startAfter: at, retryLimit: 2, retryDelay: 5 } as never);
  await queueSweep(rt, db);
}

export async function upsertInstance(rt: Runtime, projectId: string, slug: string, body: UpsertTriggerBody) {
  const t = loadType(slug);
  const acc = await pickAccount(rt, projectId, t, body);
  const config = validateConfig(t, body.trigger_config ?? body.triggerConfig ?? {});
  const configHash = createHash('sha256').update(canonical(config)).digest('hex');
  const secrets: Record<string, unknown> = {};
  const shown = { ...config };
  for (const f of SECRET_FIELDS) {
    if (f in shown) {
      secrets[f] = shown[f];
      delete shown[f];
    }
  }
  const version = versionOf(t, body);
  const attempt = () =>
    rt.db.transaction(async (tx) => {
      const existing = await tx
        .select()
        .from(triggerInstances)
        .where(
          and(
            eq(triggerInstances.projectId, projectId),
            eq(triggerInstances.slug, t.slug),
            eq(triggerInstances.connectedAccountId, acc.id),
            eq(triggerInstances.configHash, configHash),
            isNull(triggerInstances.deletedAt),
          ),
        )
        .limit(1)
        .for('update');
      const now = new Date();
      if (existing[0]) {
        const row = existing[0];
        if (row.status === 'disabled') {
          await tx
            .update(triggerInstances)
            .set({
              status: 'enabled',
              disabledAt: null,
              disabledBy: null,
              disabledReason: null,
              failures: 0,
              authFailures: 0,
              nextPollAt: row.kind === 'poll' ? now : null,
              version,
              updatedAt: now,
            })
            .where(eq(triggerInstances.id, row.id));
          await writeLog(tx, {
            projectId,
            triggerId: row.id,
            kind: 'status',
            outcome: 'enabled',
            message: 'Enabled again by upsert',
            detail: { by: 'user' },
          });
          if (row.kind === 'poll') await queueFirstPoll(rt, tx, row.id, now);
        }
        return { row, created: false };
      }
      const id = newId('trigger');
      const secret = t.kind === 'webhook' && t.provider === 'github' ? randomBytes(24).toString('hex') : undefined;
      const allSecrets = {
        ...secrets,
        ...(secret ? { secret } : {}),
        ...(secrets.signing_secret ? { secret: secrets.signing_secret } : {}),
      };
      const [row] = await tx
        .insert(triggerInstances)
        .values({
          id,
          projectId,
          slug: t.slug,
          toolkitSlug: t.toolkit,
          kind: t.kind,
          connectedAccountId: acc.id,
          authConfigId: acc.authConfigId,
          userId: acc.userId,
          config: shown,
          configHash,
          version,
          status: 'enabled',
          nextPollAt: t.kind === 'poll' ? now : null,
          secretsEnc: Object.keys(allSecrets).length ? encryptJson(rt.keyring, allSecrets) : null,
        })
        .returning();
      await writeLog(tx, {
        projectId,
        triggerId: id,
        kind: 'status',
        outcome: 'enabled',
        message: 'Created',
        detail: { by: 'user', slug: t.slug },
      });
      if (t.kind === 'poll') await queueFirstPoll(rt, tx, id, now);
      return { row: row!, created: true };
    });
  // two identical upserts at once: the loser of the unique index finds the winner's row
  const result = await attempt().catch((err: unknown) => {
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') return attempt();
    throw err;
  });
  let row = result.row;
  // Provider-side webhook setup happens outside the transaction (it calls the provider).
  if (t.kind === 'webhook' && (result.created || (row.registration as { mode?: string }).mode !== 'provider')) {
    row = await registerWebhook(rt, row, t);
  }
  return { trigger_id: row.id, deprecated: { uuid: row.uuid } };
}

// ── list / manage / delete ────────────────────────────────────────────────────────────
const merge = (...lists: (string[] | undefined)[]) => {
  const all = lists.flatMap((l) => l ?? []);
  return all.length ? [...new Set(all)] : undefined;
};

export async function listActive(rt: Runtime, projectId: string, q: ListActiveQuery) {
  const limit = q.limit ?? 20;
  const page = decodeCursor(q.cursor);
  const where: SQL[] = [eq(triggerInstances.projectId, projectId), isNull(triggerInstances.deletedAt)];
  if (!(q.show_disabled ?? q.showDisabled)) where.push(eq(triggerInstances.status, 'enabled'));
  const acIds = merge(q.auth_config_ids, q.authConfigIds);
  const caIds = merge(q.connected_account_ids, q.connectedAccountIds);
  const tIds = merge(q.trigger_ids, q.triggerIds);
  const names = merge(q.trigger_names, q.triggerNames)?.map((n) => n.toUpperCase());
  if (acIds) where.push(inArray(triggerInstances.authConfigId, acIds));
  if (caIds) where.push(inArray(triggerInstances.connectedAccountId, caIds));
  if (tIds) where.push(or(inArray(triggerInstances.id, tIds), inArray(triggerInstances.uuid, tIds.filter(isUuid)))!);
  if (names) where.push(inArray(triggerInstances.slug, names));
  if (q.user_ids) where.push(inArray(triggerInstances.userId, q.user_ids));
  if (q.deprecatedAuthConfigUuids?.length) {
    const ids = (
      await rt.db
        .select({ id: authConfigs.id })
        .from(authConfigs)
        .where(
          and(
            eq(authConfigs.projectId, projectId),
            inArray(authConfigs.uuid, q.deprecatedAuthConfigUuids.filter(isUuid)),
          ),
        )
    ).map((r) => r.id);
    where.push(inArray(triggerInstances.authConfigId, ids.length ? ids : ['-']));
  }
  if (q.deprecatedConnectedAccountUuids?.length) {
    const ids = (
      await rt.db
        .select({ id: connectedAccounts.id })
        .from(connectedAccounts)
        .where(
          and(
            eq(connectedAccounts.projectId, projectId),
            inArray(connectedAccounts.uuid, q.deprecatedConnectedAccountUuids.filter(isUuid)),
          ),
        )
    ).map((r) => r.id);
    where.push(inArray(triggerInstances.connectedAccountId, ids.length ? ids : ['-']));
  }
  const filter = and(...where);
  const [rows, total] = await Promise.all([
    rt.db
      .select({ inst: triggerInstances, accountUuid: connectedAccounts.uuid })
      .from(triggerInstances)
      .leftJoin(connectedAccounts, eq(connectedAccounts.id, triggerInstances.connectedAccountId))
      .where(filter)
      .orderBy(asc(triggerInstances.createdAt), asc(triggerInstances.id))
      .limit(limit)
      .offset((page - 1) * limit),
    rt.db.select({ n: count() }).from(triggerInstances).where(filter),
  ]);
  return pageOf(
    rows.map((r) => instanceView(rt, r.inst, r.accountUuid ?? '')),
    Number(total[0]?.n ?? 0),
    page,
    limit,
  );
}

function isUuid(s: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

export async function loadInstance(db: Tx, projectId: string, id: string, lock = false): Promise<InstanceRow> {
  const by = isUuid(id) ? eq(triggerInstances.uuid, id) : isId('trigger', id) ? eq(triggerInstances.id, id) : undefined;
  if (!by) throw instanceNotFound(id);
  const q = db
    .select()
    .from(triggerInstances)
    .where(and(by, eq(triggerInstances.projectId, projectId), isNull(triggerInstances.deletedAt)))
    .limit(1);
  const rows = lock ? await q.for('update') : await q;
  if (!rows[0]) throw instanceNotFound(id);
  return rows[0];
}

export async function getInstance(rt: Runtime, projectId: string, id: string) {
  const r = await loadInstance(rt.db, projectId, id);
  const acc = await rt.db
    .select({ uuid: connectedAccounts.uuid })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.id, r.connectedAccountId))
    .limit(1);
  return instanceView(rt, r, acc[0]?.uuid ?? '');
}

/** PATCH manage: enable / disable by the user. Enabling resumes from the stored cursor. */
export async function setInstanceStatus(rt: Runtime, projectId: string, id: string, status: 'enable' | 'disable') {
  await rt.db.transaction(async (tx) => {
    const r = await loadInstance(tx, projectId, id, true);
    const now = new Date();
    if (status === 'disable') {
      if (r.status === 'disabled') return;
      await tx
        .update(triggerInstances)
        .set({
          status: 'disabled',
          disabledAt: now,
          disabledBy: 'user',
          disabledReason: 'Disabled by the user',
          nextPollAt: null,
          leaseToken: null,
          leaseUntil: null,
          updatedAt: now,
        })
        .where(eq(triggerInstances.id, r.id));
      await writeLog(tx, {
        projectId,
        triggerId: r.id,
        kind: 'status',
        outcome: 'disabled',
        message: 'Disabled by the user',
        detail: { by: 'user' },
      });
      return;
    }
    if (r.status === 'enabled') return;
    await tx
      .update(triggerInstances)
      .set({
        status: 'enabled',
        disabledAt: null,
        disabledBy: null,
        disabledReason: null,
        failures: 0,
        authFailures: 0,
        nextPollAt: r.kind === 'poll' ? now : null,
        updatedAt: now,
      })
      .where(eq(triggerInstances.id, r.id));
    await writeLog(tx, {
      projectId,
      triggerId: r.id,
      kind: 'status',
      outcome: 'enabled',
      message: 'Enabled by the user',
      detail: { by: 'user', resumes_from_cursor: !!(r.cursor as { primed?: boolean }).primed },
    });
    if (r.kind === 'poll') await queueFirstPoll(rt, tx, r.id, now);
  });
  return { status: 'success' as const };
}

/** DELETE manage: remove the provider-side webhook (best effort) and the instance. */
export async function deleteInstance(rt: Runtime, projectId: string, id: string) {
  const r = await loadInstance(rt.db, projectId, id);
  if (r.kind === 'webhook') await unregisterWebhook(rt, r);
  await rt.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(triggerInstances)
      .set({ deletedAt: now, status: 'disabled', nextPollAt: null, leaseToken: null, leaseUntil: null, updatedAt: now })
      .where(and(eq(triggerInstances.id, r.id), eq(triggerInstances.projectId, projectId)));
    await writeLog(tx, {
      projectId,
      triggerId: r.id,
      kind: 'status',
      outcome: 'disabled',
      message: 'Deleted by the user',
      detail: { by: 'user', deleted: true },
    });
  });
  return { trigger_id: r.id };
}
