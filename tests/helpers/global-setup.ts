import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresForTests } from './postgres-for-tests';
import { dropTestDatabases } from './server';

/**
 * Picks the PostgreSQL of this run (see postgres-for-tests.ts) and says which one; databases the
 * suites create are dropped when the run ends, so repeated runs don't fill the disk.
 */
export default async function setup() {
  const server = await postgresForTests();
  // Workers start after this and inherit the variable.
  process.env.TEST_DATABASE_URL = server.url;
  console.log(`PostgreSQL suites run against ${server.source}`);
  // Databases of an earlier run that was killed before its teardown: nothing is connected to them any more
  // (without `force`, a database still in use by another run is left alone).
  const sweeper = new pg.Client({ connectionString: server.url });
  await sweeper.connect();
  const stale = await sweeper.query<{ datname: string }>(
    `select datname from pg_database d where datname ~ '^junction_t_[0-9a-f]+$'
       and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
  );
  for (const { datname } of stale.rows) await sweeper.query(`drop database if exists ${datname}`).catch(() => {});
  await sweeper.end();
  const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'junction-dbs-')), 'created.txt');
  process.env.JUNCTION_TEST_DB_LIST = list;
  return async () => {
    if (fs.existsSync(list)) {
      const names = [
        ...new Set(
          fs
            .readFileSync(list, 'utf8')
            .split('\n')
            .filter((n) => /^junction_t_[0-9a-f]+$/.test(n)),
        ),
      ];
      await dropTestDatabases(names, server.url);
    }
    await server.stop();
  };
}
