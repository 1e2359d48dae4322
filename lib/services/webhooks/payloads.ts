/**
 * Event types a subscription may enable, and the payload shapes of each version
 * (service-behaviour.md §1.4). The subscription's `version` selects the shape of trigger
 * messages; events that exist only in V3 (connection and trigger lifecycle) are always sent as
 * V3, with `x-composio-webhook-version: V3`.
 */
export type PayloadVersion = 'V1' | 'V2' | 'V3';
export const PAYLOAD_VERSIONS = ['V1', 'V2', 'V3'] as const;

export const TEST_EVENT_TYPE = 'composio.webhook.test';

export const EVENT_TYPES: { event_type: string; description: string; supported_versions: PayloadVersion[] }[] = [
  {
    event_type: 'composio.trigger.message',
    description: 'A trigger instance received data. The payload shape follows the subscription version (V1, V2 or V3).',
    supported_versions: ['V1', 'V2', 'V3'],
  },
  {
    event_type: 'composio.connected_account.expired',
    description:
      'A connected account became EXPIRED (permanent refresh error, too many authentication failures, or initiation not completed in time). `data` is the connected account as returned by GET /connected_accounts/{id}.',
    supported_versions: ['V3'],
  },
  {
    event_type: 'composio.connected_account.active',
    description:
      'A connected account became ACTIVE. `data` is the connected account as returned by GET /connected_accounts/{id}. (Junction extension.)',
    supported_versions: ['V3'],
  },
  {
    event_type: 'composio.trigger.disabled',
    description:
      'The service disabled a trigger instance by itself (expired connection, webhook refresh failure, unhealthy polling). Not sent when a user disables a trigger.',
    supported_versions: ['V3'],
  },
  {
    event_type: TEST_EVENT_TYPE,
    description:
      'Sent by POST /webhook_subscriptions/{id}/test (Junction extension). Always delivered to the tested subscription, whether enabled or not.',
    supported_versions: ['V1', 'V2', 'V3'],
  },
];

export const EVENT_TYPE_NAMES = new Set(EVENT_TYPES.map((e) => e.event_type));
const V3_ONLY = new Set(EVENT_TYPES.filter((e) => !e.supported_versions.includes('V1')).map((e) => e.event_type));

export interface OutboxEvent {
  id: string;
  projectId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface RenderContext {
  orgId: string;
  /** full connected account (GET shape) for connected_account.* events, when it can be read */
  account?: Record<string, unknown>;
  /** uuid of the connected account for V1/V2 trigger messages, when the emitter did not give it */
  connectionUuid?: string;
}

/** The payload version a message of this type is rendered in for a subscription of `version`. */
export function effectiveVersion(type: string, version: PayloadVersion): PayloadVersion {
  return V3_ONLY.has(type) ? 'V3' : version;
}

const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? fallback : String(v);

/** The JSON body of a delivery. Rendered once, at the first attempt, and stored. */
export function renderPayload(e: OutboxEvent, version: PayloadVersion, ctx: RenderContext): Record<string, unknown> {
  const v = effectiveVersion(e.type, version);
  const timestamp = e.createdAt.toISOString();
  const m = e.metadata;
  switch (e.type) {
    case 'composio.connected_account.expired':
    case 'composio.connected_account.active': {
      const data: Record<string, unknown> = ctx.account
        ? { ...ctx.account }
        : { id: str(e.data.connected_account_id ?? e.data.id), ...e.data };
      delete data.connected_account_id;
      if (e.data.status !== undefined) data.status = e.data.status;
      if (e.data.status_reason !== undefined) data.status_reason = e.data.status_reason;
      return { id: e.id, timestamp, type: e.type, data, metadata: { project_id: e.projectId, org_id: ctx.orgId } };
    }
    case 'composio.trigger.disabled':
      return { id: e.id, timestamp, type: e.type, data: { ...e.data }, metadata: { project_id: e.projectId } };
    case TEST_EVENT_TYPE: {
      const data = {
        message: 'Test event from Junction. If you can read this, your endpoint received and can verify deliveries.',
        ...e.data,
      };
      if (v === 'V3') {
        return {
          id: e.id,
          timestamp,
          type: e.type,
          data,
          metadata: { project_id: e.projectId, org_id: ctx.orgId, ...m },
        };
      }
      return triggerShape(
        v,
        e,
        timestamp,
        data,
        {
          trigger_slug: 'COMPOSIO_WEBHOOK_TEST',
          trigger_id: '',
          connected_account_id: '',
          auth_config_id: '',
          user_id: '',
          log_id: `log_${e.id}`,
        },
        ctx,
      );
    }
    case 'composio.trigger.message':
    default:
      if (v === 'V3' || e.type !== 'composio.trigger.message') {
        const metadata: Record<string, unknown> =
          e.type === 'composio.trigger.message'
            ? {
                log_id: str(m.log_id),
                trigger_slug: str(m.trigger_slug),
                trigger_id: str(m.trigger_id),
                connected_account_id: str(m.connected_account_id),
                auth_config_id: str(m.auth_config_id),
                user_id: str(m.user_id),
              }
            : { project_id: e.projectId, ...m };
        return { id: e.id, timestamp, type: e.type, metadata, data: { ...e.data } };
      }
      return triggerShape(v, e, timestamp, e.data, m, ctx);
  }
}

function triggerShape(
  v: 'V1' | 'V2',
  e: OutboxEvent,
  timestamp: string,
  data: Record<string, unknown>,
  m: Record<string, unknown>,
  ctx: RenderContext,
): Record<string, unknown> {
  const slug = str(m.trigger_slug);
  const connectionNano = str(m.connected_account_id);
  const connectionId = str(m.connected_account_uuid ?? ctx.connectionUuid, connectionNano);
  const triggerNano = str(m.trigger_id);
  const triggerId = str(m.trigger_uuid, triggerNano);
  const logId = str(m.log_id);
  if (v === 'V1') {
    return {
      trigger_name: slug,
      connection_id: connectionId,
      trigger_id: triggerNano,
      payload: { ...data },
      log_id: logId,
    };
  }
  return {
    type: slug.toLowerCase(),
    timestamp,
    log_id: logId,
    data: {
      ...data,
      connection_id: connectionId,
      connection_nano_id: connectionNano,
      trigger_nano_id: triggerNano,
      trigger_id: triggerId,
      user_id: str(m.user_id),
    },
  };
}
