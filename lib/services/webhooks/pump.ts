import { randomUUID } from 'node:crypto';
import type { Runtime } from '../../runtime';
import { log } from '../../log';
import { traced } from '../../telemetry';
import { claimDue, deliverClaimed } from './deliver';

/**
 * Keeps up to `workers` batches of due messages in flight in this process. It claims a batch when
 * woken (an event was emitted here, a NOTIFY from another process, a batch finished) or on its
 * polling tick, and claims again at once while batches come back full, so a backlog drains at the
 * rate the endpoint and the database allow and an idle process costs one cheap query per tick.
 */
export class DeliveryPump {
  private inFlight = 0;
  private filling = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private drained: (() => void)[] = [];

  constructor(
    private readonly rt: Runtime,
    private readonly opts: { workers: number; batchSize: number; pollMs: number },
  ) {}

  start() {
    this.timer = setInterval(() => this.wake(), this.opts.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Look for due messages now (cheap to call often: concurrent calls fold into one). */
  wake() {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    void this.fill();
  }

  private async fill() {
    this.filling = true;
    try {
      while (!this.stopped && this.inFlight < this.opts.workers) {
        const token = `pump:${randomUUID()}`;
        const claimed = await claimDue(this.rt, token, this.opts.batchSize);
        if (!claimed.length) break;
        this.inFlight++;
        void traced('webhook.deliver_batch', { 'junction.webhook.jobs': claimed.length }, () =>
          deliverClaimed(this.rt, claimed),
        )
          .catch((err) =>
            // The claims stay; the sweeper makes them due again after the stall window.
            log.warn({ err: (err as Error).message, messages: claimed.length }, 'webhook delivery batch failed'),
          )
          .finally(() => {
            this.inFlight--;
            if (!this.inFlight) for (const done of this.drained.splice(0)) done();
            this.wake();
          });
        if (claimed.length < this.opts.batchSize) break; // nothing more is due right now
      }
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'webhook delivery: claiming due messages failed');
    } finally {
      this.filling = false;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    }
  }

  /** Stop claiming; resolve when the batches in flight have been recorded, or after `waitMs`. */
  async stop(waitMs: number): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (!this.inFlight) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, waitMs);
      t.unref();
      this.drained.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }
}
