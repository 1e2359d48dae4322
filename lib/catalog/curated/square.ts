/**
 * Square in the hosted vocabulary on the v2 Connect API (connect.squareup.com/v2). Square's
 * parameters are snake_case already, so hosted arguments are Square's names. The generated
 * operations cover most hosted names; the tools here replace the ones the generated catalog
 * binds to the retired v1 endpoints (payments, refunds, orders) and add the lookups agents use
 * most. Money is `{amount, currency}` in the smallest unit (cents). Writes take an
 * `idempotency_key`; one is generated when it is not given, so a retried call may repeat.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const sq = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['square'] }, same, 'square');
const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
/** Square rejects writes without an idempotency key; make one when the caller did not. */
const withKey = (a: Record<string, unknown>) => ({ ...a, idempotency_key: a.idempotency_key ?? crypto.randomUUID() });

const CURSOR = s.string('cursor from the previous page');
const LOCATION = s.string('Location id (from SQUARE_LIST_LOCATIONS)');
const MONEY = s.object(
  {
    amount: s.integer('Amount in the smallest unit, e.g. 1050 for $10.50'),
    currency: s.string('ISO 4217 code, e.g. USD'),
  },
  'An amount of money',
);
const IDEMPOTENCY = s.string('Unique key so a retried request is not applied twice (generated when omitted)');

export const squareTools: CuratedTool[] = [
  sq({
    slug: 'SQUARE_LIST_LOCATIONS',
    name: 'List locations',
    important: true,
    method: 'GET',
    path: '/v2/locations',
    input: {},
    required: [],
    description:
      "The seller's business locations: id (the location_id most other tools need), name, address, currency, status. Call this first.",
  }),
  sq({
    slug: 'SQUARE_RETRIEVE_LOCATION',
    name: 'Get location',
    method: 'GET',
    path: '/v2/locations/{location_id}',
    input: { location_id: s.string('Location id, or "main" for the main location') },
    description: 'One location with address, business hours, contact details and capabilities.',
  }),
  sq({
    slug: 'SQUARE_GET_MERCHANT',
    name: 'Get merchant',
    method: 'GET',
    path: '/v2/merchants/{merchant_id}',
    input: { merchant_id: s.string('Merchant id, or "me" for the connected seller', { default: 'me' }) },
    defaults: { merchant_id: 'me' },
    required: [],
    description: 'The seller account: business_name, country, currency, main_location_id, status.',
  }),
  sq({
    slug: 'SQUARE_LIST_PAYMENTS',
    name: 'List payments',
    important: true,
    method: 'GET',
    path: '/v2/payments',
    input: {
      location_id: LOCATION,
      begin_time: s.string('Only payments created at or after this RFC 3339 time, e.g. 2025-01-01T00:00:00Z'),
      end_time: s.string('Only payments created before this RFC 3339 time'),
      sort_order: s.enum(['ASC', 'DESC'], 'Order by created_at', { default: 'DESC' }),
      last_4: s.string('Only payments with a card ending in these 4 digits'),
      card_brand: s.string('Only payments with this card brand, e.g. VISA'),
      total: s.integer('Only payments of exactly this amount (smallest unit)'),
      limit: s.integer('Payments per page (at most 100)', { default: 100 }),
      cursor: CURSOR,
    },
    required: [],
    description:
      'Payments taken in a time range (all locations unless location_id): id, amount_money, status, source_type, card_details, order_id, receipt_url. Sum amount_money for sales totals; follow `cursor` for more.',
  }),
  sq({
    slug: 'SQUARE_CREATE_REFUND',
    name: 'Refund payment',
    important: true,
    method: 'POST',
    path: '/v2/refunds',
    input: {
      payment_id: s.string('The payment to refund'),
      amount_money: MONEY,
      reason: s.string('Why, shown to the buyer'),
      idempotency_key: IDEMPOTENCY,
    },
    required: ['payment_id', 'amount_money'],
    prepare: withKey,
    description:
      'Refund all or part of a completed payment (amount_money at most what is left to refund). Returns the refund with status PENDING then COMPLETED; check with SQUARE_GET_REFUND. Ask the user first.',
  }),
  sq({
    slug: 'SQUARE_GET_REFUND',
    name: 'Get refund',
    method: 'GET',
    path: '/v2/refunds/{refund_id}',
    input: { refund_id: s.string('Refund id') },
    description: 'One payment refund: amount_money, status, payment_id, reason.',
  }),
  sq({
    slug: 'SQUARE_CREATE_ORDER',
    name: 'Create order',
    method: 'POST',
    path: '/v2/orders',
    input: {
      order: s.object(
        {
          location_id: LOCATION,
          customer_id: s.string('Customer id'),
          line_items: s.array(
            s.object(
              {
                name: s.string('Item name (custom items)'),
                quantity: s.string('Quantity as a string, e.g. "2"'),
                base_price_money: MONEY,
                catalog_object_id: s.string('Catalog item variation id instead of name and price'),
              },
              'Line item',
            ),
            'What is sold',
          ),
        },
        'The order; location_id and line_items are needed',
      ),
      idempotency_key: IDEMPOTENCY,
    },
    required: ['order'],
    prepare: withKey,
    description:
      'Create an order (a cart) at a location from line items: custom ones (name, quantity, base_price_money) or catalog variations (catalog_object_id, quantity). Returns the order with id, total_money and version; pay it with SQUARE_PAY_ORDER.',
  }),
  sq({
    slug: 'SQUARE_RETRIEVE_ORDER',
    name: 'Get order',
    method: 'GET',
    path: '/v2/orders/{order_id}',
    input: { order_id: s.string('Order id') },
    description: 'One order: line_items, taxes, discounts, total_money, state, tenders, fulfillments and version.',
  }),
  sq({
    slug: 'SQUARE_UPDATE_ORDER',
    name: 'Update order',
    method: 'PUT',
    path: '/v2/orders/{order_id}',
    input: {
      order_id: s.string('Order id (OPEN or DRAFT orders only)'),
      order: s.object(
        { location_id: LOCATION, version: s.integer('Current version of the order (from SQUARE_RETRIEVE_ORDER)') },
        'Only the fields to change, with location_id and the current version',
      ),
      fields_to_clear: s.strings('Dot paths of fields to remove, e.g. ["line_items[abc].note"]'),
      idempotency_key: IDEMPOTENCY,
    },
    required: ['order_id', 'order'],
    prepare: withKey,
    description: 'Change an open or draft order (sparse update). Pass the current version; an old version is refused.',
  }),
  sq({
    slug: 'SQUARE_GET_BOOKING',
    name: 'Get booking',
    method: 'GET',
    path: '/v2/bookings/{booking_id}',
    input: { booking_id: s.string('Booking id') },
    description:
      'One appointment: start_at, appointment_segments (service, team member, duration), customer_id, status, version.',
  }),
  sq({
    slug: 'SQUARE_GET_TEAM_MEMBER',
    name: 'Get team member',
    method: 'GET',
    path: '/v2/team-members/{team_member_id}',
    input: { team_member_id: s.string('Team member id') },
    description: 'One team member: name, email, phone, status, assigned locations.',
  }),
  sq({
    slug: 'SQUARE_GET_SUBSCRIPTION',
    name: 'Get subscription',
    method: 'GET',
    path: '/v2/subscriptions/{subscription_id}',
    input: { subscription_id: s.string('Subscription id'), include: s.string('actions to include scheduled actions') },
    description: 'One customer subscription: plan_variation_id, status, start_date, charged_through_date, invoice_ids.',
  }),
  sq({
    slug: 'SQUARE_LIST_SUBSCRIPTIONS',
    name: 'List subscriptions',
    method: 'POST',
    path: '/v2/subscriptions/search',
    input: {
      location_ids: s.strings('Only subscriptions at these locations'),
      customer_ids: s.strings('Only subscriptions of these customers'),
      limit: s.integer('Subscriptions per page (at most 200)'),
      cursor: CURSOR,
    },
    required: [],
    body: (a) =>
      drop({
        query:
          a.location_ids || a.customer_ids
            ? { filter: drop({ location_ids: a.location_ids, customer_ids: a.customer_ids }) }
            : undefined,
        limit: a.limit,
        cursor: a.cursor,
      }),
    description:
      'Customer billing subscriptions, oldest first, optionally for some locations or customers. Follow `cursor` for more.',
  }),
  sq({
    slug: 'SQUARE_RETRIEVE_PAYMENT_LINK',
    name: 'Get payment link',
    method: 'GET',
    path: '/v2/online-checkout/payment-links/{id}',
    input: { id: s.string('Payment link id') },
    description: 'A Square-hosted checkout link: url, order_id, checkout_options, created_at.',
  }),
  sq({
    slug: 'SQUARE_GET_LOYALTY_ACCOUNT',
    name: 'Get loyalty account',
    method: 'GET',
    path: '/v2/loyalty/accounts/{account_id}',
    input: { account_id: s.string('Loyalty account id') },
    description: 'A loyalty program member: balance, lifetime_points, customer_id, expiring points.',
  }),
  sq({
    slug: 'SQUARE_LIST_WEBHOOK_SUBSCRIPTIONS',
    name: 'List webhook subscriptions',
    method: 'GET',
    path: '/v2/webhooks/subscriptions',
    input: {
      include_disabled: s.boolean('Include disabled subscriptions'),
      sort_order: s.enum(['ASC', 'DESC'], 'Order by created_at'),
      limit: s.integer('Per page (at most 100)'),
      cursor: CURSOR,
    },
    required: [],
    description:
      "The application's webhook subscriptions (event_types, notification_url, enabled). Needs a personal access token, not OAuth.",
  }),
];

/** Hosted names of generated v2 operations with the same (Square's own) arguments; checked by hand. */
export const squareAliases: Record<string, string> = {
  SQUARE_DELETE_CATALOG_OBJECTS_BATCH: 'SQUARE_BATCH_DELETE_CATALOG_OBJECTS',
  SQUARE_UPSERT_CATALOG_OBJECTS_BATCH: 'SQUARE_BATCH_UPSERT_CATALOG_OBJECTS',
  SQUARE_RETRIEVE_INVENTORY_COUNTS_BATCH: 'SQUARE_BATCH_RETRIEVE_INVENTORY_COUNTS',
  SQUARE_GET_DISPUTE_EVIDENCE: 'SQUARE_RETRIEVE_DISPUTE_EVIDENCE',
  SQUARE_GET_GIFT_CARD_FROM_GAN: 'SQUARE_RETRIEVE_GIFT_CARD_FROM_GAN',
  SQUARE_GET_BUSINESS_BOOKING_PROFILE: 'SQUARE_RETRIEVE_BUSINESS_BOOKING_PROFILE',
};
