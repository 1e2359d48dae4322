import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { deliveringTo, startReceiver, type Receiver } from '../helpers/https-receiver';
import { NEXT_SDKS, startSdkRunner, type SdkRunner } from '../helpers/sdk-next';

// Webhooks through @composio/core 0.21.0 and 1.0.0-beta.1 (unmodified, on Node 22): the inbound
// endpoints ("Triggers V2"), the outbound subscription with real signed HTTPS deliveries to a
// loopback receiver, and the trigger methods around them. The flows run in the SDK's own process
// (tests/sdk-next/flows-webhooks.mjs); the assertions are here.
let s: TestServer;
let rx: Receiver;

beforeAll(async () => {
  rx = await startReceiver();
  s = await startServer({ env: deliveringTo(rx, { JUNCTION_WEBHOOK_TIMEOUT_MS: '3000' }) });
});
afterAll(async () => {
  await s?.stop();
  await rx?.close();
});

/** A fresh project with its own key (a project holds one subscription). */
async function project(name: string) {
  const r = await s.api(
    'POST',
    '/org/owner/project/new',
    { name, should_create_api_key: true },
    { 'x-org-api-key': s.orgKey },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const apiKey = r.body.api_key as string;
  return {
    url: s.url,
    apiKey,
    api: (method: string, p: string, body?: unknown) => s.api(method, p, body, { 'x-api-key': apiKey }),
  };
}
type Project = Awaited<ReturnType<typeof project>>;

const slackSign = (secret: string, body: string, ts = Math.floor(Date.now() / 1000)) => ({
  'x-slack-request-timestamp': String(ts),
  'x-slack-signature': `v0=${createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex')}`,
});

async function slackAccount(p: Project, user: string) {
  const ac = await p.api('POST', '/auth_configs', {
    toolkit: { slug: 'slack' },
    auth_config: { type: 'use_custom_auth', authScheme: 'BEARER_TOKEN' },
  });
  const ca = await p.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: { user_id: user, state: { authScheme: 'BEARER_TOKEN', val: { status: 'ACTIVE', token: 'xoxb-1' } } },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  return ca.body.id as string;
}

describe.each(NEXT_SDKS)('@composio/core $version webhooks on Node 22', (sdk) => {
  let r: SdkRunner;
  const tag = sdk.version.replace(/\./g, '-');
  beforeAll(async () => {
    r = await startSdkRunner(sdk, 'tests/sdk-next/flows-webhooks.mjs');
  }, 240_000);
  afterAll(async () => {
    await r?.stop();
  });

  // ----- webhooks.endpoints -----
  it('webhooks.endpoints.create / get / list / update / replace: created once per app, merged, replaced, masked', async () => {
    const p = await project(`endpoints-${tag}`);
    const v = await r.ok('endpointsLifecycle', p, {
      clientId: `cid-${tag}`,
      firstSecret: 'first-signing-secret',
      secondSecret: 'second-signing-secret',
    });
    expect(v.created).toMatchObject({ toolkitSlug: 'slack', clientId: `cid-${tag}`, data: null });
    expect(v.created.id).toMatch(/^we_/);
    expect(v.created.webhookUrl).toBe(`${s.url}/api/v3.1/webhook_ingress/slack/${v.created.id}/trigger_event`);
    expect(new Date(v.created.createdAt).toISOString()).toBe(v.created.createdAt);
    expect(v.againId).toBe(v.created.id);
    expect(v.got).toEqual(v.created);
    expect(v.slackList).toEqual([{ id: v.created.id, toolkitSlug: 'slack', clientId: `cid-${tag}` }]);
    expect(v.allIds).toEqual([v.created.id]);
    // update merges; secret values come back masked
    expect(v.merged1).toEqual({ webhook_signing_secret: 'firs...' });
    expect(v.merged2).toEqual({ webhook_signing_secret: 'firs...', app_token: 'xapp...' });
    // replace needs every required field and clears the others
    expect(v.replaceMissing).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect(v.replaceMissing.message).toContain('webhook_signing_secret: required');
    expect(v.replaced).toEqual({ webhook_signing_secret: 'seco...' });
    expect(v.after).toEqual({
      id: v.created.id,
      data: { webhook_signing_secret: 'seco...' },
      webhookUrl: v.created.webhookUrl,
    });
    expect(v.badField).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect(v.badField.message).toContain('not_a_field: not a setup field');
    // the SDK's own validation refuses a create without a client id before any request
    expect(v.badParams).toMatchObject({ name: 'ValidationError', code: 'TS-SDK::VALIDATION_ERROR' });
    // the second read over HTTP agrees, and never shows a secret in clear
    const http = await p.api('GET', `/webhook_endpoints/${v.created.id}`);
    expect(http.body.data).toEqual({ webhook_signing_secret: 'seco...' });
    expect(JSON.stringify(http.body)).not.toContain('second-signing-secret');
  });

  it('webhooks.endpoints.get / list / update / replace: another project’s endpoint is a NotFoundError (404)', async () => {
    const mine = await project(`ep-mine-${tag}`);
    const theirs = await project(`ep-theirs-${tag}`);
    const ep = await r.ok('endpointSetup', mine, {
      toolkitSlug: 'slack',
      clientId: `mine-${tag}`,
      data: { webhook_signing_secret: 'mine-secret' },
    });
    const get = await r.run('endpointGet', theirs, { id: ep.id });
    const upd = await r.run('endpointUpdate', theirs, { id: ep.id, data: { webhook_signing_secret: 'stolen' } });
    const rep = await r.run('endpointReplace', theirs, { id: ep.id, data: { webhook_signing_secret: 'stolen' } });
    for (const res of [get, upd, rep]) {
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatchObject({ name: 'NotFoundError', status: 404 });
    }
    expect((await r.ok('endpointsList', theirs, { toolkitSlug: 'slack' })).items).toEqual([]);
    expect((await r.ok('endpointsList', mine, {})).items.map((i: { id: string }) => i.id)).toEqual([ep.id]);
    const missing = await r.run('endpointGet', mine, { id: 'we_doesnotexist00000' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatchObject({ name: 'NotFoundError', status: 404 });
    // the owner's secret was not touched by the refused writes
    const own = await r.ok('endpointGet', mine, { id: ep.id });
    expect(own.data).toEqual({ webhook_signing_secret: 'mine...' });
  });

  // ----- webhooks.subscriptions -----
  it('webhooks.subscriptions.list / set / get / update / listEventTypes: set() creates (POST) when none exists, then updates (PATCH)', async () => {
    const p = await project(`subs-${tag}`);
    const v = await r.ok('subscriptionsLifecycle', p, { url: rx.url, url2: `${rx.url}/two` });
    expect(v.empty).toEqual({ items: [], nextCursor: null, totalPages: 1, currentPage: 1, totalItems: 0 });
    expect(v.created).toMatchObject({
      webhookUrl: rx.url,
      version: 'V3',
      enabledEvents: ['composio.trigger.message'],
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(v.created.id).toMatch(/^ws_/);
    expect(v.listed).toMatchObject({ totalItems: 1, currentPage: 1, totalPages: 1, nextCursor: null });
    expect(v.listed.items.map((i: { id: string }) => i.id)).toEqual([v.created.id]);
    expect(v.got).toMatchObject({ id: v.created.id, webhookUrl: rx.url, version: 'V3' });
    // the second set() found the subscription and patched it: same id, new URL and events
    expect(v.reset).toMatchObject({
      id: v.created.id,
      webhookUrl: `${rx.url}/two`,
      version: 'V3',
      enabledEvents: ['composio.trigger.message', 'composio.connected_account.expired'],
    });
    // Junction shows the secret only when it is made (create, rotate); a patching set() has none
    expect(v.reset.secret).toBeUndefined();
    expect(v.got.secret).toBeUndefined();
    expect(v.updated).toMatchObject({ id: v.created.id, webhookUrl: rx.url, version: 'V2' });
    expect(v.updated.enabledEvents).toEqual(v.reset.enabledEvents);
    expect(v.updatedBack.version).toBe('V3');
    expect(Date.parse(v.updatedBack.updatedAt)).toBeGreaterThanOrEqual(Date.parse(v.created.updatedAt));
    expect(v.badUpdate).toMatchObject({ name: 'ValidationError', code: 'TS-SDK::VALIDATION_ERROR' });
    expect(v.badEvent).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect(v.badEvent.message).toContain('composio.nope');
    const types = Object.fromEntries(
      v.types.items.map((t: { eventType: string; supportedVersions: string[] }) => [t.eventType, t.supportedVersions]),
    );
    expect(types['composio.trigger.message']).toEqual(['V1', 'V2', 'V3']);
    expect(types['composio.connected_account.expired']).toEqual(['V3']);
    expect(types['composio.trigger.disabled']).toEqual(['V3']);
    for (const t of v.types.items) expect(t.description.length).toBeGreaterThan(10);
    expect(v.afterAll.items).toHaveLength(1);
    const http = await p.api('GET', `/webhook_subscriptions/${v.created.id}`);
    expect(http.body).toMatchObject({ webhook_url: rx.url, version: 'V3', enabled_events: v.reset.enabledEvents });
  });

  it('webhooks.subscriptions.rotateSecret / delete / get: the old secret is replaced, then the subscription is gone (NotFoundError)', async () => {
    const p = await project(`subs-del-${tag}`);
    const created = await r.ok('subscriptionSet', p, { params: { webhookUrl: rx.url } });
    const rotated = await r.ok('subscriptionRotate', p, { id: created.id });
    expect(rotated).toEqual({ id: created.id, secret: expect.stringMatching(/^whsec_/) });
    expect(rotated.secret).not.toBe(created.secret);
    const got = await r.ok('subscriptionGet', p, { id: created.id });
    expect(got.id).toBe(created.id);
    const http = await p.api('GET', `/webhook_subscriptions/${created.id}`);
    expect(http.body.previous_secret_expires_at).toEqual(expect.any(String));
    const v = await r.ok('subscriptionDelete', p, { id: created.id });
    expect(v.deleted).toEqual({ success: true });
    for (const e of [v.getAfter, v.deleteAgain, v.rotateAfter])
      expect(e).toMatchObject({ name: 'NotFoundError', status: 404 });
    expect(v.list.totalItems).toBe(0);
    expect((await p.api('GET', `/webhook_subscriptions/${created.id}`)).status).toBe(404);
    // another project cannot see or rotate a subscription that is not its own
    const q = await project(`subs-other-${tag}`);
    const mineAgain = await r.ok('subscriptionSet', p, { params: { webhookUrl: rx.url } });
    const peek = await r.run('subscriptionGet', q, { id: mineAgain.id });
    const rot = await r.run('subscriptionRotate', q, { id: mineAgain.id });
    for (const res of [peek, rot]) {
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatchObject({ name: 'NotFoundError', status: 404 });
    }
  });

  it('triggers.setWebhookSubscription: the legacy upsert creates, then patches the same subscription', async () => {
    const p = await project(`legacy-${tag}`);
    const v = await r.ok('setWebhookSubscription', p, { url: rx.url, url2: `${rx.url}/two` });
    expect(v.first).toMatchObject({
      webhookUrl: rx.url,
      version: 'V3',
      enabledEvents: ['composio.trigger.message'],
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(v.second).toMatchObject({
      id: v.first.id,
      webhookUrl: `${rx.url}/two`,
      enabledEvents: ['composio.trigger.message', 'composio.trigger.disabled'],
    });
    expect(v.list.totalItems).toBe(1);
    expect(v.list.items[0]).toMatchObject({ id: v.first.id, webhookUrl: `${rx.url}/two` });
  });

  // ----- a real event: provider → endpoint → trigger → signed delivery → the SDK's verifier -----
  it('triggers.verifyWebhook / parse: a Slack event through an SDK-made endpoint reaches the trigger and its signed delivery verifies; after webhooks.subscriptions.rotateSecret the next one verifies with the new secret', async () => {
    const p = await project(`deliver-${tag}`);
    const user = `slack-user-${tag}`;
    const sub = await r.ok('subscriptionSet', p, { params: { webhookUrl: rx.url } });
    const ep = await r.ok('endpointSetup', p, {
      toolkitSlug: 'slack',
      clientId: `deliver-${tag}`,
      data: { webhook_signing_secret: 'slack-app-secret' },
    });
    // Slack's URL check through the endpoint is answered
    const challenge = JSON.stringify({ type: 'url_verification', challenge: `c-${tag}` });
    const hs = await fetch(ep.webhookUrl, {
      method: 'POST',
      body: challenge,
      headers: { 'content-type': 'application/json', ...slackSign('slack-app-secret', challenge) },
    });
    expect(await hs.json()).toEqual({ challenge: `c-${tag}` });
    const accountId = await slackAccount(p, user);
    const { triggerId } = await r.ok('triggerCreate', p, {
      userId: user,
      slug: 'SLACK_RECEIVE_MESSAGE',
      accountId,
      triggerConfig: { signing_secret: 'unused-with-an-endpoint', channel: 'C42' },
    });
    expect(triggerId).toMatch(/^ti_/);

    const slackEvent = async (eventId: string, text: string) => {
      const body = JSON.stringify({
        type: 'event_callback',
        event_id: eventId,
        event: { type: 'message', channel: 'C42', text, ts: '1.1' },
      });
      const res = await fetch(ep.webhookUrl, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...slackSign('slack-app-secret', body) },
      });
      expect(await res.json()).toEqual({ ok: true, delivered: 1 });
      await rx.waitFor((all) => all.some((x) => x.body.includes(text)), 30_000, `the delivery of ${eventId}`);
      return rx.received.find((x) => x.body.includes(text))!;
    };

    const first = await slackEvent(`EvFirst-${tag}`, `first message ${tag}`);
    // one secret, signed two ways (its raw string for the SDK, its decoded bytes for Standard Webhooks)
    expect(first.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    const v1 = await r.ok('verifyDelivery', p, {
      body: first.body,
      headers: first.headers,
      secret: sub.secret,
      wrongSecret: 'whsec_bm90IHRoZSBzZWNyZXQgb2YgdGhpcyBzdWJzY3JpcHRpb24=',
    });
    expect(v1.verified.version).toBe('V3');
    expect(v1.verified.payload).toMatchObject({
      id: triggerId,
      triggerSlug: 'SLACK_RECEIVE_MESSAGE',
      toolkitSlug: 'SLACK',
      userId: user,
      metadata: { connectedAccount: { id: accountId, userId: user } },
    });
    expect(JSON.stringify(v1.verified.payload.payload)).toContain(`first message ${tag}`);
    expect(v1.verified.rawPayload).toMatchObject({ type: 'composio.trigger.message' });
    expect(v1.fromRequest).toEqual(v1.verified);
    expect(v1.fromObject).toEqual(v1.verified);
    expect(v1.unverified).toEqual(v1.verified);
    expect(v1.wrongSecret).toMatchObject({ name: 'ComposioWebhookSignatureVerificationError' });
    expect(v1.tampered).toMatchObject({ name: 'ComposioWebhookSignatureVerificationError' });
    expect(v1.stale).toMatchObject({ name: 'ComposioWebhookSignatureVerificationError' });
    expect(v1.noHeaders).toMatchObject({ name: 'ValidationError' });
    expect(v1.noHeaders.message).toContain('webhook-signature');

    const rotated = await r.ok('subscriptionRotate', p, { id: sub.id });
    const second = await slackEvent(`EvSecond-${tag}`, `second message ${tag}`);
    // signed with the new secret and, during the overlap window, the previous one (two ways each)
    expect(second.headers['webhook-signature']!.split(' ')).toHaveLength(4);
    const v2 = await r.ok('verifyDelivery', p, {
      body: second.body,
      headers: second.headers,
      secret: rotated.secret,
      wrongSecret: 'whsec_bm90IHRoZSBzZWNyZXQgb2YgdGhpcyBzdWJzY3JpcHRpb24=',
    });
    expect(v2.verified.version).toBe('V3');
    expect(v2.fromRequest.payload.id).toBe(triggerId);
    expect(JSON.stringify(v2.verified.payload.payload)).toContain(`second message ${tag}`);
    expect(v2.wrongSecret).toMatchObject({ name: 'ComposioWebhookSignatureVerificationError' });
    // the first delivery, signed before the rotation, does not verify with the new secret; the second
    // still verifies with the previous secret while the overlap window lasts
    const old = await r.ok('verifyDelivery', p, {
      body: first.body,
      headers: first.headers,
      secret: sub.secret,
      wrongSecret: rotated.secret,
    });
    expect(old.wrongSecret).toMatchObject({ name: 'ComposioWebhookSignatureVerificationError' });
    const overlap = await r.ok('verifyDelivery', p, {
      body: second.body,
      headers: second.headers,
      secret: sub.secret,
      wrongSecret: 'whsec_bm90IHRoZSBzZWNyZXQgb2YgdGhpcyBzdWJzY3JpcHRpb24=',
    });
    expect(overlap.verified.payload.id).toBe(triggerId);
    // the trigger's log shows both events came in through the endpoint
    const logs = await p.api('GET', `/trigger_instances/${triggerId}/logs`);
    expect(JSON.stringify(logs.body)).toContain(ep.id);
  });

  // ----- triggers -----
  it('triggers.update: disable and enable through the SDK; an unknown id is a NotFoundError, a bad status a BadRequestError', async () => {
    const p = await project(`trig-update-${tag}`);
    const accountId = await slackAccount(p, `u-update-${tag}`);
    const v = await r.ok('triggersUpdate', p, {
      userId: `u-update-${tag}`,
      slug: 'SLACK_RECEIVE_MESSAGE',
      accountId,
      triggerConfig: { signing_secret: 'slack-app-signing-secret', channel: 'C1' },
    });
    expect(v.off).toEqual({ status: 'success' });
    expect(v.whileOff).toBe(0);
    expect(v.whileOffAll).toHaveLength(1);
    expect(v.whileOffAll[0].id).toBe(v.triggerId);
    expect(v.whileOffAll[0].disabledAt).toEqual(expect.any(String));
    expect(v.on).toEqual({ status: 'success' });
    expect(v.whileOn).toEqual([v.triggerId]);
    expect(v.unknown).toMatchObject({ name: 'NotFoundError', status: 404 });
    expect(v.bad).toMatchObject({ name: 'BadRequestError', status: 400 });
    const http = await p.api('GET', `/trigger_instances/manage/${v.triggerId}`);
    expect(http.body.disabled_at ?? null).toBeNull();
  });

  it('triggers.listEnum: every trigger type slug, as the HTTP list has them', async () => {
    const p = await project(`enum-${tag}`);
    const slugs = await r.ok('triggersListEnum', p);
    expect(slugs).toEqual(expect.arrayContaining(['SLACK_RECEIVE_MESSAGE', 'GITHUB_ISSUE_ADDED_EVENT']));
    expect(new Set(slugs).size).toBe(slugs.length);
    const http = await p.api('GET', '/triggers_types/list/enum');
    expect(slugs).toEqual(http.body);
  });

  it('triggers.subscribe / unsubscribe: realtime runs over the hosted Pusher cluster; Junction answers 501 pointing to webhook subscriptions, the SDK fails with its own errors', async () => {
    const p = await project(`realtime-${tag}`);
    const v = await r.ok('triggersSubscribe', p);
    expect(v.subscribe).toMatchObject({
      name: 'ComposioFailedToSubscribeToPusherChannelError',
      code: 'TS-SDK::TRIGGER_FAILED_TO_SUBSCRIBE_TO_PUSHER_CHANNEL',
      message: 'Failed to subscribe to Pusher channel',
    });
    expect(v.subscribe.causes.map((c: { name: string }) => c.name)).toEqual([
      'ComposioFailedToGetSDKRealtimeCredentialsError',
      'InternalServerError',
    ]);
    expect(v.subscribe.causes[1].status).toBe(501);
    expect(v.subscribe.causes[1].message).toMatch(/^501 .*through a webhook subscription/);
    expect(v.unsubscribe).toMatchObject({
      name: 'ComposioFailedToSubscribeToPusherChannelError',
      message: 'Failed to unsubscribe from Pusher channel',
    });
    expect(v.events).toBe(0);
    const http = await p.api('GET', '/internal/sdk/realtime/credentials');
    expect(http.status).toBe(501);
    expect(http.headers.get('x-should-retry')).toBe('false');
    expect(http.body.error).toMatchObject({ slug: 'Operation_NotSupported', code: 1501 });
    expect(http.body.error.suggested_fix).toContain('webhooks.subscriptions.set');
  });
});
