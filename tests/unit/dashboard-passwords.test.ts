import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  passwordHashingLoad,
  PasswordHashingBusy,
  PASSWORD_PARAMS,
  verifyPassword,
} from '../../lib/dashboard/passwords';

/** A hash as the previous release stored it (scrypt N=2^15), or with any other N. */
function legacyHash(password: string, n = 2 ** 15): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, { N: n, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', n, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

describe('dashboard password hashing', () => {
  it('new hashes use scrypt N >= 2^17 and verify', async () => {
    const h = await hashPassword('correct horse battery staple');
    const [, n, r, p] = h.split('$');
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 17);
    expect(Number(n)).toBe(PASSWORD_PARAMS.N);
    expect([Number(r), Number(p)]).toEqual([8, 1]);
    expect(await verifyPassword('correct horse battery staple', h)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', h)).toBe(false);
    expect(needsRehash(h)).toBe(false);
    // three scrypt runs at N = 2^17 by design (~128 MB, a few hundred ms each): more than the default
    // 5 s when the machine is busy with other suites
  }, 30_000);

  it('hashes stored with older parameters still verify, and ask to be rehashed', async () => {
    const old = legacyHash('an older admin password');
    expect(await verifyPassword('an older admin password', old)).toBe(true);
    expect(await verifyPassword('not the password', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('a stored hash asking for absurd parameters is refused, not computed', async () => {
    const salt = randomBytes(16).toString('base64url');
    expect(await verifyPassword('x', `scrypt$${2 ** 30}$8$1$${salt}$${salt}`)).toBe(false);
    expect(await verifyPassword('x', `scrypt$1000$8$1$${salt}$${salt}`)).toBe(false); // not a power of two
  });

  it('at most two hashes run at once; the rest queue, and past the queue limit callers are turned away', async () => {
    // A deliberately cheap stored hash (N=16): the limit is on how many run, whatever they cost.
    const h = legacyHash('queue test password', 16);
    const first = Array.from({ length: 10 }, () => verifyPassword('wrong', h));
    // The slots are taken synchronously by the calls above.
    expect(passwordHashingLoad()).toEqual({ running: 2, waiting: 8 });
    const more = Array.from({ length: 56 }, () => verifyPassword('wrong', h));
    expect(passwordHashingLoad()).toEqual({ running: 2, waiting: 64 });
    await expect(verifyPassword('wrong', h)).rejects.toBeInstanceOf(PasswordHashingBusy);
    const results = await Promise.all([...first, ...more]);
    expect(results.every((r) => r === false)).toBe(true);
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
