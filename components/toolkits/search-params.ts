import type { QueryParams } from '@/lib/dashboard/client/api';

/** URL → catalog query; shared by the server page (prefetch) and the client grid, so their cache keys match. */
export function catalogQuery(sp: { q?: string | null; category?: string | null }): QueryParams {
  return { search: sp.q || undefined, category: sp.category || undefined, limit: 200, sort_by: 'alphabetically' };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function pickCatalogParams(sp: Record<string, string | string[] | undefined>) {
  return { q: first(sp.q)?.trim(), category: first(sp.category)?.trim() };
}
