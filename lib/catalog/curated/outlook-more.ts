/**
 * More Outlook tools in the hosted vocabulary: mail folders and child folders, messages inside a
 * folder, drafts (reply-all, forward) and sending them, attachments, inbox rules, categories,
 * calendars and calendar groups, invitations (accept, decline, cancel), calendar view, meeting-time
 * suggestions, reminders, contact folders, Focused Inbox and Microsoft To Do. Every call goes to
 * the signed-in user's mailbox on Microsoft Graph v1.0 (`/me/...`).
 *
 * Argument names follow the hosted tools, which mix snake_case (`mail_folder_id`) and Graph's own
 * camelCase (`destinationId`, `startTime`); list-valued OData options (`select`, `orderby`,
 * `expand`) are arrays where the hosted tool takes arrays and are joined with commas for Graph.
 */
import { composite, params, s } from './define';
import { graph, q, recipients } from './microsoft-graph';
import type { RestDef } from './rest-mapping';
import { type CuratedTool, ToolArgumentError, ToolFailure } from './types';

type Args = Record<string, unknown>;
const o = graph('outlook');

const LISTS = ['select', 'orderby', 'expand'];
/** Graph wants `$select=a,b`; hosted tools often take `['a','b']` */
function joinLists(a: Args): Args {
  const out = { ...a };
  for (const k of LISTS) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).join(',');
  return out;
}
/** a delta/skip token given bare or as the whole @odata.deltaLink / nextLink */
function bareToken(v: unknown): unknown {
  if (typeof v !== 'string' || !v.includes('token=')) return v;
  const m = /\$?(?:delta|skip)token=([^&]+)/i.exec(v);
  return m ? decodeURIComponent(m[1]!) : v;
}
/** a Graph mapping of this toolkit with list options joined and hosted-style tags */
const m = (def: RestDef): CuratedTool =>
  o({
    ...def,
    prepare: (a) => {
      const joined = joinLists(a);
      return def.prepare ? def.prepare(joined) : joined;
    },
  });

// ---- shared argument schemas -------------------------------------------------------------
const MESSAGE_ID = s.string(
  'Message id (the id field from OUTLOOK_LIST_MESSAGES, OUTLOOK_LIST_MAIL_FOLDER_MESSAGES or OUTLOOK_QUERY_EMAILS); a long opaque string, never an email address',
);
const FOLDER_ID = s.string(
  'Mail folder id from OUTLOOK_LIST_MAIL_FOLDERS, or a well-known name: inbox, drafts, sentitems, deleteditems, junkemail, archive, outbox',
);
const CHILD_FOLDER_ID = s.string('Id of the subfolder (from OUTLOOK_LIST_CHILD_MAIL_FOLDERS)');
const DESTINATION = s.string('Target folder id, or a well-known name such as inbox, archive or deleteditems');
const EVENT_ID = s.string(
  'Event id (from OUTLOOK_LIST_EVENTS, OUTLOOK_GET_CALENDAR_VIEW or OUTLOOK_LIST_USER_CALENDARS_EVENTS)',
);
const CALENDAR_ID = s.string('Calendar id from OUTLOOK_LIST_CALENDARS (not an email address)');
const CALENDAR_GROUP_ID = s.string('Calendar group id from OUTLOOK_LIST_CALENDAR_GROUPS');
const CONTACT_FOLDER_ID = s.string('Contact folder id from OUTLOOK_GET_CONTACT_FOLDERS');
const CONTACT_ID = s.string('Contact id (from OUTLOOK_LIST_USER_CONTACTS or a folder listing)');
const ATTACHMENT_ID = s.string('Attachment id (the id field of a listed attachment, not its file name)');
const CATEGORY_ID = s.string('Category id from OUTLOOK_GET_MASTER_CATEGORIES');
const RULE_ID = s.string('Inbox rule id from OUTLOOK_LIST_EMAIL_RULES');
const TASK_LIST_ID = s.string('To Do list id from OUTLOOK_LIST_TO_DO_LISTS');
const COMMENT = s.string('Text placed above the quoted original message');
const SELECT_LIST = s.strings('Properties to return, e.g. ["id","subject","from"]; fewer properties, shorter answers');
const SELECT_TEXT = q.select;
const ORDERBY_LIST = s.strings('Sort clauses, e.g. ["start/dateTime desc"]');
const ORDERBY_TEXT = q.orderby;
const EXPAND_LIST = s.strings('Related collections to include inline');
const DATE_TIME_TZ = (what: string) =>
  s.object(
    {
      dateTime: s.string('Local date and time without offset, e.g. 2025-03-10T14:00:00'),
      timeZone: s.string('Windows or IANA time zone, e.g. UTC or Europe/Paris'),
    },
    what,
  );
const ITEM_BODY = s.object(
  { content: s.string('The text'), contentType: s.string('text or html') },
  'Body: {contentType, content}',
);
const ATTENDEES = s.array(
  {
    type: 'object',
    properties: {
      type: s.string('required, optional or resource'),
      emailAddress: s.object({ address: s.string('Email address'), name: s.string('Display name') }, 'Who is invited'),
    },
  },
  'Invitees: [{emailAddress:{address,name}, type}]',
);
const LOCATION = s.object({ displayName: s.string('Place shown on the invitation') }, 'Where the event happens');
const RECURRENCE = s.object(
  {
    pattern: s.object(
      {
        type: s.string('daily, weekly, absoluteMonthly, relativeMonthly, absoluteYearly or relativeYearly'),
        interval: s.integer('Units between occurrences'),
        daysOfWeek: s.strings('monday … sunday, for weekly and relative patterns'),
        dayOfMonth: s.integer('Day of month for absolute patterns'),
        month: s.integer('Month (1-12) for yearly patterns'),
        index: s.string('first, second, third, fourth or last, for relative patterns'),
        firstDayOfWeek: s.string('First day of the week'),
      },
      'How often it repeats',
    ),
    range: s.object(
      {
        type: s.string('endDate, noEnd or numbered'),
        startDate: s.string('First date, YYYY-MM-DD (the date of start)'),
        endDate: s.string('Last date, YYYY-MM-DD, for endDate'),
        numberOfOccurrences: s.integer('How many times, for numbered'),
        recurrenceTimeZone: s.string('Time zone of the dates'),
      },
      'How long it repeats',
    ),
  },
  'Repetition of a recurring event: {pattern, range}',
);
const RECIPIENT_LIST = (what: string) => s.strings(`${what}: email addresses`);

const RULE_CONDITIONS = s.object(
  {
    fromAddresses: s.strings('Exact sender addresses'),
    senderContains: s.strings('Text any part of the sender address contains, e.g. @contoso.com'),
    subjectContains: s.strings('Text the subject contains'),
    bodyContains: s.strings('Text the body contains'),
    hasAttachments: s.boolean('Only messages with attachments'),
    importance: s.string('low, normal or high'),
  },
  'When the rule applies (all given conditions must hold)',
);
const RULE_ACTIONS = s.object(
  {
    moveToFolder: s.string('Folder id to move matching mail to'),
    copyToFolder: s.string('Folder id to copy matching mail to'),
    markAsRead: s.boolean('Mark matching mail read'),
    delete: s.boolean('Move matching mail to Deleted Items'),
    forwardTo: s.strings('Addresses to forward matching mail to'),
    assignCategories: s.strings('Category names to apply'),
    stopProcessingRules: s.boolean('Skip the rules that come after this one'),
  },
  'What the rule does to matching mail',
);

/** hosted rule predicates/actions → Graph's, where addresses become recipient objects */
function ruleParts(conditions: unknown, actions: unknown): Args {
  const out: Args = {};
  if (conditions && typeof conditions === 'object') {
    const c = { ...(conditions as Args) };
    if (c.fromAddresses !== undefined) c.fromAddresses = recipients(c.fromAddresses) ?? [];
    out.conditions = c;
  }
  if (actions && typeof actions === 'object') {
    const a = { ...(actions as Args) };
    if (a.forwardTo !== undefined) a.forwardTo = recipients(a.forwardTo) ?? [];
    out.actions = a;
  }
  return out;
}

/** `1990-05-01` → the DateTimeOffset Graph stores a birthday as */
const birthday = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);

const drop = (o: Args): Args => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Graph answers the Prefer header `outlook.timezone="…"` with event times in that zone */
const preferZone = (tz: unknown): Record<string, string> =>
  typeof tz === 'string' && tz ? { Prefer: `outlook.timezone="${tz.replace(/"/g, '')}"` } : {};

const enc = encodeURIComponent;

// ---- mail: messages in folders, drafts, sending ---------------------------------------------
const mail: CuratedTool[] = [
  m({
    slug: 'OUTLOOK_DELETE_MESSAGE',
    name: 'Delete message',
    tags: ['outlook', 'mail'],
    description:
      'Delete one message by id. Outlook moves it to Deleted Items (recoverable there); to remove it beyond recovery use OUTLOOK_PERMANENT_DELETE_MESSAGE. Confirm with the user before deleting. Answers with no content on success.',
    method: 'DELETE',
    path: '/me/messages/{message_id}',
    input: { message_id: MESSAGE_ID },
  }),
  composite({
    slug: 'OUTLOOK_PERMANENT_DELETE_MESSAGE',
    name: 'Permanently delete message',
    tags: ['outlook', 'mail'],
    description:
      'Delete a message so the user cannot recover it (it goes to the purge area of the mailbox, not Deleted Items). Irreversible: only use when the user explicitly wants it gone for good; otherwise OUTLOOK_DELETE_MESSAGE. mail_folder_id is optional and only narrows where the message is looked up.',
    input: params({ message_id: MESSAGE_ID, mail_folder_id: FOLDER_ID }, ['message_id']),
    async run(ctx, a) {
      const base = a.mail_folder_id ? `/me/mailFolders/${enc(String(a.mail_folder_id))}` : '/me';
      await ctx.json({ method: 'POST', path: `${base}/messages/${enc(String(a.message_id))}/permanentDelete` });
      return { message_id: a.message_id, deleted: true };
    },
  }),
  m({
    slug: 'OUTLOOK_COPY_MESSAGE',
    name: 'Copy message',
    tags: ['outlook', 'mail', 'folders'],
    description:
      'Put a copy of a message into another folder; the original stays where it is. destination_id is a folder id or a well-known name (inbox, archive, …). Returns the new copy with its own id.',
    method: 'POST',
    path: '/me/messages/{message_id}/copy',
    input: { message_id: MESSAGE_ID, destination_id: DESTINATION },
    required: ['message_id', 'destination_id'],
  }),
  m({
    slug: 'OUTLOOK_SEND_DRAFT',
    name: 'Send draft',
    important: true,
    tags: ['outlook', 'mail', 'send'],
    description:
      'Send a message that is waiting in Drafts (made with OUTLOOK_CREATE_DRAFT, OUTLOOK_CREATE_DRAFT_REPLY, OUTLOOK_CREATE_REPLY_ALL_DRAFT or OUTLOOK_CREATE_FORWARD_DRAFT). The draft needs at least one recipient. Sending cannot be undone; Graph answers 202 with no content and files the message in Sent Items.',
    method: 'POST',
    path: '/me/messages/{message_id}/send',
    input: { message_id: s.string('Id of the draft to send') },
  }),
  m({
    slug: 'OUTLOOK_FORWARD_MESSAGE',
    name: 'Forward message',
    tags: ['outlook', 'mail', 'send'],
    description:
      'Forward a message to new people right away, with an optional comment above the original (attachments travel with it). to_recipients is a list of email addresses. Sends immediately and returns no content; to review first use OUTLOOK_CREATE_FORWARD_DRAFT then OUTLOOK_SEND_DRAFT.',
    method: 'POST',
    path: '/me/messages/{message_id}/forward',
    input: { message_id: MESSAGE_ID, to_recipients: RECIPIENT_LIST('Who receives the forward'), comment: COMMENT },
    required: ['message_id', 'to_recipients'],
    body: (a) => drop({ comment: a.comment, toRecipients: recipients(a.to_recipients) }),
  }),
  m({
    slug: 'OUTLOOK_CREATE_FORWARD_DRAFT',
    name: 'Create forward draft',
    tags: ['outlook', 'mail', 'draft'],
    description:
      'Prepare a forward of a message in Drafts (subject prefixed FW:, original quoted) without sending it. Give the folder the message is in (mail_folder_id, e.g. inbox) and message_id; toRecipients and comment are optional and can be changed later with OUTLOOK_UPDATE_EMAIL. Returns the draft; send it with OUTLOOK_SEND_DRAFT using its id.',
    method: 'POST',
    path: '/me/mailFolders/{mail_folder_id}/messages/{message_id}/createForward',
    input: {
      mail_folder_id: FOLDER_ID,
      message_id: MESSAGE_ID,
      comment: COMMENT,
      toRecipients: RECIPIENT_LIST('Who the forward goes to'),
    },
    required: ['mail_folder_id', 'message_id'],
    body: (a) => drop({ comment: a.comment, toRecipients: recipients(a.toRecipients) }),
  }),
  m({
    slug: 'OUTLOOK_CREATE_ME_FORWARD_DRAFT',
    name: 'Create forward draft (any folder)',
    tags: ['outlook', 'mail', 'draft'],
    description:
      'Prepare a forward of a message in Drafts when you only know the message id (no folder needed). Returns the draft with its id; add recipients with OUTLOOK_UPDATE_EMAIL if needed and send it with OUTLOOK_SEND_DRAFT.',
    method: 'POST',
    path: '/me/messages/{message_id}/createForward',
    input: { message_id: MESSAGE_ID, comment: COMMENT },
    required: ['message_id'],
  }),
  m({
    slug: 'OUTLOOK_CREATE_REPLY_ALL_DRAFT',
    name: 'Create reply-all draft',
    tags: ['outlook', 'mail', 'draft', 'reply'],
    description:
      'Prepare, without sending, a reply to the sender and every recipient of a message that sits in mail_folder_id (e.g. inbox). The draft keeps the thread and quotes the original; comment is the reply text. Returns the draft; send it with OUTLOOK_SEND_DRAFT.',
    method: 'POST',
    path: '/me/mailFolders/{mail_folder_id}/messages/{message_id}/createReplyAll',
    input: { mail_folder_id: FOLDER_ID, message_id: MESSAGE_ID, comment: COMMENT },
    required: ['mail_folder_id', 'message_id'],
  }),
  m({
    slug: 'OUTLOOK_CREATE_ME_MESSAGE_REPLY_ALL_DRAFT',
    name: 'Create reply-all draft (any folder)',
    tags: ['outlook', 'mail', 'draft', 'reply'],
    description:
      'Prepare a reply-all draft to a message known only by id, wherever it is filed. Returns the draft (id, recipients filled from the original); review it, then OUTLOOK_SEND_DRAFT.',
    method: 'POST',
    path: '/me/messages/{message_id}/createReplyAll',
    input: { message_id: MESSAGE_ID, comment: COMMENT },
    required: ['message_id'],
  }),
  m({
    slug: 'OUTLOOK_CREATE_USER_MAIL_FOLDER_MESSAGE_REPLY_DRAFT',
    name: 'Create reply draft in folder',
    tags: ['outlook', 'mail', 'draft', 'reply'],
    description:
      'Prepare a reply to the sender of a message in a given folder, saved in Drafts (subject RE:, original quoted). Returns the draft; send with OUTLOOK_SEND_DRAFT.',
    method: 'POST',
    path: '/me/mailFolders/{mail_folder_id}/messages/{message_id}/createReply',
    input: { mail_folder_id: FOLDER_ID, message_id: MESSAGE_ID, comment: COMMENT },
    required: ['mail_folder_id', 'message_id'],
  }),
  m({
    slug: 'OUTLOOK_LIST_MAIL_FOLDER_MESSAGES',
    name: 'List messages in folder',
    tags: ['outlook', 'mail', 'read'],
    description:
      'List the messages of one folder or subfolder, newest first unless orderby says otherwise. Narrow with an OData filter (isRead eq false, hasAttachments eq true, receivedDateTime ge 2025-01-01T00:00:00Z) and pick fields with select. Returns value[] and @odata.nextLink while more pages exist; read one with OUTLOOK_GET_MAIL_FOLDER_MESSAGE or OUTLOOK_GET_MESSAGE.',
    method: 'GET',
    path: '/me/mailFolders/{mail_folder_id}/messages',
    input: {
      mail_folder_id: FOLDER_ID,
      top: q.top(25),
      skip: q.skip,
      filter: q.filter,
      select: SELECT_LIST,
      orderby: ORDERBY_TEXT,
    },
    required: ['mail_folder_id'],
  }),
  m({
    slug: 'OUTLOOK_GET_MAIL_FOLDER_MESSAGE',
    name: 'Get message in folder',
    tags: ['outlook', 'mail', 'read'],
    description:
      'Read one message of a given folder in full (subject, from, recipients, body, dates, flags). Answers 404 when the message is not in that folder; OUTLOOK_GET_MESSAGE finds it anywhere.',
    method: 'GET',
    path: '/me/mailFolders/{mail_folder_id}/messages/{message_id}',
    input: { mail_folder_id: FOLDER_ID, message_id: MESSAGE_ID, select: SELECT_LIST },
  }),
  m({
    slug: 'OUTLOOK_DELETE_MAIL_FOLDER_MESSAGE',
    name: 'Delete message in folder',
    tags: ['outlook', 'mail'],
    description:
      'Delete a message from a given folder (it moves to Deleted Items). Confirm with the user first. No content on success.',
    method: 'DELETE',
    path: '/me/mailFolders/{mail_folder_id}/messages/{message_id}',
    input: { mail_folder_id: FOLDER_ID, message_id: MESSAGE_ID },
  }),
  m({
    slug: 'OUTLOOK_MOVE_MESSAGE_FROM_FOLDER',
    name: 'Move message from folder',
    tags: ['outlook', 'mail', 'folders'],
    description:
      'Move a message out of mail_folder_id into destinationId (folder id or well-known name). Returns the moved message, which has a new id: use that one afterwards.',
    method: 'POST',
    path: '/me/mailFolders/{mail_folder_id}/messages/{message_id}/move',
    input: { mail_folder_id: FOLDER_ID, message_id: MESSAGE_ID, destinationId: DESTINATION },
    required: ['mail_folder_id', 'message_id', 'destinationId'],
  }),
  m({
    slug: 'OUTLOOK_COPY_MESSAGE_FROM_MAIL_FOLDER',
    name: 'Copy message from folder',
    tags: ['outlook', 'mail', 'folders'],
    description:
      'Copy a message that sits in mail_folder_id into destinationId; the original stays. Returns the copy with its own id.',
    method: 'POST',
    path: '/me/mailFolders/{mail_folder_id}/messages/{message_id}/copy',
    input: { mail_folder_id: FOLDER_ID, message_id: MESSAGE_ID, destinationId: DESTINATION },
    required: ['mail_folder_id', 'message_id', 'destinationId'],
  }),
  m({
    slug: 'OUTLOOK_LIST_CHILD_FOLDER_MESSAGES',
    name: 'List messages in subfolder',
    tags: ['outlook', 'mail', 'read'],
    description:
      'List the messages of a subfolder, given its parent (mail_folder_id) and its own id (child_folder_id from OUTLOOK_LIST_CHILD_MAIL_FOLDERS). Same filter, select and paging as OUTLOOK_LIST_MAIL_FOLDER_MESSAGES.',
    method: 'GET',
    path: '/me/mailFolders/{mail_folder_id}/childFolders/{child_folder_id}/messages',
    input: {
      mail_folder_id: FOLDER_ID,
      child_folder_id: CHILD_FOLDER_ID,
      top: q.top(25),
      skip: q.skip,
      filter: q.filter,
      select: SELECT_LIST,
      orderby: ORDERBY_TEXT,
    },
    required: ['mail_folder_id', 'child_folder_id'],
  }),
  m({
    slug: 'OUTLOOK_LIST_SENT_ITEMS_MESSAGES',
    name: 'List sent messages',
    tags: ['outlook', 'mail', 'read'],
    description:
      "List what the user has sent (the Sent Items folder), newest first by default. Filter e.g. sentDateTime ge 2025-01-01T00:00:00Z or toRecipients/any(r:r/emailAddress/address eq 'a@b.com'). Returns value[] and @odata.nextLink when there is more.",
    method: 'GET',
    path: '/me/mailFolders/sentitems/messages',
    input: { top: q.top(25), skip: q.skip, filter: q.filter, select: SELECT_LIST, orderby: ORDERBY_TEXT },
    required: [],
    defaults: { orderby: 'sentDateTime desc' },
  }),
  m({
    slug: 'OUTLOOK_QUERY_EMAILS',
    name: 'Query emails',
    important: true,
    tags: ['outlook', 'mail', 'search'],
    description:
      "Structured lookup of messages in ONE folder with an OData filter on metadata: isRead, importance, hasAttachments, receivedDateTime/sentDateTime ranges (2025-10-01T00:00:00Z, no quotes), startswith(subject,'Invoice'), from/emailAddress/address eq 'a@b.com', conversationId eq '…', categories/any(c:c eq 'Red'). Recipients and body text are not filterable: use OUTLOOK_SEARCH_MESSAGES for those and for whole-mailbox search. Returns value[] and @odata.nextLink for the next page.",
    method: 'GET',
    path: '/me/mailFolders/{folder}/messages',
    input: {
      folder: s.string('Folder id or well-known name (inbox, sentitems, drafts, archive, …)', { default: 'inbox' }),
      filter: q.filter,
      top: q.top(100),
      skip: q.skip,
      select: SELECT_LIST,
      orderby: ORDERBY_TEXT,
    },
    required: [],
  }),
  // ---- mail folders ----
  m({
    slug: 'OUTLOOK_GET_MAIL_FOLDER',
    name: 'Get mail folder',
    tags: ['outlook', 'mail', 'folders'],
    description:
      'Details of one mail folder (by id or well-known name): displayName, parentFolderId, childFolderCount, unreadItemCount, totalItemCount.',
    method: 'GET',
    path: '/me/mailFolders/{mail_folder_id}',
    input: { mail_folder_id: FOLDER_ID, select: SELECT_TEXT },
  }),
  m({
    slug: 'OUTLOOK_GET_DRAFTS_MAIL_FOLDER',
    name: 'Get Drafts folder',
    tags: ['outlook', 'mail', 'folders'],
    description: 'The Drafts folder: its id and how many drafts it holds (totalItemCount).',
    method: 'GET',
    path: '/me/mailFolders/drafts',
    input: { select: SELECT_TEXT },
    required: [],
  }),
  m({
    slug: 'OUTLOOK_UPDATE_MAIL_FOLDER',
    name: 'Rename mail folder',
    tags: ['outlook', 'mail', 'folders'],
    description: 'Give a mail folder a new display name. Returns the updated folder.',
    method: 'PATCH',
    path: '/me/mailFolders/{mail_folder_id}',
    input: { mail_folder_id: s.string('Folder id'), display_name: s.string('New name') },
    required: ['mail_folder_id', 'display_name'],
  }),
  m({
    slug: 'OUTLOOK_MOVE_MAIL_FOLDER',
    name: 'Move mail folder',
    tags: ['outlook', 'mail', 'folders'],
    description:
      'Move a folder, with everything in it, under another folder (destination_id: folder id or well-known name). Returns the folder in its new place.',
    method: 'POST',
    path: '/me/mailFolders/{folder_id}/move',
    input: { folder_id: s.string('Id of the folder to move'), destination_id: DESTINATION },
    required: ['folder_id', 'destination_id'],
  }),
  m({
    slug: 'OUTLOOK_COPY_MAIL_FOLDER',
    name: 'Copy mail folder',
    tags: ['outlook', 'mail', 'folders'],
    description:
      'Copy a folder and its contents under another folder (destination_id). Returns the new folder with its id.',
    method: 'POST',
    path: '/me/mailFolders/{mail_folder_id}/copy',
    input: { mail_folder_id: FOLDER_ID, destination_id: DESTINATION },
    required: ['mail_folder_id', 'destination_id'],
  }),
  m({
    slug: 'OUTLOOK_LIST_CHILD_MAIL_FOLDERS',
    name: 'List subfolders',
    tags: ['outlook', 'mail', 'folders'],
    description:
      'List the subfolders of a mail folder (parent_folder_id: id or well-known name such as inbox): id, displayName, childFolderCount, unread and total counts. Walk deeper by calling again with a child id.',
    method: 'GET',
    path: '/me/mailFolders/{parent_folder_id}/childFolders',
    input: {
      parent_folder_id: FOLDER_ID,
      top: q.top(50),
      skip: q.skip,
      filter: q.filter,
      select: SELECT_LIST,
      include_hidden_folders: s.boolean('Include hidden folders'),
    },
    required: ['parent_folder_id'],
    rename: { include_hidden_folders: 'includeHiddenFolders' },
  }),
  m({
    slug: 'OUTLOOK_GET_CHILD_MAIL_FOLDER',
    name: 'Get subfolder',
    tags: ['outlook', 'mail', 'folders'],
    description: 'Details of one subfolder of a mail folder (counts, parent, name).',
    method: 'GET',
    path: '/me/mailFolders/{mail_folder_id}/childFolders/{child_folder_id}',
    input: { mail_folder_id: FOLDER_ID, child_folder_id: CHILD_FOLDER_ID, select: SELECT_TEXT },
  }),
  m({
    slug: 'OUTLOOK_CREATE_USER_MAIL_FOLDERS_CHILD_FOLDERS',
    name: 'Create subfolder',
    tags: ['outlook', 'mail', 'folders'],
    description:
      'Create a folder inside another (mailFolderId: parent id or well-known name such as inbox). isHidden can only be set now. Returns the new folder with its id.',
    method: 'POST',
    path: '/me/mailFolders/{mailFolderId}/childFolders',
    input: {
      mailFolderId: FOLDER_ID,
      displayName: s.string('Name of the new folder'),
      isHidden: s.boolean('Hide it from mail clients'),
    },
    required: ['mailFolderId', 'displayName'],
  }),
  m({
    slug: 'OUTLOOK_DELETE_ME_MAIL_FOLDER_CHILD_FOLDER',
    name: 'Delete subfolder',
    tags: ['outlook', 'mail', 'folders'],
    description: 'Delete a subfolder and its messages (they go to Deleted Items). Ask the user first.',
    method: 'DELETE',
    path: '/me/mailFolders/{mail_folder_id}/childFolders/{child_folder_id}',
    input: { mail_folder_id: FOLDER_ID, child_folder_id: CHILD_FOLDER_ID },
  }),
  m({
    slug: 'OUTLOOK_LIST_MAIL_FOLDERS_DELTA',
    name: 'Mail folder changes',
    tags: ['outlook', 'mail', 'folders', 'sync'],
    description:
      'Folders added, renamed or removed since the last sync. First call without tokens; follow @odata.nextLink by passing its skiptoken, and keep the @odata.deltaLink: its deltatoken (or the whole link) on the next call returns only the changes since.',
    method: 'GET',
    path: '/me/mailFolders/delta',
    input: {
      select: SELECT_TEXT,
      skiptoken: s.string('$skiptoken of the previous nextLink (or the link itself)'),
      deltatoken: s.string('$deltatoken of the previous deltaLink (or the link itself)'),
    },
    required: [],
    rename: { skiptoken: '$skiptoken', deltatoken: '$deltatoken' },
    prepare: (a) => ({ ...a, skiptoken: bareToken(a.skiptoken), deltatoken: bareToken(a.deltatoken) }),
  }),
  // ---- attachments ----
  m({
    slug: 'OUTLOOK_LIST_MAIL_FOLDER_MESSAGE_ATTACHMENTS',
    name: 'List attachments of message in folder',
    tags: ['outlook', 'mail', 'attachments'],
    description:
      'List the attachments of a message in a given folder: id, name, contentType, size, isInline. Download a file with OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT.',
    method: 'GET',
    path: '/me/mailFolders/{mail_folder_id}/messages/{message_id}/attachments',
    input: { mail_folder_id: FOLDER_ID, message_id: MESSAGE_ID, top: q.top(25), skip: q.skip },
    required: ['mail_folder_id', 'message_id'],
  }),
  composite({
    slug: 'OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT',
    name: 'Download attachment',
    important: true,
    tags: ['outlook', 'mail', 'attachments'],
    description:
      'Download one file attached to a message and get it back as a file {name, mimetype, s3url, size}; fetch s3url soon, it expires. Pass message_id and the attachment id from OUTLOOK_LIST_OUTLOOK_ATTACHMENTS (the pair must belong together) and the file_name to give the download. Works for file attachments; attached emails and cloud links have no bytes to download.',
    input: params(
      {
        message_id: MESSAGE_ID,
        attachment_id: ATTACHMENT_ID,
        file_name: s.string('Name for the downloaded file, e.g. invoice.pdf'),
      },
      ['message_id', 'attachment_id', 'file_name'],
    ),
    output: params({
      file: s.object(
        {
          name: s.string('File name'),
          mimetype: s.string('MIME type'),
          s3url: s.string('Signed download URL'),
          size: s.integer('Bytes'),
        },
        'The downloaded attachment',
      ),
    }),
    async run(ctx, a) {
      const path = `/me/messages/${enc(String(a.message_id))}/attachments/${enc(String(a.attachment_id))}/$value`;
      const res = await ctx.call({ method: 'GET', path });
      if (!res.ok) {
        const err = (res.body as { error?: { message?: string } } | undefined)?.error;
        throw new ToolFailure(err?.message ?? `Microsoft Graph answered ${res.status}`, { status: res.status });
      }
      const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
      const mimetype = (res.contentType || 'application/octet-stream').split(';')[0]!.trim();
      return { file: await ctx.stageFile(bytes, String(a.file_name), mimetype) };
    },
  }),
  composite({
    slug: 'OUTLOOK_ADD_MAIL_ATTACHMENT',
    name: 'Add attachment to message',
    tags: ['outlook', 'mail', 'attachments'],
    description:
      'Attach a file (up to 3 MB) to a message, usually a draft before OUTLOOK_SEND_DRAFT. Either pass attachment, a staged file {name, mimetype, s3key}, or contentBytes (base64) with name and contentType. isInline with contentId embeds an image referenced as cid:… in an HTML body. Returns the created attachment with its id.',
    input: params(
      {
        message_id: MESSAGE_ID,
        attachment: s.file('A staged file to attach (POST /api/v3/files/upload/request)'),
        name: s.string('File name shown to the recipient (taken from attachment when omitted)'),
        contentBytes: s.string('File content, base64-encoded (instead of attachment)'),
        contentType: s.string('MIME type, e.g. application/pdf'),
        isInline: s.boolean('Show it inside the body rather than as a separate file'),
        contentId: s.string('Content-ID for an inline image'),
        odata_type: s.string('#microsoft.graph.fileAttachment (default) or #microsoft.graph.itemAttachment'),
        item: s.object({}, 'For an item attachment: the message, event or contact to embed, with its @odata.type'),
      },
      ['message_id'],
    ),
    async run(ctx, a) {
      const type = String(a.odata_type ?? '#microsoft.graph.fileAttachment');
      const body: Args = { '@odata.type': type };
      if (type.endsWith('itemAttachment')) {
        if (!a.item) throw new ToolArgumentError('an item attachment needs item');
        Object.assign(body, drop({ name: a.name, item: a.item }));
      } else {
        let bytes: string | undefined = a.contentBytes as string | undefined;
        let name = a.name as string | undefined;
        let mime = a.contentType as string | undefined;
        if (a.attachment) {
          const f = await ctx.readFile(a.attachment as { s3key: string });
          bytes = f.content.toString('base64');
          name ??= f.name;
          mime ??= f.mimetype;
        }
        if (!bytes) throw new ToolArgumentError('give attachment (a staged file) or contentBytes');
        if (!name) throw new ToolArgumentError('give name with contentBytes');
        if (Buffer.byteLength(bytes, 'base64') > 3 * 1024 * 1024)
          throw new ToolArgumentError('Graph takes attachments up to 3 MB in one request; this file is larger');
        Object.assign(
          body,
          drop({ name, contentType: mime, contentBytes: bytes, isInline: a.isInline, contentId: a.contentId }),
        );
      }
      return ctx.json({ method: 'POST', path: `/me/messages/${enc(String(a.message_id))}/attachments`, body });
    },
  }),
  m({
    slug: 'OUTLOOK_DELETE_ME_MESSAGES_ATTACHMENTS',
    name: 'Remove attachment from message',
    tags: ['outlook', 'mail', 'attachments'],
    description: 'Remove one attachment from a message (typically a draft). No content on success.',
    method: 'DELETE',
    path: '/me/messages/{message_id}/attachments/{attachment_id}',
    input: { message_id: MESSAGE_ID, attachment_id: ATTACHMENT_ID },
  }),
  m({
    slug: 'OUTLOOK_GET_MAIL_TIPS',
    name: 'Get mail tips',
    tags: ['outlook', 'mail'],
    description:
      'Before sending, check recipients: out-of-office replies (automaticReplies), full mailboxes (mailboxFullStatus), size limits, external or large distribution lists, moderation. EmailAddresses is the list to check, MailTipsOptions which tips to fetch. Returns value[] with one entry per address.',
    method: 'POST',
    path: '/me/getMailTips',
    input: {
      EmailAddresses: s.strings('Addresses to check'),
      MailTipsOptions: s.array(
        {
          type: 'string',
          enum: [
            'automaticReplies',
            'customMailTip',
            'deliveryRestriction',
            'externalMemberCount',
            'mailboxFullStatus',
            'maxMessageSize',
            'moderationStatus',
            'recipientScope',
            'recipientSuggestions',
            'totalMemberCount',
          ],
        },
        'Which tips to return',
      ),
    },
    required: ['EmailAddresses', 'MailTipsOptions'],
    // Graph takes the options as one comma-separated flags string
    body: (a) => ({ EmailAddresses: a.EmailAddresses, MailTipsOptions: [a.MailTipsOptions].flat().join(', ') }),
  }),
  // ---- inbox rules ----
  m({
    slug: 'OUTLOOK_LIST_EMAIL_RULES',
    name: 'List inbox rules',
    tags: ['outlook', 'mail', 'rules'],
    description:
      'List the inbox rules: id, displayName, sequence (run order), isEnabled, conditions, actions. Filter them yourself; Graph offers no server-side filter here. Change one with OUTLOOK_UPDATE_EMAIL_RULE.',
    method: 'GET',
    path: '/me/mailFolders/inbox/messageRules',
    input: { top: q.top(100), skip: q.skip },
    required: [],
  }),
  m({
    slug: 'OUTLOOK_LIST_MAIL_FOLDER_MESSAGE_RULES',
    name: 'List rules of folder',
    tags: ['outlook', 'mail', 'rules'],
    description: 'List the message rules attached to a mail folder (in practice the inbox).',
    method: 'GET',
    path: '/me/mailFolders/{mail_folder_id}/messageRules',
    input: { mail_folder_id: FOLDER_ID, top: q.top(100), skip: q.skip },
    required: ['mail_folder_id'],
  }),
  m({
    slug: 'OUTLOOK_CREATE_EMAIL_RULE',
    name: 'Create inbox rule',
    tags: ['outlook', 'mail', 'rules'],
    description:
      'Create an inbox rule that acts on arriving mail: conditions (fromAddresses, senderContains, subjectContains, bodyContains, hasAttachments, importance) and actions (moveToFolder with a folder id, copyToFolder, markAsRead, delete, forwardTo addresses, assignCategories, stopProcessingRules). sequence sets the order among rules (1 runs first). Returns the rule with its id.',
    method: 'POST',
    path: '/me/mailFolders/inbox/messageRules',
    input: {
      display_name: s.string('Name of the rule'),
      conditions: RULE_CONDITIONS,
      actions: RULE_ACTIONS,
      sequence: s.integer('Run order, 1 first', { default: 1 }),
      is_enabled: s.boolean('Active right away', { default: true }),
    },
    required: ['display_name', 'conditions', 'actions'],
    body: (a) => ({
      displayName: a.display_name,
      sequence: a.sequence ?? 1,
      isEnabled: a.is_enabled ?? true,
      ...ruleParts(a.conditions, a.actions),
    }),
  }),
  m({
    slug: 'OUTLOOK_UPDATE_EMAIL_RULE',
    name: 'Update inbox rule',
    tags: ['outlook', 'mail', 'rules'],
    description:
      'Change an inbox rule: rename it, enable or disable it (isEnabled), move it in the order (sequence), or replace its conditions or actions (a given object replaces the whole set). Returns the updated rule.',
    method: 'PATCH',
    path: '/me/mailFolders/inbox/messageRules/{ruleId}',
    input: {
      ruleId: RULE_ID,
      displayName: s.string('New name'),
      isEnabled: s.boolean('Active or not'),
      sequence: s.integer('New run order'),
      conditions: RULE_CONDITIONS,
      actions: RULE_ACTIONS,
    },
    required: ['ruleId'],
    body: (a) =>
      drop({
        displayName: a.displayName,
        isEnabled: a.isEnabled,
        sequence: a.sequence,
        ...ruleParts(a.conditions, a.actions),
      }),
  }),
  m({
    slug: 'OUTLOOK_DELETE_EMAIL_RULE',
    name: 'Delete inbox rule',
    tags: ['outlook', 'mail', 'rules'],
    description: 'Delete an inbox rule. Irreversible; confirm with the user. No content on success.',
    method: 'DELETE',
    path: '/me/mailFolders/inbox/messageRules/{rule_id}',
    input: { rule_id: RULE_ID },
  }),
  // ---- categories ----
  m({
    slug: 'OUTLOOK_GET_MASTER_CATEGORY',
    name: 'Get category',
    tags: ['outlook', 'settings'],
    description: 'One category of the user: displayName and color (preset0 … preset24).',
    method: 'GET',
    path: '/me/outlook/masterCategories/{category_id}',
    input: { category_id: CATEGORY_ID },
  }),
  m({
    slug: 'OUTLOOK_UPDATE_MASTER_CATEGORY',
    name: 'Recolor category',
    tags: ['outlook', 'settings'],
    description:
      'Change the color of a category (none or preset0 … preset24). Its name cannot change; create a new one with OUTLOOK_CREATE_MASTER_CATEGORY instead.',
    method: 'PATCH',
    path: '/me/outlook/masterCategories/{category_id}',
    input: {
      category_id: CATEGORY_ID,
      color: s.enum(['none', ...Array.from({ length: 25 }, (_v, i) => `preset${i}`)], 'New color'),
    },
    required: ['category_id', 'color'],
  }),
  m({
    slug: 'OUTLOOK_DELETE_MASTER_CATEGORY',
    name: 'Delete category',
    tags: ['outlook', 'settings'],
    description:
      "Remove a category from the user's list. Items keep the name as plain text but lose the color. No content on success.",
    method: 'DELETE',
    path: '/me/outlook/masterCategories/{category_id}',
    input: { category_id: CATEGORY_ID },
  }),
];

// ---- calendar -------------------------------------------------------------------------------
const EVENT_CREATE_INPUT = {
  subject: s.string('Title'),
  start: DATE_TIME_TZ('Start: {dateTime, timeZone}'),
  end: DATE_TIME_TZ('End: {dateTime, timeZone}'),
  body: ITEM_BODY,
  location: LOCATION,
  attendees: ATTENDEES,
  isOnlineMeeting: s.boolean('Add a Teams meeting link'),
  onlineMeetingProvider: s.string('teamsForBusiness'),
  allowNewTimeProposals: s.boolean('Let invitees propose another time'),
};

const calendar: CuratedTool[] = [
  composite({
    slug: 'OUTLOOK_ACCEPT_EVENT',
    name: 'Accept invitation',
    tags: ['outlook', 'calendar', 'respond'],
    description:
      'Answer a meeting invitation with yes (response_type accept, the default) or maybe (tentative). The organizer is told unless send_response is false; comment goes along with the answer. Graph answers 202 with no content. To say no use OUTLOOK_DECLINE_EVENT.',
    input: params(
      {
        event_id: EVENT_ID,
        response_type: s.enum(['accept', 'tentative'], 'accept or tentative', { default: 'accept' }),
        comment: s.string('Note to the organizer'),
        send_response: s.boolean('Notify the organizer', { default: true }),
      },
      ['event_id'],
    ),
    async run(ctx, a) {
      const verb = a.response_type === 'tentative' ? 'tentativelyAccept' : 'accept';
      await ctx.json({
        method: 'POST',
        path: `/me/events/${enc(String(a.event_id))}/${verb}`,
        body: drop({ comment: a.comment, sendResponse: a.send_response ?? true }),
      });
      return { event_id: a.event_id, response: a.response_type ?? 'accept' };
    },
  }),
  m({
    slug: 'OUTLOOK_DECLINE_EVENT',
    name: 'Decline invitation',
    tags: ['outlook', 'calendar', 'respond'],
    description:
      'Decline a meeting invitation, optionally with a comment and a proposedNewTime {start, end} for the organizer. sendResponse false declines silently. Graph answers 202 with no content.',
    method: 'POST',
    path: '/me/events/{event_id}/decline',
    input: {
      event_id: EVENT_ID,
      comment: s.string('Note to the organizer'),
      sendResponse: s.boolean('Notify the organizer (default true)'),
      proposedNewTime: s.object(
        { start: DATE_TIME_TZ('Proposed start'), end: DATE_TIME_TZ('Proposed end') },
        'Another time to suggest',
      ),
    },
    required: ['event_id'],
  }),
  m({
    slug: 'OUTLOOK_CANCEL_EVENT',
    name: 'Cancel meeting',
    tags: ['outlook', 'calendar'],
    description:
      'Cancel a meeting the user organizes: attendees get a cancellation (with Comment as its text) and the event is removed. Only the organizer can cancel; attendees decline instead (OUTLOOK_DECLINE_EVENT). Graph answers 202 with no content.',
    method: 'POST',
    path: '/me/events/{event_id}/cancel',
    input: { event_id: EVENT_ID, Comment: s.string('Message sent to attendees') },
    required: ['event_id'],
  }),
  m({
    slug: 'OUTLOOK_DELETE_CALENDAR_EVENT',
    name: 'Delete calendar event',
    tags: ['outlook', 'calendar'],
    description:
      'Remove an event from the calendar (it goes to Deleted Items). For a meeting the user organizes, prefer OUTLOOK_CANCEL_EVENT so attendees are told with a message. No content on success.',
    method: 'DELETE',
    path: '/me/events/{event_id}',
    input: { event_id: EVENT_ID },
  }),
  m({
    slug: 'OUTLOOK_DELETE_EVENT_PERMANENTLY',
    name: 'Permanently delete event',
    tags: ['outlook', 'calendar'],
    description: 'Delete an event beyond recovery (not kept in Deleted Items). Irreversible; confirm first.',
    method: 'POST',
    path: '/me/events/{event_id}/permanentDelete',
    input: { event_id: EVENT_ID },
  }),
  composite({
    slug: 'OUTLOOK_GET_CALENDAR_VIEW',
    name: 'Calendar view',
    important: true,
    tags: ['outlook', 'calendar', 'read'],
    description:
      "What is on the calendar between two moments: every event that overlaps the window, recurring ones expanded into their occurrences. Use for 'what do I have today / this week'. start_datetime and end_datetime are ISO 8601 with offset or Z (2025-03-10T00:00:00Z); timezone (IANA or Windows) sets the zone of the times in the answer. calendar_id picks a secondary calendar. Returns value[] (id, subject, start, end, location, organizer, attendees …) and @odata.nextLink when there is more.",
    input: params(
      {
        start_datetime: s.string('Window start, ISO 8601, e.g. 2025-03-10T00:00:00Z'),
        end_datetime: s.string('Window end, ISO 8601, e.g. 2025-03-17T00:00:00Z'),
        calendar_id: s.string('A calendar id from OUTLOOK_LIST_CALENDARS; the default calendar when omitted'),
        timezone: s.string('Time zone of the answer, e.g. Europe/Paris; UTC when omitted'),
        top: s.integer('Events per page', { default: 50 }),
        select: SELECT_LIST,
      },
      ['start_datetime', 'end_datetime'],
    ),
    async run(ctx, a) {
      const base = a.calendar_id ? `/me/calendars/${enc(String(a.calendar_id))}` : '/me';
      const sel = joinLists(a).select as string | undefined;
      return ctx.json({
        method: 'GET',
        path: `${base}/calendarView`,
        query: drop({
          startDateTime: a.start_datetime,
          endDateTime: a.end_datetime,
          $top: a.top ?? 50,
          $select: sel,
        }) as Record<string, string>,
        headers: preferZone(a.timezone),
      });
    },
  }),
  composite({
    slug: 'OUTLOOK_FIND_MEETING_TIMES',
    name: 'Find meeting times',
    tags: ['outlook', 'calendar', 'availability'],
    description:
      "Let Outlook suggest slots when the user and attendees are free. attendees: [{emailAddress:{address}, type:'required'}]; timeConstraint: {activityDomain:'work', timeSlots:[{start:{dateTime,timeZone}, end:{…}}]}; meetingDuration as ISO 8601 (PT30M, PT1H). prefer_timezone sets the zone of the suggested times. Returns meetingTimeSuggestions[] (meetingTimeSlot, confidence, attendeeAvailability) or an emptySuggestionsReason; then book one with OUTLOOK_CALENDAR_CREATE_EVENT.",
    input: params({
      attendees: ATTENDEES,
      timeConstraint: s.object(
        {
          activityDomain: s.string('work (default), personal, unrestricted or unknown'),
          timeSlots: s.array(
            { type: 'object', properties: { start: DATE_TIME_TZ('Slot start'), end: DATE_TIME_TZ('Slot end') } },
            'Windows to search in',
          ),
        },
        'When the meeting may take place',
      ),
      meetingDuration: s.string('Length, ISO 8601 duration, e.g. PT30M (default) or PT1H'),
      maxCandidates: s.integer('Most suggestions to return'),
      locationConstraint: s.object(
        {
          isRequired: s.boolean('A location is needed'),
          suggestLocation: s.boolean('Suggest rooms'),
          locations: s.array(
            {
              type: 'object',
              properties: {
                displayName: s.string('Place name'),
                resolveAvailability: s.boolean('Check if the place is free'),
              },
            },
            'Candidate places',
          ),
        },
        'Room or place requirements',
      ),
      isOrganizerOptional: s.boolean('The user need not attend'),
      returnSuggestionReasons: s.boolean('Explain each suggestion'),
      minimumAttendeePercentage: s.number('Lowest acceptable attendance confidence, 0-100'),
      prefer_timezone: s.string('Time zone of the suggested times, e.g. Pacific Standard Time'),
    }),
    async run(ctx, a) {
      const { prefer_timezone, ...rest } = a;
      return ctx.json({
        method: 'POST',
        path: '/me/findMeetingTimes',
        body: drop(rest),
        headers: preferZone(prefer_timezone),
      });
    },
  }),
  m({
    slug: 'OUTLOOK_GET_CALENDAR_SCHEDULE',
    name: 'Free/busy of people',
    tags: ['outlook', 'calendar', 'availability'],
    description:
      'Free/busy information for up to 20 people, lists or rooms over a period of up to 62 days. schedules: addresses; startTime/endTime: {dateTime, timeZone}. Returns value[] per address with scheduleItems (busy blocks) and availabilityView, one digit per availabilityViewInterval minutes (0 free, 1 tentative, 2 busy, 3 away, 4 elsewhere).',
    method: 'POST',
    path: '/me/calendar/getSchedule',
    input: {
      schedules: s.strings('Addresses to look up'),
      startTime: DATE_TIME_TZ('Start of the period'),
      endTime: DATE_TIME_TZ('End of the period'),
      availabilityViewInterval: s.integer('Minutes per availabilityView digit (5-1440, default 30)'),
    },
    required: ['schedules', 'startTime', 'endTime'],
  }),
  m({
    slug: 'OUTLOOK_CREATE_ME_EVENT',
    name: 'Create event (Graph shape)',
    tags: ['outlook', 'calendar', 'create'],
    description:
      "Create an event in the default calendar with Graph's own structure: start and end {dateTime, timeZone}, body {contentType, content}, location {displayName}, attendees [{emailAddress:{address}, type}]. Attendees get an invitation. Returns the event with id and webLink. OUTLOOK_CALENDAR_CREATE_EVENT takes flat arguments instead.",
    method: 'POST',
    path: '/me/events',
    input: EVENT_CREATE_INPUT,
    required: ['subject', 'start', 'end'],
  }),
  m({
    slug: 'OUTLOOK_CREATE_CALENDAR_EVENT_IN_CALENDAR',
    name: 'Create event in calendar',
    tags: ['outlook', 'calendar', 'create'],
    description:
      'Create an event in a specific (secondary or shared) calendar, same shape as OUTLOOK_CREATE_ME_EVENT plus an optional recurrence {pattern, range} for repeating events. Returns the event with its id.',
    method: 'POST',
    path: '/me/calendars/{calendar_id}/events',
    input: { calendar_id: CALENDAR_ID, ...EVENT_CREATE_INPUT, recurrence: RECURRENCE },
    required: ['calendar_id', 'subject', 'start', 'end'],
  }),
  m({
    slug: 'OUTLOOK_LIST_USER_CALENDARS_EVENTS',
    name: 'List events of calendar',
    tags: ['outlook', 'calendar', 'read'],
    description:
      "List the events of one calendar (series masters, not expanded occurrences; use OUTLOOK_GET_CALENDAR_VIEW for a time window). Filter e.g. start/dateTime ge '2025-03-01T00:00:00Z'.",
    method: 'GET',
    path: '/me/calendars/{calendar_id}/events',
    input: {
      calendar_id: CALENDAR_ID,
      top: q.top(25),
      skip: q.skip,
      filter: q.filter,
      select: SELECT_LIST,
      orderby: ORDERBY_LIST,
    },
    required: ['calendar_id'],
  }),
  m({
    slug: 'OUTLOOK_GET_CALENDAR_EVENT',
    name: 'Get event of calendar',
    tags: ['outlook', 'calendar', 'read'],
    description: 'Read one event of a given calendar in full (body, attendees and their answers, recurrence).',
    method: 'GET',
    path: '/me/calendars/{calendar_id}/events/{event_id}',
    input: { calendar_id: CALENDAR_ID, event_id: EVENT_ID },
  }),
  m({
    slug: 'OUTLOOK_DELETE_CALENDAR_EVENT_FROM_SPECIFIC_CALENDAR',
    name: 'Delete event of calendar',
    tags: ['outlook', 'calendar'],
    description: 'Remove an event from a given calendar. No content on success; ask the user first.',
    method: 'DELETE',
    path: '/me/calendars/{calendar_id}/events/{event_id}',
    input: { calendar_id: CALENDAR_ID, event_id: EVENT_ID },
  }),
  m({
    slug: 'OUTLOOK_LIST_EVENT_INSTANCES',
    name: 'List occurrences',
    tags: ['outlook', 'calendar', 'read'],
    description:
      'The single occurrences of a recurring event (event_id of the series master) between startDateTime and endDateTime (ISO 8601). Each occurrence has its own id, usable to update or cancel just that one.',
    method: 'GET',
    path: '/me/events/{event_id}/instances',
    input: {
      event_id: EVENT_ID,
      startDateTime: s.string('Window start, ISO 8601'),
      endDateTime: s.string('Window end, ISO 8601'),
      top: q.top(25),
      skip: q.skip,
      filter: q.filter,
      select: SELECT_LIST,
      orderby: ORDERBY_LIST,
      expand: EXPAND_LIST,
      search: s.string('Search phrase'),
      count: s.boolean('Include the total number of occurrences'),
    },
    required: ['event_id', 'startDateTime', 'endDateTime'],
  }),
  m({
    slug: 'OUTLOOK_DISMISS_EVENT_REMINDER',
    name: 'Dismiss reminder',
    tags: ['outlook', 'calendar', 'reminders'],
    description: 'Turn off the pending reminder of an event. No content on success.',
    method: 'POST',
    path: '/me/events/{event_id}/dismissReminder',
    input: { event_id: EVENT_ID },
  }),
  m({
    slug: 'OUTLOOK_SNOOZE_EVENT_REMINDER',
    name: 'Snooze reminder',
    tags: ['outlook', 'calendar', 'reminders'],
    description:
      'Make an event reminder fire again later, at newReminderTime {dateTime, timeZone}. No content on success.',
    method: 'POST',
    path: '/me/events/{event_id}/snoozeReminder',
    input: { event_id: EVENT_ID, newReminderTime: DATE_TIME_TZ('When the reminder should fire again') },
    required: ['event_id', 'newReminderTime'],
  }),
  m({
    slug: 'OUTLOOK_GET_EVENT_ATTACHMENT',
    name: 'Get event attachment',
    tags: ['outlook', 'calendar', 'attachments'],
    description:
      'One attachment of an event: name, contentType, size and, for files, contentBytes (base64). Ids come from OUTLOOK_LIST_EVENT_ATTACHMENTS.',
    method: 'GET',
    path: '/me/events/{event_id}/attachments/{attachment_id}',
    input: { event_id: EVENT_ID, attachment_id: ATTACHMENT_ID },
  }),
  m({
    slug: 'OUTLOOK_ADD_EVENT_ATTACHMENT',
    name: 'Add event attachment',
    tags: ['outlook', 'calendar', 'attachments'],
    description:
      'Attach a file (content_bytes, base64, up to 3 MB) or an Outlook item (item, with odata_type #microsoft.graph.itemAttachment) to an event. Returns the attachment with its id.',
    method: 'POST',
    path: '/me/events/{event_id}/attachments',
    input: {
      event_id: EVENT_ID,
      odata_type: s.enum(['#microsoft.graph.fileAttachment', '#microsoft.graph.itemAttachment'], 'Kind of attachment'),
      name: s.string('Name shown on the event'),
      content_bytes: s.string('File content, base64 (file attachments)'),
      item: s.object({}, 'The message, event or contact to embed (item attachments)'),
    },
    required: ['event_id', 'odata_type', 'name'],
    body: (a) => drop({ '@odata.type': a.odata_type, name: a.name, contentBytes: a.content_bytes, item: a.item }),
  }),
  m({
    slug: 'OUTLOOK_DELETE_EVENT_ATTACHMENT',
    name: 'Remove event attachment',
    tags: ['outlook', 'calendar', 'attachments'],
    description: 'Remove one attachment from an event. No content on success.',
    method: 'DELETE',
    path: '/me/events/{event_id}/attachments/{attachment_id}',
    input: { event_id: EVENT_ID, attachment_id: ATTACHMENT_ID },
  }),
  // ---- calendars and calendar groups ----
  m({
    slug: 'OUTLOOK_GET_ME_CALENDAR',
    name: 'Get default calendar',
    tags: ['outlook', 'calendar'],
    description: 'The default calendar: id, name, color, owner, canEdit, canShare.',
    method: 'GET',
    path: '/me/calendar',
    input: {},
    required: [],
  }),
  m({
    slug: 'OUTLOOK_GET_USER_CALENDAR',
    name: 'Get calendar',
    tags: ['outlook', 'calendar'],
    description: 'One calendar by id: name, color, owner, whether the user can edit or share it.',
    method: 'GET',
    path: '/me/calendars/{calendar_id}',
    input: { calendar_id: CALENDAR_ID, select: SELECT_LIST },
  }),
  m({
    slug: 'OUTLOOK_UPDATE_USER_CALENDARS',
    name: 'Update calendar',
    tags: ['outlook', 'calendar'],
    description: 'Rename a calendar or change its color (auto, lightBlue, lightGreen, …). Returns the calendar.',
    method: 'PATCH',
    path: '/me/calendars/{calendar_id}',
    input: {
      calendar_id: CALENDAR_ID,
      name: s.string('New name'),
      color: s.enum(
        [
          'auto',
          'lightBlue',
          'lightGreen',
          'lightOrange',
          'lightGray',
          'lightYellow',
          'lightTeal',
          'lightPink',
          'lightBrown',
          'lightRed',
          'maxColor',
        ],
        'New color',
      ),
    },
    required: ['calendar_id'],
  }),
  m({
    slug: 'OUTLOOK_DELETE_CALENDAR',
    name: 'Delete calendar',
    tags: ['outlook', 'calendar'],
    description:
      'Delete a secondary calendar and all its events (the default calendar cannot be deleted). Irreversible in practice: ask the user first.',
    method: 'DELETE',
    path: '/me/calendars/{calendar_id}',
    input: { calendar_id: CALENDAR_ID },
  }),
  m({
    slug: 'OUTLOOK_LIST_CALENDAR_GROUPS',
    name: 'List calendar groups',
    tags: ['outlook', 'calendar'],
    description: 'List the calendar groups (My Calendars, Other Calendars, custom ones): id, name, classId.',
    method: 'GET',
    path: '/me/calendarGroups',
    input: { top: q.top(50), skip: q.skip, filter: q.filter, select: SELECT_LIST, orderby: ORDERBY_LIST },
    required: [],
  }),
  m({
    slug: 'OUTLOOK_GET_CALENDAR_GROUP',
    name: 'Get calendar group',
    tags: ['outlook', 'calendar'],
    description: 'One calendar group; expand=calendars also returns its calendars.',
    method: 'GET',
    path: '/me/calendarGroups/{calendar_group_id}',
    input: { calendar_group_id: CALENDAR_GROUP_ID, select: SELECT_TEXT, expand: s.string('e.g. calendars') },
  }),
  m({
    slug: 'OUTLOOK_LIST_CALENDAR_GROUP_CALENDARS',
    name: 'List calendars of group',
    tags: ['outlook', 'calendar'],
    description: 'List the calendars inside one calendar group.',
    method: 'GET',
    path: '/me/calendarGroups/{calendar_group_id}/calendars',
    input: {
      calendar_group_id: CALENDAR_GROUP_ID,
      top: q.top(50),
      skip: q.skip,
      filter: q.filter,
      select: SELECT_LIST,
      orderby: ORDERBY_LIST,
    },
    required: ['calendar_group_id'],
  }),
  m({
    slug: 'OUTLOOK_DELETE_CALENDAR_GROUP',
    name: 'Delete calendar group',
    tags: ['outlook', 'calendar'],
    description: 'Delete a calendar group other than the default one. Ask the user first.',
    method: 'DELETE',
    path: '/me/calendarGroups/{calendar_group_id}',
    input: { calendar_group_id: CALENDAR_GROUP_ID },
  }),
  m({
    slug: 'OUTLOOK_LIST_PRIMARY_CALENDAR_PERMISSIONS',
    name: 'List calendar sharing',
    tags: ['outlook', 'calendar', 'sharing'],
    description:
      'Who can see the default calendar and how much: value[] of {id, emailAddress, role (freeBusyRead, limitedRead, read, write, delegate…), isRemovable}.',
    method: 'GET',
    path: '/me/calendar/calendarPermissions',
    input: { top: q.top(50), skip: q.skip },
    required: [],
  }),
];

// ---- contacts ------------------------------------------------------------------------------
const ADDRESS = (what: string) =>
  s.object(
    {
      street: s.string('Street and number'),
      city: s.string('City'),
      state: s.string('State or province'),
      postalCode: s.string('Postal code'),
      countryOrRegion: s.string('Country or region'),
    },
    what,
  );
const EMAIL_OBJECTS = s.array(
  { type: 'object', properties: { address: s.string('Email address'), name: s.string('Label or name') } },
  'Email addresses: [{address, name}]',
);

/** hosted contact fields (Graph's camelCase plus notes, homePhone) → Graph contact */
function folderContact(a: Args): Args {
  const out: Args = {};
  for (const k of [
    'givenName',
    'surname',
    'displayName',
    'emailAddresses',
    'businessPhones',
    'mobilePhone',
    'companyName',
    'jobTitle',
    'department',
    'officeLocation',
    'categories',
  ])
    if (a[k] !== undefined) out[k] = a[k];
  if (a.notes !== undefined) out.personalNotes = a.notes;
  if (a.homePhone !== undefined) out.homePhones = [a.homePhone];
  if (a.birthday !== undefined) out.birthday = birthday(a.birthday);
  return out;
}

const contacts: CuratedTool[] = [
  m({
    slug: 'OUTLOOK_GET_ME_CONTACTS',
    name: 'Get contact by id',
    tags: ['outlook', 'contacts'],
    description: 'Read one personal contact (names, emailAddresses, phones, company, addresses, notes).',
    method: 'GET',
    path: '/me/contacts/{contact_id}',
    input: { contact_id: CONTACT_ID },
  }),
  m({
    slug: 'OUTLOOK_LIST_USER_CONTACTS',
    name: 'List contacts (all options)',
    tags: ['outlook', 'contacts'],
    description:
      "List personal contacts of the default Contacts folder, with filter (emailAddresses/any(a:a/address eq 'ana@contoso.com'), startswith(displayName,'A')), select, orderby and paging; count=true adds @odata.count.",
    method: 'GET',
    path: '/me/contacts',
    input: {
      top: q.top(50),
      skip: q.skip,
      filter: q.filter,
      select: SELECT_LIST,
      orderby: ORDERBY_LIST,
      expand: EXPAND_LIST,
      count: s.boolean('Include the total number of matches'),
    },
    required: [],
  }),
  m({
    slug: 'OUTLOOK_DELETE_CONTACT_PERMANENTLY',
    name: 'Permanently delete contact',
    tags: ['outlook', 'contacts'],
    description: 'Delete a contact beyond recovery (not kept in Deleted Items). Irreversible; confirm first.',
    method: 'POST',
    path: '/me/contacts/{contact_id}/permanentDelete',
    input: { contact_id: CONTACT_ID },
  }),
  m({
    slug: 'OUTLOOK_GET_CONTACT_FOLDER',
    name: 'Get contact folder',
    tags: ['outlook', 'contacts'],
    description: 'One contact folder: id, displayName, parentFolderId.',
    method: 'GET',
    path: '/me/contactFolders/{contact_folder_id}',
    input: { contact_folder_id: CONTACT_FOLDER_ID, select: SELECT_TEXT },
  }),
  m({
    slug: 'OUTLOOK_UPDATE_CONTACT_FOLDER',
    name: 'Update contact folder',
    tags: ['outlook', 'contacts'],
    description: 'Rename a contact folder (displayName) or move it under another (parentFolderId). Returns the folder.',
    method: 'PATCH',
    path: '/me/contactFolders/{contact_folder_id}',
    input: {
      contact_folder_id: CONTACT_FOLDER_ID,
      displayName: s.string('New name'),
      parentFolderId: s.string('New parent folder id'),
    },
    required: ['contact_folder_id'],
  }),
  m({
    slug: 'OUTLOOK_DELETE_CONTACT_FOLDER',
    name: 'Delete contact folder',
    tags: ['outlook', 'contacts'],
    description: 'Delete a contact folder and the contacts in it. Ask the user first. No content on success.',
    method: 'DELETE',
    path: '/me/contactFolders/{contact_folder_id}',
    input: { contact_folder_id: CONTACT_FOLDER_ID },
  }),
  m({
    slug: 'OUTLOOK_LIST_CONTACT_FOLDER_CHILD_FOLDERS',
    name: 'List contact subfolders',
    tags: ['outlook', 'contacts'],
    description: 'List the folders nested in a contact folder (folder_id).',
    method: 'GET',
    path: '/me/contactFolders/{folder_id}/childFolders',
    input: {
      folder_id: CONTACT_FOLDER_ID,
      top: q.top(50),
      skip: q.skip,
      filter: q.filter,
      select: SELECT_LIST,
      orderby: ORDERBY_LIST,
      expand: EXPAND_LIST,
    },
    required: ['folder_id'],
  }),
  m({
    slug: 'OUTLOOK_CREATE_CONTACT_FOLDER_CHILD_FOLDER',
    name: 'Create contact subfolder',
    tags: ['outlook', 'contacts'],
    description: 'Create a contact folder inside another. Returns it with its id.',
    method: 'POST',
    path: '/me/contactFolders/{contact_folder_id}/childFolders',
    input: { contact_folder_id: CONTACT_FOLDER_ID, displayName: s.string('Name of the new folder') },
    required: ['contact_folder_id', 'displayName'],
  }),
  m({
    slug: 'OUTLOOK_DELETE_CONTACT_FOLDER_CHILD_FOLDER',
    name: 'Delete contact subfolder',
    tags: ['outlook', 'contacts'],
    description: 'Delete a contact folder nested in another, with its contacts. Ask the user first.',
    method: 'DELETE',
    path: '/me/contactFolders/{contact_folder_id}/childFolders/{child_folder_id}',
    input: { contact_folder_id: CONTACT_FOLDER_ID, child_folder_id: s.string('Id of the subfolder') },
  }),
  m({
    slug: 'OUTLOOK_CREATE_ME_CONTACT_FOLDERS_CONTACTS',
    name: 'Create contact in folder',
    tags: ['outlook', 'contacts'],
    description:
      'Add a contact to a given contact folder (contactFolderId). emailAddresses is [{address, name}]; notes become the personal notes; homePhone is stored as the home number; birthday is YYYY-MM-DD. Returns the contact with its id.',
    method: 'POST',
    path: '/me/contactFolders/{contactFolderId}/contacts',
    input: {
      contactFolderId: CONTACT_FOLDER_ID,
      givenName: s.string('First name'),
      surname: s.string('Last name'),
      displayName: s.string('Full name as shown'),
      emailAddresses: EMAIL_OBJECTS,
      businessPhones: s.strings('Work numbers'),
      mobilePhone: s.string('Mobile number'),
      homePhone: s.string('Home number'),
      companyName: s.string('Company'),
      jobTitle: s.string('Job title'),
      department: s.string('Department'),
      officeLocation: s.string('Office'),
      categories: s.strings('Category names'),
      birthday: s.string('YYYY-MM-DD'),
      notes: s.string('Personal notes'),
    },
    required: ['contactFolderId'],
    body: folderContact,
  }),
  m({
    slug: 'OUTLOOK_GET_CONTACT_FROM_FOLDER',
    name: 'Get contact in folder',
    tags: ['outlook', 'contacts'],
    description: 'Read one contact of a given contact folder.',
    method: 'GET',
    path: '/me/contactFolders/{contact_folder_id}/contacts/{contact_id}',
    input: { contact_folder_id: CONTACT_FOLDER_ID, contact_id: CONTACT_ID, select: SELECT_LIST, expand: EXPAND_LIST },
  }),
  m({
    slug: 'OUTLOOK_UPDATE_CONTACT_FOLDERS_CONTACTS',
    name: 'Update contact in folder',
    tags: ['outlook', 'contacts'],
    description:
      'Change fields of a contact in a given folder; fields not passed stay. email_addresses, phones and categories replace their whole lists. Returns the updated contact.',
    method: 'PATCH',
    path: '/me/contactFolders/{contact_folder_id}/contacts/{contact_id}',
    input: {
      contact_folder_id: CONTACT_FOLDER_ID,
      contact_id: CONTACT_ID,
      given_name: s.string('First name'),
      surname: s.string('Last name'),
      display_name: s.string('Full name as shown'),
      email_addresses: EMAIL_OBJECTS,
      business_phones: s.strings('Work numbers'),
      home_phones: s.strings('Home numbers'),
      mobile_phone: s.string('Mobile number'),
      company_name: s.string('Company'),
      job_title: s.string('Job title'),
      department: s.string('Department'),
      office_location: s.string('Office'),
      categories: s.strings('Category names'),
      birthday: s.string('YYYY-MM-DD'),
      personal_notes: s.string('Personal notes'),
      home_address: ADDRESS('Home address'),
      business_address: ADDRESS('Work address'),
      other_address: ADDRESS('Other address'),
    },
    required: ['contact_folder_id', 'contact_id'],
    prepare: (a) => (a.birthday === undefined ? a : { ...a, birthday: birthday(a.birthday) }),
  }),
  m({
    slug: 'OUTLOOK_DELETE_CONTACT_FOLDER_CONTACT',
    name: 'Delete contact in folder',
    tags: ['outlook', 'contacts'],
    description: 'Delete a contact from a given contact folder. No content on success.',
    method: 'DELETE',
    path: '/me/contactFolders/{contact_folder_id}/contacts/{contact_id}',
    input: { contact_folder_id: CONTACT_FOLDER_ID, contact_id: CONTACT_ID },
  }),
  m({
    slug: 'OUTLOOK_LIST_CONTACTS_DELTA',
    name: 'Contact changes',
    tags: ['outlook', 'contacts', 'sync'],
    description:
      'Contacts added, changed or deleted in a folder since the last sync: first call without tokens returns everything (follow skip_token pages), keep the @odata.deltaLink and pass its delta_token (or the link) next time.',
    method: 'GET',
    path: '/me/contactFolders/{contact_folder_id}/contacts/delta',
    input: {
      contact_folder_id: CONTACT_FOLDER_ID,
      select: SELECT_LIST,
      skip_token: s.string('$skiptoken of the previous nextLink (or the link)'),
      delta_token: s.string('$deltatoken of the previous deltaLink (or the link)'),
    },
    required: ['contact_folder_id'],
    rename: { skip_token: '$skiptoken', delta_token: '$deltatoken' },
    prepare: (a) => ({ ...a, skip_token: bareToken(a.skip_token), delta_token: bareToken(a.delta_token) }),
  }),
];

// ---- Focused Inbox, Outlook settings, To Do ---------------------------------------------------
const settings: CuratedTool[] = [
  m({
    slug: 'OUTLOOK_GET_ME_OUTLOOK',
    name: 'Outlook settings entity',
    tags: ['outlook', 'settings'],
    description: 'The Outlook services object of the user (the parent of categories, time zones and languages).',
    method: 'GET',
    path: '/me/outlook',
    input: {},
    required: [],
  }),
  m({
    slug: 'OUTLOOK_GET_INFERENCE_CLASSIFICATION',
    name: 'Focused Inbox settings',
    tags: ['outlook', 'settings'],
    description:
      'The Focused Inbox classification of the user; its overrides say which senders always go to Focused or Other.',
    method: 'GET',
    path: '/me/inferenceClassification',
    input: {},
    required: [],
  }),
  m({
    slug: 'OUTLOOK_LIST_INFERENCE_CLASSIFICATION_OVERRIDES',
    name: 'List Focused Inbox overrides',
    tags: ['outlook', 'settings'],
    description: 'Senders pinned to Focused or Other: value[] of {id, classifyAs, senderEmailAddress}.',
    method: 'GET',
    path: '/me/inferenceClassification/overrides',
    input: { top: q.top(50), skip: q.skip },
    required: [],
  }),
  m({
    slug: 'OUTLOOK_DELETE_ME_INFERENCE_CLASSIFICATION_OVERRIDE',
    name: 'Delete Focused Inbox override',
    tags: ['outlook', 'settings'],
    description: 'Remove a sender override so Outlook classifies that sender on its own again.',
    method: 'DELETE',
    path: '/me/inferenceClassification/overrides/{override_id}',
    input: { override_id: s.string('Override id from OUTLOOK_LIST_INFERENCE_CLASSIFICATION_OVERRIDES') },
  }),
  m({
    slug: 'OUTLOOK_LIST_TO_DO_LISTS',
    name: 'List To Do lists',
    tags: ['outlook', 'tasks'],
    description:
      'List the Microsoft To Do task lists (id, displayName, wellknownListName such as defaultList or flaggedEmails). Use an id with OUTLOOK_LIST_TODO_TASKS or OUTLOOK_CREATE_TASK.',
    method: 'GET',
    path: '/me/todo/lists',
    input: { top: q.top(50), skip: q.skip, filter: q.filter, select: SELECT_LIST, orderby: ORDERBY_LIST },
    required: [],
  }),
  m({
    slug: 'OUTLOOK_LIST_TODO_TASKS',
    name: 'List To Do tasks',
    tags: ['outlook', 'tasks'],
    description:
      "List the tasks of a To Do list: id, title, status (notStarted, inProgress, completed …), importance, dueDateTime, body. Filter e.g. status ne 'completed'.",
    method: 'GET',
    path: '/me/todo/lists/{todo_task_list_id}/tasks',
    input: { todo_task_list_id: TASK_LIST_ID, top: q.top(50), skip: q.skip, filter: q.filter, orderby: ORDERBY_LIST },
    required: ['todo_task_list_id'],
  }),
  m({
    slug: 'OUTLOOK_CREATE_TASK',
    name: 'Create To Do task',
    tags: ['outlook', 'tasks'],
    description:
      'Add a task to a To Do list: title, optional body {content, contentType}, importance (low, normal, high), dueDateTime and reminderDateTime {dateTime, timeZone} (a reminder time switches the reminder on), categories, linkedResources [{webUrl, displayName, applicationName}]. Returns the task with its id.',
    method: 'POST',
    path: '/me/todo/lists/{todo_task_list_id}/tasks',
    input: {
      todo_task_list_id: TASK_LIST_ID,
      title: s.string('What to do'),
      body: ITEM_BODY,
      importance: s.enum(['low', 'normal', 'high'], 'Importance'),
      dueDateTime: DATE_TIME_TZ('Due: {dateTime, timeZone}'),
      reminderDateTime: DATE_TIME_TZ('Reminder: {dateTime, timeZone}'),
      categories: s.strings('Category names'),
      linkedResources: s.array(
        {
          type: 'object',
          properties: {
            webUrl: s.string('Link'),
            displayName: s.string('Title of the link'),
            applicationName: s.string('App the link comes from'),
          },
        },
        'Links shown with the task',
      ),
    },
    required: ['todo_task_list_id', 'title'],
    body: (a) =>
      drop({
        title: a.title,
        body: a.body,
        importance: a.importance,
        dueDateTime: a.dueDateTime,
        reminderDateTime: a.reminderDateTime,
        isReminderOn: a.reminderDateTime ? true : undefined,
        categories: a.categories,
        linkedResources: a.linkedResources,
      }),
  }),
  m({
    slug: 'OUTLOOK_UPDATE_TODO_TASK',
    name: 'Update To Do task',
    tags: ['outlook', 'tasks'],
    description:
      'Change a To Do task: title, status (notStarted, inProgress, completed, waitingOnOthers, deferred), importance, due_date_time or reminder_date_time {dateTime, timeZone}, is_reminder_on, categories, body. Only given fields change. Returns the task.',
    method: 'PATCH',
    path: '/me/todo/lists/{todo_task_list_id}/tasks/{todo_task_id}',
    input: {
      todo_task_list_id: TASK_LIST_ID,
      todo_task_id: s.string('Task id from OUTLOOK_LIST_TODO_TASKS'),
      title: s.string('New title'),
      status: s.enum(['notStarted', 'inProgress', 'completed', 'waitingOnOthers', 'deferred'], 'Progress'),
      importance: s.enum(['low', 'normal', 'high'], 'Importance'),
      due_date_time: DATE_TIME_TZ('Due: {dateTime, timeZone}'),
      reminder_date_time: DATE_TIME_TZ('Reminder: {dateTime, timeZone}'),
      is_reminder_on: s.boolean('Reminder on or off'),
      categories: s.strings('Category names (replaces the list)'),
      body: ITEM_BODY,
    },
    required: ['todo_task_list_id', 'todo_task_id'],
  }),
  m({
    slug: 'OUTLOOK_DELETE_TODO_TASK',
    name: 'Delete To Do task',
    tags: ['outlook', 'tasks'],
    description: 'Delete a task from a To Do list. No content on success.',
    method: 'DELETE',
    path: '/me/todo/lists/{todo_task_list_id}/tasks/{todo_task_id}',
    input: { todo_task_list_id: TASK_LIST_ID, todo_task_id: s.string('Task id from OUTLOOK_LIST_TODO_TASKS') },
  }),
];

export const outlookMoreTools: CuratedTool[] = [...mail, ...calendar, ...contacts, ...settings];
