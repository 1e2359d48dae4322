import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { connectedAccountEvents, connectedAccounts } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { execAccountsChanged } from '../cache/exec-accounts';

/**
 * Change the status of the accounts matched by `where` (within one project) and append each
 * change to the account's timeline. Returns the accounts that changed, with their old status.
 */
export async function transition(
  tx: Tx,
  projectId: string,
  where: SQL | undefined,
  change: {
    status: string;
    reason: string | null;
    isDisabled?: boolean;
    actor?: string;
    extra?: Partial<typeof connectedAccounts.$inferInsert>;
  },
): Promise<{ id: string; from: string }[]> {
  const before = await tx
    .select({ id: connectedAccounts.id, status: connectedAccounts.status })
    .from(connectedAccounts)
    .where(and(eq(connectedAccounts.projectId, projectId), isNull(connectedAccounts.deletedAt), where))
    .for('update');
  if (!before.length) return [];
  const ids = before.map((b) => b.id);
  await tx
    .update(connectedAccounts)
    .set({
      status: change.status,
      statusReason: change.reason,
      ...(change.isDisabled !== undefined ? { isDisabled: change.isDisabled } : {}),
      ...change.extra,
      updatedAt: new Date(),
    })
    .where(and(eq(connectedAccounts.projectId, projectId), inArray(connectedAccounts.id, ids)));
  // Drop this process's execution cache now; the database's change notice drops it again at commit
  // (here and in other processes), in case a concurrent read cached the old row in between.
  execAccountsChanged(projectId);
  await tx.insert(connectedAccountEvents).values(
    before.map((b) => ({
      id: newId('event'),
      projectId,
      connectedAccountId: b.id,
      fromStatus: b.status,
      toStatus: change.status,
      reason: change.reason,
      actor: change.actor ?? 'system',
    })),
  );
  return before.map((b) => ({ id: b.id, from: b.status }));
}

export async function recordCreation(tx: Tx, projectId: string, id: string, status: string, actor = 'api') {
  await tx.insert(connectedAccountEvents).values({
    id: newId('event'),
    projectId,
    connectedAccountId: id,
    fromStatus: null,
    toStatus: status,
    reason: null,
    actor,
  });
}
