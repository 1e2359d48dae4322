/**
 * Per-project upstream base URLs (project config `toolkit_base_urls`, e.g. `{ hackernews: "https://hn.internal" }`):
 * a project can send a toolkit's calls to a mirror, a proxy or, in tests, a loopback fake, most useful for
 * keyless toolkits that have no connected account to carry a `base_url`. The SSRF guard still applies to
 * every call made with it (sendUpstream).
 *
 * Read on every execution, so the setting is cached per process: the config route drops the entry
 * here when it commits and announces the change to other processes (lib/services/cache/bus.ts).
 */
import type { Runtime } from '../../runtime';
import { getProjectSettings } from '../tenancy/projects';
import { onChange } from '../cache/bus';

export const PROJECT_SETTINGS_CHANGE = 'project_settings';
/** a safety net should a change notice be lost (listener down); notices are the normal path */
const MAX_AGE_MS = 60_000;
const cache = new Map<string, { at: number; urls: Record<string, unknown> }>();
/** bumped by every change, so a read that raced a change is not stored */
let generation = 0;
let subscribed = false;

function forget(projectId: string) {
  generation++;
  if (projectId === '*') cache.clear();
  else cache.delete(projectId);
}

async function baseUrls(rt: Runtime, projectId: string): Promise<Record<string, unknown>> {
  if (!subscribed) {
    subscribed = true;
    onChange(rt, PROJECT_SETTINGS_CHANGE, forget);
  }
  const hit = cache.get(projectId);
  if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.urls;
  const gen = generation;
  const settings = await getProjectSettings(rt.db, projectId);
  const urls = (settings.toolkit_base_urls ?? {}) as Record<string, unknown>;
  if (gen === generation) {
    if (cache.size > 10_000) cache.clear();
    cache.set(projectId, { at: Date.now(), urls });
  }
  return urls;
}

export async function projectBaseUrl(rt: Runtime, projectId: string, toolkitSlug: string): Promise<string | undefined> {
  const v = (await baseUrls(rt, projectId))[toolkitSlug];
  return typeof v === 'string' && /^https?:\/\//i.test(v) ? v : undefined;
}
