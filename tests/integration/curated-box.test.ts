import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { stageFile } from '../helpers/stage-file';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

// Box tools (lib/catalog/curated/box.ts) through the real execute pipeline with an OAuth2 token,
// against a loopback Box serving the API (/2.0), the upload host (/api/2.0/files/content) and the
// download host (dl.boxcloud.com), all on one origin (a connection's base_url replaces the origin).
const TOKEN = 'box-access-token';
const PDF = Buffer.from('%PDF-1.7\nquarterly numbers\n');
let s: TestServer;
let box: FakeUpstream;
let account: string;
let uploaded: { attributes: unknown; name: string; type: string; bytes: Buffer; attributesFirst: boolean } | undefined;

const stage = (content: Buffer, filename: string, mimetype: string) =>
  stageFile(s, content, filename, mimetype, { tool_slug: 'BOX_UPLOAD_FILE', toolkit_slug: 'box' });

beforeAll(async () => {
  [s, box] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeUpstream()]);
  const authed =
    (h: (req: RecordedRequest, p: Record<string, string>) => unknown) =>
    async (req: RecordedRequest, p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${TOKEN}`
        ? ((await h(req, p)) as { status?: number })
        : { status: 401, json: { type: 'error', status: 401, code: 'unauthorized' } };
  box.on(
    'POST',
    '/api/2.0/files/content',
    authed(async (req) => {
      const ct = String(req.headers['content-type']);
      if (!ct.startsWith('multipart/form-data')) return { status: 400, json: { code: 'bad_request' } };
      const raw = req.body.toString('latin1');
      const fd = await new Response(new Uint8Array(req.body), { headers: { 'content-type': ct } }).formData();
      const file = fd.get('file') as File;
      const attributes = JSON.parse(String(fd.get('attributes')));
      uploaded = {
        attributes,
        name: file.name,
        type: file.type,
        bytes: Buffer.from(await file.arrayBuffer()),
        attributesFirst: raw.indexOf('name="attributes"') < raw.indexOf('name="file"'),
      };
      if (!uploaded.attributesFirst) return { status: 400, json: { code: 'metadata_after_file_contents' } };
      return {
        status: 201,
        json: {
          total_count: 1,
          entries: [{ type: 'file', id: '777', name: attributes.name, parent: attributes.parent }],
        },
      };
    }),
  );
  box.on(
    'GET',
    '/2.0/files/:id',
    authed((_req, p) => ({ json: { type: 'file', id: p.id, name: 'q3.pdf', etag: '1' } })),
  );
  box.on(
    'GET',
    '/2.0/files/:id/content',
    authed(() => ({ status: 302, headers: { location: 'https://dl.boxcloud.com/d/1/abc/download' }, text: '' })),
  );
  box.on('GET', '/d/1/abc/download', () => ({ body: PDF, headers: { 'content-type': 'application/pdf' } }));
  box.on(
    'POST',
    '/2.0/folders',
    authed((req) => ({ status: 201, json: { type: 'folder', id: '55', ...(req.json as object) } })),
  );
  box.on(
    'GET',
    '/2.0/search',
    authed(() => ({ json: { total_count: 1, entries: [{ type: 'file', id: '777', name: 'q3.pdf' }] } })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'box',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: `${box.url}/2.0` },
      credentials: { client_id: 'box-client', client_secret: 'box-secret' },
      userId: 'box-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), box?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Box curated tools', () => {
  it('BOX_UPLOAD_FILE sends multipart attributes then file to the upload host', async () => {
    box.reset();
    const r = await exec('BOX_UPLOAD_FILE', { file: await stage(PDF, 'q3.pdf', 'application/pdf'), parent_id: '34' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { total_count: 1, file: { id: '777', name: 'q3.pdf', parent: { id: '34' } } },
    });
    const sent = box.last()!;
    expect(`${sent.method} ${sent.path}`).toBe('POST /api/2.0/files/content');
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(uploaded).toMatchObject({
      attributes: { name: 'q3.pdf', parent: { id: '34' } },
      name: 'q3.pdf',
      type: 'application/pdf',
      attributesFirst: true,
    });
    expect(uploaded!.bytes.equals(PDF)).toBe(true);
  });

  it('BOX_DOWNLOAD_FILE follows the redirect to the download host and stages the file', async () => {
    box.reset();
    const r = await exec('BOX_DOWNLOAD_FILE', { file_id: '777' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '777', name: 'q3.pdf', size: PDF.length, file: { name: 'q3.pdf', mimetype: 'application/pdf' } },
    });
    expect(box.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /2.0/files/777',
      'GET /2.0/files/777/content',
      'GET /d/1/abc/download',
    ]);
    const got = Buffer.from(await (await fetch(r.body.data.file.s3url)).arrayBuffer());
    expect(got.equals(PDF)).toBe(true);
  });

  it('BOX_CREATE_FOLDER folds parent__id into the JSON body', async () => {
    box.reset();
    const r = await exec('BOX_CREATE_FOLDER', { name: 'Reports', parent__id: '0' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: '55', name: 'Reports' } });
    expect(box.last()!.json).toEqual({ name: 'Reports', parent: { id: '0' } });
  });

  it("BOX_SEARCH_FOR_CONTENT sends Box's query parameters, lists joined by commas", async () => {
    box.reset();
    const r = await exec('BOX_SEARCH_FOR_CONTENT', {
      query: 'quarterly',
      type: 'file',
      file_extensions: ['pdf', 'docx'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { entries: [{ id: '777' }] } });
    expect(Object.fromEntries(box.last()!.query)).toEqual({
      query: 'quarterly',
      type: 'file',
      file_extensions: 'pdf,docx',
    });
  });
});
