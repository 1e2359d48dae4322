import fs from 'node:fs';

/**
 * Global setup of the `pglite-providers` project: at the end of the run, stops every shared server
 * its workers started (tests/helpers/shared-server.ts), even those of a worker that ended by a signal.
 */
export default function setup() {
  const file = process.env.JUNCTION_TEST_SHARED_PIDS;
  if (!file) return;
  fs.writeFileSync(file, '');
  return () => {
    for (const pid of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    fs.rmSync(file, { force: true });
  };
}
