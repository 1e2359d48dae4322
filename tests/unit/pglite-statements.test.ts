import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStatements } from '../../lib/db/pglite-statements';

/**
 * The prepared-statement path of the embedded database must answer exactly as PGlite's own
 * `query()` does: same rows, types, errors and notifications, in and out of transactions. Two
 * in-memory databases with the same schema, one with the path and one without, run the same calls.
 */
const SCHEMA = `
  create table t (id text primary key, n int, big bigint, ok boolean, doc jsonb, tags text[], at timestamptz,
    raw bytea, price numeric);
  insert into t values ('a', 1, 9007199254740993, true, '{"x":[1,2]}', '{p,q}', '2026-01-02T03:04:05Z', '\\x0102', 1.50);
`;

let fast: PGlite;
let plain: PGlite;

beforeAll(async () => {
  fast = await PGlite.create();
  plain = await PGlite.create();
  await fast.exec(SCHEMA);
  await plain.exec(SCHEMA);
  prepareStatements(fast);
}, 120_000); // two WASM Postgres starts: seconds alone, much longer on a loaded machine
afterAll(async () => {
  await fast?.close();
  await plain?.close();
});

const both = async (text: string, params: unknown[], options?: Parameters<PGlite['query']>[2]) => {
  const [a, b] = await Promise.all([fast.query(text, params, options), plain.query(text, params, options)]);
  return { a, b };
};

describe('PGlite prepared statements', { timeout: 60_000 }, () => {
  it('return the same rows, fields and types as query()', async () => {
    const { a, b } = await both('select * from t where id = $1', ['a']);
    expect(a.rows).toEqual(b.rows);
    expect(a.fields).toEqual(b.fields);
    expect(a.rows[0]).toMatchObject({ n: 1, ok: true, doc: { x: [1, 2] }, tags: ['p', 'q'] });
    expect((a.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
  });

  it('serialize parameters by their described types (json, arrays, dates, bytes, null)', async () => {
    const params = [
      'b',
      2,
      null,
      false,
      { y: 'z' },
      ['r', 's'],
      new Date('2026-02-03T00:00:00Z'),
      new Uint8Array([3]),
      '2.25',
    ];
    const text = 'insert into t values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *';
    const { a, b } = await both(text, params);
    expect(a.rows).toEqual(b.rows);
    expect(a.affectedRows).toBe(1);
    const again = await fast.query('select doc, tags, raw from t where id = $1', ['b']);
    expect(again.rows[0]).toEqual({ doc: { y: 'z' }, tags: ['r', 's'], raw: new Uint8Array([3]) });
  });

  it('honour rowMode and per-call parsers, as drizzle passes them', async () => {
    const options = { rowMode: 'array' as const, parsers: { 1184: (v: string) => `ts:${v}` } };
    const { a, b } = await both('select id, at from t where id = $1', ['a'], options);
    expect(a.rows).toEqual(b.rows);
    expect(a.rows[0]).toEqual(['a', expect.stringMatching(/^ts:2026-01-02/)]);
  });

  it('report the same command, counts and columns for every kind of statement (columns described once)', async () => {
    const calls: [string, unknown[]][] = [
      ['select id, n from t where id = $1', ['none']], // no rows: the columns still come back
      ['insert into t (id, n) values ($1, 3), ($2, 4)', ['c1', 'c2']], // no result columns
      ['update t set n = n + $1 where id like $2', [1, 'c%']],
      ['update t set n = $1 where id = $2 returning id, n', [9, 'c1']],
      ['delete from t where id like $1', ['c%']],
      ['select count(*) as c, $1::text as echo from t', ['e']],
    ];
    for (const [text, params] of calls) {
      for (const rowMode of ['object', 'array'] as const) {
        // twice: the second call runs on the statement prepared by the first
        for (let i = 0; i < 2; i++) {
          const a = await fast.query(text, params, { rowMode });
          const b = await plain.query(text, params, { rowMode });
          expect({ ...a }, `${text} (${rowMode}, call ${i + 1})`).toEqual({ ...b });
          if (text.startsWith('insert')) {
            await fast.query('delete from t where id like $1', ['c%']);
            await plain.query('delete from t where id like $1', ['c%']);
          }
        }
      }
    }
  });

  it('raise the same database errors, and the next query still works', async () => {
    const err = await fast.query('insert into t (id) values ($1)', ['a']).catch((e: unknown) => e);
    const ref = await plain.query('insert into t (id) values ($1)', ['a']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect((err as Error).message).toBe((ref as Error).message);
    expect((await fast.query('select id from t where id = $1', ['a'])).rows).toEqual([{ id: 'a' }]);
  });

  it('run inside transactions: commit keeps, rollback drops, an error aborts only its transaction', async () => {
    await fast.transaction(async (tx) => {
      await tx.query('update t set n = $1 where id = $2', [10, 'a']);
      expect((await tx.query('select n from t where id = $1', ['a'])).rows).toEqual([{ n: 10 }]);
    });
    await fast
      .transaction(async (tx) => {
        await tx.query('update t set n = $1 where id = $2', [20, 'a']);
        await tx.query('insert into t (id) values ($1)', ['a']); // unique violation
      })
      .catch(() => undefined);
    expect((await fast.query('select n from t where id = $1', ['a'])).rows).toEqual([{ n: 10 }]);
    const closed = await fast.transaction(async (tx) => tx);
    await expect(closed.query('select 1 where $1::int = 1', [1])).rejects.toThrow('Transaction is closed');
  });

  it('re-prepare a statement whose table changed shape', async () => {
    expect(Object.keys((await fast.query('select * from t where id = $1', ['a'])).rows[0]!)).not.toContain('extra');
    await fast.exec('alter table t add column extra text');
    const after = await fast.query('select * from t where id = $1', ['a']);
    expect(Object.keys(after.rows[0]!)).toContain('extra');
  });

  it('deliver notifications raised by a prepared statement', async () => {
    const got: string[] = [];
    await fast.listen('junction_test', (p) => got.push(p));
    await fast.query('select pg_notify($1, $2)', ['junction_test', 'hello']);
    expect(got).toEqual(['hello']);
  });

  it('keep working past the statement cap (old statements closed, then re-prepared)', async () => {
    for (let i = 0; i < 300; i++) {
      const r = await fast.query(`select $1::int + ${i} as v`, [1]);
      expect(r.rows[0]).toEqual({ v: i + 1 });
    }
    const prepared = await fast.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where $1', [
      true,
    ]);
    expect(prepared.rows[0]!.n).toBeGreaterThan(200); // the path is in use…
    expect(prepared.rows[0]!.n).toBeLessThanOrEqual(256); // …and bounded
    expect((await fast.query('select $1::int + 0 as v', [5])).rows[0]).toEqual({ v: 5 });
  });
});
