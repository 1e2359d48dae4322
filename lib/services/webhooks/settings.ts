import { checkedEnv, envNumber } from '../../config';

/**
 * Delivery policy, from the environment (read once per process). Every duration is configurable
 * so tests can compress the schedule; the defaults follow Svix's published schedule.
 *
 * JUNCTION_WEBHOOK_RETRY_SCHEDULE   seconds before each attempt, comma-separated; the first entry is the
 *                                   initial attempt ("0" = immediately). Default 0,5,300,1800,7200,18000,36000,36000
 * JUNCTION_WEBHOOK_TIMEOUT_MS       per-attempt timeout (15000)
 * JUNCTION_WEBHOOK_SECRET_OVERLAP_SECONDS  how long the previous secret still signs after a rotation (86400)
 * JUNCTION_WEBHOOK_DISABLE_AFTER_SECONDS   continuous failure before a subscription is disabled (432000 = 5 days)
 * JUNCTION_WEBHOOK_STALL_SECONDS    a claimed or due message untouched this long is re-queued (120)
 * JUNCTION_WEBHOOK_SWEEP_SECONDS    how often a worker process sweeps for stalled and un-queued messages (30; 0 = only the cron job)
 * JUNCTION_WEBHOOK_WORKERS / JUNCTION_WEBHOOK_BATCH_SIZE  delivery workers per process and jobs per fetch (4 / 50)
 * JUNCTION_WEBHOOK_JITTER           fraction of random spread added to retry delays (0.1)
 * JUNCTION_WEBHOOK_RETENTION_DAYS   finished deliveries (with their attempts and events) are kept this long (30; fractions allowed)
 * JUNCTION_WEBHOOK_PRUNE_SECONDS    how often a worker process prunes them (600)
 */
export interface WebhookSettings {
  schedule: number[];
  timeoutMs: number;
  overlapSeconds: number;
  disableAfterSeconds: number;
  stallSeconds: number;
  sweepSeconds: number;
  workers: number;
  batchSize: number;
  jitter: number;
  excerptChars: number;
  retentionDays: number;
  pruneSeconds: number;
}

const DEFAULT_SCHEDULE = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

const num = envNumber;

export function readWebhookSettings(env: Record<string, string | undefined> = checkedEnv()): WebhookSettings {
  let schedule = DEFAULT_SCHEDULE;
  if (env.JUNCTION_WEBHOOK_RETRY_SCHEDULE) {
    const parsed = env.JUNCTION_WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => Number(s.trim()));
    if (parsed.length && parsed.every((n) => Number.isFinite(n) && n >= 0)) schedule = parsed;
  }
  return {
    schedule,
    timeoutMs: num(env.JUNCTION_WEBHOOK_TIMEOUT_MS, 15_000, 100),
    overlapSeconds: num(env.JUNCTION_WEBHOOK_SECRET_OVERLAP_SECONDS, 86_400),
    disableAfterSeconds: num(env.JUNCTION_WEBHOOK_DISABLE_AFTER_SECONDS, 5 * 86_400, 1),
    stallSeconds: num(env.JUNCTION_WEBHOOK_STALL_SECONDS, 120, 1),
    sweepSeconds: num(env.JUNCTION_WEBHOOK_SWEEP_SECONDS, 30),
    workers: Math.floor(num(env.JUNCTION_WEBHOOK_WORKERS, 4, 1)),
    batchSize: Math.floor(num(env.JUNCTION_WEBHOOK_BATCH_SIZE, 50, 1)),
    jitter: num(env.JUNCTION_WEBHOOK_JITTER, 0.1),
    excerptChars: 1000,
    retentionDays: num(env.JUNCTION_WEBHOOK_RETENTION_DAYS, 30, 0.00001),
    pruneSeconds: num(env.JUNCTION_WEBHOOK_PRUNE_SECONDS, 600, 1),
  };
}

let cached: WebhookSettings | undefined;
export function webhookSettings(): WebhookSettings {
  cached ??= readWebhookSettings();
  return cached;
}

/** Seconds to wait before the next attempt after `failures` failed ones, or null when the schedule is spent. */
export function nextDelaySeconds(s: WebhookSettings, failures: number, retryAfterSeconds?: number): number | null {
  if (failures >= s.schedule.length) return null;
  const base = s.schedule[failures]!;
  const spread = base * s.jitter * (Math.random() * 2 - 1);
  const delay = Math.max(0, base + spread);
  return retryAfterSeconds !== undefined ? Math.max(delay, Math.min(retryAfterSeconds, 86_400)) : delay;
}
