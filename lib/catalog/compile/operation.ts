/**
 * One operation → one ToolDef: its arguments, the schema of its first 2xx response, the scopes it asks for,
 * a readable name and description, and the HTTP recipe the executor follows.
 */
import type { JsonSchemaObject, ToolDef, ToolHttp } from '../types';
import { operationArguments } from './arguments';
import { pickMedia, type RawOp, serverUrl } from './document';
import { isObj, type Json } from './json';
import type { CompileContext } from './options';
import { CatalogCompileError, deref, pointerOf } from './pointer';
import { normSized } from './schema';
import { clip, humanize } from './text';

export function compileOperation(c: CompileContext, r: RawOp, slug: string): ToolDef {
  const { method, path, op } = r;
  const args = operationArguments(c, r);
  const data = responseSchema(c, r);
  const { scopes, noAuth } = operationSecurity(c, op);
  const name = toolName(c, r);
  const summary = typeof op.summary === 'string' ? op.summary.trim() : '';
  const descText = (typeof op.description === 'string' && op.description.trim()) || summary || name;

  const http: ToolHttp = { method: method.toUpperCase() as ToolHttp['method'], path, params: args.params };
  if (args.bodyArg) http.bodyArg = args.bodyArg;
  if (args.contentType) http.contentType = args.contentType;
  const opServer = operationServer(r);
  if (opServer && opServer !== c.baseUrl) http.serverUrl = opServer;

  const opId = typeof op.operationId === 'string' ? op.operationId : undefined;
  const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
  const inputParameters: JsonSchemaObject = { type: 'object', properties: args.properties };
  if (args.required.length) inputParameters.required = [...new Set(args.required)];
  return {
    slug,
    name,
    description: clip(descText, c.maxDesc),
    toolkit: c.opts.slug,
    tags,
    scopes: [...scopes],
    important:
      c.important.has(slug) ||
      (opId !== undefined && c.important.has(opId)) ||
      c.important.has(`${method.toUpperCase()} ${path}`),
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
    ...(opId !== undefined ? { operationId: opId } : {}),
  };
}

/** the schema of the first 2xx response with content, else a plain object */
function responseSchema(c: CompileContext, { op, at }: RawOp): Json {
  let data: Json = { type: 'object', description: 'Response payload' };
  if (op.responses !== undefined && !isObj(op.responses))
    throw new CatalogCompileError(pointerOf(at, 'responses'), 'responses must be an object');
  const responses = isObj(op.responses) ? op.responses : {};
  const codes = Object.keys(responses)
    .filter((code) => /^2/.test(code))
    .sort();
  for (const code of codes) {
    const rAt = pointerOf(at, 'responses', code);
    const r = deref<Json>(c.doc, responses[code], rAt);
    if (!isObj(r) || !isObj(r.content)) continue;
    const picked = pickMedia(r.content);
    if (!picked || picked.media.schema === undefined) continue;
    const mAt = pointerOf(rAt, 'content', picked.type, 'schema');
    const schema = normSized(c.doc, 'output', picked.media.schema, mAt, c.maxOut, 3);
    if (schema) data = schema;
    if (!data.description && typeof r.description === 'string') data.description = clip(r.description, 300);
    break;
  }
  return data;
}

/** the scopes the operation's security requirements name; an empty requirement means no auth */
function operationSecurity(c: CompileContext, op: Json): { scopes: Set<string>; noAuth: boolean } {
  const scopes = new Set<string>();
  let noAuth = c.opts.noAuth ?? false;
  if (Array.isArray(op.security)) {
    if (op.security.length === 0 || op.security.some((req) => isObj(req) && Object.keys(req).length === 0))
      noAuth = true;
    for (const req of op.security)
      if (isObj(req))
        for (const list of Object.values(req))
          if (Array.isArray(list)) for (const s of list) if (typeof s === 'string') scopes.add(s);
  }
  return { scopes, noAuth };
}

/** the summary when it reads as prose, else the operationId (or method and path) in words */
function toolName(c: CompileContext, { method, path, op }: RawOp): string {
  const summary = typeof op.summary === 'string' ? op.summary.trim() : '';
  const cleanSummary = summary.replace(/\(\)$/, '').replace(/\.$/, '').trim();
  if (cleanSummary && cleanSummary.length <= 120)
    return /\s/.test(cleanSummary) ? cleanSummary : humanize(cleanSummary);
  return humanize(c.strip(typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`));
}

/** a server declared on the operation, else on its path item */
function operationServer({ op, pathItem }: RawOp): string | undefined {
  if (Array.isArray(op.servers) && op.servers.length) return serverUrl(op.servers[0]);
  if (Array.isArray(pathItem.servers) && pathItem.servers.length) return serverUrl(pathItem.servers[0]);
  return undefined;
}
