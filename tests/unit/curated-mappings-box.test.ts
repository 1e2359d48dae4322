import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { CURATED } from '../../lib/catalog/curated';
import { boxAliases, boxUploadBody } from '../../lib/catalog/curated/box';
import { unflattenArgs } from '../../lib/services/tools/curated';
import type { CuratedContext, ProviderRequest } from '../../lib/catalog/curated/types';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Box mappings build the content API request Box documents (developer.box.com/reference), with
// hosted arguments as the execute pipeline folds them (parent__id → parent.id, then normalize).
const build = (slug: string, args: Record<string, unknown>) => {
  const tool = getTool(slug)!;
  let a = unflattenArgs(tool, args);
  if (tool.curated?.normalize) a = tool.curated.normalize(a);
  return buildMapping(slug, a, { base: 'https://api.box.com/2.0', prefix: '/2.0' });
};

const TABLE: [string, Record<string, unknown>, Want & { headers?: Record<string, string> }][] = [
  [
    'BOX_GET_FILE_INFORMATION',
    { file_id: '12', fields: 'name,size' },
    { method: 'GET', path: '/files/12', query: { fields: 'name,size' } },
  ],
  [
    'BOX_COPY_FILE',
    { file_id: '12', parent__id: '34', name: 'copy.pdf' },
    { method: 'POST', path: '/files/12/copy', body: { parent: { id: '34' }, name: 'copy.pdf' } },
  ],
  [
    'BOX_UPDATE_FILE',
    { file_id: '12', name: 'b.pdf', parent_id: '34', lock__access: 'lock' },
    { method: 'PUT', path: '/files/12', body: { name: 'b.pdf', parent: { id: '34' }, lock: { access: 'lock' } } },
  ],
  ['BOX_DELETE_FILE', { file_id: '12', if_match: '3' }, { method: 'DELETE', path: '/files/12' }],
  ['BOX_GET_FOLDER', {}, { method: 'GET', path: '/folders/0' }],
  [
    'BOX_LIST_ITEMS_IN_FOLDER',
    { folder_id: '34', usemarker: true, limit: 200, fields: 'name' },
    { method: 'GET', path: '/folders/34/items', query: { usemarker: 'true', limit: '200', fields: 'name' } },
  ],
  [
    'BOX_CREATE_FOLDER',
    { name: 'Reports', parent__id: '0' },
    { method: 'POST', path: '/folders', body: { name: 'Reports', parent: { id: '0' } } },
  ],
  ['BOX_UPDATE_FOLDER', { folder_id: '34', name: 'Q3' }, { method: 'PUT', path: '/folders/34', body: { name: 'Q3' } }],
  [
    'BOX_COPY_FOLDER',
    { folder_id: '34', parent: { id: '56' } },
    { method: 'POST', path: '/folders/34/copy', body: { parent: { id: '56' } } },
  ],
  [
    'BOX_DELETE_FOLDER',
    { folder_id: '34', recursive: true },
    { method: 'DELETE', path: '/folders/34', query: { recursive: 'true' } },
  ],
  [
    'BOX_SEARCH_FOR_CONTENT',
    { query: 'budget', type: 'file', file_extensions: ['pdf', 'xlsx'], ancestor_folder_ids: '34', limit: 10 },
    {
      method: 'GET',
      path: '/search',
      query: { query: 'budget', type: 'file', file_extensions: 'pdf,xlsx', ancestor_folder_ids: '34', limit: '10' },
    },
  ],
  [
    'BOX_ADD_SHARED_LINK_TO_FILE',
    { file_id: '12', shared_link: { access: 'open', permissions: { can_download: true } } },
    {
      method: 'PUT',
      path: '/files/12',
      query: { fields: 'shared_link' },
      body: { shared_link: { access: 'open', permissions: { can_download: true } } },
    },
  ],
  [
    'BOX_ADD_SHARED_LINK_TO_FOLDER',
    { folder_id: '34', shared_link_access: 'company' },
    {
      method: 'PUT',
      path: '/folders/34',
      query: { fields: 'shared_link' },
      body: { shared_link: { access: 'company' } },
    },
  ],
  [
    'BOX_GET_SHARED_LINK_FOR_FILE',
    { file_id: '12' },
    { method: 'GET', path: '/files/12', query: { fields: 'shared_link' } },
  ],
  [
    'BOX_CREATE_COMMENT',
    { item__id: '12', message: 'Looks good' },
    { method: 'POST', path: '/comments', body: { message: 'Looks good', item: { id: '12', type: 'file' } } },
  ],
  ['BOX_LIST_FILE_COMMENTS', { file_id: '12' }, { method: 'GET', path: '/files/12/comments' }],
  ['BOX_DELETE_COMMENT', { comment_id: '9' }, { method: 'DELETE', path: '/comments/9' }],
  [
    'BOX_CREATE_COLLABORATION',
    { item: { id: '34', type: 'folder' }, accessible_by__login: 'ana@example.com', role: 'editor', notify: false },
    {
      method: 'POST',
      path: '/collaborations',
      query: { notify: 'false' },
      body: {
        item: { id: '34', type: 'folder' },
        accessible_by: { login: 'ana@example.com', type: 'user' },
        role: 'editor',
      },
    },
  ],
  ['BOX_LIST_FILE_COLLABORATIONS', { file_id: '12' }, { method: 'GET', path: '/files/12/collaborations' }],
  ['BOX_LIST_FOLDER_COLLABORATIONS', { folder_id: '34' }, { method: 'GET', path: '/folders/34/collaborations' }],
  ['BOX_GET_COLLABORATION', { collaboration_id: '7' }, { method: 'GET', path: '/collaborations/7' }],
  [
    'BOX_UPDATE_COLLABORATION',
    { collaboration_id: '7', role: 'viewer' },
    { method: 'PUT', path: '/collaborations/7', body: { role: 'viewer' } },
  ],
  ['BOX_DELETE_COLLABORATION', { collaboration_id: '7' }, { method: 'DELETE', path: '/collaborations/7' }],
  ['BOX_GET_CURRENT_USER', {}, { method: 'GET', path: '/users/me' }],
  ['BOX_LIST_RECENTLY_ACCESSED_ITEMS', { limit: 5 }, { method: 'GET', path: '/recent_items', query: { limit: '5' } }],
  ['BOX_LIST_ALL_FILE_VERSIONS', { file_id: '12' }, { method: 'GET', path: '/files/12/versions' }],
  ['BOX_LIST_TRASHED_ITEMS', {}, { method: 'GET', path: '/folders/trash/items' }],
  [
    'BOX_RESTORE_FILE',
    { file_id: '12', parent__id: '34' },
    { method: 'POST', path: '/files/12', body: { parent: { id: '34' } } },
  ],
  [
    'BOX_CREATE_TASK',
    { item__id: '12', message: 'Please review' },
    {
      method: 'POST',
      path: '/tasks',
      body: { item: { type: 'file', id: '12' }, action: 'review', message: 'Please review' },
    },
  ],
  ['BOX_LIST_TASKS_ON_FILE', { file_id: '12' }, { method: 'GET', path: '/files/12/tasks' }],
];

describe('Box curated mappings', () => {
  it('declares at least 15 tools', () => {
    expect(CURATED.box!.length).toBeGreaterThanOrEqual(15);
  });

  it.each(Object.entries(boxAliases))('the hosted name %s runs the generated %s', (alias, target) => {
    const t = getTool(alias);
    expect(t?.aliasOf).toBe(target);
    expect(getTool(target)?.curated).toBeUndefined();
    expect(t?.http.path).toBe(getTool(target)!.http.path);
  });

  it.each(TABLE)('%s builds the documented Box request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    expect(got.query).toEqual(want.query ?? {});
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
    else expect(got.body).toBeUndefined();
  });
});

function recorder(
  answers: (r: ProviderRequest) => {
    status: number;
    body?: unknown;
    headers?: Record<string, string>;
    binary?: Buffer;
  },
) {
  const sent: ProviderRequest[] = [];
  const staged: { name: string; mimetype: string; content: Buffer }[] = [];
  const ctx = {
    async call(r: ProviderRequest) {
      sent.push(r);
      const a = answers(r);
      return { ok: a.status < 300, contentType: 'application/pdf', headers: a.headers ?? {}, ...a };
    },
    async json(r: ProviderRequest) {
      return (await ctx.call(r)).body;
    },
    async readFile() {
      return { name: 'q3.pdf', mimetype: 'application/pdf', content: Buffer.from('%PDF-1.7') };
    },
    async stageFile(content: Buffer, name: string, mimetype: string) {
      staged.push({ name, mimetype, content });
      return { name, mimetype, s3url: 'https://s3/x', size: content.length };
    },
  };
  return { ctx: ctx as unknown as CuratedContext, sent, staged };
}

const composite = (slug: string) => {
  const t = CURATED.box!.find((x) => x.slug === slug)!;
  if (t.kind !== 'composite') throw new Error('composite expected');
  return t;
};

describe('Box composites', () => {
  it('BOX_DOWNLOAD_FILE reads the name, follows the redirect and stages the bytes', async () => {
    const { ctx, sent, staged } = recorder((r) =>
      r.path === '/files/12'
        ? { status: 200, body: { name: 'q3.pdf' } }
        : r.path === '/files/12/content'
          ? { status: 302, headers: { location: 'https://dl.boxcloud.com/d/1/abc/download' } }
          : { status: 200, binary: Buffer.from('%PDF') },
    );
    const out = await composite('BOX_DOWNLOAD_FILE').run(ctx, { file_id: '12', version: '5' });
    expect(sent.map((r) => [r.method, r.path ?? r.url, r.query])).toEqual([
      ['GET', '/files/12', { fields: 'name,size,etag' }],
      ['GET', '/files/12/content', { version: '5' }],
      ['GET', 'https://dl.boxcloud.com/d/1/abc/download', undefined],
    ]);
    expect(staged[0]).toMatchObject({ name: 'q3.pdf', mimetype: 'application/pdf' });
    expect(out).toMatchObject({ id: '12', name: 'q3.pdf', size: 4, file: { s3url: 'https://s3/x' } });
  });

  it("BOX_DOWNLOAD_FILE ends with Box's message when the content cannot be read", async () => {
    const { ctx } = recorder((r) =>
      r.path === '/files/12'
        ? { status: 200, body: { name: 'q3.pdf' } }
        : {
            status: 403,
            body: { type: 'error', code: 'access_denied_insufficient_permissions', message: 'Access denied' },
          },
    );
    await expect(composite('BOX_DOWNLOAD_FILE').run(ctx, { file_id: '12' })).rejects.toThrow(
      'Box answered 403 to the download: Access denied',
    );
  });

  it('BOX_UPLOAD_FILE posts attributes then the file to upload.box.com', async () => {
    const { ctx, sent } = recorder(() => ({
      status: 201,
      body: { total_count: 1, entries: [{ id: '99', name: 'q3.pdf' }] },
    }));
    const t = composite('BOX_UPLOAD_FILE');
    const args = t.normalize!(
      unflattenArgs(getTool('BOX_UPLOAD_FILE')!, { file: { s3key: 'k' }, attributes__parent__id: '34' }),
    );
    const out = await t.run(ctx, args);
    expect(out).toMatchObject({ file: { id: '99' } });
    const r = sent[0]!;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('https://upload.box.com/api/2.0/files/content');
    expect(r.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const text = Buffer.from(r.rawBody as Buffer).toString();
    const attrs = text.indexOf('name="attributes"');
    const file = text.indexOf('name="file"; filename="q3.pdf"');
    expect(attrs).toBeGreaterThan(-1);
    expect(file).toBeGreaterThan(attrs);
    expect(text).toContain('{"name":"q3.pdf","parent":{"id":"34"}}');
    expect(text).toContain('%PDF-1.7');
  });

  it('BOX_DELETE_SHARED_LINK_FROM_FILE sets shared_link to null', async () => {
    const { ctx, sent } = recorder(() => ({ status: 200, body: { id: '12', shared_link: null } }));
    await composite('BOX_DELETE_SHARED_LINK_FROM_FILE').run(ctx, { file_id: '12' });
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/files/12',
      query: { fields: 'shared_link' },
      body: { shared_link: null },
    });
  });

  it('the multipart body escapes quotes in the file name', () => {
    const { body } = boxUploadBody({ name: 'a"b' }, 'a"b\r\n.txt', 'text/plain', Buffer.from('x'));
    expect(body.toString()).toContain('filename="a_b__.txt"');
  });
});
