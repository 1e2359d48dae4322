/**
 * Gmail encoding work for the curated Gmail tools: RFC 2822 messages built with nodemailer's
 * MailComposer (base64url for the API's `raw`), and Gmail message resources decoded into the
 * flat shape agents read (messageId, threadId, subject, sender, messageText, labelIds, …).
 */
import type MailComposerClass from 'nodemailer/lib/mail-composer';
import type libmimeModule from 'libmime';
import type { convert as htmlToTextFn } from 'html-to-text';
import { lazyRequire } from '../../lazy-require';
import type { CuratedContext, FileDescriptor } from './types';
import { ToolArgumentError } from './types';

const mailComposer = lazyRequire<typeof MailComposerClass>('nodemailer/lib/mail-composer');
export const libmime = lazyRequire<typeof libmimeModule>('libmime');
const htmlToText: typeof htmlToTextFn = (html, options) =>
  lazyRequire<{ convert: typeof htmlToTextFn }>('html-to-text')().convert(html, options);

export interface ComposeArgs {
  to: string[];
  cc: string[];
  bcc: string[];
  subject?: string;
  body?: string;
  isHtml?: boolean;
  from?: string;
  attachments?: FileDescriptor[];
  inReplyTo?: string;
  references?: string;
  /** an attached message (forwarding) */
  forwarded?: Buffer;
}

const list = (v: unknown): string[] =>
  v === undefined || v === null || v === ''
    ? []
    : (Array.isArray(v) ? v : [v])
        .flatMap((x) => String(x).split(','))
        .map((x) => x.trim())
        .filter(Boolean);

/** Recipients from the hosted argument names (`recipient_email`, `to`, `extra_recipients`, `cc`, `bcc`). */
export function recipients(args: Record<string, unknown>) {
  return {
    to: [...list(args.recipient_email), ...list(args.to), ...list(args.extra_recipients)],
    cc: list(args.cc),
    bcc: list(args.bcc),
  };
}

export function attachmentsOf(args: Record<string, unknown>): FileDescriptor[] {
  const v = args.attachment ?? args.attachments;
  if (!v) return [];
  return (Array.isArray(v) ? v : [v]).filter(
    (x): x is FileDescriptor => !!x && typeof x === 'object' && typeof (x as FileDescriptor).s3key === 'string',
  );
}

/** The message as RFC 2822 bytes (Bcc kept: Gmail reads it to deliver, then strips it). */
export async function composeMime(ctx: CuratedContext, m: ComposeArgs): Promise<Buffer> {
  const files = await Promise.all((m.attachments ?? []).map((a) => ctx.readFile(a)));
  const attachments: { filename: string; content: Buffer; contentType: string }[] = files.map((f) => ({
    filename: f.name,
    content: f.content,
    contentType: f.mimetype,
  }));
  if (m.forwarded)
    attachments.push({ filename: 'forwarded-message.eml', content: m.forwarded, contentType: 'message/rfc822' });
  const mail = new (mailComposer())({
    from: m.from,
    to: m.to.length ? m.to : undefined,
    cc: m.cc.length ? m.cc : undefined,
    bcc: m.bcc.length ? m.bcc : undefined,
    subject: m.subject ?? '',
    ...(m.isHtml
      ? { html: m.body ?? '', text: htmlToText(m.body ?? '', { wordwrap: false }) }
      : { text: m.body ?? '' }),
    attachments,
    inReplyTo: m.inReplyTo,
    references: m.references,
  });
  const node = mail.compile() as unknown as { keepBcc: boolean; build(): Promise<Buffer> };
  node.keepBcc = true;
  return node.build();
}

export function requireRecipient(r: { to: string[]; cc: string[]; bcc: string[] }) {
  if (!r.to.length && !r.cc.length && !r.bcc.length)
    throw new ToolArgumentError('give at least one of recipient_email, cc or bcc');
}

// ------------------------------------------------------------------------------------------
// Reading messages
// ------------------------------------------------------------------------------------------

export interface GmailPart {
  partId?: string;
  mimeType?: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { size?: number; data?: string; attachmentId?: string };
  parts?: GmailPart[];
}

export interface GmailMessage {
  id: string;
  threadId?: string;
  labelIds?: string[];
  snippet?: string;
  internalDate?: string;
  historyId?: string;
  sizeEstimate?: number;
  payload?: GmailPart;
  raw?: string;
}

const b64 = (s: string) => Buffer.from(s, 'base64url');

function walk(p: GmailPart | undefined, fn: (p: GmailPart) => void) {
  if (!p) return;
  fn(p);
  for (const c of p.parts ?? []) walk(c, fn);
}

export function header(m: GmailMessage, name: string): string | undefined {
  const v = m.payload?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
  return v === undefined ? undefined : libmime().decodeWords(v);
}

/** Plain text of a message: its text/plain parts, else its HTML converted to text. */
export function messageText(m: GmailMessage): string {
  const plain: string[] = [];
  const html: string[] = [];
  walk(m.payload, (p) => {
    if (p.filename || !p.body?.data) return;
    const type = (p.mimeType ?? '').toLowerCase();
    if (type === 'text/plain') plain.push(b64(p.body.data).toString('utf8'));
    else if (type === 'text/html') html.push(b64(p.body.data).toString('utf8'));
  });
  if (plain.length) return plain.join('\n');
  if (html.length) return htmlToText(html.join('\n'), { wordwrap: false });
  return '';
}

export function attachmentList(m: GmailMessage) {
  const out: { filename: string; mimeType: string; attachmentId: string; size: number; partId?: string }[] = [];
  walk(m.payload, (p) => {
    if (p.filename && p.body?.attachmentId) {
      out.push({
        filename: p.filename,
        mimeType: p.mimeType ?? 'application/octet-stream',
        attachmentId: p.body.attachmentId,
        size: p.body.size ?? 0,
        partId: p.partId,
      });
    }
  });
  return out;
}

/** The flat message shape of the hosted tools (`payload` only when asked for). */
export function shapeMessage(m: GmailMessage, opts: { includePayload?: boolean } = {}): Record<string, unknown> {
  const ts = m.internalDate ? new Date(Number(m.internalDate)) : undefined;
  const subject = header(m, 'Subject') ?? '';
  const text = messageText(m);
  const out: Record<string, unknown> = {
    messageId: m.id,
    threadId: m.threadId ?? null,
    labelIds: m.labelIds ?? [],
    messageTimestamp: ts && !Number.isNaN(ts.getTime()) ? ts.toISOString() : null,
    internalDate: m.internalDate ?? null,
    subject,
    sender: header(m, 'From') ?? null,
    to: header(m, 'To') ?? null,
    cc: header(m, 'Cc') ?? null,
    date: header(m, 'Date') ?? null,
    messageText: text,
    preview: { subject, body: m.snippet ?? text.slice(0, 200) },
    snippet: m.snippet ?? '',
    attachmentList: attachmentList(m),
  };
  if (opts.includePayload) out.payload = m.payload ?? null;
  if (m.raw) out.raw = m.raw;
  return out;
}
