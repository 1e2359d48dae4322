// A vitest reporter for `npm test` (scripts/test-all.mjs): when each test file started and ended, by
// project, written as JSON to JUNCTION_TEST_TIMING. The JSON reporter's per-file times span the tests
// only (a suite's beforeAll, where most suites start their servers, is left out) and do not name the
// project (a file of tests/integration runs in both pglite and postgres), so they cannot give either.
// A file starts when its worker begins collecting it (onTestModuleQueued is sent from the worker then)
// and ends when its last hook has run (onTestModuleEnd).
import fs from 'node:fs';
import path from 'node:path';

export default class TimingReporter {
  files = new Map();

  onTestModuleQueued(m) {
    this.files.set(m.id, {
      project: m.project.name,
      file: path.relative(process.cwd(), m.moduleId),
      start: Date.now(),
    });
  }

  onTestModuleEnd(m) {
    const f = this.files.get(m.id);
    if (f) f.end = Date.now();
  }

  onTestRunEnd() {
    const target = process.env.JUNCTION_TEST_TIMING;
    if (!target) return;
    const files = [...this.files.values()].map((f) => ({ ...f, end: f.end ?? Date.now() }));
    fs.writeFileSync(target, JSON.stringify({ files }));
  }
}
