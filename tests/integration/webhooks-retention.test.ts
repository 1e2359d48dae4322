import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';

/**
 * Delivery history is pruned after JUNCTION_WEBHOOK_RETENTION_DAYS (here a few seconds, through a
 * fractional day), and messages still waiting for a retry are kept however old they are.
 */
const RETENTION_SECONDS = 5;
let s: TestServer;
let ok: Receiver;
let failing: Receiver;

beforeAll(async () => {
  [ok, failing] = await Promise.all([startReceiver(), startReceiver({ behaviour: () => ({ status: 500 }) })]);
  s = await startServer({
    env: {
      NODE_EXTRA_CA_CERTS: ok.caFile,
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,3600',
      JUNCTION_WEBHOOK_JITTER: '0',
      JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
      JUNCTION_WEBHOOK_PRUNE_SECONDS: '1',
      JUNCTION_WEBHOOK_RETENTION_DAYS: String(RETENTION_SECONDS / 86_400),
    },
  });
});
afterAll(async () => {
  await s?.stop();
  await Promise.all([ok?.close(), failing?.close()]);
});

async function project(name: string, rx: Receiver) {
  const r = await fetch(`${s.apiUrl}/org/owner/project/new`, {
    method: 'POST',
    headers: { 'x-org-api-key': s.orgKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const key = (await r.json()).api_key as string;
  const api = (method: string, p: string, body?: unknown) => s.api(method, p, body, { 'x-api-key': key });
  const sub = await api('POST', '/webhook_subscriptions', {
    webhook_url: rx.url,
    enabled_events: ['composio.trigger.message'],
  });
  expect(sub.status).toBe(201);
  return { api, sub: sub.body.id as string };
}

it('finished deliveries are pruned after the retention period; a message awaiting its retry is kept', async () => {
  const done = await project('retention-done', ok);
  const open = await project('retention-open', failing);
  const delivered = (await done.api('POST', `/webhook_subscriptions/${done.sub}/test`, {})).body.items[0];
  const finished = Date.now(); // the message finished just before this response
  expect(delivered.status).toBe('delivered');
  const pending = (await open.api('POST', `/webhook_subscriptions/${open.sub}/test`, {})).body.items[0];
  const pendingAt = Date.now();
  expect(pending.status).toBe('pending'); // first attempt got a 500; the next is an hour away

  // Both are readable now…
  expect((await done.api('GET', `/webhook_subscriptions/${done.sub}/deliveries/${delivered.message_id}`)).status).toBe(
    200,
  );
  // …and the finished one is gone once it is older than the retention period.
  for (;;) {
    const r = await done.api('GET', `/webhook_subscriptions/${done.sub}/deliveries/${delivered.message_id}`);
    if (r.status === 404) break;
    expect(r.status).toBe(200);
    expect(Date.now() - finished).toBeLessThan(25_000);
    await new Promise((r) => setTimeout(r, 250));
  }
  // not before: the response came at most a moment after the message finished
  expect(Date.now() - finished).toBeGreaterThanOrEqual((RETENTION_SECONDS - 1) * 1000);
  expect((await done.api('GET', `/webhook_subscriptions/${done.sub}/deliveries`)).body.items).toEqual([]);

  // The open message, once older than the retention period (plus a prune round), is kept with its attempt.
  await new Promise((r) => setTimeout(r, Math.max(0, pendingAt + (RETENTION_SECONDS + 2) * 1000 - Date.now())));
  const kept = await open.api('GET', `/webhook_subscriptions/${open.sub}/deliveries/${pending.message_id}`);
  expect(kept.status).toBe(200);
  expect(kept.body).toMatchObject({ status: 'pending', attempt_count: 1 });
  expect(kept.body.attempts).toHaveLength(1);
});
