import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeGmail, type FakeGmail } from '../helpers/fake-gmail';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Curated Gmail tools (lib/catalog/curated/gmail.ts) through the real execute pipeline against a
// loopback Gmail that parses the MIME it receives.
let s: TestServer;
let gmail: FakeGmail;
let oauth: FakeUpstream;
let account: string;

async function stage(content: Buffer, filename: string, mimetype: string) {
  const md5 = createHash('md5').update(content).digest('hex');
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5,
    mimetype,
    tool_slug: 'GMAIL_SEND_EMAIL',
    toolkit_slug: 'gmail',
  });
  expect(req.status, JSON.stringify(req.body)).toBe(201);
  const put = await fetch(req.body.new_presigned_url, {
    method: 'PUT',
    body: new Uint8Array(content),
    headers: { 'content-type': mimetype },
  });
  expect(put.status).toBeLessThan(300);
  return req.body.key as string;
}

beforeAll(async () => {
  [s, gmail, oauth] = await Promise.all([providerServer(), startFakeGmail(), startFakeUpstream()]);
  account = (
    await connectToFake(s, {
      toolkit: 'gmail',
      authScheme: 'OAUTH2',
      val: { access_token: gmail.token, refresh_token: 'r1', base_url: gmail.url },
      userId: 'mail-user',
      credentials: { client_id: 'cid', client_secret: 'csecret', token_url: `${oauth.url}/token` },
    })
  ).accountId;
  gmail.addMessage({
    id: 'm1',
    threadId: 't1',
    from: '"Ana Lopes" <ana@example.com>',
    to: 'me@example.com',
    subject: '=?UTF-8?B?UmVwb3J0IOKAkyBRMw==?=',
    text: 'Numbers attached.\nAna',
    labelIds: ['INBOX', 'UNREAD'],
    internalDate: Date.UTC(2025, 0, 2),
    messageIdHeader: '<orig-1@example.com>',
    attachment: { id: 'att-1', filename: 'q3.csv', mimeType: 'text/csv', data: Buffer.from('a,b\n1,2\n') },
  });
  gmail.addMessage({
    id: 'm2',
    threadId: 't2',
    from: 'bob@example.com',
    to: 'me@example.com',
    subject: 'Lunch?',
    html: '<p>Lunch <b>tomorrow</b>?</p>',
    labelIds: ['INBOX'],
    internalDate: Date.UTC(2025, 0, 3),
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), gmail?.close(), oauth?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args, ...extra });

describe('curated Gmail tools', () => {
  it('GMAIL_SEND_EMAIL builds real MIME: to/cc/bcc, HTML with a text alternative, a staged attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4 fake report');
    const key = await stage(pdf, 'report.pdf', 'application/pdf');
    gmail.sent.length = 0;
    const r = await exec('GMAIL_SEND_EMAIL', {
      recipient_email: 'jane@example.com',
      extra_recipients: ['ops@example.com'],
      cc: ['lead@example.com'],
      bcc: ['audit@example.com'],
      subject: 'Quarterly report – Q3',
      body: '<p>Hello <b>Jane</b></p>',
      is_html: true,
      attachment: { name: 'report.pdf', mimetype: 'application/pdf', s3key: key },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ successful: true, error: null, data: { id: 'sent1', labelIds: ['SENT'] } });
    const m = gmail.sent[0]!.parsed;
    expect(m.to && !Array.isArray(m.to) ? m.to.value.map((a) => a.address) : []).toEqual([
      'jane@example.com',
      'ops@example.com',
    ]);
    expect((m.cc as any).value.map((a: any) => a.address)).toEqual(['lead@example.com']);
    expect((m.bcc as any).value.map((a: any) => a.address)).toEqual(['audit@example.com']);
    expect(m.subject).toBe('Quarterly report – Q3');
    expect(m.html).toContain('<b>Jane</b>');
    expect(m.text).toContain('Hello Jane');
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]!.filename).toBe('report.pdf');
    expect(m.attachments[0]!.contentType).toBe('application/pdf');
    expect(m.attachments[0]!.content.equals(pdf)).toBe(true);
    expect(gmail.sent[0]!.req.headers.authorization).toBe(`Bearer ${gmail.token}`);
  });

  it('plain-text send; no recipient is a 400; the execution log records the Gmail endpoint', async () => {
    gmail.sent.length = 0;
    const r = await exec('GMAIL_SEND_EMAIL', { recipient_email: 'x@example.com', subject: 'Hi', body: 'plain body' });
    expect(r.body.successful).toBe(true);
    expect(gmail.sent[0]!.parsed.text?.trim()).toBe('plain body');
    expect(gmail.sent[0]!.parsed.html).toBeFalsy();
    const bad = await exec('GMAIL_SEND_EMAIL', { subject: 'nobody', body: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/recipient_email/);
    let log = await s.api('GET', `/logs/tools/${r.body.log_id}`);
    for (let i = 0; i < 20 && log.status === 404; i++) {
      await new Promise((res) => setTimeout(res, 100)); // the log is written asynchronously
      log = await s.api('GET', `/logs/tools/${r.body.log_id}`);
    }
    expect(log.status).toBe(200);
    expect(JSON.stringify(log.body)).toContain('/gmail/v1/users/me/messages/send');
  });

  it('GMAIL_CREATE_EMAIL_DRAFT saves MIME with the thread id', async () => {
    const r = await exec('GMAIL_CREATE_EMAIL_DRAFT', {
      recipient_email: 'jane@example.com',
      subject: 'Draft',
      body: 'later',
      thread_id: 't1',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: 'r-draft1', draft_id: 'r-draft1' },
    });
    expect(gmail.drafts[0]!.threadId).toBe('t1');
    expect(gmail.drafts[0]!.parsed.subject).toBe('Draft');
  });

  it('GMAIL_REPLY_TO_THREAD threads the reply (Re: subject, In-Reply-To, References) and defaults to the sender', async () => {
    gmail.sent.length = 0;
    const r = await exec('GMAIL_REPLY_TO_THREAD', { thread_id: 't1', message_body: 'Thanks Ana!' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { threadId: 't1' } });
    const sent = gmail.sent[0]!;
    expect(sent.threadId).toBe('t1');
    expect(sent.parsed.subject).toBe('Re: Report – Q3');
    expect(sent.parsed.inReplyTo).toBe('<orig-1@example.com>');
    expect(sent.parsed.references).toEqual('<orig-1@example.com>');
    expect((sent.parsed.to as any).value[0].address).toBe('ana@example.com');
  });

  it('GMAIL_FETCH_EMAILS lists and reads messages decoded, with pagination and ids_only', async () => {
    const r = await exec('GMAIL_FETCH_EMAILS', { max_results: 1, label_ids: ['INBOX'] });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    const [m] = r.body.data.messages;
    expect(m).toMatchObject({
      messageId: 'm1',
      threadId: 't1',
      subject: 'Report – Q3',
      sender: '"Ana Lopes" <ana@example.com>',
      labelIds: ['INBOX', 'UNREAD'],
      messageText: 'Numbers attached.\nAna',
      messageTimestamp: '2025-01-02T00:00:00.000Z',
      attachmentList: [{ filename: 'q3.csv', mimeType: 'text/csv', attachmentId: 'att-1' }],
    });
    expect(m.payload).toBeUndefined();
    expect(r.body.data.nextPageToken).toBe('1');
    const p2 = await exec('GMAIL_FETCH_EMAILS', {
      max_results: 1,
      label_ids: ['INBOX'],
      page_token: r.body.data.nextPageToken,
    });
    expect(p2.body.data.messages[0]).toMatchObject({
      messageId: 'm2',
      subject: 'Lunch?',
      messageText: 'Lunch tomorrow?',
    });
    expect(p2.body.data.nextPageToken).toBeNull();
    const ids = await exec('GMAIL_FETCH_EMAILS', { ids_only: true, query: 'from:bob@example.com' });
    expect(ids.body.data.messages).toEqual([{ messageId: 'm2', threadId: 't2' }]);
    const listReq = gmail.requests.find(
      (q) => q.path === '/gmail/v1/users/me/messages' && q.query.get('q') === 'from:bob@example.com',
    );
    expect(listReq).toBeTruthy();
  });

  it('fetches by message id and by thread id; an unknown id is successful:false with the Gmail message', async () => {
    const one = await exec('GMAIL_FETCH_MESSAGE_BY_MESSAGE_ID', { message_id: 'm2' });
    expect(one.body.data).toMatchObject({ messageId: 'm2', sender: 'bob@example.com', messageText: 'Lunch tomorrow?' });
    expect(one.body.data.payload.mimeType).toBe('multipart/mixed');
    const thread = await exec('GMAIL_FETCH_MESSAGE_BY_THREAD_ID', { thread_id: 't1' });
    expect(thread.body.data.messages.map((m: any) => m.messageId)).toEqual(['m1']);
    const missing = await exec('GMAIL_FETCH_MESSAGE_BY_MESSAGE_ID', { message_id: 'nope' });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ successful: false, data: { status_code: 404 } });
    expect(missing.body.error).toMatch(/404.*not found/i);
  });

  it('GMAIL_GET_ATTACHMENT stages the file behind a signed download URL', async () => {
    const r = await exec('GMAIL_GET_ATTACHMENT', { message_id: 'm1', attachment_id: 'att-1', file_name: 'q3.csv' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { file: { name: 'q3.csv', mimetype: 'text/csv', size: 8 } },
    });
    const dl = await fetch(r.body.data.file.s3url);
    expect(dl.status).toBe(200);
    expect(await dl.text()).toBe('a,b\n1,2\n');
  });

  it('GMAIL_ADD_LABEL_TO_EMAIL maps onto messages.modify; flattened arguments are folded', async () => {
    const r = await exec('GMAIL_ADD_LABEL_TO_EMAIL', {
      message_id: 'm2',
      add_label_ids: ['STARRED'],
      remove_label_ids: ['INBOX'],
    });
    expect(r.body).toMatchObject({ successful: true, data: { id: 'm2', labelIds: ['STARRED'] } });
    expect(gmail.last()).toMatchObject({
      method: 'POST',
      path: '/gmail/v1/users/me/messages/m2/modify',
      json: { addLabelIds: ['STARRED'], removeLabelIds: ['INBOX'] },
    });
    // `criteria__from` is the hosted flattening of criteria.from
    gmail.on('POST', '/gmail/v1/users/:u/settings/filters', (q) => ({ json: { id: 'f1', ...(q.json as object) } }));
    const f = await exec('GMAIL_CREATE_FILTER', {
      criteria__from: 'news@example.com',
      action: { removeLabelIds: ['INBOX'] },
    });
    expect(f.body, JSON.stringify(f.body)).toMatchObject({
      successful: true,
      data: { id: 'f1', criteria: { from: 'news@example.com' } },
    });
  });

  it('a composite refreshes the OAuth token once on a 401 and retries', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'gmail' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'cid', client_secret: 'csecret', token_url: `${oauth.url}/token` },
      },
    });
    const ca = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'stale-user',
        state: {
          authScheme: 'OAUTH2',
          val: {
            status: 'ACTIVE',
            access_token: 'stale',
            refresh_token: 'r-stale',
            expires_in: 3600,
            base_url: gmail.url,
          },
        },
      },
    });
    let refreshes = 0;
    oauth.on('POST', '/token', () => {
      refreshes++;
      return { json: { access_token: gmail.token, token_type: 'bearer', expires_in: 3600 } };
    });
    gmail.sent.length = 0;
    const r = await s.api('POST', '/tools/execute/GMAIL_SEND_EMAIL', {
      connected_account_id: ca.body.id,
      arguments: { recipient_email: 'a@example.com', subject: 's', body: 'b' },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(refreshes).toBe(1);
    expect(gmail.sent).toHaveLength(1);
  });

  it('listing: curated tools first, hosted names resolve, older names are deprecated aliases', async () => {
    const one = await s.api('GET', '/tools/GMAIL_SEND_EMAIL');
    expect(one.status).toBe(200);
    expect(Object.keys(one.body.input_parameters.properties)).toEqual(
      expect.arrayContaining([
        'recipient_email',
        'subject',
        'body',
        'is_html',
        'cc',
        'bcc',
        'extra_recipients',
        'attachment',
      ]),
    );
    expect(one.body.output_parameters.properties.data.properties.threadId).toBeTruthy();
    const list = await s.api('GET', '/tools?toolkit_slug=gmail&limit=5');
    expect(list.body.items[0].slug).toBe('GMAIL_SEND_EMAIL');
    const plain = await s.api('GET', '/tools?toolkit_slug=gmail&limit=1000');
    expect(plain.body.items.some((t: any) => t.slug === 'GMAIL_LIST_MESSAGES')).toBe(false);
    const all = await s.api('GET', '/tools?toolkit_slug=gmail&limit=1000&include_deprecated=true');
    const alias = all.body.items.find((t: any) => t.slug === 'GMAIL_LIST_MESSAGES');
    expect(alias).toMatchObject({ is_deprecated: true });
    expect(alias.description).toMatch(/GMAIL_FETCH_EMAILS/);
    // the generated operations are still there (the long tail)
    expect(all.body.items.some((t: any) => t.slug === 'GMAIL_USERS_MESSAGES_SEND')).toBe(true);
    const viaAlias = await exec('GMAIL_LIST_MESSAGES', { ids_only: true, max_results: 5 });
    expect(viaAlias.body.successful).toBe(true);
    expect(viaAlias.body.data.messages.length).toBeGreaterThan(0);
    const kit = await s.api('GET', '/toolkits/gmail');
    // the count is of listed tools: deprecated older names are not counted
    expect(kit.body.meta.tools_count).toBe(plain.body.total_items);
    expect(all.body.total_items).toBeGreaterThan(plain.body.total_items);
  });
});
