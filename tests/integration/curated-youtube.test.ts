import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeYouTube, type FakeYouTube } from '../helpers/fake-youtube';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Curated YouTube tools (lib/catalog/curated/youtube.ts) through the real execute pipeline against
// a loopback YouTube Data API that checks the resumable and multipart upload protocols and bodies.
let s: TestServer;
let yt: FakeYouTube;
let account: string;

async function stage(content: Buffer, filename: string, mimetype: string) {
  const md5 = createHash('md5').update(content).digest('hex');
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5,
    mimetype,
    tool_slug: 'YOUTUBE_UPLOAD_VIDEO',
    toolkit_slug: 'youtube',
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

const clip = () => {
  const b = Buffer.alloc(70_000);
  for (let i = 0; i < b.length; i++) b[i] = (i * 7 + 3) % 256;
  return b;
};

beforeAll(async () => {
  [s, yt] = await Promise.all([providerServer(), startFakeYouTube()]);
  account = (
    await connectToFake(s, {
      toolkit: 'youtube',
      authScheme: 'OAUTH2',
      val: { access_token: yt.token, base_url: yt.url },
      userId: 'yt-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
  yt.channels.set('UC_dev', { handle: '@GoogleDevelopers', title: 'Google for Developers', uploads: 'UU_dev' });
  yt.channels.set('UC_broken', { handle: '@broken', title: 'Broken uploads', uploads: 'UU_broken' });
  yt.brokenPlaylists.add('UU_broken');
  yt.playlistItems.push({
    kind: 'youtube#playlistItem',
    id: 'pli-up-1',
    snippet: { playlistId: 'UU_dev', title: 'Launch', resourceId: { kind: 'youtube#video', videoId: 'abcdefghijk' } },
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), yt?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('curated YouTube tools', () => {
  it('YOUTUBE_UPLOAD_VIDEO opens a resumable session with the metadata, then PUTs exactly the staged bytes', async () => {
    const bytes = clip();
    const file = await stage(bytes, 'demo.mp4', 'video/mp4');
    const r = await exec('YOUTUBE_UPLOAD_VIDEO', {
      videoFilePath: file,
      title: 'Demo',
      description: 'A short demo',
      tags: ['demo', 'junction'],
      categoryId: '28',
      privacyStatus: 'unlisted',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: {
        id: expect.any(String),
        snippet: { title: 'Demo', tags: ['demo', 'junction'], categoryId: '28' },
        status: { privacyStatus: 'unlisted' },
      },
    });
    const v = yt.videos.get(r.body.data.id)!;
    expect(v.uploadType).toBe('resumable');
    expect(v.contentType).toBe('video/mp4');
    expect(v.bytes!.equals(bytes)).toBe(true);
    const start = yt.requests.find((q) => q.method === 'POST' && q.path === '/upload/youtube/v3/videos')!;
    expect(start.query.get('part')).toBe('snippet,status');
    expect(start.query.get('uploadType')).toBe('resumable');
  });

  it('YOUTUBE_MULTIPART_UPLOAD_VIDEO sends one multipart/related body (JSON resource, then the media)', async () => {
    const bytes = clip().subarray(0, 5000);
    const file = await stage(Buffer.from(bytes), 'short.webm', 'video/webm');
    const r = await exec('YOUTUBE_MULTIPART_UPLOAD_VIDEO', { videoFilePath: file, title: 'Short one' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { snippet: { title: 'Short one', categoryId: '22' }, status: { privacyStatus: 'private' } },
    });
    const v = yt.videos.get(r.body.data.id)!;
    expect(v).toMatchObject({ uploadType: 'multipart', contentType: 'video/webm' });
    expect(v.bytes!.equals(bytes)).toBe(true);
  });

  it('an upload without a title is a 400, and without a file too', async () => {
    const file = await stage(Buffer.from('x'), 'x.mp4', 'video/mp4');
    expect((await exec('YOUTUBE_UPLOAD_VIDEO', { videoFilePath: file })).status).toBe(400);
    expect((await exec('YOUTUBE_UPLOAD_VIDEO', { title: 'No file' })).status).toBe(400);
  });

  it('YOUTUBE_UPDATE_VIDEO merges the given fields into the current snippet and status (read-only fields are not sent back)', async () => {
    const file = await stage(clip(), 'u.mp4', 'video/mp4');
    const up = await exec('YOUTUBE_UPLOAD_VIDEO', {
      videoFilePath: file,
      title: 'Before',
      description: 'keep me',
      categoryId: '27',
    });
    const id = up.body.data.id as string;
    const r = await exec('YOUTUBE_UPDATE_VIDEO', { videoId: id, title: 'After', privacy_status: 'public' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: {
        snippet: { title: 'After', description: 'keep me', categoryId: '27' },
        status: { privacyStatus: 'public' },
      },
    });
    const put = yt.requests.filter((q) => q.method === 'PUT' && q.path === '/youtube/v3/videos').at(-1)!;
    expect(put.query.get('part')).toBe('snippet,status');
  });

  it('YOUTUBE_DELETE_VIDEO refuses without confirmDelete and deletes with it', async () => {
    const file = await stage(clip(), 'd.mp4', 'video/mp4');
    const id = (await exec('YOUTUBE_UPLOAD_VIDEO', { videoFilePath: file, title: 'Doomed' })).body.data.id as string;
    expect((await exec('YOUTUBE_DELETE_VIDEO', { id, confirmDelete: false })).status).toBe(400);
    expect(yt.videos.has(id)).toBe(true);
    const r = await exec('YOUTUBE_DELETE_VIDEO', { id, confirmDelete: true });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(yt.videos.has(id)).toBe(false);
    expect(yt.last()?.query.get('confirmDelete')).toBeNull();
  });

  it('YOUTUBE_LIST_CHANNEL_VIDEOS walks the uploads playlist, and falls back to search when it is missing', async () => {
    const r = await exec('YOUTUBE_LIST_CHANNEL_VIDEOS', { channelId: 'UC_dev', maxResults: 10 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { items: [{ snippet: { resourceId: { videoId: 'abcdefghijk' } } }] },
    });
    const broken = await exec('YOUTUBE_LIST_CHANNEL_VIDEOS', { channelId: 'UC_broken' });
    expect(broken.body).toMatchObject({ successful: true, data: { items: [{ id: { videoId: 'srch0000001' } }] } });
    const q = yt.last()!;
    expect(q.path).toBe('/youtube/v3/search');
    expect(Object.fromEntries(q.query)).toMatchObject({ channelId: 'UC_broken', type: 'video', order: 'date' });
  });

  it('handle → channel id, captions as text, and mappings (add to playlist, search) build YouTube’s requests', async () => {
    const h = await exec('YOUTUBE_GET_CHANNEL_ID_BY_HANDLE', { channel_handle: 'GoogleDevelopers' });
    expect(h.body).toMatchObject({ successful: true, data: { channel_id: 'UC_dev', title: 'Google for Developers' } });
    expect(yt.last()?.query.get('forHandle')).toBe('@GoogleDevelopers');

    const c = await exec('YOUTUBE_LOAD_CAPTIONS', { id: 'cap1', tfmt: 'vtt' });
    expect(c.body, JSON.stringify(c.body)).toMatchObject({ successful: true, data: { format: 'vtt' } });
    expect(c.body.data.captions).toContain('Hello from cap1 (vtt)');

    const add = await exec('YOUTUBE_ADD_VIDEO_TO_PLAYLIST', { playlistId: 'PL1', videoId: 'abcdefghijk' });
    expect(add.body, JSON.stringify(add.body)).toMatchObject({ successful: true, data: { id: expect.any(String) } });
    expect(yt.last()?.json).toEqual({
      snippet: { playlistId: 'PL1', resourceId: { kind: 'youtube#video', videoId: 'abcdefghijk' } },
    });
    expect(yt.last()?.query.get('part')).toBe('snippet,contentDetails');

    const sr = await exec('YOUTUBE_SEARCH_YOU_TUBE', { q: 'junction', maxResults: 3 });
    expect(sr.body).toMatchObject({ successful: true, data: { items: [{ snippet: { title: 'found junction' } }] } });
    expect(Object.fromEntries(yt.last()!.query)).toMatchObject({
      q: 'junction',
      part: 'snippet',
      type: 'video',
      maxResults: '3',
    });
  });
});
