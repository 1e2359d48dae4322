import fs from 'node:fs';
import path from 'node:path';

/** The committed drizzle-kit migrations, applied at start on either engine. */
export const MIGRATIONS = path.join(process.cwd(), 'drizzle');

/**
 * Whether the database already has every committed migration: drizzle's migrator records the
 * journal time of each migration it applies, so "current" is one indexed read. The migrator's own
 * check creates its schema and table first, which on the embedded database is a noticeable part of
 * a restart; a start on a current database skips it.
 */
export async function migrationsCurrent(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  let latest: number;
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    latest = Math.max(...journal.entries.map((e) => e.when));
  } catch {
    return false;
  }
  try {
    const { rows } = await query('select max(created_at) as at from drizzle.__drizzle_migrations');
    const at = Number((rows[0] as { at?: unknown } | undefined)?.at);
    return Number.isFinite(at) && at >= latest;
  } catch {
    return false; // no migrations table yet
  }
}
