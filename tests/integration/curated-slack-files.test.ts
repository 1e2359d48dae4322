import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { stageFile } from '../helpers/stage-file';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

// Slack composites of lib/catalog/curated/slack-files.ts through the real execute pipeline, against a
// loopback Slack serving the Web API (/api/…) and the file hosts (files.slack.com: /upload/v1/…,
// /files-pri/…) on one origin: a connection's base_url replaces the origin of absolute URLs too.
const TOKEN = 'xoxp-test-token';
const PDF = Buffer.from('%PDF-1.7\nquarterly numbers\n');
let s: TestServer;
let slack: FakeUpstream;
let account: string;

const form = (r: RecordedRequest) => Object.fromEntries(new URLSearchParams(r.body.toString('utf8')));
const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${TOKEN}`;
const bad = { json: { ok: false, error: 'invalid_auth' } };

const stage = (content: Buffer, filename: string, mimetype: string) =>
  stageFile(s, content, filename, mimetype, {
    tool_slug: 'SLACK_UPLOAD_OR_CREATE_A_FILE_IN_SLACK',
    toolkit_slug: 'slack',
  });

beforeAll(async () => {
  [s, slack] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeUpstream()]);
  slack.on('POST', '/api/files.getUploadURLExternal', (r) => {
    if (!authed(r)) return bad;
    const f = form(r);
    if (!f.filename || !f.length) return { json: { ok: false, error: 'invalid_arguments' } };
    return { json: { ok: true, upload_url: `https://files.slack.com/upload/v1/UP-${f.length}`, file_id: 'F1' } };
  });
  slack.on('POST', '/upload/v1/:ticket', () => ({ text: 'OK' }));
  slack.on('POST', '/api/files.completeUploadExternal', (r) => {
    if (!authed(r)) return bad;
    const f = form(r);
    const files = JSON.parse(f.files ?? '[]') as { id: string; title?: string }[];
    return { json: { ok: true, files: files.map((x) => ({ id: x.id, title: x.title, name: 'n' })) } };
  });
  slack.on('GET', '/api/files.info', (r) => {
    const id = r.query.get('file');
    if (id === 'F9')
      return {
        json: {
          ok: true,
          file: {
            id: 'F9',
            name: 'q3.pdf',
            mimetype: 'application/pdf',
            url_private: 'https://files.slack.com/files-pri/T1-F9/q3.pdf',
            url_private_download: 'https://files.slack.com/files-pri/T1-F9/download/q3.pdf',
          },
        },
      };
    if (id === 'F-REMOTE') return { json: { ok: true, file: { id, name: 'doc', mimetype: 'application/pdf' } } };
    return { json: { ok: false, error: 'file_not_found' } };
  });
  slack.on('GET', '/files-pri/T1-F9/download/q3.pdf', (r) =>
    authed(r)
      ? { body: PDF, headers: { 'content-type': 'application/pdf' } }
      : { text: '<html>sign in</html>', headers: { 'content-type': 'text/html' } },
  );
  slack.on('GET', '/api/conversations.info', (r) => {
    const ch = r.query.get('channel');
    if (ch === 'C5') return { json: { ok: true, channel: { id: 'C5', last_read: '1700000100.000200' } } };
    if (ch === 'D7') return { json: { ok: true, channel: { id: 'D7', last_read: '1700000200.000000' } } };
    return { json: { ok: true, channel: { id: ch } } }; // a bot token: no read position
  });
  slack.on('POST', '/api/conversations.open', (r) =>
    form(r).users === 'U3'
      ? { json: { ok: true, channel: { id: 'D7' } } }
      : { json: { ok: false, error: 'user_not_found' } },
  );
  slack.on('GET', '/api/conversations.history', (r) => {
    const ch = r.query.get('channel');
    const messages =
      ch === 'D7'
        ? [
            { type: 'message', user: 'U3', ts: '1700000300.000000', text: 'ping <@U1>' },
            { type: 'message', user: 'U1', ts: '1700000250.000000', text: 'my own reply' },
            { type: 'message', user: 'U3', ts: '1700000210.000000', text: 'hello' },
          ]
        : [{ type: 'message', user: 'U3', ts: '1700000150.000000', text: 'new in channel' }];
    return { json: { ok: true, has_more: false, messages, response_metadata: { next_cursor: '' } } };
  });
  slack.on('GET', '/api/users.info', (r) => {
    const id = r.query.get('user');
    if (id === 'W9')
      return { json: { ok: true, user: { id, team_id: 'T1', enterprise_user: { teams: ['T1', 'T3'] } } } };
    return { json: { ok: true, user: { id, name: id, profile: { display_name: id === 'U1' ? 'me' : 'sam' } } } };
  });
  slack.on('GET', '/api/auth.teams.list', () => ({
    json: {
      ok: true,
      teams: [
        { id: 'T1', name: 'Acme HQ' },
        { id: 'T2', name: 'Acme Labs' },
        { id: 'T3', name: 'Acme EU' },
      ],
      response_metadata: { next_cursor: '' },
    },
  }));
  account = (
    await connectToFake(s, {
      toolkit: 'slack',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: `${slack.url}/api` },
      userId: 'slack-files-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), slack?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Slack file and unread composites', () => {
  it('uploads a staged file in three steps and shares it in a thread', async () => {
    slack.reset();
    const r = await exec('SLACK_UPLOAD_OR_CREATE_A_FILE_IN_SLACK', {
      file: await stage(PDF, 'q3.pdf', 'application/pdf'),
      channels: 'C5',
      title: 'Q3 numbers',
      initial_comment: 'as promised',
      thread_ts: '1700000100.000200',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { ok: true, file: { id: 'F1', title: 'Q3 numbers' } },
    });
    expect(slack.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'POST /api/files.getUploadURLExternal',
      `POST /upload/v1/UP-${PDF.length}`,
      'POST /api/files.completeUploadExternal',
    ]);
    const [ticket, bytes, done] = slack.requests;
    expect(form(ticket!)).toEqual({ filename: 'q3.pdf', length: String(PDF.length) });
    expect(bytes!.body.equals(PDF)).toBe(true);
    expect(String(bytes!.headers['content-type'])).toBe('application/pdf');
    expect(form(done!)).toEqual({
      files: JSON.stringify([{ id: 'F1', title: 'Q3 numbers' }]),
      channel_id: 'C5',
      initial_comment: 'as promised',
      thread_ts: '1700000100.000200',
    });
  });

  it('uploads text content as a file to several channels; file and content together is a 400', async () => {
    slack.reset();
    const r = await exec('SLACK_UPLOAD_OR_CREATE_A_FILE_IN_SLACK', {
      content: 'a,b\n1,2\n',
      filename: 'data.csv',
      channels: 'C5, C6',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { file: { id: 'F1' } } });
    const [, bytes, done] = slack.requests;
    expect(bytes!.body.toString('utf8')).toBe('a,b\n1,2\n');
    expect(form(done!)).toEqual({ files: JSON.stringify([{ id: 'F1', title: 'data.csv' }]), channels: 'C5,C6' });
    const both = await exec('SLACK_UPLOAD_OR_CREATE_A_FILE_IN_SLACK', {
      content: 'x',
      file: await stage(PDF, 'q3.pdf', 'application/pdf'),
    });
    expect(both.status).toBe(400);
  });

  it('downloads a file with the token from url_private_download and stages it', async () => {
    slack.reset();
    const r = await exec('SLACK_DOWNLOAD_SLACK_FILE', { file: 'F9' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: 'F9', name: 'q3.pdf', mimetype: 'application/pdf', size: PDF.length, file: { name: 'q3.pdf' } },
    });
    expect(slack.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /api/files.info',
      'GET /files-pri/T1-F9/download/q3.pdf',
    ]);
    expect(slack.requests[1]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const got = Buffer.from(await (await fetch(r.body.data.file.s3url)).arrayBuffer());
    expect(got.equals(PDF)).toBe(true);
    const remote = await exec('SLACK_DOWNLOAD_SLACK_FILE', { file: 'F-REMOTE' });
    expect(remote.body.successful).toBe(false);
    expect(remote.body.error).toMatch(/no downloadable content/);
    const missing = await exec('SLACK_DOWNLOAD_SLACK_FILE', { file: 'F0' });
    expect(missing.body.error).toMatch(/file_not_found/);
  });

  it("lists a channel's unread messages after last_read", async () => {
    slack.reset();
    const r = await exec('SLACK_LIST_UNREAD_CHANNEL_MESSAGES', { channel: 'C5', limit: 20 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { channel: 'C5', last_read: '1700000100.000200', unread_count: 1, has_more: false },
    });
    expect(r.body.data.messages[0]).toMatchObject({ text: 'new in channel', user_name: 'sam' });
    const hist = slack.requests.find((q) => q.path === '/api/conversations.history')!;
    expect(Object.fromEntries(hist.query)).toEqual({ channel: 'C5', oldest: '1700000100.000200', limit: '20' });
    const bot = await exec('SLACK_LIST_UNREAD_CHANNEL_MESSAGES', { channel: 'C-BOT' });
    expect(bot.body.successful).toBe(false);
    expect(bot.body.error).toMatch(/last_read/);
  });

  it('gets unread DMs from one user: opens the DM, reads after last_read, keeps only their messages', async () => {
    slack.reset();
    const r = await exec('SLACK_GET_UNREAD_MESSAGES_FROM_USER', { user: 'U3' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { channel: 'D7', user: 'U3', last_read: '1700000200.000000', unread_count: 2 },
    });
    expect(r.body.data.messages.map((m: { text: string }) => m.text)).toEqual(['ping <@U1>', 'hello']);
    expect(r.body.data.messages[0].readable_text).toBe('ping @me');
    const open = slack.requests.find((q) => q.path === '/api/conversations.open')!;
    expect(form(open)).toEqual({ users: 'U3', return_im: 'true' });
    const hist = slack.requests.find((q) => q.path === '/api/conversations.history')!;
    expect(hist.query.get('channel')).toBe('D7');
    expect(hist.query.get('oldest')).toBe('1700000200.000000');
  });

  it('lists workspaces, narrowed to the ones a member belongs to', async () => {
    slack.reset();
    const all = await exec('SLACK_LIST_AVAILABLE_WORKSPACES', {});
    expect(all.body, JSON.stringify(all.body)).toMatchObject({ successful: true });
    expect(all.body.data.workspaces.map((w: { team_id: string }) => w.team_id)).toEqual(['T1', 'T2', 'T3']);
    const mine = await exec('SLACK_LIST_AVAILABLE_WORKSPACES', { user: 'W9' });
    expect(mine.body.data.workspaces).toEqual([
      { team_id: 'T1', name: 'Acme HQ' },
      { team_id: 'T3', name: 'Acme EU' },
    ]);
    expect(
      slack.requests
        .filter((q) => q.path === '/api/users.info')
        .pop()!
        .query.get('user'),
    ).toBe('W9');
  });
});
