import { expect } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs, unflattenArgs } from '../../lib/services/tools/curated';
import { applyMappedArgs } from '../../lib/services/tools/mapped';

/** What a mapping test compares: the request a mapped tool builds, in the provider's terms. */
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
 * Build a curated mapping's request as the execute pipeline would (argument rewriting included),
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
  // a curated mapping, or a tool declared as data (lib/catalog/mappings) that moved out of the curated code:
  // either way the arguments are rewritten as the execute pipeline does before the request is built
  expect(tool!.curated === undefined || tool!.curated.kind === 'mapping', slug).toBe(true);
  const base = opts.base ?? `https://api.example.test${opts.prefix ?? ''}`;
  let prepared = applyMappedArgs(tool!, unflattenArgs(tool!, args));
  if (tool!.curated) prepared = prepareMappingArgs(tool!, prepared);
  const req = buildToolRequest(tool!, base, prepared);
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
