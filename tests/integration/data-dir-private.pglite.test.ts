import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../helpers/embedded-process';

/**
 * The data directory is its owner's only. A first start with the embedded database (the build's
 * template copied in) and a generated encryption key leaves every folder 0700 and every file 0600,
 * and the key warning says what a copy of the folder holds and how to keep the key elsewhere. A
 * data dir left open by an earlier release is fixed at the next start, and the start says so.
 *
 * The embedded database is the point here, so the server runs on it whichever project runs the file.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-private-'));
const procs: ChildProcess[] = [];
afterAll(async () => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A server on the embedded database with no JUNCTION_ENCRYPTION_KEY (so it generates one), until ready. */
async function start() {
  const s = await startEmbeddedServer(dataDir, { JUNCTION_ENCRYPTION_KEY: undefined });
  procs.push(s.proc);
  return s;
}

/** Every entry under the data dir whose mode is not the private one, as "mode path". */
function openEntries(): string[] {
  const open: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    const mode = st.mode & 0o777;
    if (st.isDirectory()) {
      if (mode !== 0o700) open.push(`${mode.toString(8)} ${p}`);
      for (const n of fs.readdirSync(p)) visit(path.join(p, n));
    } else if (mode !== 0o600) open.push(`${mode.toString(8)} ${p}`);
  };
  visit(dataDir);
  return open;
}

function countEntries(dir: string): number {
  return fs.readdirSync(dir, { recursive: true }).length;
}

describe('the data directory is private', () => {
  it('a first start: folders 0700, files 0600, and the key warning says what a copy holds', async () => {
    const s = await start();
    try {
      // the embedded database came from the template (hundreds of entries), and the key was generated
      expect(fs.existsSync(path.join(dataDir, 'encryption.key'))).toBe(true);
      expect(countEntries(path.join(dataDir, 'pglite'))).toBeGreaterThan(100);
      expect(openEntries()).toEqual([]);
      const out = s.output();
      expect(out).toMatch(/copy or backup of the data dir now holds both the database and the key/);
      expect(out).toMatch(/JUNCTION_ENCRYPTION_KEY/);
      expect(out).not.toMatch(/made \d+ files and folders private/);
    } finally {
      await s.stop();
    }
  });

  it('an existing data dir left open is fixed at start, and the start says so', async () => {
    // as an earlier release left it: the template's modes, readable by every user
    let opened = 0;
    const open = (p: string) => {
      const st = fs.lstatSync(p);
      if (st.isDirectory()) {
        fs.chmodSync(p, 0o755);
        for (const n of fs.readdirSync(p)) open(path.join(p, n));
      } else fs.chmodSync(p, 0o644);
      opened++;
    };
    open(dataDir);
    expect(openEntries().length).toBe(opened);
    const s = await start();
    try {
      expect(openEntries()).toEqual([]);
      const m = /made (\d+) files and folders private/.exec(s.output());
      expect(m, s.output()).not.toBeNull();
      // everything we opened, less what the previous process removed on exit (its lock file)
      expect(Number(m![1])).toBeGreaterThanOrEqual(opened - 1);
      // the key was kept, not generated again
      expect(s.output()).not.toMatch(/generated an encryption key/);
    } finally {
      await s.stop();
    }
  });
});
