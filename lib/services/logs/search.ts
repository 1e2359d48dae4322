import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Runtime } from '../../runtime';
import { toolLogs } from '../../db/schema';
import { errors } from '../../contract/errors';
import type { LogSearchBody } from '../../contract/logs';
import { decode, encode, flushToolLogs } from './tool-logs';

/**
 * The v3.1 log API (`POST /logs/tool_execution`, `GET /logs/tool_execution/{id}`) over the
 * execution log that `/logs/tools` also reads. The log never holds arguments, responses or
 * headers (docs/security.md), so a detail's `data` describes the call instead of replaying it.
 */
type Row = typeof toolLogs.$inferSelect;
type Field = NonNullable<LogSearchBody['filters']>[number]['field'];

/** Column per filter field; `sandbox_id` has none (no sandbox runs a logged call), so it is always empty. */
const COLUMNS: Record<Exclude<Field, 'sandbox_id'>, AnyPgColumn> = {
  tool_slug: toolLogs.toolSlug,
  toolkit_slug: toolLogs.toolkitSlug,
  connected_account_id: toolLogs.connectedAccountId,
  auth_config_id: toolLogs.authConfigId,
  status: toolLogs.status,
  user_id: toolLogs.userId,
  session_id: toolLogs.sessionId,
  request_id: toolLogs.requestId,
  log_id: toolLogs.id,
};

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function normalise(field: Field, value: string): string {
  if (field === 'tool_slug') return value.toUpperCase();
  if (field === 'toolkit_slug' || field === 'status') return value.toLowerCase();
  return value;
}

function condition(f: NonNullable<LogSearchBody['filters']>[number]): SQL {
  if (f.field === 'sandbox_id') return f.operator === '==' || f.operator === 'contains' ? sql`false` : sql`true`;
  const col = COLUMNS[f.field];
  const v = normalise(f.field, f.value);
  switch (f.operator) {
    case '==':
      return eq(col, v);
    case '!=':
      return sql`${col} is distinct from ${v}`;
    case 'contains':
      return sql`${col} ilike ${`%${likeEscape(f.value)}%`}`;
    case 'not_contains':
      return sql`coalesce(${col}, '') not ilike ${`%${likeEscape(f.value)}%`}`;
  }
}

function entry(r: Row) {
  const failed = r.status === 'failed';
  const what =
    r.kind === 'proxy' ? `Proxy call ${r.method ?? ''} ${r.endpoint ?? ''}`.trim() : `Executed ${r.toolSlug}`;
  return {
    id: r.id,
    timestamp: r.createdAt.toISOString(),
    type: r.kind === 'proxy' ? 'tool.proxy_execution' : 'tool.execution',
    status: r.status,
    level: failed ? ('error' as const) : ('info' as const),
    message: failed ? `${what} failed: ${r.error ?? 'error'}` : what,
    metadata: {
      kind: r.kind,
      tool_slug: r.toolSlug,
      toolkit_slug: r.toolkitSlug,
      toolkit_version: r.toolkitVersion,
      user_id: r.userId,
      connected_account_id: r.connectedAccountId,
      auth_config_id: r.authConfigId,
      session_id: r.sessionId,
      request_id: r.requestId,
      http_status: r.httpStatus,
      method: r.method,
      endpoint: r.endpoint,
      source: r.source,
      error: r.error,
    },
    metrics: { duration_ms: r.durationMs, request_bytes: r.requestBytes, response_bytes: r.responseBytes },
    parent: null,
  };
}

export async function searchToolExecutionLogs(rt: Runtime, projectId: string, body: LogSearchBody) {
  await flushToolLogs();
  const limit = body.limit ?? 20;
  const where: SQL[] = [eq(toolLogs.projectId, projectId)];
  for (const f of body.filters ?? []) where.push(condition(f));
  if (body.time_range) {
    where.push(gte(toolLogs.createdAt, new Date(body.time_range.from)));
    where.push(lt(toolLogs.createdAt, new Date(body.time_range.to)));
  }
  if (body.cursor) {
    const [t, id] = decode(body.cursor);
    where.push(or(lt(toolLogs.createdAt, t), and(eq(toolLogs.createdAt, t), lt(toolLogs.id, id)))!);
  }
  const rows = await rt.db
    .select()
    .from(toolLogs)
    .where(and(...where))
    .orderBy(desc(toolLogs.createdAt), desc(toolLogs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    logs: page.map(entry),
    next_cursor: rows.length > limit ? encode(page[page.length - 1]!) : null,
  };
}

export async function getToolExecutionLog(rt: Runtime, projectId: string, id: string) {
  await flushToolLogs();
  const [r] = await rt.db
    .select()
    .from(toolLogs)
    .where(and(eq(toolLogs.id, id), eq(toolLogs.projectId, projectId)))
    .limit(1);
  if (!r) throw errors.notFound('Tool execution log', id.slice(0, 100), 'ToolLog_NotFound', 1250);
  const end = r.createdAt.getTime();
  return {
    ...entry(r),
    timings: { start_time: end - r.durationMs, end_time: end },
    context: {
      ...(r.sessionId ? { session_id: r.sessionId } : {}),
      ...(r.requestId ? { request_id: r.requestId } : {}),
    },
    source: { host: r.source === 'session' ? 'tool_router' : r.source },
    data: {
      request: { method: r.method, endpoint: r.endpoint, bytes: r.requestBytes },
      response: { http_status: r.httpStatus, bytes: r.responseBytes, error: r.error },
      // arguments and response bodies are never stored: they may hold the end user's data and secrets
      payloads_retained: false,
    },
  };
}
