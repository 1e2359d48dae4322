/**
 * Tool search over the whole catalog: a fielded BM25 index (./bm25.ts) over tool names, slugs,
 * descriptions, parameter names/descriptions, toolkit names and tags, with query-side synonyms,
 * toolkit detection ("on Slack" restricts to Slack), filters from the session, and the user's
 * connected toolkits ranked up. With an embeddings endpoint configured (see ./embeddings.ts)
 * lexical and vector rankings are fused (reciprocal rank fusion).
 *
 * The index is built once per process, when the tool router is first used (`warmToolIndex()`), or
 * just after start with JUNCTION_SEARCH_WARM=1.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { listToolkits, scanAllTools } from '../../catalog/registry';
import { FIRST_PERSON, FIRST_PERSON_TERMS, SYNONYMS, isStopWord, stem, words } from './text';
import { toolHints, type Hint } from './hints';
import { log } from '../../log';
import { type Bm25Data, CompiledBm25, type QueryTerm } from './bm25';
import { envValue } from '../../config';

export interface IndexedTool {
  method: string;
  slug: string;
  toolkit: string;
  name: string;
  description: string;
  hints: Hint[];
  important: boolean;
  deprecated: boolean;
  admin: boolean;
  /** a curated tool in the hosted vocabulary (lib/catalog/curated), not an alias */
  curated: boolean;
}

export interface SearchHit {
  slug: string;
  toolkit: string;
  score: number;
}

export interface SearchOptions {
  limit?: number;
  /** session filter: only these tools may be returned */
  allow?: (tool: IndexedTool) => boolean;
  /** only these toolkits (caller-given restriction, e.g. search `toolkits`) */
  toolkits?: string[];
  /** the user's connected toolkits: ranked first */
  connectedToolkits?: Set<string>;
}

type Field = 'name' | 'slugWords' | 'toolkitName' | 'description' | 'params' | 'tags';
const FIELDS: readonly Field[] = ['name', 'slugWords', 'toolkitName', 'description', 'params', 'tags'];

interface Doc {
  name: string;
  slugWords: string;
  toolkitName: string;
  description: string;
  params: string;
  tags: string;
}

const FIELD_BOOST = { name: 4, slugWords: 3, toolkitName: 1.5, description: 1.2, params: 0.35, tags: 0.8 };
// the user's connected apps outrank equally fitting tools of other apps, curated ones included
const CONNECTED_BOOST = 3;
const INTENT_BOOST = 1.5;
/** curated tools are written for agents: ranked above the raw operations they wrap */
const CURATED_BOOST = 1.3;

const INTENTS: [RegExp, string[]][] = [
  [
    /^(list|get|show|find|search|read|fetch|retrieve|look|lookup|check|what|who|which|view|see|count|download|export)$/,
    ['GET'],
  ],
  [
    /^(create|add|send|post|make|new|open|schedule|upload|invite|start|generate|publish|book|register|write|draft|insert|append)$/,
    ['POST', 'PUT'],
  ],
  [/^(update|edit|change|rename|modify|move|set|mark|close|assign|reschedule|replace)$/, ['PATCH', 'PUT', 'POST']],
  [/^(delete|remove|cancel|erase|trash|unsubscribe|archive|destroy)$/, ['DELETE', 'POST']],
];

/** HTTP methods matching the first action verb of a request, if it has one. */
function intentOf(ws: string[]): Set<string> | undefined {
  for (const w of ws) {
    for (const [re, methods] of INTENTS) if (re.test(w)) return new Set(methods);
  }
  return undefined;
}

function processTerm(term: string): string | null {
  if (isStopWord(term)) return null;
  return stem(term);
}

function tokenize(text: string): string[] {
  return words(text);
}

function paramText(tool: ToolDef): string {
  const parts: string[] = [];
  for (const [name, raw] of Object.entries(tool.inputParameters.properties ?? {})) {
    parts.push(name);
    const desc = (raw as { description?: unknown })?.description;
    if (typeof desc === 'string') parts.push(desc.slice(0, 120));
  }
  return parts.join(' ');
}

/** Phrases naming a toolkit in a request ("google calendar", "gcal", "tweet"). */
function toolkitAliases(tk: Pick<ToolkitDef, 'slug' | 'name'>): string[] {
  const extra: Record<string, string[]> = {
    googlecalendar: ['google calendar', 'gcal', 'calendar'],
    googlesheets: ['google sheets', 'google sheet', 'gsheets', 'spreadsheet', 'spreadsheets'],
    googledrive: ['google drive', 'gdrive', 'drive'],
    googledocs: ['google docs', 'google doc', 'gdocs'],
    googletasks: ['google tasks', 'google task'],
    twitter: ['tweet', 'tweets', 'x.com'],
    youtube: ['yt'],
    digitalocean: ['digital ocean', 'droplet', 'droplets'],
    openai: ['open ai', 'chatgpt', 'gpt'],
    docusign: ['docu sign'],
    hubspot: ['hub spot'],
    sendgrid: ['send grid'],
    mailchimp: ['mail chimp'],
    bitbucket: ['bit bucket'],
    gitlab: ['git lab'],
    github: ['git hub'],
    // a request that says "discord" may need the bot (messages, channels) as much as the user's account
    discordbot: ['discord'],
  };
  return [tk.slug, tk.name.toLowerCase(), ...(extra[tk.slug] ?? [])];
}

/** A built index as plain data: what the worker thread that builds it hands back (see ./index-worker.ts). */
export interface ToolIndexData {
  tools: IndexedTool[];
  bm25: Bm25Data;
  toolkits: Pick<ToolkitDef, 'slug' | 'name'>[];
  builtInMs: number;
}

const PREFIX_WEIGHT = 0.4;

/** Index the tools: their entries and the fielded BM25 postings. */
export function buildToolIndexData(tools: ToolDef[], toolkits: ToolkitDef[]): ToolIndexData {
  const t0 = performance.now();
  const tkName = new Map(toolkits.map((t) => [t.slug, t.name]));
  const entries = tools.map((t) => ({
    // a composite has no single HTTP method: any request verb may fit it
    method: t.curated?.kind === 'composite' ? '*' : t.http.method,
    slug: t.slug,
    toolkit: t.toolkit,
    name: t.name,
    description: t.description,
    hints: toolHints(t),
    important: t.important,
    deprecated: t.deprecated,
    admin: /(^|_)ADMIN(_|$)/.test(t.slug.slice(t.toolkit.length + 1)) || t.tags.includes('admin'),
    curated: !!(t.curated || t.mapped) && !t.aliasOf,
  }));
  const bm25 = CompiledBm25.build<Field>(
    tools.map(
      (t): Doc => ({
        name: t.name,
        slugWords: t.slug.slice(t.toolkit.length + 1).replaceAll('_', ' '),
        toolkitName: `${tkName.get(t.toolkit) ?? t.toolkit} ${t.toolkit}`,
        description: t.description,
        params: paramText(t),
        tags: t.tags.join(' '),
      }),
    ),
    { fields: FIELDS, boost: FIELD_BOOST, tokenize, processTerm, prefixWeight: PREFIX_WEIGHT },
  );
  return {
    tools: entries,
    bm25: bm25.toData(),
    toolkits: toolkits.map((t) => ({ slug: t.slug, name: t.name })),
    builtInMs: performance.now() - t0,
  };
}

export class ToolSearchIndex {
  readonly tools: IndexedTool[];
  private readonly bm25: CompiledBm25;
  private readonly bySlug: Map<string, number>;
  private readonly aliases: { re: RegExp; toolkit: string }[];
  /** words of each toolkit's names and aliases (dropped from a request restricted to it) */
  private readonly toolkitWords = new Map<string, Set<string>>();
  readonly builtInMs: number;

  /** Index these tools here, or take an index built elsewhere (`buildToolIndexData`). */
  constructor(source: ToolDef[] | ToolIndexData, toolkits: ToolkitDef[] = []) {
    const data = Array.isArray(source) ? buildToolIndexData(source, toolkits) : source;
    this.tools = data.tools;
    this.bySlug = new Map(data.tools.map((t, i) => [t.slug, i]));
    this.bm25 = CompiledBm25.restore(data.bm25, PREFIX_WEIGHT);
    this.aliases = data.toolkits.flatMap((tk) =>
      toolkitAliases(tk).map((a) => ({
        re: new RegExp(`(^|[^a-z0-9])${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`, 'i'),
        toolkit: tk.slug,
      })),
    );
    for (const tk of data.toolkits) this.toolkitWords.set(tk.slug, new Set([...words(tk.slug), ...words(tk.name)]));
    this.builtInMs = data.builtInMs;
  }

  get size(): number {
    return this.tools.length;
  }

  tool(slug: string): IndexedTool | undefined {
    const i = this.bySlug.get(slug.toUpperCase());
    return i === undefined ? undefined : this.tools[i];
  }

  /** Toolkits a request names explicitly ("… on Slack", "in my Google Calendar"). */
  mentionedToolkits(query: string): string[] {
    const found = new Set<string>();
    for (const a of this.aliases) if (a.re.test(query)) found.add(a.toolkit);
    return [...found];
  }

  /** Query terms: the request's own (stemmed) and expansions (synonyms, compounds, first person). */
  queryTerms(query: string, dropToolkitWords: string[] = []): { original: Set<string>; expanded: Set<string> } {
    const drop = new Set(
      dropToolkitWords.flatMap((slug) => {
        const tk = this.toolkitWords.get(slug);
        return tk ? [...tk] : [];
      }),
    );
    const original = new Set<string>();
    const expanded = new Set<string>();
    const ws = words(query);
    let firstPerson = false;
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i]!;
      if (FIRST_PERSON.has(w)) firstPerson = true;
      if (isStopWord(w) || drop.has(w)) continue;
      const s = stem(w);
      original.add(s);
      for (const syn of SYNONYMS[s] ?? SYNONYMS[w] ?? []) expanded.add(stem(syn));
      // compound identifiers: "free busy" also matches FREEBUSY, "pull request" PULLREQUEST
      const next = ws[i + 1];
      if (next && !isStopWord(next)) expanded.add(stem(w + next));
    }
    if (firstPerson) for (const t of FIRST_PERSON_TERMS) expanded.add(t);
    for (const s of original) expanded.delete(s);
    return { original, expanded };
  }

  search(query: string, opts: SearchOptions = {}): SearchHit[] {
    const limit = opts.limit ?? 10;
    const mentioned = this.mentionedToolkits(query);
    const { original, expanded } = this.queryTerms(query, mentioned);
    if (original.size === 0 && expanded.size === 0) return [];
    const wantsAdmin = original.has('admin');
    const intent = intentOf(words(query));
    const restrict = opts.toolkits?.length ? new Set(opts.toolkits.map((s) => s.toLowerCase())) : undefined;
    // the request's terms and expansions, each processed again like indexed text; prefix matching only
    // for the request's own longer words (no fuzzy matching: it doubled latency and did not change recall)
    const sources = new Map<string, number>();
    const terms: QueryTerm[] = [];
    for (const w of tokenize([...original, ...expanded].join(' '))) {
      const term = processTerm(w);
      if (!term) continue;
      if (!sources.has(term)) sources.set(term, sources.size);
      terms.push({
        term,
        prefix: term.length >= 5 && original.has(term),
        boost: original.has(term) ? 1 : 0.35,
        source: sources.get(term)!,
      });
    }
    const boostDocument = (id: number) => {
      const t = this.tools[id]!;
      let b = 1;
      if (t.important) b *= 1.3;
      if (t.deprecated) b *= 0.5;
      // administrative APIs need special privileges: ranked down unless asked for
      if (t.admin && !wantsAdmin) b *= 0.5;
      if (opts.connectedToolkits?.has(t.toolkit)) b *= CONNECTED_BOOST;
      // the request's verb agrees with the operation's HTTP method ("list …" ~ GET, "create …" ~ POST)
      if (intent && (intent.has(t.method) || t.method === '*')) b *= INTENT_BOOST;
      if (t.curated) b *= CURATED_BOOST;
      return b;
    };
    const run = (onlyToolkits: Set<string> | undefined) =>
      this.bm25.search(terms, limit, boostDocument, (id) => {
        const t = this.tools[id]!;
        if (restrict && !restrict.has(t.toolkit)) return false;
        if (onlyToolkits && !onlyToolkits.has(t.toolkit)) return false;
        return opts.allow ? opts.allow(t) : true;
      });
    // A request that names a toolkit is answered from that toolkit when it has a match.
    let results = mentioned.length ? run(new Set(mentioned)) : [];
    if (results.length === 0) results = run(undefined);
    return results.map((r) => {
      const t = this.tools[r.doc]!;
      return { slug: t.slug, toolkit: t.toolkit, score: r.score };
    });
  }
}

declare global {
  var __junctionToolIndex: ToolSearchIndex | undefined;
  var __junctionToolIndexBuild: Promise<ToolSearchIndex> | undefined;
}

function remember(index: ToolSearchIndex, where: string): ToolSearchIndex {
  globalThis.__junctionToolIndex = index;
  log.info({ tools: index.size, ms: Math.round(index.builtInMs), where }, 'tool search index built');
  return index;
}

/** The process-wide index over the whole catalog, built here on first use (scripts, tests). */
export function getToolSearchIndex(): ToolSearchIndex {
  return globalThis.__junctionToolIndex ?? remember(new ToolSearchIndex(scanAllTools(), listToolkits()), 'in process');
}

/** The index-worker module: beside this file when running the sources, beside the entry points when compiled. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return path.join(path.dirname(here), 'index-worker.ts');
  for (const dir of [path.dirname(here), path.dirname(path.dirname(here))]) {
    const file = path.join(dir, 'search-index-worker.mjs');
    if (existsSync(file)) return file;
  }
  throw new Error('dist/search-index-worker.mjs not found (npm run build)');
}

async function buildInWorker(): Promise<ToolSearchIndex> {
  const { Worker } = await import('node:worker_threads');
  return new Promise((resolve, reject) => {
    const file = workerFile();
    // the sources need tsx's loader registered in the thread first (a compiled build needs nothing)
    const worker = file.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`,
          { eval: true },
        )
      : new Worker(file);
    worker.once('message', (data: ToolIndexData) => {
      resolve(new ToolSearchIndex(data));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the index worker exited with code ${code}`)));
  });
}

/**
 * The process-wide index, built once in a worker thread so the catalog it reads never stays in this
 * process's heap; where no worker can run, it is built here.
 */
export function toolSearchIndex(): Promise<ToolSearchIndex> {
  if (globalThis.__junctionToolIndex) return Promise.resolve(globalThis.__junctionToolIndex);
  globalThis.__junctionToolIndexBuild ??= buildInWorker().then(
    (index) => globalThis.__junctionToolIndex ?? remember(index, 'worker thread'),
    (err) => {
      log.warn({ err }, 'the tool search index could not be built in a worker thread; building it in process');
      return getToolSearchIndex();
    },
  );
  return globalThis.__junctionToolIndexBuild;
}

/**
 * Start building the index off the request path (a no-op once started). The tool router calls it
 * when a session is created or opened in this process, so the ~50 MB index exists only in processes
 * that serve agents, and is usually ready by their first search.
 */
export function warmToolIndex(): Promise<void> {
  return toolSearchIndex().then(
    () => undefined,
    (err) => log.warn({ err }, 'tool search index could not be built'),
  );
}

/** At server start: build the index now only when JUNCTION_SEARCH_WARM=1 (it is lazy otherwise). */
export function warmToolIndexAtStart(): Promise<void> {
  return envValue('JUNCTION_SEARCH_WARM') === '1' ? warmToolIndex() : Promise.resolve();
}
