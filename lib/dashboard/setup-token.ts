import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { dashboardAdmins, instanceSettings } from '../db/schema';
import { randomToken, safeEqual } from '../crypto/ids';
import type { Db, Tx } from '../db/client';

/**
 * The one-time token that opens first-run setup. Whoever can reach the server before an admin
 * exists must also have read the server's first-start output (or run the CLI on its host), so
 * an open port alone does not hand out the dashboard. Stored only as a SHA-256 hash (the token is
 * high-entropy, like API keys); deleted when the first admin is created.
 *
 * Imported by on-start.ts and cli.ts: no `server-only` here.
 */
export const SETUP_TOKEN_SETTING = 'dashboard_setup_token';
/** JUNCTION_SETUP_TOKEN shorter than this is refused at start: it would be guessable. */
export const MIN_PINNED_LENGTH = 16;

function hash(token: string): string {
  return createHash('sha256').update(token.trim()).digest('hex');
}

export function newSetupToken(): string {
  return `jst_${randomToken(32)}`;
}

async function adminExists(db: Tx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(dashboardAdmins);
  return Number(row?.n ?? 0) > 0;
}

/** Replaces the stored hash (CLI `setup-token`, or a pinned JUNCTION_SETUP_TOKEN). */
export async function storeSetupToken(db: Tx, token: string): Promise<void> {
  const value = { hash: hash(token), at: new Date().toISOString() };
  await db
    .insert(instanceSettings)
    .values({ key: SETUP_TOKEN_SETTING, value })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt: new Date() } });
}

/**
 * At start, while no admin exists: a pinned token replaces the stored hash; otherwise a token is
 * made once (the process whose insert wins prints it). Returns the new token to print, if any.
 */
export async function ensureSetupToken(
  db: Db,
  pinned: string | undefined,
): Promise<{ token?: string; pending: boolean }> {
  if (pinned !== undefined && pinned.trim().length < MIN_PINNED_LENGTH) {
    throw new Error(`JUNCTION_SETUP_TOKEN must be at least ${MIN_PINNED_LENGTH} characters (use a random value).`);
  }
  return db.transaction(async (tx) => {
    // The same lock as creating the first admin: a token is never made after setup closed.
    await tx.execute(sql`select pg_advisory_xact_lock(7166100)`);
    if (await adminExists(tx)) {
      await tx.delete(instanceSettings).where(eq(instanceSettings.key, SETUP_TOKEN_SETTING));
      return { pending: false };
    }
    if (pinned !== undefined) {
      await storeSetupToken(tx, pinned);
      return { pending: true };
    }
    const token = newSetupToken();
    const made = await tx
      .insert(instanceSettings)
      .values({ key: SETUP_TOKEN_SETTING, value: { hash: hash(token), at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: instanceSettings.key });
    return made.length ? { token, pending: true } : { pending: true };
  });
}

/** Constant-time check of a presented token against the stored hash (inside the setup transaction). */
export async function setupTokenMatches(db: Tx, presented: string): Promise<boolean> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, SETUP_TOKEN_SETTING))
    .limit(1);
  const stored = (row?.value as { hash?: string } | undefined)?.hash;
  if (!stored || !presented.trim()) return false;
  return safeEqual(hash(presented), stored);
}

export async function deleteSetupToken(db: Tx): Promise<void> {
  await db.delete(instanceSettings).where(eq(instanceSettings.key, SETUP_TOKEN_SETTING));
}

/** CLI: a fresh token replacing the stored one, or undefined when setup is already closed. */
export async function reissueSetupToken(db: Db): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7166100)`);
    if (await adminExists(tx)) return undefined;
    const token = newSetupToken();
    await storeSetupToken(tx, token);
    return token;
  });
}
