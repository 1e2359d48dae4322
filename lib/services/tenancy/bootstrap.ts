import { eq, sql } from 'drizzle-orm';
import { instanceSettings, organizations, projects } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { issueKey } from './keys';
import type { Runtime } from '../../runtime';

/**
 * First start: org `default`, project `default`, one org owner key and one project key.
 * The keys are returned (to be printed) only on the start that made them. Several processes
 * starting together on one PostgreSQL serialise on an advisory lock; one of them bootstraps.
 */
export async function bootstrapInstance(rt: Runtime): Promise<Runtime['bootstrap']> {
  return rt.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7166002)`);
    const done = await tx.select().from(instanceSettings).where(eq(instanceSettings.key, 'bootstrap')).limit(1);
    if (done[0]) return undefined;
    const orgId = newId('org');
    const projectId = newId('project');
    await tx.insert(organizations).values({ id: orgId, name: 'default' });
    await tx.insert(projects).values({ id: projectId, orgId, name: 'default' });
    const orgKey = await issueKey(tx, { kind: 'org', orgId, name: 'owner', value: rt.config.bootstrapOrgApiKey });
    const projectKey = await issueKey(tx, { kind: 'project', orgId, projectId, value: rt.config.bootstrapApiKey });
    await tx
      .insert(instanceSettings)
      .values({ key: 'bootstrap', value: { orgId, projectId, at: new Date().toISOString() } });
    return { projectKey: projectKey.key, orgKey: orgKey.key, projectId };
  });
}

export async function defaultProjectId(rt: Runtime): Promise<string | undefined> {
  const row = await rt.db.select().from(instanceSettings).where(eq(instanceSettings.key, 'bootstrap')).limit(1);
  return (row[0]?.value as { projectId?: string } | undefined)?.projectId;
}
