/**
 * Notion in the hosted vocabulary (Notion API 2022-06-28, the toolkit's version header).
 * Composites turn Markdown and the hosted simplified block form into block JSON, append in
 * batches of 100 (Notion's limit), build database filters and property values from simple
 * arguments by reading the database's column types, and render pages as Markdown; the rest map
 * onto one Notion endpoint (paths under /v1, argument names as Notion spells them).
 */
import { composite, params, s } from './define';
import {
  blocksToMarkdown,
  markdownToBlocks,
  propertyValue,
  richText,
  simpleBlock,
  type NotionBlock,
  SIMPLE_BLOCK_KINDS,
} from './notion-blocks';
import { parseInline } from './markdown-blocks';
import { notionViewTools } from './notion-views';
import { restMapping, type RestDef } from './rest-mapping';
import { ToolArgumentError, ToolFailure, type CuratedContext, type CuratedTool } from './types';

const enc = encodeURIComponent;
const ID = (what: string) =>
  s.string(`${what} id (UUID with or without dashes; the 32 hex characters at the end of its Notion URL).`, {
    examples: ['59833787-2cf9-4fdf-8782-e53db20768a5'],
  });
const CURSOR = s.string('next_cursor of the previous page; omit for the first page.');
const PAGE_SIZE = s.integer('Most results per page (up to 100).', { default: 100, minimum: 1, maximum: 100 });
const SIMPLE_BLOCK = s.object(
  {
    content: s.string('Text of the block; inline Markdown (**bold**, *italic*, `code`, [link](url)) is honoured.'),
    block_property: s.enum(SIMPLE_BLOCK_KINDS, 'Kind of block.', { default: 'paragraph' }),
    link: s.string('URL: a link on the text, or the media/bookmark address.'),
    bold: s.boolean('Bold.'),
    italic: s.boolean('Italic.'),
    code: s.boolean('Inline code.'),
    checked: s.boolean('to_do: ticked.'),
    language: s.string('code: language.'),
  },
  'A block: {content, block_property} or a full Notion block object ({"type": "paragraph", "paragraph": {...}}).',
);

const n = (def: RestDef) => restMapping({ ...def, tags: def.tags ?? ['notion'] }, (k) => k, 'notion');
const dashless = (id: unknown) =>
  String(id ?? '')
    .trim()
    .replace(/^https?:\/\/\S*?([0-9a-f]{32})(?:\?.*)?$/i, '$1');

/** Append blocks under a parent in batches of 100; returns every created block. */
async function appendBlocks(ctx: CuratedContext, parentId: string, blocks: NotionBlock[], after?: string) {
  const results: unknown[] = [];
  let anchor = after;
  for (let i = 0; i < blocks.length; i += 100) {
    const res = await ctx.json<{ results?: { id: string }[] }>({
      method: 'PATCH',
      path: `/v1/blocks/${enc(parentId)}/children`,
      body: { children: blocks.slice(i, i + 100), ...(anchor ? { after: anchor } : {}) },
    });
    const got = res.results ?? [];
    results.push(...got);
    if (anchor && got.length) anchor = got[got.length - 1]!.id; // keep later batches after the earlier ones
  }
  return results;
}

async function database(ctx: CuratedContext, id: string) {
  return ctx.json<{
    id: string;
    title?: unknown;
    properties: Record<string, { id: string; type: string; name?: string }>;
  }>({ method: 'GET', path: `/v1/databases/${enc(id)}` });
}

/** Simple properties ([{name, type?, value}] or {Name: value}) → Notion property values, typed from the schema. */
function buildProperties(schema: Record<string, { type: string }>, given: unknown): Record<string, unknown> {
  const entries: { name: string; type?: string; value: unknown }[] = Array.isArray(given)
    ? (given as Record<string, unknown>[]).map((p) => ({
        name: String(p.name),
        type: p.type as string | undefined,
        value: p.value,
      }))
    : Object.entries((given ?? {}) as Record<string, unknown>).map(([name, value]) => ({ name, value }));
  const out: Record<string, unknown> = {};
  for (const e of entries) {
    const col = schema[e.name] ?? Object.entries(schema).find(([k]) => k.toLowerCase() === e.name.toLowerCase())?.[1];
    const name = schema[e.name] ? e.name : Object.keys(schema).find((k) => k.toLowerCase() === e.name.toLowerCase());
    if (!col || !name)
      throw new ToolArgumentError(
        `"${e.name}" is not a property of this database; properties: ${Object.keys(schema).join(', ')}`,
      );
    // a raw Notion property value (an object keyed by its type, maybe as JSON text) is passed as it is
    let raw = e.value;
    if (typeof raw === 'string' && raw.trim().startsWith('{')) {
      try {
        raw = JSON.parse(raw) as unknown;
      } catch {
        /* plain text after all */
      }
    }
    if (raw && typeof raw === 'object' && !Array.isArray(raw) && col.type in (raw as object)) out[name] = raw;
    else out[name] = propertyValue(e.type ?? col.type, e.value, name);
  }
  return out;
}

const createPage = composite({
  slug: 'NOTION_CREATE_NOTION_PAGE',
  name: 'Create page',
  important: true,
  tags: ['notion', 'page', 'create', 'markdown'],
  aliases: ['NOTION_CREATE_PAGE'],
  description:
    "Create a Notion page under a parent page or in a database (parent_id; the integration must have access to it), titled title, with its body written in markdown (headings, lists, to-dos, quotes, code fences, dividers, **bold**, *italic*, `code`, [links](url) become Notion blocks; long text is split at Notion's 2000-character limit). Optional icon (an emoji) and cover (image URL). Returns the page with id and url; add more content with NOTION_ADD_MULTIPLE_PAGE_CONTENT. For database rows with properties use NOTION_INSERT_ROW_DATABASE.",
  input: params(
    {
      parent_id: ID('Parent page or database'),
      title: s.string('Page title.', { examples: ['Weekly notes'] }),
      markdown: s.string('Page content in Markdown.', { examples: ['## Agenda\n- Budget\n- [ ] Send recap'] }),
      icon: s.string('Emoji icon, e.g. 📝.'),
      cover: s.string('Cover image URL.'),
    },
    ['parent_id', 'title'],
  ),
  output: params({ id: s.string('Page id'), url: s.string('Page URL'), parent: s.object({}, 'Parent') }),
  normalize: (a) =>
    a.markdown === undefined && typeof a.content === 'string' ? { ...a, markdown: a.content, content: undefined } : a,
  async run(ctx, a) {
    const parentId = dashless(a.parent_id);
    let parent: Record<string, unknown>;
    let titleProp = 'title';
    const asPage = await ctx.call({ method: 'GET', path: `/v1/pages/${enc(parentId)}` });
    if (asPage.ok) parent = { page_id: parentId };
    else {
      const asDb = await ctx.call({ method: 'GET', path: `/v1/databases/${enc(parentId)}` });
      if (!asDb.ok) {
        const msg = (asPage.body as { message?: string })?.message ?? `Notion answered ${asPage.status}`;
        throw new ToolFailure(`parent_id is neither a page nor a database the integration can reach: ${msg}`, {
          status_code: asPage.status,
          http_error: asPage.body ?? null,
        });
      }
      parent = { database_id: parentId };
      const props = (asDb.body as { properties?: Record<string, { type: string }> }).properties ?? {};
      titleProp = Object.entries(props).find(([, p]) => p.type === 'title')?.[0] ?? 'Name';
    }
    const blocks = markdownToBlocks(String(a.markdown ?? ''));
    const body: Record<string, unknown> = {
      parent,
      properties: { [titleProp]: { title: richText(parseInline(String(a.title))) } },
      children: blocks.slice(0, 100),
    };
    if (a.icon) body.icon = { type: 'emoji', emoji: a.icon };
    if (a.cover) body.cover = { type: 'external', external: { url: a.cover } };
    const page = await ctx.json<Record<string, unknown> & { id: string }>({ method: 'POST', path: '/v1/pages', body });
    if (blocks.length > 100) await appendBlocks(ctx, page.id, blocks.slice(100));
    return page;
  },
});

const addContent = composite({
  slug: 'NOTION_ADD_MULTIPLE_PAGE_CONTENT',
  name: 'Add content blocks',
  important: true,
  tags: ['notion', 'block', 'write'],
  description:
    'Append blocks to a page or block (parent_block_id): content_blocks is a list of simple blocks {content, block_property: paragraph | heading_1-3 | bulleted_list_item | numbered_list_item | to_do | toggle | quote | callout | code | divider | image…} or full Notion block objects; or pass markdown instead. Inline Markdown in content is honoured and long text is split for Notion. after inserts below that child block instead of at the end. Returns the created blocks.',
  input: params(
    {
      parent_block_id: ID('Page or block to add to'),
      content_blocks: s.array(SIMPLE_BLOCK, 'Blocks to add, in order.'),
      markdown: s.string('Content as Markdown (instead of content_blocks).'),
      after: ID('Existing child block to insert after'),
    },
    ['parent_block_id'],
  ),
  async run(ctx, a) {
    const blocks = a.markdown
      ? markdownToBlocks(String(a.markdown))
      : ((a.content_blocks as Record<string, unknown>[] | undefined) ?? []).flatMap((b, i) =>
          simpleBlock(b, `content_blocks[${i}]`),
        );
    if (!blocks.length) throw new ToolArgumentError('give content_blocks or markdown');
    const results = await appendBlocks(
      ctx,
      dashless(a.parent_block_id),
      blocks,
      a.after ? dashless(a.after) : undefined,
    );
    return { object: 'list', results, block_count: results.length };
  },
});

const addOne = composite({
  slug: 'NOTION_ADD_PAGE_CONTENT',
  name: 'Add one content block',
  deprecated: true,
  tags: ['notion', 'block', 'write'],
  description:
    'Append one simple block (content_block {content, block_property}) to a page or block; prefer NOTION_ADD_MULTIPLE_PAGE_CONTENT. Returns the created block(s).',
  input: params(
    {
      parent_block_id: ID('Page or block to add to'),
      content_block: SIMPLE_BLOCK,
      after: ID('Child block to insert after'),
    },
    ['parent_block_id', 'content_block'],
  ),
  async run(ctx, a) {
    const results = await appendBlocks(
      ctx,
      dashless(a.parent_block_id),
      simpleBlock(a.content_block as Record<string, unknown>, 'content_block'),
      a.after ? dashless(a.after) : undefined,
    );
    return { object: 'list', results };
  },
});

const appendKinds: [string, string, string][] = [
  ['NOTION_APPEND_BLOCK_CHILDREN', 'Append raw blocks', 'any Notion block objects'],
  [
    'NOTION_APPEND_TEXT_BLOCKS',
    'Append text blocks',
    'paragraph, heading_1-3, bulleted_list_item and numbered_list_item blocks',
  ],
  ['NOTION_APPEND_TASK_BLOCKS', 'Append task blocks', 'to_do, toggle and callout blocks (they may carry children)'],
  ['NOTION_APPEND_CODE_BLOCKS', 'Append code blocks', 'code, quote and equation blocks'],
  [
    'NOTION_APPEND_MEDIA_BLOCKS',
    'Append media blocks',
    'image, video, audio, file, pdf, embed and bookmark blocks with external URLs',
  ],
  [
    'NOTION_APPEND_LAYOUT_BLOCKS',
    'Append layout blocks',
    'divider, table_of_contents, breadcrumb and column_list blocks',
  ],
  ['NOTION_APPEND_TABLE_BLOCKS', 'Append table blocks', 'table blocks with their table_row children'],
];
const appendTools = appendKinds.map(([slug, name, what]) =>
  composite({
    slug,
    name,
    tags: ['notion', 'block', 'write'],
    description: `Append ${what} (Notion block JSON in children, e.g. {"type": "paragraph", "paragraph": {"rich_text": [{"text": {"content": "Hi"}}]}}) to a page or block (block_id), at the end or after a given child block. Batches of more than 100 are split. Text in one rich_text item is limited to 2000 characters. For plain text or Markdown NOTION_ADD_MULTIPLE_PAGE_CONTENT is simpler. Returns the created blocks.`,
    input: params(
      {
        block_id: ID('Page or block to append to'),
        children: s.array(s.object({}, 'A Notion block'), 'Blocks to append.'),
        after: ID('Child block to insert after'),
      },
      ['block_id', 'children'],
    ),
    async run(ctx, a) {
      const children = a.children as Record<string, unknown>[];
      if (!Array.isArray(children) || !children.length)
        throw new ToolArgumentError('children must be a non-empty list of blocks');
      const blocks = children.map((c, i) => {
        if (typeof c.type !== 'string' || c[c.type] === undefined)
          throw new ToolArgumentError(`children[${i}] needs "type" and an object under that type`);
        return { object: 'block', ...c } as NotionBlock;
      });
      const results = await appendBlocks(ctx, dashless(a.block_id), blocks, a.after ? dashless(a.after) : undefined);
      return { object: 'list', results };
    },
  }),
);

const search = composite({
  slug: 'NOTION_SEARCH_NOTION_PAGE',
  name: 'Search pages and databases',
  important: true,
  tags: ['notion', 'search'],
  description:
    'Search the pages and databases shared with the integration by title (query; empty lists everything), optionally only pages or only databases (filter_value), sorted by last edit. Returns results (id, url, object, title properties), has_more and next_cursor for the next page. Use a page id as parent_id or a database id with NOTION_QUERY_DATABASE.',
  input: params({
    query: s.string('Words in the title; empty for everything.', { default: '' }),
    filter_value: s.enum(['page', 'database'], 'Only pages or only databases.'),
    filter_property: s.string('Property to filter on (Notion supports "object").', { default: 'object' }),
    direction: s.enum(['ascending', 'descending'], 'Sort direction by last edit.', { default: 'descending' }),
    timestamp: s.string('Sort timestamp.', { default: 'last_edited_time' }),
    page_size: PAGE_SIZE,
    start_cursor: CURSOR,
  }),
  async run(ctx, a) {
    const body: Record<string, unknown> = {
      query: a.query ?? '',
      page_size: a.page_size ?? 100,
      sort: { direction: a.direction ?? 'descending', timestamp: a.timestamp ?? 'last_edited_time' },
    };
    if (a.filter_value) body.filter = { value: a.filter_value, property: a.filter_property ?? 'object' };
    if (a.start_cursor) body.start_cursor = a.start_cursor;
    return ctx.json({ method: 'POST', path: '/v1/search', body });
  },
});

const fetchData = composite({
  slug: 'NOTION_FETCH_DATA',
  name: 'List pages and databases',
  tags: ['notion', 'search'],
  description:
    'List what the integration can see, compactly: fetch_type pages, databases or all, optionally filtered by title words (query). Returns values: [{id, title, type, url}] — enough to pick a parent or database id.',
  input: params({
    fetch_type: s.enum(['pages', 'databases', 'all'], 'What to list.', { default: 'all' }),
    query: s.string('Words in the title.'),
    page_size: PAGE_SIZE,
  }),
  async run(ctx, a) {
    const body: Record<string, unknown> = { query: a.query ?? '', page_size: a.page_size ?? 100 };
    if (a.fetch_type === 'pages') body.filter = { value: 'page', property: 'object' };
    if (a.fetch_type === 'databases') body.filter = { value: 'database', property: 'object' };
    const res = await ctx.json<{ results?: Record<string, any>[]; has_more?: boolean; next_cursor?: string }>({
      method: 'POST',
      path: '/v1/search',
      body,
    });
    const title = (r: Record<string, any>) => {
      if (Array.isArray(r.title)) return r.title.map((t: any) => t.plain_text ?? '').join('');
      const p = Object.values(r.properties ?? {}).find(
        (x: any) => x?.type === 'title' || Array.isArray(x?.title),
      ) as any;
      return (p?.title ?? []).map((t: any) => t.plain_text ?? '').join('');
    };
    return {
      values: (res.results ?? []).map((r) => ({ id: r.id, title: title(r), type: r.object, url: r.url })),
      has_more: !!res.has_more,
      next_cursor: res.next_cursor ?? null,
    };
  },
});

const OPERATORS: Record<string, string> = {
  '=': 'equals',
  '==': 'equals',
  '!=': 'does_not_equal',
  '>': 'greater_than',
  '<': 'less_than',
  '>=': 'greater_than_or_equal_to',
  '<=': 'less_than_or_equal_to',
};
const SIMPLE_FILTER = s.object(
  {
    property: s.string('Column name.'),
    condition: s.string(
      'equals (default), does_not_equal, contains, does_not_contain, starts_with, ends_with, greater_than, less_than, on_or_after, before, after, is_empty, is_not_empty, or =, !=, >, <, >=, <=.',
      { default: 'equals' },
    ),
    value: s.string('Value to compare with (ignored for is_empty / is_not_empty).'),
  },
  'A condition on one column',
  { required: ['property'] },
);

/** Simple conditions → a Notion filter, typed from the database columns. */
function buildFilter(
  schema: Record<string, { type: string }>,
  conds: Record<string, unknown>[],
  mode: unknown,
): Record<string, unknown> | undefined {
  const parts = conds.map((c, i) => {
    const name =
      Object.keys(schema).find((k) => k === c.property) ??
      Object.keys(schema).find((k) => k.toLowerCase() === String(c.property).toLowerCase());
    if (!name)
      throw new ToolArgumentError(
        `filters[${i}].property "${String(c.property)}" is not a column; columns: ${Object.keys(schema).join(', ')}`,
      );
    const type = schema[name]!.type;
    const cond = OPERATORS[String(c.condition ?? 'equals')] ?? String(c.condition ?? 'equals');
    let value: unknown = c.value;
    if (cond === 'is_empty' || cond === 'is_not_empty') value = true;
    else if (type === 'number') value = Number(c.value);
    else if (type === 'checkbox') value = c.value === true || /^(true|yes|1)$/i.test(String(c.value));
    else value = String(c.value ?? '');
    const key =
      type === 'title' || type === 'rich_text' || type === 'url' || type === 'email' || type === 'phone_number'
        ? type
        : type;
    return { property: name, [key]: { [cond]: value } };
  });
  if (!parts.length) return undefined;
  return parts.length === 1 ? parts[0] : { [mode === 'or' ? 'or' : 'and']: parts };
}

const SORTS = s.array(
  s.object(
    {
      property_name: s.string('Column name, or created_time / last_edited_time.'),
      ascending: s.boolean('Ascending order.', { default: true }),
    },
    'A sort key',
  ),
  'Sort keys, first is primary.',
);
const sortsOf = (v: unknown) =>
  Array.isArray(v)
    ? (v as Record<string, unknown>[]).map((x) => {
        if (x.property !== undefined || x.timestamp !== undefined) return x; // already Notion's form
        const name = String(x.property_name ?? '');
        const direction = x.ascending === false ? 'descending' : 'ascending';
        return /^(created_time|last_edited_time)$/i.test(name)
          ? { timestamp: name.toLowerCase(), direction }
          : { property: name, direction };
      })
    : undefined;

async function queryDb(ctx: CuratedContext, a: Record<string, unknown>) {
  const id = dashless(a.database_id);
  let filter = a.filter as Record<string, unknown> | undefined;
  if (typeof filter === 'string') filter = JSON.parse(filter) as Record<string, unknown>;
  if (Array.isArray(a.filters) && a.filters.length) {
    const simple = buildFilter(
      (await database(ctx, id)).properties,
      a.filters as Record<string, unknown>[],
      a.filter_mode,
    );
    filter = filter ? { and: [filter, simple] } : simple;
  }
  const body: Record<string, unknown> = { page_size: a.page_size ?? 100 };
  if (filter) body.filter = filter;
  const sorts = sortsOf(a.sorts);
  if (sorts?.length) body.sorts = sorts;
  if (a.start_cursor) body.start_cursor = a.start_cursor;
  return ctx.json({ method: 'POST', path: `/v1/databases/${enc(id)}/query`, body });
}

const QUERY_INPUT = {
  database_id: ID('Database'),
  filters: s.array(
    SIMPLE_FILTER,
    'Simple conditions, e.g. [{"property": "Status", "value": "Done"}, {"property": "Score", "condition": ">", "value": "80"}]; column types are read from the database.',
  ),
  filter_mode: s.enum(['and', 'or'], 'How several filters combine.', { default: 'and' }),
  filter: s.object({}, 'A raw Notion filter object (combined with filters by and).'),
  sorts: SORTS,
  page_size: PAGE_SIZE,
  start_cursor: CURSOR,
};

const queryDatabase = composite({
  slug: 'NOTION_QUERY_DATABASE',
  name: 'Query database',
  important: true,
  tags: ['notion', 'database', 'read'],
  description:
    'Read the rows (pages) of a database, filtered by simple conditions on columns (filters: [{property, condition, value}], typed from the database so numbers, checkboxes, selects and dates compare correctly) or a raw Notion filter, sorted by columns or timestamps (sorts: [{property_name, ascending}]). Returns results (each row with its properties), has_more and next_cursor.',
  input: params(QUERY_INPUT, ['database_id']),
  run: queryDb,
});

const queryWithFilter = composite({
  slug: 'NOTION_QUERY_DATABASE_WITH_FILTER',
  name: 'Query database with filter',
  tags: ['notion', 'database', 'read'],
  description:
    'Same as NOTION_QUERY_DATABASE, for when the filtering is the point: give a raw Notion filter (e.g. {"property": "Status", "status": {"equals": "Done"}}) and/or simple filters [{property, condition, value}]. Returns results, has_more and next_cursor.',
  input: params(QUERY_INPUT, ['database_id']),
  run: queryDb,
});

const PROPS = s.array(
  s.object(
    {
      name: s.string('Column name.'),
      type: s.string(
        'Column type (read from the database when omitted): title, rich_text, number, select, multi_select, status, date, checkbox, url, email, phone_number, people, relation, files.',
      ),
      value: s.string(
        'Value: text, number, true/false, an option name, comma-separated names, ISO date (start/end), user or page ids.',
      ),
    },
    'A property value',
    { required: ['name', 'value'] },
  ),
  'Property values, e.g. [{"name": "Name", "value": "Launch"}, {"name": "Due", "value": "2025-03-01"}]. A map {"Name": "Launch"} is accepted too.',
);

/** `{Name: value}` maps and non-string values are accepted: they become [{name, value}] with text values. */
function normalizeProps(a: Record<string, unknown>): Record<string, unknown> {
  const text = (v: unknown) =>
    typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v ?? '');
  const p = a.properties;
  if (p && typeof p === 'object' && !Array.isArray(p))
    return { ...a, properties: Object.entries(p).map(([name, value]) => ({ name, value: text(value) })) };
  if (Array.isArray(p))
    return {
      ...a,
      properties: p.map((x) =>
        x && typeof x === 'object' && 'value' in x ? { ...x, value: text((x as { value: unknown }).value) } : x,
      ),
    };
  return a;
}

const insertRow = composite({
  slug: 'NOTION_INSERT_ROW_DATABASE',
  name: 'Insert database row',
  important: true,
  tags: ['notion', 'database', 'create'],
  description:
    "Add a row to a database: properties as [{name, value}] (or a {name: value} map) are converted to Notion property values by each column's type, read from the database (title, text, number, select, multi-select, status, date, checkbox, url, email, people, relation). child_blocks (simple blocks or Notion blocks) or markdown become the row page's content; icon is an emoji. Returns the new row (page) with id and url.",
  normalize: normalizeProps,
  input: params(
    {
      database_id: ID('Database'),
      properties: PROPS,
      child_blocks: s.array(SIMPLE_BLOCK, 'Content of the row page.'),
      markdown: s.string('Content of the row page as Markdown.'),
      icon: s.string('Emoji icon.'),
      cover: s.string('Cover image URL.'),
    },
    ['database_id'],
  ),
  async run(ctx, a) {
    const id = dashless(a.database_id);
    const db = await database(ctx, id);
    const body: Record<string, unknown> = {
      parent: { database_id: id },
      properties: buildProperties(db.properties, a.properties),
    };
    const children = a.markdown
      ? markdownToBlocks(String(a.markdown))
      : ((a.child_blocks as Record<string, unknown>[] | undefined) ?? []).flatMap((b, i) =>
          simpleBlock(b, `child_blocks[${i}]`),
        );
    if (children.length) body.children = children.slice(0, 100);
    if (a.icon) body.icon = { type: 'emoji', emoji: a.icon };
    if (a.cover) body.cover = { type: 'external', external: { url: a.cover } };
    const page = await ctx.json<Record<string, unknown> & { id: string }>({ method: 'POST', path: '/v1/pages', body });
    if (children.length > 100) await appendBlocks(ctx, page.id, children.slice(100));
    return page;
  },
});

const updateRow = composite({
  slug: 'NOTION_UPDATE_ROW_DATABASE',
  name: 'Update database row',
  important: true,
  tags: ['notion', 'database', 'update'],
  description:
    "Change property values of a database row (row_id, the row page's id) given as [{name, value}] or a {name: value} map, typed from its database; set icon or cover, or delete_row=true to move it to the trash. Returns the updated row.",
  normalize: normalizeProps,
  input: params(
    {
      row_id: ID('Row (page)'),
      properties: PROPS,
      icon: s.string('Emoji icon.'),
      cover: s.string('Cover image URL.'),
      delete_row: s.boolean('Move the row to the trash.', { default: false }),
    },
    ['row_id'],
  ),
  async run(ctx, a) {
    const id = dashless(a.row_id);
    const body: Record<string, unknown> = {};
    if (a.properties) {
      const page = await ctx.json<{ parent?: { database_id?: string } }>({
        method: 'GET',
        path: `/v1/pages/${enc(id)}`,
      });
      if (!page.parent?.database_id)
        throw new ToolArgumentError('row_id is not a row of a database; use NOTION_UPDATE_PAGE');
      body.properties = buildProperties((await database(ctx, page.parent.database_id)).properties, a.properties);
    }
    if (a.icon) body.icon = { type: 'emoji', emoji: a.icon };
    if (a.cover) body.cover = { type: 'external', external: { url: a.cover } };
    if (a.delete_row) body.archived = true;
    return ctx.json({ method: 'PATCH', path: `/v1/pages/${enc(id)}`, body });
  },
});

async function allChildren(
  ctx: CuratedContext,
  blockId: string,
  recursive: boolean,
  depth = 0,
): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const res = await ctx.json<{ results?: Record<string, any>[]; has_more?: boolean; next_cursor?: string }>({
      method: 'GET',
      path: `/v1/blocks/${enc(blockId)}/children`,
      query: { page_size: 100, start_cursor: cursor },
    });
    for (const b of res.results ?? []) {
      if (recursive && b.has_children && b.type !== 'child_page' && b.type !== 'child_database' && depth < 5)
        b.children = await allChildren(ctx, b.id, true, depth + 1);
      out.push(b);
    }
    if (!res.has_more || !res.next_cursor) break;
    cursor = res.next_cursor;
  }
  return out;
}

const fetchAll = composite({
  slug: 'NOTION_FETCH_ALL_BLOCK_CONTENTS',
  name: 'Fetch all blocks',
  tags: ['notion', 'block', 'read'],
  description:
    'Every child block of a page or block (block_id), following all pages of results; recursive=true also reads nested blocks (placed under children, up to 5 levels). For readable text use NOTION_GET_PAGE_MARKDOWN.',
  input: params(
    { block_id: ID('Page or block'), recursive: s.boolean('Read nested blocks too.', { default: false }) },
    ['block_id'],
  ),
  async run(ctx, a) {
    const blocks = await allChildren(ctx, dashless(a.block_id), a.recursive === true);
    return { blocks, block_count: blocks.length };
  },
});

const pageMarkdown = composite({
  slug: 'NOTION_GET_PAGE_MARKDOWN',
  name: 'Read page as Markdown',
  important: true,
  tags: ['notion', 'page', 'read', 'markdown'],
  description:
    "Read a page's content as Markdown (headings, lists, to-dos, quotes, code, links, nested blocks), with its title. Returns page_id, title, markdown and url. Edit it with NOTION_ADD_MULTIPLE_PAGE_CONTENT or NOTION_REPLACE_PAGE_CONTENT.",
  input: params({ page_id: ID('Page') }, ['page_id']),
  async run(ctx, a) {
    const id = dashless(a.page_id);
    const page = await ctx.json<Record<string, any>>({ method: 'GET', path: `/v1/pages/${enc(id)}` });
    const titleProp = Object.values(page.properties ?? {}).find(
      (p: any) => p?.type === 'title' || Array.isArray(p?.title),
    ) as any;
    const blocks = await allChildren(ctx, id, true);
    return {
      page_id: id,
      title: (titleProp?.title ?? []).map((t: any) => t.plain_text ?? t.text?.content ?? '').join(''),
      markdown: blocksToMarkdown(blocks),
      url: page.url,
    };
  },
});

const replaceContent = composite({
  slug: 'NOTION_REPLACE_PAGE_CONTENT',
  name: 'Replace page content',
  tags: ['notion', 'page', 'write', 'markdown'],
  description:
    "Rewrite a page's body: every current child block is moved to the trash, then markdown (or content_blocks) is appended. Notion has no transactions; with backup=true (default) the old content is returned as Markdown so it can be restored. Returns the deleted block count, the new blocks and the backup.",
  input: params(
    {
      page_id: ID('Page'),
      markdown: s.string('New content as Markdown.'),
      content_blocks: s.array(SIMPLE_BLOCK, 'New content as blocks.'),
      backup: s.boolean('Return the old content as Markdown.', { default: true }),
    },
    ['page_id'],
  ),
  async run(ctx, a) {
    const id = dashless(a.page_id);
    const blocks =
      a.markdown !== undefined
        ? markdownToBlocks(String(a.markdown))
        : ((a.content_blocks as Record<string, unknown>[] | undefined) ?? []).flatMap((b, i) =>
            simpleBlock(b, `content_blocks[${i}]`),
          );
    const old = await allChildren(ctx, id, a.backup !== false);
    for (const b of old) await ctx.json({ method: 'DELETE', path: `/v1/blocks/${enc(String(b.id))}` });
    const results = blocks.length ? await appendBlocks(ctx, id, blocks) : [];
    return {
      page_id: id,
      deleted_blocks: old.length,
      results,
      backup_markdown: a.backup !== false ? blocksToMarkdown(old) : null,
    };
  },
});

const createDatabase = composite({
  slug: 'NOTION_CREATE_DATABASE',
  name: 'Create database',
  tags: ['notion', 'database', 'create'],
  description:
    'Create a database as a child of a page (parent_id) titled title, with columns given as properties [{name, type}] (types: title, rich_text, number, select, multi_select, status, date, checkbox, url, email, phone_number, people, files, relation…; exactly one title column is added when none is given). Returns the database with its id.',
  input: params(
    {
      parent_id: ID('Parent page'),
      title: s.string('Database title.'),
      properties: s.array(
        s.object(
          {
            name: s.string('Column name'),
            type: s.string('Column type'),
            options: s.strings('Options for select / multi_select'),
            database_id: s.string('Related database (relation)'),
          },
          'A column',
          { required: ['name', 'type'] },
        ),
        'Columns.',
      ),
    },
    ['parent_id', 'title'],
  ),
  async run(ctx, a) {
    const props: Record<string, unknown> = {};
    for (const p of (a.properties as Record<string, any>[] | undefined) ?? []) {
      const conf: Record<string, unknown> = {};
      if ((p.type === 'select' || p.type === 'multi_select') && Array.isArray(p.options))
        conf.options = p.options.map((o: string) => ({ name: o }));
      if (p.type === 'relation') {
        if (!p.database_id) throw new ToolArgumentError(`column "${p.name}": a relation needs database_id`);
        conf.database_id = p.database_id;
        conf.single_property = {};
      }
      props[p.name] = { [p.type]: conf };
    }
    if (!Object.values(props).some((v) => 'title' in (v as object))) props.Name = { title: {} };
    return ctx.json({
      method: 'POST',
      path: '/v1/databases',
      body: {
        parent: { type: 'page_id', page_id: dashless(a.parent_id) },
        title: richText([{ text: String(a.title) }]),
        properties: props,
      },
    });
  },
});

const dbProperty = composite({
  slug: 'NOTION_RETRIEVE_DATABASE_PROPERTY',
  name: 'Get database column',
  tags: ['notion', 'database', 'read'],
  description:
    'One column of a database (by name or property id) with its type and configuration (options of a select, format of a number…).',
  input: params({ database_id: ID('Database'), property_id: s.string('Column name or property id.') }, [
    'database_id',
    'property_id',
  ]),
  async run(ctx, a) {
    const db = await database(ctx, dashless(a.database_id));
    const want = String(a.property_id);
    const hit = Object.entries(db.properties).find(
      ([k, v]) => k === want || v.id === want || k.toLowerCase() === want.toLowerCase(),
    );
    if (!hit) throw new ToolArgumentError(`no column "${want}"; columns: ${Object.keys(db.properties).join(', ')}`);
    return { name: hit[0], ...hit[1] };
  },
});

const updateBlock = composite({
  slug: 'NOTION_UPDATE_BLOCK',
  name: 'Edit block text',
  tags: ['notion', 'block', 'update'],
  description:
    "Replace the text of an existing text block (paragraph, heading, list item, to-do, quote, callout, toggle, code) with content (inline Markdown honoured, at most 2000 characters per rich-text item). block_type is the block's current type (read from Notion when omitted); the type itself cannot change. Returns the updated block.",
  input: params(
    {
      block_id: ID('Block'),
      content: s.string('New text.'),
      block_type: s.string("The block's type, e.g. paragraph."),
      checked: s.boolean('to_do: ticked.'),
    },
    ['block_id', 'content'],
  ),
  async run(ctx, a) {
    const id = dashless(a.block_id);
    const type =
      (a.block_type as string | undefined) ??
      (await ctx.json<{ type: string }>({ method: 'GET', path: `/v1/blocks/${enc(id)}` })).type;
    const body: Record<string, unknown> = {
      rich_text: richText(type === 'code' ? [{ text: String(a.content) }] : parseInline(String(a.content))),
    };
    if (type === 'to_do' && a.checked !== undefined) body.checked = a.checked;
    return ctx.json({ method: 'PATCH', path: `/v1/blocks/${enc(id)}`, body: { [type]: body } });
  },
});

const createComment = composite({
  slug: 'NOTION_CREATE_COMMENT',
  name: 'Comment on a page',
  tags: ['notion', 'comment', 'create'],
  description:
    'Add a comment to a page (parent_page_id) or reply in an existing discussion (discussion_id). comment is {content: "text"} (inline Markdown honoured) or plain text. Returns the comment.',
  input: params(
    {
      comment: s.object({ content: s.string('Comment text.') }, 'The comment.'),
      parent_page_id: ID('Page'),
      discussion_id: s.string('Discussion to reply in.'),
    },
    ['comment'],
  ),
  normalize: (a) => (typeof a.comment === 'string' ? { ...a, comment: { content: a.comment } } : a),
  async run(ctx, a) {
    const c = (a.comment ?? {}) as Record<string, unknown>;
    const text = String(c.content ?? c.text ?? '');
    if (!text) throw new ToolArgumentError('comment.content is empty');
    if (!a.parent_page_id && !a.discussion_id) throw new ToolArgumentError('give parent_page_id or discussion_id');
    const body: Record<string, unknown> = { rich_text: richText(parseInline(text)) };
    if (a.discussion_id) body.discussion_id = a.discussion_id;
    else body.parent = { page_id: dashless(a.parent_page_id) };
    return ctx.json({ method: 'POST', path: '/v1/comments', body });
  },
});

/** Data sources, page moves and templates exist only from Notion-Version 2025-09-03 on. */
const NEW_API = { 'Notion-Version': '2025-09-03' };

const movePage = composite({
  slug: 'NOTION_MOVE_PAGE',
  name: 'Move page',
  tags: ['notion', 'page', 'update'],
  description:
    "Move a page under another page (parent_page_id) or into a database's data source (data_source_id, not the database id). Returns the moved page.",
  input: params(
    {
      page_id: ID('Page to move'),
      parent_page_id: ID('New parent page'),
      data_source_id: s.string('New parent data source id.'),
    },
    ['page_id'],
  ),
  async run(ctx, a) {
    const parent = a.parent_page_id
      ? { type: 'page_id', page_id: dashless(a.parent_page_id) }
      : a.data_source_id
        ? { type: 'data_source_id', data_source_id: dashless(a.data_source_id) }
        : undefined;
    if (!parent) throw new ToolArgumentError('give parent_page_id or data_source_id');
    return ctx.json({
      method: 'POST',
      path: `/v1/pages/${enc(dashless(a.page_id))}/move`,
      body: { parent },
      headers: NEW_API,
    });
  },
});

const queryDataSource = composite({
  slug: 'NOTION_QUERY_DATA_SOURCE',
  name: 'Query data source',
  tags: ['notion', 'database', 'read'],
  description:
    'Query the rows of a data source (a table inside a database, Notion API 2025-09-03) with a raw Notion filter, sorts and paging. For classic database ids use NOTION_QUERY_DATABASE, which also takes simple filters. Returns results, has_more and next_cursor.',
  input: params(
    {
      data_source_id: s.string('Data source id.'),
      filter: s.object({}, 'Notion filter.'),
      sorts: SORTS,
      page_size: PAGE_SIZE,
      start_cursor: CURSOR,
    },
    ['data_source_id'],
  ),
  async run(ctx, a) {
    const body: Record<string, unknown> = { page_size: a.page_size ?? 100 };
    if (a.filter) body.filter = a.filter;
    const sorts = sortsOf(a.sorts);
    if (sorts?.length) body.sorts = sorts;
    if (a.start_cursor) body.start_cursor = a.start_cursor;
    return ctx.json({
      method: 'POST',
      path: `/v1/data_sources/${enc(dashless(a.data_source_id))}/query`,
      body,
      headers: NEW_API,
    });
  },
});

const listTemplates = composite({
  slug: 'NOTION_LIST_DATA_SOURCE_TEMPLATES',
  name: 'List data source templates',
  tags: ['notion', 'database', 'read'],
  description: 'List the page templates of a data source (id, name, is_default), to create rows from a template.',
  input: params(
    {
      data_source_id: s.string('Data source id.'),
      name: s.string('Only templates whose name contains this.'),
      page_size: PAGE_SIZE,
      start_cursor: CURSOR,
    },
    ['data_source_id'],
  ),
  run: (ctx, a) =>
    ctx.json({
      method: 'GET',
      path: `/v1/data_sources/${enc(dashless(a.data_source_id))}/templates`,
      query: {
        name: a.name as string | undefined,
        page_size: a.page_size as number | undefined,
        start_cursor: a.start_cursor as string | undefined,
      },
      headers: NEW_API,
    }),
});

const sendUpload = composite({
  slug: 'NOTION_SEND_FILE_UPLOAD',
  name: 'Send file content',
  tags: ['notion', 'file', 'upload'],
  description:
    'Send the bytes of a staged file (file: {name, mimetype, s3key}) to a Notion file upload created with NOTION_CREATE_FILE_UPLOAD (part_number for multi-part uploads). Then attach it to a block or property by its file_upload_id. Returns the file upload with its status.',
  input: params(
    {
      file_upload_id: s.string('File upload id.'),
      file: s.file('The staged file.'),
      part_number: s.integer('Part number (multi_part mode).', { minimum: 1 }),
    },
    ['file_upload_id', 'file'],
  ),
  async run(ctx, a) {
    const f = await ctx.readFile(a.file as import('./types').FileDescriptor);
    const boundary = `junction${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    if (a.part_number !== undefined)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="part_number"\r\n\r\n${String(a.part_number)}\r\n`,
        ),
      );
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name.replace(/["\r\n]/g, '_')}"\r\nContent-Type: ${f.mimetype}\r\n\r\n`,
      ),
      f.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return ctx.json({
      method: 'POST',
      path: `/v1/file_uploads/${enc(String(a.file_upload_id))}/send`,
      rawBody: Buffer.concat(parts),
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
  },
});

/** Blocks as read → blocks to create: ids and read-only fields dropped, children nested. */
function copyable(blocks: Record<string, any>[]): NotionBlock[] {
  const skip = new Set([
    'child_page',
    'child_database',
    'unsupported',
    'link_preview',
    'synced_block',
    'template',
    'meeting_notes',
    'transcription',
    'ai_block',
  ]);
  return blocks
    .filter((b) => !skip.has(b.type))
    .map((b) => {
      const body = { ...(b[b.type] ?? {}) };
      if (Array.isArray(b.children) && b.children.length) body.children = copyable(b.children);
      if (body.type === 'file' && body.file) return null; // Notion-hosted files cannot be re-created by URL
      return { object: 'block', type: b.type, [b.type]: body } as NotionBlock;
    })
    .filter((x): x is NotionBlock => x !== null);
}

const duplicatePage = composite({
  slug: 'NOTION_DUPLICATE_PAGE',
  name: 'Duplicate page',
  tags: ['notion', 'page', 'create'],
  description:
    'Copy a page with its content (nested blocks included; sub-pages, sub-databases and Notion-hosted files are left out) under parent_id (default: the same parent), titled title (default "Copy of …"). Database rows keep their properties. Returns the new page.',
  input: params(
    {
      page_id: ID('Page to copy'),
      parent_id: ID('Where to put the copy (page or database)'),
      title: s.string('Title of the copy.'),
    },
    ['page_id'],
  ),
  async run(ctx, a) {
    const src = await ctx.json<Record<string, any>>({ method: 'GET', path: `/v1/pages/${enc(dashless(a.page_id))}` });
    const blocks = copyable(await allChildren(ctx, String(src.id), true));
    let parent = src.parent as Record<string, unknown>;
    if (a.parent_id) {
      const pid = dashless(a.parent_id);
      parent = (await ctx.call({ method: 'GET', path: `/v1/databases/${enc(pid)}` })).ok
        ? { database_id: pid }
        : { page_id: pid };
    }
    const props: Record<string, any> = {};
    let titleKey = 'title';
    for (const [k, v] of Object.entries(src.properties ?? {}) as [string, any][]) {
      if (v?.type === 'title' || Array.isArray(v?.title)) titleKey = k;
      else if (
        parent.database_id &&
        v?.type &&
        ![
          'formula',
          'rollup',
          'created_time',
          'created_by',
          'last_edited_time',
          'last_edited_by',
          'unique_id',
          'button',
          'verification',
        ].includes(v.type)
      )
        props[k] = { [v.type]: v[v.type] };
    }
    const oldTitle = ((src.properties?.[titleKey]?.title ?? []) as any[])
      .map((t) => t.plain_text ?? t.text?.content ?? '')
      .join('');
    props[parent.database_id ? titleKey : 'title'] = {
      title: richText(parseInline(String(a.title ?? `Copy of ${oldTitle}`))),
    };
    const body: Record<string, unknown> = { parent, properties: props, children: blocks.slice(0, 100) };
    if (src.icon) body.icon = src.icon;
    if (src.cover) body.cover = src.cover;
    const page = await ctx.json<Record<string, unknown> & { id: string }>({ method: 'POST', path: '/v1/pages', body });
    if (blocks.length > 100) await appendBlocks(ctx, page.id, blocks.slice(100));
    return page;
  },
});

const upsertRows = composite({
  slug: 'NOTION_UPSERT_ROW_DATABASE',
  name: 'Upsert database rows',
  tags: ['notion', 'database', 'create', 'update'],
  description:
    'Create-or-update rows of a database without duplicates: each item of items gives properties ([{name, value}] or a map) and is matched on key_property (a column, e.g. Email) by equal value; a match is updated, otherwise a row is created. Errors are reported per item. Returns results [{action: created | updated | error, id, error}].',
  input: params(
    {
      database_id: ID('Database'),
      key_property: s.string('Column used to find an existing row, e.g. Email or the title column.'),
      items: s.array(
        s.object(
          {
            properties: s.array(
              s.object({ name: s.string('Column'), value: s.string('Value') }, 'A value'),
              'Values of the row.',
            ),
          },
          'A row',
        ),
        'Rows to upsert.',
      ),
    },
    ['database_id', 'key_property', 'items'],
  ),
  normalize: (a) =>
    Array.isArray(a.items)
      ? { ...a, items: (a.items as Record<string, unknown>[]).map((it) => normalizeProps(it)) }
      : a,
  async run(ctx, a) {
    const id = dashless(a.database_id);
    const schema = (await database(ctx, id)).properties;
    const key = Object.keys(schema).find((k) => k.toLowerCase() === String(a.key_property).toLowerCase());
    if (!key)
      throw new ToolArgumentError(
        `key_property "${String(a.key_property)}" is not a column; columns: ${Object.keys(schema).join(', ')}`,
      );
    const results: Record<string, unknown>[] = [];
    for (const [i, item] of (a.items as { properties?: { name: string; value: string }[] }[]).entries()) {
      try {
        const props = item.properties ?? [];
        const keyVal = props.find((p) => p.name.toLowerCase() === key.toLowerCase())?.value;
        if (keyVal === undefined) throw new ToolArgumentError(`items[${i}] has no value for ${key}`);
        const type = schema[key]!.type;
        const cond =
          type === 'number'
            ? { number: { equals: Number(keyVal) } }
            : type === 'checkbox'
              ? { checkbox: { equals: /^(true|yes|1)$/i.test(keyVal) } }
              : { [type]: { equals: keyVal } };
        const found = await ctx.json<{ results?: { id: string }[] }>({
          method: 'POST',
          path: `/v1/databases/${enc(id)}/query`,
          body: { filter: { property: key, ...cond }, page_size: 1 },
        });
        const values = buildProperties(schema, props);
        if (found.results?.length) {
          const row = found.results[0]!.id;
          await ctx.json({ method: 'PATCH', path: `/v1/pages/${enc(row)}`, body: { properties: values } });
          results.push({ index: i, action: 'updated', id: row });
        } else {
          const page = await ctx.json<{ id: string }>({
            method: 'POST',
            path: '/v1/pages',
            body: { parent: { database_id: id }, properties: values },
          });
          results.push({ index: i, action: 'created', id: page.id });
        }
      } catch (e) {
        results.push({ index: i, action: 'error', error: (e as Error).message });
      }
    }
    return {
      results,
      created: results.filter((r) => r.action === 'created').length,
      updated: results.filter((r) => r.action === 'updated').length,
      errors: results.filter((r) => r.action === 'error').length,
    };
  },
});

const mappings: CuratedTool[] = [
  n({
    slug: 'NOTION_FETCH_BLOCK_CONTENTS',
    name: 'List child blocks',
    method: 'GET',
    path: '/v1/blocks/{block_id}/children',
    description:
      'One page of the direct child blocks of a page or block (block_id); follow next_cursor with start_cursor. For everything at once use NOTION_FETCH_ALL_BLOCK_CONTENTS.',
    input: { block_id: ID('Page or block'), page_size: PAGE_SIZE, start_cursor: CURSOR },
  }),
  n({
    slug: 'NOTION_UPDATE_SCHEMA_DATABASE',
    name: 'Update database schema',
    method: 'PATCH',
    path: '/v1/databases/{database_id}',
    description:
      'Rename a database or change its columns: properties maps column names to new configurations ({"Priority": {"select": {"options": [...]}}}, {"Old": {"name": "New"}}, or null to delete a column and its data). title/description are Notion rich text arrays.',
    input: {
      database_id: ID('Database'),
      title: s.array(s.object({}, 'Rich text'), 'New title.'),
      description: s.array(s.object({}, 'Rich text'), 'New description.'),
      properties: s.object({}, 'Column changes.'),
    },
  }),
  n({
    slug: 'NOTION_FETCH_COMMENTS',
    name: 'List comments',
    method: 'GET',
    path: '/v1/comments',
    description: "Open comments on a page or block (block_id); needs the integration's read-comments capability.",
    input: { block_id: ID('Page or block'), page_size: PAGE_SIZE, start_cursor: CURSOR },
    required: ['block_id'],
  }),
  n({
    slug: 'NOTION_LIST_USERS',
    name: 'List users',
    method: 'GET',
    path: '/v1/users',
    description:
      'Workspace members and bots (guests excluded) with id, name, type and email where shared; page with start_cursor.',
    input: { page_size: PAGE_SIZE, start_cursor: CURSOR },
    required: [],
  }),
  n({
    slug: 'NOTION_GET_PAGE_PROPERTY_ACTION',
    name: 'Get page property',
    method: 'GET',
    path: '/v1/pages/{page_id}/properties/{property_id}',
    description: 'One property value of a page by property id, paginated for long lists (relations, people, rollups).',
    input: {
      page_id: ID('Page'),
      property_id: s.string('Property id (from the page or database).'),
      page_size: PAGE_SIZE,
      start_cursor: CURSOR,
    },
    required: ['page_id', 'property_id'],
  }),
  n({
    slug: 'NOTION_LIST_FILE_UPLOADS',
    name: 'List file uploads',
    method: 'GET',
    path: '/v1/file_uploads',
    description: 'File uploads of this integration, newest first.',
    input: { status: s.string('pending, uploaded, expired or failed.'), page_size: PAGE_SIZE, start_cursor: CURSOR },
    required: [],
  }),
];

export const notionTools: CuratedTool[] = [
  createPage,
  addContent,
  addOne,
  ...appendTools,
  search,
  fetchData,
  queryDatabase,
  queryWithFilter,
  insertRow,
  updateRow,
  fetchAll,
  pageMarkdown,
  replaceContent,
  createDatabase,
  dbProperty,
  updateBlock,
  createComment,
  movePage,
  queryDataSource,
  listTemplates,
  sendUpload,
  duplicatePage,
  upsertRows,
  ...mappings,
  ...notionViewTools,
];
