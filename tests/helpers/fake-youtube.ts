import { parseMultipartRelated } from './fake-drive';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback YouTube Data API v3 (/youtube/v3/...) and its upload host path (/upload/youtube/v3/videos).
 * It checks what YouTube checks: a Bearer token, `part` on every resource call, the resumable upload
 * protocol (metadata POST with X-Upload-Content-* headers → Location → PUT of exactly that many
 * bytes), multipart/related uploads (JSON resource + media), whole-part replacement on update
 * (title and categoryId required), and playlist item bodies (resourceId.kind youtube#video).
 */
export interface YtVideo {
  id: string;
  snippet: Record<string, unknown>;
  status: Record<string, unknown>;
  bytes?: Buffer;
  contentType?: string;
  uploadType?: string;
}
export interface FakeYouTube extends FakeUpstream {
  token: string;
  videos: Map<string, YtVideo>;
  playlistItems: Record<string, unknown>[];
  /** channel id → uploads playlist id ('' = none); playlists listed in `brokenPlaylists` answer 404 */
  channels: Map<string, { handle: string; title: string; uploads: string }>;
  brokenPlaylists: Set<string>;
}

const err = (code: number, message: string, reason = 'invalid') => ({
  status: code,
  json: { error: { code, message, errors: [{ message, domain: 'youtube.api', reason }] } },
});

export async function startFakeYouTube(token = 'ya29.youtube'): Promise<FakeYouTube> {
  const up = await startFakeUpstream();
  const y = up as FakeYouTube;
  y.token = token;
  y.videos = new Map();
  y.playlistItems = [];
  y.channels = new Map();
  y.brokenPlaylists = new Set();
  let n = 0;
  const sessions = new Map<string, { meta: Record<string, unknown>; type: string; length: number }>();
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${token}`;
  const guard =
    (h: (r: RecordedRequest, p: Record<string, string>) => unknown, needPart = true) =>
    async (r: RecordedRequest, p: Record<string, string>) => {
      if (!authed(r)) return err(401, 'Request had invalid authentication credentials.', 'authError');
      if (needPart && !r.query.get('part'))
        return err(400, 'No filter selected. Expected one of: part', 'missingRequiredParameter');
      return (await h(r, p)) as { status?: number; json?: unknown };
    };
  const view = (v: YtVideo) => ({ kind: 'youtube#video', id: v.id, snippet: v.snippet, status: v.status });
  const store = (meta: Record<string, unknown>, bytes: Buffer, type: string, uploadType: string) => {
    const snippet = (meta.snippet ?? {}) as Record<string, unknown>;
    if (!snippet.title) return err(400, 'The request metadata does not specify a valid video title.', 'invalidTitle');
    const v: YtVideo = {
      id: `vid${String(++n).padStart(8, '0')}`,
      snippet: { ...snippet, channelId: 'UCme', thumbnails: { default: { url: 'https://i.ytimg.com/x.jpg' } } },
      status: { uploadStatus: 'uploaded', ...((meta.status ?? {}) as object) },
      bytes,
      contentType: type,
      uploadType,
    };
    y.videos.set(v.id, v);
    return { json: view(v) };
  };

  y.on(
    'POST',
    '/upload/youtube/v3/videos',
    guard((r) => {
      const kind = r.query.get('uploadType');
      if (kind === 'resumable') {
        const length = Number(r.headers['x-upload-content-length']);
        const type = String(r.headers['x-upload-content-type'] ?? '');
        if (!length || !type) return err(400, 'X-Upload-Content-Length and -Type are required for resumable uploads');
        const sid = `s${++n}`;
        sessions.set(sid, { meta: (r.json ?? {}) as Record<string, unknown>, type, length });
        return {
          status: 200,
          headers: { location: `${y.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${sid}` },
        };
      }
      if (kind === 'multipart') {
        const parts = parseMultipartRelated(r.body, String(r.headers['content-type']));
        if (parts.length !== 2 || !/json/.test(parts[0]!.headers['content-type'] ?? ''))
          return err(400, 'multipart upload needs a JSON part and a media part');
        return store(
          JSON.parse(parts[0]!.body.toString('utf8')),
          parts[1]!.body,
          parts[1]!.headers['content-type'] ?? '',
          'multipart',
        );
      }
      return err(400, `unsupported uploadType ${kind}`);
    }),
  );
  y.on(
    'PUT',
    '/upload/youtube/v3/videos',
    guard((r) => {
      const sess = sessions.get(r.query.get('upload_id') ?? '');
      if (!sess) return err(404, 'upload session not found', 'notFound');
      if (r.body.length !== sess.length) return err(400, `expected ${sess.length} bytes, got ${r.body.length}`);
      if (String(r.headers['content-type']) !== sess.type) return err(400, 'content type differs from the session');
      sessions.delete(r.query.get('upload_id')!);
      return store(sess.meta, r.body, sess.type, 'resumable');
    }, false),
  );

  y.on(
    'GET',
    '/youtube/v3/videos',
    guard((r) => {
      const ids = (r.query.get('id') ?? '').split(',').filter(Boolean);
      return {
        json: {
          kind: 'youtube#videoListResponse',
          items: ids.flatMap((id) => (y.videos.has(id) ? [view(y.videos.get(id)!)] : [])),
        },
      };
    }),
  );
  y.on(
    'PUT',
    '/youtube/v3/videos',
    guard((r) => {
      const b = r.json as
        | { id?: string; snippet?: Record<string, unknown>; status?: Record<string, unknown> }
        | undefined;
      const v = y.videos.get(b?.id ?? '');
      if (!v) return err(404, 'Video not found', 'videoNotFound');
      const parts = r.query.get('part')!.split(',');
      if (parts.includes('snippet')) {
        if (!b?.snippet?.title || !b.snippet.categoryId)
          return err(400, 'snippet.title and snippet.categoryId are required', 'invalidRequest');
        if (b.snippet.thumbnails) return err(400, 'snippet.thumbnails is read-only');
        v.snippet = { ...b.snippet, channelId: 'UCme' };
      }
      if (parts.includes('status') && b?.status) v.status = { ...b.status };
      return { json: view(v) };
    }),
  );
  y.on(
    'DELETE',
    '/youtube/v3/videos',
    guard(
      (r) =>
        y.videos.delete(r.query.get('id') ?? '') ? { status: 204 } : err(404, 'Video not found', 'videoNotFound'),
      false,
    ),
  );

  y.on(
    'GET',
    '/youtube/v3/channels',
    guard((r) => {
      const handle = r.query.get('forHandle');
      const ids = (r.query.get('id') ?? '').split(',').filter(Boolean);
      const items = [...y.channels.entries()]
        .filter(([id, c]) => (handle ? c.handle.toLowerCase() === handle.toLowerCase() : ids.includes(id)))
        .map(([id, c]) => ({
          kind: 'youtube#channel',
          id,
          snippet: { title: c.title, customUrl: c.handle },
          contentDetails: { relatedPlaylists: c.uploads ? { uploads: c.uploads } : {} },
        }));
      return { json: { kind: 'youtube#channelListResponse', items } };
    }),
  );
  y.on(
    'GET',
    '/youtube/v3/playlistItems',
    guard((r) => {
      const pl = r.query.get('playlistId') ?? '';
      if (y.brokenPlaylists.has(pl))
        return err(404, 'The playlist identified with the request could not be found.', 'playlistNotFound');
      const items = y.playlistItems.filter((i) => (i.snippet as { playlistId: string }).playlistId === pl);
      return {
        json: {
          kind: 'youtube#playlistItemListResponse',
          items,
          pageInfo: { totalResults: items.length, resultsPerPage: items.length },
        },
      };
    }),
  );
  y.on(
    'POST',
    '/youtube/v3/playlistItems',
    guard((r) => {
      const sn = (r.json as { snippet?: { playlistId?: string; resourceId?: { kind?: string; videoId?: string } } })
        ?.snippet;
      if (!sn?.playlistId) return err(400, 'snippet.playlistId is required', 'playlistIdRequired');
      if (sn.resourceId?.kind !== 'youtube#video' || !sn.resourceId.videoId)
        return err(400, 'snippet.resourceId must name a video', 'invalidResourceId');
      const item = {
        kind: 'youtube#playlistItem',
        id: `pli${++n}`,
        snippet: { ...sn, position: y.playlistItems.length },
      };
      y.playlistItems.push(item);
      return { json: item };
    }),
  );
  y.on(
    'GET',
    '/youtube/v3/search',
    guard((r) => ({
      json: {
        kind: 'youtube#searchListResponse',
        items: [
          {
            kind: 'youtube#searchResult',
            id: { kind: 'youtube#video', videoId: 'srch0000001' },
            snippet: { title: `found ${r.query.get('q') ?? r.query.get('channelId')}` },
          },
        ],
      },
    })),
  );
  y.on(
    'GET',
    '/youtube/v3/captions/:id',
    guard(
      (r, p) => ({ text: `1\n00:00:00,000 --> 00:00:02,000\nHello from ${p.id} (${r.query.get('tfmt')})\n` }),
      false,
    ),
  );
  return y;
}
