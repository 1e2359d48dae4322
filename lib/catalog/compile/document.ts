/**
 * Reading the document itself: the checks that it is OpenAPI 3.x, its server URLs, the operations in
 * document order, and which media type of a `content` map the compiler reads.
 */
import { isObj, type Json } from './json';
import type { CompileOptions } from './options';
import { CatalogCompileError, deref, pointerOf } from './pointer';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;

/** one operation of the document, where it was found */
export interface RawOp {
  method: (typeof METHODS)[number];
  path: string;
  op: Json;
  pathItem: Json;
  at: string;
}

export type OpenApiDoc = Json & { info: Json; paths: Json };

/** refuses what is not an OpenAPI 3.x document with a valid toolkit slug */
export function assertOpenApi3(doc: unknown, opts: CompileOptions): asserts doc is OpenApiDoc {
  if (!isObj(doc)) throw new CatalogCompileError('', 'document must be a JSON object');
  if (!opts || typeof opts.slug !== 'string' || !/^[a-z0-9][a-z0-9_]*$/.test(opts.slug)) {
    throw new CatalogCompileError('', `toolkit slug '${opts?.slug}' must match [a-z0-9][a-z0-9_]*`);
  }
  if (typeof doc.swagger === 'string')
    throw new CatalogCompileError(
      'swagger',
      `Swagger ${doc.swagger} is not supported; convert the document to OpenAPI 3.x first`,
    );
  if (typeof doc.openapi !== 'string' || !/^3\./.test(doc.openapi))
    throw new CatalogCompileError('openapi', 'expected an OpenAPI 3.x version string (e.g. "3.0.3")');
  if (!isObj(doc.info)) throw new CatalogCompileError('info', 'missing info object');
  if (!isObj(doc.paths)) throw new CatalogCompileError('paths', 'missing paths object');
}

/** a server object's URL with its variables at their defaults, without a trailing slash */
export function serverUrl(server: unknown): string | undefined {
  if (!isObj(server) || typeof server.url !== 'string') return undefined;
  let url = server.url;
  if (isObj(server.variables)) {
    for (const [name, v] of Object.entries(server.variables)) {
      if (isObj(v) && v.default !== undefined) url = url.split(`{${name}}`).join(String(v.default));
    }
  }
  return url.replace(/\/+$/, '');
}

/** the operations `opts.include` keeps, in document order */
export function collectOperations(doc: OpenApiDoc, opts: CompileOptions): RawOp[] {
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
      const operationId = typeof op.operationId === 'string' ? op.operationId : undefined;
      if (opts.include && !opts.include({ method, path, operationId, tags })) continue;
      raw.push({ method, path, op, pathItem, at: pointerOf(at, method) });
    }
  }
  return raw;
}

/** JSON first, then other JSON-like types, then forms, then whatever comes first */
export function pickMedia(content: Json): { type: string; media: Json } | undefined {
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
