import { registerGauge } from '../../metrics';
import type { Runtime } from '../../runtime';
import { DELIVER_QUEUE } from '../webhooks/deliver';

/** Gauges read from the running process at scrape time: webhook queue depth and database pool usage. */
export function registerRuntimeGauges(rt: Runtime) {
  registerGauge('junction_webhook_queue_depth', 'Webhook deliveries queued and not yet started (pg-boss)', async () =>
    rt.boss ? await rt.boss.getQueueSize(DELIVER_QUEUE) : 0,
  );
  const stats = rt.database.poolStats;
  if (stats) {
    registerGauge(
      'junction_db_pool_connections',
      'PostgreSQL pool connections: total, idle, and requests waiting for one',
      async () => stats(),
      ['state'],
    );
  }
}
