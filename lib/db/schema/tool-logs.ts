import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

/**
 * One row per tool execution / proxy call. Never holds secrets: no headers, no arguments,
 * no response bodies; the endpoint is kept without its query string.
 */
export const toolLogs = pgTable(
  'tool_logs',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    /** 'execute' | 'proxy' */
    kind: text().$type<'execute' | 'proxy'>().notNull(),
    toolSlug: text(),
    toolkitSlug: text(),
    toolkitVersion: text(),
    connectedAccountId: text(),
    userId: text(),
    /** 'success' | 'failed' */
    status: text().$type<'success' | 'failed'>().notNull(),
    /** upstream HTTP status; null when no response (timeout, refused, validation) */
    httpStatus: integer(),
    method: text(),
    /** scheme://host/path without the query string */
    endpoint: text(),
    durationMs: integer().notNull(),
    requestBytes: integer().notNull().default(0),
    responseBytes: integer().notNull().default(0),
    /** short error text (upstream message or our reason) */
    error: text(),
    /** execute|proxy caller: 'api' | 'session' … */
    source: text().notNull().default('api'),
    /** the auth config of the account used; the tool router session and the API request that made the call */
    authConfigId: text(),
    sessionId: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('tool_logs_project_idx').on(t.projectId, t.createdAt),
    index('tool_logs_account_idx').on(t.projectId, t.connectedAccountId, t.createdAt),
    index('tool_logs_session_idx').on(t.projectId, t.sessionId, t.createdAt),
  ],
);
