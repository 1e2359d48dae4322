import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * The project's webhook subscription (at most one live row per project). The signing secret is
 * stored encrypted; after a rotation the previous one stays valid until `previousSecretExpiresAt`
 * so deliveries carry signatures with both.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    webhookUrl: text().notNull(),
    version: text().$type<'V1' | 'V2' | 'V3'>().notNull(),
    enabledEvents: jsonb().$type<string[]>().notNull(),
    secretEnc: text().notNull(),
    previousSecretEnc: text(),
    previousSecretExpiresAt: ts(),
    secretRotatedAt: ts(),
    status: text().$type<'enabled' | 'disabled'>().notNull().default('enabled'),
    disabledReason: text(),
    disabledAt: ts(),
    /** first failed attempt of the current run of failures; null while deliveries succeed */
    failingSince: ts(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    deletedAt: ts(),
  },
  (t) => [uniqueIndex('webhook_subscriptions_project_uq').on(t.projectId).where(sql`${t.deletedAt} is null`)],
);

/**
 * One delivery of one outbox event to one subscription ("message"; its id is the event id and the
 * `webhook-id` header). `seq` names the pg-boss job allowed to work on it: a job whose seq is stale
 * does nothing, so replays, sweeps and job retries never attempt the same step twice.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    subscriptionId: text()
      .notNull()
      .references(() => webhookSubscriptions.id),
    eventType: text().notNull(),
    /** pending (a job is due) · delivering (claimed) · delivered · failed (replayable) · cancelled */
    status: text().$type<'pending' | 'delivering' | 'delivered' | 'failed' | 'cancelled'>().notNull(),
    seq: integer().notNull().default(1),
    claimedBy: text(),
    claimedAt: ts(),
    attemptCount: integer().notNull().default(0),
    /** failed attempts since the schedule (re)started: index into the retry schedule */
    retryStep: integer().notNull().default(0),
    nextAttemptAt: ts(),
    /** payload version and exact body, fixed at the first attempt so retries send the same bytes */
    version: text(),
    body: text(),
    lastStatusCode: integer(),
    lastError: text(),
    deliveredAt: ts(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('webhook_messages_sub_idx').on(t.subscriptionId, t.createdAt),
    index('webhook_messages_open_idx')
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'delivering')`),
    // retention: finished messages by when they finished
    index('webhook_messages_done_idx').on(t.updatedAt).where(sql`${t.status} in ('delivered', 'failed', 'cancelled')`),
  ],
);

/** Every HTTP attempt, for the deliveries view. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text().primaryKey(),
    messageId: text().notNull(),
    subscriptionId: text().notNull(),
    projectId: text().notNull(),
    attempt: integer().notNull(),
    /** scheduled · replay · test */
    trigger: text().notNull(),
    url: text().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    error: text(),
    responseExcerpt: text(),
    meta: jsonb().$type<Record<string, unknown>>(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_message_idx').on(t.messageId, t.attempt)],
);
