// Webhook flows for @composio/core 0.21.0 and 1.0.0-beta.1 (run on Node 22 by tools/sdk-next/runner.mjs):
// the `webhooks.endpoints` and `webhooks.subscriptions` namespaces and the parts of `triggers` that go
// with them (update, listEnum, setWebhookSubscription, parse, verifyWebhook, subscribe). Each flow gets
// a fresh `composio` for the test server, calls only public SDK methods and returns plain JSON; the
// assertions live in tests/integration/sdk-next-webhooks.test.ts.

const pick = (o, keys) => Object.fromEntries(keys.filter((k) => o?.[k] !== undefined).map((k) => [k, o[k]]));

/** What a thrown error looks like to the test: its class, status and the chain of causes. */
function caught(e) {
  const chain = [];
  for (let c = e?.cause, depth = 0; c && depth < 4; c = c.cause, depth++) {
    chain.push({
      name: c.constructor?.name ?? 'Error',
      status: c.status,
      message: String(c.message ?? c).slice(0, 300),
    });
  }
  return {
    name: e?.constructor?.name ?? 'Error',
    status: e?.status ?? e?.cause?.status,
    code: e?.code,
    message: String(e?.message ?? e).slice(0, 500),
    causes: chain,
  };
}

/** Runs `fn`, returning `{ value }` or `{ error }` so a flow can go on after an expected failure. */
async function attempt(fn) {
  try {
    return { value: await fn() };
  } catch (e) {
    return { error: caught(e) };
  }
}

export const flows = {
  // ----- webhooks.endpoints -----
  /** create (twice: the second returns the same endpoint) → get → list → update (merge, twice) → replace */
  async endpointsLifecycle({ composio, p }) {
    const eps = composio.webhooks.endpoints;
    const created = await eps.create({ toolkitSlug: 'slack', clientId: p.clientId });
    const again = await eps.create({ toolkitSlug: 'slack', clientId: p.clientId });
    const got = await eps.get(created.id);
    const slackList = await eps.list({ toolkitSlug: 'slack' });
    const all = await eps.list();
    const merged1 = await eps.update(created.id, { data: { webhook_signing_secret: p.firstSecret } });
    const merged2 = await eps.update(created.id, { data: { app_token: 'xapp-1-merged-token' } });
    const replaceMissing = await attempt(() => eps.replace(created.id, { data: { app_token: 'xapp-2-only' } }));
    const replaced = await eps.replace(created.id, { data: { webhook_signing_secret: p.secondSecret } });
    const after = await eps.get(created.id);
    const badField = await attempt(() => eps.update(created.id, { data: { not_a_field: 'x' } }));
    const badParams = await attempt(() => eps.create({ toolkitSlug: 'slack' }));
    return {
      created,
      againId: again.id,
      got,
      slackList: slackList.items,
      allIds: all.items.map((i) => i.id),
      merged1: merged1.data,
      merged2: merged2.data,
      replaceMissing: replaceMissing.error ?? null,
      replaced: replaced.data,
      after: pick(after, ['id', 'data', 'webhookUrl']),
      badField: badField.error ?? null,
      badParams: badParams.error ?? null,
    };
  },
  async endpointGet({ composio, p }) {
    return composio.webhooks.endpoints.get(p.id);
  },
  async endpointsList({ composio, p }) {
    return composio.webhooks.endpoints.list(p.toolkitSlug ? { toolkitSlug: p.toolkitSlug } : undefined);
  },
  async endpointUpdate({ composio, p }) {
    return composio.webhooks.endpoints.update(p.id, { data: p.data });
  },
  async endpointReplace({ composio, p }) {
    return composio.webhooks.endpoints.replace(p.id, { data: p.data });
  },

  // ----- webhooks.subscriptions -----
  /**
   * The project has none: list is empty, set() creates (POST); set() again updates that one (PATCH);
   * get, update, listEventTypes, rotateSecret.
   */
  async subscriptionsLifecycle({ composio, p }) {
    const subs = composio.webhooks.subscriptions;
    const empty = await subs.list();
    const created = await subs.set({ webhookUrl: p.url, enabledEvents: ['composio.trigger.message'] });
    const listed = await subs.list({ limit: 10 });
    const got = await subs.get(created.id);
    const reset = await subs.set({
      webhookUrl: p.url2,
      enabledEvents: ['composio.trigger.message', 'composio.connected_account.expired'],
      version: 'V3',
    });
    const updated = await subs.update(created.id, { webhookUrl: p.url, version: 'V2' });
    const updatedBack = await subs.update(created.id, { version: 'V3' });
    const badUpdate = await attempt(() => subs.update(created.id, { enabledEvents: [] }));
    const badEvent = await attempt(() => subs.update(created.id, { enabledEvents: ['composio.nope'] }));
    const types = await subs.listEventTypes();
    const afterAll = await subs.list();
    return {
      empty,
      created,
      listed,
      got,
      reset,
      updated,
      updatedBack,
      badUpdate: badUpdate.error ?? null,
      badEvent: badEvent.error ?? null,
      types,
      afterAll,
    };
  },
  async subscriptionRotate({ composio, p }) {
    return composio.webhooks.subscriptions.rotateSecret(p.id);
  },
  async subscriptionGet({ composio, p }) {
    return composio.webhooks.subscriptions.get(p.id);
  },
  async subscriptionDelete({ composio, p }) {
    const subs = composio.webhooks.subscriptions;
    const deleted = await subs.delete(p.id);
    const getAfter = await attempt(() => subs.get(p.id));
    const deleteAgain = await attempt(() => subs.delete(p.id));
    const rotateAfter = await attempt(() => subs.rotateSecret(p.id));
    const list = await subs.list();
    return {
      deleted,
      getAfter: getAfter.error ?? null,
      deleteAgain: deleteAgain.error ?? null,
      rotateAfter: rotateAfter.error ?? null,
      list,
    };
  },
  async subscriptionsList({ composio }) {
    return composio.webhooks.subscriptions.list();
  },
  async subscriptionSet({ composio, p }) {
    return composio.webhooks.subscriptions.set(p.params);
  },
  async subscriptionUpdate({ composio, p }) {
    return composio.webhooks.subscriptions.update(p.id, p.params);
  },

  /** An endpoint for a Slack app with its signing secret stored (create, then update to merge the secret) */
  async endpointSetup({ composio, p }) {
    const ep = await composio.webhooks.endpoints.create({ toolkitSlug: p.toolkitSlug, clientId: p.clientId });
    const configured = await composio.webhooks.endpoints.update(ep.id, { data: p.data });
    return configured;
  },

  // ----- triggers -----
  /** The legacy upsert: the same list → POST or PATCH sequence as webhooks.subscriptions.set() */
  async setWebhookSubscription({ composio, p }) {
    const first = await composio.triggers.setWebhookSubscription({ webhookUrl: p.url });
    const second = await composio.triggers.setWebhookSubscription({
      webhookUrl: p.url2,
      enabledEvents: ['composio.trigger.message', 'composio.trigger.disabled'],
    });
    const list = await composio.webhooks.subscriptions.list();
    return { first, second, list };
  },
  async triggerCreate({ composio, p }) {
    return composio.triggers.create(p.userId, p.slug, {
      connectedAccountId: p.accountId,
      triggerConfig: p.triggerConfig,
    });
  },
  async triggersListEnum({ composio }) {
    return composio.triggers.listEnum();
  },
  /** create → update(disable) → listActive → update(enable) → listActive → update on an unknown id */
  async triggersUpdate({ composio, p }) {
    const { triggerId } = await composio.triggers.create(p.userId, p.slug, {
      connectedAccountId: p.accountId,
      triggerConfig: p.triggerConfig,
    });
    const off = await composio.triggers.update(triggerId, { status: 'disable' });
    const whileOff = await composio.triggers.listActive({ triggerIds: [triggerId] });
    const whileOffAll = await composio.triggers.listActive({ triggerIds: [triggerId], showDisabled: true });
    const on = await composio.triggers.update(triggerId, { status: 'enable' });
    const whileOn = await composio.triggers.listActive({ triggerIds: [triggerId] });
    const unknown = await attempt(() => composio.triggers.update('ti_doesnotexist000', { status: 'enable' }));
    const bad = await attempt(() => composio.triggers.update(triggerId, { status: 'pause' }));
    return {
      triggerId,
      off,
      whileOff: whileOff.items.length,
      whileOffAll: whileOffAll.items.map((i) => pick(i, ['id', 'disabledAt'])),
      on,
      whileOn: whileOn.items.map((i) => i.id),
      unknown: unknown.error ?? null,
      bad: bad.error ?? null,
    };
  },

  /**
   * A delivery the test's receiver got, checked the ways a user's handler would: verifyWebhook with
   * the header values, parse() of a fetch Request and of a plain { body, headers } with verifySecret,
   * parse() without verification; and the refusals (wrong secret, tampered body, stale timestamp).
   */
  async verifyDelivery({ composio, p }) {
    const t = composio.triggers;
    const h = p.headers;
    const verified = await t.verifyWebhook({
      id: h['webhook-id'],
      timestamp: h['webhook-timestamp'],
      signature: h['webhook-signature'],
      payload: p.body,
      secret: p.secret,
    });
    const request = new Request('http://127.0.0.1/hooks', { method: 'POST', body: p.body, headers: h });
    const fromRequest = await t.parse(request, { verifySecret: p.secret });
    const fromObject = await t.parse({ body: p.body, headers: h }, { verifySecret: p.secret });
    const unverified = await t.parse({ body: p.body, headers: {} });
    const wrongSecret = await attempt(() =>
      t.verifyWebhook({
        id: h['webhook-id'],
        timestamp: h['webhook-timestamp'],
        signature: h['webhook-signature'],
        payload: p.body,
        secret: p.wrongSecret,
      }),
    );
    const tampered = await attempt(() => t.parse({ body: `${p.body} `, headers: h }, { verifySecret: p.secret }));
    const stale = await attempt(() =>
      t.verifyWebhook({
        id: h['webhook-id'],
        timestamp: String(Number(h['webhook-timestamp']) - 3600),
        signature: h['webhook-signature'],
        payload: p.body,
        secret: p.secret,
      }),
    );
    const noHeaders = await attempt(() => t.parse({ body: p.body, headers: {} }, { verifySecret: p.secret }));
    return {
      verified,
      fromRequest,
      fromObject,
      unverified,
      wrongSecret: wrongSecret.error ?? null,
      tampered: tampered.error ?? null,
      stale: stale.error ?? null,
      noHeaders: noHeaders.error ?? null,
    };
  },

  /**
   * Realtime (Pusher): subscribe asks /api/v3/internal/sdk/realtime/credentials for the Pusher key,
   * then connects to Pusher. Recorded as it happens; unsubscribe likewise.
   */
  async triggersSubscribe({ composio }) {
    const events = [];
    const subscribed = await attempt(() => composio.triggers.subscribe((e) => events.push(e), {}));
    const unsubscribed = await attempt(() => composio.triggers.unsubscribe());
    return {
      subscribe: subscribed.error ?? { ok: true },
      unsubscribe: unsubscribed.error ?? { ok: true },
      events: events.length,
    };
  },
};
