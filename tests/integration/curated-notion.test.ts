import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeNotion, type FakeNotion } from '../helpers/fake-notion';

// Curated Notion tools (lib/catalog/curated/notion.ts) through the real execute pipeline against a
// loopback Notion API that checks the block JSON, filters and property values it receives.
let s: TestServer;
let notion: FakeNotion;
let account: string;
const PARENT = '11111111-1111-4111-8111-111111111111';
const DB = '22222222-2222-4222-8222-222222222222';

beforeAll(async () => {
  [s, notion] = await Promise.all([providerServer(), startFakeNotion()]);
  account = (
    await connectToFake(s, {
      toolkit: 'notion',
      authScheme: 'OAUTH2',
      val: { access_token: notion.token, base_url: notion.url },
      userId: 'notion-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
  notion.pages.set(PARENT, {
    object: 'page',
    id: PARENT,
    parent: { workspace: true },
    properties: { title: { type: 'title', title: [{ plain_text: 'Team wiki', text: { content: 'Team wiki' } }] } },
    url: 'https://www.notion.so/wiki',
  });
  notion.databases.set(DB, {
    object: 'database',
    id: DB,
    title: [{ plain_text: 'Tasks', text: { content: 'Tasks' } }],
    properties: {
      Task: { id: 'title', type: 'title' },
      Status: { id: 's1', type: 'select' },
      Score: { id: 'n1', type: 'number' },
      Done: { id: 'c1', type: 'checkbox' },
      Due: { id: 'd1', type: 'date' },
      Tags: { id: 'm1', type: 'multi_select' },
    },
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), notion?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('curated Notion tools', () => {
  it('NOTION_CREATE_NOTION_PAGE turns Markdown into Notion blocks under a page', async () => {
    const md =
      '# Plan\n\nShip **v2** with [docs](https://example.com).\n\n- one\n  - nested\n- [ ] call Ana\n\n```ts\nconst x = 1;\n```\n\n---\n\n> quoted';
    const r = await exec('NOTION_CREATE_NOTION_PAGE', { parent_id: PARENT, title: 'Launch', markdown: md, icon: '🚀' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { object: 'page', parent: { page_id: PARENT } },
    });
    const req = notion.requests.filter((q) => q.method === 'POST' && q.path === '/v1/pages').pop()!;
    expect(req.headers['notion-version']).toBe('2022-06-28');
    const body = req.json as Record<string, any>;
    expect(body.properties).toEqual({ title: { title: [{ type: 'text', text: { content: 'Launch' } }] } });
    expect(body.icon).toEqual({ type: 'emoji', emoji: '🚀' });
    expect(body.children.map((b: any) => b.type)).toEqual([
      'heading_1',
      'paragraph',
      'bulleted_list_item',
      'to_do',
      'code',
      'divider',
      'quote',
    ]);
    expect(body.children[1].paragraph.rich_text).toEqual([
      { type: 'text', text: { content: 'Ship ' } },
      {
        type: 'text',
        text: { content: 'v2' },
        annotations: {
          bold: true,
          italic: false,
          strikethrough: false,
          code: false,
          underline: false,
          color: 'default',
        },
      },
      { type: 'text', text: { content: ' with ' } },
      { type: 'text', text: { content: 'docs', link: { url: 'https://example.com' } } },
      { type: 'text', text: { content: '.' } },
    ]);
    expect(body.children[2].bulleted_list_item.children[0]).toMatchObject({
      type: 'bulleted_list_item',
      bulleted_list_item: { rich_text: [{ text: { content: 'nested' } }] },
    });
    expect(body.children[3].to_do).toMatchObject({ checked: false, rich_text: [{ text: { content: 'call Ana' } }] });
    expect(body.children[4].code).toEqual({
      rich_text: [{ type: 'text', text: { content: 'const x = 1;' } }],
      language: 'typescript',
    });
    // read back as Markdown
    const back = await exec('NOTION_GET_PAGE_MARKDOWN', { page_id: r.body.data.id });
    expect(back.body.data.title).toBe('Launch');
    expect(back.body.data.markdown).toContain('# Plan');
    expect(back.body.data.markdown).toContain('- one\n  - nested');
    expect(back.body.data.markdown).toContain('Ship **v2** with [docs](https://example.com).');
  });

  it('long text is split at 2000 characters and more than 100 blocks are appended in batches', async () => {
    const long = 'x'.repeat(4500);
    const many = Array.from({ length: 130 }, (_, i) => `- item ${i}`).join('\n');
    const r = await exec('NOTION_CREATE_NOTION_PAGE', {
      parent_id: PARENT,
      title: 'Big',
      markdown: `${long}\n\n${many}`,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const create = notion.requests.filter((q) => q.method === 'POST' && q.path === '/v1/pages').pop()!.json as any;
    expect(create.children).toHaveLength(100);
    expect(create.children[0].paragraph.rich_text.map((t: any) => t.text.content.length)).toEqual([2000, 2000, 500]);
    const more = notion.requests.filter(
      (q) => q.method === 'PATCH' && q.path === `/v1/blocks/${r.body.data.id}/children`,
    );
    expect(more.map((q) => (q.json as any).children.length)).toEqual([31]);
    expect(notion.children.get(r.body.data.id)).toHaveLength(131);
  });

  it('a database parent gets its title column; an unknown parent fails cleanly', async () => {
    const r = await exec('NOTION_CREATE_NOTION_PAGE', {
      parent_id: '99999999-9999-4999-8999-999999999999',
      title: 'Lost',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ successful: false, data: { status_code: 404 } });
    expect(r.body.error).toMatch(/neither a page nor a database/);
    const ok = await exec('NOTION_CREATE_NOTION_PAGE', { parent_id: DB, title: 'Row via page tool' });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({
      successful: true,
      data: {
        parent: { database_id: DB },
        properties: { Task: { title: [{ text: { content: 'Row via page tool' } }] } },
      },
    });
  });

  it('NOTION_ADD_MULTIPLE_PAGE_CONTENT takes simplified blocks (and full blocks) and inserts after a block', async () => {
    const page = (
      await exec('NOTION_CREATE_NOTION_PAGE', { parent_id: PARENT, title: 'Notes', markdown: 'first\n\nlast' })
    ).body.data.id;
    const firstId = notion.children.get(page)![0]!.id;
    const r = await exec('NOTION_ADD_MULTIPLE_PAGE_CONTENT', {
      parent_block_id: page,
      after: firstId,
      content_blocks: [
        { content: 'Heading', block_property: 'heading_2' },
        { content: 'Use `npm i`', block_property: 'bulleted_list_item', bold: true },
        { block_property: 'divider' },
        {
          type: 'callout',
          callout: { rich_text: [{ type: 'text', text: { content: 'raw' } }], icon: { type: 'emoji', emoji: '⚠️' } },
        },
      ],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { block_count: 4 } });
    const req = notion.requests.filter((q) => q.method === 'PATCH').pop()!.json as any;
    expect(req.after).toBe(firstId);
    expect(req.children[1].bulleted_list_item.rich_text).toEqual([
      {
        type: 'text',
        text: { content: 'Use ' },
        annotations: {
          bold: true,
          italic: false,
          strikethrough: false,
          code: false,
          underline: false,
          color: 'default',
        },
      },
      {
        type: 'text',
        text: { content: 'npm i' },
        annotations: {
          bold: true,
          italic: false,
          strikethrough: false,
          code: true,
          underline: false,
          color: 'default',
        },
      },
    ]);
    expect(notion.children.get(page)!.map((b) => b.type)).toEqual([
      'paragraph',
      'heading_2',
      'bulleted_list_item',
      'divider',
      'callout',
      'paragraph',
    ]);
    const bad = await exec('NOTION_ADD_MULTIPLE_PAGE_CONTENT', {
      parent_block_id: page,
      content_blocks: [{ content: 'x', block_property: 'headline' }],
    });
    expect(bad.status).toBe(400);
    const raw = await exec('NOTION_APPEND_TEXT_BLOCKS', {
      block_id: page,
      children: [
        { type: 'paragraph', paragraph: { rich_text: [{ type: 'text', text: { content: 'y'.repeat(2001) } }] } },
      ],
    });
    expect(raw.body).toMatchObject({ successful: false, data: { status_code: 400 } });
    expect(raw.body.error).toMatch(/2000/);
  });

  it('NOTION_INSERT_ROW_DATABASE types simple values from the schema; NOTION_QUERY_DATABASE builds typed filters', async () => {
    const r = await exec('NOTION_INSERT_ROW_DATABASE', {
      database_id: DB,
      properties: [
        { name: 'Task', value: 'Write launch post' },
        { name: 'status', value: 'In progress' },
        { name: 'Score', value: '87' },
        { name: 'Done', value: 'false' },
        { name: 'Due', value: '2025-03-01' },
        { name: 'Tags', value: 'blog, launch' },
      ],
      markdown: 'Draft in **Docs**',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const body = notion.requests.filter((q) => q.method === 'POST' && q.path === '/v1/pages').pop()!.json as any;
    expect(body.properties).toEqual({
      Task: { title: [{ type: 'text', text: { content: 'Write launch post' } }] },
      Status: { select: { name: 'In progress' } },
      Score: { number: 87 },
      Done: { checkbox: false },
      Due: { date: { start: '2025-03-01' } },
      Tags: { multi_select: [{ name: 'blog' }, { name: 'launch' }] },
    });
    expect(body.children[0].type).toBe('paragraph');
    expect((await exec('NOTION_INSERT_ROW_DATABASE', { database_id: DB, properties: { Nope: 'x' } })).status).toBe(400);
    expect((await exec('NOTION_INSERT_ROW_DATABASE', { database_id: DB, properties: { Score: 'lots' } })).status).toBe(
      400,
    );

    const q = await exec('NOTION_QUERY_DATABASE', {
      database_id: DB,
      filters: [
        { property: 'Status', value: 'In progress' },
        { property: 'Score', condition: '>=', value: '80' },
        { property: 'Done', value: 'no' },
      ],
      sorts: [{ property_name: 'Due', ascending: false }],
    });
    expect(q.body, JSON.stringify(q.body)).toMatchObject({ successful: true });
    expect(q.body.data.results.length).toBeGreaterThan(0);
    expect(notion.queries.at(-1)).toEqual({
      page_size: 100,
      filter: {
        and: [
          { property: 'Status', select: { equals: 'In progress' } },
          { property: 'Score', number: { greater_than_or_equal_to: 80 } },
          { property: 'Done', checkbox: { equals: false } },
        ],
      },
      sorts: [{ property: 'Due', direction: 'descending' }],
    });
    const raw = await exec('NOTION_QUERY_DATABASE_WITH_FILTER', {
      database_id: DB,
      filter: { property: 'Tags', multi_select: { contains: 'blog' } },
    });
    expect(raw.body.successful).toBe(true);
    expect(notion.queries.at(-1)!.filter).toEqual({ property: 'Tags', multi_select: { contains: 'blog' } });
    const upd = await exec('NOTION_UPDATE_ROW_DATABASE', { row_id: r.body.data.id, properties: { Done: true } });
    expect(upd.body, JSON.stringify(upd.body)).toMatchObject({ successful: true });
    expect(upd.body.data.properties.Done).toEqual({ checkbox: true });
  });

  it('NOTION_SEARCH_NOTION_PAGE and NOTION_FETCH_DATA find pages and databases by title', async () => {
    const r = await exec('NOTION_SEARCH_NOTION_PAGE', { query: 'wiki', filter_value: 'page' });
    expect(r.body.data.results.map((x: any) => x.id)).toEqual([PARENT]);
    const req = notion.requests.filter((q) => q.path === '/v1/search').pop()!.json;
    expect(req).toEqual({
      query: 'wiki',
      page_size: 100,
      sort: { direction: 'descending', timestamp: 'last_edited_time' },
      filter: { value: 'page', property: 'object' },
    });
    const d = await exec('NOTION_FETCH_DATA', { fetch_type: 'databases' });
    expect(d.body.data.values).toEqual([{ id: DB, title: 'Tasks', type: 'database', url: undefined }]);
  });

  it('NOTION_UPSERT_ROW_DATABASE updates the row with the same key and creates the others; NOTION_DUPLICATE_PAGE copies content', async () => {
    await exec('NOTION_INSERT_ROW_DATABASE', { database_id: DB, properties: { Task: 'Upsert me', Score: '1' } });
    const r = await exec('NOTION_UPSERT_ROW_DATABASE', {
      database_id: DB,
      key_property: 'task',
      items: [
        { properties: { Task: 'Upsert me', Score: 2 } },
        { properties: { Task: 'Brand new', Score: 3 } },
        { properties: { Score: 4 } },
      ],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { created: 1, updated: 1, errors: 1 },
    });
    const rows = [...notion.pages.values()].filter(
      (p) => p.parent?.database_id === DB && /Upsert me|Brand new/.test(JSON.stringify(p.properties.Task)),
    );
    expect(rows.map((p) => p.properties.Score)).toEqual([{ number: 2 }, { number: 3 }]);

    const src = (
      await exec('NOTION_CREATE_NOTION_PAGE', {
        parent_id: PARENT,
        title: 'Original',
        markdown: '## Part\n\n- a\n  - b',
      })
    ).body.data.id;
    const d = await exec('NOTION_DUPLICATE_PAGE', { page_id: src });
    expect(d.body, JSON.stringify(d.body)).toMatchObject({
      successful: true,
      data: {
        parent: { page_id: PARENT },
        properties: { title: { title: [{ text: { content: 'Copy of Original' } }] } },
      },
    });
    const req = notion.requests.filter((q) => q.method === 'POST' && q.path === '/v1/pages').pop()!.json as any;
    expect(req.children.map((b: any) => b.type)).toEqual(['heading_2', 'bulleted_list_item']);
    expect(req.children[1].bulleted_list_item.children[0].type).toBe('bulleted_list_item');
    expect(req.children[0].id).toBeUndefined();
  });
});
