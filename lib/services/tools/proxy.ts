import type { Runtime } from '../../runtime';
import type { ToolkitDef } from '../../catalog/types';
import { errors, namedError } from '../../contract/errors';
import { notReachable, outboundFailure, outboundFetch, readCapped, UpstreamTooLargeError } from '../../net/outbound';
import { findToolkit } from '../toolkits/resolve';
import { enqueueToolLog, markAccountUsed, newLogId, type ToolLogInsert } from '../logs/tool-logs';
import { accountNotFound, resolveExecAccount } from './account';
import { applyCredentials, type CallAuth, type OutRequest } from './credentials';
import { baseUrlFor, bodySize, upstreamMessage } from './http';
import { stageBinary } from './binary';
import {
  accountAuth,
  callWithRefresh,
  endpointOf,
  failureLogText,
  fileName,
  finishRequest,
  requestProblem,
  type Auth,
} from './upstream-call';
import type { CustomConnectionData, ExecOptions } from './execute-types';

/** The credential-injecting proxy (`POST /tools/execute/proxy`): any endpoint of a connected account's API. */
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

const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'proxy-authenticate',
  'upgrade',
  'te',
  'trailer',
]);

async function proxyBody(
  rt: Runtime,
  input: ProxyExecuteInput,
): Promise<{ body?: Buffer | string; contentType?: string }> {
  if (input.binary_body) {
    const ct = input.binary_body.content_type ?? 'application/octet-stream';
    if ('base64' in input.binary_body) {
      const buf = Buffer.from(input.binary_body.base64, 'base64');
      if (buf.length > 4 * 1024 * 1024)
        throw errors.validation('binary_body.base64 exceeds 4 MB', [
          'binary_body.base64: at most 4 MB; use binary_body.url for larger files',
        ]);
      return { body: buf, contentType: ct };
    }
    let res;
    try {
      res = await outboundFetch(input.binary_body.url, {
        allowInsecure: rt.config.allowInsecureUrls,
        timeoutMs: 30_000,
      });
    } catch (e) {
      const f = outboundFailure(e);
      throw errors.badRequest(
        f.kind === 'form'
          ? `Cannot fetch binary_body.url: ${f.detail}`
          : f.kind === 'timeout'
            ? 'Cannot fetch binary_body.url: no answer in time'
            : `Cannot fetch binary_body.url: ${notReachable(new URL(input.binary_body.url).host, f.detail)}`,
        'Proxy_BinaryBodyUnreachable',
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw errors.badRequest(`Fetching binary_body.url failed with HTTP ${res.status}`, 'Proxy_BinaryBodyUnreachable');
    }
    let body: Buffer;
    try {
      body = await readCapped(res, rt.config.upstreamMaxBytes);
    } catch (e) {
      if (e instanceof UpstreamTooLargeError) {
        throw errors.badRequest(
          `binary_body.url answered with more than ${e.limit} bytes`,
          'Proxy_BinaryBodyTooLarge',
          'Send a smaller file, or ask the operator to raise JUNCTION_UPSTREAM_MAX_BYTES.',
        );
      }
      throw errors.badRequest(`Reading binary_body.url failed: ${(e as Error).message}`, 'Proxy_BinaryBodyUnreachable');
    }
    return { body, contentType: input.binary_body.content_type ?? res.headers.get('content-type') ?? ct };
  }
  if (input.body === undefined || input.body === null || input.method === 'GET' || input.method === 'HEAD') return {};
  if (typeof input.body === 'string')
    return {
      body: input.body,
      contentType: /^\s*[{[]/.test(input.body) ? 'application/json' : 'text/plain; charset=utf-8',
    };
  return { body: JSON.stringify(input.body), contentType: 'application/json' };
}

/** Call an arbitrary endpoint of a connected account's API with its credentials. */
export async function proxyExecute(
  rt: Runtime,
  projectId: string,
  input: ProxyExecuteInput,
  opts: ExecOptions = {},
): Promise<ProxyExecuteResult> {
  const started = performance.now();
  const ccd = input.custom_connection_data;
  let a: Auth;
  let toolkit: ToolkitDef | undefined;
  if (ccd) {
    toolkit = ccd.toolkitSlug ? await findToolkit(rt, projectId, ccd.toolkitSlug) : undefined;
    a = { auth: { mode: ccd.authScheme, val: ccd.val } };
  } else {
    if (!input.connected_account_id)
      throw accountNotFound('connected_account_id is required for proxy execution (or give custom_connection_data)');
    const account = await resolveExecAccount(rt, projectId, { connectedAccountId: input.connected_account_id });
    toolkit = await findToolkit(rt, projectId, account.toolkitSlug);
    a = await accountAuth(rt, projectId, account);
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
        throw errors.validation('endpoint must be an absolute URL when the toolkit is unknown', [
          'endpoint: give https://… or custom_connection_data.toolkitSlug',
        ]);
      }
      const base = toolkit
        ? baseUrlFor(toolkit, undefined, sources, undefined, auth.mode)
        : String(sources.find((s) => typeof s.base_url === 'string')!.base_url).replace(/\/+$/, '');
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
    id: newLogId(),
    projectId,
    kind: 'proxy',
    toolkitSlug: toolkit?.slug ?? ccd?.toolkitSlug ?? null,
    connectedAccountId: a.account?.id ?? null,
    userId: a.account?.userId ?? null,
    authConfigId: a.account?.authConfigId ?? null,
    status: 'failed',
    method: input.method,
    durationMs: 0,
    source: opts.source ?? 'api',
    sessionId: opts.sessionId ?? null,
    requestId: opts.requestId ?? null,
  };
  let call: Awaited<ReturnType<typeof callWithRefresh>>;
  try {
    call = await callWithRefresh(rt, projectId, a, build);
  } catch (e) {
    const err =
      requestProblem(e) ??
      (e instanceof TypeError
        ? errors.validation(`Invalid endpoint: ${e.message}`, ['endpoint: not a valid URL or path'])
        : e);
    enqueueToolLog(rt, {
      ...logBase,
      durationMs: Math.round(performance.now() - started),
      error: (err as Error).message.slice(0, 500),
    });
    throw err;
  }
  const { req, out } = call;
  if (a.account) markAccountUsed(rt, a.account.id);
  const common = {
    ...logBase,
    endpoint: endpointOf(req.url),
    requestBytes: bodySize(req.body),
    durationMs: Math.round(performance.now() - started),
  };
  if (out.kind !== 'response') {
    enqueueToolLog(rt, { ...common, error: failureLogText(out) });
    if (out.kind === 'blocked')
      throw errors.badRequest(
        out.message,
        'Proxy_UrlRefused',
        'Proxy only to public addresses (JUNCTION_ALLOW_INSECURE_URLS permits private ones for development).',
      );
    if (out.kind === 'timeout') throw namedError('Proxy_UpstreamTimeout', out.message);
    throw namedError('Proxy_UpstreamUnreachable', out.message);
  }
  const headers: Record<string, string> = {};
  out.headers.forEach((v, k) => {
    if (!HOP_HEADERS.has(k)) headers[k] = v;
  });
  const ok = out.status >= 200 && out.status < 400;
  enqueueToolLog(rt, {
    ...common,
    status: ok ? 'success' : 'failed',
    httpStatus: out.status,
    responseBytes: out.bytes,
    error: ok ? null : upstreamMessage(out.status, out.statusText, out.body).slice(0, 500),
  });
  if (out.binary) {
    const staged = await stageBinary(rt, projectId, out.binary, out.contentType, fileName(out.headers, req.url));
    return { status: out.status, headers, binary_data: staged };
  }
  return { status: out.status, data: out.body === '' ? null : out.body, headers };
}
