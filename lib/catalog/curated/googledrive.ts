/**
 * Google Drive in the hosted vocabulary. Composites do the byte work (multipart uploads from
 * staged files, downloads and Workspace exports into staged files) and build Drive's `q` from
 * simple filters; the rest map onto one Drive API v3 operation (paths relative to .../drive/v3).
 * The few hosted names that only exist in Drive API v2 are small composites on the v2 URL, so a
 * connection's base_url override still reaches them.
 */
import { randomUUID } from 'node:crypto';
import { composite, params, s } from './define';
import {
  buildQuery,
  DEFAULT_EXPORT,
  exportName,
  FILE_FIELDS,
  FOLDER_MIME,
  isWorkspace,
  multipartRelated,
  UPLOAD_URL,
  type FindFilter,
} from './googledrive-files';
import { acceptCamel, acceptSnake, camel, restMapping, type RestDef } from './rest-mapping';
import { ToolArgumentError, ToolFailure, type CuratedContext, type CuratedTool, type FileDescriptor } from './types';

const enc = encodeURIComponent;
const FILE_ID = s.string('Drive file or folder id (from GOOGLEDRIVE_FIND_FILE, the file URL /d/<id>/, or an upload).', {
  examples: ['1A2b3C4d5E6f7G8h9I0j'],
});
const PAGE_TOKEN = s.string('nextPageToken of the previous page; omit for the first page.');
const ALL_DRIVES = s.boolean('Set true when the item may live in a shared drive.', { default: true });
const FILE_OUT = params({
  id: s.string('File id'),
  name: s.string('Name'),
  mimeType: s.string('MIME type'),
  parents: s.strings('Parent folder ids'),
  webViewLink: s.string('Link to open it in Drive'),
});
const STAGED_OUT = params({
  downloaded_file_content: s.object(
    {
      name: s.string('File name'),
      mimetype: s.string('MIME type'),
      s3url: s.string('Signed download URL of our copy (expires)'),
      size: s.integer('Bytes'),
    },
    'The file, staged for download',
  ),
  file_metadata: s.object(
    { id: s.string('File id'), name: s.string('Name'), mimeType: s.string('Drive MIME type') },
    'Drive metadata of the source file',
  ),
});

const d = (def: RestDef) => restMapping({ ...def, tags: def.tags ?? ['googledrive'] }, camel, 'googledrive');

const camelKeys = <T>(o: Record<string, T> | undefined) =>
  o && Object.fromEntries(Object.entries(o).map(([k, v]) => [camel(k), v]));

/**
 * The Drive tools the hosted service declares in Google's own camelCase (`fileId`, `driveId`,
 * `pageToken`), generated there from Drive's API description: declared in that spelling here too,
 * with the snake_case spelling still accepted. The definition is written once, in snake_case.
 */
const dc = (def: RestDef) => {
  const input = camelKeys(def.input) ?? {};
  const snake = acceptSnake(Object.keys(input));
  const own = def.normalize;
  return d({
    ...def,
    input,
    path: def.path.replace(/\{(\w+)\}/g, (_m, k: string) => `{${camel(k)}}`),
    required: def.required?.map(camel),
    query: def.query?.map(camel),
    defaults: camelKeys(def.defaults),
    rename: camelKeys(def.rename),
    normalize: own ? (a) => own(snake(a)) : snake,
  });
};

async function metadata(ctx: CuratedContext, fileId: string, fields = FILE_FIELDS) {
  return ctx.json<Record<string, unknown>>({
    method: 'GET',
    path: `/files/${enc(fileId)}`,
    query: { fields, supportsAllDrives: true },
  });
}

/** Download (binary files) or export (Workspace files) into a staged file. */
async function download(ctx: CuratedContext, fileId: string, wanted: string | undefined, exportOnly: boolean) {
  const meta = await metadata(ctx, fileId, 'id,name,mimeType,size');
  const mime = String(meta.mimeType ?? '');
  const name = String(meta.name ?? fileId);
  if (mime === FOLDER_MIME)
    throw new ToolArgumentError('file_id is a folder; list its contents with GOOGLEDRIVE_FIND_FILE and folder_id');
  let res;
  let outMime: string;
  if (isWorkspace(mime)) {
    outMime = wanted || DEFAULT_EXPORT[mime] || 'application/pdf';
    res = await ctx.call({ method: 'GET', path: `/files/${enc(fileId)}/export`, query: { mimeType: outMime } });
  } else {
    if (exportOnly)
      throw new ToolArgumentError(
        `the file is ${mime || 'not a Google Workspace file'}; download it with GOOGLEDRIVE_DOWNLOAD_FILE`,
      );
    outMime = mime || 'application/octet-stream';
    res = await ctx.call({
      method: 'GET',
      path: `/files/${enc(fileId)}`,
      query: { alt: 'media', supportsAllDrives: true },
    });
  }
  if (!res.ok) {
    const msg = (res.body as { error?: { message?: string } })?.error?.message ?? `Drive answered ${res.status}`;
    throw new ToolFailure(`Drive download failed (${res.status}): ${msg}`, {
      status_code: res.status,
      http_error: res.body ?? null,
    });
  }
  const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
  const file = await ctx.stageFile(bytes, isWorkspace(mime) ? exportName(name, outMime) : name, outMime);
  return { downloaded_file_content: file, file_metadata: meta };
}

const EXPORT_MIME = s.string(
  'Format to export a Google Doc, Sheet or Slides deck to, e.g. application/pdf, text/plain, text/csv (first sheet only), text/markdown, application/vnd.openxmlformats-officedocument.wordprocessingml.document (docx), application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (xlsx). Ignored for ordinary files, which download as they are. Default: PDF for documents and slides, xlsx for sheets.',
  { examples: ['application/pdf'] },
);

const downloadFile = composite({
  slug: 'GOOGLEDRIVE_DOWNLOAD_FILE',
  name: 'Download file',
  important: true,
  tags: ['googledrive', 'file', 'download', 'export'],
  aliases: ['GOOGLEDRIVE_PARSE_FILE'],
  description:
    "Download a Drive file into a staged file you can fetch. Ordinary files (PDF, images, CSV, Office files) come back byte for byte; Google Docs, Sheets and Slides are exported to mime_type (PDF, plain text, CSV, docx, xlsx…). Pass file_id from GOOGLEDRIVE_FIND_FILE. Returns downloaded_file_content {name, mimetype, s3url, size} (s3url is a signed link that expires) and the file's Drive metadata. To read a Google Doc as text use mime_type text/plain, or GOOGLEDOCS_GET_DOCUMENT_PLAINTEXT.",
  input: params({ file_id: FILE_ID, mime_type: EXPORT_MIME }, ['file_id']),
  output: STAGED_OUT,
  normalize: acceptCamel(['file_id', 'mime_type']),
  run: (ctx, a) => download(ctx, String(a.file_id), a.mime_type as string | undefined, false),
});

const exportFile = composite({
  slug: 'GOOGLEDRIVE_EXPORT_GOOGLE_WORKSPACE_FILE',
  name: 'Export Google Workspace file',
  tags: ['googledrive', 'file', 'export'],
  description:
    'Export a Google Doc, Sheet, Slides deck, Drawing or Apps Script project to another format (mime_type, e.g. application/pdf, text/plain, text/csv, docx/xlsx/pptx types) and stage the result for download. Google limits exports to about 10 MB. For ordinary (non-Google) files use GOOGLEDRIVE_DOWNLOAD_FILE. Returns downloaded_file_content {name, mimetype, s3url, size}.',
  input: params({ file_id: FILE_ID, mime_type: EXPORT_MIME }, ['file_id', 'mime_type']),
  output: STAGED_OUT,
  normalize: acceptCamel(['file_id', 'mime_type']),
  run: (ctx, a) => download(ctx, String(a.file_id), a.mime_type as string | undefined, true),
});

const uploadFile = composite({
  slug: 'GOOGLEDRIVE_UPLOAD_FILE',
  name: 'Upload file',
  important: true,
  tags: ['googledrive', 'file', 'upload'],
  description:
    "Upload a staged file (file_to_upload: {name, mimetype, s3key} from POST /files/upload/request) to Drive as a new file, into folder_to_upload_to (a folder id; omit for My Drive root). The file keeps its name and type and is private to the connected account: share it with GOOGLEDRIVE_CREATE_PERMISSION. Always creates a new file; to replace the content of an existing one use GOOGLEDRIVE_UPLOAD_UPDATE_FILE. Returns the new file's id, name, mimeType, parents and webViewLink.",
  input: params(
    {
      file_to_upload: s.file('The staged file to upload.'),
      folder_to_upload_to: s.string(
        'Destination folder id (from GOOGLEDRIVE_FIND_FOLDER or GOOGLEDRIVE_CREATE_FOLDER); omit for the root of My Drive.',
      ),
      name: s.string("Name to give the file in Drive (default: the staged file's name)."),
      description: s.string('Drive description of the file.'),
    },
    ['file_to_upload'],
  ),
  output: FILE_OUT,
  async run(ctx, a) {
    const f = await ctx.readFile(a.file_to_upload as FileDescriptor);
    const meta: Record<string, unknown> = { name: (a.name as string | undefined) || f.name, mimeType: f.mimetype };
    if (a.folder_to_upload_to) meta.parents = [String(a.folder_to_upload_to)];
    if (a.description) meta.description = a.description;
    const { body, contentType } = multipartRelated(meta, f.content, f.mimetype);
    return ctx.json({
      method: 'POST',
      url: UPLOAD_URL,
      query: { uploadType: 'multipart', fields: FILE_FIELDS, supportsAllDrives: true },
      rawBody: body,
      contentType,
    });
  },
});

const updateContent = composite({
  slug: 'GOOGLEDRIVE_UPLOAD_UPDATE_FILE',
  name: 'Replace file content',
  tags: ['googledrive', 'file', 'upload', 'update'],
  description:
    'Replace the content of an existing Drive file (file_id) with a staged file (file_to_upload), keeping its id, sharing and history. Works for ordinary files; Google Docs/Sheets are edited with their own tools. Returns the updated file metadata.',
  input: params({ file_id: FILE_ID, file_to_upload: s.file('The staged file with the new content.') }, [
    'file_id',
    'file_to_upload',
  ]),
  output: FILE_OUT,
  async run(ctx, a) {
    const f = await ctx.readFile(a.file_to_upload as FileDescriptor);
    return ctx.json({
      method: 'PATCH',
      url: `${UPLOAD_URL}/${enc(String(a.file_id))}`,
      query: { uploadType: 'media', fields: FILE_FIELDS, supportsAllDrives: true },
      rawBody: f.content,
      contentType: f.mimetype,
    });
  },
});

const editFile = composite({
  slug: 'GOOGLEDRIVE_EDIT_FILE',
  name: 'Overwrite file with text',
  tags: ['googledrive', 'file', 'update'],
  description:
    'Overwrite the whole content of an existing ordinary Drive file (text, CSV, JSON, Markdown…) with the text in content, keeping its file_id. Not for Google Docs/Sheets/Slides (use GOOGLEDOCS_* or GOOGLESHEETS_* tools). Returns the updated file metadata.',
  input: params(
    {
      file_id: FILE_ID,
      content: s.string('The new full content of the file.'),
      mime_type: s.string('MIME type of the content.', { default: 'text/plain' }),
    },
    ['file_id', 'content'],
  ),
  output: FILE_OUT,
  async run(ctx, a) {
    return ctx.json({
      method: 'PATCH',
      url: `${UPLOAD_URL}/${enc(String(a.file_id))}`,
      query: { uploadType: 'media', fields: FILE_FIELDS, supportsAllDrives: true },
      rawBody: Buffer.from(String(a.content)),
      contentType: String(a.mime_type ?? 'text/plain'),
    });
  },
});

const fromText = composite({
  slug: 'GOOGLEDRIVE_CREATE_FILE_FROM_TEXT',
  name: 'Create file from text',
  tags: ['googledrive', 'file', 'create'],
  description:
    'Create a new Drive file whose content is text_content, named file_name, in parent_id (a folder id; default My Drive root). mime_type is the type of the text (text/plain, text/csv, text/markdown, text/html…); set convert_to to a Google type (application/vnd.google-apps.document or .spreadsheet) to have Drive convert it into a Google Doc or Sheet. Returns id, name, mimeType and webViewLink.',
  input: params(
    {
      file_name: s.string('Name of the new file.', { examples: ['notes.txt'] }),
      text_content: s.string('The text to store.'),
      parent_id: s.string('Folder id to create it in.'),
      mime_type: s.string('MIME type of text_content.', { default: 'text/plain' }),
      convert_to: s.string('Google Workspace type to convert into, e.g. application/vnd.google-apps.document.'),
    },
    ['file_name', 'text_content'],
  ),
  output: FILE_OUT,
  async run(ctx, a) {
    const mime = String(a.mime_type ?? 'text/plain');
    const meta: Record<string, unknown> = { name: a.file_name, mimeType: (a.convert_to as string | undefined) || mime };
    if (a.parent_id) meta.parents = [String(a.parent_id)];
    const { body, contentType } = multipartRelated(meta, Buffer.from(String(a.text_content)), mime);
    return ctx.json({
      method: 'POST',
      url: UPLOAD_URL,
      query: { uploadType: 'multipart', fields: FILE_FIELDS, supportsAllDrives: true },
      rawBody: body,
      contentType,
    });
  },
});

const createFile = composite({
  slug: 'GOOGLEDRIVE_CREATE_FILE',
  name: 'Create file or folder',
  tags: ['googledrive', 'file', 'create'],
  description:
    "Create a Drive item from metadata: an empty Google Doc/Sheet/Slides (mime_type application/vnd.google-apps.document…), a folder (application/vnd.google-apps.folder), or, with file_to_upload, a file with the staged content. parents takes folder ids. Returns the new item's id, name, mimeType and webViewLink.",
  input: params(
    {
      name: s.string('Name of the new item.'),
      mime_type: s.string('Drive MIME type of the new item.'),
      parents: s.strings('Folder ids to place it in (default: My Drive root).'),
      description: s.string('Drive description.'),
      starred: s.boolean('Star it.'),
      file_to_upload: s.file('Optional staged content.'),
    },
    ['name'],
  ),
  output: FILE_OUT,
  normalize: acceptCamel(['mime_type']),
  async run(ctx, a) {
    const meta: Record<string, unknown> = { name: a.name };
    if (a.mime_type) meta.mimeType = a.mime_type;
    if (a.parents) meta.parents = a.parents;
    if (a.description) meta.description = a.description;
    if (a.starred !== undefined) meta.starred = a.starred;
    if (a.file_to_upload) {
      const f = await ctx.readFile(a.file_to_upload as FileDescriptor);
      meta.mimeType ??= f.mimetype;
      const { body, contentType } = multipartRelated(meta, f.content, f.mimetype);
      return ctx.json({
        method: 'POST',
        url: UPLOAD_URL,
        query: { uploadType: 'multipart', fields: FILE_FIELDS, supportsAllDrives: true },
        rawBody: body,
        contentType,
      });
    }
    return ctx.json({
      method: 'POST',
      path: '/files',
      query: { fields: FILE_FIELDS, supportsAllDrives: true },
      body: meta,
    });
  },
});

const FIND_INPUT = {
  q: s.string(
    "Raw Drive query, ANDed with the filters below, e.g. \"name contains 'report' and mimeType = 'application/pdf'\".",
  ),
  name_exact: s.string('Exact name.'),
  name_contains: s.string('Words the name contains (prefix match per word, case-insensitive).'),
  name_not_contains: s.string('Leave out names containing this.'),
  full_text_contains: s.string('Text in the name, description or content.'),
  modified_after: s.string('Only items modified after this RFC 3339 time, e.g. 2025-01-01T00:00:00Z.'),
  starred: s.boolean('Only starred (true) or unstarred (false) items.'),
  include_trashed: s.boolean('Include items in the trash.', { default: false }),
  page_size: s.integer('Most results per page.', { default: 50, minimum: 1, maximum: 1000 }),
  page_token: PAGE_TOKEN,
  order_by: s.string('Sort keys, e.g. "modifiedTime desc" or "name".'),
  fields: s.string('Fields of each file to return (Drive partial-response syntax inside files(...)).'),
  drive_id: s.string('Search only this shared drive.'),
  include_items_from_all_drives: s.boolean('Include shared-drive items.', { default: true }),
};

async function find(ctx: CuratedContext, a: Record<string, unknown>, onlyFolders: boolean) {
  const q = buildQuery(a as FindFilter, onlyFolders);
  const fields =
    typeof a.fields === 'string' && a.fields
      ? a.fields.includes('files(')
        ? a.fields
        : `nextPageToken,files(${a.fields})`
      : `nextPageToken,files(${FILE_FIELDS})`;
  const allDrives = a.include_items_from_all_drives !== false;
  const res = await ctx.json<{ files?: unknown[]; nextPageToken?: string }>({
    method: 'GET',
    path: '/files',
    query: {
      q,
      pageSize: (a.page_size as number | undefined) ?? 50,
      pageToken: a.page_token as string | undefined,
      orderBy: a.order_by as string | undefined,
      fields,
      corpora: a.drive_id ? 'drive' : allDrives ? 'allDrives' : undefined,
      driveId: a.drive_id as string | undefined,
      includeItemsFromAllDrives: allDrives,
      supportsAllDrives: true,
    },
  });
  return { files: res.files ?? [], nextPageToken: res.nextPageToken ?? null, query: q };
}

const FIND_OUT = params({
  files: s.array(
    s.object(
      {
        id: s.string('Id'),
        name: s.string('Name'),
        mimeType: s.string('MIME type'),
        parents: s.strings('Parent folder ids'),
        modifiedTime: s.string('Last change'),
        webViewLink: s.string('Link'),
      },
      'A file or folder',
    ),
    'Matches',
  ),
  nextPageToken: s.string('Pass as page_token for the next page; null on the last page'),
  query: s.string('The Drive q that was run'),
});

const findFile = composite({
  slug: 'GOOGLEDRIVE_FIND_FILE',
  name: 'Find files',
  important: true,
  tags: ['googledrive', 'file', 'search'],
  aliases: ['GOOGLEDRIVE_LIST_FILES'],
  description:
    'Search Drive (My Drive and shared drives) for files and folders by name (name_exact, name_contains), type (file_type: folder, document, spreadsheet, presentation, pdf, image… or an exact mime_type), parent folder (folder_id), content words, modification date or star, or a raw Drive q; trashed items are left out unless include_trashed. Returns files with id, name, mimeType, parents, modifiedTime and webViewLink, plus nextPageToken for more. Use the id with GOOGLEDRIVE_DOWNLOAD_FILE, GOOGLEDRIVE_GET_FILE_METADATA, GOOGLEDOCS_* or GOOGLESHEETS_* tools.',
  input: params({
    ...FIND_INPUT,
    folder_id: s.string('Only items directly inside this folder.'),
    file_type: s.enum(
      [
        'folder',
        'document',
        'spreadsheet',
        'presentation',
        'form',
        'drawing',
        'shortcut',
        'pdf',
        'image',
        'video',
        'audio',
      ],
      'Kind of item.',
    ),
    mime_type: s.string('Exact MIME type (overrides file_type), e.g. application/pdf.'),
  }),
  output: FIND_OUT,
  normalize: acceptCamel([
    'folder_id',
    'page_size',
    'page_token',
    'order_by',
    'drive_id',
    'include_items_from_all_drives',
    'mime_type',
  ]),
  run: (ctx, a) => find(ctx, a, false),
});

const findFolder = composite({
  slug: 'GOOGLEDRIVE_FIND_FOLDER',
  name: 'Find folders',
  important: true,
  tags: ['googledrive', 'folder', 'search'],
  description:
    'Find Drive folders by name (name_exact or name_contains) and optionally inside a parent folder (parent_folder_id). Returns one page of folders (id, name, parents, webViewLink) and nextPageToken; pass it back as page_token for more. Use a folder id as folder_to_upload_to in GOOGLEDRIVE_UPLOAD_FILE or folder_id in GOOGLEDRIVE_FIND_FILE.',
  input: params({ ...FIND_INPUT, parent_folder_id: s.string('Only folders directly inside this folder.') }),
  output: FIND_OUT,
  normalize: acceptCamel(['parent_folder_id', 'page_size', 'page_token']),
  run: (ctx, a) => find(ctx, { ...a, folder_id: a.parent_folder_id }, true),
});

const createFolder = composite({
  slug: 'GOOGLEDRIVE_CREATE_FOLDER',
  name: 'Create folder',
  important: true,
  tags: ['googledrive', 'folder', 'create'],
  description:
    'Create a folder named folder_name, inside parent_id (a folder id, or the exact name of an existing folder; omit for My Drive root). Drive allows duplicate names, so keep the returned id. Returns id, name, mimeType, parents and webViewLink.',
  input: params(
    {
      folder_name: s.string('Name of the new folder.', { examples: ['Invoices 2025'] }),
      parent_id: s.string('Parent folder id or exact name.'),
    },
    ['folder_name'],
  ),
  output: FILE_OUT,
  async run(ctx, a) {
    const meta: Record<string, unknown> = { name: a.folder_name, mimeType: FOLDER_MIME };
    if (a.parent_id) meta.parents = [await folderId(ctx, String(a.parent_id))];
    return ctx.json({
      method: 'POST',
      path: '/files',
      query: { fields: FILE_FIELDS, supportsAllDrives: true },
      body: meta,
    });
  },
});

/** A parent given as an id or as a folder name: ids are tried first, then an exact-name search. */
async function folderId(ctx: CuratedContext, idOrName: string): Promise<string> {
  if (/^[A-Za-z0-9_-]{10,}$/.test(idOrName) || idOrName === 'root') {
    const r = await ctx.call({
      method: 'GET',
      path: `/files/${enc(idOrName)}`,
      query: { fields: 'id,mimeType', supportsAllDrives: true },
    });
    if (r.ok) return idOrName;
  }
  const found = await find(ctx, { name_exact: idOrName, page_size: 2 }, true);
  if (!found.files.length) throw new ToolArgumentError(`no folder with id or name "${idOrName.slice(0, 80)}"`);
  return String((found.files[0] as { id: string }).id);
}

/** Drive API v2 operations (hosted names that exist only there), reached by absolute URL. */
function v2(def: {
  slug: string;
  name: string;
  description: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  input: Record<string, unknown>;
  required: string[];
  body?: (a: Record<string, unknown>) => unknown;
  query?: string[];
}): CuratedTool {
  return composite({
    slug: def.slug,
    name: def.name,
    description: def.description,
    tags: ['googledrive', 'v2'],
    input: params(def.input, def.required),
    async run(ctx, a) {
      const path = def.path.replace(/\{(\w+)\}/g, (_m, k: string) => enc(String(a[k])));
      const query = Object.fromEntries(
        (def.query ?? []).filter((k) => a[k] !== undefined).map((k) => [camel(k), a[k] as string]),
      );
      const res = await ctx.json({
        method: def.method,
        url: `https://www.googleapis.com/drive/v2${path}`,
        query,
        body: def.body?.(a),
      });
      return res;
    },
  });
}

const mappings: CuratedTool[] = [
  d({
    slug: 'GOOGLEDRIVE_TRASH_FILE',
    name: 'Trash file',
    method: 'PATCH',
    path: '/files/{file_id}',
    query: ['supports_all_drives'],
    description:
      'Move a file or folder to the trash (recoverable with GOOGLEDRIVE_UNTRASH_FILE until the trash is emptied). Returns the file with trashed=true.',
    input: { file_id: FILE_ID, supports_all_drives: ALL_DRIVES },
    defaults: { supports_all_drives: true },
    body: () => ({ trashed: true }),
  }),
  d({
    slug: 'GOOGLEDRIVE_UNTRASH_FILE',
    name: 'Restore from trash',
    method: 'PATCH',
    path: '/files/{file_id}',
    query: ['supports_all_drives'],
    description: 'Restore a trashed file or folder (file_id) to where it was. Returns the file with trashed=false.',
    input: { file_id: FILE_ID, supports_all_drives: ALL_DRIVES },
    defaults: { supports_all_drives: true },
    body: () => ({ trashed: false }),
  }),
  d({
    slug: 'GOOGLEDRIVE_CREATE_SHORTCUT_TO_FILE',
    name: 'Create shortcut',
    method: 'POST',
    path: '/files',
    query: ['supports_all_drives'],
    description:
      'Create a shortcut named name that points at target_id, optionally in parents (folder ids). Returns the shortcut (a new id of its own).',
    input: {
      name: s.string('Name of the shortcut.'),
      target_id: FILE_ID,
      parents: s.strings('Folder ids to place it in.'),
      supports_all_drives: ALL_DRIVES,
    },
    required: ['name', 'target_id'],
    defaults: { supports_all_drives: true },
    body: (a) => ({
      name: a.name,
      parents: a.parents,
      mimeType: 'application/vnd.google-apps.shortcut',
      shortcutDetails: { targetId: a.target_id },
    }),
  }),
  // comments and replies
  d({
    slug: 'GOOGLEDRIVE_CREATE_COMMENT',
    name: 'Comment on file',
    method: 'POST',
    path: '/files/{file_id}/comments',
    query: ['fields'],
    description:
      'Add a comment (content) to a file. Leave anchor out for a file-level comment. Returns the comment with its id (reply with GOOGLEDRIVE_CREATE_REPLY).',
    input: {
      file_id: FILE_ID,
      content: s.string('Comment text.'),
      anchor: s.string('Region anchor JSON (optional).'),
      quoted_file_content_value: s.string('The quoted text the comment is about.'),
      quoted_file_content_mime_type: s.string('MIME type of the quoted text.', { default: 'text/plain' }),
      fields: s.string('Fields to return.', { default: '*' }),
    },
    required: ['file_id', 'content'],
    defaults: { fields: '*' },
    body: (a) => ({
      content: a.content,
      anchor: a.anchor,
      ...(a.quoted_file_content_value
        ? {
            quotedFileContent: {
              value: a.quoted_file_content_value,
              mimeType: a.quoted_file_content_mime_type ?? 'text/plain',
            },
          }
        : {}),
    }),
  }),
  d({
    slug: 'GOOGLEDRIVE_MODIFY_FILE_LABELS',
    name: 'Modify file labels',
    method: 'POST',
    path: '/files/{file_id}/modifyLabels',
    description:
      'Apply, change or remove Drive labels on a file with label_modifications (Drive LabelModification objects). Returns the modified labels.',
    input: { file_id: FILE_ID, label_modifications: s.array(s.object({}, 'A LabelModification'), 'Changes to make.') },
    required: ['file_id', 'label_modifications'],
    body: (a) => ({ kind: 'drive#modifyLabelsRequest', labelModifications: a.label_modifications }),
  }),
  dc({
    slug: 'GOOGLEDRIVE_CREATE_DRIVE',
    name: 'Create shared drive',
    method: 'POST',
    path: '/drives',
    query: ['request_id'],
    aliases: ['GOOGLEDRIVE_CREATE_TEAM_DRIVE'],
    description:
      'Create a shared drive named name. requestId is an idempotency key (any unique string; a UUID is made when absent). Returns the drive with its id.',
    input: {
      name: s.string('Name of the shared drive.'),
      request_id: s.string('Idempotency key.'),
      theme_id: s.string('Theme id.'),
    },
    required: ['name'],
    prepare: (a) => ({ ...a, requestId: a.requestId ?? randomUUID() }),
  }),
];

const ids = { file_id: FILE_ID };
const v2Tools: CuratedTool[] = [
  v2({
    slug: 'GOOGLEDRIVE_ADD_PARENT',
    name: 'Add parent folder',
    method: 'POST',
    path: '/files/{file_id}/parents',
    input: { ...ids, parent_id: s.string('Folder id to add.') },
    required: ['file_id', 'parent_id'],
    body: (a) => ({ id: a.parent_id }),
    description:
      'Put a file into one more folder (parent_id) without leaving its current ones (Drive v2). To move instead, use GOOGLEDRIVE_MOVE_FILE.',
  }),
  v2({
    slug: 'GOOGLEDRIVE_DELETE_PARENT',
    name: 'Remove parent folder',
    method: 'DELETE',
    path: '/files/{file_id}/parents/{parent_id}',
    input: { ...ids, parent_id: s.string('Folder id to remove.') },
    required: ['file_id', 'parent_id'],
    description: 'Take a file out of one of its folders (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_GET_PARENT',
    name: 'Get parent reference',
    method: 'GET',
    path: '/files/{file_id}/parents/{parent_id}',
    input: { ...ids, parent_id: s.string('Folder id.') },
    required: ['file_id', 'parent_id'],
    description: 'Check that parent_id is a parent folder of the file (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_INSERT_CHILD',
    name: 'Add file to folder',
    method: 'POST',
    path: '/files/{folder_id}/children',
    input: { folder_id: s.string('Folder id.'), child_id: FILE_ID },
    required: ['folder_id', 'child_id'],
    body: (a) => ({ id: a.child_id }),
    description: 'Add an existing file (child_id) to a folder (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_DELETE_CHILD',
    name: 'Remove file from folder',
    method: 'DELETE',
    path: '/files/{folder_id}/children/{child_id}',
    input: { folder_id: s.string('Folder id.'), child_id: FILE_ID },
    required: ['folder_id', 'child_id'],
    description: 'Take a file (child_id) out of a folder (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_GET_CHILD',
    name: 'Get child reference',
    method: 'GET',
    path: '/files/{folder_id}/children/{child_id}',
    input: { folder_id: s.string('Folder id.'), child_id: FILE_ID },
    required: ['folder_id', 'child_id'],
    description: 'Check that a file (child_id) is inside a folder (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_LIST_CHILDREN_V2',
    name: 'List folder children',
    method: 'GET',
    path: '/files/{folder_id}/children',
    input: {
      folder_id: s.string('Folder id.'),
      q: s.string('Drive v2 query.'),
      max_results: s.integer('Most per page.'),
      page_token: PAGE_TOKEN,
      order_by: s.string('Sort keys.'),
    },
    required: ['folder_id'],
    query: ['q', 'max_results', 'page_token', 'order_by'],
    description:
      'List the ids of items in a folder (Drive v2). GOOGLEDRIVE_FIND_FILE with folder_id gives names and types too.',
  }),
  v2({
    slug: 'GOOGLEDRIVE_LIST_FILE_PROPERTIES',
    name: 'List file properties',
    method: 'GET',
    path: '/files/{file_id}/properties',
    input: ids,
    required: ['file_id'],
    description: 'List the custom key/value properties on a file (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_GET_FILE_PROPERTY',
    name: 'Get file property',
    method: 'GET',
    path: '/files/{file_id}/properties/{property_key}',
    input: {
      ...ids,
      property_key: s.string('Property key.'),
      visibility: s.enum(['PRIVATE', 'PUBLIC'], 'Visibility.', { default: 'PRIVATE' }),
    },
    required: ['file_id', 'property_key'],
    query: ['visibility'],
    description: 'Get one custom property of a file by key (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_ADD_PROPERTY',
    name: 'Add file property',
    method: 'POST',
    path: '/files/{file_id}/properties',
    input: {
      ...ids,
      key: s.string('Key.'),
      value: s.string('Value.'),
      visibility: s.enum(['PRIVATE', 'PUBLIC'], 'Visibility.', { default: 'PRIVATE' }),
    },
    required: ['file_id', 'key', 'value'],
    body: (a) => ({ key: a.key, value: a.value, visibility: a.visibility ?? 'PRIVATE' }),
    description: 'Attach a custom key/value property to a file, or overwrite it (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_UPDATE_FILE_PROPERTY',
    name: 'Update file property',
    method: 'PUT',
    path: '/files/{file_id}/properties/{property_key}',
    input: {
      ...ids,
      property_key: s.string('Key.'),
      value: s.string('New value.'),
      visibility: s.enum(['PRIVATE', 'PUBLIC'], 'Visibility.', { default: 'PRIVATE' }),
    },
    required: ['file_id', 'property_key', 'value'],
    query: ['visibility'],
    body: (a) => ({ value: a.value }),
    description: 'Replace the value of a custom property (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_PATCH_PROPERTY',
    name: 'Patch file property',
    method: 'PATCH',
    path: '/files/{file_id}/properties/{property_key}',
    input: {
      ...ids,
      property_key: s.string('Key.'),
      value: s.string('New value.'),
      visibility: s.enum(['PRIVATE', 'PUBLIC'], 'Visibility.', { default: 'PRIVATE' }),
    },
    required: ['file_id', 'property_key'],
    query: ['visibility'],
    body: (a) => (a.value === undefined ? {} : { value: a.value }),
    description: 'Partially update a custom property (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_DELETE_PROPERTY',
    name: 'Remove custom property',
    method: 'DELETE',
    path: '/files/{file_id}/properties/{property_key}',
    input: {
      ...ids,
      property_key: s.string('Key.'),
      visibility: s.enum(['PRIVATE', 'PUBLIC'], 'Visibility.', { default: 'PRIVATE' }),
    },
    required: ['file_id', 'property_key'],
    query: ['visibility'],
    description: 'Remove a custom property from a file (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_GET_PERMISSION_ID_FOR_EMAIL',
    name: 'Permission id for email',
    method: 'GET',
    path: '/permissionIds/{email}',
    input: { email: s.string('Email address.', { format: 'email' }) },
    required: ['email'],
    description: 'Turn an email address into the permission id Drive uses for it (Drive v2).',
  }),
  v2({
    slug: 'GOOGLEDRIVE_GET_FILE_V2',
    name: 'Get file (v2)',
    method: 'GET',
    path: '/files/{file_id}',
    input: { ...ids, fields: s.string('Fields to return.') },
    required: ['file_id'],
    query: ['fields'],
    description: 'File metadata from Drive v2 (title rather than name). Prefer GOOGLEDRIVE_GET_FILE_METADATA.',
  }),
  v2({
    slug: 'GOOGLEDRIVE_UPDATE_FILE_METADATA_PATCH',
    name: 'Patch file metadata (v2)',
    method: 'PATCH',
    path: '/files/{file_id}',
    input: {
      ...ids,
      title: s.string('New title.'),
      description: s.string('New description.'),
      labels: s.object({}, 'Labels: starred, trashed, restricted…'),
      add_parents: s.string('Folder ids to add.'),
      remove_parents: s.string('Folder ids to remove.'),
    },
    required: ['file_id'],
    query: ['add_parents', 'remove_parents'],
    body: (a) =>
      Object.fromEntries(
        Object.entries({ title: a.title, description: a.description, labels: a.labels }).filter(
          ([, v]) => v !== undefined,
        ),
      ),
    description: 'Change title, description or labels of a file through Drive v2. Prefer GOOGLEDRIVE_UPDATE_FILE_PUT.',
  }),
  v2({
    slug: 'GOOGLEDRIVE_GET_CHANGE',
    name: 'Get change (v2)',
    method: 'GET',
    path: '/changes/{change_id}',
    input: { change_id: s.string('Change id.') },
    required: ['change_id'],
    description: 'One change by id from the Drive v2 change feed. Prefer GOOGLEDRIVE_LIST_CHANGES.',
  }),
];

/**
 * Several shares of one file. Google's HTTP batch (multipart/mixed) is not spoken here; the
 * permissions are created one request after another, and each result (or error) is reported.
 */
const createPermissionsBatch = composite({
  slug: 'GOOGLEDRIVE_CREATE_PERMISSIONS_BATCH',
  name: 'Share a file with several people',
  tags: ['googledrive', 'share', 'permissions'],
  description:
    'Share one file or folder (fileId) with several people, groups or domains at once: permissions is a list of {role, type, emailAddress | domain}. Each is created in turn; the answer lists every created permission and every one Drive refused, with its reason, so a bad address does not stop the others. sendNotificationEmail and emailMessage apply to all.',
  input: params(
    {
      fileId: FILE_ID,
      permissions: s.array(
        s.object(
          {
            role: s.string('reader, commenter, writer, fileOrganizer, organizer or owner.'),
            type: s.string('user, group, domain or anyone.'),
            emailAddress: s.string('Email of the user or group.'),
            domain: s.string('Domain (type domain).'),
            allowFileDiscovery: s.boolean('For domain/anyone: findable in search.'),
            expirationTime: s.string('RFC 3339 time when access ends.'),
          },
          'One permission',
        ),
        'Permissions to create (at most 100).',
      ),
      sendNotificationEmail: s.boolean('Email the people about the share.', { default: true }),
      emailMessage: s.string('Message for the notification email.'),
      supportsAllDrives: ALL_DRIVES,
    },
    ['fileId', 'permissions'],
  ),
  normalize: acceptSnake(['fileId', 'sendNotificationEmail', 'emailMessage', 'supportsAllDrives']),
  async run(ctx, a) {
    const list = a.permissions as Record<string, unknown>[];
    if (!Array.isArray(list) || !list.length || list.length > 100)
      throw new ToolArgumentError('permissions must list between 1 and 100 permissions');
    const path = `/files/${enc(String(a.fileId))}/permissions`;
    const query: Record<string, string | boolean> = { supportsAllDrives: a.supportsAllDrives !== false };
    if (a.sendNotificationEmail === false) query.sendNotificationEmail = false;
    if (typeof a.emailMessage === 'string') query.emailMessage = a.emailMessage;
    const created: unknown[] = [];
    const failed: { index: number; error: string }[] = [];
    for (const [index, p] of list.entries()) {
      try {
        created.push(await ctx.json({ method: 'POST', path, query, body: p }));
      } catch (e) {
        failed.push({ index, error: e instanceof Error ? e.message : String(e) });
      }
    }
    if (!created.length)
      throw new ToolFailure(`Drive created none of the permissions: ${failed[0]!.error}`, { failed });
    return { file_id: a.fileId, created, failed };
  },
});

export const googledriveTools: CuratedTool[] = [
  uploadFile,
  downloadFile,
  findFile,
  findFolder,
  createFolder,
  exportFile,
  fromText,
  editFile,
  updateContent,
  createFile,
  ...mappings,
  ...v2Tools,
  createPermissionsBatch,
];
