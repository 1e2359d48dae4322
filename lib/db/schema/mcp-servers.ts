import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * An MCP server as `composio.mcp` manages it: a named selection of toolkits, auth configs and
 * tools. Each end user reaches it at a URL of their own (`…/mcp/{id}/mcp?user_id=…`).
 * Ids are UUIDs, as the hosted API documents them. Deletion is soft (the API says so).
 */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    name: text().notNull(),
    toolkits: jsonb().$type<string[]>().notNull().default([]),
    authConfigIds: jsonb().$type<string[]>().notNull().default([]),
    /** empty: every tool of the server's toolkits */
    allowedTools: jsonb().$type<string[]>().notNull().default([]),
    /** false: no connection-management tools on the server's MCP endpoint */
    managedAuth: boolean().notNull().default(true),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    deletedAt: ts(),
  },
  (t) => [
    index('mcp_servers_project_idx').on(t.projectId, t.updatedAt).where(sql`${t.deletedAt} is null`),
    uniqueIndex('mcp_servers_project_name_idx').on(t.projectId, t.name).where(sql`${t.deletedAt} is null`),
  ],
);

/** A user of an MCP server (the hosted API calls them instances; `instance_id` is the user id). */
export const mcpServerInstances = pgTable(
  'mcp_server_instances',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    serverId: text()
      .notNull()
      .references(() => mcpServers.id),
    userId: text().notNull(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mcp_server_instances_user_idx').on(t.serverId, t.userId)],
);
