/**
 * OneDrive (and the SharePoint sites behind it) on Microsoft Graph, in the hosted vocabulary.
 * Composites do the byte work: a small-file upload sends the staged file's bytes to
 * `…/items/{parent}:/{name}:/content` (Graph takes up to 250 MB there; larger files need an
 * upload session, not offered here), and a download stages the item's content.
 */
import { composite, params, s } from './define';
import { GRAPH_BASE, graph, microsoftOAuth, q } from './microsoft-graph';
import { standaloneToolkit } from './toolkit-def';
import { ToolArgumentError, ToolFailure, type CuratedContext, type CuratedTool, type FileDescriptor } from './types';

type Args = Record<string, unknown>;
const d = graph('one_drive');
const enc = encodeURIComponent;
const ITEM_ID = s.string(
  'Drive item id (id from ONE_DRIVE_ONEDRIVE_LIST_ITEMS or ONE_DRIVE_SEARCH_ITEMS); root for the top folder',
);
const FOLDER_ID = s.string('Id of the folder; root (default) for the top of the drive', { default: 'root' });
const SITE_ID = s.string('SharePoint site id, e.g. contoso.sharepoint.com,<guid>,<guid>');
/** OData string literal inside a function call: quotes doubled */
const literal = (v: unknown) => String(v).replace(/'/g, "''");

async function search(ctx: CuratedContext, text: string, top: number) {
  const res = await ctx.json<{ value?: Args[] }>({
    method: 'GET',
    path: `/me/drive/root/search(q='${enc(literal(text))}')`,
    query: { $top: top },
  });
  return res.value ?? [];
}

async function put(ctx: CuratedContext, folder: string, name: string, content: Buffer, type: string, conflict: string) {
  if (!name || /[/\\]/.test(name)) throw new ToolArgumentError('the file name must be a plain name without slashes');
  return ctx.json({
    method: 'PUT',
    path: `/me/drive/items/${enc(folder)}:/${enc(name)}:/content`,
    query: { '@microsoft.graph.conflictBehavior': conflict },
    rawBody: content,
    contentType: type,
  });
}

const CONFLICT = s.enum(['rename', 'replace', 'fail'], 'What to do when the name is taken', { default: 'rename' });

export const oneDriveTools: CuratedTool[] = [
  d({
    slug: 'ONE_DRIVE_ONEDRIVE_LIST_ITEMS',
    name: 'List folder items',
    important: true,
    description:
      'List the files and folders inside a folder (root by default): id, name, size, folder {childCount} or file {mimeType}, lastModifiedDateTime, webUrl. Follow @odata.nextLink for more.',
    method: 'GET',
    path: '/me/drive/items/{folder_id}/children',
    input: { folder_id: FOLDER_ID, top: q.top(50), select: q.select, orderby: q.orderby },
    required: [],
    defaults: { folder_id: 'root' },
  }),
  d({
    slug: 'ONE_DRIVE_SEARCH_ITEMS',
    name: 'Search files',
    important: true,
    description:
      'Search the drive by name and content (also items shared with the user). Returns value[] of drive items with id, name, parentReference, webUrl.',
    method: 'GET',
    path: "/me/drive/root/search(q='{q}')",
    input: { q: s.string('Words to look for'), top: q.top(25) },
    required: ['q'],
    prepare: (a) => ({ ...a, q: literal(a.q) }),
  }),
  composite({
    slug: 'ONE_DRIVE_ONEDRIVE_FIND_FILE',
    name: 'Find file',
    tags: ['one_drive', 'search'],
    description:
      'Find files (not folders) whose name contains name. Returns items[] with id, name, size, parentReference.path, webUrl; download one with ONE_DRIVE_DOWNLOAD_FILE.',
    input: params({ name: s.string('Part of the file name'), top: q.top(25) }, ['name']),
    async run(ctx, a) {
      const items = (await search(ctx, String(a.name), Number(a.top ?? 25))).filter(
        (i) =>
          i.file &&
          String(i.name ?? '')
            .toLowerCase()
            .includes(String(a.name).toLowerCase()),
      );
      return { items };
    },
  }),
  composite({
    slug: 'ONE_DRIVE_ONEDRIVE_FIND_FOLDER',
    name: 'Find folder',
    tags: ['one_drive', 'search'],
    description:
      'Find folders whose name contains name. Returns items[] with id (use as folder_id), name, parentReference.path.',
    input: params({ name: s.string('Part of the folder name'), top: q.top(25) }, ['name']),
    async run(ctx, a) {
      const items = (await search(ctx, String(a.name), Number(a.top ?? 25))).filter(
        (i) =>
          i.folder &&
          String(i.name ?? '')
            .toLowerCase()
            .includes(String(a.name).toLowerCase()),
      );
      return { items };
    },
  }),
  d({
    slug: 'ONE_DRIVE_GET_ITEM',
    name: 'Get item',
    description:
      'Metadata of a file or folder: name, size, file {mimeType, hashes}, parentReference, createdBy, webUrl.',
    method: 'GET',
    path: '/me/drive/items/{item_id}',
    input: { item_id: ITEM_ID, select: q.select },
  }),
  d({
    slug: 'ONE_DRIVE_ONEDRIVE_CREATE_FOLDER',
    name: 'Create folder',
    important: true,
    description:
      'Create a folder inside parent_folder_id (root by default). A taken name gets a number appended unless conflict_behavior says otherwise. Returns the folder with id.',
    method: 'POST',
    path: '/me/drive/items/{parent_folder_id}/children',
    input: { name: s.string('Folder name'), parent_folder_id: FOLDER_ID, conflict_behavior: CONFLICT },
    required: ['name'],
    defaults: { parent_folder_id: 'root' },
    body: (a) => ({ name: a.name, folder: {}, '@microsoft.graph.conflictBehavior': a.conflict_behavior ?? 'rename' }),
  }),
  composite({
    slug: 'ONE_DRIVE_ONEDRIVE_UPLOAD_FILE',
    name: 'Upload file',
    important: true,
    tags: ['one_drive', 'upload'],
    description:
      'Upload a staged file (POST /files/upload/request first) into folder_id (root by default), keeping its name unless file_name is given. Returns the new drive item (id, name, size, webUrl).',
    input: params(
      {
        file: s.file('The file to upload'),
        folder_id: FOLDER_ID,
        file_name: s.string('Name to give it in OneDrive'),
        conflict_behavior: CONFLICT,
      },
      ['file'],
    ),
    async run(ctx, a) {
      const f = await ctx.readFile(a.file as FileDescriptor);
      return put(
        ctx,
        String(a.folder_id ?? 'root'),
        String(a.file_name ?? f.name),
        f.content,
        f.mimetype || 'application/octet-stream',
        String(a.conflict_behavior ?? 'rename'),
      );
    },
  }),
  composite({
    slug: 'ONE_DRIVE_ONEDRIVE_CREATE_TEXT_FILE',
    name: 'Create text file',
    tags: ['one_drive', 'upload'],
    description:
      'Write text into a new file (name with its extension, e.g. notes.md) in folder_id. Returns the drive item.',
    input: params(
      {
        name: s.string('File name, e.g. notes.txt'),
        content: s.string('Text to write'),
        folder_id: FOLDER_ID,
        conflict_behavior: CONFLICT,
      },
      ['name', 'content'],
    ),
    run: (ctx, a) =>
      put(
        ctx,
        String(a.folder_id ?? 'root'),
        String(a.name),
        Buffer.from(String(a.content), 'utf8'),
        'text/plain; charset=utf-8',
        String(a.conflict_behavior ?? 'rename'),
      ),
  }),
  composite({
    slug: 'ONE_DRIVE_DOWNLOAD_FILE',
    name: 'Download file',
    important: true,
    tags: ['one_drive', 'download'],
    description:
      "Download a file's content into a staged file. Returns downloaded_file_content {name, mimetype, s3url, size} (s3url is a signed link that expires).",
    input: params({ item_id: ITEM_ID }, ['item_id']),
    async run(ctx, a) {
      const id = enc(String(a.item_id));
      const meta = await ctx.json<{ name?: string; file?: { mimeType?: string }; folder?: unknown }>({
        method: 'GET',
        path: `/me/drive/items/${id}`,
      });
      if (meta.folder) throw new ToolArgumentError('item_id is a folder; list it with ONE_DRIVE_ONEDRIVE_LIST_ITEMS');
      const res = await ctx.call({ method: 'GET', path: `/me/drive/items/${id}/content` });
      if (!res.ok)
        throw new ToolFailure(`OneDrive download failed (${res.status})`, {
          status_code: res.status,
          http_error: res.body ?? null,
        });
      const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
      const mime = meta.file?.mimeType ?? 'application/octet-stream';
      return { downloaded_file_content: await ctx.stageFile(bytes, meta.name ?? String(a.item_id), mime) };
    },
  }),
  d({
    slug: 'ONE_DRIVE_DELETE_ITEM',
    name: 'Delete item',
    description: 'Move a file or folder to the recycle bin. Ask the user first.',
    method: 'DELETE',
    path: '/me/drive/items/{item_id}',
    input: { item_id: ITEM_ID },
  }),
  d({
    slug: 'ONE_DRIVE_MOVE_ITEM',
    name: 'Move item',
    description: 'Move a file or folder into another folder, optionally renaming it. Returns the item.',
    method: 'PATCH',
    path: '/me/drive/items/{item_id}',
    input: {
      item_id: ITEM_ID,
      parent_folder_id: s.string('Destination folder id'),
      name: s.string('New name (optional)'),
    },
    required: ['item_id', 'parent_folder_id'],
    body: (a) => ({ parentReference: { id: a.parent_folder_id }, ...(a.name ? { name: a.name } : {}) }),
  }),
  d({
    slug: 'ONE_DRIVE_COPY_ITEM',
    name: 'Copy item',
    description:
      'Copy a file or folder into another folder. Graph copies in the background: the answer is accepted with no body; the copy appears shortly.',
    method: 'POST',
    path: '/me/drive/items/{item_id}/copy',
    input: {
      item_id: ITEM_ID,
      parent_folder_id: s.string('Destination folder id'),
      name: s.string('Name of the copy'),
    },
    required: ['item_id', 'parent_folder_id'],
    body: (a) => ({ parentReference: { id: a.parent_folder_id }, ...(a.name ? { name: a.name } : {}) }),
  }),
  d({
    slug: 'ONE_DRIVE_UPDATE_DRIVE_ITEM_METADATA',
    name: 'Rename or describe item',
    description: 'Rename a file or folder or set its description.',
    method: 'PATCH',
    path: '/me/drive/items/{item_id}',
    input: { item_id: ITEM_ID, name: s.string('New name'), description: s.string('Description') },
  }),
  d({
    slug: 'ONE_DRIVE_CREATE_LINK',
    name: 'Create sharing link',
    important: true,
    description:
      'Create a link to a file or folder: type view or edit, scope anonymous (anyone with the link) or organization. Returns link.webUrl to hand out.',
    method: 'POST',
    path: '/me/drive/items/{item_id}/createLink',
    input: {
      item_id: ITEM_ID,
      type: s.enum(['view', 'edit', 'embed'], 'What the link allows', { default: 'view' }),
      scope: s.enum(['anonymous', 'organization', 'users'], 'Who the link works for'),
      expiration_date_time: s.string('When the link stops working, ISO 8601'),
      password: s.string('Password for the link (personal OneDrive only)'),
    },
    required: ['item_id', 'type'],
  }),
  d({
    slug: 'ONE_DRIVE_INVITE_USER_TO_DRIVE_ITEM',
    name: 'Share with people',
    description:
      'Give people access to a file or folder by email, as read or write, optionally with an invitation mail and message.',
    method: 'POST',
    path: '/me/drive/items/{item_id}/invite',
    input: {
      item_id: ITEM_ID,
      recipients: s.strings('Email addresses'),
      roles: s.strings('read or write', { default: ['read'] }),
      message: s.string('Note in the invitation'),
      require_sign_in: s.boolean('Recipients must sign in', { default: true }),
      send_invitation: s.boolean('Send an invitation mail', { default: true }),
    },
    required: ['item_id', 'recipients'],
    body: (a) => ({
      recipients: (a.recipients as string[]).map((email) => ({ email })),
      roles: a.roles ?? ['read'],
      requireSignIn: a.require_sign_in ?? true,
      sendInvitation: a.send_invitation ?? true,
      ...(a.message ? { message: a.message } : {}),
    }),
  }),
  d({
    slug: 'ONE_DRIVE_GET_ITEM_PERMISSIONS',
    name: 'List item permissions',
    description: 'Who can access a file or folder: sharing links and people, with roles.',
    method: 'GET',
    path: '/me/drive/items/{item_id}/permissions',
    input: { item_id: ITEM_ID },
  }),
  d({
    slug: 'ONE_DRIVE_GET_ITEM_VERSIONS',
    name: 'List file versions',
    description: 'Earlier versions of a file (id, lastModifiedDateTime, size, lastModifiedBy).',
    method: 'GET',
    path: '/me/drive/items/{item_id}/versions',
    input: { item_id: ITEM_ID },
  }),
  d({
    slug: 'ONE_DRIVE_GET_ITEM_THUMBNAILS',
    name: 'Get thumbnails',
    description: 'Thumbnail URLs (small, medium, large) of a file.',
    method: 'GET',
    path: '/me/drive/items/{item_id}/thumbnails',
    input: { item_id: ITEM_ID },
  }),
  d({
    slug: 'ONE_DRIVE_PREVIEW_DRIVE_ITEM',
    name: 'Get preview link',
    description: 'A short-lived URL that shows the file in a viewer (getUrl), for embedding or showing to the user.',
    method: 'POST',
    path: '/me/drive/items/{item_id}/preview',
    input: { item_id: ITEM_ID },
  }),
  d({
    slug: 'ONE_DRIVE_GET_DRIVE',
    name: 'Get drive',
    description: "The user's drive: id, driveType, owner, quota.",
    method: 'GET',
    path: '/me/drive',
    input: { select: q.select },
    required: [],
  }),
  d({
    slug: 'ONE_DRIVE_GET_QUOTA',
    name: 'Get storage quota',
    description:
      'Storage use of the drive: total, used, remaining, deleted (bytes) and state (normal, nearing, critical, exceeded).',
    method: 'GET',
    path: '/me/drive',
    input: {},
    required: [],
    defaults: {},
    shape: (b) => ({ quota: (b as Args).quota ?? null }),
  }),
  d({
    slug: 'ONE_DRIVE_LIST_DRIVES',
    name: 'List drives',
    description: 'The drives the user can reach (their OneDrive and document libraries).',
    method: 'GET',
    path: '/me/drives',
    input: {},
    required: [],
  }),
  d({
    slug: 'ONE_DRIVE_GET_RECENT_ITEMS',
    name: 'Recent files',
    description: 'Files the user opened or changed recently.',
    method: 'GET',
    path: '/me/drive/recent',
    input: { top: q.top(25) },
    required: [],
  }),
  d({
    slug: 'ONE_DRIVE_GET_SHARED_ITEMS',
    name: 'Shared with me',
    description: 'Files and folders others shared with the user; remoteItem holds the id and driveId to open them.',
    method: 'GET',
    path: '/me/drive/sharedWithMe',
    input: {},
    required: [],
  }),
  d({
    slug: 'ONE_DRIVE_LIST_ROOT_DRIVE_CHANGES',
    name: 'List changes',
    description:
      'Changes in the drive since a delta token (omit it for the full current state): value[] of changed items and @odata.deltaLink to pass next time.',
    method: 'GET',
    path: '/me/drive/root/delta',
    input: { token: s.string('token from the previous @odata.deltaLink') },
    required: [],
  }),
  d({
    slug: 'ONE_DRIVE_GET_SITE',
    name: 'Get SharePoint site',
    description: 'A SharePoint site: displayName, webUrl, id.',
    method: 'GET',
    path: '/sites/{site_id}',
    input: { site_id: SITE_ID },
  }),
  d({
    slug: 'ONE_DRIVE_LIST_SITE_LISTS',
    name: 'List site lists',
    description: 'Lists and document libraries of a SharePoint site.',
    method: 'GET',
    path: '/sites/{site_id}/lists',
    input: { site_id: SITE_ID },
  }),
  d({
    slug: 'ONE_DRIVE_GET_SHAREPOINT_LIST_ITEMS',
    name: 'List SharePoint list items',
    description: 'Items of a SharePoint list; expand=fields returns their column values.',
    method: 'GET',
    path: '/sites/{site_id}/lists/{list_id}/items',
    input: {
      site_id: SITE_ID,
      list_id: s.string('List id or title'),
      expand: s.string('fields to include column values', { default: 'fields' }),
      top: q.top(50),
    },
  }),
  d({
    slug: 'ONE_DRIVE_LIST_SITE_SUBSITES',
    name: 'List subsites',
    description: 'Subsites of a SharePoint site.',
    method: 'GET',
    path: '/sites/{site_id}/sites',
    input: { site_id: SITE_ID },
  }),
  d({
    slug: 'ONE_DRIVE_LIST_SITE_COLUMNS',
    name: 'List site columns',
    description: 'Column definitions of a SharePoint site.',
    method: 'GET',
    path: '/sites/{site_id}/columns',
    input: { site_id: SITE_ID },
  }),
];

export const oneDrive = standaloneToolkit(
  {
    slug: 'one_drive',
    name: 'OneDrive',
    description:
      'Microsoft OneDrive and SharePoint files through Microsoft Graph: list, search, upload, download, share and organise.',
    appUrl: 'https://onedrive.live.com',
    categories: [{ slug: 'document-file-management', name: 'Document & File Management' }],
    baseUrl: GRAPH_BASE,
    getCurrentUserEndpoint: '/me',
    authSchemes: [microsoftOAuth(['Files.ReadWrite.All', 'Sites.Read.All'])],
  },
  oneDriveTools,
);

/** Older slugs of tools above, renamed to the hosted names (same arguments). */
export const oneDriveAliases: Record<string, string> = {
  ONE_DRIVE_GET_SITE_DETAILS: 'ONE_DRIVE_GET_SITE',
};
