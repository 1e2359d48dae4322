import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Palette } from '../../contract/branding';
import { projects } from './tenancy';

/**
 * A project's Connect Link branding (lib/services/branding). One row per project, made on first
 * save; no row means the defaults. The app title is not here: it is the project config's
 * `display_name`, so the hosted config API and this one agree.
 */
export const projectBranding = pgTable(
  'project_branding',
  {
    projectId: text()
      .primaryKey()
      .references(() => projects.id),
    theme: text().$type<'light' | 'dark' | 'system'>().notNull().default('system'),
    cornerRadius: text().$type<'none' | 'small' | 'medium' | 'large'>().notNull().default('medium'),
    /** colours set per scheme; missing ones fall back to the defaults in lib/contract/branding.ts */
    palettes: jsonb().$type<{ light?: Partial<Palette>; dark?: Partial<Palette> }>().notNull().default({}),
    /** end-user texts the project replaced; missing ones use the defaults */
    texts: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** random id in the logo's public address: a new upload gets a new address, so it may be cached forever */
    logoId: text(),
    logoType: text(),
    /** the checked image bytes, base64 (≤ 1 MB decoded) */
    logoData: text(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_branding_logo_idx').on(t.logoId)],
);
