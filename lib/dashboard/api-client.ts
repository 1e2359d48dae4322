import 'server-only';
import type { ActiveConnection } from './connections';

export { V3Error } from './v3-error';
import { V3Error } from './v3-error';

export type Query = Record<string, string | number | boolean | string[] | undefined | null>;

export function toSearch(query?: Query): string {
  if (!query) return '';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

export interface V3Call {
  method?: string;
  query?: Query;
  body?: unknown;
  timeoutMs?: number;
}

/** Organization-level routes authenticate with the org key (x-org-api-key), not the project key. */
export function isOrgPath(path: string): boolean {
  return path.startsWith('/org/owner/') || path === '/org/audit_log';
}

/** fetch(baseUrl + '/api/v3' + path) with the stored key; resolves the JSON body or throws V3Error. */
export async function v3<T = unknown>(
  conn: Pick<ActiveConnection, 'baseUrl' | 'apiKey' | 'orgApiKey'>,
  path: string,
  call: V3Call = {},
): Promise<T> {
  let keyHeader: Record<string, string> = { 'x-api-key': conn.apiKey };
  if (isOrgPath(path)) {
    if (!conn.orgApiKey) {
      throw new V3Error(
        409,
        'This API connection has no organization key',
        'Dashboard_NoOrgKey',
        'Add the organization key (x-org-api-key) to the connection under Settings → API connections.',
      );
    }
    keyHeader = { 'x-org-api-key': conn.orgApiKey };
  }
  const url = `${conn.baseUrl.replace(/\/+$/, '')}/api/v3${path}${toSearch(call.query)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: call.method ?? 'GET',
      headers: {
        ...keyHeader,
        accept: 'application/json',
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(call.timeoutMs ?? 30_000),
      cache: 'no-store',
    });
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
    throw new V3Error(
      502,
      `The API at ${conn.baseUrl} ${reason}`,
      'Dashboard_Unreachable',
      "Check the connection's base URL under Settings → API connections.",
    );
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const e = (
      json as
        | {
            error?: { message?: string; slug?: string; suggested_fix?: string; request_id?: string; errors?: string[] };
          }
        | undefined
    )?.error;
    if (e?.message)
      throw new V3Error(res.status, e.message, e.slug ?? 'Unknown', e.suggested_fix, e.request_id, e.errors);
    throw new V3Error(res.status, `HTTP ${res.status} from ${path}`, res.status === 404 ? 'Route_NotFound' : 'Unknown');
  }
  if (json === undefined)
    throw new V3Error(502, `The API returned a non-JSON body for ${path}`, 'Dashboard_BadResponse');
  return json as T;
}
