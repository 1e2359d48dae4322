import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { Tx } from '../../db/client';
import { authConfigs, connectedAccounts } from '../../db/schema';
import { isId } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { decodeCursor, pageOf } from '../../contract/query';
import { findToolkit } from '../toolkits/resolve';
import { authConfigView } from './view';

export type AuthConfigRow = typeof authConfigs.$inferSelect;

/** Load an auth config of this project (400 for a malformed id, 404 for an unknown one). */
export async function loadAuthConfig(db: Tx, projectId: string, id: string): Promise<AuthConfigRow> {
  if (!isId('authConfig', id)) throw errors.invalidId('auth config', id);
  const rows = await db
    .select()
    .from(authConfigs)
    .where(and(eq(authConfigs.id, id), eq(authConfigs.projectId, projectId), isNull(authConfigs.deletedAt)))
    .limit(1);
  if (!rows[0]) throw errors.notFound('Auth config', id, 'AuthConfig_NotFound', 1400);
  return rows[0];
}

async function connectionCounts(rt: Runtime, projectId: string, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await rt.db
    .select({ id: connectedAccounts.authConfigId, n: count() })
    .from(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.projectId, projectId),
        inArray(connectedAccounts.authConfigId, ids),
        eq(connectedAccounts.status, 'ACTIVE'),
        isNull(connectedAccounts.deletedAt),
      ),
    )
    .groupBy(connectedAccounts.authConfigId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function getAuthConfig(rt: Runtime, projectId: string, id: string) {
  const row = await loadAuthConfig(rt.db, projectId, id);
  const counts = await connectionCounts(rt, projectId, [row.id]);
  return authConfigView(row, await findToolkit(rt, projectId, row.toolkitSlug), counts.get(row.id) ?? 0, rt.keyring);
}

export async function listAuthConfigs(
  rt: Runtime,
  projectId: string,
  q: {
    cursor?: string;
    limit?: number;
    toolkit_slug?: string;
    is_composio_managed?: boolean;
    show_disabled?: boolean;
    search?: string;
  },
) {
  const limit = q.limit ?? 20;
  const page = decodeCursor(q.cursor);
  const where: SQL[] = [eq(authConfigs.projectId, projectId), isNull(authConfigs.deletedAt)];
  const slugs = q.toolkit_slug
    ?.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (slugs?.length) where.push(inArray(authConfigs.toolkitSlug, slugs));
  if (q.is_composio_managed !== undefined)
    where.push(eq(authConfigs.type, q.is_composio_managed ? 'default' : 'custom'));
  if (!q.show_disabled) where.push(eq(authConfigs.status, 'ENABLED'));
  if (q.search) {
    const like = `%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(authConfigs.name, like), ilike(authConfigs.id, like))!);
  }
  const filter = and(...where);
  const [rows, total] = await Promise.all([
    rt.db
      .select()
      .from(authConfigs)
      .where(filter)
      .orderBy(desc(authConfigs.createdAt), desc(authConfigs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    rt.db.select({ n: count() }).from(authConfigs).where(filter),
  ]);
  const counts = await connectionCounts(
    rt,
    projectId,
    rows.map((r) => r.id),
  );
  const items = await Promise.all(
    rows.map(async (r) =>
      authConfigView(r, await findToolkit(rt, projectId, r.toolkitSlug), counts.get(r.id) ?? 0, rt.keyring),
    ),
  );
  return pageOf(items, Number(total[0]?.n ?? 0), page, limit);
}
