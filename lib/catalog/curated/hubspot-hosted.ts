/**
 * HubSpot CRM tools under the hosted service's current names (HUBSPOT_CREATE_CONTACT,
 * HUBSPOT_GET_DEAL, HUBSPOT_LIST_OBJECT_ASSOCIATIONS …), all on HubSpot's CRM v3 / v4 REST API.
 *
 * Argument names follow the hosted HubSpot toolkit, which uses HubSpot's own camelCase names
 * (`contactId`, `objectType`, `filterGroups`, `primaryObjectId`); the snake_case spelling
 * (`contact_id`, `object_type`, `filter_groups`) is accepted too. Record-writing tools take the
 * record's common properties as top-level arguments (`email`, `firstname`, `dealname`,
 * `hs_note_body` …) as well as a `properties` object for any other (custom) property; the
 * top-level ones are folded into `properties` before the request is built, and a value given in
 * `properties` wins over the same top-level one.
 */
import { s } from './define';
import { acceptCamel, acceptSnake, camel, restMapping, type RestDef } from './rest-mapping';
import { ToolArgumentError, type CuratedTool, type MappingTool } from './types';

type Args = Record<string, unknown>;

interface HubDef extends RestDef {
  /** record properties also accepted as top-level arguments (folded into `properties`) */
  flat?: Record<string, unknown>;
  /** engagement records: fill hs_timestamp with the current time when absent */
  stamp?: boolean;
  /** refuse the call when no property at all is given */
  needsProperties?: boolean;
  /** array arguments whose string items are read as `{id}` objects */
  idItems?: string[];
}

const bothSpellings = (keys: string[]) => {
  const c = acceptCamel(keys);
  const sn = acceptSnake(keys);
  return (a: Args) => sn(c(a));
};

function hub(def: HubDef): CuratedTool {
  const flat = def.flat ?? {};
  const flatKeys = Object.keys(flat);
  const spell = bothSpellings([...Object.keys(def.input ?? {}), ...flatKeys]);
  const normalize = (a: Args): Args => {
    const out = spell(a);
    // HubSpot stores every property value as text; numbers and booleans are sent as strings
    for (const k of flatKeys) if (typeof out[k] === 'number' || typeof out[k] === 'boolean') out[k] = String(out[k]);
    for (const k of def.idItems ?? []) {
      const v = out[k];
      if (Array.isArray(v))
        out[k] = v.map((x) => (typeof x === 'string' || typeof x === 'number' ? { id: String(x) } : x));
    }
    return out;
  };
  const fold = flatKeys.length > 0 || def.stamp || def.needsProperties;
  const prepare = fold
    ? (a: Args): Args => {
        const out: Args = { ...a };
        const given = (a.properties && typeof a.properties === 'object' ? a.properties : {}) as Args;
        const props: Args = {};
        for (const k of flatKeys) {
          if (out[k] !== undefined) props[k] = out[k];
          delete out[k];
        }
        Object.assign(props, given);
        if (def.needsProperties && Object.keys(props).length === 0)
          throw new ToolArgumentError(
            `give at least one property, as a top-level argument (${flatKeys.slice(0, 4).join(', ')} …) or in properties`,
          );
        if (def.stamp && props.hs_timestamp === undefined) props.hs_timestamp = new Date().toISOString();
        if (Object.keys(props).length) out.properties = props;
        else delete out.properties;
        return def.prepare ? def.prepare(out) : out;
      }
    : def.prepare;
  const tool = restMapping(
    { ...def, tags: def.tags ?? ['hubspot', 'crm'], normalize, prepare },
    camel,
    'hubspot',
  ) as MappingTool;
  if (flatKeys.length) {
    // declared order: ids first, then the common properties, then the properties object and the rest
    const ordered: Args = {};
    let placed = false;
    for (const [k, v] of Object.entries((tool.input.properties ?? {}) as Args)) {
      if (k === 'properties' && !placed) {
        Object.assign(ordered, flat);
        placed = true;
      }
      ordered[k] = v;
    }
    if (!placed) Object.assign(ordered, flat);
    tool.input = { ...tool.input, properties: ordered };
  }
  return tool;
}

// ---------- shared schema fragments ----------

const PROPERTIES_IN = s.object(
  {},
  'Any property values by internal name (custom ones too), e.g. {"lifecyclestage":"lead"}; wins over the same top-level argument. Internal names come from HUBSPOT_READ_ALL_PROPERTIES_FOR_OBJECT_TYPE',
  { additionalProperties: true },
);
const PROPERTIES_OUT = s.strings('Property names to return besides the defaults, e.g. ["email","phone"]');
const HISTORY = s.strings('Property names to return with their full change history');
const ASSOC_OUT = s.strings('Object types whose linked record ids to include, e.g. ["companies","deals"]');
const ARCHIVED = s.boolean('true to read archived (deleted) records instead', { default: false });
const LIMIT = s.integer('Records per page (at most 100)', { default: 10 });
const AFTER = s.string('Paging cursor: paging.next.after from the previous page');
const ID_PROPERTY = s.string(
  'Look the record up by this unique property instead of its id (e.g. "email" for contacts)',
);
const ASSOC_TYPE = s.object(
  {
    associationCategory: s.enum(
      ['HUBSPOT_DEFINED', 'USER_DEFINED', 'INTEGRATOR_DEFINED'],
      'HUBSPOT_DEFINED for built-in links, USER_DEFINED for custom labels',
    ),
    associationTypeId: s.integer(
      'Link type id, e.g. 202 note→contact, 204 task→contact, 279 contact→company, 3 deal→contact, 5 deal→company',
    ),
  },
  'One association type',
);
const ASSOCIATIONS_IN = s.array(
  s.object(
    {
      to: s.object({ id: s.string('Id of the record to link to') }, 'The record to link to'),
      types: s.array(ASSOC_TYPE, 'How the records are linked'),
    },
    'One link',
  ),
  'Records to link the new record to, e.g. [{"to":{"id":"501"},"types":[{"associationCategory":"HUBSPOT_DEFINED","associationTypeId":202}]}]',
);
const FILTER_GROUPS = s.array(
  s.object(
    {
      filters: s.array(
        s.object(
          {
            propertyName: s.string('Property to test (internal name)'),
            operator: s.enum(
              [
                'EQ',
                'NEQ',
                'LT',
                'LTE',
                'GT',
                'GTE',
                'BETWEEN',
                'IN',
                'NOT_IN',
                'HAS_PROPERTY',
                'NOT_HAS_PROPERTY',
                'CONTAINS_TOKEN',
                'NOT_CONTAINS_TOKEN',
              ],
              'Comparison',
            ),
            value: s.string('Value to compare with (dates as epoch milliseconds or ISO 8601)'),
            highValue: s.string('Upper bound for BETWEEN'),
            values: s.strings('Values for IN / NOT_IN'),
          },
          'One condition',
        ),
        'Conditions that must all hold',
      ),
    },
    'A group of conditions',
  ),
  'Filter groups: a record matches when every filter of at least one group holds (up to 5 groups of 6 filters)',
);
const SORTS = s.array(
  s.object(
    {
      propertyName: s.string('Property to sort by'),
      direction: s.enum(['ASCENDING', 'DESCENDING'], 'Sort direction'),
    },
    'One sort key',
  ),
  'Sort order (one key is honoured)',
);
const OBJECT_TYPE = s.string(
  'CRM object type: contacts, companies, deals, tickets, products, line_items, quotes, notes, tasks, calls, emails, meetings, or a custom object type id such as 2-123456',
);
const str = (d: string) => s.string(d);
const OWNER = str('Owner (HubSpot user) id; list them with HUBSPOT_RETRIEVE_OWNERS');

// ---------- record properties accepted as top-level arguments ----------

const CONTACT_FLAT = {
  email: str('Email address (HubSpot de-duplicates contacts on it)'),
  firstname: str('First name'),
  lastname: str('Last name'),
  phone: str('Phone number'),
  mobilephone: str('Mobile phone number'),
  company: str('Company name as text (to link a company record use associations)'),
  jobtitle: str('Job title'),
  website: str('Website URL'),
  lifecyclestage: str('Lifecycle stage, e.g. subscriber, lead, marketingqualifiedlead, opportunity, customer'),
  hs_lead_status: str('Lead status, e.g. NEW, OPEN, IN_PROGRESS, CONNECTED'),
  hubspot_owner_id: OWNER,
  address: str('Street address'),
  city: str('City'),
  state: str('State or region'),
  zip: str('Postal code'),
  country: str('Country'),
};
const COMPANY_FLAT = {
  name: str('Company name'),
  domain: str('Primary web domain, e.g. acme.com (HubSpot de-duplicates companies on it)'),
  industry: str('Industry, one of the industry property options, e.g. COMPUTER_SOFTWARE'),
  phone: str('Phone number'),
  website: str('Website URL'),
  description: str('Description'),
  numberofemployees: str('Number of employees'),
  annualrevenue: str('Annual revenue'),
  lifecyclestage: str('Lifecycle stage, e.g. lead, customer'),
  hubspot_owner_id: OWNER,
  city: str('City'),
  state: str('State or region'),
  country: str('Country'),
};
const DEAL_FLAT = {
  dealname: str('Deal name'),
  amount: str('Amount, e.g. "12000"'),
  pipeline: str(
    'Pipeline id ("default" for the built-in one); see HUBSPOT_RETRIEVE_ALL_PIPELINES_FOR_SPECIFIED_OBJECT_TYPE',
  ),
  dealstage: str('Stage id within the pipeline, e.g. appointmentscheduled, closedwon'),
  closedate: str('Expected close date, ISO 8601 (e.g. 2025-06-30)'),
  dealtype: str('newbusiness or existingbusiness'),
  description: str('Description'),
  hubspot_owner_id: OWNER,
};
const TICKET_FLAT = {
  subject: str('Ticket title'),
  content: str('Ticket description'),
  hs_pipeline: str('Ticket pipeline id ("0" for the built-in support pipeline)'),
  hs_pipeline_stage: str('Stage id within the pipeline (e.g. "1" new, "4" closed in the built-in one)'),
  hs_ticket_priority: str('LOW, MEDIUM, HIGH or URGENT'),
  hs_ticket_category: str('Category, e.g. PRODUCT_ISSUE, BILLING_ISSUE, FEATURE_REQUEST, GENERAL_INQUIRY'),
  hubspot_owner_id: OWNER,
};
const PRODUCT_FLAT = {
  name: str('Product name'),
  description: str('Description'),
  price: str('Unit price, e.g. "49.00"'),
  hs_sku: str('SKU'),
  hs_cost_of_goods_sold: str('Unit cost'),
  hs_recurring_billing_period: str('Billing term for subscriptions, ISO 8601 period such as P12M'),
};
const LINE_ITEM_FLAT = {
  name: str('Line item name'),
  hs_product_id: str('Product id to copy name and price from'),
  quantity: str('Quantity'),
  price: str('Unit price'),
  discount: str('Discount per unit, as an amount'),
  hs_discount_percentage: str('Discount in percent'),
};
const QUOTE_FLAT = {
  hs_title: str('Quote title'),
  hs_expiration_date: str('Expiry date, ISO 8601'),
  hs_status: str('DRAFT, APPROVAL_NOT_NEEDED, PENDING_APPROVAL, APPROVED or REJECTED'),
  hs_language: str('Language code, e.g. en'),
  hs_currency: str('Currency code, e.g. USD'),
};
const EMAIL_FLAT = {
  hs_timestamp: str('When the email was sent, ISO 8601 or epoch ms (default: now)'),
  hs_email_subject: str('Subject'),
  hs_email_text: str('Plain-text body'),
  hs_email_html: str('HTML body'),
  hs_email_direction: str('EMAIL (sent), INCOMING_EMAIL or FORWARDED_EMAIL'),
  hs_email_status: str('SENT, BOUNCED, FAILED, SCHEDULED or SENDING'),
  hubspot_owner_id: OWNER,
};
const NOTE_FLAT = {
  hs_note_body: str('Note text (HTML allowed)'),
  hs_timestamp: str('When the note happened, ISO 8601 or epoch ms (default: now); orders the timeline'),
  hubspot_owner_id: OWNER,
  hs_attachment_ids: str('Ids of uploaded files to attach, separated by semicolons'),
};
const TASK_FLAT = {
  hs_task_subject: str('Task title'),
  hs_task_body: str('Task notes'),
  hs_timestamp: str('Due date, ISO 8601 or epoch ms (default: now)'),
  hs_task_status: str('NOT_STARTED, IN_PROGRESS, WAITING, COMPLETED or DEFERRED'),
  hs_task_priority: str('LOW, MEDIUM or HIGH'),
  hs_task_type: str('TODO, CALL or EMAIL'),
  hubspot_owner_id: OWNER,
};
const MEETING_FLAT = {
  hs_meeting_title: str('Meeting title'),
  hs_meeting_body: str('Description'),
  hs_meeting_start_time: str('Start, ISO 8601'),
  hs_meeting_end_time: str('End, ISO 8601'),
  hs_meeting_location: str('Location or link'),
  hs_meeting_outcome: str('SCHEDULED, COMPLETED, RESCHEDULED, NO_SHOW or CANCELED'),
  hs_internal_meeting_notes: str('Internal notes'),
  hs_timestamp: str('Timeline time, ISO 8601 (default: now; usually the start time)'),
  hubspot_owner_id: OWNER,
};

// ---------- one CRM object type ----------

interface ObjectSpec {
  type: string;
  one: string;
  plural: string;
  id: string;
  flat: Record<string, unknown>;
  example: string;
  stamp?: boolean;
  create?: string;
  update?: string;
  get?: string;
  list?: string;
  search?: string;
  archive?: string;
  merge?: string;
  batchCreate?: string;
  batchUpdate?: string;
  batchArchive?: string;
  batchRead?: string;
  important?: string[];
}

function objectTools(o: ObjectSpec): CuratedTool[] {
  const base = `/crm/v3/objects/${o.type}`;
  const idArg = { [o.id]: s.string(`The ${o.one}'s record id (hs_object_id)`) };
  const tags = ['hubspot', 'crm', o.type];
  const imp = (slug?: string) => (slug && o.important?.includes(slug) ? true : undefined);
  const out: CuratedTool[] = [];
  if (o.create)
    out.push(
      hub({
        slug: o.create,
        name: `Create ${o.one}`,
        tags,
        important: imp(o.create),
        method: 'POST',
        path: base,
        description: `Create one ${o.one}. Pass its properties as top-level arguments (${o.example}) and/or in properties (custom properties by internal name); associations links it to existing records at once. Returns the new record with its id and properties; use the id with the other ${o.one} tools.`,
        input: { properties: PROPERTIES_IN, associations: ASSOCIATIONS_IN },
        required: [],
        flat: o.flat,
        stamp: o.stamp,
        needsProperties: true,
      }),
    );
  if (o.update)
    out.push(
      hub({
        slug: o.update,
        name: `Update ${o.one}`,
        tags,
        important: imp(o.update),
        method: 'PATCH',
        path: `${base}/{${o.id}}`,
        description: `Change some properties of one ${o.one}; the ones you leave out keep their values and an empty string clears one. Give ${o.id} (or a unique property value with idProperty), then the new values as top-level arguments (${o.example}) and/or in properties. Returns the updated record.`,
        input: { ...idArg, idProperty: ID_PROPERTY, properties: PROPERTIES_IN },
        query: ['idProperty'],
        required: [o.id],
        flat: o.flat,
        needsProperties: true,
      }),
    );
  if (o.get)
    out.push(
      hub({
        slug: o.get,
        name: `Get ${o.one}`,
        tags,
        important: imp(o.get),
        method: 'GET',
        path: `${base}/{${o.id}}`,
        description: `Read one ${o.one} by id (or by a unique property with idProperty). Only a few default properties come back unless you name more in properties; associations adds the ids of linked records. Ids come from ${o.search ?? o.list ?? 'a search'} or a create call.`,
        input: {
          ...idArg,
          properties: PROPERTIES_OUT,
          propertiesWithHistory: HISTORY,
          associations: ASSOC_OUT,
          archived: ARCHIVED,
          idProperty: ID_PROPERTY,
        },
      }),
    );
  if (o.list)
    out.push(
      hub({
        slug: o.list,
        name: `List ${o.plural}`,
        tags,
        important: imp(o.list),
        method: 'GET',
        path: base,
        description: `Page through all ${o.plural}, oldest first, without filtering (use ${o.search ?? 'a search tool'} to filter). Returns results[] and paging.next.after; pass that as after for the next page.`,
        input: {
          limit: LIMIT,
          after: AFTER,
          properties: PROPERTIES_OUT,
          propertiesWithHistory: HISTORY,
          associations: ASSOC_OUT,
          archived: ARCHIVED,
        },
        required: [],
      }),
    );
  if (o.search)
    out.push(
      hub({
        slug: o.search,
        name: `Search ${o.plural}`,
        tags,
        important: imp(o.search),
        method: 'POST',
        path: `${base}/search`,
        description: `Find ${o.plural} by property conditions (filterGroups, e.g. [{"filters":[{"propertyName":"${o.example.split(',')[0]!.trim()}","operator":"EQ","value":"…"}]}]) and/or a free-text query over the default searchable properties. Name the properties you need in properties. Returns total, results[] and paging.next.after (at most 10,000 results per search).`,
        input: {
          filterGroups: FILTER_GROUPS,
          query: s.string('Free text to match'),
          sorts: SORTS,
          properties: PROPERTIES_OUT,
          limit: s.integer('Results per page (at most 200)', { default: 10 }),
          after: AFTER,
        },
        required: [],
      }),
    );
  if (o.archive)
    out.push(
      hub({
        slug: o.archive,
        name: `Archive ${o.one}`,
        tags,
        important: imp(o.archive),
        method: 'DELETE',
        path: `${base}/{${o.id}}`,
        description: `Archive (delete) one ${o.one}; it stays restorable in HubSpot's recycle bin for 90 days. Confirm with the user first. Returns nothing on success.`,
        input: idArg,
      }),
    );
  if (o.merge)
    out.push(
      hub({
        slug: o.merge,
        name: `Merge ${o.plural}`,
        tags,
        method: 'POST',
        path: `${base}/merge`,
        description: `Merge two ${o.plural}: objectIdToMerge is folded into primaryObjectId, which keeps its id; the merge cannot be undone, so confirm with the user. Returns the surviving record.`,
        input: {
          primaryObjectId: s.string(`Id of the ${o.one} that remains`),
          objectIdToMerge: s.string(`Id of the ${o.one} absorbed into it`),
        },
        required: ['primaryObjectId', 'objectIdToMerge'],
      }),
    );
  if (o.batchCreate)
    out.push(
      hub({
        slug: o.batchCreate,
        name: `Create ${o.plural} in bulk`,
        tags,
        method: 'POST',
        path: `${base}/batch/create`,
        description: `Create up to 100 ${o.plural} in one call: inputs is a list of {properties, associations}. Returns results[] with the new ids (in no guaranteed order: match them by a property). For a single record use ${o.create ?? 'the create tool'}.`,
        input: {
          inputs: s.array(
            s.object({ properties: PROPERTIES_IN, associations: ASSOCIATIONS_IN }, `One new ${o.one}`),
            `The ${o.plural} to create (at most 100)`,
          ),
        },
        required: ['inputs'],
      }),
    );
  if (o.batchUpdate)
    out.push(
      hub({
        slug: o.batchUpdate,
        name: `Update ${o.plural} in bulk`,
        tags,
        method: 'POST',
        path: `${base}/batch/update`,
        description: `Change properties of up to 100 ${o.plural} in one call: inputs is a list of {id, properties} (id may be a unique property value when idProperty is set on the item). Returns results[] with the updated records.`,
        input: {
          inputs: s.array(
            s.object(
              {
                id: s.string('Record id (or unique property value)'),
                idProperty: s.string('Unique property that id refers to, if not the record id'),
                properties: PROPERTIES_IN,
              },
              `One ${o.one} change`,
            ),
            'The changes (at most 100)',
          ),
        },
        required: ['inputs'],
      }),
    );
  if (o.batchArchive)
    out.push(
      hub({
        slug: o.batchArchive,
        name: `Archive ${o.plural} in bulk`,
        tags,
        method: 'POST',
        path: `${base}/batch/archive`,
        description: `Archive up to 100 ${o.plural} in one call (restorable for 90 days); inputs is a list of {id} (plain id strings are accepted too). Confirm with the user first. Returns nothing on success.`,
        input: {
          inputs: s.array(s.object({ id: s.string('Record id') }, 'One record'), 'Records to archive (at most 100)'),
        },
        required: ['inputs'],
        idItems: ['inputs'],
      }),
    );
  if (o.batchRead)
    out.push(
      hub({
        slug: o.batchRead,
        name: `Read ${o.plural} in bulk`,
        tags,
        method: 'POST',
        path: `${base}/batch/read`,
        description: `Read up to 100 ${o.plural} by id in one call (or by a unique property value with idProperty); inputs is a list of {id} (plain id strings are accepted too). Name the properties to return. Returns results[] (missing ids are reported in errors[]).`,
        input: {
          inputs: s.array(s.object({ id: s.string('Record id or unique value') }, 'One record'), 'Records to read'),
          properties: PROPERTIES_OUT,
          propertiesWithHistory: HISTORY,
          idProperty: ID_PROPERTY,
          archived: ARCHIVED,
        },
        query: ['archived'],
        required: ['inputs'],
        idItems: ['inputs'],
      }),
    );
  return out;
}

// ---------- engagements, associations, pipelines, properties, others ----------

const FROM = {
  objectType: OBJECT_TYPE,
  objectId: s.string('Id of the record whose links to read or change'),
  toObjectType: s.string('Type of the linked records, e.g. companies, deals, notes'),
};

function activityList(
  slug: string,
  from: string,
  fromOne: string,
  fromId: string,
  to: string | null,
  toLabel: string,
): CuratedTool {
  const input: Args = { [fromId]: s.string(`The ${fromOne}'s record id`) };
  if (!to)
    input.toObjectType = s.enum(['notes', 'calls', 'emails', 'meetings', 'tasks'], 'Which activity type to list');
  input.limit = s.integer('Links per page (at most 500, the default)');
  input.after = AFTER;
  return hub({
    slug,
    name: `List ${fromOne} ${toLabel}`,
    tags: ['hubspot', 'crm', 'associations'],
    method: 'GET',
    path: `/crm/v4/objects/${from}/{${fromId}}/associations/${to ?? '{toObjectType}'}`,
    description: `List the ${toLabel} linked to one ${fromOne}: returns results[] of {toObjectId, associationTypes} and paging.next.after. Read the records themselves with HUBSPOT_READ_BATCH_OF_CRM_OBJECTS_BY_ID_OR_PROPERTY_VALUES (objectType ${to ?? 'as chosen'}) or HUBSPOT_READ_CRM_OBJECT_BY_ID.`,
    input,
    required: to ? [fromId] : [fromId, 'toObjectType'],
  });
}

const PIPELINE_TYPE = s.string('Object type with pipelines: deals, tickets (or another pipeline-enabled type)');
const STAGE = s.object(
  {
    label: s.string('Stage name'),
    displayOrder: s.integer('Position in the pipeline'),
    metadata: s.object(
      {},
      'Stage settings: {"probability":"0.2"} for deals (0 to 1, 1.0 = won), {"ticketState":"OPEN"|"CLOSED"} for tickets',
      { additionalProperties: true },
    ),
  },
  'One stage',
);
const PROPERTY_DEF = {
  label: s.string('Label shown in HubSpot'),
  type: s.enum(['string', 'number', 'date', 'datetime', 'enumeration', 'bool'], 'Data type'),
  fieldType: s.enum(
    [
      'text',
      'textarea',
      'number',
      'date',
      'file',
      'select',
      'radio',
      'checkbox',
      'booleancheckbox',
      'calculation_equation',
      'html',
      'phonenumber',
    ],
    'Form field type; must fit type (enumeration → select/radio/checkbox, bool → booleancheckbox)',
  ),
  groupName: s.string('Property group it belongs to, e.g. contactinformation, dealinformation'),
  description: s.string('Help text'),
  options: s.array(
    s.object(
      {
        label: s.string('Option label'),
        value: s.string('Stored value'),
        displayOrder: s.integer('Position'),
        hidden: s.boolean('Hide the option in forms'),
      },
      'One option',
    ),
    'Choices of an enumeration property',
  ),
  displayOrder: s.integer('Position within the group'),
  hasUniqueValue: s.boolean('Values must be unique across records (set at creation only)'),
  hidden: s.boolean('Hide the property in HubSpot'),
  formField: s.boolean('Can be used in forms'),
};

const RECORD = {
  objectType: OBJECT_TYPE,
  objectId: s.string('Record id (hs_object_id), or the unique value named by idProperty'),
};

// any CRM object type, owners, pipelines of a type, property definitions
const generic: CuratedTool[] = [
  hub({
    slug: 'HUBSPOT_CREATE_CRM_OBJECT_WITH_PROPERTIES',
    name: 'Create CRM record',
    important: true,
    method: 'POST',
    path: '/crm/v3/objects/{objectType}',
    description:
      'Create a record of any CRM object type, custom objects included (for contacts, companies, deals, tickets, notes and tasks the dedicated create tools take their properties as arguments). properties holds the values by internal name; associations links it to existing records. Returns the record with its id.',
    input: { objectType: OBJECT_TYPE, properties: PROPERTIES_IN, associations: ASSOCIATIONS_IN },
    required: ['objectType', 'properties'],
  }),
  hub({
    slug: 'HUBSPOT_PARTIALLY_UPDATE_CRM_OBJECT_BY_ID',
    name: 'Update CRM record',
    method: 'PATCH',
    path: '/crm/v3/objects/{objectType}/{objectId}',
    description:
      'Change some properties of a record of any CRM object type (others keep their values; an empty string clears one). With idProperty, objectId is a unique property value instead of the id. Returns the updated record.',
    input: { ...RECORD, idProperty: ID_PROPERTY, properties: PROPERTIES_IN },
    query: ['idProperty'],
    required: ['objectType', 'objectId', 'properties'],
  }),
  hub({
    slug: 'HUBSPOT_SEARCH_CRM_OBJECTS_BY_CRITERIA',
    name: 'Search CRM records',
    method: 'POST',
    path: '/crm/v3/objects/{objectType}/search',
    description:
      'Search records of any CRM object type with filterGroups and/or a free-text query, e.g. the notes on a contact: objectType notes, filter associations.contact EQ <contact id>. Returns total, results[] and paging.next.after.',
    input: {
      objectType: OBJECT_TYPE,
      filterGroups: FILTER_GROUPS,
      query: s.string('Free text to match'),
      sorts: SORTS,
      properties: PROPERTIES_OUT,
      limit: s.integer('Results per page (at most 200)', { default: 10 }),
      after: AFTER,
    },
    required: ['objectType'],
  }),
  hub({
    slug: 'HUBSPOT_RETRIEVE_ALL_PIPELINES_FOR_SPECIFIED_OBJECT_TYPE',
    name: 'List pipelines',
    tags: ['hubspot', 'crm', 'pipelines'],
    important: true,
    method: 'GET',
    path: '/crm/v3/pipelines/{objectType}',
    aliases: ['HUBSPOT_RETRIEVE_ALL_PIPELINES'],
    description:
      'The deal or ticket pipelines with their stages (id, label, displayOrder, metadata). Use a pipeline id as pipeline / hs_pipeline and a stage id as dealstage / hs_pipeline_stage when creating or moving records.',
    input: { objectType: s.enum(['deals', 'tickets'], 'deals or tickets', { default: 'deals' }) },
    required: [],
    defaults: { objectType: 'deals' },
  }),
];

const misc: CuratedTool[] = [
  // engagements
  ...objectTools({
    type: 'notes',
    one: 'note',
    plural: 'notes',
    id: 'noteId',
    flat: NOTE_FLAT,
    example: 'hs_note_body, hs_timestamp',
    stamp: true,
    create: 'HUBSPOT_CREATE_NOTE',
    archive: 'HUBSPOT_DELETE_NOTE',
    important: ['HUBSPOT_CREATE_NOTE'],
  }),
  ...objectTools({
    type: 'tasks',
    one: 'task',
    plural: 'tasks',
    id: 'taskId',
    flat: TASK_FLAT,
    example: 'hs_task_subject, hs_task_body, hs_timestamp (due), hs_task_status, hs_task_priority',
    stamp: true,
    create: 'HUBSPOT_CREATE_TASK',
    archive: 'HUBSPOT_DELETE_TASK',
    important: ['HUBSPOT_CREATE_TASK'],
  }),
  ...objectTools({
    type: 'meetings',
    one: 'meeting',
    plural: 'meetings',
    id: 'meetingId',
    flat: MEETING_FLAT,
    example: 'hs_meeting_title, hs_meeting_start_time, hs_meeting_end_time, hs_meeting_outcome',
    stamp: true,
    create: 'HUBSPOT_CREATE_MEETING',
    archive: 'HUBSPOT_DELETE_MEETING',
  }),
  ...objectTools({
    type: 'calls',
    one: 'call',
    plural: 'calls',
    id: 'callId',
    flat: {},
    example: 'hs_call_title',
    archive: 'HUBSPOT_DELETE_CALL',
  }),
  hub({
    slug: 'HUBSPOT_CREATE_BATCH_OF_OBJECTS',
    name: 'Create records in bulk',
    method: 'POST',
    path: '/crm/v3/objects/{objectType}/batch/create',
    description:
      'Create up to 100 records of any object type in one call; inputs is a list of {properties, associations}. Returns results[] with the new ids.',
    input: {
      objectType: OBJECT_TYPE,
      inputs: s.array(
        s.object({ properties: PROPERTIES_IN, associations: ASSOCIATIONS_IN }, 'One new record'),
        'Records to create (at most 100)',
      ),
    },
    required: ['objectType', 'inputs'],
  }),
  hub({
    slug: 'HUBSPOT_UPDATE_BATCH_OF_OBJECTS_BY_IDOR_PROPERTY_VALUES',
    name: 'Update records in bulk',
    method: 'POST',
    path: '/crm/v3/objects/{objectType}/batch/update',
    description:
      'Change properties of up to 100 records of any object type; inputs is a list of {id, properties} (id may be a unique property value with idProperty on the item). Returns results[].',
    input: {
      objectType: OBJECT_TYPE,
      inputs: s.array(
        s.object(
          {
            id: s.string('Record id or unique value'),
            idProperty: s.string('Unique property id refers to, if not the record id'),
            properties: PROPERTIES_IN,
          },
          'One change',
        ),
        'Changes (at most 100)',
      ),
    },
    required: ['objectType', 'inputs'],
  }),
  hub({
    slug: 'HUBSPOT_ARCHIVE_BATCH_OF_OBJECTS',
    name: 'Archive records in bulk',
    method: 'POST',
    path: '/crm/v3/objects/{objectType}/batch/archive',
    description:
      'Archive up to 100 records of any object type (restorable for 90 days); inputs is a list of {id} or plain ids. Confirm with the user first.',
    input: {
      objectType: OBJECT_TYPE,
      inputs: s.array(s.object({ id: s.string('Record id') }, 'One record'), 'Records to archive'),
    },
    required: ['objectType', 'inputs'],
    idItems: ['inputs'],
  }),
  hub({
    slug: 'HUBSPOT_READ_BATCH_OF_CRM_OBJECTS_BY_ID_OR_PROPERTY_VALUES',
    name: 'Read records in bulk',
    method: 'POST',
    path: '/crm/v3/objects/{objectType}/batch/read',
    description:
      'Read up to 100 records of any object type by id (or unique property value with idProperty), e.g. the notes whose ids an association listing returned. Name the properties you need. Returns results[].',
    input: {
      objectType: OBJECT_TYPE,
      inputs: s.array(s.object({ id: s.string('Record id or unique value') }, 'One record'), 'Records to read'),
      properties: PROPERTIES_OUT,
      propertiesWithHistory: HISTORY,
      idProperty: ID_PROPERTY,
      archived: ARCHIVED,
    },
    query: ['archived'],
    required: ['objectType', 'inputs'],
    idItems: ['inputs'],
  }),
  hub({
    slug: 'HUBSPOT_CREATE_OBJECT_ASSOCIATION',
    name: 'Link two records with a label',
    tags: ['hubspot', 'crm', 'associations'],
    important: true,
    method: 'PUT',
    path: '/crm/v4/objects/{objectType}/{objectId}/associations/{toObjectType}/{toObjectId}',
    description:
      'Link two records with one or more association types (labels): give associationCategory and associationTypeId for one type, or types for several (valid ids from HUBSPOT_LIST_ASSOCIATION_TYPES). For a plain unlabelled link use HUBSPOT_CREATE_ASSOCIATION. Returns the link with its labels.',
    input: {
      ...FROM,
      toObjectId: s.string('Id of the record to link to'),
      associationCategory: ASSOC_TYPE.properties.associationCategory,
      associationTypeId: ASSOC_TYPE.properties.associationTypeId,
      types: s.array(ASSOC_TYPE, 'Several association types at once (instead of the two fields above)'),
    },
    required: ['objectType', 'objectId', 'toObjectType', 'toObjectId'],
    bodyArg: 'types',
    prepare: (a) => {
      if (a.types !== undefined) return a;
      if (a.associationTypeId === undefined)
        throw new ToolArgumentError('give associationTypeId (and associationCategory), or types');
      return {
        ...a,
        types: [
          { associationCategory: a.associationCategory ?? 'HUBSPOT_DEFINED', associationTypeId: a.associationTypeId },
        ],
      };
    },
  }),
  hub({
    slug: 'HUBSPOT_READ_ASSOCIATIONS_BATCH',
    name: 'Read links in bulk',
    tags: ['hubspot', 'crm', 'associations'],
    method: 'POST',
    path: '/crm/v4/associations/{fromObjectType}/{toObjectType}/batch/read',
    description:
      'For up to 1,000 records of one type, list their linked records of another type in one call (e.g. the contacts of many deals). inputs is a list of {id} or plain ids. Returns results[] of {from:{id}, to:[{toObjectId, associationTypes}]}.',
    input: {
      fromObjectType: OBJECT_TYPE,
      toObjectType: s.string('Type of the linked records'),
      inputs: s.array(s.object({ id: s.string('Record id') }, 'One record'), 'Records whose links to read'),
    },
    required: ['fromObjectType', 'toObjectType', 'inputs'],
    idItems: ['inputs'],
  }),
  activityList('HUBSPOT_LIST_CONTACT_NOTES', 'contacts', 'contact', 'contactId', 'notes', 'notes'),
  activityList('HUBSPOT_LIST_CONTACT_TASKS', 'contacts', 'contact', 'contactId', 'tasks', 'tasks'),
  activityList('HUBSPOT_LIST_COMPANY_CALLS', 'companies', 'company', 'companyId', 'calls', 'calls'),
  activityList('HUBSPOT_LIST_COMPANY_MEETINGS', 'companies', 'company', 'companyId', 'meetings', 'meetings'),
  activityList('HUBSPOT_LIST_COMPANY_ACTIVITIES', 'companies', 'company', 'companyId', null, 'activities'),
  activityList('HUBSPOT_LIST_DEAL_MEETINGS', 'deals', 'deal', 'dealId', 'meetings', 'meetings'),
  activityList('HUBSPOT_LIST_DEAL_ACTIVITIES', 'deals', 'deal', 'dealId', null, 'activities'),
  hub({
    slug: 'HUBSPOT_CREATE_PIPELINE',
    name: 'Create pipeline',
    tags: ['hubspot', 'crm', 'pipelines'],
    method: 'POST',
    path: '/crm/v3/pipelines/{objectType}',
    description:
      'Create a deal or ticket pipeline with its stages (labels unique within the pipeline). Returns the pipeline with the ids HubSpot gave it and its stages.',
    input: {
      objectType: PIPELINE_TYPE,
      label: s.string('Pipeline name (unique for the object type)'),
      displayOrder: s.integer('Position among the pipelines', { default: 0 }),
      stages: s.array(STAGE, 'Stages in order'),
    },
    required: ['objectType', 'label', 'stages'],
    defaults: { displayOrder: 0 },
  }),
  hub({
    slug: 'HUBSPOT_REPLACE_ALL_PROPERTIES_OF_PIPELINE',
    name: 'Replace pipeline',
    tags: ['hubspot', 'crm', 'pipelines'],
    method: 'PUT',
    path: '/crm/v3/pipelines/{objectType}/{pipelineId}',
    description:
      'Overwrite a pipeline entirely, stages included: stages left out are removed, so read it first with HUBSPOT_GET_PIPELINE_BY_ID. Returns the new pipeline.',
    input: {
      objectType: PIPELINE_TYPE,
      pipelineId: s.string('Pipeline id'),
      label: s.string('Pipeline name'),
      displayOrder: s.integer('Position', { default: 0 }),
      stages: s.array(STAGE, 'The complete list of stages'),
    },
    required: ['objectType', 'pipelineId', 'label', 'stages'],
    defaults: { displayOrder: 0 },
  }),
  hub({
    slug: 'HUBSPOT_CREATE_PIPELINE_STAGE',
    name: 'Add pipeline stage',
    tags: ['hubspot', 'crm', 'pipelines'],
    method: 'POST',
    path: '/crm/v3/pipelines/{objectType}/{pipelineId}/stages',
    description:
      'Add a stage to a pipeline. Deal stages need metadata.probability (0 to 1), ticket stages metadata.ticketState (OPEN or CLOSED). Returns the stage with its id.',
    input: {
      objectType: PIPELINE_TYPE,
      pipelineId: s.string('Pipeline id'),
      label: s.string('Stage name'),
      displayOrder: s.integer('Position in the pipeline'),
      metadata: STAGE.properties.metadata,
    },
    required: ['objectType', 'pipelineId', 'label', 'metadata'],
  }),
  hub({
    slug: 'HUBSPOT_UPDATE_PIPELINE_STAGE',
    name: 'Update pipeline stage',
    tags: ['hubspot', 'crm', 'pipelines'],
    method: 'PATCH',
    path: '/crm/v3/pipelines/{objectType}/{pipelineId}/stages/{stageId}',
    description: 'Rename, reorder or re-weight one stage (only what you pass changes). Returns the stage.',
    input: {
      objectType: PIPELINE_TYPE,
      pipelineId: s.string('Pipeline id'),
      stageId: s.string('Stage id'),
      label: s.string('New name'),
      displayOrder: s.integer('New position'),
      metadata: STAGE.properties.metadata,
    },
    required: ['objectType', 'pipelineId', 'stageId'],
  }),
  hub({
    slug: 'HUBSPOT_REPLACE_PIPELINE_STAGE_PROPERTIES',
    name: 'Replace pipeline stage',
    tags: ['hubspot', 'crm', 'pipelines'],
    method: 'PUT',
    path: '/crm/v3/pipelines/{objectType}/{pipelineId}/stages/{stageId}',
    description: 'Overwrite one stage entirely (label, order and metadata all required). Returns the stage.',
    input: {
      objectType: PIPELINE_TYPE,
      pipelineId: s.string('Pipeline id'),
      stageId: s.string('Stage id'),
      label: s.string('Stage name'),
      displayOrder: s.integer('Position'),
      metadata: STAGE.properties.metadata,
    },
    required: ['objectType', 'pipelineId', 'stageId', 'label', 'metadata'],
  }),
  hub({
    slug: 'HUBSPOT_CREATE_PROPERTY_FOR_SPECIFIED_OBJECT_TYPE',
    name: 'Create property',
    tags: ['hubspot', 'crm', 'properties'],
    method: 'POST',
    path: '/crm/v3/properties/{objectType}',
    description:
      'Create a custom property on an object type. Its internal name cannot be changed later; groupName must be an existing property group (HUBSPOT_READ_PROPERTY_GROUPS_FOR_OBJECT_TYPE); enumeration properties need options. Returns the definition.',
    input: {
      objectType: OBJECT_TYPE,
      name: s.string('Internal name: lowercase, digits and underscores'),
      ...PROPERTY_DEF,
    },
    required: ['objectType', 'name', 'label', 'type', 'fieldType', 'groupName'],
  }),
  hub({
    slug: 'HUBSPOT_UPDATE_CRM_PROPERTY',
    name: 'Update property',
    tags: ['hubspot', 'crm', 'properties'],
    method: 'PATCH',
    path: '/crm/v3/properties/{objectType}/{propertyName}',
    description:
      "Change a property's definition (label, group, options …); only what you pass changes. Passing options replaces the whole option list. Returns the definition.",
    input: {
      objectType: OBJECT_TYPE,
      propertyName: s.string('Internal property name'),
      ...Object.fromEntries(Object.entries(PROPERTY_DEF).filter(([k]) => k !== 'hasUniqueValue')),
    },
    required: ['objectType', 'propertyName'],
  }),
  hub({
    slug: 'HUBSPOT_READ_BATCH_CRM_OBJECT_PROPERTIES',
    name: 'Read property definitions in bulk',
    tags: ['hubspot', 'crm', 'properties'],
    method: 'POST',
    path: '/crm/v3/properties/{objectType}/batch/read',
    description: 'Several property definitions of one object type at once; inputs is a list of {name}.',
    input: {
      objectType: OBJECT_TYPE,
      inputs: s.array(s.object({ name: s.string('Internal property name') }, 'One property'), 'Properties to read'),
      archived: s.boolean('Read archived properties', { default: false }),
    },
    required: ['objectType', 'inputs'],
    defaults: { archived: false },
  }),
  hub({
    slug: 'HUBSPOT_CREATE_BATCH_OF_PROPERTIES',
    name: 'Create properties in bulk',
    tags: ['hubspot', 'crm', 'properties'],
    method: 'POST',
    path: '/crm/v3/properties/{objectType}/batch/create',
    description:
      'Create several custom properties on one object type; inputs is a list of definitions (name, label, type, fieldType, groupName, options …). Returns results[].',
    input: {
      objectType: OBJECT_TYPE,
      inputs: s.array(
        s.object({ name: s.string('Internal name'), ...PROPERTY_DEF }, 'One property definition'),
        'Definitions to create',
      ),
    },
    required: ['objectType', 'inputs'],
  }),
  hub({
    slug: 'HUBSPOT_ARCHIVE_BATCH_OF_PROPERTIES',
    name: 'Archive properties in bulk',
    tags: ['hubspot', 'crm', 'properties'],
    method: 'POST',
    path: '/crm/v3/properties/{objectType}/batch/archive',
    description:
      'Archive several custom properties of one object type; inputs is a list of {name}. Confirm with the user first.',
    input: {
      objectType: OBJECT_TYPE,
      inputs: s.array(s.object({ name: s.string('Internal property name') }, 'One property'), 'Properties to archive'),
    },
    required: ['objectType', 'inputs'],
  }),
  // GDPR
  ...['HUBSPOT_PERMANENTLY_DELETE_CONTACT_VIA_GDPR', 'HUBSPOT_DELETE_CONTACT_GDPR'].map((slug) =>
    hub({
      slug,
      name: 'Delete contact permanently (GDPR)',
      tags: ['hubspot', 'crm', 'contacts'],
      method: 'POST',
      path: '/crm/v3/objects/contacts/gdpr-delete',
      description:
        'Erase a contact and its data for good under GDPR (not restorable, unlike archiving). Give the contact id as objectId, or an email with idProperty "email". Only on the user\'s explicit request.',
      input: {
        objectId: s.string('Contact id, or the value of idProperty'),
        idProperty: s.string('"email" to identify the contact by email address'),
      },
      required: ['objectId'],
    }),
  ),
];

export const hubspotHostedTools: CuratedTool[] = [
  ...objectTools({
    type: 'contacts',
    one: 'contact',
    plural: 'contacts',
    id: 'contactId',
    flat: CONTACT_FLAT,
    example: 'email, firstname, lastname, phone, company, jobtitle, lifecyclestage',
    create: 'HUBSPOT_CREATE_CONTACT',
    update: 'HUBSPOT_UPDATE_CONTACT',
    get: 'HUBSPOT_READ_CONTACT',
    list: 'HUBSPOT_LIST_CONTACTS',
    search: 'HUBSPOT_SEARCH_CONTACTS_BY_CRITERIA',
    archive: 'HUBSPOT_ARCHIVE_CONTACT',
    merge: 'HUBSPOT_MERGE_CONTACTS',
    batchCreate: 'HUBSPOT_CREATE_CONTACTS',
    batchUpdate: 'HUBSPOT_UPDATE_CONTACTS',
    batchArchive: 'HUBSPOT_ARCHIVE_CONTACTS',
    batchRead: 'HUBSPOT_READ_CONTACTS',
    important: [
      'HUBSPOT_CREATE_CONTACT',
      'HUBSPOT_UPDATE_CONTACT',
      'HUBSPOT_READ_CONTACT',
      'HUBSPOT_LIST_CONTACTS',
      'HUBSPOT_SEARCH_CONTACTS_BY_CRITERIA',
    ],
  }),
  ...objectTools({
    type: 'companies',
    one: 'company',
    plural: 'companies',
    id: 'companyId',
    flat: COMPANY_FLAT,
    example: 'name, domain, industry, phone, city, country',
    create: 'HUBSPOT_CREATE_COMPANY',
    update: 'HUBSPOT_UPDATE_COMPANY',
    get: 'HUBSPOT_GET_COMPANY',
    list: 'HUBSPOT_LIST_COMPANIES',
    search: 'HUBSPOT_SEARCH_COMPANIES',
    archive: 'HUBSPOT_ARCHIVE_COMPANY',
    merge: 'HUBSPOT_MERGE_COMPANIES',
    batchCreate: 'HUBSPOT_CREATE_COMPANIES',
    batchUpdate: 'HUBSPOT_UPDATE_COMPANIES',
    batchArchive: 'HUBSPOT_ARCHIVE_COMPANIES',
    batchRead: 'HUBSPOT_BATCH_READ_COMPANIES_BY_PROPERTIES',
    important: ['HUBSPOT_CREATE_COMPANY', 'HUBSPOT_UPDATE_COMPANY', 'HUBSPOT_GET_COMPANY', 'HUBSPOT_SEARCH_COMPANIES'],
  }),
  ...objectTools({
    type: 'deals',
    one: 'deal',
    plural: 'deals',
    id: 'dealId',
    flat: DEAL_FLAT,
    example: 'dealname, amount, pipeline, dealstage, closedate, hubspot_owner_id',
    create: 'HUBSPOT_CREATE_DEAL',
    update: 'HUBSPOT_UPDATE_DEAL',
    get: 'HUBSPOT_GET_DEAL',
    list: 'HUBSPOT_LIST_DEALS',
    search: 'HUBSPOT_SEARCH_DEALS',
    archive: 'HUBSPOT_REMOVE_DEAL',
    merge: 'HUBSPOT_MERGE_DEALS',
    batchCreate: 'HUBSPOT_CREATE_DEALS',
    batchUpdate: 'HUBSPOT_UPDATE_DEALS',
    batchArchive: 'HUBSPOT_ARCHIVE_DEALS',
    batchRead: 'HUBSPOT_GET_DEALS',
    important: ['HUBSPOT_CREATE_DEAL', 'HUBSPOT_UPDATE_DEAL', 'HUBSPOT_GET_DEAL', 'HUBSPOT_SEARCH_DEALS'],
  }),
  ...objectTools({
    type: 'tickets',
    one: 'ticket',
    plural: 'tickets',
    id: 'ticketId',
    flat: TICKET_FLAT,
    example: 'subject, content, hs_pipeline, hs_pipeline_stage, hs_ticket_priority',
    create: 'HUBSPOT_CREATE_TICKET',
    update: 'HUBSPOT_UPDATE_TICKET',
    get: 'HUBSPOT_GET_TICKET',
    list: 'HUBSPOT_LIST_TICKETS',
    search: 'HUBSPOT_SEARCH_TICKETS',
    archive: 'HUBSPOT_ARCHIVE_TICKET',
    merge: 'HUBSPOT_MERGE_TICKETS',
    batchCreate: 'HUBSPOT_CREATE_TICKETS',
    batchUpdate: 'HUBSPOT_UPDATE_TICKETS',
    batchArchive: 'HUBSPOT_ARCHIVE_TICKETS',
    batchRead: 'HUBSPOT_GET_TICKETS',
    important: ['HUBSPOT_CREATE_TICKET', 'HUBSPOT_UPDATE_TICKET', 'HUBSPOT_SEARCH_TICKETS'],
  }),
  ...objectTools({
    type: 'products',
    one: 'product',
    plural: 'products',
    id: 'productId',
    flat: PRODUCT_FLAT,
    example: 'name, price, hs_sku, description',
    create: 'HUBSPOT_CREATE_PRODUCT',
    update: 'HUBSPOT_UPDATE_PRODUCT',
    get: 'HUBSPOT_GET_PRODUCT',
    list: 'HUBSPOT_LIST_PRODUCTS',
    search: 'HUBSPOT_SEARCH_PRODUCTS',
    archive: 'HUBSPOT_ARCHIVE_PRODUCT',
    merge: 'HUBSPOT_MERGE_PRODUCTS',
    batchCreate: 'HUBSPOT_CREATE_PRODUCTS',
    batchUpdate: 'HUBSPOT_UPDATE_PRODUCTS',
    batchArchive: 'HUBSPOT_ARCHIVE_PRODUCTS',
    batchRead: 'HUBSPOT_GET_PRODUCTS',
  }),
  ...objectTools({
    type: 'line_items',
    one: 'line item',
    plural: 'line items',
    id: 'lineItemId',
    flat: LINE_ITEM_FLAT,
    example: 'hs_product_id, quantity, price, name',
    create: 'HUBSPOT_CREATE_LINE_ITEM',
    update: 'HUBSPOT_UPDATE_LINE_ITEM',
    get: 'HUBSPOT_RETRIEVE_LINE_ITEM_BY_ID',
    list: 'HUBSPOT_RETRIEVE_LINE_ITEMS',
    search: 'HUBSPOT_SEARCH_LINE_ITEMS_BY_CRITERIA',
    archive: 'HUBSPOT_ARCHIVE_LINE_ITEM',
    merge: 'HUBSPOT_MERGE_LINE_ITEMS',
    batchCreate: 'HUBSPOT_CREATE_LINE_ITEMS',
    batchUpdate: 'HUBSPOT_UPDATE_LINE_ITEMS',
    batchArchive: 'HUBSPOT_ARCHIVE_BATCH_OF_LINE_ITEMS',
    batchRead: 'HUBSPOT_READ_BATCH_OF_LINE_ITEMS_BY_ID_OR_PROPERTY_VALUES',
  }),
  ...objectTools({
    type: 'quotes',
    one: 'quote',
    plural: 'quotes',
    id: 'quoteId',
    flat: QUOTE_FLAT,
    example: 'hs_title, hs_expiration_date, hs_status',
    create: 'HUBSPOT_CREATE_QUOTE_OBJECT',
    update: 'HUBSPOT_UPDATE_QUOTE',
    get: 'HUBSPOT_GET_QUOTE',
    list: 'HUBSPOT_LIST_QUOTES',
    search: 'HUBSPOT_SEARCH_QUOTES_BY_CRITERIA',
    archive: 'HUBSPOT_ARCHIVE_QUOTE',
    merge: 'HUBSPOT_MERGE_QUOTES',
    batchCreate: 'HUBSPOT_CREATE_BATCH_OF_QUOTES',
    batchUpdate: 'HUBSPOT_BATCH_UPDATE_QUOTES',
    batchArchive: 'HUBSPOT_ARCHIVE_BATCH_OF_QUOTES',
    batchRead: 'HUBSPOT_READ_BATCH_OF_QUOTES_BY_PROPERTY_VALUES',
  }),
  ...objectTools({
    type: 'emails',
    one: 'logged email',
    plural: 'logged emails',
    id: 'emailId',
    flat: EMAIL_FLAT,
    example: 'hs_email_subject, hs_email_text, hs_email_direction, hs_timestamp',
    stamp: true,
    create: 'HUBSPOT_CREATE_EMAIL',
    update: 'HUBSPOT_UPDATE_EMAIL',
    get: 'HUBSPOT_READ_EMAIL',
    list: 'HUBSPOT_LIST_EMAILS',
    search: 'HUBSPOT_SEARCH_EMAILS',
    archive: 'HUBSPOT_ARCHIVE_EMAIL',
    merge: 'HUBSPOT_MERGE_EMAILS',
    batchCreate: 'HUBSPOT_CREATE_EMAILS',
    batchUpdate: 'HUBSPOT_UPDATE_EMAILS',
    batchArchive: 'HUBSPOT_ARCHIVE_EMAILS',
    batchRead: 'HUBSPOT_GET_EMAILS',
  }),
  ...generic,
  ...misc,
];
