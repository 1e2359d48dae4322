import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import { startFakeGraphql, type FakeGraphql } from '../helpers/fake-graphql';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/**
 * The Shopify and Salesforce poll triggers (lib/triggers/poll-types-apps.ts), end to end: upsert
 * through the v3 API, the engine polls the curated list tool against a loopback provider (Shopify
 * Admin GraphQL, a Salesforce org's SOQL endpoint), and the event reaches a real HTTPS webhook
 * receiver exactly once: the first poll only primes, the item added afterwards is sent, and later
 * polls that list it again send nothing.
 */
const SHOP_TOKEN = 'shpat_trigger';
const SF_TOKEN = '00Dtrigger!token';
let s: TestServer;
let rx: Receiver;
let shop: FakeGraphql;
let org: FakeUpstream;
const orders: Record<string, unknown>[] = [];
const leads: Record<string, unknown>[] = [];
const refused: string[] = [];
const soql: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, what: string): Promise<T> {
  const end = Date.now() + 45_000;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
const logs = async (id: string) => (await s.api('GET', `/trigger_instances/${id}/logs?limit=200`)).body.items as any[];
const delivered = (triggerId: string) => {
  const seen = new Map<string, any>();
  for (const r of rx.received) {
    if (r.answered !== 200) continue;
    const b = JSON.parse(r.body);
    if (b.type === 'composio.trigger.message' && b.metadata?.trigger_id === triggerId) seen.set(b.id, b);
  }
  return [...seen.values()];
};

async function connect(toolkit: string, scheme: string, val: Record<string, unknown>): Promise<string> {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: toolkit },
    auth_config: {
      type: 'use_custom_auth',
      authScheme: scheme,
      credentials: scheme === 'OAUTH2' ? { client_id: 'app', client_secret: 'secret' } : {},
    },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: `${toolkit}-trigger-user`,
      state: { authScheme: scheme, val: { status: 'ACTIVE', ...val } },
    },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  return ca.body.id as string;
}

/** upsert, wait for the priming poll, add one item, wait for its event and two quiet polls, check it came once */
async function firesOnce(slug: string, account: string, add: () => void) {
  const r = await s.api('POST', `/trigger_instances/${slug}/upsert`, {
    connected_account_id: account,
    trigger_config: { interval: 0.005 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.trigger_id as string;
  await until(async () => (await logs(id)).find((l) => l.outcome === 'primed'), `${slug} primed`);
  add();
  await until(() => delivered(id).length >= 1, `${slug} event`);
  const quiet = (await logs(id)).filter((l) => l.outcome === 'no_new_items').length;
  await until(
    async () => (await logs(id)).filter((l) => l.outcome === 'no_new_items').length >= quiet + 2,
    `${slug} two more polls`,
  );
  const got = delivered(id);
  expect(got, JSON.stringify(got.map((g) => g.data))).toHaveLength(1);
  expect(got[0].metadata).toMatchObject({ trigger_slug: slug, trigger_id: id, connected_account_id: account });
  const l = await logs(id);
  expect(l.filter((x) => x.outcome === 'events_emitted').map((x) => x.events_emitted)).toEqual([1]);
  expect(l.some((x) => x.outcome === 'provider_error' || x.outcome === 'auth_error')).toBe(false);
  return got[0].data as Record<string, unknown>;
}

beforeAll(async () => {
  rx = await startReceiver();
  shop = await startFakeGraphql({
    path: '/admin/api/2024-10/graphql.json',
    authorize: (req) => {
      if (req.headers['x-shopify-access-token'] === SHOP_TOKEN) return undefined;
      refused.push('shopify: bad token');
      return { status: 401, json: { errors: 'Invalid API key or access token' } };
    },
    answer: (call) => {
      const v = call.variables as { first?: number; query?: string };
      if (call.fields[0] !== 'orders' || v.first !== 50) {
        refused.push(`shopify: unexpected ${call.fields[0]} ${JSON.stringify(v)}`);
        return { json: { errors: [{ message: 'unexpected call' }] } };
      }
      // Shopify sorts by CREATED_AT reverse: newest first
      const nodes = [...orders].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
      return { json: { data: { orders: { nodes, pageInfo: { hasNextPage: false, endCursor: null } } } } };
    },
  });
  org = await startFakeUpstream();
  org.on('GET', '/services/data/v61.0/query', (req) => {
    if (req.headers.authorization !== `Bearer ${SF_TOKEN}`) {
      refused.push('salesforce: bad token');
      return { status: 401, json: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] };
    }
    const q = req.query.get('q') ?? '';
    soql.push(q);
    if (
      !/^SELECT Id, .* FROM Lead( WHERE CreatedDate >= \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)? ORDER BY CreatedDate DESC LIMIT 100$/.test(
        q,
      )
    ) {
      refused.push(`salesforce: unexpected SOQL ${q}`);
      return { status: 400, json: [{ message: 'unexpected token', errorCode: 'MALFORMED_QUERY' }] };
    }
    const records = [...leads]
      .sort((a, b) => String(b.CreatedDate).localeCompare(String(a.CreatedDate)))
      .map((l) => ({ attributes: { type: 'Lead', url: `/services/data/v61.0/sobjects/Lead/${l.Id}` }, ...l }));
    return { json: { totalSize: records.length, done: true, records } };
  });
  s = await startServer({
    env: {
      NODE_EXTRA_CA_CERTS: rx.caFile,
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,1,1',
      JUNCTION_WEBHOOK_JITTER: '0',
      JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
      JUNCTION_TRIGGER_MIN_INTERVAL_MS: '300',
      JUNCTION_TRIGGER_SWEEP_MS: '1000',
      JUNCTION_TRIGGER_JITTER: '0',
    },
  });
  const sub = await s.api('POST', '/webhook_subscriptions', {
    webhook_url: rx.url,
    enabled_events: ['composio.trigger.message'],
    version: 'V3',
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(201);
  rx.verifyWith([sub.body.secret]);
});
afterAll(async () => {
  expect(refused).toEqual([]);
  await s?.stop();
  await Promise.all([shop?.close(), org?.close(), rx?.close()]);
});

const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
/** Salesforce writes datetimes as 2026-11-23T14:05:00.000+0000 */
const sfTime = (offsetMs = 0) => iso(offsetMs).replace('Z', '+0000');

describe('Shopify and Salesforce poll triggers', () => {
  it('are listed with their toolkits', async () => {
    for (const [slug, toolkit] of [
      ['SHOPIFY_NEW_ORDER_TRIGGER', 'shopify'],
      ['SALESFORCE_NEW_LEAD_TRIGGER', 'salesforce'],
    ] as const) {
      const r = await s.api('GET', `/triggers_types/${slug}`);
      expect(r.status, slug).toBe(200);
      expect(r.body).toMatchObject({ slug, type: 'poll', toolkit: { slug: toolkit } });
    }
  });

  it('SHOPIFY_NEW_ORDER_TRIGGER fires once for an order placed after the trigger was set up', async () => {
    const account = await connect('shopify', 'API_KEY', {
      shop: 'acme-store',
      api_key: SHOP_TOKEN,
      base_url: `${shop.url}/admin/api/2024-10`,
    });
    orders.push({ id: 'gid://shopify/Order/1', legacyResourceId: '1', name: '#1001', createdAt: iso(-3_600_000) });
    const data = await firesOnce('SHOPIFY_NEW_ORDER_TRIGGER', account, () =>
      orders.push({
        id: 'gid://shopify/Order/2',
        legacyResourceId: '2',
        name: '#1002',
        email: 'ana@example.test',
        createdAt: iso(),
        displayFinancialStatus: 'PAID',
        totalPriceSet: { shopMoney: { amount: '20.00', currencyCode: 'EUR' } },
        lineItems: { nodes: [{ title: 'Mug', quantity: 2 }] },
      }),
    );
    expect(data).toMatchObject({
      id: 'gid://shopify/Order/2',
      legacy_resource_id: '2',
      name: '#1002',
      financial_status: 'PAID',
      total_price: { amount: '20.00', currencyCode: 'EUR' },
      line_items: [{ title: 'Mug', quantity: 2 }],
    });
    // after priming, the orders query is limited to those created since the last poll
    const later = shop.calls.filter((c) =>
      String((c.variables as { query?: string }).query ?? '').includes('created_at:>='),
    );
    expect(later.length).toBeGreaterThan(0);
  });

  it('SALESFORCE_NEW_LEAD_TRIGGER fires once for a lead created after the trigger was set up', async () => {
    const account = await connect('salesforce', 'OAUTH2', { access_token: SF_TOKEN, instance_url: org.url });
    leads.push({ Id: '00Q000000000001AAA', LastName: 'Old', Company: 'Before', CreatedDate: sfTime(-3_600_000) });
    const data = await firesOnce('SALESFORCE_NEW_LEAD_TRIGGER', account, () =>
      leads.push({
        Id: '00Q000000000002AAA',
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Company: 'Analytical Engines Ltd',
        Email: 'ada@example.test',
        CreatedDate: sfTime(),
      }),
    );
    expect(data).toMatchObject({ Id: '00Q000000000002AAA', LastName: 'Lovelace', Company: 'Analytical Engines Ltd' });
    expect(data).not.toHaveProperty('attributes');
    expect(soql.some((q) => q.includes('WHERE CreatedDate >= '))).toBe(true);
  });
});
