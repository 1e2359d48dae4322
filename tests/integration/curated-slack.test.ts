import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

// Curated Slack tools against a loopback Slack Web API (paths as slack.com/api serves them).
let s: TestServer;
let slack: FakeUpstream;
let account: string;
const TOKEN = 'xoxb-test-token';

beforeAll(async () => {
  [s, slack] = await Promise.all([providerServer(), startFakeUpstream()]);
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${TOKEN}`;
  const bad = { json: { ok: false, error: 'invalid_auth' } };
  slack.on('POST', '/api/chat.postMessage', (r) => {
    if (!authed(r)) return bad;
    expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
    const b = r.json as Record<string, unknown>;
    if (b.channel === 'C-ARCHIVED') return { json: { ok: false, error: 'channel_is_archived' } };
    return {
      json: {
        ok: true,
        channel: b.channel,
        ts: '1712345678.000100',
        message: { text: b.text, thread_ts: b.thread_ts },
      },
    };
  });
  slack.on('GET', '/api/users.lookupByEmail', (r) => {
    if (!authed(r)) return bad;
    return r.query.get('email') === 'jane@example.com'
      ? {
          json: {
            ok: true,
            user: {
              id: 'U1',
              name: 'jane',
              real_name: 'Jane Doe',
              profile: { display_name: 'jane.d', email: 'jane@example.com' },
            },
          },
        }
      : { json: { ok: false, error: 'users_not_found' } };
  });
  slack.on('GET', '/api/users.info', (r) => ({
    json: {
      ok: true,
      user: {
        id: r.query.get('user'),
        name: 'u',
        profile: { display_name: r.query.get('user') === 'U1' ? 'jane.d' : 'bob' },
      },
    },
  }));
  slack.on('GET', '/api/conversations.history', (r) =>
    authed(r)
      ? {
          json: {
            ok: true,
            has_more: false,
            messages: [
              {
                type: 'message',
                user: 'U2',
                ts: '2.0',
                text: 'thanks <@U1>! see <https://example.com/doc|the doc> in <#C9|eng> &amp; <!here>',
              },
              { type: 'message', user: 'U1', ts: '1.0', text: 'plain' },
            ],
          },
        }
      : bad,
  );
  slack.on('GET', '/api/conversations.list', () => ({
    json: {
      ok: true,
      channels: [
        { id: 'C1', name: 'general', topic: { value: '' }, purpose: { value: 'company-wide' } },
        { id: 'C2', name: 'eng-alerts', topic: { value: 'pager' }, purpose: { value: '' } },
      ],
      response_metadata: { next_cursor: '' },
    },
  }));
  slack.on('POST', '/api/reactions.add', (r) => {
    const form = new URLSearchParams(r.body.toString('utf8'));
    return { json: form.get('name') ? { ok: true } : { ok: false, error: 'invalid_name' } };
  });
  account = (
    await connectToFake(s, {
      toolkit: 'slack',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: `${slack.url}/api` },
      userId: 'slack-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), slack?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('curated Slack tools', () => {
  it('SLACK_SEND_MESSAGE converts markdown to mrkdwn and replies in a thread', async () => {
    const r = await exec('SLACK_SEND_MESSAGE', {
      channel: 'C1',
      markdown_text: '**Deploy** done: [build 42](https://ci.example.com/42)',
      thread_ts: '1712000000.000001',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { ok: true, channel: 'C1', ts: '1712345678.000100' },
    });
    const sent = slack.requests.filter((q) => q.path === '/api/chat.postMessage').pop()!;
    const body = sent.json as Record<string, unknown>;
    expect(body.thread_ts).toBe('1712000000.000001');
    expect(body.markdown_text).toBeUndefined();
    expect(String(body.text).replace(/\u200b/g, '')).toBe('*Deploy* done: <https://ci.example.com/42|build 42>');
  });

  it("blocks with fallback text; ok:false is successful:false with Slack's error; no content is a 400", async () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: 'hi' } }];
    const r = await exec('SLACK_SEND_MESSAGE', { channel: 'C1', blocks, fallback_text: 'hi' });
    expect(r.body.successful).toBe(true);
    expect(slack.requests.filter((q) => q.path === '/api/chat.postMessage').pop()!.json).toMatchObject({
      blocks,
      text: 'hi',
    });
    const archived = await exec('SLACK_SEND_MESSAGE', { channel: 'C-ARCHIVED', text: 'x' });
    expect(archived.body).toMatchObject({ successful: false, data: { ok: false, error: 'channel_is_archived' } });
    expect(archived.body.error).toMatch(/channel_is_archived/);
    const empty = await exec('SLACK_SEND_MESSAGE', { channel: 'C1' });
    expect(empty.status).toBe(400);
    // the older hosted name still works
    const old = await exec('SLACK_CHAT_POST_MESSAGE', { channel: 'C1', text: 'legacy' });
    expect(old.body).toMatchObject({ successful: true, data: { channel: 'C1' } });
  });

  it('finds a user by email (mapping) and reports users_not_found', async () => {
    const r = await exec('SLACK_FIND_USER_BY_EMAIL_ADDRESS', { email: 'jane@example.com' });
    expect(r.body).toMatchObject({ successful: true, data: { user: { id: 'U1' } } });
    expect(slack.last()).toMatchObject({ method: 'GET', path: '/api/users.lookupByEmail' });
    const none = await exec('SLACK_FIND_USER_BY_EMAIL_ADDRESS', { email: 'nobody@example.com' });
    expect(none.body).toMatchObject({ successful: false });
    expect(none.body.error).toMatch(/users_not_found/);
    const found = await exec('SLACK_FIND_USERS', { search_query: 'jane@example.com' });
    expect(found.body.data.members[0].id).toBe('U1');
  });

  it('conversation history comes with readable text and author names', async () => {
    const r = await exec('SLACK_FETCH_CONVERSATION_HISTORY', { channel: 'C1', limit: 2 });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    const [m1, m2] = r.body.data.messages;
    expect(m1.readable_text).toBe('thanks @jane.d! see the doc (https://example.com/doc) in #eng & @here');
    expect(m1.user_name).toBe('bob');
    expect(m1.text).toContain('<@U1>');
    expect(m2.user_name).toBe('jane.d');
    const hist = slack.requests.filter((q) => q.path === '/api/conversations.history').pop()!;
    expect(hist.query.get('channel')).toBe('C1');
    expect(hist.query.get('limit')).toBe('2');
  });

  it('finds channels by name or purpose; reactions go form-encoded', async () => {
    const r = await exec('SLACK_FIND_CHANNELS', { search_query: '#eng' });
    expect(r.body.data.channels.map((c: any) => c.id)).toEqual(['C2']);
    const p = await exec('SLACK_FIND_CHANNELS', { search_query: 'company' });
    expect(p.body.data.channels.map((c: any) => c.id)).toEqual(['C1']);
    const react = await exec('SLACK_ADD_REACTION_TO_AN_ITEM', { channel: 'C1', timestamp: '1.0', name: 'thumbsup' });
    expect(react.body).toMatchObject({ successful: true });
    const form = new URLSearchParams(slack.last()!.body.toString('utf8'));
    expect(Object.fromEntries(form)).toEqual({ channel: 'C1', timestamp: '1.0', name: 'thumbsup' });
  });
});
