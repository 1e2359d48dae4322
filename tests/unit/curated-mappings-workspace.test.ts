import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Curated mappings of Google Drive, Sheets, Docs and Notion build the request each provider
// documents for hosted-style arguments (the sweep in curated-mappings.test.ts checks every other
// mapping builds its method and a filled path).
const base = 'https://api.example.test';

const build = (slug: string, args: Record<string, unknown>) => buildMapping(slug, args, {});

const TABLE: [string, Record<string, unknown>, Want][] = [
  // Drive API v3 (developers.google.com/drive/api/reference/rest/v3)
  [
    'GOOGLEDRIVE_GET_FILE_METADATA',
    { file_id: 'f1' },
    { method: 'GET', path: '/files/f1', query: { fields: '*', supportsAllDrives: 'true' } },
  ],
  [
    'GOOGLEDRIVE_MOVE_FILE',
    { file_id: 'f1', add_parents: 'B', remove_parents: 'A' },
    { method: 'PATCH', path: '/files/f1', query: { addParents: 'B', removeParents: 'A', supportsAllDrives: 'true' } },
  ],
  [
    'GOOGLEDRIVE_COPY_FILE',
    { file_id: 'f1', new_title: 'Copy' },
    { method: 'POST', path: '/files/f1/copy', query: { supportsAllDrives: 'true' }, body: { name: 'Copy' } },
  ],
  [
    'GOOGLEDRIVE_CREATE_PERMISSION',
    { file_id: 'f1', role: 'reader', type: 'anyone', send_notification_email: false },
    {
      method: 'POST',
      path: '/files/f1/permissions',
      query: { sendNotificationEmail: 'false', supportsAllDrives: 'true' },
      body: { role: 'reader', type: 'anyone' },
    },
  ],
  [
    'GOOGLEDRIVE_DELETE_PERMISSION',
    { file_id: 'f1', permission_id: 'p1' },
    { method: 'DELETE', path: '/files/f1/permissions/p1', query: { supportsAllDrives: 'true' } },
  ],
  [
    'GOOGLEDRIVE_GOOGLE_DRIVE_DELETE_FOLDER_OR_FILE_ACTION',
    { file_id: 'f1' },
    { method: 'DELETE', path: '/files/f1', query: { supportsAllDrives: 'true' } },
  ],
  [
    'GOOGLEDRIVE_CREATE_REPLY',
    { file_id: 'f1', comment_id: 'c1', action: 'resolve' },
    { method: 'POST', path: '/files/f1/comments/c1/replies', query: { fields: '*' }, body: { action: 'resolve' } },
  ],
  ['GOOGLEDRIVE_LIST_SHARED_DRIVES', { pageSize: 10 }, { method: 'GET', path: '/drives', query: { pageSize: '10' } }],
  [
    'GOOGLEDRIVE_STOP_WATCH_CHANNEL',
    { id: 'ch', resourceId: 'r' },
    { method: 'POST', path: '/channels/stop', body: { id: 'ch', resourceId: 'r' } },
  ],
  // Sheets API v4 (developers.google.com/sheets/api/reference/rest)
  [
    'GOOGLESHEETS_GET_SPREADSHEET_INFO',
    { spreadsheet_id: 's1' },
    {
      method: 'GET',
      path: '/v4/spreadsheets/s1',
      query: { fields: 'spreadsheetId,properties,sheets.properties,namedRanges,spreadsheetUrl' },
    },
  ],
  [
    'GOOGLESHEETS_CLEAR_VALUES',
    { spreadsheet_id: 's1', range: "'My tab'!A1:B9" },
    { method: 'POST', path: `/v4/spreadsheets/s1/values/${encodeURIComponent("'My tab'!A1:B9")}:clear` },
  ],
  [
    'GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR',
    { spreadsheet_id: 's1', ranges: ['A1:B2', 'Tab!C:C'] },
    { method: 'POST', path: '/v4/spreadsheets/s1/values:batchClear', body: { ranges: ['A1:B2', 'Tab!C:C'] } },
  ],
  [
    'GOOGLESHEETS_BATCH_UPDATE_VALUES_BY_DATA_FILTER',
    { spreadsheet_id: 's1', data: [{ dataFilter: { a1Range: 'A1' }, values: [['x']] }] },
    {
      method: 'POST',
      path: '/v4/spreadsheets/s1/values:batchUpdateByDataFilter',
      body: { data: [{ dataFilter: { a1Range: 'A1' }, values: [['x']] }], valueInputOption: 'USER_ENTERED' },
    },
  ],
  [
    'GOOGLESHEETS_SEARCH_DEVELOPER_METADATA',
    { spreadsheet_id: 's1', data_filters: [{ developerMetadataLookup: { metadataKey: 'k' } }] },
    {
      method: 'POST',
      path: '/v4/spreadsheets/s1/developerMetadata:search',
      body: { dataFilters: [{ developerMetadataLookup: { metadataKey: 'k' } }] },
    },
  ],
  // Notion API 2022-06-28 (developers.notion.com/reference)
  ['NOTION_FETCH_DATABASE', { database_id: 'd1' }, { method: 'GET', path: '/v1/databases/d1' }],
  [
    'NOTION_ARCHIVE_NOTION_PAGE',
    { page_id: 'p1' },
    { method: 'PATCH', path: '/v1/pages/p1', body: { archived: true } },
  ],
  [
    'NOTION_FETCH_BLOCK_CONTENTS',
    { block_id: 'b1', page_size: 50 },
    { method: 'GET', path: '/v1/blocks/b1/children', query: { page_size: '50' } },
  ],
  ['NOTION_FETCH_COMMENTS', { block_id: 'b1' }, { method: 'GET', path: '/v1/comments', query: { block_id: 'b1' } }],
  [
    'NOTION_UPDATE_PAGE',
    { page_id: 'p1', archived: false, properties: { Done: { checkbox: true } } },
    { method: 'PATCH', path: '/v1/pages/p1', body: { archived: false, properties: { Done: { checkbox: true } } } },
  ],
  ['NOTION_DELETE_BLOCK', { block_id: 'b1' }, { method: 'DELETE', path: '/v1/blocks/b1' }],
  [
    'NOTION_GET_PAGE_PROPERTY_ACTION',
    { page_id: 'p1', property_id: 'a%3Ab' },
    { method: 'GET', path: '/v1/pages/p1/properties/a%253Ab' },
  ],
];

describe('Workspace and Notion mappings build the documented provider requests', () => {
  it.each(TABLE)('%s', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    expect(got.query).toEqual(want.query ?? {});
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
    else
      expect(
        got.body === undefined || (typeof got.body === 'object' && Object.keys(got.body as object).length === 0),
      ).toBe(true);
  });

  it('older hosted names resolve as deprecated aliases', () => {
    for (const [alias, of] of [
      ['GOOGLEDRIVE_ADD_FILE_SHARING_PREFERENCE', 'GOOGLEDRIVE_CREATE_PERMISSION'],
      ['GOOGLEDRIVE_LIST_FILES', 'GOOGLEDRIVE_FIND_FILE'],
      ['GOOGLEDRIVE_DELETE_FILE', 'GOOGLEDRIVE_GOOGLE_DRIVE_DELETE_FOLDER_OR_FILE_ACTION'],
    ]) {
      expect(getTool(alias!), alias).toMatchObject({ aliasOf: of, deprecated: true });
    }
  });

  it('an invalid A1 range is refused while the request is built', () => {
    const tool = getTool('GOOGLESHEETS_CLEAR_VALUES')!;
    expect(() => prepareMappingArgs(tool, { spreadsheet_id: 's1', range: 'Tab!A1:B2:C3' })).toThrow(/A1 notation/);
  });
});
