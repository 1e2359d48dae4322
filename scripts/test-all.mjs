// `npm test`: every suite — unit, integration on PGlite and on PostgreSQL, then the browser
// tests against a production build — and, at the end, the wall time of each project, the ten slowest
// test files, every failure named with its first error line (a CI log is often read from its tail)
// and one line with the totals.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-tests-'));
// The container test (tests/container) installs and starts Docker, which takes root: it runs as part of
// `npm test` there (CI), and on its own with `npm run test:container`.
const container = process.env.JUNCTION_TEST_CONTAINER ?? (process.getuid?.() === 0 ? '1' : '0');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', JUNCTION_TEST_CONTAINER: container };
if (container !== '1') console.log('The container test is not run here (needs root): npm run test:container runs it.');
// As root (CI), what the browser and container tests need from the network (Chromium, Docker, the
// base images) is fetched in the background from the start, while the CPU runs the first suites;
// those tests wait for it through the setup's lock (scripts/prepare-machine.sh).
const machineLog = path.join(out, 'machine-setup.log');
const machineSetup =
  process.getuid?.() === 0
    ? spawn('bash', ['scripts/prepare-machine.sh', ...(container === '1' ? ['--container'] : [])], {
        stdio: ['ignore', fs.openSync(machineLog, 'w'), fs.openSync(machineLog, 'a')],
      })
    : undefined;
const machineSetupDone = machineSetup
  ? new Promise((resolve) => machineSetup.on('exit', (code) => resolve(code ?? 1)))
  : Promise.resolve(0);
const run = (cmd, args, extraEnv = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } }).status ?? 1;
// Wall time of each project (vitest's run them one after another, by sequence.groupOrder) and of each file.
const projects = [];
const slowFiles = [];
const overlaps = [];
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
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
const timingJson = path.join(out, 'vitest-timing.json');
const v = run(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/test-timing-reporter.mjs',
    `--outputFile.json=${vitestJson}`,
  ],
  { JUNCTION_TEST_TIMING: timingJson },
);
try {
  const { files } = JSON.parse(fs.readFileSync(timingJson, 'utf8'));
  const byProject = new Map();
  for (const f of files) {
    const p = byProject.get(f.project) ?? { start: Infinity, end: 0, files: 0 };
    p.start = Math.min(p.start, f.start);
    p.end = Math.max(p.end, f.end);
    p.files += 1;
    byProject.set(f.project, p);
    slowFiles.push({ name: `${f.project} ${f.file}`, ms: f.end - f.start });
  }
  const ordered = [...byProject].sort((a, b) => a[1].start - b[1].start);
  for (const [name, p] of ordered) projects.push({ name, ms: p.end - p.start, files: p.files });
  // Vitest runs one sequence.groupOrder group after another, and each project here has its own: should two
  // ever share a group, their spans overlap and each wall time also counts the other's seconds. Say so.
  for (let i = 1; i < ordered.length; i++)
    if (ordered[i][1].start < ordered[i - 1][1].end)
      overlaps.push(`${ordered[i - 1][0]} and ${ordered[i][0]} ran at the same time`);
} catch {
  console.log('(no per-file timing from vitest)');
}
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
      // a spec file's wall time: its first test's start to its last test's end (workers run files in parallel)
      const spans = new Map();
      const span = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            for (const r of t.results ?? []) {
              const start = Date.parse(r.startTime);
              const f = spans.get(spec.file) ?? { start: Infinity, end: 0 };
              f.start = Math.min(f.start, start);
              f.end = Math.max(f.end, start + r.duration);
              spans.set(spec.file, f);
            }
        for (const child of suite.suites ?? []) span(child);
      };
      for (const suite of report.suites ?? []) span(suite);
      for (const [file, f] of spans) slowFiles.push({ name: `playwright ${file}`, ms: f.end - f.start });
      projects.push({ name: 'playwright', ms: s.duration, files: spans.size });
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

// Its steps were asked for again, in line, by the tests that need them; a failure here is reported there.
if ((await machineSetupDone) !== 0) console.log(`(background machine setup failed; its log: ${machineLog})`);
if (projects.length) {
  console.log('\nWall time by project:');
  for (const p of projects) console.log(`  ${p.name.padEnd(16)} ${secs(p.ms).padStart(9)}  (${p.files} files)`);
  for (const o of overlaps) console.log(`  (${o}: their wall times overlap)`);
  console.log('Ten slowest test files:');
  for (const f of slowFiles.sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${secs(f.ms).padStart(9)}  ${f.name}`);
}
if (failures.length) console.log(`\nFailures:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(v !== 0 || e !== 0 || failed > 0 ? 1 : 0);
