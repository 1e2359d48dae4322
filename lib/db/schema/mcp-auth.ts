import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Junction as an OAuth 2.1 authorization server for MCP clients.
 *
 * Clients are instance-wide (a client registers before anyone knows which project it will act
 * on); a grant is what a project's admin approved: one client, one user id, one MCP URL. Every
 * token belongs to one grant, so revoking a grant (or detecting a replayed refresh token) ends
 * the whole family at once. Tokens, codes and client secrets are kept only as SHA-256 hashes.
 */
export const mcpOauthClients = pgTable('mcp_oauth_clients', {
  /** `mcpc_…` for registered clients; the https URL itself for client ID metadata documents */
  id: text().primaryKey(),
  kind: text().$type<'registered' | 'metadata_document'>().notNull(),
  name: text(),
  secretHash: text(),
  tokenEndpointAuthMethod: text().notNull(),
  redirectUris: jsonb().$type<string[]>().notNull(),
  /** the rest of the client metadata (client_uri, logo_uri, grant_types, …) as registered or fetched */
  metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
});

/** An authorization request waiting for consent, then (approved) its one-time code. */
export const mcpOauthRequests = pgTable(
  'mcp_oauth_requests',
  {
    id: text().primaryKey(),
    clientId: text()
      .notNull()
      .references(() => mcpOauthClients.id, { onDelete: 'cascade' }),
    redirectUri: text().notNull(),
    codeChallenge: text().notNull(),
    state: text(),
    scope: text().notNull(),
    resource: text().notNull(),
    expiresAt: ts().notNull(),
    grantId: text(),
    codeHash: text().unique(),
    codeUsedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('mcp_oauth_requests_expires_idx').on(t.expiresAt)],
);

/** An authorized client: what the admin approved, and when the client last used it. */
export const mcpOauthGrants = pgTable(
  'mcp_oauth_grants',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    clientId: text()
      .notNull()
      .references(() => mcpOauthClients.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    resource: text().notNull(),
    scope: text().notNull(),
    approvedBy: text(),
    createdAt: ts().notNull().defaultNow(),
    lastUsedAt: ts(),
    revokedAt: ts(),
  },
  (t) => [index('mcp_oauth_grants_project_idx').on(t.projectId, t.createdAt)],
);

export const mcpOauthTokens = pgTable(
  'mcp_oauth_tokens',
  {
    tokenHash: text().primaryKey(),
    kind: text().$type<'access' | 'refresh'>().notNull(),
    grantId: text()
      .notNull()
      .references(() => mcpOauthGrants.id, { onDelete: 'cascade' }),
    expiresAt: ts().notNull(),
    /** refresh tokens: set when exchanged; presenting it again is a replay */
    rotatedAt: ts(),
    revokedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('mcp_oauth_tokens_grant_idx').on(t.grantId), index('mcp_oauth_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * An approval link for end-user consent (services/mcp-auth/consent-links.ts): one MCP URL, so one
 * project and one user, until it expires or is revoked. The link itself is a signed token naming
 * this row; only the row says whether it still works, so the token is never stored.
 */
export const mcpConsentLinks = pgTable(
  'mcp_consent_links',
  {
    /** `mcpl_…` */
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    userId: text().notNull(),
    resource: text().notNull(),
    expiresAt: ts().notNull(),
    createdAt: ts().notNull().defaultNow(),
    /** first time a browser opened the link */
    openedAt: ts(),
    /** last time a client was approved through the link */
    lastUsedAt: ts(),
    revokedAt: ts(),
  },
  (t) => [
    index('mcp_consent_links_project_idx').on(t.projectId, t.createdAt),
    index('mcp_consent_links_expires_idx').on(t.expiresAt),
  ],
);
