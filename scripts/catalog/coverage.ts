/**
 * Hosted-vocabulary coverage, measured against the hosted catalog: which hosted tool names resolve on
 * Junction (GET /tools/{slug}), per toolkit and pooled over the hosted service's ranked toolkits.
 *
 * Hosted lists: scripts/catalog/hosted/<toolkit>.json (read from the hosted catalog) when present, else
 * the toolkit's entry in the older extract scripts/catalog/hosted-tools.json. Lists known not to come from
 * the catalog are not used (Supabase's was a test fixture) or flagged (SerpApi's is partial, DocuSign's is
 * the fixture's). Pooled figures walk ../shared/reference/hosted-toolkits.tsv (or $HOSTED_TOOLKITS_TSV):
 * a toolkit Junction lacks, or whose list is not extracted, counts with all its hosted names (the tsv's
 * count) unresolved.
 *
 *   npx tsx scripts/catalog/coverage.ts            # print + write lib/catalog/COVERAGE.md
 *   npx tsx scripts/catalog/coverage.ts --check    # also exit 1 when a documented argument is missing
 *   JUNCTION_CATALOG_DIR=<other checkout>/lib/catalog/data npx tsx scripts/catalog/coverage.ts --no-write
 *                                                  # the figures of another build (before/after)
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readMappings } from '../../lib/catalog/mappings/load';
import { getTool, getToolkit } from '../../lib/catalog/registry';
import { hostedList } from './hosted';
import { composioToolView } from '../../lib/services/tool-router/direct';

/** The `composio` toolkit is served by the tool router (lib/services/tool-router/direct.ts), not the catalog. */
const ROUTER_TOOLKIT = 'composio';
const hasToolkit = (slug: string) => slug === ROUTER_TOOLKIT || Boolean(getToolkit(slug));

interface Extract {
  source: { repository: string; path: string; commit: string };
  toolkits: Record<string, string[]>;
  arguments: Record<string, string[]>;
  /** names deliberately not provided, with the reason, recorded with the extract */
  left_out?: Record<string, string>;
}

/** Hosted names deliberately not provided, with the reason (reviewed by hand). */
const LEFT_OUT: Record<string, string> = {
  GMAIL_CREATE_PROMPT_POST: 'filed under Gmail by the hosted catalog but calls the Sanity Content Agent API, not Gmail',
  GMAIL_UPDATE_USER_ATTRIBUTES_VALUES:
    'filed under Gmail by the hosted catalog but is a Sanity user-attributes call, not Gmail',
  GOOGLECALENDAR_BATCH_EVENTS: "needs Google's multipart/mixed HTTP batch format, not implemented yet",
};

Object.assign(LEFT_OUT, {
  LINEAR_GET_ATTACHMENT:
    'downloads an attachment into a staged file: needs a composite (read the attachment URL, fetch with the token, stage); not implemented yet',
  LINEAR_LIST_ISSUE_DRAFTS:
    "issue drafts are not confirmed in Linear's public GraphQL schema (no schema package to validate against); not implemented yet",
});

Object.assign(LEFT_OUT, {
  TWITTER_STREAM_POST_LABELS:
    'a long-lived streaming connection (GET /2/tweets/label/stream, enterprise app-only access) does not fit one request/response tool call',
  YOUTUBE_UPDATE_THUMBNAIL:
    'takes an image URL to fetch server-side; composites have no SSRF-guarded fetch of arbitrary URLs yet (the generated YOUTUBE_THUMBNAILS_SET uploads image bytes)',
});

Object.assign(LEFT_OUT, {
  JIRA_GET_PROJECT_TEMPLATES:
    "Jira Cloud's REST API documents no endpoint that lists the built-in project templates (their keys are only listed in the create-project reference); JIRA_CREATE_PROJECT takes a template key",
});

const root = process.cwd();
const extract = JSON.parse(readFileSync(path.join(root, 'scripts/catalog/hosted-tools.json'), 'utf8')) as Extract;
Object.assign(LEFT_OUT, extract.left_out ?? {});
// reasons recorded in the mapping files (lib/catalog/mappings/<toolkit>.yaml `left_out`)
for (const m of readMappings(root).values()) Object.assign(LEFT_OUT, m.file.left_out ?? {});

/** extract lists that did not come from the hosted catalog: not used until a catalog list replaces them */
const NOT_FROM_CATALOG: Record<string, string> = {
  supabase: "the extract's list came from a test fixture of the hosted repository, not from the catalog",
};
/** lists used, with a caveat printed beside the figures */
const CAVEATS: Record<string, string> = {
  serpapi: 'partial list: 38 names read so far; the ranking counts 59, which the pooled figures use',
  docusign: "the extract's list is a test fixture's (its first 63 names match the catalog's DocuSign block)",
};

interface Ranked {
  rank: number;
  slug: string;
  tools: number;
}
function ranked(): Ranked[] {
  const file =
    process.env.HOSTED_TOOLKITS_TSV ?? path.join(root, '..', '..', 'shared', 'reference', 'hosted-toolkits.tsv');
  const alt = '/work/shared/reference/hosted-toolkits.tsv';
  const f = existsSync(file) ? file : alt;
  return readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => /^\d+\t/.test(l))
    .map((l) => {
      const [rank, slug, tools] = l.split('\t');
      return { rank: Number(rank), slug: slug!, tools: Number(tools) };
    })
    .filter((r) => r.rank <= 231);
}
/** hosted toolkit slugs Junction files under another slug */
const JUNCTION_SLUG: Record<string, string> = { digital_ocean: 'digitalocean' };

interface Row {
  toolkit: string;
  hosted: number;
  resolved: number;
  curated: number;
  aliases: number;
  generated: number;
  source: 'catalog' | 'extract';
  caveat?: string;
  missing: { slug: string; reason: string }[];
}
const rows = new Map<string, Row>();
const argProblems: string[] = [];
const perToolkitFiles = existsSync(path.join(root, 'scripts/catalog/hosted'))
  ? readdirSync(path.join(root, 'scripts/catalog/hosted'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
  : [];
const listed = [...new Set([...Object.keys(extract.toolkits), ...perToolkitFiles])].sort();
for (const toolkit of listed) {
  const list = hostedList(toolkit);
  if (!list || (list.from === 'extract' && NOT_FROM_CATALOG[toolkit])) continue;
  const slugs = list.tools.map((t) => t.slug);
  const row: Row = {
    toolkit,
    hosted: slugs.length,
    resolved: 0,
    curated: 0,
    aliases: 0,
    generated: 0,
    source: list.from,
    ...(list.from === 'extract' && CAVEATS[toolkit] ? { caveat: CAVEATS[toolkit] } : {}),
    missing: [],
  };
  rows.set(toolkit, row);
  if (!hasToolkit(JUNCTION_SLUG[toolkit] ?? toolkit)) {
    row.missing = slugs.map((s) => ({ slug: s, reason: 'toolkit not in the Junction catalog' }));
    continue;
  }
  for (const slug of slugs) {
    if (toolkit === ROUTER_TOOLKIT) {
      if (composioToolView(slug)) {
        row.resolved++;
        row.curated++;
      } else row.missing.push({ slug, reason: LEFT_OUT[slug] ?? 'not implemented yet' });
      continue;
    }
    const t = getTool(slug);
    if (!t) {
      row.missing.push({ slug, reason: LEFT_OUT[slug] ?? 'not implemented yet' });
      continue;
    }
    row.resolved++;
    if (t.aliasOf) row.aliases++;
    else if (t.curated) row.curated++;
    else row.generated++;
  }
  for (const t of list.tools)
    for (const a of t.arguments ?? []) {
      const props = Object.keys(getTool(t.slug)?.inputParameters.properties ?? {});
      if (getTool(t.slug) && !props.includes(a))
        argProblems.push(`${t.slug}: documented argument ${a} is not accepted`);
    }
}
for (const [slug, args] of Object.entries(extract.arguments)) {
  const t = getTool(slug);
  const props = Object.keys(t?.inputParameters.properties ?? {});
  for (const a of args) if (!props.includes(a)) argProblems.push(`${slug}: documented argument ${a} is not accepted`);
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '—');

// pooled over the ranked toolkits
const rank = ranked();
interface Pool {
  n: number;
  hosted: number;
  resolved: number;
  have: number;
  lists: number;
}
function pool(n: number): Pool {
  const p: Pool = { n, hosted: 0, resolved: 0, have: 0, lists: 0 };
  for (const r of rank.slice(0, n)) {
    const row = rows.get(r.slug);
    const has = hasToolkit(JUNCTION_SLUG[r.slug] ?? r.slug);
    if (has) p.have++;
    if (row && has) {
      p.lists++;
      p.hosted += row.caveat?.startsWith('partial') ? Math.max(row.hosted, r.tools) : row.hosted;
      p.resolved += row.resolved;
    } else p.hosted += r.tools;
  }
  return p;
}
const pools = [10, 20, 30, 50, 100].map(pool);

const out: string[] = [];
out.push('toolkit            source   hosted  resolve  coverage  (curated / alias / generated)');
let total = 0;
let ok = 0;
for (const r of rows.values()) {
  total += r.hosted;
  ok += r.resolved;
  out.push(
    `${r.toolkit.padEnd(18)} ${r.source.padEnd(8)} ${String(r.hosted).padStart(6)} ${String(r.resolved).padStart(8)}  ${pct(r.resolved, r.hosted).padStart(8)}  (${r.curated} / ${r.aliases} / ${r.generated})${r.caveat ? `  [${r.caveat}]` : ''}`,
  );
}
out.push(
  `${'all lists'.padEnd(27)} ${String(total).padStart(6)} ${String(ok).padStart(8)}  ${pct(ok, total).padStart(8)}`,
);
out.push('');
out.push('pooled over the hosted ranking (hosted-toolkits.tsv):');
for (const p of pools)
  out.push(
    `  top ${String(p.n).padEnd(3)}  toolkits Junction has ${String(p.have).padStart(3)}/${p.n}  lists used ${String(p.lists).padStart(3)}  names ${String(p.resolved).padStart(5)}/${String(p.hosted).padEnd(6)} ${pct(p.resolved, p.hosted)}`,
  );
for (const l of out) console.log(l);
if (argProblems.length) console.log(`\nargument problems:\n  ${argProblems.join('\n  ')}`);
else console.log(`\nall tools with documented hosted arguments accept them`);

const md: string[] = [
  '# Hosted tool names on Junction',
  '',
  'Generated by `npx tsx scripts/catalog/coverage.ts` — do not edit by hand. A hosted name counts as covered when',
  '`GET /api/v3/tools/{slug}` resolves it: a curated tool (lib/catalog/curated), a mapped or generated operation',
  '(lib/catalog/mappings, lib/catalog/data), or a deprecated alias of one.',
  '',
  `Hosted lists: \`scripts/catalog/hosted/<toolkit>.json\` (read from the hosted catalog) where present ("catalog"),`,
  `else the older extract \`scripts/catalog/hosted-tools.json\` ("extract", ${extract.source.repository} \`${extract.source.path}\``,
  `at ${extract.source.commit.slice(0, 12)}). Not used: ${Object.entries(NOT_FROM_CATALOG)
    .map(([k, v]) => `${k} (${v})`)
    .join('; ')}.`,
  '',
  '## Pooled over the hosted ranking',
  '',
  "Toolkits in the hosted service's order of use (`hosted-toolkits.tsv`). A toolkit Junction lacks, or whose list",
  "is not extracted, counts with all its hosted names (the ranking's tool count) unresolved.",
  '',
  '| toolkits | Junction has | lists used | hosted names | resolve | coverage |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...pools.map(
    (p) => `| top ${p.n} | ${p.have} | ${p.lists} | ${p.hosted} | ${p.resolved} | ${pct(p.resolved, p.hosted)} |`,
  ),
  '',
  '## Per toolkit',
  '',
  '| toolkit | list | hosted tools | resolve | coverage | curated | aliases | generated |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...[...rows.values()].map(
    (r) =>
      `| ${r.toolkit} | ${r.source}${r.caveat ? ` (${r.caveat})` : ''} | ${r.hosted} | ${r.resolved} | ${pct(r.resolved, r.hosted)} | ${r.curated} | ${r.aliases} | ${r.generated} |`,
  ),
  `| **all lists** | | ${total} | ${ok} | ${pct(ok, total)} | | | |`,
  '',
  `Documented hosted arguments checked: ${argProblems.length ? `${argProblems.length} problems:` : 'all accepted.'}`,
  ...argProblems.map((p) => `- ${p}`),
  '',
  '## Hosted names left out',
  '',
];
for (const r of rows.values()) {
  if (!r.missing.length) continue;
  md.push(
    `### ${r.toolkit} (${r.missing.length})`,
    '',
    '| hosted slug | reason |',
    '| --- | --- |',
    ...r.missing.map((m) => `| \`${m.slug}\` | ${m.reason.replace(/\|/g, '\\|')} |`),
    '',
  );
}
if (!process.argv.includes('--no-write')) {
  writeFileSync(path.join(root, 'lib/catalog/COVERAGE.md'), `${md.join('\n')}\n`);
  console.log('\nwrote lib/catalog/COVERAGE.md');
}
if (process.argv.includes('--check') && argProblems.length) process.exit(1);
