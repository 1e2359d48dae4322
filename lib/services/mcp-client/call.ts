import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { enqueueToolLog, markAccountUsed, type ToolLogInsert } from '../logs/tool-logs';
import { freshCredentials, isRefreshable, noteAuthFailure } from '../tools/refresh';
import type { Auth } from '../tools/upstream-call';
import type { ExecuteToolResult } from '../tools/execute-types';
import { MissingCredentialError } from '../tools/credentials';
import { NOT_REACHABLE, OutboundBlockedError, outboundFailure } from '../../net/outbound';
import { mcpAuthHeaders } from './headers';
import {
  MCP_REQUEST_TIMEOUT_MS,
  McpInsufficientScopeError,
  McpUnauthorizedError,
  transportStatus,
  withMcpClient,
} from './transport';
import { recordStepUpScope } from './step-up';

/**
 * Run one tool of a remote MCP server (`tools/call`) for a connected account, and map the answer
 * to the `{data, error, successful}` every tool returns: the content becomes `data`; an `isError`
 * result, a JSON-RPC error or a transport failure becomes `successful: false` with the server's
 * message. A 401 gets the one forced refresh OAuth accounts get on other tools, then the call
 * is repeated once. One execution log row, as for every tool.
 */
interface ContentItem {
  type: string;
  text?: string;
  [k: string]: unknown;
}

function textOf(content: ContentItem[]): string | undefined {
  const parts = content.filter((c) => c.type === 'text' && typeof c.text === 'string').map((c) => c.text!);
  return parts.length ? parts.join('\n') : undefined;
}

/** `data` of a tools/call result: structured content's fields when given, the content, and its text. */
export function resultData(r: { content?: unknown; structuredContent?: unknown }): Record<string, unknown> {
  const content = Array.isArray(r.content) ? (r.content as ContentItem[]) : [];
  const structured =
    r.structuredContent && typeof r.structuredContent === 'object' && !Array.isArray(r.structuredContent)
      ? (r.structuredContent as Record<string, unknown>)
      : undefined;
  const text = textOf(content);
  return { ...(structured ?? {}), content, ...(text !== undefined ? { text } : {}) };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the server';
  }
}

/** A failure of the exchange itself as the caller sees it, and the reason for the log. */
export function mcpFailureMessage(e: unknown, url: string): { message: string; detail?: string; status?: number } {
  if (e instanceof McpError) return { message: e.message };
  if (e instanceof McpUnauthorizedError)
    return { message: `The MCP server at ${hostOf(url)} refused the credentials (401)`, status: 401 };
  const status = transportStatus(e);
  if (status !== undefined && status > 0)
    return {
      message: `The MCP server at ${hostOf(url)} answered HTTP ${status}`,
      detail: (e as Error).message,
      status,
    };
  const f = outboundFailure(e);
  if (e instanceof OutboundBlockedError || f.kind === 'unreachable' || f.kind === 'form')
    return { message: `The MCP server at ${hostOf(url)} is ${NOT_REACHABLE}`, detail: f.detail };
  if (f.kind === 'timeout')
    return { message: `The MCP server at ${hostOf(url)} did not answer within ${MCP_REQUEST_TIMEOUT_MS} ms` };
  return { message: `The MCP exchange with ${hostOf(url)} failed: ${(e as Error).message ?? String(e)}` };
}

export async function runMcpTool(
  rt: Runtime,
  projectId: string,
  tool: ToolDef,
  toolkit: ToolkitDef,
  serverUrl: string,
  args: Record<string, unknown>,
  a: Auth,
  logBase: ToolLogInsert,
  started: number,
  fail: (e: unknown) => never,
): Promise<ExecuteToolResult> {
  const name = tool.mcp!.name;
  const call = () =>
    withMcpClient(rt, serverUrl, mcpAuthHeaders(toolkit, a.auth), (c) =>
      c.callTool({ name, arguments: args }, undefined, { timeout: MCP_REQUEST_TIMEOUT_MS }),
    );
  const endpoint = (() => {
    try {
      const u = new URL(serverUrl);
      return `${u.origin}${u.pathname}`;
    } catch {
      return serverUrl;
    }
  })();
  const log = (extra: Partial<ToolLogInsert>) =>
    enqueueToolLog(rt, {
      ...logBase,
      endpoint,
      requestBytes: JSON.stringify(args).length,
      durationMs: Math.round(performance.now() - started),
      ...extra,
    });
  let result: Awaited<ReturnType<typeof call>>;
  try {
    try {
      result = await call();
    } catch (e) {
      if (!(e instanceof McpUnauthorizedError) || !a.account) throw e;
      // the same single forced refresh other OAuth tools get on a 401, then one more try
      if (!isRefreshable(a.account.authScheme)) {
        noteAuthFailure(rt, projectId, a.account.id);
        throw e;
      }
      const rejected = typeof a.auth.val.access_token === 'string' ? a.auth.val.access_token : undefined;
      const fresh = await freshCredentials(rt, projectId, a.account, true, rejected).catch(() => undefined);
      if (!fresh || fresh.access_token === rejected) {
        noteAuthFailure(rt, projectId, a.account.id);
        throw e;
      }
      a.auth = { ...a.auth, val: fresh };
      try {
        result = await call();
      } catch (e2) {
        if (e2 instanceof McpUnauthorizedError) noteAuthFailure(rt, projectId, a.account.id);
        throw e2;
      }
    }
  } catch (e) {
    if (e instanceof MissingCredentialError) return fail(e);
    if (a.account) markAccountUsed(rt, a.account.id);
    if (e instanceof McpInsufficientScopeError) {
      // step-up: the next authorization of this account asks for the wider scope too
      if (a.account && e.scope) await recordStepUpScope(rt, projectId, a.account.id, e.scope);
      const message = `The MCP server needs more access${e.scope ? ` (scope "${e.scope}")` : ''}: re-authorize the connected account${
        a.account ? ` (POST /api/v3/connected_accounts/${a.account.id}/refresh)` : ''
      } and call again`;
      log({ httpStatus: 403, error: message.slice(0, 500) });
      return {
        data: { message, status_code: 403, required_scope: e.scope ?? null },
        error: message,
        successful: false,
        log_id: logBase.id!,
      };
    }
    const f = mcpFailureMessage(e, serverUrl);
    log({ httpStatus: f.status ?? null, error: (f.detail ? `${f.message} (${f.detail})` : f.message).slice(0, 500) });
    return {
      data: { message: f.message, ...(f.status ? { status_code: f.status } : {}) },
      error: f.message,
      successful: false,
      log_id: logBase.id!,
    };
  }
  if (a.account) markAccountUsed(rt, a.account.id);
  const data = resultData(result as { content?: unknown; structuredContent?: unknown });
  const responseBytes = JSON.stringify(result).length;
  if (result.isError) {
    const message = (typeof data.text === 'string' && data.text) || `The MCP tool ${name} reported an error`;
    log({ httpStatus: 200, responseBytes, error: message.slice(0, 500) });
    return { data: { ...data, message }, error: message, successful: false, log_id: logBase.id! };
  }
  log({ status: 'success', httpStatus: 200, responseBytes });
  return { data, error: null, successful: true, log_id: logBase.id! };
}
