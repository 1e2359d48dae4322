import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts, toolLogs } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { errors } from '../../contract/errors';
import { log } from '../../log';
import { recordToolExecution } from '../../metrics';

export type ToolLogInsert = typeof toolLogs.$inferInsert;

/**
 * Execution logs and "last used" stamps are written behind the response: queued in memory
 * and flushed in one multi-row insert a few milliseconds later (or when read), so an
 * execution costs no extra database round trip. A crash loses at most the last few ms of logs.
 */
const FLUSH_MS = 50;
/** an account's last_used_at is rewritten at most this often by one process */
const USED_DEBOUNCE_MS = 1000;
const usedWritten = new Map<string, number>();
const MAX_BATCH = 500;
let queue: { rt: Runtime; row: ToolLogInsert }[] = [];
let used = new Map<string, Runtime>();
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

export function newLogId(): string {
  return newId('log');
}

export function enqueueToolLog(rt: Runtime, row: ToolLogInsert) {
  recordToolExecution(
    row.toolkitSlug ?? 'unknown',
    row.status === 'success' ? 'success' : row.httpStatus ? 'upstream_error' : 'error',
  );
  // Stamped now, not at flush: rows flushed together would otherwise share one time, and the log's
  // newest-first order would fall back to their random ids.
  row.createdAt ??= new Date();
  queue.push({ rt, row });
  schedule();
}

export function markAccountUsed(rt: Runtime, accountId: string) {
  const now = Date.now();
  const last = usedWritten.get(accountId);
  if (last !== undefined && now - last < USED_DEBOUNCE_MS) return;
  usedWritten.set(accountId, now);
  if (usedWritten.size > 50_000) usedWritten.clear();
  used.set(accountId, rt);
  schedule();
}

function schedule() {
  if (queue.length >= MAX_BATCH) {
    void flushToolLogs();
    return;
  }
  timer ??= setTimeout(() => {
    timer = undefined;
    void flushToolLogs();
  }, FLUSH_MS);
  timer.unref?.();
}

/*
 * One statement of fixed text with one array per column: building a multi-row VALUES list with the
 * query builder cost more CPU than the execution it logged (18 parameters per row).
 */
const LOG_COLUMNS: [keyof ToolLogInsert, string, string][] = [
  ['id', 'id', 'text'],
  ['projectId', 'project_id', 'text'],
  ['kind', 'kind', 'text'],
  ['toolSlug', 'tool_slug', 'text'],
  ['toolkitSlug', 'toolkit_slug', 'text'],
  ['toolkitVersion', 'toolkit_version', 'text'],
  ['connectedAccountId', 'connected_account_id', 'text'],
  ['userId', 'user_id', 'text'],
  ['status', 'status', 'text'],
  ['httpStatus', 'http_status', 'int'],
  ['method', 'method', 'text'],
  ['endpoint', 'endpoint', 'text'],
  ['durationMs', 'duration_ms', 'int'],
  ['requestBytes', 'request_bytes', 'int'],
  ['responseBytes', 'response_bytes', 'int'],
  ['error', 'error', 'text'],
  ['source', 'source', 'text'],
  ['authConfigId', 'auth_config_id', 'text'],
  ['sessionId', 'session_id', 'text'],
  ['requestId', 'request_id', 'text'],
  ['createdAt', 'created_at', 'timestamptz'],
];
const INSERT_LOGS = `insert into tool_logs (${LOG_COLUMNS.map((c) => c[1]).join(', ')}) select * from unnest(${LOG_COLUMNS.map((c, i) => `$${i + 1}::${c[2]}[]`).join(', ')})`;

async function insertLogs(rt: Runtime, rows: { row: ToolLogInsert }[]) {
  const now = new Date().toISOString();
  const columns = LOG_COLUMNS.map(([key]) =>
    rows.map(({ row }) => {
      const v = row[key];
      if (key === 'createdAt') return v instanceof Date ? v.toISOString() : now;
      if (key === 'requestBytes' || key === 'responseBytes') return v ?? 0;
      if (key === 'source') return v ?? 'api';
      return v ?? null;
    }),
  );
  await rt.database.query(INSERT_LOGS, columns);
}

async function writeBatch() {
  const rows = queue;
  const accounts = used;
  queue = [];
  used = new Map();
  if (rows.length) {
    const rt = rows[0]!.rt;
    for (let i = 0; i < rows.length; i += MAX_BATCH) {
      await insertLogs(rt, rows.slice(i, i + MAX_BATCH)).catch((err) => {
        log.error({ err }, 'writing tool logs failed');
      });
    }
  }
  if (accounts.size) {
    const rt = [...accounts.values()][0]!;
    const ids = [...accounts.keys()];
    await rt.db
      .update(connectedAccounts)
      .set({ lastUsedAt: new Date() })
      .where(inArray(connectedAccounts.id, ids))
      .catch((err) => {
        log.error({ err }, 'updating last_used_at failed');
      });
  }
}

/** Write everything queued so far (reads of the logs call this first). */
export async function flushToolLogs(): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  while (flushing) await flushing;
  if (!queue.length && !used.size) return;
  flushing = writeBatch().finally(() => {
    flushing = undefined;
  });
  await flushing;
}

function view(r: typeof toolLogs.$inferSelect) {
  return {
    id: r.id,
    kind: r.kind,
    tool_slug: r.toolSlug,
    toolkit_slug: r.toolkitSlug,
    toolkit_version: r.toolkitVersion,
    connected_account_id: r.connectedAccountId,
    user_id: r.userId,
    status: r.status,
    http_status: r.httpStatus,
    method: r.method,
    endpoint: r.endpoint,
    duration_ms: r.durationMs,
    request_bytes: r.requestBytes,
    response_bytes: r.responseBytes,
    error: r.error,
    source: r.source,
    created_at: r.createdAt.toISOString(),
  };
}

/** Keyset pagination (newest first): the cursor is the last row's (created_at, id). */
export function encode(r: { createdAt: Date; id: string }) {
  return Buffer.from(JSON.stringify([r.createdAt.toISOString(), r.id])).toString('base64url');
}
export function decode(c: string): [Date, string] {
  try {
    const [t, id] = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as [string, string];
    const d = new Date(t);
    if (typeof id === 'string' && !Number.isNaN(d.getTime())) return [d, id];
  } catch {
    /* fall through */
  }
  throw errors.validation('Invalid cursor', ['query.cursor: not a cursor returned by this API']);
}

export async function listToolLogs(
  rt: Runtime,
  projectId: string,
  q: {
    tool_slug?: string;
    toolkit_slug?: string;
    connected_account_id?: string;
    status?: 'success' | 'failed';
    kind?: 'execute' | 'proxy';
    cursor?: string;
    limit?: number;
  },
) {
  await flushToolLogs();
  const limit = q.limit ?? 50;
  const where: SQL[] = [eq(toolLogs.projectId, projectId)];
  if (q.tool_slug) where.push(eq(toolLogs.toolSlug, q.tool_slug.toUpperCase()));
  if (q.toolkit_slug) where.push(eq(toolLogs.toolkitSlug, q.toolkit_slug.toLowerCase()));
  if (q.connected_account_id) where.push(eq(toolLogs.connectedAccountId, q.connected_account_id));
  if (q.status) where.push(eq(toolLogs.status, q.status));
  if (q.kind) where.push(eq(toolLogs.kind, q.kind));
  const filter = and(...where);
  const page = [...where];
  if (q.cursor) {
    const [t, id] = decode(q.cursor);
    page.push(or(lt(toolLogs.createdAt, t), and(eq(toolLogs.createdAt, t), lt(toolLogs.id, id)))!);
  }
  const [rows, total] = await Promise.all([
    rt.db
      .select()
      .from(toolLogs)
      .where(and(...page))
      .orderBy(desc(toolLogs.createdAt), desc(toolLogs.id))
      .limit(limit + 1),
    rt.db.select({ n: sql<number>`count(*)` }).from(toolLogs).where(filter),
  ]);
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const n = Number(total[0]?.n ?? 0);
  return {
    items: items.map(view),
    next_cursor: more ? encode(items[items.length - 1]!) : null,
    total_pages: Math.max(1, Math.ceil(n / limit)),
    current_page: 1,
    total_items: n,
  };
}

export async function getToolLog(rt: Runtime, projectId: string, id: string) {
  await flushToolLogs();
  const rows = await rt.db
    .select()
    .from(toolLogs)
    .where(and(eq(toolLogs.id, id), eq(toolLogs.projectId, projectId)))
    .limit(1);
  if (!rows[0]) throw errors.notFound('Tool log', id, 'ToolLog_NotFound', 1250);
  return view(rows[0]);
}
