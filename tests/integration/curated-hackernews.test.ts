import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { SDKS, composioFor } from '../helpers/sdks';

// Hacker News (lib/catalog/curated/hackernews.ts): keyless, so tools run with no connected account at all;
// the project's toolkit_base_urls setting points the toolkit at a loopback fake of the Firebase and Algolia APIs.
let s: TestServer;
let hn: FakeUpstream;

beforeAll(async () => {
  [s, hn] = await Promise.all([providerServer(), startFakeUpstream()]);
  // Firebase API paths
  hn.on('GET', '/topstories.json', () => ({ json: [41, 42, 43, 44] }));
  hn.on('GET', '/item/:id', (_r, p) =>
    p.id === '41.json'
      ? { json: { id: 41, type: 'story', by: 'ada', title: 'Show HN: a thing', kids: [50], score: 10 } }
      : { json: null },
  );
  hn.on('GET', '/user/:name', (_r, p) => ({
    json: { id: p.name!.replace('.json', ''), karma: 155, created: 1160418092, submitted: [8, 9] },
  }));
  hn.on('GET', '/maxitem.json', () => ({ json: 99999 }));
  // Algolia API paths
  hn.on('GET', '/search', (r) => ({
    json: {
      hits: [{ objectID: '41', title: 'Rust in prod', author: 'ada' }],
      nbHits: 1,
      nbPages: 1,
      query: r.query.get('query'),
    },
  }));
  hn.on('GET', '/search_by_date', () => ({ json: { hits: [], nbHits: 0 } }));
  hn.on('GET', '/items/:id', () => ({
    json: { id: 41, title: 'T', children: Array.from({ length: 25 }, (_, i) => ({ id: 100 + i, children: [] })) },
  }));
  const r = await s.api('PATCH', '/org/project/config', { toolkit_base_urls: { hackernews: hn.url } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(async () => {
  await Promise.all([s?.stop(), hn?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { arguments: args });

describe('Hacker News without a connected account', () => {
  it('GET /toolkits/hackernews: no auth, categories, logo, all 14 hosted names', async () => {
    const r = await s.api('GET', '/toolkits/hackernews');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ slug: 'hackernews', name: 'Hacker News' });
    expect(r.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['NO_AUTH']);
    const list = await s.api('GET', '/toolkits?limit=1000');
    expect(list.body.items.find((t: { slug: string }) => t.slug === 'hackernews')).toMatchObject({ no_auth: true });
    expect(r.body.meta.logo).toMatch(/\/logos\/hackernews\.svg$/);
    expect(r.body.meta.tools_count).toBe(14);
    const tools = await s.api('GET', '/tools?toolkit_slug=hackernews&limit=50');
    expect(tools.status).toBe(200);
    expect(tools.body.items.map((t: { slug: string }) => t.slug)).toEqual(
      expect.arrayContaining([
        'HACKERNEWS_GET_USER',
        'HACKERNEWS_SEARCH_POSTS',
        'HACKERNEWS_GET_ITEM_WITH_ID',
        'HACKERNEWS_GET_LATEST_POSTS',
      ]),
    );
  });

  it('the project config shows the override; a bad URL or slug is a 400', async () => {
    const g = await s.api('GET', '/org/project/config');
    expect(g.body.toolkit_base_urls).toEqual({ hackernews: hn.url });
    for (const bad of [
      { hackernews: 'ftp://x.test' },
      { hackernews: 'not a url' },
      { 'Hacker News': 'https://x.test' },
    ]) {
      const r = await s.api('PATCH', '/org/project/config', { toolkit_base_urls: bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('ranked lists, items and users from the official API paths, with no account and no credentials sent', async () => {
    hn.reset();
    const top = await exec('HACKERNEWS_GET_TOP_STORIES', { limit: 2 });
    expect(top.body, JSON.stringify(top.body)).toMatchObject({ successful: true, data: { story_ids: [41, 42] } });
    expect(hn.last()).toMatchObject({ method: 'GET', path: '/topstories.json' });
    expect(hn.last()!.headers.authorization).toBeUndefined();
    const item = await exec('HACKERNEWS_GET_ITEM', { id: 41 });
    expect(item.body).toMatchObject({ successful: true, data: { id: 41, title: 'Show HN: a thing' } });
    expect(hn.last()!.path).toBe('/item/41.json');
    const missing = await exec('HACKERNEWS_GET_ITEM', { id: 7 });
    expect(missing.body).toMatchObject({ successful: false });
    expect(missing.body.error).toContain('No Hacker News item 7');
    const user = await exec('HACKERNEWS_GET_USER_BY_USERNAME', { username: 'pg' });
    expect(user.body).toMatchObject({ successful: true, data: { id: 'pg', karma: 155 } });
    expect(hn.last()!.path).toBe('/user/pg.json');
    expect((await exec('HACKERNEWS_GET_MAX_ITEM_ID', {})).body.data).toEqual({ max_item_id: 99999 });
  });

  it('search goes to the Algolia paths with query, tags (author folded in) and hitsPerPage; comment trees are trimmed', async () => {
    const r = await exec('HACKERNEWS_SEARCH_POSTS', { query: 'rust', tags: 'story', author: 'ada', size: 5 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { hits: [{ objectID: '41' }] } });
    const q = hn.last()!;
    expect(q.path).toBe('/search');
    expect(Object.fromEntries(q.query)).toEqual({ query: 'rust', tags: 'story,author_ada', hitsPerPage: '5' });
    await exec('HACKERNEWS_GET_LATEST_POSTS', {});
    expect(hn.last()!.path).toBe('/search_by_date');
    expect(Object.fromEntries(hn.last()!.query)).toEqual({ tags: 'story', hitsPerPage: '20' });
    const tree = await exec('HACKERNEWS_GET_ITEM_WITH_ID', { id: '41' });
    expect(tree.body.data.children).toHaveLength(20);
    expect(tree.body.data.more_children).toBe(5);
    expect(hn.last()!.path).toBe('/items/41');
  });

  it.each(SDKS)('@composio/core $version executes a keyless tool with only a user id', async (sdk) => {
    const composio = composioFor(sdk, s);
    const r = await composio.tools.execute('HACKERNEWS_GET_TOP_STORIES', {
      userId: 'anyone',
      dangerouslySkipVersionCheck: true,
      arguments: { limit: 1 },
    });
    expect(r.successful, JSON.stringify(r)).toBe(true);
    expect(r.data).toEqual({ story_ids: [41] });
  });

  it('the override is still subject to the SSRF guard: without JUNCTION_ALLOW_INSECURE_URLS a loopback URL is refused', async () => {
    const strict = await startServer({ env: { JUNCTION_ALLOW_INSECURE_URLS: '' } });
    try {
      const set = await strict.api('PATCH', '/org/project/config', { toolkit_base_urls: { hackernews: hn.url } });
      expect(set.status).toBe(200);
      const before = hn.requests.length;
      const r = await strict.api('POST', '/tools/execute/HACKERNEWS_GET_TOP_STORIES', { arguments: {} });
      expect(r.body.successful, JSON.stringify(r.body)).toBe(false);
      expect(r.body.data.http_error).toBe('upstream_refused');
      expect(hn.requests.length).toBe(before);
    } finally {
      await strict.stop();
    }
  });
});
