/**
 * A compact declaration for YouTube Data API v3 operations in the hosted vocabulary. The hosted
 * YouTube tools use the API's own camelCase names (videoId, maxResults, pageToken); the snake_case
 * spelling is accepted too. Lists (`part`, `id`) are sent comma-separated, as the API documents.
 * Every argument goes to the query except those a body builder consumes (then it is a composite
 * that sends one JSON resource).
 */
import type { ToolHttp } from '../types';
import { at, composite, http, mapping, params } from './define';
import type { CuratedTool, MappingTool } from './types';

export const API = '/youtube/v3';
/** the upload host; a connection's base_url override replaces its origin */
export const UPLOAD = 'https://www.googleapis.com/upload/youtube/v3';

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Accept snake_case spellings (video_id) of the declared camelCase arguments (videoId). */
export function acceptSnake(props: string[]) {
  return (a: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...a };
    for (const k of props) {
      const sn = snake(k);
      if (sn !== k && out[k] === undefined && out[sn] !== undefined) {
        out[k] = out[sn];
        delete out[sn];
      }
    }
    return out;
  };
}

/** Join arrays of the given arguments with commas. */
export function joinLists(a: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out = { ...a };
  for (const k of keys) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).join(',');
  return out;
}

export interface YtDef {
  slug: string;
  name: string;
  description: string;
  method: ToolHttp['method'];
  /** path under /youtube/v3 */
  path: string;
  input?: Record<string, unknown>;
  required?: string[];
  /** arguments sent comma-separated (part and id always are) */
  csv?: string[];
  defaults?: Record<string, unknown>;
  /** build the JSON resource; `bodyArgs` are then left out of the query */
  body?: (a: Record<string, unknown>) => unknown;
  bodyArgs?: string[];
  /** check arguments the schema cannot (throw ToolArgumentError) */
  check?: (a: Record<string, unknown>) => void;
  shape?: MappingTool['shape'];
  aliases?: string[];
  deprecated?: boolean;
  important?: boolean;
  tags?: string[];
  output?: ReturnType<typeof params>;
}

export function ytTool(def: YtDef): CuratedTool {
  const input = def.input ?? {};
  const csv = ['part', 'id', ...(def.csv ?? [])];
  const path = API + def.path;
  const base = {
    slug: def.slug,
    name: def.name,
    description: def.description,
    important: def.important,
    aliases: def.aliases,
    deprecated: def.deprecated,
    tags: def.tags ?? ['youtube'],
    input: params(input, def.required ?? []),
    output: def.output,
    normalize: acceptSnake(Object.keys(input)),
  };
  if (!def.body && !def.check) {
    const p: ToolHttp['params'] = {};
    for (const k of Object.keys(input)) p[k] = at.query(k);
    return mapping({
      ...base,
      http: http(def.method, path, p),
      defaults: def.defaults,
      prepare: (a) => joinLists(a, csv),
      shape: def.shape,
    });
  }
  const inBody = new Set(def.bodyArgs ?? []);
  return composite({
    ...base,
    async run(ctx, args) {
      const a = joinLists({ ...(def.defaults ?? {}), ...args }, csv);
      def.check?.(a);
      const query: Record<string, string> = {};
      for (const k of Object.keys(input))
        if (!inBody.has(k) && a[k] !== undefined && a[k] !== null) query[k] = String(a[k]);
      const res = await ctx.json({ method: def.method as 'GET', path, query, body: def.body?.(a) });
      return def.shape ? def.shape(res, a) : res;
    },
  });
}

/** Drop undefined members (and objects left empty) so partial updates stay partial. */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length ? (out as Partial<T>) : undefined;
}
