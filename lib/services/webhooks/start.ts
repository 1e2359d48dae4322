import type { Runtime } from '../../runtime';
import { onEventEmitted } from '../events/emit';
import { log } from '../../log';
import { DeliveryPump } from './pump';
import { enqueueForEvents, setWakeHandler, wakeWorkers, WAKE_CHANNEL } from './outbox';
import { sweepWebhooks } from './sweep';
import { pruneWebhookHistory } from './retention';
import { webhookSettings } from './settings';

let sweepTimer: NodeJS.Timeout | undefined;
let pump: DeliveryPump | undefined;

/** Every role: events emitted in this process get their webhook messages in the same transaction. */
export function registerOutbox(rt: Runtime): void {
  onEventEmitted((tx, projectId, eventIds, type) =>
    enqueueForEvents(rt, tx, projectId, eventIds, type).then(() => undefined),
  );
}

/** Processes with the worker role: the delivery pump and a periodic sweep. */
export function startDelivery(rt: Runtime): void {
  const s = webhookSettings();

  void pump?.stop(0); // a runtime started again in this process (tests) replaces the old pump
  pump = new DeliveryPump(rt, { workers: s.workers, batchSize: s.batchSize, pollMs: 500 });
  setWakeHandler(() => pump?.wake());
  pump.start();
  // Events committed by other processes (web role) wake this one through LISTEN/NOTIFY.
  if (rt.config.databaseUrl) void listenForWakeups(rt.config.databaseUrl);

  const sweep = () =>
    sweepWebhooks(rt)
      .then((r) => {
        if (r.requeued || r.orphans) log.info(r, 'webhook sweep re-queued messages');
      })
      .catch((err) => log.warn({ err: (err as Error).message }, 'webhook sweep failed'));
  // Retention rides on the sweep, at most every JUNCTION_WEBHOOK_PRUNE_SECONDS per process.
  let lastPrune = 0;
  let running = false; // a slow round is not overlapped by the next tick
  const sweepAndPrune = async () => {
    if (running) return;
    running = true;
    try {
      await sweep();
      if (Date.now() - lastPrune < s.pruneSeconds * 1000) return;
      lastPrune = Date.now();
      await pruneWebhookHistory(rt)
        .then((r) => {
          if (r.messages || r.events) log.info(r, 'webhook history pruned');
        })
        .catch((err) => log.warn({ err: (err as Error).message }, 'webhook history pruning failed'));
    } finally {
      running = false;
    }
  };
  void sweepAndPrune();
  if (s.sweepSeconds > 0) {
    sweepTimer = setInterval(sweepAndPrune, s.sweepSeconds * 1000);
    sweepTimer.unref();
  }
}

/** Stop claiming and sweeping; wait (at most `waitMs`) for the batches in flight to be recorded. */
export async function stopWebhooks(waitMs = 0): Promise<void> {
  if (sweepTimer) clearInterval(sweepTimer);
  sweepTimer = undefined;
  setWakeHandler(undefined);
  stopped = true;
  void listener?.end().catch(() => {});
  const p = pump;
  pump = undefined;
  await p?.stop(waitMs);
}

let listener: import('pg').Client | undefined;
let stopped = false;

/** A dedicated connection LISTENing on the wake channel; reconnects after a database restart. */
async function listenForWakeups(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  stopped = false;
  const retry = () => {
    if (!stopped) setTimeout(() => void connect(), 1000).unref();
  };
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {
      /* 'end' follows */
    });
    client.on('notification', () => wakeWorkers()); // debounced there
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'webhook wake-up listener: cannot connect, retrying');
      await client.end().catch(() => {});
      return retry();
    }
    listener = client;
    client.on('end', () => {
      if (listener === client) listener = undefined;
      retry();
    });
  };
  await connect();
}
