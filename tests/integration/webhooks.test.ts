import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { deliveringTo, startReceiver, type Receiver } from '../helpers/https-receiver';

/**
 * Webhook subscriptions: the seed's create contract, the other operations, and signed HTTPS
 * deliveries verified by both @composio/core and standardwebhooks.
 */
let s: TestServer;
let rx: Receiver;

let strict: TestServer;

beforeAll(async () => {
  rx = await startReceiver();
  // Both servers start together: one as tests run, one with JUNCTION_ALLOW_INSECURE_URLS off.
  [s, strict] = await Promise.all([
    startServer({ env: deliveringTo(rx, { JUNCTION_WEBHOOK_TIMEOUT_MS: '3000' }) }),
    startServer({ env: { JUNCTION_ALLOW_INSECURE_URLS: '0', NODE_EXTRA_CA_CERTS: rx.caFile } }),
  ]);
});
afterAll(async () => {
  await strict?.stop();
  if (process.env.DEBUG_SERVER) console.log(s?.output());
  await s?.stop();
  await rx?.close();
});

/** A fresh project (one subscription per project), with its own key. */
async function project(name: string) {
  const r = await fetch(`${s.apiUrl}/org/owner/project/new`, {
    method: 'POST',
    headers: { 'x-org-api-key': s.orgKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(r.status).toBe(201);
  const key = (await r.json()).api_key as string;
  return (method: string, p: string, body?: unknown) => s.api(method, p, body, { 'x-api-key': key });
}

function expectEnvelope(body: any, status: number) {
  expect(body.error.status).toBe(status);
  expect(typeof body.error.message).toBe('string');
  expect(typeof body.error.slug).toBe('string');
  expect(typeof body.error.code).toBe('number');
}

describe('POST /webhook_subscriptions (seed)', () => {
  it('201 with the subscription and its secret, default version V3; the secret is never shown again', async () => {
    const api = await project('create');
    const r = await api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^ws_/),
      webhook_url: rx.url,
      version: 'V3',
      enabled_events: ['composio.trigger.message'],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    expect(Buffer.from(r.body.secret.slice(6), 'base64')).toHaveLength(32);
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
    expect(new Date(r.body.updated_at).toISOString()).toBe(r.body.updated_at);

    const got = await api('GET', `/webhook_subscriptions/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    expect(got.body).toMatchObject({ id: r.body.id, webhook_url: rx.url, version: 'V3', status: 'enabled' });
    const list = await api('GET', '/webhook_subscriptions');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total_items: 1, current_page: 1, total_pages: 1 });
    expect(list.body.items[0].id).toBe(r.body.id);
    expect(list.body.items[0].secret).toBeUndefined();
    const patched = await api('PATCH', `/webhook_subscriptions/${r.body.id}`, { version: 'V2' });
    expect(patched.status).toBe(200);
    expect(patched.body.version).toBe('V2');
    expect(patched.body.secret).toBeUndefined();
    expect(JSON.stringify(got.body) + JSON.stringify(list.body) + JSON.stringify(patched.body)).not.toContain(
      r.body.secret,
    );
  });

  it('409 when the project already has one', async () => {
    const api = await project('conflict');
    const first = await api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
      version: 'V1',
    });
    expect(first.status).toBe(201);
    expect(first.body.version).toBe('V1');
    const second = await api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    expect(second.status).toBe(409);
    expectEnvelope(second.body, 409);
    // Racing creations: exactly one wins.
    const api2 = await project('race');
    const race = await Promise.all(
      [1, 2, 3].map(() => api2('POST', '/webhook_subscriptions', { webhook_url: rx.url, enabled_events: [] })),
    );
    expect(race.map((x) => x.status).sort()).toEqual([201, 409, 409]);
  });

  it('400 for an unknown event type, a bad version, a bad URL or a missing field', async () => {
    const api = await project('invalid');
    const cases = [
      { webhook_url: rx.url, enabled_events: ['composio.nope'] },
      { webhook_url: rx.url, enabled_events: ['composio.trigger.message'], version: 'V4' },
      { webhook_url: 'not a url', enabled_events: ['composio.trigger.message'] },
      { webhook_url: 'ftp://example.com/x', enabled_events: ['composio.trigger.message'] },
      { enabled_events: ['composio.trigger.message'] },
      { webhook_url: rx.url },
    ];
    for (const body of cases) {
      const r = await api('POST', '/webhook_subscriptions', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectEnvelope(r.body, 400);
    }
    expect((await api('GET', '/webhook_subscriptions')).body.total_items).toBe(0);
  });

  it('401 without a valid key', async () => {
    for (const key of ['', 'ak_wrong']) {
      const r = await s.api(
        'POST',
        '/webhook_subscriptions',
        { webhook_url: rx.url, enabled_events: [] },
        { 'x-api-key': key },
      );
      expect(r.status).toBe(401);
      expectEnvelope(r.body, 401);
    }
  });
});

describe('other operations', () => {
  it('lists event types with their versions', async () => {
    const r = await s.api('GET', '/webhook_subscriptions/event_types');
    expect(r.status).toBe(200);
    const byName = Object.fromEntries(r.body.items.map((i: any) => [i.event_type, i]));
    expect(byName['composio.trigger.message'].supported_versions).toEqual(['V1', 'V2', 'V3']);
    expect(byName['composio.connected_account.expired'].supported_versions).toEqual(['V3']);
    expect(byName['composio.trigger.disabled'].supported_versions).toEqual(['V3']);
    for (const i of r.body.items) expect(i.description.length).toBeGreaterThan(10);
  });

  it('PATCH validates, DELETE removes, 404 afterwards; rotate returns only {id, secret}', async () => {
    const api = await project('ops');
    const c = await api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    const id = c.body.id;
    expect((await api('PATCH', `/webhook_subscriptions/${id}`, { enabled_events: ['composio.bad'] })).status).toBe(400);
    expect((await api('PATCH', `/webhook_subscriptions/${id}`, { version: 'V9' })).status).toBe(400);
    const p = await api('PATCH', `/webhook_subscriptions/${id}`, {
      enabled_events: ['composio.connected_account.expired', 'composio.trigger.disabled'],
    });
    expect(p.status).toBe(200);
    expect(p.body.enabled_events).toEqual(['composio.connected_account.expired', 'composio.trigger.disabled']);
    const rot = await api('POST', `/webhook_subscriptions/${id}/rotate_secret`);
    expect(rot.status).toBe(200);
    expect(Object.keys(rot.body).sort()).toEqual(['id', 'secret']);
    expect(rot.body.secret).toMatch(/^whsec_/);
    expect(rot.body.secret).not.toBe(c.body.secret);
    expect((await api('GET', `/webhook_subscriptions/${id}`)).body.previous_secret_expires_at).toEqual(
      expect.any(String),
    );
    const d = await api('DELETE', `/webhook_subscriptions/${id}`);
    expect(d.status).toBe(200);
    expect(d.body).toEqual({ success: true });
    expect((await api('GET', `/webhook_subscriptions/${id}`)).status).toBe(404);
    expect((await api('PATCH', `/webhook_subscriptions/${id}`, { version: 'V1' })).status).toBe(404);
    expect((await api('GET', '/webhook_subscriptions')).body.total_items).toBe(0);
    // After a delete a new subscription may be created.
    expect((await api('POST', '/webhook_subscriptions', { webhook_url: rx.url, enabled_events: [] })).status).toBe(201);
  });

  it('documents the extensions in the OpenAPI document', async () => {
    const doc = await (await fetch(`${s.apiUrl}/openapi.json`)).json();
    expect(doc.paths['/api/v3/webhook_subscriptions'].post).toBeTruthy();
    for (const p of ['/api/v3/webhook_subscriptions/{id}/deliveries', '/api/v3/webhook_subscriptions/{id}/test']) {
      const op = doc.paths[p].get ?? doc.paths[p].post;
      expect(op['x-junction-extension'], p).toBe(true);
    }
    expect(
      doc.paths['/api/v3/webhook_subscriptions/{id}/deliveries/{message_id}/replay'].post['x-junction-extension'],
    ).toBe(true);
  });
});

describe('signed HTTPS delivery', () => {
  it('a test event reaches the receiver over TLS; both verifiers accept it; headers and payload are as documented', async () => {
    const api = await project('deliver');
    const c = await api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    rx.verifyWith([c.body.secret]);
    const t = await api('POST', `/webhook_subscriptions/${c.body.id}/test`, {});
    expect(t.status).toBe(200);
    expect(t.body.items).toHaveLength(1);
    const item = t.body.items[0];
    expect(item).toMatchObject({
      message_id: expect.stringMatching(/^msg_/),
      status: 'delivered',
      attempt: { attempt: 1, status_code: 200, success: true },
    });
    const got = rx.received.find((r) => r.id === item.message_id)!;
    expect(got).toBeTruthy();
    expect(got.verified[c.body.secret]).toMatchObject({ core: true, std: true, coreVersion: 'V3' });
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-composio-webhook-version']).toBe('V3');
    expect(got.headers['x-composio-delivery-attempt']).toBe('1');
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(got.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      id: item.message_id,
      type: 'composio.webhook.test',
      metadata: { project_id: expect.stringMatching(/^pr_/) },
    });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);

    // Visible in the deliveries view with its attempt.
    const list = await api('GET', `/webhook_subscriptions/${c.body.id}/deliveries`);
    expect(list.status).toBe(200);
    const d = list.body.items.find((x: any) => x.id === item.message_id);
    expect(d).toMatchObject({
      status: 'delivered',
      attempt_count: 1,
      event_type: 'composio.webhook.test',
      version: 'V3',
    });
    expect(d.attempts[0]).toMatchObject({
      attempt: 1,
      status_code: 200,
      success: true,
      trigger: 'test',
      response_excerpt: 'ok',
    });
    expect(d.payload).toEqual(body);
  });

  it('V2 and V1 subscriptions get the legacy shapes, which the SDK recognises', async () => {
    const api = await project('legacy');
    const c = await api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
      version: 'V2',
    });
    rx.verifyWith([c.body.secret]);
    const v2 = await api('POST', `/webhook_subscriptions/${c.body.id}/test`, {});
    const r2 = rx.received.find((r) => r.id === v2.body.items[0].message_id)!;
    expect(r2.headers['x-composio-webhook-version']).toBe('V2');
    expect(r2.verified[c.body.secret]).toMatchObject({ core: true, std: true, coreVersion: 'V2' });
    expect(JSON.parse(r2.body)).toMatchObject({
      type: 'composio_webhook_test',
      log_id: expect.any(String),
      data: { connection_id: '', user_id: '' },
    });
    await api('PATCH', `/webhook_subscriptions/${c.body.id}`, { version: 'V1' });
    const v1 = await api('POST', `/webhook_subscriptions/${c.body.id}/test`, {});
    const r1 = rx.received.find((r) => r.id === v1.body.items[0].message_id)!;
    expect(r1.headers['x-composio-webhook-version']).toBe('V1');
    expect(r1.verified[c.body.secret]).toMatchObject({ core: true, std: true, coreVersion: 'V1' });
    expect(JSON.parse(r1.body)).toMatchObject({ trigger_name: 'COMPOSIO_WEBHOOK_TEST', payload: { sequence: 0 } });
  });

  it('events queued through the outbox are all delivered, each once, and filters on the deliveries view work', async () => {
    const api = await project('burst');
    const c = await api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    rx.verifyWith([c.body.secret]);
    const t = await api('POST', `/webhook_subscriptions/${c.body.id}/test`, { count: 40, async: true });
    expect(t.status).toBe(200);
    const ids: string[] = t.body.items.map((i: any) => i.message_id);
    expect(new Set(ids).size).toBe(40);
    await rx.waitFor(() => ids.every((id) => rx.delivered().has(id)), 30_000, '40 deliveries');
    for (const id of ids) {
      const mine = rx.received.filter((r) => r.id === id);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.verified[c.body.secret]).toMatchObject({ core: true, std: true });
    }
    await waitUntil(
      async () =>
        (await api('GET', `/webhook_subscriptions/${c.body.id}/deliveries?status=delivered&limit=100`)).body
          .total_items === 40,
    );
    const pending = await api('GET', `/webhook_subscriptions/${c.body.id}/deliveries?status=pending,failed`);
    expect(pending.body.total_items).toBe(0);
    const byType = await api(
      'GET',
      `/webhook_subscriptions/${c.body.id}/deliveries?event_type=composio.trigger.message`,
    );
    expect(byType.body.total_items).toBe(0);
    const future = await api(
      'GET',
      `/webhook_subscriptions/${c.body.id}/deliveries?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.body.total_items).toBe(0);
    const page = await api('GET', `/webhook_subscriptions/${c.body.id}/deliveries?limit=15`);
    expect(page.body.items).toHaveLength(15);
    expect(page.body.total_pages).toBe(3);
    expect(page.body.next_cursor).toEqual(expect.any(String));
  });

  it('deleting the subscription stops deliveries', async () => {
    const api = await project('delete');
    const c = await api('POST', '/webhook_subscriptions', { webhook_url: rx.url, enabled_events: [] });
    rx.behave(() => ({ status: 500 }));
    try {
      const t = await api('POST', `/webhook_subscriptions/${c.body.id}/test`, {});
      expect(t.body.items[0]).toMatchObject({ status: 'pending', attempt: { status_code: 500, success: false } });
      const id = t.body.items[0].message_id;
      expect((await api('DELETE', `/webhook_subscriptions/${c.body.id}`)).status).toBe(200);
      const before = rx.received.filter((r) => r.id === id).length;
      await new Promise((r) => setTimeout(r, 3500));
      expect(rx.received.filter((r) => r.id === id).length).toBe(before);
    } finally {
      rx.behave(() => ({ status: 200, body: 'ok' }));
    }
  });
});

describe('address checks', () => {
  it('refuses http://, loopback and private addresses unless JUNCTION_ALLOW_INSECURE_URLS', async () => {
    for (const url of [
      'http://example.com/hook',
      rx.url,
      `https://127.0.0.1:${rx.port}/x`,
      'https://10.0.0.8/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
    ]) {
      const r = await strict.api('POST', '/webhook_subscriptions', { webhook_url: url, enabled_events: [] });
      expect(r.status, url).toBe(400);
      expectEnvelope(r.body, 400);
    }
    const ok = await strict.api('POST', '/webhook_subscriptions', {
      webhook_url: 'https://hooks.example.com/junction',
      enabled_events: [],
    });
    expect(ok.status).toBe(201);
    expect(
      (await strict.api('PATCH', `/webhook_subscriptions/${ok.body.id}`, { webhook_url: 'http://hooks.example.com/x' }))
        .status,
    ).toBe(400);
  });
});

async function waitUntil(fn: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
