import { BlockList, isIP } from 'node:net';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { apiKeys, projects } from '../../db/schema';
import { hashApiKey, isId } from '../../crypto/ids';
import { type ApiError, errors, namedError } from '../../contract/errors';
import type { Runtime } from '../../runtime';
import { log } from '../../log';
import { onChange } from '../cache/bus';
import type { KeyPermissions } from '../../contract/key-permissions';

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
  /** x-org-id, with a member key (sent together with x-project-id by SDK 1.0) */
  orgId?: string;
  /** the client's address (server.ts sets it), checked against a key's allow-list */
  clientIp?: string;
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
  /** a scoped project key's access per area; absent or null: full access */
  permissions?: KeyPermissions | null;
}

interface KeyRow {
  id: string;
  kind: 'project' | 'user' | 'org';
  orgId: string;
  projectId: string | null;
  hint: string;
  permissions: KeyPermissions | null;
  allowedIps: string[] | null;
  expiresAt: Date | null;
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
      permissions: apiKeys.permissions,
      allowedIps: apiKeys.allowedIps,
      expiresAt: apiKeys.expiresAt,
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

const KEY_KIND_HEADER = { project: 'x-api-key', user: 'x-user-api-key', org: 'x-org-api-key' } as const;
const KEY_KIND_NAME = { project: 'a project', user: 'a user', org: 'an organization' } as const;
const KEY_HEADER_KIND = { 'x-api-key': 'project', 'x-user-api-key': 'user', 'x-org-api-key': 'org' } as const;

/** A key of another kind in this header gets a refusal that names the right header (not just "invalid"). */
function wrongHeader(row: KeyRow | null, header: keyof typeof KEY_HEADER_KIND): ApiError | undefined {
  if (!row || row.kind === KEY_HEADER_KIND[header]) return undefined;
  return namedError(
    'Auth_WrongKeyHeader',
    `${KEY_KIND_NAME[row.kind]} API key was sent in ${header}; send it in ${KEY_KIND_HEADER[row.kind]}`.replace(
      /^a/,
      'A',
    ),
    { suggested_fix: `Send ${row.kind} keys in the ${KEY_KIND_HEADER[row.kind]} header.` },
  );
}

const allowLists = new WeakMap<string[], BlockList>();
function allowList(ranges: string[]): BlockList {
  let list = allowLists.get(ranges);
  if (!list) {
    list = new BlockList();
    for (const r of ranges) {
      const [addr, bits] = r.split('/');
      const type = isIP(addr!) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(addr!, type);
      else list.addSubnet(addr!, Number(bits), type);
    }
    allowLists.set(ranges, list);
  }
  return list;
}

/** Expiry and the address allow-list, checked on every use of a key (the lookup itself is cached). */
function admit(row: KeyRow, clientIp: string | undefined) {
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
    throw namedError('ApiKey_Expired', `API key ${row.hint} expired at ${row.expiresAt.toISOString()}`);
  }
  if (row.allowedIps?.length) {
    const ip = clientIp && isIP(clientIp) ? clientIp : undefined;
    const list = allowList(row.allowedIps);
    if (!ip || !list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')) {
      throw namedError('ApiKey_IpNotAllowed', `API key ${row.hint} may not be used from ${ip ?? 'this address'}`);
    }
  }
}

function multipleModes(cred: CallerCredentials): ApiError | undefined {
  const sent = [
    cred.projectKey ? 'ApiKeyAuth via x-api-key' : '',
    cred.userKey ? 'UserApiKeyAuth via x-user-api-key' : '',
    cred.orgKey ? 'OrgApiKeyAuth via x-org-api-key' : '',
  ].filter(Boolean);
  if (sent.length < 2) return undefined;
  return namedError(
    'Auth_MultipleModes',
    `Multiple authentication modes were provided. Provide exactly one authentication mode per request. Provided: ${sent.join(', ')}.`,
  );
}

/** A member key's project: x-org-id with x-project-id (SDK 1.0), x-project-id alone, or the org's developer project. */
async function memberProject(rt: Runtime, row: KeyRow, cred: CallerCredentials): Promise<string> {
  const { orgId, projectId } = cred;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if ((orgId && uuid.test(orgId)) || (projectId && uuid.test(projectId))) {
    throw namedError('Auth_ScopeHeaders', 'x-org-id and x-project-id take the ids this API returns, not UUIDs', {
      suggested_fix: 'Send the org_… / pr_… ids from GET /org/project/current.',
    });
  }
  if (orgId && !projectId) {
    throw namedError('Auth_ScopeHeaders', 'x-org-id needs x-project-id: send the two together', {
      suggested_fix: "Send x-project-id with one of your organization's project ids.",
    });
  }
  // the org and project must exist and be the key's; which of the two failed is not told
  const notFound = () =>
    errors.notFound('Project', projectId ? `"${projectId.slice(0, 80)}"` : undefined, 'Auth_ProjectNotAccessible');
  if (orgId && orgId !== row.orgId) throw notFound();
  if (projectId) {
    if (!isId('project', projectId)) throw errors.invalidId('project', projectId);
    const p = await rt.db
      .select({ orgId: projects.orgId })
      .from(projects)
      .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
      .limit(1);
    if (!p[0] || p[0].orgId !== row.orgId) throw notFound();
    return projectId;
  }
  // no scope headers: the org's first live project, the member's developer project
  const first = await rt.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.orgId, row.orgId), isNull(projects.deletedAt)))
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(1);
  if (!first[0]) throw notFound();
  return first[0].id;
}

export async function resolveCaller(rt: Runtime, mode: AuthMode, cred: CallerCredentials): Promise<AuthContext> {
  if (mode === 'none') return NONE;
  if (mode === 'org') {
    const key = cred.orgKey;
    if (!key) throw errors.unauthorized('Missing x-org-api-key header');
    const row = await lookupKey(rt, key);
    const wrong = wrongHeader(row, 'x-org-api-key');
    if (wrong) throw wrong;
    if (!row) throw errors.unauthorized('Invalid organization API key');
    admit(row, cred.clientIp);
    noteKeyUse(rt, row.id);
    return { orgId: row.orgId, projectId: '', keyId: row.id, keyHint: row.hint, via: 'org' };
  }
  const multiple = multipleModes({ projectKey: cred.projectKey, userKey: cred.userKey });
  if (multiple) throw multiple;
  const projectKey = cred.projectKey;
  if (projectKey) {
    const row = await lookupKey(rt, projectKey);
    const wrong = wrongHeader(row, 'x-api-key');
    if (wrong) throw wrong;
    if (!row?.projectId) throw errors.unauthorized('Invalid API key');
    admit(row, cred.clientIp);
    noteKeyUse(rt, row.id);
    return {
      orgId: row.orgId,
      projectId: row.projectId,
      keyId: row.id,
      keyHint: row.hint,
      via: 'project',
      permissions: row.permissions,
    };
  }
  const userKey = cred.userKey;
  if (userKey) {
    const row = await lookupKey(rt, userKey);
    const wrong = wrongHeader(row, 'x-user-api-key');
    if (wrong) throw wrong;
    if (!row) throw errors.unauthorized('Invalid user API key');
    admit(row, cred.clientIp);
    const projectId = await memberProject(rt, row, cred);
    noteKeyUse(rt, row.id);
    return { orgId: row.orgId, projectId, keyId: row.id, keyHint: row.hint, via: 'user' };
  }
  throw errors.unauthorized();
}
