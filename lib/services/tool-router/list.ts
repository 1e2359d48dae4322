import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { toolRouterSessions } from '../../db/schema';
import { decodeCursor, pageOf } from '../../contract/query';
import type { ListSessionsQuery, SessionConfig } from '../../contract/tool-router';
import { liveProject } from '../tenancy/live';
import { mcpUrl } from './session';

/** The project's tool router sessions, newest first (a summary: who, which toolkits, where to connect). */
export async function listSessions(rt: Runtime, projectId: string, q: ListSessionsQuery) {
  const limit = q.limit ?? 20;
  const page = decodeCursor(q.cursor);
  const where: SQL[] = [eq(toolRouterSessions.projectId, projectId), liveProject(toolRouterSessions.projectId)];
  if (q.user_ids) where.push(inArray(toolRouterSessions.userId, q.user_ids));
  const filter = and(...where);
  const [rows, total] = await Promise.all([
    rt.db
      .select({
        id: toolRouterSessions.id,
        userId: toolRouterSessions.userId,
        config: toolRouterSessions.config,
        configVersion: toolRouterSessions.configVersion,
        createdAt: toolRouterSessions.createdAt,
      })
      .from(toolRouterSessions)
      .where(filter)
      .orderBy(desc(toolRouterSessions.createdAt), desc(toolRouterSessions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    rt.db.select({ n: count() }).from(toolRouterSessions).where(filter),
  ]);
  const items = rows.map((r) => {
    const tk = (r.config as Partial<SessionConfig>).toolkits;
    const mode = tk && 'enabled' in tk ? 'enabled' : tk && 'disabled' in tk ? 'disabled' : 'all';
    return {
      session_id: r.id,
      user_id: r.userId,
      toolkits: tk ? ('enabled' in tk ? tk.enabled : tk.disabled) : [],
      toolkits_mode: mode as 'all' | 'enabled' | 'disabled',
      mcp: { type: 'http' as const, url: mcpUrl(rt, r.id) },
      config_version: r.configVersion,
      created_at: r.createdAt.toISOString(),
    };
  });
  return pageOf(items, Number(total[0]?.n ?? 0), page, limit);
}
