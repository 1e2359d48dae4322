import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// HubSpot CRM mappings build the CRM v3 request HubSpot documents (developers.hubspot.com/docs/api/crm).
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
    'HUBSPOT_SEARCH_CONTACTS_BY_CRITERIA',
  ],
  [
    'companies',
    'company_id',
    'HUBSPOT_CREATE_COMPANY_OBJECT',
    'HUBSPOT_RETRIEVE_COMPANY_OBJECT_BY_ID',
    'HUBSPOT_RETRIEVE_PAGE_OF_COMPANIES',
    'HUBSPOT_PARTIAL_UPDATE_COMPANY_OBJECT_BY_ID',
    'HUBSPOT_ARCHIVE_COMPANY',
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
    [archive, { [id]: '42' }, { method: 'DELETE', path: `/crm/v3/objects/${type}/42`, query: {} }],
    [find, search, { method: 'POST', path: `/crm/v3/objects/${type}/search`, body: searchBody }],
  );
}
TABLE.push(
  [
    'HUBSPOT_CREATE_CRM_OBJECT_WITH_PROPERTIES',
    { object_type: 'notes', properties: { hs_note_body: 'Called' } },
    { method: 'POST', path: '/crm/v3/objects/notes', body: { properties: { hs_note_body: 'Called' } } },
  ],
  [
    'HUBSPOT_READ_CRM_OBJECT_BY_ID',
    { object_type: 'notes', object_id: '5' },
    { method: 'GET', path: '/crm/v3/objects/notes/5', query: {} },
  ],
  [
    'HUBSPOT_READ_APAGE_OF_OBJECTS_BY_TYPE',
    { object_type: 'tasks', limit: 3 },
    { method: 'GET', path: '/crm/v3/objects/tasks', query: { limit: '3' } },
  ],
  [
    'HUBSPOT_PARTIALLY_UPDATE_CRM_OBJECT_BY_ID',
    { object_type: 'notes', object_id: '5', properties: { hs_note_body: 'x' } },
    { method: 'PATCH', path: '/crm/v3/objects/notes/5', body: { properties: { hs_note_body: 'x' } } },
  ],
  [
    'HUBSPOT_ARCHIVE_CRM_OBJECT_BY_ID',
    { object_type: 'notes', object_id: '5' },
    { method: 'DELETE', path: '/crm/v3/objects/notes/5' },
  ],
  [
    'HUBSPOT_SEARCH_CRM_OBJECTS_BY_CRITERIA',
    { object_type: 'notes', ...search },
    { method: 'POST', path: '/crm/v3/objects/notes/search', body: searchBody },
  ],
  [
    'HUBSPOT_RETRIEVE_OWNERS',
    { email: 'ana@acme.com' },
    { method: 'GET', path: '/crm/v3/owners', query: { email: 'ana@acme.com' } },
  ],
  [
    'HUBSPOT_RETRIEVE_OWNER_BY_ID_OR_USER_ID',
    { owner_id: '9', id_property: 'userId' },
    { method: 'GET', path: '/crm/v3/owners/9', query: { idProperty: 'userId' } },
  ],
  [
    'HUBSPOT_RETRIEVE_ALL_PIPELINES_FOR_SPECIFIED_OBJECT_TYPE',
    { object_type: 'tickets' },
    { method: 'GET', path: '/crm/v3/pipelines/tickets' },
  ],
  [
    'HUBSPOT_RETURN_PIPELINE_BY_ID',
    { object_type: 'deals', pipeline_id: 'default' },
    { method: 'GET', path: '/crm/v3/pipelines/deals/default' },
  ],
  [
    'HUBSPOT_RETRIEVE_PIPELINE_STAGES',
    { object_type: 'deals', pipeline_id: 'default' },
    { method: 'GET', path: '/crm/v3/pipelines/deals/default/stages' },
  ],
  [
    'HUBSPOT_READ_ALL_PROPERTIES_FOR_OBJECT_TYPE',
    { object_type: 'contacts' },
    { method: 'GET', path: '/crm/v3/properties/contacts' },
  ],
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
