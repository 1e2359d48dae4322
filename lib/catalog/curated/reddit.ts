/**
 * Reddit in the hosted vocabulary on the OAuth API (oauth.reddit.com). Things are named by
 * fullname: a kind prefix and a base-36 id (t1_ comment, t3_ post, t5_ subreddit). Writes are
 * form posts with api_type=json, whose validation errors come back in a 200 answer as
 * json.errors; those end the call with successful:false here. Every listing is asked with
 * raw_json=1 so text comes back unescaped (&, <, > instead of HTML entities).
 *
 * OAuth: Reddit hands out a refresh token only for duration=permanent, and its token endpoint
 * authenticates the app with HTTP Basic (client id and secret), so both are set on the scheme.
 */
import { composite, params, s } from './define';
import { oauth2Scheme, standaloneToolkit } from './toolkit-def';
import { type CuratedContext, type CuratedTool, ToolFailure } from './types';

type Args = Record<string, unknown>;
type Query = Record<string, string | number | boolean | undefined>;

interface RedditDef {
  slug: string;
  name: string;
  description: string;
  input: Record<string, unknown>;
  required?: string[];
  important?: boolean;
  deprecated?: boolean;
  /** GET: path and query of the listing */
  get?: (a: Args) => { path: string; query?: Query };
  /** POST: path and form fields */
  post?: (a: Args) => { path: string; form: Query };
  /** reshape a GET answer that is not an object */
  shape?: (body: unknown) => Record<string, unknown>;
}

function tool(d: RedditDef): CuratedTool {
  return composite({
    slug: d.slug,
    name: d.name,
    description: d.description,
    important: d.important,
    deprecated: d.deprecated,
    tags: ['reddit'],
    input: params(d.input, d.required ?? []),
    async run(ctx, a) {
      if (d.get) {
        const { path, query } = d.get(a);
        const body = await ctx.json<unknown>({ method: 'GET', path, query: { ...clean(query), raw_json: 1 } });
        return d.shape ? d.shape(body) : asObject(body);
      }
      const { path, form } = d.post!(a);
      return submit(ctx, path, form);
    },
  });
}

function clean(q: Query = {}): Query {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

function asObject(body: unknown): Record<string, unknown> {
  return Array.isArray(body) ? { listings: body } : ((body ?? {}) as Record<string, unknown>);
}

/** A form post with api_type=json; Reddit's `json.errors` ([[code, message, field]]) become a failure. */
async function submit(ctx: CuratedContext, path: string, form: Query): Promise<Record<string, unknown>> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(clean({ ...form, api_type: 'json' }))) body.set(k, String(v));
  const res = await ctx.json<Record<string, unknown>>({
    method: 'POST',
    path,
    rawBody: body.toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const json = (res?.json ?? {}) as { errors?: unknown[]; data?: Record<string, unknown> };
  if (Array.isArray(json.errors) && json.errors.length) {
    const msg = json.errors.map((e) => (Array.isArray(e) ? `${e[0]}: ${e[1]}` : String(e))).join('; ');
    throw new ToolFailure(`Reddit refused the request: ${msg}`, { errors: json.errors });
  }
  return json.data ? { ...json.data } : asObject(res);
}

/** Accept a bare base-36 id where a fullname is needed, adding the kind prefix. */
const fullname = (v: unknown, kind: 't1' | 't3') => {
  const id = String(v ?? '').trim();
  return /^t\d_/.test(id) ? id : `${kind}_${id}`;
};
const bare = (v: unknown) => String(v ?? '').replace(/^t3_/, '');
const sub = (v: unknown) =>
  String(v ?? '')
    .trim()
    .replace(/^\/?r\//i, '');

const SUBREDDIT = s.string('Subreddit name without the r/ prefix, e.g. learnprogramming');
const LIMIT = s.integer('How many items, at most 100', { default: 25 });
const AFTER = s.string('data.after of the previous page, to read the next one');
const TIME = s.enum(['hour', 'day', 'week', 'month', 'year', 'all'], 'Time window for top and controversial');
const page = (a: Args): Query => ({ limit: a.limit as number, after: a.after as string });

export const redditTools: CuratedTool[] = [
  tool({
    slug: 'REDDIT_CREATE_REDDIT_POST',
    name: 'Create post',
    important: true,
    input: {
      subreddit: SUBREDDIT,
      title: s.string('Post title, up to 300 characters; it cannot be edited later'),
      kind: s.enum(['self', 'link'], 'self for a text post, link for a URL post', { default: 'self' }),
      text: s.string('Body of a text post (markdown)'),
      url: s.string('Target of a link post'),
      flair_id: s.string('flair_template_id from REDDIT_LIST_SUBREDDIT_POST_FLAIRS, where the subreddit requires one'),
      flair_text: s.string('Text of an editable flair'),
    },
    required: ['subreddit', 'title', 'kind'],
    post: (a) => ({
      path: '/api/submit',
      form: {
        sr: sub(a.subreddit),
        title: a.title as string,
        kind: (a.kind as string) ?? 'self',
        text: a.text as string,
        url: a.url as string,
        flair_id: a.flair_id as string,
        flair_text: a.flair_text as string,
        resubmit: true,
      },
    }),
    description:
      'Publish a text or link post in a subreddit; it is public at once, so confirm subreddit, title and text with the user. Read REDDIT_GET_SUBREDDIT_RULES first and pass flair_id where flair is required. Returns id, name (the t3_ fullname for comments and edits) and url. Reddit answers RATELIMIT or rule errors as a failed call with its message.',
  }),
  tool({
    slug: 'REDDIT_POST_REDDIT_COMMENT',
    name: 'Comment',
    important: true,
    input: {
      thing_id: s.string('Fullname of the post (t3_…) or comment (t1_…) to answer'),
      text: s.string('Comment text (markdown)'),
    },
    required: ['thing_id', 'text'],
    post: (a) => ({ path: '/api/comment', form: { thing_id: a.thing_id as string, text: a.text as string } }),
    description:
      'Reply to a post or to a comment, publicly and at once. Returns the new comment under things[0].data (its name is the t1_ fullname to edit or delete it). Fails on locked or archived threads and on rate limits.',
  }),
  tool({
    slug: 'REDDIT_EDIT_REDDIT_COMMENT_OR_POST',
    name: 'Edit comment or text post',
    input: {
      thing_id: s.string('Fullname of your own comment (t1_…) or text post (t3_…)'),
      text: s.string('The new body (markdown); replaces the old one'),
    },
    required: ['thing_id', 'text'],
    post: (a) => ({ path: '/api/editusertext', form: { thing_id: a.thing_id as string, text: a.text as string } }),
    description:
      'Replace the body of a comment or text post written by the connected user. Titles and link posts cannot be edited. Returns the updated thing.',
  }),
  tool({
    slug: 'REDDIT_DELETE_REDDIT_POST',
    name: 'Delete post',
    input: { id: s.string('Post fullname (t3_…) or its bare id') },
    required: ['id'],
    post: (a) => ({ path: '/api/del', form: { id: fullname(a.id, 't3') } }),
    description: 'Delete a post of the connected user for good. Ask the user first. Returns an empty object.',
  }),
  tool({
    slug: 'REDDIT_DELETE_REDDIT_COMMENT',
    name: 'Delete comment',
    input: { id: s.string('Comment fullname (t1_…) or its bare id') },
    required: ['id'],
    post: (a) => ({ path: '/api/del', form: { id: fullname(a.id, 't1') } }),
    description: 'Delete a comment of the connected user for good. Ask the user first. Returns an empty object.',
  }),
  tool({
    slug: 'REDDIT_TOGGLE_INBOX_REPLIES',
    name: 'Inbox replies on or off',
    input: {
      id: s.string('Fullname of your own post (t3_…) or comment (t1_…)'),
      state: s.boolean('true to get replies in the inbox, false to stop them'),
    },
    required: ['id', 'state'],
    post: (a) => ({ path: '/api/sendreplies', form: { id: a.id as string, state: a.state as boolean } }),
    description: 'Choose whether replies to one of your posts or comments notify your inbox.',
  }),
  tool({
    slug: 'REDDIT_RETRIEVE_REDDIT_POST',
    name: 'Posts of a subreddit',
    important: true,
    input: {
      subreddit: SUBREDDIT,
      sort: s.enum(['hot', 'new', 'top', 'rising', 'controversial'], 'Order', { default: 'hot' }),
      time_filter: TIME,
      size: s.integer('How many posts, at most 100', { default: 5 }),
      after: AFTER,
    },
    required: ['subreddit'],
    get: (a) => ({
      path: `/r/${encodeURIComponent(sub(a.subreddit))}/${a.sort ?? 'hot'}`,
      query: { limit: (a.size as number) ?? 5, t: a.time_filter as string, after: a.after as string },
    }),
    description:
      'Read the posts of a subreddit, hot by default, or new, top and controversial (with time_filter), rising. Each post is under data.children[].data: title, selftext, author, score, num_comments, created_utc, permalink, name (t3_ fullname). Page on with data.after. Comments come from REDDIT_RETRIEVE_POST_COMMENTS.',
  }),
  tool({
    slug: 'REDDIT_RETRIEVE_POST_COMMENTS',
    name: 'Comments of a post',
    important: true,
    input: {
      article: s.string('Base-36 id of the post (the part after /comments/ in its URL, without t3_)'),
      sort: s.enum(['confidence', 'top', 'new', 'controversial', 'old', 'qa'], 'Comment order'),
      limit: s.integer('Most comments to return'),
      depth: s.integer('How deep to expand reply trees'),
    },
    required: ['article'],
    get: (a) => ({
      path: `/comments/${encodeURIComponent(bare(a.article))}`,
      query: { sort: a.sort as string, limit: a.limit as number, depth: a.depth as number },
    }),
    description:
      'A post with its comment tree: listings[0] holds the post, listings[1].data.children the top-level comments (text in data.body, replies nested under data.replies). Collapsed branches appear as kind "more".',
  }),
  tool({
    slug: 'REDDIT_RETRIEVE_SPECIFIC_COMMENT',
    name: 'Get post or comment',
    input: { id: s.string('Fullname: t1_… for a comment, t3_… for a post') },
    required: ['id'],
    get: (a) => ({ path: '/api/info', query: { id: a.id as string } }),
    description:
      'One comment or post by fullname, without its thread (data.children[0].data). For the discussion use REDDIT_RETRIEVE_POST_COMMENTS.',
  }),
  tool({
    slug: 'REDDIT_SEARCH_ACROSS_SUBREDDITS',
    name: 'Search posts',
    important: true,
    input: {
      search_query: s.string('Words to search, with Reddit operators (subreddit:, author:, title:, self:yes)'),
      sort: s.enum(['relevance', 'hot', 'top', 'new', 'comments'], 'Order', { default: 'relevance' }),
      time_filter: TIME,
      restrict_sr: s.boolean('Only within the subreddit given in subreddit'),
      subreddit: s.string('Subreddit to search in (with restrict_sr)'),
      limit: LIMIT,
      after: AFTER,
    },
    required: ['search_query'],
    get: (a) => ({
      path: a.subreddit ? `/r/${encodeURIComponent(sub(a.subreddit))}/search` : '/search',
      query: {
        q: a.search_query as string,
        sort: a.sort as string,
        t: a.time_filter as string,
        restrict_sr: a.subreddit ? ((a.restrict_sr as boolean) ?? true) : undefined,
        type: 'link',
        ...page(a),
      },
    }),
    description:
      'Search posts across Reddit, or inside one subreddit. Results are under data.children[].data with title, subreddit, score, num_comments, created_utc and permalink; an empty list means nothing matched. Page on with data.after.',
  }),
  tool({
    slug: 'REDDIT_GET_SUBREDDITS_SEARCH',
    name: 'Find subreddits',
    input: {
      q: s.string('Topic or name to look for'),
      sort: s.enum(['relevance', 'activity'], 'Order'),
      limit: LIMIT,
      after: AFTER,
    },
    required: ['q'],
    get: (a) => ({ path: '/subreddits/search', query: { q: a.q as string, sort: a.sort as string, ...page(a) } }),
    description:
      'Find communities by topic: display_name, title, public_description, subscribers, over18 under data.children[].data. Use display_name as subreddit in other tools.',
  }),
  tool({
    slug: 'REDDIT_GET_SUBREDDIT_RULES',
    name: 'Subreddit rules',
    input: { subreddit: SUBREDDIT },
    required: ['subreddit'],
    get: (a) => ({ path: `/r/${encodeURIComponent(sub(a.subreddit))}/about/rules` }),
    description:
      "A community's posting rules (rules[].short_name, description, kind) and site rules. Read them before posting or commenting there.",
  }),
  tool({
    slug: 'REDDIT_LIST_SUBREDDIT_POST_FLAIRS',
    name: 'Post flairs of a subreddit',
    input: { subreddit: SUBREDDIT },
    required: ['subreddit'],
    get: (a) => ({ path: `/r/${encodeURIComponent(sub(a.subreddit))}/api/link_flair_v2` }),
    description:
      'The post flairs you may pick in a subreddit (items: id, text, text_editable). Pass id as flair_id to REDDIT_CREATE_REDDIT_POST. Empty or forbidden when flair is not user-selectable.',
  }),
  tool({
    slug: 'REDDIT_GET_USER_FLAIR',
    name: 'User flair list',
    input: {
      subreddit: SUBREDDIT,
      name: s.string('Only this username'),
      limit: s.integer('At most 1000', { default: 25 }),
      after: s.string('next of the previous page'),
    },
    required: ['subreddit'],
    get: (a) => ({
      path: `/r/${encodeURIComponent(sub(a.subreddit))}/api/flairlist`,
      query: { name: a.name as string, ...page(a) },
    }),
    description:
      'User flair assignments in a subreddit (users: user, flair_text, flair_css_class), for its moderators. Page with next.',
  }),
  tool({
    slug: 'REDDIT_GET_REDDIT_USER_ABOUT',
    name: 'User profile',
    input: { username: s.string('Username without u/') },
    required: ['username'],
    get: (a) => ({ path: `/user/${encodeURIComponent(String(a.username).replace(/^\/?u\//i, ''))}/about` }),
    description: 'A public profile: name, link_karma, comment_karma, created_utc, is_gold, is_mod under data.',
  }),
  tool({
    slug: 'REDDIT_GET_USERNAME_AVAILABLE',
    name: 'Username available?',
    input: { user: s.string('Username to check') },
    required: ['user'],
    get: (a) => ({ path: '/api/username_available', query: { user: a.user as string } }),
    shape: (body) => ({ available: body === true }),
    description: 'Whether a username is still free to register. Returns {available: true|false}.',
  }),
  tool({
    slug: 'REDDIT_GET_ME_PREFS',
    name: 'My preferences',
    input: { fields: s.string('Comma-separated preference names to return, all when absent') },
    get: (a) => ({ path: '/api/v1/me/prefs', query: { fields: a.fields as string } }),
    description: "The connected user's settings (language, over_18, email notifications, default comment sort …).",
  }),
  tool({
    slug: 'REDDIT_GET_SCOPES',
    name: 'OAuth scopes',
    input: { scopes: s.string('Comma-separated scope names to describe, all when absent') },
    get: (a) => ({ path: '/api/v1/scopes', query: { scopes: a.scopes as string } }),
    description: 'What each Reddit OAuth scope allows (id, name, description per scope).',
  }),
  tool({
    slug: 'REDDIT_GET',
    name: 'Front-page listing',
    input: {
      sort: s.enum(['hot', 'new', 'top', 'rising', 'controversial', 'best'], 'Order', { default: 'hot' }),
      time_filter: TIME,
      limit: LIMIT,
      after: AFTER,
    },
    get: (a) => ({ path: `/${a.sort ?? 'hot'}`, query: { t: a.time_filter as string, ...page(a) } }),
    description:
      "Posts of the connected user's front page in the chosen order (best follows their subscriptions). Posts are under data.children[].data; page with data.after.",
  }),
  tool({
    slug: 'REDDIT_GET_CONTROVERSIAL_POSTS',
    name: 'Controversial posts',
    input: { time_filter: TIME, limit: LIMIT, after: AFTER },
    get: (a) => ({ path: '/controversial', query: { t: (a.time_filter as string) ?? 'day', ...page(a) } }),
    description: 'The most disputed posts across Reddit in a time window (day by default); page with data.after.',
  }),
  tool({
    slug: 'REDDIT_GET_NEW',
    name: 'Newest posts of a subreddit',
    deprecated: true,
    input: { subreddit: SUBREDDIT, limit: LIMIT, after: AFTER },
    required: ['subreddit'],
    get: (a) => ({ path: `/r/${encodeURIComponent(sub(a.subreddit))}/new`, query: page(a) }),
    description: 'Older name: REDDIT_RETRIEVE_REDDIT_POST with sort new does the same. Newest posts first.',
  }),
  tool({
    slug: 'REDDIT_GET_R_TOP',
    name: 'Top posts of a subreddit',
    deprecated: true,
    input: { subreddit: SUBREDDIT, time_filter: TIME, limit: LIMIT, after: AFTER },
    required: ['subreddit'],
    get: (a) => ({
      path: `/r/${encodeURIComponent(sub(a.subreddit))}/top`,
      query: { t: a.time_filter as string, ...page(a) },
    }),
    description: 'Older name: REDDIT_RETRIEVE_REDDIT_POST with sort top and time_filter does the same.',
  }),
];

export const reddit = standaloneToolkit(
  {
    slug: 'reddit',
    name: 'Reddit',
    description:
      'Reddit communities: read and search posts and comment threads, find subreddits and their rules, post, comment, edit and delete as the connected user.',
    appUrl: 'https://www.reddit.com',
    categories: [{ slug: 'social-media', name: 'Social Media' }],
    baseUrl: 'https://oauth.reddit.com',
    getCurrentUserEndpoint: '/api/v1/me',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://www.reddit.com/api/v1/authorize',
        tokenUrl: 'https://www.reddit.com/api/v1/access_token',
        scopes: ['identity', 'read', 'submit', 'edit', 'flair', 'history', 'mysubreddits', 'vote'],
        authParams: { duration: 'permanent' },
        tokenAuthMethod: 'client_secret_basic',
      }),
    ],
  },
  redditTools,
);
