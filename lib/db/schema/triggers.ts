import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Trigger instances: one poll or webhook subscription of a connected account.
 * The poll cursor lives here and changes only in the transaction that writes the events it
 * produced (outbox), so a crash repeats no event and skips none.
 */
export const triggerInstances = pgTable(
  'trigger_instances',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    uuid: uuid().notNull().defaultRandom(),
    /** trigger type slug, upper case */
    slug: text().notNull(),
    toolkitSlug: text().notNull(),
    kind: text().$type<'poll' | 'webhook'>().notNull(),
    connectedAccountId: text().notNull(),
    authConfigId: text().notNull(),
    userId: text().notNull(),
    /** trigger_config as given (after schema defaults), without write-only secrets */
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** sha256 of the canonical config incl. secrets: upsert identity with slug + account */
    configHash: text().notNull(),
    version: text().notNull(),
    status: text().$type<'enabled' | 'disabled'>().notNull().default('enabled'),
    disabledAt: ts(),
    disabledBy: text().$type<'user' | 'system'>(),
    disabledReason: text(),
    /** poll state (PollCursor) */
    cursor: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** number of committed polls: a poll whose result is committed must have started from this value */
    pollSeq: integer().notNull().default(0),
    nextPollAt: ts(),
    lastPolledAt: ts(),
    /** a poll in flight holds the lease until it commits (or the lease runs out after a crash) */
    leaseToken: text(),
    leaseUntil: ts(),
    /** consecutive provider failures (backoff) and auth refusals (disable) */
    failures: integer().notNull().default(0),
    authFailures: integer().notNull().default(0),
    /** webhook: how the provider side is set up ({mode, webhook_url, hook_id, events, error}) — no secrets */
    registration: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** webhook: secrets (signing secret, provider hook secret) as one encrypted JSON envelope */
    secretsEnc: text(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    deletedAt: ts(),
  },
  (t) => [
    index('trigger_instances_project_idx').on(t.projectId, t.createdAt).where(sql`${t.deletedAt} is null`),
    uniqueIndex('trigger_instances_identity_idx')
      .on(t.projectId, t.slug, t.connectedAccountId, t.configHash)
      .where(sql`${t.deletedAt} is null`),
    index('trigger_instances_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'enabled' and ${t.kind} = 'poll'`),
    index('trigger_instances_account_idx').on(t.connectedAccountId),
  ],
);

/** Why did (or didn't) a trigger fire: every poll, every inbound delivery, every status change. */
export const triggerLogs = pgTable(
  'trigger_logs',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    triggerId: text().notNull(),
    /** poll | delivery | status */
    kind: text().notNull(),
    /** events_emitted | no_new_items | filtered | primed | provider_error | rate_limited | auth_error | signature_rejected | duplicate | disabled | enabled | registration | error */
    outcome: text().notNull(),
    eventsEmitted: integer().notNull().default(0),
    httpStatus: integer(),
    message: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('trigger_logs_trigger_idx').on(t.triggerId, t.createdAt)],
);

/** Provider delivery ids already turned into events (replays are acknowledged, not re-emitted). */
export const triggerDeliveries = pgTable(
  'trigger_deliveries',
  {
    triggerId: text().notNull(),
    deliveryId: text().notNull(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.triggerId, t.deliveryId] })],
);
