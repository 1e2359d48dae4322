import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback api.stripe.com with the few endpoints the curated Stripe tools are tested on:
 * customers (create, read, search), payment intents (create, read, cancel) and refunds. It checks
 * what Stripe checks: a Bearer secret key, form-encoded bodies (nested objects as `a[b]` brackets),
 * required parameters, and answers Stripe's error envelope otherwise.
 */
export interface FakeStripe {
  url: string;
  up: FakeUpstream;
  customers: Map<string, Record<string, unknown>>;
  intents: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

type Reply = { status?: number; json?: unknown };

const err = (status: number, message: string, param?: string): Reply => ({
  status,
  json: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } },
});

/** Stripe's form encoding back into an object: `metadata[plan]=pro` → { metadata: { plan: 'pro' } }. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = out as Record<string, unknown>;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else node = (node[p] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const up = await startFakeUpstream();
  const customers = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  let seq = 0;
  const authed =
    (fn: (req: RecordedRequest, p: Record<string, string>, form: Record<string, unknown>) => Reply) =>
    (req: RecordedRequest, p: Record<string, string>): Reply => {
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      if (
        req.method === 'POST' &&
        req.body.length &&
        req.headers['content-type'] !== 'application/x-www-form-urlencoded'
      )
        return err(400, 'Stripe accepts form-encoded bodies only');
      return fn(req, p, parseStripeForm(req.body.toString('utf8')));
    };

  up.on(
    'POST',
    '/v1/customers',
    authed((_r, _p, form) => {
      const id = `cus_${++seq}`;
      const c = { id, object: 'customer', ...form };
      customers.set(id, c);
      return { json: c };
    }),
  );
  const search = (req: RecordedRequest): Reply => {
    const q = req.query.get('query') ?? '';
    const m = /^email:'([^']+)'$/.exec(q);
    if (!m) return err(400, `Unsupported query for this fake: ${q}`, 'query');
    const data = [...customers.values()].filter((c) => c.email === m[1]);
    return { json: { object: 'search_result', data, has_more: false, next_page: null } };
  };
  // one route: /v1/customers/search and /v1/customers/{id} share the pattern
  up.on(
    'GET',
    '/v1/customers/:id',
    authed((req, p) => {
      if (p.id === 'search') return search(req);
      const c = customers.get(p.id!);
      return c ? { json: c } : err(404, `No such customer: '${p.id}'`, 'id');
    }),
  );
  up.on(
    'POST',
    '/v1/payment_intents',
    authed((_r, _p, form) => {
      if (!form.amount) return err(400, 'Missing required param: amount.', 'amount');
      if (!form.currency) return err(400, 'Missing required param: currency.', 'currency');
      if (form.customer && !customers.has(String(form.customer)))
        return err(400, `No such customer: '${form.customer}'`, 'customer');
      const id = `pi_${++seq}`;
      const pi = {
        id,
        object: 'payment_intent',
        ...form,
        amount: Number(form.amount),
        status: form.confirm === 'true' ? 'succeeded' : 'requires_payment_method',
        client_secret: `${id}_secret_x`,
      };
      intents.set(id, pi);
      return { json: pi };
    }),
  );
  up.on(
    'GET',
    '/v1/payment_intents/:id',
    authed((_r, p) => {
      const pi = intents.get(p.id!);
      return pi ? { json: pi } : err(404, `No such payment_intent: '${p.id}'`, 'intent');
    }),
  );
  up.on(
    'POST',
    '/v1/refunds',
    authed((_r, _p, form) => {
      const pi = intents.get(String(form.payment_intent ?? ''));
      if (!pi) return err(400, 'One of charge or payment_intent is required.', 'payment_intent');
      if (pi.status !== 'succeeded')
        return err(400, `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`);
      return {
        json: {
          id: `re_${++seq}`,
          object: 'refund',
          payment_intent: pi.id,
          amount: Number(form.amount ?? pi.amount),
          status: 'succeeded',
          reason: form.reason ?? null,
        },
      };
    }),
  );
  return { url: up.url, up, customers, intents, close: () => up.close() };
}
