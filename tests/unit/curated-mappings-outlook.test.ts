import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { outlookMoreTools } from '../../lib/catalog/curated/outlook-more';
import type { CuratedContext, ProviderRequest } from '../../lib/catalog/curated/types';
import { buildMapping } from '../helpers/mapping-request';

// The Outlook tools of outlook-more.ts build the request Microsoft Graph v1.0 documents for the
// signed-in user (/me/...), whether they are plain mappings or build their body in code: hosted
// argument names in, Graph's names ($top, $select, camelCase body fields, recipient objects) out.

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

function recorder(
  answer: (r: ProviderRequest) => { status: number; body?: unknown; binary?: Buffer; contentType?: string },
) {
  const sent: ProviderRequest[] = [];
  const staged: { name: string; mimetype: string; content: Buffer }[] = [];
  const ctx = {
    async call(r: ProviderRequest) {
      sent.push(r);
      const a = answer(r);
      return { ok: a.status < 300, headers: {}, contentType: a.contentType ?? 'application/json', ...a };
    },
    async json(r: ProviderRequest) {
      const res = await ctx.call(r);
      if (!res.ok) throw new Error(`upstream ${res.status}`);
      return res.body;
    },
    async readFile() {
      return { name: 'q3.pdf', mimetype: 'application/pdf', content: Buffer.from('%PDF-1.7 q3') };
    },
    async stageFile(content: Buffer, name: string, mimetype: string) {
      staged.push({ name, mimetype, content });
      return { name, mimetype, s3url: 'https://s3.example.test/x', size: content.length };
    },
    now: () => new Date('2025-03-10T09:00:00Z'),
  };
  return { ctx: ctx as unknown as CuratedContext, sent, staged };
}

/** the one request a tool makes for these arguments, mapping or composite alike */
async function request(slug: string, args: Record<string, unknown>): Promise<Sent> {
  const tool = getTool(slug);
  expect(tool, slug).toBeDefined();
  if (tool!.curated?.kind === 'mapping') {
    const b = buildMapping(slug, args, { base: 'https://graph.example.test/v1.0', prefix: '/v1.0', decode: true });
    return { method: b.method, path: b.path, query: b.query as Record<string, string>, body: b.body, headers: {} };
  }
  const def = outlookMoreTools.find((t) => t.slug === slug);
  if (def?.kind !== 'composite') throw new Error(`${slug}: composite expected`);
  const { ctx, sent } = recorder(() => ({ status: 200, body: { id: 'x' } }));
  await def.run(ctx, args);
  expect(sent).toHaveLength(1);
  const r = sent[0]!;
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.query ?? {})) if (v !== undefined && v !== null) query[k] = String(v);
  return { method: r.method, path: decodeURIComponent(r.path ?? ''), query, body: r.body, headers: r.headers ?? {} };
}

type Want = {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
};

const TABLE: [string, Record<string, unknown>, Want][] = [
  // mail
  ['OUTLOOK_DELETE_MESSAGE', { message_id: 'm1' }, { method: 'DELETE', path: '/me/messages/m1' }],
  [
    'OUTLOOK_PERMANENT_DELETE_MESSAGE',
    { message_id: 'm1' },
    { method: 'POST', path: '/me/messages/m1/permanentDelete' },
  ],
  [
    'OUTLOOK_PERMANENT_DELETE_MESSAGE',
    { message_id: 'm1', mail_folder_id: 'inbox' },
    { method: 'POST', path: '/me/mailFolders/inbox/messages/m1/permanentDelete' },
  ],
  [
    'OUTLOOK_COPY_MESSAGE',
    { message_id: 'm1', destination_id: 'archive' },
    { method: 'POST', path: '/me/messages/m1/copy', body: { destinationId: 'archive' } },
  ],
  ['OUTLOOK_SEND_DRAFT', { message_id: 'd1' }, { method: 'POST', path: '/me/messages/d1/send' }],
  [
    'OUTLOOK_FORWARD_MESSAGE',
    { message_id: 'm1', to_recipients: ['ana@contoso.com', 'bo@contoso.com'], comment: 'FYI' },
    {
      method: 'POST',
      path: '/me/messages/m1/forward',
      body: {
        comment: 'FYI',
        toRecipients: [
          { emailAddress: { address: 'ana@contoso.com' } },
          { emailAddress: { address: 'bo@contoso.com' } },
        ],
      },
    },
  ],
  [
    'OUTLOOK_CREATE_FORWARD_DRAFT',
    { mail_folder_id: 'inbox', message_id: 'm1', toRecipients: ['ana@contoso.com'] },
    {
      method: 'POST',
      path: '/me/mailFolders/inbox/messages/m1/createForward',
      body: { toRecipients: [{ emailAddress: { address: 'ana@contoso.com' } }] },
    },
  ],
  [
    'OUTLOOK_CREATE_ME_FORWARD_DRAFT',
    { message_id: 'm1', comment: 'see below' },
    { method: 'POST', path: '/me/messages/m1/createForward', body: { comment: 'see below' } },
  ],
  [
    'OUTLOOK_CREATE_REPLY_ALL_DRAFT',
    { mail_folder_id: 'inbox', message_id: 'm1', comment: 'Agreed' },
    { method: 'POST', path: '/me/mailFolders/inbox/messages/m1/createReplyAll', body: { comment: 'Agreed' } },
  ],
  [
    'OUTLOOK_CREATE_ME_MESSAGE_REPLY_ALL_DRAFT',
    { message_id: 'm1', comment: 'Agreed' },
    { method: 'POST', path: '/me/messages/m1/createReplyAll', body: { comment: 'Agreed' } },
  ],
  [
    'OUTLOOK_CREATE_USER_MAIL_FOLDER_MESSAGE_REPLY_DRAFT',
    { mail_folder_id: 'inbox', message_id: 'm1', comment: 'Thanks' },
    { method: 'POST', path: '/me/mailFolders/inbox/messages/m1/createReply', body: { comment: 'Thanks' } },
  ],
  [
    'OUTLOOK_LIST_MAIL_FOLDER_MESSAGES',
    {
      mail_folder_id: 'F1',
      top: 5,
      select: ['id', 'subject'],
      filter: 'isRead eq false',
      orderby: 'receivedDateTime desc',
    },
    {
      method: 'GET',
      path: '/me/mailFolders/F1/messages',
      query: { $top: '5', $select: 'id,subject', $filter: 'isRead eq false', $orderby: 'receivedDateTime desc' },
    },
  ],
  [
    'OUTLOOK_GET_MAIL_FOLDER_MESSAGE',
    { mail_folder_id: 'inbox', message_id: 'm1', select: ['body'] },
    { method: 'GET', path: '/me/mailFolders/inbox/messages/m1', query: { $select: 'body' } },
  ],
  [
    'OUTLOOK_DELETE_MAIL_FOLDER_MESSAGE',
    { mail_folder_id: 'inbox', message_id: 'm1' },
    { method: 'DELETE', path: '/me/mailFolders/inbox/messages/m1' },
  ],
  [
    'OUTLOOK_MOVE_MESSAGE_FROM_FOLDER',
    { mail_folder_id: 'inbox', message_id: 'm1', destinationId: 'archive' },
    { method: 'POST', path: '/me/mailFolders/inbox/messages/m1/move', body: { destinationId: 'archive' } },
  ],
  [
    'OUTLOOK_COPY_MESSAGE_FROM_MAIL_FOLDER',
    { mail_folder_id: 'inbox', message_id: 'm1', destinationId: 'F2' },
    { method: 'POST', path: '/me/mailFolders/inbox/messages/m1/copy', body: { destinationId: 'F2' } },
  ],
  [
    'OUTLOOK_LIST_CHILD_FOLDER_MESSAGES',
    { mail_folder_id: 'inbox', child_folder_id: 'C1' },
    { method: 'GET', path: '/me/mailFolders/inbox/childFolders/C1/messages', query: { $top: '25' } },
  ],
  [
    'OUTLOOK_LIST_SENT_ITEMS_MESSAGES',
    { top: 3 },
    { method: 'GET', path: '/me/mailFolders/sentitems/messages', query: { $top: '3', $orderby: 'sentDateTime desc' } },
  ],
  [
    'OUTLOOK_QUERY_EMAILS',
    { filter: 'hasAttachments eq true', select: ['id', 'subject'] },
    {
      method: 'GET',
      path: '/me/mailFolders/inbox/messages',
      query: { $filter: 'hasAttachments eq true', $top: '100', $select: 'id,subject' },
    },
  ],
  [
    'OUTLOOK_GET_MAIL_FOLDER',
    { mail_folder_id: 'inbox', select: 'id,totalItemCount' },
    { method: 'GET', path: '/me/mailFolders/inbox', query: { $select: 'id,totalItemCount' } },
  ],
  ['OUTLOOK_GET_DRAFTS_MAIL_FOLDER', {}, { method: 'GET', path: '/me/mailFolders/drafts', query: {} }],
  [
    'OUTLOOK_UPDATE_MAIL_FOLDER',
    { mail_folder_id: 'F1', display_name: 'Receipts 2025' },
    { method: 'PATCH', path: '/me/mailFolders/F1', body: { displayName: 'Receipts 2025' } },
  ],
  [
    'OUTLOOK_MOVE_MAIL_FOLDER',
    { folder_id: 'F1', destination_id: 'archive' },
    { method: 'POST', path: '/me/mailFolders/F1/move', body: { destinationId: 'archive' } },
  ],
  [
    'OUTLOOK_COPY_MAIL_FOLDER',
    { mail_folder_id: 'F1', destination_id: 'F2' },
    { method: 'POST', path: '/me/mailFolders/F1/copy', body: { destinationId: 'F2' } },
  ],
  [
    'OUTLOOK_LIST_CHILD_MAIL_FOLDERS',
    { parent_folder_id: 'inbox', include_hidden_folders: true, select: ['id', 'displayName'] },
    {
      method: 'GET',
      path: '/me/mailFolders/inbox/childFolders',
      query: { $top: '50', includeHiddenFolders: 'true', $select: 'id,displayName' },
    },
  ],
  [
    'OUTLOOK_GET_CHILD_MAIL_FOLDER',
    { mail_folder_id: 'inbox', child_folder_id: 'C1' },
    { method: 'GET', path: '/me/mailFolders/inbox/childFolders/C1' },
  ],
  [
    'OUTLOOK_CREATE_USER_MAIL_FOLDERS_CHILD_FOLDERS',
    { mailFolderId: 'inbox', displayName: 'Vendors', isHidden: false },
    { method: 'POST', path: '/me/mailFolders/inbox/childFolders', body: { displayName: 'Vendors', isHidden: false } },
  ],
  [
    'OUTLOOK_DELETE_ME_MAIL_FOLDER_CHILD_FOLDER',
    { mail_folder_id: 'inbox', child_folder_id: 'C1' },
    { method: 'DELETE', path: '/me/mailFolders/inbox/childFolders/C1' },
  ],
  [
    'OUTLOOK_LIST_MAIL_FOLDERS_DELTA',
    { deltatoken: 'https://graph.microsoft.com/v1.0/me/mailFolders/delta?$deltatoken=abc%3D' },
    { method: 'GET', path: '/me/mailFolders/delta', query: { $deltatoken: 'abc=' } },
  ],
  [
    'OUTLOOK_LIST_MAIL_FOLDER_MESSAGE_ATTACHMENTS',
    { mail_folder_id: 'inbox', message_id: 'm1' },
    { method: 'GET', path: '/me/mailFolders/inbox/messages/m1/attachments', query: { $top: '25' } },
  ],
  [
    'OUTLOOK_DELETE_ME_MESSAGES_ATTACHMENTS',
    { message_id: 'm1', attachment_id: 'a1' },
    { method: 'DELETE', path: '/me/messages/m1/attachments/a1' },
  ],
  [
    'OUTLOOK_GET_MAIL_TIPS',
    { EmailAddresses: ['ana@contoso.com'], MailTipsOptions: ['automaticReplies', 'mailboxFullStatus'] },
    {
      method: 'POST',
      path: '/me/getMailTips',
      body: { EmailAddresses: ['ana@contoso.com'], MailTipsOptions: 'automaticReplies, mailboxFullStatus' },
    },
  ],
  [
    'OUTLOOK_LIST_EMAIL_RULES',
    {},
    { method: 'GET', path: '/me/mailFolders/inbox/messageRules', query: { $top: '100' } },
  ],
  [
    'OUTLOOK_LIST_MAIL_FOLDER_MESSAGE_RULES',
    { mail_folder_id: 'inbox', top: 10 },
    { method: 'GET', path: '/me/mailFolders/inbox/messageRules', query: { $top: '10' } },
  ],
  [
    'OUTLOOK_CREATE_EMAIL_RULE',
    {
      display_name: 'Invoices',
      conditions: { fromAddresses: ['billing@vendor.com'], subjectContains: ['invoice'] },
      actions: { moveToFolder: 'F1', forwardTo: ['ap@contoso.com'], stopProcessingRules: true },
    },
    {
      method: 'POST',
      path: '/me/mailFolders/inbox/messageRules',
      body: {
        displayName: 'Invoices',
        sequence: 1,
        isEnabled: true,
        conditions: {
          fromAddresses: [{ emailAddress: { address: 'billing@vendor.com' } }],
          subjectContains: ['invoice'],
        },
        actions: {
          moveToFolder: 'F1',
          forwardTo: [{ emailAddress: { address: 'ap@contoso.com' } }],
          stopProcessingRules: true,
        },
      },
    },
  ],
  [
    'OUTLOOK_UPDATE_EMAIL_RULE',
    { ruleId: 'r1', isEnabled: false },
    { method: 'PATCH', path: '/me/mailFolders/inbox/messageRules/r1', body: { isEnabled: false } },
  ],
  ['OUTLOOK_DELETE_EMAIL_RULE', { rule_id: 'r1' }, { method: 'DELETE', path: '/me/mailFolders/inbox/messageRules/r1' }],
  ['OUTLOOK_GET_MASTER_CATEGORY', { category_id: 'c1' }, { method: 'GET', path: '/me/outlook/masterCategories/c1' }],
  [
    'OUTLOOK_UPDATE_MASTER_CATEGORY',
    { category_id: 'c1', color: 'preset7' },
    { method: 'PATCH', path: '/me/outlook/masterCategories/c1', body: { color: 'preset7' } },
  ],
  [
    'OUTLOOK_DELETE_MASTER_CATEGORY',
    { category_id: 'c1' },
    { method: 'DELETE', path: '/me/outlook/masterCategories/c1' },
  ],
  // calendar
  [
    'OUTLOOK_ACCEPT_EVENT',
    { event_id: 'e1', comment: 'See you' },
    { method: 'POST', path: '/me/events/e1/accept', body: { comment: 'See you', sendResponse: true } },
  ],
  [
    'OUTLOOK_ACCEPT_EVENT',
    { event_id: 'e1', response_type: 'tentative', send_response: false },
    { method: 'POST', path: '/me/events/e1/tentativelyAccept', body: { sendResponse: false } },
  ],
  [
    'OUTLOOK_DECLINE_EVENT',
    {
      event_id: 'e1',
      comment: 'Clash',
      proposedNewTime: {
        start: { dateTime: '2025-03-11T10:00:00', timeZone: 'UTC' },
        end: { dateTime: '2025-03-11T10:30:00', timeZone: 'UTC' },
      },
    },
    {
      method: 'POST',
      path: '/me/events/e1/decline',
      body: {
        comment: 'Clash',
        proposedNewTime: {
          start: { dateTime: '2025-03-11T10:00:00', timeZone: 'UTC' },
          end: { dateTime: '2025-03-11T10:30:00', timeZone: 'UTC' },
        },
      },
    },
  ],
  [
    'OUTLOOK_CANCEL_EVENT',
    { event_id: 'e1', Comment: 'Postponed' },
    { method: 'POST', path: '/me/events/e1/cancel', body: { Comment: 'Postponed' } },
  ],
  ['OUTLOOK_DELETE_CALENDAR_EVENT', { event_id: 'e1' }, { method: 'DELETE', path: '/me/events/e1' }],
  ['OUTLOOK_DELETE_EVENT_PERMANENTLY', { event_id: 'e1' }, { method: 'POST', path: '/me/events/e1/permanentDelete' }],
  [
    'OUTLOOK_GET_CALENDAR_VIEW',
    { start_datetime: '2025-03-10T00:00:00Z', end_datetime: '2025-03-17T00:00:00Z', timezone: 'Europe/Paris' },
    {
      method: 'GET',
      path: '/me/calendarView',
      query: { startDateTime: '2025-03-10T00:00:00Z', endDateTime: '2025-03-17T00:00:00Z', $top: '50' },
      headers: { Prefer: 'outlook.timezone="Europe/Paris"' },
    },
  ],
  [
    'OUTLOOK_GET_CALENDAR_VIEW',
    {
      start_datetime: '2025-03-10T00:00:00Z',
      end_datetime: '2025-03-11T00:00:00Z',
      calendar_id: 'cal2',
      top: 5,
      select: ['subject', 'start'],
    },
    {
      method: 'GET',
      path: '/me/calendars/cal2/calendarView',
      query: {
        startDateTime: '2025-03-10T00:00:00Z',
        endDateTime: '2025-03-11T00:00:00Z',
        $top: '5',
        $select: 'subject,start',
      },
      headers: {},
    },
  ],
  [
    'OUTLOOK_FIND_MEETING_TIMES',
    {
      attendees: [{ emailAddress: { address: 'ana@contoso.com' }, type: 'required' }],
      meetingDuration: 'PT1H',
      maxCandidates: 3,
      prefer_timezone: 'Pacific Standard Time',
    },
    {
      method: 'POST',
      path: '/me/findMeetingTimes',
      body: {
        attendees: [{ emailAddress: { address: 'ana@contoso.com' }, type: 'required' }],
        meetingDuration: 'PT1H',
        maxCandidates: 3,
      },
      headers: { Prefer: 'outlook.timezone="Pacific Standard Time"' },
    },
  ],
  [
    'OUTLOOK_GET_CALENDAR_SCHEDULE',
    {
      schedules: ['ana@contoso.com'],
      startTime: { dateTime: '2025-03-10T08:00:00', timeZone: 'UTC' },
      endTime: { dateTime: '2025-03-10T18:00:00', timeZone: 'UTC' },
      availabilityViewInterval: 15,
    },
    {
      method: 'POST',
      path: '/me/calendar/getSchedule',
      body: {
        schedules: ['ana@contoso.com'],
        startTime: { dateTime: '2025-03-10T08:00:00', timeZone: 'UTC' },
        endTime: { dateTime: '2025-03-10T18:00:00', timeZone: 'UTC' },
        availabilityViewInterval: 15,
      },
    },
  ],
  [
    'OUTLOOK_CREATE_ME_EVENT',
    {
      subject: 'Review',
      start: { dateTime: '2025-03-10T14:00:00', timeZone: 'UTC' },
      end: { dateTime: '2025-03-10T15:00:00', timeZone: 'UTC' },
      isOnlineMeeting: true,
    },
    {
      method: 'POST',
      path: '/me/events',
      body: {
        subject: 'Review',
        start: { dateTime: '2025-03-10T14:00:00', timeZone: 'UTC' },
        end: { dateTime: '2025-03-10T15:00:00', timeZone: 'UTC' },
        isOnlineMeeting: true,
      },
    },
  ],
  [
    'OUTLOOK_CREATE_CALENDAR_EVENT_IN_CALENDAR',
    {
      calendar_id: 'cal2',
      subject: 'Standup',
      start: { dateTime: '2025-03-10T09:00:00', timeZone: 'UTC' },
      end: { dateTime: '2025-03-10T09:15:00', timeZone: 'UTC' },
      recurrence: { pattern: { type: 'daily', interval: 1 }, range: { type: 'noEnd', startDate: '2025-03-10' } },
    },
    {
      method: 'POST',
      path: '/me/calendars/cal2/events',
      body: {
        subject: 'Standup',
        start: { dateTime: '2025-03-10T09:00:00', timeZone: 'UTC' },
        end: { dateTime: '2025-03-10T09:15:00', timeZone: 'UTC' },
        recurrence: { pattern: { type: 'daily', interval: 1 }, range: { type: 'noEnd', startDate: '2025-03-10' } },
      },
    },
  ],
  [
    'OUTLOOK_LIST_USER_CALENDARS_EVENTS',
    { calendar_id: 'cal2', orderby: ['start/dateTime desc'] },
    { method: 'GET', path: '/me/calendars/cal2/events', query: { $top: '25', $orderby: 'start/dateTime desc' } },
  ],
  [
    'OUTLOOK_GET_CALENDAR_EVENT',
    { calendar_id: 'cal2', event_id: 'e1' },
    { method: 'GET', path: '/me/calendars/cal2/events/e1' },
  ],
  [
    'OUTLOOK_DELETE_CALENDAR_EVENT_FROM_SPECIFIC_CALENDAR',
    { calendar_id: 'cal2', event_id: 'e1' },
    { method: 'DELETE', path: '/me/calendars/cal2/events/e1' },
  ],
  [
    'OUTLOOK_LIST_EVENT_INSTANCES',
    { event_id: 'e1', startDateTime: '2025-03-01T00:00:00Z', endDateTime: '2025-04-01T00:00:00Z' },
    {
      method: 'GET',
      path: '/me/events/e1/instances',
      query: { startDateTime: '2025-03-01T00:00:00Z', endDateTime: '2025-04-01T00:00:00Z', $top: '25' },
    },
  ],
  ['OUTLOOK_DISMISS_EVENT_REMINDER', { event_id: 'e1' }, { method: 'POST', path: '/me/events/e1/dismissReminder' }],
  [
    'OUTLOOK_SNOOZE_EVENT_REMINDER',
    { event_id: 'e1', newReminderTime: { dateTime: '2025-03-10T13:00:00', timeZone: 'UTC' } },
    {
      method: 'POST',
      path: '/me/events/e1/snoozeReminder',
      body: { newReminderTime: { dateTime: '2025-03-10T13:00:00', timeZone: 'UTC' } },
    },
  ],
  [
    'OUTLOOK_GET_EVENT_ATTACHMENT',
    { event_id: 'e1', attachment_id: 'a1' },
    { method: 'GET', path: '/me/events/e1/attachments/a1' },
  ],
  [
    'OUTLOOK_ADD_EVENT_ATTACHMENT',
    { event_id: 'e1', odata_type: '#microsoft.graph.fileAttachment', name: 'agenda.txt', content_bytes: 'aGk=' },
    {
      method: 'POST',
      path: '/me/events/e1/attachments',
      body: { '@odata.type': '#microsoft.graph.fileAttachment', name: 'agenda.txt', contentBytes: 'aGk=' },
    },
  ],
  [
    'OUTLOOK_DELETE_EVENT_ATTACHMENT',
    { event_id: 'e1', attachment_id: 'a1' },
    { method: 'DELETE', path: '/me/events/e1/attachments/a1' },
  ],
  ['OUTLOOK_GET_ME_CALENDAR', {}, { method: 'GET', path: '/me/calendar' }],
  [
    'OUTLOOK_GET_USER_CALENDAR',
    { calendar_id: 'cal2', select: ['name', 'color'] },
    { method: 'GET', path: '/me/calendars/cal2', query: { $select: 'name,color' } },
  ],
  [
    'OUTLOOK_UPDATE_USER_CALENDARS',
    { calendar_id: 'cal2', name: 'Travel', color: 'lightGreen' },
    { method: 'PATCH', path: '/me/calendars/cal2', body: { name: 'Travel', color: 'lightGreen' } },
  ],
  ['OUTLOOK_DELETE_CALENDAR', { calendar_id: 'cal2' }, { method: 'DELETE', path: '/me/calendars/cal2' }],
  ['OUTLOOK_LIST_CALENDAR_GROUPS', {}, { method: 'GET', path: '/me/calendarGroups', query: { $top: '50' } }],
  [
    'OUTLOOK_GET_CALENDAR_GROUP',
    { calendar_group_id: 'g1', expand: 'calendars' },
    { method: 'GET', path: '/me/calendarGroups/g1', query: { $expand: 'calendars' } },
  ],
  [
    'OUTLOOK_LIST_CALENDAR_GROUP_CALENDARS',
    { calendar_group_id: 'g1' },
    { method: 'GET', path: '/me/calendarGroups/g1/calendars', query: { $top: '50' } },
  ],
  ['OUTLOOK_DELETE_CALENDAR_GROUP', { calendar_group_id: 'g1' }, { method: 'DELETE', path: '/me/calendarGroups/g1' }],
  [
    'OUTLOOK_LIST_PRIMARY_CALENDAR_PERMISSIONS',
    {},
    { method: 'GET', path: '/me/calendar/calendarPermissions', query: { $top: '50' } },
  ],
  // contacts
  ['OUTLOOK_GET_ME_CONTACTS', { contact_id: 'c1' }, { method: 'GET', path: '/me/contacts/c1' }],
  [
    'OUTLOOK_LIST_USER_CONTACTS',
    { filter: "startswith(displayName,'A')", count: true, orderby: ['displayName asc'] },
    {
      method: 'GET',
      path: '/me/contacts',
      query: { $top: '50', $filter: "startswith(displayName,'A')", $count: 'true', $orderby: 'displayName asc' },
    },
  ],
  [
    'OUTLOOK_DELETE_CONTACT_PERMANENTLY',
    { contact_id: 'c1' },
    { method: 'POST', path: '/me/contacts/c1/permanentDelete' },
  ],
  ['OUTLOOK_GET_CONTACT_FOLDER', { contact_folder_id: 'cf1' }, { method: 'GET', path: '/me/contactFolders/cf1' }],
  [
    'OUTLOOK_UPDATE_CONTACT_FOLDER',
    { contact_folder_id: 'cf1', displayName: 'Suppliers' },
    { method: 'PATCH', path: '/me/contactFolders/cf1', body: { displayName: 'Suppliers' } },
  ],
  ['OUTLOOK_DELETE_CONTACT_FOLDER', { contact_folder_id: 'cf1' }, { method: 'DELETE', path: '/me/contactFolders/cf1' }],
  [
    'OUTLOOK_LIST_CONTACT_FOLDER_CHILD_FOLDERS',
    { folder_id: 'cf1' },
    { method: 'GET', path: '/me/contactFolders/cf1/childFolders', query: { $top: '50' } },
  ],
  [
    'OUTLOOK_CREATE_CONTACT_FOLDER_CHILD_FOLDER',
    { contact_folder_id: 'cf1', displayName: 'EU' },
    { method: 'POST', path: '/me/contactFolders/cf1/childFolders', body: { displayName: 'EU' } },
  ],
  [
    'OUTLOOK_DELETE_CONTACT_FOLDER_CHILD_FOLDER',
    { contact_folder_id: 'cf1', child_folder_id: 'cf2' },
    { method: 'DELETE', path: '/me/contactFolders/cf1/childFolders/cf2' },
  ],
  [
    'OUTLOOK_CREATE_ME_CONTACT_FOLDERS_CONTACTS',
    {
      contactFolderId: 'cf1',
      givenName: 'Ana',
      emailAddresses: [{ address: 'ana@contoso.com', name: 'Ana' }],
      homePhone: '+33 1 23',
      birthday: '1990-05-01',
      notes: 'met at expo',
    },
    {
      method: 'POST',
      path: '/me/contactFolders/cf1/contacts',
      body: {
        givenName: 'Ana',
        emailAddresses: [{ address: 'ana@contoso.com', name: 'Ana' }],
        homePhones: ['+33 1 23'],
        birthday: '1990-05-01T00:00:00Z',
        personalNotes: 'met at expo',
      },
    },
  ],
  [
    'OUTLOOK_GET_CONTACT_FROM_FOLDER',
    { contact_folder_id: 'cf1', contact_id: 'c1', select: ['displayName', 'emailAddresses'] },
    { method: 'GET', path: '/me/contactFolders/cf1/contacts/c1', query: { $select: 'displayName,emailAddresses' } },
  ],
  [
    'OUTLOOK_UPDATE_CONTACT_FOLDERS_CONTACTS',
    {
      contact_folder_id: 'cf1',
      contact_id: 'c1',
      job_title: 'CTO',
      home_phones: ['+1 555'],
      business_address: { city: 'Lyon' },
      birthday: '1990-05-01',
    },
    {
      method: 'PATCH',
      path: '/me/contactFolders/cf1/contacts/c1',
      body: {
        jobTitle: 'CTO',
        homePhones: ['+1 555'],
        businessAddress: { city: 'Lyon' },
        birthday: '1990-05-01T00:00:00Z',
      },
    },
  ],
  [
    'OUTLOOK_DELETE_CONTACT_FOLDER_CONTACT',
    { contact_folder_id: 'cf1', contact_id: 'c1' },
    { method: 'DELETE', path: '/me/contactFolders/cf1/contacts/c1' },
  ],
  [
    'OUTLOOK_LIST_CONTACTS_DELTA',
    { contact_folder_id: 'cf1', skip_token: 'tok1' },
    { method: 'GET', path: '/me/contactFolders/cf1/contacts/delta', query: { $skiptoken: 'tok1' } },
  ],
  // settings, Focused Inbox, To Do
  ['OUTLOOK_GET_ME_OUTLOOK', {}, { method: 'GET', path: '/me/outlook' }],
  ['OUTLOOK_GET_INFERENCE_CLASSIFICATION', {}, { method: 'GET', path: '/me/inferenceClassification' }],
  [
    'OUTLOOK_LIST_INFERENCE_CLASSIFICATION_OVERRIDES',
    {},
    { method: 'GET', path: '/me/inferenceClassification/overrides', query: { $top: '50' } },
  ],
  [
    'OUTLOOK_DELETE_ME_INFERENCE_CLASSIFICATION_OVERRIDE',
    { override_id: 'o1' },
    { method: 'DELETE', path: '/me/inferenceClassification/overrides/o1' },
  ],
  ['OUTLOOK_LIST_TO_DO_LISTS', {}, { method: 'GET', path: '/me/todo/lists', query: { $top: '50' } }],
  [
    'OUTLOOK_LIST_TODO_TASKS',
    { todo_task_list_id: 'L1', filter: "status ne 'completed'" },
    { method: 'GET', path: '/me/todo/lists/L1/tasks', query: { $top: '50', $filter: "status ne 'completed'" } },
  ],
  [
    'OUTLOOK_CREATE_TASK',
    {
      todo_task_list_id: 'L1',
      title: 'File taxes',
      importance: 'high',
      reminderDateTime: { dateTime: '2025-04-01T09:00:00', timeZone: 'UTC' },
    },
    {
      method: 'POST',
      path: '/me/todo/lists/L1/tasks',
      body: {
        title: 'File taxes',
        importance: 'high',
        reminderDateTime: { dateTime: '2025-04-01T09:00:00', timeZone: 'UTC' },
        isReminderOn: true,
      },
    },
  ],
  [
    'OUTLOOK_UPDATE_TODO_TASK',
    {
      todo_task_list_id: 'L1',
      todo_task_id: 't1',
      status: 'completed',
      due_date_time: { dateTime: '2025-04-02T00:00:00', timeZone: 'UTC' },
    },
    {
      method: 'PATCH',
      path: '/me/todo/lists/L1/tasks/t1',
      body: { status: 'completed', dueDateTime: { dateTime: '2025-04-02T00:00:00', timeZone: 'UTC' } },
    },
  ],
  [
    'OUTLOOK_DELETE_TODO_TASK',
    { todo_task_list_id: 'L1', todo_task_id: 't1' },
    { method: 'DELETE', path: '/me/todo/lists/L1/tasks/t1' },
  ],
];

describe('Outlook (outlook-more.ts) on Microsoft Graph', () => {
  it.each(TABLE)('%s builds the documented Graph request', async (slug, args, want) => {
    const got = await request(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
    if (want.headers) expect(got.headers).toEqual(want.headers);
  });

  it('every new tool has a request row', () => {
    const covered = new Set(TABLE.map((r) => r[0]));
    const missing = outlookMoreTools
      .map((t) => t.slug)
      .filter(
        (s) => !covered.has(s) && !['OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT', 'OUTLOOK_ADD_MAIL_ATTACHMENT'].includes(s),
      );
    expect(missing).toEqual([]);
  });

  it('OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT reads the raw bytes ($value) and stages them under file_name', async () => {
    const def = outlookMoreTools.find((t) => t.slug === 'OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT');
    if (def?.kind !== 'composite') throw new Error('composite expected');
    const { ctx, sent, staged } = recorder(() => ({
      status: 200,
      body: '',
      binary: Buffer.from('%PDF-1.7 invoice'),
      contentType: 'application/pdf; charset=binary',
    }));
    const out = await def.run(ctx, { message_id: 'm/1', attachment_id: 'a1', file_name: 'invoice.pdf' });
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/me/messages/m%2F1/attachments/a1/$value' });
    expect(staged).toEqual([
      { name: 'invoice.pdf', mimetype: 'application/pdf', content: Buffer.from('%PDF-1.7 invoice') },
    ]);
    expect(out).toMatchObject({ file: { name: 'invoice.pdf', mimetype: 'application/pdf', size: 16 } });
  });

  it('OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT ends unsuccessfully with Graph’s message on a 404', async () => {
    const def = outlookMoreTools.find((t) => t.slug === 'OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT');
    if (def?.kind !== 'composite') throw new Error('composite expected');
    const { ctx, staged } = recorder(() => ({
      status: 404,
      body: { error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' } },
    }));
    await expect(def.run(ctx, { message_id: 'm1', attachment_id: 'zz', file_name: 'x.pdf' })).rejects.toThrow(
      'The specified object was not found in the store.',
    );
    expect(staged).toEqual([]);
  });

  it('OUTLOOK_ADD_MAIL_ATTACHMENT sends a staged file as a base64 fileAttachment, or contentBytes as given', async () => {
    const def = outlookMoreTools.find((t) => t.slug === 'OUTLOOK_ADD_MAIL_ATTACHMENT');
    if (def?.kind !== 'composite') throw new Error('composite expected');
    const { ctx, sent } = recorder(() => ({ status: 201, body: { id: 'att1' } }));
    await def.run(ctx, { message_id: 'd1', attachment: { s3key: 'k', name: 'q3.pdf', mimetype: 'application/pdf' } });
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/me/messages/d1/attachments',
      body: {
        '@odata.type': '#microsoft.graph.fileAttachment',
        name: 'q3.pdf',
        contentType: 'application/pdf',
        contentBytes: Buffer.from('%PDF-1.7 q3').toString('base64'),
      },
    });
    await def.run(ctx, {
      message_id: 'd1',
      name: 'a.txt',
      contentBytes: 'aGk=',
      contentType: 'text/plain',
      isInline: false,
    });
    expect(sent[1]!.body).toEqual({
      '@odata.type': '#microsoft.graph.fileAttachment',
      name: 'a.txt',
      contentType: 'text/plain',
      contentBytes: 'aGk=',
      isInline: false,
    });
    await expect(def.run(ctx, { message_id: 'd1', contentBytes: 'aGk=' })).rejects.toThrow('give name');
    await expect(def.run(ctx, { message_id: 'd1' })).rejects.toThrow('give attachment');
    const big = Buffer.alloc(3 * 1024 * 1024 + 1).toString('base64');
    await expect(def.run(ctx, { message_id: 'd1', name: 'big.bin', contentBytes: big })).rejects.toThrow('3 MB');
    expect(sent).toHaveLength(2);
  });
});
