import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Databases the suites create are dropped when the run ends, so repeated runs don't fill the disk. */
export default function setup() {
  const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'junction-dbs-')), 'created.txt');
  process.env.JUNCTION_TEST_DB_LIST = list;
  return async () => {
    if (!fs.existsSync(list)) return;
    const names = [...new Set(fs.readFileSync(list, 'utf8').split('\n').filter((n) => /^junction_t_[0-9a-f]+$/.test(n)))];
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
    await client.connect();
    for (const n of names) await client.query(`drop database if exists ${n} with (force)`).catch(() => {});
    await client.end();
  };
}
