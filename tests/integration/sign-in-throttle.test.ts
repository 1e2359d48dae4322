import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../lib/db/client';
import type { Runtime } from '../../lib/runtime';
import { engine, freshDatabase } from '../helpers/server';

// The throttle is server-only code (a marker package that refuses plain Node); the logic under test is all real.
vi.mock('server-only', () => ({}));

/**
 * The dashboard sign-in throttle on a real database (PGlite and PostgreSQL): the same calls, in the
 * same order, as next-auth's authorize() in lib/dashboard/auth.ts (count the attempt, check the
 * password, give the attempt back on success), without the 128 MiB password hash, which is not
 * what is tested here. The point: a spray from many addresses must not lock the admin out, and
 * guessing spread over many addresses stays slow.
 */
let database: Database;
let dataDir: string;
let throttle: typeof import('../../lib/dashboard/throttle');
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-throttle-'));
  database = await openDatabase({
    dataDir,
    ...(engine() === 'postgres' ? { databaseUrl: await freshDatabase() } : {}),
  });
  globalThis.__junctionRuntime = Promise.resolve({ db: database.db, database } as unknown as Runtime);
  throttle = await import('../../lib/dashboard/throttle');
});
afterAll(async () => {
  globalThis.__junctionRuntime = undefined;
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ADMIN = 'admin@example.com';
const PASSWORD = 'the right password';

/** One sign-in attempt as authorize() makes it: 'locked' (refused unchecked), 'wrong' or 'ok'. */
async function attempt(ip: string, password: string, email = ADMIN): Promise<'ok' | 'wrong' | 'locked'> {
  if (!(await throttle.countAttempt(email, ip)).ok) return 'locked';
  if (email !== ADMIN || password !== PASSWORD) return 'wrong';
  await throttle.attemptSucceeded(email, ip);
  return 'ok';
}

function tally(rs: string[]): Record<string, number> {
  const m: Record<string, number> = {};
  for (const r of rs) m[r] = (m[r] ?? 0) + 1;
  return m;
}

describe('dashboard sign-in throttle', () => {
  it('a spray from many addresses does not lock the admin out of a clean address', async () => {
    // The admin signed in once, from the office.
    expect(await attempt('198.51.100.1', PASSWORD)).toBe('ok');
    // Five wrong passwords from each of eleven addresses: more than the email's 50 over all addresses.
    const spray = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        (async () => {
          const rs: string[] = [];
          for (let n = 0; n < 5; n++) rs.push(await attempt(`203.0.113.${10 + i}`, `guess ${i}-${n}`));
          return rs;
        })(),
      ),
    );
    const all = tally(spray.flat());
    // The email's ceiling was reached: attempts past it were refused unchecked.
    expect(all.wrong).toBe(50);
    expect(all.locked).toBe(5);
    expect(await throttle.isLocked(ADMIN, '203.0.113.10')).toBe(true);

    // The admin, from an address never seen before, signs in (before this change: locked for 15 minutes).
    expect(await throttle.isLocked(ADMIN, '192.0.2.77')).toBe(false);
    expect(await attempt('192.0.2.77', PASSWORD)).toBe('ok');
    // ... and from the address it signed in from before, even after a typo.
    expect(await attempt('198.51.100.1', 'a typo')).toBe('wrong');
    expect(await attempt('198.51.100.1', PASSWORD)).toBe('ok');
  });

  it('guessing spread over many addresses stays slow: one guess per fresh address while under attack', async () => {
    // A fresh address gets exactly one checked attempt; its next is refused, even with the right password.
    expect(await attempt('203.0.113.200', 'another guess')).toBe('wrong');
    expect(await attempt('203.0.113.200', PASSWORD)).toBe('locked');
    expect(await throttle.isLocked(ADMIN, '203.0.113.200')).toBe(true);
    // An address that took part in the spray has nothing left, right password or not.
    expect(await attempt('203.0.113.15', PASSWORD)).toBe('locked');
    // Parallel posts from one fresh address: still only one is checked.
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => attempt('203.0.113.201', `burst ${i}`)));
    expect(tally(burst)).toEqual({ wrong: 1, locked: 5 });
  });

  it('IPv6 addresses are counted per /64, so one prefix is one address', async () => {
    expect(throttle.addressKey('2001:db8:1:2:aaaa::1')).toBe(throttle.addressKey('2001:db8:1:2:bbbb::9'));
    expect(throttle.addressKey('2001:db8:1:2::1')).not.toBe(throttle.addressKey('2001:db8:1:3::1'));
    expect(throttle.addressKey('::ffff:192.0.2.5')).toBe('192.0.2.5');
    // one /64 under attack: its first address gets the one check, every other address in it none
    expect(await attempt('2001:db8:1:2:aaaa::1', 'v6 guess')).toBe('wrong');
    expect(await attempt('2001:db8:1:2:cccc::7', 'v6 guess 2')).toBe('locked');
  });

  it('the lock a single address hits holds that address only (unchanged)', async () => {
    const email = 'someone@example.com';
    const rs = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt('198.51.100.50', `w${i}`, email)));
    expect(tally(rs)).toEqual({ wrong: 5, locked: 3 });
    expect(await throttle.isLocked(email, '198.51.100.50')).toBe(true);
    expect(await throttle.isLocked(email, '198.51.100.51')).toBe(false);
  });
});
