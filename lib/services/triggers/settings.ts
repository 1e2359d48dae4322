import { checkedEnv, envNumber } from '../../config';

/** Engine settings, from the environment (documented in README.md under "Triggers"). */
const int = (v: string | undefined, fallback: number) => envNumber(v, fallback);

export interface TriggerSettings {
  /** floor of every poll interval (JUNCTION_TRIGGER_MIN_INTERVAL_MS, default 1 minute) */
  minIntervalMs: number;
  /** ± fraction of the interval added at random so polls of many instances spread out */
  jitter: number;
  /** longest wait after repeated provider errors */
  maxBackoffMs: number;
  /** a poll that has not committed after this long is considered dead (crashed process) */
  leaseMs: number;
  /** how often the sweeper re-queues polls whose chain broke */
  sweepMs: number;
  /** consecutive 401/403 answers after which the instance is disabled */
  authFailureLimit: number;
  /** seconds of clock skew accepted on signed inbound deliveries (Stripe, Slack) */
  signatureToleranceSec: number;
  /** trigger log lines are kept this many days (delivery ids for replay detection: at least 30) */
  logRetentionDays: number;
}

export function triggerSettings(env: NodeJS.ProcessEnv = checkedEnv()): TriggerSettings {
  return {
    minIntervalMs: int(env.JUNCTION_TRIGGER_MIN_INTERVAL_MS, 60_000),
    jitter: Math.min(0.5, int(env.JUNCTION_TRIGGER_JITTER, 0.1)),
    maxBackoffMs: int(env.JUNCTION_TRIGGER_MAX_BACKOFF_MS, 60 * 60_000),
    leaseMs: int(env.JUNCTION_TRIGGER_LEASE_MS, 120_000),
    sweepMs: Math.max(200, int(env.JUNCTION_TRIGGER_SWEEP_MS, 15_000)),
    authFailureLimit: Math.max(1, int(env.JUNCTION_TRIGGER_AUTH_FAILURE_LIMIT, 3)),
    signatureToleranceSec: int(env.JUNCTION_TRIGGER_SIGNATURE_TOLERANCE_SEC, 300),
    logRetentionDays: Math.max(1, int(env.JUNCTION_TRIGGER_LOG_RETENTION_DAYS, 14)),
  };
}

/** The poll interval of an instance: `interval` minutes from its config, never below the floor. */
export function intervalMs(config: Record<string, unknown>, s: TriggerSettings, defaultMinutes = 1): number {
  const minutes = typeof config.interval === 'number' && config.interval > 0 ? config.interval : defaultMinutes;
  return Math.max(s.minIntervalMs, Math.round(minutes * 60_000));
}

export function withJitter(ms: number, s: TriggerSettings, rand = Math.random): number {
  return Math.max(0, Math.round(ms * (1 + (rand() * 2 - 1) * s.jitter)));
}

/** Wait after `failures` consecutive provider errors: doubling from the interval, capped; Retry-After wins when longer. */
export function backoffMs(base: number, failures: number, s: TriggerSettings, retryAfterMs?: number): number {
  const exp = Math.min(s.maxBackoffMs, base * 2 ** Math.min(failures, 20));
  return Math.max(exp, Math.min(retryAfterMs ?? 0, s.maxBackoffMs));
}
