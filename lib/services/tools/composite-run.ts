import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { errors } from '../../contract/errors';
import { enqueueToolLog, markAccountUsed, type ToolLogInsert } from '../logs/tool-logs';
import { applyCredentials } from './credentials';
import { baseUrlFor } from './http';
import { ToolArgumentError, ToolFailure } from '../../catalog/curated/types';
import { compositeContext, type CompositeTrace } from './curated';
import { callWithRefresh, endpointOf, finishRequest, type Auth } from './upstream-call';
import type { CustomAuthParams, ExecuteToolResult } from './execute-types';

/**
 * A curated composite: its handler makes one or more provider calls through `ctx.call`, each
 * built like a generated tool's request and sent by `callWithRefresh` (refresh on 401, SSRF
 * guard); one execution log row records the last endpoint and the summed sizes.
 */
export async function runComposite(
  rt: Runtime,
  projectId: string,
  tool: ToolDef,
  toolkit: ToolkitDef,
  args: Record<string, unknown>,
  a: Auth,
  custom: CustomAuthParams | undefined,
  configCreds: Record<string, unknown>,
  logBase: ToolLogInsert,
  started: number,
  fail: (e: unknown) => never,
): Promise<ExecuteToolResult> {
  const trace: CompositeTrace = { requestBytes: 0, responseBytes: 0, calls: 0 };
  const params = custom?.parameters?.map((p) => ({ type: p.in, name: p.name, value: p.value }));
  const ctx = compositeContext(
    {
      rt,
      projectId,
      toolkit,
      baseFor: (auth) => baseUrlFor(toolkit, undefined, [auth.val, configCreds], custom?.base_url, auth.mode),
      finish: (req, auth) => {
        finishRequest(req, toolkit, auth, params, [auth.val, configCreds]);
        applyCredentials(req, auth, toolkit);
      },
      send: (build) => callWithRefresh(rt, projectId, a, build),
    },
    trace,
  );
  const logOf = () => ({
    ...logBase,
    endpoint: trace.lastReq ? endpointOf(trace.lastReq.url) : null,
    requestBytes: trace.requestBytes,
    responseBytes: trace.responseBytes,
    httpStatus: trace.lastStatus ?? null,
    durationMs: Math.round(performance.now() - started),
  });
  let data: Record<string, unknown>;
  try {
    data = await tool.curated!.run!(ctx, args);
  } catch (e) {
    if (a.account && trace.calls) markAccountUsed(rt, a.account.id);
    if (e instanceof ToolFailure) {
      enqueueToolLog(rt, {
        ...logOf(),
        error: (e.logDetail ? `${e.message} (${e.logDetail})` : e.message).slice(0, 500),
      });
      return {
        data: { ...e.data, message: e.data.message ?? e.message },
        error: e.message,
        successful: false,
        log_id: logBase.id!,
      };
    }
    if (e instanceof ToolArgumentError)
      return fail(errors.validation(`Invalid arguments for ${tool.slug}: ${e.message}`, [e.message]));
    return fail(e);
  }
  if (a.account && trace.calls) markAccountUsed(rt, a.account.id);
  enqueueToolLog(rt, { ...logOf(), status: 'success' });
  return { data, error: null, successful: true, log_id: logBase.id! };
}
