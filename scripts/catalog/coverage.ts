/**
 * Hosted-vocabulary coverage: which of the hosted service's tool names (scripts/catalog/hosted-tools.json,
 * an extract of slugs and documented argument names) resolve on Junction, and how (curated tool, alias,
 * generated operation). Prints the per-toolkit figures and writes lib/catalog/COVERAGE.md with every
 * hosted name left out and why.
 *
 *   npx tsx scripts/catalog/coverage.ts            # print + write COVERAGE.md
 *   npx tsx scripts/catalog/coverage.ts --check    # also exit 1 when a documented argument is missing
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getTool, getToolkit } from '../../lib/catalog/registry';

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
  SLACK_UPLOAD_OR_CREATE_A_FILE_IN_SLACK:
    "needs Slack's three-step external upload (getUploadURLExternal, upload, completeUploadExternal) as a composite; not implemented yet",
  SLACK_DOWNLOAD_SLACK_FILE:
    'needs a composite that reads files.info and downloads url_private into a staged file; not implemented yet',
  SLACK_GET_UNREAD_MESSAGES_FROM_USER:
    'needs a composite (open the DM, read last_read, fetch newer history); not implemented yet',
  SLACK_LIST_UNREAD_CHANNEL_MESSAGES:
    'needs a composite (read last_read from conversations.info, fetch newer history); not implemented yet',
  SLACK_LIST_AVAILABLE_WORKSPACES:
    'workspaces shared by the connection and a given user: no single Slack method; not implemented yet',
});

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

const root = path.resolve(import.meta.dirname, '..', '..');
const extract = JSON.parse(readFileSync(path.join(root, 'scripts/catalog/hosted-tools.json'), 'utf8')) as Extract;
Object.assign(LEFT_OUT, extract.left_out ?? {});

interface Row {
  toolkit: string;
  hosted: number;
  resolved: number;
  curated: number;
  aliases: number;
  generated: number;
  missing: { slug: string; reason: string }[];
}
const rows: Row[] = [];
const argProblems: string[] = [];
for (const [toolkit, slugs] of Object.entries(extract.toolkits)) {
  const row: Row = { toolkit, hosted: slugs.length, resolved: 0, curated: 0, aliases: 0, generated: 0, missing: [] };
  if (!getToolkit(toolkit)) {
    row.missing = slugs.map((s) => ({ slug: s, reason: 'toolkit not in the Junction catalog' }));
    rows.push(row);
    continue;
  }
  for (const slug of slugs) {
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
  rows.push(row);
}
for (const [slug, args] of Object.entries(extract.arguments)) {
  const t = getTool(slug);
  const props = Object.keys(t?.inputParameters.properties ?? {});
  for (const a of args) if (!props.includes(a)) argProblems.push(`${slug}: documented argument ${a} is not accepted`);
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '—');
let total = 0;
let ok = 0;
console.log('toolkit           hosted  resolve  coverage  (curated / alias / generated)');
for (const r of rows) {
  total += r.hosted;
  ok += r.resolved;
  console.log(
    `${r.toolkit.padEnd(16)} ${String(r.hosted).padStart(7)} ${String(r.resolved).padStart(8)}  ${pct(r.resolved, r.hosted).padStart(8)}  (${r.curated} / ${r.aliases} / ${r.generated})`,
  );
}
console.log(
  `${'all'.padEnd(16)} ${String(total).padStart(7)} ${String(ok).padStart(8)}  ${pct(ok, total).padStart(8)}`,
);
if (argProblems.length) console.log(`\nargument problems:\n  ${argProblems.join('\n  ')}`);
else console.log(`\nall ${Object.keys(extract.arguments).length} tools with documented hosted arguments accept them`);

const md: string[] = [
  '# Hosted tool names on Junction',
  '',
  'Generated by `npx tsx scripts/catalog/coverage.ts` — do not edit by hand. The hosted names come from',
  `\`scripts/catalog/hosted-tools.json\`, an extract of tool slugs from ${extract.source.repository} \`${extract.source.path}\``,
  `(commit ${extract.source.commit.slice(0, 12)}). A name counts as covered when \`GET /api/v3/tools/{slug}\` resolves it:`,
  'as a curated tool (lib/catalog/curated), as a deprecated alias of one, or as a generated operation of the same name.',
  '',
  '| toolkit | hosted tools | resolve | coverage | curated | aliases | generated |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.toolkit} | ${r.hosted} | ${r.resolved} | ${pct(r.resolved, r.hosted)} | ${r.curated} | ${r.aliases} | ${r.generated} |`,
  ),
  `| **all** | ${total} | ${ok} | ${pct(ok, total)} | | | |`,
  '',
  'Toolkits of the hosted catalog not listed here have not been extracted yet (see the closing notes).',
  '',
  `Documented hosted arguments checked: ${Object.keys(extract.arguments).length} tools, ${argProblems.length ? `${argProblems.length} problems:` : 'all accepted.'}`,
  ...argProblems.map((p) => `- ${p}`),
  '',
  '## Hosted names left out',
  '',
];
for (const r of rows) {
  if (!r.missing.length) continue;
  md.push(
    `### ${r.toolkit} (${r.missing.length})`,
    '',
    '| hosted slug | reason |',
    '| --- | --- |',
    ...r.missing.map((m) => `| \`${m.slug}\` | ${m.reason} |`),
    '',
  );
}
writeFileSync(path.join(root, 'lib/catalog/COVERAGE.md'), `${md.join('\n')}\n`);
console.log('\nwrote lib/catalog/COVERAGE.md');
if (process.argv.includes('--check') && argProblems.length) process.exit(1);
