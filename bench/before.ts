import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../tests/helpers/server';

/**
 * An earlier build of Junction beside the current one, so that figures which grow with the catalog
 * (start, idle memory, search) are measured before and after in the same run, on the same machine
 * load. The commit is the last one before the catalog doubled (the breadth issue); BENCH_BEFORE
 * names another (`BENCH_BEFORE=off` skips these comparisons).
 *
 * The commit's tree is unpacked into the temp dir (no git worktree: the repository's metadata is not
 * touched), shares this checkout's node_modules, and is built once (`npm run build:server`'s two steps);
 * later runs reuse it.
 */
export const CATALOG_BEFORE = 'b388e2c';

export function beforeCommit(): string | undefined {
  const c = process.env.BENCH_BEFORE ?? CATALOG_BEFORE;
  return c === 'off' ? undefined : c;
}

const cache = new Map<string, string>();

/** The root of the built earlier checkout; throws with the reason when it cannot be had. */
export function beforeRoot(commit = beforeCommit()): string {
  if (!commit) throw new Error('BENCH_BEFORE=off');
  const hit = cache.get(commit);
  if (hit) return hit;
  const sha = spawnSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: ROOT, encoding: 'utf8' });
  if (sha.status !== 0) throw new Error(`commit ${commit} is not in this clone (a shallow clone?)`);
  const full = sha.stdout.trim();
  const dir = path.join(os.tmpdir(), `junction-before-${full.slice(0, 12)}`);
  const built = path.join(dir, 'dist', 'server.mjs');
  if (!fs.existsSync(path.join(dir, '.built'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const tar = spawnSync('sh', ['-c', `git archive ${full} | tar -x -C '${dir}'`], { cwd: ROOT, encoding: 'utf8' });
    if (tar.status !== 0) throw new Error(`unpacking ${commit} failed: ${tar.stderr}`);
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    for (const script of ['scripts/build-server.mjs', 'dist/make-pglite-template.mjs']) {
      const r = spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${commit}: ${script} failed: ${r.stderr.slice(0, 500)}`);
    }
    if (!fs.existsSync(built)) throw new Error(`${commit}: no dist/server.mjs after the build`);
    fs.writeFileSync(path.join(dir, '.built'), full);
  }
  cache.set(commit, dir);
  return dir;
}
