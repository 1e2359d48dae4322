import { createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets are `whsec_` + base64 of 32 random bytes. Each delivery is signed twice per live secret:
 * once keyed with the secret string's raw UTF-8 bytes (what `@composio/core`'s
 * `triggers.verifyWebhook` checks) and once with the base64-decoded part after `whsec_` (what
 * Standard Webhooks libraries check). Receivers accept a header listing several `v1,<sig>` entries.
 */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

export interface SigningKeys {
  raw: Buffer;
  decoded: Buffer;
}

export function signingKeys(secret: string): SigningKeys {
  return { raw: Buffer.from(secret, 'utf8'), decoded: standardKey(secret) };
}

function hmac(key: Buffer, content: string): string {
  return createHmac('sha256', key).update(content).digest('base64');
}

/** The `webhook-signature` header value for one delivery attempt. */
export function signatureHeader(keys: SigningKeys[], id: string, timestamp: number, body: string): string {
  const content = `${id}.${timestamp}.${body}`;
  const parts: string[] = [];
  for (const k of keys) {
    parts.push(`v1,${hmac(k.raw, content)}`);
    if (k.decoded.length) parts.push(`v1,${hmac(k.decoded, content)}`);
  }
  return parts.join(' ');
}
