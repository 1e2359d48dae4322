/**
 * Gmail in the hosted vocabulary. Composites do the MIME and decoding work (send, draft,
 * reply, forward, fetch, attachments); the rest map onto one Gmail API operation each.
 * Paths are relative to the toolkit base URL https://gmail.googleapis.com.
 */
import type { ToolHttp } from '../types';
import { at, composite, http, mapping, params, s } from './define';
import {
  attachmentsOf,
  composeMime,
  header,
  libmime,
  recipients,
  requireRecipient,
  shapeMessage,
  type GmailMessage,
} from './gmail-mime';
import type { CuratedContext, CuratedTool } from './types';

const USER_ID = s.string(
  "Whose mailbox: 'me' (the connected account, the default) or an address that account may act for.",
  { default: 'me', examples: ['me'] },
);
const MESSAGE_ID = s.string(
  'Gmail message id, as returned by GMAIL_FETCH_EMAILS (messageId) or GMAIL_SEND_EMAIL (id).',
  { examples: ['18c2f3a4b5d6e7f8'] },
);
const THREAD_ID = s.string('Gmail thread id (threadId of a fetched message).', { examples: ['18c2f3a4b5d6e7f8'] });
const LABEL_IDS = (what: string) =>
  s.strings(
    `${what}: label ids such as INBOX, UNREAD, STARRED, IMPORTANT, SPAM, TRASH or Label_123 for user labels (see GMAIL_LIST_LABELS; display names do not work).`,
    { examples: [['UNREAD']] },
  );
const PAGE_TOKEN = s.string('nextPageToken of the previous page; omit for the first page.');
const RECIPIENT = s.string('Main recipient address (To).', { format: 'email', examples: ['jane@example.com'] });
const EXTRA = s.strings('More To addresses.', { examples: [['ops@example.com']] });
const CC = s.strings('Cc addresses.', { examples: [['lead@example.com']] });
const BCC = s.strings('Bcc addresses (delivered, not shown to other recipients).');
const IS_HTML = s.boolean('true when body is HTML (a plain-text alternative is added); false for plain text.', {
  default: false,
});
const ATTACHMENT = s.file(
  'A file to attach, staged first with POST /api/v3/files/upload/request: {name, mimetype, s3key}.',
);
const SENT = params({
  id: s.string('Id of the sent message'),
  threadId: s.string('Thread the message belongs to'),
  labelIds: s.strings('Labels of the sent message (SENT, …)'),
});
const FILE_OUT = params({
  file: s.object(
    {
      name: s.string('File name'),
      mimetype: s.string('MIME type'),
      s3url: s.string('Signed download URL (valid one hour)'),
      size: s.integer('Bytes'),
    },
    'The downloaded file',
  ),
});
const MESSAGE_OUT = {
  type: 'object',
  description: 'One email, decoded',
  properties: {
    messageId: s.string('Message id'),
    threadId: s.string('Thread id'),
    labelIds: s.strings('Label ids'),
    messageTimestamp: s.string('When Gmail received it (ISO 8601)'),
    subject: s.string('Decoded Subject header'),
    sender: s.string('From header'),
    to: s.string('To header'),
    messageText: s.string('Plain-text body (HTML converted when there is no text part)'),
    preview: s.object({ subject: s.string('Subject'), body: s.string('Short snippet') }, 'Short preview'),
    attachmentList: s.array(
      s.object(
        {
          filename: s.string('File name'),
          mimeType: s.string('MIME type'),
          attachmentId: s.string('Pass to GMAIL_GET_ATTACHMENT'),
          size: s.integer('Bytes'),
        },
        'An attachment',
      ),
      'Attachments of the message',
    ),
  },
};

const enc = encodeURIComponent;
const userPath = (args: Record<string, unknown>, rest: string) =>
  `/gmail/v1/users/${enc(String(args.user_id ?? 'me'))}/${rest}`;

/** A mapping under /gmail/v1/users/{userId}/ with user_id defaulting to me. */
function gm(def: {
  slug: string;
  name: string;
  description: string;
  method: ToolHttp['method'];
  rest: string;
  p?: ToolHttp['params'];
  input?: Record<string, unknown>;
  required?: string[];
  tags?: string[];
  important?: boolean;
  defaults?: Record<string, unknown>;
  prepare?: (a: Record<string, unknown>) => Record<string, unknown>;
  aliases?: string[];
  deprecated?: boolean;
  output?: ReturnType<typeof params>;
}): CuratedTool {
  return mapping({
    slug: def.slug,
    name: def.name,
    description: def.description,
    tags: def.tags ?? ['gmail'],
    important: def.important,
    aliases: def.aliases,
    deprecated: def.deprecated,
    output: def.output,
    input: params({ ...(def.input ?? {}), user_id: USER_ID }, def.required ?? []),
    http: http(def.method, `/gmail/v1/users/{userId}/${def.rest}`, { user_id: at.path('userId'), ...(def.p ?? {}) }),
    defaults: { user_id: 'me', ...(def.defaults ?? {}) },
    prepare: def.prepare,
  });
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

async function getMessage(
  ctx: CuratedContext,
  args: Record<string, unknown>,
  id: string,
  format = 'full',
): Promise<GmailMessage> {
  return ctx.json<GmailMessage>({ method: 'GET', path: userPath(args, `messages/${enc(id)}`), query: { format } });
}

const composeInput = {
  recipient_email: RECIPIENT,
  extra_recipients: EXTRA,
  cc: CC,
  bcc: BCC,
  subject: s.string('Subject line.', { examples: ['Quarterly report'] }),
  body: s.string('Message body, plain text or HTML (set is_html).', { examples: ['Hi Jane, the report is attached.'] }),
  is_html: IS_HTML,
  attachment: ATTACHMENT,
  from_email: s.string('Send-as address to use as From (must be configured in Gmail); default: the account address.', {
    format: 'email',
  }),
  user_id: USER_ID,
};

const sendEmail = composite({
  slug: 'GMAIL_SEND_EMAIL',
  name: 'Send email',
  important: true,
  tags: ['gmail', 'email', 'send'],
  description:
    'Send an email now from the connected Gmail account. Give at least one recipient (recipient_email, extra_recipients, cc or bcc) and a subject or body; set is_html for HTML bodies; attach a staged file with attachment. The message is built as standard MIME and sent immediately (not reversible). Returns the sent message id and threadId; to answer inside an existing conversation use GMAIL_REPLY_TO_THREAD instead, to prepare without sending use GMAIL_CREATE_EMAIL_DRAFT.',
  input: params({
    ...composeInput,
    to: s.string('Same as recipient_email (accepted for compatibility).', { format: 'email' }),
  }),
  output: SENT,
  async run(ctx, args) {
    const r = recipients(args);
    requireRecipient(r);
    const raw = await composeMime(ctx, {
      ...r,
      subject: args.subject as string | undefined,
      body: args.body as string | undefined,
      isHtml: !!args.is_html,
      from: args.from_email as string | undefined,
      attachments: attachmentsOf(args),
    });
    return ctx.json({
      method: 'POST',
      path: userPath(args, 'messages/send'),
      body: { raw: raw.toString('base64url') },
    });
  },
});

async function draftRaw(ctx: CuratedContext, args: Record<string, unknown>) {
  const r = recipients(args);
  return composeMime(ctx, {
    ...r,
    subject: args.subject as string | undefined,
    body: args.body as string | undefined,
    isHtml: !!args.is_html,
    from: args.from_email as string | undefined,
    attachments: attachmentsOf(args),
  });
}

const DRAFT_OUT = params({
  id: s.string('Draft id (pass as draft_id to GMAIL_SEND_DRAFT)'),
  draft_id: s.string('Same as id'),
  message: s.object(
    { id: s.string('Message id'), threadId: s.string('Thread id'), labelIds: s.strings('Labels') },
    'The draft message',
  ),
});

const createDraft = composite({
  slug: 'GMAIL_CREATE_EMAIL_DRAFT',
  name: 'Create email draft',
  important: true,
  tags: ['gmail', 'email', 'draft'],
  description:
    'Save an email as a Gmail draft without sending it: recipients, subject, plain or HTML body and attachments as for GMAIL_SEND_EMAIL (all optional here). Give thread_id to make it a draft reply in that conversation (keep the subject empty to stay in the thread). Returns the draft id; send it later with GMAIL_SEND_DRAFT or change it with GMAIL_UPDATE_DRAFT.',
  input: params({ ...composeInput, thread_id: s.string('Thread to attach the draft to, for a draft reply.') }),
  output: DRAFT_OUT,
  async run(ctx, args) {
    const raw = await draftRaw(ctx, args);
    const message: Record<string, unknown> = { raw: raw.toString('base64url') };
    if (args.thread_id) message.threadId = args.thread_id;
    const d = await ctx.json<{ id: string }>({ method: 'POST', path: userPath(args, 'drafts'), body: { message } });
    return { ...d, draft_id: d.id };
  },
});

const updateDraft = composite({
  slug: 'GMAIL_UPDATE_DRAFT',
  name: 'Update draft',
  tags: ['gmail', 'email', 'draft'],
  description:
    'Replace the whole content of an existing draft (recipients, subject, body, attachment) by draft_id; fields left out are not kept, so pass the complete message. Returns the updated draft; send it with GMAIL_SEND_DRAFT.',
  input: params(
    {
      draft_id: s.string('Draft id from GMAIL_CREATE_EMAIL_DRAFT or GMAIL_LIST_DRAFTS.'),
      ...composeInput,
      thread_id: s.string('Thread of the draft, for a draft reply.'),
    },
    ['draft_id'],
  ),
  output: DRAFT_OUT,
  async run(ctx, args) {
    const raw = await draftRaw(ctx, args);
    const message: Record<string, unknown> = { raw: raw.toString('base64url') };
    if (args.thread_id) message.threadId = args.thread_id;
    const d = await ctx.json<{ id: string }>({
      method: 'PUT',
      path: userPath(args, `drafts/${enc(String(args.draft_id))}`),
      body: { id: args.draft_id, message },
    });
    return { ...d, draft_id: d.id };
  },
});

/** Subject, Message-ID chain and Reply-To/From of the newest message of a thread. */
async function threadContext(ctx: CuratedContext, args: Record<string, unknown>, threadId: string) {
  const t = await ctx.json<{ messages?: GmailMessage[] }>({
    method: 'GET',
    path: userPath(args, `threads/${enc(threadId)}`),
    query: { format: 'metadata', metadataHeaders: ['Subject', 'Message-ID', 'References', 'From', 'Reply-To'] },
  });
  const msgs = t.messages ?? [];
  const last = [...msgs].sort((a, b) => Number(a.internalDate ?? 0) - Number(b.internalDate ?? 0)).pop();
  if (!last) return {};
  const messageId = header(last, 'Message-ID');
  const refs = header(last, 'References');
  return {
    subject: header(last, 'Subject'),
    inReplyTo: messageId,
    references: [refs, messageId].filter(Boolean).join(' ') || undefined,
    replyTo: header(last, 'Reply-To') ?? header(last, 'From'),
  };
}

const reply = composite({
  slug: 'GMAIL_REPLY_TO_THREAD',
  name: 'Reply to email thread',
  important: true,
  tags: ['gmail', 'email', 'reply', 'send'],
  description:
    'Send a reply inside an existing Gmail conversation. Give thread_id and message_body; the subject ("Re: …") and the In-Reply-To/References headers come from the newest message of the thread so mail clients keep it threaded. Recipients: recipient_email, extra_recipients, cc, bcc; when none is given the reply goes to the sender of the newest message. Attach a staged file with attachment. Returns the sent message id and threadId.',
  input: params(
    {
      thread_id: THREAD_ID,
      message_body: s.string('Text of the reply (HTML when is_html).', { examples: ['Thanks, that works for me.'] }),
      recipient_email: RECIPIENT,
      extra_recipients: EXTRA,
      cc: CC,
      bcc: BCC,
      is_html: IS_HTML,
      attachment: ATTACHMENT,
      user_id: USER_ID,
    },
    ['thread_id'],
  ),
  output: SENT,
  async run(ctx, args) {
    const threadId = String(args.thread_id);
    const tc = await threadContext(ctx, args, threadId);
    const r = recipients(args);
    if (!r.to.length && !r.cc.length && !r.bcc.length && tc.replyTo) r.to.push(tc.replyTo);
    requireRecipient(r);
    const subj = tc.subject ?? '';
    const raw = await composeMime(ctx, {
      ...r,
      subject: /^re:/i.test(subj) ? subj : `Re: ${subj}`.trim(),
      body: args.message_body as string | undefined,
      isHtml: !!args.is_html,
      attachments: attachmentsOf(args),
      inReplyTo: tc.inReplyTo,
      references: tc.references,
    });
    return ctx.json({
      method: 'POST',
      path: userPath(args, 'messages/send'),
      body: { raw: raw.toString('base64url'), threadId },
    });
  },
});

const forward = composite({
  slug: 'GMAIL_FORWARD_MESSAGE',
  name: 'Forward email message',
  tags: ['gmail', 'email', 'send'],
  description:
    'Forward an existing message to new recipients. The original is attached whole (its body and attachments intact) below an optional note in additional_text; the subject becomes "Fwd: …". Give message_id and recipient_email (plus cc/bcc if needed). Returns the sent message id and threadId.',
  input: params(
    {
      message_id: MESSAGE_ID,
      recipient_email: RECIPIENT,
      extra_recipients: EXTRA,
      cc: CC,
      bcc: BCC,
      additional_text: s.string('A note above the forwarded message.'),
      user_id: USER_ID,
    },
    ['message_id'],
  ),
  output: SENT,
  async run(ctx, args) {
    const r = recipients(args);
    requireRecipient(r);
    const orig = await getMessage(ctx, args, String(args.message_id), 'raw');
    const original = Buffer.from(orig.raw ?? '', 'base64url');
    const subjLine =
      /^Subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im
        .exec(original.subarray(0, 64 * 1024).toString('utf8'))?.[1]
        ?.replace(/\r?\n[ \t]/g, ' ') ?? '';
    const subject = libmime().decodeWords(subjLine);
    const raw = await composeMime(ctx, {
      ...r,
      subject: /^fwd?:/i.test(subject) ? subject : `Fwd: ${subject}`.trim(),
      body: `${args.additional_text ? `${String(args.additional_text)}\n\n` : ''}---------- Forwarded message ----------\n(attached)`,
      forwarded: original,
    });
    return ctx.json({
      method: 'POST',
      path: userPath(args, 'messages/send'),
      body: { raw: raw.toString('base64url') },
    });
  },
});

const fetchEmails = composite({
  slug: 'GMAIL_FETCH_EMAILS',
  name: 'Fetch emails',
  important: true,
  tags: ['gmail', 'email', 'read', 'search'],
  aliases: ['GMAIL_LIST_MESSAGES'],
  description:
    'List and read emails from the mailbox, newest first as Gmail returns them. Narrow with query (Gmail search syntax: from:, to:, subject:, is:unread, after:2024/01/31, has:attachment, label:…) and/or label_ids; page with page_token and max_results. Each message comes decoded: messageId, threadId, subject, sender, to, messageTimestamp, labelIds, messageText (plain text), preview and attachmentList (attachmentId for GMAIL_GET_ATTACHMENT). ids_only=true returns only ids (fast, for large scans; read details with GMAIL_FETCH_MESSAGE_BY_MESSAGE_ID); include_payload=true adds the raw MIME part tree. nextPageToken is set when more results exist.',
  input: params({
    query: s.string('Gmail search query.', { examples: ['from:billing@example.com is:unread newer_than:7d'] }),
    max_results: s.integer('How many messages per page (1-500).', { default: 10, minimum: 1, maximum: 500 }),
    label_ids: LABEL_IDS('Only messages carrying all these labels'),
    page_token: PAGE_TOKEN,
    include_spam_trash: s.boolean('Also search Spam and Trash.', { default: false }),
    include_payload: s.boolean("Add each message's raw payload (MIME part tree).", { default: false }),
    ids_only: s.boolean('Return only messageId/threadId per message.', { default: false }),
    verbose: s.boolean('Read full messages (bodies, attachments). false reads headers only, faster.', {
      default: true,
    }),
    user_id: USER_ID,
  }),
  output: params({
    messages: s.array(MESSAGE_OUT, 'Messages of this page'),
    nextPageToken: s.string('Token for the next page; absent on the last page', { nullable: true }),
    resultSizeEstimate: s.integer("Gmail's estimate of the total matches"),
  }),
  async run(ctx, args) {
    const list = await ctx.json<{
      messages?: { id: string; threadId: string }[];
      nextPageToken?: string;
      resultSizeEstimate?: number;
    }>({
      method: 'GET',
      path: userPath(args, 'messages'),
      query: {
        maxResults: (args.max_results as number | undefined) ?? 10,
        pageToken: args.page_token as string | undefined,
        q: args.query as string | undefined,
        labelIds: args.label_ids as string[] | undefined,
        includeSpamTrash: args.include_spam_trash ? true : undefined,
      },
    });
    const refs = list.messages ?? [];
    const page = {
      nextPageToken: list.nextPageToken ?? null,
      resultSizeEstimate: list.resultSizeEstimate ?? refs.length,
    };
    if (args.ids_only) return { messages: refs.map((m) => ({ messageId: m.id, threadId: m.threadId })), ...page };
    const format = args.verbose === false ? 'metadata' : 'full';
    const full = await mapLimit(refs, 8, (m) => getMessage(ctx, args, m.id, format));
    return { messages: full.map((m) => shapeMessage(m, { includePayload: !!args.include_payload })), ...page };
  },
});

const fetchById = composite({
  slug: 'GMAIL_FETCH_MESSAGE_BY_MESSAGE_ID',
  name: 'Fetch message by message ID',
  important: true,
  tags: ['gmail', 'email', 'read'],
  description:
    'Read one email by message_id, decoded like GMAIL_FETCH_EMAILS: subject, sender, to, messageText, labelIds, attachmentList and the raw payload. format=raw adds the whole RFC 2822 message (base64url) instead; metadata reads headers only.',
  input: params(
    {
      message_id: MESSAGE_ID,
      format: s.enum(['full', 'metadata', 'minimal', 'raw'], 'How much of the message to read.', { default: 'full' }),
      user_id: USER_ID,
    },
    ['message_id'],
  ),
  output: {
    ...MESSAGE_OUT,
    type: 'object',
    properties: { ...MESSAGE_OUT.properties, payload: s.object({}, 'MIME part tree') },
  },
  async run(ctx, args) {
    const m = await getMessage(ctx, args, String(args.message_id), (args.format as string | undefined) ?? 'full');
    return shapeMessage(m, { includePayload: true });
  },
});

const fetchByThread = composite({
  slug: 'GMAIL_FETCH_MESSAGE_BY_THREAD_ID',
  name: 'Fetch messages by thread ID',
  important: true,
  tags: ['gmail', 'email', 'read', 'thread'],
  description:
    'Read every message of a conversation by thread_id, each decoded (messageId, subject, sender, messageText, labelIds, attachmentList), oldest first. Use it before GMAIL_REPLY_TO_THREAD to see what was said.',
  input: params({ thread_id: THREAD_ID, page_token: PAGE_TOKEN, user_id: USER_ID }, ['thread_id']),
  output: params({
    messages: s.array(MESSAGE_OUT, 'Messages of the thread, oldest first'),
    historyId: s.string('Thread history id'),
  }),
  async run(ctx, args) {
    const t = await ctx.json<{ id: string; historyId?: string; messages?: GmailMessage[] }>({
      method: 'GET',
      path: userPath(args, `threads/${enc(String(args.thread_id))}`),
      query: { format: 'full', pageToken: args.page_token as string | undefined },
    });
    const msgs = [...(t.messages ?? [])].sort((a, b) => Number(a.internalDate ?? 0) - Number(b.internalDate ?? 0));
    return { messages: msgs.map((m) => shapeMessage(m, { includePayload: true })), historyId: t.historyId ?? null };
  },
});

const getAttachment = composite({
  slug: 'GMAIL_GET_ATTACHMENT',
  name: 'Get Gmail attachment',
  important: true,
  tags: ['gmail', 'email', 'attachment', 'download'],
  description:
    'Download one attachment of a message into a file: give message_id and attachment_id (from attachmentList of a fetched message) and the file_name to give it. Returns file {name, mimetype, s3url, size}; s3url is a signed link valid for one hour.',
  input: params(
    {
      message_id: MESSAGE_ID,
      attachment_id: s.string("attachmentId from the message's attachmentList."),
      file_name: s.string('Name for the downloaded file; its extension sets the MIME type.', {
        examples: ['invoice.pdf'],
      }),
      user_id: USER_ID,
    },
    ['message_id', 'attachment_id', 'file_name'],
  ),
  output: FILE_OUT,
  async run(ctx, args) {
    const a = await ctx.json<{ data?: string; size?: number }>({
      method: 'GET',
      path: userPath(args, `messages/${enc(String(args.message_id))}/attachments/${enc(String(args.attachment_id))}`),
    });
    const bytes = Buffer.from(a.data ?? '', 'base64url');
    const name = String(args.file_name);
    return { file: await ctx.stageFile(bytes, name, libmime().detectMimeType(name) || 'application/octet-stream') };
  },
});

const labelsModify = {
  add_label_ids: LABEL_IDS('Labels to add'),
  remove_label_ids: LABEL_IDS('Labels to remove (remove UNREAD to mark as read, INBOX to archive)'),
};

const people = (
  slug: string,
  name: string,
  description: string,
  input: Record<string, unknown>,
  required: string[],
  run: (ctx: CuratedContext, a: Record<string, unknown>) => Promise<Record<string, unknown>>,
) => composite({ slug, name, description, tags: ['gmail', 'contacts'], input: params(input, required), run });

const PERSON_FIELDS = s.string('Comma-separated person fields to return.', {
  default: 'names,emailAddresses,phoneNumbers',
  examples: ['names,emailAddresses'],
});
const PEOPLE_API = 'https://people.googleapis.com/v1';

export const gmailTools: CuratedTool[] = [
  sendEmail,
  fetchEmails,
  reply,
  createDraft,
  fetchById,
  fetchByThread,
  getAttachment,
  gm({
    slug: 'GMAIL_ADD_LABEL_TO_EMAIL',
    name: 'Modify email labels',
    important: true,
    method: 'POST',
    rest: 'messages/{id}/modify',
    description:
      'Add and/or remove labels on one message: mark read (remove UNREAD), star (add STARRED), archive (remove INBOX) or file under a user label (Label_… id from GMAIL_LIST_LABELS). Returns the message id, threadId and its labelIds after the change.',
    input: { message_id: MESSAGE_ID, ...labelsModify },
    required: ['message_id'],
    p: {
      message_id: at.path('id'),
      add_label_ids: at.body('addLabelIds'),
      remove_label_ids: at.body('removeLabelIds'),
    },
  }),
  gm({
    slug: 'GMAIL_LIST_LABELS',
    name: 'List Gmail labels',
    important: true,
    method: 'GET',
    rest: 'labels',
    description:
      'List every label of the mailbox, system (INBOX, UNREAD, STARRED, SENT, …) and user-created, with its id, name and type. Label ids from here are what the other Gmail tools take (display names do not work).',
  }),
  gm({
    slug: 'GMAIL_CREATE_LABEL',
    name: 'Create label',
    method: 'POST',
    rest: 'labels',
    description:
      'Create a user label by name (nested labels use "Parent/Child"), optionally with visibility and colours. Returns the new label with its id (Label_…) for GMAIL_ADD_LABEL_TO_EMAIL.',
    input: {
      label_name: s.string('Label name.', { examples: ['Receipts/2024'] }),
      label_list_visibility: s.enum(['labelShow', 'labelShowIfUnread', 'labelHide'], 'Show it in the label list.', {
        default: 'labelShow',
      }),
      message_list_visibility: s.enum(['show', 'hide'], 'Show it on messages in the message list.', {
        default: 'show',
      }),
      background_color: s.string("Background colour from Gmail's palette, e.g. #16a766."),
      text_color: s.string("Text colour from Gmail's palette, e.g. #ffffff."),
      color: s.object(
        { backgroundColor: s.string('Background colour'), textColor: s.string('Text colour') },
        'Both colours as one object (instead of background_color/text_color).',
      ),
    },
    required: ['label_name'],
    p: {
      label_name: at.body('name'),
      label_list_visibility: at.body('labelListVisibility'),
      message_list_visibility: at.body('messageListVisibility'),
      color: at.body('color'),
    },
    prepare: (a) => {
      const { background_color: bg, text_color: fg, ...rest } = a;
      return bg || fg
        ? { ...rest, color: { backgroundColor: bg, textColor: fg, ...(rest.color as object | undefined) } }
        : rest;
    },
  }),
  gm({
    slug: 'GMAIL_GET_LABEL',
    name: 'Get label details',
    method: 'GET',
    rest: 'labels/{id}',
    description:
      'Read one label by id: name, type, visibility, colour and its message/thread counts (total and unread).',
    input: { label_id: s.string('Label id (INBOX, Label_123, …).') },
    required: ['label_id'],
    p: { label_id: at.path('id') },
  }),
  ...(['GMAIL_PATCH_LABEL', 'GMAIL_UPDATE_LABEL'] as const).map((slug) =>
    gm({
      slug,
      name: slug === 'GMAIL_PATCH_LABEL' ? 'Patch label' : 'Update label',
      method: slug === 'GMAIL_PATCH_LABEL' ? 'PATCH' : 'PUT',
      rest: 'labels/{id}',
      description:
        slug === 'GMAIL_PATCH_LABEL'
          ? 'Change some properties of a user label (name, visibility, colour); fields left out stay as they are. System labels cannot be changed.'
          : 'Replace the properties of a user label (name, visibility, colour). System labels cannot be changed.',
      input: {
        label_id: s.string('Label id (Label_…).'),
        name: s.string('New display name.'),
        label_list_visibility: s.enum(['labelShow', 'labelShowIfUnread', 'labelHide'], 'Visibility in the label list.'),
        message_list_visibility: s.enum(['show', 'hide'], 'Visibility on messages.'),
        color: s.object(
          { backgroundColor: s.string('Background colour'), textColor: s.string('Text colour') },
          "Colours from Gmail's palette.",
        ),
      },
      required: ['label_id'],
      p: {
        label_id: at.path('id'),
        name: at.body('name'),
        label_list_visibility: at.body('labelListVisibility'),
        message_list_visibility: at.body('messageListVisibility'),
        color: at.body('color'),
      },
    }),
  ),
  gm({
    slug: 'GMAIL_DELETE_LABEL',
    name: 'Delete label',
    method: 'DELETE',
    rest: 'labels/{id}',
    aliases: ['GMAIL_REMOVE_LABEL'],
    description:
      'Delete a user label from the mailbox for good; messages keep existing but lose the label. System labels cannot be deleted. To take a label off one message use GMAIL_ADD_LABEL_TO_EMAIL.',
    input: { label_id: s.string('Label id (Label_…).') },
    required: ['label_id'],
    p: { label_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_MOVE_TO_TRASH',
    name: 'Move to trash',
    method: 'POST',
    rest: 'messages/{id}/trash',
    description:
      'Move one message to Trash (recoverable for 30 days with GMAIL_UNTRASH_MESSAGE). Returns the message with its new labels.',
    input: { message_id: MESSAGE_ID },
    required: ['message_id'],
    p: { message_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_UNTRASH_MESSAGE',
    name: 'Untrash message',
    method: 'POST',
    rest: 'messages/{id}/untrash',
    description: 'Take one message out of Trash again.',
    input: { message_id: MESSAGE_ID },
    required: ['message_id'],
    p: { message_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_DELETE_MESSAGE',
    name: 'Delete message',
    method: 'DELETE',
    rest: 'messages/{id}',
    description: 'Delete one message permanently, skipping Trash (cannot be undone; prefer GMAIL_MOVE_TO_TRASH).',
    input: { message_id: MESSAGE_ID },
    required: ['message_id'],
    p: { message_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_BATCH_DELETE_MESSAGES',
    name: 'Batch delete messages',
    method: 'POST',
    rest: 'messages/batchDelete',
    description: 'Delete many messages permanently in one call (up to 1000 ids; no Trash, no undo).',
    input: { ids: s.strings('Message ids to delete.') },
    required: ['ids'],
    p: { ids: at.body('ids') },
  }),
  gm({
    slug: 'GMAIL_BATCH_MODIFY_MESSAGES',
    name: 'Batch modify messages',
    method: 'POST',
    rest: 'messages/batchModify',
    description:
      'Add and/or remove labels on up to 1000 messages at once: bulk mark as read, archive, or file under a label.',
    input: { message_ids: s.strings('Message ids to change.'), ...labelsModify },
    required: ['message_ids'],
    p: {
      message_ids: at.body('ids'),
      add_label_ids: at.body('addLabelIds'),
      remove_label_ids: at.body('removeLabelIds'),
    },
  }),
  gm({
    slug: 'GMAIL_LIST_THREADS',
    name: 'List threads',
    method: 'GET',
    rest: 'threads',
    description:
      'List conversations (threads) matching a Gmail search query, with their id and snippet; page with page_token. Read one with GMAIL_FETCH_MESSAGE_BY_THREAD_ID.',
    input: {
      query: s.string('Gmail search query.', { examples: ['is:unread'] }),
      max_results: s.integer('Threads per page (1-500).', { default: 10, minimum: 1, maximum: 500 }),
      page_token: PAGE_TOKEN,
      label_ids: LABEL_IDS('Only threads with all these labels'),
      include_spam_trash: s.boolean('Include Spam and Trash.', { default: false }),
    },
    defaults: { max_results: 10 },
    p: {
      query: at.query('q'),
      max_results: at.query('maxResults'),
      page_token: at.query('pageToken'),
      label_ids: at.query('labelIds'),
      include_spam_trash: at.query('includeSpamTrash'),
    },
  }),
  gm({
    slug: 'GMAIL_MODIFY_THREAD_LABELS',
    name: 'Modify thread labels',
    method: 'POST',
    rest: 'threads/{id}/modify',
    description:
      'Add and/or remove labels on every message of a conversation at once (mark a thread read, archive it, file it).',
    input: { thread_id: THREAD_ID, ...labelsModify },
    required: ['thread_id'],
    p: { thread_id: at.path('id'), add_label_ids: at.body('addLabelIds'), remove_label_ids: at.body('removeLabelIds') },
  }),
  gm({
    slug: 'GMAIL_MOVE_THREAD_TO_TRASH',
    name: 'Trash thread',
    method: 'POST',
    rest: 'threads/{id}/trash',
    description: 'Move a whole conversation to Trash (recoverable with GMAIL_UNTRASH_THREAD).',
    input: { thread_id: THREAD_ID },
    required: ['thread_id'],
    p: { thread_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_UNTRASH_THREAD',
    name: 'Untrash thread',
    method: 'POST',
    rest: 'threads/{id}/untrash',
    description: 'Take a whole conversation out of Trash again.',
    input: { thread_id: THREAD_ID },
    required: ['thread_id'],
    p: { thread_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_DELETE_THREAD',
    name: 'Delete thread',
    method: 'DELETE',
    rest: 'threads/{id}',
    description: 'Delete a conversation and all its messages permanently (no Trash, no undo).',
    input: { thread_id: THREAD_ID },
    required: ['thread_id'],
    p: { thread_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_GET_PROFILE',
    name: 'Get profile',
    important: true,
    method: 'GET',
    rest: 'profile',
    description:
      'Who is connected: the mailbox address, total messages and threads, and the current historyId (the starting point for GMAIL_LIST_HISTORY).',
  }),
  gm({
    slug: 'GMAIL_LIST_DRAFTS',
    name: 'List drafts',
    method: 'GET',
    rest: 'drafts',
    description:
      'List drafts (id and message id); page with page_token. Read one with GMAIL_GET_DRAFT, send with GMAIL_SEND_DRAFT.',
    input: {
      max_results: s.integer('Drafts per page (1-500).', { default: 10, minimum: 1, maximum: 500 }),
      page_token: PAGE_TOKEN,
      query: s.string('Only drafts matching this Gmail search query.'),
      include_spam_trash: s.boolean('Include drafts in Spam and Trash.', { default: false }),
    },
    defaults: { max_results: 10 },
    p: {
      max_results: at.query('maxResults'),
      page_token: at.query('pageToken'),
      query: at.query('q'),
      include_spam_trash: at.query('includeSpamTrash'),
    },
  }),
  gm({
    slug: 'GMAIL_GET_DRAFT',
    name: 'Get draft',
    method: 'GET',
    rest: 'drafts/{id}',
    description: 'Read one draft by draft_id with its message.',
    input: {
      draft_id: s.string('Draft id.'),
      format: s.enum(['full', 'metadata', 'minimal', 'raw'], 'Detail of the message.', { default: 'full' }),
    },
    required: ['draft_id'],
    p: { draft_id: at.path('id'), format: at.query('format') },
  }),
  gm({
    slug: 'GMAIL_DELETE_DRAFT',
    name: 'Delete draft',
    method: 'DELETE',
    rest: 'drafts/{id}',
    description: 'Delete a draft permanently.',
    input: { draft_id: s.string('Draft id.') },
    required: ['draft_id'],
    p: { draft_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_SEND_DRAFT',
    name: 'Send draft',
    important: true,
    method: 'POST',
    rest: 'drafts/send',
    description:
      'Send an existing draft as it is, to the recipients already in it (recipients cannot be changed here; use GMAIL_UPDATE_DRAFT first). Returns the sent message id and threadId.',
    input: { draft_id: s.string('Draft id from GMAIL_CREATE_EMAIL_DRAFT.') },
    required: ['draft_id'],
    p: { draft_id: at.body('id') },
    output: SENT,
  }),
  updateDraft,
  forward,
  gm({
    slug: 'GMAIL_LIST_HISTORY',
    name: 'List history',
    method: 'GET',
    rest: 'history',
    description:
      'Changes to the mailbox since start_history_id (from GMAIL_GET_PROFILE or a message): messages added or deleted, labels added or removed. For incremental sync; store the returned historyId for the next call.',
    input: {
      start_history_id: s.string('History id to start after.'),
      history_types: s.array(
        s.enum(['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved'], 'A change type'),
        'Only these change types.',
      ),
      label_id: s.string('Only changes of messages with this label.'),
      max_results: s.integer('Records per page (1-500).', { minimum: 1, maximum: 500 }),
      page_token: PAGE_TOKEN,
    },
    required: ['start_history_id'],
    p: {
      start_history_id: at.query('startHistoryId'),
      history_types: at.query('historyTypes'),
      label_id: at.query('labelId'),
      max_results: at.query('maxResults'),
      page_token: at.query('pageToken'),
    },
  }),
  gm({
    slug: 'GMAIL_LIST_FILTERS',
    name: 'List filters',
    method: 'GET',
    rest: 'settings/filters',
    description: "List the mailbox's filters (rules applied to incoming mail) with their criteria and actions.",
  }),
  gm({
    slug: 'GMAIL_GET_FILTER',
    name: 'Get filter',
    method: 'GET',
    rest: 'settings/filters/{id}',
    description: 'Read one filter by id: what it matches and what it does.',
    input: { filter_id: s.string('Filter id.') },
    required: ['filter_id'],
    p: { filter_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_DELETE_FILTER',
    name: 'Delete filter',
    method: 'DELETE',
    rest: 'settings/filters/{id}',
    description: 'Delete a filter; mail already filed stays where it is.',
    input: { filter_id: s.string('Filter id.') },
    required: ['filter_id'],
    p: { filter_id: at.path('id') },
  }),
  gm({
    slug: 'GMAIL_CREATE_FILTER',
    name: 'Create filter',
    method: 'POST',
    rest: 'settings/filters',
    description:
      'Create a filter for incoming mail: criteria (from, to, subject, query, hasAttachment, size…) and action (addLabelIds, removeLabelIds, forward). Example: criteria {from: "news@example.com"}, action {removeLabelIds: ["INBOX"], addLabelIds: ["Label_7"]}.',
    input: {
      criteria: s.object(
        {
          from: s.string('Sender'),
          to: s.string('Recipient'),
          subject: s.string('Words in the subject'),
          query: s.string('Gmail search query'),
          negatedQuery: s.string('Must not match'),
          hasAttachment: s.boolean('Has an attachment'),
          size: s.integer('Size in bytes'),
          sizeComparison: s.enum(['larger', 'smaller'], 'How size compares'),
        },
        'Which messages the filter applies to.',
      ),
      action: s.object(
        {
          addLabelIds: s.strings('Labels to add'),
          removeLabelIds: s.strings('Labels to remove'),
          forward: s.string('Forward to this verified address'),
        },
        'What to do with them.',
      ),
    },
    required: ['criteria', 'action'],
    p: { criteria: at.body('criteria'), action: at.body('action') },
  }),
  gm({
    slug: 'GMAIL_LIST_FORWARDING_ADDRESSES',
    name: 'List forwarding addresses',
    method: 'GET',
    rest: 'settings/forwardingAddresses',
    description: 'List the addresses mail may be forwarded to, with their verification status.',
  }),
  gm({
    slug: 'GMAIL_GET_AUTO_FORWARDING',
    name: 'Get auto-forwarding',
    method: 'GET',
    rest: 'settings/autoForwarding',
    description: 'Whether automatic forwarding is on, to which address, and what happens to the original.',
  }),
  gm({
    slug: 'GMAIL_GET_LANGUAGE_SETTINGS',
    name: 'Get language settings',
    method: 'GET',
    rest: 'settings/language',
    description: 'The Gmail display language of the mailbox.',
  }),
  gm({
    slug: 'GMAIL_UPDATE_LANGUAGE_SETTINGS',
    name: 'Update language settings',
    method: 'PUT',
    rest: 'settings/language',
    description:
      'Change the Gmail display language (a language tag such as en, de, pt-BR). Returns the language Gmail applied.',
    input: { display_language: s.string('Language tag.', { examples: ['en-GB'] }) },
    required: ['display_language'],
    p: { display_language: at.body('displayLanguage') },
  }),
  gm({
    slug: 'GMAIL_GET_VACATION_SETTINGS',
    name: 'Get vacation settings',
    method: 'GET',
    rest: 'settings/vacation',
    description: 'The out-of-office auto-reply: on or off, its subject and text, the period and who receives it.',
  }),
  gm({
    slug: 'GMAIL_UPDATE_VACATION_SETTINGS',
    name: 'Update vacation settings',
    method: 'PUT',
    rest: 'settings/vacation',
    description:
      'Turn the out-of-office auto-reply on or off and set its subject, text (plain or HTML), period (start_time/end_time in epoch milliseconds) and audience.',
    input: {
      enable_auto_reply: s.boolean('Turn the auto-reply on.'),
      response_subject: s.string('Subject of the reply.'),
      response_body_plain_text: s.string('Text of the reply.'),
      response_body_html: s.string('HTML of the reply.'),
      restrict_to_contacts: s.boolean('Reply only to contacts.'),
      restrict_to_domain: s.boolean('Reply only to the same domain (Workspace).'),
      start_time: s.string('Start, epoch milliseconds.'),
      end_time: s.string('End, epoch milliseconds.'),
    },
    required: ['enable_auto_reply'],
    p: {
      enable_auto_reply: at.body('enableAutoReply'),
      response_subject: at.body('responseSubject'),
      response_body_plain_text: at.body('responseBodyPlainText'),
      response_body_html: at.body('responseBodyHtml'),
      restrict_to_contacts: at.body('restrictToContacts'),
      restrict_to_domain: at.body('restrictToDomain'),
      start_time: at.body('startTime'),
      end_time: at.body('endTime'),
    },
  }),
  gm({
    slug: 'GMAIL_SETTINGS_GET_IMAP',
    name: 'Get IMAP settings',
    method: 'GET',
    rest: 'settings/imap',
    description: 'Whether IMAP access is on and how deletions and folder sizes behave.',
  }),
  gm({
    slug: 'GMAIL_UPDATE_IMAP_SETTINGS',
    name: 'Update IMAP settings',
    method: 'PUT',
    rest: 'settings/imap',
    description: 'Turn IMAP access on or off and set expunge behaviour and the folder size limit.',
    input: {
      enabled: s.boolean('IMAP on.'),
      auto_expunge: s.boolean('Expunge immediately when a message is marked deleted.'),
      expunge_behavior: s.enum(['archive', 'trash', 'deleteForever'], 'What expunging does.'),
      max_folder_size: s.integer('Largest folder shown over IMAP (0 = no limit).'),
    },
    p: {
      enabled: at.body('enabled'),
      auto_expunge: at.body('autoExpunge'),
      expunge_behavior: at.body('expungeBehavior'),
      max_folder_size: at.body('maxFolderSize'),
    },
  }),
  gm({
    slug: 'GMAIL_SETTINGS_GET_POP',
    name: 'Get POP settings',
    method: 'GET',
    rest: 'settings/pop',
    description: 'Which mail POP clients may download and what happens to it afterwards.',
  }),
  gm({
    slug: 'GMAIL_UPDATE_POP_SETTINGS',
    name: 'Update POP settings',
    method: 'PUT',
    rest: 'settings/pop',
    description: 'Set which mail POP clients may download (access_window) and what happens after (disposition).',
    input: {
      access_window: s.enum(['disabled', 'fromNowOn', 'allMail'], 'Which messages POP may fetch.'),
      disposition: s.enum(['leaveInInbox', 'archive', 'trash', 'markRead'], 'What happens after download.'),
    },
    p: { access_window: at.body('accessWindow'), disposition: at.body('disposition') },
  }),
  gm({
    slug: 'GMAIL_LIST_SEND_AS',
    name: 'List send-as aliases',
    method: 'GET',
    rest: 'settings/sendAs',
    description:
      'The addresses this account can send as (its own plus configured aliases), with display names and signatures; use one as from_email in GMAIL_SEND_EMAIL.',
  }),
  gm({
    slug: 'GMAIL_SETTINGS_SEND_AS_GET',
    name: 'Get send-as alias',
    method: 'GET',
    rest: 'settings/sendAs/{sendAsEmail}',
    description: 'One send-as address: display name, reply-to, signature, default flag and verification status.',
    input: { send_as_email: s.string('The send-as address.', { format: 'email' }) },
    required: ['send_as_email'],
    p: { send_as_email: at.path('sendAsEmail') },
  }),
  ...(['GMAIL_PATCH_SEND_AS', 'GMAIL_UPDATE_SEND_AS'] as const).map((slug) =>
    gm({
      slug,
      name: slug === 'GMAIL_PATCH_SEND_AS' ? 'Patch send-as alias' : 'Update send-as alias',
      method: slug === 'GMAIL_PATCH_SEND_AS' ? 'PATCH' : 'PUT',
      rest: 'settings/sendAs/{sendAsEmail}',
      description:
        slug === 'GMAIL_PATCH_SEND_AS'
          ? 'Change some settings of a send-as address (display name, reply-to, signature, default); the others stay.'
          : 'Replace the settings of a send-as address (display name, reply-to, signature, default).',
      input: {
        send_as_email: s.string('The send-as address.', { format: 'email' }),
        display_name: s.string('Name shown as sender.'),
        reply_to_address: s.string('Reply-To address.'),
        signature: s.string('HTML signature.'),
        is_default: s.boolean('Make it the default From address.'),
        treat_as_alias: s.boolean('Treat as an alias of this account.'),
      },
      required: ['send_as_email'],
      p: {
        send_as_email: at.path('sendAsEmail'),
        display_name: at.body('displayName'),
        reply_to_address: at.body('replyToAddress'),
        signature: at.body('signature'),
        is_default: at.body('isDefault'),
        treat_as_alias: at.body('treatAsAlias'),
      },
    }),
  ),
  gm({
    slug: 'GMAIL_LIST_SMIME_INFO',
    name: 'List S/MIME configs',
    method: 'GET',
    rest: 'settings/sendAs/{sendAsEmail}/smimeInfo',
    description: 'The S/MIME certificates configured for one send-as address.',
    input: { send_as_email: s.string('The send-as address.', { format: 'email' }) },
    required: ['send_as_email'],
    p: { send_as_email: at.path('sendAsEmail') },
  }),
  gm({
    slug: 'GMAIL_LIST_CSE_IDENTITIES',
    name: 'List CSE identities',
    method: 'GET',
    rest: 'settings/cse/identities',
    description: 'Client-side encryption identities of the account (Workspace), with their key pairs.',
    input: { page_size: s.integer('Identities per page.'), page_token: PAGE_TOKEN },
    p: { page_size: at.query('pageSize'), page_token: at.query('pageToken') },
  }),
  gm({
    slug: 'GMAIL_LIST_CSE_KEYPAIRS',
    name: 'List CSE key pairs',
    method: 'GET',
    rest: 'settings/cse/keypairs',
    description: 'Client-side encryption key pairs of the account (Workspace) with public keys and state.',
    input: { page_size: s.integer('Key pairs per page.'), page_token: PAGE_TOKEN },
    p: { page_size: at.query('pageSize'), page_token: at.query('pageToken') },
  }),
  gm({
    slug: 'GMAIL_STOP_WATCH',
    name: 'Stop watch notifications',
    method: 'POST',
    rest: 'stop',
    description: 'Stop the Pub/Sub push notifications set up for this mailbox.',
  }),
  ...(['GMAIL_INSERT_MESSAGE', 'GMAIL_IMPORT_MESSAGE'] as const).map((slug) =>
    gm({
      slug,
      name: slug === 'GMAIL_INSERT_MESSAGE' ? 'Insert message into mailbox' : 'Import message',
      method: 'POST',
      rest: slug === 'GMAIL_INSERT_MESSAGE' ? 'messages' : 'messages/import',
      description:
        slug === 'GMAIL_INSERT_MESSAGE'
          ? 'Put an existing RFC 2822 message straight into the mailbox (like IMAP APPEND), without sending it and without spam scanning. raw is the whole message, base64url-encoded.'
          : "Import an existing RFC 2822 message into the mailbox with Gmail's normal delivery scanning (spam, classification), without sending it. raw is the whole message, base64url-encoded.",
      input: {
        raw: s.string('The whole message, RFC 2822, base64url-encoded.'),
        label_ids: LABEL_IDS('Labels to put on it'),
        thread_id: s.string('Thread to add it to.'),
        internal_date_source: s.enum(['receivedTime', 'dateHeader'], 'Where its internal date comes from.'),
      },
      required: ['raw'],
      p: {
        raw: at.body('raw'),
        label_ids: at.body('labelIds'),
        thread_id: at.body('threadId'),
        internal_date_source: at.query('internalDateSource'),
      },
    }),
  ),
  people(
    'GMAIL_GET_CONTACTS',
    'Get contacts',
    'List the account\'s saved contacts (Google Contacts), with the person fields asked for (default names, email addresses, phone numbers); page with page_token. include_other_contacts also lists "Other contacts" (people mailed before).',
    {
      resource_name: s.string('Whose connections: people/me.', { default: 'people/me' }),
      person_fields: PERSON_FIELDS,
      include_other_contacts: s.boolean('Also list Other contacts.', { default: false }),
      page_token: PAGE_TOKEN,
    },
    [],
    async (ctx, a) => {
      const fields = (a.person_fields as string | undefined) ?? 'names,emailAddresses,phoneNumbers';
      const res = await ctx.json<Record<string, unknown>>({
        method: 'GET',
        url: `${PEOPLE_API}/${String(a.resource_name ?? 'people/me')
          .split('/')
          .map(enc)
          .join('/')}/connections`,
        query: { personFields: fields, pageToken: a.page_token as string | undefined, pageSize: 1000 },
      });
      if (!a.include_other_contacts) return res;
      const other = await ctx.json<{ otherContacts?: unknown[] }>({
        method: 'GET',
        url: `${PEOPLE_API}/otherContacts`,
        query: { readMask: 'names,emailAddresses,phoneNumbers', pageSize: 1000 },
      });
      return { ...res, otherContacts: other.otherContacts ?? [] };
    },
  ),
  people(
    'GMAIL_SEARCH_PEOPLE',
    'Search people',
    'Find contacts by name, email, phone or organisation (prefix match on words). other_contacts=true searches "Other contacts" (people mailed before) instead. Returns matching people with the fields asked for; use an emailAddresses value as recipient_email.',
    {
      query: s.string('Text to look for.', { examples: ['jane'] }),
      person_fields: PERSON_FIELDS,
      pageSize: s.integer('Most results (max 30).', { default: 10, maximum: 30 }),
      other_contacts: s.boolean('Search Other contacts instead of saved contacts.', { default: false }),
    },
    ['query'],
    async (ctx, a) =>
      ctx.json({
        method: 'GET',
        url: `${PEOPLE_API}/${a.other_contacts ? 'otherContacts:search' : 'people:searchContacts'}`,
        query: {
          query: String(a.query),
          readMask: (a.person_fields as string | undefined) ?? 'names,emailAddresses,phoneNumbers',
          pageSize: (a.pageSize as number | undefined) ?? 10,
        },
      }),
  ),
  people(
    'GMAIL_GET_PEOPLE',
    'Get people',
    'Read one person by resource_name (people/c123…, or people/me for the account itself) with the fields asked for, or with other_contacts=true list "Other contacts".',
    {
      resource_name: s.string('Person resource name.', { default: 'people/me' }),
      person_fields: PERSON_FIELDS,
      other_contacts: s.boolean('List Other contacts instead.', { default: false }),
      page_size: s.integer('Other contacts per page.'),
      page_token: PAGE_TOKEN,
    },
    [],
    async (ctx, a) => {
      const fields = (a.person_fields as string | undefined) ?? 'names,emailAddresses,phoneNumbers';
      if (a.other_contacts) {
        return ctx.json({
          method: 'GET',
          url: `${PEOPLE_API}/otherContacts`,
          query: {
            readMask: fields,
            pageSize: a.page_size as number | undefined,
            pageToken: a.page_token as string | undefined,
          },
        });
      }
      return ctx.json({
        method: 'GET',
        url: `${PEOPLE_API}/${String(a.resource_name ?? 'people/me')
          .split('/')
          .map(enc)
          .join('/')}`,
        query: { personFields: fields },
      });
    },
  ),
];
