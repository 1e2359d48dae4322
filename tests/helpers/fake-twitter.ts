import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback X API v2 (paths as X serves them under /2). It checks what X checks: a Bearer token,
 * the JSON body of POST /2/tweets (nested media/poll/reply objects, text or media required),
 * the authenticated user's id in /2/users/{id}/… write paths, comma-separated field selectors, and
 * media uploads as multipart/form-data (one-shot, or initialize → append segments → finalize, with
 * the appended bytes reassembled and compared to total_bytes).
 */
export interface UploadedMedia {
  id: string;
  category: string;
  type: string;
  bytes: Buffer;
  segments: number;
  finalized: boolean;
}
export interface FakeTwitter extends FakeUpstream {
  token: string;
  meId: string;
  posts: Record<string, unknown>[];
  media: Map<string, UploadedMedia>;
}

/** Parse a multipart/form-data body the way a server does (WHATWG FormData). */
export async function parseForm(r: RecordedRequest): Promise<FormData> {
  const ct = String(r.headers['content-type'] ?? '');
  if (!ct.startsWith('multipart/form-data')) throw new Error(`expected multipart/form-data, got ${ct}`);
  return new Request('http://x/', {
    method: 'POST',
    body: new Uint8Array(r.body),
    headers: { 'content-type': ct },
  }).formData();
}

const problem = (status: number, detail: string) => ({
  status,
  json: { title: status === 401 ? 'Unauthorized' : 'Invalid Request', detail, status, type: 'about:blank' },
});

export async function startFakeTwitter(token = 'x-oauth2-token'): Promise<FakeTwitter> {
  const up = await startFakeUpstream();
  const t = up as FakeTwitter;
  t.token = token;
  t.meId = '1442000000000000001';
  t.posts = [];
  t.media = new Map();
  let n = 0;
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${token}`;
  const guard =
    (h: (r: RecordedRequest, p: Record<string, string>) => unknown) =>
    async (r: RecordedRequest, p: Record<string, string>) =>
      authed(r) ? ((await h(r, p)) as { status?: number; json?: unknown }) : problem(401, 'Unauthorized');
  const mine = (id: string) => id === t.meId;

  t.on(
    'GET',
    '/2/users/me',
    guard((r) => {
      const fields = r.query.get('user.fields');
      return {
        json: {
          data: {
            id: t.meId,
            name: 'Junction Test',
            username: 'junction_test',
            ...(fields?.split(',').includes('public_metrics') ? { public_metrics: { followers_count: 42 } } : {}),
          },
        },
      };
    }),
  );
  t.on(
    'GET',
    '/2/users/by/username/:username',
    guard((_r, p) => ({ json: { data: { id: '783214', name: 'X', username: p.username } } })),
  );

  t.on(
    'POST',
    '/2/tweets',
    guard((r) => {
      const b = r.json as Record<string, unknown> | undefined;
      if (!b || typeof b !== 'object') return problem(400, 'body must be JSON');
      const allowed = [
        'text',
        'card_uri',
        'community_id',
        'direct_message_deep_link',
        'for_super_followers_only',
        'geo',
        'media',
        'nullcast',
        'poll',
        'quote_tweet_id',
        'reply',
        'reply_settings',
        'share_with_followers',
        'edit_options',
      ];
      const unknown = Object.keys(b).filter((k) => !allowed.includes(k));
      if (unknown.length) return problem(400, `unknown field(s): ${unknown.join(', ')}`);
      if (!b.text && !b.media && !b.poll && !b.quote_tweet_id && !b.card_uri) return problem(400, 'text is required');
      const media = b.media as { media_ids?: unknown } | undefined;
      if (media && (!Array.isArray(media.media_ids) || !media.media_ids.length))
        return problem(400, 'media.media_ids required');
      for (const id of (media?.media_ids as string[] | undefined) ?? [])
        if (!t.media.get(id)?.finalized) return problem(400, `media id ${id} is not an uploaded media`);
      const poll = b.poll as { options?: unknown[]; duration_minutes?: number } | undefined;
      if (poll && (!Array.isArray(poll.options) || typeof poll.duration_minutes !== 'number'))
        return problem(400, 'poll needs options and duration_minutes');
      if (poll && media) return problem(400, 'poll and media are mutually exclusive');
      const reply = b.reply as { in_reply_to_tweet_id?: string } | undefined;
      if (reply && !reply.in_reply_to_tweet_id) return problem(400, 'reply.in_reply_to_tweet_id required');
      const id = String(1900000000000000000n + BigInt(++n));
      t.posts.push({ id, ...b });
      return { status: 201, json: { data: { id, text: b.text ?? '', edit_history_tweet_ids: [id] } } };
    }),
  );
  t.on(
    'DELETE',
    '/2/tweets/:id',
    guard((_r, p) => ({ json: { data: { deleted: t.posts.some((x) => x.id === p.id) } } })),
  );
  t.on(
    'GET',
    '/2/tweets/search/recent',
    guard((r) => {
      if (!r.query.get('query')) return problem(400, 'query is required');
      return {
        json: {
          data: [{ id: '1', text: `match for ${r.query.get('query')}`, author_id: '783214' }],
          meta: { result_count: 1, newest_id: '1', oldest_id: '1' },
        },
      };
    }),
  );

  // writes on the authenticated user's own id
  const selfWrite = (field: string, answer: string) =>
    guard((r, p) => {
      if (!mine(p.id!)) return problem(403, 'You are not permitted to act for another user.');
      const b = r.json as Record<string, unknown> | undefined;
      if (!b?.[field]) return problem(400, `${field} is required`);
      return { json: { data: { [answer]: true } } };
    });
  t.on('POST', '/2/users/:id/likes', selfWrite('tweet_id', 'liked'));
  t.on('POST', '/2/users/:id/retweets', selfWrite('tweet_id', 'retweeted'));
  t.on('POST', '/2/users/:id/following', selfWrite('target_user_id', 'following'));
  t.on(
    'DELETE',
    '/2/users/:source/following/:target',
    guard((_r, p) => (mine(p.source!) ? { json: { data: { following: false } } } : problem(403, 'not your account'))),
  );

  t.on(
    'POST',
    '/2/dm_conversations/with/:participant/messages',
    guard((r, p) => {
      const b = r.json as { text?: string; attachments?: { media_id?: string }[] } | undefined;
      if (!b?.text && !b?.attachments?.length) return problem(400, 'text or attachments required');
      if (b.attachments?.some((a) => !a.media_id)) return problem(400, 'attachments[].media_id required');
      return {
        status: 201,
        json: { data: { dm_conversation_id: `${t.meId}-${p.participant}`, dm_event_id: String(++n) } },
      };
    }),
  );

  // media: one-shot upload
  t.on(
    'POST',
    '/2/media/upload',
    guard(async (r) => {
      const form = await parseForm(r);
      const file = form.get('media');
      if (!(file instanceof File)) return problem(400, 'media must be a file part');
      const id = String(1880000000000000000n + BigInt(++n));
      t.media.set(id, {
        id,
        category: String(form.get('media_category') ?? ''),
        type: String(form.get('media_type') ?? file.type),
        bytes: Buffer.from(await file.arrayBuffer()),
        segments: 1,
        finalized: true,
      });
      return { json: { data: { id, media_key: `3_${id}`, size: file.size, expires_after_secs: 86400 } } };
    }),
  );
  // chunked upload
  const totals = new Map<string, number>();
  const chunks = new Map<string, Buffer[]>();
  t.on(
    'POST',
    '/2/media/upload/initialize',
    guard((r) => {
      const b = r.json as { media_type?: string; total_bytes?: number; media_category?: string } | undefined;
      if (!b?.media_type || typeof b.total_bytes !== 'number')
        return problem(400, 'media_type and total_bytes required');
      const id = String(1880000000000000000n + BigInt(++n));
      totals.set(id, b.total_bytes);
      chunks.set(id, []);
      t.media.set(id, {
        id,
        category: b.media_category ?? '',
        type: b.media_type,
        bytes: Buffer.alloc(0),
        segments: 0,
        finalized: false,
      });
      return { json: { data: { id, media_key: `7_${id}`, expires_after_secs: 86400 } } };
    }),
  );
  t.on(
    'POST',
    '/2/media/upload/:id/append',
    guard(async (r, p) => {
      const list = chunks.get(p.id!);
      if (!list) return problem(400, 'unknown media id');
      const form = await parseForm(r);
      const seg = Number(form.get('segment_index'));
      const file = form.get('media');
      if (!(file instanceof File)) return problem(400, 'media must be a file part');
      if (seg !== list.length) return problem(400, `segment_index ${seg} out of order`);
      list.push(Buffer.from(await file.arrayBuffer()));
      return { json: { data: { expires_at: 1 } } };
    }),
  );
  t.on(
    'POST',
    '/2/media/upload/:id/finalize',
    guard((_r, p) => {
      const m = t.media.get(p.id!);
      const list = chunks.get(p.id!);
      if (!m || !list) return problem(400, 'unknown media id');
      m.bytes = Buffer.concat(list);
      m.segments = list.length;
      if (m.bytes.length !== totals.get(p.id!))
        return problem(400, `got ${m.bytes.length} bytes, expected ${totals.get(p.id!)}`);
      m.finalized = true;
      const video = m.type.startsWith('video/');
      return {
        json: {
          data: {
            id: m.id,
            media_key: `7_${m.id}`,
            size: m.bytes.length,
            ...(video ? { processing_info: { state: 'pending', check_after_secs: 1 } } : {}),
          },
        },
      };
    }),
  );
  t.on(
    'GET',
    '/2/media/upload',
    guard((r) => {
      if (r.query.get('command') !== 'STATUS') return problem(400, 'command must be STATUS');
      const m = t.media.get(r.query.get('media_id') ?? '');
      if (!m) return problem(400, 'unknown media id');
      return { json: { data: { id: m.id, processing_info: { state: 'succeeded', progress_percent: 100 } } } };
    }),
  );
  return t;
}
