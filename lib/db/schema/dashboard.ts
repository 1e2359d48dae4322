import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The dashboard's own storage: its admins, the v3 API connections it drives (keys encrypted
 * with the keyring), the sign-in throttle. Its audit trail lives in the service's audit_log. Nothing here is service data.
 */
const ts = () => timestamp({ withTimezone: true, mode: 'date' });

export const dashboardAdmins = pgTable('dashboard_admins', {
  id: text().primaryKey(),
  email: text().notNull().unique(),
  /** `scrypt$N$r$p$salt$hash` (base64url) */
  passwordHash: text(),
  createdAt: ts().notNull().defaultNow(),
  lastSignInAt: ts(),
});

/**
 * Signed-out sessions. Sessions are JWTs in a cookie; each carries a random `sid`, and a signed-out
 * one is refused until its cookie would have expired anyway, so a copy of the cookie (or one a
 * request in flight set again) opens nothing.
 */
export const dashboardRevokedSessions = pgTable(
  'dashboard_revoked_sessions',
  {
    sid: text().primaryKey(),
    expiresAt: ts().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

export const dashboardConnections = pgTable('dashboard_connections', {
  id: text().primaryKey(),
  name: text().notNull(),
  baseUrl: text().notNull(),
  apiKeyEnc: text().notNull(),
  keyHint: text().notNull(),
  /** optional organization key (x-org-api-key) for org-level pages: key management, audit log */
  orgKeyEnc: text(),
  orgKeyHint: text(),
  isDefault: boolean().notNull().default(false),
  createdAt: ts().notNull().defaultNow(),
});

export const dashboardSignInThrottle = pgTable('dashboard_sign_in_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: ts().notNull().defaultNow(),
  lockedUntil: ts(),
});
