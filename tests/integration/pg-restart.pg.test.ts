import { describe, expect, it } from 'vitest';
import { runPgRestart } from '../../bench/pg-restart';

/**
 * A PostgreSQL restart and a worker crash under load lose nothing (the short form of
 * `npm run bench:pg-restart`, which runs 100,000 events, two restarts and three kills): two web
 * processes and a worker on a private PostgreSQL server (Debian's binaries, in a temporary folder),
 * 10,000 webhook events (the size issue 29 asks of the short form), one restart and one worker
 * SIGKILL. Every accepted event and every new trigger item arrives; requests while the database is
 * down answer 503 Database_Unavailable in the v3 envelope, well within the pool timeout; readiness
 * reports the outage; reads, executions and delivery work again within 10 s of the database's return.
 */
describe('PostgreSQL restart under load', () => {
  it('delivers every event, answers 503 fast while down and recovers within 10 s', async () => {
    const r = await runPgRestart({ events: 10_000, restarts: 1, workerKills: 1 });
    expect(r.events_missing).toBe(0);
    expect(r.events_delivered).toBeGreaterThanOrEqual(10_000);
    expect(r.trigger_items).toBeGreaterThan(0);
    expect(r.trigger_items_missing).toBe(0);
    // the outage was seen: readiness said so, and both web processes answered 503 in the envelope
    expect(r.outages).toHaveLength(1);
    expect(r.outages[0]!.readiness_reported_after_ms).toBeGreaterThan(0);
    expect(r.during_outages.answered_503).toBeGreaterThanOrEqual(2);
    expect(r.during_outages.other_errors).toBe(0);
    expect(r.during_outages.failed_max_ms).toBeLessThan(r.targets.pool_timeout_ms);
    expect(r.outages[0]!.recovered_after_ms).toBeLessThanOrEqual(r.targets.recovery_ms);
    expect(r.errors_outside_outages).toBe(0);
    expect(r.worker_kills).toHaveLength(1);
  }, 600_000);
});
