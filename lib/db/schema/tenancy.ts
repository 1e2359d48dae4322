import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { KeyPermissions } from '../../contract/key-permissions';

const now = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: text().primaryKey(),
  name: text().notNull(),
  createdAt: now(),
});

export const projects = pgTable(
  'projects',
  {
    id: text().primaryKey(),
    orgId: text()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    /** project config: mask_secret_keys_in_connected_account, display_name, logo_url … */
    settings: jsonb().$type<ProjectSettings>().notNull().default({}),
    createdAt: now(),
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('projects_org_idx').on(t.orgId)],
);

export interface ProjectSettings {
  mask_secret_keys_in_connected_account?: boolean;
  display_name?: string;
  logo_url?: string;
  /** toolkit slug → upstream base URL for this project's tool calls (lib/services/tools/base-override.ts) */
  toolkit_base_urls?: Record<string, string>;
  /** OAuth callbacks wait for POST /connected_accounts/complete_auth (lib/services/oauth/verification.ts) */
  callback_verifier_url?: string;
  /** keep metadata, drop payloads (lib/services/tenancy/retention.ts) */
  zero_data_retention?: boolean;
}

export const members = pgTable(
  'members',
  {
    id: text().primaryKey(),
    orgId: text()
      .notNull()
      .references(() => organizations.id),
    email: text().notNull(),
    role: text().notNull().default('member'), // owner | member
    createdAt: now(),
  },
  (t) => [uniqueIndex('members_org_email_idx').on(t.orgId, t.email)],
);

/**
 * Every kind of key in one table: project keys (x-api-key), member keys (x-user-api-key)
 * and org owner keys (x-org-api-key). Only the SHA-256 of the key is kept.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text().primaryKey(),
    kind: text().$type<'project' | 'user' | 'org'>().notNull(),
    orgId: text()
      .notNull()
      .references(() => organizations.id),
    projectId: text().references(() => projects.id),
    memberId: text().references(() => members.id),
    name: text().notNull().default('default'),
    keyHash: text().notNull(),
    hint: text().notNull(),
    createdAt: now(),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** a scoped key's access per area (lib/contract/key-permissions.ts); null: full access */
    permissions: jsonb().$type<KeyPermissions>(),
    /** addresses and CIDR ranges the key may be used from; null: anywhere */
    allowedIps: jsonb().$type<string[]>(),
    /** past this the key is refused; null: never expires */
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
    index('api_keys_project_idx').on(t.projectId).where(sql`${t.revokedAt} is null`),
  ],
);

/** Instance-wide settings (bootstrap done, generated secrets' key ids …). */
export const instanceSettings = pgTable('instance_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: now(),
});
