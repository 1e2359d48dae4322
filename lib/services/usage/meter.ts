import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Runtime } from '../../runtime';
import { projects, toolLogs, toolRouterSessions } from '../../db/schema';
import { errors } from '../../contract/errors';
import {
  USAGE_ENTITY_TYPES,
  type UsageBreakdownBody,
  type UsageEntityType,
  type UsageSummaryBody,
} from '../../contract/usage';
import { flushToolLogs } from '../logs/tool-logs';

/**
 * Usage metering, per project and per organization, counted from what Junction records anyway:
 * tool executions and proxy calls (the execution log) and tool router sessions. Every event counts
 * one unit, so `total_quantity` (a decimal string, as the hosted API sends it) equals `event_count`.
 */
const DAY = 24 * 60 * 60 * 1000;

interface Entity {
  unit: string;
  table: typeof toolLogs | typeof toolRouterSessions;
  project: AnyPgColumn;
  at: AnyPgColumn;
  user: AnyPgColumn;
  session: AnyPgColumn;
  /** extra condition (the log's kind) */
  where?: SQL;
  groups: Record<string, AnyPgColumn>;
  defaultGroup: string;
}

const logGroups = {
  tool_slug: toolLogs.toolSlug,
  toolkit_slug: toolLogs.toolkitSlug,
  user_id: toolLogs.userId,
  connected_account_id: toolLogs.connectedAccountId,
  auth_config_id: toolLogs.authConfigId,
  session_id: toolLogs.sessionId,
  status: toolLogs.status,
  project_id: toolLogs.projectId,
};

const ENTITIES: Record<UsageEntityType, Entity> = {
  tool_calls: {
    unit: 'calls',
    table: toolLogs,
    project: toolLogs.projectId,
    at: toolLogs.createdAt,
    user: toolLogs.userId,
    session: toolLogs.sessionId,
    where: eq(toolLogs.kind, 'execute'),
    groups: logGroups,
    defaultGroup: 'tool_slug',
  },
  proxy_calls: {
    unit: 'calls',
    table: toolLogs,
    project: toolLogs.projectId,
    at: toolLogs.createdAt,
    user: toolLogs.userId,
    session: toolLogs.sessionId,
    where: eq(toolLogs.kind, 'proxy'),
    groups: logGroups,
    defaultGroup: 'toolkit_slug',
  },
  sessions: {
    unit: 'sessions',
    table: toolRouterSessions,
    project: toolRouterSessions.projectId,
    at: toolRouterSessions.createdAt,
    user: toolRouterSessions.userId,
    session: toolRouterSessions.id,
    groups: {
      user_id: toolRouterSessions.userId,
      session_id: toolRouterSessions.id,
      project_id: toolRouterSessions.projectId,
    },
    defaultGroup: 'user_id',
  },
};

function entityOf(type: string): Entity {
  if (!(USAGE_ENTITY_TYPES as readonly string[]).includes(type)) {
    throw errors.validation(
      `Unknown usage entity type "${type.slice(0, 100)}"`,
      [`entity_type: one of ${USAGE_ENTITY_TYPES.join(', ')}`],
      `Use one of: ${USAGE_ENTITY_TYPES.join(', ')}.`,
    );
  }
  return ENTITIES[type as UsageEntityType];
}

/** The projects a query covers: the calling project, or an org's projects (optionally some of them). */
export type UsageScope = { projectId: string } | { orgId: string };

async function projectIds(rt: Runtime, scope: UsageScope, wanted?: string[] | null): Promise<string[]> {
  if ('projectId' in scope) return [scope.projectId];
  const own = (await rt.db.select({ id: projects.id }).from(projects).where(eq(projects.orgId, scope.orgId))).map(
    (r) => r.id,
  );
  if (!wanted?.length) return own;
  const foreign = wanted.filter((id) => !own.includes(id));
  if (foreign.length)
    throw errors.validation(`Project ${foreign[0]!.slice(0, 100)} is not a project of this organization`, [
      'filters.project_id: every id must be a project of the calling organization',
    ]);
  return wanted;
}

function range(body: { from?: number; to?: number }) {
  const to = body.to ?? Date.now();
  const from = body.from ?? to - 30 * DAY;
  if (from > to) throw errors.validation('from must not be after to', ['body.from: later than body.to']);
  return { from: new Date(from), to: new Date(to) };
}

function conditions(e: Entity, ids: string[], body: UsageSummaryBody | UsageBreakdownBody): SQL[] {
  const { from, to } = range(body);
  const out: SQL[] = [inArray(e.project, ids), gte(e.at, from), lt(e.at, to)];
  if (e.where) out.push(e.where);
  if (body.filters?.user_id?.length) out.push(inArray(e.user, body.filters.user_id));
  if (body.filters?.session_id?.length) out.push(inArray(e.session, body.filters.session_id));
  return out;
}

export async function usageSummary(rt: Runtime, scope: UsageScope, body: UsageSummaryBody) {
  const types = body.entity_types?.length ? [...new Set(body.entity_types)] : [...USAGE_ENTITY_TYPES];
  const chosen = types.map((t) => [t, entityOf(t)] as const);
  const ids = await projectIds(rt, scope, body.filters?.project_id);
  if (chosen.some(([, e]) => e.table === toolLogs)) await flushToolLogs();
  const entities: Record<string, { unit: string; total_quantity: string; event_count: number }> = {};
  for (const [type, e] of chosen) {
    const [row] = await rt.db
      .select({ n: count() })
      .from(e.table)
      .where(and(...conditions(e, ids, body)));
    const n = Number(row?.n ?? 0);
    entities[type] = { unit: e.unit, total_quantity: String(n), event_count: n };
  }
  return { entities };
}

export async function usageBreakdown(rt: Runtime, scope: UsageScope, type: string, body: UsageBreakdownBody) {
  const e = entityOf(type);
  const groupBy = body.group_by ?? e.defaultGroup;
  const col = e.groups[groupBy];
  if (!col) {
    throw errors.validation(`${type} cannot be grouped by "${groupBy.slice(0, 100)}"`, [
      `body.group_by: one of ${Object.keys(e.groups).join(', ')}`,
    ]);
  }
  const ids = await projectIds(rt, scope, body.filters?.project_id);
  if (e.table === toolLogs) await flushToolLogs();
  const where = and(...conditions(e, ids, body));
  const key = sql<string>`coalesce(${col}, '')`;
  const n = count();
  const dir = body.order_direction === 'asc' ? sql`asc` : sql`desc`;
  const orderCol = body.order_by === 'key' ? key : n;
  const [groups, totals] = await Promise.all([
    rt.db
      .select({ key, n })
      .from(e.table)
      .where(where)
      .groupBy(key)
      .orderBy(sql`${orderCol} ${dir}`, key)
      .limit(body.limit ?? 100),
    rt.db.select({ n: count() }).from(e.table).where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  return {
    entity_type: type,
    unit: e.unit,
    total_quantity: String(total),
    event_count: total,
    groups: groups.map((g) => ({ key: g.key, total_quantity: String(Number(g.n)), event_count: Number(g.n) })),
  };
}
