import type { Runtime } from '../../runtime';
import { onChange } from '../cache/bus';
import { EXEC_ACCOUNT_CHANGE } from '../cache/exec-accounts';

/**
 * Accounts resolved for execution, per process. Without it every execution starts with a database
 * round trip for the same row; with it a warm execution reads nothing. Entries are grouped by
 * project because the change notice names the project: any change to one of its accounts or auth
 * configs (a disable, a refreshed token, a new account that a user-and-toolkit lookup would now
 * pick) drops the project's entries in every process. `accountCacheMs` bounds what a lost notice
 * could leave behind.
 */
const MAX_ENTRIES = 10_000;
const projects = new Map<string, Map<string, { value: unknown; until: number }>>();
let size = 0;
/** bumped by every drop, so a read that raced a change does not store what it read */
let generation = 0;
const subscribed = new WeakSet<object>();

function forget(projectId: string) {
  generation++;
  if (projectId === '*') {
    projects.clear();
    size = 0;
    return;
  }
  const entries = projects.get(projectId);
  if (!entries) return;
  size -= entries.size;
  projects.delete(projectId);
}

/**
 * The cached value for `key` in `projectId`, or what `read` returns: stored when `keep` is true
 * (the reader's call: an answer that depends on more than the rows the notices cover is not) and
 * no change raced the read.
 */
export async function cachedForExecution<T extends object>(
  rt: Runtime,
  projectId: string,
  key: string,
  read: () => Promise<{ value: T | undefined; keep: boolean }>,
): Promise<T | undefined> {
  const ttl = rt.config.accountCacheMs;
  if (!ttl) return (await read()).value;
  if (!subscribed.has(rt.database)) {
    subscribed.add(rt.database);
    onChange(rt, EXEC_ACCOUNT_CHANGE, forget);
  }
  const now = Date.now();
  const hit = projects.get(projectId)?.get(key);
  if (hit && hit.until > now) return hit.value as T;
  const gen = generation;
  const { value, keep } = await read();
  if (value === undefined || !keep || gen !== generation) return value;
  if (size >= MAX_ENTRIES) forget('*');
  let entries = projects.get(projectId);
  if (!entries) projects.set(projectId, (entries = new Map()));
  if (!entries.has(key)) size++;
  entries.set(key, { value, until: now + ttl });
  return value;
}
