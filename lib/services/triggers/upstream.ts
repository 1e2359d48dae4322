import type { Runtime } from '../../runtime';
import { ApiError } from '../../contract/errors';
import { executeTool } from '../tools/execute';

/**
 * Upstream calls of the trigger engine go through the tool executor (credential injection,
 * single-flight token refresh, execution log): this only classifies what came back.
 */
export type UpstreamKind = 'ok' | 'auth' | 'rate_limited' | 'provider' | 'account' | 'unavailable';

export interface UpstreamResult {
  kind: UpstreamKind;
  status: number | null;
  data: unknown;
  retryAfterMs?: number;
  error?: string;
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n < 600 ? n : undefined;
};

function headerOf(h: unknown, name: string): string | undefined {
  if (!h || typeof h !== 'object') return undefined;
  for (const [k, v] of Object.entries(h as Record<string, unknown>))
    if (k.toLowerCase() === name) return v == null ? undefined : String(v);
  return undefined;
}

function retryAfter(h: unknown): number | undefined {
  const ms = headerOf(h, 'retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const ra = headerOf(h, 'retry-after');
  if (!ra) return undefined;
  if (/^\d+(\.\d+)?$/.test(ra)) return Number(ra) * 1000;
  const t = Date.parse(ra);
  return Number.isFinite(t) ? Math.max(0, t - Date.now()) : undefined;
}

export function classifyStatus(status: number | null): UpstreamKind {
  if (status === null) return 'provider';
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limited';
  return 'provider';
}

/** Run a catalog tool for an account and say how it went. Never throws for upstream failures. */
export async function callTool(
  rt: Runtime,
  projectId: string,
  accountId: string,
  toolSlug: string,
  args: Record<string, unknown>,
): Promise<UpstreamResult> {
  let res: Awaited<ReturnType<typeof executeTool>>;
  try {
    res = await executeTool(rt, projectId, { toolSlug, arguments: args, connectedAccountId: accountId });
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 501) return { kind: 'unavailable', status: null, data: null, error: err.message };
      // the account cannot be used (expired, disabled, deleted …)
      if (err.code >= 1800 && err.code < 1900)
        return { kind: 'account', status: err.status, data: null, error: err.message };
      if (err.status === 429)
        return {
          kind: 'rate_limited',
          status: 429,
          data: null,
          error: err.message,
          retryAfterMs: retryAfter(err.extra.headers),
        };
      return { kind: err.status >= 500 ? 'provider' : 'provider', status: err.status, data: null, error: err.message };
    }
    return { kind: 'provider', status: null, data: null, error: err instanceof Error ? err.message : String(err) };
  }
  const data = res.data as Record<string, unknown> | undefined;
  if (res.successful) return { kind: 'ok', status: 200, data };
  const status =
    num(data?.status_code) ??
    num(data?.status) ??
    num(data?.http_status) ??
    num((res as unknown as Record<string, unknown>).status_code) ??
    num(/\b([45]\d\d)\b/.exec(res.error ?? '')?.[1]) ??
    null;
  const headers = data?.headers ?? (res as unknown as Record<string, unknown>).headers;
  return {
    kind: classifyStatus(status),
    status,
    data,
    error: res.error ?? undefined,
    retryAfterMs: retryAfter(headers),
  };
}

/** The list in a tool's `data` at `path` ('' = the data itself), tolerant of an array wrapped in an object. */
export function itemsOf(data: unknown, path: string): Record<string, unknown>[] | undefined {
  const at = (o: unknown, p: string) => (p ? p.split('.').reduce<any>((x, k) => (x == null ? undefined : x[k]), o) : o);
  const direct = at(data, path);
  if (Array.isArray(direct)) return direct as Record<string, unknown>[];
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const wrap of ['data', 'response_data', 'items', 'results', 'body']) {
      const inner = (data as Record<string, unknown>)[wrap];
      if (inner === undefined) continue;
      const v = at(inner, path);
      if (Array.isArray(v)) return v as Record<string, unknown>[];
    }
  }
  return undefined;
}
