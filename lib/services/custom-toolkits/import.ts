import { and, eq } from 'drizzle-orm';
import type YAMLModule from 'yaml';
import { lazyRequire } from '../../lazy-require';
import type { Runtime } from '../../runtime';
import type { ToolkitDef } from '../../catalog/types';
import { CatalogCompileError, compileOpenApi } from '../../catalog/compile';
import { getToolkit } from '../../catalog/registry';
import { customToolkits } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { type ApiError, errors } from '../../contract/errors';
import { notReachable, outboundFailure, outboundFetch, readCapped, UpstreamTooLargeError } from '../../net/outbound';
import { pageArray } from '../../contract/query';
import { invalidateCustomToolkits, loadCustomRow, projectCustomToolkits, type CustomEntry } from './store';

const MAX_DOC = 10 * 1024 * 1024;
const RESERVED = new Set(['custom', 'categories']);

export interface ImportInput {
  slug: string;
  name?: string;
  description?: string;
  logo?: string;
  document?: string | Record<string, unknown>;
  url?: string;
  base_url?: string;
  replace?: boolean;
}

function invalid(message: string, pointer?: string): ApiError {
  return errors.validation(
    `Invalid OpenAPI document: ${message}`,
    [pointer ? `document.${pointer}: ${message.replace(`${pointer}: `, '')}` : `document: ${message}`],
    'Import an OpenAPI 3.x document (JSON or YAML) with info, paths and at least one operation.',
  );
}

const yaml = lazyRequire<typeof YAMLModule>('yaml');

/** Parse JSON or YAML text; YAML errors carry line/column. */
export function parseDocumentText(text: string): unknown {
  const t = text.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.parse(t);
    } catch (e) {
      // fall through to YAML (a superset of JSON) for a better position in the message
      void e;
    }
  }
  const doc = yaml().parseDocument(t, { prettyErrors: true, uniqueKeys: false });
  if (doc.errors.length) {
    const err = doc.errors[0]!;
    const pos = err.linePos?.[0];
    throw invalid(
      `not valid JSON or YAML${pos ? ` (line ${pos.line}, column ${pos.col})` : ''}: ${err.message.split('\n')[0]}`,
    );
  }
  try {
    // Aliases are expanded here: a few "billion laughs" lines would expand into gigabytes, and the
    // yaml package stops at maxAliasCount with a ReferenceError, which is the caller's input, not ours.
    return doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (e) {
    throw invalid(
      /alias/i.test((e as Error).message)
        ? `its YAML aliases expand too far (more than ${MAX_YAML_ALIASES} nodes per alias); write the repeated parts out or use $ref`
        : `not valid YAML: ${(e as Error).message.split('\n')[0]}`,
    );
  }
}

/** The yaml package's bound on alias expansion (its default is 100; real OpenAPI documents may reuse more). */
const MAX_YAML_ALIASES = 1000;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the address';
  }
}

async function fetchDocument(rt: Runtime, url: string): Promise<string> {
  let res;
  try {
    res = await outboundFetch(url, {
      allowInsecure: rt.config.allowInsecureUrls,
      timeoutMs: 15_000,
      headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
    });
  } catch (e) {
    const f = outboundFailure(e);
    if (f.kind === 'form') {
      throw errors.badRequest(
        `Cannot fetch ${url}: ${f.detail}`,
        'CustomToolkit_UrlRefused',
        'Use a public https:// URL, or send the document in the body.',
      );
    }
    // a private address, a name that does not resolve, a refused connection: one answer for all
    throw errors.badRequest(
      `Cannot fetch ${url}: ${f.kind === 'timeout' ? 'no answer in time' : notReachable(hostOf(url), f.detail)}`,
      'CustomToolkit_UrlUnreachable',
      'Use a public https:// URL that answers, or send the document in the body.',
    );
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw errors.badRequest(
      `Fetching ${url} answered with a redirect (${res.status}); redirects are not followed`,
      'CustomToolkit_UrlRedirect',
      'Give the final URL of the document.',
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw errors.badRequest(`Fetching ${url} failed with HTTP ${res.status}`, 'CustomToolkit_UrlFailed');
  }
  const limit = Math.min(MAX_DOC, rt.config.upstreamMaxBytes);
  try {
    return (await readCapped(res, limit)).toString('utf8');
  } catch (e) {
    if (e instanceof UpstreamTooLargeError) {
      throw errors.badRequest(
        `The document at ${url} is larger than ${limit} bytes`,
        'CustomToolkit_DocumentTooLarge',
        'Import a smaller document, or send it in the body.',
      );
    }
    throw errors.badRequest(`Cannot read ${url}: ${(e as Error).message}`, 'CustomToolkit_UrlUnreachable');
  }
}

export function customSummary(e: CustomEntry) {
  return {
    id: e.id,
    slug: e.toolkit.slug,
    name: e.toolkit.name,
    description: e.toolkit.description,
    base_url: e.toolkit.baseUrl,
    auth_schemes: e.toolkit.authSchemes.map((s) => s.mode),
    tools_count: e.tools.length,
    tools: e.tools.map((t) => t.slug),
    source_url: e.row.sourceUrl,
    warnings: e.row.warnings,
    created_at: e.row.createdAt.toISOString(),
    updated_at: e.row.updatedAt.toISOString(),
    kind: e.toolkit.mcp ? ('mcp' as const) : ('openapi' as const),
    version: e.toolkit.mcp && e.toolkit.version && !/^0+_0+$/.test(e.toolkit.version) ? e.toolkit.version : null,
    mcp: e.toolkit.mcp
      ? {
          url: e.toolkit.mcp.url,
          transport: 'auto' as const,
          // names only: a value may hold a literal secret next to the key placeholder
          api_key_headers: Object.keys(e.toolkit.mcp.headers ?? {}),
          discovery_url: e.toolkit.mcp.discoveryUrl ?? null,
        }
      : null,
  };
}

/** Import (or replace) a project toolkit from an OpenAPI 3.x document. */
export async function importCustomToolkit(rt: Runtime, projectId: string, input: ImportInput) {
  const slug = input.slug;
  if (RESERVED.has(slug) || getToolkit(slug)) {
    throw errors.conflict(
      `Toolkit slug "${slug}" is taken by a built-in toolkit; choose another slug`,
      'CustomToolkit_SlugTaken',
    );
  }
  if (!input.document === !input.url) {
    throw errors.validation('Give exactly one of document or url', [
      'body.document: give the OpenAPI document, or body.url to fetch it from',
    ]);
  }
  let text: string;
  let parsed: unknown;
  if (input.url) {
    text = await fetchDocument(rt, input.url);
    parsed = parseDocumentText(text);
  } else if (typeof input.document === 'string') {
    text = input.document;
    parsed = parseDocumentText(text);
  } else {
    parsed = input.document;
    text = JSON.stringify(input.document);
  }
  let compiled;
  try {
    compiled = compileOpenApi(parsed, {
      slug,
      name: input.name,
      description: input.description,
      logo: input.logo,
      baseUrl: input.base_url,
      source: { package: 'custom', version: '', document: input.url ?? 'inline' },
    });
  } catch (e) {
    if (e instanceof CatalogCompileError) throw invalid(e.message, e.pointer || undefined);
    throw e;
  }
  if (!compiled.tools.length) throw invalid('the document has no operations under paths', 'paths');
  if (!compiled.toolkit.baseUrl) {
    throw invalid('no server URL: add servers[0].url to the document or give base_url', 'servers');
  }
  // small documents: every operation counts as "important" (the SDK asks for important tools by default)
  const important = compiled.tools.some((t) => t.important);
  const tools =
    important || compiled.tools.length > 30 ? compiled.tools : compiled.tools.map((t) => ({ ...t, important: true }));
  const toolkit: ToolkitDef = {
    ...compiled.toolkit,
    categories: compiled.toolkit.categories.length ? compiled.toolkit.categories : [{ slug: 'custom', name: 'Custom' }],
  };

  const existing = await loadCustomRow(rt, projectId, slug);
  if (existing && !input.replace) {
    throw errors.conflict(
      `This project already has a toolkit "${slug}"; pass replace:true to replace it`,
      'CustomToolkit_Exists',
    );
  }
  const now = new Date();
  const values = {
    name: toolkit.name,
    toolkit,
    tools,
    toolsCount: tools.length,
    sourceUrl: input.url ?? null,
    document: text,
    warnings: compiled.warnings.slice(0, 100),
    updatedAt: now,
  };
  if (existing) {
    await rt.db.update(customToolkits).set(values).where(eq(customToolkits.id, existing.id));
  } else {
    const inserted = await rt.db
      .insert(customToolkits)
      .values({ id: newId('toolkit'), projectId, slug, ...values, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: customToolkits.id });
    if (!inserted.length) {
      throw errors.conflict(
        `This project already has a toolkit "${slug}"; pass replace:true to replace it`,
        'CustomToolkit_Exists',
      );
    }
  }
  invalidateCustomToolkits(projectId);
  const entry = (await projectCustomToolkits(rt, projectId)).get(slug)!;
  return customSummary(entry);
}

export async function listCustomToolkits(rt: Runtime, projectId: string, q: { cursor?: string; limit?: number }) {
  const entries = [...(await projectCustomToolkits(rt, projectId)).values()].sort((a, b) =>
    a.toolkit.slug.localeCompare(b.toolkit.slug),
  );
  return pageArray(entries.map(customSummary), q.cursor, q.limit ?? 50);
}

export async function getCustomToolkit(rt: Runtime, projectId: string, slug: string) {
  invalidateCustomToolkits(projectId);
  const e = (await projectCustomToolkits(rt, projectId)).get(slug.toLowerCase());
  if (!e) throw errors.notFound('Custom toolkit', slug, 'CustomToolkit_NotFound', 1301);
  return customSummary(e);
}

export async function deleteCustomToolkit(rt: Runtime, projectId: string, slug: string) {
  const rows = await rt.db
    .delete(customToolkits)
    .where(and(eq(customToolkits.projectId, projectId), eq(customToolkits.slug, slug.toLowerCase())))
    .returning({ id: customToolkits.id });
  invalidateCustomToolkits(projectId);
  if (!rows.length) throw errors.notFound('Custom toolkit', slug, 'CustomToolkit_NotFound', 1301);
  return { success: true };
}
