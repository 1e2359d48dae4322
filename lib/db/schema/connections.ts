import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

export const authConfigs = pgTable(
  'auth_configs',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    uuid: uuid().notNull().defaultRandom(),
    toolkitSlug: text().notNull(),
    name: text().notNull(),
    /** 'default' = service managed, 'custom' = the project's own credentials */
    type: text().$type<'default' | 'custom'>().notNull(),
    authScheme: text().notNull(),
    status: text().$type<'ENABLED' | 'DISABLED'>().notNull().default('ENABLED'),
    /** client_id, client_secret, URL overrides … encrypted as one JSON envelope */
    credentialsEnc: text(),
    sharedCredentialsEnc: text(),
    scopes: jsonb().$type<string[]>().notNull().default([]),
    userScopes: jsonb().$type<string[]>().notNull().default([]),
    toolAccessConfig: jsonb()
      .$type<{ tools_available_for_execution?: string[]; tools_for_connected_account_creation?: string[] }>()
      .notNull()
      .default({}),
    restrictToFollowingTools: jsonb().$type<string[]>().notNull().default([]),
    isEnabledForToolRouter: boolean().notNull().default(true),
    proxyConfig: jsonb().$type<{ proxy_url: string; proxy_auth_key?: string } | null>(),
    /** proxy_config.proxy_auth_key, encrypted; proxyConfig itself keeps only the URL */
    proxyAuthKeyEnc: text(),
    createdBy: text(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    deletedAt: ts(),
  },
  (t) => [index('auth_configs_project_idx').on(t.projectId, t.createdAt).where(sql`${t.deletedAt} is null`)],
);

export const connectedAccounts = pgTable(
  'connected_accounts',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    uuid: uuid().notNull().defaultRandom(),
    authConfigId: text()
      .notNull()
      .references(() => authConfigs.id),
    toolkitSlug: text().notNull(),
    userId: text().notNull(),
    alias: text(),
    wordId: text(),
    authScheme: text().notNull(),
    status: text().notNull(),
    statusReason: text(),
    isDisabled: boolean().notNull().default(false),
    /** state.val without `status`, encrypted as one JSON envelope: every value there may be a secret */
    stateEnc: text(),
    /** initialization data (callback_url, connection_data given at creation); never secrets */
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    labels: jsonb().$type<string[]>().notNull().default([]),
    /** access-token expiry, kept in clear so the refresher can find due accounts */
    tokenExpiresAt: ts(),
    authFailures: integer().notNull().default(0),
    /**
     * Token-refresh lease: a process claims it (UPDATE … WHERE it is free or lapsed) before asking
     * the provider, outside any transaction, and writes the result only while it still holds it.
     */
    refreshingUntil: ts(),
    refreshLeaseId: text(),
    testRequestEndpoint: text(),
    lastUsedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
    deletedAt: ts(),
  },
  (t) => [
    index('connected_accounts_project_idx').on(t.projectId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('connected_accounts_user_idx').on(t.projectId, t.userId, t.toolkitSlug).where(sql`${t.deletedAt} is null`),
    index('connected_accounts_auth_config_idx').on(t.authConfigId),
  ],
);

/** Timeline of status changes, shown on the dashboard and kept for audit. */
export const connectedAccountEvents = pgTable(
  'connected_account_events',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    connectedAccountId: text()
      .notNull()
      .references(() => connectedAccounts.id),
    fromStatus: text(),
    toStatus: text().notNull(),
    reason: text(),
    actor: text().notNull().default('system'),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('ca_events_account_idx').on(t.connectedAccountId, t.createdAt)],
);

/**
 * Transactional outbox: one row per domain event (composio.connected_account.expired,
 * composio.trigger.message …), written in the same transaction as the change causing it.
 * Delivery to the project's webhook subscription reads from here.
 */
export const events = pgTable(
  'events',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('events_project_idx').on(t.projectId, t.createdAt), index('events_created_idx').on(t.createdAt)],
);
