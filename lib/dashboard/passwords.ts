import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Admin passwords: scrypt (N=2^17, r=8, p=1: 128 MiB and a few hundred milliseconds per hash),
 * stored as `scrypt$N$r$p$salt$hash`. Hashes made with other parameters (older N) are checked
 * with the parameters they were stored with, and `needsRehash` says when to store a new one.
 */
const N = 2 ** 17;
const R = 8;
const P = 1;
const LEN = 32;
/** Hashes with parameters outside these bounds are refused rather than computed (a tampered row could ask for gigabytes). */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 4;

/**
 * At most this many hashes run at once in a process, and at most QUEUE_LIMIT wait: each one holds
 * 128 MiB and a libuv thread for its whole run, so a burst of sign-in posts must queue, not
 * exhaust memory or starve the threads every other file and crypto call uses.
 */
const CONCURRENCY = 2;
const QUEUE_LIMIT = 64;

export class PasswordHashingBusy extends Error {
  constructor() {
    super('Too many sign-ins are being checked right now; try again shortly.');
  }
}

declare global {
  var __junctionHashSlots: { running: number; waiting: Array<() => void> } | undefined;
}

async function limited<T>(fn: () => Promise<T>): Promise<T> {
  // On globalThis: Next.js bundles server actions and route handlers into separate module graphs,
  // and the limit is for the whole process.
  const slots = (globalThis.__junctionHashSlots ??= { running: 0, waiting: [] });
  if (slots.running >= CONCURRENCY) {
    if (slots.waiting.length >= QUEUE_LIMIT) throw new PasswordHashingBusy();
    await new Promise<void>((resolve) => slots.waiting.push(resolve));
  } else {
    slots.running++;
  }
  try {
    return await fn();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running--;
  }
}

/** Hashes running and waiting in this process (for tests and diagnostics). */
export function passwordHashingLoad(): { running: number; waiting: number } {
  const slots = globalThis.__junctionHashSlots;
  return { running: slots?.running ?? 0, waiting: slots?.waiting.length ?? 0 };
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return limited(
    () =>
      new Promise((resolve, reject) =>
        scrypt(
          password.normalize('NFKC'),
          salt,
          LEN,
          { N: n, r, p, maxmem: 128 * n * r * p + 16 * 1024 * 1024 },
          (err, key) => (err ? reject(err) : resolve(key)),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function parse(stored: string | null | undefined) {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const params = { n: Number(n), r: Number(r), p: Number(p) };
  const ok =
    Number.isInteger(params.n) &&
    params.n >= 2 &&
    params.n <= MAX_N &&
    (params.n & (params.n - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= MAX_R &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= MAX_P;
  return ok ? { ...params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') } : undefined;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const h = parse(stored);
  if (!h) {
    // Same work as a real check, so an unknown email takes as long as a wrong password.
    await derive(password, randomBytes(16), N, R, P);
    return false;
  }
  const actual = await derive(password, h.salt, h.n, h.r, h.p);
  return actual.length === h.hash.length && timingSafeEqual(actual, h.hash);
}

/** True when a (verified) hash was made with weaker parameters than today's: store a new one. */
export function needsRehash(stored: string | null | undefined): boolean {
  const h = parse(stored);
  return !h || h.n < N || h.r < R || h.p < P;
}

/** The parameters new hashes use (tests and docs read them from here). */
export const PASSWORD_PARAMS = { N, r: R, p: P } as const;
