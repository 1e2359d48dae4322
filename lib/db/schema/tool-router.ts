import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
