import { z } from 'zod';

export const AUTH_SCHEMES = [
  'OAUTH2',
  'OAUTH1',
  'API_KEY',
  'BASIC',
  'BILLCOM_AUTH',
  'BEARER_TOKEN',
  'GOOGLE_SERVICE_ACCOUNT',
  'NO_AUTH',
  'BASIC_WITH_JWT',
  'CALCOM_AUTH',
  'SERVICE_ACCOUNT',
  'SAML',
  'DCR_OAUTH',
  'S2S_OAUTH2',
] as const;
export const AuthScheme = z.enum(AUTH_SCHEMES);
export type AuthScheme = z.infer<typeof AuthScheme>;

export const CONNECTION_STATUSES = [
  'INITIALIZING',
  'INITIATED',
  'ACTIVE',
  'FAILED',
  'EXPIRED',
  'INACTIVE',
  'REVOKED',
] as const;
export const ConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** The exact `status_reason` texts (the SDK and users match on them). */
export const STATUS_REASONS = {
  initiationTimeout: 'Connection initiation did not complete within 10 minutes',
  permanentRefreshError: 'Permanent auth error during token refresh',
  maxAuthFailures: 'Max auth failures reached',
  oauthCallbackFailed: 'OAuth callback failed during token exchange',
  userUpdated: 'Connection status updated by the user',
  authConfigDisabled: 'Auth config is disabled',
  userRevoked: 'Revoked via user-initiated revoke endpoint',
  /** complete_auth named a user other than the account's owner */
  identityVerificationFailed: 'IDENTITY_VERIFICATION_FAILED',
} as const;

export const ListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    next_cursor: z.string().nullable().optional(),
    total_pages: z.number().int(),
    current_page: z.number().int(),
    total_items: z.number().int(),
  });

export const ErrorEnvelope = z.object({
  error: z.object({
    message: z.string(),
    code: z.number(),
    slug: z.string(),
    status: z.number(),
    request_id: z.string().optional(),
    suggested_fix: z.string().optional(),
    errors: z.array(z.string()).optional(),
  }),
});

export const Success = z.object({ success: z.boolean() });

/** `{authScheme, val:{status, …}}`: the connection-state union, loosely typed here and checked per scheme by services. */
export const ConnectionState = z.object({
  authScheme: AuthScheme,
  val: z.looseObject({ status: ConnectionStatus }),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const cursorQuery = {
  cursor: z.string().optional(),
};
