import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeSheets, type FakeSheets } from '../helpers/fake-sheets';

// Curated Google Sheets tools (lib/catalog/curated/googlesheets.ts) through the real execute
// pipeline against a loopback Sheets API that parses every A1 range it receives.
let s: TestServer;
let sheets: FakeSheets;
let account: string;

beforeAll(async () => {
  [s, sheets] = await Promise.all([providerServer(), startFakeSheets()]);
  account = (
    await connectToFake(s, {
      toolkit: 'googlesheets',
      authScheme: 'OAUTH2',
      val: { access_token: sheets.token, base_url: sheets.url },
      userId: 'sheets-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
  sheets.add('book1', 'CRM', {
    Contacts: [
      ['Name', 'Email', 'Status'],
      ['Ana Lopes', 'ana@example.com', 'Active'],
      ['Bob Stone', 'bob@example.com', 'Lead'],
    ],
    'Q3 sales': [
      ['Region', 'Total'],
      ['North', 120],
      ['South', 80],
      ['North', 30],
    ],
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), sheets?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('curated Google Sheets tools', () => {
  it('GOOGLESHEETS_VALUES_GET reads an A1 range; invalid A1 is a 400 before any call to Google', async () => {
    const r = await exec('GOOGLESHEETS_VALUES_GET', { spreadsheet_id: 'book1', range: 'Contacts!A1:B2' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: {
        values: [
          ['Name', 'Email'],
          ['Ana Lopes', 'ana@example.com'],
        ],
      },
    });
    expect(sheets.ranges.at(-1)).toBe('Contacts!A1:B2');
    const before = sheets.ranges.length;
    for (const bad of ['Contacts!A0:B2', 'Contacts!B2:A1', 'Contacts!A1:B2:C3', "'Q3 sales!A1", 'Contacts!1A']) {
      const x = await exec('GOOGLESHEETS_VALUES_GET', { spreadsheet_id: 'book1', range: bad });
      expect(x.status, bad).toBe(400);
      expect(JSON.stringify(x.body), bad).toMatch(/A1 notation/);
    }
    expect(sheets.ranges.length).toBe(before);
  });

  it('GOOGLESHEETS_VALUES_UPDATE writes at the range with USER_ENTERED; quoted sheet names reach Sheets intact', async () => {
    const r = await exec('GOOGLESHEETS_VALUES_UPDATE', {
      spreadsheet_id: 'book1',
      range: "'Q3 sales'!C1:C2",
      values: [['Note'], ['=B2*2']],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { updatedCells: 2 } });
    const req = sheets.requests.filter((q) => q.method === 'PUT').pop()!;
    expect(req.path).toBe(`/v4/spreadsheets/book1/values/${encodeURIComponent("'Q3 sales'!C1:C2")}`);
    expect(req.query.get('valueInputOption')).toBe('USER_ENTERED');
    expect(req.json).toEqual({ range: "'Q3 sales'!C1:C2", majorDimension: 'ROWS', values: [['Note'], ['=B2*2']] });
    expect(sheets.books.get('book1')!.sheets[1]!.grid[1]![2]).toBe('=B2*2');
    expect(
      (await exec('GOOGLESHEETS_VALUES_UPDATE', { spreadsheet_id: 'book1', range: 'A1', values: ['not rows'] })).status,
    ).toBe(400);
  });

  it('GOOGLESHEETS_SPREADSHEETS_VALUES_APPEND adds rows after the data (camelCase arguments accepted too)', async () => {
    const r = await exec('GOOGLESHEETS_SPREADSHEETS_VALUES_APPEND', {
      spreadsheetId: 'book1',
      range: 'Contacts!A:C',
      values: [['Cy Doe', 'cy@example.com', 'Lead']],
      valueInputOption: 'RAW',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { updates: { updatedRange: 'Contacts!A4:C4', updatedRows: 1 } },
    });
    const req = sheets.requests.filter((q) => q.path.endsWith(':append')).pop()!;
    expect(req.path).toBe(`/v4/spreadsheets/book1/values/${encodeURIComponent('Contacts!A:C')}:append`);
    expect(req.query.get('valueInputOption')).toBe('RAW');
    expect(req.query.get('insertDataOption')).toBe('INSERT_ROWS');
  });

  it('GOOGLESHEETS_BATCH_GET and GOOGLESHEETS_UPDATE_VALUES_BATCH handle several ranges; one bad range stops the whole batch', async () => {
    const w = await exec('GOOGLESHEETS_UPDATE_VALUES_BATCH', {
      spreadsheet_id: 'book1',
      data: [
        { range: 'Contacts!D1', values: [['Owner']] },
        { range: 'Contacts!D2:D3', values: [['me'], ['you']] },
      ],
    });
    expect(w.body, JSON.stringify(w.body)).toMatchObject({ successful: true, data: { totalUpdatedCells: 3 } });
    const g = await exec('GOOGLESHEETS_BATCH_GET', {
      spreadsheet_id: 'book1',
      ranges: ['Contacts!D1:D3', "'Q3 sales'!A2:B2"],
    });
    expect(g.body.data.valueRanges.map((v: any) => v.values)).toEqual([[['Owner'], ['me'], ['you']], [['North', 120]]]);
    expect(sheets.requests.filter((q) => q.path.endsWith(':append')).length).toBeGreaterThan(0);
    expect(
      sheets.requests
        .filter((q) => q.path.endsWith('values:batchGet'))
        .pop()!
        .query.getAll('ranges'),
    ).toEqual(['Contacts!D1:D3', "'Q3 sales'!A2:B2"]);
    const bad = await exec('GOOGLESHEETS_UPDATE_VALUES_BATCH', {
      spreadsheet_id: 'book1',
      data: [
        { range: 'Contacts!E1', values: [['x']] },
        { range: 'Contacts!E:', values: [['y']] },
      ],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/data\[1\]\.range/);
    // the older GOOGLESHEETS_BATCH_UPDATE writes at first_cell_location on a named sheet, or appends without it
    const legacy = await exec('GOOGLESHEETS_BATCH_UPDATE', {
      spreadsheet_id: 'book1',
      sheet_name: 'Q3 sales',
      values: [['East', 5]],
    });
    expect(legacy.body, JSON.stringify(legacy.body)).toMatchObject({ successful: true });
    expect(legacy.body.data.updates.updatedRange).toBe('Q3 sales!A5:B5');
    expect((sheets.requests.filter((q) => q.path.endsWith(':append')).pop()!.json as any).values).toEqual([
      ['East', '5'],
    ]);
  });

  it('GOOGLESHEETS_UPSERT_ROWS updates rows whose key exists and appends the others', async () => {
    sheets.add('upsert1', 'Team', {
      People: [
        ['Name', 'Email', 'Role'],
        ['Ana Lopes', 'ana@example.com', 'Dev'],
        ['Bob Stone', 'bob@example.com', 'Ops'],
      ],
    });
    const r = await exec('GOOGLESHEETS_UPSERT_ROWS', {
      spreadsheetId: 'upsert1',
      sheet_name: 'People',
      key_column: 'email',
      headers: ['Email', 'Role'],
      rows: [
        ['bob@example.com', 'Lead'],
        ['cy@example.com', 7],
      ],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { updated_rows: [3], appended_rows: 1 },
    });
    expect(sheets.books.get('upsert1')!.sheets[0]!.grid).toEqual([
      ['Name', 'Email', 'Role'],
      ['Ana Lopes', 'ana@example.com', 'Dev'],
      ['Bob Stone', 'bob@example.com', 'Lead'],
      ['', 'cy@example.com', '7'],
    ]);
    // a column the sheet lacks, or a key column not among the given ones, is a 400 before any write
    const cells = sheets.books.get('upsert1')!.sheets[0]!.grid.flat().length;
    const bad = await exec('GOOGLESHEETS_UPSERT_ROWS', {
      spreadsheet_id: 'upsert1',
      sheet_name: 'People',
      key_column: 'Email',
      headers: ['Email', 'Phone'],
      rows: [['ana@example.com', '555']],
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    const noKey = await exec('GOOGLESHEETS_UPSERT_ROWS', {
      spreadsheet_id: 'upsert1',
      sheet_name: 'People',
      key_column: 'Email',
      headers: ['Role'],
      rows: [['x']],
    });
    expect(noKey.status, JSON.stringify(noKey.body)).toBe(400);
    expect(sheets.books.get('upsert1')!.sheets[0]!.grid.flat().length).toBe(cells);
  });

  it('GOOGLESHEETS_LOOKUP_SPREADSHEET_ROW finds a row by a column value and keys it by the header', async () => {
    const r = await exec('GOOGLESHEETS_LOOKUP_SPREADSHEET_ROW', {
      spreadsheet_id: 'book1',
      range: 'Contacts',
      query: 'BOB@example.com',
      column: 'Email',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: {
        found: true,
        row_number: 3,
        row_data: ['Bob Stone', 'bob@example.com', 'Lead', 'you'],
        row: { Name: 'Bob Stone', Email: 'bob@example.com', Status: 'Lead' },
      },
    });
    const none = await exec('GOOGLESHEETS_LOOKUP_SPREADSHEET_ROW', {
      spreadsheet_id: 'book1',
      range: 'Contacts',
      query: 'Lead',
      column: 'Email',
    });
    expect(none.body.data).toMatchObject({ found: false, row_number: null });
    const bycol = await exec('GOOGLESHEETS_LOOKUP_SPREADSHEET_ROW', {
      spreadsheet_id: 'book1',
      range: 'Contacts',
      query: 'lead',
      column: 'C',
    });
    expect(bycol.body.data.row_number).toBe(3);
  });

  it('GOOGLESHEETS_CREATE_GOOGLE_SHEET1 creates a spreadsheet with tabs and moves it into a Drive folder', async () => {
    const r = await exec('GOOGLESHEETS_CREATE_GOOGLE_SHEET1', {
      title: 'Budget',
      sheet_names: ['Plan', 'Actuals'],
      folder_id: 'folder9',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { properties: { title: 'Budget' }, folder_id: 'folder9' },
    });
    const id = r.body.data.spreadsheetId;
    expect(sheets.books.get(id)!.sheets.map((x) => x.title)).toEqual(['Plan', 'Actuals']);
    const move = sheets.requests.filter((q) => q.method === 'PATCH').pop()!;
    expect(move.path).toBe(`/drive/v3/files/${id}`);
    expect(move.query.get('addParents')).toBe('folder9');
    const names = await exec('GOOGLESHEETS_GET_SHEET_NAMES', { spreadsheet_id: id });
    expect(names.body.data.sheet_names).toEqual(['Plan', 'Actuals']);
  });

  it('batchUpdate tools send the documented requests: add a tab (unique name), delete rows by sheet name, aggregate a column', async () => {
    const add = await exec('GOOGLESHEETS_ADD_SHEET', { spreadsheet_id: 'book1', title: 'Contacts' });
    expect(add.body, JSON.stringify(add.body)).toMatchObject({
      successful: true,
      data: { properties: { title: 'Contacts_2' } },
    });
    const del = await exec('GOOGLESHEETS_DELETE_DIMENSION', {
      spreadsheet_id: 'book1',
      sheet_name: 'Q3 sales',
      dimension: 'ROWS',
      start_index: 3,
      end_index: 4,
    });
    expect(del.body.successful).toBe(true);
    expect(sheets.batchRequests.at(-1)).toEqual([
      { deleteDimension: { range: { sheetId: 1001, dimension: 'ROWS', startIndex: 3, endIndex: 4 } } },
    ]);
    const fmt = await exec('GOOGLESHEETS_FORMAT_CELL', {
      spreadsheet_id: 'book1',
      sheet_id: 0,
      range: 'A1:C1',
      bold: true,
    });
    expect(fmt.body.successful).toBe(true);
    expect(sheets.batchRequests.at(-1)).toEqual([
      {
        repeatCell: {
          range: { sheetId: 0, startRowIndex: 0, endRowIndex: 1, startColumnIndex: 0, endColumnIndex: 3 },
          cell: { userEnteredFormat: { textFormat: { bold: true } } },
          fields: 'userEnteredFormat.textFormat.bold',
        },
      },
    ]);
    const sum = await exec('GOOGLESHEETS_AGGREGATE_COLUMN_DATA', {
      spreadsheet_id: 'book1',
      sheet_name: 'Q3 sales',
      target_column: 'Total',
      operation: 'sum',
      search_column: 'Region',
      search_value: 'north',
    });
    expect(sum.body.data).toMatchObject({ result: 150, rows_used: 2 });
  });

  it('chart and validation tools resolve A1 ranges with sheet names to grid ranges', async () => {
    const v = await exec('GOOGLESHEETS_SET_DATA_VALIDATION_RULE', {
      spreadsheet_id: 'book1',
      range: 'Contacts!C2:C50',
      values: ['Active', 'Lead'],
    });
    expect(v.body, JSON.stringify(v.body)).toMatchObject({ successful: true });
    expect(sheets.batchRequests.at(-1)).toEqual([
      {
        setDataValidation: {
          range: { sheetId: 0, startRowIndex: 1, endRowIndex: 50, startColumnIndex: 2, endColumnIndex: 3 },
          rule: {
            condition: { type: 'ONE_OF_LIST', values: [{ userEnteredValue: 'Active' }, { userEnteredValue: 'Lead' }] },
            showCustomUi: true,
            strict: true,
          },
        },
      },
    ]);
    const c = await exec('GOOGLESHEETS_CREATE_CHART', {
      spreadsheet_id: 'book1',
      chart_type: 'COLUMN',
      data_range: "'Q3 sales'!A1:B4",
      title: 'By region',
    });
    expect(c.body, JSON.stringify(c.body)).toMatchObject({ successful: true });
    const spec = (sheets.batchRequests.at(-1)![0] as any).addChart.chart.spec;
    expect(spec.title).toBe('By region');
    expect(spec.basicChart.domains[0].domain.sourceRange.sources[0]).toEqual({
      sheetId: 1001,
      startRowIndex: 0,
      endRowIndex: 4,
      startColumnIndex: 0,
      endColumnIndex: 1,
    });
    expect(spec.basicChart.series).toHaveLength(1);
    expect(
      (
        await exec('GOOGLESHEETS_SET_DATA_VALIDATION_RULE', {
          spreadsheet_id: 'book1',
          range: 'Nope!A1',
          values: ['x'],
        })
      ).status,
    ).toBe(400);
  });
});
