import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Google Sheets API v4 (paths under /v4 as Google serves them) holding real grids.
 * Every A1 range it receives is parsed the way Sheets reads it; one it cannot parse is answered
 * 400 "Unable to parse range", so tests see exactly which ranges reached the API.
 */
export interface FakeSheets extends FakeUpstream {
  token: string;
  books: Map<string, { title: string; sheets: { sheetId: number; title: string; grid: unknown[][] }[] }>;
  ranges: string[];
  batchRequests: unknown[][];
  add(id: string, title: string, sheets: Record<string, unknown[][]>): void;
}

const colIdx = (l: string) => [...l.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/** Sheets' own reading of an A1 range: sheet (quoted or bare), then cells; null when it cannot parse. */
export function parseRange(range: string): { sheet?: string; r0: number; c0: number; r1?: number; c1?: number } | null {
  const m = /^(?:(?:'((?:[^']|'')+)'|([^'!]+))!)?(?:([A-Z]{1,3})?(\d+)?(?::([A-Z]{1,3})?(\d+)?)?)$/.exec(range);
  if (!m) {
    const quoted = /^'((?:[^']|'')+)'$/.exec(range);
    if (quoted) return { sheet: quoted[1]!.replace(/''/g, "'"), r0: 0, c0: 0 };
    return /^[^!:']+$/.test(range) ? { sheet: range, r0: 0, c0: 0 } : null;
  }
  const [, q, bare, ca, ra, cb, rb] = m;
  const sheet = q ? q.replace(/''/g, "'") : bare;
  if (!ca && !ra) return sheet ? { sheet, r0: 0, c0: 0 } : null;
  if (ra === '0' || rb === '0') return null;
  return {
    sheet,
    r0: ra ? Number(ra) - 1 : 0,
    c0: ca ? colIdx(ca) : 0,
    r1: rb ? Number(rb) : !cb && !rb ? (ra ? Number(ra) : undefined) : undefined,
    c1: cb ? colIdx(cb) + 1 : !cb && !rb ? (ca ? colIdx(ca) + 1 : undefined) : undefined,
  };
}

export async function startFakeSheets(token = 'ya29.sheets'): Promise<FakeSheets> {
  const up = await startFakeUpstream();
  const f = up as FakeSheets;
  f.token = token;
  f.books = new Map();
  f.ranges = [];
  f.batchRequests = [];
  let nextId = 1;
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${token}`;
  const unauth = {
    status: 401,
    json: { error: { code: 401, message: 'Request had invalid authentication credentials.' } },
  };
  const err = (code: number, message: string) => ({
    status: code,
    json: { error: { code, message, status: code === 400 ? 'INVALID_ARGUMENT' : 'NOT_FOUND' } },
  });
  f.add = (id, title, sheets) =>
    f.books.set(id, {
      title,
      sheets: Object.entries(sheets).map(([t, grid], i) => ({
        sheetId: i === 0 ? 0 : 1000 + i,
        title: t,
        grid: grid.map((r) => [...r]),
      })),
    });
  const meta = (id: string) => {
    const b = f.books.get(id)!;
    return {
      spreadsheetId: id,
      spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}/edit`,
      properties: { title: b.title },
      sheets: b.sheets.map((s, index) => ({ properties: { sheetId: s.sheetId, title: s.title, index } })),
    };
  };
  type Sheet = { sheetId: number; title: string; grid: unknown[][] };
  const resolve = (
    id: string,
    range: string,
  ): { error: FakeReply } | { p: NonNullable<ReturnType<typeof parseRange>>; sheet: Sheet } => {
    f.ranges.push(range);
    const p = parseRange(range);
    if (!p) return { error: err(400, `Unable to parse range: ${range}`) };
    const b = f.books.get(id)!;
    const sheet = p.sheet === undefined ? b.sheets[0] : b.sheets.find((s) => s.title === p.sheet);
    if (!sheet) return { error: err(400, `Unable to parse range: ${range}`) };
    return { p, sheet };
  };
  const read = (grid: unknown[][], p: NonNullable<ReturnType<typeof parseRange>>) => {
    const rows = grid.slice(p.r0, p.r1).map((r) => r.slice(p.c0, p.c1));
    while (rows.length && rows[rows.length - 1]!.every((c) => c === '' || c === undefined)) rows.pop();
    return rows;
  };
  const write = (grid: unknown[][], r0: number, c0: number, values: unknown[][]) => {
    values.forEach((row, i) => {
      grid[r0 + i] ??= [];
      row.forEach((v, j) => {
        grid[r0 + i]![c0 + j] = v;
      });
    });
  };
  const a1 = (title: string, r0: number, c0: number, rows: number, cols: number) => {
    const letters = (i: number) => {
      let n = i + 1;
      let s = '';
      while (n > 0) {
        s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
        n = Math.floor((n - 1) / 26);
      }
      return s;
    };
    return `${title}!${letters(c0)}${r0 + 1}:${letters(c0 + Math.max(cols, 1) - 1)}${r0 + rows}`;
  };

  f.on('GET', '/v4/spreadsheets/:id', (r, p) =>
    !authed(r) ? unauth : f.books.has(p.id!) ? { json: meta(p.id!) } : err(404, 'Requested entity was not found.'),
  );
  f.on('POST', '/v4/spreadsheets', (r) => {
    if (!authed(r)) return unauth;
    const b = r.json as { properties?: { title?: string }; sheets?: { properties: { title: string } }[] };
    const id = `ss${nextId++}`;
    f.add(
      id,
      b.properties?.title ?? 'Untitled spreadsheet',
      Object.fromEntries((b.sheets ?? [{ properties: { title: 'Sheet1' } }]).map((s) => [s.properties.title, []])),
    );
    return { json: meta(id) };
  });
  // `{id}:batchUpdate`
  f.on('POST', '/v4/spreadsheets/:idop', (r, p) => {
    const [id, op] = p.idop!.split(':');
    if (!f.books.has(id!)) return err(404, 'Requested entity was not found.');
    if (op !== 'batchUpdate') return err(404, 'unknown op');
    const reqs = (r.json as { requests: Record<string, any>[] }).requests;
    f.batchRequests.push(reqs);
    const book = f.books.get(id!)!;
    const replies = reqs.map((q) => {
      if (q.addSheet) {
        const s = { sheetId: 2000 + book.sheets.length, title: q.addSheet.properties.title, grid: [] as unknown[][] };
        if (book.sheets.some((x) => x.title === s.title))
          throw new Error(`A sheet with the name "${s.title}" already exists.`);
        book.sheets.push(s);
        return { addSheet: { properties: { sheetId: s.sheetId, title: s.title, index: book.sheets.length - 1 } } };
      }
      if (q.findReplace) return { findReplace: { occurrencesChanged: 1, valuesChanged: 1 } };
      return {};
    });
    return { json: { spreadsheetId: id, replies } };
  });
  // values/{range}, values/{range}:append, values/{range}:clear
  const values = (r: RecordedRequest, p: Record<string, string>): FakeReply => {
    if (!authed(r)) return unauth;
    if (!f.books.has(p.id!)) return err(404, 'Requested entity was not found.');
    const raw = r.path.split('/values/')[1]!;
    const op = /:(append|clear)$/.exec(raw)?.[1];
    const range = decodeURIComponent(op ? raw.slice(0, -op.length - 1) : raw);
    const res = resolve(p.id!, range);
    if ('error' in res) return res.error;
    const { p: pr, sheet } = res;
    if (r.method === 'GET')
      return {
        json: {
          range: a1(
            sheet.title,
            pr.r0,
            pr.c0,
            Math.max(1, (pr.r1 ?? sheet.grid.length) - pr.r0),
            (pr.c1 ?? 26) - pr.c0,
          ),
          majorDimension: 'ROWS',
          values: read(sheet.grid, pr),
        },
      };
    if (op === 'clear') {
      sheet.grid = [];
      return { json: { spreadsheetId: p.id, clearedRange: range } };
    }
    if (!['USER_ENTERED', 'RAW'].includes(r.query.get('valueInputOption') ?? ''))
      return err(400, "'valueInputOption' is required but not specified");
    const vals = (r.json as { values: unknown[][] }).values;
    if (op === 'append') {
      let last = sheet.grid.length;
      while (last > 0 && (sheet.grid[last - 1] ?? []).every((c) => c === '' || c === undefined)) last--;
      write(sheet.grid, last, pr.c0, vals);
      const updatedRange = a1(sheet.title, last, pr.c0, vals.length, vals[0]?.length ?? 1);
      return {
        json: {
          spreadsheetId: p.id,
          tableRange: a1(sheet.title, 0, pr.c0, Math.max(last, 1), vals[0]?.length ?? 1),
          updates: { spreadsheetId: p.id, updatedRange, updatedRows: vals.length, updatedCells: vals.flat().length },
        },
      };
    }
    write(sheet.grid, pr.r0, pr.c0, vals);
    return {
      json: {
        spreadsheetId: p.id,
        updatedRange: a1(sheet.title, pr.r0, pr.c0, vals.length, vals[0]?.length ?? 1),
        updatedRows: vals.length,
        updatedColumns: vals[0]?.length ?? 0,
        updatedCells: vals.flat().length,
      },
    };
  };
  f.on('GET', '/v4/spreadsheets/:id/values/:range', values);
  f.on('PUT', '/v4/spreadsheets/:id/values/:range', values);
  f.on('POST', '/v4/spreadsheets/:id/values/:range', values);
  // values:batchGet, values:batchUpdate
  const batch = (r: RecordedRequest, p: Record<string, string>): FakeReply => {
    if (!f.books.has(p.id!)) return err(404, 'Requested entity was not found.');
    if (p.op === 'values:batchGet') {
      const out = [];
      for (const range of r.query.getAll('ranges')) {
        const res = resolve(p.id!, range);
        if ('error' in res) return res.error;
        out.push({ range, majorDimension: 'ROWS', values: read(res.sheet.grid, res.p) });
      }
      return { json: { spreadsheetId: p.id, valueRanges: out } };
    }
    if (p.op === 'values:batchUpdate') {
      const b = r.json as { valueInputOption: string; data: { range: string; values: unknown[][] }[] };
      let cells = 0;
      const responses = [];
      for (const d of b.data) {
        const res = resolve(p.id!, d.range);
        if ('error' in res) return res.error;
        write(res.sheet.grid, res.p.r0, res.p.c0, d.values);
        cells += d.values.flat().length;
        responses.push({ updatedRange: d.range, updatedCells: d.values.flat().length });
      }
      return { json: { spreadsheetId: p.id, totalUpdatedCells: cells, responses } };
    }
    return err(404, 'unknown op');
  };
  f.on('GET', '/v4/spreadsheets/:id/:op', batch);
  f.on('POST', '/v4/spreadsheets/:id/:op', batch);
  f.on('PATCH', '/drive/v3/files/:id', (r, p) => ({ json: { id: p.id, parents: [r.query.get('addParents')] } }));
  return f;
}
