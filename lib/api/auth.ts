import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys, projects } from '../db/schema';
import { hashApiKey, isId } from '../crypto/ids';
import { errors } from './errors';
import type { Runtime } from '../runtime';

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
  via: 'project' | 'user' | 'org' | 'none';
}

interface KeyRow {
  id: string;
  kind: 'project' | 'user' | 'org';
  orgId: string;
  projectId: string | null;
}

const NONE: AuthContext = { orgId: '', projectId: '', keyId: '', via: 'none' };

// Key lookups are cached briefly per process: a key read costs a query otherwise, on every call.
// Revocation clears the entry here at once and elsewhere within JUNCTION_API_KEY_CACHE_MS.
const cache = new Map<string, { row: KeyRow | null; until: number }>();

export function forgetKey(hash?: string) {
  if (hash) cache.delete(hash);
  else cache.clear();
}

async function lookup(rt: Runtime, key: string): Promise<KeyRow | null> {
  const hash = hashApiKey(key);
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.row;
  const rows = await rt.db
    .select({ id: apiKeys.id, kind: apiKeys.kind, orgId: apiKeys.orgId, projectId: apiKeys.projectId })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  const row = rows[0] ?? null;
  if (cache.size > 10_000) cache.clear();
  cache.set(hash, { row, until: now + rt.config.apiKeyCacheMs });
  return row;
}

export async function authenticate(
  rt: Runtime,
  mode: AuthMode,
  req: { header(name: string): string | undefined },
): Promise<AuthContext> {
  if (mode === 'none') return NONE;
  if (mode === 'org') {
    const key = req.header('x-org-api-key');
    if (!key) throw errors.unauthorized('Missing x-org-api-key header');
    const row = await lookup(rt, key);
    if (!row || row.kind !== 'org') throw errors.unauthorized('Invalid organization API key');
    return { orgId: row.orgId, projectId: '', keyId: row.id, via: 'org' };
  }
  const projectKey = req.header('x-api-key');
  if (projectKey) {
    const row = await lookup(rt, projectKey);
    if (!row || row.kind !== 'project' || !row.projectId) throw errors.unauthorized('Invalid API key');
    return { orgId: row.orgId, projectId: row.projectId, keyId: row.id, via: 'project' };
  }
  const userKey = req.header('x-user-api-key');
  if (userKey) {
    const row = await lookup(rt, userKey);
    if (!row || row.kind !== 'user') throw errors.unauthorized('Invalid user API key');
    const projectId = req.header('x-project-id');
    if (!projectId) {
      throw errors.badRequest('x-project-id header is required with x-user-api-key', 'Auth_ProjectRequired',
        'Send the id of one of your organization\'s projects in x-project-id.');
    }
    if (!isId('project', projectId)) throw errors.invalidId('project', projectId);
    const p = await rt.db.select({ orgId: projects.orgId }).from(projects)
      .where(and(eq(projects.id, projectId), isNull(projects.deletedAt))).limit(1);
    if (!p[0] || p[0].orgId !== row.orgId) throw errors.forbidden('This user key may not act on that project');
    return { orgId: row.orgId, projectId, keyId: row.id, via: 'user' };
  }
  throw errors.unauthorized();
}
