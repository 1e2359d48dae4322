import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { apiKeys, projects } from '../../db/schema';
import { hashApiKey, isId } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import type { Runtime } from '../../runtime';
import { log } from '../../log';
import { onChange } from '../cache/bus';

/*
 * Resolving an API key to its caller: the lookup, its per-process cache, revocation of cached
 * entries and the coalesced last_used_at. The HTTP layer (lib/api/auth.ts) only reads the headers.
 */

/** The credentials a request presented, as read from its headers. */
export interface CallerCredentials {
  /** x-org-api-key */
  orgKey?: string;
  /** x-api-key */
  projectKey?: string;
  /** x-user-api-key */
  userKey?: string;
  /** x-project-id, with a member key */
  projectId?: string;
}

/**
 * Who is calling. `project` routes need a project: from a project key (x-api-key) or from a
 * member key (x-user-api-key) plus x-project-id. `org` routes need the org owner key.
 */
export type AuthMode = 'project' | 'org' | 'none';

export interface AuthContext {
  orgId: string;
  /** empty for org-level and public calls */
  projectId: string;
  keyId: string;
  /** display form of the calling key (`ak_abcd…`), for the audit log; never the key */
  keyHint: string;
  via: 'project' | 'user' | 'org' | 'none';
}

interface KeyRow {
  id: string;
  kind: 'project' | 'user' | 'org';
  orgId: string;
  projectId: string | null;
  hint: string;
}

const NONE: AuthContext = { orgId: '', projectId: '', keyId: '', keyHint: '', via: 'none' };

// Key lookups are cached briefly per process: a key read costs a query otherwise, on every call.
// A revocation clears the entry here at once and, on PostgreSQL, in every other process when its
// transaction commits (a change notice, lib/services/cache/bus.ts); JUNCTION_API_KEY_CACHE_MS bounds
// what a lost notice could leave behind.
export const API_KEY_CHANGE = 'api_key';
const cache = new Map<string, { row: KeyRow | null; until: number }>();
/** bumped by every forget, so a lookup that raced a revocation does not store what it read */
let generation = 0;
let subscribed = false;

export function forgetKey(hash?: string) {
  generation++;
  if (hash && hash !== '*') cache.delete(hash);
  else cache.clear();
}

export async function lookupKey(rt: Runtime, key: string): Promise<KeyRow | null> {
  if (!subscribed) {
    subscribed = true;
    onChange(rt, API_KEY_CHANGE, forgetKey);
  }
  const hash = hashApiKey(key);
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.row;
  const gen = generation;
  const rows = await rt.db
    .select({
      id: apiKeys.id,
      kind: apiKeys.kind,
      orgId: apiKeys.orgId,
      projectId: apiKeys.projectId,
      hint: apiKeys.hint,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  const row = rows[0] ?? null;
  if (gen !== generation) return row;
  if (cache.size > 10_000) cache.clear();
  cache.set(hash, { row, until: now + rt.config.apiKeyCacheMs });
  return row;
}

/** Whether `key` is a live key this process has looked up recently: known without a query. */
export function isCachedKey(key: string): boolean {
  const hit = cache.get(hashApiKey(key));
  return !!hit?.row && hit.until > Date.now();
}

// last_used_at is written off the request path and coalesced: a key is marked at most once a minute
// per process, marked keys are written together a second later, and the UPDATE skips rows another
// process stamped within the minute.
const TOUCH_EVERY_MS = 60_000;
const touched = new Map<string, number>();
const dirty = new Set<string>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function noteKeyUse(rt: Runtime, keyId: string) {
  const now = Date.now();
  const last = touched.get(keyId);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
  if (touched.size > 10_000) touched.clear();
  touched.set(keyId, now);
  dirty.add(keyId);
  flushTimer ??= setTimeout(() => void flushKeyUse(rt), 1000);
  flushTimer.unref?.();
}

async function flushKeyUse(rt: Runtime) {
  flushTimer = undefined;
  const ids = [...dirty];
  dirty.clear();
  if (!ids.length) return;
  const now = new Date();
  await rt.db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        inArray(apiKeys.id, ids),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - TOUCH_EVERY_MS))),
      ),
    )
    .catch((err) => log.warn({ err }, 'could not record API key use'));
}

export async function resolveCaller(rt: Runtime, mode: AuthMode, cred: CallerCredentials): Promise<AuthContext> {
  if (mode === 'none') return NONE;
  if (mode === 'org') {
    const key = cred.orgKey;
    if (!key) throw errors.unauthorized('Missing x-org-api-key header');
    const row = await lookupKey(rt, key);
    if (!row || row.kind !== 'org') throw errors.unauthorized('Invalid organization API key');
    noteKeyUse(rt, row.id);
    return { orgId: row.orgId, projectId: '', keyId: row.id, keyHint: row.hint, via: 'org' };
  }
  const projectKey = cred.projectKey;
  if (projectKey) {
    const row = await lookupKey(rt, projectKey);
    if (!row || row.kind !== 'project' || !row.projectId) throw errors.unauthorized('Invalid API key');
    noteKeyUse(rt, row.id);
    return { orgId: row.orgId, projectId: row.projectId, keyId: row.id, keyHint: row.hint, via: 'project' };
  }
  const userKey = cred.userKey;
  if (userKey) {
    const row = await lookupKey(rt, userKey);
    if (!row || row.kind !== 'user') throw errors.unauthorized('Invalid user API key');
    const projectId = cred.projectId;
    if (!projectId) {
      throw errors.badRequest(
        'x-project-id header is required with x-user-api-key',
        'Auth_ProjectRequired',
        "Send the id of one of your organization's projects in x-project-id.",
      );
    }
    if (!isId('project', projectId)) throw errors.invalidId('project', projectId);
    const p = await rt.db
      .select({ orgId: projects.orgId })
      .from(projects)
      .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
      .limit(1);
    if (!p[0] || p[0].orgId !== row.orgId) throw errors.forbidden('This user key may not act on that project');
    noteKeyUse(rt, row.id);
    return { orgId: row.orgId, projectId, keyId: row.id, keyHint: row.hint, via: 'user' };
  }
  throw errors.unauthorized();
}
