/**
 * Salesforce in the hosted vocabulary, on the REST API (v61.0) of the connected org. Each org has
 * its own API host: the OAuth token response names it in `instance_url`, which Junction keeps in
 * the account's state and uses as the base URL (lib/services/tools/http.ts), so every path here
 * starts at the host: /services/data/v61.0/…
 *
 * The record tools take Salesforce's own field API names as arguments (LastName, Company,
 * StageName …), which is how the hosted tools name them; snake_case spellings of the same fields
 * (last_name) are accepted too. Custom fields (Foo__c) go in `fields`. Search tools build a
 * SOQL query from simple filters, with every value escaped.
 */
import { composite, params, s } from './define';
import { oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { CuratedContext, CuratedTool, ProviderRequest } from './types';
import { ToolArgumentError, ToolFailure } from './types';

type Args = Record<string, unknown>;
export const SF_API = '/services/data/v61.0';

/** A SOQL string literal: backslashes and quotes escaped, so a value cannot end the literal. */
export const soqlString = (v: unknown) =>
  `'${String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
/** a LIKE pattern: also escape the wildcards the caller did not mean */
const like = (v: unknown) => soqlString(`%${String(v).replace(/[%_]/g, (c) => `\\${c}`)}%`);
/** Salesforce ids are 15 or 18 letters and digits; anything else would change the path. */
function sfId(v: unknown, arg: string): string {
  const t = String(v ?? '').trim();
  if (!/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/.test(t))
    throw new ToolArgumentError(`${arg} must be a 15 or 18 character Salesforce id`);
  return t;
}
function objectName(v: unknown, arg = 'object_type'): string {
  const t = String(v ?? '').trim();
  if (!/^[A-Za-z][A-Za-z0-9_]{0,79}$/.test(t))
    throw new ToolArgumentError(`${arg} must be an object API name such as Account or Invoice__c`);
  return t;
}
const snake = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Accept last_name for LastName: fold snake_case spellings of declared field names into them. */
function acceptSnake(names: string[]) {
  const bySnake = new Map(names.map((n) => [snake(n), n]));
  return (a: Args): Args => {
    const out = { ...a };
    for (const [k, v] of Object.entries(a)) {
      const canon = bySnake.get(k);
      if (canon && canon !== k && out[canon] === undefined) {
        out[canon] = v;
        delete out[k];
      }
    }
    return out;
  };
}

/** The record body: the declared Salesforce fields that were given, plus `fields` (custom fields). */
function recordBody(a: Args, names: string[]): Args {
  const body: Args = {};
  for (const n of names) if (a[n] !== undefined) body[n] = a[n];
  const extra = a.fields;
  if (extra && typeof extra === 'object' && !Array.isArray(extra)) Object.assign(body, extra);
  return body;
}

const FIELDS_ARG = s.object({}, 'More fields by API name, e.g. custom fields {"Region__c": "EMEA"}');
const SELECT_ARG = s.string('Comma-separated field API names to return; all fields when omitted');
const LIMIT = s.integer('How many records at most (default 25, at most 2000)', {
  default: 25,
  minimum: 1,
  maximum: 2000,
});

interface SObjectSpec {
  object: string;
  /** hosted slug stem: LEAD, CONTACT, ACCOUNT, OPPORTUNITY */
  stem: string;
  idArg: string;
  label: string;
  fields: Record<string, Record<string, unknown>>;
  required: string[];
  /** SOQL fields the search tool returns */
  listFields: string;
  /** search filter argument → SOQL condition */
  filters: Record<string, { schema: Record<string, unknown>; where: (v: unknown) => string }>;
  next: string;
}

/**
 * One REST call; a non-2xx answer ends the tool unsuccessful with Salesforce's own words. Its
 * errors are a JSON array of {errorCode, message, fields}, which the generic path would not read.
 */
async function sfJson<T = Args>(ctx: CuratedContext, req: ProviderRequest): Promise<T> {
  const res = await ctx.call(req);
  if (res.ok) return (res.body ?? {}) as T;
  const list = Array.isArray(res.body) ? (res.body as Args[]) : [res.body as Args];
  const message =
    list
      .filter((e) => e && typeof e === 'object' && (e.message || e.error_description))
      .map((e) => (e.errorCode ? `${e.errorCode}: ${e.message}` : String(e.message ?? e.error_description)))
      .join('; ') || `HTTP ${res.status} from Salesforce`;
  throw new ToolFailure(message, { http_error: res.body ?? null, status_code: res.status });
}

async function soql(ctx: CuratedContext, q: string) {
  return sfJson(ctx, { method: 'GET', path: `${SF_API}/query`, query: { q } });
}

function sobjectTools(o: SObjectSpec): CuratedTool[] {
  const names = Object.keys(o.fields);
  const normalize = acceptSnake(names);
  const lower = o.label.toLowerCase();
  const id = s.string(`${o.label} id (15 or 18 characters)`);
  return [
    composite({
      slug: `SALESFORCE_CREATE_${o.stem}`,
      name: `Create ${lower}`,
      important: true,
      tags: ['salesforce', lower],
      description: `Create a ${lower} record. Required: ${o.required.join(', ')}; other standard fields by their API names, custom ones in fields. Returns id and success; ${o.next}. Org validation or duplicate rules can refuse a record: the call then ends unsuccessful with Salesforce's error code and message.`,
      input: params({ ...o.fields, fields: FIELDS_ARG }, o.required),
      normalize,
      run: async (ctx, a) =>
        sfJson(ctx, { method: 'POST', path: `${SF_API}/sobjects/${o.object}`, body: recordBody(a, names) }),
    }),
    composite({
      slug: `SALESFORCE_GET_${o.stem}`,
      name: `Get ${lower}`,
      important: o.stem !== 'ACCOUNT',
      tags: ['salesforce', lower],
      description: `Read one ${lower} by id with all its fields (or only those named in fields, comma-separated).`,
      input: params({ [o.idArg]: id, fields: SELECT_ARG }, [o.idArg]),
      run: async (ctx, a) =>
        sfJson(ctx, {
          method: 'GET',
          path: `${SF_API}/sobjects/${o.object}/${sfId(a[o.idArg], o.idArg)}`,
          query: { fields: a.fields as string | undefined },
        }),
    }),
    composite({
      slug: `SALESFORCE_UPDATE_${o.stem}`,
      name: `Update ${lower}`,
      tags: ['salesforce', lower],
      description: `Change fields of a ${lower}: give ${o.idArg} and only the fields to change (API names; custom ones in fields). Salesforce answers with no content; this returns the id and success:true.`,
      input: params({ [o.idArg]: id, ...o.fields, fields: FIELDS_ARG }, [o.idArg]),
      normalize,
      run: async (ctx, a) => {
        const recordId = sfId(a[o.idArg], o.idArg);
        const body = recordBody(a, names);
        if (!Object.keys(body).length)
          throw new ToolArgumentError(`give at least one field to change besides ${o.idArg}`);
        await sfJson(ctx, { method: 'PATCH', path: `${SF_API}/sobjects/${o.object}/${recordId}`, body });
        return { id: recordId, success: true };
      },
    }),
    composite({
      slug: `SALESFORCE_DELETE_${o.stem}`,
      name: `Delete ${lower}`,
      tags: ['salesforce', lower],
      description: `Delete a ${lower} (it goes to the recycle bin). Returns the id and success:true.`,
      input: params({ [o.idArg]: id }, [o.idArg]),
      run: async (ctx, a) => {
        const recordId = sfId(a[o.idArg], o.idArg);
        await sfJson(ctx, { method: 'DELETE', path: `${SF_API}/sobjects/${o.object}/${recordId}` });
        return { id: recordId, success: true };
      },
    }),
    composite({
      slug: `SALESFORCE_SEARCH_${o.stem === 'OPPORTUNITY' ? 'OPPORTUNITIES' : `${o.stem}S`}`,
      name: `Search ${lower === 'opportunity' ? 'opportunities' : `${lower}s`}`,
      important: true,
      tags: ['salesforce', lower],
      description: `Find ${lower} records by simple filters (text filters match partially), newest first. Returns records (Id and the main fields) and totalSize; use SALESFORCE_RUN_SOQL_QUERY for anything more complex.`,
      input: params({
        ...Object.fromEntries(Object.entries(o.filters).map(([k, f]) => [k, f.schema])),
        limit: LIMIT,
      }),
      run: async (ctx, a) => {
        const where = Object.entries(o.filters)
          .filter(([k]) => a[k] !== undefined && a[k] !== null && a[k] !== '')
          .map(([k, f]) => f.where(a[k]));
        const limit = Math.min(Math.max(Number(a.limit ?? 25) || 25, 1), 2000);
        const q =
          `SELECT ${o.listFields} FROM ${o.object}` +
          (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
          ` ORDER BY CreatedDate DESC LIMIT ${limit}`;
        return soql(ctx, q);
      },
    }),
  ];
}

const text = (col: string, what: string) => ({
  schema: s.string(what),
  where: (v: unknown) => `${col} LIKE ${like(v)}`,
});
const exact = (col: string, what: string) => ({
  schema: s.string(what),
  where: (v: unknown) => `${col} = ${soqlString(v)}`,
});

const LEAD: SObjectSpec = {
  object: 'Lead',
  stem: 'LEAD',
  idArg: 'lead_id',
  label: 'Lead',
  fields: {
    LastName: s.string('Last name'),
    Company: s.string('Company'),
    FirstName: s.string('First name'),
    Email: s.string('Email', { format: 'email' }),
    Phone: s.string('Phone'),
    Title: s.string('Job title'),
    Status: s.string("Lead status, one of the org's picklist values (e.g. Open - Not Contacted)"),
    LeadSource: s.string('Lead source, e.g. Web'),
    Industry: s.string('Industry'),
    Website: s.string('Website'),
    Description: s.string('Description'),
    OwnerId: s.string('Owner user id'),
  },
  required: ['LastName', 'Company'],
  listFields: 'Id, FirstName, LastName, Name, Company, Email, Phone, Title, Status, LeadSource, OwnerId, CreatedDate',
  filters: {
    name: text('Name', 'Part of the full name'),
    email: text('Email', 'Part of the email'),
    company: text('Company', 'Part of the company name'),
    phone: text('Phone', 'Part of the phone number'),
    title: text('Title', 'Part of the job title'),
    status: exact('Status', 'Exact lead status'),
    lead_source: exact('LeadSource', 'Exact lead source'),
  },
  next: 'add it to a campaign with SALESFORCE_ADD_LEAD_TO_CAMPAIGN',
};
const CONTACT: SObjectSpec = {
  object: 'Contact',
  stem: 'CONTACT',
  idArg: 'contact_id',
  label: 'Contact',
  fields: {
    LastName: s.string('Last name'),
    FirstName: s.string('First name'),
    Email: s.string('Email', { format: 'email' }),
    Phone: s.string('Phone'),
    MobilePhone: s.string('Mobile phone'),
    Title: s.string('Job title'),
    Department: s.string('Department'),
    AccountId: s.string('Account id the contact works for'),
    LeadSource: s.string('Lead source'),
    MailingCity: s.string('Mailing city'),
    MailingCountry: s.string('Mailing country'),
    Description: s.string('Description'),
    OwnerId: s.string('Owner user id'),
  },
  required: ['LastName'],
  listFields: 'Id, FirstName, LastName, Name, Email, Phone, Title, AccountId, Account.Name, OwnerId, CreatedDate',
  filters: {
    name: text('Name', 'Part of the full name'),
    email: text('Email', 'Part of the email'),
    phone: text('Phone', 'Part of the phone number'),
    title: text('Title', 'Part of the job title'),
    account_name: text('Account.Name', 'Part of the account name'),
    account_id: exact('AccountId', 'Only contacts of this account id'),
  },
  next: 'link it to an account with SALESFORCE_ASSOCIATE_CONTACT_TO_ACCOUNT',
};
const ACCOUNT: SObjectSpec = {
  object: 'Account',
  stem: 'ACCOUNT',
  idArg: 'account_id',
  label: 'Account',
  fields: {
    Name: s.string('Account (company) name'),
    Type: s.string('Type, e.g. Customer - Direct or Prospect'),
    Industry: s.string('Industry'),
    Phone: s.string('Phone'),
    Website: s.string('Website'),
    NumberOfEmployees: s.integer('Number of employees'),
    AnnualRevenue: s.number('Annual revenue'),
    BillingStreet: s.string('Billing street'),
    BillingCity: s.string('Billing city'),
    BillingState: s.string('Billing state or province'),
    BillingPostalCode: s.string('Billing postal code'),
    BillingCountry: s.string('Billing country'),
    Description: s.string('Description'),
    ParentId: s.string('Parent account id'),
    OwnerId: s.string('Owner user id'),
  },
  required: ['Name'],
  listFields: 'Id, Name, Type, Industry, Phone, Website, BillingCity, BillingCountry, OwnerId, CreatedDate',
  filters: {
    name: text('Name', 'Part of the account name'),
    industry: exact('Industry', 'Exact industry'),
    type: exact('Type', 'Exact account type'),
    billing_city: text('BillingCity', 'Part of the billing city'),
    billing_country: text('BillingCountry', 'Part of the billing country'),
    website: text('Website', 'Part of the website'),
  },
  next: 'give the id as AccountId when creating contacts and opportunities',
};
const OPPORTUNITY: SObjectSpec = {
  object: 'Opportunity',
  stem: 'OPPORTUNITY',
  idArg: 'opportunity_id',
  label: 'Opportunity',
  fields: {
    Name: s.string('Opportunity name'),
    StageName: s.string("Sales stage, one of the org's stage values (e.g. Prospecting, Closed Won)"),
    CloseDate: s.string('Expected close date, YYYY-MM-DD', { format: 'date' }),
    Amount: s.number('Amount'),
    AccountId: s.string('Account id'),
    Probability: s.number('Probability in percent'),
    Type: s.string('Type, e.g. New Customer'),
    LeadSource: s.string('Lead source'),
    NextStep: s.string('Next step'),
    Description: s.string('Description'),
    OwnerId: s.string('Owner user id'),
  },
  required: ['Name', 'StageName', 'CloseDate'],
  listFields:
    'Id, Name, StageName, Amount, CloseDate, Probability, AccountId, Account.Name, IsClosed, IsWon, OwnerId, CreatedDate',
  filters: {
    name: text('Name', 'Part of the opportunity name'),
    stage_name: exact('StageName', 'Exact stage'),
    account_id: exact('AccountId', 'Only opportunities of this account id'),
    min_amount: { schema: s.number('Amount at least'), where: (v) => `Amount >= ${Number(v)}` },
    close_date_before: {
      schema: s.string('Closing on or before, YYYY-MM-DD'),
      where: (v) => `CloseDate <= ${dateLiteral(v)}`,
    },
    is_closed: {
      schema: s.boolean('Only closed (true) or open (false) ones'),
      where: (v) => `IsClosed = ${v === true}`,
    },
  },
  next: 'read it back with SALESFORCE_GET_OPPORTUNITY',
};

/** SOQL date literals are unquoted: accept only YYYY-MM-DD. */
function dateLiteral(v: unknown): string {
  const t = String(v);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(t)) throw new ToolArgumentError('dates must be YYYY-MM-DD');
  return t;
}

const TASK_FIELDS: Record<string, string> = {
  subject: 'Subject',
  status: 'Status',
  priority: 'Priority',
  activity_date: 'ActivityDate',
  who_id: 'WhoId',
  what_id: 'WhatId',
  owner_id: 'OwnerId',
  description: 'Description',
};
const taskInput = {
  subject: s.string('Subject, e.g. Call back'),
  status: s.string("Status, one of the org's values (Not Started, In Progress, Completed …)"),
  priority: s.string('Priority: High, Normal or Low'),
  activity_date: s.string('Due date, YYYY-MM-DD', { format: 'date' }),
  who_id: s.string('Lead or contact id the task is about'),
  what_id: s.string('Account, opportunity or other record id the task is about'),
  owner_id: s.string('Assigned user id; the connected user when omitted'),
  description: s.string('Comments'),
};
const taskBody = (a: Args) =>
  Object.fromEntries(Object.entries(TASK_FIELDS).flatMap(([k, f]) => (a[k] === undefined ? [] : [[f, a[k]]])));

export const salesforceTools: CuratedTool[] = [
  ...sobjectTools(LEAD),
  ...sobjectTools(CONTACT),
  ...sobjectTools(ACCOUNT),
  ...sobjectTools(OPPORTUNITY),
  composite({
    slug: 'SALESFORCE_RUN_SOQL_QUERY',
    name: 'Run SOQL query',
    important: true,
    tags: ['salesforce', 'query'],
    description:
      "Run a SOQL query (SELECT Id, Name FROM Account WHERE Industry = 'Energy' LIMIT 10) and get records, totalSize and done. Use field API names, not labels. When done is false, pass nextRecordsUrl to SALESFORCE_QUERY_MORE for the next batch.",
    input: params({ query: s.string('The SOQL query') }, ['query']),
    aliases: ['SALESFORCE_QUERY', 'SALESFORCE_EXECUTE_SOQL_QUERY'],
    run: async (ctx, a) => soql(ctx, String(a.query)),
  }),
  composite({
    slug: 'SALESFORCE_QUERY_MORE',
    name: 'Next page of a query',
    tags: ['salesforce', 'query'],
    description:
      'The next batch of a SOQL result: pass the nextRecordsUrl of the previous answer (or just its locator). Repeat until done is true.',
    input: params(
      {
        next_records_url: s.string(
          'nextRecordsUrl from the previous answer, e.g. /services/data/v61.0/query/01g…-2000',
        ),
      },
      ['next_records_url'],
    ),
    run: async (ctx, a) => {
      const locator = String(a.next_records_url).split('/').pop() ?? '';
      if (!/^[A-Za-z0-9-]+$/.test(locator)) throw new ToolArgumentError('next_records_url is not a query locator');
      return sfJson(ctx, { method: 'GET', path: `${SF_API}/query/${locator}` });
    },
  }),
  composite({
    slug: 'SALESFORCE_EXECUTE_SOSL_SEARCH',
    name: 'Search across objects (SOSL)',
    aliases: ['SALESFORCE_SEARCH'],
    tags: ['salesforce', 'query'],
    description:
      'Full-text search across several objects at once with SOSL, e.g. FIND {Acme} IN ALL FIELDS RETURNING Account(Id, Name), Contact(Id, Name, Email). Returns searchRecords, each with its type in attributes.',
    input: params({ search_query: s.string('The SOSL statement') }, ['search_query']),
    normalize: (a) =>
      a.search_query === undefined && a.q !== undefined ? { ...a, search_query: a.q, q: undefined } : a,
    run: async (ctx, a) =>
      sfJson(ctx, { method: 'GET', path: `${SF_API}/search`, query: { q: String(a.search_query) } }),
  }),
  composite({
    slug: 'SALESFORCE_CREATE_TASK',
    name: 'Create task',
    important: true,
    tags: ['salesforce', 'task'],
    description:
      'Create a task (to-do or follow-up), linked to a lead or contact (who_id) and/or an account or opportunity (what_id). Returns id and success.',
    input: params(taskInput, ['subject']),
    run: async (ctx, a) => sfJson(ctx, { method: 'POST', path: `${SF_API}/sobjects/Task`, body: taskBody(a) }),
  }),
  composite({
    slug: 'SALESFORCE_UPDATE_TASK',
    name: 'Update task',
    tags: ['salesforce', 'task'],
    description: 'Change fields of a task; give task_id and only what changes. Returns the id and success:true.',
    input: params({ task_id: s.string('Task id'), ...taskInput }, ['task_id']),
    run: async (ctx, a) => {
      const taskId = sfId(a.task_id, 'task_id');
      const body = taskBody(a);
      if (!Object.keys(body).length) throw new ToolArgumentError('give at least one field to change besides task_id');
      await sfJson(ctx, { method: 'PATCH', path: `${SF_API}/sobjects/Task/${taskId}`, body });
      return { id: taskId, success: true };
    },
  }),
  composite({
    slug: 'SALESFORCE_COMPLETE_TASK',
    name: 'Complete task',
    tags: ['salesforce', 'task'],
    description:
      'Mark a task Completed, optionally adding completion notes to its comments. Returns the id and success:true.',
    input: params({ task_id: s.string('Task id'), completion_notes: s.string('Notes to store in the comments') }, [
      'task_id',
    ]),
    run: async (ctx, a) => {
      const taskId = sfId(a.task_id, 'task_id');
      const body: Args = { Status: 'Completed' };
      if (a.completion_notes !== undefined) body.Description = a.completion_notes;
      await sfJson(ctx, { method: 'PATCH', path: `${SF_API}/sobjects/Task/${taskId}`, body });
      return { id: taskId, success: true, status: 'Completed' };
    },
  }),
  composite({
    slug: 'SALESFORCE_SEARCH_TASKS',
    name: 'Search tasks',
    tags: ['salesforce', 'task'],
    description: 'Find tasks by subject (partial), status, priority, related record or owner, newest first.',
    input: params({
      subject: s.string('Part of the subject'),
      status: s.string('Exact status'),
      priority: s.string('Exact priority'),
      who_id: s.string('Lead or contact id'),
      what_id: s.string('Related record id'),
      owner_id: s.string('Assigned user id'),
      limit: LIMIT,
    }),
    run: async (ctx, a) => {
      const where: string[] = [];
      if (a.subject) where.push(`Subject LIKE ${like(a.subject)}`);
      for (const [k, col] of [
        ['status', 'Status'],
        ['priority', 'Priority'],
        ['who_id', 'WhoId'],
        ['what_id', 'WhatId'],
        ['owner_id', 'OwnerId'],
      ] as const)
        if (a[k]) where.push(`${col} = ${soqlString(a[k])}`);
      const limit = Math.min(Math.max(Number(a.limit ?? 25) || 25, 1), 2000);
      return soql(
        ctx,
        'SELECT Id, Subject, Status, Priority, ActivityDate, WhoId, WhatId, OwnerId, Description, CreatedDate FROM Task' +
          (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
          ` ORDER BY CreatedDate DESC LIMIT ${limit}`,
      );
    },
  }),
  composite({
    slug: 'SALESFORCE_CREATE_NOTE',
    name: 'Create note',
    tags: ['salesforce', 'note'],
    description:
      'Attach a note (title and text) to a record such as an account, contact or opportunity. Returns id and success.',
    input: params(
      {
        parent_id: s.string('Id of the record the note belongs to'),
        title: s.string('Note title'),
        body: s.string('Note text'),
        is_private: s.boolean('Visible only to its owner'),
      },
      ['parent_id', 'title'],
    ),
    run: async (ctx, a) =>
      sfJson(ctx, {
        method: 'POST',
        path: `${SF_API}/sobjects/Note`,
        body: { ParentId: sfId(a.parent_id, 'parent_id'), Title: a.title, Body: a.body, IsPrivate: a.is_private },
      }),
  }),
  composite({
    slug: 'SALESFORCE_ADD_LEAD_TO_CAMPAIGN',
    name: 'Add lead to campaign',
    tags: ['salesforce', 'campaign'],
    description:
      'Make a lead a member of a campaign (a CampaignMember record), optionally with a member status such as Sent. Fails if it is already a member.',
    input: params(
      {
        campaign_id: s.string('Campaign id'),
        lead_id: s.string('Lead id'),
        status: s.string('Member status, e.g. Sent or Responded'),
      },
      ['campaign_id', 'lead_id'],
    ),
    run: async (ctx, a) =>
      sfJson(ctx, {
        method: 'POST',
        path: `${SF_API}/sobjects/CampaignMember`,
        body: { CampaignId: sfId(a.campaign_id, 'campaign_id'), LeadId: sfId(a.lead_id, 'lead_id'), Status: a.status },
      }),
  }),
  composite({
    slug: 'SALESFORCE_ADD_CONTACT_TO_CAMPAIGN',
    name: 'Add contact to campaign',
    tags: ['salesforce', 'campaign'],
    description:
      'Make a contact a member of a campaign, optionally with a member status. Fails if it is already a member.',
    input: params(
      {
        campaign_id: s.string('Campaign id'),
        contact_id: s.string('Contact id'),
        status: s.string('Member status, e.g. Sent or Responded'),
      },
      ['campaign_id', 'contact_id'],
    ),
    run: async (ctx, a) =>
      sfJson(ctx, {
        method: 'POST',
        path: `${SF_API}/sobjects/CampaignMember`,
        body: {
          CampaignId: sfId(a.campaign_id, 'campaign_id'),
          ContactId: sfId(a.contact_id, 'contact_id'),
          Status: a.status,
        },
      }),
  }),
  composite({
    slug: 'SALESFORCE_ASSOCIATE_CONTACT_TO_ACCOUNT',
    name: 'Link contact to account',
    tags: ['salesforce', 'contact'],
    description:
      "Set a contact's account (its AccountId), replacing any previous one. Returns the contact id and success:true.",
    input: params({ contact_id: s.string('Contact id'), account_id: s.string('Account id') }, [
      'contact_id',
      'account_id',
    ]),
    run: async (ctx, a) => {
      const contactId = sfId(a.contact_id, 'contact_id');
      await sfJson(ctx, {
        method: 'PATCH',
        path: `${SF_API}/sobjects/Contact/${contactId}`,
        body: { AccountId: sfId(a.account_id, 'account_id') },
      });
      return { id: contactId, success: true };
    },
  }),
  composite({
    slug: 'SALESFORCE_CREATE_S_OBJECT_RECORD',
    name: 'Create a record of any object',
    tags: ['salesforce', 'sobject'],
    description:
      'Create a record of any standard or custom object (Case, Invoice__c …) from field API names. Returns id and success. Find field names with SALESFORCE_GET_ALL_FIELDS_FOR_OBJECT.',
    input: params({ object_type: s.string('Object API name, e.g. Case or Invoice__c'), fields: FIELDS_ARG }, [
      'object_type',
      'fields',
    ]),
    run: async (ctx, a) =>
      sfJson(ctx, { method: 'POST', path: `${SF_API}/sobjects/${objectName(a.object_type)}`, body: a.fields ?? {} }),
  }),
  composite({
    slug: 'SALESFORCE_GET_S_OBJECT_RECORD',
    name: 'Get a record of any object',
    tags: ['salesforce', 'sobject'],
    description: 'Read one record of any object by id, all fields or only those listed in fields.',
    input: params({ object_type: s.string('Object API name'), record_id: s.string('Record id'), fields: SELECT_ARG }, [
      'object_type',
      'record_id',
    ]),
    run: async (ctx, a) =>
      sfJson(ctx, {
        method: 'GET',
        path: `${SF_API}/sobjects/${objectName(a.object_type)}/${sfId(a.record_id, 'record_id')}`,
        query: { fields: a.fields as string | undefined },
      }),
  }),
  composite({
    slug: 'SALESFORCE_SOBJECT_ROWS_UPDATE',
    name: 'Update a record of any object',
    tags: ['salesforce', 'sobject'],
    description: 'Change fields of a record of any object. Returns the id and success:true.',
    input: params({ object_type: s.string('Object API name'), record_id: s.string('Record id'), fields: FIELDS_ARG }, [
      'object_type',
      'record_id',
      'fields',
    ]),
    run: async (ctx, a) => {
      const recordId = sfId(a.record_id, 'record_id');
      await sfJson(ctx, {
        method: 'PATCH',
        path: `${SF_API}/sobjects/${objectName(a.object_type)}/${recordId}`,
        body: a.fields ?? {},
      });
      return { id: recordId, success: true };
    },
  }),
  composite({
    slug: 'SALESFORCE_DELETE_SOBJECT',
    name: 'Delete a record of any object',
    tags: ['salesforce', 'sobject'],
    description: 'Delete a record of any object by id. Returns the id and success:true.',
    input: params({ object_type: s.string('Object API name'), record_id: s.string('Record id') }, [
      'object_type',
      'record_id',
    ]),
    run: async (ctx, a) => {
      const recordId = sfId(a.record_id, 'record_id');
      await sfJson(ctx, { method: 'DELETE', path: `${SF_API}/sobjects/${objectName(a.object_type)}/${recordId}` });
      return { id: recordId, success: true };
    },
  }),
  composite({
    slug: 'SALESFORCE_GET_ALL_FIELDS_FOR_OBJECT',
    name: 'Describe an object',
    tags: ['salesforce', 'metadata'],
    description:
      'The fields of an object: API name, label, type, whether required on create, picklist values and what lookups point to. Use before creating records to get names and allowed values right.',
    input: params({ object_name: s.string('Object API name, e.g. Lead or Invoice__c') }, ['object_name']),
    run: async (ctx, a) => {
      const d = await sfJson<{ name?: string; label?: string; fields?: Args[] }>(ctx, {
        method: 'GET',
        path: `${SF_API}/sobjects/${objectName(a.object_name, 'object_name')}/describe`,
      });
      const fields = (d.fields ?? []).map((f) => ({
        name: f.name,
        label: f.label,
        type: f.type,
        custom: f.custom,
        required: f.nillable === false && f.createable === true && f.defaultedOnCreate === false,
        updateable: f.updateable,
        reference_to: f.referenceTo,
        picklist_values: ((f.picklistValues as Args[] | undefined) ?? []).filter((p) => p.active).map((p) => p.value),
      }));
      return { name: d.name, label: d.label, fields };
    },
  }),
  composite({
    slug: 'SALESFORCE_GET_ALL_CUSTOM_OBJECTS',
    name: 'List objects',
    tags: ['salesforce', 'metadata'],
    description:
      'Every object of the org, standard and custom, with name, label and whether it is custom, queryable and createable. Pass custom_only to keep custom objects (names ending in __c).',
    input: params({ custom_only: s.boolean('Only custom objects') }),
    run: async (ctx, a) => {
      const d = await sfJson<{ sobjects?: Args[] }>(ctx, { method: 'GET', path: `${SF_API}/sobjects` });
      const objects = (d.sobjects ?? [])
        .filter((o) => !a.custom_only || o.custom === true)
        .map((o) => ({
          name: o.name,
          label: o.label,
          custom: o.custom,
          queryable: o.queryable,
          createable: o.createable,
        }));
      return { sobjects: objects };
    },
  }),
  composite({
    slug: 'SALESFORCE_GET_USER_INFO',
    name: 'Current user',
    tags: ['salesforce', 'user'],
    description: 'The connected user: user id, name, email, organization id and locale. Use the user id as OwnerId.',
    input: params({}),
    run: async (ctx) => sfJson(ctx, { method: 'GET', path: '/services/oauth2/userinfo' }),
  }),
  composite({
    slug: 'SALESFORCE_GET_ORG_LIMITS',
    name: 'Org limits',
    tags: ['salesforce', 'metadata'],
    description: 'Remaining and maximum allocations of the org: daily API requests, storage, bulk jobs and more.',
    input: params({}),
    run: async (ctx) => sfJson(ctx, { method: 'GET', path: `${SF_API}/limits` }),
  }),
];

export const salesforce = standaloneToolkit(
  {
    slug: 'salesforce',
    name: 'Salesforce',
    description:
      "Salesforce CRM on the org's REST API: leads, contacts, accounts, opportunities, tasks, notes, campaigns, any object by API name, SOQL and SOSL.",
    appUrl: 'https://www.salesforce.com',
    categories: [{ slug: 'crm', name: 'CRM' }],
    // the org's own host comes from the token response (state.val.instance_url), see the header
    baseUrl: 'https://login.salesforce.com',
    getCurrentUserEndpoint: '/services/oauth2/userinfo',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://login.salesforce.com/services/oauth2/authorize',
        tokenUrl: 'https://login.salesforce.com/services/oauth2/token',
        // sandboxes sign in at test.salesforce.com: an auth config's authorization_url and token_url say so
        scopes: ['api', 'refresh_token'],
      }),
    ],
  },
  salesforceTools,
);
