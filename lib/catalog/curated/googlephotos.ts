/**
 * Google Photos composites: the three hosted tools that move bytes and so need more than one request.
 * The toolkit and its plain tools are data (lib/catalog/mappings/googlephotos.yaml).
 *
 * Uploading is two steps in the Library API: the raw bytes go to /v1/uploads (X-Goog-Upload-Protocol:
 * raw), which answers with an upload token as plain text; mediaItems:batchCreate then turns tokens into
 * media items, optionally inside an album. Downloading reads the item for its baseUrl and fetches
 * baseUrl=d (image bytes with metadata) or baseUrl=dv (video bytes).
 */
import { composite, params, s } from './define';
import type { CuratedContext, CuratedTool, FileDescriptor } from './types';
import { ToolArgumentError, ToolFailure } from './types';

/** Google Photos caps a batchCreate at 50 items. */
const MAX_ITEMS = 50;

function failure(what: string, status: number, body: unknown): ToolFailure {
  const msg = (body as { error?: { message?: string } } | undefined)?.error?.message;
  return new ToolFailure(`${what}: Google Photos answered ${status}${msg ? ` (${msg})` : ''}`, { status_code: status });
}

/** Upload one staged file's bytes; returns the upload token batchCreate takes. */
async function uploadToken(ctx: CuratedContext, f: FileDescriptor): Promise<{ token: string; fileName: string }> {
  const file = await ctx.readFile(f);
  const res = await ctx.call({
    method: 'POST',
    path: '/v1/uploads',
    rawBody: file.content,
    contentType: 'application/octet-stream',
    headers: { 'X-Goog-Upload-Content-Type': file.mimetype, 'X-Goog-Upload-Protocol': 'raw' },
  });
  const token = typeof res.body === 'string' ? res.body : (res.binary?.toString('utf8') ?? '');
  if (!res.ok || !token.trim()) throw failure(`Uploading ${file.name}`, res.status, res.body);
  return { token: token.trim(), fileName: file.name };
}

async function createItems(
  ctx: CuratedContext,
  files: FileDescriptor[],
  a: Record<string, unknown>,
  description?: string,
): Promise<Record<string, unknown>> {
  const items: Record<string, unknown>[] = [];
  for (const f of files) {
    const { token, fileName } = await uploadToken(ctx, f);
    items.push({
      ...(description ? { description } : {}),
      simpleMediaItem: { uploadToken: token, fileName },
    });
  }
  return ctx.json({
    method: 'POST',
    path: '/v1/mediaItems:batchCreate',
    body: {
      ...(a.albumId ? { albumId: a.albumId } : {}),
      ...(a.albumPosition ? { albumPosition: a.albumPosition } : {}),
      newMediaItems: items,
    },
  });
}

const ALBUM_ID = s.string('Album (created by this app) to put the new items in');
const POSITION = s.object(
  { position: s.string('FIRST_IN_ALBUM, LAST_IN_ALBUM, AFTER_MEDIA_ITEM or AFTER_ENRICHMENT_ITEM') },
  'Where in the album the items go (with relativeMediaItemId / relativeEnrichmentItemId for the AFTER_ kinds)',
);

export const googlephotosTools: CuratedTool[] = [
  composite({
    slug: 'GOOGLEPHOTOS_UPLOAD_MEDIA',
    name: 'Upload media',
    important: true,
    tags: ['googlephotos'],
    input: params(
      {
        file: s.file('The photo or video, staged with POST /api/v3/files/upload/request'),
        description: s.string('Caption shown with the item in Google Photos'),
        albumId: ALBUM_ID,
      },
      ['file'],
    ),
    description:
      'Upload one photo or video into the Google Photos library (optionally straight into an album this app created) and create its media item. Pass a staged file; description becomes its caption. Returns newMediaItemResults with the media item id and its status.',
    async run(ctx, a) {
      return createItems(ctx, [a.file as FileDescriptor], a, a.description as string | undefined);
    },
  }),
  composite({
    slug: 'GOOGLEPHOTOS_BATCH_CREATE_MEDIA_ITEMS',
    name: 'Batch create media items',
    tags: ['googlephotos'],
    input: params(
      {
        files: s.array(s.file('A staged photo or video'), 'Up to 50 staged files'),
        albumId: ALBUM_ID,
        albumPosition: POSITION,
      },
      ['files'],
    ),
    description:
      'Upload several staged photos or videos and create their media items in one batch (at most 50), optionally inside an album at a position. Returns newMediaItemResults, one status per file.',
    async run(ctx, a) {
      const files = a.files as FileDescriptor[];
      if (!Array.isArray(files) || files.length === 0)
        throw new ToolArgumentError('files: give at least one staged file');
      if (files.length > MAX_ITEMS) throw new ToolArgumentError(`files: at most ${MAX_ITEMS} per call`);
      return createItems(ctx, files, a);
    },
  }),
  composite({
    slug: 'GOOGLEPHOTOS_GET_MEDIA_ITEM_DOWNLOAD',
    name: 'Download media item',
    tags: ['googlephotos'],
    input: params({ mediaItemId: s.string('Media item id (from listing or search)') }, ['mediaItemId']),
    description:
      'Download the original bytes of a media item this app created (photos with their metadata, videos as the video file) and stage them as a file. Returns file with name, mimetype and an s3url to fetch.',
    async run(ctx, a) {
      const id = String(a.mediaItemId ?? '');
      if (!id) throw new ToolArgumentError('mediaItemId is required');
      const item = await ctx.json<{ baseUrl?: string; mimeType?: string; filename?: string }>({
        method: 'GET',
        path: `/v1/mediaItems/${encodeURIComponent(id)}`,
      });
      if (!item.baseUrl) throw new ToolFailure('Google Photos returned no baseUrl for this media item', { id });
      const video = (item.mimeType ?? '').startsWith('video/');
      const res = await ctx.call({ method: 'GET', url: `${item.baseUrl}=${video ? 'dv' : 'd'}` });
      if (!res.ok || !res.binary) throw failure('Downloading the media item', res.status, res.body);
      const type = item.mimeType || res.contentType.split(';')[0] || 'application/octet-stream';
      return { file: await ctx.stageFile(res.binary, item.filename || id, type) };
    },
  }),
];
