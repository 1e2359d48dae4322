/**
 * X (Twitter) in the hosted vocabulary, on X API v2 (api.twitter.com/2, also served as api.x.com).
 * Most tools map onto one operation (see twitter-x.ts for the field selectors and the "my user id"
 * default); posting builds X's nested body from the hosted flat arguments, and media uploads send
 * staged files as multipart/form-data (twitter-media.ts).
 */
import { composite, params, s } from './define';
import { chunkedUpload, defaultCategory, formBody } from './twitter-media';
import { X, xTool, type XField } from './twitter-x';
import { ToolArgumentError, type CuratedTool, type FileDescriptor } from './types';

const POST_FIELDS: XField[] = ['tweet', 'user', 'media', 'poll', 'place'];
const USER_FIELDS: XField[] = ['user', 'tweet'];
const LIST_FIELDS: XField[] = ['list', 'user'];
const SPACE_FIELDS: XField[] = ['space', 'user', 'topic'];
const DM_FIELDS: XField[] = ['dm_event', 'media', 'user', 'tweet'];
const MY_ID = s.string(
  'Your own numeric user id; leave it out and it is looked up from the connected account (TWITTER_USER_LOOKUP_ME).',
);
const TIME = (what: string) =>
  s.string(`${what} (ISO 8601 / RFC 3339, e.g. 2025-09-20T00:00:00Z).`, { format: 'date-time' });
const SEARCH_ARGS = {
  query: s.string(
    'X search query: keywords, "exact phrases", from:user, to:user, #hashtag, is:retweet / -is:retweet, has:media, lang:en, combined with spaces (AND), OR and parentheses.',
    { examples: ['from:XDevelopers -is:retweet'] },
  ),
  start_time: TIME('Oldest post time to include'),
  end_time: TIME('Newest post time to include (exclusive)'),
  since_id: s.string('Only posts newer than this post id.'),
  until_id: s.string('Only posts older than this post id.'),
  next_token: s.string('meta.next_token of the previous page.'),
  pagination_token: s.string('Same as next_token (either is accepted).'),
};
const TIMELINE_ARGS = {
  since_id: SEARCH_ARGS.since_id,
  until_id: SEARCH_ARGS.until_id,
  start_time: SEARCH_ARGS.start_time,
  end_time: SEARCH_ARGS.end_time,
  exclude: s.strings('Kinds of posts to leave out: retweets, replies.'),
};
const DM_MESSAGE = {
  text: s.string('Message text.'),
  media_id: s.string('Id of one uploaded media item to attach (TWITTER_UPLOAD_MEDIA with media_category dm_image).'),
  attachments: s.array(
    s.object({ media_id: s.string('Uploaded media id') }, 'One attachment'),
    'Attachments as X takes them ({media_id}); alternative to media_id.',
  ),
};
const dmBody = (a: Record<string, unknown>) => {
  const attachments =
    (a.attachments as unknown[] | undefined) ?? (a.media_id ? [{ media_id: String(a.media_id) }] : undefined);
  if (!a.text && !attachments) throw new ToolArgumentError('give text, media_id or attachments');
  return { text: a.text, attachments };
};
const COUNTS_ARGS = {
  ...SEARCH_ARGS,
  granularity: s.enum(['minute', 'hour', 'day'], 'Bucket size of the counts.', { default: 'hour' }),
  search_count_fields: s.strings('Count fields: start, end, tweet_count.'),
};

const MEDIA_FILE = s.file('The staged media file ({name, mimetype, s3key} from POST /api/v3/files/upload/request).');

const uploadMedia = composite({
  slug: 'TWITTER_UPLOAD_MEDIA',
  aliases: ['TWITTER_MEDIA_UPLOAD_MEDIA'],
  name: 'Upload image',
  important: true,
  tags: ['twitter', 'media', 'upload'],
  description:
    "Upload one staged image (JPEG, PNG, WebP) or subtitle file to X in a single request and get its media_id, to attach with TWITTER_CREATION_OF_A_POST (media_media_ids) or in a DM. The id expires (expires_after_secs), so post soon after. For videos, GIFs or files over about 5 MB use TWITTER_UPLOAD_LARGE_MEDIA. Returns media_id plus X's data (id, media_key, size, expires_after_secs).",
  input: params(
    {
      media: MEDIA_FILE,
      media_category: s.enum(['tweet_image', 'dm_image', 'subtitles'], 'What the media is for.', {
        default: 'tweet_image',
      }),
      media_type: s.string("MIME type to declare (default: the staged file's type)."),
      shared: s.boolean('Allow the media to be used in DMs to several people.'),
    },
    ['media'],
  ),
  output: params({ media_id: s.string('Id to attach to a post'), media_key: s.string('Media key') }),
  async run(ctx, a) {
    const f = await ctx.readFile(a.media as FileDescriptor);
    const type = (a.media_type as string | undefined) || f.mimetype;
    if (/^video\//.test(type) || type === 'image/gif')
      throw new ToolArgumentError('videos and GIFs go through TWITTER_UPLOAD_LARGE_MEDIA');
    const form = await formBody(
      {
        media_category: (a.media_category as string | undefined) ?? 'tweet_image',
        media_type: type,
        shared: a.shared === undefined ? undefined : String(a.shared),
      },
      { part: 'media', file: { ...f, mimetype: type } },
    );
    const res = await ctx.json<{ data?: Record<string, unknown> }>({
      method: 'POST',
      path: '/2/media/upload',
      ...form,
    });
    return { ...(res.data ?? {}), media_id: res.data?.id };
  },
});

const uploadLarge = composite({
  slug: 'TWITTER_UPLOAD_LARGE_MEDIA',
  name: 'Upload video, GIF or large media',
  important: true,
  tags: ['twitter', 'media', 'upload', 'video'],
  description:
    'Upload a staged video, GIF or large image to X with the chunked upload (initialize, append 4 MB chunks, finalize) and get its media_id. media_category defaults from the file type (tweet_video, tweet_gif, tweet_image; use the dm_* categories for direct messages). Videos and GIFs are processed after upload: when processing_info is returned, poll TWITTER_GET_MEDIA_UPLOAD_STATUS until state is succeeded before attaching media_id to TWITTER_CREATION_OF_A_POST.',
  input: params(
    {
      media: MEDIA_FILE,
      media_category: s.enum(
        ['tweet_image', 'tweet_gif', 'tweet_video', 'amplify_video', 'dm_image', 'dm_gif', 'dm_video', 'subtitles'],
        'What the media is for (default from the file type, for a post).',
      ),
      shared: s.boolean('Allow the media to be used in DMs to several people.'),
    },
    ['media'],
  ),
  output: params({
    media_id: s.string('Id to attach once processing succeeded'),
    processing_info: s.object(
      { state: s.string('pending, in_progress, succeeded or failed') },
      'Present while X processes the media',
    ),
  }),
  async run(ctx, a) {
    const f = await ctx.readFile(a.media as FileDescriptor);
    const category = (a.media_category as string | undefined) ?? defaultCategory(f.mimetype);
    const data = await chunkedUpload(ctx, f, category, a.shared as boolean | undefined);
    return { ...data, media_id: data.id };
  },
});

const appendUpload = composite({
  slug: 'TWITTER_APPEND_MEDIA_UPLOAD',
  name: 'Append media chunk',
  tags: ['twitter', 'media', 'upload'],
  description:
    'Send one chunk of a chunked upload you started with TWITTER_INITIALIZE_MEDIA_UPLOAD: id is the media id it returned, segment_index counts from 0, media is the staged chunk (at most 5 MB). Append every chunk in order, then X finalizes when asked (TWITTER_UPLOAD_LARGE_MEDIA does the whole sequence for you from one staged file).',
  input: params(
    {
      id: s.string('Media id from TWITTER_INITIALIZE_MEDIA_UPLOAD.'),
      segment_index: s.integer('Position of this chunk, from 0.', { minimum: 0, maximum: 999 }),
      media: s.file('The staged chunk.'),
    },
    ['id', 'segment_index', 'media'],
  ),
  async run(ctx, a) {
    const f = await ctx.readFile(a.media as FileDescriptor);
    const form = await formBody({ segment_index: String(a.segment_index) }, { part: 'media', file: f });
    const res = await ctx.json({
      method: 'POST',
      path: `/2/media/upload/${encodeURIComponent(String(a.id))}/append`,
      ...form,
    });
    return { ...res, id: a.id, segment_index: a.segment_index };
  },
});

const uploadStatus = composite({
  slug: 'TWITTER_GET_MEDIA_UPLOAD_STATUS',
  name: 'Get media processing status',
  tags: ['twitter', 'media'],
  description:
    'Check whether X has finished processing an uploaded video or GIF. Pass media_id from TWITTER_UPLOAD_LARGE_MEDIA. processing_info.state moves from pending and in_progress to succeeded (attach it now) or failed (upload again); check_after_secs says when to ask next. Only needed when the upload answer carried processing_info.',
  input: params({ media_id: s.string('Media id of the upload.') }, ['media_id']),
  async run(ctx, a) {
    const res = await ctx.json<{ data?: Record<string, unknown> }>({
      method: 'GET',
      path: '/2/media/upload',
      query: { command: 'STATUS', media_id: String(a.media_id) },
    });
    return { ...(res.data ?? {}), media_id: a.media_id };
  },
});

export const twitterTools: CuratedTool[] = [
  xTool({
    slug: 'TWITTER_CREATION_OF_A_POST',
    name: 'Create a post',
    important: true,
    tags: ['twitter', 'post', 'tweet'],
    method: 'POST',
    path: '/2/tweets',
    description:
      'Publish a post (tweet) as the connected account. Give text (up to 280 characters on standard accounts), and optionally media_media_ids (from TWITTER_UPLOAD_MEDIA / TWITTER_UPLOAD_LARGE_MEDIA, up to 4), a poll (poll_options + poll_duration_minutes), quote_tweet_id to quote, or reply_in_reply_to_tweet_id to reply in a thread. Media, poll and quote exclude each other. Returns data.id and data.text of the new post; delete it with TWITTER_POST_DELETE_BY_POST_ID.',
    input: {
      text: s.string('The text of the post.'),
      media_media_ids: s.strings('Uploaded media ids to attach (1–4).'),
      media_tagged_user_ids: s.strings('User ids to tag in the attached photos.'),
      poll_options: s.strings('Poll choices (2–4, each up to 25 characters).'),
      poll_duration_minutes: s.integer('How long the poll stays open (5–10080 minutes).', {
        minimum: 5,
        maximum: 10080,
      }),
      poll_reply_settings: s.enum(
        ['following', 'mentionedUsers', 'subscribers', 'verified'],
        'Who can reply to the poll post.',
      ),
      quote_tweet_id: s.string('Id of a post to quote.'),
      reply_in_reply_to_tweet_id: s.string('Id of the post to reply to.'),
      reply_exclude_reply_user_ids: s.strings('User ids to leave out of the reply’s mentions.'),
      reply_settings: s.enum(
        ['following', 'mentionedUsers', 'subscribers', 'verified'],
        'Who can reply (default: everyone).',
      ),
      geo_place_id: s.string('Place id to tag the post with.'),
      card_uri: s.string('Card URI (ads cards); excludes media, poll and quote.'),
      community_id: s.string('Post into this Community.'),
      direct_message_deep_link: s.string('Link that opens a DM with the account.'),
      for_super_followers_only: s.boolean('Only for super followers.'),
      nullcast: s.boolean('Promoted-only post that does not appear in timelines.'),
    },
    required: [],
    build(a) {
      if (!a.text && !a.media_media_ids && !a.poll_options && !a.quote_tweet_id && !a.card_uri)
        throw new ToolArgumentError('give text (or media_media_ids, poll_options, quote_tweet_id or card_uri)');
      return {
        text: a.text,
        card_uri: a.card_uri,
        community_id: a.community_id,
        direct_message_deep_link: a.direct_message_deep_link,
        for_super_followers_only: a.for_super_followers_only,
        nullcast: a.nullcast,
        quote_tweet_id: a.quote_tweet_id,
        reply_settings: a.reply_settings,
        geo: a.geo_place_id ? { place_id: a.geo_place_id } : undefined,
        media: a.media_media_ids
          ? { media_ids: a.media_media_ids, tagged_user_ids: a.media_tagged_user_ids }
          : undefined,
        poll: a.poll_options
          ? {
              options: a.poll_options,
              duration_minutes: a.poll_duration_minutes ?? 1440,
              reply_settings: a.poll_reply_settings,
            }
          : undefined,
        reply: a.reply_in_reply_to_tweet_id
          ? {
              in_reply_to_tweet_id: a.reply_in_reply_to_tweet_id,
              exclude_reply_user_ids: a.reply_exclude_reply_user_ids,
            }
          : undefined,
      };
    },
  }),
  xTool({
    slug: 'TWITTER_GET_POST_ANALYTICS',
    name: 'Post analytics',
    tags: ['twitter', 'analytics'],
    method: 'GET',
    path: '/2/tweets/analytics',
    input: {
      ids: s.strings('Ids of your posts (1–100).'),
      start_time: TIME('Start of the period'),
      end_time: TIME('End of the period'),
      granularity: s.string('Bucket size: hourly, daily, weekly or total.', { examples: ['total'] }),
    },
    required: ['ids', 'start_time', 'end_time', 'granularity'],
    csv: ['ids'],
    fields: ['analytics'],
    noExpansions: true,
    description:
      'Engagement metrics (impressions, likes, replies, link clicks…) of your own posts over a period, per hour, day, week or in total; pick metrics with analytics_fields. X only serves this on enterprise-level plans; other plans get 403.',
  }),
  xTool({
    slug: 'TWITTER_POST_DELETE_BY_POST_ID',
    name: 'Delete a post',
    method: 'DELETE',
    path: '/2/tweets/{id}',
    input: { id: X.tweetId },
    description: 'Delete one of your own posts for good. Pass its id. Returns data.deleted = true.',
  }),
  xTool({
    slug: 'TWITTER_POST_LOOKUP_BY_POST_ID',
    name: 'Get a post',
    important: true,
    method: 'GET',
    path: '/2/tweets/{id}',
    input: { id: X.tweetId },
    fields: POST_FIELDS,
    description:
      'Read one post by id: text by default; ask tweet_fields (created_at, public_metrics, author_id, conversation_id…) and expansions (author_id → the author under includes.users) for more.',
  }),
  xTool({
    slug: 'TWITTER_POST_LOOKUP_BY_POST_IDS',
    name: 'Get several posts',
    method: 'GET',
    path: '/2/tweets',
    input: { ids: s.strings('Post ids (1–100).') },
    required: ['ids'],
    csv: ['ids'],
    fields: POST_FIELDS,
    description:
      'Read up to 100 posts by id in one call, with the same field and expansion choices as TWITTER_POST_LOOKUP_BY_POST_ID. Posts that cannot be read come back under errors.',
  }),
  xTool({
    slug: 'TWITTER_RECENT_SEARCH',
    name: 'Search recent posts',
    important: true,
    tags: ['twitter', 'search'],
    method: 'GET',
    path: '/2/tweets/search/recent',
    input: {
      ...SEARCH_ARGS,
      max_results: X.maxResults(100, 10),
      sort_order: s.enum(['recency', 'relevancy'], 'Order of results.'),
    },
    required: ['query'],
    fields: POST_FIELDS,
    description:
      'Find posts from the last 7 days that match an X search query (e.g. "from:nasa has:media -is:retweet"). Page with next_token. Add tweet_fields (created_at, public_metrics, author_id) and expansions (author_id) to get dates, counts and authors. For older posts use TWITTER_FULL_ARCHIVE_SEARCH; for volumes only, TWITTER_SEARCH_RECENT_COUNTS.',
  }),
  xTool({
    slug: 'TWITTER_FULL_ARCHIVE_SEARCH',
    name: 'Search all posts',
    tags: ['twitter', 'search'],
    method: 'GET',
    path: '/2/tweets/search/all',
    input: {
      ...SEARCH_ARGS,
      max_results: X.maxResults(500, 10),
      sort_order: s.enum(['recency', 'relevancy'], 'Order of results.'),
    },
    required: ['query'],
    fields: POST_FIELDS,
    description:
      'Search every public post since 2006 with the X search syntax (needs an X plan with full-archive access). Narrow with start_time/end_time; page with next_token. Same fields and expansions as TWITTER_RECENT_SEARCH.',
  }),
  xTool({
    slug: 'TWITTER_SEARCH_RECENT_COUNTS',
    name: 'Count recent posts',
    tags: ['twitter', 'search'],
    method: 'GET',
    path: '/2/tweets/counts/recent',
    input: COUNTS_ARGS,
    required: ['query'],
    fields: [],
    csv: ['search_count_fields'],
    rename: { search_count_fields: 'search_count.fields' },
    description:
      'How many posts from the last 7 days match a search query, per minute, hour or day (granularity). Returns data[] of {start, end, tweet_count} and meta.total_tweet_count. Use it to size a topic before fetching posts with TWITTER_RECENT_SEARCH.',
  }),
  xTool({
    slug: 'TWITTER_SEARCH_FULL_ARCHIVE_COUNTS',
    name: 'Count posts in the archive',
    tags: ['twitter', 'search'],
    method: 'GET',
    path: '/2/tweets/counts/all',
    input: COUNTS_ARGS,
    required: ['query'],
    csv: ['search_count_fields'],
    rename: { search_count_fields: 'search_count.fields' },
    description:
      'Post counts over the whole archive for a search query, bucketed by minute, hour or day between start_time and end_time (full-archive access required). Returns data[] of {start, end, tweet_count} and a total.',
  }),
  xTool({
    slug: 'TWITTER_RETRIEVE_POSTS_THAT_QUOTE_A_POST',
    name: 'Posts quoting a post',
    method: 'GET',
    path: '/2/tweets/{id}/quote_tweets',
    input: { id: X.tweetId, exclude: s.strings('Leave out: retweets, replies.') },
    csv: ['exclude'],
    fields: POST_FIELDS,
    page: 100,
    description: 'Posts that quote the given post, newest first, paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_GET_POST_RETWEETS',
    aliases: ['TWITTER_RETRIEVE_POSTS_THAT_REPOST_A_POST'],
    name: 'Reposts of a post',
    method: 'GET',
    path: '/2/tweets/{id}/retweets',
    input: { id: X.tweetId },
    fields: POST_FIELDS,
    page: 100,
    description:
      'The repost (retweet) posts of a post, as post objects. For just the accounts that reposted, use TWITTER_GET_POST_RETWEETERS_ACTION.',
  }),
  xTool({
    slug: 'TWITTER_GET_POST_RETWEETERS_ACTION',
    name: 'Who reposted a post',
    method: 'GET',
    path: '/2/tweets/{id}/retweeted_by',
    input: { id: X.tweetId },
    fields: USER_FIELDS,
    page: 100,
    description: 'Accounts that reposted a post (quotes not included), as user objects, paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_LIST_POST_LIKERS',
    name: 'Who liked a post',
    method: 'GET',
    path: '/2/tweets/{id}/liking_users',
    input: { id: X.tweetId },
    fields: USER_FIELDS,
    page: 100,
    description:
      'Accounts that liked a post, as user objects (id, name, username + the user_fields you ask for), paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_HIDE_REPLIES',
    name: 'Hide or unhide a reply',
    method: 'PUT',
    path: '/2/tweets/{tweet_id}/hidden',
    input: {
      tweet_id: s.string('Id of the reply to hide or show.'),
      hidden: s.boolean('true hides it, false shows it again.', { default: true }),
    },
    required: ['tweet_id', 'hidden'],
    body: ['hidden'],
    description: 'Hide (or unhide) a reply to a conversation you started. Returns data.hidden.',
  }),
  xTool({
    slug: 'TWITTER_USER_LIKE_POST',
    name: 'Like a post',
    method: 'POST',
    path: '/2/users/{id}/likes',
    me: 'id',
    input: { id: MY_ID, tweet_id: X.tweetId },
    required: ['tweet_id'],
    body: ['tweet_id'],
    description:
      'Like a post as the connected account. Pass tweet_id. Returns data.liked. Undo with TWITTER_UNLIKE_POST.',
  }),
  xTool({
    slug: 'TWITTER_UNLIKE_POST',
    name: 'Unlike a post',
    method: 'DELETE',
    path: '/2/users/{id}/likes/{tweet_id}',
    me: 'id',
    input: { id: MY_ID, tweet_id: X.tweetId },
    description: 'Remove your like from a post. Succeeds (liked: false) even if it was not liked.',
  }),
  xTool({
    slug: 'TWITTER_RETWEET_POST',
    name: 'Repost',
    method: 'POST',
    path: '/2/users/{id}/retweets',
    me: 'id',
    input: { id: MY_ID, tweet_id: X.tweetId },
    required: ['tweet_id'],
    body: ['tweet_id'],
    description:
      'Repost (retweet) a post as the connected account. Returns data.retweeted. To add commentary, post with quote_tweet_id instead.',
  }),
  xTool({
    slug: 'TWITTER_UNRETWEET_POST',
    name: 'Undo a repost',
    method: 'DELETE',
    path: '/2/users/{id}/retweets/{source_tweet_id}',
    me: 'id',
    input: { id: MY_ID, source_tweet_id: s.string('Id of the original post you reposted.') },
    description: 'Remove your repost of a post (pass the original post id). Returns data.retweeted = false.',
  }),
  xTool({
    slug: 'TWITTER_ADD_POST_TO_BOOKMARKS',
    name: 'Bookmark a post',
    method: 'POST',
    path: '/2/users/{id}/bookmarks',
    me: 'id',
    input: { id: MY_ID, tweet_id: X.tweetId },
    required: ['tweet_id'],
    body: ['tweet_id'],
    description: 'Save a post to your bookmarks. Returns data.bookmarked. List them with TWITTER_BOOKMARKS_BY_USER.',
  }),
  xTool({
    slug: 'TWITTER_REMOVE_POST_FROM_BOOKMARKS',
    name: 'Remove a bookmark',
    method: 'DELETE',
    path: '/2/users/{id}/bookmarks/{tweet_id}',
    me: 'id',
    input: { id: MY_ID, tweet_id: X.tweetId },
    aliases: ['TWITTER_REMOVE_A_BOOKMARKED_POST'],
    description: 'Take a post out of your bookmarks. Returns data.bookmarked = false.',
  }),
  xTool({
    slug: 'TWITTER_BOOKMARKS_BY_USER',
    name: 'List my bookmarks',
    method: 'GET',
    path: '/2/users/{id}/bookmarks',
    me: 'id',
    input: { id: MY_ID },
    fields: POST_FIELDS,
    page: 100,
    description:
      'Posts you have bookmarked, newest first, paged with pagination_token. Only your own bookmarks can be read.',
  }),
  xTool({
    slug: 'TWITTER_USER_LOOKUP_ME',
    name: 'Get my profile',
    important: true,
    tags: ['twitter', 'user'],
    method: 'GET',
    path: '/2/users/me',
    fields: USER_FIELDS,
    description:
      'The connected account: data.id (the user id other tools take), name and username, plus any user_fields (description, public_metrics, created_at…). Call it first when a tool needs your own id.',
  }),
  xTool({
    slug: 'TWITTER_USER_LOOKUP_BY_USERNAME',
    name: 'Get a user by username',
    important: true,
    tags: ['twitter', 'user'],
    method: 'GET',
    path: '/2/users/by/username/{username}',
    input: { username: s.string('Handle without the @, e.g. XDevelopers.') },
    fields: USER_FIELDS,
    description:
      'Look up an account by @handle: data.id (for follow, DM and timeline tools), name, username, and the user_fields you ask for (public_metrics gives follower counts).',
  }),
  xTool({
    slug: 'TWITTER_USER_LOOKUP_BY_USERNAMES',
    name: 'Get users by usernames',
    tags: ['twitter', 'user'],
    method: 'GET',
    path: '/2/users/by',
    input: { usernames: s.strings('Handles without @ (1–100).') },
    required: ['usernames'],
    csv: ['usernames'],
    fields: USER_FIELDS,
    description: 'Look up to 100 accounts by handle in one call. Unknown handles come back under errors.',
  }),
  xTool({
    slug: 'TWITTER_GET_USER_BY_ID',
    name: 'Get a user by id',
    tags: ['twitter', 'user'],
    method: 'GET',
    path: '/2/users/{id}',
    input: { id: X.userId },
    fields: USER_FIELDS,
    description: 'Profile of one account by numeric id (name, username and the user_fields you ask for).',
  }),
  xTool({
    slug: 'TWITTER_GET_USERS_BY_IDS',
    name: 'Get users by ids',
    tags: ['twitter', 'user'],
    method: 'GET',
    path: '/2/users',
    input: { ids: s.strings('User ids (1–100).') },
    required: ['ids'],
    csv: ['ids'],
    fields: USER_FIELDS,
    description: 'Profiles of up to 100 accounts by numeric id in one call.',
  }),
  xTool({
    slug: 'TWITTER_FOLLOWERS_BY_USER_ID',
    name: 'Followers of a user',
    method: 'GET',
    path: '/2/users/{id}/followers',
    input: { id: X.userId },
    fields: USER_FIELDS,
    page: 1000,
    description: 'Accounts that follow a user, paged with pagination_token (up to 1000 per page).',
  }),
  xTool({
    slug: 'TWITTER_FOLLOWING_BY_USER_ID',
    name: 'Accounts a user follows',
    method: 'GET',
    path: '/2/users/{id}/following',
    input: { id: X.userId },
    fields: USER_FIELDS,
    page: 1000,
    description: 'Accounts a user follows, paged with pagination_token (up to 1000 per page).',
  }),
  xTool({
    slug: 'TWITTER_FOLLOW_USER',
    name: 'Follow a user',
    method: 'POST',
    path: '/2/users/{id}/following',
    me: 'id',
    input: { id: MY_ID, target_user_id: s.string('Id of the account to follow.') },
    required: ['target_user_id'],
    body: ['target_user_id'],
    description:
      'Follow an account as the connected user. Protected accounts get a follow request (data.pending_follow). Undo with TWITTER_UNFOLLOW_USER.',
  }),
  xTool({
    slug: 'TWITTER_UNFOLLOW_USER',
    name: 'Unfollow a user',
    method: 'DELETE',
    path: '/2/users/{source_user_id}/following/{target_user_id}',
    me: 'source_user_id',
    input: { source_user_id: MY_ID, target_user_id: s.string('Id of the account to stop following.') },
    description: 'Stop following an account. Returns data.following = false.',
  }),
  xTool({
    slug: 'TWITTER_MUTE_USER',
    name: 'Mute a user',
    method: 'POST',
    path: '/2/users/{id}/muting',
    me: 'id',
    input: { id: MY_ID, target_user_id: s.string('Id of the account to mute.') },
    required: ['target_user_id'],
    body: ['target_user_id'],
    description:
      'Mute an account: its posts stop showing in your timeline; it is not told. Undo with TWITTER_UNMUTE_USER.',
  }),
  xTool({
    slug: 'TWITTER_UNMUTE_USER',
    name: 'Unmute a user',
    method: 'DELETE',
    path: '/2/users/{source_user_id}/muting/{target_user_id}',
    me: 'source_user_id',
    input: { source_user_id: MY_ID, target_user_id: s.string('Id of the account to unmute.') },
    description: 'Unmute an account you muted. Returns data.muting = false.',
  }),
  xTool({
    slug: 'TWITTER_GET_MUTED_USERS',
    name: 'List muted users',
    method: 'GET',
    path: '/2/users/{id}/muting',
    me: 'id',
    input: { id: MY_ID },
    fields: USER_FIELDS,
    page: 1000,
    description: 'Accounts you have muted, paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_GET_BLOCKED_USERS',
    name: 'List blocked users',
    method: 'GET',
    path: '/2/users/{id}/blocking',
    me: 'id',
    input: { id: MY_ID },
    fields: USER_FIELDS,
    page: 1000,
    description: 'Accounts you have blocked (only your own block list can be read), paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_USER_HOME_TIMELINE_BY_USER_ID',
    name: 'My home timeline',
    important: true,
    method: 'GET',
    path: '/2/users/{id}/timelines/reverse_chronological',
    me: 'id',
    input: { id: MY_ID, ...TIMELINE_ARGS },
    csv: ['exclude'],
    fields: POST_FIELDS,
    page: 100,
    description:
      'Your home feed in reverse-chronological order: posts from accounts you follow and your own. Only your own timeline can be read. Narrow by time or ids; page with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_RETURNS_POST_OBJECTS_LIKED_BY_THE_PROVIDED_USER_ID',
    name: 'Posts a user liked',
    method: 'GET',
    path: '/2/users/{id}/liked_tweets',
    input: { id: X.userId },
    fields: POST_FIELDS,
    page: 100,
    description: 'Posts a user has liked, newest likes first, paged with pagination_token.',
  }),
  // DMs
  xTool({
    slug: 'TWITTER_SEND_A_NEW_MESSAGE_TO_A_USER',
    name: 'Send a direct message',
    important: true,
    tags: ['twitter', 'dm'],
    method: 'POST',
    path: '/2/dm_conversations/with/{participant_id}/messages',
    input: { participant_id: s.string('User id of the recipient.'), ...DM_MESSAGE },
    required: ['participant_id'],
    build: dmBody,
    description:
      'Send a direct message to one account (opens the one-to-one conversation if needed). Give text and/or media_id of an uploaded dm_image. Returns dm_conversation_id and dm_event_id.',
  }),
  xTool({
    slug: 'TWITTER_SEND_DM_TO_CONVERSATION',
    name: 'Send a message to a DM conversation',
    tags: ['twitter', 'dm'],
    method: 'POST',
    path: '/2/dm_conversations/{dm_conversation_id}/messages',
    input: {
      dm_conversation_id: s.string('Conversation id (from a previous message or TWITTER_CREATE_DM_CONVERSATION).'),
      ...DM_MESSAGE,
    },
    required: ['dm_conversation_id'],
    build: dmBody,
    description:
      'Send a message into an existing DM conversation (one-to-one or group). Give text and/or media_id. Returns dm_event_id.',
  }),
  xTool({
    slug: 'TWITTER_CREATE_DM_CONVERSATION',
    name: 'Start a group DM',
    tags: ['twitter', 'dm'],
    method: 'POST',
    path: '/2/dm_conversations',
    input: {
      conversation_type: s.enum(['Group'], 'Always Group.', { default: 'Group' }),
      participant_ids: s.strings('User ids to include (besides you).'),
      message: s.object(
        {
          text: s.string('First message text'),
          attachments: s.array(s.object({ media_id: s.string('Uploaded media id') }, 'Attachment'), 'Attachments'),
        },
        'The first message ({text, attachments?}).',
      ),
    },
    required: ['participant_ids', 'message'],
    body: ['conversation_type', 'participant_ids', 'message'],
    defaults: { conversation_type: 'Group' },
    description:
      'Create a group DM with the given accounts and send its first message. Returns dm_conversation_id for TWITTER_SEND_DM_TO_CONVERSATION.',
  }),
  xTool({
    slug: 'TWITTER_GET_RECENT_DM_EVENTS',
    name: 'Recent direct messages',
    tags: ['twitter', 'dm'],
    method: 'GET',
    path: '/2/dm_events',
    input: { event_types: s.strings('MessageCreate, ParticipantsJoin, ParticipantsLeave.') },
    csv: ['event_types'],
    fields: DM_FIELDS,
    page: 100,
    description:
      'Your direct-message events from the last 30 days across conversations, newest first. Ask dm_event_fields (text, sender_id, created_at, dm_conversation_id) to read them.',
  }),
  xTool({
    slug: 'TWITTER_GET_DM_CONVERSATION_EVENTS',
    name: 'Messages with a user',
    tags: ['twitter', 'dm'],
    method: 'GET',
    path: '/2/dm_conversations/with/{participant_id}/dm_events',
    input: {
      participant_id: s.string('User id of the other person.'),
      event_types: s.strings('MessageCreate, ParticipantsJoin, ParticipantsLeave.'),
    },
    csv: ['event_types'],
    fields: DM_FIELDS,
    page: 100,
    description:
      'Messages of your one-to-one conversation with a user, newest first. For group conversations use TWITTER_RETRIEVE_DM_CONVERSATION_EVENTS.',
  }),
  xTool({
    slug: 'TWITTER_RETRIEVE_DM_CONVERSATION_EVENTS',
    name: 'Messages of a conversation',
    tags: ['twitter', 'dm'],
    method: 'GET',
    path: '/2/dm_conversations/{id}/dm_events',
    input: {
      id: s.string('DM conversation id.'),
      event_types: s.strings('MessageCreate, ParticipantsJoin, ParticipantsLeave.'),
    },
    csv: ['event_types'],
    fields: DM_FIELDS,
    page: 100,
    description: 'Events (messages, joins, leaves) of a DM conversation by its id, newest first.',
  }),
  xTool({
    slug: 'TWITTER_GET_DM_EVENT',
    name: 'Get a direct message',
    tags: ['twitter', 'dm'],
    method: 'GET',
    path: '/2/dm_events/{event_id}',
    input: { event_id: s.string('DM event id.') },
    fields: DM_FIELDS,
    aliases: ['TWITTER_GET_DM_EVENTS_BY_ID'],
    description: 'One DM event by id, with the dm_event_fields you ask for.',
  }),
  xTool({
    slug: 'TWITTER_DELETE_DM',
    name: 'Delete a direct message',
    tags: ['twitter', 'dm'],
    method: 'DELETE',
    path: '/2/dm_events/{event_id}',
    input: { event_id: s.string('Id of a message you sent.') },
    description: 'Delete a direct message you sent (for you; not the whole conversation). Returns data.deleted.',
  }),
  // Lists
  xTool({
    slug: 'TWITTER_CREATE_LIST',
    name: 'Create a List',
    tags: ['twitter', 'list'],
    method: 'POST',
    path: '/2/lists',
    input: {
      name: s.string('List name (unique among your Lists).'),
      description: s.string('Description.'),
      private: s.boolean('Private List.'),
    },
    required: ['name'],
    body: ['name', 'description', 'private'],
    description: 'Create an empty List; returns data.id. Add accounts with TWITTER_ADD_LIST_MEMBER.',
  }),
  xTool({
    slug: 'TWITTER_UPDATE_LIST',
    name: 'Update a List',
    tags: ['twitter', 'list'],
    method: 'PUT',
    path: '/2/lists/{id}',
    input: {
      id: X.listId,
      name: s.string('New name.'),
      description: s.string('New description.'),
      private: s.boolean('Private or public.'),
    },
    body: ['name', 'description', 'private'],
    description: 'Rename a List you own, change its description or make it private/public. Returns data.updated.',
  }),
  xTool({
    slug: 'TWITTER_DELETE_LIST',
    name: 'Delete a List',
    tags: ['twitter', 'list'],
    method: 'DELETE',
    path: '/2/lists/{id}',
    input: { id: X.listId },
    description: 'Delete a List you own, for good. Returns data.deleted.',
  }),
  xTool({
    slug: 'TWITTER_GET_LIST',
    name: 'Get a List',
    tags: ['twitter', 'list'],
    method: 'GET',
    path: '/2/lists/{id}',
    input: { id: X.listId },
    fields: LIST_FIELDS,
    description:
      "A List's details (name; ask list_fields for description, member_count, owner_id…). Members: TWITTER_GET_LIST_MEMBERS; posts: TWITTER_LIST_POSTS_TIMELINE_BY_LIST_ID.",
  }),
  xTool({
    slug: 'TWITTER_ADD_LIST_MEMBER',
    name: 'Add a List member',
    tags: ['twitter', 'list'],
    method: 'POST',
    path: '/2/lists/{id}/members',
    input: { id: X.listId, user_id: s.string('Id of the account to add.') },
    required: ['id', 'user_id'],
    body: ['user_id'],
    description: 'Add an account to a List you own. Returns data.is_member.',
  }),
  xTool({
    slug: 'TWITTER_REMOVE_LIST_MEMBER',
    name: 'Remove a List member',
    tags: ['twitter', 'list'],
    method: 'DELETE',
    path: '/2/lists/{id}/members/{user_id}',
    input: { id: X.listId, user_id: s.string('Id of the account to remove.') },
    description: 'Remove an account from a List you own. Returns data.is_member = false.',
  }),
  xTool({
    slug: 'TWITTER_GET_LIST_MEMBERS',
    name: 'List members',
    tags: ['twitter', 'list'],
    method: 'GET',
    path: '/2/lists/{id}/members',
    input: { id: X.listId },
    fields: USER_FIELDS,
    page: 100,
    aliases: ['TWITTER_FETCH_LIST_MEMBERS_BY_ID'],
    description: 'Accounts that are members of a List, paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_GET_LIST_FOLLOWERS',
    name: 'List followers',
    tags: ['twitter', 'list'],
    method: 'GET',
    path: '/2/lists/{id}/followers',
    input: { id: X.listId },
    fields: USER_FIELDS,
    page: 100,
    description: 'Accounts that follow a List, paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_LIST_POSTS_TIMELINE_BY_LIST_ID',
    name: 'Posts of a List',
    tags: ['twitter', 'list'],
    method: 'GET',
    path: '/2/lists/{id}/tweets',
    input: { id: X.listId },
    fields: POST_FIELDS,
    page: 100,
    description: 'Recent posts by the members of a List, newest first, paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_FOLLOW_LIST',
    name: 'Follow a List',
    tags: ['twitter', 'list'],
    method: 'POST',
    path: '/2/users/{id}/followed_lists',
    me: 'id',
    input: { id: MY_ID, list_id: X.listId },
    required: ['list_id'],
    body: ['list_id'],
    description:
      'Follow a List (its posts join your List timelines; its members are not followed). Returns data.following.',
  }),
  xTool({
    slug: 'TWITTER_UNFOLLOW_LIST',
    name: 'Unfollow a List',
    tags: ['twitter', 'list'],
    method: 'DELETE',
    path: '/2/users/{id}/followed_lists/{list_id}',
    me: 'id',
    input: { id: MY_ID, list_id: X.listId },
    description: 'Stop following a List. Returns data.following = false.',
  }),
  xTool({
    slug: 'TWITTER_PIN_LIST',
    name: 'Pin a List',
    tags: ['twitter', 'list'],
    method: 'POST',
    path: '/2/users/{id}/pinned_lists',
    me: 'id',
    input: { id: MY_ID, list_id: X.listId },
    required: ['list_id'],
    body: ['list_id'],
    description: 'Pin a List to your profile (X allows a handful of pinned Lists). Returns data.pinned.',
  }),
  xTool({
    slug: 'TWITTER_UNPIN_LIST',
    name: 'Unpin a List',
    tags: ['twitter', 'list'],
    method: 'DELETE',
    path: '/2/users/{id}/pinned_lists/{list_id}',
    me: 'id',
    input: { id: MY_ID, list_id: X.listId },
    description: 'Unpin a List from your profile. Returns data.pinned = false.',
  }),
  xTool({
    slug: 'TWITTER_GET_USER_OWNED_LISTS',
    aliases: ['TWITTER_GET_A_USER_S_OWNED_LISTS'],
    name: 'Lists a user owns',
    tags: ['twitter', 'list'],
    method: 'GET',
    path: '/2/users/{id}/owned_lists',
    input: { id: X.userId },
    fields: LIST_FIELDS,
    page: 100,
    description: 'Lists created by a user (not the ones they follow), paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_GET_USER_FOLLOWED_LISTS',
    aliases: ['TWITTER_GET_USER_S_FOLLOWED_LISTS'],
    name: 'Lists a user follows',
    tags: ['twitter', 'list'],
    method: 'GET',
    path: '/2/users/{id}/followed_lists',
    input: { id: X.userId },
    fields: LIST_FIELDS,
    page: 100,
    description: 'Lists a user follows (their metadata, not their posts), paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_GET_USER_LIST_MEMBERSHIPS',
    aliases: ['TWITTER_GET_A_USER_S_LIST_MEMBERSHIPS'],
    name: 'Lists a user is on',
    tags: ['twitter', 'list'],
    method: 'GET',
    path: '/2/users/{id}/list_memberships',
    input: { id: X.userId },
    fields: LIST_FIELDS,
    page: 100,
    description: 'Lists that include a user as a member, paged with pagination_token.',
  }),
  xTool({
    slug: 'TWITTER_GET_USER_PINNED_LISTS',
    aliases: ['TWITTER_GET_A_USER_S_PINNED_LISTS'],
    name: 'Lists a user pinned',
    tags: ['twitter', 'list'],
    method: 'GET',
    path: '/2/users/{id}/pinned_lists',
    input: { id: X.userId },
    fields: LIST_FIELDS,
    description: 'Lists a user has pinned to their profile.',
  }),
  // Spaces
  xTool({
    slug: 'TWITTER_SEARCH_SPACES',
    name: 'Search Spaces',
    tags: ['twitter', 'spaces'],
    method: 'GET',
    path: '/2/spaces/search',
    input: {
      query: s.string('Words to find in Space titles.'),
      state: s.enum(['all', 'live', 'scheduled'], 'Which Spaces.', { default: 'all' }),
      max_results: X.maxResults(100),
    },
    required: ['query'],
    fields: SPACE_FIELDS,
    description: 'Find live or scheduled Spaces (audio rooms) whose title matches the query.',
  }),
  xTool({
    slug: 'TWITTER_GET_SPACE_BY_ID',
    name: 'Get a Space',
    tags: ['twitter', 'spaces'],
    method: 'GET',
    path: '/2/spaces/{id}',
    input: { id: s.string('Space id, e.g. 1DXxyRYNejbKM.') },
    fields: SPACE_FIELDS,
    description:
      'One Space by id: state, and the space_fields you ask for (title, host_ids, participant_count, started_at…).',
  }),
  xTool({
    slug: 'TWITTER_GET_SPACES_BY_IDS',
    name: 'Get Spaces by ids',
    tags: ['twitter', 'spaces'],
    method: 'GET',
    path: '/2/spaces',
    input: { ids: s.strings('Space ids (1–100).') },
    required: ['ids'],
    csv: ['ids'],
    fields: SPACE_FIELDS,
    description: 'Several Spaces (live, scheduled or ended) by id in one call.',
  }),
  xTool({
    slug: 'TWITTER_GET_SPACES_BY_CREATORS',
    name: 'Spaces by their hosts',
    tags: ['twitter', 'spaces'],
    method: 'GET',
    path: '/2/spaces/by/creator_ids',
    input: { user_ids: s.strings('User ids of the creators (1–100).') },
    required: ['user_ids'],
    csv: ['user_ids'],
    fields: SPACE_FIELDS,
    description: 'Live and scheduled Spaces created by the given accounts.',
  }),
  xTool({
    slug: 'TWITTER_GET_SPACE_POSTS',
    name: 'Posts shared in a Space',
    tags: ['twitter', 'spaces'],
    method: 'GET',
    path: '/2/spaces/{id}/tweets',
    input: { id: s.string('Space id.'), max_results: X.maxResults(100) },
    fields: POST_FIELDS,
    aliases: ['TWITTER_RETRIEVE_POSTS_FROM_A_SPACE'],
    description: 'Posts that were shared into a Space while it ran (not a transcript; often empty).',
  }),
  xTool({
    slug: 'TWITTER_GET_SPACE_TICKET_BUYERS',
    name: 'Ticket buyers of a Space',
    tags: ['twitter', 'spaces'],
    method: 'GET',
    path: '/2/spaces/{id}/buyers',
    input: { id: s.string('Id of a ticketed Space you host.') },
    fields: USER_FIELDS,
    page: 100,
    aliases: ['TWITTER_FETCH_SPACE_TICKET_BUYERS_LIST'],
    description: 'Accounts that bought a ticket to a ticketed Space you host.',
  }),
  xTool({
    slug: 'TWITTER_CREATE_ACTIVITY_SUBSCRIPTION',
    name: 'Subscribe to account activity events',
    tags: ['twitter', 'activity', 'webhook'],
    method: 'POST',
    path: '/2/activity/subscriptions',
    input: {
      event_type: s.enum(
        [
          'profile.update.bio',
          'profile.update.profile_picture',
          'profile.update.banner_picture',
          'profile.update.screenname',
          'profile.update.geo',
          'profile.update.url',
          'profile.update.verified_badge',
          'news.new',
          'follow.follow',
          'follow.unfollow',
        ],
        'The kind of event to receive.',
      ),
      filter: s.object({ user_id: s.string('Id of the account to watch.') }, 'Whose events: {user_id}.'),
      tag: s.string('Your label, echoed in every delivered event.'),
      webhook_id: s.string(
        'Id of a webhook registered with X to deliver to (omit to read them on the activity stream).',
      ),
    },
    required: ['event_type', 'filter'],
    body: ['event_type', 'filter', 'tag', 'webhook_id'],
    description:
      "Ask X's Activity API to deliver an account's events (bio, picture, handle or URL changes, follows and unfollows, news) to a registered webhook. Pass event_type and filter.user_id (TWITTER_USER_LOOKUP_BY_USERNAME gives the id). Returns the subscription with its subscription_id. Private events need user-context auth and the activity plan.",
  }),
  // Compliance, usage, spec
  xTool({
    slug: 'TWITTER_CREATE_COMPLIANCE_JOB',
    name: 'Create a compliance job',
    tags: ['twitter', 'compliance'],
    method: 'POST',
    path: '/2/compliance/jobs',
    input: {
      type: s.enum(['tweets', 'users'], 'What the ids are.'),
      name: s.string('Your name for the job.'),
      resumable: s.boolean('Resumable upload URL.'),
    },
    required: ['type'],
    body: ['type', 'name', 'resumable'],
    aliases: ['TWITTER_CREATE_COMPLIANCE_JOB_REQUEST'],
    description:
      'Start a batch compliance check: returns data.upload_url (PUT a text file of ids, one per line) and data.id to poll with TWITTER_GET_COMPLIANCE_JOB for download_url.',
  }),
  xTool({
    slug: 'TWITTER_GET_COMPLIANCE_JOB',
    name: 'Get a compliance job',
    tags: ['twitter', 'compliance'],
    method: 'GET',
    path: '/2/compliance/jobs/{id}',
    input: { id: s.string('Compliance job id.') },
    fields: ['compliance_job'],
    noExpansions: true,
    aliases: ['TWITTER_RETRIEVE_COMPLIANCE_JOB_BY_ID'],
    description: 'Status of a compliance job (created, in_progress, complete, failed) and its upload/download URLs.',
  }),
  xTool({
    slug: 'TWITTER_GET_COMPLIANCE_JOBS',
    name: 'List compliance jobs',
    tags: ['twitter', 'compliance'],
    method: 'GET',
    path: '/2/compliance/jobs',
    input: {
      type: s.enum(['tweets', 'users'], 'Job type.'),
      status: s.enum(['created', 'in_progress', 'failed', 'complete'], 'Only jobs in this state.'),
    },
    required: ['type'],
    fields: ['compliance_job'],
    noExpansions: true,
    aliases: ['TWITTER_RETRIEVE_COMPLIANCE_JOBS'],
    description: 'Recent compliance jobs of one type, optionally by status.',
  }),
  xTool({
    slug: 'TWITTER_GET_POST_USAGE',
    name: 'API post usage',
    tags: ['twitter', 'usage'],
    method: 'GET',
    path: '/2/usage/tweets',
    input: { days: s.integer('Days of history (1–90).', { minimum: 1, maximum: 90, default: 7 }) },
    fields: ['usage'],
    noExpansions: true,
    aliases: ['TWITTER_POST_USAGE'],
    description:
      "How many posts your X developer project has read against its monthly cap, with daily breakdowns per app. Needs the app's bearer token.",
  }),
  xTool({
    slug: 'TWITTER_GET_OPENAPI_SPEC',
    name: 'X API OpenAPI document',
    tags: ['twitter', 'meta'],
    method: 'GET',
    path: '/2/openapi.json',
    aliases: ['TWITTER_RETURNS_THE_OPEN_API_SPECIFICATION_DOCUMENT'],
    description: "The OpenAPI (JSON) description of X API v2, to look up an endpoint's parameters. No arguments.",
  }),
  // Media
  xTool({
    slug: 'TWITTER_INITIALIZE_MEDIA_UPLOAD',
    name: 'Start a chunked media upload',
    tags: ['twitter', 'media', 'upload'],
    method: 'POST',
    path: '/2/media/upload/initialize',
    input: {
      media_type: s.string('MIME type of the whole file, e.g. video/mp4.'),
      total_bytes: s.integer('Size of the whole file in bytes.'),
      media_category: s.enum(
        ['tweet_image', 'tweet_gif', 'tweet_video', 'amplify_video', 'dm_image', 'dm_gif', 'dm_video', 'subtitles'],
        'What the media is for.',
      ),
      shared: s.boolean('Usable in DMs to several people.'),
      additional_owners: s.strings('User ids that may also use the media.'),
    },
    required: ['media_type', 'total_bytes'],
    body: ['media_type', 'total_bytes', 'media_category', 'shared', 'additional_owners'],
    description:
      'First step of a manual chunked upload: returns data.id, the media id that TWITTER_APPEND_MEDIA_UPLOAD takes. Most callers should use TWITTER_UPLOAD_LARGE_MEDIA, which does every step from one staged file.',
  }),
  uploadMedia,
  uploadLarge,
  appendUpload,
  uploadStatus,
];
