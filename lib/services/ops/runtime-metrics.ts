import { registerGauge } from '../../metrics';
import type { Runtime } from '../../runtime';

/** Gauges read from the running process at scrape time: webhook queue depth and database pool usage. */
export function registerRuntimeGauges(rt: Runtime) {
  registerGauge('junction_webhook_queue_depth', 'Webhook deliveries due and not yet claimed', async () => {
    const { rows } = await rt.database.query<{ n: string }>(
      `SELECT count(*) AS n FROM webhook_messages WHERE status = 'pending' AND next_attempt_at <= now()`,
    );
    return Number(rows[0]?.n ?? 0);
  });
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
