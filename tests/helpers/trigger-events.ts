import type { Receiver } from './https-receiver';
import type { TestServer } from './server';

/** Waits for a condition of a trigger suite (a poll committed, an event delivered), never for a fixed time. */
export async function until<T>(
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export type TriggerLogLine = { outcome: string; events_emitted: number; message: string };

/** The trigger log of one instance, newest first. */
export const triggerLogs = async (s: TestServer, id: string) =>
  (await s.api('GET', `/trigger_instances/${id}/logs?limit=200`)).body.items as TriggerLogLine[];

/** The trigger messages the receiver accepted for one trigger instance, once each. */
export function deliveredTo(rx: Receiver, triggerId: string) {
  const seen = new Map<string, { id: string; data: Record<string, any>; metadata: Record<string, unknown> }>();
  for (const r of rx.received) {
    if (r.answered !== 200) continue;
    const b = JSON.parse(r.body);
    if (b.type === 'composio.trigger.message' && b.metadata?.trigger_id === triggerId) seen.set(b.id, b);
  }
  return [...seen.values()];
}
