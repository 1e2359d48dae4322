import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { errors } from '../../contract/errors';
import { enqueueToolLog, markAccountUsed, newLogId, type ToolLogInsert } from '../logs/tool-logs';
import { checkVersion, resolveTool } from './catalog';
import { applyCredentials, type CallAuth, type OutRequest } from './credentials';
import { baseUrlFor, bodySize, buildToolRequest, setBody, upstreamMessage } from './http';
import { stageBinary } from './binary';
import { graphqlData } from './graphql-result';
import { pickHeaders } from '../../catalog/http-types';
import { hasStagedFiles, materializeStagedFiles, withFilePlaceholders } from './files';
import { validateArguments } from './validate';
import { generateToolInput } from './input';
import { ToolArgumentError, ToolFailure } from '../../catalog/curated/types';
import { prepareMappingArgs, unflattenArgs } from './curated';
import { projectBaseUrl } from './base-override';
import { runComposite } from './composite-run';
import { runMcpTool } from '../mcp-client/call';
import { pinnedMcpTool } from '../custom-toolkits/versions';
import { applyMappedArgs, requestToolkitOf } from './mapped';
import {
  callWithRefresh,
  endpointOf,
  failureLogText,
  failureStatus,
  fileName,
  finishRequest,
  requestProblem,
  resolveAuth,
} from './upstream-call';
import type { CustomAuthParams, ExecOptions, ExecuteToolInput, ExecuteToolResult } from './execute-types';

/**
 * Executing one tool (`POST /tools/execute/{slug}`): arguments (or text) → validation → the
 * account's credentials → the upstream call (or a composite's calls) → the `{data, error,
 * successful}` result and one execution log row. The proxy lives in proxy.ts; what both share,
 * in upstream-call.ts.
 */
/** Make the request for a tool call: base URL, arguments, default headers, custom params, credentials. */
function prepareToolRequest(
  tool: ToolDef,
  toolkit: ToolkitDef,
  args: Record<string, unknown>,
  auth: CallAuth,
  custom: CustomAuthParams | undefined,
  configCreds: Record<string, unknown>,
): OutRequest {
  const sources = [auth.val, configCreds];
  const base = baseUrlFor(toolkit, tool, sources, custom?.base_url, auth.mode);
  const req = buildToolRequest(tool, base, args);
  finishRequest(
    req,
    toolkit,
    auth,
    custom?.parameters?.map((p) => ({ type: p.in, name: p.name, value: p.value })),
    sources,
  );
  if (custom?.body && Object.keys(custom.body).length) {
    const ct = req.headers['content-type'] ?? 'application/json';
    if (/json/.test(ct)) {
      const cur = typeof req.body === 'string' && req.body ? (JSON.parse(req.body) as unknown) : {};
      const merged =
        cur && typeof cur === 'object' && !Array.isArray(cur) ? { ...(cur as object), ...custom.body } : cur;
      setBody(req, merged, ct);
    }
  }
  applyCredentials(req, auth, toolkit);
  return req;
}

/** `data` must be an object for the SDK: arrays and scalars are wrapped. */
function asData(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  if (Array.isArray(body)) return { items: body };
  if (typeof body === 'string') return { text: body };
  return { value: body };
}

/**
 * Execute a catalog (or project custom) tool for a connected account: resolve the account,
 * validate the arguments, inject credentials, call the upstream API, log the execution.
 * Upstream failures are `successful:false` results, not thrown; request problems throw ApiError.
 */
export async function executeTool(
  rt: Runtime,
  projectId: string,
  input: ExecuteToolInput,
  opts: ExecOptions = {},
): Promise<ExecuteToolResult> {
  const started = performance.now();
  checkVersion(input.version);
  const found = await resolveTool(rt, projectId, input.toolSlug);
  const toolkit = found.toolkit;
  // an MCP toolkit's tool pinned to an earlier dated version runs as that version listed it
  const tool = await pinnedMcpTool(rt, projectId, toolkit, found.tool, input.version);
  const logId = newLogId();
  const logBase: ToolLogInsert = {
    id: logId,
    projectId,
    kind: 'execute',
    toolSlug: tool.slug,
    toolkitSlug: toolkit.slug,
    toolkitVersion: toolkit.version,
    connectedAccountId: input.connectedAccountId ?? null,
    userId: input.userId ?? null,
    status: 'failed',
    durationMs: 0,
    source: opts.source ?? 'api',
    method: tool.http.method,
    sessionId: opts.sessionId ?? null,
    requestId: opts.requestId ?? null,
  };
  const fail = (e: unknown): never => {
    const err = requestProblem(e) ?? e;
    enqueueToolLog(rt, {
      ...logBase,
      durationMs: Math.round(performance.now() - started),
      error: (err as Error).message?.slice(0, 500) ?? 'error',
    });
    throw err;
  };

  let args = input.arguments;
  if (!args && input.text) {
    const gen = await generateToolInput(rt, projectId, { toolSlug: tool.slug, text: input.text }).catch(fail);
    if (gen.error)
      fail(errors.validation(`Could not derive the arguments from text: ${gen.error}`, [`text: ${gen.error}`]));
    args = gen.arguments;
  }
  args = applyMappedArgs(tool, unflattenArgs(tool, args ?? {}));
  if (tool.curated?.normalize) args = tool.curated.normalize(args);
  const composite = tool.curated?.kind === 'composite';
  // composites read staged files themselves (ctx.readFile): their schemas describe the descriptor
  const staged = !composite && hasStagedFiles(args);
  const problems = validateArguments(tool, staged ? withFilePlaceholders(args) : args);
  if (problems.length) {
    fail(
      errors.validation(
        `Invalid arguments for ${tool.slug}: ${problems.join('; ')}`,
        problems,
        `See the input_parameters of GET /api/v3/tools/${tool.slug}.`,
      ),
    );
  }

  if (staged) args = await materializeStagedFiles(rt, projectId, tool, args).catch(fail);

  const a = await resolveAuth(rt, projectId, tool, toolkit, input).catch(fail);
  if (a.account) {
    logBase.connectedAccountId = a.account.id;
    logBase.userId = a.account.userId;
    logBase.authConfigId = a.account.authConfigId;
  }
  const configCreds = a.account?.authConfigType === 'custom' ? a.account.authConfigCredentials() : {};
  // a project-level base URL for this toolkit (config toolkit_base_urls) unless the call gives its own
  let custom = input.customAuthParams;
  if (!custom?.base_url) {
    const base = await projectBaseUrl(rt, projectId, toolkit.slug);
    if (base) custom = { ...custom, base_url: base };
  }
  // a `same_as` tool is built with its target's base URL and headers, and this toolkit's credentials
  const reqKit = requestToolkitOf(tool, toolkit);
  // a remote MCP server's tool: tools/call on the server (a project or call base URL replaces its URL)
  if (tool.mcp && toolkit.mcp) {
    return runMcpTool(
      rt,
      projectId,
      tool,
      toolkit,
      custom?.base_url ?? toolkit.mcp.url,
      args,
      a,
      logBase,
      started,
      fail,
    );
  }
  if (composite) return runComposite(rt, projectId, tool, reqKit, args, a, custom, configCreds, logBase, started, fail);
  if (tool.curated) {
    // a mapping's argument rewriting can reject what the schema cannot express (e.g. an unreadable date): a 400, not a 500
    try {
      args = prepareMappingArgs(tool, args);
    } catch (e) {
      if (e instanceof ToolArgumentError)
        return fail(errors.validation(`Invalid arguments for ${tool.slug}: ${e.message}`, [e.message]));
      return fail(e);
    }
  }
  let call: Awaited<ReturnType<typeof callWithRefresh>>;
  try {
    call = await callWithRefresh(rt, projectId, a, (auth) =>
      prepareToolRequest(tool, reqKit, args, auth, custom, configCreds),
    );
  } catch (e) {
    return fail(e);
  }
  const { req, out } = call;
  if (a.account) markAccountUsed(rt, a.account.id);
  const durationMs = Math.round(performance.now() - started);
  const common = { ...logBase, endpoint: endpointOf(req.url), requestBytes: bodySize(req.body), durationMs };

  if (out.kind !== 'response') {
    // the caller gets one message for every unreachable address; the owner's log says why
    enqueueToolLog(rt, { ...common, error: failureLogText(out) });
    return {
      data: { http_error: failureStatus(out), status_code: null, message: out.message },
      error: out.message,
      successful: false,
      log_id: logId,
    };
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
    const staged = await stageBinary(rt, projectId, out.binary, out.contentType);
    data = { file: { ...staged, name: fileName(out.headers, req.url) } };
  } else {
    try {
      data = tool.curated?.shape
        ? tool.curated.shape(out.body, args)
        : tool.http.graphql
          ? graphqlData(tool.http.graphql, out.body)
          : asData(out.body);
    } catch (e) {
      // a curated mapping may see a failure in a 2xx answer (Slack's ok:false)
      if (!(e instanceof ToolFailure)) throw e;
      enqueueToolLog(rt, {
        ...common,
        httpStatus: out.status,
        responseBytes: out.bytes,
        error: e.message.slice(0, 500),
      });
      return { data: { ...e.data, message: e.message }, error: e.message, successful: false, log_id: logId };
    }
  }
  // a mapping that names response headers (ZenRows' cost and concurrency) gets them beside the body
  if (tool.http.responseHeaders?.length)
    data = { ...data, response_headers: pickHeaders(tool.http.responseHeaders, out.headers.entries()) };
  enqueueToolLog(rt, { ...common, status: 'success', httpStatus: out.status, responseBytes: out.bytes });
  return { data, error: null, successful: true, log_id: logId };
}
