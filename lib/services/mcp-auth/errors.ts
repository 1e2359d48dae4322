/**
 * Errors of the OAuth endpoints. OAuth clients parse RFC 6749's `{error, error_description}`,
 * not the v3 envelope, so these never go through `ApiError`.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'unsupported_token_type';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }

  toJSON() {
    return { error: this.error, error_description: this.description };
  }
}

/** Before the client and its redirect URI are known good, errors are shown, never redirected (RFC 6749 §4.1.2.1). */
export class AuthorizePageError extends OAuthError {}
