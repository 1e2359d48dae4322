/**
 * YouTube in the hosted vocabulary, on the YouTube Data API v3 (youtube.googleapis.com/youtube/v3).
 * Mappings for reads and simple writes (youtube-api.ts); composites build the nested resources,
 * merge partial updates into the current resource (the API replaces whole parts), walk a channel's
 * uploads playlist, download caption text, and upload videos from staged files (resumable or
 * multipart/related on the upload host).
 */
import { s, composite, params } from './define';
import { multipartRelated } from './googledrive-files';
import { API, UPLOAD, acceptSnake, compact, joinLists, ytTool } from './youtube-api';
import { ToolArgumentError, ToolFailure, type CuratedContext, type CuratedTool, type FileDescriptor } from './types';

const PART = (dflt: string, parts: string) =>
  s.string(`Comma-separated resource parts to return (${parts}).`, { default: dflt });
const MAX = (max: number, dflt = 5) =>
  s.integer(`Results per page (0–${max}).`, { minimum: 0, maximum: max, default: dflt });
const PAGE = s.string('nextPageToken of the previous answer; omit for the first page.');
const VIDEO_ID = s.string('YouTube video id (the v= value of a watch URL, 11 characters).', {
  examples: ['dQw4w9WgXcQ'],
});
const CHANNEL_ID = s.string(
  'Channel id (starts with UC; YOUTUBE_GET_CHANNEL_ID_BY_HANDLE turns an @handle into one).',
  {
    examples: ['UC_x5XG1OV2P6uZZ5FSM9Ttw'],
  },
);
const PLAYLIST_ID = s.string('Playlist id (the list= value of a playlist URL).');
const PRIVACY = s.enum(['public', 'unlisted', 'private'], 'Who can see it.');
const HL = s.string('Language for localized text, e.g. en or fr.');
const CONFIRM = s.boolean('Must be true: deleting cannot be undone.');
const TAGS = s.strings('Keywords (tags).');
const VIDEO_META = {
  title: s.string('Video title (up to 100 characters).'),
  description: s.string('Video description (up to 5000 characters).'),
  tags: TAGS,
  categoryId: s.string('Video category id (YOUTUBE_LIST_VIDEO_CATEGORIES), e.g. 22 People & Blogs, 27 Education.', {
    default: '22',
  }),
  privacyStatus: s.enum(['public', 'unlisted', 'private'], 'Visibility after upload.', { default: 'private' }),
  notifySubscribers: s.boolean('Tell subscribers about the new video.', { default: true }),
  madeForKids: s.boolean('Declare the video as made for kids.'),
  publishAt: s.string('Scheduled publication time (ISO 8601; needs privacyStatus private).', { format: 'date-time' }),
};
const VIDEO_FILE = s.file('The staged video file ({name, mimetype, s3key} from POST /api/v3/files/upload/request).');

const confirm = (a: Record<string, unknown>) => {
  if (a.confirmDelete !== true) throw new ToolArgumentError('deleting is permanent: pass confirmDelete: true');
};

function videoResource(a: Record<string, unknown>) {
  return {
    snippet: compact({ title: a.title, description: a.description, tags: a.tags, categoryId: a.categoryId }),
    status: compact({ privacyStatus: a.privacyStatus, selfDeclaredMadeForKids: a.madeForKids, publishAt: a.publishAt }),
  };
}

async function uploadVideo(ctx: CuratedContext, a: Record<string, unknown>, resumable: boolean) {
  if (!a.title) throw new ToolArgumentError('give title');
  const f = await ctx.readFile(a.videoFilePath as FileDescriptor);
  const mime = f.mimetype && f.mimetype !== 'application/octet-stream' ? f.mimetype : 'video/*';
  const query = { part: 'snippet,status', notifySubscribers: a.notifySubscribers !== false };
  // the schema's defaults are documentation only for composites: apply them here
  const meta = videoResource({ ...a, categoryId: a.categoryId ?? '22', privacyStatus: a.privacyStatus ?? 'private' });
  if (!resumable) {
    const { body, contentType } = multipartRelated(meta, f.content, mime);
    return ctx.json({
      method: 'POST',
      url: `${UPLOAD}/videos`,
      query: { ...query, uploadType: 'multipart' },
      rawBody: body,
      contentType,
    });
  }
  // Resumable: the first request sends the metadata and opens a session; its Location receives the bytes.
  const start = await ctx.call({
    method: 'POST',
    url: `${UPLOAD}/videos`,
    query: { ...query, uploadType: 'resumable' },
    body: meta,
    contentType: 'application/json; charset=UTF-8',
    headers: { 'x-upload-content-type': mime, 'x-upload-content-length': String(f.content.length) },
  });
  const location = start.headers.location;
  if (!start.ok || !location) {
    const msg = (start.body as { error?: { message?: string } })?.error?.message ?? `YouTube answered ${start.status}`;
    throw new ToolFailure(`could not start the upload: ${msg}`, {
      status_code: start.status,
      http_error: start.body ?? null,
    });
  }
  return ctx.json({ method: 'PUT', url: location, rawBody: f.content, contentType: mime });
}

const uploadVideoTool = composite({
  slug: 'YOUTUBE_UPLOAD_VIDEO',
  name: 'Upload a video',
  important: true,
  tags: ['youtube', 'video', 'upload'],
  description:
    "Upload a staged video file (videoFilePath: {name, mimetype, s3key} from POST /files/upload/request) to the connected channel with its title, description, tags, category and privacy. Uses YouTube's resumable upload (metadata first, then the bytes), which suits large files. Videos start private unless privacyStatus says otherwise; uploads from unverified API projects stay private. Returns the video resource: id (watch at youtube.com/watch?v=<id>), snippet and status. Add it to a playlist with YOUTUBE_ADD_VIDEO_TO_PLAYLIST.",
  input: params({ videoFilePath: VIDEO_FILE, ...VIDEO_META }, ['videoFilePath', 'title']),
  output: params({
    id: s.string('New video id'),
    snippet: s.object({}, 'Title, description, tags…'),
    status: s.object({}, 'Upload and privacy status'),
  }),
  normalize: acceptSnake([
    'videoFilePath',
    'categoryId',
    'privacyStatus',
    'notifySubscribers',
    'madeForKids',
    'publishAt',
  ]),
  run: (ctx, a) => uploadVideo(ctx, a, true),
});

const multipartUploadTool = composite({
  slug: 'YOUTUBE_MULTIPART_UPLOAD_VIDEO',
  name: 'Upload a video (one request)',
  tags: ['youtube', 'video', 'upload'],
  description:
    'Upload a staged video and its metadata in a single multipart request (JSON resource + bytes). Same arguments and result as YOUTUBE_UPLOAD_VIDEO; fine for small files, while YOUTUBE_UPLOAD_VIDEO (resumable) is the safer choice for large ones.',
  input: params({ videoFilePath: VIDEO_FILE, ...VIDEO_META }, ['videoFilePath', 'title']),
  normalize: acceptSnake([
    'videoFilePath',
    'categoryId',
    'privacyStatus',
    'notifySubscribers',
    'madeForKids',
    'publishAt',
  ]),
  run: (ctx, a) => uploadVideo(ctx, a, false),
});

/** The writable members of a part as read (read-only ones such as thumbnails are not sent back). */
const pick = (o: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => o?.[k] !== undefined).map((k) => [k, o![k]]));

/** Read the current resource, overlay the given fields, write it back (the API replaces whole parts). */
async function mergeUpdate(
  ctx: CuratedContext,
  resource: 'videos' | 'playlists',
  id: string,
  parts: string,
  overlay: (cur: Record<string, Record<string, unknown>>) => Record<string, unknown>,
) {
  const got = await ctx.json<{ items?: Record<string, Record<string, unknown>>[] }>({
    method: 'GET',
    path: `${API}/${resource}`,
    query: { part: parts, id },
  });
  const cur = got.items?.[0];
  if (!cur)
    throw new ToolFailure(`no ${resource === 'videos' ? 'video' : 'playlist'} with id ${id} on this account`, {
      status_code: 404,
    });
  return ctx.json({ method: 'PUT', path: `${API}/${resource}`, query: { part: parts }, body: { id, ...overlay(cur) } });
}

const updateVideo = composite({
  slug: 'YOUTUBE_UPDATE_VIDEO',
  name: 'Update video details',
  important: true,
  tags: ['youtube', 'video'],
  description:
    "Change a video's title, description, tags, category or privacy. Only the fields you pass change: the current snippet and status are read first and merged (YouTube would otherwise clear what is left out). tags: [] removes all tags. Returns the updated video resource.",
  input: params(
    {
      videoId: VIDEO_ID,
      title: s.string('New title.'),
      description: s.string('New description.'),
      tags: TAGS,
      categoryId: s.string('New category id.'),
      privacyStatus: PRIVACY,
      defaultLanguage: s.string('Language of the title and description, e.g. en.'),
      madeForKids: s.boolean('Made for kids.'),
    },
    ['videoId'],
  ),
  normalize: acceptSnake(['videoId', 'categoryId', 'privacyStatus', 'defaultLanguage', 'madeForKids']),
  run: (ctx, a) =>
    mergeUpdate(ctx, 'videos', String(a.videoId), 'snippet,status', (cur) => ({
      snippet: {
        ...pick(cur.snippet, ['title', 'description', 'tags', 'categoryId', 'defaultLanguage']),
        ...compact({
          title: a.title,
          description: a.description,
          tags: a.tags,
          categoryId: a.categoryId,
          defaultLanguage: a.defaultLanguage,
        }),
        // YouTube refuses an update without a category
        categoryId: a.categoryId ?? cur.snippet?.categoryId ?? '22',
      },
      status: {
        ...pick(cur.status, [
          'privacyStatus',
          'embeddable',
          'license',
          'publicStatsViewable',
          'publishAt',
          'selfDeclaredMadeForKids',
        ]),
        ...compact({ privacyStatus: a.privacyStatus, selfDeclaredMadeForKids: a.madeForKids }),
      },
    })),
});

const updatePlaylist = composite({
  slug: 'YOUTUBE_UPDATE_PLAYLIST',
  name: 'Update a playlist',
  tags: ['youtube', 'playlist'],
  description:
    'Rename a playlist, change its description or privacy. Fields you leave out keep their current value (the playlist is read and merged first). Returns the updated playlist.',
  input: params(
    {
      playlistId: PLAYLIST_ID,
      title: s.string('New title.'),
      description: s.string('New description.'),
      privacyStatus: PRIVACY,
      defaultLanguage: s.string('Language, e.g. en.'),
    },
    ['playlistId'],
  ),
  normalize: acceptSnake(['playlistId', 'privacyStatus', 'defaultLanguage']),
  run: (ctx, a) =>
    mergeUpdate(ctx, 'playlists', String(a.playlistId), 'snippet,status', (cur) => ({
      snippet: {
        ...pick(cur.snippet, ['title', 'description', 'tags', 'defaultLanguage']),
        ...compact({ title: a.title, description: a.description, defaultLanguage: a.defaultLanguage }),
      },
      status: { ...pick(cur.status, ['privacyStatus']), ...compact({ privacyStatus: a.privacyStatus }) },
    })),
});

const channelVideos = composite({
  slug: 'YOUTUBE_LIST_CHANNEL_VIDEOS',
  name: "List a channel's videos",
  important: true,
  tags: ['youtube', 'channel', 'video'],
  description:
    "Videos a channel has uploaded, newest first. Reads the channel's uploads playlist and pages through it (1 quota unit a page); if that playlist is missing, falls back to a search of the channel's videos (100 units). Pass channelId (or use YOUTUBE_GET_CHANNEL_ID_BY_HANDLE first). Returns items (each with snippet.resourceId.videoId or id.videoId), nextPageToken and pageInfo. A channel without uploads gives an empty list.",
  input: params(
    {
      channelId: CHANNEL_ID,
      maxResults: MAX(50, 25),
      pageToken: PAGE,
      part: PART('snippet', 'snippet, contentDetails, status'),
    },
    ['channelId'],
  ),
  normalize: acceptSnake(['channelId', 'maxResults', 'pageToken']),
  async run(ctx, a) {
    const ch = await ctx.json<{ items?: { contentDetails?: { relatedPlaylists?: { uploads?: string } } }[] }>({
      method: 'GET',
      path: `${API}/channels`,
      query: { part: 'contentDetails', id: String(a.channelId) },
    });
    if (!ch.items?.length) throw new ToolFailure(`no channel with id ${a.channelId}`, { status_code: 404 });
    const uploads = ch.items[0]?.contentDetails?.relatedPlaylists?.uploads;
    if (!uploads) return { items: [], pageInfo: { totalResults: 0, resultsPerPage: 0 } };
    const page = { maxResults: Number(a.maxResults ?? 25), pageToken: a.pageToken as string | undefined };
    const res = await ctx.call({
      method: 'GET',
      path: `${API}/playlistItems`,
      query: { part: String(joinLists(a, ['part']).part ?? 'snippet'), playlistId: uploads, ...page },
    });
    if (res.ok) return res.body as Record<string, unknown>;
    if (res.status !== 404) {
      throw new ToolFailure(`YouTube answered ${res.status}`, {
        status_code: res.status,
        http_error: res.body ?? null,
      });
    }
    return ctx.json({
      method: 'GET',
      path: `${API}/search`,
      query: { part: 'snippet', channelId: String(a.channelId), type: 'video', order: 'date', ...page },
    });
  },
});

const channelIdByHandle = composite({
  slug: 'YOUTUBE_GET_CHANNEL_ID_BY_HANDLE',
  name: 'Channel id from @handle',
  important: true,
  tags: ['youtube', 'channel'],
  description:
    'Turn a channel @handle (e.g. @GoogleDevelopers, with or without the @) into its channel id (UC…), which the channel, video and subscription tools take. Returns channel_id and the channel title.',
  input: params({ channel_handle: s.string('The @handle, e.g. @GoogleDevelopers.') }, ['channel_handle']),
  output: params({ channel_id: s.string('Channel id'), title: s.string('Channel title') }),
  async run(ctx, a) {
    const handle = String(a.channel_handle).trim();
    const res = await ctx.json<{ items?: { id: string; snippet?: { title?: string } }[] }>({
      method: 'GET',
      path: `${API}/channels`,
      query: { part: 'id,snippet', forHandle: handle.startsWith('@') ? handle : `@${handle}` },
    });
    const ch = res.items?.[0];
    if (!ch) throw new ToolFailure(`no channel has the handle ${handle}`, { status_code: 404 });
    return { channel_id: ch.id, title: ch.snippet?.title };
  },
});

const loadCaptions = composite({
  slug: 'YOUTUBE_LOAD_CAPTIONS',
  name: 'Download a caption track',
  tags: ['youtube', 'captions'],
  description:
    'Download the text of a caption track (id from YOUTUBE_LIST_CAPTION_TRACK) in SRT, VTT, SBV, SCC or TTML (tfmt), optionally machine-translated (tlang). YouTube only allows this for videos the connected channel owns. Returns captions (the text) and the format.',
  input: params(
    {
      id: s.string('Caption track id.'),
      tfmt: s.enum(['srt', 'vtt', 'sbv', 'scc', 'ttml'], 'Format of the text.', { default: 'srt' }),
      tlang: s.string('Translate into this language (e.g. fr).'),
    },
    ['id'],
  ),
  output: params({ captions: s.string('Caption text'), format: s.string('Format') }),
  async run(ctx, a) {
    const tfmt = (a.tfmt as string | undefined) ?? 'srt';
    const res = await ctx.call({
      method: 'GET',
      path: `${API}/captions/${encodeURIComponent(String(a.id))}`,
      query: { tfmt, tlang: a.tlang as string | undefined },
    });
    if (!res.ok) {
      const msg = (res.body as { error?: { message?: string } })?.error?.message ?? `YouTube answered ${res.status}`;
      throw new ToolFailure(`caption download failed (${res.status}): ${msg}`, {
        status_code: res.status,
        http_error: res.body ?? null,
      });
    }
    const text = res.binary
      ? res.binary.toString('utf8')
      : typeof res.body === 'string'
        ? res.body
        : JSON.stringify(res.body);
    return { captions: text, format: tfmt, id: a.id };
  },
});

export const youtubeTools: CuratedTool[] = [
  uploadVideoTool,
  multipartUploadTool,
  updateVideo,
  updatePlaylist,
  channelVideos,
  channelIdByHandle,
  loadCaptions,
  ytTool({
    slug: 'YOUTUBE_SEARCH_YOU_TUBE',
    name: 'Search YouTube',
    important: true,
    tags: ['youtube', 'search'],
    method: 'GET',
    path: '/search',
    input: {
      q: s.string('What to search for.'),
      part: PART('snippet', 'snippet'),
      type: s.string('Kinds of results: video, channel, playlist (comma-separated).', { default: 'video' }),
      maxResults: MAX(50),
      pageToken: PAGE,
      order: s.enum(['relevance', 'date', 'rating', 'title', 'videoCount', 'viewCount'], 'Sort order.'),
      channelId: s.string('Only results from this channel.'),
      publishedAfter: s.string('Only after this time (RFC 3339).', { format: 'date-time' }),
      publishedBefore: s.string('Only before this time (RFC 3339).', { format: 'date-time' }),
      regionCode: s.string('Country code (ISO 3166-1 alpha-2).'),
      relevanceLanguage: s.string('Prefer results in this language.'),
      videoDuration: s.enum(['any', 'short', 'medium', 'long'], 'Video length (type must be video).'),
    },
    required: ['q'],
    defaults: { part: 'snippet', type: 'video' },
    description:
      'Search YouTube for videos, channels or playlists. Returns items with id.videoId / id.channelId / id.playlistId and a snippet (title, description, channel, publishedAt, thumbnails), plus nextPageToken. Costs 100 quota units per call. For statistics of found videos call YOUTUBE_GET_VIDEO_DETAILS_BATCH with their ids.',
  }),
  ytTool({
    slug: 'YOUTUBE_GET_VIDEO_DETAILS_BATCH',
    name: 'Get video details',
    important: true,
    tags: ['youtube', 'video'],
    method: 'GET',
    path: '/videos',
    input: {
      id: s.strings('Video ids (up to 50).'),
      part: PART(
        'snippet,contentDetails,statistics',
        'snippet, contentDetails, statistics, status, topicDetails, player, localizations',
      ),
      hl: HL,
    },
    required: ['id'],
    defaults: { part: 'snippet,contentDetails,statistics' },
    aliases: ['YOUTUBE_VIDEO_DETAILS'],
    description:
      'Details of up to 50 videos in one call: title, description, channel, duration (contentDetails.duration, ISO 8601), and view, like and comment counts (statistics). Ids that do not exist are simply missing from items.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_MOST_POPULAR_VIDEOS',
    name: 'Trending videos',
    tags: ['youtube', 'video'],
    method: 'GET',
    path: '/videos',
    input: {
      chart: s.enum(['mostPopular'], 'The chart.', { default: 'mostPopular' }),
      regionCode: s.string('Country code, e.g. US.'),
      videoCategoryId: s.string('Only this category.'),
      part: PART('snippet,statistics', 'snippet, contentDetails, statistics'),
      maxResults: MAX(50),
      pageToken: PAGE,
      hl: HL,
    },
    defaults: { chart: 'mostPopular', part: 'snippet,statistics' },
    description:
      "YouTube's current most-popular videos for a country and optionally a category, with statistics. Not a keyword search: use YOUTUBE_SEARCH_YOU_TUBE for that.",
  }),
  ytTool({
    slug: 'YOUTUBE_GET_VIDEO_RATING',
    name: 'My rating of videos',
    tags: ['youtube', 'video'],
    method: 'GET',
    path: '/videos/getRating',
    input: { id: s.strings('Video ids.') },
    required: ['id'],
    description: 'Whether the connected account liked or disliked each video (rating: like, dislike or none).',
  }),
  ytTool({
    slug: 'YOUTUBE_RATE_VIDEO',
    name: 'Like or dislike a video',
    tags: ['youtube', 'video'],
    method: 'POST',
    path: '/videos/rate',
    input: { id: VIDEO_ID, rating: s.enum(['like', 'dislike', 'none'], 'none removes your rating.') },
    required: ['id', 'rating'],
    description:
      'Like or dislike a video as the connected account, or clear your rating with none. YouTube answers with no content on success.',
  }),
  ytTool({
    slug: 'YOUTUBE_DELETE_VIDEO',
    name: 'Delete a video',
    tags: ['youtube', 'video'],
    method: 'DELETE',
    path: '/videos',
    input: { id: VIDEO_ID, confirmDelete: CONFIRM },
    required: ['id', 'confirmDelete'],
    bodyArgs: ['confirmDelete'],
    check: confirm,
    description: 'Delete one of your videos for good. Pass id and confirmDelete: true (anything else is refused).',
  }),
  ytTool({
    slug: 'YOUTUBE_REPORT_VIDEO_ABUSE',
    name: 'Report a video',
    tags: ['youtube', 'video'],
    method: 'POST',
    path: '/videos/reportAbuse',
    input: {
      videoId: VIDEO_ID,
      reasonId: s.string('Reason id from YOUTUBE_LIST_VIDEO_ABUSE_REPORT_REASONS.'),
      secondaryReasonId: s.string('Secondary reason id, when the reason has them.'),
      comments: s.string('Details for the reviewers.'),
      language: s.string('Language of the reporter, e.g. en.'),
    },
    required: ['videoId', 'reasonId'],
    bodyArgs: ['videoId', 'reasonId', 'secondaryReasonId', 'comments', 'language'],
    body: (a) =>
      compact({
        videoId: a.videoId,
        reasonId: a.reasonId,
        secondaryReasonId: a.secondaryReasonId,
        comments: a.comments,
        language: a.language,
      }),
    description:
      "Report a video as abusive with one of YouTube's reasons (YOUTUBE_LIST_VIDEO_ABUSE_REPORT_REASONS). No content on success.",
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_VIDEO_ABUSE_REPORT_REASONS',
    name: 'Abuse report reasons',
    tags: ['youtube', 'reference'],
    method: 'GET',
    path: '/videoAbuseReportReasons',
    input: { part: PART('snippet', 'id, snippet'), hl: HL },
    defaults: { part: 'snippet' },
    description:
      'The reasons (and secondary reasons) a video can be reported for, with ids for YOUTUBE_REPORT_VIDEO_ABUSE.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_VIDEO_CATEGORIES',
    name: 'Video categories',
    tags: ['youtube', 'reference'],
    method: 'GET',
    path: '/videoCategories',
    input: {
      part: PART('snippet', 'snippet'),
      regionCode: s.string('Country code, e.g. US (give regionCode or id).'),
      id: s.strings('Category ids.'),
      hl: HL,
    },
    defaults: { part: 'snippet' },
    description:
      'Categories a video can be filed under (id and title), for categoryId in uploads and updates. Give regionCode or id.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_I18N_LANGUAGES',
    name: 'Interface languages',
    tags: ['youtube', 'reference'],
    method: 'GET',
    path: '/i18nLanguages',
    input: { part: PART('snippet', 'snippet'), hl: HL },
    defaults: { part: 'snippet' },
    description: 'Languages the YouTube site supports (code and name), e.g. for defaultLanguage or hl.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_I18N_REGIONS',
    name: 'Content regions',
    tags: ['youtube', 'reference'],
    method: 'GET',
    path: '/i18nRegions',
    input: { part: PART('snippet', 'snippet'), hl: HL },
    defaults: { part: 'snippet' },
    description: 'Regions YouTube serves content for (ISO 3166-1 code and name), for regionCode arguments.',
  }),
  // channels
  ytTool({
    slug: 'YOUTUBE_LIST_CHANNELS',
    name: 'Get channels',
    tags: ['youtube', 'channel'],
    method: 'GET',
    path: '/channels',
    input: {
      part: PART(
        'snippet,statistics,contentDetails',
        'snippet, statistics, contentDetails, brandingSettings, status, topicDetails, localizations',
      ),
      id: s.strings('Channel ids.'),
      forHandle: s.string('An @handle.'),
      forUsername: s.string('A legacy username.'),
      mine: s.boolean("The connected account's own channel."),
      managedByMe: s.boolean('Channels managed by a content owner (partners only).'),
      maxResults: MAX(50),
      pageToken: PAGE,
      hl: HL,
    },
    defaults: { part: 'snippet,statistics,contentDetails' },
    description:
      'Channels by id, @handle (forHandle), legacy username, or your own (mine: true): title, description, subscriber/view/video counts and contentDetails.relatedPlaylists.uploads (the uploads playlist). Give exactly one of id, forHandle, forUsername, mine. To find channels by keyword use YOUTUBE_SEARCH_YOU_TUBE with type channel.',
  }),
  ytTool({
    slug: 'YOUTUBE_GET_CHANNEL_STATISTICS',
    name: 'Channel statistics',
    tags: ['youtube', 'channel'],
    method: 'GET',
    path: '/channels',
    input: {
      id: s.strings('Channel ids.'),
      forHandle: s.string('An @handle.'),
      forUsername: s.string('A legacy username.'),
      mine: s.boolean('Your own channel.'),
      part: PART('snippet,statistics', 'snippet, statistics'),
    },
    defaults: { part: 'snippet,statistics' },
    description:
      'Subscriber, view and video counts of channels given by id, @handle, username, or your own (mine). Hidden subscriber counts come back with hiddenSubscriberCount true.',
  }),
  ytTool({
    slug: 'YOUTUBE_UPDATE_CHANNEL',
    name: 'Update channel settings',
    tags: ['youtube', 'channel'],
    method: 'PUT',
    path: '/channels',
    input: {
      id: s.string('Your channel id (YOUTUBE_LIST_CHANNELS with mine: true).'),
      part: PART('brandingSettings', 'brandingSettings, localizations'),
      brandingSettings: s.object(
        {
          channel: s.object(
            {
              description: s.string('Channel description'),
              keywords: s.string('Keywords'),
              country: s.string('Country'),
              defaultLanguage: s.string('Language'),
            },
            'Channel settings',
          ),
        },
        'Branding settings. YouTube replaces the whole part: send every value you want kept.',
      ),
      localizations: s.object({}, 'Localized title/description by language code.', { additionalProperties: true }),
    },
    required: ['id'],
    defaults: { part: 'brandingSettings' },
    bodyArgs: ['id', 'brandingSettings', 'localizations'],
    body: (a) => compact({ id: a.id, brandingSettings: a.brandingSettings, localizations: a.localizations }),
    description:
      "Change your channel's branding settings (description, keywords, country, language) or localizations. part must list each part you send.",
  }),
  ytTool({
    slug: 'YOUTUBE_GET_CHANNEL_ACTIVITIES',
    name: 'Channel activity',
    tags: ['youtube', 'channel'],
    method: 'GET',
    path: '/activities',
    input: {
      part: PART('snippet,contentDetails', 'snippet, contentDetails'),
      channelId: s.string('The channel.'),
      mine: s.boolean('Your own channel instead.'),
      maxResults: MAX(50),
      pageToken: PAGE,
      publishedAfter: s.string('Only after this time (RFC 3339).', { format: 'date-time' }),
      publishedBefore: s.string('Only before this time (RFC 3339).', { format: 'date-time' }),
      regionCode: s.string('Country code.'),
    },
    defaults: { part: 'snippet,contentDetails' },
    description:
      'Recent events of a channel (uploads, playlist additions, likes…), newest first. Give channelId or mine: true.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_CHANNEL_SECTIONS',
    name: 'Channel sections',
    tags: ['youtube', 'channel'],
    method: 'GET',
    path: '/channelSections',
    input: {
      part: PART('snippet,contentDetails', 'snippet, contentDetails'),
      channelId: s.string('The channel.'),
      id: s.strings('Section ids.'),
      mine: s.boolean('Your own channel.'),
      hl: HL,
    },
    defaults: { part: 'snippet,contentDetails' },
    description:
      "The shelves on a channel's home page (type, title, position, playlists or channels shown). Give channelId, id or mine.",
  }),
  ytTool({
    slug: 'YOUTUBE_CREATE_CHANNEL_SECTION',
    name: 'Add a channel section',
    tags: ['youtube', 'channel'],
    method: 'POST',
    path: '/channelSections',
    input: {
      part: PART('snippet,contentDetails', 'snippet, contentDetails'),
      type: s.enum(
        [
          'singlePlaylist',
          'multiplePlaylists',
          'multipleChannels',
          'recentUploads',
          'popularUploads',
          'allPlaylists',
          'completedEvents',
          'liveEvents',
          'upcomingEvents',
          'subscriptions',
        ],
        'Kind of shelf.',
      ),
      title: s.string('Shelf title (needed for multiplePlaylists and multipleChannels).'),
      position: s.integer('Position on the page, from 0.'),
      playlists: s.strings('Playlist ids to show (playlist types).'),
      channels: s.strings('Channel ids to show (multipleChannels).'),
    },
    required: ['type'],
    defaults: { part: 'snippet,contentDetails' },
    bodyArgs: ['type', 'title', 'position', 'playlists', 'channels'],
    body: (a) => ({
      snippet: compact({ type: a.type, title: a.title, position: a.position }),
      contentDetails: compact({ playlists: a.playlists, channels: a.channels }),
    }),
    description:
      'Add a shelf to your channel home page: recent uploads, one or several playlists, featured channels… Returns the new section with its id.',
  }),
  ytTool({
    slug: 'YOUTUBE_UPDATE_CHANNEL_SECTION',
    name: 'Update a channel section',
    tags: ['youtube', 'channel'],
    method: 'PUT',
    path: '/channelSections',
    input: {
      id: s.string('Section id.'),
      part: PART('snippet,contentDetails', 'snippet, contentDetails'),
      type: s.string('Kind of shelf (as when created).'),
      title: s.string('Shelf title.'),
      position: s.integer('Position, from 0.'),
      playlists: s.strings('Playlist ids.'),
      channels: s.strings('Channel ids.'),
    },
    required: ['id', 'type'],
    defaults: { part: 'snippet,contentDetails' },
    bodyArgs: ['id', 'type', 'title', 'position', 'playlists', 'channels'],
    body: (a) => ({
      id: a.id,
      snippet: compact({ type: a.type, title: a.title, position: a.position }),
      contentDetails: compact({ playlists: a.playlists, channels: a.channels }),
    }),
    description:
      "Change a home-page shelf's title, position or content. YouTube replaces the parts you send, so pass the full set of playlists or channels.",
  }),
  ytTool({
    slug: 'YOUTUBE_DELETE_CHANNEL_SECTION',
    name: 'Delete a channel section',
    tags: ['youtube', 'channel'],
    method: 'DELETE',
    path: '/channelSections',
    input: { id: s.string('Section id.') },
    required: ['id'],
    description: 'Remove a shelf from your channel home page. No content on success.',
  }),
  // playlists
  ytTool({
    slug: 'YOUTUBE_LIST_USER_PLAYLISTS',
    name: 'My playlists',
    important: true,
    tags: ['youtube', 'playlist'],
    method: 'GET',
    path: '/playlists',
    input: {
      part: PART('snippet,contentDetails,status', 'snippet, contentDetails, status'),
      maxResults: MAX(50),
      pageToken: PAGE,
      mine: s.boolean('Always true.', { default: true }),
    },
    defaults: { part: 'snippet,contentDetails,status', mine: true },
    description:
      "The connected account's playlists (title, privacy, item count), paged with pageToken. Their videos: YOUTUBE_LIST_PLAYLIST_ITEMS.",
  }),
  ytTool({
    slug: 'YOUTUBE_CREATE_PLAYLIST',
    name: 'Create a playlist',
    important: true,
    tags: ['youtube', 'playlist'],
    method: 'POST',
    path: '/playlists',
    input: {
      title: s.string('Playlist title.'),
      description: s.string('Description.'),
      privacyStatus: s.enum(['public', 'unlisted', 'private'], 'Who can see it.', { default: 'private' }),
      tags: TAGS,
      defaultLanguage: s.string('Language, e.g. en.'),
      part: PART('snippet,status', 'snippet, status'),
    },
    required: ['title'],
    defaults: { part: 'snippet,status', privacyStatus: 'private' },
    bodyArgs: ['title', 'description', 'privacyStatus', 'tags', 'defaultLanguage'],
    body: (a) => ({
      snippet: compact({
        title: a.title,
        description: a.description,
        tags: a.tags,
        defaultLanguage: a.defaultLanguage,
      }),
      status: { privacyStatus: a.privacyStatus },
    }),
    description:
      'Create a playlist on your channel (private unless privacyStatus says otherwise). Returns it with its id, for YOUTUBE_ADD_VIDEO_TO_PLAYLIST.',
  }),
  ytTool({
    slug: 'YOUTUBE_DELETE_PLAYLIST',
    name: 'Delete a playlist',
    tags: ['youtube', 'playlist'],
    method: 'DELETE',
    path: '/playlists',
    input: { id: PLAYLIST_ID, confirmDelete: CONFIRM },
    required: ['id', 'confirmDelete'],
    bodyArgs: ['confirmDelete'],
    check: confirm,
    description: 'Delete one of your playlists for good (its videos stay). Pass id and confirmDelete: true.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_PLAYLIST_ITEMS',
    name: 'Videos in a playlist',
    important: true,
    tags: ['youtube', 'playlist'],
    method: 'GET',
    path: '/playlistItems',
    input: {
      playlistId: PLAYLIST_ID,
      part: PART('snippet,contentDetails', 'snippet, contentDetails, status'),
      maxResults: MAX(50),
      pageToken: PAGE,
      videoId: s.string('Only the entries of this video.'),
      id: s.strings('Playlist item ids.'),
    },
    defaults: { part: 'snippet,contentDetails' },
    description:
      'Entries of a playlist in order: each has an item id (for update/delete), snippet.resourceId.videoId, title and position. Page with pageToken. Give playlistId or id.',
  }),
  ytTool({
    slug: 'YOUTUBE_ADD_VIDEO_TO_PLAYLIST',
    name: 'Add a video to a playlist',
    important: true,
    tags: ['youtube', 'playlist'],
    method: 'POST',
    path: '/playlistItems',
    input: {
      playlistId: PLAYLIST_ID,
      videoId: VIDEO_ID,
      position: s.integer('Position in the playlist, from 0 (default: the end).'),
      note: s.string('A note for the entry.'),
      part: PART('snippet,contentDetails', 'snippet, contentDetails'),
    },
    required: ['playlistId', 'videoId'],
    defaults: { part: 'snippet,contentDetails' },
    bodyArgs: ['playlistId', 'videoId', 'position', 'note'],
    body: (a) => ({
      snippet: compact({
        playlistId: a.playlistId,
        resourceId: { kind: 'youtube#video', videoId: a.videoId },
        position: a.position,
      }),
      contentDetails: compact({ note: a.note }),
    }),
    description:
      'Put a video into one of your playlists, at the end or at position. Returns the playlist item (its id removes it again with YOUTUBE_DELETE_PLAYLIST_ITEM).',
  }),
  ytTool({
    slug: 'YOUTUBE_UPDATE_PLAYLIST_ITEM',
    name: 'Move or annotate a playlist entry',
    tags: ['youtube', 'playlist'],
    method: 'PUT',
    path: '/playlistItems',
    input: {
      id: s.string('Playlist item id (from YOUTUBE_LIST_PLAYLIST_ITEMS).'),
      playlistId: PLAYLIST_ID,
      videoId: VIDEO_ID,
      position: s.integer('New position, from 0.'),
      note: s.string('Note.'),
      part: PART('snippet', 'snippet, contentDetails'),
    },
    required: ['id', 'playlistId', 'videoId'],
    defaults: { part: 'snippet' },
    bodyArgs: ['id', 'playlistId', 'videoId', 'position', 'note'],
    body: (a) => ({
      id: a.id,
      snippet: compact({
        playlistId: a.playlistId,
        resourceId: { kind: 'youtube#video', videoId: a.videoId },
        position: a.position,
      }),
      contentDetails: compact({ note: a.note }),
    }),
    description:
      'Reorder an entry of a playlist (position) or change its note. YouTube needs the item id together with its playlistId and videoId. Add contentDetails to part when sending a note.',
  }),
  ytTool({
    slug: 'YOUTUBE_DELETE_PLAYLIST_ITEM',
    name: 'Remove a video from a playlist',
    tags: ['youtube', 'playlist'],
    method: 'DELETE',
    path: '/playlistItems',
    input: { id: s.string('Playlist item id (not the video id).') },
    required: ['id'],
    description:
      'Remove one entry from a playlist by its playlist item id (YOUTUBE_LIST_PLAYLIST_ITEMS). The video itself is untouched.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_PLAYLIST_IMAGES',
    name: 'Playlist images',
    tags: ['youtube', 'playlist'],
    method: 'GET',
    path: '/playlistImages',
    input: { parent: s.string('Playlist id.'), part: PART('snippet', 'snippet'), maxResults: MAX(50), pageToken: PAGE },
    required: ['parent'],
    defaults: { part: 'snippet' },
    description: 'Custom cover images set on a playlist (id, type, size).',
  }),
  // subscriptions
  ytTool({
    slug: 'YOUTUBE_LIST_USER_SUBSCRIPTIONS',
    name: 'My subscriptions',
    tags: ['youtube', 'subscription'],
    method: 'GET',
    path: '/subscriptions',
    input: {
      part: PART('snippet,contentDetails', 'snippet, contentDetails, subscriberSnippet'),
      maxResults: MAX(50),
      pageToken: PAGE,
      order: s.enum(['alphabetical', 'relevance', 'unread'], 'Sort order.'),
      forChannelId: s.string('Only check these channel ids (comma-separated).'),
      mine: s.boolean('Always true.', { default: true }),
    },
    defaults: { part: 'snippet,contentDetails', mine: true },
    description:
      'Channels the connected account subscribes to. Each item id is the subscription id YOUTUBE_UNSUBSCRIBE_CHANNEL takes; snippet.resourceId.channelId is the channel.',
  }),
  ytTool({
    slug: 'YOUTUBE_SUBSCRIBE_CHANNEL',
    name: 'Subscribe to a channel',
    tags: ['youtube', 'subscription'],
    method: 'POST',
    path: '/subscriptions',
    input: { channelId: CHANNEL_ID, part: PART('snippet', 'snippet, contentDetails') },
    required: ['channelId'],
    defaults: { part: 'snippet' },
    bodyArgs: ['channelId'],
    body: (a) => ({ snippet: { resourceId: { kind: 'youtube#channel', channelId: a.channelId } } }),
    description: 'Subscribe the connected account to a channel. Returns the subscription (its id unsubscribes).',
  }),
  ytTool({
    slug: 'YOUTUBE_UNSUBSCRIBE_CHANNEL',
    name: 'Unsubscribe',
    tags: ['youtube', 'subscription'],
    method: 'DELETE',
    path: '/subscriptions',
    input: { id: s.string('Subscription id (from YOUTUBE_LIST_USER_SUBSCRIPTIONS), not the channel id.') },
    required: ['id'],
    description: 'Cancel a subscription by its subscription id. No content on success.',
  }),
  // comments
  ytTool({
    slug: 'YOUTUBE_LIST_COMMENT_THREADS2',
    name: 'Comments on a video',
    important: true,
    tags: ['youtube', 'comments'],
    method: 'GET',
    path: '/commentThreads',
    input: {
      part: PART('snippet,replies', 'snippet, replies'),
      videoId: s.string('Comments on this video.'),
      allThreadsRelatedToChannelId: s.string('All comments on this channel and its videos.'),
      id: s.strings('Thread ids.'),
      maxResults: MAX(100, 20),
      pageToken: PAGE,
      order: s.enum(['time', 'relevance'], 'Sort order.'),
      searchTerms: s.string('Only comments containing these words.'),
      textFormat: s.enum(['html', 'plainText'], 'Format of the comment text.', { default: 'plainText' }),
      moderationStatus: s.enum(['heldForReview', 'likelySpam', 'published'], 'Moderation queue (channel owners).'),
    },
    defaults: { part: 'snippet,replies', textFormat: 'plainText' },
    description:
      'Top-level comments (with up to a few replies each) on a video (videoId) or across a channel, newest or most relevant first. snippet.topLevelComment.snippet.textDisplay is the text; the thread id is the parentId YOUTUBE_CREATE_COMMENT_REPLY takes. All replies: YOUTUBE_LIST_COMMENTS with parentId.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_COMMENT_THREADS',
    name: 'Comments on a video (older name)',
    deprecated: true,
    tags: ['youtube', 'comments'],
    method: 'GET',
    path: '/commentThreads',
    input: {
      part: PART('snippet,replies', 'snippet, replies'),
      videoId: s.string('Comments on this video.'),
      channelId: s.string('Comments about the channel itself.'),
      allThreadsRelatedToChannelId: s.string('All comments on this channel and its videos.'),
      maxResults: MAX(100, 20),
      pageToken: PAGE,
      order: s.enum(['time', 'relevance'], 'Sort order.'),
      searchTerms: s.string('Only comments containing these words.'),
      textFormat: s.enum(['html', 'plainText'], 'Format of the comment text.', { default: 'plainText' }),
    },
    defaults: { part: 'snippet,replies', textFormat: 'plainText' },
    description: 'Same as YOUTUBE_LIST_COMMENT_THREADS2 (prefer that name): comment threads of a video or channel.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_COMMENTS',
    name: 'Comments or replies',
    tags: ['youtube', 'comments'],
    method: 'GET',
    path: '/comments',
    input: {
      part: PART('snippet', 'snippet, id'),
      id: s.strings('Comment ids.'),
      parentId: s.string('Every reply to this top-level comment.'),
      maxResults: MAX(100, 20),
      pageToken: PAGE,
      textFormat: s.enum(['html', 'plainText'], 'Format of the text.', { default: 'plainText' }),
    },
    defaults: { part: 'snippet', textFormat: 'plainText' },
    description:
      'Individual comments by id, or all replies to a comment (parentId), with author, text, like count and times.',
  }),
  ytTool({
    slug: 'YOUTUBE_POST_COMMENT',
    name: 'Comment on a video',
    important: true,
    tags: ['youtube', 'comments'],
    method: 'POST',
    path: '/commentThreads',
    input: {
      videoId: VIDEO_ID,
      textOriginal: s.string('The comment text.'),
      channelId: s.string("The video's channel id (optional)."),
      part: PART('snippet', 'snippet'),
    },
    required: ['videoId', 'textOriginal'],
    defaults: { part: 'snippet' },
    bodyArgs: ['videoId', 'textOriginal', 'channelId'],
    body: (a) => ({
      snippet: compact({
        videoId: a.videoId,
        channelId: a.channelId,
        topLevelComment: { snippet: { textOriginal: a.textOriginal } },
      }),
    }),
    description:
      'Post a new top-level comment on a video as the connected account. Returns the comment thread (its id is the parentId for replies).',
  }),
  ytTool({
    slug: 'YOUTUBE_CREATE_COMMENT_REPLY',
    name: 'Reply to a comment',
    tags: ['youtube', 'comments'],
    method: 'POST',
    path: '/comments',
    input: {
      parentId: s.string('Id of the top-level comment (thread id).'),
      textOriginal: s.string('Reply text.'),
      part: PART('snippet', 'snippet'),
    },
    required: ['parentId', 'textOriginal'],
    defaults: { part: 'snippet' },
    bodyArgs: ['parentId', 'textOriginal'],
    body: (a) => ({ snippet: { parentId: a.parentId, textOriginal: a.textOriginal } }),
    description: 'Reply to a top-level comment. Returns the new comment with its id.',
  }),
  ytTool({
    slug: 'YOUTUBE_UPDATE_COMMENT',
    name: 'Edit a comment',
    tags: ['youtube', 'comments'],
    method: 'PUT',
    path: '/comments',
    input: {
      id: s.string('Id of your comment.'),
      textOriginal: s.string('New text.'),
      part: PART('snippet', 'snippet'),
    },
    required: ['id', 'textOriginal'],
    defaults: { part: 'snippet' },
    bodyArgs: ['id', 'textOriginal'],
    body: (a) => ({ id: a.id, snippet: { textOriginal: a.textOriginal } }),
    description: 'Replace the text of a comment you wrote. Returns the updated comment.',
  }),
  ytTool({
    slug: 'YOUTUBE_DELETE_COMMENT',
    name: 'Delete a comment',
    tags: ['youtube', 'comments'],
    method: 'DELETE',
    path: '/comments',
    input: { id: s.string('Comment id.') },
    required: ['id'],
    description: 'Delete a comment you wrote. No content on success.',
  }),
  ytTool({
    slug: 'YOUTUBE_MARK_COMMENT_AS_SPAM',
    name: 'Flag comments as spam',
    tags: ['youtube', 'comments'],
    method: 'POST',
    path: '/comments/markAsSpam',
    input: { id: s.strings('Comment ids.') },
    required: ['id'],
    description: 'Flag one or more comments as spam. No content on success.',
  }),
  ytTool({
    slug: 'YOUTUBE_SET_COMMENT_MODERATION_STATUS',
    name: 'Moderate comments',
    tags: ['youtube', 'comments'],
    method: 'POST',
    path: '/comments/setModerationStatus',
    input: {
      id: s.strings('Comment ids on your channel or videos.'),
      moderationStatus: s.enum(['heldForReview', 'published', 'rejected'], 'New status.'),
      banAuthor: s.boolean('Also block the author (only with rejected).'),
    },
    required: ['id', 'moderationStatus'],
    description:
      'Publish, hold for review or reject comments on your channel, optionally banning the author. No content on success.',
  }),
  // captions
  ytTool({
    slug: 'YOUTUBE_LIST_CAPTION_TRACK',
    name: 'Caption tracks of a video',
    tags: ['youtube', 'captions'],
    method: 'GET',
    path: '/captions',
    input: { videoId: VIDEO_ID, part: PART('snippet', 'id, snippet'), id: s.strings('Caption track ids.') },
    required: ['videoId'],
    defaults: { part: 'snippet' },
    description:
      'Caption tracks of a video (id, language, name, kind ASR/standard, draft). Download one with YOUTUBE_LOAD_CAPTIONS (videos you own only).',
  }),
  ytTool({
    slug: 'YOUTUBE_UPDATE_CAPTION',
    name: 'Update a caption track',
    tags: ['youtube', 'captions'],
    method: 'PUT',
    path: '/captions',
    input: {
      id: s.string('Caption track id.'),
      isDraft: s.boolean('Draft tracks are not shown to viewers.'),
      name: s.string('Track name.'),
      language: s.string('Language code.'),
      part: PART('snippet', 'snippet'),
    },
    required: ['id'],
    defaults: { part: 'snippet' },
    bodyArgs: ['id', 'isDraft', 'name', 'language'],
    body: (a) => ({ id: a.id, snippet: compact({ isDraft: a.isDraft, name: a.name, language: a.language }) ?? {} }),
    description:
      "Change a caption track's draft status (and name/language where YouTube allows) without new caption content. Returns the track.",
  }),
  // live
  ytTool({
    slug: 'YOUTUBE_LIST_LIVE_CHAT_MESSAGES',
    name: 'Live chat messages',
    tags: ['youtube', 'live'],
    method: 'GET',
    path: '/liveChat/messages',
    input: {
      liveChatId: s.string(
        "The broadcast's liveChatId (snippet.liveChatId of the live broadcast, or liveStreamingDetails.activeLiveChatId of the video).",
      ),
      part: PART('snippet,authorDetails', 'id, snippet, authorDetails'),
      maxResults: MAX(2000, 500),
      pageToken: PAGE,
      hl: HL,
      profileImageSize: s.integer('Avatar size in pixels (16–720).'),
    },
    required: ['liveChatId'],
    defaults: { part: 'snippet,authorDetails' },
    description:
      'Messages of a live chat with their authors, including Super Chats and moderation events. Poll again after pollingIntervalMillis with nextPageToken for new ones.',
  }),
  ytTool({
    slug: 'YOUTUBE_LIST_SUPER_CHAT_EVENTS',
    name: 'Super Chat events',
    tags: ['youtube', 'live'],
    method: 'GET',
    path: '/superChatEvents',
    input: { part: PART('snippet', 'snippet'), maxResults: MAX(50), pageToken: PAGE, hl: HL },
    defaults: { part: 'snippet' },
    description:
      "Super Chats and Super Stickers bought on your channel's live streams in the last 30 days (supporter, amount, message).",
  }),
];
