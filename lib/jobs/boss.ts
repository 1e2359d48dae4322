import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';

/**
 * pg-boss on either engine. On PGlite it runs through `db.executeSql`; statements without
 * parameters may hold several commands (its schema migrations), which only `exec` accepts.
 */
import type PgBossType from 'pg-boss';
export type Boss = PgBossType;

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export function databaseExecutor(database: Database): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (database.engine === 'pglite' && (!values || values.length === 0) && /;\s*\S/.test(text)) {
        await database.exec(text);
        return { rows: [] };
      }
      return database.query(text, values);
    },
  };
}

/** Rewrite `$1 … $n` SQL into a drizzle SQL object so it runs on a caller's transaction. */
export function toDrizzleSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    // undefined would vanish from the statement (drizzle drops it) and shift the parameters: send NULL.
    else chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
  }
  return sql.join(chunks, sql.raw(''));
}

/** An executor bound to a drizzle transaction: `boss.send(…, { db: txExecutor(tx) })` joins it. */
export function txExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text, values) {
      const res = (await tx.execute(toDrizzleSql(text, values))) as unknown as { rows?: any[] } | any[];
      return { rows: Array.isArray(res) ? res : (res.rows ?? []) };
    },
  };
}

export async function startBoss(
  database: Database,
  opts: { databaseUrl?: string; schedule: boolean; supervise: boolean },
): Promise<Boss> {
  const { default: PgBoss } = await import('pg-boss');
  const common = {
    schema: 'pgboss',
    schedule: opts.schedule,
    supervise: opts.supervise,
    migrate: true,
  };
  const boss = opts.databaseUrl
    ? new PgBoss({ connectionString: opts.databaseUrl, max: 5, ...common })
    : new PgBoss({ db: databaseExecutor(database), ...common } as never);
  boss.on('error', (err: unknown) => {
    // pg-boss reports transient maintenance errors here; they must not crash the process.
    console.error('[jobs]', err instanceof Error ? err.message : err);
  });
  await boss.start();
  return boss;
}
