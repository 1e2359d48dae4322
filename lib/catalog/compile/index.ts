/**
 * Compiles ONE OpenAPI 3.x document (already parsed into a plain object) into a
 * toolkit definition plus one ToolDef per operation.
 *
 * Used by the build script (scripts/catalog/build.ts) for the curated catalog and
 * at run time by the custom-toolkit import, so it is dependency-free and pure.
 * Invalid documents raise CatalogCompileError whose message starts with a pointer
 * to the offending node, e.g. `paths./pets.get.parameters[0]: missing name`.
 *
 * The steps, each in its own file: check the document and collect its operations (document.ts),
 * give each a slug (slugs.ts), turn each into a tool (operation.ts, arguments.ts, schema.ts), then
 * describe the toolkit with its auth schemes (auth.ts).
 */
import type { ToolDef, ToolkitDef } from '../types';
import { deriveAuthSchemes, securityParamNames } from './auth';
import { assertOpenApi3, collectOperations, type OpenApiDoc, type RawOp, serverUrl } from './document';
import { compileOperation } from './operation';
import type { CompileContext, CompileOptions, CompileResult } from './options';
import { CatalogCompileError } from './pointer';
import { assignSlugs } from './slugs';
import { clip } from './text';

// the error and the option types are part of the compiler's interface: callers import them from here
export type { CompileOptions, CompileResult } from './options';
export { CatalogCompileError } from './pointer';

export function compileOpenApi(doc: unknown, opts: CompileOptions): CompileResult {
  assertOpenApi3(doc, opts);
  const c = compileContext(doc, opts);
  const raw = collectOperations(doc, opts);
  const tools = compileTools(c, raw, assignSlugs(c, raw));
  return { toolkit: toolkitDef(doc, opts, c.baseUrl, tools), tools, warnings: c.warnings };
}

/** the options with their defaults applied, and what the document tells every operation */
function compileContext(doc: OpenApiDoc, opts: CompileOptions): CompileContext {
  const docServer = Array.isArray(doc.servers) ? serverUrl(doc.servers[0]) : undefined;
  const slugStrip = opts.slugStrip;
  return {
    doc,
    opts,
    warnings: [],
    prefix: opts.slug.toUpperCase(),
    maxSlug: opts.maxSlugLength ?? 64,
    maxDesc: opts.maxDescription ?? 1000,
    maxIn: opts.maxInputSchemaBytes ?? 24_000,
    maxOut: opts.maxOutputSchemaBytes ?? 6_000,
    skip: new Set((opts.skipParameters ?? []).map((s) => s.toLowerCase())),
    sec: securityParamNames(doc),
    baseUrl: (opts.baseUrl ?? docServer ?? '').replace(/\/+$/, ''),
    important: new Set(opts.important ?? []),
    strip: (s: string) => (slugStrip ? s.replace(slugStrip, '') : s),
  };
}

/** one tool per operation; in lenient mode an operation that fails is left out with a warning */
function compileTools(c: CompileContext, raw: RawOp[], slugs: string[]): ToolDef[] {
  const tools: ToolDef[] = [];
  raw.forEach((r, idx) => {
    try {
      tools.push(compileOperation(c, r, slugs[idx]!));
    } catch (e) {
      if (!(c.opts.lenient && e instanceof CatalogCompileError)) throw e;
      c.warnings.push(`${e.message} (operation skipped)`);
    }
  });
  return tools;
}

function toolkitDef(doc: OpenApiDoc, opts: CompileOptions, baseUrl: string, tools: ToolDef[]): ToolkitDef {
  const info = doc.info;
  const authSchemes = opts.authSchemes ?? deriveAuthSchemes(doc);
  const title = typeof info.title === 'string' && info.title.trim() ? info.title.trim() : opts.slug;
  return {
    slug: opts.slug,
    name: opts.name ?? title,
    description: clip(
      opts.description ?? (typeof info.description === 'string' && info.description.trim() ? info.description : title),
      500,
    ),
    logo: opts.logo ?? '',
    ...(opts.appUrl ? { appUrl: opts.appUrl } : {}),
    categories: opts.categories ?? [],
    version: opts.version ?? '00000000_00',
    baseUrl,
    authSchemes,
    noAuth: opts.noAuth ?? authSchemes.length === 0,
    toolsCount: tools.length,
    ...(opts.getCurrentUserEndpoint ? { getCurrentUserEndpoint: opts.getCurrentUserEndpoint } : {}),
    source: opts.source ?? {
      package: 'custom',
      version: typeof info.version === 'string' ? info.version : '',
      document: 'inline',
    },
  };
}
