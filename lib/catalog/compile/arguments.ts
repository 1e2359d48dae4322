/**
 * A tool's input arguments: the operation's path, query and header parameters, then the properties of
 * its request body flattened to the top level (or one `request_body` argument), each under a name an LLM
 * can call with and mapped back to the provider's name in `http.params`.
 */
import type { ToolHttp } from '../types';
import { pickMedia, type RawOp } from './document';
import { isObj, type Json } from './json';
import type { CompileContext } from './options';
import { CatalogCompileError, deref, pointerOf } from './pointer';
import { normSized, typeMatches } from './schema';
import { clip, sanitizeArg } from './text';

/** headers the HTTP client sets itself, never arguments */
const SKIP_HEADERS = new Set([
  'accept',
  'content-type',
  'authorization',
  'user-agent',
  'content-length',
  'cookie',
  'host',
]);

const PARAMETER_ORDER = ['path', 'query', 'header'];

export interface Arguments {
  properties: Json;
  required: string[];
  params: ToolHttp['params'];
  /** the argument holding the whole body, when the body is not an object of properties */
  bodyArg?: string;
  contentType?: string;
}

interface Parameter {
  p: Json;
  at: string;
}

/** argument names handed out so far; a clash gets the location, then a number */
class ArgNames {
  readonly taken = new Set<string>();

  claim(name: string, loc: string): string {
    let arg = sanitizeArg(name);
    if (this.taken.has(arg)) arg = sanitizeArg(`${name}_${loc}`);
    let n = 2;
    const base = arg;
    while (this.taken.has(arg)) arg = `${base}_${n++}`;
    this.taken.add(arg);
    return arg;
  }
}

export function operationArguments(c: CompileContext, r: RawOp): Arguments {
  const args: Arguments = { properties: {}, required: [], params: {} };
  const names = new ArgNames();
  for (const { p, at } of exposedParameters(c, collectParameters(c, r))) {
    const name = p.name as string;
    const arg = names.claim(name, p.in as string);
    args.properties[arg] = parameterSchema(c, p, at);
    args.params[arg] = { in: p.in as 'path' | 'query' | 'header', name };
    if (p.in === 'path' || p.required === true) args.required.push(arg);
  }
  if (r.op.requestBody !== undefined) addRequestBody(c, args, names, r);
  return args;
}

/** path-level then operation-level parameters (operation overrides same name+in), plus undeclared path ones */
function collectParameters(c: CompileContext, { path, op, pathItem, at }: RawOp): Map<string, Parameter> {
  const merged = new Map<string, Parameter>();
  addParameterList(c, merged, pathItem.parameters, pointerOf('paths', path, 'parameters'));
  addParameterList(c, merged, op.parameters, pointerOf(at, 'parameters'));

  const declaredPath = new Set(
    [...merged.values()].filter(({ p }) => p.in === 'path').map(({ p }) => p.name as string),
  );
  for (const m of path.matchAll(/\{([^}]+)\}/g)) {
    if (!declaredPath.has(m[1]!)) {
      merged.set(`path:${m[1]}`, { p: { name: m[1], in: 'path', required: true, schema: { type: 'string' } }, at });
      c.warnings.push(`${at}: path parameter {${m[1]}} was not declared; added as a string`);
    }
  }
  return merged;
}

function addParameterList(c: CompileContext, merged: Map<string, Parameter>, list: unknown, listAt: string): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) throw new CatalogCompileError(listAt, 'parameters must be an array');
  list.forEach((item, i) => {
    const pAt = pointerOf(listAt, i);
    try {
      const p = deref<Json>(c.doc, item, pAt);
      if (!isObj(p)) throw new CatalogCompileError(pAt, 'parameter must be an object');
      if (typeof p.name !== 'string' || !p.name) throw new CatalogCompileError(pAt, 'missing name');
      if (!['path', 'query', 'header', 'cookie'].includes(p.in as string)) {
        throw new CatalogCompileError(
          pAt,
          `invalid "in" ${JSON.stringify(p.in)} (expected path, query, header or cookie)`,
        );
      }
      merged.set(`${p.in}:${p.name}`, { p, at: pAt });
    } catch (e) {
      if (!(c.opts.lenient && e instanceof CatalogCompileError)) throw e;
      c.warnings.push(`${e.message} (parameter skipped)`);
    }
  });
}

/** path, then query, then header parameters; cookies, skipped names and credentials left out */
function exposedParameters(c: CompileContext, merged: Map<string, Parameter>): Parameter[] {
  return [...merged.values()]
    .filter(({ p }) => p.in !== 'cookie')
    .sort((a, b) => PARAMETER_ORDER.indexOf(a.p.in as string) - PARAMETER_ORDER.indexOf(b.p.in as string))
    .filter(({ p }) => {
      const lower = (p.name as string).toLowerCase();
      if (c.skip.has(lower)) return false;
      if (p.in === 'header' && (SKIP_HEADERS.has(lower) || c.sec.headers.has(lower))) return false;
      if (p.in === 'query' && c.sec.queries.has(lower)) return false;
      return true;
    });
}

/** the parameter's schema (OAS 3 `schema`, a `content` map, or Swagger-style inline type) with its docs */
function parameterSchema(c: CompileContext, p: Json, pAt: string): Json {
  let schemaNode: unknown = p.schema;
  if (schemaNode === undefined && isObj(p.content)) {
    const m = pickMedia(p.content);
    schemaNode = m?.media.schema;
  }
  if (schemaNode === undefined && typeof p.type === 'string')
    schemaNode = { type: p.type, items: p.items, enum: p.enum, format: p.format };
  const schema = normSized(c.doc, 'input', schemaNode ?? { type: 'string' }, pointerOf(pAt, 'schema'), 4000, 3) ?? {
    type: 'string',
  };
  if (typeof p.description === 'string' && p.description.trim()) schema.description = clip(p.description, 500);
  if (p.deprecated === true) schema.deprecated = true;
  if (!schema.examples) {
    let ex: unknown = p.example;
    if (ex === undefined && isObj(p.examples)) {
      const first = Object.values(p.examples)[0];
      if (isObj(first)) ex = first.value;
    }
    if (ex !== undefined && ex !== null && JSON.stringify(ex).length <= 200 && typeMatches(schema.type as string, ex))
      schema.examples = [ex];
  }
  return schema;
}

/** an object body's properties as arguments, any other body as one `request_body` argument */
function addRequestBody(c: CompileContext, args: Arguments, names: ArgNames, { op, at }: RawOp): void {
  const rbAt = pointerOf(at, 'requestBody');
  const rb = deref<Json>(c.doc, op.requestBody, rbAt);
  if (!isObj(rb)) throw new CatalogCompileError(rbAt, 'requestBody must be an object');
  if (rb.content !== undefined && !isObj(rb.content))
    throw new CatalogCompileError(pointerOf(rbAt, 'content'), 'content must be an object');
  const picked = isObj(rb.content) ? pickMedia(rb.content) : undefined;
  if (!picked) return;
  args.contentType = picked.type;
  const mAt = pointerOf(rbAt, 'content', picked.type, 'schema');
  const isJsonish = /json|form/.test(picked.type);
  const schema =
    picked.media.schema !== undefined ? normSized(c.doc, 'input', picked.media.schema, mAt, c.maxIn, 4) : null;
  if (schema && schema.type === 'object' && isObj(schema.properties) && Object.keys(schema.properties).length) {
    const req = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [k, v] of Object.entries(schema.properties)) {
      let arg = sanitizeArg(k);
      if (names.taken.has(arg)) arg = names.claim(`body_${k}`, 'body');
      else names.taken.add(arg);
      args.properties[arg] = v;
      args.params[arg] = { in: 'body', name: k };
      if (req.has(k)) args.required.push(arg);
    }
    return;
  }
  const bodyArg = names.claim('request_body', 'body');
  args.bodyArg = bodyArg;
  const whole: Json = schema ?? (isJsonish ? { type: 'object' } : { type: 'string', format: 'binary' });
  if (!whole.description)
    whole.description =
      typeof rb.description === 'string' && rb.description.trim()
        ? clip(rb.description, 500)
        : `Request body (${picked.type})`;
  args.properties[bodyArg] = whole;
  if (rb.required === true) args.required.push(bodyArg);
}
