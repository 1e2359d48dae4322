import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { selfSignedCert, startReceiver, type Receiver } from '../helpers/https-receiver';

/**
 * Two Junction processes on one PostgreSQL database, both running delivery workers on one
 * subscription: every message arrives, each with one body and a valid signature, both processes
 * share the work (their own /metrics counters say how much each delivered), and no message is
 * delivered twice by the two of them. (PGlite is one process per data dir: PostgreSQL only.)
 */
const TOKEN = 'metrics-token-for-multiprocess';
let a: TestServer;
let b: TestServer;
let rx: Receiver;

function delivered(metrics: string): number {
  const line = metrics
    .split('\n')
    .find((l) => l.startsWith('junction_webhook_deliveries_total{') && l.includes('outcome="delivered"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
const metricsOf = async (s: TestServer) =>
  (await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

beforeAll(async () => {
  // A slow receiver and small batches: one process alone needs seconds for the lot (at most 5
  // messages in flight, 100 ms each), while the other polls every half second.
  rx = await startReceiver({ behaviour: () => ({ status: 200, delayMs: 100 }) });
  a = await startServer({
    env: {
      NODE_EXTRA_CA_CERTS: selfSignedCert().cert,
      JUNCTION_METRICS_TOKEN: TOKEN,
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,1,1',
      JUNCTION_WEBHOOK_JITTER: '0',
      JUNCTION_WEBHOOK_BATCH_SIZE: '5',
    },
  });
  b = await a.restart(); // a second process on the same database
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await rx?.close();
});

describe('two processes delivering', () => {
  it('share one subscription’s messages: all delivered, once each, signed, by both processes', async () => {
    const sub = await a.api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    expect(sub.status).toBe(201);
    rx.verifyWith([sub.body.secret]);
    const before = { a: delivered(await metricsOf(a)), b: delivered(await metricsOf(b)) };

    // half of the events are written through each process
    const ids: string[] = [];
    for (const s of [a, b, a, b]) {
      const q = await s.api('POST', `/webhook_subscriptions/${sub.body.id}/test`, { async: true, count: 50 });
      expect(q.status).toBe(200);
      ids.push(...q.body.items.map((i: { message_id: string }) => i.message_id));
    }
    expect(new Set(ids).size).toBe(200);
    await rx.waitFor(() => ids.every((id) => rx.delivered().has(id)), 90_000, 'all 200 deliveries');
    // The receiver has a message before its sender records the outcome (and counts it): wait for the records.
    const recorded = async () =>
      (await a.api('GET', `/webhook_subscriptions/${sub.body.id}/deliveries?status=delivered&limit=1`)).body
        .total_items;
    for (const deadline = Date.now() + 30_000; (await recorded()) < 200 && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 100));

    for (const id of ids) {
      const copies = rx.received.filter((r) => r.id === id);
      expect(copies.length).toBe(1); // the receiver always answers 200: a second copy would be a double delivery
      expect(copies[0]!.verified[sub.body.secret]).toMatchObject({ core: true, std: true });
    }
    const after = { a: delivered(await metricsOf(a)), b: delivered(await metricsOf(b)) };
    const byA = after.a - before.a;
    const byB = after.b - before.b;
    expect(byA + byB).toBe(200);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    const page = await a.api('GET', `/webhook_subscriptions/${sub.body.id}/deliveries?status=delivered&limit=1`);
    expect(page.body.total_items).toBe(200);
  }, 180_000);
});
