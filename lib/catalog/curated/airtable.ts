/**
 * Airtable in the hosted vocabulary: bases, schema, records and record comments on the Web API
 * v0. Connect with a personal access token (Bearer) or OAuth2 on airtable.com/oauth2/v1, which
 * requires PKCE (the OAuth service always sends an S256 challenge). Arguments are the snake_case
 * of Airtable's names; the camelCase spelling of Airtable's docs (baseId, tableIdOrName) works too.
 */
import { s } from './define';
import { acceptCamel, camel, restMapping, type RestDef } from './rest-mapping';
import { apiKeyScheme, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { AuthSchemeDef } from '../types';
import type { CuratedTool } from './types';

const a = (def: RestDef): CuratedTool =>
  restMapping(
    { ...def, tags: def.tags ?? ['airtable'], normalize: acceptCamel(Object.keys(def.input ?? {})) },
    camel,
    'airtable',
  );
const BASE_ID = s.string('Base id, app… (from AIRTABLE_LIST_BASES or the base URL)');
const TABLE = s.string('Table id (tbl…) or table name, from AIRTABLE_GET_BASE_SCHEMA');
const RECORD_ID = s.string('Record id, rec…');
const FIELDS_IN = s.object(
  {},
  'Cell values by field name (or field id), e.g. {"Name":"Ana","Status":"Done","Tags":["vip"]}',
  { additionalProperties: true },
);
const RECORDS_IN = s.array(
  s.object({ id: RECORD_ID, fields: FIELDS_IN }, 'A record'),
  'Up to 10 records [{id, fields}]',
);
const TYPECAST = s.boolean('Let Airtable convert strings to the field type (e.g. create a new select option)', {
  default: false,
});
const OFFSET = s.string('offset from the previous page');

export const airtableTools: CuratedTool[] = [
  a({
    slug: 'AIRTABLE_LIST_BASES',
    name: 'List bases',
    important: true,
    method: 'GET',
    path: '/meta/bases',
    input: { offset: OFFSET },
    required: [],
    description:
      'The bases the token can reach (id, name, permissionLevel). Start here: the id is base_id of every other tool; then AIRTABLE_GET_BASE_SCHEMA lists its tables and fields.',
  }),
  a({
    slug: 'AIRTABLE_GET_BASE_SCHEMA',
    name: 'Get base schema',
    important: true,
    method: 'GET',
    path: '/meta/bases/{base_id}/tables',
    input: { base_id: BASE_ID },
    description:
      'Tables of a base with their fields (id, name, type, options such as select choices) and views. Use the exact field names in fields, filter_by_formula and sort.',
  }),
  a({
    slug: 'AIRTABLE_CREATE_BASE',
    name: 'Create base',
    method: 'POST',
    path: '/meta/bases',
    input: {
      name: s.string('Base name'),
      workspace_id: s.string('Workspace id, wsp…'),
      tables: s.array(
        s.object(
          {
            name: s.string('Table name'),
            fields: s.array(
              s.object({ name: s.string('Field name'), type: s.string('Field type, e.g. singleLineText') }, 'Field', {
                additionalProperties: true,
              }),
              'Fields; the first is the primary field',
            ),
          },
          'Table',
          { additionalProperties: true },
        ),
        'At least one table',
      ),
    },
    required: ['name', 'workspace_id', 'tables'],
    description: 'Create a base in a workspace with its first tables. Returns the base id and tables.',
  }),
  a({
    slug: 'AIRTABLE_CREATE_TABLE',
    name: 'Create table',
    method: 'POST',
    path: '/meta/bases/{base_id}/tables',
    input: {
      base_id: BASE_ID,
      name: s.string('Table name'),
      description: s.string('Description'),
      fields: s.array(
        s.object({ name: s.string('Field name'), type: s.string('Field type') }, 'Field', {
          additionalProperties: true,
        }),
        'Fields; the first is the primary field',
      ),
    },
    required: ['base_id', 'name', 'fields'],
    description: 'Add a table to a base. Returns the table with field ids.',
  }),
  a({
    slug: 'AIRTABLE_CREATE_FIELD',
    name: 'Create field',
    method: 'POST',
    path: '/meta/bases/{base_id}/tables/{table_id}/fields',
    input: {
      base_id: BASE_ID,
      table_id: s.string('Table id, tbl…'),
      name: s.string('Field name'),
      type: s.string(
        'Type: singleLineText, multilineText, number, singleSelect, multipleSelects, date, checkbox, email, url …',
      ),
      description: s.string('Description'),
      options: s.object({}, 'Type options, e.g. {"choices":[{"name":"Done"}]} for selects', {
        additionalProperties: true,
      }),
    },
    required: ['base_id', 'table_id', 'name', 'type'],
    description: 'Add a column to a table.',
  }),
  a({
    slug: 'AIRTABLE_UPDATE_FIELD',
    name: 'Rename field',
    method: 'PATCH',
    path: '/meta/bases/{base_id}/tables/{table_id}/fields/{column_id}',
    input: {
      base_id: BASE_ID,
      table_id: s.string('Table id, tbl…'),
      column_id: s.string('Field id, fld… (from AIRTABLE_GET_BASE_SCHEMA)'),
      name: s.string('New field name'),
      description: s.string('New description'),
    },
    required: ['base_id', 'table_id', 'column_id'],
    description:
      "Rename a column or change its description (give name, description or both). A field's type cannot be changed through the API.",
  }),
  a({
    slug: 'AIRTABLE_UPDATE_TABLE',
    name: 'Rename table',
    method: 'PATCH',
    path: '/meta/bases/{base_id}/tables/{table_id_or_name}',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      name: s.string('New table name'),
      description: s.string('New description'),
    },
    required: ['base_id', 'table_id_or_name'],
    description: 'Rename a table or change its description (give name, description or both).',
  }),
  a({
    slug: 'AIRTABLE_LIST_RECORDS',
    name: 'List records',
    important: true,
    method: 'GET',
    path: '/{base_id}/{table_id_or_name}',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      filter_by_formula: s.string('Airtable formula that must be true, e.g. AND({Status}="Open", {Owner}="Ana")'),
      view: s.string('View name or id: its filters and order apply'),
      fields: s.strings('Only these fields'),
      max_records: s.integer('At most this many in total'),
      page_size: s.integer('Per page (at most 100)', { default: 100 }),
      offset: OFFSET,
    },
    required: ['base_id', 'table_id_or_name'],
    rename: { fields: 'fields[]' },
    description:
      'Read records of a table, filtered by a formula and/or a view. Returns records[] ({id, createdTime, fields}) and offset while more pages remain; empty cells are left out of fields.',
  }),
  a({
    slug: 'AIRTABLE_GET_RECORD',
    name: 'Get record',
    method: 'GET',
    path: '/{base_id}/{table_id_or_name}/{record_id}',
    input: { base_id: BASE_ID, table_id_or_name: TABLE, record_id: RECORD_ID },
    description: 'One record with all its fields.',
  }),
  a({
    slug: 'AIRTABLE_CREATE_RECORD',
    name: 'Create record',
    important: true,
    method: 'POST',
    path: '/{base_id}/{table_id_or_name}',
    input: { base_id: BASE_ID, table_id_or_name: TABLE, fields: FIELDS_IN, typecast: TYPECAST },
    required: ['base_id', 'table_id_or_name', 'fields'],
    description:
      'Add one row. fields maps field names to values (linked records and attachments as arrays). Returns the record with its id.',
  }),
  a({
    slug: 'AIRTABLE_CREATE_MULTIPLE_RECORDS',
    name: 'Create records',
    method: 'POST',
    path: '/{base_id}/{table_id_or_name}',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      records: s.array(s.object({ fields: FIELDS_IN }, 'A record'), 'Up to 10 records per call'),
      typecast: TYPECAST,
    },
    required: ['base_id', 'table_id_or_name', 'records'],
    description: 'Add up to 10 rows at once: records is [{fields:{…}}, …].',
  }),
  a({
    slug: 'AIRTABLE_UPDATE_RECORD',
    name: 'Update record',
    important: true,
    method: 'PATCH',
    path: '/{base_id}/{table_id_or_name}/{record_id}',
    input: { base_id: BASE_ID, table_id_or_name: TABLE, record_id: RECORD_ID, fields: FIELDS_IN, typecast: TYPECAST },
    required: ['base_id', 'table_id_or_name', 'record_id', 'fields'],
    description: 'Change some fields of a record; fields not given stay as they are.',
  }),
  a({
    slug: 'AIRTABLE_UPDATE_MULTIPLE_RECORDS',
    name: 'Update records',
    method: 'PATCH',
    path: '/{base_id}/{table_id_or_name}',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      records: RECORDS_IN,
      typecast: TYPECAST,
    },
    required: ['base_id', 'table_id_or_name', 'records'],
    description: 'Change fields of up to 10 records at once.',
  }),
  a({
    slug: 'AIRTABLE_UPDATE_RECORD_PUT',
    name: 'Replace record',
    method: 'PUT',
    path: '/{base_id}/{table_id_or_name}/{record_id}',
    input: { base_id: BASE_ID, table_id_or_name: TABLE, record_id: RECORD_ID, fields: FIELDS_IN, typecast: TYPECAST },
    required: ['base_id', 'table_id_or_name', 'record_id', 'fields'],
    description:
      'Overwrite a record: the fields given get these values and every other field is emptied. To change only some fields use AIRTABLE_UPDATE_RECORD.',
  }),
  a({
    slug: 'AIRTABLE_UPDATE_MULTIPLE_RECORDS_PUT',
    name: 'Replace records',
    method: 'PUT',
    path: '/{base_id}/{table_id_or_name}',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      records: RECORDS_IN,
      typecast: TYPECAST,
    },
    required: ['base_id', 'table_id_or_name', 'records'],
    description:
      'Overwrite up to 10 records at once: fields not given are emptied on each. AIRTABLE_UPDATE_MULTIPLE_RECORDS changes only the fields given.',
  }),
  a({
    slug: 'AIRTABLE_DELETE_RECORD',
    name: 'Delete record',
    method: 'DELETE',
    path: '/{base_id}/{table_id_or_name}/{record_id}',
    input: { base_id: BASE_ID, table_id_or_name: TABLE, record_id: RECORD_ID },
    description: 'Delete one record (restorable from the base trash for a while). Ask first.',
  }),
  a({
    slug: 'AIRTABLE_DELETE_MULTIPLE_RECORDS',
    name: 'Delete records',
    method: 'DELETE',
    path: '/{base_id}/{table_id_or_name}',
    input: { base_id: BASE_ID, table_id_or_name: TABLE, record_ids: s.strings('Up to 10 record ids') },
    required: ['base_id', 'table_id_or_name', 'record_ids'],
    rename: { record_ids: 'records[]' },
    description: 'Delete up to 10 records at once. Ask first.',
  }),
  a({
    slug: 'AIRTABLE_GET_USER_INFO',
    name: 'Who am I',
    method: 'GET',
    path: '/meta/whoami',
    input: {},
    required: [],
    description: "The user behind the token: id, email (with the user.email:read scope) and the token's scopes.",
  }),
  a({
    slug: 'AIRTABLE_LIST_COMMENTS',
    name: 'List comments',
    method: 'GET',
    path: '/{base_id}/{table_id_or_name}/{record_id}/comments',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      record_id: RECORD_ID,
      page_size: s.integer('Per page (at most 100)'),
      offset: OFFSET,
    },
    required: ['base_id', 'table_id_or_name', 'record_id'],
    description: 'Comments on a record, newest first (id, author, text, createdTime).',
  }),
  a({
    slug: 'AIRTABLE_CREATE_COMMENT',
    name: 'Add comment',
    method: 'POST',
    path: '/{base_id}/{table_id_or_name}/{record_id}/comments',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      record_id: RECORD_ID,
      text: s.string('Comment; mention someone with @[usr…]'),
    },
    required: ['base_id', 'table_id_or_name', 'record_id', 'text'],
    description: 'Comment on a record.',
  }),
  a({
    slug: 'AIRTABLE_UPDATE_COMMENT',
    name: 'Edit comment',
    method: 'PATCH',
    path: '/{base_id}/{table_id_or_name}/{record_id}/comments/{row_comment_id}',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      record_id: RECORD_ID,
      row_comment_id: s.string('Comment id, com… (from AIRTABLE_LIST_COMMENTS)'),
      text: s.string('The new text; mention someone with @[usr…]'),
    },
    required: ['base_id', 'table_id_or_name', 'record_id', 'row_comment_id', 'text'],
    description: 'Replace the text of a comment the connected user wrote on a record.',
  }),
  a({
    slug: 'AIRTABLE_DELETE_COMMENT',
    name: 'Delete comment',
    method: 'DELETE',
    path: '/{base_id}/{table_id_or_name}/{record_id}/comments/{row_comment_id}',
    input: {
      base_id: BASE_ID,
      table_id_or_name: TABLE,
      record_id: RECORD_ID,
      row_comment_id: s.string('Comment id, com…'),
    },
    description: 'Delete a comment the user wrote.',
  }),
];

/** Airtable refuses an authorization request without a code challenge; say so in the scheme */
function withPkce(scheme: AuthSchemeDef): AuthSchemeDef {
  return { ...scheme, oauth: { ...scheme.oauth, pkce: true } };
}

export const airtable = standaloneToolkit(
  {
    slug: 'airtable',
    name: 'Airtable',
    description:
      'Airtable bases: read, filter, create, update and delete records, comment on them, and shape tables and fields.',
    appUrl: 'https://airtable.com',
    categories: [
      { slug: 'productivity', name: 'Productivity' },
      { slug: 'databases', name: 'Databases' },
    ],
    baseUrl: 'https://api.airtable.com/v0',
    getCurrentUserEndpoint: '/meta/whoami',
    authSchemes: [
      withPkce(
        oauth2Scheme({
          authorizationUrl: 'https://airtable.com/oauth2/v1/authorize',
          tokenUrl: 'https://airtable.com/oauth2/v1/token',
          scopes: [
            'data.records:read',
            'data.records:write',
            'data.recordComments:read',
            'data.recordComments:write',
            'schema.bases:read',
            'schema.bases:write',
            'user.email:read',
          ],
        }),
      ),
      apiKeyScheme(
        'Airtable personal access token (pat…), created at airtable.com/create/tokens with the scopes and bases it may use',
        { in: 'bearer', field: 'api_key' },
      ),
    ],
  },
  airtableTools,
);
