import type { ZodError } from 'zod';

/**
 * The one error type of the service. Everything that leaves the API as a non-2xx goes
 * through `toEnvelope`, so every error body has the v3 shape
 * `{error:{message, code, slug, status, request_id, suggested_fix?, errors?}}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly slug: string,
    message: string,
    readonly extra: { suggested_fix?: string; errors?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

/**
 * The one table of named errors: each name's numeric code, HTTP status, slug (the name unless given)
 * and the fix to suggest. Services throw these by name (`namedError`) or through the `errors` helpers
 * below; docs/errors.md is generated from this table (`npx tsx scripts/errors-doc.ts`).
 */
export const ERROR_TABLE = {
  Request_ValidationError: { code: 1000, status: 400 },
  Request_InvalidId: { code: 1001, status: 400 },
  Request_BadRequest: { code: 1002, status: 400 },
  Auth_InvalidToken: { code: 1100, status: 401 },
  Auth_Unauthorized: { code: 1100, status: 401, fix: 'Send a valid project key in the x-api-key header.' },
  ApiKey_ProjectKeyCannotManageKeys: { code: 1101, status: 403 },
  Auth_Forbidden: { code: 1101, status: 403 },
  Storage_InvalidSignature: { code: 1102, status: 403 },
  TriggerIngress_InvalidSignature: { code: 1103, status: 401 },
  Resource_NotFound: { code: 1200, status: 404 },
  Route_NotFound: { code: 1201, status: 404, fix: 'See /api/v3/openapi.json for the available operations.' },
  Route_MethodNotAllowed: { code: 1202, status: 405 },
  Resource_Conflict: { code: 1409, status: 409 },
  File_LinkExpired: { code: 1410, status: 410 },
  Request_PayloadTooLarge: { code: 1413, status: 413 },
  Request_UnsupportedMediaType: { code: 1415, status: 415 },
  Request_RateLimited: { code: 1429, status: 429 },
  Internal_ServerError: { code: 1500, status: 500 },
  Operation_NotSupported: { code: 1501, status: 501 },
  Proxy_UpstreamUnreachable: { code: 1502, status: 502 },
  Workbench_Busy: { code: 1503, status: 503 },
  Proxy_UpstreamTimeout: { code: 1504, status: 504 },
  Database_Unavailable: {
    code: 1505,
    status: 503,
    fix: 'The service cannot reach its database (it may be restarting): retry after a few seconds.',
  },
  Contract_ResponseMismatch: { code: 1599, status: 500 },
  ConnectedAccount_NotFound: { code: 1803, status: 400 },
  ConnectedAccount_Inactive: { code: 1804, status: 400 },
  ConnectedAccount_Expired: { code: 1805, status: 400 },
  ConnectedAccount_Disabled: { code: 1806, status: 400 },
  ConnectedAccount_AuthConfigDisabled: { code: 1807, status: 400 },
  ConnectedAccount_NotActive: { code: 1808, status: 400 },
  ConnectedAccount_ToolkitMismatch: { code: 1809, status: 400 },
  ConnectedAccount_NotActiveForToken: { code: 1810, status: 400, slug: 'ConnectedAccount_NotActive' },
  ConnectedAccount_TokenRefreshFailed: { code: 1811, status: 502 },
  ActionExecute_ConnectedAccountEntityIdMismatch: { code: 1812, status: 400 },
  ConnectedAccount_MissingCredentials: { code: 1813, status: 400 },
  Tool_NotAllowedForAuthConfig: { code: 1814, status: 403 },
  TriggerType_NotFound: { code: 1901, status: 400 },
  WebhookIngress_Unverified: { code: 1902, status: 400 },
  Tool_ToolNotFound: { code: 2401, status: 404 },
  ToolRouter_AccountSelectionRequired: { code: 4348, status: 400 },
  ToolRouter_SessionConfigConflict: {
    code: 4350,
    status: 409,
    fix: 'Read the session again (GET /tool_router/session/{id}) and send its config_version as expected_config_version.',
  },
  ConnectedAccount_RevocationNotSupported: {
    code: 1815,
    status: 400,
    fix: 'Delete the connected account instead, and revoke the credential at the provider yourself.',
  },
  ConnectedAccount_NotRevokable: {
    code: 1816,
    status: 409,
    fix: 'Only ACTIVE (or already REVOKED) connected accounts can be revoked.',
  },
  ConnectedAccount_RevocationFailed: { code: 1817, status: 500 },
  ConnectedAccount_CredentialRejected: {
    code: 1818,
    status: 400,
    fix: 'The provider refused the credential at its verification request: send a valid key (or username and password).',
  },
  ConnectedAccount_AclOnlyForShared: {
    code: 1819,
    status: 400,
    fix: 'Create the connection with experimental.account_type SHARED to give it an access list.',
  },
  ConnectedAccount_SharedNotAccessible: {
    code: 1820,
    status: 403,
    fix: "The account's owner can allow this user id with PATCH /api/v3.1/connected_accounts/{id} (experimental.acl_config_for_shared).",
  },
  ToolRouter_SharedConnectionNotAccessible: {
    code: 1821,
    status: 400,
    fix: "Pin a connection the session user owns, or have the shared connection's owner allow this user id.",
  },
  ApiKey_PermissionDenied: { code: 1120, status: 403 },
  ApiKey_IpNotAllowed: {
    code: 1121,
    status: 403,
    fix: "Call from an address on the key's allow-list, or use a key without one.",
  },
  ApiKey_Expired: { code: 1122, status: 401, fix: 'Create a new key; an expired key cannot be renewed.' },
  Auth_MultipleModes: { code: 1123, status: 401, fix: 'Send exactly one of x-api-key, x-user-api-key, x-org-api-key.' },
  Auth_WrongKeyHeader: { code: 1124, status: 401 },
  Auth_ScopeHeaders: { code: 1125, status: 400 },
  CompleteAuth_SessionNotFound: {
    code: 1830,
    status: 404,
    fix: 'Redeem the session_uri your verifier received within 10 minutes, once; otherwise restart the connection.',
  },
  CompleteAuth_IdentityMismatch: { code: 1831, status: 400 },
  CompleteAuth_AuthorizationExpired: { code: 1832, status: 404, fix: 'Restart the connection flow.' },
  CompleteAuth_RealUserRequired: { code: 1833, status: 400 },
  Branding_InsufficientContrast: {
    code: 1840,
    status: 400,
    fix: 'Pick colours that meet WCAG AA (4.5:1 for text, 3:1 for the button edge) in every scheme the theme shows.',
  },
  Branding_UnsupportedImage: {
    code: 1841,
    status: 415,
    fix: 'Upload a square PNG or JPEG between 256×256 and 1024×1024 pixels, at most 1 MB.',
  },
} as const satisfies Record<string, { code: number; status: number; slug?: string; fix?: string }>;

export type ErrorName = keyof typeof ERROR_TABLE;

/** A named error from the table, with this occurrence's message (and headers or field errors). */
export function namedError(name: ErrorName, message: string, extra: ApiError['extra'] = {}): ApiError {
  const e: { code: number; status: number; slug?: string; fix?: string } = ERROR_TABLE[name];
  return new ApiError(e.status, e.code, e.slug ?? name, message, {
    ...(e.fix ? { suggested_fix: e.fix } : {}),
    ...extra,
  });
}

export const errors = {
  validation: (message: string, errs?: string[], suggested_fix?: string) =>
    namedError('Request_ValidationError', message, { errors: errs, suggested_fix }),
  invalidId: (what: string, value: string) =>
    namedError('Request_InvalidId', `Invalid ${what} id: "${value.slice(0, 80)}"`, {
      suggested_fix: `Pass an id returned by the API for this ${what}.`,
    }),
  badRequest: (message: string, slug = 'Request_BadRequest', suggested_fix?: string) =>
    new ApiError(400, 1002, slug, message, { suggested_fix }),
  unauthorized: (message = 'Missing or invalid API key') => namedError('Auth_Unauthorized', message),
  forbidden: (message = 'This key may not access this resource') => namedError('Auth_Forbidden', message),
  notFound: (what: string, id?: string, slug = 'Resource_NotFound', code = 1200) =>
    new ApiError(404, code, slug, id ? `${what} ${id} not found` : `${what} not found`),
  routeNotFound: (method: string, path: string) => namedError('Route_NotFound', `No route for ${method} ${path}`),
  methodNotAllowed: (method: string, path: string, allowed: string[]) =>
    namedError('Route_MethodNotAllowed', `${method} is not allowed on ${path}`, {
      headers: { allow: allowed.join(', ') },
    }),
  conflict: (message: string, slug = 'Resource_Conflict') => new ApiError(409, 1409, slug, message),
  notImplemented: (message: string, suggested_fix?: string) =>
    new ApiError(501, 1501, 'Operation_NotSupported', message, { suggested_fix }),
  payloadTooLarge: (limit: number) => namedError('Request_PayloadTooLarge', `Request body exceeds ${limit} bytes`),
  unsupportedMediaType: () =>
    namedError('Request_UnsupportedMediaType', 'Request bodies must be JSON (content-type: application/json)'),
  internal: () => namedError('Internal_ServerError', 'Internal server error'),
};

export function zodIssues(err: ZodError, where: string): string[] {
  return err.issues.map((i) => {
    const p = i.path.length ? `${where}.${i.path.map(String).join('.')}` : where;
    return `${p}: ${i.message}`;
  });
}

/** Form validation for people: the first message per top-level field (`{email: 'Invalid email'}`). */
export function zodFieldMessages(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of err.issues) fields[String(i.path[0] ?? '')] ??= i.message;
  return fields;
}

export interface ErrorEnvelope {
  error: {
    message: string;
    code: number;
    slug: string;
    status: number;
    request_id: string;
    suggested_fix?: string;
    errors?: string[];
  };
}

export function toEnvelope(err: ApiError, requestId: string): ErrorEnvelope {
  return {
    error: {
      message: err.message,
      code: err.code,
      slug: err.slug,
      status: err.status,
      request_id: requestId,
      ...(err.extra.suggested_fix ? { suggested_fix: err.extra.suggested_fix } : {}),
      ...(err.extra.errors?.length ? { errors: err.extra.errors } : {}),
    },
  };
}
