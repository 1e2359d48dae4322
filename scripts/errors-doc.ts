/**
 * Writes docs/errors.md from the one table of named errors (lib/contract/errors.ts).
 * `npx tsx scripts/errors-doc.ts`; tests/unit/errors-doc.test.ts fails when the file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_TABLE } from '../lib/contract/errors';

export function errorsMarkdown(): string {
  const rows = Object.entries(ERROR_TABLE)
    .map(([name, e]) => ({ name, ...(e as { code: number; status: number; slug?: string; fix?: string }) }))
    .sort((a, b) => a.code - b.code || a.name.localeCompare(b.name));
  return [
    '# Errors',
    '',
    'Every non-2xx answer of the v3 API has one shape:',
    '',
    '```json',
    '{ "error": { "message": "…", "code": 1803, "slug": "ConnectedAccount_NotFound", "status": 400, "request_id": "…", "suggested_fix": "…" } }',
    '```',
    '',
    '`message` describes this occurrence; `code`, `slug` and `status` are fixed per error and listed below.',
    'Validation errors also carry `errors`, one line per bad field (`body.toolkit.slug: Required`).',
    '`Request_BadRequest` (1002), `Resource_NotFound` (1200) and `Resource_Conflict` (1409) may carry a more',
    'specific slug naming the resource (for example `Auth_ProjectRequired`); their code and status stay the same.',
    'The OAuth endpoints under `/oauth/*` answer in the RFC 6749 form `{error, error_description}` instead,',
    'because that is what OAuth clients parse.',
    '',
    'This file is generated from `lib/contract/errors.ts` by `npx tsx scripts/errors-doc.ts`.',
    '',
    '| code | status | slug | suggested fix |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.code} | ${r.status} | \`${r.slug ?? r.name}\` | ${r.fix ?? ''} |`),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.join(process.cwd(), 'docs', 'errors.md');
  fs.writeFileSync(file, errorsMarkdown());
  console.log(`wrote ${file}`);
}
