import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../helpers/embedded-process';

/**
 * A first start that stops half-way (killed while it copies the database template in, or while
 * initdb runs) must not leave a folder the next start opens as a whole database. The state such a
 * kill leaves is made here directly (the marker of a first start under way, and a folder holding
 * only the first files of the copy), so the outcome does not depend on when a signal lands. The
 * embedded database is the point, so the server runs on it whichever project runs the file.
 */
const roots: string[] = [];
const procs: ChildProcess[] = [];
afterAll(() => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

function newDataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-first-start-'));
  roots.push(d);
  return d;
}

/** A server on the embedded database in `dataDir`, until ready (or its output, if it exits). */
async function start(dataDir: string) {
  const s = await startEmbeddedServer(dataDir);
  procs.push(s.proc);
  return s;
}

const marker = (dataDir: string) => path.join(dataDir, 'pglite.first-start');
const printedKey = (out: string) => /Project API key \(x-api-key\):\s+(ak_\S+)/.exec(out)?.[1];

describe('an interrupted first start of the embedded database', () => {
  it('a first start that completes leaves no marker, and the next start opens the same database', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    const key = printedKey(first.output());
    expect(key, first.output()).toBeDefined();
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(marker(dataDir))).toBe(false);
    const made = await fetch(`${first.url}/api/v3/auth_configs`, {
      method: 'POST',
      headers: { 'x-api-key': key!, 'content-type': 'application/json' },
      body: JSON.stringify({
        toolkit: { slug: 'sendgrid' },
        auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const id = ((await made.json()) as { auth_config: { id: string } }).auth_config.id;
    await first.stop();

    const again = await start(dataDir);
    try {
      expect(again.output()).not.toMatch(/was being created when an earlier start stopped/);
      const read = await fetch(`${again.url}/api/v3/auth_configs/${id}`, { headers: { 'x-api-key': key! } });
      expect(read.status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  it('a folder left half-copied is emptied and made again, and the server then works', async () => {
    const dataDir = newDataDir();
    // what a kill during the template copy leaves: the marker, and the copy's first files only
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(path.join(dir, 'base'), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n', { mode: 0o600 });
    fs.writeFileSync(path.join(dir, 'base', 'half-written'), Buffer.alloc(4096, 1), { mode: 0o600 });
    fs.writeFileSync(marker(dataDir), '1\n', { mode: 0o600 });

    const s = await start(dataDir);
    try {
      const out = s.output();
      expect(out).toMatch(/was being created when an earlier start stopped/);
      expect(fs.existsSync(marker(dataDir))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'base', 'half-written'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'global', 'pg_control'))).toBe(true);
      // a new project and key were made, as on any first start, and they work
      const key = printedKey(out);
      expect(key, out).toBeDefined();
      const list = await fetch(`${s.url}/api/v3/auth_configs`, { headers: { 'x-api-key': key! } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
    } finally {
      await s.stop();
    }
  });
});
