import { describe, expect, it } from 'vitest';
import { SDKS } from '../helpers/sdks';
import { Webhook } from 'standardwebhooks';
import { renderPayload, effectiveVersion, type OutboxEvent } from '../../lib/services/webhooks/payloads';
import { newSecret, signatureHeader, signingKeys } from '../../lib/services/webhooks/signing';
import { nextDelaySeconds, readWebhookSettings } from '../../lib/services/webhooks/settings';

/**
 * Payload shapes (service-behaviour.md §1.4) as the triggers area emits them, checked by what
 * @composio/core's verifyWebhook (0.8.1 and 0.19.0) makes of them after signing with our scheme.
 */
// No request is made: verifyWebhook is local. The base URL points nowhere reachable on purpose.
const clients = SDKS.map(
  (v) =>
    new v.mod.Composio({
      apiKey: 'ak_unused',
      baseURL: 'http://127.0.0.1:9',
      allowTracking: false,
      disableVersionCheck: true,
    }),
);

const trigger: OutboxEvent = {
  id: 'msg_AbCdEf0123456789',
  projectId: 'pr_1',
  type: 'composio.trigger.message',
  createdAt: new Date('2026-01-02T03:04:05.678Z'),
  data: { issue: { number: 7, title: 'Bug' }, action: 'opened' },
  metadata: {
    log_id: 'log_1',
    trigger_slug: 'GITHUB_ISSUE_ADDED_EVENT',
    trigger_id: 'ti_1',
    connected_account_id: 'ca_1',
    auth_config_id: 'ac_1',
    user_id: 'user-1',
    trigger_uuid: '11111111-1111-4111-8111-111111111111',
    toolkit_slug: 'github',
    connected_account_uuid: '22222222-2222-4222-8222-222222222222',
  },
};

async function verify(payload: unknown, id = trigger.id) {
  const secret = newSecret();
  const body = JSON.stringify(payload);
  const ts = Math.floor(Date.now() / 1000);
  const signature = signatureHeader([signingKeys(secret)], id, ts, body);
  new Webhook(secret).verify(body, {
    'webhook-id': id,
    'webhook-timestamp': String(ts),
    'webhook-signature': signature,
  });
  const [older, newer] = await Promise.all(
    clients.map((c) => c.triggers.verifyWebhook({ id, timestamp: String(ts), signature, payload: body, secret })),
  );
  // both SDK versions accept the signature and read the payload the same way
  expect(newer.version).toBe(older.version);
  expect(newer.payload).toEqual(older.payload);
  return older;
}

describe('composio.trigger.message', () => {
  it('V3: {id, timestamp, type, metadata (six keys), data}', async () => {
    const p = renderPayload(trigger, 'V3', { orgId: 'org_1' });
    expect(p).toEqual({
      id: trigger.id,
      timestamp: '2026-01-02T03:04:05.678Z',
      type: 'composio.trigger.message',
      data: trigger.data,
      metadata: {
        log_id: 'log_1',
        trigger_slug: 'GITHUB_ISSUE_ADDED_EVENT',
        trigger_id: 'ti_1',
        connected_account_id: 'ca_1',
        auth_config_id: 'ac_1',
        user_id: 'user-1',
      },
    });
    const r = await verify(p);
    expect(r.version).toBe('V3');
    expect(r.payload).toMatchObject({
      triggerSlug: 'GITHUB_ISSUE_ADDED_EVENT',
      toolkitSlug: 'GITHUB',
      userId: 'user-1',
      payload: trigger.data,
    });
    expect(r.payload.metadata.connectedAccount).toMatchObject({ id: 'ca_1', authConfigId: 'ac_1' });
  });

  it('V2: lower-case slug as type, log_id, ids mixed into data', async () => {
    const p = renderPayload(trigger, 'V2', { orgId: 'org_1' });
    expect(p).toEqual({
      type: 'github_issue_added_event',
      timestamp: '2026-01-02T03:04:05.678Z',
      log_id: 'log_1',
      data: {
        ...trigger.data,
        connection_id: '22222222-2222-4222-8222-222222222222',
        connection_nano_id: 'ca_1',
        trigger_nano_id: 'ti_1',
        trigger_id: '11111111-1111-4111-8111-111111111111',
        user_id: 'user-1',
      },
    });
    const r = await verify(p);
    expect(r.version).toBe('V2');
    expect(r.payload).toMatchObject({
      id: 'ti_1',
      uuid: '11111111-1111-4111-8111-111111111111',
      triggerSlug: 'GITHUB_ISSUE_ADDED_EVENT',
      userId: 'user-1',
      payload: trigger.data,
    });
    expect(r.payload.metadata.connectedAccount).toMatchObject({
      id: 'ca_1',
      uuid: '22222222-2222-4222-8222-222222222222',
    });
  });

  it('V1: flat {trigger_name, connection_id, trigger_id, payload, log_id}', async () => {
    const p = renderPayload(trigger, 'V1', { orgId: 'org_1' });
    expect(p).toEqual({
      trigger_name: 'GITHUB_ISSUE_ADDED_EVENT',
      connection_id: '22222222-2222-4222-8222-222222222222',
      trigger_id: 'ti_1',
      payload: trigger.data,
      log_id: 'log_1',
    });
    const r = await verify(p);
    expect(r.version).toBe('V1');
    expect(r.payload).toMatchObject({
      triggerSlug: 'GITHUB_ISSUE_ADDED_EVENT',
      toolkitSlug: 'GITHUB',
      payload: trigger.data,
    });
  });

  it('V1/V2 fall back to a looked-up connection uuid, then to the nano id', () => {
    const { connected_account_uuid: _, ...meta } = trigger.metadata;
    const ev = { ...trigger, metadata: meta };
    expect(renderPayload(ev, 'V1', { orgId: 'o', connectionUuid: 'u-looked-up' })).toMatchObject({
      connection_id: 'u-looked-up',
    });
    expect(renderPayload(ev, 'V1', { orgId: 'o' })).toMatchObject({ connection_id: 'ca_1' });
  });
});

describe('lifecycle events are V3 only', () => {
  it('composio.trigger.disabled: data as emitted, metadata {project_id}', async () => {
    const ev: OutboxEvent = {
      id: 'msg_x',
      projectId: 'pr_9',
      type: 'composio.trigger.disabled',
      createdAt: new Date(),
      metadata: { project_id: 'pr_9' },
      data: {
        id: 'ti_1',
        trigger_name: 'GITHUB_ISSUE_ADDED_EVENT',
        trigger_config: {},
        connected_account_id: 'ca_1',
        user_id: 'u',
        disabled_reason: 'connection_expired',
        disabled_at: 'x',
      },
    };
    expect(effectiveVersion(ev.type, 'V1')).toBe('V3');
    const p = renderPayload(ev, 'V1', { orgId: 'org_1' });
    expect(p).toMatchObject({
      id: 'msg_x',
      type: 'composio.trigger.disabled',
      metadata: { project_id: 'pr_9' },
      data: ev.data,
    });
    expect(Object.keys((p as any).data)).toHaveLength(7);
    expect((await verify(p, 'msg_x')).version).toBe('V3');
  });

  it('composio.connected_account.expired without a readable account keeps the event fields', () => {
    const ev: OutboxEvent = {
      id: 'msg_y',
      projectId: 'pr_9',
      type: 'composio.connected_account.expired',
      createdAt: new Date(),
      metadata: {},
      data: {
        connected_account_id: 'ca_gone',
        status: 'EXPIRED',
        status_reason: 'Permanent auth error during token refresh',
        user_id: 'u',
        toolkit: 'gmail',
      },
    };
    expect(renderPayload(ev, 'V3', { orgId: 'org_1' })).toMatchObject({
      data: { id: 'ca_gone', status: 'EXPIRED', status_reason: 'Permanent auth error during token refresh' },
      metadata: { project_id: 'pr_9', org_id: 'org_1' },
    });
  });
});

describe('signatures and schedule', () => {
  it('one secret: two signatures (raw key for @composio/core, decoded key for Standard Webhooks); two secrets: four', () => {
    const a = newSecret();
    const b = newSecret();
    expect(signatureHeader([signingKeys(a)], 'msg_1', 1, '{}').split(' ')).toHaveLength(2);
    expect(signatureHeader([signingKeys(a), signingKeys(b)], 'msg_1', 1, '{}').split(' ')).toHaveLength(4);
  });

  it('defaults to the Svix schedule, reads it from the environment, honours Retry-After', () => {
    const d = readWebhookSettings({});
    expect(d.schedule).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(d.timeoutMs).toBe(15_000);
    expect(d.overlapSeconds).toBe(86_400);
    expect(d.disableAfterSeconds).toBe(5 * 86_400);
    const s = readWebhookSettings({ JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,2,4', JUNCTION_WEBHOOK_JITTER: '0' });
    expect(s.schedule).toEqual([0, 2, 4]);
    expect(nextDelaySeconds(s, 1)).toBe(2);
    expect(nextDelaySeconds(s, 2)).toBe(4);
    expect(nextDelaySeconds(s, 3)).toBeNull();
    expect(nextDelaySeconds(s, 1, 30)).toBe(30);
    const j = readWebhookSettings({});
    for (let i = 0; i < 50; i++) {
      const v = nextDelaySeconds(j, 2)!;
      expect(v).toBeGreaterThanOrEqual(270);
      expect(v).toBeLessThanOrEqual(330);
    }
  });
});
