import { simpleParser, type ParsedMail } from 'mailparser';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Gmail API (gmail/v1 paths as Google serves them) for the curated Gmail tools.
 * Sent and drafted messages are parsed back with mailparser so tests check the real MIME;
 * the mailbox holds Gmail message resources (payload part trees, base64url bodies).
 */
export interface FakeGmail extends FakeUpstream {
  token: string;
  sent: { raw: Buffer; parsed: ParsedMail; threadId?: string; req: RecordedRequest }[];
  drafts: { raw: Buffer; parsed: ParsedMail; threadId?: string }[];
  messages: Map<string, any>;
  addMessage(m: {
    id: string;
    threadId: string;
    from: string;
    to: string;
    subject: string;
    text?: string;
    html?: string;
    labelIds?: string[];
    internalDate?: number;
    messageIdHeader?: string;
    attachment?: { id: string; filename: string; mimeType: string; data: Buffer };
  }): void;
}

const b64u = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export async function startFakeGmail(token = 'ya29.gmail-token'): Promise<FakeGmail> {
  const up = await startFakeUpstream();
  const g = up as FakeGmail;
  g.token = token;
  g.sent = [];
  g.drafts = [];
  g.messages = new Map();
  const attachments = new Map<string, Buffer>();
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${token}`;
  const unauthorized = {
    status: 401,
    json: {
      error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
    },
  };

  g.addMessage = (m) => {
    const headers = [
      { name: 'From', value: m.from },
      { name: 'To', value: m.to },
      { name: 'Subject', value: m.subject },
      { name: 'Date', value: new Date(m.internalDate ?? Date.now()).toUTCString() },
      { name: 'Message-ID', value: m.messageIdHeader ?? `<${m.id}@mail.example.com>` },
    ];
    const parts: any[] = [];
    if (m.text !== undefined)
      parts.push({
        partId: '0.0',
        mimeType: 'text/plain',
        filename: '',
        headers: [],
        body: { size: m.text.length, data: b64u(m.text) },
      });
    if (m.html !== undefined)
      parts.push({
        partId: '0.1',
        mimeType: 'text/html',
        filename: '',
        headers: [],
        body: { size: m.html.length, data: b64u(m.html) },
      });
    const alt = { partId: '0', mimeType: 'multipart/alternative', filename: '', headers: [], body: { size: 0 }, parts };
    const top: any[] = [alt];
    if (m.attachment) {
      attachments.set(`${m.id}/${m.attachment.id}`, m.attachment.data);
      top.push({
        partId: '1',
        mimeType: m.attachment.mimeType,
        filename: m.attachment.filename,
        headers: [],
        body: { size: m.attachment.data.length, attachmentId: m.attachment.id },
      });
    }
    g.messages.set(m.id, {
      id: m.id,
      threadId: m.threadId,
      labelIds: m.labelIds ?? ['INBOX', 'UNREAD'],
      snippet: (m.text ?? '').slice(0, 100),
      internalDate: String(m.internalDate ?? Date.now()),
      historyId: '1000',
      sizeEstimate: 1234,
      payload: { partId: '', mimeType: 'multipart/mixed', filename: '', headers, body: { size: 0 }, parts: top },
    });
  };

  const view = (msg: any, format: string, metadataHeaders: string[]) => {
    if (format === 'metadata') {
      const keep = metadataHeaders.map((h) => h.toLowerCase());
      const headers = msg.payload.headers.filter((h: any) => !keep.length || keep.includes(h.name.toLowerCase()));
      return { ...msg, payload: { mimeType: msg.payload.mimeType, headers } };
    }
    if (format === 'raw') {
      const h = msg.payload.headers.map((x: any) => `${x.name}: ${x.value}`).join('\r\n');
      const text = msg.payload.parts[0].parts.find((p: any) => p.mimeType === 'text/plain');
      const body = text ? Buffer.from(text.body.data, 'base64url').toString('utf8') : '';
      const { payload: _p, ...rest } = msg;
      return { ...rest, raw: b64u(`${h}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`) };
    }
    return msg;
  };

  const base = '/gmail/v1/users/:user';
  g.on('POST', `${base}/messages/send`, async (r, p) => {
    if (!authed(r)) return unauthorized;
    if (p.user !== 'me') return { status: 400, json: { error: { message: 'bad user' } } };
    const body = r.json as { raw: string; threadId?: string };
    const raw = Buffer.from(body.raw, 'base64url');
    const parsed = await simpleParser(raw, { keepCidLinks: true });
    g.sent.push({ raw, parsed, threadId: body.threadId, req: r });
    return {
      json: {
        id: `sent${g.sent.length}`,
        threadId: body.threadId ?? `thread-sent${g.sent.length}`,
        labelIds: ['SENT'],
      },
    };
  });
  g.on('POST', `${base}/drafts`, async (r) => {
    if (!authed(r)) return unauthorized;
    const body = r.json as { message: { raw: string; threadId?: string } };
    const raw = Buffer.from(body.message.raw, 'base64url');
    g.drafts.push({ raw, parsed: await simpleParser(raw), threadId: body.message.threadId });
    return {
      json: {
        id: `r-draft${g.drafts.length}`,
        message: { id: `dm${g.drafts.length}`, threadId: body.message.threadId ?? 'tnew', labelIds: ['DRAFT'] },
      },
    };
  });
  g.on('GET', `${base}/messages`, (r) => {
    if (!authed(r)) return unauthorized;
    let list = [...g.messages.values()];
    const labels = r.query.getAll('labelIds');
    if (labels.length) list = list.filter((m) => labels.every((l) => m.labelIds.includes(l)));
    const q = r.query.get('q');
    if (q?.startsWith('from:'))
      list = list.filter((m) => m.payload.headers.find((h: any) => h.name === 'From').value.includes(q.slice(5)));
    const max = Number(r.query.get('maxResults') ?? 100);
    const start = Number(r.query.get('pageToken') ?? 0);
    const page = list.slice(start, start + max);
    return {
      json: {
        messages: page.map((m) => ({ id: m.id, threadId: m.threadId })),
        resultSizeEstimate: list.length,
        ...(start + max < list.length ? { nextPageToken: String(start + max) } : {}),
      },
    };
  });
  g.on('GET', `${base}/messages/:id`, (r, p) => {
    if (!authed(r)) return unauthorized;
    const m = g.messages.get(p.id!);
    if (!m) return { status: 404, json: { error: { code: 404, message: 'Requested entity was not found.' } } };
    return { json: view(m, r.query.get('format') ?? 'full', r.query.getAll('metadataHeaders')) };
  });
  g.on('GET', `${base}/threads/:id`, (r, p) => {
    if (!authed(r)) return unauthorized;
    const msgs = [...g.messages.values()].filter((m) => m.threadId === p.id);
    if (!msgs.length)
      return { status: 404, json: { error: { code: 404, message: 'Requested entity was not found.' } } };
    return {
      json: {
        id: p.id,
        historyId: '1001',
        messages: msgs.map((m) => view(m, r.query.get('format') ?? 'full', r.query.getAll('metadataHeaders'))),
      },
    };
  });
  g.on('GET', `${base}/messages/:id/attachments/:aid`, (r, p) => {
    if (!authed(r)) return unauthorized;
    const data = attachments.get(`${p.id}/${p.aid}`);
    if (!data) return { status: 404, json: { error: { code: 404, message: 'Requested entity was not found.' } } };
    return { json: { size: data.length, data: b64u(data) } };
  });
  g.on('POST', `${base}/messages/:id/modify`, (r, p) => {
    if (!authed(r)) return unauthorized;
    const m = g.messages.get(p.id!);
    if (!m) return { status: 404, json: { error: { code: 404, message: 'Requested entity was not found.' } } };
    const b = r.json as { addLabelIds?: string[]; removeLabelIds?: string[] };
    m.labelIds = [
      ...new Set([
        ...m.labelIds.filter((l: string) => !(b.removeLabelIds ?? []).includes(l)),
        ...(b.addLabelIds ?? []),
      ]),
    ];
    return { json: { id: m.id, threadId: m.threadId, labelIds: m.labelIds } };
  });
  g.on('GET', `${base}/labels`, (r) =>
    authed(r)
      ? {
          json: {
            labels: [
              { id: 'INBOX', name: 'INBOX', type: 'system' },
              { id: 'Label_1', name: 'Receipts', type: 'user' },
            ],
          },
        }
      : unauthorized,
  );
  return g;
}
