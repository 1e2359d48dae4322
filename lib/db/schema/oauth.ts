import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './tenancy';
import { authConfigs, connectedAccounts } from './connections';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A pending redirect flow (OAuth2 authorization code, OAuth1 three-legged). Looked up by the
 * SHA-256 of the `state` parameter (OAuth2) or of the request token (OAuth1): the value itself
 * never touches the database. Single use (`used_at`), expiring (`expires_at`, 10 minutes).
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: text().primaryKey(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    connectedAccountId: text()
      .notNull()
      .references(() => connectedAccounts.id),
    kind: text().$type<'oauth2' | 'oauth1'>().notNull(),
    stateHash: text().notNull(),
    /** encrypted JSON: PKCE code_verifier (OAuth2) or the request token secret (OAuth1) */
    secretEnc: text().notNull(),
    redirectUri: text().notNull(),
    /** where the user goes after the provider (the callback_url given at creation) */
    callbackUrl: text(),
    /** re-authorisation of an account that may still be ACTIVE: failures leave it as it was */
    reauth: boolean().notNull().default(false),
    /**
     * SHA-256 of a random value kept in an HttpOnly cookie of the browser that started the flow on
     * a Connect page; the callback accepts only that browser. Null for API-initiated flows.
     */
    browserBindingHash: text(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    /**
     * Callback identity verification (project setting `callback_verifier_url`): the provider's answer
     * (code or oauth_verifier), encrypted, held until the project's server redeems `session_uri` with
     * POST /connected_accounts/complete_auth. Only the SHA-256 of the session_uri is kept.
     */
    heldEnc: text(),
    completionHash: text(),
    completionExpiresAt: ts(),
    completionUsedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_flows_state_idx').on(t.stateHash),
    uniqueIndex('oauth_flows_completion_idx').on(t.completionHash),
    index('oauth_flows_account_idx').on(t.connectedAccountId),
  ],
);

/** Connect Links: a hosted page for one pending connected account. Only the token's hash is kept. */
export const connectLinks = pgTable(
  'connect_links',
  {
    id: text().primaryKey(),
    tokenHash: text().notNull(),
    projectId: text()
      .notNull()
      .references(() => projects.id),
    connectedAccountId: text()
      .notNull()
      .references(() => connectedAccounts.id),
    authConfigId: text()
      .notNull()
      .references(() => authConfigs.id),
    userId: text().notNull(),
    callbackUrl: text(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('connect_links_token_idx').on(t.tokenHash)],
);
