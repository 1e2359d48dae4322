import { and, inArray, lt } from 'drizzle-orm';
import { connectedAccounts } from '../../db/schema';
import { emitEvent } from '../events/emit';
import { STATUS_REASONS } from '../../contract/common';
import { job } from '../../jobs/registry';
import { transition } from './transitions';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { now as clockNow } from '../../clock';

export const INITIATION_WINDOW_MS = 10 * 60 * 1000;

/** Record `composio.connected_account.expired` in the outbox, in the caller's transaction. */
export async function emitExpired(
  tx: Tx,
  projectId: string,
  accountId: string,
  reason: string,
  extra: Record<string, unknown> = {},
) {
  await emitEvent(tx, projectId, 'composio.connected_account.expired', {
    connected_account_id: accountId,
    status: 'EXPIRED',
    status_reason: reason,
    ...extra,
  });
}

/**
 * Accounts still INITIALIZING/INITIATED 10 minutes after they were created become EXPIRED.
 * A scheduled job, so the status is right for list filters and webhooks, not only on read.
 */
export async function expireStaleConnections(rt: Runtime, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - INITIATION_WINDOW_MS);
  const stale = await rt.db
    .select({
      id: connectedAccounts.id,
      projectId: connectedAccounts.projectId,
      userId: connectedAccounts.userId,
      toolkit: connectedAccounts.toolkitSlug,
    })
    .from(connectedAccounts)
    .where(
      and(inArray(connectedAccounts.status, ['INITIALIZING', 'INITIATED']), lt(connectedAccounts.updatedAt, cutoff)),
    )
    .limit(500);
  let n = 0;
  for (const s of stale) {
    await rt.db.transaction(async (tx) => {
      const changed = await transition(
        tx,
        s.projectId,
        and(
          inArray(connectedAccounts.id, [s.id]),
          inArray(connectedAccounts.status, ['INITIALIZING', 'INITIATED']),
          lt(connectedAccounts.updatedAt, cutoff),
        ),
        { status: 'EXPIRED', reason: STATUS_REASONS.initiationTimeout },
      );
      if (changed.length) {
        n++;
        await emitExpired(tx, s.projectId, s.id, STATUS_REASONS.initiationTimeout, {
          user_id: s.userId,
          toolkit: s.toolkit,
        });
      }
    });
  }
  return n;
}

export const expireStaleConnectionsJob = job<{ now?: string }>({
  name: 'connections.expire-initiations',
  cron: '* * * * *',
  async handler(rt, data) {
    await expireStaleConnections(rt, data?.now ? new Date(data.now) : clockNow());
  },
});
