/**
 * HubSpot CRM in the hosted vocabulary, on top of the compiled HubSpot toolkit (which carries
 * the marketing, CMS and files APIs): contacts, companies, deals and tickets (create, read,
 * list, update, archive, search) under the hosted service's older names — all CRM v3 paths on
 * api.hubapi.com. Arguments are the snake_case of HubSpot's names; the camelCase spelling from
 * HubSpot's docs is accepted too. The current hosted names (any object type, owners, pipelines,
 * properties, associations, engagements …) are declared in hubspot-hosted.ts.
 */
import { s } from './define';
import { hubspotHostedTools } from './hubspot-hosted';
import { acceptCamel, camel, restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

const h = (def: RestDef) => {
  const keys = Object.keys(def.input ?? {});
  return restMapping({ ...def, tags: def.tags ?? ['hubspot', 'crm'], normalize: acceptCamel(keys) }, camel, 'hubspot');
};

const PROPERTIES_IN = s.object(
  {},
  'Property values by internal name, e.g. {"email":"ana@acme.com","firstname":"Ana"}; list names with HUBSPOT_READ_ALL_PROPERTIES_FOR_OBJECT_TYPE',
  { additionalProperties: true },
);
const PROPERTIES_OUT = s.strings('Property names to return beside the defaults, e.g. ["email","lifecyclestage"]');
const ASSOCIATIONS_IN = s.array(
  s.object(
    {
      to: s.object({ id: s.string('Id of the record to link') }, 'Target record'),
      types: s.array(
        s.object(
          {
            associationCategory: s.string('HUBSPOT_DEFINED for standard links'),
            associationTypeId: s.integer('e.g. 279 contact→company, 3 deal→contact'),
          },
          'Type',
        ),
        'Association types',
      ),
    },
    'One association',
  ),
  'Records to link the new record to',
);
const LIMIT = s.integer('Records per page (at most 100)', { default: 10 });
const AFTER = s.string('paging.next.after of the previous page');
const ARCHIVED = s.boolean('true to read archived records instead', { default: false });
const ASSOC_OUT = s.strings('Object types whose associated ids to return, e.g. ["companies","deals"]');
const SEARCH_INPUT = {
  filter_groups: s.array(
    s.object(
      {
        filters: s.array(
          s.object(
            {
              propertyName: s.string('Property to test'),
              operator: s.string(
                'EQ, NEQ, LT, LTE, GT, GTE, CONTAINS_TOKEN, HAS_PROPERTY, NOT_HAS_PROPERTY, IN, BETWEEN',
              ),
              value: s.string('Value to compare with'),
              values: s.strings('Values for IN'),
            },
            'One condition',
          ),
          'Conditions that must all hold',
        ),
      },
      'A group',
    ),
    'Groups of filters; a record matches when any group matches (OR of ANDs)',
  ),
  query: s.string('Free text matched against the default searchable properties (name, email, domain …)'),
  sorts: s.array(
    s.object({ propertyName: s.string('Property'), direction: s.enum(['ASCENDING', 'DESCENDING'], 'Order') }, 'Sort'),
    'Sort order',
  ),
  properties: PROPERTIES_OUT,
  limit: s.integer('Results per page (at most 200)', { default: 10 }),
  after: AFTER,
};

interface ObjectNames {
  type: string;
  one: string;
  id: string;
  create: string;
  get: string;
  list: string;
  update: string;
  archive: string;
  search: string;
  example: string;
}

function objectTools(o: ObjectNames): CuratedTool[] {
  const base = `/crm/v3/objects/${o.type}`;
  const idArg = { [o.id]: s.string(`${o.one} record id (hs_object_id)`) };
  return [
    h({
      slug: o.create,
      name: `Create ${o.one}`,
      important: true,
      method: 'POST',
      path: base,
      description: `Create a ${o.one} record with the given properties (internal names, e.g. ${o.example}) and optional associations. Returns the record with its id and properties.`,
      input: { properties: PROPERTIES_IN, associations: ASSOCIATIONS_IN },
      required: ['properties'],
    }),
    h({
      slug: o.get,
      name: `Get ${o.one}`,
      method: 'GET',
      path: `${base}/{${o.id}}`,
      description: `Read one ${o.one} by id. Only default properties come back unless you list more in properties; associations adds linked record ids.`,
      input: { ...idArg, properties: PROPERTIES_OUT, associations: ASSOC_OUT, archived: ARCHIVED },
      rename: { [o.id]: 'objectId' },
    }),
    h({
      slug: o.list,
      name: `List ${o.type}`,
      method: 'GET',
      path: base,
      description: `Page through ${o.type} (oldest first). Pass paging.next.after from one page as after to get the next. To filter, use ${o.search}.`,
      input: { limit: LIMIT, after: AFTER, properties: PROPERTIES_OUT, associations: ASSOC_OUT, archived: ARCHIVED },
      required: [],
    }),
    h({
      slug: o.update,
      name: `Update ${o.one}`,
      method: 'PATCH',
      path: `${base}/{${o.id}}`,
      description: `Change properties of a ${o.one}; properties not given stay as they are. An empty string clears a value.`,
      input: { ...idArg, properties: PROPERTIES_IN },
      required: [o.id, 'properties'],
      rename: { [o.id]: 'objectId' },
    }),
    h({
      slug: o.archive,
      name: `Archive ${o.one}`,
      method: 'DELETE',
      path: `${base}/{${o.id}}`,
      description: `Archive (soft-delete) a ${o.one}; it can be restored in HubSpot for 90 days. Ask the user first.`,
      input: idArg,
      rename: { [o.id]: 'objectId' },
    }),
    h({
      slug: o.search,
      name: `Search ${o.type}`,
      important: true,
      method: 'POST',
      path: `${base}/search`,
      description: `Find ${o.type} by property filters (filter_groups: OR of AND-ed filters such as {propertyName:"${o.example.split('"')[1]}",operator:"EQ",value:"…"}) and/or free-text query. Returns total, results[] and paging.next.after.`,
      input: SEARCH_INPUT,
      required: [],
    }),
  ];
}

// hosted names that moved to hubspot-hosted.ts with the hosted (camelCase) arguments
const MOVED = new Set(['HUBSPOT_SEARCH_CONTACTS_BY_CRITERIA', 'HUBSPOT_ARCHIVE_COMPANY']);

const olderNames: CuratedTool[] = [
  ...objectTools({
    type: 'contacts',
    one: 'contact',
    id: 'contact_id',
    example: '"email", "firstname", "lastname", "phone"',
    create: 'HUBSPOT_CREATE_CONTACT_OBJECT_WITH_PROPERTIES',
    get: 'HUBSPOT_READ_CRM_CONTACT_BY_ID',
    list: 'HUBSPOT_LIST_CONTACTS_PAGE',
    update: 'HUBSPOT_PARTIALLY_UPDATE_CONTACT_USING_CONTACT_ID',
    archive: 'HUBSPOT_ARCHIVE_CONTACT_BY_ID',
    search: 'HUBSPOT_SEARCH_CONTACTS_BY_CRITERIA',
  }),
  ...objectTools({
    type: 'companies',
    one: 'company',
    id: 'company_id',
    example: '"name", "domain", "industry"',
    create: 'HUBSPOT_CREATE_COMPANY_OBJECT',
    get: 'HUBSPOT_RETRIEVE_COMPANY_OBJECT_BY_ID',
    list: 'HUBSPOT_RETRIEVE_PAGE_OF_COMPANIES',
    update: 'HUBSPOT_PARTIAL_UPDATE_COMPANY_OBJECT_BY_ID',
    archive: 'HUBSPOT_ARCHIVE_COMPANY',
    search: 'HUBSPOT_SEARCH_COMPANY_OBJECTS',
  }),
  ...objectTools({
    type: 'deals',
    one: 'deal',
    id: 'deal_id',
    example: '"dealname", "amount", "dealstage", "pipeline", "closedate"',
    create: 'HUBSPOT_CREATE_NEW_DEAL_OBJECT',
    get: 'HUBSPOT_RETRIEVE_DEAL_BY_ID',
    list: 'HUBSPOT_READ_A_PAGE_OF_DEALS',
    update: 'HUBSPOT_PARTIALLY_UPDATE_DEAL_BY_ID',
    archive: 'HUBSPOT_REMOVE_DEAL_OBJECT_BY_ID',
    search: 'HUBSPOT_SEARCH_DEALS_BY_CRITERIA',
  }),
  ...objectTools({
    type: 'tickets',
    one: 'ticket',
    id: 'ticket_id',
    example: '"subject", "content", "hs_pipeline", "hs_pipeline_stage", "hs_ticket_priority"',
    create: 'HUBSPOT_CREATE_TICKET_OBJECT',
    get: 'HUBSPOT_RETRIEVE_TICKET_BY_ID',
    list: 'HUBSPOT_LIST_PAGE_OF_TICKETS',
    update: 'HUBSPOT_PARTIALLY_UPDATE_TICKET_BY_ID',
    archive: 'HUBSPOT_ARCHIVE_TICKET_BY_ID',
    search: 'HUBSPOT_SEARCH_TICKETS_BY_CRITERIA',
  }),
];

export const hubspotCrmTools: CuratedTool[] = [
  ...olderNames.filter((t) => !MOVED.has(t.slug)),
  // the hosted service's current names (HUBSPOT_CREATE_CONTACT, HUBSPOT_GET_DEAL …), camelCase arguments
  ...hubspotHostedTools,
];
