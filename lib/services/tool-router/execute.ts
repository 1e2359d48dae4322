/**
 * Execution inside a session: app tools (account resolved from the session's user and
 * overrides, then the shared tool executor) and the meta tools.
 */
import type { Runtime } from '../../runtime';
import { ApiError, errors, namedError } from '../../contract/errors';
import { newId } from '../../crypto/ids';
import { findTool } from '../tools/catalog';
import { executeTool } from '../tools/execute';
import { proxyExecute, type ProxyExecuteInput } from '../tools/proxy';
import { deleteAccount } from '../connected-accounts/update';
import { toolHints } from '../search/hints';
import { META_TOOLS, MAX_MULTI_EXECUTE, metaToolSlugs } from './meta-tools';
import {
  createLink,
  connectionStatus,
  isUsable,
  pickAccount,
  sessionAccounts,
  sessionUserAccounts,
} from './connections';
import { searchInSession, toolSchemas } from './search';
import { customTools, toolAllowed, toolkitAllowed, type Session } from './session';
import { runWorkbench } from '../workbench/run';

export interface SessionExecResult {
  data: Record<string, unknown>;
  error: string | null;
  log_id: string;
}

const ok = (data: Record<string, unknown>): SessionExecResult => ({ data, error: null, log_id: newId('log') });
const fail = (error: string, data: Record<string, unknown> = {}): SessionExecResult => ({
  data,
  error,
  log_id: newId('log'),
});

function asObject(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

/** Run an app tool for the session's user. Request-level problems are thrown (ApiError). */
export async function executeAppTool(
  rt: Runtime,
  session: Session,
  slug: string,
  args: Record<string, unknown>,
  account?: string,
  requestId?: string,
): Promise<SessionExecResult> {
  const up = slug.toUpperCase();
  if (customTools(session.experimental).some((c) => c.slug === up || c.original_slug.toUpperCase() === up)) {
    throw errors.badRequest(
      `${up} is a custom tool of this session: it runs in the SDK process that created the session, not on the server`,
      'ToolRouter_CustomToolRunsInSdk',
    );
  }
  const tool = (await findTool(rt, session.projectId, up))?.tool;
  if (!tool) {
    throw namedError('Tool_ToolNotFound', `Tool ${slug} not found`, {
      suggested_fix: 'Find tools with COMPOSIO_SEARCH_TOOLS.',
    });
  }
  if (!toolAllowed(session.config, tool.toolkit, tool.slug, toolHints(tool))) {
    throw errors.forbidden(`Tool ${tool.slug} is not enabled in this session`);
  }
  let connectedAccountId: string | undefined;
  if (!tool.noAuth) {
    const accounts = (await sessionUserAccounts(rt, session, [tool.toolkit])).get(tool.toolkit) ?? [];
    connectedAccountId = pickAccount(session, tool.toolkit, accounts, account).id;
  }
  const r = await executeTool(
    rt,
    session.projectId,
    {
      toolSlug: tool.slug,
      arguments: args,
      userId: session.userId,
      ...(connectedAccountId ? { connectedAccountId } : {}),
      version: 'latest',
    },
    { source: 'session', sessionId: session.id, requestId },
  );
  return { data: r.data ?? {}, error: r.successful ? null : (r.error ?? 'Tool execution failed'), log_id: r.log_id };
}

/** Execute a meta tool or an app tool (POST …/execute). */
export async function executeInSession(
  rt: Runtime,
  session: Session,
  slug: string,
  args: Record<string, unknown>,
  account?: string,
  requestId?: string,
): Promise<SessionExecResult> {
  const up = slug.toUpperCase();
  if (META_TOOLS[up]) return executeMeta(rt, session, up, args);
  return executeAppTool(rt, session, up, args, account, requestId);
}

/** Execute a meta tool (POST …/execute_meta). Unknown or disabled meta tools are request errors. */
export async function executeMeta(
  rt: Runtime,
  session: Session,
  slug: string,
  args: Record<string, unknown>,
): Promise<SessionExecResult> {
  const up = slug.toUpperCase();
  if (!metaToolSlugs(session.config).includes(up)) {
    throw errors.badRequest(
      `Meta tool ${slug} is not available in this session`,
      'ToolRouter_MetaToolUnavailable',
      `Available: ${metaToolSlugs(session.config).join(', ')}`,
    );
  }
  switch (up) {
    case 'COMPOSIO_SEARCH_TOOLS': {
      const raw = Array.isArray(args.queries)
        ? args.queries
        : typeof args.use_case === 'string'
          ? [{ use_case: args.use_case }]
          : [];
      const queries = raw
        .map(asObject)
        .filter((q) => typeof q.use_case === 'string' && q.use_case.trim())
        .slice(0, 7)
        .map((q) => ({
          use_case: String(q.use_case).slice(0, 1024),
          ...(typeof q.known_fields === 'string' ? { known_fields: q.known_fields } : {}),
        }));
      if (!queries.length) return fail('queries must be a non-empty array of {use_case}');
      const r = await searchInSession(rt, session, queries, strings(args.toolkits));
      return { data: r as unknown as Record<string, unknown>, error: r.error, log_id: newId('log') };
    }
    case 'COMPOSIO_GET_TOOL_SCHEMAS': {
      const slugs = strings(args.tool_slugs);
      if (!slugs?.length) return fail('tool_slugs must be a non-empty array of tool slugs');
      const r = await toolSchemas(rt, session, slugs.slice(0, 50));
      return r.not_found ? { ...ok(r), error: `Not found in this session: ${r.not_found.join(', ')}` } : ok(r);
    }
    case 'COMPOSIO_MULTI_EXECUTE_TOOL':
      return multiExecute(rt, session, args);
    case 'COMPOSIO_MANAGE_CONNECTIONS':
      return manageConnections(rt, session, args);
    case 'COMPOSIO_WAIT_FOR_CONNECTIONS':
      return waitForConnections(rt, session, args);
    case 'COMPOSIO_REMOTE_WORKBENCH': {
      if (typeof args.code_to_execute !== 'string' || !args.code_to_execute.trim())
        return fail('code_to_execute must be a non-empty string');
      const timeout = typeof args.timeout_seconds === 'number' ? Math.min(Math.max(args.timeout_seconds, 1), 60) : 30;
      const r = await runWorkbench(args.code_to_execute, {
        projectId: session.projectId,
        timeoutMs: timeout * 1000,
        sandboxSize: session.config.workbench?.sandbox_size,
        callTool: async (toolSlug, toolArgs) => {
          if (META_TOOLS[toolSlug.toUpperCase()])
            return { data: {}, error: 'meta tools cannot be called from the workbench', successful: false };
          try {
            const res = await executeAppTool(rt, session, toolSlug, toolArgs);
            return { data: res.data, error: res.error, successful: !res.error };
          } catch (err) {
            return { data: {}, error: err instanceof Error ? err.message : String(err), successful: false };
          }
        },
      });
      return r.error ? fail(r.error, r.data) : ok(r.data);
    }
    default:
      throw errors.badRequest(`Meta tool ${slug} is not implemented`, 'ToolRouter_MetaToolUnavailable');
  }
}

async function multiExecute(rt: Runtime, session: Session, args: Record<string, unknown>): Promise<SessionExecResult> {
  const calls = Array.isArray(args.tools) ? args.tools.map(asObject) : [];
  if (!calls.length) return fail('tools must be a non-empty array of {tool_slug, arguments}');
  if (calls.length > MAX_MULTI_EXECUTE)
    return fail(`At most ${MAX_MULTI_EXECUTE} tools per call (got ${calls.length})`);
  const results = await Promise.all(
    calls.map(async (c, index) => {
      const slug = typeof c.tool_slug === 'string' ? c.tool_slug : '';
      try {
        if (!slug) throw errors.validation('tool_slug is required');
        if (META_TOOLS[slug.toUpperCase()])
          throw errors.badRequest('Meta tools cannot be run through COMPOSIO_MULTI_EXECUTE_TOOL');
        const r = await executeAppTool(
          rt,
          session,
          slug,
          asObject(c.arguments),
          typeof c.account === 'string' ? c.account : undefined,
        );
        return {
          index,
          tool_slug: slug.toUpperCase(),
          response: { successful: !r.error, data: r.data, ...(r.error ? { error: r.error } : {}) },
          log_id: r.log_id,
          ...(r.error ? { error: r.error } : {}),
        };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        return {
          index,
          tool_slug: slug.toUpperCase(),
          response: { successful: false, data: {}, error: message },
          error: message,
        };
      }
    }),
  );
  const failed = results.filter((r) => r.error).length;
  const data = { results, total_count: results.length, success_count: results.length - failed, error_count: failed };
  return failed ? fail(`${failed} out of ${results.length} tools failed`, data) : ok(data);
}

async function manageConnections(
  rt: Runtime,
  session: Session,
  args: Record<string, unknown>,
): Promise<SessionExecResult> {
  const toolkits = strings(args.toolkits)?.map((t) => t.toLowerCase());
  if (!toolkits?.length) return fail('toolkits must be a non-empty array of toolkit slugs');
  const action = typeof args.action === 'string' ? args.action : 'initiate';
  if (!['initiate', 'status', 'remove'].includes(action)) return fail(`Unknown action ${action}`);
  if (action === 'remove' && session.config.manage_connections?.enable_connection_removal === false) {
    return fail('Removing connections is disabled in this session');
  }
  const accounts = await sessionUserAccounts(rt, session, toolkits);
  const results: Record<string, Record<string, unknown>> = {};
  let errorsCount = 0;
  for (const tk of toolkits) {
    if (!toolkitAllowed(session.config, tk)) {
      results[tk] = { status: 'error', message: `Toolkit ${tk} is not enabled in this session` };
      errorsCount++;
      continue;
    }
    const list = accounts.get(tk) ?? [];
    const st = connectionStatus(session, tk, list);
    try {
      if (action === 'status') {
        results[tk] = {
          status: st.has_active_connection ? 'active' : 'not_connected',
          message: st.status_message,
          ...(st.connection_details ?? {}),
        };
      } else if (action === 'remove') {
        const mine = sessionAccounts(session, tk, list);
        const target =
          typeof args.account_id === 'string'
            ? mine.find((a) => a.id === args.account_id || a.alias === args.account_id)
            : (mine.find(isUsable) ?? mine[0]);
        if (!target) {
          results[tk] = { status: 'not_connected', message: `No ${tk} connection to remove` };
        } else {
          await deleteAccount(rt, session.projectId, target.id);
          results[tk] = {
            status: 'removed',
            connected_account_id: target.id,
            message: `Removed ${tk} connection ${target.id}`,
          };
        }
      } else if (st.has_active_connection && args.reinitiate_all !== true) {
        results[tk] = { status: 'active', message: st.status_message, ...(st.connection_details ?? {}) };
      } else {
        const link = await createLink(rt, session.projectId, session, { toolkit: tk });
        results[tk] = {
          status: 'initiated',
          connected_account_id: link.connected_account_id,
          redirect_url: link.redirect_url,
          message: `Ask the user to open ${link.redirect_url} to connect ${tk}.`,
        };
      }
    } catch (err) {
      errorsCount++;
      results[tk] = { status: 'error', message: err instanceof Error ? err.message : String(err) };
    }
  }
  const data = { results };
  return errorsCount ? fail(`${errorsCount} out of ${toolkits.length} toolkits failed`, data) : ok(data);
}

async function waitForConnections(
  rt: Runtime,
  session: Session,
  args: Record<string, unknown>,
): Promise<SessionExecResult> {
  const toolkits = strings(args.toolkits)?.map((t) => t.toLowerCase());
  if (!toolkits?.length) return fail('toolkits must be a non-empty array of toolkit slugs');
  const timeoutMs =
    (typeof args.timeout_seconds === 'number' ? Math.min(Math.max(args.timeout_seconds, 1), 120) : 60) * 1000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accounts = await sessionUserAccounts(rt, session, toolkits);
    const statuses = Object.fromEntries(
      toolkits.map((tk) => [tk, connectionStatus(session, tk, accounts.get(tk) ?? []).has_active_connection]),
    );
    const pending = toolkits.filter((tk) => !statuses[tk]);
    if (!pending.length) return ok({ connected: toolkits, pending: [], statuses });
    if (Date.now() >= deadline)
      return fail(`Timed out waiting for: ${pending.join(', ')}`, {
        connected: toolkits.filter((tk) => statuses[tk]),
        pending,
        statuses,
      });
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** POST …/proxy_execute: the account is the session's for that toolkit. */
export async function proxyInSession(
  rt: Runtime,
  session: Session,
  body: Omit<ProxyExecuteInput, 'connected_account_id'> & { toolkit_slug: string },
  requestId?: string,
) {
  const toolkit = body.toolkit_slug.toLowerCase();
  if (!toolkitAllowed(session.config, toolkit))
    throw errors.forbidden(`Toolkit ${toolkit} is not enabled in this session`);
  const { toolkit_slug: _t, ...rest } = body;
  const opts = { source: 'session', sessionId: session.id, requestId };
  if (rest.custom_connection_data) return proxyExecute(rt, session.projectId, rest, opts);
  const accounts = (await sessionUserAccounts(rt, session, [toolkit])).get(toolkit) ?? [];
  const account = pickAccount(session, toolkit, accounts);
  return proxyExecute(rt, session.projectId, { ...rest, connected_account_id: account.id }, opts);
}
