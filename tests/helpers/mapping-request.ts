import { expect } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { applyMappedArgs } from '../../lib/services/tools/mapped';

/** What a mapping test compares: the request a curated mapping builds, in the provider's terms. */
export interface BuiltRequest {
  method: string;
  path: string;
  /** repeated keys become arrays */
  query: Record<string, string | string[]>;
  /** a form body as an object, a JSON body parsed, else undefined */
  body: unknown;
}

export type Want = { method: string; path: string; query?: Record<string, unknown>; body?: unknown };

/**
 * Build a mapping's request as the execute pipeline would (argument rewriting included), whether
 * the mapping is declared in TypeScript (lib/catalog/curated) or as data (lib/catalog/mappings),
 * against `base`. `prefix` is the base's own path, left out of `path` so tables read like the
 * provider's reference (`/v1.0` for Graph); `decode` shows path parameters unescaped.
 */
export function buildMapping(
  slug: string,
  args: Record<string, unknown>,
  opts: { base?: string; prefix?: string; decode?: boolean } = {},
): BuiltRequest {
  const tool = getTool(slug);
  expect(tool, slug).toBeDefined();
  // a data mapping has no curated part; a curated tool must be a mapping (composites run code)
  if (tool!.curated) expect(tool!.curated.kind, slug).toBe('mapping');
  const base = opts.base ?? `https://api.example.test${opts.prefix ?? ''}`;
  const req = buildToolRequest(tool!, base, prepareMappingArgs(tool!, applyMappedArgs(tool!, args)));
  const query: Record<string, string | string[]> = {};
  for (const k of new Set(req.url.searchParams.keys())) {
    const all = req.url.searchParams.getAll(k);
    query[k] = all.length > 1 ? all : all[0]!;
  }
  let path = req.url.pathname;
  if (opts.prefix && path.startsWith(opts.prefix)) path = path.slice(opts.prefix.length);
  if (opts.decode) path = decodeURIComponent(path);
  const form = req.headers['content-type'] === 'application/x-www-form-urlencoded';
  const body = form
    ? Object.fromEntries(new URLSearchParams(String(req.body)))
    : typeof req.body === 'string' && req.body
      ? JSON.parse(req.body)
      : undefined;
  return { method: req.method, path, query, body };
}
