/**
 * A process-wide cap on workbench sandboxes running at once, shared fairly between projects. Each
 * sandbox is a worker thread with its own WebAssembly heap; without a cap, parallel calls could
 * take the machine's memory and cores. A call past the cap waits briefly for a slot, then is
 * refused with a 503 so the caller can retry, instead of queueing without bound.
 *
 * Runs last up to 60 s and cannot be pre-empted, so fairness has to be decided before a slot is
 * taken: one project holds at most `perProject` slots (default half of them), which leaves the
 * rest to every other project however many runs the first one starts. A freed slot goes to the
 * waiting project that holds the fewest, so a newcomer is not queued behind a busy project.
 */
import { namedError } from '../../contract/errors';

interface Waiter {
  project: string;
  grant: () => void;
}

const waiting: Waiter[] = [];
const held = new Map<string, number>();
let running = 0;

export const SLOT_WAIT_MS = 3000;

const holds = (project: string) => held.get(project) ?? 0;

function take(project: string) {
  running++;
  held.set(project, holds(project) + 1);
}

/** Hand free slots to waiters that may take one, fewest slots held first (first come among equals). */
function dispatch(max: number, perProject: number) {
  while (running < max) {
    let best = -1;
    for (let i = 0; i < waiting.length; i++) {
      const h = holds(waiting[i]!.project);
      if (h >= perProject) continue;
      if (best < 0 || h < holds(waiting[best]!.project)) best = i;
    }
    if (best < 0) return;
    const [w] = waiting.splice(best, 1);
    take(w!.project);
    w!.grant();
  }
}

export async function acquireSlot(
  project: string,
  max: number,
  perProject = max,
  waitMs = SLOT_WAIT_MS,
): Promise<() => void> {
  const share = Math.max(1, Math.min(perProject, max));
  if (running < max && holds(project) < share && !waiting.some((w) => holds(w.project) < holds(project))) {
    take(project);
  } else {
    const granted = await new Promise<boolean>((resolve) => {
      const w: Waiter = {
        project,
        grant: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        const i = waiting.indexOf(w);
        if (i >= 0) waiting.splice(i, 1);
        resolve(false);
      }, waitMs);
      waiting.push(w);
    });
    if (!granted) {
      const own = share < max && holds(project) >= share;
      throw namedError(
        'Workbench_Busy',
        own
          ? `This project already runs ${share} workbench sandboxes, its share of this server's ${max}`
          : `All ${max} workbench sandboxes of this server are busy`,
        {
          suggested_fix: own
            ? 'Retry when one of this project’s runs has finished; the operator can raise JUNCTION_WORKBENCH_MAX_PER_PROJECT.'
            : 'Retry in a few seconds; the operator can raise JUNCTION_WORKBENCH_MAX_CONCURRENT.',
          headers: { 'retry-after': '3' },
        },
      );
    }
    // the slot was taken for us by dispatch(): `running` and `held` already count it
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    const h = holds(project) - 1;
    if (h > 0) held.set(project, h);
    else held.delete(project);
    dispatch(max, share);
  };
}
