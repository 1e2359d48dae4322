import type { Runtime } from '../runtime';

/**
 * Background work, declared by each service area and run by whichever process has the
 * worker role (`npm run worker`, or the embedded single process).
 */
export interface JobDef<T = any> {
  name: string;
  /** cron expression for scheduled jobs (pg-boss schedules are cluster-wide: one run per tick) */
  cron?: string;
  batchSize?: number;
  /** how many workers poll this queue in one process */
  concurrency?: number;
  pollingIntervalSeconds?: number;
  handler(rt: Runtime, data: T): Promise<void>;
  /**
   * Run once when a worker process starts. Self-rescheduling chains need it: a process killed
   * while the chain's job was running leaves no next job, and the cron safety net is a minute away.
   */
  onStart?(rt: Runtime): Promise<void>;
}

export function job<T>(def: JobDef<T>): JobDef<T> {
  return def;
}
