import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { ApiError, errors } from '../../api/errors';
import { outboundFetch } from '../../net/outbound';
import { findToolkit } from '../toolkits/resolve';
import { enqueueToolLog, markAccountUsed, newLogId, type ToolLogInsert } from '../logs/tool-logs';
import { accountNotFound, resolveExecAccount, type ExecAccount } from './account';
import { checkVersion, resolveTool } from './catalog';
import { applyCredentials, MissingCredentialError, type CallAuth, type OutRequest } from './credentials';
import {
  baseUrlFor, bodySize, buildToolRequest, fillTemplate, RequestBuildError, sendUpstream, setBody, upstreamMessage,
  type UpstreamFailure, type UpstreamResult,
} from './http';
import { stageBinary } from './binary';
import { freshCredentials, isRefreshable, noteAuthFailure } from './refresh';
import { hasStagedFiles, materializeStagedFiles, withFilePlaceholders } from './files';
import { validateArguments } from './validate';
import { generateToolInput } from './input';

/** `custom_connection_data` (contract §B): credentials given with the call instead of a stored account. */
export interface CustomConnectionData {
  authScheme: string;
  toolkitSlug?: string;
  val: Record<string, unknown>;
}

/** `custom_auth_params`: extra headers/query params (and base URL) for this call. */
export interface CustomAuthParams {
  base_url?: string;
  body?: Record<string, unknown>;
  parameters?: { in: 'query' | 'header'; name: string; value: string | number }[];
}

export interface ExecuteToolInput {
  toolSlug: string;
  arguments?: Record<string, unknown>;
  connectedAccountId?: string;
  userId?: string;
  /** toolkit version ("latest", "20250909_00", …) */
  version?: string;
  customAuthParams?: CustomAuthParams;
  customConnectionData?: CustomConnectionData;
  /** natural-language task instead of arguments */
  text?: string;
}

export interface ExecuteToolResult {
  data: Record<string, unknown>;
  error: string | null;
  successful: boolean;
  log_id: string;
}

export interface ProxyExecuteInput {
  endpoint: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
  parameters?: { name: string; type: 'header' | 'query'; value: string | number }[];
  body?: unknown;
  binary_body?: { url: string; content_type?: string } | { base64: string; content_type?: string };
  connected_account_id?: string;
  custom_connection_data?: CustomConnectionData;
}

export interface ProxyExecuteResult {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
  binary_data?: { url: string; content_type: string; size: number; expires_at?: string };
}

/** Who is calling (recorded in the log): the public API or a tool-router session. */
export interface ExecOptions {
  source?: string;
}

const USER_AGENT = 'Junction/0.1 (+tool-execution)';

function requestProblem(e: unknown): ApiError | undefined {
  if (e instanceof RequestBuildError) return errors.validation(e.message, [e.message]);
  if (e instanceof MissingCredentialError) {
    return new ApiError(400, 1813, 'ConnectedAccount_MissingCredentials', `Cannot authenticate the call: ${e.message}`, {
      suggested_fix: 'Update the connected account with the missing credential (PATCH /api/v3/connected_accounts/{id}).',
    });
  }
  return undefined;
}

/** Make the request for a tool call: base URL, arguments, default headers, custom params, credentials. */
function prepareToolRequest(
  tool: ToolDef, toolkit: ToolkitDef, args: Record<string, unknown>, auth: CallAuth, custom: CustomAuthParams | undefined, configCreds: Record<string, unknown>,
): OutRequest {
  const sources = [auth.val, configCreds];
  const base = baseUrlFor(toolkit, tool, sources, custom?.base_url);
  const req = buildToolRequest(tool, base, args);
  finishRequest(req, toolkit, auth, custom?.parameters?.map((p) => ({ type: p.in, name: p.name, value: p.value })), sources);
  if (custom?.body && Object.keys(custom.body).length) {
    const ct = req.headers['content-type'] ?? 'application/json';
    if (/json/.test(ct)) {
      const cur = typeof req.body === 'string' && req.body ? JSON.parse(req.body) as unknown : {};
      const merged = cur && typeof cur === 'object' && !Array.isArray(cur) ? { ...(cur as object), ...custom.body } : cur;
      setBody(req, merged, ct);
    }
  }
  applyCredentials(req, auth, toolkit);
  return req;
}

function finishRequest(
  req: OutRequest, toolkit: ToolkitDef | undefined, auth: CallAuth,
  params: { type: 'header' | 'query'; name: string; value: string | number }[] | undefined, sources: Record<string, unknown>[],
) {
  if (toolkit?.defaultHeaders) {
    for (const [k, v] of Object.entries(toolkit.defaultHeaders)) {
      const key = k.toLowerCase();
      if (req.headers[key] === undefined) req.headers[key] = fillTemplate(v, sources, `The ${k} header of ${toolkit.slug}`);
    }
  }
  req.headers.accept ??= 'application/json, */*;q=0.5';
  req.headers['user-agent'] ??= USER_AGENT;
  for (const p of params ?? []) {
    if (p.type === 'header') req.headers[p.name.toLowerCase()] = String(p.value);
    else req.url.searchParams.set(p.name, String(p.value));
  }
  void auth;
}

/** `data` must be an object for the SDK: arrays and scalars are wrapped. */
function asData(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  if (Array.isArray(body)) return { items: body };
  if (typeof body === 'string') return { text: body };
  return { value: body };
}

function endpointOf(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function failureStatus(f: UpstreamFailure): string {
  return f.kind === 'timeout' ? 'upstream_timeout' : f.kind === 'blocked' ? 'upstream_refused' : 'upstream_unreachable';
}

interface Auth {
  auth: CallAuth;
  account?: ExecAccount;
}

async function resolveAuth(rt: Runtime, projectId: string, tool: ToolDef, toolkit: ToolkitDef, input: ExecuteToolInput): Promise<Auth> {
  const ccd = input.customConnectionData;
  if (ccd) {
    if (ccd.toolkitSlug && ccd.toolkitSlug.toLowerCase() !== toolkit.slug) {
      throw errors.validation(`custom_connection_data.toolkitSlug ${ccd.toolkitSlug} does not match the tool's toolkit ${toolkit.slug}`,
        [`custom_connection_data.toolkitSlug: expected ${toolkit.slug}`]);
    }
    return { auth: { mode: ccd.authScheme, val: ccd.val } };
  }
  const noAuth = tool.noAuth || (toolkit.noAuth && toolkit.authSchemes.length === 0);
  const customOnly = !!input.customAuthParams?.parameters?.length && !input.connectedAccountId;
  if ((noAuth || customOnly) && !input.connectedAccountId) return { auth: { mode: 'NO_AUTH', val: {} } };
  const account = await resolveExecAccount(rt, projectId, {
    connectedAccountId: input.connectedAccountId, userId: input.userId, toolkitSlug: toolkit.slug,
  });
  if (account.allowedTools && !account.allowedTools.includes(tool.slug)) {
    throw new ApiError(403, 1814, 'Tool_NotAllowedForAuthConfig',
      `Tool ${tool.slug} is not allowed by auth config ${account.authConfigId} (tool_access_config.tools_available_for_execution / restrict_to_following_tools)`);
  }
  let val = account.val;
  if (isRefreshable(account.authScheme)) {
    const fresh = await freshCredentials(rt, projectId, account).catch((e: unknown) => {
      throw e instanceof ApiError ? e : new ApiError(400, 1805, 'ConnectedAccount_Expired', `Refreshing the access token of ${account.id} failed: ${(e as Error).message}`);
    });
    if (fresh) val = fresh;
  }
  return {
    account,
    auth: { mode: account.authScheme, val, configCredentials: account.authConfigCredentials, authConfigType: account.authConfigType },
  };
}

/** One upstream round, with the single forced refresh on 401 for OAuth accounts. */
async function callWithRefresh(
  rt: Runtime, projectId: string, a: Auth, build: (auth: CallAuth) => OutRequest,
): Promise<{ req: OutRequest; out: UpstreamResult | UpstreamFailure }> {
  let req = build(a.auth);
  let out = await sendUpstream(rt, req);
  if (out.kind === 'response' && out.status === 401 && a.account) {
    if (isRefreshable(a.account.authScheme)) {
      const rejected = typeof a.auth.val.access_token === 'string' ? a.auth.val.access_token : undefined;
      const fresh = await freshCredentials(rt, projectId, a.account, true, rejected).catch(() => undefined);
      if (fresh && fresh.access_token !== rejected) {
        a.auth = { ...a.auth, val: fresh };
        req = build(a.auth);
        out = await sendUpstream(rt, req);
      }
    }
    if (out.kind === 'response' && out.status === 401) noteAuthFailure(rt, projectId, a.account.id);
  }
  return { req, out };
}

/**
 * Execute a catalog (or project custom) tool for a connected account: resolve the account,
 * validate the arguments, inject credentials, call the upstream API, log the execution.
 * Upstream failures are `successful:false` results, not thrown; request problems throw ApiError.
 */
export async function executeTool(rt: Runtime, projectId: string, input: ExecuteToolInput, opts: ExecOptions = {}): Promise<ExecuteToolResult> {
  const started = performance.now();
  checkVersion(input.version);
  const { tool, toolkit } = await resolveTool(rt, projectId, input.toolSlug);
  const logId = newLogId();
  const logBase: ToolLogInsert = {
    id: logId, projectId, kind: 'execute', toolSlug: tool.slug, toolkitSlug: toolkit.slug, toolkitVersion: toolkit.version,
    connectedAccountId: input.connectedAccountId ?? null, userId: input.userId ?? null, status: 'failed',
    durationMs: 0, source: opts.source ?? 'api', method: tool.http.method,
  };
  const fail = (e: unknown): never => {
    const err = requestProblem(e) ?? e;
    enqueueToolLog(rt, { ...logBase, durationMs: Math.round(performance.now() - started), error: (err as Error).message?.slice(0, 500) ?? 'error' });
    throw err;
  };

  let args = input.arguments;
  if (!args && input.text) {
    const gen = await generateToolInput(rt, projectId, { toolSlug: tool.slug, text: input.text }).catch(fail);
    if (gen.error) fail(errors.validation(`Could not derive the arguments from text: ${gen.error}`, [`text: ${gen.error}`]));
    args = gen.arguments;
  }
  args ??= {};
  const staged = hasStagedFiles(args);
  const problems = validateArguments(tool, staged ? withFilePlaceholders(args) : args);
  if (problems.length) {
    fail(errors.validation(`Invalid arguments for ${tool.slug}: ${problems.join('; ')}`, problems,
      `See the input_parameters of GET /api/v3/tools/${tool.slug}.`));
  }

  if (staged) args = await materializeStagedFiles(rt, projectId, tool, args).catch(fail);

  const a = await resolveAuth(rt, projectId, tool, toolkit, input).catch(fail);
  if (a.account) {
    logBase.connectedAccountId = a.account.id;
    logBase.userId = a.account.userId;
  }
  const configCreds = a.account?.authConfigType === 'custom' ? a.account.authConfigCredentials() : {};
  let call: Awaited<ReturnType<typeof callWithRefresh>>;
  try {
    call = await callWithRefresh(rt, projectId, a, (auth) => prepareToolRequest(tool, toolkit, args, auth, input.customAuthParams, configCreds));
  } catch (e) {
    return fail(e);
  }
  const { req, out } = call;
  if (a.account) markAccountUsed(rt, a.account.id);
  const durationMs = Math.round(performance.now() - started);
  const common = { ...logBase, endpoint: endpointOf(req.url), requestBytes: bodySize(req.body), durationMs };

  if (out.kind !== 'response') {
    enqueueToolLog(rt, { ...common, error: out.message });
    return { data: { http_error: failureStatus(out), status_code: null, message: out.message }, error: out.message, successful: false, log_id: logId };
  }
  const ok = out.status >= 200 && out.status < 300;
  if (!ok) {
    const message = upstreamMessage(out.status, out.statusText, out.body);
    enqueueToolLog(rt, { ...common, httpStatus: out.status, responseBytes: out.bytes, error: message.slice(0, 500) });
    return {
      data: { http_error: out.body ?? null, status_code: out.status, message },
      error: message,
      successful: false,
      log_id: logId,
    };
  }
  let data: Record<string, unknown>;
  if (out.binary) {
    const staged = await stageBinary(rt, out.binary, out.contentType);
    data = { file: { ...staged, name: fileName(out.headers, req.url) } };
  } else {
    data = asData(out.body);
  }
  enqueueToolLog(rt, { ...common, status: 'success', httpStatus: out.status, responseBytes: out.bytes });
  return { data, error: null, successful: true, log_id: logId };
}

function fileName(headers: { get(name: string): string | null }, url: URL): string {
  const cd = headers.get('content-disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  const raw = m?.[1] ?? url.pathname.split('/').filter(Boolean).pop() ?? 'file';
  try {
    return decodeURIComponent(raw).slice(0, 200);
  } catch {
    return raw.slice(0, 200);
  }
}

const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'set-cookie', 'proxy-authenticate', 'upgrade', 'te', 'trailer']);

async function proxyBody(rt: Runtime, input: ProxyExecuteInput): Promise<{ body?: Buffer | string; contentType?: string }> {
  if (input.binary_body) {
    const ct = input.binary_body.content_type ?? 'application/octet-stream';
    if ('base64' in input.binary_body) {
      const buf = Buffer.from(input.binary_body.base64, 'base64');
      if (buf.length > 4 * 1024 * 1024) throw errors.validation('binary_body.base64 exceeds 4 MB', ['binary_body.base64: at most 4 MB; use binary_body.url for larger files']);
      return { body: buf, contentType: ct };
    }
    let res;
    try {
      res = await outboundFetch(input.binary_body.url, { allowInsecure: rt.config.allowInsecureUrls, timeoutMs: 30_000 });
    } catch (e) {
      throw errors.badRequest(`Cannot fetch binary_body.url: ${((e as { cause?: Error }).cause ?? (e as Error)).message}`, 'Proxy_BinaryBodyUnreachable');
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw errors.badRequest(`Fetching binary_body.url failed with HTTP ${res.status}`, 'Proxy_BinaryBodyUnreachable');
    }
    return { body: Buffer.from(await res.arrayBuffer()), contentType: input.binary_body.content_type ?? res.headers.get('content-type') ?? ct };
  }
  if (input.body === undefined || input.body === null || input.method === 'GET' || input.method === 'HEAD') return {};
  if (typeof input.body === 'string') return { body: input.body, contentType: /^\s*[{[]/.test(input.body) ? 'application/json' : 'text/plain; charset=utf-8' };
  return { body: JSON.stringify(input.body), contentType: 'application/json' };
}

/** Call an arbitrary endpoint of a connected account's API with its credentials. */
export async function proxyExecute(rt: Runtime, projectId: string, input: ProxyExecuteInput, opts: ExecOptions = {}): Promise<ProxyExecuteResult> {
  const started = performance.now();
  const ccd = input.custom_connection_data;
  let a: Auth;
  let toolkit: ToolkitDef | undefined;
  if (ccd) {
    toolkit = ccd.toolkitSlug ? await findToolkit(rt, projectId, ccd.toolkitSlug) : undefined;
    a = { auth: { mode: ccd.authScheme, val: ccd.val } };
  } else {
    if (!input.connected_account_id) throw accountNotFound('connected_account_id is required for proxy execution (or give custom_connection_data)');
    const account = await resolveExecAccount(rt, projectId, { connectedAccountId: input.connected_account_id });
    toolkit = await findToolkit(rt, projectId, account.toolkitSlug);
    let val = account.val;
    if (isRefreshable(account.authScheme)) val = (await freshCredentials(rt, projectId, account)) ?? val;
    a = { account, auth: { mode: account.authScheme, val, configCredentials: account.authConfigCredentials, authConfigType: account.authConfigType } };
  }
  const configCreds = a.account?.authConfigType === 'custom' ? a.account.authConfigCredentials() : {};
  const { body, contentType } = await proxyBody(rt, input);
  const build = (auth: CallAuth): OutRequest => {
    const sources = [auth.val, configCreds];
    let url: URL;
    if (/^https?:\/\//i.test(input.endpoint)) {
      url = new URL(input.endpoint);
    } else {
      if (!toolkit && !sources.some((s) => typeof s.base_url === 'string')) {
        throw errors.validation('endpoint must be an absolute URL when the toolkit is unknown', ['endpoint: give https://… or custom_connection_data.toolkitSlug']);
      }
      const base = toolkit ? baseUrlFor(toolkit, undefined, sources) : String(sources.find((s) => typeof s.base_url === 'string')!.base_url).replace(/\/+$/, '');
      url = new URL(base + (input.endpoint.startsWith('/') ? '' : '/') + input.endpoint);
    }
    const req: OutRequest = { method: input.method, url, headers: {} };
    if (body !== undefined) {
      req.body = body;
      req.headers['content-type'] = contentType!;
    }
    finishRequest(req, toolkit, auth, input.parameters, sources);
    applyCredentials(req, auth, toolkit);
    return req;
  };
  const logBase: ToolLogInsert = {
    id: newLogId(), projectId, kind: 'proxy', toolkitSlug: toolkit?.slug ?? ccd?.toolkitSlug ?? null, connectedAccountId: a.account?.id ?? null,
    userId: a.account?.userId ?? null, status: 'failed', method: input.method, durationMs: 0, source: opts.source ?? 'api',
  };
  let call: Awaited<ReturnType<typeof callWithRefresh>>;
  try {
    call = await callWithRefresh(rt, projectId, a, build);
  } catch (e) {
    const err = requestProblem(e) ?? (e instanceof TypeError ? errors.validation(`Invalid endpoint: ${e.message}`, ['endpoint: not a valid URL or path']) : e);
    enqueueToolLog(rt, { ...logBase, durationMs: Math.round(performance.now() - started), error: (err as Error).message.slice(0, 500) });
    throw err;
  }
  const { req, out } = call;
  if (a.account) markAccountUsed(rt, a.account.id);
  const common = { ...logBase, endpoint: endpointOf(req.url), requestBytes: bodySize(req.body), durationMs: Math.round(performance.now() - started) };
  if (out.kind !== 'response') {
    enqueueToolLog(rt, { ...common, error: out.message });
    if (out.kind === 'blocked') throw errors.badRequest(out.message, 'Proxy_UrlRefused', 'Proxy only to public addresses (JUNCTION_ALLOW_INSECURE_URLS permits private ones for development).');
    if (out.kind === 'timeout') throw new ApiError(504, 1504, 'Proxy_UpstreamTimeout', out.message);
    throw new ApiError(502, 1502, 'Proxy_UpstreamUnreachable', out.message);
  }
  const headers: Record<string, string> = {};
  out.headers.forEach((v, k) => {
    if (!HOP_HEADERS.has(k)) headers[k] = v;
  });
  const ok = out.status >= 200 && out.status < 400;
  enqueueToolLog(rt, {
    ...common, status: ok ? 'success' : 'failed', httpStatus: out.status, responseBytes: out.bytes,
    error: ok ? null : upstreamMessage(out.status, out.statusText, out.body).slice(0, 500),
  });
  if (out.binary) {
    const staged = await stageBinary(rt, out.binary, out.contentType, fileName(out.headers, req.url));
    return { status: out.status, headers, binary_data: staged };
  }
  return { status: out.status, data: out.body === '' ? null : out.body, headers };
}
