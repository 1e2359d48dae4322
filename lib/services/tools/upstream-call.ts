import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { ApiError, errors, namedError } from '../../contract/errors';
import { resolveExecAccount, type ExecAccount } from './account';
import { MissingCredentialError, type CallAuth, type OutRequest } from './credentials';
import { fillTemplate, RequestBuildError, sendUpstream, type UpstreamFailure, type UpstreamResult } from './http';
import { freshCredentials, isRefreshable, noteAuthFailure } from './refresh';
import type { ExecuteToolInput } from './execute-types';

/**
 * What every kind of tool call shares (a generated or mapped tool, a composite, the proxy): whose
 * credentials it uses, the finishing touches on its request, and one upstream round with the
 * single forced refresh on 401.
 */
const USER_AGENT = 'Junction/0.1 (+tool-execution)';

export function requestProblem(e: unknown): ApiError | undefined {
  if (e instanceof RequestBuildError) return errors.validation(e.message, [e.message]);
  if (e instanceof MissingCredentialError) {
    return namedError('ConnectedAccount_MissingCredentials', `Cannot authenticate the call: ${e.message}`, {
      suggested_fix:
        'Update the connected account with the missing credential (PATCH /api/v3/connected_accounts/{id}).',
    });
  }
  return undefined;
}

export function finishRequest(
  req: OutRequest,
  toolkit: ToolkitDef | undefined,
  auth: CallAuth,
  params: { type: 'header' | 'query'; name: string; value: string | number }[] | undefined,
  sources: Record<string, unknown>[],
) {
  if (toolkit?.defaultHeaders) {
    for (const [k, v] of Object.entries(toolkit.defaultHeaders)) {
      const key = k.toLowerCase();
      if (req.headers[key] === undefined)
        req.headers[key] = fillTemplate(v, sources, `The ${k} header of ${toolkit.slug}`);
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

export function endpointOf(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** What the execution log keeps of a failure: the caller's message and, when there is one, the reason. */
export function failureLogText(f: UpstreamFailure): string {
  return (f.detail ? `${f.message} (${f.detail})` : f.message).slice(0, 500);
}

export function failureStatus(f: UpstreamFailure): string {
  return f.kind === 'timeout' ? 'upstream_timeout' : f.kind === 'blocked' ? 'upstream_refused' : 'upstream_unreachable';
}

export interface Auth {
  auth: CallAuth;
  account?: ExecAccount;
}

export async function resolveAuth(
  rt: Runtime,
  projectId: string,
  tool: ToolDef,
  toolkit: ToolkitDef,
  input: ExecuteToolInput,
): Promise<Auth> {
  const ccd = input.customConnectionData;
  if (ccd) {
    if (ccd.toolkitSlug && ccd.toolkitSlug.toLowerCase() !== toolkit.slug) {
      throw errors.validation(
        `custom_connection_data.toolkitSlug ${ccd.toolkitSlug} does not match the tool's toolkit ${toolkit.slug}`,
        [`custom_connection_data.toolkitSlug: expected ${toolkit.slug}`],
      );
    }
    return { auth: { mode: ccd.authScheme, val: ccd.val } };
  }
  const noAuth = tool.noAuth || (toolkit.noAuth && toolkit.authSchemes.length === 0);
  const customOnly = !!input.customAuthParams?.parameters?.length && !input.connectedAccountId;
  if ((noAuth || customOnly) && !input.connectedAccountId) return { auth: { mode: 'NO_AUTH', val: {} } };
  const account = await resolveExecAccount(rt, projectId, {
    connectedAccountId: input.connectedAccountId,
    userId: input.userId,
    toolkitSlug: toolkit.slug,
  });
  if (account.allowedTools && !account.allowedTools.includes(tool.slug)) {
    throw namedError(
      'Tool_NotAllowedForAuthConfig',
      `Tool ${tool.slug} is not allowed by auth config ${account.authConfigId} (tool_access_config.tools_available_for_execution / restrict_to_following_tools)`,
    );
  }
  return accountAuth(rt, projectId, account);
}

/** The credentials of a stored account for one call: refreshed first when an OAuth token is due. */
export async function accountAuth(rt: Runtime, projectId: string, account: ExecAccount): Promise<Auth> {
  let val = account.val;
  if (isRefreshable(account.authScheme)) {
    const fresh = await freshCredentials(rt, projectId, account).catch((e: unknown) => {
      throw e instanceof ApiError
        ? e
        : namedError(
            'ConnectedAccount_Expired',
            `Refreshing the access token of ${account.id} failed: ${(e as Error).message}`,
          );
    });
    if (fresh) val = fresh;
  }
  return {
    account,
    auth: {
      mode: account.authScheme,
      val,
      configCredentials: account.authConfigCredentials,
      authConfigType: account.authConfigType,
    },
  };
}

/** One upstream round, with the single forced refresh on 401 for OAuth accounts. */
export async function callWithRefresh(
  rt: Runtime,
  projectId: string,
  a: Auth,
  build: (auth: CallAuth) => OutRequest,
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

export function fileName(headers: { get(name: string): string | null }, url: URL): string {
  const cd = headers.get('content-disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  const raw = m?.[1] ?? url.pathname.split('/').filter(Boolean).pop() ?? 'file';
  try {
    return decodeURIComponent(raw).slice(0, 200);
  } catch {
    return raw.slice(0, 200);
  }
}
