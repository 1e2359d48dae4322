import type { Runtime } from '../runtime';
import type { JobDef } from './registry';
import { log } from '../log';

/**
 * Register each job's queue, schedule and worker on this process's pg-boss. The list comes from
 * lib/boot/jobs.ts: the queue mechanics here know nothing of the services that define jobs.
 */
export async function startWorkers(rt: Runtime, jobs: JobDef[]): Promise<void> {
  const boss = rt.boss!;
  // Queues and schedules persist: a restart creates only what is missing or changed (each create or
  // schedule is several statements, most of a restart's time on the embedded database).
  const [queues, schedules] = await Promise.all([boss.getQueues(), boss.getSchedules()]);
  const existing = new Set(queues.map((q) => q.name));
  const cronOf = new Map(schedules.map((s) => [s.name, s.cron]));
  for (const def of jobs) {
    if (!existing.has(def.name)) await boss.createQueue(def.name);
    if (def.cron && cronOf.get(def.name) !== def.cron) await boss.schedule(def.name, def.cron);
    const concurrency = def.concurrency ?? 1;
    for (let i = 0; i < concurrency; i++) {
      await boss.work(
        def.name,
        { batchSize: def.batchSize ?? 1, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2 },
        async (batch: { data: unknown }[]) => {
          for (const j of batch) {
            try {
              await def.handler(rt, j.data);
            } catch (err) {
              log.error({ err, job: def.name }, 'job failed');
              throw err; // pg-boss retries per the queue's policy
            }
          }
        },
      );
    }
  }
  for (const def of jobs) await def.onStart?.(rt);
}
