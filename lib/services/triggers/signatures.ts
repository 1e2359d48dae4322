import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signature checks of inbound provider deliveries. Each returns a reason when it fails. */
function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, body)>`. */
export function verifyGithub(secret: string, body: Buffer, header: string | undefined): string | undefined {
  if (!header) return 'missing X-Hub-Signature-256';
  const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return safeEqual(expected, header.trim()) ? undefined : 'X-Hub-Signature-256 does not match';
}

/** Stripe: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "t.body")>[,v1=…]`, within the tolerance. */
export function verifyStripe(
  secret: string,
  body: Buffer,
  header: string | undefined,
  toleranceSec: number,
  now = Date.now(),
): string | undefined {
  if (!header) return 'missing Stripe-Signature';
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const sigs = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!t || !/^\d+$/.test(t) || !sigs.length) return 'malformed Stripe-Signature';
  if (toleranceSec > 0 && Math.abs(now / 1000 - Number(t)) > toleranceSec)
    return 'Stripe-Signature timestamp outside the tolerance';
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return sigs.some((s) => safeEqual(expected, s)) ? undefined : 'Stripe-Signature does not match';
}

/** Slack: `X-Slack-Signature: v0=<hex HMAC-SHA256(signing secret, "v0:ts:body")>`, `X-Slack-Request-Timestamp` within the tolerance. */
export function verifySlack(
  secret: string,
  body: Buffer,
  sig: string | undefined,
  ts: string | undefined,
  toleranceSec: number,
  now = Date.now(),
): string | undefined {
  if (!sig || !ts) return 'missing X-Slack-Signature or X-Slack-Request-Timestamp';
  if (!/^\d+$/.test(ts)) return 'malformed X-Slack-Request-Timestamp';
  if (toleranceSec > 0 && Math.abs(now / 1000 - Number(ts)) > toleranceSec)
    return 'X-Slack-Request-Timestamp outside the tolerance';
  const expected = `v0=${createHmac('sha256', secret).update(`v0:${ts}:`).update(body).digest('hex')}`;
  return safeEqual(expected, sig.trim()) ? undefined : 'X-Slack-Signature does not match';
}
