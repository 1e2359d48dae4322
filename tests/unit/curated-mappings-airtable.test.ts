import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Airtable mappings build the Web API v0 request Airtable documents (airtable.com/developers/web/api).
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://air.example.test/v0', prefix: '/v0', decode: true });

const T = { base_id: 'app1', table_id_or_name: 'Tasks' };
const TABLE: [string, Record<string, unknown>, Want][] = [
  ['AIRTABLE_LIST_BASES', { offset: 'o1' }, { method: 'GET', path: '/meta/bases', query: { offset: 'o1' } }],
  ['AIRTABLE_GET_BASE_SCHEMA', { base_id: 'app1' }, { method: 'GET', path: '/meta/bases/app1/tables' }],
  [
    'AIRTABLE_CREATE_BASE',
    {
      name: 'CRM',
      workspace_id: 'wsp1',
      tables: [{ name: 'People', fields: [{ name: 'Name', type: 'singleLineText' }] }],
    },
    {
      method: 'POST',
      path: '/meta/bases',
      body: {
        name: 'CRM',
        workspaceId: 'wsp1',
        tables: [{ name: 'People', fields: [{ name: 'Name', type: 'singleLineText' }] }],
      },
    },
  ],
  [
    'AIRTABLE_CREATE_TABLE',
    { base_id: 'app1', name: 'Bugs', fields: [{ name: 'Title', type: 'singleLineText' }] },
    {
      method: 'POST',
      path: '/meta/bases/app1/tables',
      body: { name: 'Bugs', fields: [{ name: 'Title', type: 'singleLineText' }] },
    },
  ],
  [
    'AIRTABLE_CREATE_FIELD',
    {
      base_id: 'app1',
      table_id: 'tbl1',
      name: 'Done',
      type: 'checkbox',
      options: { icon: 'check', color: 'greenBright' },
    },
    {
      method: 'POST',
      path: '/meta/bases/app1/tables/tbl1/fields',
      body: { name: 'Done', type: 'checkbox', options: { icon: 'check', color: 'greenBright' } },
    },
  ],
  [
    'AIRTABLE_LIST_RECORDS',
    { ...T, max_records: 5, page_size: 5, fields: ['Name'] },
    { method: 'GET', path: '/app1/Tasks', query: { maxRecords: '5', pageSize: '5', 'fields[]': 'Name' } },
  ],
  ['AIRTABLE_GET_RECORD', { ...T, record_id: 'rec1' }, { method: 'GET', path: '/app1/Tasks/rec1' }],
  [
    'AIRTABLE_CREATE_RECORD',
    { ...T, fields: { Name: 'x' } },
    { method: 'POST', path: '/app1/Tasks', body: { fields: { Name: 'x' } } },
  ],
  [
    'AIRTABLE_CREATE_MULTIPLE_RECORDS',
    { ...T, records: [{ fields: { Name: 'a' } }, { fields: { Name: 'b' } }] },
    { method: 'POST', path: '/app1/Tasks', body: { records: [{ fields: { Name: 'a' } }, { fields: { Name: 'b' } }] } },
  ],
  [
    'AIRTABLE_UPDATE_RECORD',
    { ...T, record_id: 'rec1', fields: { Status: 'Done' } },
    { method: 'PATCH', path: '/app1/Tasks/rec1', body: { fields: { Status: 'Done' } } },
  ],
  [
    'AIRTABLE_UPDATE_MULTIPLE_RECORDS',
    { ...T, records: [{ id: 'rec1', fields: { Status: 'Done' } }], typecast: true },
    {
      method: 'PATCH',
      path: '/app1/Tasks',
      body: { records: [{ id: 'rec1', fields: { Status: 'Done' } }], typecast: true },
    },
  ],
  ['AIRTABLE_DELETE_RECORD', { ...T, record_id: 'rec1' }, { method: 'DELETE', path: '/app1/Tasks/rec1' }],
  [
    'AIRTABLE_DELETE_MULTIPLE_RECORDS',
    { ...T, record_ids: ['rec1', 'rec2'] },
    { method: 'DELETE', path: '/app1/Tasks', query: { 'records[]': ['rec1', 'rec2'] } },
  ],
  ['AIRTABLE_GET_USER_INFO', {}, { method: 'GET', path: '/meta/whoami' }],
  [
    'AIRTABLE_LIST_COMMENTS',
    { ...T, record_id: 'rec1', page_size: 10 },
    { method: 'GET', path: '/app1/Tasks/rec1/comments', query: { pageSize: '10' } },
  ],
  [
    'AIRTABLE_CREATE_COMMENT',
    { ...T, record_id: 'rec1', text: 'Looks good' },
    { method: 'POST', path: '/app1/Tasks/rec1/comments', body: { text: 'Looks good' } },
  ],
  [
    'AIRTABLE_UPDATE_RECORD_PUT',
    { ...T, record_id: 'rec1', fields: { Name: 'Ana' }, typecast: true },
    { method: 'PUT', path: '/app1/Tasks/rec1', body: { fields: { Name: 'Ana' }, typecast: true } },
  ],
  [
    'AIRTABLE_UPDATE_MULTIPLE_RECORDS_PUT',
    { ...T, records: [{ id: 'rec1', fields: { Name: 'Ana' } }] },
    { method: 'PUT', path: '/app1/Tasks', body: { records: [{ id: 'rec1', fields: { Name: 'Ana' } }] } },
  ],
  [
    'AIRTABLE_UPDATE_COMMENT',
    { ...T, record_id: 'rec1', row_comment_id: 'com1', text: 'Edited' },
    { method: 'PATCH', path: '/app1/Tasks/rec1/comments/com1', body: { text: 'Edited' } },
  ],
  [
    'AIRTABLE_UPDATE_FIELD',
    { base_id: 'app1', table_id: 'tbl1', column_id: 'fld1', name: 'State' },
    { method: 'PATCH', path: '/meta/bases/app1/tables/tbl1/fields/fld1', body: { name: 'State' } },
  ],
  [
    'AIRTABLE_UPDATE_TABLE',
    { ...T, description: 'Open work' },
    { method: 'PATCH', path: '/meta/bases/app1/tables/Tasks', body: { description: 'Open work' } },
  ],
  [
    'AIRTABLE_DELETE_COMMENT',
    { ...T, record_id: 'rec1', row_comment_id: 'com1' },
    { method: 'DELETE', path: '/app1/Tasks/rec1/comments/com1' },
  ],
];

describe('Airtable curated mappings', () => {
  it.each(TABLE)('%s builds the documented Airtable request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
  });
});
