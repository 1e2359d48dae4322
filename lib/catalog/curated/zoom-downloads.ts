/**
 * Zoom Whiteboard downloads: the export ZIP, a file imported into a whiteboard, and an archived
 * session's activity file. Zoom answers with the bytes (or a redirect to its file host), so each
 * tool stages them as a Junction file and returns `{name, mimetype, s3url, size}`.
 * Routes from Zoom's Whiteboard API description (developers.zoom.us/docs/api/whiteboard).
 */
import { composite, params, s } from './define';
import { ToolFailure, type CuratedContext, type CuratedTool } from './types';

const seg = (v: unknown) => encodeURIComponent(String(v));

/** The file name Zoom gives in Content-Disposition, else the fallback. */
function fileName(disposition: string | undefined, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!m) return fallback;
  try {
    return decodeURIComponent(m[1]!).trim() || fallback;
  } catch {
    return m[1]!.trim() || fallback;
  }
}

async function download(ctx: CuratedContext, path: string, fallbackName: string) {
  let res = await ctx.call({ method: 'GET', path });
  // a redirect to Zoom's file host is followed once, with the same credentials
  if (res.status >= 300 && res.status < 400 && res.headers.location) {
    res = await ctx.call({ method: 'GET', url: res.headers.location });
  }
  if (!res.ok) {
    const body = res.body as { message?: string; code?: number } | undefined;
    throw new ToolFailure(`Zoom refused the download (HTTP ${res.status})${body?.message ? `: ${body.message}` : ''}`, {
      status_code: res.status,
      ...(body?.code !== undefined ? { code: body.code } : {}),
    });
  }
  const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
  const name = fileName(res.headers['content-disposition'], fallbackName);
  const mimetype = res.contentType.split(';')[0] || 'application/octet-stream';
  return { name, size: bytes.length, file: await ctx.stageFile(bytes, name, mimetype) };
}

export const zoomDownloadTools: CuratedTool[] = [
  composite({
    slug: 'ZOOM_DOWNLOAD_WHITEBOARD_EXPORT',
    name: 'Download whiteboard export',
    description:
      'Download the ZIP that ZOOM_CREATE_WHITEBOARD_EXPORT prepared (PDFs of the whiteboards and an audit log) once ZOOM_GET_WHITEBOARD_EXPORT_STATUS says it is ready. Returns the staged file.',
    tags: ['zoom'],
    input: params({ taskId: s.string('task_id from ZOOM_CREATE_WHITEBOARD_EXPORT') }, ['taskId']),
    run: (ctx, args) =>
      download(ctx, `/whiteboards/export/task/${seg(args.taskId)}`, `whiteboard-export-${String(args.taskId)}.zip`),
  }),
  composite({
    slug: 'ZOOM_DOWNLOAD_IMPORTED_WHITEBOARD_FILE',
    name: 'Download imported whiteboard file',
    description:
      'Download a file that was placed on a whiteboard (image, PDF, document) by its file id. Returns the staged file.',
    tags: ['zoom'],
    input: params(
      {
        whiteboardId: s.string('Whiteboard id (whiteboard_id from ZOOM_LIST_WHITEBOARDS)'),
        fileId: s.string('Id of the file on the whiteboard'),
      },
      ['whiteboardId', 'fileId'],
    ),
    run: (ctx, args) =>
      download(
        ctx,
        `/whiteboards/${seg(args.whiteboardId)}/files/${seg(args.fileId)}`,
        `whiteboard-file-${String(args.fileId)}`,
      ),
  }),
  composite({
    slug: 'ZOOM_DOWNLOAD_WHITEBOARD_SESSION_ACTIVITY',
    name: 'Download whiteboard session activity',
    description:
      "Download an archived whiteboard session's activity file; path is the download path ZOOM_GET_WHITEBOARD_SESSION lists for the session. Returns the staged file.",
    tags: ['zoom'],
    input: params({ path: s.string('Download path of the activity file, from the session activity list') }, ['path']),
    run: (ctx, args) => {
      // the listing may give the whole download URL or just its last part
      const last = String(args.path).split('/download/').pop()!.replace(/^\/+/, '');
      return download(ctx, `/whiteboards/sessions/activity/download/${seg(last)}`, `whiteboard-activity-${last}`);
    },
  }),
];
