/**
 * Drive helpers for the curated Drive tools: the multipart/related body of a Drive upload, the
 * `q` query language built from simple filters, and export formats of Google Workspace files.
 */
import { randomBytes } from 'node:crypto';
import type { CuratedContext } from './types';

export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const UPLOAD_URL = 'https://www.googleapis.com/upload/drive/v3/files';
export const FILE_FIELDS = 'id,name,mimeType,parents,size,createdTime,modifiedTime,webViewLink,webContentLink,trashed';

/** multipart/related: JSON metadata, then the bytes (https://developers.google.com/drive/api/guides/manage-uploads#multipart) */
export function multipartRelated(
  metadata: Record<string, unknown>,
  content: Buffer,
  mimetype: string,
): { body: Buffer; contentType: string } {
  const boundary = `junction-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
      `--${boundary}\r\nContent-Type: ${mimetype}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/related; boundary=${boundary}` };
}

/** a string literal in Drive's query language */
export const qs = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Short type names an agent uses → Drive MIME types. */
export const TYPE_MIME: Record<string, string> = {
  folder: FOLDER_MIME,
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
  form: 'application/vnd.google-apps.form',
  drawing: 'application/vnd.google-apps.drawing',
  shortcut: 'application/vnd.google-apps.shortcut',
  pdf: 'application/pdf',
  image: 'image/',
  video: 'video/',
  audio: 'audio/',
};

export interface FindFilter {
  q?: string;
  name_exact?: string;
  name_contains?: string;
  name_not_contains?: string;
  mime_type?: string;
  file_type?: string;
  folder_id?: string;
  full_text_contains?: string;
  modified_after?: string;
  starred?: boolean;
  include_trashed?: boolean;
}

/** Build Drive's `q` from simple filters, ANDed with a raw `q` when both are given. */
export function buildQuery(f: FindFilter, onlyFolders = false): string {
  const parts: string[] = [];
  if (f.q && f.q.trim()) parts.push(`(${f.q.trim()})`);
  if (f.name_exact) parts.push(`name = ${qs(f.name_exact)}`);
  if (f.name_contains) parts.push(`name contains ${qs(f.name_contains)}`);
  if (f.name_not_contains) parts.push(`not name contains ${qs(f.name_not_contains)}`);
  if (f.full_text_contains) parts.push(`fullText contains ${qs(f.full_text_contains)}`);
  const type = onlyFolders
    ? FOLDER_MIME
    : (f.mime_type ?? (f.file_type ? (TYPE_MIME[f.file_type] ?? f.file_type) : undefined));
  if (type) parts.push(type.endsWith('/') ? `mimeType contains ${qs(type)}` : `mimeType = ${qs(type)}`);
  if (f.folder_id) parts.push(`${qs(f.folder_id)} in parents`);
  if (f.modified_after) parts.push(`modifiedTime > ${qs(f.modified_after)}`);
  if (f.starred !== undefined) parts.push(`starred = ${f.starred ? 'true' : 'false'}`);
  if (!f.include_trashed && !/\btrashed\b/.test(f.q ?? '')) parts.push('trashed = false');
  return parts.join(' and ');
}

/** Default export format per Workspace type, and file extensions for the staged name. */
export const DEFAULT_EXPORT: Record<string, string> = {
  'application/vnd.google-apps.document': 'application/pdf',
  'application/vnd.google-apps.spreadsheet': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.google-apps.presentation': 'application/pdf',
  'application/vnd.google-apps.drawing': 'application/pdf',
  'application/vnd.google-apps.script': 'application/vnd.google-apps.script+json',
};

const EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'text/html': 'html',
  'text/markdown': 'md',
  'application/rtf': 'rtf',
  'application/epub+zip': 'epub',
  'application/zip': 'zip',
  'application/json': 'json',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'application/vnd.google-apps.script+json': 'json',
};

/** `Report` exported as PDF → `Report.pdf` (unless it already ends so). */
export function exportName(name: string, mimetype: string): string {
  const ext = EXT[mimetype];
  if (!ext || name.toLowerCase().endsWith(`.${ext}`)) return name;
  return `${name}.${ext}`;
}

export const isWorkspace = (mime: string) => mime.startsWith('application/vnd.google-apps.');

/**
 * Files of one Workspace type (Docs, Sheets …) by name or content, for the per-type "search" tools:
 * the filters those tools share, newest first, across shared drives.
 */
export async function findWorkspaceFiles(
  ctx: CuratedContext,
  a: Record<string, unknown>,
  opts: { mimeType: string; inContent: boolean; fields: string },
): Promise<{ files: unknown[]; nextPageToken: string | null }> {
  const parts = [`mimeType = ${qs(opts.mimeType)}`];
  if (a.query) parts.push(`${opts.inContent ? 'fullText' : 'name'} contains ${qs(String(a.query))}`);
  if (a.modified_after) parts.push(`modifiedTime > ${qs(String(a.modified_after))}`);
  if (a.shared_with_me) parts.push('sharedWithMe = true');
  if (a.starred_only) parts.push('starred = true');
  if (!a.include_trashed) parts.push('trashed = false');
  const res = await ctx.json<{ files?: unknown[]; nextPageToken?: string }>({
    method: 'GET',
    url: 'https://www.googleapis.com/drive/v3/files',
    query: {
      q: parts.join(' and '),
      pageSize: (a.max_results as number | undefined) ?? 10,
      orderBy: (a.order_by as string | undefined) ?? 'modifiedTime desc',
      pageToken: a.page_token as string | undefined,
      fields: `nextPageToken,files(${opts.fields})`,
      supportsAllDrives: true,
      includeItemsFromAllDrives: true,
    },
  });
  return { files: res.files ?? [], nextPageToken: res.nextPageToken ?? null };
}
