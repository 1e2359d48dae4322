import { and, eq, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts, triggerDeliveries, triggerInstances } from '../../db/schema';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { isId } from '../../crypto/ids';
import { log } from '../../log';
import { getTriggerType, type TriggerTypeDef } from '../../triggers/registry';
import type { CompiledWebhookType } from '../../triggers/types';
import { callTool } from './upstream';
import { emitTriggerMessage, type InstanceRow } from './events';
import { writeLog } from './logs';
import { triggerSettings } from './settings';
import { verifyGithub, verifySlack, verifyStripe } from './signatures';
import { errors, namedError } from '../../contract/errors';

export function ingressUrl(rt: Runtime, id: string): string {
  return `${rt.config.publicUrl}/api/v3/trigger_ingress/${id}`;
}

type Secrets = { secret?: string; signing_secret?: string };

/**
 * Set up the provider side of a webhook instance through the toolkit's API (the tool executor,
 * with the account's credentials): a GitHub repository hook, a Stripe webhook endpoint. Slack
 * apps cannot be configured by API. Where it cannot be done, the instance is left in `manual`
 * mode and its state shows what the user must configure.
 */
export async function registerWebhook(rt: Runtime, row: InstanceRow, t: TriggerTypeDef): Promise<InstanceRow> {
  if (t.kind !== 'webhook') return row;
  const url = ingressUrl(rt, row.id);
  const secrets = decryptJson<Secrets>(rt.keyring, row.secretsEnc) ?? {};
  const cfg = row.config as Record<string, string>;
  let registration: Record<string, unknown>;
  let newSecrets: Secrets | undefined;
  if (t.provider === 'github') {
    const r = await callTool(rt, row.projectId, row.connectedAccountId, 'GITHUB_CREATE_A_REPOSITORY_WEBHOOK', {
      owner: cfg.owner,
      repo: cfg.repo,
      name: 'web',
      active: true,
      events: [t.match.event],
      config: { url, content_type: 'json', secret: secrets.secret, insecure_ssl: '0' },
    });
    const hookId = (r.data as { id?: unknown } | null)?.id ?? (r.data as { data?: { id?: unknown } } | null)?.data?.id;
    registration =
      r.kind === 'ok' && hookId !== undefined
        ? { mode: 'provider', provider: 'github', hook_id: hookId, events: [t.match.event], content_type: 'json' }
        : {
            mode: 'manual',
            provider: 'github',
            events: [t.match.event],
            content_type: 'json',
            show_secret: true,
            error: `Could not create the repository webhook: ${r.error ?? `HTTP ${r.status}`}`.slice(0, 500),
            instructions: `Add a webhook in ${cfg.owner}/${cfg.repo} Settings → Webhooks with the payload URL webhook_url, content type application/json, the secret webhook_secret and the "${t.match.event}" event.`,
          };
  } else if (t.provider === 'stripe') {
    if (secrets.signing_secret) {
      registration = {
        mode: 'manual',
        provider: 'stripe',
        events: [t.match.event],
        instructions: 'Deliveries are verified with the signing secret given in trigger_config.',
      };
    } else {
      const r = await callTool(rt, row.projectId, row.connectedAccountId, 'STRIPE_POST_WEBHOOK_ENDPOINTS', {
        url,
        enabled_events: [t.match.event],
        description: `Junction trigger ${row.id}`,
      });
      const d = (r.data ?? {}) as { id?: string; secret?: string; data?: { id?: string; secret?: string } };
      const ep = d.id ? d : (d.data ?? {});
      if (r.kind === 'ok' && ep.id && ep.secret) {
        registration = { mode: 'provider', provider: 'stripe', endpoint_id: ep.id, events: [t.match.event] };
        newSecrets = { ...secrets, secret: ep.secret };
      } else {
        registration = {
          mode: 'manual',
          provider: 'stripe',
          events: [t.match.event],
          error: `Could not create the Stripe webhook endpoint: ${r.error ?? `HTTP ${r.status}`}`.slice(0, 500),
          instructions:
            'Create a webhook endpoint in the Stripe dashboard with URL webhook_url and this event, then upsert the trigger again with trigger_config.signing_secret set to its signing secret (whsec_…).',
        };
      }
    }
  } else {
    registration = {
      mode: 'manual',
      provider: 'slack',
      events: [t.match.event],
      instructions: `In your Slack app, Event Subscriptions → Request URL: webhook_url; subscribe to the bot event "${t.match.event}".`,
    };
  }
  const [updated] = await rt.db.transaction(async (tx) => {
    const res = await tx
      .update(triggerInstances)
      .set({
        registration,
        ...(newSecrets ? { secretsEnc: encryptJson(rt.keyring, newSecrets) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(triggerInstances.id, row.id))
      .returning();
    await writeLog(tx, {
      projectId: row.projectId,
      triggerId: row.id,
      kind: 'status',
      outcome: 'registration',
      message:
        registration.mode === 'provider'
          ? `Registered at ${t.provider}`
          : String(registration.error ?? 'Manual setup needed'),
      detail: { ...registration, show_secret: undefined },
    });
    return res;
  });
  return updated ?? row;
}

/** Remove the provider-side hook of an instance (best effort; failures are logged, not raised). */
export async function unregisterWebhook(rt: Runtime, row: InstanceRow): Promise<void> {
  const reg = row.registration as { mode?: string; provider?: string; hook_id?: unknown; endpoint_id?: string };
  if (reg.mode !== 'provider') return;
  const cfg = row.config as Record<string, string>;
  const r =
    reg.provider === 'github'
      ? await callTool(rt, row.projectId, row.connectedAccountId, 'GITHUB_DELETE_A_REPOSITORY_WEBHOOK', {
          owner: cfg.owner,
          repo: cfg.repo,
          hook_id: Number(reg.hook_id),
        })
      : reg.provider === 'stripe'
        ? await callTool(
            rt,
            row.projectId,
            row.connectedAccountId,
            'STRIPE_DELETE_WEBHOOK_ENDPOINTS_WEBHOOK_ENDPOINT',
            { webhook_endpoint: reg.endpoint_id },
          )
        : undefined;
  if (r && r.kind !== 'ok' && r.status !== 404) {
    log.warn({ trigger: row.id, status: r.status, error: r.error }, 'could not remove the provider webhook');
    await writeLog(rt.db, {
      projectId: row.projectId,
      triggerId: row.id,
      kind: 'status',
      outcome: 'registration',
      httpStatus: r.status,
      message: `Could not remove the ${reg.provider} webhook: ${r.error ?? `HTTP ${r.status}`}`,
    });
  }
}

export interface IngressRequest {
  header(name: string): string | undefined;
  body: Buffer;
}

/** What the route hands over: the body is read only once the trigger is known (anyone may post here). */
export interface IngressInput {
  header(name: string): string | undefined;
  readBody(): Promise<Buffer>;
}
export interface IngressResponse {
  status: number;
  body: Record<string, unknown>;
}

export function deliveryOf(
  t: CompiledWebhookType,
  req: IngressRequest,
  payload: Record<string, any>,
): { id?: string; matches: boolean; why?: string; ignore?: string } {
  if (t.provider === 'github') {
    const event = req.header('x-github-event');
    if (event === 'ping') return { matches: false, ignore: 'GitHub ping (hook created)' };
    const ok = event === t.match.event && (!t.match.action || payload.action === t.match.action);
    return {
      id: req.header('x-github-delivery'),
      matches: ok,
      why: ok
        ? undefined
        : `event ${event}${payload.action ? `/${payload.action}` : ''} is not ${t.match.event}${t.match.action ? `/${t.match.action}` : ''}`,
    };
  }
  if (t.provider === 'stripe') {
    const ok = payload.type === t.match.event;
    return {
      id: typeof payload.id === 'string' ? payload.id : undefined,
      matches: ok,
      why: ok ? undefined : `event ${payload.type} is not ${t.match.event}`,
    };
  }
  const ev = payload.event ?? {};
  const ok = payload.type === 'event_callback' && ev.type === t.match.event;
  return {
    id: typeof payload.event_id === 'string' ? payload.event_id : undefined,
    matches: ok,
    why: ok ? undefined : `event ${ev.type ?? payload.type} is not ${t.match.event}`,
  };
}

/**
 * An inbound provider delivery for one instance: verify the signature, answer handshakes,
 * drop replays (same provider delivery id), filter, and emit `composio.trigger.message`.
 * Every outcome is written to the trigger log.
 */
export async function handleIngress(rt: Runtime, triggerId: string, input: IngressInput): Promise<IngressResponse> {
  if (!isId('trigger', triggerId)) throw errors.notFound('Trigger', triggerId.slice(0, 80), 'TriggerInstance_NotFound');
  const rows = await rt.db
    .select({ inst: triggerInstances, accountUuid: connectedAccounts.uuid })
    .from(triggerInstances)
    .leftJoin(connectedAccounts, eq(connectedAccounts.id, triggerInstances.connectedAccountId))
    .where(and(eq(triggerInstances.id, triggerId), isNull(triggerInstances.deletedAt)))
    .limit(1);
  const row = rows[0]?.inst;
  const t = row ? getTriggerType(row.slug) : undefined;
  if (!row || !t || t.kind !== 'webhook')
    throw errors.notFound('Webhook trigger', triggerId, 'TriggerInstance_NotFound');
  const req: IngressRequest = { header: input.header, body: await input.readBody() };
  const base = { projectId: row.projectId, triggerId: row.id, kind: 'delivery' as const };
  const secrets = decryptJson<Secrets>(rt.keyring, row.secretsEnc) ?? {};
  const secret = secrets.secret ?? secrets.signing_secret;
  const s = triggerSettings();
  const bad = !secret
    ? 'no secret configured for this trigger'
    : t.provider === 'github'
      ? verifyGithub(secret, req.body, req.header('x-hub-signature-256'))
      : t.provider === 'stripe'
        ? verifyStripe(secret, req.body, req.header('stripe-signature'), s.signatureToleranceSec)
        : verifySlack(
            secret,
            req.body,
            req.header('x-slack-signature'),
            req.header('x-slack-request-timestamp'),
            s.signatureToleranceSec,
          );
  if (bad) {
    await writeLog(rt.db, {
      ...base,
      outcome: 'signature_rejected',
      httpStatus: 401,
      message: bad,
      detail: { delivery_id: req.header('x-github-delivery') ?? null, bytes: req.body.length },
    });
    // The reason stays in the trigger log: the sender learns only that the signature did not verify.
    throw namedError('TriggerIngress_InvalidSignature', 'The delivery signature did not verify');
  }
  let payload: Record<string, any>;
  try {
    payload = JSON.parse(req.body.toString('utf8'));
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('not an object');
  } catch {
    await writeLog(rt.db, { ...base, outcome: 'error', httpStatus: 400, message: 'Body is not a JSON object' });
    throw errors.badRequest('The delivery body must be a JSON object', 'TriggerIngress_InvalidBody');
  }
  if (t.provider === 'slack' && payload.type === 'url_verification') {
    await writeLog(rt.db, { ...base, outcome: 'ignored', message: 'Slack URL verification answered' });
    return { status: 200, body: { challenge: payload.challenge } };
  }
  const d = deliveryOf(t, req, payload);
  if (d.ignore) {
    await writeLog(rt.db, { ...base, outcome: 'ignored', message: d.ignore, detail: { delivery_id: d.id ?? null } });
    return { status: 200, body: { ok: true, ignored: d.ignore } };
  }
  if (row.status !== 'enabled') {
    await writeLog(rt.db, {
      ...base,
      outcome: 'ignored',
      message: `Trigger is disabled (${row.disabledReason ?? 'disabled'})`,
      detail: { delivery_id: d.id ?? null },
    });
    return { status: 200, body: { ok: true, ignored: 'trigger disabled' } };
  }
  const cfg = row.config as Record<string, unknown>;
  const channelMismatch =
    t.provider === 'slack' && typeof cfg.channel === 'string' && cfg.channel && payload.event?.channel !== cfg.channel;
  if (!d.matches || channelMismatch) {
    const why = d.why ?? `channel ${payload.event?.channel} is not ${cfg.channel}`;
    await writeLog(rt.db, {
      ...base,
      outcome: 'filtered',
      message: `Filtered out: ${why}`,
      detail: { delivery_id: d.id ?? null },
    });
    return { status: 200, body: { ok: true, filtered: true } };
  }
  const deliveryId =
    d.id ?? `body-${(await import('node:crypto')).createHash('sha256').update(req.body).digest('hex')}`;
  return rt.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(triggerDeliveries)
      .values({ triggerId: row.id, deliveryId })
      .onConflictDoNothing()
      .returning({ id: triggerDeliveries.deliveryId });
    if (!fresh.length) {
      await writeLog(tx, {
        ...base,
        outcome: 'duplicate',
        message: `Delivery ${deliveryId} was already received`,
        detail: { delivery_id: deliveryId },
      });
      return { status: 200, body: { ok: true, duplicate: true } };
    }
    const { eventId, logId } = await emitTriggerMessage(tx, row, rows[0]?.accountUuid ?? undefined, payload);
    await writeLog(tx, {
      ...base,
      outcome: 'events_emitted',
      eventsEmitted: 1,
      message: `Delivery ${deliveryId} → 1 event`,
      detail: { delivery_id: deliveryId, events: [{ event_id: eventId, log_id: logId }] },
    });
    return { status: 200, body: { ok: true } };
  });
}
