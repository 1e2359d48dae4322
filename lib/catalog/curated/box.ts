/**
 * Box in the hosted vocabulary on the content API (api.box.com/2.0): files and folders, search,
 * shared links, comments, collaborations, tasks, trash and the current user. Uploads go to Box's
 * upload host (upload.box.com/api/2.0) as multipart/form-data with the `attributes` part before
 * the `file` part, as Box requires; downloads follow Box's redirect to the file's download URL and
 * come back as a staged file. Box's parameters are snake_case already. Nested objects take the
 * hosted flattened spelling too (`parent__id` is folded into `parent.id` before validation).
 */
import { randomBytes } from 'node:crypto';
import { at, composite, http, mapping, params, s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { type CuratedContext, type CuratedTool, ToolArgumentError, ToolFailure } from './types';

type Args = Record<string, unknown>;

const same = (k: string) => k;
const t = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['box'] }, same, 'box');

/** Box's upload host; a connection's base_url override replaces its origin (tests, proxies). */
export const BOX_UPLOAD_URL = 'https://upload.box.com/api/2.0/files/content';

const FILE_ID = s.string(
  'File id (digits), from BOX_SEARCH_FOR_CONTENT, BOX_LIST_ITEMS_IN_FOLDER or the URL app.box.com/file/<id>',
);
const FOLDER_ID = s.string('Folder id (digits); "0" is the root "All Files" folder', { default: '0' });
const FIELDS = s.string(
  'Comma-separated attributes to return instead of the default set, e.g. name,size,modified_at,path_collection,shared_link',
);
const LIMIT = s.integer('Results per page (Box default 100, at most 1000)');
const OFFSET = s.integer('Index of the first result (offset paging)');
const MARKER = s.string('next_marker from the previous answer (marker paging)');
const PARENT = s.object({ id: s.string('Folder id; "0" is the root') }, 'Destination folder, as {id}');
const IF_MATCH = s.string("The item's etag: the change only happens if the item was not modified since");
const COLLAB_ID = s.string('Collaboration id, from BOX_LIST_FILE_COLLABORATIONS or BOX_LIST_FOLDER_COLLABORATIONS');
const ROLE = s.enum(
  ['editor', 'viewer', 'previewer', 'uploader', 'previewer uploader', 'viewer uploader', 'co-owner', 'owner'],
  'Access level',
);
const SHARED_LINK = s.object(
  {
    access: s.enum(['open', 'company', 'collaborators'], 'Who can use the link'),
    password: s.string('Password the link asks for (open links only)'),
    unshared_at: s.string('ISO 8601 time the link stops working (paid accounts)'),
    vanity_name: s.string('Custom part of the link URL (paid accounts)'),
    permissions: s.object(
      { can_download: s.boolean('Allow downloading'), can_edit: s.boolean('Allow editing (files only)') },
      'What link users may do',
    ),
  },
  'Shared link settings; {} uses the enterprise defaults',
);

/** `parent_id` (the hosted upload argument) is accepted wherever a `parent` object is. */
function acceptParentId(a: Args): Args {
  if (a.parent_id === undefined || a.parent !== undefined) return a;
  const { parent_id, ...rest } = a;
  return { ...rest, parent: { id: String(parent_id) } };
}

/** `parent` / `parent__id` given to the upload tool, whose hosted argument is parent_id */
function acceptParentObject(a: Args): Args {
  const parent = a.parent as { id?: unknown } | undefined;
  if (!parent || typeof parent !== 'object') return a;
  const { parent: _p, ...rest } = a;
  return rest.parent_id === undefined && parent.id !== undefined ? { ...rest, parent_id: String(parent.id) } : rest;
}

/** a list argument given as an array becomes Box's comma-separated form */
const joinLists = (keys: string[]) => (a: Args) => {
  const out = { ...a };
  for (const k of keys) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).join(',');
  return out;
};

/** Move `shared_link_access` into the shared_link object (the hosted folder tool documents it flat). */
function sharedLinkBody(a: Args): Args {
  const link = { ...((a.shared_link as Args | undefined) ?? {}) };
  if (a.shared_link_access !== undefined && link.access === undefined) link.access = a.shared_link_access;
  const { shared_link_access: _drop, ...rest } = a;
  return { ...rest, shared_link: link, fields: a.fields ?? 'shared_link' };
}

function boxFailure(what: string, res: { status: number; body: unknown }): never {
  const b = res.body;
  const detail =
    b && typeof b === 'object'
      ? ((b as Args).message ?? (b as Args).code)
      : typeof b === 'string'
        ? b.slice(0, 200)
        : '';
  const message = `Box answered ${res.status} to ${what}${detail ? `: ${String(detail)}` : ''}`;
  throw new ToolFailure(message, { status_code: res.status, http_error: res.body ?? null });
}

/** One multipart/form-data body: the JSON `attributes` part first, then the file bytes. */
export function boxUploadBody(attributes: Args, name: string, mimetype: string, content: Buffer) {
  const boundary = `junction-${randomBytes(12).toString('hex')}`;
  const safe = name.replace(/["\r\n]/g, '_');
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="attributes"\r\n\r\n${JSON.stringify(attributes)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safe}"\r\nContent-Type: ${mimetype || 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function downloadFile(ctx: CuratedContext, args: Args) {
  const id = encodeURIComponent(String(args.file_id));
  const info = await ctx.json<Args>({ method: 'GET', path: `/files/${id}`, query: { fields: 'name,size,etag' } });
  const first = await ctx.call({
    method: 'GET',
    path: `/files/${id}/content`,
    query: { version: args.version as string | undefined },
  });
  let res = first;
  // Box answers 302 with the download URL (dl.boxcloud.com); redirects are followed here, once
  if (first.status >= 300 && first.status < 400) {
    const location = first.headers.location;
    if (!location) boxFailure('the download', first);
    res = await ctx.call({ method: 'GET', url: location });
  }
  if (res.status === 202)
    throw new ToolFailure('Box is still preparing the file; try again in a few seconds', {
      status_code: 202,
      retry_after: res.headers['retry-after'] ?? null,
    });
  if (!res.ok) boxFailure('the download', res);
  const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
  const name = String(info.name ?? `box-file-${args.file_id}`);
  const mimetype = res.contentType.split(';')[0] || 'application/octet-stream';
  return { id: String(args.file_id), name, size: bytes.length, file: await ctx.stageFile(bytes, name, mimetype) };
}

export const boxTools: CuratedTool[] = [
  composite({
    slug: 'BOX_DOWNLOAD_FILE',
    name: 'Download file',
    important: true,
    tags: ['box'],
    input: params(
      { file_id: FILE_ID, version: s.string('File version id for an older version (BOX_LIST_ALL_FILE_VERSIONS)') },
      ['file_id'],
    ),
    description:
      "Download a file's content. Returns file: a staged file with name, mimetype and s3url (a link the user or another tool can fetch), plus id, name and size. Find the file_id first with BOX_SEARCH_FOR_CONTENT or BOX_LIST_ITEMS_IN_FOLDER.",
    run: downloadFile,
  }),
  composite({
    slug: 'BOX_UPLOAD_FILE',
    name: 'Upload file',
    important: true,
    tags: ['box'],
    input: params(
      {
        file: s.file('The file to upload: stage it first with POST /api/v3/files/upload/request'),
        parent_id: s.string('Folder id to upload into; "0" is the root', { default: '0' }),
        name: s.string("Name in Box (default: the staged file's name)"),
        content_modified_at: s.string('ISO 8601 time to record as the last content change'),
        fields: FIELDS,
      },
      ['file'],
    ),
    normalize: (a) => {
      // Box's own attributes object ({name, parent: {id}}), also as attributes__parent__id
      const { attributes, ...out } = a as Args & { attributes?: { name?: unknown; parent?: { id?: unknown } } };
      if (attributes && typeof attributes === 'object') {
        if (out.parent_id === undefined && attributes.parent?.id !== undefined)
          out.parent_id = String(attributes.parent.id);
        if (out.name === undefined && attributes.name !== undefined) out.name = attributes.name;
      }
      return acceptParentObject(out);
    },
    description:
      'Upload a new file (up to 50 MB) into a folder. Pass file (a staged file: name, mimetype, s3key) and parent_id ("0" for the root). A file of the same name in that folder makes Box answer 409; update that file instead or choose another name. Returns entries: the new file with its id, name, size and parent.',
    async run(ctx, args) {
      const staged = await ctx.readFile(args.file as { s3key: string; name?: string; mimetype?: string });
      const name = String(args.name ?? staged.name ?? '').trim();
      if (!name) throw new ToolArgumentError('give name (the staged file has none)');
      const attributes: Args = { name, parent: { id: String(args.parent_id ?? '0') } };
      if (args.content_modified_at) attributes.content_modified_at = args.content_modified_at;
      const { body, contentType } = boxUploadBody(attributes, name, staged.mimetype, staged.content);
      const res = await ctx.call({
        method: 'POST',
        url: BOX_UPLOAD_URL,
        query: { fields: args.fields as string | undefined },
        rawBody: body,
        contentType,
      });
      if (!res.ok) boxFailure('the upload', res);
      const out = (res.body && typeof res.body === 'object' ? res.body : {}) as Args;
      const entries = Array.isArray(out.entries) ? out.entries : [];
      return { ...out, file: entries[0] ?? null };
    },
  }),
  t({
    slug: 'BOX_COPY_FILE',
    name: 'Copy file',
    method: 'POST',
    path: '/files/{file_id}/copy',
    input: {
      file_id: FILE_ID,
      parent: PARENT,
      name: s.string('Name of the copy (default: the same name)'),
      version: s.string('Copy this older version instead of the current one'),
      fields: FIELDS,
    },
    required: ['file_id', 'parent'],
    query: ['fields'],
    normalize: acceptParentId,
    description:
      'Copy a file into a folder (parent.id, or parent__id). Copying into the same folder needs a new name. Returns the new file with its id.',
  }),
  t({
    slug: 'BOX_UPDATE_FILE',
    name: 'Rename, move or lock file',
    method: 'PUT',
    path: '/files/{file_id}',
    input: {
      file_id: FILE_ID,
      name: s.string('New name'),
      description: s.string('New description'),
      parent: s.object({ id: s.string('Folder id') }, 'Move the file into this folder'),
      tags: s.strings('Replace the tags'),
      lock: s.object(
        {
          access: s.enum(['lock'], 'lock'),
          expires_at: s.string('ISO 8601 time the lock ends'),
          is_download_prevented: s.boolean('Block downloads while locked'),
        },
        'Lock the file against edits by others',
      ),
      fields: FIELDS,
    },
    query: ['fields'],
    normalize: acceptParentId,
    description:
      'Change a file: rename it (name), move it (parent.id or parent__id), set description or tags, or lock it (lock.access lock). Returns the updated file.',
  }),
  mapping({
    slug: 'BOX_DELETE_FILE',
    name: 'Delete file',
    tags: ['box'],
    input: params({ file_id: FILE_ID, if_match: IF_MATCH }, ['file_id']),
    http: http('DELETE', '/files/{file_id}', { file_id: at.path('file_id'), if_match: at.header('if-match') }),
    shape: () => ({ deleted: true }),
    description:
      'Move a file to the trash (Box keeps it there for the trash period; BOX_RESTORE_FILE brings it back). Pass if_match with the etag to avoid deleting a file someone just changed. Ask the user first.',
  }),
  t({
    slug: 'BOX_GET_FOLDER',
    name: 'Get folder',
    important: true,
    method: 'GET',
    path: '/folders/{folder_id}',
    input: { folder_id: FOLDER_ID, fields: FIELDS },
    required: [],
    defaults: { folder_id: '0' },
    description:
      'Details of one folder: name, path_collection, item_collection (its first 100 items), size, owned_by, shared_link. For all of its items page with BOX_LIST_ITEMS_IN_FOLDER.',
  }),
  t({
    slug: 'BOX_LIST_ITEMS_IN_FOLDER',
    name: 'List folder contents',
    important: true,
    method: 'GET',
    path: '/folders/{folder_id}/items',
    input: {
      folder_id: FOLDER_ID,
      fields: FIELDS,
      limit: LIMIT,
      offset: OFFSET,
      usemarker: s.boolean('Use marker paging (better for big folders)'),
      marker: MARKER,
      sort: s.enum(['id', 'name', 'date', 'size'], 'Sort order (folders still come first)'),
      direction: s.enum(['ASC', 'DESC'], 'Sort direction'),
    },
    required: [],
    defaults: { folder_id: '0' },
    description:
      'The files, folders and web links inside a folder ("0" for the root): entries with type, id, name (and what fields asks for), total_count. Page with offset/limit, or usemarker true and next_marker. Next: BOX_GET_FILE_INFORMATION or BOX_DOWNLOAD_FILE on a file id.',
  }),
  t({
    slug: 'BOX_CREATE_FOLDER',
    name: 'Create folder',
    important: true,
    method: 'POST',
    path: '/folders',
    input: {
      name: s.string('Folder name (no / or \\, not . or ..)'),
      parent: PARENT,
      fields: FIELDS,
    },
    required: ['name', 'parent'],
    query: ['fields'],
    normalize: acceptParentId,
    description:
      'Create an empty folder inside a parent folder (parent.id or parent__id; "0" for the root). Returns the folder with its id. A folder of the same name there makes Box answer 409 with the existing one in context_info.',
  }),
  t({
    slug: 'BOX_UPDATE_FOLDER',
    name: 'Rename or move folder',
    method: 'PUT',
    path: '/folders/{folder_id}',
    input: {
      folder_id: s.string('Folder id (not the root "0")'),
      name: s.string('New name'),
      description: s.string('New description'),
      parent: s.object({ id: s.string('Folder id') }, 'Move the folder into this folder'),
      tags: s.strings('Replace the tags'),
      fields: FIELDS,
    },
    query: ['fields'],
    normalize: acceptParentId,
    description:
      'Rename a folder, move it (parent.id or parent__id), or set its description or tags. Returns the updated folder.',
  }),
  t({
    slug: 'BOX_COPY_FOLDER',
    name: 'Copy folder',
    method: 'POST',
    path: '/folders/{folder_id}/copy',
    input: {
      folder_id: s.string('Folder to copy (not the root "0")'),
      parent: PARENT,
      name: s.string('Name of the copy (default: the same name)'),
      fields: FIELDS,
    },
    required: ['folder_id', 'parent'],
    query: ['fields'],
    normalize: acceptParentId,
    description:
      'Copy a folder with everything in it into another folder (parent.id or parent__id). Returns the new folder.',
  }),
  mapping({
    slug: 'BOX_DELETE_FOLDER',
    name: 'Delete folder',
    tags: ['box'],
    input: params(
      {
        folder_id: s.string('Folder id (not the root "0")'),
        recursive: s.boolean('Also delete a folder that is not empty (required then)'),
        if_match: IF_MATCH,
      },
      ['folder_id'],
    ),
    http: http('DELETE', '/folders/{folder_id}', {
      folder_id: at.path('folder_id'),
      recursive: at.query('recursive'),
      if_match: at.header('if-match'),
    }),
    shape: () => ({ deleted: true }),
    description:
      'Move a folder to the trash; a non-empty folder needs recursive true. Everything inside goes with it. Ask the user first.',
  }),
  t({
    slug: 'BOX_SEARCH_FOR_CONTENT',
    name: 'Search',
    important: true,
    method: 'GET',
    path: '/search',
    input: {
      query: s.string('Words to find in names, descriptions, content, comments and tags; "exact phrase", AND, OR, NOT'),
      type: s.enum(['file', 'folder', 'web_link'], 'Only this kind of item'),
      ancestor_folder_ids: s.string('Only inside these folders (comma-separated ids)'),
      file_extensions: s.string('Only these extensions, comma-separated without dots, e.g. pdf,docx'),
      content_types: s.string('Where to match: name, description, file_content, comments, tags (comma-separated)'),
      created_at_range: s.string('from,to as ISO 8601 times; either may be empty'),
      updated_at_range: s.string('from,to as ISO 8601 times; either may be empty'),
      owner_user_ids: s.string('Only items owned by these user ids (comma-separated)'),
      scope: s.enum(['user_content', 'enterprise_content'], 'Your content (default) or the whole enterprise (admins)'),
      sort: s.enum(['modified_at', 'relevance'], 'Sort order'),
      direction: s.enum(['ASC', 'DESC'], 'Sort direction'),
      trash_content: s.enum(['non_trashed_only', 'trashed_only', 'all_items'], 'Include trashed items'),
      fields: FIELDS,
      limit: s.integer('Results per page (default 30, at most 200)'),
      offset: s.integer('Index of the first result (at most 10000)'),
    },
    required: ['query'],
    normalize: joinLists(['ancestor_folder_ids', 'file_extensions', 'content_types', 'owner_user_ids']),
    description:
      'Find files, folders and web links by words in their name, content, description, comments or tags, optionally within folders, by extension or by date. Returns entries (type, id, name, parent, path_collection) and total_count. Next: BOX_DOWNLOAD_FILE or BOX_GET_FILE_INFORMATION with an id.',
  }),
  t({
    slug: 'BOX_ADD_SHARED_LINK_TO_FILE',
    name: 'Share file by link',
    important: true,
    method: 'PUT',
    path: '/files/{file_id}',
    input: {
      file_id: FILE_ID,
      shared_link: SHARED_LINK,
      shared_link_access: s.enum(['open', 'company', 'collaborators'], 'Shortcut for shared_link.access'),
      fields: s.string('Attributes to return', { default: 'shared_link' }),
    },
    required: ['file_id'],
    query: ['fields'],
    prepare: sharedLinkBody,
    description:
      'Create (or change) the shared link of a file. access open lets anyone with the link see it, company only your organisation, collaborators only invited people. Returns shared_link with url, download_url, access and permissions; send the url to people.',
  }),
  t({
    slug: 'BOX_ADD_SHARED_LINK_TO_FOLDER',
    name: 'Share folder by link',
    method: 'PUT',
    path: '/folders/{folder_id}',
    input: {
      folder_id: s.string('Folder id (not the root "0")'),
      shared_link: SHARED_LINK,
      shared_link_access: s.enum(['open', 'company', 'collaborators'], 'Shortcut for shared_link.access'),
      fields: s.string('Attributes to return', { default: 'shared_link' }),
    },
    required: ['folder_id'],
    query: ['fields'],
    prepare: sharedLinkBody,
    description:
      'Create (or change) the shared link of a folder, with access open, company or collaborators. Returns shared_link with its url.',
  }),
  t({
    slug: 'BOX_DELETE_SHARED_LINK_FROM_FILE',
    name: 'Remove file shared link',
    method: 'PUT',
    path: '/files/{file_id}',
    input: { file_id: FILE_ID, fields: s.string('Attributes to return', { default: 'shared_link' }) },
    query: ['fields'],
    defaults: { fields: 'shared_link' },
    body: () => ({ shared_link: null }),
    description:
      'Turn off the shared link of a file; the old URL stops working. Returns the file with shared_link null.',
  }),
  t({
    slug: 'BOX_CREATE_COMMENT',
    name: 'Comment on file',
    method: 'POST',
    path: '/comments',
    input: {
      message: s.string('Comment text'),
      tagged_message: s.string('Text with @mentions written as @[user_id:name] (instead of message)'),
      item: s.object(
        { id: s.string('File id, or a comment id to reply to'), type: s.enum(['file', 'comment'], 'file or comment') },
        'What the comment is on, as {id, type}; type defaults to file',
      ),
      fields: FIELDS,
    },
    required: ['item'],
    query: ['fields'],
    normalize: (a) =>
      a.item === undefined && a.file_id !== undefined
        ? (({ file_id, ...r }) => ({ ...r, item: { id: String(file_id), type: 'file' } }))(a)
        : a,
    prepare: (a) => {
      if (!a.message && !a.tagged_message) throw new ToolArgumentError('give message or tagged_message');
      const item = { ...(a.item as Args) };
      item.type ??= 'file';
      return { ...a, item };
    },
    description:
      'Add a comment to a file (item.id the file id, or item__id), or reply to a comment (item.type comment). Use tagged_message with @[user_id:name] to notify someone. Returns the comment with its id.',
  }),
  t({
    slug: 'BOX_DELETE_COMMENT',
    name: 'Delete comment',
    method: 'DELETE',
    path: '/comments/{comment_id}',
    input: { comment_id: s.string('Comment id, from BOX_LIST_FILE_COMMENTS') },
    shape: () => ({ deleted: true }),
    description: 'Delete a comment (your own, or any as the file owner).',
  }),
  t({
    slug: 'BOX_CREATE_COLLABORATION',
    name: 'Invite collaborator',
    important: true,
    method: 'POST',
    path: '/collaborations',
    input: {
      item: s.object(
        { id: s.string('File or folder id'), type: s.enum(['file', 'folder'], 'file or folder') },
        'What to share, as {id, type}',
      ),
      accessible_by: s.object(
        {
          type: s.enum(['user', 'group'], 'user or group'),
          id: s.string('User or group id'),
          login: s.string('Email address of the person to invite (instead of id)'),
        },
        'Who gets access, as {type, login} or {type, id}',
      ),
      role: ROLE,
      can_view_path: s.boolean('Let the invitee see the path to the folder'),
      expires_at: s.string('ISO 8601 time the access ends (if the enterprise allows it)'),
      notify: s.boolean('Email the invitee (default true)'),
      fields: FIELDS,
    },
    required: ['item', 'accessible_by', 'role'],
    query: ['notify', 'fields'],
    prepare: (a) => {
      const by = { ...(a.accessible_by as Args) };
      by.type ??= 'user';
      return { ...a, accessible_by: by };
    },
    description:
      'Give a person (by email login or user id) or a group access to a file or folder with a role (editor, viewer, …). Returns the collaboration with its id and status (accepted, or pending until an outside invitee accepts).',
  }),
  t({
    slug: 'BOX_DELETE_COLLABORATION',
    name: 'Remove collaborator',
    method: 'DELETE',
    path: '/collaborations/{collaboration_id}',
    input: { collaboration_id: COLLAB_ID },
    shape: () => ({ deleted: true }),
    description: "Revoke a collaborator's access to the file or folder. Ask the user first.",
  }),
  t({
    slug: 'BOX_RESTORE_FILE',
    name: 'Restore file from trash',
    method: 'POST',
    path: '/files/{file_id}',
    input: {
      file_id: FILE_ID,
      name: s.string('New name, if the old one is taken'),
      parent: s.object({ id: s.string('Folder id') }, 'Folder to restore into, if the original is gone'),
      fields: FIELDS,
    },
    query: ['fields'],
    normalize: acceptParentId,
    description: 'Bring a trashed file back to its folder (or into parent if that folder is gone). Returns the file.',
  }),
  t({
    slug: 'BOX_CREATE_TASK',
    name: 'Create task on file',
    method: 'POST',
    path: '/tasks',
    input: {
      item: s.object(
        { id: s.string('File id'), type: s.enum(['file'], 'file') },
        'The file the task is about, as {id, type}',
      ),
      action: s.enum(['review', 'complete'], 'review (approve / reject) or complete (done)', { default: 'review' }),
      message: s.string('What to do'),
      due_at: s.string('ISO 8601 due time'),
      completion_rule: s.enum(['all_assignees', 'any_assignee'], 'Who has to finish it'),
    },
    required: ['item'],
    defaults: { action: 'review' },
    prepare: (a) => ({ ...a, item: { type: 'file', ...(a.item as Args) } }),
    description:
      'Create a review or to-do task on a file. Returns the task with its id; Box then needs it assigned to people (BOX_ASSIGN_TASK).',
  }),
];

/**
 * Hosted Box names of operations Junction's generated Box toolkit has under the older names of
 * Box's OpenAPI document (same endpoint, same Box parameter names): hosted name → generated slug.
 */
export const boxAliases: Record<string, string> = {
  BOX_ADD_ALLOWED_COLLABORATION_DOMAIN: 'BOX_ADD_DOMAIN_TO_LIST_OF_ALLOWED_COLLABORATION_DOMAINS',
  BOX_DELETE_ALLOWED_COLLABORATION_DOMAIN: 'BOX_REMOVE_DOMAIN_FROM_LIST_OF_ALLOWED_COLLABORATION_DOMAINS',
  BOX_CREATE_COLLAB_EXEMPTION: 'BOX_CREATE_USER_EXEMPTION_FROM_COLLABORATION_DOMAIN_RESTRICTIONS',
  BOX_DELETE_USER_DOMAIN_EXEMPTION: 'BOX_DELETE_COLLABORATION_WHITELIST_EXEMPT_TARGETS_ID',
  BOX_DELETE_DEVICE_PIN: 'BOX_REMOVE_DEVICE_PIN',
  BOX_LIST_EVENTS: 'BOX_LIST_USER_AND_ENTERPRISE_EVENTS',
  BOX_DELETE_UPLOAD_SESSION: 'BOX_REMOVE_UPLOAD_SESSION',
  BOX_LIST_UPLOAD_SESSION_PARTS: 'BOX_LIST_PARTS',
  BOX_DELETE_BOX_SKILL_CARDS_FROM_FILE: 'BOX_REMOVE_BOX_SKILL_CARDS_FROM_FILE',
  BOX_DELETE_METADATA_INSTANCE_FROM_FILE: 'BOX_REMOVE_METADATA_INSTANCE_FROM_FILE',
  BOX_DELETE_FILE_PERMANENTLY: 'BOX_PERMANENTLY_REMOVE_FILE',
  BOX_DELETE_FILE_VERSION: 'BOX_REMOVE_FILE_VERSION',
  BOX_DELETE_WATERMARK_FROM_FILE: 'BOX_REMOVE_WATERMARK_FROM_FILE',
  BOX_DELETE_SHARED_LINK_FROM_FOLDER: 'BOX_REMOVE_SHARED_LINK_FROM_FOLDER',
  BOX_DELETE_METADATA_INSTANCE_FROM_FOLDER: 'BOX_REMOVE_METADATA_INSTANCE_FROM_FOLDER',
  BOX_DELETE_FOLDER_PERMANENTLY: 'BOX_PERMANENTLY_REMOVE_FOLDER',
  BOX_GET_WATERMARK_ON_FOLDER: 'BOX_GET_WATERMARK_FOR_FOLDER',
  BOX_DELETE_WATERMARK_FROM_FOLDER: 'BOX_REMOVE_WATERMARK_FROM_FOLDER',
  BOX_DELETE_USER_FROM_GROUP: 'BOX_REMOVE_USER_FROM_GROUP',
  BOX_LIST_ENTERPRISE_GROUPS: 'BOX_LIST_GROUPS_FOR_ENTERPRISE',
  BOX_TERMINATE_USER_GROUP_SESSIONS: 'BOX_CREATE_JOBS_TO_TERMINATE_USER_GROUP_SESSION',
  BOX_DELETE_GROUP: 'BOX_REMOVE_GROUP',
  BOX_LIST_GROUP_MEMBERS: 'BOX_LIST_MEMBERS_OF_GROUP',
  BOX_LIST_LEGAL_HOLD_POLICIES: 'BOX_LIST_ALL_LEGAL_HOLD_POLICIES',
  BOX_DELETE_LEGAL_HOLD_POLICY: 'BOX_REMOVE_LEGAL_HOLD_POLICY',
  BOX_LIST_HOLD_FILE_VERSIONS: 'BOX_LIST_PREVIOUS_FILE_VERSIONS_FOR_LEGAL_HOLD_POLICY_ASSIGNMENT',
  BOX_LIST_FILES_ON_LEGAL_HOLD_POLICY_ASSIGNMENT: 'BOX_LIST_CURRENT_FILE_VERSIONS_FOR_LEGAL_HOLD_POLICY_ASSIGNMENT',
  BOX_DELETE_METADATA_CASCADE_POLICY: 'BOX_REMOVE_METADATA_CASCADE_POLICY',
  BOX_LIST_ENTERPRISE_METADATA_TEMPLATES: 'BOX_LIST_ALL_METADATA_TEMPLATES_FOR_ENTERPRISE',
  BOX_DELETE_METADATA_TEMPLATE: 'BOX_REMOVE_METADATA_TEMPLATE',
  BOX_DELETE_RETENTION_POLICY_ASSIGNMENT: 'BOX_REMOVE_RETENTION_POLICY_ASSIGNMENT',
  BOX_GET_SHARED_WEB_LINK: 'BOX_FIND_WEB_LINK_FOR_SHARED_LINK',
  BOX_DELETE_BARRIER_RESTRICTION: 'BOX_DELETE_SHIELD_INFORMATION_BARRIER_SEGMENT_RESTRICTION_BY_ID',
  BOX_GET_SHIELD_INFORMATION_BARRIER_SEGMENT_BY_ID: 'BOX_GET_SHIELD_INFORMATION_BARRIER_SEGMENT_WITH_SPECIFIED_ID',
  BOX_UPDATE_BARRIER_SEGMENT: 'BOX_UPDATE_SHIELD_INFORMATION_BARRIER_SEGMENT_WITH_SPECIFIED_ID',
  BOX_UPDATE_SHIELD_INFORMATION_BARRIER_STATUS: 'BOX_POST_SHIELD_INFORMATION_BARRIERS_CHANGE_STATUS',
  BOX_GET_SHIELD_INFORMATION_BARRIER_BY_ID: 'BOX_GET_SHIELD_INFORMATION_BARRIER_WITH_SPECIFIED_ID',
  BOX_LIST_BOX_SIGN_REQUESTS: 'BOX_LIST_SIGN_REQUESTS',
  BOX_CREATE_BOX_SIGN_REQUEST: 'BOX_CREATE_SIGN_REQUEST',
  BOX_GET_BOX_SIGN_REQUEST: 'BOX_GET_SIGN_REQUEST_BY_ID',
  BOX_CANCEL_BOX_SIGN_REQUEST: 'BOX_CANCEL_SIGN_REQUEST',
  BOX_RESEND_BOX_SIGN_REQUEST: 'BOX_RESEND_SIGN_REQUEST',
  BOX_DELETE_STORAGE_POLICY_ASSIGNMENT: 'BOX_UNASSIGN_STORAGE_POLICY',
  BOX_DELETE_TASK_ASSIGNMENT: 'BOX_UNASSIGN_TASK',
  BOX_DELETE_TASK: 'BOX_REMOVE_TASK',
  BOX_TERMINATE_USER_SESSIONS: 'BOX_CREATE_JOBS_TO_TERMINATE_USERS_SESSION',
  BOX_LIST_USER_EMAIL_ALIASES: 'BOX_LIST_USERS_EMAIL_ALIASES',
  BOX_DELETE_EMAIL_ALIAS: 'BOX_REMOVE_EMAIL_ALIAS',
  BOX_LIST_USER_GROUPS: 'BOX_LIST_USERS_GROUPS',
  BOX_DELETE_WEB_LINK: 'BOX_REMOVE_WEB_LINK',
  BOX_DELETE_SHARED_LINK_FROM_WEB_LINK: 'BOX_REMOVE_SHARED_LINK_FROM_WEB_LINK',
  BOX_DELETE_WEB_LINK_PERMANENTLY: 'BOX_PERMANENTLY_REMOVE_WEB_LINK',
  BOX_LIST_WEBHOOKS: 'BOX_LIST_ALL_WEBHOOKS',
  BOX_DELETE_WEBHOOK: 'BOX_REMOVE_WEBHOOK',
  BOX_START_WORKFLOW: 'BOX_STARTS_WORKFLOW_BASED_ON_REQUEST_BODY',
};
