/**
 * Shopify Admin API in the hosted vocabulary, through the Admin GraphQL endpoint of the merchant's
 * own store (https://{shop}.myshopify.com/admin/api/2024-10/graphql.json). The hosted tools are
 * named after Shopify's REST resources and take REST-style arguments (numeric ids, `status`,
 * `created_at_min`); each is one GraphQL document here (graphql.ts), with numeric ids turned into
 * global ids (gid://shopify/Order/123) and REST filters into Shopify's search syntax. Lists come
 * back flat with `page_info` (pass page_info.endCursor as page_info to read on).
 *
 * Auth: OAuth2 on the shop's own host (the `shop` connection field names it) with comma-separated
 * scopes, or an Admin API access token of a custom app. Both go in X-Shopify-Access-Token.
 */
import { composite, params, s } from './define';
import { graphql, runGraphql } from './graphql';
import { field, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { AuthSchemeDef } from '../types';
import type { CuratedTool } from './types';
import { ToolArgumentError, ToolFailure } from './types';

type Args = Record<string, unknown>;
const PATH = '/graphql.json';
const PAGE = 'pageInfo { hasNextPage endCursor }';

/** Numeric REST ids → Admin GraphQL global ids (ids already global stay as they are). */
export function gid(type: string, v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const t = String(v).trim();
  // anything else is passed on as it is: Shopify answers an unknown id with a GraphQL error
  return /^\d+$/.test(t) ? `gid://shopify/${type}/${t}` : t;
}
const need = (type: string, v: unknown, arg: string) => {
  const id = gid(type, v);
  if (!id) throw new ToolArgumentError(`give ${arg}`);
  return id;
};

/** `{ x: { nodes, pageInfo } }` → `{ [key]: nodes, page_info }` */
const flat = (conn: string, key: string) => (d: Args) => {
  const c = (d[conn] ?? {}) as { nodes?: unknown[]; pageInfo?: unknown };
  return { [key]: c.nodes ?? [], page_info: c.pageInfo ?? null };
};
/** a mutation payload: the object, plus Shopify's userErrors (a non-empty list means nothing changed) */
const payload = (name: string, inner: string) => (d: Args) => {
  const p = (d[name] ?? {}) as Args;
  const userErrors = (p.userErrors as unknown[] | undefined) ?? [];
  if (userErrors.length) {
    const msg = userErrors.map((e) => (e as { message?: string }).message ?? 'invalid input').join('; ');
    throw new ToolFailure(msg, { user_errors: userErrors });
  }
  return { [inner]: p[inner] ?? null, user_errors: userErrors };
};

/** Shopify search syntax from REST-style filters: `status:open created_at:>=2024-01-01` */
function search(parts: [string, unknown][]): string | undefined {
  const q = parts
    .filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== 'any')
    .map(([k, v]) => `${k}${String(v).includes(' ') ? `"${v}"` : v}`)
    .join(' ');
  return q || undefined;
}

const LIMIT = (n: number) =>
  s.integer(`How many to return (default ${n}, at most 250)`, { default: n, minimum: 1, maximum: 250 });
const PAGE_INFO = s.string('Cursor from page_info.endCursor of the previous answer, to read the next page');
const PRODUCT_ID = s.string('Product id: the number from the admin URL (632910392) or gid://shopify/Product/…');
const ORDER_ID = s.string('Order id: the number from the admin URL (450789469) or gid://shopify/Order/…');
const CUSTOMER_ID = s.string('Customer id: the number from the admin URL or gid://shopify/Customer/…');
const COLLECTION_ID = s.string('Collection id: the number from the admin URL or gid://shopify/Collection/…');

const PRODUCT_FIELDS =
  'id legacyResourceId title handle status vendor productType tags descriptionHtml createdAt updatedAt totalInventory onlineStoreUrl ' +
  'variants(first: 20) { nodes { id legacyResourceId title sku price inventoryQuantity inventoryItem { id } } }';
const ORDER_FIELDS =
  'id legacyResourceId name email phone createdAt processedAt updatedAt cancelledAt closedAt note tags ' +
  'displayFinancialStatus displayFulfillmentStatus currencyCode ' +
  'totalPriceSet { shopMoney { amount currencyCode } } subtotalPriceSet { shopMoney { amount currencyCode } } ' +
  'customer { id legacyResourceId displayName email } ' +
  'lineItems(first: 50) { nodes { id title quantity sku variant { id } originalUnitPriceSet { shopMoney { amount currencyCode } } } }';
const CUSTOMER_FIELDS =
  'id legacyResourceId firstName lastName displayName email phone state tags note createdAt updatedAt numberOfOrders ' +
  'amountSpent { amount currencyCode } defaultAddress { address1 city province country zip }';
const COLLECTION_FIELDS =
  'id legacyResourceId title handle descriptionHtml updatedAt sortOrder productsCount { count } ruleSet { appliedDisjunctively rules { column relation condition } }';

const productList = (slug: string, name: string, description: string, important = false, aliases?: string[]) =>
  graphql({
    slug,
    name,
    important,
    aliases,
    tags: ['shopify', 'products'],
    description,
    input: params({
      limit: LIMIT(50),
      page_info: PAGE_INFO,
      title: s.string('Only products whose title contains this'),
      vendor: s.string('Only products of this vendor'),
      product_type: s.string('Only products of this type'),
      status: s.enum(['active', 'draft', 'archived'], 'Only products in this status'),
      handle: s.string('Only the product with this handle'),
      created_at_min: s.string('Only products created at or after this time (ISO 8601)'),
      created_at_max: s.string('Only products created at or before this time (ISO 8601)'),
    }),
    document: `query Products($first: Int!, $after: String, $query: String) { products(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) { nodes { ${PRODUCT_FIELDS} } ${PAGE} } }`,
    variables: (a) => ({
      first: a.limit ?? 50,
      after: a.page_info,
      query: search([
        ['title:', a.title],
        ['vendor:', a.vendor],
        ['product_type:', a.product_type],
        ['status:', a.status],
        ['handle:', a.handle],
        ['created_at:>=', a.created_at_min],
        ['created_at:<=', a.created_at_max],
      ]),
    }),
    pick: flat('products', 'products'),
    path: PATH,
  });

const orderList = (slug: string, name: string, description: string, important = false, aliases?: string[]) =>
  graphql({
    slug,
    name,
    important,
    aliases,
    tags: ['shopify', 'orders'],
    description,
    input: params({
      status: s.enum(['open', 'closed', 'cancelled', 'any'], 'Order status (default any)', { default: 'any' }),
      financial_status: s.enum(
        ['authorized', 'pending', 'paid', 'partially_paid', 'refunded', 'voided', 'partially_refunded', 'any'],
        'Payment status',
      ),
      fulfillment_status: s.enum(['shipped', 'partial', 'unshipped', 'unfulfilled', 'any'], 'Fulfillment status'),
      created_at_min: s.string('Only orders created at or after this time (ISO 8601)'),
      created_at_max: s.string('Only orders created at or before this time (ISO 8601)'),
      updated_at_min: s.string('Only orders changed at or after this time (ISO 8601)'),
      email: s.string("Only orders with this customer's email"),
      limit: LIMIT(50),
      page_info: PAGE_INFO,
    }),
    document: `query Orders($first: Int!, $after: String, $query: String) { orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) { nodes { ${ORDER_FIELDS} } ${PAGE} } }`,
    variables: (a) => ({
      first: a.limit ?? 50,
      after: a.page_info,
      query: search([
        ['status:', a.status],
        ['financial_status:', a.financial_status],
        ['fulfillment_status:', a.fulfillment_status],
        ['created_at:>=', a.created_at_min],
        ['created_at:<=', a.created_at_max],
        ['updated_at:>=', a.updated_at_min],
        ['email:', a.email],
      ]),
    }),
    pick: flat('orders', 'orders'),
    path: PATH,
  });

const collectionList = (slug: string, name: string, kind: 'custom' | 'smart', description: string) =>
  graphql({
    slug,
    name,
    tags: ['shopify', 'collections'],
    description,
    input: params({
      limit: LIMIT(50),
      page_info: PAGE_INFO,
      title: s.string('Only collections whose title contains this'),
    }),
    document: `query Collections($first: Int!, $after: String, $query: String) { collections(first: $first, after: $after, query: $query) { nodes { ${COLLECTION_FIELDS} } ${PAGE} } }`,
    variables: (a) => ({
      first: a.limit ?? 50,
      after: a.page_info,
      query: search([
        ['collection_type:', kind],
        ['title:', a.title],
      ]),
    }),
    pick: flat('collections', kind === 'custom' ? 'custom_collections' : 'smart_collections'),
    path: PATH,
  });

export const shopifyTools: CuratedTool[] = [
  graphql({
    slug: 'SHOPIFY_GET_SHOP_DETAILS',
    name: 'Get shop details',
    important: true,
    tags: ['shopify', 'shop'],
    description:
      "The connected store: name, contact email, myshopify domain, primary domain, currency, plan and time zone. A cheap first call to confirm which store you're working on.",
    input: params({}),
    document:
      'query Shop { shop { id name email myshopifyDomain currencyCode ianaTimezone primaryDomain { url host } plan { displayName } billingAddress { country city } } }',
    pick: (d) => ({ shop: d.shop ?? null }),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_VALIDATE_ACCESS',
    name: 'Check access',
    tags: ['shopify', 'shop'],
    description:
      'Proves the connection works and lists the access scopes the token was granted (read_orders, write_products …), so you can tell up front whether a write will be refused.',
    input: params({}),
    document: 'query Access { shop { name myshopifyDomain } currentAppInstallation { accessScopes { handle } } }',
    pick: (d) => {
      const inst = (d.currentAppInstallation ?? {}) as { accessScopes?: { handle: string }[] };
      return { valid: true, shop: d.shop ?? null, scopes: (inst.accessScopes ?? []).map((x) => x.handle) };
    },
    path: PATH,
  }),
  productList(
    'SHOPIFY_GET_PRODUCTS',
    'List products',
    'List products, newest first, optionally filtered by title, vendor, type, status, handle or creation time. Each product carries its variants (id, sku, price, inventory quantity, inventory item id). Returns products and page_info; pass page_info.endCursor as page_info for more.',
    true,
  ),
  productList(
    'SHOPIFY_GET_PRODUCTS_PAGINATED',
    'List products page by page',
    'The same product listing as SHOPIFY_GET_PRODUCTS, meant for walking a large catalog: call with limit, then again with page_info set to page_info.endCursor until hasNextPage is false.',
  ),
  graphql({
    slug: 'SHOPIFY_GET_PRODUCT',
    name: 'Get product',
    important: true,
    tags: ['shopify', 'products'],
    description:
      'Read one product by id: title, handle, status, vendor, type, tags, HTML description, total inventory and its variants with prices and SKUs.',
    input: params({ product_id: PRODUCT_ID }, ['product_id']),
    document: `query Product($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`,
    variables: (a) => ({ id: need('Product', a.product_id, 'product_id') }),
    pick: (d) => ({ product: d.product ?? null }),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_GET_PRODUCTS_COUNT',
    name: 'Count products',
    tags: ['shopify', 'products'],
    description: 'How many products the store has, optionally only those of one vendor, type or status.',
    input: params({
      vendor: s.string('Only products of this vendor'),
      product_type: s.string('Only products of this type'),
      status: s.enum(['active', 'draft', 'archived'], 'Only products in this status'),
    }),
    document: 'query ProductsCount($query: String) { productsCount(query: $query) { count precision } }',
    variables: (a) => ({
      query: search([
        ['vendor:', a.vendor],
        ['product_type:', a.product_type],
        ['status:', a.status],
      ]),
    }),
    pick: (d) => ({ count: (d.productsCount as { count?: number } | undefined)?.count ?? 0 }),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_CREATE_PRODUCT',
    name: 'Create product',
    important: true,
    tags: ['shopify', 'products'],
    description:
      'Create a product with a title and optionally an HTML description, vendor, type, tags and status (draft keeps it off the storefront). Returns the product with its id and default variant; Shopify refusals (duplicate handle, bad status) end the call unsuccessful with their message.',
    input: params(
      {
        title: s.string('Product title'),
        body_html: s.string('Description in HTML'),
        vendor: s.string('Vendor or brand'),
        product_type: s.string('Product type, e.g. Shirts'),
        tags: s.strings('Tags'),
        handle: s.string('URL handle; made from the title when omitted'),
        status: s.enum(['active', 'draft', 'archived'], 'Status (default active)'),
      },
      ['title'],
    ),
    document: `mutation ProductCreate($product: ProductCreateInput!) { productCreate(product: $product) { product { ${PRODUCT_FIELDS} } userErrors { field message } } }`,
    variables: (a) => ({
      product: {
        title: a.title,
        descriptionHtml: a.body_html,
        vendor: a.vendor,
        productType: a.product_type,
        tags: a.tags,
        handle: a.handle,
        status: typeof a.status === 'string' ? a.status.toUpperCase() : undefined,
      },
    }),
    pick: payload('productCreate', 'product'),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_DELETE_PRODUCT',
    name: 'Delete product',
    tags: ['shopify', 'products'],
    description: 'Delete a product and all its variants for good. Returns deleted_product_id.',
    input: params({ product_id: PRODUCT_ID }, ['product_id']),
    document:
      'mutation ProductDelete($input: ProductDeleteInput!) { productDelete(input: $input) { deletedProductId userErrors { field message } } }',
    variables: (a) => ({ input: { id: need('Product', a.product_id, 'product_id') } }),
    pick: (d) => {
      payload('productDelete', 'deletedProductId')(d);
      return { deleted_product_id: (d.productDelete as Args | undefined)?.deletedProductId ?? null };
    },
    path: PATH,
  }),
  orderList(
    'SHOPIFY_GET_ORDERS_WITH_FILTERS',
    'List orders',
    'List orders, newest first, filtered by status (open, closed, cancelled, any), payment status, fulfillment status, customer email or a creation/update time range. Each order has its name (#1001), totals, statuses, customer and line items. Without the read_all_orders scope Shopify only shows the last 60 days. Returns orders and page_info.',
    true,
    ['SHOPIFY_GET_ORDER_LIST'],
  ),
  graphql({
    slug: 'SHOPIFY_GET_ORDER',
    name: 'Get order',
    important: true,
    aliases: ['SHOPIFY_GET_ORDERSBY_ID'],
    tags: ['shopify', 'orders'],
    description:
      'Read one order by id: name, customer, money totals, payment and fulfillment status, note, tags, line items and shipping address.',
    input: params({ order_id: ORDER_ID }, ['order_id']),
    document: `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} shippingAddress { name address1 city province country zip } } }`,
    variables: (a) => ({ id: need('Order', a.order_id, 'order_id') }),
    pick: (d) => ({ order: d.order ?? null }),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_UPDATE_ORDER',
    name: 'Update order',
    tags: ['shopify', 'orders'],
    description:
      "Change an order's note, tags (replaces them) or customer email. Money, items and statuses cannot be changed here. Returns the updated order.",
    input: params(
      {
        order_id: ORDER_ID,
        note: s.string('Staff note on the order'),
        tags: s.strings('Tags; replaces the existing ones'),
        email: s.string("Customer's email for this order"),
      },
      ['order_id'],
    ),
    document: `mutation OrderUpdate($input: OrderInput!) { orderUpdate(input: $input) { order { ${ORDER_FIELDS} } userErrors { field message } } }`,
    variables: (a) => {
      if (a.note === undefined && a.tags === undefined && a.email === undefined)
        throw new ToolArgumentError('give note, tags or email to change');
      return { input: { id: need('Order', a.order_id, 'order_id'), note: a.note, tags: a.tags, email: a.email } };
    },
    pick: payload('orderUpdate', 'order'),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_GET_ALL_CUSTOMERS',
    name: 'List customers',
    important: true,
    tags: ['shopify', 'customers'],
    description:
      'List customers, newest first, optionally matching a search (email, name, tag, e.g. "email:ana@example.com"). Each has name, email, phone, state, order count and amount spent. Returns customers and page_info.',
    input: params({
      limit: LIMIT(50),
      page_info: PAGE_INFO,
      query: s.string('Shopify customer search, e.g. email:ana@example.com or tag:vip'),
    }),
    document: `query Customers($first: Int!, $after: String, $query: String) { customers(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) { nodes { ${CUSTOMER_FIELDS} } ${PAGE} } }`,
    variables: (a) => ({ first: a.limit ?? 50, after: a.page_info, query: a.query }),
    pick: flat('customers', 'customers'),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_GET_CUSTOMER',
    name: 'Get customer',
    tags: ['shopify', 'customers'],
    description:
      'Read one customer by id: name, email, phone, tags, note, default address, order count and amount spent.',
    input: params({ customer_id: CUSTOMER_ID }, ['customer_id']),
    document: `query Customer($id: ID!) { customer(id: $id) { ${CUSTOMER_FIELDS} } }`,
    variables: (a) => ({ id: need('Customer', a.customer_id, 'customer_id') }),
    pick: (d) => ({ customer: d.customer ?? null }),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_CREATE_CUSTOMER',
    name: 'Create customer',
    tags: ['shopify', 'customers'],
    description:
      'Add a customer with at least an email or phone, plus name, tags and a note. Returns the customer with its id; an email already in use ends the call unsuccessful.',
    input: params({
      first_name: s.string('First name'),
      last_name: s.string('Last name'),
      email: s.string('Email address', { format: 'email' }),
      phone: s.string('Phone in E.164 format, e.g. +16135551111'),
      tags: s.strings('Tags'),
      note: s.string('Staff note'),
    }),
    document: `mutation CustomerCreate($input: CustomerInput!) { customerCreate(input: $input) { customer { ${CUSTOMER_FIELDS} } userErrors { field message } } }`,
    variables: (a) => {
      if (!a.email && !a.phone) throw new ToolArgumentError('give email or phone');
      return {
        input: {
          firstName: a.first_name,
          lastName: a.last_name,
          email: a.email,
          phone: a.phone,
          tags: a.tags,
          note: a.note,
        },
      };
    },
    pick: payload('customerCreate', 'customer'),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_GET_CUSTOMER_ORDERS',
    name: "List a customer's orders",
    tags: ['shopify', 'customers', 'orders'],
    description:
      "A customer's orders, newest first, with totals, statuses and line items. Returns orders and page_info.",
    input: params({ customer_id: CUSTOMER_ID, limit: LIMIT(50), page_info: PAGE_INFO }, ['customer_id']),
    document: `query CustomerOrders($id: ID!, $first: Int!, $after: String) { customer(id: $id) { orders(first: $first, after: $after, sortKey: CREATED_AT, reverse: true) { nodes { ${ORDER_FIELDS} } ${PAGE} } } }`,
    variables: (a) => ({
      id: need('Customer', a.customer_id, 'customer_id'),
      first: a.limit ?? 50,
      after: a.page_info,
    }),
    pick: (d) => flat('orders', 'orders')((d.customer ?? {}) as Args),
    path: PATH,
  }),
  collectionList(
    'SHOPIFY_GET_CUSTOM_COLLECTIONS',
    'List custom collections',
    'custom',
    'List hand-picked (custom) collections with title, handle and product count. Add products to one with SHOPIFY_ADD_PRODUCT_TO_COLLECTION.',
  ),
  collectionList(
    'SHOPIFY_GET_SMART_COLLECTIONS',
    'List smart collections',
    'smart',
    'List rule-based (smart) collections with their rules and product count; their products follow the rules and cannot be added by hand.',
  ),
  graphql({
    slug: 'SHOPIFY_GET_COLLECTION_BY_ID',
    name: 'Get collection',
    aliases: ['SHOPIFY_GET_SMART_COLLECTION_BY_ID'],
    tags: ['shopify', 'collections'],
    description:
      'Read one collection (custom or smart) by id: title, handle, description, sort order, rules and product count.',
    input: params({ collection_id: COLLECTION_ID }, ['collection_id']),
    document: `query Collection($id: ID!) { collection(id: $id) { ${COLLECTION_FIELDS} } }`,
    variables: (a) => ({ id: need('Collection', a.collection_id, 'collection_id') }),
    pick: (d) => ({ collection: d.collection ?? null }),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_GET_PRODUCTS_IN_COLLECTION',
    name: 'List products in a collection',
    tags: ['shopify', 'collections', 'products'],
    description: 'The products of one collection in its sort order. Returns products and page_info.',
    input: params({ collection_id: COLLECTION_ID, limit: LIMIT(50), page_info: PAGE_INFO }, ['collection_id']),
    document: `query CollectionProducts($id: ID!, $first: Int!, $after: String) { collection(id: $id) { products(first: $first, after: $after) { nodes { ${PRODUCT_FIELDS} } ${PAGE} } } }`,
    variables: (a) => ({
      id: need('Collection', a.collection_id, 'collection_id'),
      first: a.limit ?? 50,
      after: a.page_info,
    }),
    pick: (d) => flat('products', 'products')((d.collection ?? {}) as Args),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_CREATE_CUSTOM_COLLECTION',
    name: 'Create custom collection',
    tags: ['shopify', 'collections'],
    description:
      'Create a hand-picked collection with a title and optional HTML description. Returns the collection; add products with SHOPIFY_ADD_PRODUCT_TO_COLLECTION.',
    input: params({ title: s.string('Collection title'), body_html: s.string('Description in HTML') }, ['title']),
    document: `mutation CollectionCreate($input: CollectionInput!) { collectionCreate(input: $input) { collection { ${COLLECTION_FIELDS} } userErrors { field message } } }`,
    variables: (a) => ({ input: { title: a.title, descriptionHtml: a.body_html } }),
    pick: payload('collectionCreate', 'collection'),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_ADD_PRODUCT_TO_COLLECTION',
    name: 'Add product to collection',
    tags: ['shopify', 'collections'],
    description:
      'Put a product into a custom (hand-picked) collection. Smart collections refuse this: their rules decide membership.',
    input: params({ collection_id: COLLECTION_ID, product_id: PRODUCT_ID }, ['collection_id', 'product_id']),
    document: `mutation CollectionAddProducts($id: ID!, $productIds: [ID!]!) { collectionAddProducts(id: $id, productIds: $productIds) { collection { ${COLLECTION_FIELDS} } userErrors { field message } } }`,
    variables: (a) => ({
      id: need('Collection', a.collection_id, 'collection_id'),
      productIds: [need('Product', a.product_id, 'product_id')],
    }),
    pick: payload('collectionAddProducts', 'collection'),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_LIST_LOCATIONS',
    name: 'List locations',
    tags: ['shopify', 'inventory'],
    description:
      'The store locations that hold stock (shops, warehouses), with address and whether they are active. Location ids go to SHOPIFY_GET_INVENTORY_LEVELS.',
    input: params({ limit: LIMIT(50), page_info: PAGE_INFO }),
    document: `query Locations($first: Int!, $after: String) { locations(first: $first, after: $after) { nodes { id legacyResourceId name isActive fulfillsOnlineOrders address { address1 city province country zip } } ${PAGE} } }`,
    variables: (a) => ({ first: a.limit ?? 50, after: a.page_info }),
    pick: flat('locations', 'locations'),
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_GET_INVENTORY_LEVELS',
    name: 'Get inventory levels',
    tags: ['shopify', 'inventory'],
    description:
      'Stock of inventory items per location: available and on-hand quantities. Inventory item ids are on each product variant (variants.inventoryItem.id from SHOPIFY_GET_PRODUCT); give location_ids to keep only those locations.',
    input: params(
      {
        inventory_item_ids: s.strings('Inventory item ids (numbers or gid://shopify/InventoryItem/…)'),
        location_ids: s.strings('Only these locations (numbers or gid://shopify/Location/…)'),
      },
      ['inventory_item_ids'],
    ),
    document:
      'query InventoryLevels($ids: [ID!]!) { nodes(ids: $ids) { ... on InventoryItem { id legacyResourceId sku tracked ' +
      'inventoryLevels(first: 50) { nodes { id location { id legacyResourceId name } quantities(names: ["available", "on_hand"]) { name quantity } } } } } }',
    variables: (a) => {
      const ids = ((a.inventory_item_ids as unknown[]) ?? []).map((x) =>
        need('InventoryItem', x, 'inventory_item_ids'),
      );
      if (!ids.length) throw new ToolArgumentError('give at least one inventory item id');
      return { ids };
    },
    pick: (d, a) => {
      const only = new Set(((a.location_ids as unknown[] | undefined) ?? []).map((x) => gid('Location', x)));
      const levels: Args[] = [];
      for (const item of (d.nodes as Args[] | undefined) ?? []) {
        if (!item) continue;
        for (const l of ((item.inventoryLevels as { nodes?: Args[] } | undefined)?.nodes ?? []) as Args[]) {
          const loc = (l.location ?? {}) as Args;
          if (only.size && !only.has(String(loc.id))) continue;
          const q = Object.fromEntries(
            ((l.quantities as { name: string; quantity: number }[]) ?? []).map((x) => [x.name, x.quantity]),
          );
          levels.push({
            inventory_item_id: item.id,
            sku: item.sku,
            location: loc,
            available: q.available,
            on_hand: q.on_hand,
          });
        }
      }
      return { inventory_levels: levels };
    },
    path: PATH,
  }),
  graphql({
    slug: 'SHOPIFY_BULK_QUERY_OPERATION',
    name: 'Start bulk query',
    tags: ['shopify', 'bulk'],
    description:
      "Start a bulk export: Shopify runs the given query (connections without first/after) in the background and later offers a JSONL file. Returns the bulk operation's id and status; only one bulk query runs per store at a time.",
    input: params({ query: s.string('A query document, e.g. { products { edges { node { id title } } } }') }, [
      'query',
    ]),
    document:
      'mutation BulkQuery($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { id status createdAt url } userErrors { field message } } }',
    variables: (a) => ({ query: a.query }),
    pick: payload('bulkOperationRunQuery', 'bulkOperation'),
    path: PATH,
  }),
  composite({
    slug: 'SHOPIFY_GRAPH_QL_QUERY',
    name: 'Run a GraphQL query',
    tags: ['shopify', 'graphql'],
    description:
      'Send any Admin GraphQL query or mutation with variables, for what no other tool covers (metafields, discounts, fulfillments). Returns the data object as Shopify answers it; GraphQL errors end the call unsuccessful with their messages.',
    input: params({ query: s.string('The GraphQL document'), variables: s.object({}, 'Variables of the document') }, [
      'query',
    ]),
    run: (ctx, a) => runGraphql(ctx, PATH, String(a.query), (a.variables as Args | undefined) ?? {}),
  }),
];

const CONNECT_SHOP = field(
  'shop',
  'Shop subdomain',
  'The part of your store address before .myshopify.com (acme for acme.myshopify.com)',
);

/** An Admin API access token of a custom app (Settings → Apps → Develop apps), with the shop it belongs to. */
const adminToken: AuthSchemeDef = {
  mode: 'API_KEY',
  name: 'Admin API access token',
  authConfigFields: { required: [], optional: [] },
  connectionFields: {
    required: [
      CONNECT_SHOP,
      field('api_key', 'Admin API access token', "The custom app's Admin API access token (shpat_…)", true, true),
    ],
    optional: [],
  },
  placement: [{ in: 'header', name: 'X-Shopify-Access-Token', field: 'api_key' }],
};

const oauth = oauth2Scheme({
  authorizationUrl: 'https://{shop}.myshopify.com/admin/oauth/authorize',
  tokenUrl: 'https://{shop}.myshopify.com/admin/oauth/access_token',
  scopes: [
    'read_products',
    'write_products',
    'read_orders',
    'write_orders',
    'read_customers',
    'write_customers',
    'read_inventory',
    'read_locations',
  ],
  separator: ',',
  connection: [CONNECT_SHOP],
});

export const shopify = standaloneToolkit(
  {
    slug: 'shopify',
    name: 'Shopify',
    description:
      'Shopify store administration through the Admin GraphQL API: products, orders, customers, collections, locations and inventory.',
    appUrl: 'https://www.shopify.com',
    categories: [{ slug: 'ecommerce', name: 'E-commerce' }],
    baseUrl: 'https://{shop}.myshopify.com/admin/api/2024-10',
    authSchemes: [
      { ...oauth, placement: [{ in: 'header', name: 'X-Shopify-Access-Token', field: 'access_token' }] },
      adminToken,
    ],
  },
  shopifyTools,
);

/** Older slugs of tools above, renamed to the hosted names (same arguments). */
export const shopifyAliases: Record<string, string> = {
  SHOPIFY_LIST_LOCATION: 'SHOPIFY_LIST_LOCATIONS',
};
