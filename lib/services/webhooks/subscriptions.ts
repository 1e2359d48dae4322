import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { webhookSubscriptions } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { errors } from '../../contract/errors';
import { checkUrl, OutboundBlockedError } from '../../net/outbound';
import { pageOf, decodeCursor } from '../../contract/query';
import { EVENT_TYPE_NAMES, EVENT_TYPES, type PayloadVersion } from './payloads';
import { newSecret } from './signing';
import { webhookSettings } from './settings';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function subscriptionView(row: SubscriptionRow) {
  const overlapActive = row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > Date.now();
  return {
    id: row.id,
    webhook_url: row.webhookUrl,
    version: row.version,
    enabled_events: row.enabledEvents,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: row.status,
    disabled_reason: row.disabledReason,
    disabled_at: iso(row.disabledAt),
    secret_rotated_at: iso(row.secretRotatedAt),
    previous_secret_expires_at: overlapActive ? iso(row.previousSecretExpiresAt) : null,
  };
}

function validateUrl(rt: Runtime, url: string): string {
  try {
    return checkUrl(url, { allowInsecure: rt.config.allowInsecureUrls, requireHttps: true }).toString();
  } catch (err) {
    if (err instanceof OutboundBlockedError) {
      throw errors.validation(
        `Invalid webhook_url: ${err.message}`,
        [`body.webhook_url: ${err.message}`],
        'Use a public https:// URL (http:// and private addresses need JUNCTION_ALLOW_INSECURE_URLS).',
      );
    }
    throw err;
  }
}

function validateEvents(events: string[]): string[] {
  const unknown = events.filter((e) => !EVENT_TYPE_NAMES.has(e));
  if (unknown.length) {
    throw errors.validation(
      `Unknown event type: ${unknown.join(', ')}`,
      unknown.map((e) => `body.enabled_events: unknown event type "${e.slice(0, 100)}"`),
      `Known event types: ${EVENT_TYPES.map((e) => e.event_type).join(', ')} (GET /webhook_subscriptions/event_types).`,
    );
  }
  return [...new Set(events)];
}

function uniqueViolation(err: unknown): boolean {
  for (let e: any = err; e; e = e.cause) if (e.code === '23505') return true;
  return false;
}

export async function createSubscription(
  rt: Runtime,
  projectId: string,
  body: { webhook_url: string; enabled_events: string[]; version?: PayloadVersion },
) {
  const webhookUrl = validateUrl(rt, body.webhook_url);
  const enabledEvents = validateEvents(body.enabled_events);
  const secret = newSecret();
  const existing = await rt.db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.projectId, projectId), isNull(webhookSubscriptions.deletedAt)))
    .limit(1);
  if (existing[0]) throw conflict(existing[0].id);
  try {
    const [row] = await rt.db
      .insert(webhookSubscriptions)
      .values({
        id: newId('webhook'),
        projectId,
        webhookUrl,
        version: body.version ?? 'V3',
        enabledEvents,
        secretEnc: encryptJson(rt.keyring, secret),
      })
      .returning();
    return { ...subscriptionView(row!), secret };
  } catch (err) {
    if (uniqueViolation(err)) throw conflict();
    throw err;
  }
}

function conflict(id?: string) {
  return errors.conflict(
    `This project already has a webhook subscription${id ? ` (${id})` : ''}; only one is allowed per project`,
    'WebhookSubscription_AlreadyExists',
  );
}

export async function loadSubscription(rt: Runtime, projectId: string, id: string): Promise<SubscriptionRow> {
  const rows = await rt.db
    .select()
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.id, id),
        eq(webhookSubscriptions.projectId, projectId),
        isNull(webhookSubscriptions.deletedAt),
      ),
    )
    .limit(1);
  if (!rows[0]) throw errors.notFound('Webhook subscription', id.slice(0, 80), 'WebhookSubscription_NotFound', 1901);
  return rows[0];
}

export async function getSubscription(rt: Runtime, projectId: string, id: string) {
  return subscriptionView(await loadSubscription(rt, projectId, id));
}

export async function listSubscriptions(rt: Runtime, projectId: string, q: { limit?: number; cursor?: string }) {
  const limit = q.limit ?? 20;
  const page = decodeCursor(q.cursor);
  const where = and(eq(webhookSubscriptions.projectId, projectId), isNull(webhookSubscriptions.deletedAt));
  const rows = await rt.db
    .select()
    .from(webhookSubscriptions)
    .where(where)
    .orderBy(webhookSubscriptions.createdAt)
    .limit(limit)
    .offset((page - 1) * limit);
  const [{ n }] = (await rt.db.select({ n: sql<number>`count(*)::int` }).from(webhookSubscriptions).where(where)) as [
    { n: number },
  ];
  return pageOf(rows.map(subscriptionView), Number(n), page, limit);
}

export async function updateSubscription(
  rt: Runtime,
  projectId: string,
  id: string,
  body: { webhook_url?: string; enabled_events?: string[]; version?: PayloadVersion; enabled?: boolean },
) {
  const current = await loadSubscription(rt, projectId, id);
  const set: Partial<SubscriptionRow> = { updatedAt: new Date() };
  if (body.webhook_url !== undefined) set.webhookUrl = validateUrl(rt, body.webhook_url);
  if (body.enabled_events !== undefined) set.enabledEvents = validateEvents(body.enabled_events);
  if (body.version !== undefined) set.version = body.version;
  // A new URL or an explicit `enabled: true` re-enables a subscription the service disabled.
  const reenable =
    body.enabled === true ||
    (body.webhook_url !== undefined && set.webhookUrl !== current.webhookUrl && body.enabled !== false);
  if (reenable) Object.assign(set, { status: 'enabled', disabledReason: null, disabledAt: null, failingSince: null });
  if (body.enabled === false)
    Object.assign(set, { status: 'disabled', disabledReason: 'Disabled by the user', disabledAt: new Date() });
  const [row] = await rt.db
    .update(webhookSubscriptions)
    .set(set)
    .where(
      and(
        eq(webhookSubscriptions.id, id),
        eq(webhookSubscriptions.projectId, projectId),
        isNull(webhookSubscriptions.deletedAt),
      ),
    )
    .returning();
  if (!row) throw errors.notFound('Webhook subscription', id, 'WebhookSubscription_NotFound', 1901);
  return subscriptionView(row);
}

export async function deleteSubscription(rt: Runtime, projectId: string, id: string) {
  await loadSubscription(rt, projectId, id);
  await rt.db
    .update(webhookSubscriptions)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(webhookSubscriptions.id, id),
        eq(webhookSubscriptions.projectId, projectId),
        isNull(webhookSubscriptions.deletedAt),
      ),
    );
  return { success: true };
}

/**
 * New secret at once; the previous one keeps signing (beside the new) for the overlap window, so
 * receivers can switch without rejecting a delivery.
 */
export async function rotateSecret(rt: Runtime, projectId: string, id: string) {
  const current = await loadSubscription(rt, projectId, id);
  const secret = newSecret();
  const now = new Date();
  const overlap = webhookSettings().overlapSeconds;
  await rt.db
    .update(webhookSubscriptions)
    .set({
      secretEnc: encryptJson(rt.keyring, secret),
      previousSecretEnc: overlap > 0 ? current.secretEnc : null,
      previousSecretExpiresAt: overlap > 0 ? new Date(now.getTime() + overlap * 1000) : null,
      secretRotatedAt: now,
      updatedAt: now,
    })
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.projectId, projectId)));
  return { id, secret };
}

/** The secrets deliveries are signed with right now: current first, then the previous one during the overlap. */
export function liveSecrets(
  rt: Runtime,
  row: Pick<SubscriptionRow, 'secretEnc' | 'previousSecretEnc' | 'previousSecretExpiresAt'>,
  at = Date.now(),
): string[] {
  const out = [decryptJson<string>(rt.keyring, row.secretEnc)!];
  if (row.previousSecretEnc && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > at) {
    out.push(decryptJson<string>(rt.keyring, row.previousSecretEnc)!);
  }
  return out;
}
