import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Webhook endpoints ("Triggers V2"): one inbound address per (project, toolkit, OAuth client id), with
 * the setup fields (signing secrets, app tokens) the provider's requests are verified against. Setup
 * values are encrypted at rest; a handshake that sets a secret (Asana's X-Hook-Secret) writes it here
 * once, and `verified_at` then refuses any later handshake.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    toolkitSlug: text().notNull(),
    clientId: text().notNull(),
    /** encrypted JSON of the setup fields ({ field: value }) */
    dataEnc: text(),
    verifiedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_endpoints_identity').on(t.projectId, t.toolkitSlug, t.clientId),
    index('webhook_endpoints_project').on(t.projectId, t.createdAt),
  ],
);
