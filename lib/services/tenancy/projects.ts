import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { issueKey, revokeAllProjectKeys } from './keys';
import { endProjectGrants } from './project-grants';

export interface ProjectView {
  id: string;
  name: string;
  org_id: string;
  created_at: string;
}

const view = (p: typeof projects.$inferSelect): ProjectView => ({
  id: p.id,
  name: p.name,
  org_id: p.orgId,
  created_at: p.createdAt.toISOString(),
});

export async function listProjects(db: Db, orgId: string): Promise<ProjectView[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(eq(projects.orgId, orgId), isNull(projects.deletedAt)))
    .orderBy(asc(projects.createdAt));
  return rows.map(view);
}

export async function getProject(db: Db, orgId: string, projectId: string): Promise<ProjectView> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.orgId, orgId), isNull(projects.deletedAt)))
    .limit(1);
  if (!rows[0]) throw errors.notFound('Project', projectId);
  return view(rows[0]);
}

export async function createProject(db: Db, orgId: string, name: string, withKey: boolean) {
  return db.transaction(async (tx) => {
    const id = newId('project');
    const [row] = await tx.insert(projects).values({ id, orgId, name }).returning();
    const key = withKey ? await issueKey(tx, { kind: 'project', orgId, projectId: id }) : undefined;
    return { ...view(row!), api_key: key?.key ?? null };
  });
}

/**
 * Delete a project (soft): its keys are revoked and everything it granted that works without a key
 * (MCP OAuth tokens, consent and Connect links, OAuth flows) is revoked in the same transaction.
 * Loaders of the rest (MCP URLs, trigger ingress and polls, file links, webhook deliveries) refuse
 * a deleted project (live.ts).
 */
export async function deleteProject(db: Db, orgId: string, projectId: string) {
  await getProject(db, orgId, projectId);
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(projects)
      .set({ deletedAt: now })
      .where(and(eq(projects.id, projectId), eq(projects.orgId, orgId)));
    await revokeAllProjectKeys(tx, projectId);
    await endProjectGrants(tx, projectId, now);
  });
  return { success: true, id: projectId };
}

/** Revoke every key of the project and issue one new key, shown once. */
export async function regenerateProjectKey(db: Db, orgId: string, projectId: string) {
  await getProject(db, orgId, projectId);
  return db.transaction(async (tx) => {
    await revokeAllProjectKeys(tx, projectId);
    const key = await issueKey(tx, { kind: 'project', orgId, projectId });
    return { id: projectId, api_key: key.key };
  });
}

export async function getProjectSettings(db: Db, projectId: string) {
  const rows = await db
    .select({ settings: projects.settings })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return rows[0]?.settings ?? {};
}
