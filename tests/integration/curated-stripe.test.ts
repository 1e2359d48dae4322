import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';

// Stripe tools (lib/catalog/curated/stripe.ts) through the real execute pipeline against a loopback
// api.stripe.com that parses the form bodies and answers Stripe's errors.
const KEY = 'sk_test_junction';
let s: TestServer;
let stripe: FakeStripe;

async function exec(slug: string, args: Record<string, unknown>) {
  const r = await s.api('POST', `/tools/execute/${slug}`, { user_id: 'st-user', arguments: args });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { successful: boolean; data: Record<string, any>; error: string | null };
}

beforeAll(async () => {
  [s, stripe] = await Promise.all([providerServer(), startFakeStripe(KEY)]);
  await connectToFake(s, {
    toolkit: 'stripe',
    authScheme: 'API_KEY',
    val: { api_key: KEY, base_url: stripe.url },
    userId: 'st-user',
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), stripe?.close()]);
});

describe('Stripe curated tools', () => {
  it('create a customer with nested address and metadata, find it by email, read it back by customer_id', async () => {
    const created = await exec('STRIPE_CREATE_CUSTOMER', {
      email: 'ana@acme.test',
      name: 'Ana',
      address: { city: 'Lyon', country: 'FR' },
      metadata: { crm_id: '42' },
    });
    expect(created.successful, JSON.stringify(created)).toBe(true);
    const id = created.data.id as string;
    expect(stripe.customers.get(id)).toMatchObject({
      email: 'ana@acme.test',
      address: { city: 'Lyon', country: 'FR' },
      metadata: { crm_id: '42' },
    });
    const found = await exec('STRIPE_SEARCH_CUSTOMERS', { query: "email:'ana@acme.test'" });
    expect(found.successful, JSON.stringify(found)).toBe(true);
    expect(found.data.data.map((c: { id: string }) => c.id)).toEqual([id]);
    // Stripe's own name for the id is accepted too
    const read = await exec('STRIPE_RETRIEVE_CUSTOMER', { customer: id });
    expect(read).toMatchObject({ successful: true, data: { id, name: 'Ana' } });
  });

  it('charge a customer and refund part of it; Stripe errors come back as successful:false with its message', async () => {
    const cus = (await exec('STRIPE_CREATE_CUSTOMER', { email: 'bo@acme.test' })).data.id;
    const pi = await exec('STRIPE_CREATE_PAYMENT_INTENT', {
      amount: 1999,
      currency: 'eur',
      customer: cus,
      payment_method: 'pm_card_visa',
      confirm: true,
      metadata: { order: 'A-17' },
    });
    expect(pi.successful, JSON.stringify(pi)).toBe(true);
    expect(pi.data).toMatchObject({ amount: 1999, status: 'succeeded', metadata: { order: 'A-17' } });
    const refund = await exec('STRIPE_CREATE_REFUND', {
      payment_intent: pi.data.id,
      amount: 500,
      reason: 'requested_by_customer',
    });
    expect(refund).toMatchObject({ successful: true, data: { amount: 500, status: 'succeeded' } });

    const missing = await exec('STRIPE_CREATE_PAYMENT_INTENT', { amount: 100, currency: 'eur', customer: 'cus_nope' });
    expect(missing.successful).toBe(false);
    expect(missing.error).toContain("No such customer: 'cus_nope'");
  });

  it('an argument of the wrong type is a 400 validation error before Stripe is called', async () => {
    const before = stripe.up.requests.length;
    const r = await s.api('POST', '/tools/execute/STRIPE_CREATE_PAYMENT_INTENT', {
      user_id: 'st-user',
      arguments: { amount: 'nineteen', currency: 'eur' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBeDefined();
    expect(stripe.up.requests.length).toBe(before);
  });
});
