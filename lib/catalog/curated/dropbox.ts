/**
 * Dropbox in the hosted vocabulary on API v2. Dropbox is RPC-style: every call is a POST of a
 * JSON object to api.dropboxapi.com/2/<namespace>/<method>, and the argument names are Dropbox's
 * own (snake_case already). File bytes go to content.dropboxapi.com with the arguments as JSON
 * in the Dropbox-API-Arg header and the bytes as the body; the result of a download comes back
 * in the Dropbox-API-Result header. Paths start with "/"; the root folder is "" (we accept "/").
 *
 * OAuth: Dropbox gives a refresh token only when the authorize request says
 * token_access_type=offline, so the scheme sends it.
 */
import { composite, params, s } from './define';
import { apiKeyScheme, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import {
  type CuratedContext,
  type CuratedTool,
  type FileDescriptor,
  type ProviderRequest,
  ToolArgumentError,
  ToolFailure,
} from './types';

type Args = Record<string, unknown>;

const CONTENT = 'https://content.dropboxapi.com/2';

/** Dropbox names the root "" and wants every other path to start with "/". */
const dbxPath = (v: unknown): string => {
  const p = String(v ?? '').trim();
  if (p === '' || p === '/') return '';
  return p.startsWith('/') || /^(id|rev|ns):/.test(p) ? p : `/${p}`;
};

const drop = (o: Args): Args => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

interface RpcDef {
  slug: string;
  name: string;
  description: string;
  route: string;
  input: Record<string, unknown>;
  required?: string[];
  important?: boolean;
  aliases?: string[];
  /** the JSON body from the arguments; by default the arguments as given, `path`-like ones normalised */
  body?: (a: Args) => unknown;
}

const PATH_ARGS = ['path', 'from_path', 'to_path'];

function rpc(d: RpcDef): CuratedTool {
  return composite({
    slug: d.slug,
    name: d.name,
    description: d.description,
    important: d.important,
    aliases: d.aliases,
    tags: ['dropbox'],
    input: params(d.input, d.required ?? []),
    async run(ctx, a) {
      const plain: Args = {};
      for (const k of Object.keys(d.input))
        if (a[k] !== undefined) plain[k] = PATH_ARGS.includes(k) ? dbxPath(a[k]) : a[k];
      const body = d.body ? d.body(a) : plain;
      // Dropbox refuses a JSON content type with an empty body on argument-less routes
      return dbx(ctx, { method: 'POST', path: d.route, body: body ?? undefined });
    },
  });
}

/** One Dropbox call; Dropbox explains failures in error_summary (e.g. path/not_found/..), which becomes the message. */
async function dbx(ctx: CuratedContext, req: ProviderRequest): Promise<Args> {
  const res = await ctx.call(req);
  if (!res.ok) fail(res.status, res.body);
  const body = res.body;
  return (body && typeof body === 'object' && !Array.isArray(body) ? body : { result: body ?? null }) as Args;
}

function fail(status: number, body: unknown): never {
  const summary = (body as { error_summary?: string } | undefined)?.error_summary;
  const text = summary ?? (typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body ?? ''));
  throw new ToolFailure(`Dropbox answered ${status}: ${text}`, {
    status_code: status,
    error: typeof body === 'object' ? body : text,
  });
}

/** JSON for an HTTP header: Dropbox asks for non-ASCII characters escaped as \uXXXX. */
export function apiArg(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

async function download(ctx: CuratedContext, route: string, arg: Args, fallbackName: string) {
  const res = await ctx.call({
    method: 'POST',
    url: `${CONTENT}${route}`,
    headers: { 'Dropbox-API-Arg': apiArg(arg) },
  });
  if (!res.ok) fail(res.status, res.body);
  let meta: Args = {};
  try {
    meta = JSON.parse(res.headers['dropbox-api-result'] ?? '{}') as Args;
  } catch {
    /* no metadata */
  }
  const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
  const name = String(meta.name ?? fallbackName);
  const file = await ctx.stageFile(bytes, name, res.contentType.split(';')[0] || 'application/octet-stream');
  return { ...meta, content: file };
}

const PATH = s.string('Dropbox path starting with "/" (e.g. /Reports/q3.pdf), or an id:… from a listing');
const FOLDER = s.string('Folder path starting with "/"; "" or "/" is the root', { default: '' });
const CURSOR = s.string('cursor of the previous answer');
const AUTORENAME = s.boolean('On a name clash, pick a free name instead of failing');

export const dropboxTools: CuratedTool[] = [
  rpc({
    slug: 'DROPBOX_GET_ABOUT_ME',
    name: 'Current account',
    important: true,
    route: '/users/get_current_account',
    input: {},
    body: () => undefined,
    description:
      'The connected account: account_id, name, email, country, account_type (basic, pro, business) and root_info (its home namespace). Use it to confirm which Dropbox you are working in.',
  }),
  rpc({
    slug: 'DROPBOX_GET_SPACE_USAGE',
    name: 'Space usage',
    route: '/users/get_space_usage',
    input: {},
    body: () => undefined,
    description: 'Bytes used and the allocation (individual quota or team share).',
  }),
  rpc({
    slug: 'DROPBOX_GET_ACCOUNT',
    name: 'Get account',
    route: '/users/get_account',
    input: { account_id: s.string('Account id (dbid:…)') },
    required: ['account_id'],
    description: 'Name, email and photo of another Dropbox user by account id (e.g. a file owner or folder member).',
  }),
  rpc({
    slug: 'DROPBOX_LIST_FILES_IN_FOLDER',
    name: 'List folder',
    important: true,
    aliases: ['DROPBOX_LIST_FOLDERS'],
    route: '/files/list_folder',
    input: {
      path: FOLDER,
      recursive: s.boolean('Include everything below, not only direct children'),
      limit: s.integer('Roughly how many entries per answer (at most 2000)'),
      include_deleted: s.boolean('Include deleted entries'),
      include_media_info: s.boolean('Include photo and video metadata'),
    },
    body: (a) =>
      drop({
        path: dbxPath(a.path),
        recursive: a.recursive,
        limit: a.limit,
        include_deleted: a.include_deleted,
        include_media_info: a.include_media_info,
      }),
    description:
      'Files and folders in a folder: entries with .tag (file or folder), name, path_display, id, size and server_modified. When has_more is true, call DROPBOX_LIST_FOLDER_CONTINUE with cursor until it is false.',
  }),
  rpc({
    slug: 'DROPBOX_LIST_FOLDER_CONTINUE',
    name: 'List folder (next page)',
    route: '/files/list_folder/continue',
    input: { cursor: CURSOR },
    required: ['cursor'],
    description: 'The next entries of a DROPBOX_LIST_FILES_IN_FOLDER listing; later, the changes since that cursor.',
  }),
  rpc({
    slug: 'DROPBOX_GET_METADATA',
    name: 'Get metadata',
    important: true,
    route: '/files/get_metadata',
    input: {
      path: PATH,
      include_media_info: s.boolean('Include photo and video metadata'),
      include_deleted: s.boolean('Answer for a deleted item too'),
    },
    required: ['path'],
    description:
      'Whether a path exists and what it is: .tag (file, folder, deleted), id, path_display, size, rev, content_hash. A missing path ends the call with path/not_found.',
  }),
  rpc({
    slug: 'DROPBOX_SEARCH_FILE_OR_FOLDER',
    name: 'Search',
    important: true,
    route: '/files/search_v2',
    input: {
      query: s.string('Words in the name or (on plans with content search) in the content'),
      path: s.string('Only inside this folder'),
      max_results: s.integer('At most 1000', { default: 100 }),
      file_status: s.enum(['active', 'deleted'], 'Search live or deleted files'),
      filename_only: s.boolean('Match names only'),
      file_extensions: s.strings('Only these extensions, e.g. ["pdf","docx"]'),
    },
    required: ['query'],
    body: (a) => ({
      query: a.query,
      options: drop({
        path: a.path === undefined ? undefined : dbxPath(a.path),
        max_results: a.max_results,
        file_status: a.file_status,
        filename_only: a.filename_only,
        file_extensions: a.file_extensions,
      }),
    }),
    description:
      'Find files and folders by name (and content where the plan allows). Each match has metadata.metadata with path_display and .tag; when has_more is true pass cursor to DROPBOX_SEARCH_CONTINUE. Newly added files can take a moment to be found.',
  }),
  rpc({
    slug: 'DROPBOX_FILES_SEARCH',
    name: 'Search (in a folder)',
    route: '/files/search_v2',
    input: {
      query: s.string('Words to find'),
      path: s.string('Only inside this folder'),
      max_results: s.integer('At most 1000', { default: 100 }),
    },
    required: ['query'],
    body: (a) => ({
      query: a.query,
      options: drop({ path: a.path === undefined ? undefined : dbxPath(a.path), max_results: a.max_results }),
    }),
    description: 'The same search as DROPBOX_SEARCH_FILE_OR_FOLDER with fewer options.',
  }),
  rpc({
    slug: 'DROPBOX_SEARCH_CONTINUE',
    name: 'Search (next page)',
    route: '/files/search/continue_v2',
    input: { cursor: CURSOR },
    required: ['cursor'],
    description: 'More matches of a search that answered has_more.',
  }),
  rpc({
    slug: 'DROPBOX_CREATE_FOLDER',
    name: 'Create folder',
    important: true,
    route: '/files/create_folder_v2',
    input: { path: PATH, autorename: AUTORENAME },
    required: ['path'],
    description: 'Make a folder (parents are created as needed). Returns metadata of the new folder.',
  }),
  rpc({
    slug: 'DROPBOX_DELETE_FILE',
    name: 'Delete',
    aliases: ['DROPBOX_DELETE_FILE_OR_FOLDER'],
    route: '/files/delete_v2',
    input: { path: PATH, parent_rev: s.string('Only if the file is still at this revision') },
    required: ['path'],
    description:
      'Delete a file, or a folder with everything in it. Recoverable from the Dropbox website for a while, but ask the user first. Returns the metadata of what was deleted.',
  }),
  rpc({
    slug: 'DROPBOX_COPY_FILE_OR_FOLDER',
    name: 'Copy',
    route: '/files/copy_v2',
    input: {
      from_path: s.string('What to copy'),
      to_path: s.string('Full destination path, including the new name'),
      autorename: AUTORENAME,
    },
    required: ['from_path', 'to_path'],
    description: 'Copy a file or folder (with its contents) to another path. Returns the metadata of the copy.',
  }),
  rpc({
    slug: 'DROPBOX_MOVE_FILE_OR_FOLDER',
    name: 'Move or rename',
    important: true,
    route: '/files/move_v2',
    input: {
      from_path: s.string('What to move'),
      to_path: s.string('Full destination path, including the (new) name'),
      autorename: AUTORENAME,
      allow_ownership_transfer: s.boolean('Allow moving into a folder owned by someone else'),
    },
    required: ['from_path', 'to_path'],
    description: 'Move a file or folder, or rename it in place by changing only the last part of the path.',
  }),
  rpc({
    slug: 'DROPBOX_LIST_FILE_REVISIONS',
    name: 'File revisions',
    route: '/files/list_revisions',
    input: {
      path: PATH,
      limit: s.integer('How many, at most 100', { default: 10 }),
      mode: s.enum(['path', 'id'], 'Follow the path or the file id'),
    },
    required: ['path'],
    description: 'Earlier versions of a file (rev, size, server_modified); restore one with DROPBOX_RESTORE_FILE.',
  }),
  rpc({
    slug: 'DROPBOX_RESTORE_FILE',
    name: 'Restore revision',
    route: '/files/restore',
    input: { path: PATH, rev: s.string('rev from DROPBOX_LIST_FILE_REVISIONS') },
    required: ['path', 'rev'],
    description: 'Put an earlier revision of a file back at its path.',
  }),
  rpc({
    slug: 'DROPBOX_GET_TEMPORARY_LINK',
    name: 'Temporary download link',
    route: '/files/get_temporary_link',
    input: { path: PATH },
    required: ['path'],
    description: 'A direct download link for a file that works for four hours (link), with the file metadata.',
  }),
  rpc({
    slug: 'DROPBOX_SAVE_URL',
    name: 'Save from URL',
    route: '/files/save_url',
    input: { path: s.string('Where to save it, with the file name'), url: s.string('Public URL to fetch') },
    required: ['path', 'url'],
    description:
      'Have Dropbox fetch a URL into a file. Returns async_job_id; poll DROPBOX_CHECK_SAVE_URL_STATUS until complete.',
  }),
  rpc({
    slug: 'DROPBOX_CHECK_SAVE_URL_STATUS',
    name: 'Save-from-URL status',
    route: '/files/save_url/check_job_status',
    input: { async_job_id: s.string('From DROPBOX_SAVE_URL') },
    required: ['async_job_id'],
    description: 'in_progress, complete (with the file metadata) or failed.',
  }),
  rpc({
    slug: 'DROPBOX_CREATE_SHARED_LINK',
    name: 'Create shared link',
    important: true,
    route: '/sharing/create_shared_link_with_settings',
    input: {
      path: PATH,
      settings: s.object(
        {
          requested_visibility: s.enum(['public', 'team_only', 'password'], 'Who can open it'),
          audience: s.enum(['public', 'team', 'no_one'], 'Audience'),
          access: s.enum(['viewer', 'editor'], 'What people with the link may do'),
          expires: s.string('Expiry, e.g. 2025-12-31T00:00:00Z'),
          link_password: s.string('Password, with requested_visibility password'),
        },
        'Optional link settings',
      ),
    },
    required: ['path'],
    description:
      'A lasting link to share a file or folder (url). If the path already has a link Dropbox refuses with shared_link_already_exists; find it with DROPBOX_LIST_SHARED_LINKS.',
  }),
  rpc({
    slug: 'DROPBOX_LIST_SHARED_LINKS',
    name: 'List shared links',
    route: '/sharing/list_shared_links',
    input: {
      path: s.string('Only links of this path'),
      cursor: CURSOR,
      direct_only: s.boolean('Only links to the path itself, not its parents'),
    },
    description: 'Shared links of the user, or of one path: url, path_lower, link_permissions, expires.',
  }),
  rpc({
    slug: 'DROPBOX_REVOKE_SHARED_LINK',
    name: 'Revoke shared link',
    route: '/sharing/revoke_shared_link',
    input: { url: s.string('The shared link') },
    required: ['url'],
    description: 'Turn a shared link off.',
  }),
  rpc({
    slug: 'DROPBOX_GET_SHARED_LINK_METADATA',
    name: 'Resolve shared link',
    route: '/sharing/get_shared_link_metadata',
    input: {
      url: s.string('A Dropbox shared link'),
      path: s.string('For a folder link: a path inside it'),
      link_password: s.string('Password of a protected link'),
    },
    required: ['url'],
    description: 'What a shared link points to: .tag (file or folder), name, id, size, link permissions.',
  }),
  rpc({
    slug: 'DROPBOX_LIST_SHARED_FOLDERS',
    name: 'List shared folders',
    route: '/sharing/list_folders',
    input: { limit: s.integer('At most 1000', { default: 100 }) },
    description: 'Shared folders the user belongs to: shared_folder_id, name, access_type, path_lower when mounted.',
  }),
  rpc({
    slug: 'DROPBOX_CREATE_FILE_REQUEST',
    name: 'Create file request',
    route: '/file_requests/create',
    input: {
      title: s.string('What you are asking for'),
      destination: s.string('Folder where uploads land'),
      description: s.string('Note shown to uploaders'),
      open: s.boolean('Accept uploads now', { default: true }),
    },
    required: ['title', 'destination'],
    description: 'A link others can upload files through, into a folder of yours. Returns url and id.',
  }),
  rpc({
    slug: 'DROPBOX_LIST_FILE_REQUESTS',
    name: 'List file requests',
    route: '/file_requests/list_v2',
    input: { limit: s.integer('At most 1000', { default: 100 }) },
    description: 'Your file requests with their url, destination, file_count and whether they are open.',
  }),
  rpc({
    slug: 'DROPBOX_CHECK_USER',
    name: 'Check connection',
    route: '/check/user',
    input: { query: s.string('Any text; it is echoed back', { default: 'ping' }) },
    body: (a) => ({ query: a.query ?? 'ping' }),
    description: 'A cheap call that proves the token works: Dropbox echoes the query back as result.',
  }),
  composite({
    slug: 'DROPBOX_UPLOAD_FILE',
    name: 'Upload file',
    important: true,
    tags: ['dropbox'],
    input: params(
      {
        path: s.string('Destination path with the file name, e.g. /Reports/q3.pdf'),
        content: s.file('The file, staged with POST /api/v3/files/upload/request'),
        mode: s.enum(['add', 'overwrite'], 'add keeps an existing file, overwrite replaces it', { default: 'add' }),
        autorename: AUTORENAME,
        mute: s.boolean('Do not notify the user’s devices'),
      },
      ['path', 'content'],
    ),
    description:
      'Put a file (up to 150 MB) at a path. With mode add an existing file is kept and autorename picks a free name; overwrite replaces it. Returns the new file metadata (id, path_display, rev, size).',
    async run(ctx, a) {
      const file = await ctx.readFile(a.content as FileDescriptor);
      if (file.content.length > 150 * 1024 * 1024) throw new ToolArgumentError('content is larger than 150 MB');
      const arg = drop({ path: dbxPath(a.path), mode: a.mode ?? 'add', autorename: a.autorename, mute: a.mute });
      return dbx(ctx, {
        method: 'POST',
        url: `${CONTENT}/files/upload`,
        headers: { 'Dropbox-API-Arg': apiArg(arg) },
        rawBody: file.content,
        contentType: 'application/octet-stream',
      });
    },
  }),
  composite({
    slug: 'DROPBOX_READ_FILE',
    name: 'Download file',
    important: true,
    tags: ['dropbox'],
    input: params({ path: PATH, rev: s.string('A revision to read instead of the latest') }, ['path']),
    description:
      'Download a file: returns its metadata (name, size, rev, server_modified) and content, a staged file with an s3url to fetch the bytes. Folders need DROPBOX_DOWNLOAD_ZIP; Paper docs need DROPBOX_EXPORT_FILE.',
    async run(ctx, a) {
      const arg = a.rev ? { path: `rev:${a.rev}` } : { path: dbxPath(a.path) };
      return download(ctx, '/files/download', arg, String(a.path).split('/').pop() || 'file');
    },
  }),
  composite({
    slug: 'DROPBOX_DOWNLOAD_ZIP',
    name: 'Download folder as zip',
    tags: ['dropbox'],
    input: params({ path: s.string('Folder path') }, ['path']),
    description: 'A folder (under 20 GB, fewer than 10,000 entries) as one zip file, staged for download.',
    async run(ctx, a) {
      const name = `${String(a.path).split('/').filter(Boolean).pop() ?? 'dropbox'}.zip`;
      return download(ctx, '/files/download_zip', { path: dbxPath(a.path) }, name);
    },
  }),
];

export const dropbox = standaloneToolkit(
  {
    slug: 'dropbox',
    name: 'Dropbox',
    description:
      'Dropbox files: list, search, upload and download, create folders, move, copy and delete, revisions, shared links and file requests.',
    appUrl: 'https://www.dropbox.com',
    categories: [{ slug: 'document-file-management', name: 'Document & File Management' }],
    baseUrl: 'https://api.dropboxapi.com/2',
    getCurrentUserEndpoint: '/users/get_current_account',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://www.dropbox.com/oauth2/authorize',
        tokenUrl: 'https://api.dropboxapi.com/oauth2/token',
        scopes: [
          'account_info.read',
          'files.metadata.read',
          'files.metadata.write',
          'files.content.read',
          'files.content.write',
          'sharing.read',
          'sharing.write',
          'file_requests.read',
          'file_requests.write',
        ],
        authParams: { token_access_type: 'offline' },
      }),
      apiKeyScheme('Dropbox access token (App Console → your app → Generate access token)', {
        in: 'bearer',
        field: 'api_key',
      }),
    ],
  },
  dropboxTools,
);
