/**
 * Xero in the hosted vocabulary on the Accounting API (api.xero.com/api.xro/2.0). Every call
 * names the organisation in the `xero-tenant-id` header; the hosted tools take it as an optional
 * `tenant_id` and, when it is absent, use the first organisation of GET /connections (so agents
 * with one organisation never think about it). Arguments are snake_case; the tools build Xero's
 * PascalCase bodies (`{"Invoices":[{"Type":"ACCREC","Contact":{"ContactID":…}}]}`).
 * Dates are YYYY-MM-DD; `where` filters use Xero's syntax, e.g. Status=="AUTHORISED".
 */
import { composite, params, s } from './define';
import { scopedRestTool } from './scoped-rest';
import type { CuratedContext, CuratedTool } from './types';
import { ToolFailure } from './types';

const CONNECTIONS_URL = 'https://api.xero.com/connections';
const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const list = (v: unknown) => (Array.isArray(v) ? v.join(',') : v);

const TENANT = s.string(
  'Organisation (tenant) id from XERO_GET_CONNECTIONS; the first connected organisation when omitted',
);
const WHERE = s.string('Xero filter, e.g. Status=="AUTHORISED" AND Type=="ACCREC" (use == and double quotes)');
const ORDER = s.string('Sort, e.g. Date DESC');
const PAGE = s.integer('1-based page (100 records a page)');
const MODIFIED = s.string('Only records changed since this UTC time, e.g. 2025-01-01T00:00:00');

async function tenantOf(ctx: CuratedContext, a: Record<string, unknown>): Promise<string> {
  if (typeof a.tenant_id === 'string' && a.tenant_id) return a.tenant_id;
  const conns = await ctx.json<{ tenantId?: string }[]>({ method: 'GET', url: CONNECTIONS_URL });
  const first = Array.isArray(conns) ? conns.find((c) => c.tenantId) : undefined;
  if (!first?.tenantId)
    throw new ToolFailure('No Xero organisation is connected to this account', { connections: conns });
  return first.tenantId;
}

/** One Xero request with the tenant header (and If-Modified-Since when the tool takes it). */
const xr = scopedRestTool<string>({
  tag: 'xero',
  input: (own) => ({ ...own, tenant_id: TENANT }),
  resolve: tenantOf,
  queryValue: list,
  request: (tenant, call, a) => {
    const headers: Record<string, string> = { 'xero-tenant-id': tenant, accept: 'application/json' };
    if (typeof a.if_modified_since === 'string') headers['if-modified-since'] = a.if_modified_since;
    return { method: call.method, path: call.path, query: call.query, headers, body: call.body };
  },
});

const LINE_ITEMS = s.array(
  s.object(
    {
      description: s.string('What the line is for'),
      quantity: s.number('Quantity', { default: 1 }),
      unit_amount: s.number('Price per unit'),
      account_code: s.string('Account code from XERO_LIST_ACCOUNTS, e.g. 200 (sales)'),
      tax_type: s.string('Tax type from XERO_LIST_TAX_RATES, e.g. OUTPUT'),
      item_code: s.string('Item code from XERO_LIST_ITEMS'),
    },
    'Line item',
  ),
  'Lines of the document',
);
const lineItems = (v: unknown) =>
  Array.isArray(v)
    ? v.map((l: Record<string, unknown>) =>
        drop({
          Description: l.description,
          Quantity: l.quantity,
          UnitAmount: l.unit_amount,
          AccountCode: l.account_code,
          TaxType: l.tax_type,
          ItemCode: l.item_code,
        }),
      )
    : undefined;

export const xeroTools: CuratedTool[] = [
  composite({
    slug: 'XERO_GET_CONNECTIONS',
    name: 'List connected organisations',
    description:
      'The Xero organisations this connection can reach: tenantId (the tenant_id of every other Xero tool), tenantName, tenantType. With several, pass the right tenant_id explicitly.',
    tags: ['xero'],
    important: true,
    input: params({}),
    async run(ctx) {
      const conns = await ctx.json<unknown[]>({ method: 'GET', url: CONNECTIONS_URL });
      return { connections: conns };
    },
  }),
  xr({
    slug: 'XERO_GET_ORGANISATION',
    name: 'Get organisation',
    method: 'GET',
    path: '/Organisation',
    input: {},
    description:
      'The organisation: name, base currency, country, timezone, financial year end, tax settings (Organisations[0]).',
  }),
  xr({
    slug: 'XERO_LIST_INVOICES',
    name: 'List invoices',
    important: true,
    method: 'GET',
    path: '/Invoices',
    input: {
      where: WHERE,
      order: ORDER,
      page: PAGE,
      statuses: s.strings('Only these statuses, e.g. ["AUTHORISED","PAID"]'),
      contact_ids: s.strings('Only invoices of these contacts'),
      invoice_numbers: s.strings('Only these invoice numbers'),
      if_modified_since: MODIFIED,
    },
    query: {
      where: 'where',
      order: 'order',
      page: 'page',
      statuses: 'Statuses',
      contact_ids: 'ContactIDs',
      invoice_numbers: 'InvoiceNumbers',
    },
    description:
      'Sales invoices (Type ACCREC) and bills (ACCPAY), 100 a page: InvoiceID, InvoiceNumber, Contact, Status, Total, AmountDue, DueDate. Filter by type with where=Type=="ACCREC".',
  }),
  xr({
    slug: 'XERO_GET_INVOICE',
    name: 'Get invoice',
    method: 'GET',
    path: '/Invoices/{invoice_id}',
    input: { invoice_id: s.string('InvoiceID (or the invoice number)') },
    description: 'One invoice with its line items, payments, status and amounts.',
  }),
  xr({
    slug: 'XERO_CREATE_INVOICE',
    name: 'Create invoice',
    important: true,
    method: 'POST',
    path: '/Invoices',
    input: {
      type: s.enum(['ACCREC', 'ACCPAY'], 'ACCREC: sales invoice; ACCPAY: bill', { default: 'ACCREC' }),
      contact_id: s.string('ContactID from XERO_GET_CONTACTS'),
      line_items: LINE_ITEMS,
      date: s.string('Issue date YYYY-MM-DD'),
      due_date: s.string('Due date YYYY-MM-DD'),
      reference: s.string('Reference shown on the invoice'),
      status: s.enum(['DRAFT', 'SUBMITTED', 'AUTHORISED'], 'Initial status', { default: 'DRAFT' }),
      currency_code: s.string('ISO currency, e.g. USD; the base currency when omitted'),
      line_amount_types: s.enum(['Exclusive', 'Inclusive', 'NoTax'], 'Whether unit amounts include tax'),
    },
    required: ['contact_id', 'line_items'],
    body: (a) => ({
      Invoices: [
        drop({
          Type: a.type ?? 'ACCREC',
          Contact: { ContactID: a.contact_id },
          LineItems: lineItems(a.line_items),
          Date: a.date,
          DueDate: a.due_date,
          Reference: a.reference,
          Status: a.status,
          CurrencyCode: a.currency_code,
          LineAmountTypes: a.line_amount_types,
        }),
      ],
    }),
    description:
      'Create a sales invoice or bill for a contact from line items (description, quantity, unit_amount, account_code). Returns Invoices[0] with InvoiceID and InvoiceNumber.',
  }),
  xr({
    slug: 'XERO_GET_CONTACTS',
    name: 'List contacts',
    important: true,
    method: 'GET',
    path: '/Contacts',
    input: {
      search_term: s.string('Match name, first/last name, email or account number'),
      where: WHERE,
      order: ORDER,
      page: PAGE,
      ids: s.strings('Only these ContactIDs'),
      include_archived: s.boolean('Include archived contacts'),
      if_modified_since: MODIFIED,
    },
    query: {
      search_term: 'searchTerm',
      where: 'where',
      order: 'order',
      page: 'page',
      ids: 'IDs',
      include_archived: 'includeArchived',
    },
    description:
      'Customers and suppliers: ContactID, Name, EmailAddress, IsCustomer, IsSupplier, balances. Find one by name with search_term.',
  }),
  xr({
    slug: 'XERO_CREATE_CONTACT',
    name: 'Create contact',
    method: 'POST',
    path: '/Contacts',
    input: {
      name: s.string('Contact (company or person) name, unique in the organisation'),
      email_address: s.string('Email'),
      first_name: s.string('First name of the person'),
      last_name: s.string('Last name of the person'),
      account_number: s.string('Your account number for them'),
      phone_number: s.string('Main phone number'),
    },
    required: ['name'],
    body: (a) => ({
      Contacts: [
        drop({
          Name: a.name,
          EmailAddress: a.email_address,
          FirstName: a.first_name,
          LastName: a.last_name,
          AccountNumber: a.account_number,
          Phones: a.phone_number ? [{ PhoneType: 'DEFAULT', PhoneNumber: a.phone_number }] : undefined,
        }),
      ],
    }),
    description: 'Create a customer or supplier. Returns Contacts[0] with ContactID for invoices and payments.',
  }),
  xr({
    slug: 'XERO_UPDATE_CONTACT',
    name: 'Update contact',
    method: 'POST',
    path: '/Contacts/{contact_id}',
    input: {
      contact_id: s.string('ContactID'),
      name: s.string('New name'),
      email_address: s.string('New email'),
      first_name: s.string('First name'),
      last_name: s.string('Last name'),
      account_number: s.string('Account number'),
    },
    body: (a) => ({
      Contacts: [
        drop({
          ContactID: a.contact_id,
          Name: a.name,
          EmailAddress: a.email_address,
          FirstName: a.first_name,
          LastName: a.last_name,
          AccountNumber: a.account_number,
        }),
      ],
    }),
    description: 'Change fields of a contact; fields not given stay as they are.',
  }),
  xr({
    slug: 'XERO_LIST_ACCOUNTS',
    name: 'List accounts',
    method: 'GET',
    path: '/Accounts',
    input: { where: WHERE, order: ORDER, if_modified_since: MODIFIED },
    query: { where: 'where', order: 'order' },
    description:
      'The chart of accounts: AccountID, Code (the account_code of line items), Name, Type (BANK, REVENUE, EXPENSE, …), Status.',
  }),
  xr({
    slug: 'XERO_LIST_PAYMENTS',
    name: 'List payments',
    method: 'GET',
    path: '/Payments',
    input: { where: WHERE, order: ORDER, page: PAGE, if_modified_since: MODIFIED },
    query: { where: 'where', order: 'order', page: 'page' },
    description: 'Payments applied to invoices and credit notes: PaymentID, Amount, Date, Invoice, Account, Status.',
  }),
  xr({
    slug: 'XERO_CREATE_PAYMENT',
    name: 'Record payment',
    important: true,
    method: 'PUT',
    path: '/Payments',
    input: {
      invoice_id: s.string('InvoiceID being paid'),
      account_id: s.string('AccountID of the bank account the money went to or from'),
      account_code: s.string('Or the Code of that account'),
      amount: s.number('Amount paid'),
      date: s.string('Payment date YYYY-MM-DD'),
      reference: s.string('Reference'),
    },
    required: ['invoice_id', 'amount'],
    body: (a) =>
      drop({
        Invoice: { InvoiceID: a.invoice_id },
        Account: drop({ AccountID: a.account_id, Code: a.account_code }),
        Amount: a.amount,
        Date: a.date,
        Reference: a.reference,
      }),
    description:
      'Record a payment against an authorised invoice or bill, from or into a bank account (account_id or account_code). Returns Payments[0].',
  }),
  xr({
    slug: 'XERO_LIST_BANK_TRANSACTIONS',
    name: 'List bank transactions',
    method: 'GET',
    path: '/BankTransactions',
    input: { where: WHERE, order: ORDER, page: PAGE, if_modified_since: MODIFIED },
    query: { where: 'where', order: 'order', page: 'page' },
    description:
      'Spend and receive money transactions: BankTransactionID, Type, Contact, BankAccount, Total, Date, Status (filter out DELETED with where).',
  }),
  xr({
    slug: 'XERO_CREATE_BANK_TRANSACTION',
    name: 'Create bank transaction',
    method: 'PUT',
    path: '/BankTransactions',
    input: {
      type: s.enum(['SPEND', 'RECEIVE'], 'SPEND: money out; RECEIVE: money in'),
      contact_id: s.string('ContactID'),
      bank_account_code: s.string('Code of the bank account (XERO_LIST_ACCOUNTS, Type BANK)'),
      line_items: LINE_ITEMS,
      date: s.string('Date YYYY-MM-DD'),
      reference: s.string('Reference'),
    },
    required: ['type', 'contact_id', 'bank_account_code', 'line_items'],
    body: (a) => ({
      BankTransactions: [
        drop({
          Type: a.type,
          Contact: { ContactID: a.contact_id },
          BankAccount: { Code: a.bank_account_code },
          LineItems: lineItems(a.line_items),
          Date: a.date,
          Reference: a.reference,
        }),
      ],
    }),
    description: 'Record money spent or received on a bank account outside an invoice. Returns BankTransactions[0].',
  }),
  xr({
    slug: 'XERO_LIST_ITEMS',
    name: 'List items',
    method: 'GET',
    path: '/Items',
    input: { where: WHERE, order: ORDER, if_modified_since: MODIFIED },
    query: { where: 'where', order: 'order' },
    description: 'Products and services: ItemID, Code (item_code of line items), Name, sales and purchase prices.',
  }),
  xr({
    slug: 'XERO_LIST_TAX_RATES',
    name: 'List tax rates',
    method: 'GET',
    path: '/TaxRates',
    input: { where: WHERE, order: ORDER },
    query: { where: 'where', order: 'order' },
    description: 'Tax rates: TaxType (the tax_type of line items), Name, EffectiveRate, Status.',
  }),
  xr({
    slug: 'XERO_LIST_CREDIT_NOTES',
    name: 'List credit notes',
    method: 'GET',
    path: '/CreditNotes',
    input: { where: WHERE, order: ORDER, page: PAGE, if_modified_since: MODIFIED },
    query: { where: 'where', order: 'order', page: 'page' },
    description: 'Credit notes to customers (ACCRECCREDIT) and from suppliers (ACCPAYCREDIT) with remaining credit.',
  }),
  xr({
    slug: 'XERO_LIST_QUOTES',
    name: 'List quotes',
    method: 'GET',
    path: '/Quotes',
    input: {
      status: s.string('Only this status, e.g. SENT or ACCEPTED'),
      contact_id: s.string('Only quotes of this contact'),
      date_from: s.string('Issued on or after YYYY-MM-DD'),
      date_to: s.string('Issued on or before YYYY-MM-DD'),
      page: PAGE,
      order: ORDER,
    },
    query: {
      status: 'Status',
      contact_id: 'ContactID',
      date_from: 'DateFrom',
      date_to: 'DateTo',
      page: 'page',
      order: 'order',
    },
    description: 'Sales quotes: QuoteID, QuoteNumber, Contact, Status, Total, ExpiryDate, with their lines.',
  }),
  xr({
    slug: 'XERO_LIST_PURCHASE_ORDERS',
    name: 'List purchase orders',
    method: 'GET',
    path: '/PurchaseOrders',
    input: {
      status: s.enum(['DRAFT', 'SUBMITTED', 'AUTHORISED', 'BILLED', 'DELETED'], 'Only this status'),
      date_from: s.string('On or after YYYY-MM-DD'),
      date_to: s.string('On or before YYYY-MM-DD'),
      order: ORDER,
      page: PAGE,
    },
    query: { status: 'Status', date_from: 'DateFrom', date_to: 'DateTo', order: 'order', page: 'page' },
    description: 'Purchase orders to suppliers with status, delivery date and lines.',
  }),
  xr({
    slug: 'XERO_GET_PROFIT_LOSS_REPORT',
    name: 'Profit and loss report',
    important: true,
    method: 'GET',
    path: '/Reports/ProfitAndLoss',
    input: {
      from_date: s.string('Start YYYY-MM-DD'),
      to_date: s.string('End YYYY-MM-DD'),
      periods: s.integer('Number of comparison periods (1-11)'),
      timeframe: s.enum(['MONTH', 'QUARTER', 'YEAR'], 'Length of each comparison period'),
    },
    required: [],
    query: { from_date: 'fromDate', to_date: 'toDate', periods: 'periods', timeframe: 'timeframe' },
    description:
      'Income, expenses and net profit for a period (Reports[0].Rows: sections with rows of cells; read totals by the row title, e.g. "Net Profit").',
  }),
  xr({
    slug: 'XERO_GET_BALANCE_SHEET_REPORT',
    name: 'Balance sheet report',
    method: 'GET',
    path: '/Reports/BalanceSheet',
    input: {
      date: s.string('As at this date YYYY-MM-DD (today when omitted)'),
      periods: s.integer('Number of comparison periods (1-11)'),
      timeframe: s.enum(['MONTH', 'QUARTER', 'YEAR'], 'Length of each comparison period'),
    },
    required: [],
    query: { date: 'date', periods: 'periods', timeframe: 'timeframe' },
    description: 'Assets, liabilities and equity at a date (Reports[0].Rows, totals in summary rows).',
  }),
];
