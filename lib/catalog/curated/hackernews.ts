/**
 * Hacker News: keyless public APIs, so every tool runs without a connected account (as hosted).
 * Item, user and ranked-list reads go to the official Firebase API; full-text search, the latest
 * posts and nested comment trees go to the Algolia HN Search API. A project can point the toolkit at
 * another URL (project config `toolkit_base_urls.hackernews`), e.g. a mirror or a test fake.
 */
import { at, http, mapping, params, s } from './define';
import { CATEGORIES, standaloneToolkit } from './toolkit-def';
import type { CuratedTool, MappingTool } from './types';
import { ToolFailure } from './types';

const ALGOLIA = 'https://hn.algolia.com/api/v1';
type Args = Record<string, unknown>;

const limit = (max: number) =>
  s.integer(`Return at most this many ids (1–${max}); all when omitted`, { minimum: 1, maximum: max });

function idList(slug: string, name: string, file: string, max: number, what: string): MappingTool {
  return mapping({
    slug,
    name,
    tags: ['hackernews', 'stories'],
    noAuth: true,
    description: `${what} Returns story_ids (numbers, in Hacker News' order); read each with HACKERNEWS_GET_ITEM or HACKERNEWS_GET_ITEM_WITH_ID. No account needed.`,
    input: params({ limit: limit(max) }),
    output: params({ story_ids: s.array(s.integer('Item id'), 'Item ids') }),
    http: http('GET', `/${file}.json`),
    shape: (body, a) => {
      const ids = Array.isArray(body) ? body : [];
      return { story_ids: typeof a.limit === 'number' ? ids.slice(0, a.limit) : ids };
    },
  });
}

/** Algolia's nested item: keep a readable slice of the comment tree */
function trimTree(node: Args, depth: number, width: number): Args {
  const kids = Array.isArray(node.children) ? (node.children as Args[]) : [];
  const out: Args = {
    ...node,
    children: depth > 0 ? kids.slice(0, width).map((k) => trimTree(k, depth - 1, width)) : [],
  };
  if (kids.length > width || (depth <= 0 && kids.length)) out.more_children = kids.length - (depth > 0 ? width : 0);
  return out;
}

const orNotFound = (what: string) => (body: unknown, a: Args) => {
  if (body === null || body === undefined || body === '')
    throw new ToolFailure(`No Hacker News ${what} ${String(a.id ?? a.username)}`, { status_code: 200 });
  return body as Args;
};

const tagsOf = (a: Args) =>
  [a.tags, a.author ? `author_${String(a.author)}` : undefined].filter(Boolean).join(',') || undefined;

export const hackernewsTools: CuratedTool[] = [
  idList(
    'HACKERNEWS_GET_TOP_STORIES',
    'Top stories',
    'topstories',
    500,
    'The ids of the stories on the front page ranking now (up to 500, jobs included).',
  ),
  idList(
    'HACKERNEWS_GET_BEST_STORIES',
    'Best stories',
    'beststories',
    500,
    'The ids of the highest-voted recent stories (up to 500).',
  ),
  idList(
    'HACKERNEWS_GET_NEW_STORIES',
    'Newest stories',
    'newstories',
    500,
    'The ids of the newest stories, most recent first (up to 500).',
  ),
  idList(
    'HACKERNEWS_GET_ASK_STORIES',
    'Ask HN stories',
    'askstories',
    200,
    'The ids of the latest Ask HN posts (up to 200).',
  ),
  idList(
    'HACKERNEWS_GET_SHOW_STORIES',
    'Show HN stories',
    'showstories',
    200,
    'The ids of the latest Show HN posts, where people present their projects (up to 200).',
  ),
  idList(
    'HACKERNEWS_GET_JOB_STORIES',
    'Job postings',
    'jobstories',
    200,
    'The ids of the latest job postings (up to 200).',
  ),
  mapping({
    slug: 'HACKERNEWS_GET_ITEM',
    name: 'Get an item',
    tags: ['hackernews', 'items'],
    important: true,
    noAuth: true,
    description:
      'Read one item (story, comment, job, poll or poll option) by its numeric id from the official API: type, by (author), time (Unix seconds), ' +
      'title, url, text (HTML), score, descendants (comment count) and kids (ids of direct replies, read them the same way).',
    input: params({ id: s.integer('Item id, e.g. 8863') }, ['id']),
    http: http('GET', '/item/{id}.json', { id: at.path('id') }),
    shape: orNotFound('item'),
  }),
  mapping({
    slug: 'HACKERNEWS_GET_ITEM_WITH_ID',
    name: 'Get an item with its comments',
    tags: ['hackernews', 'items'],
    important: true,
    noAuth: true,
    description:
      'Read a story (or comment) by id together with its comment tree, in one call. The tree is cut to a readable size ' +
      '(3 levels, 20 replies per level; more_children says how many were left out). Use HACKERNEWS_GET_ITEM for the bare item.',
    input: params({ id: s.string('Item id, e.g. "8863"') }, ['id']),
    http: http('GET', '/items/{id}', { id: at.path('id') }, { serverUrl: ALGOLIA }),
    shape: (body, a) => trimTree(orNotFound('item')(body, a), 3, 20),
  }),
  mapping({
    slug: 'HACKERNEWS_GET_MAX_ITEM_ID',
    name: 'Largest item id',
    tags: ['hackernews', 'items'],
    noAuth: true,
    description:
      'The id of the newest item on Hacker News; walk down from it to read everything posted since a known id.',
    input: params({}),
    output: params({ max_item_id: s.integer('Largest item id') }),
    http: http('GET', '/maxitem.json'),
    shape: (body) => ({ max_item_id: body as number }),
  }),
  mapping({
    slug: 'HACKERNEWS_GET_UPDATES',
    name: 'Recently changed items and profiles',
    tags: ['hackernews', 'items'],
    noAuth: true,
    description:
      'Ids of items and usernames of profiles that changed recently. Poll it to follow activity, then read the items you care about.',
    input: params({}),
    output: params({ items: s.array(s.integer('Item id'), 'Changed items'), profiles: s.strings('Changed usernames') }),
    http: http('GET', '/updates.json'),
  }),
  mapping({
    slug: 'HACKERNEWS_GET_USER',
    name: 'Get a user',
    tags: ['hackernews', 'users'],
    important: true,
    noAuth: true,
    description:
      "A member's public profile by username (case-sensitive): username, karma and about text. For creation date and submission ids use HACKERNEWS_GET_USER_BY_USERNAME.",
    input: params({ username: s.string('Username, e.g. pg') }, ['username']),
    http: http('GET', '/users/{username}', { username: at.path('username') }, { serverUrl: ALGOLIA }),
    shape: orNotFound('user'),
  }),
  mapping({
    slug: 'HACKERNEWS_GET_USER_BY_USERNAME',
    name: 'Get a user (official API)',
    tags: ['hackernews', 'users'],
    noAuth: true,
    description:
      "A member's profile from the official API: id, created (Unix seconds), karma, about (HTML) and submitted (ids of their stories, comments and polls, newest first).",
    input: params({ username: s.string('Username, case-sensitive') }, ['username']),
    http: http('GET', '/user/{username}.json', { username: at.path('username') }),
    shape: orNotFound('user'),
  }),
  mapping({
    slug: 'HACKERNEWS_GET_LATEST_POSTS',
    name: 'Latest posts',
    tags: ['hackernews', 'search'],
    important: true,
    noAuth: true,
    description:
      'The most recent posts, newest first, as search hits (title, url, author, points, num_comments, created_at, objectID). ' +
      'Narrow with tags (story, comment, poll, show_hn, ask_hn, front_page; comma = and) and author; size sets how many (default 20), page pages.',
    input: params({
      tags: s.string('Algolia tags filter, e.g. story or show_hn'),
      author: s.string('Only posts by this username'),
      size: s.integer('How many hits (default 20, at most 1000)', { minimum: 1, maximum: 1000 }),
      page: s.integer('Page number, from 0', { minimum: 0 }),
    }),
    defaults: { tags: 'story', size: 20 },
    http: http(
      'GET',
      '/search_by_date',
      { tags: at.query('tags'), size: at.query('hitsPerPage'), page: at.query('page') },
      { serverUrl: ALGOLIA },
    ),
    prepare: (a) => ({ ...a, tags: tagsOf(a) }),
  }),
  mapping({
    slug: 'HACKERNEWS_SEARCH_POSTS',
    name: 'Search posts',
    tags: ['hackernews', 'search'],
    important: true,
    noAuth: true,
    description:
      'Full-text search over stories and comments, ranked by relevance then points. Give query; narrow with tags (story, comment, show_hn, ask_hn) ' +
      'and author; size and page for paging. Returns hits (title, url, author, points, num_comments, objectID) plus nbHits and nbPages; read a hit with HACKERNEWS_GET_ITEM_WITH_ID(objectID).',
    input: params(
      {
        query: s.string('Search words'),
        tags: s.string('Algolia tags filter, e.g. story'),
        author: s.string('Only posts by this username'),
        size: s.integer('How many hits (default 20, at most 1000)', { minimum: 1, maximum: 1000 }),
        page: s.integer('Page number, from 0', { minimum: 0 }),
      },
      ['query'],
    ),
    defaults: { size: 20 },
    http: http(
      'GET',
      '/search',
      { query: at.query('query'), tags: at.query('tags'), size: at.query('hitsPerPage'), page: at.query('page') },
      { serverUrl: ALGOLIA },
    ),
    prepare: (a) => ({ ...a, tags: tagsOf(a) }),
  }),
];

export const hackernews = standaloneToolkit(
  {
    slug: 'hackernews',
    name: 'Hacker News',
    description:
      "Hacker News is Y Combinator's news site for programmers and founders: stories, comments, Ask/Show HN and jobs, readable without an account.",
    appUrl: 'https://news.ycombinator.com',
    categories: [CATEGORIES.news, CATEGORIES.dev],
    baseUrl: 'https://hacker-news.firebaseio.com/v0',
    // listed as hosted does (NO_AUTH, no fields); every tool is noAuth, so no account is needed to run it
    authSchemes: [
      {
        mode: 'NO_AUTH',
        name: 'No auth',
        authConfigFields: { required: [], optional: [] },
        connectionFields: { required: [], optional: [] },
      },
    ],
    noAuth: true,
  },
  hackernewsTools,
);
