import { z } from 'zod';

/**
 * The v3 clients encode arrays comma-joined (`user_ids=u1,u2`) and objects in bracket form
 * (`toolkit_versions[github]=…`). This turns a query string into a plain object zod can read.
 */
export function parseQuery(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of search) {
    const m = /^([^[\]]+)\[([^[\]]*)\]$/.exec(rawKey);
    if (m) {
      const [, key, sub] = m as unknown as [string, string, string];
      const cur = out[key];
      if (sub === '') {
        out[key] = Array.isArray(cur) ? [...cur, value] : cur === undefined ? [value] : [cur, value];
      } else {
        const obj = cur && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, string>) : {};
        obj[sub] = value;
        out[key] = obj;
      }
      continue;
    }
    const cur = out[rawKey];
    out[rawKey] = cur === undefined ? value : Array.isArray(cur) ? [...cur, value] : [cur, value];
  }
  return out;
}

function splitList(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return undefined;
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
  const cleaned = parts.map((s) => s.trim()).filter(Boolean);
  return cleaned.length ? cleaned : undefined;
}

/** A list query parameter: comma-joined, repeated, or both. */
export const qList = <T extends z.ZodType<string>>(item: T) => z.preprocess(splitList, z.array(item).optional());
export const qStrings = () => qList(z.string());

export const qBool = () =>
  z.preprocess(
    (v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : v === '' ? undefined : v),
    z.boolean().optional(),
  );

export const qInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' || v === 'null' ? undefined : Number(v)),
    z.number().int().min(min).max(max).optional(),
  );

/** `toolkit_versions=latest` or `toolkit_versions[github]=20250902_00`. */
export const qToolkitVersions = () => z.union([z.string(), z.record(z.string(), z.string())]).optional();

/** Cursor: base64url of the page number (the API documents it as "base64 of page and limit"). */
export function encodeCursor(page: number): string {
  return Buffer.from(JSON.stringify({ page })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 1;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { page?: unknown };
    if (typeof v.page === 'number' && Number.isInteger(v.page) && v.page >= 1) return v.page;
  } catch {
    /* fall through */
  }
  throw new CursorError();
}

export class CursorError extends Error {}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total_pages: number;
  current_page: number;
  total_items: number;
}

export function pageOf<T>(items: T[], total: number, page: number, limit: number): Page<T> {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    items,
    next_cursor: page < totalPages ? encodeCursor(page + 1) : null,
    total_pages: totalPages,
    current_page: page,
    total_items: total,
  };
}

/** Page a list already in memory (catalog data). */
export function pageArray<T>(all: T[], cursor: string | undefined, limit: number): Page<T> {
  const page = decodeCursor(cursor);
  return pageOf(all.slice((page - 1) * limit, page * limit), all.length, page, limit);
}
