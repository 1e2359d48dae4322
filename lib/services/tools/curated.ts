/**
 * Run-time side of curated tools (lib/catalog/curated): argument preparation for mappings and
 * the context composites get. A composite's `ctx.call` builds each request the way a generated
 * tool's request is finished (base URL with overrides, default headers, custom parameters,
 * credentials) and sends it through the executor's `send`, which is the refresh-on-401 path.
 */
import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import {
  ToolFailure,
  type CuratedContext,
  type FileDescriptor,
  type ProviderRequest,
  type ProviderResponse,
} from '../../catalog/curated/types';
import type { OutRequest } from './credentials';
import {
  baseUrlFor,
  bodySize,
  defaultBaseOf,
  setBody,
  upstreamMessage,
  type UpstreamFailure,
  type UpstreamResult,
} from './http';
import { readStagedFile } from '../files/staged';
import { stageBinary } from './binary';
import { boxApi } from '../workbench/box-api';
import { workbenchAvailable } from '../workbench/sandbox';
import { envValue } from '../../config';
import type { OperatorSetting } from '../../catalog/curated/types';

const SETTINGS: Record<OperatorSetting, Parameters<typeof envValue>[0]> = {
  search_serpapi_key: 'JUNCTION_SEARCH_SERPAPI_KEY',
  search_serpapi_url: 'JUNCTION_SEARCH_SERPAPI_URL',
  search_groq_key: 'JUNCTION_SEARCH_GROQ_KEY',
};

/** Mapping tools: defaults for absent arguments, then the declaration's own rewriting. */
export function prepareMappingArgs(tool: ToolDef, args: Record<string, unknown>): Record<string, unknown> {
  const c = tool.curated;
  if (!c || c.kind !== 'mapping') return args;
  let out = args;
  if (c.defaults) {
    out = { ...args };
    for (const [k, v] of Object.entries(c.defaults)) if (out[k] === undefined) out[k] = v;
  }
  return c.prepare ? c.prepare(out) : out;
}

/**
 * Hosted tools accept flattened nested arguments (`config__url` for `config.url`). A key with
 * `__` that is not itself a parameter is folded into the nested object it names.
 */
export function unflattenArgs(tool: ToolDef, args: Record<string, unknown>): Record<string, unknown> {
  const props = (tool.inputParameters.properties ?? {}) as Record<string, unknown>;
  if (!Object.keys(args).some((k) => k.includes('__') && !(k in props))) return args;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    if (!k.includes('__') || k in props) {
      out[k] = v;
      continue;
    }
    const parts = k.split('__').filter(Boolean);
    let cur = out;
    for (const p of parts.slice(0, -1)) {
      const next = cur[p];
      if (!next || typeof next !== 'object' || Array.isArray(next)) cur[p] = {};
      else cur[p] = { ...(next as Record<string, unknown>) };
      cur = cur[p] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    if (cur[last] === undefined) cur[last] = v; // the nested form wins when both are given
  }
  return out;
}

export type Send = (
  build: (auth: import('./credentials').CallAuth) => OutRequest,
) => Promise<{ req: OutRequest; out: UpstreamResult | UpstreamFailure }>;

export interface CompositeTrace {
  lastReq?: OutRequest;
  lastStatus?: number;
  requestBytes: number;
  responseBytes: number;
  calls: number;
}

export interface CompositeEnv {
  rt: Runtime;
  projectId: string;
  toolkit: ToolkitDef;
  /** finishes a request: default headers, custom parameters, credentials */
  finish: (req: OutRequest, auth: import('./credentials').CallAuth) => void;
  /** the base URL for an auth (with account/custom overrides) */
  baseFor: (auth: import('./credentials').CallAuth) => string;
  send: Send;
}

function failureStatus(f: UpstreamFailure): string {
  return f.kind === 'timeout' ? 'upstream_timeout' : f.kind === 'blocked' ? 'upstream_refused' : 'upstream_unreachable';
}

function buildUrl(base: string, toolkit: ToolkitDef, r: ProviderRequest, defaultBase: string): URL {
  let url: URL;
  if (r.url) {
    const u = new URL(r.url);
    // another host of the provider: a connection's base_url override replaces its origin too
    url = base !== defaultBase ? new URL(new URL(base).origin + u.pathname + u.search) : u;
  } else {
    url = new URL(base + (r.path?.startsWith('/') ? '' : '/') + (r.path ?? ''));
  }
  for (const [k, v] of Object.entries(r.query ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) url.searchParams.append(k, String(x));
    else url.searchParams.append(k, String(v));
  }
  void toolkit;
  return url;
}

export function compositeContext(env: CompositeEnv, trace: CompositeTrace): CuratedContext {
  const { rt, projectId, toolkit } = env;
  const call = async (r: ProviderRequest): Promise<ProviderResponse> => {
    const { req, out } = await env.send((auth) => {
      const base = env.baseFor(auth);
      const defaultBase = defaultBaseOf(toolkit, auth.mode).replace(/\/+$/, '');
      const req: OutRequest = { method: r.method, url: buildUrl(base, toolkit, r, defaultBase), headers: {} };
      for (const [k, v] of Object.entries(r.headers ?? {})) req.headers[k.toLowerCase()] = v;
      if (r.rawBody !== undefined) {
        req.body = r.rawBody;
        req.headers['content-type'] = r.contentType ?? 'application/octet-stream';
      } else if (r.body !== undefined) {
        setBody(req, r.body, r.contentType ?? 'application/json', toolkit.slug);
      }
      env.finish(req, auth);
      return req;
    });
    trace.calls++;
    trace.lastReq = req;
    trace.requestBytes += bodySize(req.body);
    if (out.kind !== 'response') {
      throw new ToolFailure(
        out.message,
        { http_error: failureStatus(out), status_code: null, message: out.message },
        out.detail,
      );
    }
    trace.lastStatus = out.status;
    trace.responseBytes += out.bytes;
    const headers: Record<string, string> = {};
    out.headers.forEach((v, k) => {
      headers[k] = v;
    });
    return {
      status: out.status,
      ok: out.status >= 200 && out.status < 300,
      body: out.body,
      binary: out.binary,
      contentType: out.contentType,
      headers,
    };
  };
  return {
    call,
    async json<T>(r: ProviderRequest): Promise<T> {
      const res = await call(r);
      if (!res.ok) {
        const message = upstreamMessage(res.status, '', res.body);
        throw new ToolFailure(message, { http_error: res.body ?? null, status_code: res.status, message });
      }
      return (res.body && typeof res.body === 'object' ? res.body : {}) as T;
    },
    async readFile(d: FileDescriptor) {
      const f = await readStagedFile(rt, projectId, d.s3key);
      return { name: d.name ?? f.name, mimetype: d.mimetype ?? f.mimetype, content: f.body };
    },
    async stageFile(content: Buffer, name: string, mimetype: string) {
      const staged = await stageBinary(rt, projectId, content, mimetype, name);
      return { name, mimetype: staged.content_type, s3url: staged.url, size: staged.size };
    },
    now: () => new Date(),
    ...(workbenchAvailable() ? { sandbox: boxApi(projectId) } : {}),
    setting: (name: OperatorSetting) => envValue(SETTINGS[name]),
  };
}
