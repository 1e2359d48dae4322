import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { deliveringTo, startReceiver, type Receiver } from '../helpers/https-receiver';

// Issue 27 item 2: the project setting for zero data retention keeps metadata and drops payloads.
let s: TestServer;
let rx: Receiver;

beforeAll(async () => {
  rx = await startReceiver();
  s = await startServer({ env: deliveringTo(rx) });
});
afterAll(async () => {
  await s?.stop();
  await rx?.close();
});

async function project(name: string) {
  const r = await s.api('POST', '/org/owner/project/new', { name }, { 'x-org-api-key': s.orgKey, 'x-api-key': '' });
  expect(r.status).toBe(201);
  const key = r.body.api_key as string;
  return (method: string, p: string, body?: unknown) => s.api(method, p, body, { 'x-api-key': key });
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('zero data retention', () => {
  it('is one switch with two spellings in the project config, and refuses bad input', async () => {
    const api = await project('zdr-config');
    const before = await api('GET', '/org/project/config');
    expect(before.body).toMatchObject({ zero_data_retention: false, log_visibility_setting: 'show_all' });
    const on = await api('PATCH', '/org/project/config', { zero_data_retention: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ zero_data_retention: true, log_visibility_setting: 'dont_store_data' });
    const off = await api('PATCH', '/org/project/config', { log_visibility_setting: 'show_all' });
    expect(off.body).toMatchObject({ zero_data_retention: false, log_visibility_setting: 'show_all' });
    const viaHosted = await api('PATCH', '/org/project/config', { log_visibility_setting: 'dont_store_data' });
    expect(viaHosted.body.zero_data_retention).toBe(true);
    const bad = await api('PATCH', '/org/project/config', { zero_data_retention: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.request_id).toBeTruthy();
  });

  it('a delivered webhook keeps its metadata and loses its payload and the answer received', async () => {
    const zdr = await project('zdr-on');
    const plain = await project('zdr-off');
    expect((await zdr('PATCH', '/org/project/config', { zero_data_retention: true })).status).toBe(200);
    const run = async (api: typeof zdr) => {
      const sub = await api('POST', '/webhook_subscriptions', {
        webhook_url: rx.url,
        enabled_events: ['composio.trigger.message'],
      });
      expect(sub.status, JSON.stringify(sub.body)).toBe(201);
      const t = await api('POST', `/webhook_subscriptions/${sub.body.id}/test`, { data: { note: 'private-words' } });
      expect(t.status, JSON.stringify(t.body)).toBe(200);
      const id = t.body.items[0].message_id as string;
      // the receiver got the whole payload either way
      const got = await until(
        async () => rx.received.find((r) => r.id === id),
        (r) => !!r,
      );
      expect(got?.body).toContain('private-words');
      return { sub: sub.body.id as string, id };
    };
    const a = await run(zdr);
    const b = await run(plain);
    const view = await until(
      async () => (await zdr('GET', `/webhook_subscriptions/${a.sub}/deliveries`)).body.items[0],
      (d: any) => d?.status === 'delivered' && d.payload === null,
    );
    expect(view).toMatchObject({
      id: a.id,
      status: 'delivered',
      attempt_count: 1,
      event_type: 'composio.webhook.test',
    });
    expect(view.payload).toBeNull();
    expect(view.attempts[0]).toMatchObject({ attempt: 1, status_code: 200, success: true });
    expect(view.attempts[0].response_excerpt ?? null).toBeNull();
    expect(JSON.stringify(view)).not.toContain('private-words');
    // a project without the setting keeps both
    const kept = (await plain('GET', `/webhook_subscriptions/${b.sub}/deliveries`)).body.items[0];
    expect(JSON.stringify(kept.payload)).toContain('private-words');
    expect(kept.attempts[0].response_excerpt).toBe('ok');
  });
});
