/**
 * Notion database views (the Views API, Notion-Version 2025-09-03 or later): list, read, create,
 * change and delete the saved table/board/calendar… presets of a database, and run a view's own
 * filter and sorts as a cached query whose results are paged by query id. Each tool is one Notion
 * call; they are composites only because the toolkit's default version header (2022-06-28) predates
 * views and a mapping cannot override it.
 */
import { composite, params, s } from './define';
import { ToolArgumentError, type CuratedContext, type CuratedTool } from './types';

const VIEWS_API = { 'Notion-Version': '2025-09-03' };
const enc = encodeURIComponent;
/** ids may be pasted as dashed UUIDs, bare 32-hex ids or Notion URLs ending in one */
const idOf = (v: unknown) =>
  String(v ?? '')
    .trim()
    .replace(/^https?:\/\/\S*?([0-9a-f]{32})(?:\?.*)?$/i, '$1');

const VIEW_ID = s.string('View id (from NOTION_LIST_VIEWS or the ?v= part of a database URL).', {
  examples: ['a3f1b2c4-5678-4def-abcd-1234567890ab'],
});
const QUERY_ID = s.string('Query id returned by NOTION_CREATE_VIEW_QUERY (cached for 15 minutes).');
const CURSOR = s.string('next_cursor of the previous page; omit for the first page.');
const PAGE_SIZE = s.integer('Most results per page (1-100).', { minimum: 1, maximum: 100 });
const VIEW_TYPES = ['table', 'board', 'calendar', 'timeline', 'gallery', 'list', 'form', 'chart', 'map', 'dashboard'];
const FILTER = s.object({}, 'A Notion filter object, as NOTION_QUERY_DATA_SOURCE takes it; sent unchanged.');
const SORTS = s.array(
  s.object(
    { property: s.string('Property name.'), direction: s.enum(['ascending', 'descending'], 'Direction.') },
    'Sort',
  ),
  'Notion sort objects, applied in order.',
);
const QUICK_FILTERS = s.object({}, "Notion quick-filter settings for the view's filter bar; sent unchanged.");
const CONFIGURATION = s.object(
  {},
  "Layout settings for the view's type (e.g. the board's group-by property, visible properties); Notion's JSON, sent unchanged.",
);

const call = (ctx: CuratedContext, req: Parameters<CuratedContext['json']>[0]) =>
  ctx.json({ ...req, headers: { ...VIEWS_API, ...req.headers } });

/** copy the given optional fields into a body, dropping absent ones (null clears a field on update) */
function pick(a: Record<string, unknown>, keys: string[]) {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (a[k] !== undefined) out[k] = a[k];
  return out;
}

export const notionViewTools: CuratedTool[] = [
  composite({
    slug: 'NOTION_LIST_VIEWS',
    name: 'List database views',
    tags: ['notion', 'database', 'view', 'read'],
    description:
      'List the saved views (table, board, calendar…) of a Notion database (database_id) or of one of its data sources (data_source_id); give one of the two. Returns view references with their ids, has_more and next_cursor; read one with NOTION_RETRIEVE_VIEW or run its filter with NOTION_CREATE_VIEW_QUERY.',
    input: params({
      database_id: s.string('Database id.'),
      data_source_id: s.string('Data source id (a table inside a database).'),
      start_cursor: CURSOR,
      page_size: PAGE_SIZE,
    }),
    run(ctx, a) {
      if (!a.database_id && !a.data_source_id) throw new ToolArgumentError('give database_id or data_source_id');
      return call(ctx, {
        method: 'GET',
        path: '/v1/views',
        query: {
          database_id: a.database_id ? idOf(a.database_id) : undefined,
          data_source_id: a.data_source_id ? idOf(a.data_source_id) : undefined,
          start_cursor: a.start_cursor as string | undefined,
          page_size: a.page_size as number | undefined,
        },
      });
    },
  }),
  composite({
    slug: 'NOTION_RETRIEVE_VIEW',
    name: 'Get database view',
    tags: ['notion', 'database', 'view', 'read'],
    description:
      'One database view by view_id: its name, type, parent database, data_source_id, saved filter, sorts and layout configuration. Change it with NOTION_UPDATE_VIEW.',
    input: params({ view_id: VIEW_ID }, ['view_id']),
    run: (ctx, a) => call(ctx, { method: 'GET', path: `/v1/views/${enc(idOf(a.view_id))}` }),
  }),
  composite({
    slug: 'NOTION_CREATE_VIEW',
    name: 'Create database view',
    tags: ['notion', 'database', 'view', 'create'],
    description:
      "Add a saved view to a Notion database: name, type (table, board, calendar, timeline, gallery, list, form, chart, map or dashboard) and the data_source_id it shows, placed as a tab of database_id or as a widget of a dashboard view (view_id). Optional filter and sorts in Notion's query format, quick_filters and a type-specific configuration. Returns the new view with its id.",
    input: params(
      {
        data_source_id: s.string('Data source the view shows (NOTION_FETCH_DATA or the database object lists them).'),
        name: s.string("The view's name, shown on its tab.", { examples: ['Open bugs'] }),
        type: s.enum(VIEW_TYPES, 'Layout of the view.', { default: 'table' }),
        database_id: s.string('Database to add the view to as a tab.'),
        view_id: s.string('A dashboard view to add this view to as a widget (instead of database_id).'),
        filter: FILTER,
        sorts: SORTS,
        quick_filters: QUICK_FILTERS,
        configuration: CONFIGURATION,
        position: s.object({}, "Where the tab goes among the database's views (Notion's position object)."),
      },
      ['data_source_id', 'name', 'type'],
    ),
    run(ctx, a) {
      if (!a.database_id && !a.view_id)
        throw new ToolArgumentError('give database_id (a tab) or view_id (a dashboard)');
      const body: Record<string, unknown> = {
        data_source_id: idOf(a.data_source_id),
        name: a.name,
        type: a.type,
        ...pick(a, ['filter', 'sorts', 'quick_filters', 'configuration', 'position']),
      };
      if (a.database_id) body.database_id = idOf(a.database_id);
      else body.view_id = idOf(a.view_id);
      return call(ctx, { method: 'POST', path: '/v1/views', body });
    },
  }),
  composite({
    slug: 'NOTION_UPDATE_VIEW',
    name: 'Update database view',
    tags: ['notion', 'database', 'view', 'update'],
    description:
      "Change a view's name, saved filter, sorts, quick_filters or configuration; only the fields you pass change, and null clears filter, sorts or quick_filters. The view's type cannot be changed. Returns the updated view.",
    input: params(
      {
        view_id: VIEW_ID,
        name: s.string('New name.'),
        // null clears a saved setting: these three accept it here
        filter: { ...FILTER, nullable: true },
        sorts: { ...SORTS, nullable: true },
        quick_filters: { ...QUICK_FILTERS, nullable: true },
        configuration: CONFIGURATION,
      },
      ['view_id'],
    ),
    run(ctx, a) {
      const body = pick(a, ['name', 'filter', 'sorts', 'quick_filters', 'configuration']);
      if (!Object.keys(body).length)
        throw new ToolArgumentError('give at least one of name, filter, sorts, quick_filters, configuration');
      return call(ctx, { method: 'PATCH', path: `/v1/views/${enc(idOf(a.view_id))}`, body });
    },
  }),
  composite({
    slug: 'NOTION_DELETE_VIEW',
    name: 'Delete database view',
    tags: ['notion', 'database', 'view', 'delete'],
    description:
      "Remove a saved view from its database (the database's rows are not touched). Returns the deleted view.",
    input: params({ view_id: VIEW_ID }, ['view_id']),
    run: (ctx, a) => call(ctx, { method: 'DELETE', path: `/v1/views/${enc(idOf(a.view_id))}` }),
  }),
  composite({
    slug: 'NOTION_CREATE_VIEW_QUERY',
    name: 'Run a view query',
    tags: ['notion', 'database', 'view', 'read'],
    description:
      "Run a view's own filter and sorts against its data source and get the first page of matching rows, as the view shows them. Notion caches the full result for 15 minutes: page on with NOTION_GET_VIEW_QUERY_RESULTS using the returned query id (and next_cursor), and free it with NOTION_DELETE_VIEW_QUERY.",
    input: params({ view_id: VIEW_ID, page_size: PAGE_SIZE }, ['view_id']),
    run: (ctx, a) =>
      call(ctx, {
        method: 'POST',
        path: `/v1/views/${enc(idOf(a.view_id))}/queries`,
        body: pick(a, ['page_size']),
      }),
  }),
  composite({
    slug: 'NOTION_GET_VIEW_QUERY_RESULTS',
    name: 'Get view query results',
    tags: ['notion', 'database', 'view', 'read'],
    description:
      'The next page of rows of a view query started with NOTION_CREATE_VIEW_QUERY: pass its view_id and query_id and the next_cursor of the previous page. Returns results, has_more and next_cursor; a 404 means the 15-minute cache expired, so run the query again.',
    input: params({ view_id: VIEW_ID, query_id: QUERY_ID, start_cursor: CURSOR, page_size: PAGE_SIZE }, [
      'view_id',
      'query_id',
    ]),
    run: (ctx, a) =>
      call(ctx, {
        method: 'GET',
        path: `/v1/views/${enc(idOf(a.view_id))}/queries/${enc(String(a.query_id))}`,
        query: { start_cursor: a.start_cursor as string | undefined, page_size: a.page_size as number | undefined },
      }),
  }),
  composite({
    slug: 'NOTION_DELETE_VIEW_QUERY',
    name: 'Delete view query',
    tags: ['notion', 'database', 'view'],
    description:
      'Drop a cached view query before its 15 minutes are up, once you have read the pages you need. Succeeds even when the query has already expired.',
    input: params({ view_id: VIEW_ID, query_id: QUERY_ID }, ['view_id', 'query_id']),
    run: (ctx, a) =>
      call(ctx, {
        method: 'DELETE',
        path: `/v1/views/${enc(idOf(a.view_id))}/queries/${enc(String(a.query_id))}`,
      }),
  }),
];
