import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeGraphql, type FakeGraphql, type GraphqlCall } from '../helpers/fake-graphql';

// Shopify (GraphQL tool kind, lib/catalog/curated/shopify.ts) through the real execute pipeline,
// against a loopback Admin GraphQL endpoint (/admin/api/2024-10/graphql.json) that parses every
// document and checks the X-Shopify-Access-Token header.
const ADMIN_TOKEN = 'shpat_admin_token';
const OAUTH_TOKEN = 'shpua_oauth_token';
let s: TestServer;
let shop: FakeGraphql;
let keyAccount: string;
let oauthAccount: string;
let oauthConfig: string;

function answer(call: GraphqlCall) {
  const v = call.variables as Record<string, any>;
  switch (call.fields[0]) {
    case 'orders':
      return {
        json: {
          data: {
            orders: {
              nodes: [
                {
                  id: 'gid://shopify/Order/450789469',
                  legacyResourceId: '450789469',
                  name: '#1001',
                  displayFinancialStatus: 'PAID',
                  totalPriceSet: { shopMoney: { amount: '59.00', currencyCode: 'EUR' } },
                },
              ],
              pageInfo: { hasNextPage: true, endCursor: 'cursor-1' },
            },
          },
        },
      };
    case 'productCreate':
      if (v.product?.title === 'Taken handle')
        return {
          json: {
            data: {
              productCreate: {
                product: null,
                userErrors: [{ field: ['handle'], message: 'Handle has already been taken' }],
              },
            },
          },
        };
      return {
        json: {
          data: {
            productCreate: {
              product: { id: 'gid://shopify/Product/632910392', title: v.product.title, status: v.product.status },
              userErrors: [],
            },
          },
        },
      };
    case 'product':
      if (v.id === 'gid://shopify/Product/1')
        return { json: { data: { product: null }, errors: [{ message: 'Invalid global id', path: ['product'] }] } };
      return { json: { data: { product: { id: v.id, title: 'Snowboard' } } } };
    default:
      return { json: { errors: [{ message: `Field '${call.fields[0]}' doesn't exist on type 'QueryRoot'` }] } };
  }
}

/** an active connected account on a custom-auth config whose state already holds the credentials */
async function connect(
  s: TestServer,
  c: {
    toolkit: string;
    authScheme: string;
    val: Record<string, unknown>;
    userId: string;
    credentials?: Record<string, unknown>;
  },
): Promise<{ accountId: string; authConfigId: string }> {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: c.toolkit },
    auth_config: { type: 'use_custom_auth', authScheme: c.authScheme, credentials: c.credentials ?? {} },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: { user_id: c.userId, state: { authScheme: c.authScheme, val: { status: 'ACTIVE', ...c.val } } },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  return { accountId: ca.body.id as string, authConfigId: ac.body.auth_config.id as string };
}

beforeAll(async () => {
  [s, shop] = await Promise.all([
    providerServer(),
    startFakeGraphql({
      path: '/admin/api/2024-10/graphql.json',
      authorize: (req) => {
        const t = req.headers['x-shopify-access-token'];
        if (req.headers.authorization) return { status: 400, json: { errors: 'unexpected Authorization header' } };
        return t === ADMIN_TOKEN || t === OAUTH_TOKEN
          ? undefined
          : {
              status: 401,
              json: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
            };
      },
      answer,
    }),
  ]);
  const base = `${shop.url}/admin/api/2024-10`;
  keyAccount = (
    await connect(s, {
      toolkit: 'shopify',
      authScheme: 'API_KEY',
      val: { shop: 'acme-store', api_key: ADMIN_TOKEN, base_url: base },
      userId: 'shopify-key-user',
    })
  ).accountId;
  const oauth = await connect(s, {
    toolkit: 'shopify',
    authScheme: 'OAUTH2',
    val: { shop: 'acme-store', access_token: OAUTH_TOKEN, base_url: base },
    userId: 'shopify-oauth-user',
    credentials: { client_id: 'shop-client', client_secret: 'shop-secret' },
  });
  oauthAccount = oauth.accountId;
  oauthConfig = oauth.authConfigId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), shop?.close()]);
});

const exec = (account: string, slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

/** follow Junction's own redirects until the provider's authorize URL */
async function providerUrl(start: string, origin: RegExp): Promise<URL> {
  let url = new URL(start);
  for (let i = 0; i < 5 && !origin.test(url.origin); i++) {
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status, `${url}`).toBeGreaterThanOrEqual(300);
    url = new URL(res.headers.get('location')!, url);
  }
  return url;
}

describe('Shopify toolkit', () => {
  it('GET /toolkits/shopify: OAuth2 and an Admin API token, both asking for the shop', async () => {
    const r = await s.api('GET', '/toolkits/shopify');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.name).toBe('Shopify');
    expect(r.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2', 'API_KEY']);
    for (const d of r.body.auth_config_details)
      expect(JSON.stringify(d.fields.connected_account_initiation.required)).toContain('"shop"');
    expect(r.body.meta.categories.map((c: { slug: string }) => c.slug)).toContain('ecommerce');
    expect(r.body.meta.tools_count).toBeGreaterThanOrEqual(20);
  });

  it("the OAuth2 authorize URL is on the shop's own host, with comma-separated scopes", async () => {
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: oauthConfig },
      connection: {
        user_id: 'new-shop-owner',
        callback_url: 'http://app.example.test/done',
        state: { authScheme: 'OAUTH2', val: { status: 'INITIALIZING', shop: 'acme-store' } },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = await providerUrl(r.body.connectionData.val.redirectUrl, /myshopify\.com$/);
    expect(`${url.origin}${url.pathname}`).toBe('https://acme-store.myshopify.com/admin/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('shop-client');
    expect(url.searchParams.get('scope')?.split(',')).toEqual(
      expect.arrayContaining(['read_products', 'write_products', 'read_orders', 'read_customers']),
    );
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+callback/);
  });

  it('a missing shop, or one that is not a single DNS label, is a 400 and starts no flow', async () => {
    const none = await s.api('POST', '/connected_accounts', {
      auth_config: { id: oauthConfig },
      connection: { user_id: 'no-shop', state: { authScheme: 'OAUTH2', val: { status: 'INITIALIZING' } } },
    });
    expect(none.status, JSON.stringify(none.body)).toBe(400);
    expect(JSON.stringify(none.body)).toContain('shop');
    const evil = await s.api('POST', '/connected_accounts', {
      auth_config: { id: oauthConfig },
      connection: {
        user_id: 'evil-shop',
        state: { authScheme: 'OAUTH2', val: { status: 'INITIALIZING', shop: 'evil.example/#' } },
      },
    });
    expect(evil.status, JSON.stringify(evil.body)).toBe(400);
    expect(JSON.stringify(evil.body)).not.toContain('evil.example/#.myshopify');
  });

  it('SHOPIFY_GET_ORDERS_WITH_FILTERS sends an orders query with the REST filters in search syntax', async () => {
    const n = shop.calls.length;
    const r = await exec(keyAccount, 'SHOPIFY_GET_ORDERS_WITH_FILTERS', {
      status: 'open',
      financial_status: 'paid',
      created_at_min: '2026-01-01T00:00:00Z',
      limit: 10,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { orders: [{ name: '#1001', legacyResourceId: '450789469' }], page_info: { endCursor: 'cursor-1' } },
    });
    const call = shop.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({
      operation: 'query',
      fields: ['orders'],
      declared: { first: 'Int!', after: 'String', query: 'String' },
    });
    expect(call.headers['x-shopify-access-token']).toBe(ADMIN_TOKEN);
    expect(call.variables).toEqual({
      first: 10,
      query: 'status:open financial_status:paid created_at:>=2026-01-01T00:00:00Z',
    });
  });

  it('SHOPIFY_CREATE_PRODUCT sends productCreate with the OAuth token; userErrors end it unsuccessful', async () => {
    const ok = await exec(oauthAccount, 'SHOPIFY_CREATE_PRODUCT', {
      title: 'Winter board',
      body_html: '<p>Stiff</p>',
      vendor: 'Acme',
      tags: ['winter'],
      status: 'draft',
    });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({
      successful: true,
      data: { product: { id: 'gid://shopify/Product/632910392', status: 'DRAFT' }, user_errors: [] },
    });
    const call = shop.calls.at(-1)!;
    expect(call).toMatchObject({
      operation: 'mutation',
      fields: ['productCreate'],
      declared: { product: 'ProductCreateInput!' },
    });
    expect(call.headers['x-shopify-access-token']).toBe(OAUTH_TOKEN);
    expect(call.variables).toEqual({
      product: {
        title: 'Winter board',
        descriptionHtml: '<p>Stiff</p>',
        vendor: 'Acme',
        tags: ['winter'],
        status: 'DRAFT',
      },
    });
    const taken = await exec(oauthAccount, 'SHOPIFY_CREATE_PRODUCT', { title: 'Taken handle' });
    expect(taken.body.successful).toBe(false);
    expect(taken.body.error).toContain('Handle has already been taken');
  });

  it("numeric ids become global ids; GraphQL errors in a 200 are successful:false with Shopify's message", async () => {
    const r = await exec(keyAccount, 'SHOPIFY_GET_PRODUCT', { product_id: '632910392' });
    expect(r.body).toMatchObject({ successful: true, data: { product: { id: 'gid://shopify/Product/632910392' } } });
    expect(shop.calls.at(-1)!.variables).toEqual({ id: 'gid://shopify/Product/632910392' });
    const bad = await exec(keyAccount, 'SHOPIFY_GET_PRODUCT', { product_id: '1' });
    expect(bad.body.successful).toBe(false);
    expect(bad.body.error).toContain('Invalid global id');
    const missing = await exec(keyAccount, 'SHOPIFY_GET_PRODUCT', {});
    expect(missing.status).toBe(400);
  });
});
