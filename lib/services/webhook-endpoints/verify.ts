import { createHmac, createPublicKey, timingSafeEqual, verify as verifySignature } from 'node:crypto';
import { verifyGithub, verifySlack, verifyStripe } from '../triggers/signatures';
import type { Verification } from './setup-fields';

/** A provider request as the ingress sees it. */
export interface Inbound {
  header(name: string): string | undefined;
  query(name: string): string | undefined;
  body: Buffer;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Ed25519 over `timestamp + body` with the application's raw 32-byte public key (Discord interactions). */
export function verifyEd25519(
  publicKeyHex: string,
  body: Buffer,
  signature: string | undefined,
  timestamp: string | undefined,
  toleranceSec: number,
  now = Date.now(),
): string | undefined {
  if (!signature || !timestamp) return 'missing X-Signature-Ed25519 or X-Signature-Timestamp';
  if (!/^[0-9a-f]{64}$/i.test(publicKeyHex)) return 'the stored public key is not 32 bytes of hex';
  if (!/^[0-9a-f]{128}$/i.test(signature)) return 'malformed X-Signature-Ed25519';
  if (/^\d+$/.test(timestamp) && toleranceSec > 0 && Math.abs(now / 1000 - Number(timestamp)) > toleranceSec)
    return 'X-Signature-Timestamp outside the replay window';
  // The raw key inside the fixed SubjectPublicKeyInfo prefix of an Ed25519 key (RFC 8410).
  const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKeyHex, 'hex')]);
  const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  const ok = verifySignature(null, Buffer.concat([Buffer.from(timestamp), body]), key, Buffer.from(signature, 'hex'));
  return ok ? undefined : 'X-Signature-Ed25519 does not match';
}

/** HMAC-SHA256 of the body in hex, optionally behind a `sha256=` prefix (Asana, Notion). */
export function verifyBodyHmac(
  secret: string,
  body: Buffer,
  header: string | undefined,
  prefix = '',
): string | undefined {
  if (!header) return 'missing signature header';
  const expected = prefix + createHmac('sha256', secret).update(body).digest('hex');
  return same(expected, header.trim()) ? undefined : 'signature does not match';
}

/** The reason a request fails verification, or undefined when it passes. */
export function verifyInbound(
  kind: Verification,
  data: Record<string, string>,
  req: Inbound,
  payload: Record<string, any> | undefined,
  toleranceSec: number,
): string | undefined {
  switch (kind) {
    case 'slack_hmac':
      if (!data.webhook_signing_secret) return 'no signing secret stored yet';
      return verifySlack(
        data.webhook_signing_secret,
        req.body,
        req.header('x-slack-signature'),
        req.header('x-slack-request-timestamp'),
        toleranceSec,
      );
    case 'github_hmac':
      if (!data.webhook_secret) return 'no webhook secret stored yet';
      return verifyGithub(data.webhook_secret, req.body, req.header('x-hub-signature-256'));
    case 'stripe_hmac':
      if (!data.signing_secret) return 'no signing secret stored yet';
      return verifyStripe(data.signing_secret, req.body, req.header('stripe-signature'), toleranceSec);
    case 'discord_ed25519':
      if (!data.public_key) return 'no public key stored yet';
      return verifyEd25519(
        data.public_key,
        req.body,
        req.header('x-signature-ed25519'),
        req.header('x-signature-timestamp'),
        toleranceSec,
      );
    case 'asana_handshake':
      if (!data.hook_secret) return 'no X-Hook-Secret received yet';
      return verifyBodyHmac(data.hook_secret, req.body, req.header('x-hook-signature'));
    case 'notion_handshake':
      if (!data.verification_token) return 'no verification token received yet';
      return verifyBodyHmac(data.verification_token, req.body, req.header('x-notion-signature'), 'sha256=');
    case 'graph_client_state': {
      if (!data.client_state) return 'no client state stored yet';
      const items = Array.isArray(payload?.value) ? (payload.value as Record<string, unknown>[]) : [];
      if (!items.length) return 'no notifications in the body';
      return items.every((n) => typeof n.clientState === 'string' && same(n.clientState, data.client_state!))
        ? undefined
        : 'clientState does not match';
    }
  }
}
