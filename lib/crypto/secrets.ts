import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Envelope for secrets at rest: AES-256-GCM under JUNCTION_ENCRYPTION_KEY, with the key id
 * stored beside each value so a rotated key can still be read through JUNCTION_ENCRYPTION_KEY_PREVIOUS.
 * Format: `v1.<kid>.<iv b64url>.<tag b64url>.<ciphertext b64url>`.
 */
export interface Keyring {
  current: { id: string; key: Buffer };
  previous?: { id: string; key: Buffer };
}

/** A key is 32 bytes given as base64 or hex; any other string is stretched with SHA-256. */
export function parseKey(material: string): Buffer {
  const trimmed = material.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const b64 = Buffer.from(trimmed, 'base64');
  if (b64.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(trimmed)) return b64;
  return createHash('sha256').update(trimmed).digest();
}

export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function makeKeyring(current: string, previous?: string): Keyring {
  const c = parseKey(current);
  const ring: Keyring = { current: { id: keyId(c), key: c } };
  if (previous) {
    const p = parseKey(previous);
    ring.previous = { id: keyId(p), key: p };
  }
  return ring;
}

export function generateKeyMaterial(): string {
  return randomBytes(32).toString('base64');
}

export function encrypt(ring: Keyring, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', ring.current.id, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join(
    '.',
  );
}

export class DecryptionError extends Error {}

export function keyIdOf(envelope: string): string | undefined {
  return envelope.split('.')[1];
}

export function decrypt(ring: Keyring, envelope: string): string {
  const [version, kid, iv, tag, ct] = envelope.split('.');
  if (version !== 'v1' || !kid || !iv || !tag || ct === undefined)
    throw new DecryptionError('malformed secret envelope');
  const key = kid === ring.current.id ? ring.current.key : kid === ring.previous?.id ? ring.previous.key : undefined;
  if (!key)
    throw new DecryptionError(`secret was encrypted with unknown key ${kid}; set JUNCTION_ENCRYPTION_KEY_PREVIOUS`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

export function encryptJson(ring: Keyring, value: unknown): string {
  return encrypt(ring, JSON.stringify(value));
}

export function decryptJson<T = Record<string, unknown>>(
  ring: Keyring,
  envelope: string | null | undefined,
): T | undefined {
  if (!envelope) return undefined;
  return JSON.parse(decrypt(ring, envelope)) as T;
}

/**
 * Decrypted JSON objects by their envelope, per process, for the hot read paths (account reads, tool
 * execution). Every write of a secret makes a new envelope (fresh IV), so a changed value misses here
 * by itself: nothing to invalidate, and no process can read a stale value. Each caller gets its own
 * shallow copy.
 */
const decrypted = new Map<string, Record<string, unknown>>();
const MAX_DECRYPTED = 5_000;
export function decryptObjectCached(ring: Keyring, envelope: string | null | undefined): Record<string, unknown> {
  if (!envelope) return {};
  let v = decrypted.get(envelope);
  if (!v) {
    v = decryptJson<Record<string, unknown>>(ring, envelope) ?? {};
    if (decrypted.size >= MAX_DECRYPTED) decrypted.clear();
    decrypted.set(envelope, v);
  }
  return { ...v };
}
