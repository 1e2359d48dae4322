import { hash, randomBytes, randomFillSync, randomUUID, timingSafeEqual } from 'node:crypto';

/** Identifiers look like the API's (`ca_…`, `ac_…`) and carry ~95 bits of randomness. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomToken(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62]; // 248 = 4*62: reject to keep the distribution uniform
  }
  return out.length === length ? out : out + randomToken(length - out.length);
}

export const ID_PREFIX = {
  org: 'org',
  project: 'pr',
  connectedAccount: 'ca',
  authConfig: 'ac',
  apiKey: 'key',
  member: 'mem',
  event: 'msg',
  log: 'log',
  session: 'trs',
  trigger: 'ti',
  webhook: 'ws',
  webhookEndpoint: 'we',
  file: 'req_file',
  link: 'lt',
  toolkit: 'tk',
  audit: 'aud',
  logo: 'lg',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

// Ids are made on every execution (request, log row) and were a few per cent of its CPU as one
// small randomBytes call each. They draw from a pooled CSPRNG buffer instead, as randomUUID does;
// each byte is used once. Secrets (API keys, tokens) keep their own randomBytes call.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function pooledByte(): number {
  if (poolAt >= pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  return pool[poolAt++]!;
}

export function newId(kind: IdKind): string {
  let out = `${ID_PREFIX[kind]}_`;
  for (let n = 0; n < 16; ) {
    const b = pooledByte();
    if (b < 248) {
      out += ALPHABET[b % 62]; // 248 = 4*62: reject to keep the distribution uniform
      n++;
    }
  }
  return out;
}

const ID_BODY = /^[A-Za-z0-9_-]{6,64}$/;

/** True when `value` is shaped like an id of this kind (existence is a separate question). */
export function isId(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIX[kind]}_`;
  return value.startsWith(prefix) && ID_BODY.test(value.slice(prefix.length));
}

export { randomUUID };

/** API keys: high-entropy random strings, so one SHA-256 is a sufficient and fast hash. */
export const KEY_PREFIX = { project: 'ak_', org: 'oak_', user: 'uak_' } as const;

export function newApiKey(kind: keyof typeof KEY_PREFIX): string {
  return KEY_PREFIX[kind] + randomToken(40);
}

export function hashApiKey(key: string): string {
  // one-shot: every keyed request hashes its key, and a Hash object per call cost ~3 µs more
  return hash('sha256', key, 'hex');
}

/** Display form: the prefix and first characters, never enough to use. */
export function keyHint(key: string): string {
  return key.slice(0, key.indexOf('_') + 5) + '…';
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
