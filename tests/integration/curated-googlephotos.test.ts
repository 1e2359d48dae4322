import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import { type FakeUpstream, startFakeUpstream } from '../helpers/fake-upstream';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Google Photos composites (lib/catalog/curated/googlephotos.ts) through the execute pipeline against a
// loopback Photos Library API: the raw-bytes upload to /v1/uploads, batchCreate with the upload
// tokens, and a download that follows the item's baseUrl. GOOGLESUPER_UPLOAD_MEDIA runs the same
// composite under a googlesuper connection.
const TOKEN = 'ya29.photos-token';
let s: TestServer;
let fake: FakeUpstream;
const accounts: Record<string, string> = {};
let uploads = 0;

async function stage(content: Buffer, filename: string, mimetype: string) {
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5: createHash('md5').update(content).digest('hex'),
    mimetype,
    tool_slug: 'GOOGLEPHOTOS_UPLOAD_MEDIA',
    toolkit_slug: 'googlephotos',
  });
  expect(req.status, JSON.stringify(req.body)).toBe(201);
  const put = await fetch(req.body.new_presigned_url, {
    method: 'PUT',
    body: new Uint8Array(content),
    headers: { 'content-type': mimetype },
  });
  expect(put.status).toBeLessThan(300);
  return { name: filename, mimetype, s3key: req.body.key as string };
}

beforeAll(async () => {
  [s, fake] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeUpstream()]);
  fake.on('POST', '/v1/uploads', (req) => {
    if (req.headers['x-goog-upload-protocol'] !== 'raw')
      return { status: 400, json: { error: { message: 'raw only' } } };
    uploads += 1;
    return { text: `upload-token-${uploads}-${req.body.length}` };
  });
  // the fake's route syntax reads ":batchCreate" as a parameter; the path still has to match exactly
  fake.on('POST', '/v1/mediaItems:batchCreate', (req) => ({
    json: {
      newMediaItemResults: (
        req.json as { newMediaItems: { simpleMediaItem: { uploadToken: string } }[] }
      ).newMediaItems.map((m, i) => ({
        uploadToken: m.simpleMediaItem.uploadToken,
        status: { message: 'Success' },
        mediaItem: { id: `M${i}` },
      })),
    },
  }));
  fake.on('GET', '/v1/mediaItems/:id', (_req, p) => ({
    json: { id: p.id, filename: 'beach.jpg', mimeType: 'image/jpeg', baseUrl: `${fake.url}/lh3/${p.id}` },
  }));
  fake.on('GET', '/lh3/:file', (_req, p) =>
    p.file === 'M7=d'
      ? { body: Buffer.from('JPEGBYTES'), headers: { 'content-type': 'image/jpeg' } }
      : { status: 404, json: { error: { message: 'no such size' } } },
  );
  for (const toolkit of ['googlephotos', 'googlesuper'])
    accounts[toolkit] = (
      await connectToFake(s, {
        toolkit,
        authScheme: 'OAUTH2',
        val: { access_token: TOKEN, base_url: fake.url },
        userId: `${toolkit}-user`,
        credentials: { client_id: 'cid', client_secret: 'csecret' },
      })
    ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), fake?.close()]);
});

const exec = (toolkit: string, slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: accounts[toolkit], arguments: args });

describe('Google Photos composites', () => {
  it('GOOGLEPHOTOS_UPLOAD_MEDIA sends the raw bytes, then creates the item in the album with the token', async () => {
    fake.reset();
    const bytes = Buffer.from('\xff\xd8 fake jpeg');
    const r = await exec('googlephotos', 'GOOGLEPHOTOS_UPLOAD_MEDIA', {
      file: await stage(bytes, 'beach.jpg', 'image/jpeg'),
      description: 'Beach day',
      albumId: 'AL1',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { newMediaItemResults: [{ status: { message: 'Success' }, mediaItem: { id: 'M0' } }] },
    });
    const [up, create] = fake.requests;
    expect(up!.path).toBe('/v1/uploads');
    expect(up!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(up!.headers['x-goog-upload-content-type']).toBe('image/jpeg');
    expect(up!.body.equals(bytes)).toBe(true);
    expect(create!.path).toBe('/v1/mediaItems:batchCreate');
    expect(create!.json).toEqual({
      albumId: 'AL1',
      newMediaItems: [
        {
          description: 'Beach day',
          simpleMediaItem: { uploadToken: `upload-token-${uploads}-${bytes.length}`, fileName: 'beach.jpg' },
        },
      ],
    });
  });

  it('GOOGLEPHOTOS_BATCH_CREATE_MEDIA_ITEMS uploads each file and creates them in one batch', async () => {
    fake.reset();
    const files = [
      await stage(Buffer.from('one'), 'a.png', 'image/png'),
      await stage(Buffer.from('two!'), 'b.mp4', 'video/mp4'),
    ];
    const r = await exec('googlephotos', 'GOOGLEPHOTOS_BATCH_CREATE_MEDIA_ITEMS', {
      files,
      albumId: 'AL1',
      albumPosition: { position: 'FIRST_IN_ALBUM' },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(fake.requests.map((q) => q.path)).toEqual(['/v1/uploads', '/v1/uploads', '/v1/mediaItems:batchCreate']);
    expect(fake.requests[1]!.headers['x-goog-upload-content-type']).toBe('video/mp4');
    const body = fake.requests[2]!.json as {
      albumPosition: unknown;
      newMediaItems: { simpleMediaItem: { fileName: string } }[];
    };
    expect(body.albumPosition).toEqual({ position: 'FIRST_IN_ALBUM' });
    expect(body.newMediaItems.map((m) => m.simpleMediaItem.fileName)).toEqual(['a.png', 'b.mp4']);

    const none = await exec('googlephotos', 'GOOGLEPHOTOS_BATCH_CREATE_MEDIA_ITEMS', { files: [] });
    expect(none.status, JSON.stringify(none.body)).toBe(400);
  });

  it('GOOGLEPHOTOS_GET_MEDIA_ITEM_DOWNLOAD reads the item and stages baseUrl=d', async () => {
    fake.reset();
    const r = await exec('googlephotos', 'GOOGLEPHOTOS_GET_MEDIA_ITEM_DOWNLOAD', { mediaItemId: 'M7' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { file: { name: 'beach.jpg', mimetype: 'image/jpeg', size: 9 } },
    });
    expect(fake.requests.map((q) => q.path)).toEqual(['/v1/mediaItems/M7', '/lh3/M7=d']);
    const got = Buffer.from(await (await fetch(r.body.data.file.s3url)).arrayBuffer());
    expect(got.toString()).toBe('JPEGBYTES');
  });

  it('GOOGLESUPER_UPLOAD_MEDIA runs the same composite with the googlesuper connection', async () => {
    fake.reset();
    const r = await exec('googlesuper', 'GOOGLESUPER_UPLOAD_MEDIA', {
      file: await stage(Buffer.from('pic'), 'p.png', 'image/png'),
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(fake.requests.map((q) => q.path)).toEqual(['/v1/uploads', '/v1/mediaItems:batchCreate']);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});
