/**
 * A process-wide cap on workbench sandboxes running at once. Each sandbox is a worker thread
 * with its own WebAssembly heap; without a cap, parallel calls could take the machine's memory
 * and cores. A call past the cap waits briefly for a slot, then is refused with a 503 so the
 * caller can retry, instead of queueing without bound.
 */
import { namedError } from '../../contract/errors';

const waiting: (() => void)[] = [];
let running = 0;

export const SLOT_WAIT_MS = 3000;

export async function acquireSlot(max: number, waitMs = SLOT_WAIT_MS): Promise<() => void> {
  if (running >= max) {
    const granted = await new Promise<boolean>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = waiting.indexOf(wake);
        if (i >= 0) waiting.splice(i, 1);
        resolve(false);
      }, waitMs);
      waiting.push(wake);
    });
    if (!granted) {
      throw namedError('Workbench_Busy', `All ${max} workbench sandboxes of this server are busy`, {
        suggested_fix: 'Retry in a few seconds; the operator can raise JUNCTION_WORKBENCH_MAX_CONCURRENT.',
        headers: { 'retry-after': '3' },
      });
    }
    // the slot was handed over by release(): `running` already counts it
  } else running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}
