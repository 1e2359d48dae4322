/**
 * The matcher: proposes a toolkit's mapping file from its hosted tool list and the operations compiled
 * from the provider's API description. People review the proposal; nothing is committed unread.
 *
 *   npx tsx scripts/catalog/match.ts stripe                 # print the proposal and the unmatched names
 *   npx tsx scripts/catalog/match.ts stripe --min 0.7       # only proposals at or above this confidence
 *   npx tsx scripts/catalog/match.ts stripe --out /tmp/stripe.yaml
 *
 * Hosted names: scripts/catalog/hosted/<toolkit>.json, else the toolkit's entry in hosted-tools.json.
 * Operations: the toolkit's compiled data (lib/catalog/data; every generated tool keeps its operationId,
 * method, path and summary-derived name), so no OpenAPI document is loaded. Names that already resolve,
 * operations whose generated slug is itself a hosted name, and names the mapping file already maps or
 * leaves out are skipped.
 *
 * How a name is matched, best first (the confidence says which):
 *   operationId   the hosted name is the operationId in upper snake case (Asana, many OpenAPI toolkits)
 *   normalised    same words once articles, plurals and verb synonyms are folded (get/retrieve/fetch …)
 *   similar       word overlap with the summary, the operationId or the method + path (Stripe's
 *                 POST /v1/charges/{charge}/capture ≈ CAPTURE_CHARGE), weighted by the verb agreeing
 * Each operation is proposed for one name at most (best score first); ties are reported.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { readMappings } from '../../lib/catalog/mappings/load';
import { getTool, getToolkitTools } from '../../lib/catalog/registry';
import type { ToolDef } from '../../lib/catalog/types';
import { hostedTools } from './hosted';

const root = process.cwd();

const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'for',
  'in',
  'to',
  'by',
  'from',
  'with',
  'and',
  'on',
  'or',
  'at',
  'its',
  'all',
  'specified',
  'specific',
  'given',
  'single',
  'one',
  'existing',
  'new',
  'id',
  'ids',
  'using',
  'via',
  'into',
  'as',
  'that',
  'is',
  'be',
  'information',
  'info',
  'detail',
  'details',
]);
const VERBS: Record<string, string> = {
  get: 'get',
  retrieve: 'get',
  fetch: 'get',
  read: 'get',
  show: 'get',
  view: 'get',
  return: 'get',
  returns: 'get',
  gets: 'get',
  retrieves: 'get',
  obtain: 'get',
  lookup: 'get',
  find: 'get',
  describe: 'get',
  check: 'get',
  list: 'list',
  lists: 'list',
  query: 'list',
  browse: 'list',
  enumerate: 'list',
  create: 'create',
  creates: 'create',
  add: 'create',
  adds: 'create',
  post: 'create',
  insert: 'create',
  make: 'create',
  register: 'create',
  upload: 'create',
  update: 'update',
  updates: 'update',
  modify: 'update',
  edit: 'update',
  patch: 'update',
  change: 'update',
  put: 'update',
  set: 'update',
  replace: 'update',
  rename: 'update',
  upsert: 'update',
  delete: 'delete',
  deletes: 'delete',
  remove: 'delete',
  removes: 'delete',
  destroy: 'delete',
  del: 'delete',
  unset: 'delete',
};
/** verbs that say the same thing about a collection (GET /boards = "get boards" = "list boards") */
const verbCompat = (a: string | undefined, b: string | undefined): number => {
  if (!a || !b) return 0.5;
  if (a === b) return 1;
  const pair = [a, b].sort().join('/');
  if (pair === 'get/list') return 0.75;
  if (pair === 'create/update') return 0.3;
  return 0;
};

export function singular(w: string): string {
  if (w.length <= 3 || /(ss|us|is)$/.test(w)) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** words of a slug, operationId, summary or path: split on case, digits and punctuation, lower-cased */
export function words(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

interface Form {
  verb?: string;
  nouns: string[];
}

/**
 * A name as a verb and its nouns. Hosted names, summaries and operationIds start with the verb, known
 * (folded onto get/list/create/update/delete) or not (capture, attach, cancel …: kept as it is).
 * "get" of a plural ("GET_COUPONS") reads as "list": the plural is the only sign of a collection.
 */
function form(ws: string[]): Form {
  const [first, ...rest] = ws;
  if (!first) return { nouns: [] };
  let verb: string | undefined = VERBS[first] ?? first;
  const nouns = rest.filter((w) => !STOP.has(w) && !/^v\d+(\.\d+)?$/.test(w));
  const last = nouns[nouns.length - 1];
  if (verb === 'get' && last && singular(last) !== last) verb = 'list';
  if (/^\d/.test(verb)) verb = undefined;
  return { verb, nouns: nouns.map(singular) };
}

/** the method + path as words: the verb the method and the path shape imply, then the literal segments */
function pathForm(method: string, p: string): Form {
  const segs = p.split('/').filter(Boolean);
  const lastIsParam = /^\{.*\}$/.test(segs[segs.length - 1] ?? '');
  const literal = segs.filter((x) => !/^\{.*\}$/.test(x) && !/^v\d+(\.\d+)?$/.test(x) && x !== 'api');
  const last = literal[literal.length - 1];
  const lastAfterParam = segs.length >= 2 && /^\{.*\}$/.test(segs[segs.length - 2] ?? '') && !lastIsParam;
  let verb: string | undefined;
  const nouns = literal.flatMap((x) => words(x)).map(singular);
  switch (method) {
    case 'GET':
      // GET /charges/search: a search of the collection
      if (last === 'search' && !lastIsParam) return { verb: 'search', nouns: nouns.slice(0, -1) };
      verb = lastIsParam ? 'get' : 'list';
      break;
    case 'PUT':
    case 'PATCH':
      verb = 'update';
      break;
    case 'DELETE':
      verb = 'delete';
      break;
    case 'POST':
      // POST /charges/{charge}/capture: the last segment is the action (capture, cancel, accept …)
      if (lastAfterParam && last && !last.endsWith('s') && !VERBS[last]) {
        verb = undefined;
        return { verb: last, nouns: nouns.slice(0, -1) };
      }
      verb = lastIsParam ? 'update' : 'create';
      break;
  }
  return { verb, nouns: nouns.filter((n) => !STOP.has(n)) };
}

function dice(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 1;
  const bb = [...b];
  let hit = 0;
  for (const w of a) {
    const i = bb.indexOf(w);
    if (i >= 0) {
      hit++;
      bb.splice(i, 1);
    }
  }
  return (2 * hit) / (a.length + b.length);
}

function similarity(h: Form, f: Form): number {
  return 0.3 * verbCompat(h.verb, f.verb) + 0.7 * dice(h.nouns, f.nouns);
}

const same = (a: Form, b: Form) => a.verb === b.verb && [...a.nouns].sort().join(' ') === [...b.nouns].sort().join(' ');

export interface Op {
  tool: ToolDef;
  forms: { how: string; f: Form }[];
  /** what a mapping's `operation:` names it by: the operationId, else `METHOD /path` */
  key: string;
  /** its generated slug is a hosted name already */
  taken: boolean;
  opIdSnake?: string;
}

export interface Proposal {
  hosted: string;
  op: Op;
  confidence: number;
  how: string;
  runnerUp?: { op: Op; confidence: number };
}

export function operationsOf(toolkit: string, hostedSlugs: Set<string>): Op[] {
  const prefix = `${toolkit.toUpperCase()}_`;
  return getToolkitTools(toolkit)
    .filter((t) => !t.curated && !t.aliasOf && !t.sameAs)
    .map((t) => {
      const forms = [
        { how: 'summary', f: form(words(t.slug.slice(prefix.length))) },
        { how: 'summary', f: form(words(t.name)) },
        { how: 'path', f: pathForm(t.http.method, t.http.path) },
      ];
      const id = t.operationId;
      // an operation that already carries a hosted name can take a second one (the build keeps both)
      const taken = hostedSlugs.has(t.slug);
      if (!id) return { tool: t, forms, key: `${t.http.method} ${t.http.path}`, taken };
      forms.push({ how: 'operationId', f: form(words(id)) });
      // DocuSign-style `Tag_Verb` operationIds: the part after the tag reads as a name too
      const tail = id.split(/[_/.]/).pop()!;
      if (tail !== id) forms.push({ how: 'operationId', f: form(words(tail)) });
      return { tool: t, forms, key: id, taken, opIdSnake: `${prefix}${words(id).join('_').toUpperCase()}` };
    });
}

export function match(
  toolkit: string,
  names: string[],
  ops: Op[],
): { proposals: Proposal[]; unmatched: { hosted: string; reason: string }[] } {
  const prefix = `${toolkit.toUpperCase()}_`;
  const scored: { hosted: string; op: Op; confidence: number; how: string }[] = [];
  const best = new Map<string, { op: Op; confidence: number }[]>();
  for (const hosted of names) {
    const hf = form(words(hosted.slice(prefix.length)));
    const cands: { op: Op; confidence: number; how: string }[] = [];
    for (const op of ops) {
      let c = 0;
      let how = '';
      if (op.opIdSnake === hosted) {
        c = 0.99;
        how = 'operationId';
      } else {
        for (const { how: h, f } of op.forms) {
          const sc = same(hf, f) ? 0.95 : similarity(hf, f);
          if (sc > c) {
            c = sc;
            how = sc === 0.95 ? `normalised ${h}` : `similar ${h}`;
          }
        }
      }
      if (op.taken) c *= 0.95;
      if (c >= 0.4) cands.push({ op, confidence: Math.round(c * 100) / 100, how });
    }
    cands.sort((a, b) => b.confidence - a.confidence);
    best.set(hosted, cands.slice(0, 3));
    for (const c of cands.slice(0, 8)) scored.push({ hosted, ...c });
  }
  // one operation per name and one name per operation, the strongest pairs first
  scored.sort((a, b) => b.confidence - a.confidence || a.hosted.localeCompare(b.hosted));
  const usedOp = new Set<string>();
  const done = new Map<string, Proposal>();
  for (const s of scored) {
    if (done.has(s.hosted) || usedOp.has(s.op.tool.slug)) continue;
    usedOp.add(s.op.tool.slug);
    const other = best.get(s.hosted)!.find((c) => c.op !== s.op);
    // a close runner-up lowers the confidence: the reviewer has to choose
    const confidence =
      other && other.confidence >= s.confidence - 0.03 ? Math.round((s.confidence - 0.1) * 100) / 100 : s.confidence;
    done.set(s.hosted, { ...s, confidence, ...(other ? { runnerUp: other } : {}) });
  }
  const proposals = names.filter((n) => done.has(n)).map((n) => done.get(n)!);
  const unmatched = names
    .filter((n) => !done.has(n))
    .map((hosted) => {
      const c = best.get(hosted)![0];
      return {
        hosted,
        reason: c
          ? `no operation left that matches closely (closest: ${c.op.tool.http.method} ${c.op.tool.http.path}, ${c.confidence}, already taken)`
          : 'no operation of the compiled description matches (no word overlap)',
      };
    });
  return { proposals, unmatched };
}

function main() {
  const toolkit = process.argv[2];
  if (!toolkit) {
    console.error('usage: npx tsx scripts/catalog/match.ts <toolkit> [--min 0.6] [--out file]');
    process.exit(2);
  }
  const arg = (k: string) => {
    const i = process.argv.indexOf(k);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const min = Number(arg('--min') ?? 0.55);
  const hosted = hostedTools(toolkit);
  const existing = readMappings(root).get(toolkit)?.file;
  const handled = new Set([...(existing?.tools ?? []).map((t) => t.slug), ...Object.keys(existing?.left_out ?? {})]);
  const names = hosted.map((h) => h.slug).filter((s) => !handled.has(s) && !getTool(s));
  const mappedOps = new Set((existing?.tools ?? []).map((t) => t.operation).filter(Boolean));
  const ops = operationsOf(toolkit, new Set(hosted.map((h) => h.slug))).filter((o) => !mappedOps.has(o.key));
  const { proposals, unmatched } = match(toolkit, names, ops);
  const kept = proposals.filter((p) => p.confidence >= min);
  const low = proposals.filter((p) => p.confidence < min);

  const byHow = new Map<string, number>();
  for (const p of kept) byHow.set(p.how, (byHow.get(p.how) ?? 0) + 1);
  const lines: string[] = [
    `# ${toolkit}: ${hosted.length} hosted names, ${hosted.length - names.length - handled.size} resolve already, ${handled.size} in the mapping file, ${names.length} to match against ${ops.length} operations`,
    `# proposed (confidence >= ${min}): ${kept.length}; by form: ${[...byHow].map(([h, n]) => `${h} ${n}`).join(', ')}`,
    'tools:',
  ];
  for (const p of kept) {
    const t = p.op.tool;
    const ru = p.runnerUp ? `; next ${p.runnerUp.op.key} ${p.runnerUp.confidence}` : '';
    lines.push(
      `  - { slug: ${p.hosted}, operation: ${JSON.stringify(p.op.key)} } # ${p.confidence} ${p.how}: ${t.http.method} ${t.http.path}${ru}`,
    );
  }
  lines.push('# below the threshold (review, then move up or leave out):');
  for (const p of low) {
    const t = p.op.tool;
    lines.push(
      `#  - { slug: ${p.hosted}, operation: ${JSON.stringify(p.op.key)} } # ${p.confidence} ${p.how}: ${t.http.method} ${t.http.path}`,
    );
  }
  lines.push('left_out:');
  for (const u of unmatched) lines.push(`  ${u.hosted}: ${JSON.stringify(u.reason)}`);
  const text = `${lines.join('\n')}\n`;
  YAML.parse(text); // the proposal is valid YAML
  const out = arg('--out');
  if (out) {
    writeFileSync(out, text);
    console.log(`wrote ${out}: ${kept.length} proposals, ${low.length} below ${min}, ${unmatched.length} unmatched`);
  } else process.stdout.write(text);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
