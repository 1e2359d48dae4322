import fs from 'node:fs';
import path from 'node:path';
import * as schema from '../db/schema';
import { MIGRATIONS } from '../db/migrations';
import { templateDir } from '../db/pglite-template';

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
  const boss = await startBoss(
    {
      engine: 'pglite',
      db: undefined as never,
      close: async () => {},
      query: async (text, params) => client.query(text, params as unknown[]) as never,
      exec: async (text) => {
        await client.exec(text);
      },
    },
    { schedule: false, supervise: false },
  );
  // The job queues too (each is a partition table): a first start then finds them. Only the ones
  // created without options; the delivery queue's options come from the environment at start —
  const { jobs } = await import('./jobs');
  // and their schedules, which a start otherwise writes (see startWorkers)
  for (const def of jobs) {
    await boss.createQueue(def.name);
    if (def.cron) await boss.schedule(def.name, def.cron);
  }
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
    if (/^pglite-[0-9a-f]{16}$/.test(old) && old !== path.basename(dir))
      fs.rmSync(path.join(path.dirname(dir), old), { recursive: true, force: true });
  }
  return { dir, created: true };
}
