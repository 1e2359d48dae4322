/**
 * X API v2 media uploads from staged files: one multipart/form-data POST /2/media/upload for
 * small images, and the chunked initialize → append (one multipart part per chunk) → finalize
 * sequence for videos, GIFs and large files. The form body is built by the platform's FormData
 * (serialised through a Response), so the boundary and part headers are the standard ones.
 */
import type { CuratedContext, ReadFile } from './types';

/** X accepts chunks up to 5 MB; 4 MB leaves room for the multipart envelope. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

export async function formBody(
  fields: Record<string, string | undefined>,
  file?: { part: string; file: ReadFile; bytes?: Buffer },
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.append(k, v);
  if (file) {
    const bytes = file.bytes ?? file.file.content;
    fd.append(file.part, new Blob([new Uint8Array(bytes)], { type: file.file.mimetype }), file.file.name);
  }
  const r = new Response(fd);
  return {
    rawBody: Buffer.from(await r.arrayBuffer()),
    contentType: r.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** The category X wants for a file when the caller gives none. */
export function defaultCategory(mimetype: string, dm = false): string {
  const p = dm ? 'dm' : 'tweet';
  if (mimetype === 'image/gif') return `${p}_gif`;
  if (mimetype.startsWith('video/')) return `${p}_video`;
  if (mimetype === 'text/srt' || mimetype === 'text/vtt' || mimetype === 'application/x-subrip') return 'subtitles';
  return `${p}_image`;
}

interface MediaData {
  id?: string;
  media_key?: string;
  expires_after_secs?: number;
  processing_info?: Record<string, unknown>;
  size?: number;
}

/** initialize, append every chunk in order, finalize; returns the finalize answer's data. */
export async function chunkedUpload(ctx: CuratedContext, file: ReadFile, category: string, shared?: boolean) {
  const init = await ctx.json<{ data?: MediaData }>({
    method: 'POST',
    path: '/2/media/upload/initialize',
    body: { media_type: file.mimetype, total_bytes: file.content.length, media_category: category, shared },
  });
  const id = init.data?.id;
  if (!id) throw new Error('X did not return a media id from initialize');
  let segment = 0;
  for (let off = 0; off < file.content.length || segment === 0; off += CHUNK_BYTES) {
    const form = await formBody(
      { segment_index: String(segment) },
      { part: 'media', file, bytes: file.content.subarray(off, off + CHUNK_BYTES) },
    );
    await ctx.json({ method: 'POST', path: `/2/media/upload/${encodeURIComponent(id)}/append`, ...form });
    segment++;
  }
  const fin = await ctx.json<{ data?: MediaData }>({
    method: 'POST',
    path: `/2/media/upload/${encodeURIComponent(id)}/finalize`,
  });
  return { ...(fin.data ?? {}), id: fin.data?.id ?? id, segments: segment };
}
