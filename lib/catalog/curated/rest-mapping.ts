/**
 * A compact declaration for mappings onto REST APIs whose parameters are camelCase (Google
 * Drive, Sheets, Docs) or snake_case (Notion): hosted snake_case argument names are turned into
 * the provider's names here, once, instead of spelling every `at.*` by hand in each toolkit.
 * Path placeholders are written with the hosted argument name (`/files/{file_id}`).
 */
import type { ToolHttp } from '../types';
import { at, http, mapping, params } from './define';
import { composite } from './define';
import type { CuratedTool, MappingTool } from './types';

export const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

export interface RestDef {
  slug: string;
  name: string;
  description: string;
  method: ToolHttp['method'];
  /** path with `{hosted_arg}` placeholders */
  path: string;
  input?: Record<string, unknown>;
  required?: string[];
  /** arguments sent in the query even on POST/PATCH/PUT (GET and DELETE send every non-path argument there) */
  query?: string[];
  /** provider names that differ from the plain case conversion */
  rename?: Record<string, string>;
  tags?: string[];
  important?: boolean;
  aliases?: string[];
  deprecated?: boolean;
  defaults?: Record<string, unknown>;
  prepare?: MappingTool['prepare'];
  shape?: MappingTool['shape'];
  normalize?: MappingTool['normalize'];
  output?: MappingTool['output'];
  /** the whole JSON body is this argument */
  bodyArg?: string;
  /** build the whole JSON body from the (prepared) arguments; other arguments then go to path and query only */
  body?: (a: Record<string, unknown>) => unknown;
}

/** Build a mapping; `convert` turns a hosted argument name into the provider's (camelCase for Google, identity for Notion). */
export function restMapping(def: RestDef, convert: (k: string) => string, tag: string): CuratedTool {
  if (def.body) return restComposite(def, convert, tag);
  const input = def.input ?? {};
  const name = (k: string) => def.rename?.[k] ?? convert(k);
  const inPath = new Set([...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const path = def.path.replace(/\{(\w+)\}/g, (_m, k: string) => `{${name(k)}}`);
  const p: ToolHttp['params'] = {};
  const queryAll = def.method === 'GET' || def.method === 'DELETE';
  for (const k of Object.keys(input)) {
    if (k === def.bodyArg) continue;
    if (inPath.has(k)) p[k] = at.path(name(k));
    else if (queryAll || def.query?.includes(k)) p[k] = at.query(name(k));
    else if (!def.body) p[k] = at.body(name(k));
  }
  const required = def.required ?? [...inPath];
  return mapping({
    slug: def.slug,
    name: def.name,
    description: def.description,
    important: def.important,
    aliases: def.aliases,
    deprecated: def.deprecated,
    tags: def.tags ?? [tag],
    input: params(input, required),
    output: def.output,
    http: http(def.method, path, p, def.bodyArg ? { bodyArg: def.bodyArg } : {}),
    defaults: def.defaults,
    prepare: def.prepare,
    shape: def.shape,
    normalize: def.normalize,
  });
}

/** Fold another spelling of each argument (`alt(name)`) into the declared name, unless that is given. */
function acceptSpelling(props: string[], alt: (k: string) => string) {
  return (a: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...a };
    for (const k of props) {
      const c = alt(k);
      if (c !== k && out[k] === undefined && out[c] !== undefined) {
        out[k] = out[c];
        delete out[c];
      }
    }
    return out;
  };
}

/** Accept the provider's camelCase spelling of a hosted snake_case argument too (agents copy API docs). */
export const acceptCamel = (props: string[]) => acceptSpelling(props, camel);

/** Accept the snake_case spelling of a hosted camelCase argument too (`webset_id` for `websetId`). */
export const acceptSnake = (props: string[]) =>
  acceptSpelling(props, (k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

/**
 * The same declaration when the JSON body has to be built (nested objects, constants): one
 * request through `ctx.json`, path and query named as for a mapping.
 */
function restComposite(def: RestDef, convert: (k: string) => string, tag: string): CuratedTool {
  const input = def.input ?? {};
  const name = (k: string) => def.rename?.[k] ?? convert(k);
  const inPath = new Set([...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const queryAll = def.method === 'GET' || def.method === 'DELETE';
  return composite({
    slug: def.slug,
    name: def.name,
    description: def.description,
    important: def.important,
    aliases: def.aliases,
    deprecated: def.deprecated,
    tags: def.tags ?? [tag],
    input: params(input, def.required ?? [...inPath]),
    output: def.output,
    normalize: def.normalize,
    async run(ctx, args) {
      let a: Record<string, unknown> = { ...args };
      for (const [k, v] of Object.entries(def.defaults ?? {})) if (a[k] === undefined) a[k] = v;
      if (def.prepare) a = def.prepare(a);
      const path = def.path.replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(String(a[k] ?? '')));
      const query: Record<string, string | number | boolean> = {};
      for (const k of Object.keys(input)) {
        if (inPath.has(k) || a[k] === undefined || a[k] === null) continue;
        if (queryAll || def.query?.includes(k)) query[name(k)] = a[k] as string;
      }
      const body = def.method === 'GET' || def.method === 'DELETE' ? undefined : def.body!(a);
      const res = await ctx.json({ method: def.method as 'GET', path, query, body });
      return def.shape ? def.shape(res, a) : res;
    },
  });
}
