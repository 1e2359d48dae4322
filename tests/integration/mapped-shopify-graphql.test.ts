import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { connectToFake } from '../helpers/connect';
import { startFakeGraphql, type FakeGraphql } from '../helpers/fake-graphql';

// Shopify's Admin GraphQL queries declared as `graphql:` mapping entries (lib/catalog/mappings/shopify.yaml)
// through the real execute pipeline, against a loopback {shop}.myshopify.com/admin/api/2024-10/graphql.json
// that parses every document and wants the Admin token in X-Shopify-Access-Token.
const TOKEN = 'shpat_test_0123';
let s: TestServer;
let shop: FakeGraphql;
let account: string;

beforeAll(async () => {
  [s, shop] = await Promise.all([
    providerServer(),
    startFakeGraphql({
      path: '/admin/api/2024-10/graphql.json',
      authorize: (req) =>
        req.headers['x-shopify-access-token'] === TOKEN
          ? undefined
          : { status: 401, json: { errors: 'Invalid token' } },
      answer: (call) => {
        const v = call.variables as Record<string, any>;
        if (call.fields[0] === 'nodes')
          return { json: { data: { nodes: v.ids.map((id: string) => ({ id, __typename: 'Product' })) } } };
        if (call.fields[0] === 'webhookSubscriptions')
          return {
            json: {
              data: {
                webhookSubscriptions: {
                  nodes: [{ id: 'gid://shopify/WebhookSubscription/1', topic: 'ORDERS_CREATE', format: 'JSON' }],
                  pageInfo: { hasNextPage: false, endCursor: null },
                },
              },
            },
          };
        if (call.fields[0] === 'webhookSubscriptionCreate')
          return {
            json: {
              data: {
                webhookSubscriptionCreate: {
                  webhookSubscription: { id: 'gid://shopify/WebhookSubscription/9', topic: v.topic, format: 'JSON' },
                  userErrors: [],
                },
              },
            },
          };
        return { json: { errors: [{ message: `unexpected ${call.fields[0]}` }] } };
      },
    }),
  ]);
  account = (
    await connectToFake(s, {
      toolkit: 'shopify',
      authScheme: 'API_KEY',
      val: { shop: 'acme-store', api_key: TOKEN, base_url: `${shop.url}/admin/api/2024-10` },
      userId: 'shopify-gql-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), shop?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Shopify graphql mapping entries', () => {
  it('SHOPIFY_QUERY_NODES sends the id list as $ids', async () => {
    const n = shop.calls.length;
    const ids = ['gid://shopify/Product/1', 'gid://shopify/Product/2'];
    const r = await exec('SHOPIFY_QUERY_NODES', { ids });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { nodes: [{ id: ids[0] }, { id: ids[1] }] },
    });
    const call = shop.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({ operation: 'query', fields: ['nodes'], declared: { ids: '[ID!]!' } });
    expect(call.variables).toEqual({ ids });
    expect(call.headers['x-shopify-access-token']).toBe(TOKEN);
  });

  it('SHOPIFY_QUERY_WEBHOOK_SUBSCRIPTIONS pages with a default page size and passes the filters', async () => {
    const n = shop.calls.length;
    const r = await exec('SHOPIFY_QUERY_WEBHOOK_SUBSCRIPTIONS', { topics: ['ORDERS_CREATE'] });
    expect(r.body.successful).toBe(true);
    expect(r.body.data.webhookSubscriptions.nodes).toHaveLength(1);
    const call = shop.calls.slice(n).at(-1)!;
    expect(call.declared).toMatchObject({ first: 'Int', topics: '[WebhookSubscriptionTopic!]' });
    expect(call.variables).toEqual({ first: 50, topics: ['ORDERS_CREATE'] });
  });

  it('SHOPIFY_CREATE_WEBHOOK_SUBSCRIPTION builds the subscription input inline from flat arguments', async () => {
    const n = shop.calls.length;
    const r = await exec('SHOPIFY_CREATE_WEBHOOK_SUBSCRIPTION', {
      topic: 'ORDERS_CREATE',
      callback_url: 'https://hooks.example.com/orders',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { webhookSubscriptionCreate: { webhookSubscription: { topic: 'ORDERS_CREATE' }, userErrors: [] } },
    });
    const call = shop.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({
      operation: 'mutation',
      fields: ['webhookSubscriptionCreate'],
      declared: { topic: 'WebhookSubscriptionTopic!', callbackUrl: 'URL!' },
    });
    expect(call.variables).toEqual({ topic: 'ORDERS_CREATE', callbackUrl: 'https://hooks.example.com/orders' });
  });
});
