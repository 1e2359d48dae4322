import type { Runtime } from '../../runtime';
import { outboundRequestBuffered } from '../../net/outbound';
import type { PayloadVersion } from './payloads';
import type { WebhookSettings } from './settings';
import { signatureHeader, signingKeys, type SigningKeys } from './signing';
import { liveSecrets, type SubscriptionRow } from './subscriptions';

/**
 * One delivery attempt over HTTP: sign the body with the subscription's live secrets (cached
 * while they do not change), POST it, and report the status, a short excerpt of the answer, a
 * Retry-After and the error in words. Recording the outcome is the engine's job (deliver.ts).
 */
/** A message claimed by this worker for one attempt (a row of the claim query). */
export interface Claimed {
  id: string;
  project_id: string;
  subscription_id: string;
  event_type: string;
  seq: number;
  attempt_count: number;
  retry_step: number;
  version: PayloadVersion | null;
  body: string | null;
  created_at: string | Date;
  job: string;
}

// Decrypted signing keys per subscription, keyed by its encrypted secrets (a rotation changes the key).
const keyCache = new Map<string, { tag: string; keys: SigningKeys[]; until: number }>();

function keysFor(rt: Runtime, sub: SubscriptionRow): SigningKeys[] {
  const now = Date.now();
  const tag = `${sub.secretEnc}|${sub.previousSecretEnc ?? ''}|${sub.previousSecretExpiresAt?.getTime() ?? ''}`;
  const hit = keyCache.get(sub.id);
  if (hit && hit.tag === tag && hit.until > now) return hit.keys;
  const keys = liveSecrets(rt, sub, now).map(signingKeys);
  const prevEnd = sub.previousSecretExpiresAt?.getTime() ?? Infinity;
  if (keyCache.size > 10_000) keyCache.clear();
  keyCache.set(sub.id, { tag, keys, until: Math.min(now + 60_000, prevEnd > now ? prevEnd : now + 60_000) });
  return keys;
}

export interface Sent {
  c: Claimed;
  sub: SubscriptionRow;
  body: string;
  /** what the message row keeps: the body, sealed for connected-account events */
  stored: string;
  version: PayloadVersion;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
  retryAfter?: number;
  at: Date;
}

function parseRetryAfter(v: string | null): number | undefined {
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.max(0, (t - Date.now()) / 1000) : undefined;
}

function describeError(err: unknown): string {
  const e = err as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'Timed out waiting for the endpoint';
  const code = e?.cause?.code ?? e?.code;
  const msg = e?.cause?.message ?? e?.message ?? String(err);
  return (code ? `${code}: ${msg}` : msg).slice(0, 500);
}

export async function send(
  rt: Runtime,
  s: WebhookSettings,
  c: Claimed,
  sub: SubscriptionRow,
  body: string,
  stored: string,
  version: PayloadVersion,
): Promise<Sent> {
  const attempt = c.attempt_count + 1;
  const at = new Date();
  const ts = Math.floor(at.getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Junction-Webhooks/1.0',
    'webhook-id': c.id,
    'webhook-timestamp': String(ts),
    'webhook-signature': signatureHeader(keysFor(rt, sub), c.id, ts, body),
    'x-composio-webhook-version': version,
    'x-composio-delivery-attempt': String(attempt),
  };
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let excerpt: string | null = null;
  let retryAfter: number | undefined;
  try {
    // the receiver's answer is kept as an excerpt: past 64 KiB the rest is not read (the connection
    // is dropped), and a body cut short still leaves its status code
    const res = await outboundRequestBuffered(sub.webhookUrl, {
      method: 'POST',
      headers,
      body,
      timeoutMs: s.timeoutMs,
      allowInsecure: rt.config.allowInsecureUrls,
      requireHttps: true,
      maxBytes: 65_536,
      overflow: 'truncate',
    });
    statusCode = res.status;
    excerpt = res.body.toString('utf8').slice(0, s.excerptChars);
    if (statusCode === 429 || statusCode === 503) retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    if (statusCode >= 300 && statusCode < 400) error = `Redirect to ${res.headers.get('location') ?? '?'} not followed`;
    else if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
  } catch (err) {
    error = describeError(err);
  }
  return {
    c,
    sub,
    body,
    stored,
    version,
    attempt,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error,
    excerpt,
    retryAfter,
    at,
  };
}
