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

export const errors = {
  validation: (message: string, errs?: string[], suggested_fix?: string) =>
    new ApiError(400, 1000, 'Request_ValidationError', message, { errors: errs, suggested_fix }),
  invalidId: (what: string, value: string) =>
    new ApiError(400, 1001, 'Request_InvalidId', `Invalid ${what} id: "${value.slice(0, 80)}"`, {
      suggested_fix: `Pass an id returned by the API for this ${what}.`,
    }),
  badRequest: (message: string, slug = 'Request_BadRequest', suggested_fix?: string) =>
    new ApiError(400, 1002, slug, message, { suggested_fix }),
  unauthorized: (message = 'Missing or invalid API key') =>
    new ApiError(401, 1100, 'Auth_Unauthorized', message, {
      suggested_fix: 'Send a valid project key in the x-api-key header.',
    }),
  forbidden: (message = 'This key may not access this resource') =>
    new ApiError(403, 1101, 'Auth_Forbidden', message),
  notFound: (what: string, id?: string, slug = 'Resource_NotFound', code = 1200) =>
    new ApiError(404, code, slug, id ? `${what} ${id} not found` : `${what} not found`),
  routeNotFound: (method: string, path: string) =>
    new ApiError(404, 1201, 'Route_NotFound', `No route for ${method} ${path}`, {
      suggested_fix: 'See /api/v3/openapi.json for the available operations.',
    }),
  methodNotAllowed: (method: string, path: string, allowed: string[]) =>
    new ApiError(405, 1202, 'Route_MethodNotAllowed', `${method} is not allowed on ${path}`, {
      headers: { allow: allowed.join(', ') },
    }),
  conflict: (message: string, slug = 'Resource_Conflict') => new ApiError(409, 1409, slug, message),
  notImplemented: (message: string, suggested_fix?: string) =>
    new ApiError(501, 1501, 'Operation_NotSupported', message, { suggested_fix }),
  payloadTooLarge: (limit: number) =>
    new ApiError(413, 1413, 'Request_PayloadTooLarge', `Request body exceeds ${limit} bytes`),
  unsupportedMediaType: () =>
    new ApiError(415, 1415, 'Request_UnsupportedMediaType', 'Request bodies must be JSON (content-type: application/json)'),
  internal: () => new ApiError(500, 1500, 'Internal_ServerError', 'Internal server error'),
};

export function zodIssues(err: ZodError, where: string): string[] {
  return err.issues.map((i) => {
    const p = i.path.length ? `${where}.${i.path.map(String).join('.')}` : where;
    return `${p}: ${i.message}`;
  });
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
