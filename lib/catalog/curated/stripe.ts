/**
 * Stripe in the hosted vocabulary: customers, payment intents, charges, refunds, products and
 * prices, subscriptions, invoices, balance and the common read-only lists, on the compiled Stripe
 * toolkit (api.stripe.com, form-encoded bodies with `metadata[key]` brackets). Arguments are
 * Stripe's own names; the id of the object a tool acts on is `<object>_id` (Stripe's bare name
 * and `id` are accepted too).
 */
import { s } from './define';
import { restToolkit } from './rest-tools';
import type { CuratedTool } from './types';

const t = restToolkit('stripe', { contentType: 'application/x-www-form-urlencoded' });

const LIST = {
  limit: s.integer('How many objects to return, 1 to 100 (Stripe default 10)'),
  starting_after: s.string('Cursor: the id of the last object of the previous page, to get the next page'),
  ending_before: s.string('Cursor: the id of the first object of the current page, to get the previous page'),
};
const METADATA = s.object({}, 'Your own key/value strings to store on the object, e.g. {"order_id":"6735"}', {
  additionalProperties: true,
});
const EXPAND = s.strings('Related objects to include in full instead of as ids, e.g. ["customer"]');
const ADDRESS = s.object(
  {
    line1: s.string('Street line 1'),
    line2: s.string('Street line 2'),
    city: s.string('City'),
    state: s.string('State or region'),
    postal_code: s.string('Postal code'),
    country: s.string('Two-letter country code, e.g. US'),
  },
  'Postal address',
);
const CUSTOMER_FIELDS = {
  name: s.string('Full name or business name'),
  email: s.string('Email address; receipts and invoices go there'),
  phone: s.string('Phone number'),
  description: s.string('Internal note shown in the Dashboard'),
  address: ADDRESS,
  metadata: METADATA,
  payment_method: s.string('Id of a PaymentMethod (pm_…) to attach to the customer'),
};
const listNote =
  'Results are newest first; when has_more is true, pass the last id as starting_after for the next page.';

export const stripeTools: CuratedTool[] = [
  t({
    slug: 'STRIPE_CREATE_CUSTOMER',
    name: 'Create customer',
    important: true,
    method: 'POST',
    path: '/v1/customers',
    description:
      'Create a customer record to charge, invoice or subscribe later. All fields are optional; give at least an email or name so people can find it. Returns the customer with its id (cus_…), used as customer by STRIPE_CREATE_PAYMENT_INTENT, STRIPE_CREATE_SUBSCRIPTION and STRIPE_CREATE_INVOICE. Check STRIPE_SEARCH_CUSTOMERS first to avoid duplicates.',
    input: CUSTOMER_FIELDS,
    required: [],
  }),
  t({
    slug: 'STRIPE_RETRIEVE_CUSTOMER',
    name: 'Get customer',
    method: 'GET',
    path: '/v1/customers/{customer_id}',
    description:
      'Read one customer by id (cus_…): contact details, balance, default payment settings, metadata. A deleted customer comes back with deleted: true.',
    input: { customer_id: s.string('Customer id (cus_…)'), expand: EXPAND },
    rename: { customer_id: 'customer', expand: 'expand[]' },
    accept: { customer_id: ['customer', 'id'] },
  }),
  t({
    slug: 'STRIPE_UPDATE_CUSTOMER',
    name: 'Update customer',
    method: 'POST',
    path: '/v1/customers/{customer_id}',
    description:
      'Change fields of an existing customer; fields you leave out stay as they are. Metadata keys are merged (send a key with an empty string to remove it). Returns the updated customer.',
    input: { customer_id: s.string('Customer id (cus_…)'), ...CUSTOMER_FIELDS },
    rename: { customer_id: 'customer' },
    accept: { customer_id: ['customer', 'id'] },
  }),
  t({
    slug: 'STRIPE_DELETE_CUSTOMERS_CUSTOMER',
    aliases: ['STRIPE_DELETE_CUSTOMER'],
    name: 'Delete customer',
    method: 'DELETE',
    path: '/v1/customers/{customer_id}',
    description:
      'Permanently delete a customer and cancel its active subscriptions. This cannot be undone; confirm with the user first. Returns {id, deleted: true}.',
    input: { customer_id: s.string('Customer id (cus_…)') },
    rename: { customer_id: 'customer' },
    accept: { customer_id: ['customer', 'id'] },
  }),
  t({
    slug: 'STRIPE_LIST_CUSTOMERS',
    name: 'List customers',
    method: 'GET',
    path: '/v1/customers',
    description: `List customers, optionally only those with an exact (case-sensitive) email. ${listNote} For partial matches use STRIPE_SEARCH_CUSTOMERS.`,
    input: { email: s.string('Only customers with exactly this email'), ...LIST },
  }),
  t({
    slug: 'STRIPE_SEARCH_CUSTOMERS',
    name: 'Search customers',
    important: true,
    method: 'GET',
    path: '/v1/customers/search',
    description:
      "Find customers with Stripe's search language, e.g. email:'ana@acme.com', name~'Acme', metadata['crm_id']:'42' (combine with AND/OR). Returns data[], has_more and next_page; pass next_page as page for more. New customers can take a minute to become searchable.",
    input: {
      query: s.string("Search query, e.g. email:'ana@acme.com' or name~'acme'"),
      limit: s.integer('Results per page, 1 to 100'),
      page: s.string('next_page of the previous result'),
    },
    required: ['query'],
  }),
  t({
    slug: 'STRIPE_GET_CUSTOMERS_CUSTOMER_PAYMENT_METHODS',
    aliases: ['STRIPE_LIST_CUSTOMER_PAYMENT_METHODS'],
    name: "List a customer's payment methods",
    method: 'GET',
    path: '/v1/customers/{customer_id}/payment_methods',
    description: `List the payment methods saved on a customer (cards, bank accounts …), optionally of one type. Use an id (pm_…) as payment_method of STRIPE_CREATE_PAYMENT_INTENT. ${listNote}`,
    input: {
      customer_id: s.string('Customer id (cus_…)'),
      type: s.string('Only this payment method type, e.g. card, us_bank_account, sepa_debit'),
      ...LIST,
    },
    rename: { customer_id: 'customer' },
    accept: { customer_id: ['customer'] },
  }),
  t({
    slug: 'STRIPE_CREATE_PAYMENT_INTENT',
    name: 'Create payment intent',
    important: true,
    method: 'POST',
    path: '/v1/payment_intents',
    description:
      'Start collecting a payment: amount in the smallest currency unit (1999 = $19.99) and a three-letter currency. Pass customer and payment_method with confirm=true to charge a saved method at once; otherwise hand client_secret to the front end. Returns the PaymentIntent (pi_…) with its status (requires_payment_method, requires_confirmation, succeeded …).',
    input: {
      amount: s.integer('Amount in the smallest currency unit, e.g. 1999 for 19.99'),
      currency: s.string('Three-letter ISO currency code, lowercase, e.g. usd'),
      customer: s.string('Customer id (cus_…) the payment belongs to'),
      payment_method: s.string('PaymentMethod id (pm_…) to charge'),
      confirm: s.boolean('true to confirm (attempt the charge) immediately'),
      description: s.string('Text shown to you in the Dashboard'),
      receipt_email: s.string('Send the receipt to this email'),
      automatic_payment_methods: s.object(
        { enabled: s.boolean('Let Stripe choose the payment methods enabled in the Dashboard') },
        'Dashboard-managed payment methods',
      ),
      payment_method_types: s.strings('Allowed payment method types, e.g. ["card"]'),
      off_session: s.boolean('true when the customer is not present (charging a saved card later)'),
      metadata: METADATA,
    },
    required: ['amount', 'currency'],
  }),
  t({
    slug: 'STRIPE_RETRIEVE_PAYMENT_INTENT',
    name: 'Get payment intent',
    method: 'GET',
    path: '/v1/payment_intents/{payment_intent_id}',
    description:
      'Read a PaymentIntent (pi_…): status, amount, amount_received, latest_charge, last_payment_error. Use it to check whether a payment succeeded.',
    input: { payment_intent_id: s.string('PaymentIntent id (pi_…)'), expand: EXPAND },
    rename: { payment_intent_id: 'intent', expand: 'expand[]' },
    accept: { payment_intent_id: ['intent', 'id'] },
  }),
  t({
    slug: 'STRIPE_UPDATE_PAYMENT_INTENT',
    name: 'Update payment intent',
    method: 'POST',
    path: '/v1/payment_intents/{payment_intent_id}',
    description:
      'Change an unconfirmed PaymentIntent: amount, currency, customer, payment_method, description or metadata. Changing the amount of a confirmed intent is not allowed. Returns the updated intent.',
    input: {
      payment_intent_id: s.string('PaymentIntent id (pi_…)'),
      amount: s.integer('New amount in the smallest currency unit'),
      currency: s.string('Three-letter ISO currency code'),
      customer: s.string('Customer id (cus_…)'),
      payment_method: s.string('PaymentMethod id (pm_…)'),
      description: s.string('Dashboard description'),
      receipt_email: s.string('Receipt email'),
      metadata: METADATA,
    },
    rename: { payment_intent_id: 'intent' },
    accept: { payment_intent_id: ['intent', 'id'] },
  }),
  t({
    slug: 'STRIPE_CONFIRM_PAYMENT_INTENT',
    name: 'Confirm payment intent',
    method: 'POST',
    path: '/v1/payment_intents/{payment_intent_id}/confirm',
    description:
      'Attempt the payment of a PaymentIntent, optionally with a payment_method. Returns the intent; status succeeded means paid, requires_action means the customer must authenticate (3-D Secure) in a browser.',
    input: {
      payment_intent_id: s.string('PaymentIntent id (pi_…)'),
      payment_method: s.string('PaymentMethod id (pm_…) to use'),
      return_url: s.string('Where to send the customer after authentication, for redirect-based methods'),
      off_session: s.boolean('true when the customer is not present'),
    },
    rename: { payment_intent_id: 'intent' },
    accept: { payment_intent_id: ['intent', 'id'] },
  }),
  t({
    slug: 'STRIPE_LIST_PAYMENT_INTENTS',
    name: 'List payment intents',
    method: 'GET',
    path: '/v1/payment_intents',
    description: `List PaymentIntents, optionally of one customer. ${listNote}`,
    input: { customer: s.string('Only intents of this customer (cus_…)'), ...LIST },
  }),
  t({
    slug: 'STRIPE_LIST_CHARGES',
    name: 'List charges',
    method: 'GET',
    path: '/v1/charges',
    description: `List charges (individual payment attempts), optionally of one customer or one PaymentIntent. ${listNote}`,
    input: {
      customer: s.string('Only charges of this customer (cus_…)'),
      payment_intent: s.string('Only charges of this PaymentIntent (pi_…)'),
      ...LIST,
    },
  }),
  t({
    slug: 'STRIPE_RETRIEVE_CHARGE',
    name: 'Get charge',
    method: 'GET',
    path: '/v1/charges/{charge_id}',
    description:
      'Read one charge (ch_…): amount, paid, refunded, amount_refunded, failure_message, receipt_url, outcome.',
    input: { charge_id: s.string('Charge id (ch_… or py_…)'), expand: EXPAND },
    rename: { charge_id: 'charge', expand: 'expand[]' },
    accept: { charge_id: ['charge', 'id'] },
  }),
  t({
    slug: 'STRIPE_CREATE_REFUND',
    name: 'Refund a payment',
    important: true,
    method: 'POST',
    path: '/v1/refunds',
    description:
      'Refund a payment, in full or in part: give payment_intent (or charge) and, for a partial refund, amount in the smallest currency unit. Money goes back to the original payment method; confirm with the user first. Returns the refund (re_…) with its status.',
    input: {
      payment_intent: s.string('PaymentIntent id (pi_…) to refund'),
      charge: s.string('Charge id (ch_…) to refund, instead of payment_intent'),
      amount: s.integer('Amount to refund in the smallest currency unit; omit for the full remaining amount'),
      reason: s.enum(['duplicate', 'fraudulent', 'requested_by_customer'], 'Why the refund is made'),
      metadata: METADATA,
    },
    required: [],
  }),
  t({
    slug: 'STRIPE_LIST_REFUNDS',
    name: 'List refunds',
    method: 'GET',
    path: '/v1/refunds',
    description: `List refunds, optionally of one charge or PaymentIntent. ${listNote}`,
    input: {
      charge: s.string('Only refunds of this charge'),
      payment_intent: s.string('Only refunds of this PaymentIntent'),
      ...LIST,
    },
  }),
  t({
    slug: 'STRIPE_GET_REFUNDS_REFUND',
    aliases: ['STRIPE_RETRIEVE_REFUND'],
    name: 'Get refund',
    method: 'GET',
    path: '/v1/refunds/{refund_id}',
    description: 'Read one refund (re_…): amount, status (pending, succeeded, failed, canceled), charge and reason.',
    input: { refund_id: s.string('Refund id (re_…)') },
    rename: { refund_id: 'refund' },
    accept: { refund_id: ['refund', 'id'] },
  }),
  t({
    slug: 'STRIPE_CREATE_PRODUCT',
    name: 'Create product',
    method: 'POST',
    path: '/v1/products',
    description:
      'Create a product (what you sell). Give it a name; add prices with STRIPE_CREATE_PRICE (or default_price_data here). Returns the product (prod_…).',
    input: {
      name: s.string('Product name shown to customers'),
      description: s.string('Longer description shown to customers'),
      active: s.boolean('Whether it can be bought (default true)'),
      default_price_data: s.object(
        {
          currency: s.string('Currency, e.g. usd'),
          unit_amount: s.integer('Price in the smallest currency unit'),
          recurring: s.object(
            { interval: s.enum(['day', 'week', 'month', 'year'], 'Billing interval') },
            'For subscriptions',
          ),
        },
        'Create a default price with the product',
      ),
      images: s.strings('Up to 8 image URLs'),
      metadata: METADATA,
    },
    required: ['name'],
  }),
  t({
    slug: 'STRIPE_LIST_PRODUCTS',
    name: 'List products',
    method: 'GET',
    path: '/v1/products',
    description: `List products, optionally only active or inactive ones. ${listNote}`,
    input: { active: s.boolean('Only active (true) or archived (false) products'), ...LIST },
  }),
  t({
    slug: 'STRIPE_CREATE_PRICE',
    name: 'Create price',
    method: 'POST',
    path: '/v1/prices',
    description:
      'Add a price to a product: unit_amount in the smallest currency unit and currency, plus recurring.interval for a subscription price. Prices cannot change amount later; create a new one instead. Returns the price (price_…) used in subscription items.',
    input: {
      product: s.string('Product id (prod_…)'),
      unit_amount: s.integer('Price in the smallest currency unit, e.g. 1500'),
      currency: s.string('Three-letter currency code, e.g. usd'),
      recurring: s.object(
        {
          interval: s.enum(['day', 'week', 'month', 'year'], 'Billing interval'),
          interval_count: s.integer('Intervals between bills, e.g. 3 with month for quarterly'),
        },
        'Make it a subscription price',
      ),
      nickname: s.string('Internal name of the price'),
      metadata: METADATA,
    },
    required: ['currency'],
  }),
  t({
    slug: 'STRIPE_CREATE_SUBSCRIPTION',
    name: 'Create subscription',
    important: true,
    method: 'POST',
    path: '/v1/subscriptions',
    description:
      'Subscribe a customer to one or more recurring prices: items [{price:"price_…", quantity:1}]. The customer needs a default payment method, or set collection_method=send_invoice with days_until_due. Returns the subscription (sub_…) with status (active, trialing, incomplete …).',
    input: {
      customer: s.string('Customer id (cus_…)'),
      items: s.array(
        s.object({ price: s.string('Recurring price id (price_…)'), quantity: s.integer('Quantity') }, 'One item'),
        'What the customer subscribes to',
      ),
      trial_period_days: s.integer('Free trial length in days'),
      default_payment_method: s.string('PaymentMethod id (pm_…) to bill'),
      collection_method: s.enum(['charge_automatically', 'send_invoice'], 'Charge automatically or email invoices'),
      days_until_due: s.integer('Days to pay each invoice, with send_invoice'),
      cancel_at_period_end: s.boolean('End the subscription at the end of the first period'),
      metadata: METADATA,
    },
    required: ['customer', 'items'],
  }),
  t({
    slug: 'STRIPE_GET_SUBSCRIPTION',
    aliases: ['STRIPE_RETRIEVE_SUBSCRIPTION'],
    name: 'Get subscription',
    method: 'GET',
    path: '/v1/subscriptions/{subscription_id}',
    description:
      'Read one subscription (sub_…): status, items with their prices, current period, cancel_at_period_end, latest_invoice.',
    input: { subscription_id: s.string('Subscription id (sub_…)'), expand: EXPAND },
    rename: { subscription_id: 'subscription_exposed_id', expand: 'expand[]' },
    accept: { subscription_id: ['subscription', 'id'] },
  }),
  t({
    slug: 'STRIPE_UPDATE_SUBSCRIPTION',
    name: 'Update subscription',
    method: 'POST',
    path: '/v1/subscriptions/{subscription_id}',
    description:
      'Change a subscription: swap or re-quantify items (give the item id to change one), schedule cancellation with cancel_at_period_end, set metadata. Returns the updated subscription; proration follows proration_behavior.',
    input: {
      subscription_id: s.string('Subscription id (sub_…)'),
      items: s.array(
        s.object(
          {
            id: s.string('Existing subscription item id (si_…) to change'),
            price: s.string('New price id'),
            quantity: s.integer('New quantity'),
            deleted: s.boolean('true to remove this item'),
          },
          'One item change',
        ),
        'Item changes',
      ),
      cancel_at_period_end: s.boolean('true to cancel when the current period ends'),
      proration_behavior: s.enum(['create_prorations', 'none', 'always_invoice'], 'How to bill mid-period changes'),
      default_payment_method: s.string('PaymentMethod id (pm_…)'),
      metadata: METADATA,
    },
    rename: { subscription_id: 'subscription_exposed_id' },
    accept: { subscription_id: ['subscription', 'id'] },
  }),
  t({
    slug: 'STRIPE_CANCEL_SUBSCRIPTION',
    name: 'Cancel subscription',
    method: 'DELETE',
    path: '/v1/subscriptions/{subscription_id}',
    description:
      'Cancel a subscription now (no further invoices). To stop at the end of the paid period instead, use STRIPE_UPDATE_SUBSCRIPTION with cancel_at_period_end=true. Confirm with the user first. Returns the subscription with status canceled.',
    input: {
      subscription_id: s.string('Subscription id (sub_…)'),
      invoice_now: s.boolean('Bill pending usage and proration now'),
      prorate: s.boolean('Credit the unused time'),
    },
    rename: { subscription_id: 'subscription_exposed_id' },
    accept: { subscription_id: ['subscription', 'id'] },
  }),
  t({
    slug: 'STRIPE_LIST_SUBSCRIPTIONS',
    name: 'List subscriptions',
    method: 'GET',
    path: '/v1/subscriptions',
    description: `List subscriptions, optionally of one customer, price or status (active by default excludes canceled; use status=all for every one). ${listNote}`,
    input: {
      customer: s.string('Only subscriptions of this customer'),
      price: s.string('Only subscriptions to this price'),
      status: s.enum(
        [
          'active',
          'all',
          'canceled',
          'ended',
          'incomplete',
          'incomplete_expired',
          'past_due',
          'paused',
          'trialing',
          'unpaid',
        ],
        'Status filter',
      ),
      ...LIST,
    },
  }),
  t({
    slug: 'STRIPE_CREATE_INVOICE',
    name: 'Create invoice',
    method: 'POST',
    path: '/v1/invoices',
    description:
      'Create a draft invoice for a customer. Add lines with invoice items (pending items are pulled in when pending_invoice_items_behavior=include), then finalize and send it in Stripe. With collection_method=send_invoice give days_until_due. Returns the invoice (in_…) in status draft.',
    input: {
      customer: s.string('Customer id (cus_…)'),
      description: s.string('Memo shown on the invoice'),
      collection_method: s.enum(
        ['charge_automatically', 'send_invoice'],
        'Charge the saved method or email the invoice',
      ),
      days_until_due: s.integer('Days to pay, with send_invoice'),
      auto_advance: s.boolean('Let Stripe finalize and collect automatically'),
      pending_invoice_items_behavior: s.enum(
        ['exclude', 'include'],
        "Whether to include the customer's pending invoice items",
      ),
      metadata: METADATA,
    },
    required: ['customer'],
  }),
  t({
    slug: 'STRIPE_LIST_INVOICES',
    name: 'List invoices',
    method: 'GET',
    path: '/v1/invoices',
    description: `List invoices, optionally of one customer, subscription or status (draft, open, paid, uncollectible, void). ${listNote}`,
    input: {
      customer: s.string('Only invoices of this customer'),
      subscription: s.string('Only invoices of this subscription'),
      status: s.enum(['draft', 'open', 'paid', 'uncollectible', 'void'], 'Status filter'),
      ...LIST,
    },
  }),
  t({
    slug: 'STRIPE_RETRIEVE_BALANCE',
    name: 'Get balance',
    method: 'GET',
    path: '/v1/balance',
    description:
      'Read the account balance: available (can be paid out) and pending amounts per currency, in the smallest currency unit.',
    input: {},
  }),
  t({
    slug: 'STRIPE_LIST_COUPONS',
    name: 'List coupons',
    method: 'GET',
    path: '/v1/coupons',
    description: `List coupons (percent_off or amount_off discounts) that can be applied to customers, subscriptions or checkouts. ${listNote}`,
    input: { ...LIST },
  }),
  t({
    slug: 'STRIPE_LIST_PAYMENT_LINKS',
    name: 'List payment links',
    method: 'GET',
    path: '/v1/payment_links',
    description: `List hosted payment links (shareable checkout URLs), optionally only active ones. ${listNote}`,
    input: { active: s.boolean('Only active (true) or deactivated (false) links'), ...LIST },
  }),
  t({
    slug: 'STRIPE_LIST_TAX_RATES',
    name: 'List tax rates',
    method: 'GET',
    path: '/v1/tax_rates',
    description: `List the tax rates defined on the account (percentage, jurisdiction, inclusive or not). ${listNote}`,
    input: {
      active: s.boolean('Only active or archived rates'),
      inclusive: s.boolean('Only inclusive or exclusive rates'),
      ...LIST,
    },
  }),
  t({
    slug: 'STRIPE_LIST_TAX_CODES',
    name: 'List tax codes',
    method: 'GET',
    path: '/v1/tax_codes',
    description: `List Stripe's product tax codes (txcd_…), to set tax_code on products for Stripe Tax. ${listNote}`,
    input: { ...LIST },
  }),
  t({
    slug: 'STRIPE_GET_V1_SHIPPING_RATES_OVERVIEW2',
    aliases: ['STRIPE_LIST_SHIPPING_RATES'],
    name: 'List shipping rates',
    method: 'GET',
    path: '/v1/shipping_rates',
    description: `List shipping rates usable in Checkout, optionally only active ones or one currency. ${listNote}`,
    input: {
      active: s.boolean('Only active or archived rates'),
      currency: s.string('Only rates in this currency'),
      ...LIST,
    },
  }),
  t({
    slug: 'STRIPE_LIST_PRICES',
    name: 'List prices',
    method: 'GET',
    path: '/v1/prices',
    description: `List prices, optionally of one product, only active ones, or only one type (one_time or recurring). ${listNote}`,
    input: {
      product: s.string('Only prices of this product (prod_…)'),
      active: s.boolean('Only active (true) or archived (false) prices'),
      type: s.enum(['one_time', 'recurring'], 'Only one-time or recurring prices'),
      currency: s.string('Only prices in this currency'),
      ...LIST,
    },
  }),
  t({
    slug: 'STRIPE_CANCEL_PAYMENT_INTENT',
    name: 'Cancel payment intent',
    method: 'POST',
    path: '/v1/payment_intents/{payment_intent_id}/cancel',
    description:
      'Cancel a PaymentIntent that is not yet paid (requires_payment_method, requires_capture, requires_confirmation, requires_action or processing); an authorized but uncaptured amount is released. Returns the intent with status canceled.',
    input: {
      payment_intent_id: s.string('PaymentIntent id (pi_…)'),
      cancellation_reason: s.enum(
        ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'],
        'Why it is canceled',
      ),
    },
    rename: { payment_intent_id: 'intent' },
    accept: { payment_intent_id: ['intent', 'id'] },
  }),
  t({
    slug: 'STRIPE_CREATE_INVOICE_ITEM',
    name: 'Add invoice item',
    method: 'POST',
    path: '/v1/invoiceitems',
    description:
      "Add a line to a customer's next invoice, or to a given draft invoice: either a price (price_…) with quantity, or an amount in the smallest currency unit with currency and description. Returns the invoice item (ii_…). Then STRIPE_FINALIZE_INVOICE.",
    input: {
      customer: s.string('Customer id (cus_…)'),
      invoice: s.string('Draft invoice id (in_…) to add to; omit for the next invoice'),
      price: s.string('Price id (price_…) to bill'),
      quantity: s.integer('Quantity of the price'),
      amount: s.integer('Amount in the smallest currency unit, instead of price'),
      currency: s.string('Currency of amount, e.g. usd'),
      description: s.string('Text shown on the invoice line'),
      metadata: METADATA,
    },
    required: ['customer'],
  }),
  t({
    slug: 'STRIPE_FINALIZE_INVOICE',
    name: 'Finalize invoice',
    method: 'POST',
    path: '/v1/invoices/{invoice_id}/finalize',
    description:
      'Turn a draft invoice into an open one: it gets a number and hosted_invoice_url and can be paid. Amounts can no longer change. Then STRIPE_SEND_INVOICE to email it, or let Stripe charge the saved method.',
    input: {
      invoice_id: s.string('Draft invoice id (in_…)'),
      auto_advance: s.boolean('Let Stripe attempt collection automatically'),
    },
    rename: { invoice_id: 'invoice' },
    accept: { invoice_id: ['invoice', 'id'] },
  }),
  t({
    slug: 'STRIPE_SEND_INVOICE',
    name: 'Send invoice',
    method: 'POST',
    path: '/v1/invoices/{invoice_id}/send',
    description:
      'Email a finalized invoice to the customer with a link to pay it (test mode sends no email). Returns the invoice.',
    input: { invoice_id: s.string('Open invoice id (in_…)') },
    rename: { invoice_id: 'invoice' },
    accept: { invoice_id: ['invoice', 'id'] },
  }),
  t({
    slug: 'STRIPE_VOID_INVOICE',
    name: 'Void invoice',
    method: 'POST',
    path: '/v1/invoices/{invoice_id}/void',
    description:
      'Void a finalized invoice that should not be paid; it stays on record with status void. This cannot be undone; delete drafts instead. Confirm with the user first.',
    input: { invoice_id: s.string('Finalized invoice id (in_…)') },
    rename: { invoice_id: 'invoice' },
    accept: { invoice_id: ['invoice', 'id'] },
  }),
];
