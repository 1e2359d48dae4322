import type { Runtime, Role } from '../../runtime';
import { onEventEmitted } from '../events/emit';
import { log } from '../../log';
import { traced } from '../../telemetry';
import { DELIVER_QUEUE, processBatch } from './deliver';
import { enqueueForEvents, setWakeHandler, wakeWorkers, WAKE_CHANNEL } from './outbox';
import { sweepWebhooks } from './sweep';
import { pruneWebhookHistory } from './retention';
import { webhookSettings } from './settings';

let sweepTimer: NodeJS.Timeout | undefined;

/**
 * Wire webhook delivery into this process: every role enqueues deliveries from the outbox hook;
 * processes with the worker role also run the delivery workers and a periodic sweep.
 */
export async function startWebhooks(rt: Runtime, role: Role): Promise<void> {
  const boss = rt.boss!;
  const s = webhookSettings();
  await boss.createQueue(DELIVER_QUEUE, {
    // pg-boss retries cover our own failures (a crash, the database away); the HTTP retry schedule is ours.
    retryLimit: 50,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: Math.max(60, Math.ceil((s.timeoutMs / 1000) * 2 + 60)),
    retentionMinutes: 24 * 60,
  } as never);
  onEventEmitted((tx, projectId, eventIds, type) =>
    enqueueForEvents(rt, tx, projectId, eventIds, type).then(() => undefined),
  );
  if (role === 'web') return;

  const ids: string[] = [];
  let next = 0;
  for (let i = 0; i < s.workers; i++) {
    let self: string | undefined;
    self = await boss.work<{ m: string; s: number; t?: 'scheduled' | 'replay' | 'test' }>(
      DELIVER_QUEUE,
      { batchSize: s.batchSize, pollingIntervalSeconds: 0.5 },
      async (jobs) => {
        await traced('webhook.deliver_batch', { 'junction.webhook.jobs': jobs.length }, () =>
          processBatch(
            rt,
            jobs.map((j) => ({ job: j.id, m: j.data.m, s: j.data.s, trigger: j.data.t })),
          ),
        );
        // A full batch means more are waiting: fetch again without the polling pause.
        if (jobs.length >= s.batchSize && self) boss.notifyWorker(self);
      },
    );
    ids.push(self);
  }
  setWakeHandler(() => {
    boss.notifyWorker(ids[next++ % ids.length]!);
  });
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

export function stopWebhooks() {
  if (sweepTimer) clearInterval(sweepTimer);
  sweepTimer = undefined;
  setWakeHandler(undefined);
  stopped = true;
  void listener?.end().catch(() => {});
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
