import type { Runtime } from '../runtime';
import { jobs } from './index';
import { log } from '../log';

/** Register every job's queue, schedule and worker on this process's pg-boss. */
export async function startWorkers(rt: Runtime): Promise<void> {
  const boss = rt.boss!;
  for (const def of jobs) {
    await boss.createQueue(def.name);
    if (def.cron) await boss.schedule(def.name, def.cron);
    const concurrency = def.concurrency ?? 1;
    for (let i = 0; i < concurrency; i++) {
      await boss.work(def.name, { batchSize: def.batchSize ?? 1, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 }, async (batch: { data: unknown }[]) => {
        for (const j of batch) {
          try {
            await def.handler(rt, j.data);
          } catch (err) {
            log.error({ err, job: def.name }, 'job failed');
            throw err; // pg-boss retries per the queue's policy
          }
        }
      });
    }
  }
  for (const def of jobs) await def.onStart?.(rt);
}
