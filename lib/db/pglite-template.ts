import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { envValue } from '../config';
import { makePrivate } from './private-dir';

/**
 * A ready-made embedded database: initdb and every migration already applied, made once by
 * `npm run build` (scripts/pglite-template.ts, compiled to dist/make-pglite-template.mjs). A first start copies it (a few hundred ms)
 * instead of running initdb and the migrations inside the WASM heap (seconds, and a heap that
 * never shrinks). The template's name carries a hash of the migrations and of the PGlite and
 * pg-boss versions, so a stale one is never used; without one, Junction runs initdb as before.
 */
export function templateKey(migrationsDir: string): string {
  const h = createHash('sha256');
  // The template also holds pg-boss's schema, so both versions name it.
  for (const name of ['@electric-sql/pglite', 'pg-boss']) {
    const pkg = path.join(process.cwd(), 'node_modules', name, 'package.json');
    h.update(`${name}@${fs.existsSync(pkg) ? String(JSON.parse(fs.readFileSync(pkg, 'utf8')).version) : 'unknown'}`);
  }
  for (const f of listFiles(migrationsDir)) {
    h.update(path.relative(migrationsDir, f));
    h.update(fs.readFileSync(f));
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * The build puts the template beside the compiled server (dist/), so it travels with the build
 * output into an image or another machine. Earlier builds kept it in node_modules' cache, which
 * is still read when dist/ has none.
 */
function templateRoots(): string[] {
  const pinned = envValue('JUNCTION_PGLITE_TEMPLATE_DIR');
  if (pinned) return [pinned];
  return [
    path.join(process.cwd(), 'dist', 'pglite-template'),
    path.join(process.cwd(), 'node_modules', '.cache', 'junction'),
  ];
}

/** Where the build writes the template for this schema. */
export function templateDir(migrationsDir: string): string {
  return path.join(templateRoots()[0]!, `pglite-${templateKey(migrationsDir)}`);
}

/** Copy the template into an empty data dir; false when there is none (or it is switched off). */
export function copyTemplate(migrationsDir: string, dataDir: string): boolean {
  if (envValue('JUNCTION_PGLITE_TEMPLATE') === 'off') return false;
  const name = `pglite-${templateKey(migrationsDir)}`;
  for (const root of templateRoots()) {
    const dir = path.join(root, name);
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) continue;
    fs.cpSync(dir, dataDir, { recursive: true });
    // The copy keeps the template's modes (readable by everyone, as the build left them); the
    // database of this instance is for its owner only.
    makePrivate(dataDir);
    return true;
  }
  return false;
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
