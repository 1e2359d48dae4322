import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeNotion, type FakeNotion } from '../helpers/fake-notion';
import { addNotionViews, type FakeNotionViews } from '../helpers/fake-notion-views';

// The Notion view tools (lib/catalog/curated/notion-views.ts) through the real execute pipeline
// against a loopback Views API that insists on Notion-Version 2025-09-03 and checks each body.
let s: TestServer;
let notion: FakeNotion;
let views: FakeNotionViews;
let account: string;
const DB = '22222222-2222-4222-8222-222222222222';
const DS = '33333333-3333-4333-8333-333333333333';

beforeAll(async () => {
  [s, notion] = await Promise.all([providerServer(), startFakeNotion()]);
  views = addNotionViews(notion, notion.token);
  views.rows.set(DS, [
    { object: 'page', id: 'row-1', properties: { Task: 'Write spec', Done: false } },
    { object: 'page', id: 'row-2', properties: { Task: 'Ship', Done: true } },
    { object: 'page', id: 'row-3', properties: { Task: 'Review', Done: false } },
  ]);
  account = (
    await connectToFake(s, {
      toolkit: 'notion',
      authScheme: 'OAUTH2',
      val: { access_token: notion.token, base_url: notion.url },
      userId: 'notion-views-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), notion?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });
const lastTo = (method: string, path: RegExp) =>
  notion.requests.filter((q) => q.method === method && path.test(q.path)).pop()!;

describe('curated Notion view tools', () => {
  it('creates, lists, reads, updates and deletes a view with the views API version', async () => {
    const made = await exec('NOTION_CREATE_VIEW', {
      database_id: DB,
      data_source_id: DS,
      name: 'Open tasks',
      type: 'board',
      filter: { property: 'Done', checkbox: { equals: false } },
      sorts: [{ property: 'Task', direction: 'ascending' }],
    });
    expect(made.body, JSON.stringify(made.body)).toMatchObject({
      successful: true,
      data: { object: 'view', name: 'Open tasks', type: 'board', parent: { database_id: DB }, data_source_id: DS },
    });
    const create = lastTo('POST', /^\/v1\/views$/);
    expect(create.headers['notion-version']).toBe('2025-09-03');
    expect(create.json).toEqual({
      database_id: DB,
      data_source_id: DS,
      name: 'Open tasks',
      type: 'board',
      filter: { property: 'Done', checkbox: { equals: false } },
      sorts: [{ property: 'Task', direction: 'ascending' }],
    });
    const viewId = made.body.data.id as string;

    const listed = await exec('NOTION_LIST_VIEWS', { database_id: DB, page_size: 10 });
    expect(listed.body.data.results).toEqual([{ object: 'view', id: viewId }]);
    expect(lastTo('GET', /^\/v1\/views$/).query.get('database_id')).toBe(DB);

    const got = await exec('NOTION_RETRIEVE_VIEW', { view_id: viewId });
    expect(got.body.data).toMatchObject({ id: viewId, name: 'Open tasks', sorts: [{ property: 'Task' }] });

    const renamed = await exec('NOTION_UPDATE_VIEW', { view_id: viewId, name: 'Still open', sorts: null });
    expect(renamed.body, JSON.stringify(renamed.body)).toMatchObject({
      successful: true,
      data: { name: 'Still open', sorts: null },
    });
    expect(lastTo('PATCH', /^\/v1\/views\//).json).toEqual({ name: 'Still open', sorts: null });

    const gone = await exec('NOTION_DELETE_VIEW', { view_id: viewId });
    expect(gone.body).toMatchObject({ successful: true, data: { id: viewId } });
    expect(views.views.has(viewId)).toBe(false);
    const after = await exec('NOTION_RETRIEVE_VIEW', { view_id: viewId });
    expect(after.body).toMatchObject({ successful: false, data: { status_code: 404 } });
  });

  it("runs a view's own filter as a cached query and pages through it by query id", async () => {
    const made = await exec('NOTION_CREATE_VIEW', {
      database_id: DB,
      data_source_id: DS,
      name: 'Todo',
      type: 'table',
      filter: { property: 'Done', checkbox: { equals: false } },
    });
    const viewId = made.body.data.id as string;
    const first = await exec('NOTION_CREATE_VIEW_QUERY', { view_id: viewId, page_size: 1 });
    expect(first.body, JSON.stringify(first.body)).toMatchObject({
      successful: true,
      data: { object: 'view_query', total_count: 2, has_more: true, results: [{ id: 'row-1' }] },
    });
    expect(lastTo('POST', /\/queries$/).json).toEqual({ page_size: 1 });
    const queryId = first.body.data.id as string;

    const next = await exec('NOTION_GET_VIEW_QUERY_RESULTS', {
      view_id: viewId,
      query_id: queryId,
      start_cursor: first.body.data.next_cursor,
      page_size: 1,
    });
    expect(next.body.data).toMatchObject({ results: [{ id: 'row-3' }], has_more: false });
    const page = lastTo('GET', /\/queries\//);
    expect([page.query.get('start_cursor'), page.query.get('page_size')]).toEqual(['1', '1']);

    const dropped = await exec('NOTION_DELETE_VIEW_QUERY', { view_id: viewId, query_id: queryId });
    expect(dropped.body).toMatchObject({ successful: true, data: { deleted: true } });
    const expired = await exec('NOTION_GET_VIEW_QUERY_RESULTS', { view_id: viewId, query_id: queryId });
    expect(expired.body).toMatchObject({ successful: false, data: { status_code: 404 } });
  });

  it('rejects calls Notion would refuse before sending them, with a 400', async () => {
    const noParent = await exec('NOTION_CREATE_VIEW', { data_source_id: DS, name: 'Orphan', type: 'table' });
    expect(noParent.status).toBe(400);
    expect(JSON.stringify(noParent.body)).toMatch(/database_id/);
    const badType = await exec('NOTION_CREATE_VIEW', { database_id: DB, data_source_id: DS, name: 'X', type: 'pie' });
    expect(badType.status).toBe(400);
    expect((await exec('NOTION_LIST_VIEWS', {})).status).toBe(400);
    expect((await exec('NOTION_UPDATE_VIEW', { view_id: 'v1' })).status).toBe(400);
    // none of the refused calls reached Notion
    expect(
      notion.requests.filter(
        (q) => q.path === '/v1/views' && q.method === 'POST' && (q.json as any)?.name === 'Orphan',
      ),
    ).toEqual([]);
  });
});
