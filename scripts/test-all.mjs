// `npm test`: every suite — unit, integration on PGlite and on PostgreSQL, then the browser
// tests against a production build — and, at the end, every failure named with its first error
// line (a CI log is often read from its tail) and one line with the totals.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-tests-'));
// The container test (tests/container) installs and starts Docker, which takes root: it runs as part of
// `npm test` there (CI), and on its own with `npm run test:container`.
const container = process.env.JUNCTION_TEST_CONTAINER ?? (process.getuid?.() === 0 ? '1' : '0');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', JUNCTION_TEST_CONTAINER: container };
if (container !== '1') console.log('The container test is not run here (needs root): npm run test:container runs it.');
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
const firstLine = (msg) =>
  String(msg ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? '';

let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
// The house rules first: types, the layer rule (no import circles, no arrow pointing up) and lint.
for (const [name, cmd, args] of [
  ['typecheck (tsc --noEmit)', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ['layer rule (dependency-cruiser)', 'npm', ['run', '--silent', 'check:layers']],
  ['lint and format (Biome)', 'npm', ['run', '--silent', 'lint']],
]) {
  if (run(cmd, args) === 0) passed += 1;
  else {
    failed += 1;
    failures.push(`${name} failed (see above)`);
  }
}
// The embedded-database template (part of `npm run build`): every PGlite suite's first start copies it.
if (run('npx', ['tsx', 'scripts/pglite-template.ts']) !== 0) {
  failed += 1;
  failures.push('the embedded-database template could not be made');
}
// Toolkit logos (part of `npm run build`): served from public/logos by the API and the dashboard.
if (run('npx', ['tsx', 'scripts/logos.ts']) !== 0) {
  failed += 1;
  failures.push('the toolkit logos could not be built');
}
const vitestJson = path.join(out, 'vitest.json');
const v = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
try {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    if (file.status === 'failed' && file.message) failures.push(`vitest ${rel}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`vitest ${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
  }
} catch {
  failed += 1;
  failures.push('vitest: no report (the run itself failed)');
}

let e = 0;
if (fs.existsSync('e2e') && fs.readdirSync('e2e').some((f) => f.endsWith('.spec.ts'))) {
  e = run('bash', ['scripts/ensure-chromium.sh']) || run('npx', ['next', 'build']);
  if (e === 0) {
    const pwJson = path.join(out, 'playwright.json');
    e =
      spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
        stdio: 'inherit',
        env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
      }).status ?? 1;
    try {
      const report = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
      const s = report.stats;
      passed += s.expected;
      failed += s.unexpected;
      skipped += s.skipped;
      const walk = (suite, trail) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status !== 'unexpected') continue;
            const err = t.results?.at(-1)?.error?.message;
            failures.push(`playwright ${spec.file} › ${[...trail, spec.title].join(' › ')}: ${firstLine(err)}`);
          }
        }
        for (const child of suite.suites ?? [])
          walk(child, suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail);
      };
      for (const suite of report.suites ?? []) walk(suite, []);
    } catch {
      failed += 1;
      failures.push('playwright: no report (the run itself failed)');
    }
  } else {
    failed += 1;
    failures.push('browser tests not run: Chromium setup or `next build` failed (see above)');
  }
}

if (failures.length) console.log(`\nFailures:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(v !== 0 || e !== 0 || failed > 0 ? 1 : 0);
