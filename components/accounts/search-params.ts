import type { QueryParams } from '@/lib/dashboard/client/api';

/** URL ↔ list query for connected accounts; shared by the server page (prefetch) and the client list. */
export const ACCOUNT_FILTERS = ['user_id', 'toolkit', 'auth_config', 'status', 'q', 'cursor'] as const;
export type AccountFilters = Partial<Record<(typeof ACCOUNT_FILTERS)[number], string>>;
export const PAGE_SIZE = 50;

/** The detail page's read: with the owner (see accountsQuery). */
export const ACCOUNT_READ_QUERY = { show_user_id: true } as const;
export const userHref = (userId: string) => `/accounts?user_id=${encodeURIComponent(userId)}`;

export function accountsQuery(f: AccountFilters): QueryParams {
  return {
    user_ids: f.user_id,
    toolkit_slugs: f.toolkit,
    auth_config_ids: f.auth_config,
    statuses: f.status,
    search: f.q,
    cursor: f.cursor,
    limit: PAGE_SIZE,
    // our API extension: the owner's user id (the hosted API leaves user_id empty)
    show_user_id: true,
    // PRIVATE and SHARED accounts alike (the API's default is PRIVATE only)
    account_type: 'ALL',
  };
}

export function pickFilters(sp: Record<string, string | string[] | undefined> | URLSearchParams): AccountFilters {
  const get = (k: string) =>
    sp instanceof URLSearchParams
      ? (sp.get(k) ?? undefined)
      : Array.isArray(sp[k])
        ? sp[k]![0]
        : (sp[k] as string | undefined);
  const out: AccountFilters = {};
  for (const k of ACCOUNT_FILTERS) {
    const v = get(k)?.trim();
    if (v) out[k] = v;
  }
  return out;
}
