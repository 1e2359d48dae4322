import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts, triggerDeliveries, triggerInstances, webhookEndpoints } from '../../db/schema';
import { encryptJson } from '../../crypto/secrets';
import { isId } from '../../crypto/ids';
import { errors, namedError } from '../../contract/errors';
import { log } from '../../log';
import { getTriggerType } from '../../triggers/registry';
import { emitTriggerMessage } from '../triggers/events';
import { writeLog } from '../triggers/logs';
import { deliveryOf } from '../triggers/webhooks';
import { triggerSettings } from '../triggers/settings';
import { endpointData, type EndpointRow } from './endpoints';
import { endpointKind } from './setup-fields';
import { type Inbound, verifyInbound } from './verify';

export interface IngressAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A refusal at the door: the sender learns only that the request did not verify; the reason is logged. */
function refuse(row: EndpointRow, reason: string): never {
  log.warn({ webhook_endpoint: row.id, toolkit: row.toolkitSlug, reason }, 'webhook ingress refused');
  throw namedError('WebhookIngress_Unverified', 'The request could not be verified for this webhook endpoint');
}

async function markVerified(rt: Runtime, row: EndpointRow, learnt?: Record<string, string>) {
  await rt.db
    .update(webhookEndpoints)
    .set({
      verifiedAt: row.verifiedAt ?? new Date(),
      ...(learnt ? { dataEnc: encryptJson(rt.keyring, { ...endpointData(rt, row), ...learnt }) } : {}),
    })
    .where(eq(webhookEndpoints.id, row.id));
}

/**
 * `POST /api/v3.1/webhook_ingress/{toolkit}/{id}/trigger_event`: verify the provider's request against
 * the endpoint's stored secrets (or answer its handshake), then fan the event out to the matching
 * trigger instances of the endpoint's project only.
 */
export async function handleEndpointIngress(
  rt: Runtime,
  toolkitSlug: string,
  id: string,
  input: { header(n: string): string | undefined; query(n: string): string | undefined; readBody(): Promise<Buffer> },
): Promise<IngressAnswer> {
  if (!isId('webhookEndpoint', id)) throw errors.notFound('Webhook endpoint', id.slice(0, 80));
  const [row] = await rt.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.toolkitSlug, toolkitSlug.toLowerCase())))
    .limit(1);
  const kind = row ? endpointKind(row.toolkitSlug) : undefined;
  if (!row || !kind) throw errors.notFound('Webhook endpoint', id);

  // Microsoft Graph checks a new subscription's URL by echoing a token, as plain text, within seconds.
  const validationToken = input.query('validationToken');
  if (kind.verification === 'graph_client_state' && validationToken !== undefined)
    return { status: 200, body: validationToken.slice(0, 1024), headers: { 'content-type': 'text/plain' } };

  const body = await input.readBody();
  const req: Inbound = { header: input.header, query: input.query, body };
  const data = endpointData(rt, row);

  // Handshakes that hand over a secret are taken once; after that a forged one could replace it.
  const hookSecret = input.header('x-hook-secret');
  if (kind.verification === 'asana_handshake' && hookSecret !== undefined) {
    if (row.verifiedAt || data.hook_secret) refuse(row, 'a second X-Hook-Secret handshake');
    await markVerified(rt, row, { hook_secret: hookSecret });
    return { status: 200, body: '', headers: { 'x-hook-secret': hookSecret, 'content-type': 'text/plain' } };
  }
  let payload: Record<string, any> | undefined;
  try {
    const parsed = body.length ? JSON.parse(body.toString('utf8')) : undefined;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) payload = parsed;
  } catch {
    payload = undefined;
  }
  if (kind.verification === 'notion_handshake' && typeof payload?.verification_token === 'string') {
    if (row.verifiedAt || data.verification_token) refuse(row, 'a second Notion verification token');
    await markVerified(rt, row, { verification_token: payload.verification_token });
    return { status: 200, body: { ok: true } };
  }

  const bad = verifyInbound(kind.verification, data, req, payload, triggerSettings().signatureToleranceSec);
  if (bad) refuse(row, bad);
  if (!payload) throw errors.badRequest('The request body must be a JSON object', 'TriggerIngress_InvalidBody');
  if (!row.verifiedAt) await markVerified(rt, row);

  if (payload.type === 'url_verification' && kind.verification === 'slack_hmac')
    return { status: 200, body: { challenge: payload.challenge } };
  if (kind.verification === 'discord_ed25519' && payload.type === 1) return { status: 200, body: { type: 1 } };

  return { status: 200, body: { ok: true, delivered: await fanOut(rt, row, req, payload) } };
}

/** The event reaches every enabled webhook trigger of this toolkit in the endpoint's project that it matches. */
async function fanOut(rt: Runtime, row: EndpointRow, req: Inbound, payload: Record<string, any>): Promise<number> {
  const rows = await rt.db
    .select({ inst: triggerInstances, accountUuid: connectedAccounts.uuid })
    .from(triggerInstances)
    .leftJoin(connectedAccounts, eq(connectedAccounts.id, triggerInstances.connectedAccountId))
    .where(
      and(
        eq(triggerInstances.projectId, row.projectId),
        eq(triggerInstances.toolkitSlug, row.toolkitSlug),
        eq(triggerInstances.kind, 'webhook'),
        eq(triggerInstances.status, 'enabled'),
        isNull(triggerInstances.deletedAt),
      ),
    );
  const fallbackId = `body-${createHash('sha256').update(req.body).digest('hex')}`;
  let delivered = 0;
  for (const { inst, accountUuid } of rows) {
    const t = getTriggerType(inst.slug);
    if (!t || t.kind !== 'webhook') continue;
    const d = deliveryOf(t, req, payload);
    if (d.ignore || !d.matches) continue;
    const cfg = inst.config as Record<string, unknown>;
    if (
      t.provider === 'slack' &&
      typeof cfg.channel === 'string' &&
      cfg.channel &&
      payload.event?.channel !== cfg.channel
    )
      continue;
    const fresh = await rt.db.transaction(async (tx) => {
      const ins = await tx
        .insert(triggerDeliveries)
        .values({ triggerId: inst.id, deliveryId: d.id ?? fallbackId })
        .onConflictDoNothing()
        .returning({ id: triggerDeliveries.deliveryId });
      if (!ins.length) return false;
      const { eventId, logId } = await emitTriggerMessage(tx, inst, accountUuid ?? undefined, payload);
      await writeLog(tx, {
        projectId: inst.projectId,
        triggerId: inst.id,
        kind: 'delivery',
        outcome: 'events_emitted',
        eventsEmitted: 1,
        message: `Webhook endpoint ${row.id}: delivery ${d.id ?? fallbackId} → 1 event`,
        detail: {
          delivery_id: d.id ?? fallbackId,
          webhook_endpoint_id: row.id,
          events: [{ event_id: eventId, log_id: logId }],
        },
      });
      return true;
    });
    if (fresh) delivered++;
  }
  return delivered;
}
