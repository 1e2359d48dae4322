/**
 * A1 notation for the curated Sheets tools: validate ranges before they reach Google (a clear
 * 400 instead of Google's "Unable to parse range"), quote sheet names, and turn cells into the
 * zero-based grid indexes that batchUpdate requests take.
 */
import { ToolArgumentError } from './types';

export interface A1 {
  sheet?: string;
  /** zero-based, end exclusive; undefined = unbounded */
  startRow?: number;
  endRow?: number;
  startCol?: number;
  endCol?: number;
}

const CELL = /^([A-Za-z]{1,3})?(\d+)?$/;

export function colIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function colLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** `Sheet 1` → `'Sheet 1'` (quotes doubled inside), as A1 notation requires for names with spaces or symbols. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** Parse and validate an A1 range such as `Sheet1!A1:C10`, `'My sheet'!B:B`, `A2`, `3:5` or `Sheet1`. */
export function parseA1(range: string, arg = 'range'): A1 {
  const bad = (why: string): never => {
    throw new ToolArgumentError(
      `${arg}: "${range.slice(0, 80)}" is not valid A1 notation (${why}); use e.g. Sheet1!A1:C10, 'My sheet'!A:A or A1`,
    );
  };
  const r = range.trim();
  if (!r) bad('empty');
  let sheet: string | undefined;
  let cells = r;
  if (r.startsWith("'")) {
    const m = /^'((?:[^']|'')+)'(?:!(.*))?$/.exec(r);
    if (!m) bad('unbalanced quotes around the sheet name');
    sheet = m![1]!.replace(/''/g, "'");
    cells = m![2] ?? '';
    if (m![2] === undefined) return { sheet };
  } else if (r.includes('!')) {
    const i = r.lastIndexOf('!');
    sheet = r.slice(0, i);
    cells = r.slice(i + 1);
    if (!sheet) bad('missing sheet name before !');
  } else if (!/^[A-Za-z]{0,3}\d*(:[A-Za-z]{0,3}\d*)?$/.test(r) || !/[A-Za-z0-9]/.test(r)) {
    return { sheet: r }; // a bare sheet name
  } else if (/^[A-Za-z]{4,}$/.test(r) || (/^[A-Za-z]+$/.test(r) && !r.includes(':'))) {
    return { sheet: r }; // a single word like "Sales" names a sheet, not a column
  }
  if (!cells) bad('nothing after !');
  const [a, b, extra] = cells.split(':');
  if (extra !== undefined) bad('more than one colon');
  const parse = (c: string) => {
    const m = CELL.exec(c);
    if (!m || (!m[1] && !m[2])) bad(`"${c}" is not a cell, column or row`);
    const row = m![2] !== undefined ? Number(m![2]) : undefined;
    if (row === 0) bad('rows start at 1');
    return { col: m![1] ? colIndex(m![1]) : undefined, row: row !== undefined ? row - 1 : undefined };
  };
  const s = parse(a!);
  const e = b !== undefined ? parse(b) : s;
  if (b === undefined && (s.col === undefined || s.row === undefined)) {
    if (s.col === undefined && s.row === undefined) bad('empty cell');
  }
  if (s.row !== undefined && e.row !== undefined && e.row < s.row) bad('the range ends above where it starts');
  if (s.col !== undefined && e.col !== undefined && e.col < s.col) bad('the range ends left of where it starts');
  return {
    sheet,
    startRow: s.row,
    endRow: e.row !== undefined ? e.row + 1 : undefined,
    startCol: s.col,
    endCol: e.col !== undefined ? e.col + 1 : undefined,
  };
}

/** Validate and return the range unchanged (what the values API takes). */
export function a1(range: unknown, arg = 'range'): string {
  if (typeof range !== 'string') throw new ToolArgumentError(`${arg} must be an A1 range string`);
  parseA1(range, arg);
  return range.trim();
}

/** GridRange (batchUpdate) for a parsed A1 range on a known sheet id. */
export function gridRange(r: A1, sheetId: number): Record<string, number> {
  const g: Record<string, number> = { sheetId };
  if (r.startRow !== undefined) g.startRowIndex = r.startRow;
  if (r.endRow !== undefined) g.endRowIndex = r.endRow;
  if (r.startCol !== undefined) g.startColumnIndex = r.startCol;
  if (r.endCol !== undefined) g.endColumnIndex = r.endCol;
  return g;
}
