import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { projects } from './tenancy';

/**
 * A project's own toolkits, compiled from an OpenAPI 3.x document it imported. The compiled
 * toolkit and tools are stored (compilation runs once, at import); the document is kept for re-import.
 */
export const customToolkits = pgTable(
  'custom_toolkits',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    slug: text().notNull(),
    name: text().notNull(),
    toolkit: jsonb().$type<ToolkitDef>().notNull(),
    tools: jsonb().$type<ToolDef[]>().notNull(),
    toolsCount: integer().notNull(),
    /** the URL it was imported from, when imported by URL */
    sourceUrl: text(),
    /** the document as given (JSON or YAML text) */
    document: text().notNull(),
    warnings: jsonb().$type<string[]>().notNull().default([]),
    /**
     * 'openapi' (compiled from a document) or 'mcp' (a remote MCP server registered through
     * /custom/toolkits/upsert, or the per-project sync of a provider `*_mcp` catalog toolkit)
     */
    kind: text().notNull().default('openapi'),
    /** MCP toolkits: the dated version of the last successful sync (`20260728_00`), null before the first */
    version: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_toolkits_project_slug_idx').on(t.projectId, t.slug)],
);

/**
 * Every successful sync of an MCP toolkit: the tools it listed, kept per dated version so a
 * caller can pin one while the toolkit's row holds the latest.
 */
export const customToolkitVersions = pgTable(
  'custom_toolkit_versions',
  {
    id: text().primaryKey(),
    toolkitId: text()
      .notNull()
      .references(() => customToolkits.id, { onDelete: 'cascade' }),
    version: text().notNull(),
    tools: jsonb().$type<ToolDef[]>().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_toolkit_versions_toolkit_version_idx').on(t.toolkitId, t.version)],
);
