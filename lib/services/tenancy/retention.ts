/**
 * Zero data retention (project config `zero_data_retention`, the same switch as the hosted
 * `log_visibility_setting: "dont_store_data"`): Junction keeps what happened (ids, slugs, statuses,
 * timings, sizes) and drops what was said (arguments, tool responses, event payloads, receivers'
 * answers). Tool logs never hold bodies at all; webhook deliveries drop theirs once delivered
 * (lib/services/webhooks/zero-retention.ts). Code that stores a payload asks here first.
 *
 * Read on hot paths, so cached per process and dropped on every settings change (lib/services/cache/bus.ts).
 */
import type { Runtime } from '../../runtime';
import { getProjectSettings } from './projects';
import { onChange } from '../cache/bus';
import { PROJECT_SETTINGS_CHANGE } from '../tools/base-override';

const MAX_AGE_MS = 60_000;
const cache = new Map<string, { at: number; on: boolean }>();
let generation = 0;
let subscribed = false;

function forget(projectId: string) {
  generation++;
  if (projectId === '*') cache.clear();
  else cache.delete(projectId);
}

export async function zeroDataRetention(rt: Runtime, projectId: string): Promise<boolean> {
  if (!subscribed) {
    subscribed = true;
    onChange(rt, PROJECT_SETTINGS_CHANGE, forget);
  }
  const hit = cache.get(projectId);
  if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.on;
  const gen = generation;
  const s = await getProjectSettings(rt.db, projectId);
  const on =
    s.zero_data_retention ?? (s as { log_visibility_setting?: string }).log_visibility_setting === 'dont_store_data';
  if (gen === generation) {
    if (cache.size > 10_000) cache.clear();
    cache.set(projectId, { at: Date.now(), on });
  }
  return on;
}
