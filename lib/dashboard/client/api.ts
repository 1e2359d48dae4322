/** Browser side of the dashboard's API access: everything goes through /api/dash (the key stays on the server). */
export type QueryParams = Record<string, string | number | boolean | string[] | undefined | null>;

export { V3Error as ApiErr } from '../v3-error';
import { V3Error as ApiErr } from '../v3-error';

/** Drops empty values and joins lists, so server prefetch and client hooks build identical keys. */
export function normalizeQuery(q?: QueryParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (!q) return out;
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

export const v3Key = (path: string, query?: QueryParams) => ['v3', path, normalizeQuery(query)] as const;

export async function api<T = unknown>(
  path: string,
  opts: { method?: string; query?: QueryParams; body?: unknown; base?: string } = {},
): Promise<T> {
  const qs = new URLSearchParams(normalizeQuery(opts.query)).toString();
  const res = await fetch(`${opts.base ?? '/api/dash/v3'}${path}${qs ? `?${qs}` : ''}`, {
    method: opts.method ?? 'GET',
    headers: {
      'x-junction-dashboard': '1',
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) {
    const e = (
      json as {
        error?: { message?: string; slug?: string; suggested_fix?: string; request_id?: string; errors?: string[] };
      }
    )?.error;
    if (res.status === 401 && e?.slug === 'Dashboard_SignedOut' && typeof window !== 'undefined') {
      window.location.href = `/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`;
    }
    throw new ApiErr(
      res.status,
      e?.message ?? `Request failed (HTTP ${res.status})`,
      e?.slug ?? 'Unknown',
      e?.suggested_fix,
      e?.request_id,
      e?.errors,
    );
  }
  return json as T;
}
