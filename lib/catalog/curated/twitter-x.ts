/**
 * A compact declaration for X API v2 operations in the hosted vocabulary. X's own parameter names
 * are snake_case already, except the field selectors (`tweet.fields`), which the hosted tools take
 * as `tweet_fields`; lists of ids and fields are sent comma-separated, as X documents. Operations
 * on "my" account (`/2/users/{id}/likes`…) fill the user id from GET /2/users/me when it is omitted,
 * which makes them composites; the rest are plain mappings.
 */
import type { ToolHttp } from '../types';
import { at, composite, http, mapping, params, s } from './define';
import type { CuratedContext, CuratedTool, ProviderRequest } from './types';

export type XField =
  | 'tweet'
  | 'user'
  | 'media'
  | 'poll'
  | 'place'
  | 'list'
  | 'space'
  | 'topic'
  | 'dm_event'
  | 'compliance_job'
  | 'search_count'
  | 'usage'
  | 'analytics';

/** which objects a field selector chooses the properties of, for its description */
const FIELD_HELP: Record<XField, string> = {
  tweet: 'Post fields to include beyond id and text, e.g. created_at, author_id, public_metrics, conversation_id.',
  user: 'User fields to include beyond id, name and username, e.g. description, public_metrics, created_at, verified.',
  media: 'Media fields for expanded attachments, e.g. url, preview_image_url, type, duration_ms.',
  poll: 'Poll fields for expanded polls, e.g. options, end_datetime, voting_status.',
  place: 'Place fields for expanded places, e.g. full_name, country_code, geo.',
  list: 'List fields, e.g. description, member_count, follower_count, private, owner_id, created_at.',
  space: 'Space fields, e.g. title, state, host_ids, participant_count, scheduled_start, started_at.',
  topic: 'Topic fields for expanded topics, e.g. name, description.',
  dm_event: 'DM event fields, e.g. text, created_at, sender_id, dm_conversation_id, attachments, participant_ids.',
  compliance_job: 'Compliance job fields, e.g. status, upload_url, download_url, created_at.',
  search_count: 'Count fields, e.g. start, end, tweet_count.',
  analytics: 'Metrics to return, e.g. impressions, engagements, likes, replies, retweets, url_clicks, profile_visits.',
  usage: 'Usage fields, e.g. daily_project_usage, project_cap, project_usage, cap_reset_day.',
};

export const fieldArg = (f: XField) => `${f}_fields`;
const providerField = (f: XField) => `${f}.fields`;

export const X = {
  userId: s.string('Numeric X user id (TWITTER_USER_LOOKUP_BY_USERNAME turns a @handle into one).', {
    examples: ['2244994945'],
  }),
  tweetId: s.string('Numeric id of the post (the number at the end of its x.com/<user>/status/<id> URL).', {
    examples: ['1460323737035677698'],
  }),
  listId: s.string('Numeric id of the List.', { examples: ['1146654567674912769'] }),
  maxResults: (max: number, min = 1) => s.integer(`Results per page (${min}–${max}).`, { minimum: min, maximum: max }),
  pagination: s.string("next_token from the previous page's meta; omit for the first page."),
  expansions: s.strings(
    'Objects to include in full under `includes`, e.g. author_id, attachments.media_keys, referenced_tweets.id, pinned_tweet_id, owner_id.',
  ),
};

export interface XDef {
  slug: string;
  name: string;
  description: string;
  method: ToolHttp['method'];
  /** `/2/...` with `{arg}` placeholders named after the hosted arguments */
  path: string;
  input?: Record<string, unknown>;
  required?: string[];
  /** field selectors offered (adds `<f>_fields` and `expansions`) */
  fields?: XField[];
  /** no `expansions` argument (endpoints that take none) */
  noExpansions?: boolean;
  /** add max_results (with this maximum) and pagination_token */
  page?: number;
  /** arguments sent in the JSON body (POST/PUT); others go to the query */
  body?: string[];
  /** arguments sent as comma-separated lists */
  csv?: string[];
  /** the path argument that defaults to the authenticated user's id */
  me?: string;
  /** provider query names that differ from the argument name */
  rename?: Record<string, string>;
  /** build the JSON body from the arguments (makes it a composite) */
  build?: (a: Record<string, unknown>) => unknown;
  defaults?: Record<string, unknown>;
  aliases?: string[];
  tags?: string[];
  important?: boolean;
  deprecated?: boolean;
  output?: ReturnType<typeof params>;
}

/** Accept the dotted spelling X documents (`tweet.fields`) beside the hosted one. */
function undot(a: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(a)) {
    const u = k.endsWith('.fields') ? k.replace('.fields', '_fields') : k;
    if (out[u] === undefined) out[u] = v;
  }
  return out;
}

/** Cache-free lookup of the connected account's own user id. */
export async function myUserId(ctx: CuratedContext): Promise<string> {
  const me = await ctx.json<{ data?: { id?: string } }>({ method: 'GET', path: '/2/users/me' });
  const id = me.data?.id;
  if (!id) throw new Error('X did not return the authenticated user id');
  return id;
}

export function xTool(def: XDef): CuratedTool {
  const input: Record<string, unknown> = { ...(def.input ?? {}) };
  const fieldArgs: Record<string, string> = {};
  for (const f of def.fields ?? []) {
    input[fieldArg(f)] = s.strings(FIELD_HELP[f]);
    fieldArgs[fieldArg(f)] = providerField(f);
  }
  if (def.fields?.length && !def.noExpansions) input.expansions = X.expansions;
  if (def.page) {
    input.max_results ??= X.maxResults(def.page);
    input.pagination_token ??= X.pagination;
  }
  const inPath = new Set([...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const csv = new Set([...(def.csv ?? []), ...Object.keys(fieldArgs), 'expansions']);
  const body = new Set(def.body ?? []);
  const required = (def.required ?? [...inPath]).filter((k) => k !== def.me);
  const providerName = (k: string) => fieldArgs[k] ?? def.rename?.[k] ?? k;
  const prepare = (a: Record<string, unknown>) => {
    const out = { ...a };
    for (const k of csv) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).join(',');
    return out;
  };
  const base = {
    slug: def.slug,
    name: def.name,
    description: def.description,
    important: def.important,
    aliases: def.aliases,
    deprecated: def.deprecated,
    tags: def.tags ?? ['twitter'],
    input: params(input, required),
    output: def.output,
    normalize: undot,
  };
  if (!def.me && !def.build) {
    const p: ToolHttp['params'] = {};
    for (const k of Object.keys(input)) {
      if (inPath.has(k)) p[k] = at.path(k);
      else if (body.has(k)) p[k] = at.body(k);
      else p[k] = at.query(providerName(k));
    }
    return mapping({ ...base, http: http(def.method, def.path, p), defaults: def.defaults, prepare });
  }
  return composite({
    ...base,
    async run(ctx, args) {
      let a: Record<string, unknown> = { ...(def.defaults ?? {}), ...args };
      if (def.me && (a[def.me] === undefined || a[def.me] === '')) a[def.me] = await myUserId(ctx);
      a = prepare(a);
      const path = def.path.replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(String(a[k] ?? '')));
      const query: ProviderRequest['query'] = {};
      const json: Record<string, unknown> = {};
      for (const k of Object.keys(input)) {
        if (inPath.has(k) || a[k] === undefined || a[k] === null) continue;
        if (body.has(k)) json[k] = a[k];
        else if (!def.build) query[providerName(k)] = a[k] as string;
      }
      const sendsBody = def.method !== 'GET' && def.method !== 'DELETE';
      const payload = def.build ? def.build(a) : Object.keys(json).length ? json : sendsBody ? {} : undefined;
      return ctx.json({ method: def.method as 'GET', path, query, body: payload });
    },
  });
}
