import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ApiError, errors, toEnvelope, zodIssues, namedError } from '../contract/errors';
import { CursorError, parseQuery } from '../contract/query';
import { authenticate, type AuthContext, type AuthMode } from './auth';
import { noteAuthFailure, refuseIfBlocked } from './auth-failures';
import { IP_LIMITED_ROUTES, limitIp, limitKey, rateLimited, rateLimitHeaders } from './rate-limit';
import { CLIENT_IP_HEADER } from '../net/client-ip';
import { checkKeyPermission, routePermission, type RoutePermission } from './key-permissions';
import { log } from '../log';
import { getRuntime, type Runtime } from '../runtime';
import { isDatabaseUnavailable } from '../net/database-unreachable';
import type { ApiVersion } from '../contract/api-version';

export type { ApiVersion } from '../contract/api-version';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an adapter (node:http or a Next.js route handler) hands the router. */
export interface ApiRequest {
  method: string;
  /** path below the API prefix, e.g. `/connected_accounts/ca_x` */
  path: string;
  search: URLSearchParams;
  header(name: string): string | undefined;
  /** the raw body; read lazily so GETs never wait on it */
  body(): Promise<Buffer>;
  /** full URL as the client saw it (for links and redirects) */
  url: string;
  /** only for `raw` routes: the request as a Web Request */
  toWebRequest(): Promise<Request>;
  /** the most body bytes to read, set by the router from the matched route once its caller is known */
  maxBody?: number;
  /** the matched route's path template, set by the router (a metrics label) */
  route?: string;
  /** set by the router for the request log: the request id it answered with, and the caller once known */
  requestId?: string;
  projectId?: string;
  keyHint?: string;
  /** `/api/v3.1` or `/api/v3` (the default), as the adapter saw the prefix */
  apiVersion?: ApiVersion;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** a streamed Web Response from a raw route */
  web?: Response;
}

export interface Ctx<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  auth: AuthContext;
  requestId: string;
  req: ApiRequest;
  rt: Runtime;
  /** the prefix the call came in under; see ApiVersion */
  apiVersion: ApiVersion;
}

/** Handlers may return a plain value (JSON at the route's status) or take over the response. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
  static redirect(location: string, status = 302) {
    return new Reply(status, undefined, { location });
  }
  static html(html: string, status = 200) {
    return new Reply(status, html, { 'content-type': 'text/html; charset=utf-8' });
  }
}

export interface RouteDef<P = any, Q = any, B = any, R = any> {
  method: Method;
  path: string; // '/connected_accounts/{nanoid}'
  summary: string;
  tag: string;
  auth: AuthMode;
  /** extension endpoints of ours, marked in the OpenAPI document */
  extension?: boolean;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response?: z.ZodType<R>;
  status?: number;
  /** a request that cannot be retried safely: failures carry `x-should-retry: false` */
  noRetry?: boolean;
  /** body cap in bytes (default MAX_BODY); past it: 413, reading stops and the connection closes */
  maxBody?: number;
  /** unauthenticated route limited per client address (default: listed in IP_LIMITED_ROUTES) */
  ipLimit?: boolean;
  handler?: (ctx: Ctx<P, Q, B>) => Promise<R | Reply> | R | Reply;
  /** for protocols that need the Web Request/Response (MCP over streamable HTTP) */
  raw?: (req: Request, ctx: Ctx<P, Q, undefined>) => Promise<Response>;
}

export function route<P, Q, B, R>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

interface Compiled {
  def: RouteDef;
  segments: string[];
  paramNames: (string | null)[];
  /** static segments sort first: `/tools/enum` wins over `/tools/{slug}` */
  rank: string;
  /** what a scoped project key needs to call it, derived from the path (lib/api/key-permissions.ts) */
  permission: RoutePermission | null;
}

/** Default request body cap; routes set their own (larger for file uploads, small for public forms). */
export const MAX_BODY = 10 * 1024 * 1024;

export class Router {
  private readonly byLength = new Map<number, Compiled[]>();
  readonly routes: RouteDef[] = [];

  constructor(defs: RouteDef[]) {
    for (const def of defs) this.add(def);
  }

  add(def: RouteDef) {
    this.routes.push(def);
    const segments = def.path.split('/').filter(Boolean);
    const c: Compiled = {
      def,
      segments,
      paramNames: segments.map((s) => (s.startsWith('{') ? s.slice(1, -1) : null)),
      rank: segments.map((s) => (s.startsWith('{') ? '1' : '0')).join(''),
      permission: def.auth === 'project' ? routePermission(def.method, def.path) : null,
    };
    const list = this.byLength.get(segments.length) ?? [];
    list.push(c);
    list.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
    this.byLength.set(segments.length, list);
  }

  match(method: string, path: string): { route?: Compiled; params: Record<string, string>; allowed: string[] } {
    const parts = path.split('/').filter(Boolean);
    const candidates = this.byLength.get(parts.length) ?? [];
    const allowed: string[] = [];
    for (const c of candidates) {
      // static segments first: most candidates fail there, before any parameter is decoded
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        if (c.paramNames[i] === null && c.segments[i] !== parts[i]) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < parts.length; i++) {
        const name = c.paramNames[i];
        if (!name) continue;
        try {
          params[name] = decodeURIComponent(parts[i]!);
        } catch {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (c.def.method === method) return { route: c, params, allowed };
      allowed.push(c.def.method);
    }
    return { params: {}, allowed };
  }

  async handle(req: ApiRequest): Promise<ApiResponse> {
    // Rate-limit headers go on every answer to a keyed request, errors included.
    const extra: Record<string, string> = {};
    const out = await this.dispatch(req, extra);
    for (const k in extra) out.headers[k] ??= extra[k]!;
    return out;
  }

  private async dispatch(req: ApiRequest, extra: Record<string, string>): Promise<ApiResponse> {
    const requestId = req.header('x-request-id')?.slice(0, 100) || `req_${randomUUID().replaceAll('-', '')}`;
    req.requestId = requestId;
    let noRetry = false;
    try {
      const rt = await getRuntime();
      const method = req.method.toUpperCase();
      const { route: c, params, allowed } = this.match(method === 'HEAD' ? 'GET' : method, req.path);
      if (!c) {
        if (allowed.length) throw errors.methodNotAllowed(method, req.path, allowed);
        throw errors.routeNotFound(method, req.path);
      }
      const def = c.def;
      req.route = def.path;
      noRetry = !!def.noRetry;
      const auth =
        def.auth === 'none' ? await authenticate(rt, def.auth, req) : await authenticateLimited(rt, def.auth, req);
      checkKeyPermission(auth.permissions, c.permission, def.method, def.path);
      req.maxBody = def.maxBody ?? MAX_BODY;
      if (auth.projectId) req.projectId = auth.projectId;
      if (auth.keyHint) req.keyHint = auth.keyHint;
      // Limits before anything else is read or done: the body, the handler.
      if (def.auth === 'none') {
        if (def.ipLimit ?? IP_LIMITED_ROUTES.has(def.path)) {
          const d = await limitIp(rt, req.header(CLIENT_IP_HEADER) ?? 'unknown');
          if (!d.ok) throw rateLimited(d, 'ip');
        }
      } else {
        const d = await limitKey(rt, auth.keyId);
        if (d) {
          Object.assign(extra, rateLimitHeaders(d));
          if (!d.ok) throw rateLimited(d, 'key');
        }
      }
      const parsedParams = def.params ? parse(def.params, params, 'path') : params;
      const parsedQuery = def.query ? parse(def.query, parseQuery(req.search), 'query') : {};
      if (def.raw) {
        const web = await def.raw(await req.toWebRequest(), {
          params: parsedParams,
          query: parsedQuery,
          body: undefined,
          auth,
          requestId,
          req,
          rt,
          apiVersion: req.apiVersion ?? 'v3',
        });
        return { status: web.status, headers: { 'x-request-id': requestId }, web };
      }
      let body: unknown;
      if (def.body) body = parse(def.body, await readJson(req), 'body');
      const result = await def.handler!({
        params: parsedParams,
        query: parsedQuery,
        body,
        auth,
        requestId,
        req,
        rt,
        apiVersion: req.apiVersion ?? 'v3',
      });
      if (result instanceof Reply) {
        const headers: Record<string, string> = { 'x-request-id': requestId, ...result.headers };
        if (result.body === undefined) return { status: result.status, headers };
        if (typeof result.body === 'string' || Buffer.isBuffer(result.body))
          return { status: result.status, headers, body: result.body };
        headers['content-type'] ??= 'application/json';
        return { status: result.status, headers, body: JSON.stringify(result.body) };
      }
      if (def.response && rt.config.validateResponses) {
        const check = def.response.safeParse(result);
        if (!check.success) {
          log.error(
            { path: def.path, issues: zodIssues(check.error, 'response') },
            'response does not match the contract',
          );
          throw namedError(
            'Contract_ResponseMismatch',
            `Response of ${def.method} ${def.path} does not match the contract`,
            {
              errors: zodIssues(check.error, 'response'),
            },
          );
        }
      }
      return {
        status: def.status ?? 200,
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify(result ?? null),
      };
    } catch (err) {
      return errorResponse(err, requestId, noRetry);
    }
  }
}

export function errorResponse(err: unknown, requestId: string, noRetry = false): ApiResponse {
  let apiErr: ApiError;
  if (err instanceof ApiError) apiErr = err;
  else if (err instanceof CursorError)
    apiErr = errors.validation('Invalid cursor', ['query.cursor: not a cursor returned by this API']);
  else if (isDatabaseUnavailable(err)) {
    // PostgreSQL restarting or unreachable: the caller may retry, soon (the pool reconnects by itself)
    log.warn({ err, requestId }, 'database unavailable');
    apiErr = namedError('Database_Unavailable', 'The database is unavailable; retry shortly', {
      headers: { 'retry-after': '2' },
    });
  } else {
    log.error({ err, requestId }, 'unhandled error');
    apiErr = errors.internal();
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-request-id': requestId,
    ...(apiErr.extra.headers ?? {}),
  };
  if (noRetry && apiErr.status >= 500) headers['x-should-retry'] = 'false';
  return { status: apiErr.status, headers, body: JSON.stringify(toEnvelope(apiErr, requestId)) };
}

function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const list = zodIssues(r.error, where);
  throw errors.validation(`Invalid request ${where}: ${list[0]}`, list);
}

/** A keyed route's caller; failures count against the client's address (lib/api/auth-failures.ts). */
async function authenticateLimited(rt: Runtime, mode: AuthMode, req: ApiRequest): Promise<AuthContext> {
  refuseIfBlocked(rt, req, [req.header('x-api-key'), req.header('x-user-api-key'), req.header('x-org-api-key')]);
  try {
    return await authenticate(rt, mode, req);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) throw (await noteAuthFailure(rt, req)) ?? err;
    throw err;
  }
}

async function readJson(req: ApiRequest): Promise<unknown> {
  const buf = await req.body();
  if (buf.length === 0) return {};
  const type = req.header('content-type') ?? 'application/json';
  if (!/json/i.test(type) && !/text\/plain/i.test(type)) throw errors.unsupportedMediaType();
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    throw errors.validation('Request body is not valid JSON', ['body: invalid JSON']);
  }
}
