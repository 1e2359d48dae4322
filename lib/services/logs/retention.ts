import { lt } from 'drizzle-orm';
import { toolLogs } from '../../db/schema';
import { job } from '../../jobs/registry';
import { sweepStagedBinaries } from '../tools/binary';
// imported for its side effect: worker processes resolve project toolkits too (token refresh, triggers)
import '../custom-toolkits/store';
import { envValue } from '../../config';

/** Tool logs are kept JUNCTION_TOOL_LOG_RETENTION_DAYS (default 30); expired binary downloads are removed. */
export function retentionDays(): number {
  const n = Number(envValue('JUNCTION_TOOL_LOG_RETENTION_DAYS'));
  return Number.isFinite(n) && n > 0 ? n : 30;
}

export const toolLogRetentionJob = job({
  name: 'tool-logs-retention',
  cron: '17 3 * * *',
  async handler(rt) {
    await rt.db.delete(toolLogs).where(lt(toolLogs.createdAt, new Date(Date.now() - retentionDays() * 86_400_000)));
    await sweepStagedBinaries(rt, true);
  },
});
