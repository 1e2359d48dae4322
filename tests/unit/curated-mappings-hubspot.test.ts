import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { applyMappedArgs } from '../../lib/services/tools/mapped';
import { buildMapping, type Want } from '../helpers/mapping-request';

// HubSpot CRM mappings build the CRM v3 / v4 request HubSpot documents (developers.hubspot.com/docs/api/crm).
// Older hosted names (snake_case arguments) first, then the current hosted names (camelCase arguments).
const build = (slug: string, args: Record<string, unknown>) => buildMapping(slug, args, {});

const search = { filter_groups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'a@b.c' }] }], limit: 1 };
const searchBody = { filterGroups: search.filter_groups, limit: 1 };
const TABLE: [string, Record<string, unknown>, Want][] = [];
for (const [type, id, create, get, list, update, archive, find] of [
  [
    'contacts',
    'contact_id',
    'HUBSPOT_CREATE_CONTACT_OBJECT_WITH_PROPERTIES',
    'HUBSPOT_READ_CRM_CONTACT_BY_ID',
    'HUBSPOT_LIST_CONTACTS_PAGE',
    'HUBSPOT_PARTIALLY_UPDATE_CONTACT_USING_CONTACT_ID',
    'HUBSPOT_ARCHIVE_CONTACT_BY_ID',
    null,
  ],
  [
    'companies',
    'company_id',
    'HUBSPOT_CREATE_COMPANY_OBJECT',
    'HUBSPOT_RETRIEVE_COMPANY_OBJECT_BY_ID',
    'HUBSPOT_RETRIEVE_PAGE_OF_COMPANIES',
    'HUBSPOT_PARTIAL_UPDATE_COMPANY_OBJECT_BY_ID',
    null,
    'HUBSPOT_SEARCH_COMPANY_OBJECTS',
  ],
  [
    'deals',
    'deal_id',
    'HUBSPOT_CREATE_NEW_DEAL_OBJECT',
    'HUBSPOT_RETRIEVE_DEAL_BY_ID',
    'HUBSPOT_READ_A_PAGE_OF_DEALS',
    'HUBSPOT_PARTIALLY_UPDATE_DEAL_BY_ID',
    'HUBSPOT_REMOVE_DEAL_OBJECT_BY_ID',
    'HUBSPOT_SEARCH_DEALS_BY_CRITERIA',
  ],
  [
    'tickets',
    'ticket_id',
    'HUBSPOT_CREATE_TICKET_OBJECT',
    'HUBSPOT_RETRIEVE_TICKET_BY_ID',
    'HUBSPOT_LIST_PAGE_OF_TICKETS',
    'HUBSPOT_PARTIALLY_UPDATE_TICKET_BY_ID',
    'HUBSPOT_ARCHIVE_TICKET_BY_ID',
    'HUBSPOT_SEARCH_TICKETS_BY_CRITERIA',
  ],
] as const) {
  TABLE.push(
    [
      create,
      { properties: { name: 'x' } },
      { method: 'POST', path: `/crm/v3/objects/${type}`, body: { properties: { name: 'x' } } },
    ],
    [
      get,
      { [id]: '42', properties: ['email', 'phone'], associations: ['companies'] },
      {
        method: 'GET',
        path: `/crm/v3/objects/${type}/42`,
        query: { properties: ['email', 'phone'], associations: 'companies' },
      },
    ],
    [
      list,
      { limit: 50, after: 'abc' },
      { method: 'GET', path: `/crm/v3/objects/${type}`, query: { limit: '50', after: 'abc' } },
    ],
    [
      update,
      { [id]: '42', properties: { name: 'y' } },
      { method: 'PATCH', path: `/crm/v3/objects/${type}/42`, body: { properties: { name: 'y' } } },
    ],
  );
  if (archive)
    TABLE.push([archive, { [id]: '42' }, { method: 'DELETE', path: `/crm/v3/objects/${type}/42`, query: {} }]);
  if (find) TABLE.push([find, search, { method: 'POST', path: `/crm/v3/objects/${type}/search`, body: searchBody }]);
}

// ---- current hosted names: one object type at a time ----
const F = [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'a@b.c' }] }];
const HOSTED_OBJECTS: {
  type: string;
  id: string;
  flat: Record<string, string>;
  names: Partial<
    Record<'create' | 'update' | 'get' | 'list' | 'search' | 'archive' | 'merge' | 'bc' | 'bu' | 'ba' | 'br', string>
  >;
}[] = [
  {
    type: 'contacts',
    id: 'contactId',
    flat: { email: 'ana@acme.com', firstname: 'Ana', lastname: 'Lima', phone: '+1 555 0100', company: 'Acme' },
    names: {
      create: 'HUBSPOT_CREATE_CONTACT',
      update: 'HUBSPOT_UPDATE_CONTACT',
      get: 'HUBSPOT_READ_CONTACT',
      list: 'HUBSPOT_LIST_CONTACTS',
      search: 'HUBSPOT_SEARCH_CONTACTS_BY_CRITERIA',
      archive: 'HUBSPOT_ARCHIVE_CONTACT',
      merge: 'HUBSPOT_MERGE_CONTACTS',
      bc: 'HUBSPOT_CREATE_CONTACTS',
      bu: 'HUBSPOT_UPDATE_CONTACTS',
      ba: 'HUBSPOT_ARCHIVE_CONTACTS',
      br: 'HUBSPOT_READ_CONTACTS',
    },
  },
  {
    type: 'companies',
    id: 'companyId',
    flat: { name: 'Acme', domain: 'acme.com', industry: 'COMPUTER_SOFTWARE' },
    names: {
      create: 'HUBSPOT_CREATE_COMPANY',
      update: 'HUBSPOT_UPDATE_COMPANY',
      get: 'HUBSPOT_GET_COMPANY',
      list: 'HUBSPOT_LIST_COMPANIES',
      search: 'HUBSPOT_SEARCH_COMPANIES',
      archive: 'HUBSPOT_ARCHIVE_COMPANY',
      merge: 'HUBSPOT_MERGE_COMPANIES',
      bc: 'HUBSPOT_CREATE_COMPANIES',
      bu: 'HUBSPOT_UPDATE_COMPANIES',
      ba: 'HUBSPOT_ARCHIVE_COMPANIES',
      br: 'HUBSPOT_BATCH_READ_COMPANIES_BY_PROPERTIES',
    },
  },
  {
    type: 'deals',
    id: 'dealId',
    flat: { dealname: 'Acme renewal', amount: '12000', pipeline: 'default', dealstage: 'appointmentscheduled' },
    names: {
      create: 'HUBSPOT_CREATE_DEAL',
      update: 'HUBSPOT_UPDATE_DEAL',
      get: 'HUBSPOT_GET_DEAL',
      list: 'HUBSPOT_LIST_DEALS',
      search: 'HUBSPOT_SEARCH_DEALS',
      archive: 'HUBSPOT_REMOVE_DEAL',
      merge: 'HUBSPOT_MERGE_DEALS',
      bc: 'HUBSPOT_CREATE_DEALS',
      bu: 'HUBSPOT_UPDATE_DEALS',
      ba: 'HUBSPOT_ARCHIVE_DEALS',
      br: 'HUBSPOT_GET_DEALS',
    },
  },
  {
    type: 'tickets',
    id: 'ticketId',
    flat: { subject: 'Login fails', content: 'Since Monday', hs_pipeline: '0', hs_pipeline_stage: '1' },
    names: {
      create: 'HUBSPOT_CREATE_TICKET',
      update: 'HUBSPOT_UPDATE_TICKET',
      get: 'HUBSPOT_GET_TICKET',
      list: 'HUBSPOT_LIST_TICKETS',
      search: 'HUBSPOT_SEARCH_TICKETS',
      archive: 'HUBSPOT_ARCHIVE_TICKET',
      merge: 'HUBSPOT_MERGE_TICKETS',
      bc: 'HUBSPOT_CREATE_TICKETS',
      bu: 'HUBSPOT_UPDATE_TICKETS',
      ba: 'HUBSPOT_ARCHIVE_TICKETS',
      br: 'HUBSPOT_GET_TICKETS',
    },
  },
  {
    type: 'products',
    id: 'productId',
    flat: { name: 'Seat', price: '49.00', hs_sku: 'SEAT-1' },
    names: {
      create: 'HUBSPOT_CREATE_PRODUCT',
      update: 'HUBSPOT_UPDATE_PRODUCT',
      get: 'HUBSPOT_GET_PRODUCT',
      list: 'HUBSPOT_LIST_PRODUCTS',
      search: 'HUBSPOT_SEARCH_PRODUCTS',
      archive: 'HUBSPOT_ARCHIVE_PRODUCT',
      merge: 'HUBSPOT_MERGE_PRODUCTS',
      bc: 'HUBSPOT_CREATE_PRODUCTS',
      bu: 'HUBSPOT_UPDATE_PRODUCTS',
      ba: 'HUBSPOT_ARCHIVE_PRODUCTS',
      br: 'HUBSPOT_GET_PRODUCTS',
    },
  },
  {
    type: 'line_items',
    id: 'lineItemId',
    flat: { hs_product_id: '77', quantity: '3' },
    names: {
      create: 'HUBSPOT_CREATE_LINE_ITEM',
      update: 'HUBSPOT_UPDATE_LINE_ITEM',
      get: 'HUBSPOT_RETRIEVE_LINE_ITEM_BY_ID',
      list: 'HUBSPOT_RETRIEVE_LINE_ITEMS',
      search: 'HUBSPOT_SEARCH_LINE_ITEMS_BY_CRITERIA',
      archive: 'HUBSPOT_ARCHIVE_LINE_ITEM',
      merge: 'HUBSPOT_MERGE_LINE_ITEMS',
      bc: 'HUBSPOT_CREATE_LINE_ITEMS',
      bu: 'HUBSPOT_UPDATE_LINE_ITEMS',
      ba: 'HUBSPOT_ARCHIVE_BATCH_OF_LINE_ITEMS',
      br: 'HUBSPOT_READ_BATCH_OF_LINE_ITEMS_BY_ID_OR_PROPERTY_VALUES',
    },
  },
  {
    type: 'quotes',
    id: 'quoteId',
    flat: { hs_title: 'Acme 2025', hs_expiration_date: '2025-07-01' },
    names: {
      create: 'HUBSPOT_CREATE_QUOTE_OBJECT',
      update: 'HUBSPOT_UPDATE_QUOTE',
      get: 'HUBSPOT_GET_QUOTE',
      list: 'HUBSPOT_LIST_QUOTES',
      search: 'HUBSPOT_SEARCH_QUOTES_BY_CRITERIA',
      archive: 'HUBSPOT_ARCHIVE_QUOTE',
      merge: 'HUBSPOT_MERGE_QUOTES',
      bc: 'HUBSPOT_CREATE_BATCH_OF_QUOTES',
      bu: 'HUBSPOT_BATCH_UPDATE_QUOTES',
      ba: 'HUBSPOT_ARCHIVE_BATCH_OF_QUOTES',
      br: 'HUBSPOT_READ_BATCH_OF_QUOTES_BY_PROPERTY_VALUES',
    },
  },
  {
    type: 'emails',
    id: 'emailId',
    flat: { hs_email_subject: 'Hi', hs_email_text: 'Hello', hs_timestamp: '2025-03-10T14:00:00Z' },
    names: {
      create: 'HUBSPOT_CREATE_EMAIL',
      update: 'HUBSPOT_UPDATE_EMAIL',
      get: 'HUBSPOT_READ_EMAIL',
      list: 'HUBSPOT_LIST_EMAILS',
      search: 'HUBSPOT_SEARCH_EMAILS',
      archive: 'HUBSPOT_ARCHIVE_EMAIL',
      merge: 'HUBSPOT_MERGE_EMAILS',
      bc: 'HUBSPOT_CREATE_EMAILS',
      bu: 'HUBSPOT_UPDATE_EMAILS',
      ba: 'HUBSPOT_ARCHIVE_EMAILS',
      br: 'HUBSPOT_GET_EMAILS',
    },
  },
  {
    type: 'notes',
    id: 'noteId',
    flat: { hs_note_body: 'Called, wants a demo', hs_timestamp: '2025-03-10T14:00:00Z' },
    names: { create: 'HUBSPOT_CREATE_NOTE', archive: 'HUBSPOT_DELETE_NOTE' },
  },
  {
    type: 'tasks',
    id: 'taskId',
    flat: { hs_task_subject: 'Send quote', hs_timestamp: '2025-03-12T09:00:00Z', hs_task_priority: 'HIGH' },
    names: { create: 'HUBSPOT_CREATE_TASK', archive: 'HUBSPOT_DELETE_TASK' },
  },
  {
    type: 'meetings',
    id: 'meetingId',
    flat: {
      hs_meeting_title: 'Demo',
      hs_meeting_start_time: '2025-03-12T09:00:00Z',
      hs_timestamp: '2025-03-12T09:00:00Z',
    },
    names: { create: 'HUBSPOT_CREATE_MEETING', archive: 'HUBSPOT_DELETE_MEETING' },
  },
  { type: 'calls', id: 'callId', flat: {}, names: { archive: 'HUBSPOT_DELETE_CALL' } },
];
const assoc = [{ to: { id: '9' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }];
for (const { type, id, flat, names: n } of HOSTED_OBJECTS) {
  const base = `/crm/v3/objects/${type}`;
  if (n.create)
    TABLE.push(
      // flat properties folded into properties; the properties object adds (and wins)
      [
        n.create,
        { ...flat, properties: { custom_score: '7' }, associations: assoc },
        { method: 'POST', path: base, body: { properties: { ...flat, custom_score: '7' }, associations: assoc } },
      ],
    );
  if (n.update)
    TABLE.push([
      n.update,
      { [id]: '42', ...flat },
      { method: 'PATCH', path: `${base}/42`, query: {}, body: { properties: flat } },
    ]);
  if (n.get)
    TABLE.push([
      n.get,
      { [id]: '42', properties: ['a', 'b'], associations: ['deals'], archived: false },
      {
        method: 'GET',
        path: `${base}/42`,
        query: { properties: ['a', 'b'], associations: 'deals', archived: 'false' },
      },
    ]);
  if (n.list)
    TABLE.push([
      n.list,
      { limit: 50, after: 'abc', properties: ['a'], propertiesWithHistory: ['b'] },
      { method: 'GET', path: base, query: { limit: '50', after: 'abc', properties: 'a', propertiesWithHistory: 'b' } },
    ]);
  if (n.search)
    TABLE.push([
      n.search,
      {
        filterGroups: F,
        query: 'acme',
        sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
        limit: 5,
        after: '10',
      },
      {
        method: 'POST',
        path: `${base}/search`,
        body: {
          filterGroups: F,
          query: 'acme',
          sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
          limit: 5,
          after: '10',
        },
      },
    ]);
  if (n.archive) TABLE.push([n.archive, { [id]: '42' }, { method: 'DELETE', path: `${base}/42`, query: {} }]);
  if (n.merge)
    TABLE.push([
      n.merge,
      { primaryObjectId: '1', objectIdToMerge: '2' },
      { method: 'POST', path: `${base}/merge`, body: { primaryObjectId: '1', objectIdToMerge: '2' } },
    ]);
  if (n.bc)
    TABLE.push([
      n.bc,
      { inputs: [{ properties: flat }] },
      { method: 'POST', path: `${base}/batch/create`, body: { inputs: [{ properties: flat }] } },
    ]);
  if (n.bu)
    TABLE.push([
      n.bu,
      { inputs: [{ id: '42', properties: flat }] },
      { method: 'POST', path: `${base}/batch/update`, body: { inputs: [{ id: '42', properties: flat }] } },
    ]);
  if (n.ba)
    TABLE.push([
      n.ba,
      { inputs: [{ id: '1' }, { id: '2' }] },
      { method: 'POST', path: `${base}/batch/archive`, body: { inputs: [{ id: '1' }, { id: '2' }] } },
    ]);
  if (n.br)
    TABLE.push([
      n.br,
      { inputs: [{ id: '1' }], properties: ['a'], archived: false },
      {
        method: 'POST',
        path: `${base}/batch/read`,
        query: { archived: 'false' },
        body: { inputs: [{ id: '1' }], properties: ['a'] },
      },
    ]);
}

// ---- current hosted names: any object type, associations, pipelines, properties, others ----
const OT = { objectType: 'notes' };
const PL = { objectType: 'deals', pipelineId: 'default' };
TABLE.push(
  [
    'HUBSPOT_CREATE_CRM_OBJECT_WITH_PROPERTIES',
    { ...OT, properties: { hs_note_body: 'Called' } },
    { method: 'POST', path: '/crm/v3/objects/notes', body: { properties: { hs_note_body: 'Called' } } },
  ],
  [
    'HUBSPOT_READ_CRM_OBJECT_BY_ID',
    { ...OT, objectId: '5', properties: ['hs_note_body'] },
    { method: 'GET', path: '/crm/v3/objects/notes/5', query: { properties: 'hs_note_body' } },
  ],
  [
    'HUBSPOT_READ_APAGE_OF_OBJECTS_BY_TYPE',
    { objectType: 'tasks', limit: 3 },
    { method: 'GET', path: '/crm/v3/objects/tasks', query: { limit: '3' } },
  ],
  [
    'HUBSPOT_PARTIALLY_UPDATE_CRM_OBJECT_BY_ID',
    { objectType: 'contacts', objectId: 'ana@acme.com', idProperty: 'email', properties: { phone: '1' } },
    {
      method: 'PATCH',
      path: '/crm/v3/objects/contacts/ana%40acme.com',
      query: { idProperty: 'email' },
      body: { properties: { phone: '1' } },
    },
  ],
  ['HUBSPOT_ARCHIVE_CRM_OBJECT_BY_ID', { ...OT, objectId: '5' }, { method: 'DELETE', path: '/crm/v3/objects/notes/5' }],
  [
    'HUBSPOT_SEARCH_CRM_OBJECTS_BY_CRITERIA',
    { ...OT, filterGroups: F, limit: 1 },
    { method: 'POST', path: '/crm/v3/objects/notes/search', body: { filterGroups: F, limit: 1 } },
  ],
  [
    'HUBSPOT_MERGE_OBJECTS',
    { objectType: 'deals', primaryObjectId: '1', objectIdToMerge: '2' },
    { method: 'POST', path: '/crm/v3/objects/deals/merge', body: { primaryObjectId: '1', objectIdToMerge: '2' } },
  ],
  [
    'HUBSPOT_CREATE_BATCH_OF_OBJECTS',
    { objectType: '2-123', inputs: [{ properties: { name: 'x' } }] },
    { method: 'POST', path: '/crm/v3/objects/2-123/batch/create', body: { inputs: [{ properties: { name: 'x' } }] } },
  ],
  [
    'HUBSPOT_UPDATE_BATCH_OF_OBJECTS_BY_IDOR_PROPERTY_VALUES',
    { objectType: 'deals', inputs: [{ id: '1', properties: { amount: '5' } }] },
    {
      method: 'POST',
      path: '/crm/v3/objects/deals/batch/update',
      body: { inputs: [{ id: '1', properties: { amount: '5' } }] },
    },
  ],
  [
    'HUBSPOT_ARCHIVE_BATCH_OF_OBJECTS',
    { objectType: 'deals', inputs: [{ id: '1' }] },
    { method: 'POST', path: '/crm/v3/objects/deals/batch/archive', body: { inputs: [{ id: '1' }] } },
  ],
  [
    'HUBSPOT_READ_BATCH_OF_CRM_OBJECTS_BY_ID_OR_PROPERTY_VALUES',
    { ...OT, inputs: [{ id: '5' }], properties: ['hs_note_body'] },
    {
      method: 'POST',
      path: '/crm/v3/objects/notes/batch/read',
      body: { inputs: [{ id: '5' }], properties: ['hs_note_body'] },
    },
  ],
  [
    'HUBSPOT_LIST_OBJECT_ASSOCIATIONS',
    { objectType: 'contacts', objectId: '501', toObjectType: 'deals', limit: 50 },
    { method: 'GET', path: '/crm/v4/objects/contacts/501/associations/deals', query: { limit: '50' } },
  ],
  [
    'HUBSPOT_CREATE_OBJECT_ASSOCIATION',
    { objectType: 'contacts', objectId: '501', toObjectType: 'companies', toObjectId: '77', associationTypeId: 279 },
    {
      method: 'PUT',
      path: '/crm/v4/objects/contacts/501/associations/companies/77',
      body: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 }],
    },
  ],
  [
    'HUBSPOT_CREATE_OBJECT_ASSOCIATION',
    {
      objectType: 'deals',
      objectId: '9',
      toObjectType: 'contacts',
      toObjectId: '501',
      types: [{ associationCategory: 'USER_DEFINED', associationTypeId: 36 }],
    },
    {
      method: 'PUT',
      path: '/crm/v4/objects/deals/9/associations/contacts/501',
      body: [{ associationCategory: 'USER_DEFINED', associationTypeId: 36 }],
    },
  ],
  [
    'HUBSPOT_CREATE_ASSOCIATION',
    { fromObjectType: 'notes', fromObjectId: '5', toObjectType: 'deals', toObjectId: '9' },
    { method: 'PUT', path: '/crm/v4/objects/notes/5/associations/default/deals/9' },
  ],
  [
    'HUBSPOT_REMOVE_ASSOCIATION',
    { objectType: 'contacts', objectId: '501', toObjectType: 'companies', toObjectId: '77' },
    { method: 'DELETE', path: '/crm/v4/objects/contacts/501/associations/companies/77' },
  ],
  [
    'HUBSPOT_LIST_ASSOCIATION_TYPES',
    { fromObjectType: 'contacts', toObjectType: 'companies' },
    { method: 'GET', path: '/crm/v4/associations/contacts/companies/labels' },
  ],
  [
    'HUBSPOT_READ_ASSOCIATIONS_BATCH',
    { fromObjectType: 'deals', toObjectType: 'contacts', inputs: [{ id: '9' }] },
    { method: 'POST', path: '/crm/v4/associations/deals/contacts/batch/read', body: { inputs: [{ id: '9' }] } },
  ],
  [
    'HUBSPOT_LIST_CONTACT_NOTES',
    { contactId: '501' },
    { method: 'GET', path: '/crm/v4/objects/contacts/501/associations/notes' },
  ],
  [
    'HUBSPOT_LIST_CONTACT_TASKS',
    { contactId: '501' },
    { method: 'GET', path: '/crm/v4/objects/contacts/501/associations/tasks' },
  ],
  [
    'HUBSPOT_LIST_COMPANY_CALLS',
    { companyId: '77' },
    { method: 'GET', path: '/crm/v4/objects/companies/77/associations/calls' },
  ],
  [
    'HUBSPOT_LIST_COMPANY_MEETINGS',
    { companyId: '77' },
    { method: 'GET', path: '/crm/v4/objects/companies/77/associations/meetings' },
  ],
  [
    'HUBSPOT_LIST_COMPANY_ACTIVITIES',
    { companyId: '77', toObjectType: 'emails', after: 'x' },
    { method: 'GET', path: '/crm/v4/objects/companies/77/associations/emails', query: { after: 'x' } },
  ],
  [
    'HUBSPOT_LIST_DEAL_MEETINGS',
    { dealId: '9' },
    { method: 'GET', path: '/crm/v4/objects/deals/9/associations/meetings' },
  ],
  [
    'HUBSPOT_LIST_DEAL_ACTIVITIES',
    { dealId: '9', toObjectType: 'notes' },
    { method: 'GET', path: '/crm/v4/objects/deals/9/associations/notes' },
  ],
  [
    'HUBSPOT_RETRIEVE_OWNERS',
    { email: 'ana@acme.com' },
    { method: 'GET', path: '/crm/v3/owners', query: { email: 'ana@acme.com' } },
  ],
  [
    'HUBSPOT_RETRIEVE_OWNER_BY_ID_OR_USER_ID',
    { ownerId: '9', idProperty: 'userId' },
    { method: 'GET', path: '/crm/v3/owners/9', query: { idProperty: 'userId' } },
  ],
  ['HUBSPOT_RETRIEVE_ALL_PIPELINES_FOR_SPECIFIED_OBJECT_TYPE', {}, { method: 'GET', path: '/crm/v3/pipelines/deals' }],
  [
    'HUBSPOT_RETRIEVE_ALL_PIPELINES_FOR_SPECIFIED_OBJECT_TYPE',
    { objectType: 'tickets' },
    { method: 'GET', path: '/crm/v3/pipelines/tickets' },
  ],
  ['HUBSPOT_GET_PIPELINE_BY_ID', PL, { method: 'GET', path: '/crm/v3/pipelines/deals/default' }],
  ['HUBSPOT_RETURN_PIPELINE_BY_ID', PL, { method: 'GET', path: '/crm/v3/pipelines/deals/default' }],
  ['HUBSPOT_RETRIEVE_PIPELINE_STAGES', PL, { method: 'GET', path: '/crm/v3/pipelines/deals/default/stages' }],
  [
    'HUBSPOT_RETRIEVE_PIPELINE_STAGE_BY_ID',
    { ...PL, stageId: 'closedwon' },
    { method: 'GET', path: '/crm/v3/pipelines/deals/default/stages/closedwon' },
  ],
  [
    'HUBSPOT_CREATE_PIPELINE',
    {
      objectType: 'deals',
      label: 'Renewals',
      stages: [{ label: 'Open', displayOrder: 0, metadata: { probability: '0.2' } }],
    },
    {
      method: 'POST',
      path: '/crm/v3/pipelines/deals',
      body: {
        label: 'Renewals',
        displayOrder: 0,
        stages: [{ label: 'Open', displayOrder: 0, metadata: { probability: '0.2' } }],
      },
    },
  ],
  [
    'HUBSPOT_UPDATE_PIPELINE',
    { ...PL, label: 'Sales' },
    { method: 'PATCH', path: '/crm/v3/pipelines/deals/default', body: { label: 'Sales' } },
  ],
  [
    'HUBSPOT_REPLACE_ALL_PROPERTIES_OF_PIPELINE',
    { ...PL, label: 'Sales', displayOrder: 1, stages: [] },
    { method: 'PUT', path: '/crm/v3/pipelines/deals/default', body: { label: 'Sales', displayOrder: 1, stages: [] } },
  ],
  [
    'HUBSPOT_DELETE_PIPELINE',
    { ...PL, validateReferencesBeforeDelete: true },
    { method: 'DELETE', path: '/crm/v3/pipelines/deals/default', query: { validateReferencesBeforeDelete: 'true' } },
  ],
  [
    'HUBSPOT_CREATE_PIPELINE_STAGE',
    { ...PL, label: 'Won', displayOrder: 5, metadata: { probability: '1.0' } },
    {
      method: 'POST',
      path: '/crm/v3/pipelines/deals/default/stages',
      body: { label: 'Won', displayOrder: 5, metadata: { probability: '1.0' } },
    },
  ],
  [
    'HUBSPOT_UPDATE_PIPELINE_STAGE',
    { ...PL, stageId: 's1', label: 'Qualified' },
    { method: 'PATCH', path: '/crm/v3/pipelines/deals/default/stages/s1', body: { label: 'Qualified' } },
  ],
  [
    'HUBSPOT_REPLACE_PIPELINE_STAGE_PROPERTIES',
    { ...PL, stageId: 's1', label: 'Qualified', displayOrder: 1, metadata: { probability: '0.4' } },
    {
      method: 'PUT',
      path: '/crm/v3/pipelines/deals/default/stages/s1',
      body: { label: 'Qualified', displayOrder: 1, metadata: { probability: '0.4' } },
    },
  ],
  [
    'HUBSPOT_DELETE_PIPELINE_STAGE',
    { ...PL, stageId: 's1' },
    { method: 'DELETE', path: '/crm/v3/pipelines/deals/default/stages/s1' },
  ],
  ['HUBSPOT_AUDIT_PIPELINE_CHANGES', PL, { method: 'GET', path: '/crm/v3/pipelines/deals/default/audit' }],
  [
    'HUBSPOT_GET_PIPELINE_STAGE_AUDIT',
    { ...PL, stageId: 's1' },
    { method: 'GET', path: '/crm/v3/pipelines/deals/default/stages/s1/audit' },
  ],
  [
    'HUBSPOT_READ_ALL_PROPERTIES_FOR_OBJECT_TYPE',
    { objectType: 'contacts' },
    { method: 'GET', path: '/crm/v3/properties/contacts' },
  ],
  [
    'HUBSPOT_READ_A_CRM_PROPERTY_BY_NAME',
    { objectType: 'contacts', propertyName: 'lifecyclestage' },
    { method: 'GET', path: '/crm/v3/properties/contacts/lifecyclestage' },
  ],
  ['HUBSPOT_LIST_CONTACT_PROPERTIES', {}, { method: 'GET', path: '/crm/v3/properties/contacts' }],
  [
    'HUBSPOT_CREATE_PROPERTY_FOR_SPECIFIED_OBJECT_TYPE',
    {
      objectType: 'deals',
      name: 'renewal_risk',
      label: 'Renewal risk',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'dealinformation',
      options: [{ label: 'High', value: 'high' }],
    },
    {
      method: 'POST',
      path: '/crm/v3/properties/deals',
      body: {
        name: 'renewal_risk',
        label: 'Renewal risk',
        type: 'enumeration',
        fieldType: 'select',
        groupName: 'dealinformation',
        options: [{ label: 'High', value: 'high' }],
      },
    },
  ],
  [
    'HUBSPOT_UPDATE_CRM_PROPERTY',
    { objectType: 'deals', propertyName: 'renewal_risk', label: 'Risk' },
    { method: 'PATCH', path: '/crm/v3/properties/deals/renewal_risk', body: { label: 'Risk' } },
  ],
  [
    'HUBSPOT_ARCHIVE_PROPERTY_BY_OBJECT_TYPE_AND_NAME',
    { objectType: 'deals', propertyName: 'renewal_risk' },
    { method: 'DELETE', path: '/crm/v3/properties/deals/renewal_risk' },
  ],
  [
    'HUBSPOT_READ_BATCH_CRM_OBJECT_PROPERTIES',
    { objectType: 'deals', inputs: [{ name: 'amount' }] },
    {
      method: 'POST',
      path: '/crm/v3/properties/deals/batch/read',
      body: { inputs: [{ name: 'amount' }], archived: false },
    },
  ],
  [
    'HUBSPOT_CREATE_BATCH_OF_PROPERTIES',
    { objectType: 'deals', inputs: [{ name: 'a', label: 'A', type: 'string', fieldType: 'text', groupName: 'g' }] },
    {
      method: 'POST',
      path: '/crm/v3/properties/deals/batch/create',
      body: { inputs: [{ name: 'a', label: 'A', type: 'string', fieldType: 'text', groupName: 'g' }] },
    },
  ],
  [
    'HUBSPOT_ARCHIVE_BATCH_OF_PROPERTIES',
    { objectType: 'deals', inputs: [{ name: 'a' }] },
    { method: 'POST', path: '/crm/v3/properties/deals/batch/archive', body: { inputs: [{ name: 'a' }] } },
  ],
  [
    'HUBSPOT_READ_PROPERTY_GROUPS_FOR_OBJECT_TYPE',
    { objectType: 'deals' },
    { method: 'GET', path: '/crm/v3/properties/deals/groups' },
  ],
  [
    'HUBSPOT_READ_PROPERTY_GROUP',
    { objectType: 'deals', groupName: 'dealinformation' },
    { method: 'GET', path: '/crm/v3/properties/deals/groups/dealinformation' },
  ],
  [
    'HUBSPOT_CREATE_AND_RETURN_A_NEW_PROPERTY_GROUP',
    { objectType: 'deals', name: 'risk', label: 'Risk' },
    { method: 'POST', path: '/crm/v3/properties/deals/groups', body: { name: 'risk', label: 'Risk' } },
  ],
  [
    'HUBSPOT_UPDATE_PROPERTY_GROUP',
    { objectType: 'deals', groupName: 'risk', displayOrder: 2 },
    { method: 'PATCH', path: '/crm/v3/properties/deals/groups/risk', body: { displayOrder: 2 } },
  ],
  [
    'HUBSPOT_ARCHIVE_PROPERTY_GROUP',
    { objectType: 'deals', groupName: 'risk' },
    { method: 'DELETE', path: '/crm/v3/properties/deals/groups/risk' },
  ],
  ['HUBSPOT_RETRIEVE_ALL_OBJECT_SCHEMAS', {}, { method: 'GET', path: '/crm/v3/schemas' }],
  ['HUBSPOT_RETRIEVE_OBJECT_SCHEMA', { objectType: '2-123' }, { method: 'GET', path: '/crm/v3/schemas/2-123' }],
  [
    'HUBSPOT_GET_SEGMENT_MEMBERS',
    { listId: '12', limit: 100 },
    { method: 'GET', path: '/crm/v3/lists/12/memberships/join-order', query: { limit: '100' } },
  ],
  [
    'HUBSPOT_PERMANENTLY_DELETE_CONTACT_VIA_GDPR',
    { objectId: 'ana@acme.com', idProperty: 'email' },
    {
      method: 'POST',
      path: '/crm/v3/objects/contacts/gdpr-delete',
      body: { objectId: 'ana@acme.com', idProperty: 'email' },
    },
  ],
  [
    'HUBSPOT_DELETE_CONTACT_GDPR',
    { objectId: '501' },
    { method: 'POST', path: '/crm/v3/objects/contacts/gdpr-delete', body: { objectId: '501' } },
  ],
  ['HUBSPOT_GET_ACCOUNT_INFO', {}, { method: 'GET', path: '/account-info/v3/details' }],
);

describe('HubSpot CRM curated mappings', () => {
  it.each(TABLE)('%s builds the documented CRM v3 request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
  });
});

describe('HubSpot hosted argument shapes', () => {
  // as the executor does: a data mapping's renames first, then a curated tool's own normalize
  const norm = (slug: string, args: Record<string, unknown>) => {
    const tool = getTool(slug)!;
    const out = applyMappedArgs(tool, args);
    return tool.curated?.normalize ? tool.curated.normalize(out) : out;
  };

  it('every current hosted name is one request: a curated mapping or a data mapping', () => {
    for (const [slug] of TABLE) {
      const tool = getTool(slug);
      if (tool?.mapped) expect(tool.curated, slug).toBeUndefined();
      else expect(tool?.curated?.kind, slug).toBe('mapping');
    }
  });

  it('the create tools declare the common properties as top-level string arguments beside properties', () => {
    const props = getTool('HUBSPOT_CREATE_CONTACT')!.inputParameters.properties as Record<string, { type: string }>;
    for (const k of ['email', 'firstname', 'lastname', 'phone', 'company', 'properties', 'associations'])
      expect(props[k], k).toBeDefined();
    expect(props.email!.type).toBe('string');
    expect(props.properties!.type).toBe('object');
    const deal = getTool('HUBSPOT_CREATE_DEAL')!.inputParameters.properties as Record<string, unknown>;
    expect(Object.keys(deal)).toEqual(
      expect.arrayContaining(['dealname', 'amount', 'pipeline', 'dealstage', 'closedate']),
    );
  });

  it('a value in properties wins over the same top-level argument', () => {
    const got = build('HUBSPOT_UPDATE_DEAL', { dealId: '9', amount: '1', properties: { amount: '2', custom: 'x' } });
    expect(got.body).toEqual({ properties: { amount: '2', custom: 'x' } });
  });

  it('snake_case spellings and numbers are folded into the hosted camelCase / string form before validation', () => {
    expect(norm('HUBSPOT_UPDATE_CONTACT', { contact_id: '42', firstname: 'Ana' })).toEqual({
      contactId: '42',
      firstname: 'Ana',
    });
    expect(norm('HUBSPOT_CREATE_DEAL', { dealname: 'X', amount: 12000 })).toEqual({ dealname: 'X', amount: '12000' });
    expect(norm('HUBSPOT_SEARCH_DEALS', { filter_groups: F })).toEqual({ filterGroups: F });
    expect(
      norm('HUBSPOT_LIST_OBJECT_ASSOCIATIONS', { object_type: 'contacts', object_id: '1', to_object_type: 'deals' }),
    ).toEqual({
      objectType: 'contacts',
      objectId: '1',
      toObjectType: 'deals',
    });
    expect(norm('HUBSPOT_ARCHIVE_DEALS', { inputs: ['1', { id: '2' }] })).toEqual({
      inputs: [{ id: '1' }, { id: '2' }],
    });
  });

  it('engagements get hs_timestamp = now when it is not given', () => {
    const before = Date.now();
    const got = build('HUBSPOT_CREATE_NOTE', { hs_note_body: 'Called', associations: assoc });
    const body = got.body as { properties: { hs_note_body: string; hs_timestamp: string }; associations: unknown };
    expect(body.properties.hs_note_body).toBe('Called');
    expect(Date.parse(body.properties.hs_timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.associations).toEqual(assoc);
  });

  it('create and update refuse a call without any property', () => {
    const tool = getTool('HUBSPOT_CREATE_CONTACT')!;
    expect(() => prepareMappingArgs(tool, {})).toThrow(/at least one property/);
    expect(() => prepareMappingArgs(getTool('HUBSPOT_UPDATE_TICKET')!, { ticketId: '1' })).toThrow(
      /at least one property/,
    );
    expect(() =>
      prepareMappingArgs(getTool('HUBSPOT_CREATE_OBJECT_ASSOCIATION')!, {
        objectType: 'contacts',
        objectId: '1',
        toObjectType: 'companies',
        toObjectId: '2',
      }),
    ).toThrow(/associationTypeId/);
  });

  it('the request sends no stray top-level property fields', () => {
    const req = buildToolRequest(
      getTool('HUBSPOT_CREATE_TICKET')!,
      'https://api.hubapi.com',
      prepareMappingArgs(getTool('HUBSPOT_CREATE_TICKET')!, { subject: 'S', hs_pipeline_stage: '1' }),
    );
    expect(JSON.parse(String(req.body))).toEqual({ properties: { subject: 'S', hs_pipeline_stage: '1' } });
  });
});
