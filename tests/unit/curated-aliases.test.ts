import { describe, expect, it } from 'vitest';
import { asanaOperationAliases } from '../../lib/catalog/curated/asana-aliases';
import { ALIASES } from '../../lib/catalog/curated/index';
import { stripeOperationAliases } from '../../lib/catalog/curated/stripe-aliases';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';

// Hosted Stripe and Asana names that resolve as aliases of generated operations: each sample takes
// the hosted arguments (the provider's own parameter names) and must build the request the provider
// documents for that operation, so the pairing itself is checked, not only that the name resolves.
type Want = { method: string; path: string; query?: Record<string, string>; form?: Record<string, string> };
const SAMPLE: [string, string, Record<string, unknown>, Want][] = [
  [
    'https://api.stripe.com',
    'STRIPE_CREATE_COUPON',
    { percent_off: 25, duration: 'repeating', duration_in_months: 3, name: 'Spring' },
    {
      method: 'POST',
      path: '/v1/coupons',
      form: { percent_off: '25', duration: 'repeating', duration_in_months: '3', name: 'Spring' },
    },
  ],
  [
    'https://api.stripe.com',
    'STRIPE_CREATE_PAYMENT_LINK',
    { line_items: [{ price: 'price_1', quantity: 2 }] },
    {
      method: 'POST',
      path: '/v1/payment_links',
      form: { 'line_items[0][price]': 'price_1', 'line_items[0][quantity]': '2' },
    },
  ],
  [
    'https://api.stripe.com',
    'STRIPE_CREATE_CHECKOUT_SESSION',
    { mode: 'payment', success_url: 'https://example.com/ok' },
    { method: 'POST', path: '/v1/checkout/sessions', form: { mode: 'payment', success_url: 'https://example.com/ok' } },
  ],
  [
    'https://api.stripe.com',
    'STRIPE_CREATE_TAX_RATE',
    { display_name: 'VAT', percentage: 20, inclusive: false },
    { method: 'POST', path: '/v1/tax_rates', form: { display_name: 'VAT', percentage: '20', inclusive: 'false' } },
  ],
  [
    'https://api.stripe.com',
    'STRIPE_LIST_DISPUTES',
    { limit: 5, charge: 'ch_1' },
    { method: 'GET', path: '/v1/disputes', query: { limit: '5', charge: 'ch_1' } },
  ],
  [
    'https://api.stripe.com',
    'STRIPE_LIST_BALANCE_TRANSACTIONS',
    { payout: 'po_1', limit: 10 },
    { method: 'GET', path: '/v1/balance_transactions', query: { payout: 'po_1', limit: '10' } },
  ],
  [
    'https://api.stripe.com',
    'STRIPE_LIST_TERMINAL_READERS',
    { location: 'tml_1' },
    { method: 'GET', path: '/v1/terminal/readers', query: { location: 'tml_1' } },
  ],
  [
    'https://api.stripe.com',
    'STRIPE_LIST_CHECKOUT_SESSIONS',
    { customer: 'cus_1' },
    { method: 'GET', path: '/v1/checkout/sessions', query: { customer: 'cus_1' } },
  ],
  ['https://app.asana.com/api/1.0', 'ASANA_GET_TAG', { tag_gid: '111' }, { method: 'GET', path: '/api/1.0/tags/111' }],
  [
    'https://app.asana.com/api/1.0',
    'ASANA_DELETE_PROJECT',
    { project_gid: '222' },
    { method: 'DELETE', path: '/api/1.0/projects/222' },
  ],
  [
    'https://app.asana.com/api/1.0',
    'ASANA_GET_PROJECTS_FOR_TEAM',
    { team_gid: '333', limit: 20 },
    { method: 'GET', path: '/api/1.0/teams/333/projects', query: { limit: '20' } },
  ],
  [
    'https://app.asana.com/api/1.0',
    'ASANA_GET_TAGS_FOR_TASK',
    { task_gid: '444' },
    { method: 'GET', path: '/api/1.0/tasks/444/tags' },
  ],
  [
    'https://app.asana.com/api/1.0',
    'ASANA_GET_TASKS_FOR_USER_TASK_LIST',
    { user_task_list_gid: '555', opt_fields: 'name,completed' },
    { method: 'GET', path: '/api/1.0/user_task_lists/555/tasks', query: { opt_fields: 'name,completed' } },
  ],
  [
    'https://app.asana.com/api/1.0',
    'ASANA_GET_WORKSPACE_MEMBERSHIPS',
    { workspace_gid: '666' },
    { method: 'GET', path: '/api/1.0/workspaces/666/workspace_memberships' },
  ],
];

const TABLES: Record<string, Record<string, string>> = { stripe: stripeOperationAliases, asana: asanaOperationAliases };

describe('hosted Stripe and Asana names that alias generated operations', () => {
  it.each(SAMPLE)('%s %s takes the hosted arguments and builds the documented request', (base, slug, args, want) => {
    const tool = getTool(slug);
    expect(tool, slug).toBeDefined();
    expect(tool!.aliasOf, slug).toBe(TABLES[tool!.toolkit]![slug]);
    expect(tool!.deprecated).toBe(true);
    const props = Object.keys(tool!.inputParameters.properties ?? {});
    for (const a of Object.keys(args)) expect(props, `${slug} accepts ${a}`).toContain(a);
    const req = buildToolRequest(tool!, base, args);
    expect(req.method).toBe(want.method);
    expect(req.url.pathname).toBe(want.path);
    const query = Object.fromEntries(req.url.searchParams.entries());
    for (const [k, v] of Object.entries(want.query ?? {})) expect(query[k], `${slug} ?${k}`).toBe(v);
    if (want.form) {
      const form = Object.fromEntries(new URLSearchParams(String(req.body)).entries());
      for (const [k, v] of Object.entries(want.form)) expect(form[k], `${slug} body ${k}`).toBe(v);
    }
  });

  it('every Stripe alias is a collection-level operation: no path parameter to name differently', () => {
    for (const [alias, target] of Object.entries(stripeOperationAliases)) {
      const t = getTool(target);
      expect(t, target).toBeDefined();
      expect(t!.http.path, alias).not.toContain('{');
      expect(alias.startsWith('STRIPE_CREATE_') ? t!.http.method : 'GET', alias).toBe(
        alias.startsWith('STRIPE_CREATE_') ? 'POST' : t!.http.method,
      );
    }
  });

  it('every Asana alias is a read or a delete', () => {
    for (const target of Object.values(asanaOperationAliases)) {
      expect(['GET', 'DELETE'], target).toContain(getTool(target)?.http.method);
    }
  });
});

describe('curated tools renamed to the hosted slug keep their older slug as an alias', () => {
  const RENAMED: [string, string, string][] = [
    ['CALENDLY_CANCEL_EVENT', 'CALENDLY_CANCEL_SCHEDULED_EVENT', 'POST /scheduled_events/{uuid}/cancellation'],
    ['ONE_DRIVE_GET_SITE_DETAILS', 'ONE_DRIVE_GET_SITE', 'GET /sites/{siteId}'],
    [
      'SENTRY_RETRIEVE_USER_FEEDBACK_FOR_PROJECT',
      'SENTRY_LIST_A_PROJECTS_USER_FEEDBACK',
      'GET /projects/{organization_id_or_slug}/{project_id_or_slug}/user-feedback/',
    ],
  ];
  it.each(RENAMED)('%s → %s', (old, current, op) => {
    const now = getTool(current);
    expect(now?.aliasOf).toBeUndefined();
    expect(`${now!.http.method} ${now!.http.path}`).toBe(op);
    const alias = getTool(old);
    expect(alias).toMatchObject({ aliasOf: current, deprecated: true, http: now!.http });
    expect(alias!.inputParameters).toEqual(now!.inputParameters);
  });

  it('ZOOM_GET_USER is the hosted name of the curated ZOOM_GET_A_USER (which also replaces the generated operation of that slug)', () => {
    const now = getTool('ZOOM_GET_A_USER');
    expect(now?.curated).toBeDefined();
    expect(getTool('ZOOM_GET_USER')).toMatchObject({ aliasOf: 'ZOOM_GET_A_USER', deprecated: true, http: now!.http });
  });

  it('the Shopify locations list (a GraphQL composite) answers to both names', () => {
    expect(getTool('SHOPIFY_LIST_LOCATIONS')?.aliasOf).toBeUndefined();
    expect(getTool('SHOPIFY_LIST_LOCATION')).toMatchObject({ aliasOf: 'SHOPIFY_LIST_LOCATIONS', deprecated: true });
  });

  it('no alias table hides a tool that really has that slug', () => {
    for (const table of Object.values(ALIASES)) {
      for (const [alias, target] of Object.entries(table)) {
        const t = getTool(alias);
        if (t?.aliasOf) expect(t.aliasOf, alias).toBe(target);
      }
    }
  });
});
