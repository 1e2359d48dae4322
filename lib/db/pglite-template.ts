import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as schema from './schema';
import { MIGRATIONS } from './migrations';

/**
 * A ready-made embedded database: initdb and every migration already applied, made once by
 * `npm run build` (scripts/pglite-template.ts). A first start copies it (a few hundred ms)
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

export function templateDir(migrationsDir: string): string {
  const root = process.env.JUNCTION_PGLITE_TEMPLATE_DIR || path.join(process.cwd(), 'node_modules', '.cache', 'junction');
  return path.join(root, `pglite-${templateKey(migrationsDir)}`);
}

/** Copy the template into an empty data dir; false when there is none (or it is switched off). */
export function copyTemplate(migrationsDir: string, dataDir: string): boolean {
  if (process.env.JUNCTION_PGLITE_TEMPLATE === 'off') return false;
  const dir = templateDir(migrationsDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) return false;
  fs.cpSync(dir, dataDir, { recursive: true });
  return true;
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * Make the template for this schema: initdb, the migrations, pg-boss's schema and the job queues
 * in a scratch folder, renamed into place so a half-made template is never used.
 */
export async function buildPgliteTemplate(): Promise<{ dir: string; created: boolean }> {
  const dir = templateDir(MIGRATIONS);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return { dir, created: false };
  const scratch = `${dir}.tmp-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(scratch);
  await migrate(drizzle({ client, schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS });
  // pg-boss's own schema too: creating it is a third of a first start's remaining time.
  const { startBoss } = await import('../jobs/boss');
  const boss = await startBoss({
    engine: 'pglite', db: undefined as never, close: async () => {},
    query: async (text, params) => client.query(text, params as unknown[]) as never,
    exec: async (text) => { await client.exec(text); },
  }, { schedule: false, supervise: false });
  // The job queues too (each is a partition table): a first start then finds them. Only the ones
  // created without options; the delivery queue's options come from the environment at start.
  const { jobs } = await import('../jobs/index');
  for (const def of jobs) await boss.createQueue(def.name);
  await boss.stop({ graceful: false, wait: true });
  await client.exec('checkpoint');
  await client.close();
  try {
    fs.renameSync(scratch, dir);
  } catch (err) {
    // Another build made it meanwhile.
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw err;
  }
  // Templates of earlier schemas are of no further use.
  for (const old of fs.readdirSync(path.dirname(dir))) {
    if (/^pglite-[0-9a-f]{16}$/.test(old) && old !== path.basename(dir)) fs.rmSync(path.join(path.dirname(dir), old), { recursive: true, force: true });
  }
  return { dir, created: true };
}
