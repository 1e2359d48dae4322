import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { MIGRATIONS } from '@/lib/db/migrations';
import { templateDir, templateKey } from '@/lib/db/pglite-template';
import { buildPgliteTemplate } from '@/lib/boot/pglite-template';

/** The ready-made embedded database that a first start copies instead of running initdb. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-template-test-'));
process.env.JUNCTION_PGLITE_TEMPLATE_DIR = path.join(scratch, 'templates');
afterAll(() => {
  delete process.env.JUNCTION_PGLITE_TEMPLATE_DIR;
  delete process.env.JUNCTION_PGLITE_TEMPLATE;
  fs.rmSync(scratch, { recursive: true, force: true });
});

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'))
  .entries as unknown[];

async function schemaOf(dataDir: string) {
  const db = await openDatabase({ dataDir });
  try {
    const tables = await db.query<{ t: string }>(
      "select table_schema || '.' || table_name as t from information_schema.tables where table_schema in ('public', 'drizzle') order by 1",
    );
    const applied = await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const boss = await db.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'",
    );
    return { tables: tables.rows.map((r) => r.t), applied: applied.rows[0]!.n, bossTables: boss.rows[0]!.n };
  } finally {
    await db.close();
  }
}

describe('embedded-database template', () => {
  it('is named for the migrations: any change to them gives another template', () => {
    const copy = path.join(scratch, 'migrations');
    fs.cpSync(MIGRATIONS, copy, { recursive: true });
    const before = templateKey(copy);
    expect(before).toBe(templateKey(MIGRATIONS));
    const first = fs.readdirSync(copy).find((f) => f.endsWith('.sql'))!;
    fs.appendFileSync(path.join(copy, first), '\n-- changed\n');
    expect(templateKey(copy)).not.toBe(before);
  });

  it('a first start from the template has the same schema, every migration applied, as one that ran initdb', async () => {
    const made = await buildPgliteTemplate();
    expect(made).toEqual({ dir: templateDir(MIGRATIONS), created: true });
    expect((await buildPgliteTemplate()).created).toBe(false); // kept, not rebuilt

    const fromTemplate = path.join(scratch, 'a');
    const viaCopy = await schemaOf(fromTemplate);
    expect(fs.existsSync(path.join(fromTemplate, 'pglite', 'PG_VERSION'))).toBe(true);

    process.env.JUNCTION_PGLITE_TEMPLATE = 'off';
    const viaInitdb = await schemaOf(path.join(scratch, 'b'));
    delete process.env.JUNCTION_PGLITE_TEMPLATE;

    expect(viaCopy.applied).toBe(journal.length);
    expect(viaInitdb.applied).toBe(journal.length);
    expect(viaCopy.tables).toEqual(viaInitdb.tables);
    expect(viaCopy.tables).toContain('public.connected_accounts');
    expect(viaCopy.bossTables).toBeGreaterThan(0); // pg-boss's schema comes ready-made too
    // A copy is a separate database: writing to it leaves the template untouched.
    const db = await openDatabase({ dataDir: fromTemplate });
    await db.exec('create table scratch_only (id int)');
    await db.close();
    expect((await schemaOf(path.join(scratch, 'c'))).tables).not.toContain('public.scratch_only');
    // two embedded databases made from scratch: CPU-bound, so a loaded machine needs more than the default minute
  }, 300_000);
});
