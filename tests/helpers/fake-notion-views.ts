import type { FakeReply, FakeUpstream, RecordedRequest } from './fake-upstream';

/**
 * Notion's Views API (/v1/views…) on a loopback fake, checked the way Notion documents it: the
 * bearer token, Notion-Version 2025-09-03 or later (older versions have no views), a view type from
 * Notion's list, data_source_id + name + type on create and exactly one of database_id / view_id,
 * at least one field on update, database_id or data_source_id when listing. Views and cached
 * queries are kept so tests can read them back; query results are the data source's rows filtered
 * by the view's `checkbox equals` filter (enough to show the view's own filter is applied).
 */
export interface FakeNotionViews {
  views: Map<string, Record<string, any>>;
  /** rows per data source id: page objects with a `properties` map of plain values */
  rows: Map<string, Record<string, any>[]>;
  queries: Map<string, { view_id: string; results: Record<string, any>[] }>;
}

const TYPES = new Set([
  'table',
  'board',
  'calendar',
  'timeline',
  'gallery',
  'list',
  'form',
  'chart',
  'map',
  'dashboard',
]);

export function addNotionViews(f: FakeUpstream, token: string): FakeNotionViews {
  const state: FakeNotionViews = { views: new Map(), rows: new Map(), queries: new Map() };
  let n = 0;
  const id = (prefix: string) => `${prefix}${String(++n).padStart(7, '0')}-0000-4000-8000-000000000000`.slice(-36);
  const err = (status: number, code: string, message: string): FakeReply => ({
    status,
    json: { object: 'error', status, code, message },
  });
  const guard = (r: RecordedRequest): FakeReply | null => {
    if (r.headers.authorization !== `Bearer ${token}`) return err(401, 'unauthorized', 'API token is invalid.');
    const v = String(r.headers['notion-version'] ?? '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || v < '2025-09-03')
      return err(400, 'invalid_request', `Views are not available in Notion-Version ${v || '(none)'}.`);
    return null;
  };
  const body = (r: RecordedRequest) => (r.json ?? {}) as Record<string, any>;
  const matches = (row: Record<string, any>, filter: Record<string, any> | undefined) => {
    if (!filter?.property) return true;
    const want = filter.checkbox?.equals;
    return want === undefined || row.properties?.[filter.property] === want;
  };

  f.on('GET', '/v1/views', (r) => {
    const g = guard(r);
    if (g) return g;
    const db = r.query.get('database_id');
    const ds = r.query.get('data_source_id');
    if (!db && !ds) return err(400, 'validation_error', 'One of database_id or data_source_id should be defined.');
    const all = [...state.views.values()].filter(
      (v) => (!db || v.parent.database_id === db) && (!ds || v.data_source_id === ds),
    );
    const size = Number(r.query.get('page_size') ?? 100);
    const start = Number(r.query.get('start_cursor') ?? 0);
    const page = all.slice(start, start + size);
    const more = start + size < all.length;
    return {
      json: {
        object: 'list',
        type: 'view',
        results: page.map((v) => ({ object: 'view', id: v.id })),
        has_more: more,
        next_cursor: more ? String(start + size) : null,
      },
    };
  });
  f.on('POST', '/v1/views', (r) => {
    const g = guard(r);
    if (g) return g;
    const b = body(r);
    if (!b.data_source_id || !b.name || !b.type)
      return err(400, 'validation_error', 'body.data_source_id, body.name and body.type should be defined.');
    if (!TYPES.has(b.type))
      return err(400, 'validation_error', `body.type should be a view type, instead was \`${b.type}\`.`);
    if (!!b.database_id === !!b.view_id)
      return err(400, 'validation_error', 'Exactly one of body.database_id or body.view_id should be defined.');
    const view = {
      object: 'view',
      id: id('v'),
      parent: b.database_id
        ? { type: 'database_id', database_id: b.database_id }
        : { type: 'view_id', view_id: b.view_id },
      data_source_id: b.data_source_id,
      name: b.name,
      type: b.type,
      filter: b.filter ?? null,
      sorts: b.sorts ?? null,
      quick_filters: b.quick_filters ?? null,
      configuration: b.configuration ?? null,
    };
    state.views.set(view.id, view);
    return { json: view };
  });
  f.on('GET', '/v1/views/:id', (r, p) => {
    const g = guard(r);
    if (g) return g;
    const v = state.views.get(p.id!);
    return v ? { json: v } : err(404, 'object_not_found', `Could not find view with ID: ${p.id}.`);
  });
  f.on('PATCH', '/v1/views/:id', (r, p) => {
    const g = guard(r);
    if (g) return g;
    const v = state.views.get(p.id!);
    if (!v) return err(404, 'object_not_found', `Could not find view with ID: ${p.id}.`);
    const b = body(r);
    const keys = ['name', 'filter', 'sorts', 'quick_filters', 'configuration'].filter((k) => k in b);
    if (!keys.length) return err(400, 'validation_error', 'body should have at least one field to update.');
    if ('type' in b) return err(400, 'validation_error', 'body.type cannot be updated.');
    for (const k of keys) v[k] = b[k];
    return { json: v };
  });
  f.on('DELETE', '/v1/views/:id', (r, p) => {
    const g = guard(r);
    if (g) return g;
    const v = state.views.get(p.id!);
    if (!v) return err(404, 'object_not_found', `Could not find view with ID: ${p.id}.`);
    state.views.delete(p.id!);
    return { json: { ...v, in_trash: true } };
  });
  f.on('POST', '/v1/views/:id/queries', (r, p) => {
    const g = guard(r);
    if (g) return g;
    const v = state.views.get(p.id!);
    if (!v) return err(404, 'object_not_found', `Could not find view with ID: ${p.id}.`);
    const size = Number(body(r).page_size ?? 100);
    if (!(size >= 1 && size <= 100)) return err(400, 'validation_error', 'body.page_size should be between 1 and 100.');
    const results = (state.rows.get(v.data_source_id) ?? []).filter((row) => matches(row, v.filter));
    const qid = id('q');
    state.queries.set(qid, { view_id: v.id, results });
    return {
      json: {
        object: 'view_query',
        id: qid,
        view_id: v.id,
        total_count: results.length,
        results: results.slice(0, size),
        has_more: results.length > size,
        next_cursor: results.length > size ? String(size) : null,
      },
    };
  });
  f.on('GET', '/v1/views/:id/queries/:qid', (r, p) => {
    const g = guard(r);
    if (g) return g;
    const q = state.queries.get(p.qid!);
    if (!q || q.view_id !== p.id) return err(404, 'object_not_found', 'The view query has expired or does not exist.');
    const size = Number(r.query.get('page_size') ?? 100);
    const start = Number(r.query.get('start_cursor') ?? 0);
    const more = start + size < q.results.length;
    return {
      json: {
        object: 'list',
        type: 'page',
        results: q.results.slice(start, start + size),
        has_more: more,
        next_cursor: more ? String(start + size) : null,
      },
    };
  });
  f.on('DELETE', '/v1/views/:id/queries/:qid', (r, p) => {
    const g = guard(r);
    if (g) return g;
    state.queries.delete(p.qid!);
    return { json: { object: 'view_query', id: p.qid, deleted: true } };
  });
  return state;
}
