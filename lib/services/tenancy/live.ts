import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { projects } from '../../db/schema';

/*
 * A deleted project acts for no one. Keys are revoked when it is deleted, but much of what a project
 * hands out works without a key: MCP OAuth tokens, consent and Connect links, per-user MCP URLs,
 * trigger ingress URLs, signed file links, and the jobs that poll and deliver for it. Every loader of
 * such a thing adds this one condition to the query it already makes, so a deleted project's rows
 * stop loading at once, with no extra round trip and no cache to go stale.
 */

/** SQL condition: the project `projectId` names exists and is not deleted. */
export function liveProject(projectId: Column | SQL): SQL {
  return sql`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.deletedAt} is null)`;
}

/** The same condition for plain-SQL loaders: `column` is the SQL expression holding the project id. */
export function liveProjectSql(column: string): string {
  return `exists (select 1 from projects lp where lp.id = ${column} and lp.deleted_at is null)`;
}

/** For loaders that have only a project id in hand (a signed link names its project). */
export async function isProjectLive(db: Db | Tx, projectId: string): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
    .limit(1);
  return rows.length > 0;
}
