import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwitter, type FakeTwitter } from '../helpers/fake-twitter';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Curated X (Twitter) tools (lib/catalog/curated/twitter.ts) through the real execute pipeline
// against a loopback X API v2 that checks bodies, the caller's own user id and multipart uploads.
let s: TestServer;
let x: FakeTwitter;
let account: string;

async function stage(content: Buffer, filename: string, mimetype: string, tool: string) {
  const md5 = createHash('md5').update(content).digest('hex');
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5,
    mimetype,
    tool_slug: tool,
    toolkit_slug: 'twitter',
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
  [s, x] = await Promise.all([providerServer(), startFakeTwitter()]);
  account = (
    await connectToFake(s, {
      toolkit: 'twitter',
      authScheme: 'OAUTH2',
      val: { access_token: x.token, base_url: x.url },
      userId: 'x-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), x?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('curated X (Twitter) tools', () => {
  it('TWITTER_UPLOAD_MEDIA sends the staged image as a multipart media part; the post attaches it in X’s nested media object', async () => {
    const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 255, 1, 2]);
    const media = await stage(png, 'chart.png', 'image/png', 'TWITTER_UPLOAD_MEDIA');
    const up = await exec('TWITTER_UPLOAD_MEDIA', { media });
    expect(up.body, JSON.stringify(up.body)).toMatchObject({
      successful: true,
      data: { media_key: expect.any(String) },
    });
    const id = up.body.data.media_id as string;
    const stored = x.media.get(id)!;
    expect(stored.bytes.equals(png)).toBe(true);
    expect(stored).toMatchObject({ category: 'tweet_image', type: 'image/png' });

    const post = await exec('TWITTER_CREATION_OF_A_POST', {
      text: 'Quarterly numbers',
      media_media_ids: [id],
      reply_in_reply_to_tweet_id: '1453828617121234945',
      geo_place_id: 'df51dec6f4ee2b2c',
    });
    expect(post.body, JSON.stringify(post.body)).toMatchObject({
      successful: true,
      data: { data: { text: 'Quarterly numbers' } },
    });
    expect(x.posts.at(-1)).toMatchObject({
      text: 'Quarterly numbers',
      media: { media_ids: [id] },
      reply: { in_reply_to_tweet_id: '1453828617121234945' },
      geo: { place_id: 'df51dec6f4ee2b2c' },
    });
  });

  it('TWITTER_UPLOAD_LARGE_MEDIA runs initialize → ordered append chunks → finalize, and the status tool reads processing', async () => {
    // a little over one 4 MB chunk, so two segments are appended
    const video = Buffer.alloc(4 * 1024 * 1024 + 1234);
    for (let i = 0; i < video.length; i++) video[i] = (i * 31) % 251;
    const media = await stage(video, 'clip.mp4', 'video/mp4', 'TWITTER_UPLOAD_LARGE_MEDIA');
    const r = await exec('TWITTER_UPLOAD_LARGE_MEDIA', { media });
    expect(r.body, JSON.stringify(r.body).slice(0, 500)).toMatchObject({
      successful: true,
      data: { processing_info: { state: 'pending' }, segments: 2 },
    });
    const stored = x.media.get(r.body.data.media_id)!;
    expect(stored).toMatchObject({ category: 'tweet_video', type: 'video/mp4', segments: 2, finalized: true });
    expect(stored.bytes.equals(video)).toBe(true);

    const st = await exec('TWITTER_GET_MEDIA_UPLOAD_STATUS', { media_id: r.body.data.media_id });
    expect(st.body).toMatchObject({ successful: true, data: { processing_info: { state: 'succeeded' } } });
    const q = x.requests.filter((q) => q.path === '/2/media/upload' && q.method === 'GET').at(-1)!;
    expect(q.query.get('command')).toBe('STATUS');
  });

  it('tools on "my" account fill the user id from /2/users/me when it is left out', async () => {
    const like = await exec('TWITTER_USER_LIKE_POST', { tweet_id: '1460323737035677698' });
    expect(like.body, JSON.stringify(like.body)).toMatchObject({ successful: true, data: { data: { liked: true } } });
    expect(x.requests.some((q) => q.method === 'POST' && q.path === `/2/users/${x.meId}/likes`)).toBe(true);

    const unfollow = await exec('TWITTER_UNFOLLOW_USER', { target_user_id: '783214' });
    expect(unfollow.body).toMatchObject({ successful: true, data: { data: { following: false } } });
    expect(x.last()?.path).toBe(`/2/users/${x.meId}/following/783214`);
    expect(x.last()?.method).toBe('DELETE');
  });

  it('a post without text, media, poll or quote is a 400; X refusing a post ends successful:false', async () => {
    const none = await exec('TWITTER_CREATION_OF_A_POST', { reply_settings: 'following' });
    expect(none.status).toBe(400);
    const bad = await exec('TWITTER_CREATION_OF_A_POST', { text: 'hi', media_media_ids: ['999'] });
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.successful).toBe(false);
    expect(JSON.stringify(bad.body.error)).toContain('not an uploaded media');
  });

  it('a poll post gets X’s poll object with a duration; DMs wrap media_id as an attachment', async () => {
    const r = await exec('TWITTER_CREATION_OF_A_POST', { text: 'Tabs or spaces?', poll_options: ['tabs', 'spaces'] });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(x.posts.at(-1)).toMatchObject({ poll: { options: ['tabs', 'spaces'], duration_minutes: 1440 } });

    const dm = await exec('TWITTER_SEND_A_NEW_MESSAGE_TO_A_USER', {
      participant_id: '783214',
      text: 'hello',
      media_id: '55',
    });
    expect(dm.body, JSON.stringify(dm.body)).toMatchObject({
      successful: true,
      data: { data: { dm_event_id: expect.any(String) } },
    });
    expect(x.last()?.json).toEqual({ text: 'hello', attachments: [{ media_id: '55' }] });
  });

  it('mappings: recent search sends comma-separated field selectors; lookup by username; my profile', async () => {
    const r = await exec('TWITTER_RECENT_SEARCH', {
      query: 'from:XDevelopers -is:retweet',
      max_results: 10,
      tweet_fields: ['created_at', 'public_metrics'],
      expansions: ['author_id'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { meta: { result_count: 1 } } });
    const q = x.last()!;
    expect(q.path).toBe('/2/tweets/search/recent');
    expect(q.query.get('tweet.fields')).toBe('created_at,public_metrics');
    expect(q.query.get('expansions')).toBe('author_id');
    expect(q.query.get('max_results')).toBe('10');

    const u = await exec('TWITTER_USER_LOOKUP_BY_USERNAME', { username: 'XDevelopers' });
    expect(u.body).toMatchObject({ successful: true, data: { data: { id: '783214', username: 'XDevelopers' } } });

    const me = await exec('TWITTER_USER_LOOKUP_ME', { 'user.fields': ['public_metrics'] });
    expect(me.body).toMatchObject({
      successful: true,
      data: { data: { id: x.meId, public_metrics: { followers_count: 42 } } },
    });
  });
});
