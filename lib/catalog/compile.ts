/**
 * Compiles ONE OpenAPI 3.x document (already parsed into a plain object) into a
 * toolkit definition plus one ToolDef per operation.
 *
 * Used by the build script (scripts/catalog/build.ts) for the curated catalog and
 * at run time by the custom-toolkit import, so it is dependency-free and pure.
 * Invalid documents raise CatalogCompileError whose message starts with a pointer
 * to the offending node, e.g. `paths./pets.get.parameters[0]: missing name`.
 */
import type {
  AuthField,
  AuthSchemeDef,
  CredentialPlacement,
  JsonSchemaObject,
  ToolDef,
  ToolHttp,
  ToolkitDef,
} from './types';

export class CatalogCompileError extends Error {
  /** dotted pointer into the document, e.g. `paths./pets.get.parameters[0]` */
  readonly pointer: string;
  constructor(pointer: string, problem: string) {
    super(pointer ? `${pointer}: ${problem}` : problem);
    this.name = 'CatalogCompileError';
    this.pointer = pointer;
  }
}

export interface CompileOptions {
  /** toolkit slug, lower-case ([a-z0-9_]); tool slugs are prefixed with its upper-case form */
  slug: string;
  name?: string;
  description?: string;
  logo?: string;
  appUrl?: string;
  categories?: { slug: string; name: string }[];
  version?: string;
  /** base URL for requests; default: the document's first server (variables take their defaults) */
  baseUrl?: string;
  /** default: derived from components.securitySchemes */
  authSchemes?: AuthSchemeDef[];
  noAuth?: boolean;
  getCurrentUserEndpoint?: string;
  source?: { package: string; version: string; document: string };
  /** operationIds, tool slugs or `METHOD /path` strings marking the important tools */
  important?: string[];
  /** parameter names (case-insensitive) never exposed as arguments, e.g. Google's `alt`, Slack's `token` */
  skipParameters?: string[];
  /** removed from the summary/operationId before slugging, e.g. /^gmail\./ */
  slugStrip?: RegExp;
  /** keep only operations for which this returns true */
  include?: (op: { method: string; path: string; operationId?: string; tags: string[] }) => boolean;
  /** tool description cap (chars), default 1000 */
  maxDescription?: number;
  /** caps on the serialized size of one tool's input/output schema (bytes) */
  maxInputSchemaBytes?: number;
  maxOutputSchemaBytes?: number;
  /** max slug length, default 64 (LLM function-name limit) */
  maxSlugLength?: number;
  /**
   * Tolerate broken parts of real-world documents: invalid parameters are skipped and
   * operations that still fail are left out, each with a warning. Default false (throw).
   */
  lenient?: boolean;
}

export interface CompileResult {
  toolkit: ToolkitDef;
  tools: ToolDef[];
  /** non-fatal notes (skipped operations, …) */
  warnings: string[];
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const SKIP_HEADERS = new Set(['accept', 'content-type', 'authorization', 'user-agent', 'content-length', 'cookie', 'host']);

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const HTML_TAG = /<\/?(p|br|a|code|ul|ol|li|strong|em|b|i|div|span|h[1-6]|table|tr|td|th|tbody|thead|pre|blockquote|sup|sub)\b[^>]*>/i;

/** Descriptions of some documents (Stripe, Zoom…) are HTML: turn them into light markdown. */
export function htmlToText(s: string): string {
  if (!HTML_TAG.test(s)) return s;
  return s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|pre|blockquote)>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<a\b[^>]*href=["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, '[$2]($1)')
    .replace(/<\/?code>/gi, '`')
    .replace(/<\/?(strong|b)>/gi, '**')
    .replace(/<\/?[a-z][a-z0-9]*\b[^>]*>/gi, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}

function clip(s: string, max: number): string {
  const t = htmlToText(s).trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const sp = cut.lastIndexOf(' ');
  return (sp > max * 0.6 ? cut.slice(0, sp) : cut).trimEnd() + '…';
}

/** 'Create an issue' → 'CREATE_AN_ISSUE'; 'getActionsByIdAction()' → 'GET_ACTIONS_BY_ID_ACTION' */
export function toUpperSnake(s: string): string {
  // identifiers (no spaces) are split on camelCase; prose keeps words like "GitHub" whole
  s = s.replace(/['’]/g, '');
  const split = /\s/.test(s.trim()) ? s : s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2');
  return split
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

function humanize(s: string): string {
  const words = s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : s;
}

/** argument names must be valid LLM function-parameter keys */
function sanitizeArg(name: string): string {
  const s = name
    .replace(/<=/g, '_lte')
    .replace(/>=/g, '_gte')
    .replace(/</g, '_lt')
    .replace(/>/g, '_gt')
    .replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/_+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  return s || 'param';
}

function pointerOf(path: string, ...parts: (string | number)[]): string {
  let p = path;
  for (const part of parts) p += typeof part === 'number' ? `[${part}]` : p ? `.${part}` : part;
  return p;
}

// ---------------------------------------------------------------------------------------------
// $ref resolution
// ---------------------------------------------------------------------------------------------

function resolvePointer(doc: Json, ref: string, at: string): unknown {
  if (typeof ref !== 'string') throw new CatalogCompileError(at, '$ref must be a string');
  if (!ref.startsWith('#')) {
    throw new CatalogCompileError(at, `external $ref '${ref}' is not supported (bundle the document first)`);
  }
  const parts = ref
    .slice(1)
    .split('/')
    .slice(1)
    .map((p) => {
      let s = p;
      try {
        s = decodeURIComponent(p);
      } catch {
        /* keep raw */
      }
      return s.replace(/~1/g, '/').replace(/~0/g, '~');
    });
  let cur: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(cur)) cur = cur[Number(part)];
    else if (isObj(cur)) cur = cur[part];
    else cur = undefined;
    if (cur === undefined) throw new CatalogCompileError(at, `cannot resolve $ref '${ref}'`);
  }
  return cur;
}

/** follows a chain of $refs (parameters, requestBodies, responses…) */
function deref<T = Json>(doc: Json, node: unknown, at: string): T {
  let cur = node;
  const seen = new Set<string>();
  while (isObj(cur) && typeof cur.$ref === 'string') {
    if (seen.has(cur.$ref)) throw new CatalogCompileError(at, `circular $ref '${cur.$ref}'`);
    seen.add(cur.$ref);
    cur = resolvePointer(doc, cur.$ref, at);
  }
  return cur as T;
}

// ---------------------------------------------------------------------------------------------
// Schema normalisation: every node gets a primitive JSON-Schema `type`, refs are inlined up to a
// depth limit, composition keywords are folded into one sensible shape.
// ---------------------------------------------------------------------------------------------

interface SchemaCtx {
  doc: Json;
  mode: 'input' | 'output';
  maxDepth: number;
  nodes: number;
  maxNodes: number;
}

function inferType(s: Json): string {
  const t = s.type;
  if (typeof t === 'string' && PRIMITIVE_TYPES.has(t)) return t;
  if (Array.isArray(t)) {
    const first = t.find((x) => typeof x === 'string' && x !== 'null' && PRIMITIVE_TYPES.has(x));
    if (first) return first as string;
    if (t.includes('null')) return 'null';
  }
  if (t === 'file') return 'string';
  if (isObj(s.properties) || isObj(s.additionalProperties) || s.additionalProperties === true) return 'object';
  if (s.items !== undefined) return 'array';
  if (Array.isArray(s.enum)) {
    const v = s.enum.find((x) => x !== null);
    if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
    if (typeof v === 'boolean') return 'boolean';
    if (typeof v === 'string') return 'string';
  }
  if (s.const !== undefined && s.const !== null) {
    return typeof s.const === 'number' ? 'number' : typeof s.const === 'boolean' ? 'boolean' : 'string';
  }
  return 'string';
}

function isNullSchema(s: Json): boolean {
  return s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null);
}

/** resolve refs and fold allOf into one raw schema (not yet normalised) */
function flatten(ctx: SchemaCtx, node: unknown, at: string, stack: string[], guard = 0): { s: Json; cyclic: boolean; refs: string[] } {
  const refs: string[] = [];
  let cur: unknown = node;
  let cyclic = false;
  while (isObj(cur) && typeof cur.$ref === 'string') {
    const ref = cur.$ref;
    if (stack.includes(ref) || refs.includes(ref)) {
      cyclic = true;
      const target = resolvePointer(ctx.doc, ref, at);
      cur = isObj(target) ? { type: inferType(target), description: target.description ?? cur.description } : {};
      break;
    }
    refs.push(ref);
    const target = resolvePointer(ctx.doc, ref, at);
    // sibling keywords next to $ref (OAS 3.1) override the target's description
    cur = isObj(target) && typeof cur.description === 'string' ? { ...target, description: cur.description } : target;
  }
  if (typeof cur === 'boolean' || cur === undefined || cur === null) return { s: {}, cyclic, refs };
  if (!isObj(cur)) throw new CatalogCompileError(at, 'schema must be an object');
  let s = cur;
  if (Array.isArray(s.allOf) && guard < 8) {
    const merged: Json = { ...s };
    delete merged.allOf;
    const props: Json = isObj(s.properties) ? { ...s.properties } : {};
    const required = new Set<string>(Array.isArray(s.required) ? s.required.filter((x) => typeof x === 'string') : []);
    let hasProps = isObj(s.properties);
    s.allOf.forEach((member, i) => {
      const m = flatten(ctx, member, pointerOf(at, 'allOf', i), [...stack, ...refs], guard + 1);
      const ms = m.s;
      if (isObj(ms.properties)) {
        hasProps = true;
        for (const [k, v] of Object.entries(ms.properties)) if (!(k in props)) props[k] = v;
      }
      if (Array.isArray(ms.required)) for (const r of ms.required) if (typeof r === 'string') required.add(r);
      for (const key of ['type', 'description', 'items', 'enum', 'format', 'additionalProperties', 'oneOf', 'anyOf', 'nullable', 'default', 'example', 'examples']) {
        if (merged[key] === undefined && ms[key] !== undefined) merged[key] = ms[key];
      }
    });
    if (hasProps) merged.properties = props;
    if (required.size) merged.required = [...required];
    s = merged;
  }
  return { s, cyclic, refs };
}

function smallExamples(s: Json): unknown[] | undefined {
  const raw: unknown[] = Array.isArray(s.examples) ? s.examples : s.example !== undefined ? [s.example] : [];
  const out = raw.filter((e) => e !== null && e !== undefined && JSON.stringify(e).length <= 200).slice(0, 2);
  return out.length ? out : undefined;
}

function typeMatches(type: string, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObj(v);
    default:
      return false;
  }
}

/** Returns null when the property must be dropped (readOnly in input, writeOnly in output). */
function normSchema(ctx: SchemaCtx, node: unknown, at: string, depth: number, stack: string[]): Json | null {
  ctx.nodes++;
  const { s: flat, cyclic, refs } = flatten(ctx, node, at, stack);
  let s = flat;
  const innerStack = refs.length ? [...stack, ...refs] : stack;
  if (ctx.mode === 'input' && s.readOnly === true) return null;
  if (ctx.mode === 'output' && s.writeOnly === true) return null;

  let nullable = s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
  let variantNote = '';
  const variantsRaw = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
  if (variantsRaw && variantsRaw.length) {
    const key = Array.isArray(s.oneOf) ? 'oneOf' : 'anyOf';
    const variants = variantsRaw
      .map((v, i) => flatten(ctx, v, pointerOf(at, key, i), innerStack).s)
      .filter((v) => {
        if (isNullSchema(v)) {
          nullable = true;
          return false;
        }
        return true;
      });
    // Stripe-style `anyOf: [<real schema>, {enum: ['']}]` (empty string = unset): keep the real schema
    const sentinel = (v: Json) => Array.isArray(v.enum) && v.enum.length === 1 && v.enum[0] === '';
    if (variants.length > 1 && variants.some(sentinel) && !variants.every(sentinel)) {
      for (let i = variants.length - 1; i >= 0; i--) if (sentinel(variants[i])) variants.splice(i, 1);
    }
    const base: Json = { ...s };
    delete base.oneOf;
    delete base.anyOf;
    if (variants.length === 1) {
      s = { ...variants[0], ...stripUndefined({ description: base.description, default: base.default }) };
    } else if (variants.length > 1) {
      const types = variants.map(inferType);
      const uniq = [...new Set(types)];
      if (uniq.length === 1 && uniq[0] === 'object') {
        // union of the alternatives' properties, nothing required
        const props: Json = {};
        for (const v of variants) if (isObj(v.properties)) for (const [k, p] of Object.entries(v.properties)) if (!(k in props)) props[k] = p;
        s = { ...base, type: 'object', properties: Object.keys(props).length ? props : undefined, description: base.description ?? variants[0].description };
      } else if (uniq.length === 1) {
        s = { ...variants[0], ...stripUndefined({ description: base.description }) };
        const enums = variants.flatMap((v) => (Array.isArray(v.enum) ? v.enum : []));
        if (enums.length && variants.every((v) => Array.isArray(v.enum))) s.enum = [...new Set(enums)];
      } else {
        const pickIdx = isObj(base.properties) ? types.indexOf('object') : types.indexOf('string');
        const pick = variants[pickIdx >= 0 ? pickIdx : 0];
        s = { ...pick, ...stripUndefined({ description: base.description ?? pick.description }) };
        variantNote = `Accepts ${uniq.join(' or ')}.`;
      }
    }
  }

  const type = inferType(s);
  const out: Json = { type };
  let description = typeof s.description === 'string' ? s.description : typeof s.title === 'string' ? s.title : '';
  if (variantNote) description = description ? `${description} ${variantNote}` : variantNote;
  if (s.type === 'file') out.format = 'binary';
  if (description) out.description = clip(description, 300);
  if (typeof s.format === 'string') out.format = s.format;
  if (nullable && type !== 'null') out.nullable = true;
  if (s.deprecated === true) out.deprecated = true;

  if (Array.isArray(s.enum)) {
    const vals = s.enum.filter((v) => v !== null && (type === 'string' ? typeof v === 'string' || typeof v === 'number' : typeMatches(type, v)));
    const norm = type === 'string' ? [...new Set(vals.map(String))] : vals;
    if (norm.length) out.enum = norm.slice(0, 200);
  }
  if (s.const !== undefined && s.const !== null && typeMatches(type, s.const)) out.const = s.const;
  if (s.default !== undefined && s.default !== null) {
    let d = s.default;
    if (type === 'string' && (typeof d === 'number' || typeof d === 'boolean')) d = String(d);
    if (typeMatches(type, d) && JSON.stringify(d).length <= 200) out.default = d;
  }
  const ex = smallExamples(s);
  if (ex) {
    const ok = ex.filter((e) => typeMatches(type, e) || (type === 'string' && (typeof e === 'number' || typeof e === 'boolean')));
    if (ok.length) out.examples = type === 'string' ? ok.map((e) => (typeof e === 'string' ? e : String(e))) : ok;
  }
  for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems']) {
    if (typeof s[k] === 'number' && Number.isFinite(s[k])) out[k] = s[k];
  }
  if (typeof s.pattern === 'string' && s.pattern.length <= 200) out.pattern = s.pattern;
  if (s.uniqueItems === true) out.uniqueItems = true;

  const expand = !cyclic && depth < ctx.maxDepth && ctx.nodes < ctx.maxNodes;
  if (type === 'object') {
    if (isObj(s.properties) && expand) {
      const props: Json = {};
      for (const [k, v] of Object.entries(s.properties)) {
        const p = normSchema(ctx, v, pointerOf(at, 'properties', k), depth + 1, innerStack);
        if (p) props[k] = p;
      }
      out.properties = props;
      if (Array.isArray(s.required)) {
        const req = s.required.filter((r): r is string => typeof r === 'string' && r in props);
        if (req.length) out.required = [...new Set(req)];
      }
    } else if (isObj(s.additionalProperties) && expand) {
      const ap = normSchema(ctx, s.additionalProperties, pointerOf(at, 'additionalProperties'), depth + 1, innerStack);
      if (ap) out.additionalProperties = ap;
    }
  } else if (type === 'array') {
    let items: Json | null = null;
    if (s.items !== undefined && !Array.isArray(s.items)) {
      if (expand) items = normSchema(ctx, s.items, pointerOf(at, 'items'), depth + 1, innerStack);
      else {
        const it = flatten(ctx, s.items, pointerOf(at, 'items'), innerStack).s;
        items = { type: inferType(it) };
        if (typeof it.description === 'string') items.description = clip(it.description, 200);
      }
    }
    out.items = items ?? { type: 'string' };
  }
  return out;
}

function stripUndefined(o: Json): Json {
  const r: Json = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) r[k] = v;
  return r;
}

/** normalise with decreasing depth until the serialized schema fits `maxBytes` */
function normSized(doc: Json, mode: 'input' | 'output', node: unknown, at: string, maxBytes: number, startDepth: number): Json | null {
  let last: Json | null = null;
  for (let depth = startDepth; depth >= 0; depth--) {
    const ctx: SchemaCtx = { doc, mode, maxDepth: depth, nodes: 0, maxNodes: 4000 };
    last = normSchema(ctx, node, at, 0, []);
    if (!last || JSON.stringify(last).length <= maxBytes) return last;
  }
  if (last) {
    // still too large (huge enums / descriptions): keep the bare shape
    const bare: Json = { type: last.type };
    if (last.description) bare.description = last.description;
    if (last.type === 'array') bare.items = { type: 'object' };
    return bare;
  }
  return last;
}

// ---------------------------------------------------------------------------------------------
// Auth schemes derived from components.securitySchemes
// ---------------------------------------------------------------------------------------------

const f = (name: string, displayName: string, description: string, required: boolean, secret = false, def?: string): AuthField => ({
  name,
  displayName,
  description,
  type: 'string',
  required,
  ...(def !== undefined ? { default: def } : {}),
  ...(secret ? { secret: true } : {}),
});

export function oauth2AuthConfigFields(opts: { authorizationUrl?: string; tokenUrl?: string; scopes?: string[] } = {}) {
  return {
    required: [f('client_id', 'Client ID', 'OAuth2 client ID of your app', true), f('client_secret', 'Client Secret', 'OAuth2 client secret of your app', true, true)],
    optional: [
      f('scopes', 'Scopes', 'Space or comma separated scopes to request', false, false, opts.scopes?.join(',')),
      f('authorization_url', 'Authorization URL', 'Override the authorization endpoint', false, false, opts.authorizationUrl),
      f('token_url', 'Token URL', 'Override the token endpoint', false, false, opts.tokenUrl),
      f('base_url', 'Base URL', 'Override the API base URL', false),
    ],
  };
}

function deriveAuthSchemes(doc: Json): AuthSchemeDef[] {
  const schemes = isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const out: AuthSchemeDef[] = [];
  const apiKeys: { key: string; s: Json }[] = [];
  for (const [key, raw] of Object.entries(schemes)) {
    const s = deref<Json>(doc, raw, `components.securitySchemes.${key}`);
    if (!isObj(s)) continue;
    if (s.type === 'oauth2' && isObj(s.flows)) {
      const flow = (s.flows.authorizationCode ?? s.flows.implicit) as Json | undefined;
      if (!isObj(flow)) continue;
      const tokenUrl = typeof flow.tokenUrl === 'string' ? flow.tokenUrl : undefined;
      const authorizationUrl = typeof flow.authorizationUrl === 'string' ? flow.authorizationUrl : undefined;
      if (out.some((o) => o.mode === 'OAUTH2')) continue;
      out.push({
        mode: 'OAUTH2',
        name: `${key} (OAuth2)`,
        authConfigFields: oauth2AuthConfigFields({ authorizationUrl, tokenUrl }),
        connectionFields: { required: [], optional: [] },
        placement: [{ in: 'bearer', field: 'access_token' }],
        oauth: { authorizationUrl, tokenUrl, defaultScopes: [], scopeSeparator: ' ' },
      });
    } else if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer') {
      out.push({
        mode: 'BEARER_TOKEN',
        name: 'Bearer token',
        authConfigFields: { required: [], optional: [] },
        connectionFields: { required: [f('token', 'Token', 'Bearer token', true, true)], optional: [] },
        placement: [{ in: 'bearer', field: 'token' }],
      });
    } else if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'basic') {
      out.push({
        mode: 'BASIC',
        name: 'Basic auth',
        authConfigFields: { required: [], optional: [] },
        connectionFields: { required: [f('username', 'Username', 'Username', true), f('password', 'Password', 'Password', true, true)], optional: [] },
        placement: [{ in: 'basic', usernameField: 'username', passwordField: 'password' }],
      });
    } else if (s.type === 'apiKey' && typeof s.name === 'string' && (s.in === 'header' || s.in === 'query')) {
      apiKeys.push({ key, s });
    }
  }
  if (apiKeys.length) {
    const single = apiKeys.length === 1;
    const fields: AuthField[] = [];
    const placement: CredentialPlacement[] = [];
    for (const { key, s } of apiKeys) {
      const field = single ? 'api_key' : sanitizeArg(key).toLowerCase();
      fields.push(f(field, single ? 'API Key' : humanize(key), typeof s.description === 'string' ? clip(s.description, 200) : `${s.in} ${s.name}`, true, true));
      placement.push(s.in === 'header' ? { in: 'header', name: s.name as string, field } : { in: 'query', name: s.name as string, field });
    }
    out.push({
      mode: 'API_KEY',
      name: 'API key',
      authConfigFields: { required: [], optional: [] },
      connectionFields: { required: fields, optional: [] },
      placement,
    });
  }
  return out;
}

/** parameter names consumed by security schemes (never exposed as tool arguments) */
function securityParamNames(doc: Json): { headers: Set<string>; queries: Set<string> } {
  const headers = new Set<string>();
  const queries = new Set<string>();
  const schemes = isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  for (const raw of Object.values(schemes)) {
    if (!isObj(raw) || raw.type !== 'apiKey' || typeof raw.name !== 'string') continue;
    if (raw.in === 'header') headers.add(raw.name.toLowerCase());
    if (raw.in === 'query') queries.add(raw.name.toLowerCase());
  }
  return { headers, queries };
}

function serverUrl(server: unknown): string | undefined {
  if (!isObj(server) || typeof server.url !== 'string') return undefined;
  let url = server.url;
  if (isObj(server.variables)) {
    for (const [name, v] of Object.entries(server.variables)) {
      if (isObj(v) && v.default !== undefined) url = url.split(`{${name}}`).join(String(v.default));
    }
  }
  return url.replace(/\/+$/, '');
}

// ---------------------------------------------------------------------------------------------
// Main entry
// ---------------------------------------------------------------------------------------------

interface RawOp {
  method: (typeof METHODS)[number];
  path: string;
  op: Json;
  pathItem: Json;
  at: string;
}

function pickMedia(content: Json): { type: string; media: Json } | undefined {
  const keys = Object.keys(content);
  if (!keys.length) return undefined;
  const order = [
    (k: string) => k === 'application/json',
    (k: string) => /[/+]json\b/.test(k) || k.includes('json'),
    (k: string) => k === 'application/x-www-form-urlencoded',
    (k: string) => k === 'multipart/form-data',
    () => true,
  ];
  for (const test of order) {
    const k = keys.find(test);
    if (k && isObj(content[k])) return { type: k, media: content[k] as Json };
  }
  return undefined;
}

export function compileOpenApi(doc: unknown, opts: CompileOptions): CompileResult {
  if (!isObj(doc)) throw new CatalogCompileError('', 'document must be a JSON object');
  if (!opts || typeof opts.slug !== 'string' || !/^[a-z0-9][a-z0-9_]*$/.test(opts.slug)) {
    throw new CatalogCompileError('', `toolkit slug '${opts?.slug}' must match [a-z0-9][a-z0-9_]*`);
  }
  if (typeof doc.swagger === 'string') throw new CatalogCompileError('swagger', `Swagger ${doc.swagger} is not supported; convert the document to OpenAPI 3.x first`);
  if (typeof doc.openapi !== 'string' || !/^3\./.test(doc.openapi)) throw new CatalogCompileError('openapi', 'expected an OpenAPI 3.x version string (e.g. "3.0.3")');
  if (!isObj(doc.info)) throw new CatalogCompileError('info', 'missing info object');
  if (!isObj(doc.paths)) throw new CatalogCompileError('paths', 'missing paths object');

  const docJ: Json = doc;
  const warnings: string[] = [];
  const prefix = opts.slug.toUpperCase();
  const maxSlug = opts.maxSlugLength ?? 64;
  const maxDesc = opts.maxDescription ?? 1000;
  const maxIn = opts.maxInputSchemaBytes ?? 24_000;
  const maxOut = opts.maxOutputSchemaBytes ?? 6_000;
  const skip = new Set((opts.skipParameters ?? []).map((s) => s.toLowerCase()));
  const sec = securityParamNames(doc);
  const docServer = Array.isArray(doc.servers) ? serverUrl(doc.servers[0]) : undefined;
  const baseUrl = (opts.baseUrl ?? docServer ?? '').replace(/\/+$/, '');
  const important = new Set(opts.important ?? []);

  // collect operations in document order
  const raw: RawOp[] = [];
  for (const [path, itemRaw] of Object.entries(doc.paths)) {
    const at = pointerOf('paths', path);
    if (!path.startsWith('/')) throw new CatalogCompileError(at, 'path must start with "/"');
    const pathItem = deref<Json>(doc, itemRaw, at);
    if (!isObj(pathItem)) throw new CatalogCompileError(at, 'path item must be an object');
    for (const method of METHODS) {
      const op = pathItem[method];
      if (op === undefined) continue;
      if (!isObj(op)) throw new CatalogCompileError(pointerOf(at, method), 'operation must be an object');
      const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
      if (opts.include && !opts.include({ method, path, operationId: typeof op.operationId === 'string' ? op.operationId : undefined, tags })) continue;
      raw.push({ method, path, op, pathItem, at: pointerOf(at, method) });
    }
  }

  // slugs: summary-based, falling back to operationId, deduped deterministically in document order
  const strip = (s: string) => (opts.slugStrip ? s.replace(opts.slugStrip, '') : s);
  const fit = (body: string) => {
    let b = body.startsWith(prefix + '_') ? body.slice(prefix.length + 1) : body;
    if (!b) b = 'CALL';
    let slug = `${prefix}_${b}`;
    if (slug.length > maxSlug) {
      slug = slug.slice(0, maxSlug);
      const cut = slug.lastIndexOf('_');
      if (cut > prefix.length + 8) slug = slug.slice(0, cut);
    }
    return slug;
  };
  const candidates = raw.map(({ method, path, op }) => {
    const list: string[] = [];
    const summary = typeof op.summary === 'string' ? toUpperSnake(strip(op.summary.trim())) : '';
    const opId = typeof op.operationId === 'string' ? toUpperSnake(strip(op.operationId)) : '';
    const mp = toUpperSnake(`${method} ${path.replace(/[{}]/g, '')}`);
    const summaryOk = summary && summary.split('_').length <= 12 && `${prefix}_${summary}`.length <= maxSlug;
    if (summaryOk) list.push(fit(summary));
    if (opId) list.push(fit(opId));
    if (summary && !summaryOk) list.push(fit(summary));
    list.push(fit(mp));
    return list;
  });
  const used = new Set<string>();
  const slugs = candidates.map((c) => {
    // a colliding primary is kept by the first operation only; later ones take their next candidate
    for (const s of c) {
      if (!used.has(s)) {
        used.add(s);
        return s;
      }
    }
    let n = 2;
    while (used.has(`${c[0]}_${n}`)) n++;
    const s = `${c[0]}_${n}`;
    used.add(s);
    return s;
  });

  const tools: ToolDef[] = [];
  raw.forEach((r, idx) => {
    try {
      const tool = compileOperation(r, slugs[idx]);
      tools.push(tool);
    } catch (e) {
      if (!(opts.lenient && e instanceof CatalogCompileError)) throw e;
      warnings.push(`${e.message} (operation skipped)`);
    }
  });

  function compileOperation({ method, path, op, pathItem, at }: RawOp, slug: string): ToolDef {
    const properties: Json = {};
    const required: string[] = [];
    const params: ToolHttp['params'] = {};
    const taken = new Set<string>();
    const claim = (name: string, loc: string) => {
      let arg = sanitizeArg(name);
      if (taken.has(arg)) arg = sanitizeArg(`${name}_${loc}`);
      let n = 2;
      const base = arg;
      while (taken.has(arg)) arg = `${base}_${n++}`;
      taken.add(arg);
      return arg;
    };

    // parameters: path-level then operation-level (operation overrides same name+in)
    const merged = new Map<string, { p: Json; at: string }>();
    const addParams = (list: unknown, listAt: string) => {
      if (list === undefined) return;
      if (!Array.isArray(list)) throw new CatalogCompileError(listAt, 'parameters must be an array');
      list.forEach((item, i) => {
        const pAt = pointerOf(listAt, i);
        try {
          const p = deref<Json>(docJ, item, pAt);
          if (!isObj(p)) throw new CatalogCompileError(pAt, 'parameter must be an object');
          if (typeof p.name !== 'string' || !p.name) throw new CatalogCompileError(pAt, 'missing name');
          if (!['path', 'query', 'header', 'cookie'].includes(p.in as string)) {
            throw new CatalogCompileError(pAt, `invalid "in" ${JSON.stringify(p.in)} (expected path, query, header or cookie)`);
          }
          merged.set(`${p.in}:${p.name}`, { p, at: pAt });
        } catch (e) {
          if (!(opts.lenient && e instanceof CatalogCompileError)) throw e;
          warnings.push(`${e.message} (parameter skipped)`);
        }
      });
    };
    addParams(pathItem.parameters, pointerOf('paths', path, 'parameters'));
    addParams(op.parameters, pointerOf(at, 'parameters'));

    const declaredPath = new Set([...merged.values()].filter(({ p }) => p.in === 'path').map(({ p }) => p.name as string));
    for (const m of path.matchAll(/\{([^}]+)\}/g)) {
      if (!declaredPath.has(m[1])) {
        merged.set(`path:${m[1]}`, { p: { name: m[1], in: 'path', required: true, schema: { type: 'string' } }, at });
        warnings.push(`${at}: path parameter {${m[1]}} was not declared; added as a string`);
      }
    }

    const order = ['path', 'query', 'header'];
    const sorted = [...merged.values()].filter(({ p }) => p.in !== 'cookie').sort((a, b) => order.indexOf(a.p.in as string) - order.indexOf(b.p.in as string));
    for (const { p, at: pAt } of sorted) {
      const name = p.name as string;
      const lower = name.toLowerCase();
      if (skip.has(lower)) continue;
      if (p.in === 'header' && (SKIP_HEADERS.has(lower) || sec.headers.has(lower))) continue;
      if (p.in === 'query' && sec.queries.has(lower)) continue;
      let schemaNode: unknown = p.schema;
      if (schemaNode === undefined && isObj(p.content)) {
        const m = pickMedia(p.content);
        schemaNode = m?.media.schema;
      }
      if (schemaNode === undefined && typeof p.type === 'string') schemaNode = { type: p.type, items: p.items, enum: p.enum, format: p.format };
      const schema = normSized(docJ, 'input', schemaNode ?? { type: 'string' }, pointerOf(pAt, 'schema'), 4000, 3) ?? { type: 'string' };
      if (typeof p.description === 'string' && p.description.trim()) schema.description = clip(p.description, 500);
      if (p.deprecated === true) schema.deprecated = true;
      if (!schema.examples) {
        let ex: unknown = p.example;
        if (ex === undefined && isObj(p.examples)) {
          const first = Object.values(p.examples)[0];
          if (isObj(first)) ex = first.value;
        }
        if (ex !== undefined && ex !== null && JSON.stringify(ex).length <= 200 && typeMatches(schema.type as string, ex)) schema.examples = [ex];
      }
      const arg = claim(name, p.in as string);
      properties[arg] = schema;
      params[arg] = { in: p.in as 'path' | 'query' | 'header', name };
      if (p.in === 'path' || p.required === true) required.push(arg);
    }

    // request body
    let bodyArg: string | undefined;
    let contentType: string | undefined;
    if (op.requestBody !== undefined) {
      const rbAt = pointerOf(at, 'requestBody');
      const rb = deref<Json>(docJ, op.requestBody, rbAt);
      if (!isObj(rb)) throw new CatalogCompileError(rbAt, 'requestBody must be an object');
      if (rb.content !== undefined && !isObj(rb.content)) throw new CatalogCompileError(pointerOf(rbAt, 'content'), 'content must be an object');
      const picked = isObj(rb.content) ? pickMedia(rb.content) : undefined;
      if (picked) {
        contentType = picked.type.toLowerCase().includes('json') && picked.type !== 'application/json' ? picked.type : picked.type;
        const mAt = pointerOf(rbAt, 'content', picked.type, 'schema');
        const isJsonish = /json|form/.test(picked.type);
        const schema = picked.media.schema !== undefined ? normSized(docJ, 'input', picked.media.schema, mAt, maxIn, 4) : null;
        if (schema && schema.type === 'object' && isObj(schema.properties) && Object.keys(schema.properties).length) {
          const req = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
          for (const [k, v] of Object.entries(schema.properties)) {
            let arg = sanitizeArg(k);
            if (taken.has(arg)) arg = claim(`body_${k}`, 'body');
            else taken.add(arg);
            properties[arg] = v;
            params[arg] = { in: 'body', name: k };
            if (req.has(k)) required.push(arg);
          }
        } else {
          bodyArg = claim('request_body', 'body');
          const whole: Json = schema ?? (isJsonish ? { type: 'object' } : { type: 'string', format: 'binary' });
          if (!whole.description) whole.description = typeof rb.description === 'string' && rb.description.trim() ? clip(rb.description, 500) : `Request body (${picked.type})`;
          properties[bodyArg] = whole;
          if (rb.required === true) required.push(bodyArg);
        }
      }
    }

    // output: first 2xx response with content
    let data: Json = { type: 'object', description: 'Response payload' };
    if (op.responses !== undefined && !isObj(op.responses)) throw new CatalogCompileError(pointerOf(at, 'responses'), 'responses must be an object');
    const responses = isObj(op.responses) ? op.responses : {};
    const codes = Object.keys(responses)
      .filter((c) => /^2/.test(c))
      .sort();
    for (const code of codes) {
      const rAt = pointerOf(at, 'responses', code);
      const r = deref<Json>(docJ, responses[code], rAt);
      if (!isObj(r) || !isObj(r.content)) continue;
      const picked = pickMedia(r.content);
      if (!picked || picked.media.schema === undefined) continue;
      const schema = normSized(docJ, 'output', picked.media.schema, pointerOf(rAt, 'content', picked.type, 'schema'), maxOut, 3);
      if (schema) data = schema;
      if (!data.description && typeof r.description === 'string') data.description = clip(r.description, 300);
      break;
    }

    const scopes = new Set<string>();
    let noAuth = opts.noAuth ?? false;
    if (Array.isArray(op.security)) {
      if (op.security.length === 0 || op.security.some((req) => isObj(req) && Object.keys(req).length === 0)) noAuth = true;
      for (const req of op.security) if (isObj(req)) for (const list of Object.values(req)) if (Array.isArray(list)) for (const s of list) if (typeof s === 'string') scopes.add(s);
    }

    const summary = typeof op.summary === 'string' ? op.summary.trim() : '';
    const cleanSummary = summary.replace(/\(\)$/, '').replace(/\.$/, '').trim();
    const name = cleanSummary && cleanSummary.length <= 120 ? (/\s/.test(cleanSummary) ? cleanSummary : humanize(cleanSummary)) : humanize(strip(typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`));
    const descText = (typeof op.description === 'string' && op.description.trim()) || summary || name;
    const opServer = Array.isArray(op.servers) && op.servers.length ? serverUrl(op.servers[0]) : Array.isArray(pathItem.servers) && pathItem.servers.length ? serverUrl(pathItem.servers[0]) : undefined;

    const http: ToolHttp = { method: method.toUpperCase() as ToolHttp['method'], path, params };
    if (bodyArg) http.bodyArg = bodyArg;
    if (contentType) http.contentType = contentType;
    if (opServer && opServer !== baseUrl) http.serverUrl = opServer;

    const opId = typeof op.operationId === 'string' ? op.operationId : undefined;
    const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
    const inputParameters: JsonSchemaObject = { type: 'object', properties };
    if (required.length) inputParameters.required = [...new Set(required)];
    return {
      slug,
      name,
      description: clip(descText, maxDesc),
      toolkit: opts.slug,
      tags,
      scopes: [...scopes],
      important: important.has(slug) || (opId !== undefined && important.has(opId)) || important.has(`${method.toUpperCase()} ${path}`),
      noAuth,
      deprecated: op.deprecated === true,
      inputParameters,
      outputParameters: {
        type: 'object',
        properties: {
          data,
          successful: { type: 'boolean', description: 'Whether the call succeeded' },
          error: { type: 'string', nullable: true, description: 'Error message when the call failed' },
        },
        required: ['data', 'successful'],
      },
      http,
    };
  }

  const info = doc.info;
  const authSchemes = opts.authSchemes ?? deriveAuthSchemes(doc);
  const title = typeof info.title === 'string' && info.title.trim() ? info.title.trim() : opts.slug;
  const toolkit: ToolkitDef = {
    slug: opts.slug,
    name: opts.name ?? title,
    description: clip(opts.description ?? (typeof info.description === 'string' && info.description.trim() ? info.description : title), 500),
    logo: opts.logo ?? '',
    ...(opts.appUrl ? { appUrl: opts.appUrl } : {}),
    categories: opts.categories ?? [],
    version: opts.version ?? '00000000_00',
    baseUrl,
    authSchemes,
    noAuth: opts.noAuth ?? authSchemes.length === 0,
    toolsCount: tools.length,
    ...(opts.getCurrentUserEndpoint ? { getCurrentUserEndpoint: opts.getCurrentUserEndpoint } : {}),
    source: opts.source ?? { package: 'custom', version: typeof info.version === 'string' ? info.version : '', document: 'inline' },
  };
  return { toolkit, tools, warnings };
}
