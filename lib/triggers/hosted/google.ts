import type { Item, PollTypeDef } from '../types';
import { A, B, N, O, S, changedKeys, get, obj, pick, self, str } from './helpers';

/**
 * Google Sheets, Docs, Drive, Calendar, Tasks and YouTube poll types under the hosted service's
 * names. Most compare a resource with its previous reading (`watch`); the rest fire once per new
 * item of a list. Each calls the toolkit's own catalog tools with the connected account.
 */
const sheetId = S('Spreadsheet id (from its URL /d/<id>/)');
const docId = S('Document id (from its URL /d/<id>/)');
const FILE_FIELDS =
  'id,name,mimeType,createdTime,modifiedTime,trashed,webViewLink,parents,owners(displayName,emailAddress)';
const file = obj(
  {
    id: S('File id'),
    name: S('Name'),
    mime_type: S('MIME type'),
    created_time: S('Created', { format: 'date-time' }),
    modified_time: S('Last change', { format: 'date-time' }),
    web_view_link: S('Link'),
    parents: A('Parent folder ids', { type: 'string' }),
    owners: A('Owners (displayName, emailAddress)'),
  },
  ['id'],
);
const fileOf = (i: Item) => ({
  id: i.id,
  name: i.name,
  mime_type: i.mimeType,
  created_time: i.createdTime,
  modified_time: i.modifiedTime,
  web_view_link: i.webViewLink,
  parents: i.parents ?? [],
  owners: i.owners ?? [],
});
/** Drive lists through GOOGLEDRIVE_FIND_FILE, which takes a raw q and the fields to return. */
const findArgs = (q: string, orderBy: string, extra: Record<string, unknown> = {}) => ({
  q,
  order_by: orderBy,
  page_size: 100,
  fields: `nextPageToken,files(${FILE_FIELDS})`,
  ...extra,
});
const quote = (v: unknown) => String(v).replace(/\\/g, '\\\\').replace(/'/g, "\\'");
const modifiedAfterCreate = (i: Item) =>
  !!i.createdTime && !!i.modifiedTime && Date.parse(String(i.modifiedTime)) - Date.parse(String(i.createdTime)) > 2000;

/** values of a range read with GOOGLESHEETS_SPREADSHEETS_VALUES_GET */
const valuesOf = (data: unknown): unknown[][] | undefined => {
  const v = get(data, 'values') ?? get(data, 'response_data.values');
  if (Array.isArray(v)) return v as unknown[][];
  return data && typeof data === 'object' ? [] : undefined;
};
const sheetsOf = (data: unknown): Item[] | undefined => {
  const v = get(data, 'sheets') ?? get(data, 'response_data.sheets');
  return Array.isArray(v) ? (v as Item[]) : data && typeof data === 'object' ? [] : undefined;
};
const colIndex = (header: unknown[], col: unknown): number => {
  const c = String(col ?? '').trim();
  const byName = header.findIndex((h) => String(h).trim() === c);
  if (byName >= 0) return byName;
  if (/^[A-Za-z]{1,3}$/.test(c)) return [...c.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return -1;
};
const typeOf = (v: unknown) =>
  v === '' || v === undefined || v === null
    ? 'empty'
    : /^-?\d+(\.\d+)?$/.test(String(v))
      ? 'number'
      : /^(true|false)$/i.test(String(v))
        ? 'boolean'
        : Number.isFinite(Date.parse(String(v))) && /\d{4}|\d+\/\d+/.test(String(v))
          ? 'date'
          : 'string';
const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
const plain = (data: unknown) => String(get(data, 'plain_text') ?? get(data, 'text') ?? get(data, 'content') ?? '');
const spreadsheetCfg = (more: Record<string, unknown> = {}, req: string[] = []) =>
  obj({ spreadsheet_id: sheetId, ...more }, ['spreadsheet_id', ...req]);
const sheetMeta = (c: Record<string, any>, grid = false) => ({
  spreadsheetId: c.spreadsheet_id,
  includeGridData: grid,
  ...(grid && c.range ? { ranges: [c.range] } : {}),
});
const ruleDiff = (now: unknown, before: unknown) => ({
  rules: now ?? [],
  previous_rules: before ?? [],
});

export const GOOGLE_HOSTED_POLL_TYPES: PollTypeDef[] = [
  // ---- Google Sheets
  {
    slug: 'GOOGLESHEETS_AGGREGATE_METRIC_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Aggregate metric changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_VALUES_GET',
    description:
      'Fires when the SUM, COUNT, AVG, MIN or MAX of a column changes, optionally only over rows whose search column equals a value. The first row is the header.',
    config: spreadsheetCfg(
      {
        sheet_name: S('Sheet (tab) name'),
        target_column: S('Column to aggregate: its header name or letter (e.g. Amount or C)'),
        operation: S('sum, count, average, min or max', { enum: ['sum', 'count', 'average', 'min', 'max'] }),
        search_column: S('Only rows where this column (header or letter) …'),
        search_value: S('… equals this value'),
      },
      ['sheet_name', 'target_column', 'operation'],
    ),
    payload: obj(
      {
        value: N('The aggregate now', { nullable: true }),
        previous_value: N('The aggregate before', { nullable: true }),
        operation: S('Operation'),
        target_column: S('Column'),
        rows_matched: { type: 'integer' },
      },
      ['operation'],
    ),
    args: (c) => ({ spreadsheetId: c.spreadsheet_id, range: c.sheet_name }),
    itemsAt: '',
    items: (data, c) => {
      const rows = valuesOf(data);
      if (!rows) return undefined;
      const [header = [], ...body] = rows;
      const t = colIndex(header, c.target_column);
      const s = c.search_column ? colIndex(header, c.search_column) : -1;
      const sel = body.filter((r) => s < 0 || String(r[s] ?? '') === String(c.search_value ?? ''));
      const nums = sel.map((r) => Number(r[t])).filter((n) => t >= 0 && Number.isFinite(n));
      const op = String(c.operation);
      const value =
        op === 'count'
          ? sel.filter((r) => t >= 0 && r[t] !== undefined && r[t] !== '').length
          : !nums.length
            ? null
            : op === 'sum'
              ? nums.reduce((a, b) => a + b, 0)
              : op === 'average'
                ? nums.reduce((a, b) => a + b, 0) / nums.length
                : op === 'min'
                  ? Math.min(...nums)
                  : Math.max(...nums);
      return [{ value, rows: sel.length }];
    },
    key: () => 'aggregate',
    watch: { fingerprint: (i) => i.value, keep: (i) => ({ value: i.value }), on: ['changed'] },
    map: (i, c, ch) => ({
      value: i.value,
      previous_value: ch?.previous?.value ?? null,
      operation: c.operation,
      target_column: c.target_column,
      rows_matched: i.rows,
    }),
  },
  {
    slug: 'GOOGLESHEETS_CELL_RANGE_VALUES_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Cell range values changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_VALUES_GET',
    description: 'Fires when any value in an A1 range (one cell or many) changes.',
    config: spreadsheetCfg({ range: S('A1 range, e.g. Sheet1!A1:D10') }, ['range']),
    payload: obj(
      {
        range: S('Range'),
        values: A('Rows of values now', { type: 'array' }),
        previous_values: A('Rows of values before', { type: 'array' }),
        changed_cells: A('A1 addresses relative to the range start (row and column numbers) that changed'),
      },
      ['values'],
    ),
    args: (c) => ({ spreadsheetId: c.spreadsheet_id, range: c.range }),
    itemsAt: '',
    items: (data) => {
      const v = valuesOf(data);
      return v ? [{ values: v }] : undefined;
    },
    key: () => 'range',
    watch: { fingerprint: (i) => i.values, keep: (i) => ({ values: i.values }), on: ['changed'] },
    map: (i, c, ch) => {
      const now = i.values as unknown[][];
      const before = (ch?.previous?.values as unknown[][] | undefined) ?? [];
      const changed: { row: number; column: number; old: unknown; new: unknown }[] = [];
      for (let r = 0; r < Math.max(now.length, before.length); r++)
        for (let k = 0; k < Math.max(now[r]?.length ?? 0, before[r]?.length ?? 0); k++)
          if ((now[r]?.[k] ?? '') !== (before[r]?.[k] ?? ''))
            changed.push({ row: r + 1, column: k + 1, old: before[r]?.[k] ?? '', new: now[r]?.[k] ?? '' });
      return { range: c.range, values: now, previous_values: before, changed_cells: changed };
    },
  },
  {
    slug: 'GOOGLESHEETS_CONDITIONAL_FORMAT_RULE_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Conditional format rules changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_GET',
    description:
      'Fires when conditional formatting rules of a sheet are added, changed or removed (one event per sheet).',
    config: spreadsheetCfg(),
    payload: obj(
      {
        sheet_id: { type: 'integer' },
        sheet_title: S('Sheet title'),
        rules: A('The rules now'),
        previous_rules: A('The rules before'),
      },
      ['sheet_id'],
    ),
    args: (c) => sheetMeta(c),
    itemsAt: '',
    items: (data) =>
      sheetsOf(data)?.map((s) => ({ ...(s.properties as Item), conditionalFormats: s.conditionalFormats ?? [] })),
    key: (i) => str(i.sheetId),
    watch: {
      fingerprint: (i) => i.conditionalFormats,
      keep: (i) => ({ rules: i.conditionalFormats }),
      on: ['changed'],
    },
    map: (i, _c, ch) => ({
      sheet_id: i.sheetId,
      sheet_title: i.title,
      ...ruleDiff(i.conditionalFormats, ch?.previous?.rules),
    }),
  },
  {
    slug: 'GOOGLESHEETS_DATA_VALIDATION_RULE_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Data validation rule changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_GET',
    description:
      'Fires when a data validation rule (dropdown, allowed values, custom formula) is added to, changed on or removed from a cell; one event per cell.',
    config: spreadsheetCfg({ range: S('Only cells of this A1 range (reads the whole spreadsheet otherwise)') }),
    payload: obj(
      {
        change: S('added, changed or removed'),
        sheet_id: { type: 'integer' },
        row: { type: 'integer', description: '1-based row' },
        column: { type: 'integer', description: '1-based column' },
        rule: O('The rule now (absent when removed)'),
        previous_rule: O('The rule before'),
      },
      ['change'],
    ),
    args: (c) => sheetMeta(c, true),
    itemsAt: '',
    items: (data) => {
      const sheets = sheetsOf(data);
      if (!sheets) return undefined;
      const out: Item[] = [];
      for (const s of sheets)
        for (const g of (s.data as Item[] | undefined) ?? []) {
          const r0 = Number(g.startRow ?? 0);
          const c0 = Number(g.startColumn ?? 0);
          ((g.rowData as Item[] | undefined) ?? []).forEach((row, r) =>
            ((row.values as Item[] | undefined) ?? []).forEach((cell, k) => {
              if (cell.dataValidation)
                out.push({
                  sheet_id: get(s, 'properties.sheetId'),
                  row: r0 + r + 1,
                  column: c0 + k + 1,
                  rule: cell.dataValidation,
                });
            }),
          );
        }
      return out;
    },
    key: (i) => `${i.sheet_id}!${i.row}:${i.column}`,
    watch: { fingerprint: (i) => i.rule, keep: (i) => i, on: ['added', 'changed', 'removed'] },
    map: (i, _c, ch) => ({
      change: ch?.kind ?? 'changed',
      sheet_id: i.sheet_id,
      row: i.row,
      column: i.column,
      ...(ch?.kind === 'removed' ? {} : { rule: i.rule }),
      previous_rule: ch?.kind === 'added' ? null : (ch?.previous?.rule ?? null),
    }),
  },
  {
    slug: 'GOOGLESHEETS_DEVELOPER_METADATA_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Developer metadata changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_GET',
    description:
      'Fires when a developer metadata entry of the spreadsheet or of a sheet is created, changed or deleted.',
    config: spreadsheetCfg(),
    payload: obj(
      {
        change: S('added, changed or removed'),
        metadata_id: { type: 'integer' },
        metadata_key: S('Key'),
        metadata_value: S('Value'),
        visibility: S('DOCUMENT or PROJECT'),
        location: O('Where it is attached'),
        previous: O('The entry before'),
      },
      ['change', 'metadata_id'],
    ),
    args: (c) => sheetMeta(c),
    itemsAt: '',
    items: (data) => {
      const sheets = sheetsOf(data);
      if (!sheets) return undefined;
      const top = (get(data, 'developerMetadata') ?? get(data, 'response_data.developerMetadata') ?? []) as Item[];
      return [...top, ...sheets.flatMap((s) => (s.developerMetadata as Item[] | undefined) ?? [])];
    },
    key: (i) => str(i.metadataId),
    watch: { fingerprint: (i) => i, keep: (i) => i, on: ['added', 'changed', 'removed'] },
    map: (i, _c, ch) => ({
      change: ch?.kind ?? 'changed',
      metadata_id: i.metadataId,
      metadata_key: i.metadataKey,
      metadata_value: i.metadataValue,
      visibility: i.visibility,
      location: i.location ?? {},
      previous: ch?.kind === 'changed' ? (ch.previous ?? {}) : {},
    }),
  },
  {
    slug: 'GOOGLESHEETS_FILTERED_RANGE_VALUES_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Filtered range values changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_GET_BY_DATA_FILTER',
    description:
      'Fires when the values matched by data filters (A1 ranges, grid ranges or developer metadata lookups) change; the event carries the matched values.',
    config: spreadsheetCfg({ data_filters: A('Sheets API DataFilter objects, e.g. [{"a1Range": "Sheet1!A1:B20"}]') }, [
      'data_filters',
    ]),
    payload: obj(
      { value_ranges: A('Matched ranges with their values now'), previous_value_ranges: A('The same before') },
      ['value_ranges'],
    ),
    args: (c) => ({ spreadsheet_id: c.spreadsheet_id, data_filters: c.data_filters }),
    itemsAt: '',
    items: (data) => {
      const v = get(data, 'valueRanges') ?? get(data, 'response_data.valueRanges');
      return Array.isArray(v) || (data && typeof data === 'object') ? [{ ranges: v ?? [] }] : undefined;
    },
    key: () => 'filtered',
    watch: { fingerprint: (i) => i.ranges, keep: (i) => ({ ranges: i.ranges }), on: ['changed'] },
    map: (i, _c, ch) => ({ value_ranges: i.ranges, previous_value_ranges: ch?.previous?.ranges ?? [] }),
  },
  {
    slug: 'GOOGLESHEETS_NEW_ROWS_TRIGGER',
    toolkit: 'googlesheets',
    name: 'New rows in a sheet',
    tool: 'GOOGLESHEETS_SPREADSHEETS_VALUES_GET',
    description:
      'Fires once for each row added below the existing ones of a sheet, with the row values (and, keyed by header, when the first row is a header).',
    config: spreadsheetCfg(
      {
        sheet_name: S('Sheet (tab) name', { default: 'Sheet1' }),
        start_row: N('First data row (1-based); rows above it are the header', { default: 2 }),
      },
      [],
    ),
    payload: obj(
      {
        row_number: { type: 'integer', description: '1-based row number' },
        row_data: A('The row values', { type: 'string' }),
        values: O('The row values by header name (when start_row > 1)'),
        sheet_name: S('Sheet name'),
        spreadsheet_id: S('Spreadsheet id'),
      },
      ['row_number', 'row_data'],
    ),
    args: (c) => ({ spreadsheetId: c.spreadsheet_id, range: c.sheet_name ?? 'Sheet1' }),
    itemsAt: '',
    items: (data, c) => {
      const rows = valuesOf(data);
      if (!rows) return undefined;
      const start = Math.max(1, Number(c.start_row ?? 2));
      const header = start > 1 ? (rows[start - 2] ?? []) : [];
      const out: Item[] = [];
      rows.forEach((r, idx) => {
        if (idx + 1 >= start && r.some((v) => v !== '' && v != null)) out.push({ n: idx + 1, row: r, header });
      });
      return out.reverse();
    },
    key: (i) => str(i.n),
    stamp: (i) => Number(i.n),
    map: (i, c) => {
      const header = i.header as unknown[];
      const row = i.row as unknown[];
      return {
        row_number: i.n,
        row_data: row,
        values: Object.fromEntries(header.map((h, k) => [String(h), row[k] ?? ''])),
        sheet_name: c.sheet_name ?? 'Sheet1',
        spreadsheet_id: c.spreadsheet_id,
      };
    },
  },
  {
    slug: 'GOOGLESHEETS_NEW_SHEET_ADDED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'New sheet in a spreadsheet',
    tool: 'GOOGLESHEETS_SPREADSHEETS_GET',
    description: 'Fires once for each sheet (tab) added to a spreadsheet.',
    config: spreadsheetCfg(),
    payload: obj(
      {
        sheet_id: { type: 'integer' },
        title: S('Title'),
        index: { type: 'integer' },
        sheet_type: S('GRID, OBJECT …'),
        spreadsheet_id: S('Spreadsheet'),
      },
      ['sheet_id'],
    ),
    args: (c) => sheetMeta(c),
    itemsAt: '',
    items: (data) => sheetsOf(data)?.map((s) => (s.properties as Item) ?? {}),
    key: (i) => str(i.sheetId),
    map: (i, c) => ({
      sheet_id: i.sheetId,
      title: i.title,
      index: i.index,
      sheet_type: i.sheetType,
      spreadsheet_id: c.spreadsheet_id,
    }),
  },
  {
    slug: 'GOOGLESHEETS_NEW_SPREADSHEET_CREATED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'New spreadsheet',
    tool: 'GOOGLESHEETS_SEARCH_SPREADSHEETS',
    description: 'Fires once for each spreadsheet created in (or shared into) the Drive of the connected account.',
    config: obj({}),
    payload: file,
    args: () => ({ max_results: 100, order_by: 'createdTime desc' }),
    itemsAt: 'spreadsheets',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdTime),
    map: fileOf,
  },
  {
    slug: 'GOOGLESHEETS_SPREADSHEET_METADATA_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Spreadsheet metadata changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_GET',
    description:
      'Fires when anything in the spreadsheet metadata changes: properties, sheets, named ranges, developer metadata, data sources.',
    config: spreadsheetCfg(),
    payload: obj(
      {
        spreadsheet_id: S('Spreadsheet'),
        metadata: O('The spreadsheet resource now (no cell data)'),
        changed_sections: A('Top-level sections that changed', { type: 'string' }),
      },
      ['spreadsheet_id'],
    ),
    args: (c) => sheetMeta(c),
    itemsAt: '',
    items: self,
    key: (i) => str(i.spreadsheetId) ?? 'spreadsheet',
    watch: {
      fingerprint: (i) => pick(i, ['properties', 'sheets', 'namedRanges', 'developerMetadata', 'dataSources']),
      keep: (i) => pick(i, ['properties', 'sheets', 'namedRanges', 'developerMetadata', 'dataSources']),
      on: ['changed'],
    },
    map: (i, c, ch) => ({
      spreadsheet_id: c.spreadsheet_id,
      metadata: i,
      changed_sections: changedKeys(ch?.previous, i, [
        'properties',
        'sheets',
        'namedRanges',
        'developerMetadata',
        'dataSources',
      ]),
    }),
  },
  {
    slug: 'GOOGLESHEETS_SPREADSHEET_PROPERTIES_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Spreadsheet properties changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_GET',
    description: 'Fires when the spreadsheet title, locale, time zone or recalculation setting changes.',
    config: spreadsheetCfg(),
    payload: obj(
      {
        spreadsheet_id: S('Spreadsheet'),
        properties: O('title, locale, timeZone, autoRecalc …'),
        previous_properties: O('Before'),
        changed_fields: A('Changed properties', { type: 'string' }),
      },
      ['properties'],
    ),
    args: (c) => sheetMeta(c),
    itemsAt: '',
    items: (data) => self(data)?.map((d) => ({ properties: d.properties ?? {} })),
    key: () => 'properties',
    watch: { fingerprint: (i) => i.properties, keep: (i) => ({ properties: i.properties }), on: ['changed'] },
    map: (i, c, ch) => {
      const now = i.properties as Item;
      const before = (ch?.previous?.properties as Item | undefined) ?? {};
      return {
        spreadsheet_id: c.spreadsheet_id,
        properties: now,
        previous_properties: before,
        changed_fields: changedKeys(before, now, [...new Set([...Object.keys(now), ...Object.keys(before)])]),
      };
    },
  },
  {
    slug: 'GOOGLESHEETS_SPREADSHEET_ROW_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Looked-up row changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_VALUES_GET',
    description:
      'Watches the first row of a range in which a cell equals query (optionally in one column): fires when that row appears, changes or disappears.',
    config: spreadsheetCfg(
      {
        range: S('A1 range to search, e.g. Sheet1!A:F'),
        query: S('Value a cell of the row must equal'),
        column: S('Only match in this column (letter relative to the range, or header name)'),
      },
      ['range', 'query'],
    ),
    payload: obj(
      {
        change: S('appeared, changed or disappeared'),
        row_number: { type: 'integer', description: '1-based position in the range' },
        row_data: A('The row now', { type: 'string' }),
        previous_row_data: A('The row before', { type: 'string' }),
      },
      ['change'],
    ),
    args: (c) => ({ spreadsheetId: c.spreadsheet_id, range: c.range }),
    itemsAt: '',
    items: (data, c) => {
      const rows = valuesOf(data);
      if (!rows) return undefined;
      const col = c.column ? colIndex(rows[0] ?? [], c.column) : -1;
      const idx = rows.findIndex((r) =>
        col >= 0 ? String(r[col] ?? '') === String(c.query) : r.some((v) => String(v ?? '') === String(c.query)),
      );
      return idx < 0 ? [] : [{ n: idx + 1, row: rows[idx] }];
    },
    key: () => 'row',
    watch: { fingerprint: (i) => i, keep: (i) => i, on: ['added', 'changed', 'removed'] },
    map: (i, _c, ch) => ({
      change: ch?.kind === 'added' ? 'appeared' : ch?.kind === 'removed' ? 'disappeared' : 'changed',
      row_number: i.n,
      row_data: ch?.kind === 'removed' ? [] : i.row,
      previous_row_data: ch?.kind === 'added' ? [] : (ch?.previous?.row ?? []),
    }),
  },
  {
    slug: 'GOOGLESHEETS_SPREADSHEET_SEARCH_MATCH_TRIGGER',
    toolkit: 'googlesheets',
    name: 'New spreadsheet matching a search',
    tool: 'GOOGLESHEETS_SEARCH_SPREADSHEETS',
    description:
      'Fires once for each spreadsheet that newly matches a saved search by name (or content), created or shared.',
    config: obj(
      {
        query: S('Words to search'),
        search_type: S('name or content', { enum: ['name', 'content'], default: 'name' }),
        shared_with_me: B('Only spreadsheets shared with the user'),
        starred_only: B('Only starred spreadsheets'),
      },
      ['query'],
    ),
    payload: file,
    args: (c) => ({ max_results: 100, ...pick(c, ['query', 'search_type', 'shared_with_me', 'starred_only']) }),
    itemsAt: 'spreadsheets',
    key: (i) => str(i.id),
    map: fileOf,
  },
  {
    slug: 'GOOGLESHEETS_TABLE_SCHEMA_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Table schema changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_VALUES_GET',
    description:
      "Fires when a sheet table's columns are added, removed or renamed, or the type inferred from its values (number, date, boolean, text) changes. The first row is the header.",
    config: spreadsheetCfg({ sheet_name: S('Sheet (tab) name of the table') }, ['sheet_name']),
    payload: obj(
      {
        columns: A('name and inferred type of each column now'),
        previous_columns: A('The same before'),
        added: A('Columns added', { type: 'string' }),
        removed: A('Columns removed', { type: 'string' }),
        type_changed: A('Columns whose inferred type changed', { type: 'string' }),
      },
      ['columns'],
    ),
    args: (c) => ({ spreadsheetId: c.spreadsheet_id, range: c.sheet_name }),
    itemsAt: '',
    items: (data) => {
      const rows = valuesOf(data);
      if (!rows) return undefined;
      const [header = [], ...body] = rows;
      const sample = body.slice(0, 50);
      const columns = header.map((h, k) => {
        const kinds = [...new Set(sample.map((r) => typeOf(r[k])).filter((t) => t !== 'empty'))];
        return { name: String(h), type: kinds.length === 1 ? kinds[0] : kinds.length ? 'mixed' : 'empty' };
      });
      return [{ columns }];
    },
    key: () => 'schema',
    watch: { fingerprint: (i) => i.columns, keep: (i) => ({ columns: i.columns }), on: ['changed'] },
    map: (i, _c, ch) => {
      const now = i.columns as { name: string; type: string }[];
      const before = (ch?.previous?.columns as { name: string; type: string }[] | undefined) ?? [];
      const b = new Map(before.map((x) => [x.name, x.type]));
      const n = new Set(now.map((x) => x.name));
      return {
        columns: now,
        previous_columns: before,
        added: now.filter((x) => !b.has(x.name)).map((x) => x.name),
        removed: before.filter((x) => !n.has(x.name)).map((x) => x.name),
        type_changed: now.filter((x) => b.has(x.name) && b.get(x.name) !== x.type).map((x) => x.name),
      };
    },
  },
  {
    slug: 'GOOGLESHEETS_WORKSHEET_NAMES_CHANGED_TRIGGER',
    toolkit: 'googlesheets',
    name: 'Worksheet names changed',
    tool: 'GOOGLESHEETS_SPREADSHEETS_GET',
    description: 'Fires when the set of sheet (tab) names changes: a sheet added, deleted or renamed.',
    config: spreadsheetCfg(),
    payload: obj(
      {
        sheet_names: A('Names now', { type: 'string' }),
        previous_sheet_names: A('Names before', { type: 'string' }),
        added: A('Names added', { type: 'string' }),
        removed: A('Names removed', { type: 'string' }),
      },
      ['sheet_names'],
    ),
    args: (c) => sheetMeta(c),
    itemsAt: '',
    items: (data) => {
      const s = sheetsOf(data);
      return s ? [{ names: s.map((x) => String(get(x, 'properties.title') ?? '')) }] : undefined;
    },
    key: () => 'names',
    watch: {
      fingerprint: (i) => [...(i.names as string[])].sort(),
      keep: (i) => ({ names: i.names }),
      on: ['changed'],
    },
    map: (i, _c, ch) => {
      const now = i.names as string[];
      const before = (ch?.previous?.names as string[] | undefined) ?? [];
      return {
        sheet_names: now,
        previous_sheet_names: before,
        added: now.filter((x) => !before.includes(x)),
        removed: before.filter((x) => !now.includes(x)),
      };
    },
  },

  // ---- Google Docs
  ...(['GOOGLEDOCS_DOCUMENT_CREATED_TRIGGER', 'GOOGLEDOCS_PAGE_ADDED_TRIGGER'] as const).map(
    (slug): PollTypeDef => ({
      slug,
      toolkit: 'googledocs',
      name: slug === 'GOOGLEDOCS_PAGE_ADDED_TRIGGER' ? 'New document added' : 'New document',
      tool: 'GOOGLEDOCS_SEARCH_DOCUMENTS',
      description:
        'Fires once for each Google Doc created in (or newly shared into) the Drive of the connected account.',
      config: obj({}),
      payload: file,
      args: () => ({ max_results: 100, order_by: 'createdTime desc' }),
      itemsAt: 'documents',
      key: (i) => str(i.id),
      stamp: (i) => str(i.createdTime),
      map: fileOf,
    }),
  ),
  {
    slug: 'GOOGLEDOCS_DOCUMENT_DELETED_TRIGGER',
    toolkit: 'googledocs',
    name: 'Document deleted',
    tool: 'GOOGLEDOCS_SEARCH_DOCUMENTS',
    description:
      "Fires when a Google Doc of the connected account's Drive is moved to the trash or deleted (among its 500 most recently changed documents).",
    config: obj({}),
    payload: obj({ id: S('Document id'), name: S('Name'), web_view_link: S('Link') }, ['id']),
    args: () => ({ max_results: 500, order_by: 'modifiedTime desc' }),
    itemsAt: 'documents',
    key: (i) => str(i.id),
    watch: { fingerprint: () => 1, keep: (i) => pick(i, ['id', 'name', 'webViewLink']), on: ['removed'] },
    map: (i) => ({ id: i.id, name: i.name, web_view_link: i.webViewLink }),
  },
  {
    slug: 'GOOGLEDOCS_DOCUMENT_PLACEHOLDER_FILLED_TRIGGER',
    toolkit: 'googledocs',
    name: 'Document placeholder filled',
    tool: 'GOOGLEDOCS_GET_DOCUMENT_PLAINTEXT',
    description:
      "Fires when a placeholder (text, or a regular expression) that was in a document's text is no longer there: the document has been filled in.",
    config: obj(
      {
        document_id: docId,
        placeholder: S('Placeholder text, e.g. {{NAME}}'),
        is_regex: B('placeholder is a regular expression', false),
      },
      ['document_id', 'placeholder'],
    ),
    payload: obj(
      { document_id: S('Document'), placeholder: S('Placeholder'), text_preview: S('First 500 characters now') },
      ['document_id'],
    ),
    args: (c) => ({ document_id: c.document_id }),
    itemsAt: '',
    items: (data, c) => {
      if (!data || typeof data !== 'object') return undefined;
      const text = plain(data);
      let present: boolean;
      try {
        present = c.is_regex ? new RegExp(String(c.placeholder)).test(text) : text.includes(String(c.placeholder));
      } catch {
        present = text.includes(String(c.placeholder));
      }
      return [{ present, preview: text.slice(0, 500) }];
    },
    key: () => 'placeholder',
    watch: { fingerprint: (i) => i.present, on: ['changed'] },
    filter: (i) => i.present === false,
    map: (i, c) => ({ document_id: c.document_id, placeholder: c.placeholder, text_preview: i.preview }),
  },
  {
    slug: 'GOOGLEDOCS_DOCUMENT_SEARCH_UPDATE_TRIGGER',
    toolkit: 'googledocs',
    name: 'Document matching a search created or updated',
    tool: 'GOOGLEDOCS_SEARCH_DOCUMENTS',
    description: 'Fires when a Google Doc matching a search (name, or content) is created or changed.',
    config: obj({ query: S('Words to search'), search_in_content: B('Search the text too', false) }, ['query']),
    payload: file,
    args: (c, cur) => ({
      query: c.query,
      search_in_content: !!c.search_in_content,
      max_results: 100,
      order_by: 'modifiedTime desc',
      ...(typeof cur.watermark === 'number' ? { modified_after: new Date(cur.watermark - 60_000).toISOString() } : {}),
    }),
    itemsAt: 'documents',
    key: (i) => `${i.id}@${i.modifiedTime}`,
    stamp: (i) => str(i.modifiedTime),
    map: fileOf,
  },
  {
    slug: 'GOOGLEDOCS_DOCUMENT_STRUCTURE_CHANGED_TRIGGER',
    toolkit: 'googledocs',
    name: 'Document structure changed',
    tool: 'GOOGLEDOCS_DOCUMENTS_GET',
    description:
      'Fires when headers, footers, tables, inline images, positioned objects or footnotes are added to or removed from a document.',
    config: obj({ document_id: docId }, ['document_id']),
    payload: obj(
      {
        document_id: S('Document'),
        counts: O('headers, footers, tables, inline_objects, positioned_objects, footnotes now'),
        previous_counts: O('The same before'),
        changed: A('What changed', { type: 'string' }),
      },
      ['counts'],
    ),
    args: (c) => ({ documentId: c.document_id }),
    itemsAt: '',
    items: (data) =>
      self(data)?.map((d) => {
        const content = (get(d, 'body.content') as Item[] | undefined) ?? [];
        const n = (o: unknown) => (o && typeof o === 'object' ? Object.keys(o).length : 0);
        return {
          headers: n(d.headers),
          footers: n(d.footers),
          tables: content.filter((e) => e.table).length,
          inline_objects: n(d.inlineObjects),
          positioned_objects: n(d.positionedObjects),
          footnotes: n(d.footnotes),
        };
      }),
    key: () => 'structure',
    watch: { fingerprint: (i) => i, keep: (i) => i, on: ['changed'] },
    map: (i, c, ch) => ({
      document_id: c.document_id,
      counts: i,
      previous_counts: ch?.previous ?? {},
      changed: changedKeys(ch?.previous, i, Object.keys(i)),
    }),
  },
  {
    slug: 'GOOGLEDOCS_DOCUMENT_UPDATED_TRIGGER',
    toolkit: 'googledocs',
    name: 'Document updated',
    tool: 'GOOGLEDOCS_SEARCH_DOCUMENTS',
    description:
      'Fires when an existing Google Doc is edited (each new modification time is one event; creation does not fire).',
    config: obj({}),
    payload: file,
    args: (_c, cur) => ({
      max_results: 100,
      order_by: 'modifiedTime desc',
      ...(typeof cur.watermark === 'number' ? { modified_after: new Date(cur.watermark - 60_000).toISOString() } : {}),
    }),
    itemsAt: 'documents',
    key: (i) => `${i.id}@${i.modifiedTime}`,
    stamp: (i) => str(i.modifiedTime),
    filter: modifiedAfterCreate,
    map: fileOf,
  },
  {
    slug: 'GOOGLEDOCS_DOCUMENT_WORD_COUNT_THRESHOLD_TRIGGER',
    toolkit: 'googledocs',
    name: 'Document word count threshold',
    tool: 'GOOGLEDOCS_GET_DOCUMENT_PLAINTEXT',
    description:
      "Fires when a document's word (or character) count reaches a threshold; again only after it drops below and reaches it anew.",
    config: obj(
      {
        document_id: docId,
        threshold: N('Count to reach', { minimum: 1 }),
        count_type: S('words or characters', { enum: ['words', 'characters'], default: 'words' }),
      },
      ['document_id', 'threshold'],
    ),
    payload: obj(
      {
        document_id: S('Document'),
        count: { type: 'integer' },
        count_type: S('words or characters'),
        threshold: N('Threshold'),
      },
      ['count'],
    ),
    args: (c) => ({ document_id: c.document_id }),
    itemsAt: '',
    items: (data, c) => {
      if (!data || typeof data !== 'object') return undefined;
      const text = plain(data);
      const count = c.count_type === 'characters' ? text.length : words(text);
      return count >= Number(c.threshold) ? [{ count }] : [];
    },
    key: () => 'reached',
    watch: { fingerprint: () => 1, on: ['added'] },
    map: (i, c) => ({
      document_id: c.document_id,
      count: i.count,
      count_type: c.count_type ?? 'words',
      threshold: c.threshold,
    }),
  },
  {
    slug: 'GOOGLEDOCS_KEYWORD_DETECTED_TRIGGER',
    toolkit: 'googledocs',
    name: 'Keyword detected in a document',
    tool: 'GOOGLEDOCS_GET_DOCUMENT_PLAINTEXT',
    description: 'Fires when a keyword or phrase appears in a document; again only after it has gone and comes back.',
    config: obj({ document_id: docId, keyword: S('Keyword or phrase'), case_sensitive: B('Match case', false) }, [
      'document_id',
      'keyword',
    ]),
    payload: obj(
      {
        document_id: S('Document'),
        keyword: S('Keyword'),
        occurrences: { type: 'integer' },
        context: S('Text around the first occurrence'),
      },
      ['keyword'],
    ),
    args: (c) => ({ document_id: c.document_id }),
    itemsAt: '',
    items: (data, c) => {
      if (!data || typeof data !== 'object') return undefined;
      const text = plain(data);
      const hay = c.case_sensitive ? text : text.toLowerCase();
      const needle = c.case_sensitive ? String(c.keyword) : String(c.keyword).toLowerCase();
      const at = hay.indexOf(needle);
      if (!needle || at < 0) return [];
      return [
        {
          occurrences: hay.split(needle).length - 1,
          context: text.slice(Math.max(0, at - 80), at + needle.length + 80),
        },
      ];
    },
    key: () => 'found',
    watch: { fingerprint: () => 1, on: ['added'] },
    map: (i, c) => ({ document_id: c.document_id, keyword: c.keyword, occurrences: i.occurrences, context: i.context }),
  },

  // ---- Google Drive
  {
    slug: 'GOOGLEDRIVE_COMMENT_ADDED_TRIGGER',
    toolkit: 'googledrive',
    name: 'New comment on a file',
    tool: 'GOOGLEDRIVE_LIST_COMMENTS',
    description: 'Fires once for each new comment on a Google Doc, Sheet or Slides file (replies are in the comment).',
    config: obj({ file_id: S('File id') }, ['file_id']),
    payload: obj(
      {
        id: S('Comment id'),
        content: S('Text'),
        author: O('displayName, emailAddress'),
        created_time: S('Created'),
        quoted_file_content: O('The text commented on'),
        resolved: B('Resolved'),
        file_id: S('File'),
      },
      ['id'],
    ),
    args: (c) => ({ file_id: c.file_id, page_size: 100 }),
    itemsAt: 'comments',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdTime),
    filter: (i) => !i.deleted,
    map: (i, c) => ({
      id: i.id,
      content: i.content,
      author: i.author ?? {},
      created_time: i.createdTime,
      quoted_file_content: i.quotedFileContent ?? {},
      resolved: !!i.resolved,
      file_id: c.file_id,
    }),
  },
  {
    slug: 'GOOGLEDRIVE_FILE_DELETED_OR_TRASHED_TRIGGER',
    toolkit: 'googledrive',
    name: 'File trashed',
    tool: 'GOOGLEDRIVE_FIND_FILE',
    description: 'Fires once for each file or folder moved to the trash (optionally only from one folder).',
    config: obj({ folder_id: S('Only items of this folder') }),
    payload: file,
    args: (c) =>
      findArgs(
        ['trashed = true', c.folder_id ? `'${quote(c.folder_id)}' in parents` : ''].filter(Boolean).join(' and '),
        'modifiedTime desc',
        { include_trashed: true },
      ),
    itemsAt: 'files',
    key: (i) => str(i.id),
    map: fileOf,
  },
  {
    slug: 'GOOGLEDRIVE_FILE_SHARED_PERMISSIONS_ADDED',
    toolkit: 'googledrive',
    name: 'File shared',
    tool: 'GOOGLEDRIVE_LIST_PERMISSIONS',
    description:
      'Fires once for each new sharing permission granted on a file or folder (a user, group, domain or anyone with the link).',
    config: obj({ file_id: S('File or folder id') }, ['file_id']),
    payload: obj(
      {
        file_id: S('File'),
        permission_id: S('Permission id'),
        type: S('user, group, domain or anyone'),
        role: S('reader, commenter, writer …'),
        email_address: S('Who, for users and groups'),
        domain: S('Domain'),
        display_name: S('Name'),
      },
      ['permission_id'],
    ),
    // Drive's permission tools take Google's camelCase names, as the hosted tools spell them
    args: (c) => ({ fileId: c.file_id, pageSize: 100 }),
    itemsAt: 'permissions',
    key: (i) => `${i.id}:${i.role}`,
    map: (i, c) => ({
      file_id: c.file_id,
      permission_id: i.id,
      type: i.type,
      role: i.role,
      email_address: i.emailAddress,
      domain: i.domain,
      display_name: i.displayName,
    }),
  },
  {
    slug: 'GOOGLEDRIVE_FILE_UPDATED_TRIGGER',
    toolkit: 'googledrive',
    name: 'File updated',
    tool: 'GOOGLEDRIVE_FIND_FILE',
    description:
      "Fires when an existing file's content or metadata changes (each new modification time is one event; creation does not fire).",
    config: obj({ folder_id: S('Only files of this folder') }),
    payload: file,
    args: (c, cur) =>
      findArgs(
        [
          c.folder_id ? `'${quote(c.folder_id)}' in parents` : '',
          typeof cur.watermark === 'number' ? `modifiedTime > '${new Date(cur.watermark - 60_000).toISOString()}'` : '',
        ]
          .filter(Boolean)
          .join(' and '),
        'modifiedTime desc',
      ),
    itemsAt: 'files',
    key: (i) => `${i.id}@${i.modifiedTime}`,
    stamp: (i) => str(i.modifiedTime),
    filter: modifiedAfterCreate,
    map: fileOf,
  },
  {
    slug: 'GOOGLEDRIVE_GOOGLE_DRIVE_CHANGES',
    toolkit: 'googledrive',
    name: 'Drive changes',
    tool: 'GOOGLEDRIVE_FIND_FILE',
    description: 'Fires for each file created or changed in the Drive (each new modification time is one event).',
    config: obj({}),
    payload: file,
    args: (_c, cur) =>
      findArgs(
        typeof cur.watermark === 'number' ? `modifiedTime > '${new Date(cur.watermark - 60_000).toISOString()}'` : '',
        'modifiedTime desc',
      ),
    itemsAt: 'files',
    key: (i) => `${i.id}@${i.modifiedTime}`,
    stamp: (i) => str(i.modifiedTime),
    map: fileOf,
  },
  {
    slug: 'GOOGLEDRIVE_NEW_FILE_MATCHING_QUERY_TRIGGER',
    toolkit: 'googledrive',
    name: 'New file matching a query',
    tool: 'GOOGLEDRIVE_FIND_FILE',
    description:
      "Fires once for each new file that matches a Drive search query (Drive's q syntax, e.g. mimeType = 'application/pdf').",
    config: obj({ query: S("Drive query, e.g. name contains 'invoice'") }, ['query']),
    payload: file,
    args: (c) => findArgs(String(c.query), 'createdTime desc'),
    itemsAt: 'files',
    key: (i) => str(i.id),
    stamp: (i) => str(i.createdTime),
    map: fileOf,
  },

  // ---- Google Calendar
  {
    slug: 'GOOGLECALENDAR_ATTENDEE_RESPONSE_CHANGED_TRIGGER',
    toolkit: 'googlecalendar',
    name: 'Attendee response changed',
    tool: 'GOOGLECALENDAR_EVENTS_LIST',
    description:
      "Fires when an attendee's RSVP of an event changes to accepted, declined or tentative; one event per attendee.",
    config: obj({ calendarId: S('Calendar id', { default: 'primary' }) }),
    payload: obj(
      {
        event_id: S('Event'),
        summary: S('Title'),
        attendee_email: S('Attendee'),
        display_name: S('Name'),
        response_status: S('accepted, declined or tentative'),
        previous_response_status: S('Before', { nullable: true }),
        start: O('Start'),
      },
      ['event_id', 'attendee_email'],
    ),
    args: (c, cur) => ({
      calendarId: c.calendarId ?? 'primary',
      singleEvents: true,
      maxResults: 250,
      orderBy: 'updated',
      ...(typeof cur.watermark === 'number' ? { updatedMin: new Date(cur.watermark - 60_000).toISOString() } : {}),
    }),
    itemsAt: '',
    items: (data) => {
      const ev = (get(data, 'items') ?? get(data, 'response_data.items')) as Item[] | undefined;
      if (!Array.isArray(ev)) return undefined;
      return ev.flatMap((e) =>
        ((e.attendees as Item[] | undefined) ?? []).map((a) => ({
          event: pick(e, ['id', 'summary', 'start', 'updated']),
          attendee: a,
        })),
      );
    },
    key: (i) => `${get(i, 'event.id')}/${get(i, 'attendee.email')}`,
    stamp: (i) => str(get(i, 'event.updated')),
    watch: {
      fingerprint: (i) => get(i, 'attendee.responseStatus'),
      keep: (i) => ({ status: get(i, 'attendee.responseStatus') }),
      on: ['changed'],
      partial: true,
    },
    filter: (i) => ['accepted', 'declined', 'tentative'].includes(String(get(i, 'attendee.responseStatus'))),
    map: (i, _c, ch) => ({
      event_id: get(i, 'event.id'),
      summary: get(i, 'event.summary'),
      attendee_email: get(i, 'attendee.email'),
      display_name: get(i, 'attendee.displayName'),
      response_status: get(i, 'attendee.responseStatus'),
      previous_response_status: ch?.previous?.status ?? null,
      start: get(i, 'event.start') ?? {},
    }),
  },
  {
    slug: 'GOOGLECALENDAR_EVENT_CANCELED_DELETED_TRIGGER',
    toolkit: 'googlecalendar',
    name: 'Event cancelled or deleted',
    tool: 'GOOGLECALENDAR_EVENTS_LIST',
    description: 'Fires once for each event of the calendar that is cancelled or deleted.',
    config: obj({ calendarId: S('Calendar id', { default: 'primary' }) }),
    payload: obj(
      {
        event_id: S('Event'),
        summary: S('Title, when still known'),
        cancelled_at: S("When (the event's last update)"),
      },
      ['event_id'],
    ),
    args: (c, cur) => ({
      calendarId: c.calendarId ?? 'primary',
      showDeleted: true,
      singleEvents: true,
      orderBy: 'updated',
      maxResults: 250,
      ...(typeof cur.watermark === 'number' ? { updatedMin: new Date(cur.watermark - 60_000).toISOString() } : {}),
    }),
    itemsAt: 'items',
    key: (i) => `${i.id}:${i.status}`,
    stamp: (i) => str(i.updated),
    filter: (i) => i.status === 'cancelled',
    map: (i) => ({ event_id: i.id, summary: i.summary, cancelled_at: i.updated }),
  },
  {
    slug: 'GOOGLECALENDAR_EVENT_STARTING_SOON_TRIGGER',
    toolkit: 'googlecalendar',
    name: 'Event starting soon',
    tool: 'GOOGLECALENDAR_EVENTS_LIST',
    description:
      'Fires once for each event when it is at most minutes_before minutes from starting, with its attendees and join link.',
    config: obj({
      calendarId: S('Calendar id', { default: 'primary' }),
      minutes_before: N('Minutes before the start', { default: 15, minimum: 1 }),
    }),
    payload: obj(
      {
        event_id: S('Event'),
        summary: S('Title'),
        start: O('Start'),
        end: O('End'),
        minutes_until_start: N('Minutes left'),
        attendees: A('Attendees'),
        hangout_link: S('Meet link'),
        html_link: S('Event link'),
      },
      ['event_id'],
    ),
    args: (c) => ({
      calendarId: c.calendarId ?? 'primary',
      singleEvents: true,
      orderBy: 'startTime',
      timeMin: new Date().toISOString(),
      timeMax: new Date(Date.now() + Number(c.minutes_before ?? 15) * 60_000).toISOString(),
      maxResults: 50,
    }),
    itemsAt: 'items',
    key: (i) => `${i.id}@${get(i, 'start.dateTime') ?? get(i, 'start.date')}`,
    filter: (i) => i.status !== 'cancelled',
    map: (i) => ({
      event_id: i.id,
      summary: i.summary,
      start: i.start ?? {},
      end: i.end ?? {},
      minutes_until_start: Math.max(
        0,
        Math.round((Date.parse(String(get(i, 'start.dateTime') ?? get(i, 'start.date'))) - Date.now()) / 60_000),
      ),
      attendees: i.attendees ?? [],
      hangout_link: i.hangoutLink,
      html_link: i.htmlLink,
    }),
  },
  {
    slug: 'GOOGLECALENDAR_GOOGLE_CALENDAR_EVENT_CREATED_TRIGGER',
    toolkit: 'googlecalendar',
    name: 'Event created',
    tool: 'GOOGLECALENDAR_EVENTS_LIST',
    description: 'Fires once for each event created in the calendar.',
    config: obj({ calendarId: S('Calendar id', { default: 'primary' }) }),
    payload: obj(
      {
        event_id: S('Event'),
        summary: S('Title'),
        start: O('Start'),
        end: O('End'),
        organizer: O('Organizer'),
        html_link: S('Link'),
        created: S('Created'),
      },
      ['event_id'],
    ),
    args: (c, cur) => ({
      calendarId: c.calendarId ?? 'primary',
      singleEvents: true,
      orderBy: 'updated',
      maxResults: 250,
      ...(typeof cur.watermark === 'number' ? { updatedMin: new Date(cur.watermark - 60_000).toISOString() } : {}),
    }),
    itemsAt: 'items',
    key: (i) => str(i.id),
    stamp: (i) => str(i.created),
    filter: (i) => i.status !== 'cancelled',
    map: (i) => ({
      event_id: i.id,
      summary: i.summary,
      start: i.start ?? {},
      end: i.end ?? {},
      organizer: i.organizer ?? {},
      html_link: i.htmlLink,
      created: i.created,
    }),
  },
  {
    slug: 'GOOGLECALENDAR_GOOGLE_CALENDAR_EVENT_UPDATED_TRIGGER',
    toolkit: 'googlecalendar',
    name: 'Event updated',
    tool: 'GOOGLECALENDAR_EVENTS_LIST',
    description:
      'Fires when an existing event changes, with the fields that changed and their previous values when Junction saw them before.',
    config: obj({ calendarId: S('Calendar id', { default: 'primary' }) }),
    payload: obj(
      {
        event_id: S('Event'),
        change_type: S('updated'),
        changed_fields: A('Fields that changed', { type: 'string' }),
        previous_values: O('Their values before'),
        new_values: O('Their values now'),
        event: O('The event now'),
      },
      ['event_id'],
    ),
    args: (c, cur) => ({
      calendarId: c.calendarId ?? 'primary',
      singleEvents: true,
      orderBy: 'updated',
      maxResults: 250,
      ...(typeof cur.watermark === 'number' ? { updatedMin: new Date(cur.watermark - 60_000).toISOString() } : {}),
    }),
    itemsAt: 'items',
    key: (i) => str(i.id),
    stamp: (i) => str(i.updated),
    watch: {
      fingerprint: (i) => i.updated,
      keep: (i) => pick(i, ['summary', 'description', 'location', 'start', 'end', 'status', 'attendees', 'recurrence']),
      on: ['added', 'changed'],
      partial: true,
    },
    // an identity first seen is an update only if the event is older than this change
    filter: (i) =>
      i.status !== 'cancelled' && !!i.created && Date.parse(String(i.updated)) - Date.parse(String(i.created)) > 2000,
    map: (i, _c, ch) => {
      const fields = ['summary', 'description', 'location', 'start', 'end', 'status', 'attendees', 'recurrence'];
      const changed = ch?.previous ? changedKeys(ch.previous, i, fields) : [];
      return {
        event_id: i.id,
        change_type: 'updated',
        changed_fields: changed,
        previous_values: ch?.previous ? pick(ch.previous, changed) : {},
        new_values: pick(i, changed),
        event: i,
      };
    },
  },

  // ---- Google Tasks
  {
    slug: 'GOOGLETASKS_NEW_TASK_LIST_CREATED_TRIGGER',
    toolkit: 'googletasks',
    name: 'New task list',
    tool: 'GOOGLETASKS_TASKLISTS_LIST',
    description: 'Fires once for each task list created.',
    config: obj({}),
    payload: obj({ id: S('Task list id'), title: S('Title'), updated: S('Updated') }, ['id']),
    args: () => ({ maxResults: 100 }),
    itemsAt: 'items',
    key: (i) => str(i.id),
    map: (i) => pick(i, ['id', 'title', 'updated', 'selfLink']),
  },
  {
    slug: 'GOOGLETASKS_TASK_DETAILS_CHANGED_TRIGGER',
    toolkit: 'googletasks',
    name: 'Task details changed',
    tool: 'GOOGLETASKS_TASKS_GET',
    description: 'Fires when one task changes: title, notes, status, due date, completion or position.',
    config: obj({ tasklist: S('Task list id', { default: '@default' }), task: S('Task id') }, ['task']),
    payload: obj(
      {
        task: O('The task now'),
        changed_fields: A('Fields that changed', { type: 'string' }),
        previous: O('Their values before'),
      },
      ['task'],
    ),
    args: (c) => ({ tasklist: c.tasklist ?? '@default', task: c.task }),
    itemsAt: '',
    items: self,
    key: (i) => str(i.id),
    watch: {
      fingerprint: (i) => pick(i, ['title', 'notes', 'status', 'due', 'completed', 'position', 'parent']),
      keep: (i) => pick(i, ['title', 'notes', 'status', 'due', 'completed', 'position', 'parent']),
      on: ['changed'],
    },
    map: (i, _c, ch) => ({
      task: i,
      changed_fields: changedKeys(ch?.previous, i, [
        'title',
        'notes',
        'status',
        'due',
        'completed',
        'position',
        'parent',
      ]),
      previous: ch?.previous ?? {},
    }),
  },
  {
    slug: 'GOOGLETASKS_TASK_LIST_CHANGED_TRIGGER',
    toolkit: 'googletasks',
    name: 'Task list changed',
    tool: 'GOOGLETASKS_TASKS_LIST',
    description:
      'Fires when the tasks of a list change: a task added, edited, completed or removed (one event per poll that saw changes).',
    config: obj({ tasklist: S('Task list id', { default: '@default' }) }),
    payload: obj(
      {
        tasklist: S('Task list'),
        task_count: { type: 'integer' },
        tasks: A('The tasks now (id, title, status, due, updated)'),
      },
      ['tasklist'],
    ),
    args: (c) => ({ tasklist: c.tasklist ?? '@default', maxResults: 100, showCompleted: true, showHidden: true }),
    itemsAt: '',
    items: (data) => {
      const v = get(data, 'items') ?? get(data, 'response_data.items') ?? [];
      return Array.isArray(v) && data && typeof data === 'object'
        ? [{ tasks: (v as Item[]).map((t) => pick(t, ['id', 'title', 'status', 'due', 'updated', 'notes'])) }]
        : undefined;
    },
    key: () => 'list',
    watch: { fingerprint: (i) => i.tasks, on: ['changed'] },
    map: (i, c) => ({ tasklist: c.tasklist ?? '@default', task_count: (i.tasks as Item[]).length, tasks: i.tasks }),
  },
  {
    slug: 'GOOGLETASKS_TASK_UPDATED_TRIGGER',
    toolkit: 'googletasks',
    name: 'Task updated',
    tool: 'GOOGLETASKS_TASKS_LIST',
    description: 'Fires when an existing task of a list is modified (each change of `updated` is one event).',
    config: obj({ tasklist: S('Task list id', { default: '@default' }) }),
    payload: obj(
      {
        id: S('Task id'),
        title: S('Title'),
        notes: S('Notes'),
        status: S('needsAction or completed'),
        due: S('Due'),
        completed: S('Completed'),
        updated: S('Updated'),
      },
      ['id'],
    ),
    args: (c) => ({ tasklist: c.tasklist ?? '@default', maxResults: 100, showCompleted: true, showHidden: true }),
    itemsAt: 'items',
    key: (i) => str(i.id),
    watch: { fingerprint: (i) => i.updated, on: ['changed'] },
    map: (i) => pick(i, ['id', 'title', 'notes', 'status', 'due', 'completed', 'updated']),
  },

  // ---- YouTube
  {
    slug: 'YOUTUBE_NEW_ACTIVITY_TRIGGER',
    toolkit: 'youtube',
    name: 'New channel activity',
    tool: 'YOUTUBE_ACTIVITIES_LIST',
    description:
      "Fires once for each new activity of a channel (upload, playlist item, like …); the connected account's channel unless channel_id is given.",
    config: obj({ channel_id: S("Channel id (UC…); the connected account's channel when empty") }),
    payload: obj(
      {
        id: S('Activity id'),
        type: S('upload, like, playlistItem …'),
        title: S('Title'),
        published_at: S('When'),
        channel_id: S('Channel'),
        content_details: O('What it refers to'),
      },
      ['id'],
    ),
    args: (c) => ({
      part: ['snippet', 'contentDetails'],
      maxResults: 50,
      ...(c.channel_id ? { channelId: c.channel_id } : { mine: true }),
    }),
    itemsAt: 'items',
    key: (i) => str(i.id),
    stamp: (i) => str(get(i, 'snippet.publishedAt')),
    map: (i) => ({
      id: i.id,
      type: get(i, 'snippet.type'),
      title: get(i, 'snippet.title'),
      published_at: get(i, 'snippet.publishedAt'),
      channel_id: get(i, 'snippet.channelId'),
      content_details: i.contentDetails ?? {},
    }),
  },
  {
    slug: 'YOUTUBE_NEW_PLAYLIST_ITEM_TRIGGER',
    toolkit: 'youtube',
    name: 'New item in a playlist',
    tool: 'YOUTUBE_PLAYLIST_ITEMS_LIST',
    description: 'Fires once for each video added to a playlist.',
    config: obj({ playlist_id: S('Playlist id (PL…)') }, ['playlist_id']),
    payload: obj(
      {
        id: S('Playlist item id'),
        video_id: S('Video'),
        title: S('Title'),
        position: { type: 'integer' },
        published_at: S('Added'),
        playlist_id: S('Playlist'),
      },
      ['id'],
    ),
    args: (c) => ({ part: ['snippet', 'contentDetails'], playlistId: c.playlist_id, maxResults: 50 }),
    itemsAt: 'items',
    key: (i) => str(i.id),
    map: (i, c) => ({
      id: i.id,
      video_id: get(i, 'contentDetails.videoId') ?? get(i, 'snippet.resourceId.videoId'),
      title: get(i, 'snippet.title'),
      position: get(i, 'snippet.position'),
      published_at: get(i, 'snippet.publishedAt'),
      playlist_id: c.playlist_id,
    }),
  },
  {
    slug: 'YOUTUBE_NEW_PLAYLIST_TRIGGER',
    toolkit: 'youtube',
    name: 'New playlist in a channel',
    tool: 'YOUTUBE_PLAYLISTS_LIST',
    description:
      "Fires once for each playlist created in a channel; the connected account's channel unless channel_id is given.",
    config: obj({ channel_id: S("Channel id; the connected account's channel when empty") }),
    payload: obj(
      {
        id: S('Playlist id'),
        title: S('Title'),
        description: S('Description'),
        published_at: S('Created'),
        channel_id: S('Channel'),
      },
      ['id'],
    ),
    args: (c) => ({
      part: ['snippet'],
      maxResults: 50,
      ...(c.channel_id ? { channelId: c.channel_id } : { mine: true }),
    }),
    itemsAt: 'items',
    key: (i) => str(i.id),
    map: (i) => ({
      id: i.id,
      title: get(i, 'snippet.title'),
      description: get(i, 'snippet.description'),
      published_at: get(i, 'snippet.publishedAt'),
      channel_id: get(i, 'snippet.channelId'),
    }),
  },
  {
    slug: 'YOUTUBE_NEW_SUBSCRIPTION_TRIGGER',
    toolkit: 'youtube',
    name: 'New channel subscription',
    tool: 'YOUTUBE_SUBSCRIPTIONS_LIST',
    description: 'Fires once for each channel the connected account subscribes to.',
    config: obj({}),
    payload: obj(
      {
        id: S('Subscription id'),
        channel_id: S('Channel subscribed to'),
        title: S('Channel title'),
        published_at: S('When'),
      },
      ['id'],
    ),
    args: () => ({ part: ['snippet'], mine: true, maxResults: 50, order: 'relevance' }),
    itemsAt: 'items',
    key: (i) => str(i.id),
    map: (i) => ({
      id: i.id,
      channel_id: get(i, 'snippet.resourceId.channelId'),
      title: get(i, 'snippet.title'),
      published_at: get(i, 'snippet.publishedAt'),
    }),
  },
];
