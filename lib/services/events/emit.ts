import type { Tx } from '../../db/client';
import { events } from '../../db/schema';
import { newId } from '../../crypto/ids';

/**
 * Write a domain event to the outbox in the caller's transaction. Delivery to the project's
 * webhook subscription (signing, retries) picks it up from there; nothing is lost if the
 * process dies after the commit.
 */
export type EventType =
  | 'composio.trigger.message'
  | 'composio.connected_account.expired'
  | 'composio.trigger.disabled'
  | 'composio.connected_account.active'
  | 'composio.webhook.test';

export async function emitEvent(
  tx: Tx,
  projectId: string,
  type: EventType,
  data: Record<string, unknown>,
  metadata: Record<string, unknown> = {},
): Promise<string> {
  const [id] = await emitEvents(tx, projectId, type, [{ data, metadata }]);
  return id!;
}

/** Several events of one type in one go: one insert, and their messages and jobs in one round each. */
export async function emitEvents(
  tx: Tx,
  projectId: string,
  type: EventType,
  items: { data: Record<string, unknown>; metadata?: Record<string, unknown> }[],
): Promise<string[]> {
  if (!items.length) return [];
  const ids = items.map(() => newId('event'));
  await tx
    .insert(events)
    .values(items.map((it, i) => ({ id: ids[i]!, projectId, type, data: it.data, metadata: it.metadata ?? {} })));
  await globalThis.__junctionAfterEmit?.(tx, projectId, ids, type);
  return ids;
}

/**
 * The delivery area registers here to enqueue its jobs in the same transaction. Kept on globalThis:
 * Next.js bundles get their own copy of this module and must reach the hook the server registered.
 */
type AfterEmit = (tx: Tx, projectId: string, eventIds: string[], type: EventType) => Promise<void>;
declare global {
  var __junctionAfterEmit: AfterEmit | undefined;
}
export function onEventEmitted(fn: AfterEmit) {
  globalThis.__junctionAfterEmit = fn;
}
