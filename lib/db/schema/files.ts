import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Files staged for file-uploadable tool arguments (`POST /files/upload/request`). The bytes live in
 * object storage under `key`; `uploadedAt` is set once the upload has been received and verified.
 */
export const files = pgTable(
  'files',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    key: text().notNull(),
    filename: text().notNull(),
    md5: text().notNull(),
    mimetype: text().notNull(),
    toolSlug: text().notNull(),
    toolkitSlug: text().notNull(),
    size: integer(),
    uploadedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('files_project_idx').on(t.projectId, t.createdAt), uniqueIndex('files_key_idx').on(t.key)],
);
