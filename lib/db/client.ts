import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { lockDataDir } from './lock';
import { beginFirstStart, endFirstStart } from './first-start';
import { copyTemplate } from './pglite-template';
import { makePrivate } from './private-dir';
import { prepareStatements } from './pglite-statements';
import { MIGRATIONS, migrationsCurrent } from './migrations';
import { envValue } from '../config';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: verbs that may run inside a caller's transaction take this. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * Run raw SQL with parameters (pg-boss, the benchmarks, and the hottest read). `name` makes it a
   * named prepared statement on PostgreSQL: each pool connection parses and plans it once. Text
   * must be the same for every call under one name.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<{ rows: T[] }>;
  /** Multi-statement SQL without parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /** connection pool usage (PostgreSQL; the embedded database is one connection) */
  poolStats?(): Record<'total' | 'idle' | 'waiting', number>;
  /**
   * LISTEN on the embedded database: NOTIFYs raised by its own statements (triggers included) reach
   * `fn` when the statement's transaction commits, before the statement's caller resumes. PostgreSQL
   * processes listen on a connection of their own (lib/services/cache/bus.ts).
   */
  listen?(channel: string, fn: (payload: string) => void): Promise<void>;
}

/**
 * PGlite is one connection: while a transaction holds it, a query on the root database waits
 * for the transaction to end — forever, if the transaction is waiting on that query. Reads that
 * may run inside a caller's transaction (caches filled lazily) use `currentTx() ?? rt.db`.
 */
const txContext = new AsyncLocalStorage<Tx>();
export function currentTx(): Tx | undefined {
  return txContext.getStore();
}

export interface PoolTimeouts {
  /** wait at most this long for a pool connection (pg `connectionTimeoutMillis`); 0 = forever */
  acquireTimeoutMs?: number;
  /** PostgreSQL `statement_timeout` of every pool connection; 0 = none */
  statementTimeoutMs?: number;
}

export async function openDatabase(
  opts: { databaseUrl?: string; dataDir: string; poolSize?: number } & PoolTimeouts,
): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts);
  return openPglite(path.join(opts.dataDir, 'pglite'));
}

async function openPostgres(url: string, max: number, t: PoolTimeouts = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // A bounded wait for a connection and a bounded statement: a stuck query or a starved pool
  // fails that one request instead of queueing every other one behind it.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(t.acquireTimeoutMs ? { connectionTimeoutMillis: t.acquireTimeoutMs } : {}),
    ...(t.statementTimeoutMs ? { statement_timeout: t.statementTimeoutMs } : {}),
  });
  pool.on('error', () => {
    /* idle client errors surface on next query */
  });
  // A checked-out client (a transaction) whose backend goes away emits 'error' with no pool listener
  // attached, which would crash the process on a database restart; its queries fail on their own.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  // Migrations from several processes at once: serialise with an advisory lock.
  const client = await pool.connect();
  if (await migrationsCurrent((text) => client.query(text))) {
    client.release();
    return postgresDatabase(db, pool);
  }
  try {
    // waiting for another process's migrations is not a stuck statement
    if (t.statementTimeoutMs) await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(7166001)');
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock(7166001)').catch(() => {});
    if (t.statementTimeoutMs)
      await client.query(`set statement_timeout = ${Math.floor(t.statementTimeoutMs)}`).catch(() => {});
    client.release();
  }
  return postgresDatabase(db, pool);
}

function postgresDatabase(db: unknown, pool: import('pg').Pool): Database {
  return {
    db: db as unknown as Db,
    engine: 'postgres',
    query: async (text, params, name) =>
      (name ? pool.query({ name, text, values: params as unknown[] }) : pool.query(text, params as unknown[])) as never,
    exec: async (text) => {
      await pool.query(text);
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

async function openPglite(dir: string): Promise<Database> {
  const release = lockDataDir(path.dirname(dir));
  const firstStart = beginFirstStart(dir);
  const fresh = firstStart && !copyTemplate(MIGRATIONS, dir);
  // Postgres in WebAssembly starts on V8's baseline compiler; functions that run hot are recompiled
  // by the optimising compiler in the background. At start nearly all of Postgres runs once
  // (recovery, catalog reads, the first queries), and with V8's default threshold the optimising
  // jobs crowd a 2-core machine while the server loads and opens: a restart took ~3.1 s, ~2.2 s
  // with this threshold. Functions that stay hot (the queries the server keeps running) are still
  // optimised, later; webhook delivery on this engine measured no slower. V8 reads the flag when
  // the module is compiled, below. JUNCTION_PGLITE_TIERING_BUDGET overrides it.
  v8.setFlagsFromString(`--wasm-tiering-budget=${envValue('JUNCTION_PGLITE_TIERING_BUDGET') || '600000000'}`);
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Postgres' default 128 MB of shared buffers would live in the WASM heap for the life of the
  // process; an embedded single-user database reads through the OS page cache just as well. 16 MB
  // saved ~20 MB more but cut webhook delivery on this engine by a quarter (more buffer evictions).
  const buffers = envValue('JUNCTION_PGLITE_SHARED_BUFFERS') || '32MB';
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffers}`] };
  let client = await PGlite.create(dir, options);
  let db = drizzle({ client, schema, casing: 'snake_case' });
  if (fresh || !(await migrationsCurrent((text) => client.query(text))))
    await migrate(db, { migrationsFolder: MIGRATIONS });
  if (fresh) {
    // A new data dir runs initdb and every migration inside the WASM heap, which never shrinks
    // (~350 MB more resident); reopening the initialised folder starts from a small heap. First start only.
    await client.close();
    client = await PGlite.create(dir, options);
    db = drizzle({ client, schema, casing: 'snake_case' });
  }
  // Emscripten's file system sets the mode of each file it creates itself (no umask applies), and
  // PostgreSQL asks for 0666 on some (the relation cache's pg_internal.init, written as it opens):
  // made private again once open. Files it creates later stay inside the 0700 folder.
  makePrivate(dir);
  if (firstStart) endFirstStart(dir);
  // Parse once, then one trip per query (pglite-statements.ts); JUNCTION_PGLITE_PREPARED=0 turns it
  // off, so a bench can set both sides beside each other.
  if (!/^(0|false|no|off)$/i.test(envValue('JUNCTION_PGLITE_PREPARED') ?? '')) prepareStatements(client);
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (tx: never) => Promise<unknown>, cfg?: never) =>
    transaction((tx) => txContext.run(tx as never, () => fn(tx as never)), cfg)) as typeof db.transaction;
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    query: async (text, params) => client.query(text, params as unknown[]) as never,
    exec: async (text) => {
      await client.exec(text);
    },
    listen: async (channel, fn) => {
      await client.listen(channel, fn);
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}
