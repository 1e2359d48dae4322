/**
 * Outlook (mail, calendar, contacts) on Microsoft Graph, in the hosted vocabulary. The hosted
 * service's older names carried the toolkit twice (OUTLOOK_OUTLOOK_SEND_EMAIL); they stay as
 * aliases of the current names. Paths are those of the signed-in user (`/me/...`).
 */
import { s } from './define';
import { GRAPH_BASE, graph, microsoftOAuth, q, recipients } from './microsoft-graph';
import { outlookMoreTools } from './outlook-more';
import { standaloneToolkit } from './toolkit-def';
import type { CuratedTool } from './types';

type Args = Record<string, unknown>;
const o = graph('outlook');
/** the older doubled-prefix hosted name of a tool */
const old = (slug: string) => [slug.replace(/^OUTLOOK_/, 'OUTLOOK_OUTLOOK_')];

const MESSAGE_ID = s.string('Message id (id from OUTLOOK_LIST_MESSAGES or OUTLOOK_SEARCH_MESSAGES)');
const EVENT_ID = s.string('Event id (id from OUTLOOK_LIST_EVENTS)');
const CONTACT_ID = s.string('Contact id (id from OUTLOOK_LIST_CONTACTS)');
const EMAILS = (what: string) => s.strings(`${what}: email addresses`);
const IS_HTML = s.boolean('true when body is HTML; plain text otherwise', { default: false });

/** Graph message resource from hosted arguments */
function message(a: Args): Args {
  const m: Args = {};
  if (a.subject !== undefined) m.subject = a.subject;
  if (a.body !== undefined) m.body = { contentType: a.is_html ? 'HTML' : 'Text', content: a.body };
  const to = recipients(a.to_email ?? a.to_recipients);
  if (to) m.toRecipients = to;
  const cc = recipients(a.cc_emails);
  if (cc) m.ccRecipients = cc;
  const bcc = recipients(a.bcc_emails);
  if (bcc) m.bccRecipients = bcc;
  if (a.importance !== undefined) m.importance = a.importance;
  return m;
}

const dateTime = (when: unknown, tz: unknown) => ({ dateTime: String(when), timeZone: String(tz ?? 'UTC') });

/** Graph event resource from hosted arguments */
function event(a: Args): Args {
  const e: Args = {};
  if (a.subject !== undefined) e.subject = a.subject;
  if (a.body !== undefined) e.body = { contentType: a.is_html ? 'HTML' : 'Text', content: a.body };
  if (a.start_datetime !== undefined) e.start = dateTime(a.start_datetime, a.time_zone);
  if (a.end_datetime !== undefined) e.end = dateTime(a.end_datetime, a.time_zone);
  if (a.location !== undefined) e.location = { displayName: a.location };
  if (a.attendees_info !== undefined) {
    e.attendees = (a.attendees_info as string[]).map((address) => ({ emailAddress: { address }, type: 'required' }));
  }
  if (a.is_online_meeting !== undefined) e.isOnlineMeeting = a.is_online_meeting;
  if (a.show_as !== undefined) e.showAs = a.show_as;
  if (a.categories !== undefined) e.categories = a.categories;
  return e;
}

/** Graph contact resource from hosted arguments */
function contact(a: Args): Args {
  const out: Args = {};
  for (const k of ['given_name', 'surname', 'business_phones', 'mobile_phone', 'company_name', 'job_title'])
    if (a[k] !== undefined) out[k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = a[k];
  if (a.email_addresses) out.emailAddresses = (a.email_addresses as string[]).map((address) => ({ address }));
  return out;
}

const EVENT_INPUT = {
  subject: s.string('Title of the event'),
  body: s.string('Description of the event'),
  is_html: IS_HTML,
  start_datetime: s.string('Start, local to time_zone, ISO 8601 without offset, e.g. 2025-03-10T14:00:00'),
  end_datetime: s.string('End, local to time_zone, e.g. 2025-03-10T15:00:00'),
  time_zone: s.string('Windows or IANA time zone of the start and end, e.g. UTC, Europe/Paris, Pacific Standard Time', {
    default: 'UTC',
  }),
  location: s.string('Place shown on the invitation'),
  attendees_info: EMAILS('People to invite as required attendees'),
  is_online_meeting: s.boolean('true to attach a Teams meeting link'),
  show_as: s.enum(['free', 'tentative', 'busy', 'oof', 'workingElsewhere'], 'How the time shows in the calendar'),
  categories: s.strings('Outlook category names to apply'),
};

const MAIL_INPUT = {
  to_email: s.string('Main recipient; several may be given comma-separated'),
  subject: s.string('Subject line'),
  body: s.string('Message text (HTML when is_html is true)'),
  is_html: IS_HTML,
  cc_emails: EMAILS('Copy recipients'),
  bcc_emails: EMAILS('Blind copy recipients'),
  importance: s.enum(['low', 'normal', 'high'], 'Importance flag'),
};

export const outlookTools: CuratedTool[] = [
  o({
    slug: 'OUTLOOK_SEND_EMAIL',
    name: 'Send email',
    important: true,
    aliases: old('OUTLOOK_SEND_EMAIL'),
    tags: ['outlook', 'mail', 'send'],
    description:
      'Send an email from the connected Outlook mailbox right away. Give to_email (comma-separate several), subject and body; set is_html for an HTML body, add cc_emails/bcc_emails as lists. The copy is kept in Sent Items unless save_to_sent_items is false. Microsoft answers with no content, so success means it was accepted for delivery. To prepare without sending use OUTLOOK_CREATE_DRAFT; to answer a message use OUTLOOK_REPLY_EMAIL.',
    method: 'POST',
    path: '/me/sendMail',
    input: { ...MAIL_INPUT, save_to_sent_items: s.boolean('Keep a copy in Sent Items', { default: true }) },
    required: ['to_email', 'subject', 'body'],
    body: (a) => ({ message: message(a), saveToSentItems: a.save_to_sent_items ?? true }),
  }),
  o({
    slug: 'OUTLOOK_CREATE_DRAFT',
    name: 'Create draft',
    aliases: old('OUTLOOK_CREATE_DRAFT'),
    tags: ['outlook', 'mail', 'draft'],
    description:
      'Save a new message in Drafts without sending it (same arguments as OUTLOOK_SEND_EMAIL, all optional). Returns the draft message with its id; the user can review it in Outlook.',
    method: 'POST',
    path: '/me/messages',
    input: MAIL_INPUT,
    required: [],
    body: message,
  }),
  o({
    slug: 'OUTLOOK_LIST_MESSAGES',
    name: 'List messages',
    important: true,
    aliases: old('OUTLOOK_LIST_MESSAGES'),
    tags: ['outlook', 'mail', 'read'],
    description:
      "List messages of one mail folder, newest first by default. folder is a well-known name (inbox, sentitems, drafts, deleteditems, archive, junkemail) or a folder id from OUTLOOK_LIST_MAIL_FOLDERS. Narrow with an OData filter (isRead eq false, from/emailAddress/address eq 'a@b.com', receivedDateTime ge 2025-01-01T00:00:00Z) and select fewer properties for shorter answers. Returns value[] (id, subject, from, receivedDateTime, bodyPreview, isRead …) and @odata.nextLink when more exist. Read one in full with OUTLOOK_GET_MESSAGE.",
    method: 'GET',
    path: '/me/mailFolders/{folder}/messages',
    input: {
      folder: s.string('Well-known folder name or folder id', { default: 'inbox' }),
      top: q.top(10),
      skip: q.skip,
      filter: q.filter,
      select: q.select,
      orderby: q.orderby,
    },
    required: [],
    defaults: { folder: 'inbox', orderby: 'receivedDateTime desc' },
  }),
  o({
    slug: 'OUTLOOK_SEARCH_MESSAGES',
    name: 'Search messages',
    important: true,
    aliases: old('OUTLOOK_SEARCH_MESSAGES'),
    tags: ['outlook', 'mail', 'search'],
    description:
      'Full-text search across the whole mailbox (subject, body, sender, attachments names). query is free text or KQL such as from:ana subject:invoice; results come by relevance, so no ordering is possible. Returns value[] of messages with id for OUTLOOK_GET_MESSAGE.',
    method: 'GET',
    path: '/me/messages',
    input: {
      query: s.string('Words or KQL, e.g. from:ana@contoso.com subject:"Q3 report"'),
      top: q.top(10),
      select: q.select,
    },
    required: ['query'],
    rename: { query: '$search' },
    // Graph wants the search phrase in double quotes
    prepare: (a) => ({ ...a, query: `"${String(a.query).replace(/"/g, '\\"')}"` }),
  }),
  o({
    slug: 'OUTLOOK_REPLY_EMAIL',
    name: 'Reply to email',
    important: true,
    aliases: old('OUTLOOK_REPLY_EMAIL'),
    tags: ['outlook', 'mail', 'reply'],
    description:
      'Reply to the sender of a message, in the same conversation, and send it at once. comment is the reply text placed above the quoted original; cc_emails/bcc_emails add recipients. To review first use OUTLOOK_CREATE_DRAFT_REPLY.',
    method: 'POST',
    path: '/me/messages/{message_id}/reply',
    input: {
      message_id: MESSAGE_ID,
      comment: s.string('Text of the reply'),
      cc_emails: EMAILS('Copy recipients'),
      bcc_emails: EMAILS('Blind copy recipients'),
    },
    required: ['message_id', 'comment'],
    body: (a) => {
      const extra = message({ cc_emails: a.cc_emails, bcc_emails: a.bcc_emails });
      return { comment: a.comment, ...(Object.keys(extra).length ? { message: extra } : {}) };
    },
  }),
  o({
    slug: 'OUTLOOK_CALENDAR_CREATE_EVENT',
    name: 'Create calendar event',
    important: true,
    aliases: old('OUTLOOK_CALENDAR_CREATE_EVENT'),
    tags: ['outlook', 'calendar', 'create'],
    description:
      'Create an event in the default calendar and invite attendees (they get an invitation mail). Give subject, start_datetime and end_datetime as local times plus time_zone; attendees_info is a list of emails; set is_online_meeting for a Teams link. Returns the event with id and webLink. Check free time first with OUTLOOK_GET_SCHEDULE.',
    method: 'POST',
    path: '/me/events',
    input: EVENT_INPUT,
    required: ['subject', 'start_datetime', 'end_datetime'],
    body: event,
  }),
  o({
    slug: 'OUTLOOK_UPDATE_CALENDAR_EVENT',
    name: 'Update calendar event',
    aliases: old('OUTLOOK_UPDATE_CALENDAR_EVENT'),
    tags: ['outlook', 'calendar'],
    description:
      'Change an event: only the fields you pass change (attendees_info replaces the attendee list; start and end need time_zone). Attendees are notified by Outlook.',
    method: 'PATCH',
    path: '/me/events/{event_id}',
    input: { event_id: EVENT_ID, ...EVENT_INPUT },
    required: ['event_id'],
    body: event,
  }),
  o({
    slug: 'OUTLOOK_GET_SCHEDULE',
    name: 'Get free/busy schedule',
    aliases: old('OUTLOOK_GET_SCHEDULE'),
    tags: ['outlook', 'calendar', 'availability'],
    description:
      'Free/busy of people (and rooms) between two times, to find a meeting slot. schedules is a list of email addresses; start_time and end_time are local to time_zone. Returns value[] with scheduleItems (busy blocks) and availabilityView, one digit per interval (0 free, 1 tentative, 2 busy, 3 out of office, 4 elsewhere).',
    method: 'POST',
    path: '/me/calendar/getSchedule',
    input: {
      schedules: EMAILS('People or rooms to check'),
      start_time: s.string('Start of the window, e.g. 2025-03-10T08:00:00'),
      end_time: s.string('End of the window, e.g. 2025-03-10T18:00:00'),
      time_zone: s.string('Time zone of start_time and end_time', { default: 'UTC' }),
      availability_view_interval: s.integer('Minutes per digit of availabilityView (5 to 1440)', { default: 30 }),
    },
    required: ['schedules', 'start_time', 'end_time'],
    body: (a) => ({
      schedules: a.schedules,
      startTime: dateTime(a.start_time, a.time_zone),
      endTime: dateTime(a.end_time, a.time_zone),
      availabilityViewInterval: a.availability_view_interval ?? 30,
    }),
  }),
  o({
    slug: 'OUTLOOK_CREATE_CONTACT',
    name: 'Create contact',
    aliases: old('OUTLOOK_CREATE_CONTACT'),
    tags: ['outlook', 'contacts'],
    description:
      'Add a personal contact. email_addresses is a list of emails; phones are lists of numbers. Returns the contact with its id.',
    method: 'POST',
    path: '/me/contacts',
    input: {
      given_name: s.string('First name'),
      surname: s.string('Last name'),
      email_addresses: EMAILS('Email addresses'),
      business_phones: s.strings('Work phone numbers'),
      mobile_phone: s.string('Mobile number'),
      company_name: s.string('Company'),
      job_title: s.string('Job title'),
    },
    required: ['given_name'],
    body: contact,
  }),
  o({
    slug: 'OUTLOOK_UPDATE_CONTACT',
    name: 'Update contact',
    aliases: old('OUTLOOK_UPDATE_CONTACT'),
    tags: ['outlook', 'contacts'],
    description: 'Change fields of a personal contact; fields not given stay. email_addresses replaces the whole list.',
    method: 'PATCH',
    path: '/me/contacts/{contact_id}',
    input: {
      contact_id: CONTACT_ID,
      given_name: s.string('First name'),
      surname: s.string('Last name'),
      email_addresses: EMAILS('Email addresses'),
      business_phones: s.strings('Work phone numbers'),
      mobile_phone: s.string('Mobile number'),
      company_name: s.string('Company'),
      job_title: s.string('Job title'),
    },
    required: ['contact_id'],
    body: contact,
  }),
  o({
    slug: 'OUTLOOK_GET_MAIL_DELTA',
    name: 'Mail changes',
    tags: ['outlook', 'mail', 'sync'],
    description:
      'Messages added, changed or deleted in a folder since the last call: call without delta_token for the first round, then pass the $deltatoken of the @odata.deltaLink you got.',
    method: 'GET',
    path: '/me/mailFolders/{folder}/messages/delta',
    input: {
      folder: s.string('Well-known folder name or id', { default: 'inbox' }),
      delta_token: s.string('$deltatoken from the previous deltaLink'),
      select: q.select,
    },
    required: [],
    rename: { delta_token: '$deltatoken' },
  }),
  o({
    slug: 'OUTLOOK_UPDATE_MAILBOX_SETTINGS',
    name: 'Update mailbox settings',
    tags: ['outlook', 'settings'],
    description:
      'Change mailbox settings: time_zone, or automatic replies (status disabled, alwaysEnabled or scheduled, with internal and external reply messages).',
    method: 'PATCH',
    path: '/me/mailboxSettings',
    input: {
      time_zone: s.string('New mailbox time zone'),
      automatic_replies_setting: s.object(
        {
          status: s.string('disabled, alwaysEnabled or scheduled'),
          internalReplyMessage: s.string('Reply to colleagues'),
          externalReplyMessage: s.string('Reply to others'),
        },
        'Out-of-office replies',
      ),
    },
    required: [],
  }),
  ...outlookMoreTools,
];

export const outlook = standaloneToolkit(
  {
    slug: 'outlook',
    name: 'Outlook',
    description:
      'Microsoft Outlook through Microsoft Graph: send, search and organise mail (folders, rules, attachments, drafts), manage calendars, invitations and free/busy, personal contacts, mailbox settings and Microsoft To Do tasks.',
    appUrl: 'https://outlook.office.com',
    categories: [
      { slug: 'email', name: 'Email' },
      { slug: 'scheduling-booking', name: 'Scheduling & Booking' },
    ],
    baseUrl: GRAPH_BASE,
    getCurrentUserEndpoint: '/me',
    authSchemes: [
      microsoftOAuth([
        'Mail.ReadWrite',
        'Mail.Send',
        'Calendars.ReadWrite',
        'Contacts.ReadWrite',
        'MailboxSettings.ReadWrite',
        'Tasks.ReadWrite',
      ]),
    ],
  },
  outlookTools,
);
