import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Xero tools (lib/catalog/curated/xero.ts) through the real execute pipeline against a loopback
// api.xero.com: the tenant header from tenant_id or from GET /connections, and Xero's PascalCase bodies.
const TOKEN = 'xero-access-token';
const TENANT = '70784a63-d24b-46a9-a4db-0e70a274b056';
let s: TestServer;
let xero: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, xero] = await Promise.all([providerServer(), startFakeUpstream()]);
  const authed =
    (ok: (req: { json?: unknown; headers: Record<string, unknown> }) => { status?: number; json?: unknown }) =>
    (req: { headers: Record<string, unknown>; json?: unknown }) =>
      req.headers.authorization === `Bearer ${TOKEN}`
        ? ok(req)
        : { status: 401, json: { Type: null, Title: 'Unauthorized', Status: 401 } };
  // a tenant-scoped endpoint refuses a request without the organisation header
  const tenanted = (ok: (req: { json?: unknown }) => { status?: number; json?: unknown }) =>
    authed((req) =>
      req.headers['xero-tenant-id'] === TENANT
        ? ok(req)
        : { status: 403, json: { Title: 'AuthenticationUnsuccessful' } },
    );
  xero.on(
    'GET',
    '/connections',
    authed(() => ({ json: [{ id: 'c1', tenantId: TENANT, tenantType: 'ORGANISATION', tenantName: 'Demo Company' }] })),
  );
  xero.on(
    'POST',
    '/api.xro/2.0/Invoices',
    tenanted((req) => ({
      json: {
        Invoices: [
          { InvoiceID: 'inv-1', InvoiceNumber: 'INV-0042', ...(req.json as { Invoices: object[] }).Invoices[0] },
        ],
      },
    })),
  );
  xero.on(
    'GET',
    '/api.xro/2.0/Invoices',
    tenanted(() => ({ json: { Invoices: [{ InvoiceID: 'inv-1', Status: 'AUTHORISED' }] } })),
  );
  xero.on(
    'PUT',
    '/api.xro/2.0/Payments',
    tenanted((req) => ({ json: { Payments: [{ PaymentID: 'pay-1', ...(req.json as object) }] } })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'xero',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: `${xero.url}/api.xro/2.0` },
      userId: 'books-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), xero?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Xero curated tools', () => {
  it('XERO_CREATE_INVOICE without tenant_id reads the organisation from /connections and posts a PascalCase invoice', async () => {
    xero.reset();
    const r = await exec('XERO_CREATE_INVOICE', {
      contact_id: 'contact-9',
      line_items: [{ description: 'Consulting', quantity: 2, unit_amount: 150, account_code: '200' }],
      due_date: '2025-07-31',
      reference: 'PO-7',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { Invoices: [{ InvoiceID: 'inv-1', InvoiceNumber: 'INV-0042' }] },
    });
    expect(xero.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /connections',
      'POST /api.xro/2.0/Invoices',
    ]);
    const post = xero.last()!;
    expect(post.headers['xero-tenant-id']).toBe(TENANT);
    expect(post.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(post.json).toEqual({
      Invoices: [
        {
          Type: 'ACCREC',
          Contact: { ContactID: 'contact-9' },
          LineItems: [{ Description: 'Consulting', Quantity: 2, UnitAmount: 150, AccountCode: '200' }],
          DueDate: '2025-07-31',
          Reference: 'PO-7',
        },
      ],
    });
  });

  it('XERO_LIST_INVOICES with tenant_id skips /connections and sends where, Statuses and page as Xero names them', async () => {
    xero.reset();
    const r = await exec('XERO_LIST_INVOICES', {
      tenant_id: TENANT,
      where: 'Type=="ACCREC"',
      statuses: ['AUTHORISED', 'PAID'],
      page: 2,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { Invoices: [{ InvoiceID: 'inv-1' }] },
    });
    expect(xero.requests).toHaveLength(1);
    const q = xero.last()!.query;
    expect([q.get('where'), q.get('Statuses'), q.get('page')]).toEqual(['Type=="ACCREC"', 'AUTHORISED,PAID', '2']);
  });

  it('XERO_CREATE_PAYMENT links the invoice and the bank account code', async () => {
    xero.reset();
    const r = await exec('XERO_CREATE_PAYMENT', {
      tenant_id: TENANT,
      invoice_id: 'inv-1',
      account_code: '090',
      amount: 300,
      date: '2025-07-15',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { Payments: [{ PaymentID: 'pay-1' }] },
    });
    expect(xero.last()!.json).toEqual({
      Invoice: { InvoiceID: 'inv-1' },
      Account: { Code: '090' },
      Amount: 300,
      Date: '2025-07-15',
    });
  });

  it('a wrong tenant_id ends with successful:false and the status Xero answered', async () => {
    xero.reset();
    const r = await exec('XERO_LIST_INVOICES', { tenant_id: 'someone-else' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: false });
    expect(JSON.stringify(r.body.data)).toContain('403');
  });
});
