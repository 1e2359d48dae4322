import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A tool router session: one end user, a filtered view of the catalog and a handful of meta tools.
 * `config` is the session configuration as the API returns it (`enabled`/`disabled` naming);
 * `experimental` keeps the custom tools/toolkits (with their prefixed slugs) given at creation.
 */
export const toolRouterSessions = pgTable(
  'tool_router_sessions',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    userId: text().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull(),
    experimental: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    configVersion: integer().notNull().default(1),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [index('tool_router_sessions_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * Earlier configurations of a session: every successful update archives the config it replaces,
 * with the version it had and the time it was superseded (`GET …/config_history`).
 */
export const toolRouterSessionConfigs = pgTable(
  'tool_router_session_configs',
  {
    sessionId: text()
      .notNull()
      .references(() => toolRouterSessions.id, { onDelete: 'cascade' }),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    version: integer().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull(),
    supersededAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.version] })],
);
