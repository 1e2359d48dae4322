import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { triggerInstances } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { emitEvent } from '../events/emit';
import { writeLog } from './logs';

export type InstanceRow = typeof triggerInstances.$inferSelect;

/**
 * One `composio.trigger.message` in the outbox. `data` is the clean payload (V3 `data`); the
 * metadata carries the V3 fields plus what V1/V2 renderings need (connection and trigger uuids).
 */
export async function emitTriggerMessage(
  tx: Tx,
  inst: Pick<
    InstanceRow,
    'id' | 'uuid' | 'projectId' | 'slug' | 'toolkitSlug' | 'connectedAccountId' | 'authConfigId' | 'userId'
  >,
  accountUuid: string | undefined,
  data: Record<string, unknown>,
): Promise<{ eventId: string; logId: string }> {
  const logId = newId('log');
  const eventId = await emitEvent(tx, inst.projectId, 'composio.trigger.message', data, {
    log_id: logId,
    trigger_slug: inst.slug,
    trigger_id: inst.id,
    connected_account_id: inst.connectedAccountId,
    auth_config_id: inst.authConfigId,
    user_id: inst.userId,
    trigger_uuid: inst.uuid,
    toolkit_slug: inst.toolkitSlug,
    ...(accountUuid ? { connected_account_uuid: accountUuid } : {}),
  });
  return { eventId, logId };
}

/**
 * Junction turns an instance off (auth expired, provider keeps refusing): status, reason,
 * `composio.trigger.disabled` and a log line, all in the caller's transaction. The poll cursor
 * is kept, so enabling again resumes where it stopped.
 */
export async function disableBySystem(tx: Tx, inst: InstanceRow, reason: string, detail: Record<string, unknown> = {}) {
  const now = new Date();
  const changed = await tx
    .update(triggerInstances)
    .set({
      status: 'disabled',
      disabledAt: now,
      disabledBy: 'system',
      disabledReason: reason,
      leaseToken: null,
      leaseUntil: null,
      nextPollAt: null,
      updatedAt: now,
    })
    .where(and(eq(triggerInstances.id, inst.id), eq(triggerInstances.status, 'enabled')))
    .returning({ id: triggerInstances.id });
  if (!changed.length) return false;
  await emitEvent(
    tx,
    inst.projectId,
    'composio.trigger.disabled',
    {
      id: inst.id,
      trigger_name: inst.slug,
      trigger_config: inst.config,
      connected_account_id: inst.connectedAccountId,
      user_id: inst.userId,
      disabled_reason: reason,
      disabled_at: now.toISOString(),
    },
    { project_id: inst.projectId },
  );
  await writeLog(tx, {
    projectId: inst.projectId,
    triggerId: inst.id,
    kind: 'status',
    outcome: 'disabled',
    message: reason,
    detail: { by: 'system', ...detail },
  });
  return true;
}
