import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Token buckets of the API rate limits, shared by every process on one PostgreSQL. A process
 * reserves a few tokens at a time with one UPDATE … RETURNING (refill folded into the same
 * statement), so most requests never touch this table. `granted` is what the last reservation got.
 * The embedded database (one process) keeps its buckets in memory and leaves this table empty.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  /** `key:<api key id>` or `ip:<address>` */
  key: text().primaryKey(),
  tokens: doublePrecision().notNull(),
  granted: integer().notNull().default(0),
  updatedAt: ts().notNull().defaultNow(),
});

/**
 * Who did what to what, when, from where, and whether it worked: sign-ins, setup, secret reveals,
 * key and webhook-secret changes, auth config and connected account changes. Never holds a secret
 * (actors are named by email or key hint). Kept JUNCTION_AUDIT_RETENTION_DAYS.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text().primaryKey(),
    /** the organization the entry belongs to; dashboard (instance) actions belong to the bootstrap org */
    orgId: text().notNull(),
    projectId: text(),
    /** `admin` (dashboard email), `key` (API key hint), `anonymous` (failed sign-in by email) */
    actorType: text().$type<'admin' | 'key' | 'end_user' | 'anonymous' | 'system'>().notNull(),
    actor: text().notNull(),
    action: text().notNull(),
    target: text(),
    outcome: text().$type<'success' | 'failure'>().notNull(),
    ip: text(),
    /** small non-secret context (reason of a failure, names) */
    detail: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('audit_log_org_idx').on(t.orgId, t.createdAt, t.id), index('audit_log_created_idx').on(t.createdAt)],
);
