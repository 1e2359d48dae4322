import type { Database } from '../../db/client';
import { decrypt, encrypt, type Keyring } from '../../crypto/secrets';
import { writeEncryptionCanary } from './key-canary';

export interface RotationReport {
  keyId: string;
  /** per table.column: values re-encrypted under the current key, already current, unreadable */
  columns: { table: string; column: string; reencrypted: number; current: number; failed: number }[];
  reencrypted: number;
  failed: number;
  /** the start-up key check moved to the current key (only when nothing failed) */
  canaryUpdated: boolean;
}

const ENVELOPE = /^v1\.[0-9a-f]{8}\./;

/**
 * Re-encrypt every secret envelope (`v1.<kid>.…`) in every text column of the database under the
 * current key. Found by scanning, so columns added by any area are covered. Each value is
 * decrypted with the keyring (current or JUNCTION_ENCRYPTION_KEY_PREVIOUS) and written back only
 * if it still holds the same envelope (a concurrent writer wins).
 */
export async function rotateEncryptionKey(database: Database, ring: Keyring, batch = 200): Promise<RotationReport> {
  const cols = (
    await database.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.data_type = 'text' order by c.table_name, c.column_name`,
    )
  ).rows;
  const report: RotationReport = {
    keyId: ring.current.id,
    columns: [],
    reencrypted: 0,
    failed: 0,
    canaryUpdated: false,
  };
  const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
  for (const { table_name: table, column_name: column } of cols) {
    const entry = { table, column, reencrypted: 0, current: 0, failed: 0 };
    let lastCtid: string | null = null;
    for (;;) {
      // ctid pages through any table without knowing its key; values are matched again on write
      const rows: { ctid: string; v: string }[] = (
        await database.query<{ ctid: string; v: string }>(
          `select ctid::text as ctid, ${q(column)} as v from ${q(table)}
          where ${q(column)} like 'v1.%' and split_part(${q(column)}, '.', 2) <> $1 ${lastCtid ? `and ctid > $2::tid` : ''}
          order by ctid limit ${batch}`,
          lastCtid ? [ring.current.id, lastCtid] : [ring.current.id],
        )
      ).rows;
      if (!rows.length) break;
      lastCtid = rows[rows.length - 1]!.ctid;
      for (const r of rows) {
        if (!ENVELOPE.test(r.v)) continue;
        let plain: string;
        try {
          plain = decrypt(ring, r.v);
        } catch {
          entry.failed++;
          continue;
        }
        const res = await database.query(`update ${q(table)} set ${q(column)} = $1 where ${q(column)} = $2`, [
          encrypt(ring, plain),
          r.v,
        ]);
        entry.reencrypted +=
          (res as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
          (res as unknown as { affectedRows?: number }).affectedRows ??
          1;
      }
      if (rows.length < batch) break;
    }
    const cur = (
      await database.query<{ n: string | number }>(
        `select count(*) as n from ${q(table)} where ${q(column)} like 'v1.%' and split_part(${q(column)}, '.', 2) = $1`,
        [ring.current.id],
      )
    ).rows[0];
    entry.current = Number(cur?.n ?? 0) - entry.reencrypted;
    if (entry.reencrypted || entry.current || entry.failed) report.columns.push(entry);
    report.reencrypted += entry.reencrypted;
    report.failed += entry.failed;
  }
  // Values that did not decrypt are still under some other key: the start-up check keeps asking
  // for the previous key until they are sorted out.
  if (!report.failed) {
    await writeEncryptionCanary(database.query, ring);
    report.canaryUpdated = true;
  }
  return report;
}
