/**
 * Google Sheets in the hosted vocabulary. A1 ranges are validated before they reach Google;
 * composites do lookups, sheet-name resolution and multi-step work (create in a folder, write
 * or append by sheet name); the rest map onto one Sheets API v4 call (paths under /v4). Drive
 * work (moving a new spreadsheet into a folder, searching spreadsheets) goes to the Drive host.
 */
import { composite, params, s } from './define';
import { findWorkspaceFiles } from './googledrive-files';
import { a1, colIndex, colLetters, gridRange, parseA1, quoteSheet } from './googlesheets-a1';
import { acceptCamel, camel, restMapping, type RestDef } from './rest-mapping';
import { ToolArgumentError, type CuratedContext, type CuratedTool } from './types';

const enc = encodeURIComponent;
const DRIVE = 'https://www.googleapis.com/drive/v3';
const SID = s.string(
  'Spreadsheet id: the long id in the URL docs.google.com/spreadsheets/d/<id>/ (or from GOOGLESHEETS_SEARCH_SPREADSHEETS).',
  { examples: ['1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms'] },
);
const RANGE = s.string("A1 range, e.g. Sheet1!A1:C10, 'Q3 sales'!A:D or A2 (the first sheet).", {
  examples: ['Sheet1!A1:C10'],
});
const VALUES = s.array(
  s.array({ type: 'string', description: 'A cell' }, 'A row of cell values'),
  'Rows of values, e.g. [["Name","Qty"],["Pen",3]]. Numbers and booleans are accepted and sent as text, which USER_ENTERED (the default) reads as if typed, like formulas starting with =.',
  {
    examples: [
      [
        ['Name', 'Qty'],
        ['Pen', '3'],
      ],
    ],
  },
);

/** Cells may be given as numbers or booleans (agents do); they travel as the text Sheets would read. */
function cellsAsText(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  return v.map((row) =>
    Array.isArray(row)
      ? row.map((c) =>
          c === null || c === undefined
            ? ''
            : typeof c === 'object'
              ? JSON.stringify(c)
              : typeof c === 'string'
                ? c
                : String(c).toUpperCase() === 'TRUE' || String(c).toUpperCase() === 'FALSE'
                  ? String(c).toUpperCase()
                  : String(c),
        )
      : row,
  );
}
const withCells = (inner?: (a: Record<string, unknown>) => Record<string, unknown>) => (a: Record<string, unknown>) => {
  const b = inner ? inner(a) : a;
  const out: Record<string, unknown> = { ...b, values: cellsAsText(b.values) };
  if (Array.isArray(b.data))
    out.data = (b.data as Record<string, unknown>[]).map((d) =>
      d && typeof d === 'object' ? { ...d, values: cellsAsText(d.values) } : d,
    );
  if (b.values === undefined) delete out.values;
  return out;
};
const INPUT_OPTION = s.enum(
  ['USER_ENTERED', 'RAW'],
  'USER_ENTERED parses values as if typed (numbers, dates, formulas); RAW stores them as given.',
  { default: 'USER_ENTERED' },
);
const RENDER = s.enum(['FORMATTED_VALUE', 'UNFORMATTED_VALUE', 'FORMULA'], 'How values come back.', {
  default: 'FORMATTED_VALUE',
});
const DIMENSION = s.enum(['ROWS', 'COLUMNS'], 'Rows or columns.', { default: 'ROWS' });
const SHEET_ID = s.integer(
  'Numeric sheet (tab) id: gid in the URL, or sheetId from GOOGLESHEETS_GET_SPREADSHEET_INFO; the first tab is usually 0.',
  { default: 0 },
);
const SHEET_NAME = s.string('Sheet (tab) name, e.g. Sheet1; see GOOGLESHEETS_GET_SHEET_NAMES.');
const OUT_VALUES = params({
  range: s.string('The range read'),
  majorDimension: s.string('ROWS or COLUMNS'),
  values: s.array(s.array({ type: 'string' }, 'Row'), 'Cell values'),
});

const sh = (def: RestDef) => restMapping({ ...def, tags: def.tags ?? ['googlesheets'] }, camel, 'googlesheets');
const values = (a: Record<string, unknown>) => {
  const v = typeof a.values === 'string' ? (JSON.parse(a.values) as unknown) : a.values;
  if (!Array.isArray(v) || !v.every(Array.isArray))
    throw new ToolArgumentError('values must be a list of rows, e.g. [["a", 1], ["b", 2]]');
  return v as unknown[][];
};

async function spreadsheet(ctx: CuratedContext, id: string, fields = 'spreadsheetId,properties,sheets.properties') {
  return ctx.json<{
    spreadsheetId: string;
    properties?: Record<string, unknown>;
    sheets?: {
      properties: { sheetId: number; title: string; index: number; gridProperties?: Record<string, number> };
    }[];
  }>({ method: 'GET', path: `/v4/spreadsheets/${enc(id)}`, query: { fields } });
}

/** sheet name → numeric id (the first sheet when no name is given) */
async function sheetIdOf(ctx: CuratedContext, id: string, name?: string): Promise<{ sheetId: number; title: string }> {
  const ss = await spreadsheet(ctx, id);
  const sheets = ss.sheets ?? [];
  const hit =
    name === undefined
      ? sheets[0]
      : (sheets.find((x) => x.properties.title === name) ??
        sheets.find((x) => x.properties.title.toLowerCase() === name.toLowerCase()));
  if (!hit)
    throw new ToolArgumentError(
      `no sheet named "${String(name).slice(0, 60)}"; sheets: ${sheets.map((x) => x.properties.title).join(', ')}`,
    );
  return { sheetId: hit.properties.sheetId, title: hit.properties.title };
}

async function batchUpdate(ctx: CuratedContext, id: string, requests: unknown[]) {
  return ctx.json({ method: 'POST', path: `/v4/spreadsheets/${enc(id)}:batchUpdate`, body: { requests } });
}

const valuesGet = composite({
  slug: 'GOOGLESHEETS_VALUES_GET',
  name: 'Read range',
  important: true,
  tags: ['googlesheets', 'read', 'values'],
  description:
    "Read the cell values of one A1 range (e.g. Sheet1!A1:D20, or 'Sheet1' for the whole tab). Returns range, majorDimension and values as rows (trailing empty cells and rows are omitted). Choose value_render_option FORMULA to see formulas. For several ranges at once use GOOGLESHEETS_BATCH_GET; to find one row by a value use GOOGLESHEETS_LOOKUP_SPREADSHEET_ROW.",
  input: params(
    {
      spreadsheet_id: SID,
      range: RANGE,
      major_dimension: DIMENSION,
      value_render_option: RENDER,
      date_time_render_option: s.enum(['SERIAL_NUMBER', 'FORMATTED_STRING'], 'How dates come back.'),
    },
    ['spreadsheet_id', 'range'],
  ),
  output: OUT_VALUES,
  normalize: acceptCamel(['spreadsheet_id', 'major_dimension', 'value_render_option', 'date_time_render_option']),
  run: (ctx, a) =>
    ctx.json({
      method: 'GET',
      path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}/values/${enc(a1(a.range))}`,
      query: {
        majorDimension: a.major_dimension as string | undefined,
        valueRenderOption: a.value_render_option as string | undefined,
        dateTimeRenderOption: a.date_time_render_option as string | undefined,
      },
    }),
});

const batchGet = composite({
  slug: 'GOOGLESHEETS_BATCH_GET',
  name: 'Read several ranges',
  important: true,
  aliases: ['GOOGLESHEETS_GET_BATCH_VALUES'],
  tags: ['googlesheets', 'read', 'values'],
  description:
    'Read several A1 ranges in one call (ranges: ["Sheet1!A1:B5", "Totals!A:A"]); omit ranges to read the whole first sheet. Returns spreadsheetId and valueRanges, one {range, values} per range, in order.',
  input: params(
    {
      spreadsheet_id: SID,
      ranges: s.strings('A1 ranges to read.'),
      major_dimension: DIMENSION,
      value_render_option: RENDER,
      date_time_render_option: s.enum(['SERIAL_NUMBER', 'FORMATTED_STRING'], 'How dates come back.'),
    },
    ['spreadsheet_id'],
  ),
  output: params({
    spreadsheetId: s.string('Spreadsheet id'),
    valueRanges: s.array(
      s.object(
        { range: s.string('Range'), values: s.array(s.array({ type: 'string' }, 'Row'), 'Values') },
        'One range',
      ),
      'Ranges read',
    ),
  }),
  normalize: acceptCamel(['spreadsheet_id', 'major_dimension', 'value_render_option', 'date_time_render_option']),
  async run(ctx, a) {
    let ranges = ((a.ranges as string[] | undefined) ?? []).map((r, i) => a1(r, `ranges[${i}]`));
    if (!ranges.length) ranges = [quoteSheet((await sheetIdOf(ctx, String(a.spreadsheet_id))).title)];
    return ctx.json({
      method: 'GET',
      path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}/values:batchGet`,
      query: {
        ranges,
        majorDimension: a.major_dimension as string | undefined,
        valueRenderOption: a.value_render_option as string | undefined,
        dateTimeRenderOption: a.date_time_render_option as string | undefined,
      },
    });
  },
});

const valuesUpdate = composite({
  slug: 'GOOGLESHEETS_VALUES_UPDATE',
  name: 'Write range',
  important: true,
  tags: ['googlesheets', 'write', 'values'],
  description:
    "Overwrite the cells of an A1 range with values (rows of cells), starting at the range's top-left cell. USER_ENTERED (default) parses numbers, dates and =formulas as if typed. Returns updatedRange, updatedRows, updatedColumns and updatedCells. To add rows below existing data use GOOGLESHEETS_SPREADSHEETS_VALUES_APPEND; for several ranges use GOOGLESHEETS_UPDATE_VALUES_BATCH.",
  input: params(
    {
      spreadsheet_id: SID,
      range: RANGE,
      values: VALUES,
      value_input_option: INPUT_OPTION,
      include_values_in_response: s.boolean('Return the written values.', { default: false }),
      major_dimension: DIMENSION,
    },
    ['spreadsheet_id', 'range', 'values'],
  ),
  output: params({
    updatedRange: s.string('Range written'),
    updatedRows: s.integer('Rows'),
    updatedColumns: s.integer('Columns'),
    updatedCells: s.integer('Cells'),
  }),
  normalize: withCells(
    acceptCamel(['spreadsheet_id', 'value_input_option', 'include_values_in_response', 'major_dimension']),
  ),
  run: (ctx, a) => {
    const range = a1(a.range);
    return ctx.json({
      method: 'PUT',
      path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}/values/${enc(range)}`,
      query: {
        valueInputOption: (a.value_input_option as string | undefined) ?? 'USER_ENTERED',
        includeValuesInResponse: a.include_values_in_response as boolean | undefined,
      },
      body: { range, majorDimension: (a.major_dimension as string | undefined) ?? 'ROWS', values: values(a) },
    });
  },
});

const append = composite({
  slug: 'GOOGLESHEETS_SPREADSHEETS_VALUES_APPEND',
  name: 'Append rows',
  important: true,
  tags: ['googlesheets', 'write', 'append'],
  description:
    'Add rows after the last row of the table found in range (e.g. Sheet1 or Sheet1!A:D): Google finds the end of the data and writes below it. insert_data_option INSERT_ROWS pushes later rows down instead of overwriting empty ones. Returns updates.updatedRange (where the rows went) and the table range. Use this for logs and lists; use GOOGLESHEETS_VALUES_UPDATE to overwrite fixed cells.',
  input: params(
    {
      spreadsheet_id: SID,
      range: RANGE,
      values: VALUES,
      value_input_option: INPUT_OPTION,
      insert_data_option: s.enum(
        ['OVERWRITE', 'INSERT_ROWS'],
        'Overwrite empty rows below the table, or insert new rows.',
        { default: 'INSERT_ROWS' },
      ),
      include_values_in_response: s.boolean('Return the written values.', { default: false }),
      major_dimension: DIMENSION,
    },
    ['spreadsheet_id', 'range', 'values'],
  ),
  output: params({
    spreadsheetId: s.string('Spreadsheet id'),
    tableRange: s.string('The table appended to'),
    updates: s.object(
      { updatedRange: s.string('Where the rows were written'), updatedRows: s.integer('Rows written') },
      'What was written',
    ),
  }),
  normalize: withCells(
    acceptCamel([
      'spreadsheet_id',
      'value_input_option',
      'insert_data_option',
      'include_values_in_response',
      'major_dimension',
    ]),
  ),
  run: (ctx, a) => {
    const range = a1(a.range);
    return ctx.json({
      method: 'POST',
      path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}/values/${enc(range)}:append`,
      query: {
        valueInputOption: (a.value_input_option as string | undefined) ?? 'USER_ENTERED',
        insertDataOption: (a.insert_data_option as string | undefined) ?? 'INSERT_ROWS',
        includeValuesInResponse: a.include_values_in_response as boolean | undefined,
      },
      body: { range, majorDimension: (a.major_dimension as string | undefined) ?? 'ROWS', values: values(a) },
    });
  },
});

const updateBatch = composite({
  slug: 'GOOGLESHEETS_UPDATE_VALUES_BATCH',
  name: 'Write several ranges',
  important: true,
  tags: ['googlesheets', 'write', 'values', 'batch'],
  description:
    'Write several A1 ranges in one call: data is a list of {range, values}. Every range is checked before anything is sent. Returns totalUpdatedCells and one response per range.',
  input: params(
    {
      spreadsheet_id: SID,
      data: s.array(
        s.object({ range: RANGE, values: VALUES, major_dimension: DIMENSION }, 'One range to write', {
          required: ['range', 'values'],
        }),
        'Ranges and their values.',
      ),
      value_input_option: INPUT_OPTION,
      include_values_in_response: s.boolean('Return the written values.', { default: false }),
    },
    ['spreadsheet_id', 'data'],
  ),
  output: params({
    totalUpdatedCells: s.integer('Cells written'),
    responses: s.array(s.object({}, 'One per range'), 'Per-range results'),
  }),
  normalize: withCells(acceptCamel(['spreadsheet_id', 'value_input_option', 'include_values_in_response'])),
  run: (ctx, a) => {
    const data = (a.data as Record<string, unknown>[]).map((d, i) => ({
      range: a1(d.range, `data[${i}].range`),
      majorDimension: (d.major_dimension ?? d.majorDimension ?? 'ROWS') as string,
      values: values(d),
    }));
    return ctx.json({
      method: 'POST',
      path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}/values:batchUpdate`,
      body: {
        valueInputOption: (a.value_input_option as string | undefined) ?? 'USER_ENTERED',
        includeValuesInResponse: a.include_values_in_response,
        data,
      },
    });
  },
});

const legacyBatchUpdate = composite({
  slug: 'GOOGLESHEETS_BATCH_UPDATE',
  name: 'Write or append values on a sheet',
  deprecated: true,
  tags: ['googlesheets', 'write'],
  description:
    'Older form of writing one block of values to a sheet by name: with first_cell_location (e.g. A1, B5) the rows are written there; without it they are appended below the existing data. Prefer GOOGLESHEETS_VALUES_UPDATE or GOOGLESHEETS_SPREADSHEETS_VALUES_APPEND. Returns the write or append result.',
  normalize: withCells(),
  input: params(
    {
      spreadsheet_id: SID,
      sheet_name: SHEET_NAME,
      values: VALUES,
      first_cell_location: s.string('Top-left cell to write at, e.g. A1; omit to append.'),
      valueInputOption: INPUT_OPTION,
      includeValuesInResponse: s.boolean('Return the written values.', { default: false }),
    },
    ['spreadsheet_id', 'sheet_name', 'values'],
  ),
  async run(ctx, a) {
    const sheet = quoteSheet(String(a.sheet_name));
    const opt = (a.valueInputOption as string | undefined) ?? 'USER_ENTERED';
    const rows = values(a);
    if (a.first_cell_location) {
      const range = a1(`${sheet}!${String(a.first_cell_location)}`, 'first_cell_location');
      return ctx.json({
        method: 'PUT',
        path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}/values/${enc(range)}`,
        query: { valueInputOption: opt, includeValuesInResponse: a.includeValuesInResponse as boolean | undefined },
        body: { range, majorDimension: 'ROWS', values: rows },
      });
    }
    return ctx.json({
      method: 'POST',
      path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}/values/${enc(sheet)}:append`,
      query: { valueInputOption: opt, insertDataOption: 'INSERT_ROWS' },
      body: { majorDimension: 'ROWS', values: rows },
    });
  },
});

/**
 * Upsert: one read of the sheet, then one values:batchUpdate for the rows whose key is already there
 * and one append for the others. Rows are matched on key_column (a header of row 1).
 */
const upsertRows = composite({
  slug: 'GOOGLESHEETS_UPSERT_ROWS',
  name: 'Upsert rows',
  tags: ['googlesheets', 'write', 'values'],
  description:
    'Update rows whose key_column value is already in the sheet and append the others, in one call. The first row of sheet_name holds the column names; rows are lists of cells in the order of headers (default: that header row). Columns of headers the sheet lacks are refused; cells of columns not given keep their values. Returns updated_rows (row numbers), appended_rows and the Sheets answers.',
  input: params(
    {
      spreadsheet_id: SID,
      sheet_name: SHEET_NAME,
      key_column: s.string('Header of the column that identifies a row, e.g. Email.'),
      rows: VALUES,
      headers: s.array(
        { type: 'string', description: 'A column name' },
        'Column names of the cells in rows, in order (default: the sheet header row).',
      ),
      value_input_option: INPUT_OPTION,
    },
    ['spreadsheet_id', 'sheet_name', 'key_column', 'rows'],
  ),
  normalize: (a) => {
    const b = acceptCamel(['spreadsheet_id', 'sheet_name', 'key_column', 'value_input_option'])(a);
    return b.rows === undefined ? b : { ...b, rows: cellsAsText(b.rows) };
  },
  async run(ctx, a) {
    const id = String(a.spreadsheet_id);
    const sheet = quoteSheet(String(a.sheet_name));
    const rows = values({ values: a.rows });
    const read = await ctx.json<{ values?: unknown[][] }>({
      method: 'GET',
      path: `/v4/spreadsheets/${enc(id)}/values/${enc(sheet)}`,
      query: { valueRenderOption: 'FORMATTED_VALUE' },
    });
    const grid = read.values ?? [];
    const header = (grid[0] ?? []).map((h) => String(h).trim());
    if (!header.length) throw new ToolArgumentError(`${sheet} has no header row; write one first`);
    const find = (name: unknown) => header.findIndex((h) => h.toLowerCase() === String(name).trim().toLowerCase());
    const given = Array.isArray(a.headers) ? a.headers.map(String) : header;
    const cols = given.map((h) => {
      const i = find(h);
      if (i < 0)
        throw new ToolArgumentError(`column "${h.slice(0, 60)}" is not in the header row (${header.join(', ')})`);
      return i;
    });
    const keyCol = find(a.key_column);
    const keyAt = cols.indexOf(keyCol);
    if (keyCol < 0 || keyAt < 0)
      throw new ToolArgumentError(`key_column "${String(a.key_column).slice(0, 60)}" must be one of the given columns`);
    const rowOf = new Map<string, number>();
    grid.forEach((r, i) => {
      const k = String(r?.[keyCol] ?? '').trim();
      if (i > 0 && k && !rowOf.has(k)) rowOf.set(k, i);
    });
    const data: { range: string; values: unknown[][] }[] = [];
    const updated: number[] = [];
    const fresh: unknown[][] = [];
    for (const r of rows) {
      const existing = rowOf.get(String(r[keyAt] ?? '').trim());
      if (existing === undefined) {
        const line: unknown[] = header.map(() => '');
        cols.forEach((c, j) => {
          line[c] = r[j] ?? '';
        });
        fresh.push(line);
        continue;
      }
      updated.push(existing + 1);
      cols.forEach((c, j) => {
        if (r[j] !== undefined) data.push({ range: `${sheet}!${colLetters(c)}${existing + 1}`, values: [[r[j]]] });
      });
    }
    const option = (a.value_input_option as string | undefined) ?? 'USER_ENTERED';
    const update = data.length
      ? await ctx.json({
          method: 'POST',
          path: `/v4/spreadsheets/${enc(id)}/values:batchUpdate`,
          body: { valueInputOption: option, data },
        })
      : null;
    const appended = fresh.length
      ? await ctx.json({
          method: 'POST',
          path: `/v4/spreadsheets/${enc(id)}/values/${enc(`${sheet}!A1`)}:append`,
          query: { valueInputOption: option, insertDataOption: 'INSERT_ROWS' },
          body: { majorDimension: 'ROWS', values: fresh },
        })
      : null;
    return { updated_rows: updated, appended_rows: fresh.length, update, append: appended };
  },
});

const lookupRow = composite({
  slug: 'GOOGLESHEETS_LOOKUP_SPREADSHEET_ROW',
  name: 'Look up a row',
  important: true,
  tags: ['googlesheets', 'read', 'search'],
  description:
    'Find the first row whose cell equals query (whole-cell match; case_sensitive optional), searching range (A1, default the first sheet) or only one column: column is a header name from the first row (e.g. "Email") or a column letter (e.g. C). Returns found, row_number (1-based, as shown in Sheets), row_data (the cells) and row (cells keyed by the header row). Update the row with GOOGLESHEETS_VALUES_UPDATE on A<row_number>.',
  input: params(
    {
      spreadsheet_id: SID,
      query: s.string('Value to find.', { examples: ['jane@example.com'] }),
      range: s.string('A1 range to search, e.g. Sheet1 or Sheet1!A1:F500 (default: the first sheet).'),
      column: s.string('Only match in this column: a header name or a column letter.'),
      case_sensitive: s.boolean('Match letter case.', { default: false }),
      normalize_whitespace: s.boolean('Trim and collapse spaces before comparing.', { default: true }),
      has_header_row: s.boolean('The first row of the range holds column names.', { default: true }),
    },
    ['spreadsheet_id', 'query'],
  ),
  output: params({
    found: s.boolean('A row matched'),
    row_number: s.integer('1-based row number in the sheet'),
    row_data: s.strings("The row's cells"),
    row: s.object({}, 'Cells keyed by header'),
    range: s.string('Range searched'),
  }),
  normalize: acceptCamel(['spreadsheet_id', 'case_sensitive', 'normalize_whitespace']),
  async run(ctx, a) {
    const id = String(a.spreadsheet_id);
    const range = a.range ? a1(a.range) : quoteSheet((await sheetIdOf(ctx, id)).title);
    const parsed = parseA1(range);
    const res = await ctx.json<{ range: string; values?: unknown[][] }>({
      method: 'GET',
      path: `/v4/spreadsheets/${enc(id)}/values/${enc(range)}`,
      query: { valueRenderOption: 'FORMATTED_VALUE' },
    });
    const rows = res.values ?? [];
    const header = a.has_header_row === false ? [] : (rows[0] ?? []).map(String);
    const offset = parsed.startCol ?? 0;
    let col: number | undefined;
    if (typeof a.column === 'string' && a.column) {
      const hi = header.findIndex((h) => h.trim().toLowerCase() === String(a.column).trim().toLowerCase());
      if (hi >= 0) col = hi;
      else if (/^[A-Za-z]{1,3}$/.test(a.column)) col = colIndex(a.column) - offset;
      else
        throw new ToolArgumentError(
          `column "${a.column.slice(0, 60)}" is neither a header (${header.join(', ')}) nor a column letter`,
        );
    }
    const norm = (v: unknown) => {
      let t = String(v ?? '');
      if (a.normalize_whitespace !== false) t = t.trim().replace(/\s+/g, ' ');
      return a.case_sensitive ? t : t.toLowerCase();
    };
    const want = norm(a.query);
    const first = a.has_header_row === false ? 0 : 1;
    for (let i = first; i < rows.length; i++) {
      const cells = rows[i] ?? [];
      const hit = col !== undefined ? norm(cells[col]) === want : cells.some((c) => norm(c) === want);
      if (hit) {
        return {
          found: true,
          row_number: (parsed.startRow ?? 0) + i + 1,
          row_data: cells,
          range: res.range,
          row: Object.fromEntries(header.map((h, j) => [h || colLetters(offset + j), cells[j] ?? ''])),
        };
      }
    }
    return { found: false, row_number: null, row_data: [], row: {}, range: res.range };
  },
});

async function moveToFolder(ctx: CuratedContext, fileId: string, folderId: string) {
  return ctx.json({
    method: 'PATCH',
    url: `${DRIVE}/files/${enc(fileId)}`,
    query: { addParents: folderId, removeParents: 'root', supportsAllDrives: true, fields: 'id,parents' },
    body: {},
  });
}

async function folderByName(ctx: CuratedContext, name: string): Promise<string> {
  const q = `name = '${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}' and mimeType = 'application/vnd.google-apps.folder' and trashed = false`;
  const res = await ctx.json<{ files?: { id: string; name: string }[] }>({
    method: 'GET',
    url: `${DRIVE}/files`,
    query: { q, fields: 'files(id,name)', pageSize: 10, supportsAllDrives: true, includeItemsFromAllDrives: true },
  });
  const files = res.files ?? [];
  if (files.length !== 1)
    throw new ToolArgumentError(
      files.length
        ? `several folders are named "${name}": ${files.map((f) => f.id).join(', ')}; pass folder_id`
        : `no folder named "${name}"`,
    );
  return files[0]!.id;
}

const createSheet = composite({
  slug: 'GOOGLESHEETS_CREATE_GOOGLE_SHEET1',
  name: 'Create spreadsheet',
  important: true,
  tags: ['googlesheets', 'create'],
  description:
    'Create a new spreadsheet titled title (Google names it "Untitled spreadsheet" without one), optionally with named tabs (sheet_names) and in a Drive folder given by folder_id or an exact folder_name. Returns spreadsheetId, spreadsheetUrl, properties and sheets; write to it next with GOOGLESHEETS_VALUES_UPDATE or GOOGLESHEETS_SPREADSHEETS_VALUES_APPEND.',
  input: params({
    title: s.string('Title of the spreadsheet.', { examples: ['Q3 budget'] }),
    sheet_names: s.strings('Names of the tabs to create (default one tab, Sheet1).'),
    folder_id: s.string('Drive folder id to put it in.'),
    folder_name: s.string('Exact Drive folder name (when the id is unknown).'),
  }),
  output: params({
    spreadsheetId: s.string('New spreadsheet id'),
    spreadsheetUrl: s.string('Link'),
    properties: s.object({ title: s.string('Title') }, 'Properties'),
  }),
  async run(ctx, a) {
    const body: Record<string, unknown> = { properties: a.title ? { title: a.title } : {} };
    if (Array.isArray(a.sheet_names) && a.sheet_names.length)
      body.sheets = (a.sheet_names as string[]).map((t) => ({ properties: { title: t } }));
    const folder = a.folder_id
      ? String(a.folder_id)
      : a.folder_name
        ? await folderByName(ctx, String(a.folder_name))
        : undefined;
    const ss = await ctx.json<Record<string, unknown>>({ method: 'POST', path: '/v4/spreadsheets', body });
    if (folder) await moveToFolder(ctx, String(ss.spreadsheetId), folder);
    return folder ? { ...ss, folder_id: folder } : ss;
  },
});

const sheetFromJson = composite({
  slug: 'GOOGLESHEETS_SHEET_FROM_JSON',
  name: 'Create spreadsheet from records',
  deprecated: true,
  tags: ['googlesheets', 'create', 'write'],
  description:
    'Create a spreadsheet titled title whose first tab (sheet_name) holds sheet_json, a list of objects: the keys of the first object become the header row and each object a row. Returns the new spreadsheet (spreadsheetId, spreadsheetUrl) and the write result.',
  input: params(
    {
      title: s.string('Spreadsheet title.'),
      sheet_name: s.string('Tab name.', { default: 'Sheet1' }),
      sheet_json: s.array(s.object({}, 'A record'), 'Records to write.'),
    },
    ['title', 'sheet_json'],
  ),
  async run(ctx, a) {
    const tab = String(a.sheet_name ?? 'Sheet1');
    const ss = await ctx.json<Record<string, unknown>>({
      method: 'POST',
      path: '/v4/spreadsheets',
      body: { properties: { title: a.title }, sheets: [{ properties: { title: tab } }] },
    });
    const recs = (a.sheet_json as Record<string, unknown>[]) ?? [];
    if (!recs.length) return ss;
    const headers = Object.keys(recs[0]!);
    const rows = [
      headers,
      ...recs.map((r) =>
        headers.map((h) =>
          r[h] === undefined || r[h] === null ? '' : typeof r[h] === 'object' ? JSON.stringify(r[h]) : r[h],
        ),
      ),
    ];
    const range = `${quoteSheet(tab)}!A1`;
    const written = await ctx.json({
      method: 'PUT',
      path: `/v4/spreadsheets/${enc(String(ss.spreadsheetId))}/values/${enc(range)}`,
      query: { valueInputOption: 'USER_ENTERED' },
      body: { range, majorDimension: 'ROWS', values: rows },
    });
    return { ...ss, update: written };
  },
});

const sheetNames = composite({
  slug: 'GOOGLESHEETS_GET_SHEET_NAMES',
  name: 'List sheet names',
  important: true,
  tags: ['googlesheets', 'read', 'sheets'],
  description:
    "List the tab names of a spreadsheet in order, to build A1 ranges like <name>!A1:D10. Returns sheet_names, and sheets with each tab's numeric sheetId (used by row/column and formatting tools).",
  input: params({ spreadsheet_id: SID }, ['spreadsheet_id']),
  output: params({
    sheet_names: s.strings('Tab names in order'),
    sheets: s.array(s.object({ sheetId: s.integer('Sheet id'), title: s.string('Name') }, 'A tab'), 'Tabs'),
  }),
  normalize: acceptCamel(['spreadsheet_id']),
  async run(ctx, a) {
    const ss = await spreadsheet(ctx, String(a.spreadsheet_id));
    const sheets = (ss.sheets ?? []).map((x) => ({
      sheetId: x.properties.sheetId,
      title: x.properties.title,
      index: x.properties.index,
    }));
    return { sheet_names: sheets.map((x) => x.title), sheets };
  },
});

const findWorksheet = composite({
  slug: 'GOOGLESHEETS_FIND_WORKSHEET_BY_TITLE',
  name: 'Find tab by name',
  deprecated: true,
  tags: ['googlesheets', 'sheets'],
  description:
    "Check whether a spreadsheet has a tab with exactly this title. Returns found and, when found, the tab's properties (sheetId, index, grid size). GOOGLESHEETS_GET_SHEET_NAMES lists all tabs.",
  input: params({ spreadsheet_id: SID, title: s.string('Exact tab name.') }, ['spreadsheet_id', 'title']),
  async run(ctx, a) {
    const ss = await spreadsheet(ctx, String(a.spreadsheet_id));
    const hit = (ss.sheets ?? []).find((x) => x.properties.title === a.title);
    return { found: !!hit, sheet_data: hit?.properties ?? null };
  },
});

const aggregate = composite({
  slug: 'GOOGLESHEETS_AGGREGATE_COLUMN_DATA',
  name: 'Aggregate a column',
  tags: ['googlesheets', 'read', 'math'],
  description:
    'Compute sum, average, count, min, max or percentage over target_column of a sheet, optionally only over rows whose search_column equals search_value. Columns are header names or letters. Returns result, the number of rows used and the matched values.',
  input: params(
    {
      spreadsheet_id: SID,
      sheet_name: SHEET_NAME,
      target_column: s.string('Column to aggregate (header or letter).'),
      operation: s.enum(
        ['sum', 'average', 'count', 'min', 'max', 'percentage'],
        'What to compute (percentage: the matched sum as a share of the whole column).',
      ),
      search_column: s.string('Filter column (header or letter).'),
      search_value: s.string('Keep rows whose filter column equals this.'),
      case_sensitive: s.boolean('Match letter case in the filter.', { default: false }),
      has_header_row: s.boolean('The first row holds names.', { default: true }),
    },
    ['spreadsheet_id', 'sheet_name', 'target_column', 'operation'],
  ),
  async run(ctx, a) {
    const range = quoteSheet(String(a.sheet_name));
    const res = await ctx.json<{ values?: unknown[][] }>({
      method: 'GET',
      path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}/values/${enc(range)}`,
      query: { valueRenderOption: 'UNFORMATTED_VALUE' },
    });
    const rows = res.values ?? [];
    const header = a.has_header_row === false ? [] : (rows[0] ?? []).map(String);
    const colOf = (c: string) => {
      const i = header.findIndex((h) => h.trim().toLowerCase() === c.trim().toLowerCase());
      if (i >= 0) return i;
      if (/^[A-Za-z]{1,3}$/.test(c)) return colIndex(c);
      throw new ToolArgumentError(`column "${c.slice(0, 60)}" not found; headers: ${header.join(', ')}`);
    };
    const t = colOf(String(a.target_column));
    const f = a.search_column ? colOf(String(a.search_column)) : undefined;
    const eq = (x: unknown) =>
      a.case_sensitive
        ? String(x ?? '') === String(a.search_value)
        : String(x ?? '').toLowerCase() === String(a.search_value ?? '').toLowerCase();
    const body = rows.slice(a.has_header_row === false ? 0 : 1);
    const num = (x: unknown) => (typeof x === 'number' ? x : Number(String(x ?? '').replace(/[,\s$€£%]/g, '')));
    const all = body.map((r) => num(r[t])).filter((x) => Number.isFinite(x));
    const picked = body
      .filter((r) => f === undefined || eq(r[f]))
      .map((r) => num(r[t]))
      .filter((x) => Number.isFinite(x));
    const sum = picked.reduce((x, y) => x + y, 0);
    const op = String(a.operation);
    const result =
      op === 'sum'
        ? sum
        : op === 'count'
          ? picked.length
          : op === 'average'
            ? picked.length
              ? sum / picked.length
              : null
            : op === 'min'
              ? picked.length
                ? Math.min(...picked)
                : null
              : op === 'max'
                ? picked.length
                  ? Math.max(...picked)
                  : null
                : (() => {
                    const total = all.reduce((x, y) => x + y, 0);
                    return total ? (100 * sum) / total : null;
                  })();
    return { result, operation: op, rows_used: picked.length, values: picked };
  },
});

const search = composite({
  slug: 'GOOGLESHEETS_SEARCH_SPREADSHEETS',
  name: 'Find spreadsheets',
  important: true,
  tags: ['googlesheets', 'search'],
  description:
    'Find spreadsheets in Drive by words in the name (query), optionally only ones modified after a date or shared with the user, newest first by default. Returns spreadsheets with id, name, modifiedTime and webViewLink; use id as spreadsheet_id.',
  input: params({
    query: s.string('Words in the spreadsheet name.'),
    search_type: s.enum(['name', 'content'], 'Match the name or the content.', { default: 'name' }),
    modified_after: s.string('RFC 3339 time.'),
    shared_with_me: s.boolean('Only spreadsheets shared with the user.'),
    starred_only: s.boolean('Only starred.'),
    include_trashed: s.boolean('Include trashed.', { default: false }),
    max_results: s.integer('Most results.', { default: 10, minimum: 1, maximum: 1000 }),
    order_by: s.string('Sort keys.', { default: 'modifiedTime desc' }),
    page_token: s.string('nextPageToken of the previous page.'),
  }),
  async run(ctx, a) {
    const found = await findWorkspaceFiles(ctx, a, {
      mimeType: 'application/vnd.google-apps.spreadsheet',
      inContent: a.search_type === 'content',
      fields: 'id,name,modifiedTime,createdTime,webViewLink,owners(emailAddress)',
    });
    return { spreadsheets: found.files, total_found: found.files.length, nextPageToken: found.nextPageToken };
  },
});

/** batchUpdate requests addressed by sheet_id (or sheet_name, resolved first) */
function sheetOp(def: {
  slug: string;
  name: string;
  description: string;
  input: Record<string, unknown>;
  required?: string[];
  request: (a: Record<string, unknown>, sheetId: number) => unknown;
  tags?: string[];
}): CuratedTool {
  return composite({
    slug: def.slug,
    name: def.name,
    description: def.description,
    tags: def.tags ?? ['googlesheets', 'sheets'],
    input: params(
      { spreadsheet_id: SID, sheet_id: SHEET_ID, sheet_name: s.string('Tab name instead of sheet_id.'), ...def.input },
      ['spreadsheet_id', ...(def.required ?? [])],
    ),
    normalize: acceptCamel(['spreadsheet_id', 'sheet_id', 'sheet_name', ...Object.keys(def.input)]),
    async run(ctx, a) {
      const id = String(a.spreadsheet_id);
      const sheetId = a.sheet_name ? (await sheetIdOf(ctx, id, String(a.sheet_name))).sheetId : Number(a.sheet_id ?? 0);
      return batchUpdate(ctx, id, [def.request(a, sheetId)]);
    },
  });
}

const dimRange = (a: Record<string, unknown>, sheetId: number) => ({
  sheetId,
  dimension: a.dimension ?? 'ROWS',
  startIndex: a.start_index,
  endIndex: a.end_index,
});
const INDEXES = {
  dimension: DIMENSION,
  start_index: s.integer('First row/column, zero-based (row 1 is 0, column A is 0).', { minimum: 0 }),
  end_index: s.integer('End, zero-based and exclusive.', { minimum: 1 }),
};
const cellRange = (a: Record<string, unknown>, sheetId: number) =>
  a.range ? gridRange(parseA1(String(a.range)), sheetId) : { sheetId };

const sheetOps: CuratedTool[] = [
  sheetOp({
    slug: 'GOOGLESHEETS_APPEND_DIMENSION',
    name: 'Add empty rows or columns',
    input: { dimension: DIMENSION, length: s.integer('How many to add.', { minimum: 1 }) },
    required: ['dimension', 'length'],
    description:
      'Grow a tab by length empty rows or columns at its end (the grid, not data: to add data rows use GOOGLESHEETS_SPREADSHEETS_VALUES_APPEND).',
    request: (a, sheetId) => ({ appendDimension: { sheetId, dimension: a.dimension, length: a.length } }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_INSERT_DIMENSION',
    name: 'Insert rows or columns',
    input: {
      ...INDEXES,
      inherit_from_before: s.boolean('Copy formatting from the row/column before.', { default: false }),
    },
    required: ['dimension', 'start_index', 'end_index'],
    description:
      'Insert empty rows or columns at start_index..end_index (zero-based, end exclusive), pushing later ones down or right.',
    request: (a, sheetId) => ({
      insertDimension: { range: dimRange(a, sheetId), inheritFromBefore: !!a.inherit_from_before },
    }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_DELETE_DIMENSION',
    name: 'Delete rows or columns',
    input: INDEXES,
    required: ['dimension', 'start_index', 'end_index'],
    description:
      'Delete rows or columns start_index..end_index (zero-based, end exclusive: row 5 alone is 4..5) and their data.',
    request: (a, sheetId) => ({ deleteDimension: { range: dimRange(a, sheetId) } }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_AUTO_RESIZE_DIMENSIONS',
    name: 'Auto-fit rows or columns',
    input: INDEXES,
    required: ['dimension'],
    description:
      'Fit column widths or row heights to their content for start_index..end_index (whole tab when omitted).',
    request: (a, sheetId) => ({ autoResizeDimensions: { dimensions: dimRange(a, sheetId) } }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_UPDATE_DIMENSION_PROPERTIES',
    name: 'Hide or resize rows or columns',
    input: {
      ...INDEXES,
      pixel_size: s.integer('Height or width in pixels.'),
      hidden_by_user: s.boolean('Hide (true) or show (false).'),
    },
    required: ['dimension', 'start_index', 'end_index'],
    description: 'Hide/unhide rows or columns, or set their height/width in pixels.',
    request: (a, sheetId) => {
      const properties: Record<string, unknown> = {};
      if (a.pixel_size !== undefined) properties.pixelSize = a.pixel_size;
      if (a.hidden_by_user !== undefined) properties.hiddenByUser = a.hidden_by_user;
      return {
        updateDimensionProperties: {
          range: dimRange(a, sheetId),
          properties,
          fields: Object.keys(properties).join(',') || 'pixelSize',
        },
      };
    },
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_CREATE_SPREADSHEET_ROW',
    name: 'Insert a row',
    input: {
      insert_index: s.integer('Zero-based index of the new row (0 = above row 1).', { default: 0, minimum: 0 }),
      inherit_from_before: s.boolean('Copy formatting from the row above.', { default: false }),
    },
    description: 'Insert one empty row at insert_index of a tab.',
    request: (a, sheetId) => ({
      insertDimension: {
        range: {
          sheetId,
          dimension: 'ROWS',
          startIndex: Number(a.insert_index ?? 0),
          endIndex: Number(a.insert_index ?? 0) + 1,
        },
        inheritFromBefore: !!a.inherit_from_before,
      },
    }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_CREATE_SPREADSHEET_COLUMN',
    name: 'Insert a column',
    input: {
      insert_index: s.integer('Zero-based index of the new column (0 = before A).', { default: 0, minimum: 0 }),
      inherit_from_before: s.boolean('Copy formatting from the column to the left.', { default: false }),
    },
    description: 'Insert one empty column at insert_index of a tab.',
    request: (a, sheetId) => ({
      insertDimension: {
        range: {
          sheetId,
          dimension: 'COLUMNS',
          startIndex: Number(a.insert_index ?? 0),
          endIndex: Number(a.insert_index ?? 0) + 1,
        },
        inheritFromBefore: !!a.inherit_from_before,
      },
    }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_DELETE_SHEET',
    name: 'Delete tab',
    input: {},
    description: 'Delete a tab (sheet_id or sheet_name) and everything on it.',
    request: (_a, sheetId) => ({ deleteSheet: { sheetId } }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_CLEAR_BASIC_FILTER',
    name: 'Clear filter',
    input: {},
    description: 'Remove the basic filter from a tab (the data stays).',
    request: (_a, sheetId) => ({ clearBasicFilter: { sheetId } }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_SET_BASIC_FILTER',
    name: 'Set filter',
    input: {
      range: s.string('A1 cells the filter covers (without sheet name), e.g. A1:F200; default the whole tab.'),
      sort_specs: s.array(s.object({}, 'A SortSpec'), 'Sort order.'),
      filter_specs: s.array(s.object({}, 'A FilterSpec'), 'Column filters.'),
    },
    description:
      'Put a basic filter on a tab, optionally with sort and column filter specs (Sheets API SortSpec/FilterSpec objects).',
    request: (a, sheetId) => ({
      setBasicFilter: {
        filter: { range: cellRange(a, sheetId), sortSpecs: a.sort_specs, filterSpecs: a.filter_specs },
      },
    }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_SORT_RANGE',
    name: 'Sort a range',
    input: {
      range: s.string('A1 cells to sort (without sheet name), e.g. A2:F100.'),
      sort_specs: s.array(
        s.object(
          { dimensionIndex: s.integer('Zero-based column'), sortOrder: s.enum(['ASCENDING', 'DESCENDING'], 'Order') },
          'A sort key',
        ),
        'Sort keys, first is primary.',
      ),
    },
    required: ['range', 'sort_specs'],
    description:
      'Sort the rows of range by one or more columns (sort_specs: [{dimensionIndex: 0, sortOrder: "ASCENDING"}]). Leave the header row out of range.',
    request: (a, sheetId) => ({ sortRange: { range: cellRange(a, sheetId), sortSpecs: a.sort_specs } }),
  }),
  sheetOp({
    slug: 'GOOGLESHEETS_FORMAT_CELL',
    name: 'Format cells',
    tags: ['googlesheets', 'format'],
    input: {
      range: s.string('A1 cells (without sheet name), e.g. A1:D1.'),
      bold: s.boolean('Bold.'),
      italic: s.boolean('Italic.'),
      underline: s.boolean('Underline.'),
      strikethrough: s.boolean('Strikethrough.'),
      font_size: s.integer('Font size in points.'),
      red: s.number('Background red 0-1.'),
      green: s.number('Background green 0-1.'),
      blue: s.number('Background blue 0-1.'),
      number_format: s.string('Number pattern, e.g. 0.00 or yyyy-mm-dd.'),
    },
    required: ['range'],
    description:
      'Style cells: bold, italic, underline, strikethrough, font size, background colour (red/green/blue 0-1) and number format. Only what you pass changes.',
    request: (a, sheetId) => {
      const fmt: Record<string, unknown> = {};
      const text: Record<string, unknown> = {};
      const fields: string[] = [];
      for (const k of ['bold', 'italic', 'underline', 'strikethrough'] as const)
        if (a[k] !== undefined) {
          text[k] = a[k];
          fields.push(`userEnteredFormat.textFormat.${k}`);
        }
      if (a.font_size !== undefined) {
        text.fontSize = a.font_size;
        fields.push('userEnteredFormat.textFormat.fontSize');
      }
      if (Object.keys(text).length) fmt.textFormat = text;
      if (a.red !== undefined || a.green !== undefined || a.blue !== undefined) {
        fmt.backgroundColor = { red: a.red ?? 0, green: a.green ?? 0, blue: a.blue ?? 0 };
        fields.push('userEnteredFormat.backgroundColor');
      }
      if (a.number_format) {
        fmt.numberFormat = { type: 'NUMBER', pattern: a.number_format };
        fields.push('userEnteredFormat.numberFormat');
      }
      if (!fields.length)
        throw new ToolArgumentError(
          'give at least one format: bold, italic, underline, strikethrough, font_size, red/green/blue or number_format',
        );
      return {
        repeatCell: { range: cellRange(a, sheetId), cell: { userEnteredFormat: fmt }, fields: fields.join(',') },
      };
    },
  }),
];

const findReplace = composite({
  slug: 'GOOGLESHEETS_FIND_REPLACE',
  name: 'Find and replace',
  tags: ['googlesheets', 'write'],
  description:
    'Replace text across the spreadsheet, one tab (sheet_id) or an A1 range: find (plain text or, with search_by_regex, a regular expression) becomes replacement. Options: match_case, match_entire_cell, include_formulas. Returns occurrencesChanged, valuesChanged, rowsChanged, sheetsChanged.',
  input: params(
    {
      spreadsheet_id: SID,
      find: s.string('Text or pattern to find.'),
      replacement: s.string('Replacement text (empty removes).'),
      sheet_id: s.integer('Only this tab.'),
      range: s.string('Only this A1 range (with sheet name).'),
      match_case: s.boolean('Case-sensitive.', { default: false }),
      match_entire_cell: s.boolean('Whole-cell matches only.', { default: false }),
      search_by_regex: s.boolean('find is a regex.', { default: false }),
      include_formulas: s.boolean('Search inside formulas.', { default: false }),
    },
    ['spreadsheet_id', 'find', 'replacement'],
  ),
  normalize: acceptCamel([
    'spreadsheet_id',
    'sheet_id',
    'match_case',
    'match_entire_cell',
    'search_by_regex',
    'include_formulas',
  ]),
  async run(ctx, a) {
    const id = String(a.spreadsheet_id);
    const req: Record<string, unknown> = {
      find: a.find,
      replacement: a.replacement,
      matchCase: !!a.match_case,
      matchEntireCell: !!a.match_entire_cell,
      searchByRegex: !!a.search_by_regex,
      includeFormulas: !!a.include_formulas,
    };
    if (a.range) {
      const r = parseA1(String(a.range));
      req.range = gridRange(r, r.sheet ? (await sheetIdOf(ctx, id, r.sheet)).sheetId : Number(a.sheet_id ?? 0));
    } else if (a.sheet_id !== undefined) req.sheetId = a.sheet_id;
    else req.allSheets = true;
    const res = await batchUpdate(ctx, id, [{ findReplace: req }]);
    const reply =
      ((res as { replies?: { findReplace?: Record<string, unknown> }[] }).replies ?? [])[0]?.findReplace ?? {};
    return { ...reply, spreadsheetId: id };
  },
});

const addSheet = composite({
  slug: 'GOOGLESHEETS_ADD_SHEET',
  name: 'Add tab',
  important: true,
  tags: ['googlesheets', 'sheets', 'create'],
  description:
    "Add a tab named title to a spreadsheet (force_unique adds _2, _3… when the name is taken), optionally with a size (row_count, column_count), position (index) or full Sheets properties. Returns the new tab's properties including its sheetId.",
  input: params(
    {
      spreadsheet_id: SID,
      title: s.string('Tab name.'),
      index: s.integer('Position (0 = first).'),
      row_count: s.integer('Rows.'),
      column_count: s.integer('Columns.'),
      properties: s.object({}, 'Extra SheetProperties (tabColorStyle, hidden…).'),
      force_unique: s.boolean('Rename on a clash instead of failing.', { default: true }),
    },
    ['spreadsheet_id'],
  ),
  normalize: acceptCamel(['spreadsheet_id', 'row_count', 'column_count', 'force_unique']),
  async run(ctx, a) {
    const id = String(a.spreadsheet_id);
    const props: Record<string, unknown> = { ...(a.properties as Record<string, unknown> | undefined) };
    let title = (a.title as string | undefined) ?? (props.title as string | undefined);
    if (title && a.force_unique !== false) {
      const names = new Set((await spreadsheet(ctx, id)).sheets?.map((x) => x.properties.title) ?? []);
      const baseTitle = title;
      for (let n = 2; names.has(title); n++) title = `${baseTitle}_${n}`;
    }
    if (title) props.title = title;
    if (a.index !== undefined) props.index = a.index;
    if (a.row_count !== undefined || a.column_count !== undefined)
      props.gridProperties = { rowCount: a.row_count, columnCount: a.column_count };
    const res = await batchUpdate(ctx, id, [{ addSheet: { properties: props } }]);
    const reply = ((res as { replies?: { addSheet?: { properties?: unknown } }[] }).replies ?? [])[0]?.addSheet;
    return {
      spreadsheetId: id,
      properties: reply?.properties ?? null,
      replies: (res as { replies?: unknown }).replies,
    };
  },
});

const charts = composite({
  slug: 'GOOGLESHEETS_LIST_CHARTS',
  name: 'List charts',
  tags: ['googlesheets', 'charts'],
  description:
    'List every chart in a spreadsheet with its chartId, tab, title and type (use chartId with GOOGLESHEETS_DELETE_CHART).',
  input: params({ spreadsheet_id: SID }, ['spreadsheet_id']),
  async run(ctx, a) {
    const ss = await ctx.json<{
      sheets?: {
        properties: { sheetId: number; title: string };
        charts?: {
          chartId: number;
          spec?: { title?: string; basicChart?: { chartType?: string }; pieChart?: unknown };
          position?: unknown;
        }[];
      }[];
    }>({
      method: 'GET',
      path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}`,
      query: { fields: 'sheets(properties(sheetId,title),charts)' },
    });
    const list = (ss.sheets ?? []).flatMap((sh) =>
      (sh.charts ?? []).map((c) => ({
        chart_id: c.chartId,
        sheet_id: sh.properties.sheetId,
        sheet_title: sh.properties.title,
        title: c.spec?.title ?? null,
        chart_type: c.spec?.basicChart?.chartType ?? (c.spec?.pieChart ? 'PIE' : null),
        position: c.position ?? null,
      })),
    );
    return { charts: list, total: list.length };
  },
});

function rules(slug: string, name: string, description: string, field: 'conditionalFormats' | 'dataValidation') {
  return composite({
    slug,
    name,
    description,
    tags: ['googlesheets', 'read'],
    input: params({ spreadsheet_id: SID, sheet_id: s.integer('Only this tab.') }, ['spreadsheet_id']),
    async run(ctx, a) {
      const fields =
        field === 'conditionalFormats'
          ? 'sheets(properties(sheetId,title),conditionalFormats)'
          : 'sheets(properties(sheetId,title),data(startRow,startColumn,rowData(values(dataValidation))))';
      const ss = await ctx.json<{ sheets?: Record<string, any>[] }>({
        method: 'GET',
        path: `/v4/spreadsheets/${enc(String(a.spreadsheet_id))}`,
        query: { fields, includeGridData: field === 'dataValidation' ? true : undefined },
      });
      const sheets = (ss.sheets ?? []).filter((x) => a.sheet_id === undefined || x.properties.sheetId === a.sheet_id);
      if (field === 'conditionalFormats')
        return {
          sheets: sheets.map((x) => ({
            sheet_id: x.properties.sheetId,
            title: x.properties.title,
            rules: (x.conditionalFormats ?? []).map((r: unknown, i: number) => ({ index: i, rule: r })),
          })),
        };
      return {
        sheets: sheets.map((x) => {
          const found: { cell: string; rule: unknown }[] = [];
          for (const block of x.data ?? []) {
            (block.rowData ?? []).forEach((row: { values?: { dataValidation?: unknown }[] }, ri: number) =>
              (row.values ?? []).forEach((v, ci) => {
                if (v.dataValidation)
                  found.push({
                    cell: `${colLetters((block.startColumn ?? 0) + ci)}${(block.startRow ?? 0) + ri + 1}`,
                    rule: v.dataValidation,
                  });
              }),
            );
          }
          return { sheet_id: x.properties.sheetId, title: x.properties.title, rules: found };
        }),
      };
    },
  });
}

/** One batchUpdate request built from flat arguments, answered with its reply. */
function ssOp(def: {
  slug: string;
  name: string;
  description: string;
  input: Record<string, unknown>;
  required?: string[];
  request: (a: Record<string, unknown>, ctx: CuratedContext) => unknown | Promise<unknown>;
}): CuratedTool {
  return composite({
    slug: def.slug,
    name: def.name,
    description: def.description,
    tags: ['googlesheets', 'batch'],
    input: params({ spreadsheet_id: SID, ...def.input }, ['spreadsheet_id', ...(def.required ?? [])]),
    normalize: acceptCamel(['spreadsheet_id', ...Object.keys(def.input)]),
    async run(ctx, a) {
      const res = await batchUpdate(ctx, String(a.spreadsheet_id), [await def.request(a, ctx)]);
      return { spreadsheetId: a.spreadsheet_id, replies: (res as { replies?: unknown }).replies ?? [] };
    },
  });
}

/** A1 range with a sheet name → GridRange (the sheet id is looked up). */
async function gridOf(ctx: CuratedContext, id: string, range: unknown, arg = 'range') {
  const r = parseA1(a1(range, arg), arg);
  return gridRange(r, (await sheetIdOf(ctx, id, r.sheet)).sheetId);
}

const moreOps: CuratedTool[] = [
  ssOp({
    slug: 'GOOGLESHEETS_CREATE_CHART',
    name: 'Create chart',
    description:
      "Add a chart over data_range (A1 with sheet name, first row = headers, first column = categories) of chart_type (BAR, COLUMN, LINE, AREA, SCATTER, COMBO, STEPPED_AREA, or PIE), titled title, placed on the data's sheet; or pass a full Sheets chart_spec. Returns the reply with the new chartId.",
    input: {
      chart_type: s.enum(
        ['BAR', 'COLUMN', 'LINE', 'AREA', 'SCATTER', 'COMBO', 'STEPPED_AREA', 'PIE'],
        'Kind of chart.',
        { default: 'COLUMN' },
      ),
      data_range: s.string("A1 range with sheet name, e.g. 'Sales'!A1:C10."),
      title: s.string('Chart title.'),
      chart_spec: s.object({}, 'A full ChartSpec instead of chart_type + data_range.'),
      anchor_cell: s.string('Top-left cell of the chart, e.g. E2 (default beside the data).'),
    },
    request: async (a, ctx) => {
      const id = String(a.spreadsheet_id);
      if (a.chart_spec) return { addChart: { chart: { spec: a.chart_spec, position: { newSheet: true } } } };
      if (!a.data_range) throw new ToolArgumentError('give data_range (or chart_spec)');
      const g = (await gridOf(ctx, id, a.data_range, 'data_range')) as Record<string, number>;
      const col = (i: number) => ({ sourceRange: { sources: [{ ...g, startColumnIndex: i, endColumnIndex: i + 1 }] } });
      const first = g.startColumnIndex ?? 0;
      const last = (g.endColumnIndex ?? first + 2) - 1;
      const type = String(a.chart_type ?? 'COLUMN');
      const spec: Record<string, unknown> = { title: a.title };
      if (type === 'PIE')
        spec.pieChart = { legendPosition: 'RIGHT_LEGEND', domain: col(first), series: col(first + 1) };
      else
        spec.basicChart = {
          chartType: type,
          legendPosition: 'BOTTOM_LEGEND',
          headerCount: 1,
          domains: [{ domain: col(first) }],
          series: Array.from({ length: Math.max(1, last - first) }, (_, k) => ({
            series: col(first + 1 + k),
            targetAxis: 'LEFT_AXIS',
          })),
        };
      const anchor = a.anchor_cell ? parseA1(String(a.anchor_cell), 'anchor_cell') : undefined;
      return {
        addChart: {
          chart: {
            spec,
            position: {
              overlayPosition: {
                anchorCell: {
                  sheetId: g.sheetId,
                  rowIndex: anchor?.startRow ?? g.startRowIndex ?? 0,
                  columnIndex: anchor?.startCol ?? last + 2,
                },
              },
            },
          },
        },
      };
    },
  }),
  ssOp({
    slug: 'GOOGLESHEETS_UPDATE_CHART',
    name: 'Update chart',
    input: {
      chart_id: s.integer('Chart id (GOOGLESHEETS_LIST_CHARTS).'),
      chart_spec: s.object({}, 'The new full ChartSpec.'),
    },
    required: ['chart_id', 'chart_spec'],
    description:
      "Replace a chart's specification (type, ranges, title, axes, colours) with chart_spec; its position stays.",
    request: (a) => ({ updateChartSpec: { chartId: a.chart_id, spec: a.chart_spec } }),
  }),
  ssOp({
    slug: 'GOOGLESHEETS_MOVE_CHART',
    name: 'Move or resize chart',
    input: {
      chart_id: s.integer('Chart id.'),
      new_sheet: s.boolean('Move it to a new sheet of its own.'),
      sheet_id: s.integer('Sheet to move it to.'),
      anchor_cell: s.string('Top-left cell, e.g. B2.'),
      width_pixels: s.integer('Width.'),
      height_pixels: s.integer('Height.'),
    },
    required: ['chart_id'],
    description:
      'Move a chart to its own new sheet (new_sheet) or to anchor_cell on sheet_id, and/or resize it in pixels.',
    request: (a) => {
      if (a.new_sheet)
        return {
          updateEmbeddedObjectPosition: { objectId: a.chart_id, newPosition: { newSheet: true }, fields: 'newSheet' },
        };
      const anchor = a.anchor_cell ? parseA1(String(a.anchor_cell), 'anchor_cell') : { startRow: 0, startCol: 0 };
      const overlay: Record<string, unknown> = {
        anchorCell: { sheetId: a.sheet_id ?? 0, rowIndex: anchor.startRow ?? 0, columnIndex: anchor.startCol ?? 0 },
      };
      if (a.width_pixels) overlay.widthPixels = a.width_pixels;
      if (a.height_pixels) overlay.heightPixels = a.height_pixels;
      return {
        updateEmbeddedObjectPosition: {
          objectId: a.chart_id,
          newPosition: { overlayPosition: overlay },
          fields: 'anchorCell,widthPixels,heightPixels',
        },
      };
    },
  }),
  ssOp({
    slug: 'GOOGLESHEETS_MUTATE_CONDITIONAL_FORMAT_RULES',
    name: 'Change conditional formatting',
    input: {
      operation: s.enum(['ADD', 'UPDATE', 'DELETE', 'MOVE'], 'What to do.'),
      sheet_id: s.integer('Tab id.', { default: 0 }),
      index: s.integer('Rule index (UPDATE, DELETE, MOVE; ADD position).', { default: 0 }),
      new_index: s.integer('MOVE: new position.'),
      rule: s.object({}, 'ConditionalFormatRule (ranges + booleanRule or gradientRule) for ADD/UPDATE.'),
    },
    required: ['operation'],
    description:
      'Add, replace, delete or reorder a conditional formatting rule of a tab (indexes from GOOGLESHEETS_GET_CONDITIONAL_FORMAT_RULES).',
    request: (a) => {
      const op = String(a.operation);
      if (op === 'ADD') return { addConditionalFormatRule: { rule: a.rule, index: a.index ?? 0 } };
      if (op === 'UPDATE')
        return { updateConditionalFormatRule: { rule: a.rule, index: a.index ?? 0, sheetId: a.sheet_id ?? 0 } };
      if (op === 'DELETE') return { deleteConditionalFormatRule: { index: a.index ?? 0, sheetId: a.sheet_id ?? 0 } };
      if (a.new_index === undefined) throw new ToolArgumentError('MOVE needs new_index');
      return { updateConditionalFormatRule: { index: a.index ?? 0, sheetId: a.sheet_id ?? 0, newIndex: a.new_index } };
    },
  }),
  ssOp({
    slug: 'GOOGLESHEETS_SET_DATA_VALIDATION_RULE',
    name: 'Set drop-down or validation',
    input: {
      range: s.string("A1 range with sheet name, e.g. 'Tasks'!C2:C100."),
      values: s.strings('Allowed values: makes a drop-down list.'),
      source_range: s.string('A1 range whose values form the drop-down.'),
      rule: s.object({}, 'A full DataValidationRule instead.'),
      strict: s.boolean('Reject other values.', { default: true }),
      clear: s.boolean('Remove validation from the range.', { default: false }),
    },
    required: ['range'],
    description:
      'Put a drop-down list (values, or the values of source_range) or any DataValidationRule on a range, or clear validation (clear=true).',
    request: async (a, ctx) => {
      const range = await gridOf(ctx, String(a.spreadsheet_id), a.range);
      if (a.clear) return { setDataValidation: { range } };
      let rule = a.rule as Record<string, unknown> | undefined;
      if (!rule && Array.isArray(a.values))
        rule = {
          condition: { type: 'ONE_OF_LIST', values: (a.values as string[]).map((v) => ({ userEnteredValue: v })) },
          showCustomUi: true,
          strict: a.strict !== false,
        };
      if (!rule && a.source_range)
        rule = {
          condition: { type: 'ONE_OF_RANGE', values: [{ userEnteredValue: `=${a1(a.source_range, 'source_range')}` }] },
          showCustomUi: true,
          strict: a.strict !== false,
        };
      if (!rule) throw new ToolArgumentError('give values, source_range, rule or clear');
      return { setDataValidation: { range, rule } };
    },
  }),
];

const mappings: CuratedTool[] = [
  sh({
    slug: 'GOOGLESHEETS_GET_SPREADSHEET_INFO',
    name: 'Get spreadsheet info',
    method: 'GET',
    path: '/v4/spreadsheets/{spreadsheet_id}',
    important: true,
    description:
      "Metadata of a spreadsheet: title, locale, time zone and every tab's properties (sheetId, title, index, grid size). Cell data is left out unless include_grid_data (use GOOGLESHEETS_VALUES_GET for values). fields narrows the answer.",
    input: {
      spreadsheet_id: SID,
      fields: s.string('Partial-response fields.', {
        default: 'spreadsheetId,properties,sheets.properties,namedRanges,spreadsheetUrl',
      }),
      include_grid_data: s.boolean('Include cell data.', { default: false }),
      ranges: s.strings('A1 ranges to limit grid data to.'),
    },
    defaults: { fields: 'spreadsheetId,properties,sheets.properties,namedRanges,spreadsheetUrl' },
    normalize: acceptCamel(['spreadsheet_id', 'include_grid_data']),
  }),
  sh({
    slug: 'GOOGLESHEETS_CLEAR_VALUES',
    name: 'Clear range',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}/values/{range}:clear',
    important: true,
    description: 'Empty the cells of an A1 range, keeping their formatting and notes. Returns clearedRange.',
    input: { spreadsheet_id: SID, range: RANGE },
    prepare: (a) => ({ ...a, range: a1(a.range) }),
    normalize: acceptCamel(['spreadsheet_id']),
  }),
  sh({
    slug: 'GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR',
    name: 'Clear several ranges',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}/values:batchClear',
    description: 'Empty several A1 ranges at once (formatting stays). Returns clearedRanges.',
    input: { spreadsheet_id: SID, ranges: s.strings('A1 ranges to clear.') },
    required: ['spreadsheet_id', 'ranges'],
    prepare: (a) => ({ ...a, ranges: (a.ranges as string[]).map((r, i) => a1(r, `ranges[${i}]`)) }),
    normalize: acceptCamel(['spreadsheet_id']),
  }),
  sh({
    slug: 'GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_GET_BY_DATA_FILTER',
    name: 'Read ranges by data filter',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}/values:batchGetByDataFilter',
    description:
      'Read the values matching data_filters (DataFilter objects: {a1Range}, {gridRange} or {developerMetadataLookup}). Returns valueRanges with the filter each matched.',
    input: {
      spreadsheet_id: SID,
      data_filters: s.array(s.object({}, 'A DataFilter'), 'Filters.'),
      major_dimension: DIMENSION,
      value_render_option: RENDER,
      date_time_render_option: s.string('SERIAL_NUMBER or FORMATTED_STRING.'),
    },
    required: ['spreadsheet_id', 'data_filters'],
  }),
  sh({
    slug: 'GOOGLESHEETS_BATCH_CLEAR_VALUES_BY_DATA_FILTER',
    name: 'Clear ranges by data filter',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}/values:batchClearByDataFilter',
    description: 'Empty the values of every range matching data_filters (formatting stays). Returns clearedRanges.',
    input: { spreadsheet_id: SID, data_filters: s.array(s.object({}, 'A DataFilter'), 'Filters.') },
    required: ['spreadsheet_id', 'data_filters'],
  }),
  sh({
    slug: 'GOOGLESHEETS_BATCH_UPDATE_VALUES_BY_DATA_FILTER',
    name: 'Write ranges by data filter',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}/values:batchUpdateByDataFilter',
    description:
      'Write values to the ranges matched by data filters: data is a list of {dataFilter, values, majorDimension}. Returns totalUpdatedCells and per-range results.',
    input: {
      spreadsheet_id: SID,
      data: s.array(s.object({}, 'A DataFilterValueRange'), 'Filters and values.'),
      value_input_option: INPUT_OPTION,
      include_values_in_response: s.boolean('Return the written values.'),
    },
    required: ['spreadsheet_id', 'data'],
    defaults: { value_input_option: 'USER_ENTERED' },
  }),
  sh({
    slug: 'GOOGLESHEETS_GET_SPREADSHEET_BY_DATA_FILTER',
    name: 'Get spreadsheet by data filter',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}:getByDataFilter',
    description:
      'Spreadsheet metadata (and cell data with include_grid_data) limited to the ranges matching data_filters. For unfiltered metadata use GOOGLESHEETS_GET_SPREADSHEET_INFO.',
    input: {
      spreadsheet_id: SID,
      data_filters: s.array(s.object({}, 'A DataFilter'), 'Filters.'),
      include_grid_data: s.boolean('Include cell data.', { default: false }),
    },
    required: ['spreadsheet_id'],
  }),
  sh({
    slug: 'GOOGLESHEETS_SEARCH_DEVELOPER_METADATA',
    name: 'Search developer metadata',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}/developerMetadata:search',
    description:
      'Find developer metadata entries (key/value tags apps attach to rows, columns, tabs) matching data_filters. Returns matchedDeveloperMetadata.',
    input: {
      spreadsheet_id: SID,
      data_filters: s.array(s.object({}, 'A DataFilter with developerMetadataLookup'), 'Filters.'),
    },
    required: ['spreadsheet_id', 'data_filters'],
  }),
  sh({
    slug: 'GOOGLESHEETS_UPDATE_SHEET_PROPERTIES',
    name: 'Update tab properties',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}:batchUpdate',
    description:
      'Rename, move, hide or recolour a tab, or freeze rows/columns: properties holds sheetId plus the SheetProperties to set (title, index, hidden, tabColorStyle, gridProperties.frozenRowCount…), fields names what changes (default: the keys given).',
    input: {
      spreadsheet_id: SID,
      properties: s.object(
        { sheetId: s.integer('Tab id'), title: s.string('New name') },
        'SheetProperties with sheetId.',
      ),
      fields: s.string('Field mask, e.g. title,gridProperties.frozenRowCount.'),
    },
    required: ['spreadsheet_id', 'properties'],
    body: (a) => ({
      requests: [
        {
          updateSheetProperties: {
            properties: a.properties,
            fields:
              a.fields ??
              Object.keys(a.properties as object)
                .filter((k) => k !== 'sheetId')
                .join(','),
          },
        },
      ],
    }),
  }),
  sh({
    slug: 'GOOGLESHEETS_UPDATE_SPREADSHEET_PROPERTIES',
    name: 'Update spreadsheet properties',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}:batchUpdate',
    description:
      'Change spreadsheet-wide settings: title, locale, timeZone, autoRecalc (properties), fields naming what changes (default: the keys given). To rename a tab use GOOGLESHEETS_UPDATE_SHEET_PROPERTIES.',
    input: {
      spreadsheet_id: SID,
      properties: s.object(
        { title: s.string('New title'), timeZone: s.string('IANA zone'), locale: s.string('Locale') },
        'SpreadsheetProperties to set.',
      ),
      fields: s.string('Field mask.'),
    },
    required: ['spreadsheet_id', 'properties'],
    body: (a) => ({
      requests: [
        {
          updateSpreadsheetProperties: {
            properties: a.properties,
            fields: a.fields ?? Object.keys(a.properties as object).join(','),
          },
        },
      ],
    }),
  }),
  sh({
    slug: 'GOOGLESHEETS_DELETE_CHART',
    name: 'Delete chart',
    method: 'POST',
    path: '/v4/spreadsheets/{spreadsheet_id}:batchUpdate',
    description: 'Delete a chart by chart_id (from GOOGLESHEETS_LIST_CHARTS); its data stays.',
    input: { spreadsheet_id: SID, chart_id: s.integer('Chart id.') },
    required: ['spreadsheet_id', 'chart_id'],
    body: (a) => ({ requests: [{ deleteEmbeddedObject: { objectId: a.chart_id } }] }),
  }),
];

export const googlesheetsTools: CuratedTool[] = [
  valuesGet,
  batchGet,
  valuesUpdate,
  append,
  updateBatch,
  lookupRow,
  upsertRows,
  createSheet,
  sheetNames,
  addSheet,
  search,
  findReplace,
  legacyBatchUpdate,
  sheetFromJson,
  findWorksheet,
  aggregate,
  charts,
  rules(
    'GOOGLESHEETS_GET_CONDITIONAL_FORMAT_RULES',
    'Get conditional format rules',
    'List the conditional formatting rules of each tab (or sheet_id), with their index for later edits.',
    'conditionalFormats',
  ),
  rules(
    'GOOGLESHEETS_GET_DATA_VALIDATION_RULES',
    'Get data validation rules',
    'List the cells that carry data validation (drop-down lists, allowed values, custom formulas) with their rule, per tab.',
    'dataValidation',
  ),
  ...sheetOps,
  ...moreOps,
  ...mappings,
];
