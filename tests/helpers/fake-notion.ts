import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Notion API (/v1/...) that checks what it receives the way Notion does: the
 * Notion-Version header, block JSON ({object: 'block', type, [type]: {...}}), rich text items of
 * at most 2000 characters, at most 100 children per request, property values matching the
 * database's column types. Pages, blocks and databases are kept so tests can read them back.
 */
export interface FakeNotion extends FakeUpstream {
  token: string;
  pages: Map<string, Record<string, any>>;
  databases: Map<string, Record<string, any>>;
  children: Map<string, Record<string, any>[]>;
  queries: Record<string, any>[];
}

const RICH = new Set([
  'paragraph',
  'heading_1',
  'heading_2',
  'heading_3',
  'bulleted_list_item',
  'numbered_list_item',
  'to_do',
  'toggle',
  'quote',
  'callout',
  'code',
]);
const OTHER = new Set([
  'divider',
  'image',
  'video',
  'file',
  'pdf',
  'bookmark',
  'embed',
  'table',
  'table_row',
  'equation',
  'table_of_contents',
  'breadcrumb',
  'column_list',
  'column',
  'audio',
]);

export function checkBlocks(blocks: unknown, where: string): string | null {
  if (!Array.isArray(blocks)) return `${where} should be an array`;
  if (blocks.length > 100) return `${where}.length should be ≤ \`100\`, instead was \`${blocks.length}\`.`;
  for (const [i, b] of (blocks as Record<string, any>[]).entries()) {
    const at = `${where}[${i}]`;
    if (b.object !== undefined && b.object !== 'block') return `${at}.object should be "block"`;
    if (!RICH.has(b.type) && !OTHER.has(b.type)) return `${at}.type should be a block type, instead was \`${b.type}\`.`;
    const body = b[b.type];
    if (!body || typeof body !== 'object') return `${at}.${b.type} should be defined, instead was \`undefined\`.`;
    if (RICH.has(b.type)) {
      if (!Array.isArray(body.rich_text)) return `${at}.${b.type}.rich_text should be an array`;
      for (const [j, r] of (body.rich_text as Record<string, any>[]).entries()) {
        if (r.type !== undefined && r.type !== 'text') continue;
        if (typeof r.text?.content !== 'string')
          return `${at}.${b.type}.rich_text[${j}].text.content should be a string`;
        if (r.text.content.length > 2000)
          return `${at}.${b.type}.rich_text[${j}].text.content.length should be ≤ \`2000\`, instead was \`${r.text.content.length}\`.`;
      }
      if (b.type === 'code' && typeof body.language !== 'string') return `${at}.code.language should be defined`;
      if (body.children) {
        const why = checkBlocks(body.children, `${at}.${b.type}.children`);
        if (why) return why;
      }
    }
  }
  return null;
}

export async function startFakeNotion(token = 'secret_notion'): Promise<FakeNotion> {
  const up = await startFakeUpstream();
  const f = up as FakeNotion;
  f.token = token;
  f.pages = new Map();
  f.databases = new Map();
  f.children = new Map();
  f.queries = [];
  let n = 0;
  const id = () => `0000000${++n}-0000-4000-8000-000000000000`.slice(-36);
  const err = (status: number, code: string, message: string): FakeReply => ({
    status,
    json: { object: 'error', status, code, message },
  });
  const guard = (r: RecordedRequest): FakeReply | null => {
    if (r.headers.authorization !== `Bearer ${token}`) return err(401, 'unauthorized', 'API token is invalid.');
    if (!r.headers['notion-version'])
      return err(
        400,
        'missing_version',
        'Notion-Version header failed validation: Notion-Version header should be defined.',
      );
    return null;
  };
  const addChildren = (parent: string, blocks: Record<string, any>[], after?: string) => {
    const list = f.children.get(parent) ?? [];
    const made = blocks.map((b) => {
      const { children: nested, ...rest } = b[b.type] ?? {};
      const blk = {
        object: 'block',
        id: id(),
        type: b.type,
        [b.type]: rest,
        has_children: !!nested?.length,
        parent: { block_id: parent },
      };
      if (nested?.length) addChildren(blk.id, nested);
      return blk;
    });
    const at = after ? list.findIndex((x) => x.id === after) + 1 : list.length;
    list.splice(at, 0, ...made);
    f.children.set(parent, list);
    return made;
  };

  f.on(
    'GET',
    '/v1/pages/:id',
    (r, p) =>
      guard(r) ??
      (f.pages.has(p.id!)
        ? { json: f.pages.get(p.id!) }
        : err(404, 'object_not_found', `Could not find page with ID: ${p.id}.`)),
  );
  f.on(
    'GET',
    '/v1/databases/:id',
    (r, p) =>
      guard(r) ??
      (f.databases.has(p.id!)
        ? { json: f.databases.get(p.id!) }
        : err(404, 'object_not_found', `Could not find database with ID: ${p.id}.`)),
  );
  f.on('POST', '/v1/pages', (r) => {
    const g = guard(r);
    if (g) return g;
    const b = r.json as Record<string, any>;
    const parentId = b.parent?.page_id ?? b.parent?.database_id;
    if (!parentId || !(f.pages.has(parentId) || f.databases.has(parentId)))
      return err(404, 'object_not_found', 'Could not find parent.');
    if (b.parent.database_id) {
      const schema = f.databases.get(parentId)!.properties as Record<string, { type: string }>;
      for (const [name, v] of Object.entries(b.properties ?? {}) as [string, Record<string, unknown>][]) {
        if (!schema[name]) return err(400, 'validation_error', `${name} is not a property that exists.`);
        if (!(schema[name]!.type in v))
          return err(400, 'validation_error', `${name} is expected to be ${schema[name]!.type}.`);
      }
    } else if (Object.keys(b.properties ?? {}).some((k) => k !== 'title'))
      return err(400, 'validation_error', 'Page properties other than title need a database parent.');
    if (b.children) {
      const why = checkBlocks(b.children, 'body.children');
      if (why) return err(400, 'validation_error', `body failed validation: ${why}`);
    }
    const page = {
      object: 'page',
      id: id(),
      parent: b.parent,
      properties: b.properties,
      icon: b.icon ?? null,
      cover: b.cover ?? null,
      archived: false,
      url: `https://www.notion.so/${n}`,
    };
    f.pages.set(page.id, page);
    if (b.children) addChildren(page.id, b.children);
    return { json: page };
  });
  f.on('PATCH', '/v1/pages/:id', (r, p) => {
    const g = guard(r);
    if (g) return g;
    const page = f.pages.get(p.id!);
    if (!page) return err(404, 'object_not_found', 'Could not find page.');
    const b = r.json as Record<string, any>;
    if (b.properties) page.properties = { ...page.properties, ...b.properties };
    if (b.archived !== undefined) page.archived = b.archived;
    if (b.icon) page.icon = b.icon;
    return { json: page };
  });
  f.on('PATCH', '/v1/blocks/:id/children', (r, p) => {
    const g = guard(r);
    if (g) return g;
    if (!f.pages.has(p.id!) && ![...f.children.values()].flat().some((x) => x.id === p.id))
      return err(404, 'object_not_found', 'Could not find block.');
    const b = r.json as { children: Record<string, any>[]; after?: string };
    const why = checkBlocks(b.children, 'body.children');
    if (why) return err(400, 'validation_error', `body failed validation: ${why}`);
    return {
      json: { object: 'list', results: addChildren(p.id!, b.children, b.after), has_more: false, next_cursor: null },
    };
  });
  f.on('GET', '/v1/blocks/:id/children', (r, p) => {
    const g = guard(r);
    if (g) return g;
    const all = f.children.get(p.id!) ?? [];
    const start = Number(r.query.get('start_cursor') ?? 0);
    const size = Number(r.query.get('page_size') ?? 100);
    const page = all.slice(start, start + size);
    const more = start + size < all.length;
    return { json: { object: 'list', results: page, has_more: more, next_cursor: more ? String(start + size) : null } };
  });
  f.on('DELETE', '/v1/blocks/:id', (r, p) => {
    const g = guard(r);
    if (g) return g;
    for (const [k, list] of f.children)
      f.children.set(
        k,
        list.filter((x) => x.id !== p.id),
      );
    return { json: { object: 'block', id: p.id, archived: true } };
  });
  f.on('POST', '/v1/search', (r) => {
    const g = guard(r);
    if (g) return g;
    const b = r.json as { query?: string; filter?: { value: string; property: string } };
    const all = [...f.pages.values(), ...f.databases.values()];
    const title = (x: Record<string, any>) =>
      (Array.isArray(x.title)
        ? x.title
        : ((Object.values(x.properties ?? {}).find((v: any) => v?.title) as any)?.title ?? [])
      )
        .map((t: any) => t.text?.content ?? t.plain_text ?? '')
        .join('');
    const results = all.filter(
      (x) =>
        (!b.filter || x.object === b.filter.value) &&
        title(x)
          .toLowerCase()
          .includes((b.query ?? '').toLowerCase()),
    );
    return { json: { object: 'list', results, has_more: false, next_cursor: null } };
  });
  f.on('POST', '/v1/databases/:id/query', (r, p) => {
    const g = guard(r);
    if (g) return g;
    const db = f.databases.get(p.id!);
    if (!db) return err(404, 'object_not_found', 'Could not find database.');
    const b = r.json as Record<string, any>;
    f.queries.push(b);
    const check = (flt: Record<string, any>): string | null => {
      if (flt.and || flt.or) {
        for (const x of flt.and ?? flt.or) {
          const w = check(x);
          if (w) return w;
        }
        return null;
      }
      const col = db.properties[flt.property];
      if (!col) return `Could not find property with name or id: ${flt.property}`;
      if (!(col.type in flt)) return `body.filter.${col.type} should be defined, instead was \`undefined\`.`;
      return null;
    };
    if (b.filter) {
      const why = check(b.filter);
      if (why) return err(400, 'validation_error', why);
    }
    // enough filtering for equality conditions on one column
    const value = (v: Record<string, any> | undefined) => {
      if (!v) return undefined;
      if (v.title || v.rich_text) return (v.title ?? v.rich_text).map((t: any) => t.text?.content ?? '').join('');
      if (v.select) return v.select.name;
      if ('number' in v) return v.number;
      if ('checkbox' in v) return v.checkbox;
      return undefined;
    };
    const match = (row: Record<string, any>, flt: Record<string, any> | undefined): boolean => {
      if (!flt) return true;
      if (flt.and) return flt.and.every((x: any) => match(row, x));
      if (flt.or) return flt.or.some((x: any) => match(row, x));
      const cond = flt[db.properties[flt.property].type];
      return cond?.equals === undefined || value(row.properties?.[flt.property]) === cond.equals;
    };
    const rows = [...f.pages.values()].filter((x) => x.parent?.database_id === p.id && match(x, b.filter));
    return { json: { object: 'list', results: rows, has_more: false, next_cursor: null } };
  });
  return f;
}
