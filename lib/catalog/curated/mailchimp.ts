/**
 * Mailchimp in the hosted vocabulary on the Marketing API 3.0 (https://{dc}.api.mailchimp.com/3.0,
 * the toolkit's base URL): audiences (lists) and their members, tags, notes, segments, campaigns
 * with their content, sending and scheduling, templates and reports. Mailchimp's parameters are
 * snake_case already, so hosted arguments are Mailchimp's names.
 *
 * A member is addressed by `subscriber_hash`, the MD5 of the lowercased email address. Every tool
 * that takes one also accepts the email address itself there (or in `email_address`) and hashes it.
 */
import { createHash } from 'node:crypto';
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const mc = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['mailchimp'] }, same, 'mailchimp');

/** Mailchimp's member id: MD5 (hex) of the lowercased, trimmed email address. */
export const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

/** `subscriber_hash` as Mailchimp wants it: hash an email given there, or derive it from `email_address`. */
function hashMember(a: Record<string, unknown>): Record<string, unknown> {
  const out = { ...a };
  const given = typeof out.subscriber_hash === 'string' ? out.subscriber_hash.trim() : '';
  if (given.includes('@')) out.subscriber_hash = subscriberHash(given);
  else if (!given && typeof out.email_address === 'string' && out.email_address.includes('@'))
    out.subscriber_hash = subscriberHash(out.email_address);
  return out;
}

/** `fields` / `exclude_fields` are comma-separated for Mailchimp; fold a list into that form. */
const joinLists =
  (...keys: string[]) =>
  (a: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...a };
    for (const k of keys) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).join(',');
    return out;
  };
const FIELD_ARGS = joinLists('fields', 'exclude_fields');

const LIST_ID = s.string('Audience (list) id, e.g. 4ca5becb8d, from MAILCHIMP_GET_LISTS_INFO');
const MEMBER = s.string(
  "The member: MD5 of the lowercased email, or simply the email address (it is hashed for you), or the member's contact_id",
);
const CAMPAIGN_ID = s.string('Campaign id, from MAILCHIMP_LIST_CAMPAIGNS');
const COUNT = s.integer('Records per page (at most 1000)', { default: 10 });
const OFFSET = s.integer('Records to skip, for paging', { default: 0 });
const FIELDS = s.string(
  'Only these fields, comma-separated, dot notation for nested ones (e.g. members.email_address)',
);
const EXCLUDE = s.string('Leave these fields out, comma-separated (e.g. _links)');
const SORT_DIR = s.enum(['ASC', 'DESC'], 'Sort direction');
const STATUS = s.enum(['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'], 'Subscription status');
const MERGE = s.object({}, 'Merge field values by tag, e.g. {"FNAME": "Ana", "LNAME": "Ruiz"}', {
  additionalProperties: true,
});
const INTERESTS = s.object({}, 'Interest (group) ids mapped to true or false', { additionalProperties: true });

export const mailchimpTools: CuratedTool[] = [
  mc({
    slug: 'MAILCHIMP_LIST_API_ROOT_RESOURCES',
    name: 'Get account',
    method: 'GET',
    path: '/',
    input: { fields: FIELDS, exclude_fields: EXCLUDE },
    required: [],
    normalize: FIELD_ARGS,
    description:
      'The connected Mailchimp account: account_id, account_name, email, contact, plan and total_subscribers. A cheap first call to confirm the connection works.',
  }),
  mc({
    slug: 'MAILCHIMP_GET_LISTS_INFO',
    name: 'List audiences',
    important: true,
    method: 'GET',
    path: '/lists',
    input: {
      count: COUNT,
      offset: OFFSET,
      email: s.string('Only audiences this email address is on'),
      sort_field: s.enum(['date_created'], 'Sort by'),
      sort_dir: SORT_DIR,
      since_date_created: s.string('Only audiences created after this ISO 8601 time'),
      before_date_created: s.string('Only audiences created before this ISO 8601 time'),
      fields: FIELDS,
      exclude_fields: EXCLUDE,
    },
    required: [],
    normalize: FIELD_ARGS,
    description:
      'Audiences (lists) of the account: lists[].id, name, stats.member_count, date_created, and total_items. Start here: the id is the list_id every member, segment and campaign tool needs.',
  }),
  mc({
    slug: 'MAILCHIMP_GET_LIST_INFO',
    name: 'Get audience',
    method: 'GET',
    path: '/lists/{list_id}',
    input: { list_id: LIST_ID, fields: FIELDS, exclude_fields: EXCLUDE },
    normalize: FIELD_ARGS,
    description:
      'One audience in full: name, contact and campaign defaults, subscribe URL, and stats (member, unsubscribe and cleaned counts, open and click rates).',
  }),
  mc({
    slug: 'MAILCHIMP_LIST_MEMBERS_INFO',
    name: 'List audience members',
    important: true,
    method: 'GET',
    path: '/lists/{list_id}/members',
    input: {
      list_id: LIST_ID,
      status: STATUS,
      count: COUNT,
      offset: OFFSET,
      since_last_changed: s.string('Only members changed after this ISO 8601 time'),
      since_timestamp_opt: s.string('Only members who opted in after this ISO 8601 time'),
      vip_only: s.boolean('Only VIP members'),
      sort_field: s.enum(['timestamp_opt', 'timestamp_signup', 'last_changed'], 'Sort by'),
      sort_dir: SORT_DIR,
      fields: FIELDS,
      exclude_fields: EXCLUDE,
    },
    normalize: FIELD_ARGS,
    description:
      'Members of an audience, a page at a time: members[].id (the subscriber_hash), email_address, status, merge_fields, tags, last_changed, and total_items. Filter by status (e.g. subscribed); page with count and offset. To find one person use MAILCHIMP_SEARCH_MEMBERS or MAILCHIMP_GET_MEMBER_INFO.',
  }),
  mc({
    slug: 'MAILCHIMP_GET_MEMBER_INFO',
    name: 'Get member',
    important: true,
    method: 'GET',
    path: '/lists/{list_id}/members/{subscriber_hash}',
    input: { list_id: LIST_ID, subscriber_hash: MEMBER, fields: FIELDS, exclude_fields: EXCLUDE },
    prepare: hashMember,
    normalize: FIELD_ARGS,
    description:
      "One member of an audience, whatever their status: email_address, status, merge_fields, tags, interests, stats and last_changed. Pass the email address as subscriber_hash if you don't have the hash. A 404 means the address is not in that audience.",
  }),
  mc({
    slug: 'MAILCHIMP_SEARCH_MEMBERS',
    name: 'Search members',
    important: true,
    method: 'GET',
    path: '/search-members',
    input: {
      query: s.string('Email address, or part of a name or address, to look for'),
      list_id: s.string('Only search this audience (all audiences when omitted)'),
      fields: FIELDS,
      exclude_fields: EXCLUDE,
    },
    required: ['query'],
    normalize: FIELD_ARGS,
    description:
      'Find members by email or name across the account or in one audience. Returns exact_matches.members and full_search.members, each with id (subscriber_hash), list_id, email_address and status.',
  }),
  mc({
    slug: 'MAILCHIMP_ADD_OR_UPDATE_LIST_MEMBER',
    name: 'Add or update member',
    important: true,
    method: 'PUT',
    path: '/lists/{list_id}/members/{subscriber_hash}',
    input: {
      list_id: LIST_ID,
      email_address: s.string('Email address of the member', { format: 'email' }),
      subscriber_hash: s.string('The member id (MD5 of the lowercased email); derived from email_address when omitted'),
      status_if_new: s.enum(
        ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'],
        'Status when the address is new to the audience ("pending" sends a double opt-in email)',
        { default: 'subscribed' },
      ),
      status: s.enum(
        ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'],
        'Status to set on an existing member (leave out to keep theirs)',
      ),
      merge_fields: MERGE,
      interests: INTERESTS,
      email_type: s.enum(['html', 'text'], 'Email format the member gets'),
      language: s.string('Language code, e.g. en, fr'),
      vip: s.boolean('Mark as VIP'),
      skip_merge_validation: s.boolean('Accept the member even when required merge fields are missing'),
    },
    required: ['list_id', 'email_address'],
    query: ['skip_merge_validation'],
    defaults: { status_if_new: 'subscribed' },
    prepare: hashMember,
    description:
      'Subscribe someone to an audience, or update them if already there (upsert by email address). New addresses get status_if_new (subscribed unless told otherwise); existing members keep their status unless status is given. Returns the member with id, status and merge_fields. Tag them next with MAILCHIMP_ADD_OR_REMOVE_MEMBER_TAGS.',
  }),
  mc({
    slug: 'MAILCHIMP_UPDATE_LIST_MEMBER',
    name: 'Update member',
    method: 'PATCH',
    path: '/lists/{list_id}/members/{subscriber_hash}',
    input: {
      list_id: LIST_ID,
      subscriber_hash: MEMBER,
      email_address: s.string('New email address for the member', { format: 'email' }),
      status: STATUS,
      merge_fields: MERGE,
      interests: INTERESTS,
      email_type: s.enum(['html', 'text'], 'Email format the member gets'),
      language: s.string('Language code, e.g. en'),
      vip: s.boolean('Mark as VIP'),
      skip_merge_validation: s.boolean('Accept the change even when required merge fields are missing'),
    },
    required: ['list_id', 'subscriber_hash'],
    query: ['skip_merge_validation'],
    prepare: hashMember,
    description:
      "Change an existing member: unsubscribe them (status unsubscribed), fix their name in merge_fields, change interests or email. Only the fields given change. Fails with 404 when the member doesn't exist; use MAILCHIMP_ADD_OR_UPDATE_LIST_MEMBER to create.",
  }),
  mc({
    slug: 'MAILCHIMP_ARCHIVE_LIST_MEMBER',
    name: 'Archive member',
    method: 'DELETE',
    path: '/lists/{list_id}/members/{subscriber_hash}',
    input: { list_id: LIST_ID, subscriber_hash: MEMBER },
    prepare: hashMember,
    description:
      'Archive a member: they leave the audience (and stop counting toward billing) but their history is kept and they can be added again later. Returns nothing on success. For a GDPR erase use MAILCHIMP_DELETE_LIST_MEMBER.',
  }),
  mc({
    slug: 'MAILCHIMP_DELETE_LIST_MEMBER',
    name: 'Delete member permanently',
    method: 'POST',
    path: '/lists/{list_id}/members/{subscriber_hash}/actions/delete-permanent',
    input: { list_id: LIST_ID, subscriber_hash: MEMBER },
    prepare: hashMember,
    description:
      'Erase a member and their personal data for good; the address can never be re-imported to this audience. Irreversible: confirm with the user first, and prefer MAILCHIMP_ARCHIVE_LIST_MEMBER otherwise.',
  }),
  mc({
    slug: 'MAILCHIMP_ADD_OR_REMOVE_MEMBER_TAGS',
    name: 'Tag or untag member',
    important: true,
    method: 'POST',
    path: '/lists/{list_id}/members/{subscriber_hash}/tags',
    input: {
      list_id: LIST_ID,
      subscriber_hash: MEMBER,
      tags: s.array(
        s.object(
          {
            name: s.string('Tag name (created when new)'),
            status: s.enum(['active', 'inactive'], 'active adds the tag, inactive removes it'),
          },
          'A tag change',
          { required: ['name', 'status'] },
        ),
        'Tag changes; plain tag names are accepted too and are added',
      ),
      is_syncing: s.boolean('Do not trigger automations for this change'),
    },
    required: ['list_id', 'subscriber_hash', 'tags'],
    normalize: (a) =>
      Array.isArray(a.tags)
        ? { ...a, tags: a.tags.map((t) => (typeof t === 'string' ? { name: t, status: 'active' } : t)) }
        : a,
    prepare: hashMember,
    description:
      'Add tags to a member (status active) or take them off (status inactive); other tags are left alone. Returns nothing on success. See the result with MAILCHIMP_LIST_MEMBER_TAGS.',
  }),
  mc({
    slug: 'MAILCHIMP_LIST_MEMBER_TAGS',
    name: 'List member tags',
    method: 'GET',
    path: '/lists/{list_id}/members/{subscriber_hash}/tags',
    input: { list_id: LIST_ID, subscriber_hash: MEMBER, count: COUNT, offset: OFFSET },
    prepare: hashMember,
    description: 'Tags on one member: tags[].id, name, date_added, and total_items.',
  }),
  mc({
    slug: 'MAILCHIMP_ADD_MEMBER_NOTE',
    name: 'Add member note',
    method: 'POST',
    path: '/lists/{list_id}/members/{subscriber_hash}/notes',
    input: { list_id: LIST_ID, subscriber_hash: MEMBER, note: s.string('Text of the note (up to 1000 characters)') },
    required: ['list_id', 'subscriber_hash', 'note'],
    prepare: hashMember,
    description: "Leave an internal note on a member's profile (never sent to them). Returns the note with its id.",
  }),
  mc({
    slug: 'MAILCHIMP_LIST_CAMPAIGNS',
    name: 'List campaigns',
    important: true,
    method: 'GET',
    path: '/campaigns',
    input: {
      type: s.enum(['regular', 'plaintext', 'absplit', 'rss', 'variate'], 'Only this campaign type'),
      status: s.enum(['save', 'paused', 'schedule', 'sending', 'sent'], 'Only this status (save is a draft)'),
      list_id: s.string('Only campaigns sent to this audience'),
      since_send_time: s.string('Only campaigns sent after this ISO 8601 time'),
      before_send_time: s.string('Only campaigns sent before this ISO 8601 time'),
      since_create_time: s.string('Only campaigns created after this ISO 8601 time'),
      sort_field: s.enum(['create_time', 'send_time'], 'Sort by'),
      sort_dir: SORT_DIR,
      count: COUNT,
      offset: OFFSET,
      fields: FIELDS,
      exclude_fields: EXCLUDE,
    },
    required: [],
    normalize: FIELD_ARGS,
    description:
      'Campaigns of the account: campaigns[].id, status, settings.subject_line and title, recipients.list_id, send_time, emails_sent, and total_items. Drafts have status save.',
  }),
  mc({
    slug: 'MAILCHIMP_GET_CAMPAIGN_INFO',
    name: 'Get campaign',
    method: 'GET',
    path: '/campaigns/{campaign_id}',
    input: { campaign_id: CAMPAIGN_ID, fields: FIELDS, exclude_fields: EXCLUDE },
    normalize: FIELD_ARGS,
    description:
      'One campaign: type, status, recipients (audience and segment), settings (subject, from, reply-to), tracking, send_time and report_summary.',
  }),
  mc({
    slug: 'MAILCHIMP_ADD_CAMPAIGN',
    name: 'Create campaign',
    important: true,
    method: 'POST',
    path: '/campaigns',
    input: {
      type: s.enum(['regular', 'plaintext', 'absplit', 'rss', 'variate'], 'Campaign type', { default: 'regular' }),
      recipients: s.object(
        {
          list_id: s.string('Audience to send to'),
          segment_opts: s.object(
            { saved_segment_id: s.integer('Segment or tag id to narrow the audience') },
            'Optional narrowing to a segment',
          ),
        },
        'Who receives it',
        { required: ['list_id'] },
      ),
      settings: s.object(
        {
          subject_line: s.string('Subject line'),
          preview_text: s.string('Preview text shown after the subject'),
          title: s.string('Internal name of the campaign'),
          from_name: s.string('Sender name'),
          reply_to: s.string('Reply-to address (a verified domain)'),
          template_id: s.integer('Start the content from this template'),
        },
        'Subject, sender and naming',
      ),
      tracking: s.object(
        { opens: s.boolean('Track opens'), html_clicks: s.boolean('Track clicks') },
        'Tracking options',
      ),
      content_type: s.enum(['template', 'multichannel'], 'How the content is edited'),
    },
    required: ['type'],
    defaults: { type: 'regular' },
    description:
      'Create a draft email campaign for an audience with its subject and sender. Returns the campaign with its id. Next: MAILCHIMP_SET_CAMPAIGN_CONTENT, then MAILCHIMP_GET_CAMPAIGN_SEND_CHECKLIST, then MAILCHIMP_SEND_CAMPAIGN or MAILCHIMP_SCHEDULE_CAMPAIGN.',
  }),
  mc({
    slug: 'MAILCHIMP_UPDATE_CAMPAIGN_SETTINGS',
    name: 'Update campaign',
    method: 'PATCH',
    path: '/campaigns/{campaign_id}',
    input: {
      campaign_id: CAMPAIGN_ID,
      settings: s.object(
        {
          subject_line: s.string('Subject line'),
          preview_text: s.string('Preview text'),
          title: s.string('Internal name'),
          from_name: s.string('Sender name'),
          reply_to: s.string('Reply-to address'),
        },
        'Settings to change (Mailchimp needs subject_line, from_name and reply_to together)',
      ),
      recipients: s.object({ list_id: s.string('Audience to send to') }, 'New recipients'),
      tracking: s.object({ opens: s.boolean('Track opens'), html_clicks: s.boolean('Track clicks') }, 'Tracking'),
    },
    required: ['campaign_id', 'settings'],
    description: 'Change the subject, sender, audience or tracking of a draft campaign. Returns the updated campaign.',
  }),
  mc({
    slug: 'MAILCHIMP_SET_CAMPAIGN_CONTENT',
    name: 'Set campaign content',
    important: true,
    method: 'PUT',
    path: '/campaigns/{campaign_id}/content',
    input: {
      campaign_id: CAMPAIGN_ID,
      html: s.string('Full HTML of the email (merge tags like *|FNAME|* work)'),
      plain_text: s.string('Plain-text version (for plaintext campaigns)'),
      url: s.string('Import the HTML from this URL instead'),
      template: s.object(
        {
          id: s.integer('Template id'),
          sections: s.object({}, 'Editable section name → HTML', { additionalProperties: true }),
        },
        'Build the content from a template instead',
      ),
    },
    required: ['campaign_id'],
    description:
      'Put the email body into a draft campaign: raw html, a url to import, or a template with section content. Returns the resulting html and plain_text. Check with MAILCHIMP_GET_CAMPAIGN_CONTENT.',
  }),
  mc({
    slug: 'MAILCHIMP_GET_CAMPAIGN_CONTENT',
    name: 'Get campaign content',
    method: 'GET',
    path: '/campaigns/{campaign_id}/content',
    input: { campaign_id: CAMPAIGN_ID, fields: FIELDS, exclude_fields: EXCLUDE },
    normalize: FIELD_ARGS,
    description: "A campaign's body: html, plain_text and archive_html.",
  }),
  mc({
    slug: 'MAILCHIMP_LIST_TEMPLATES',
    name: 'List templates',
    method: 'GET',
    path: '/templates',
    input: {
      type: s.enum(['user', 'base', 'gallery'], 'Only this kind (user = your own)'),
      folder_id: s.string('Only templates in this folder'),
      count: COUNT,
      offset: OFFSET,
      fields: FIELDS,
      exclude_fields: EXCLUDE,
    },
    required: [],
    normalize: FIELD_ARGS,
    description:
      'Email templates available to the account: templates[].id, name, type, thumbnail, date_created. Use an id as settings.template_id or content template.id of a campaign.',
  }),
  mc({
    slug: 'MAILCHIMP_LIST_CAMPAIGN_REPORTS',
    name: 'List campaign reports',
    method: 'GET',
    path: '/reports',
    input: {
      type: s.enum(['regular', 'plaintext', 'absplit', 'rss', 'variate'], 'Only this campaign type'),
      since_send_time: s.string('Only campaigns sent after this ISO 8601 time'),
      before_send_time: s.string('Only campaigns sent before this ISO 8601 time'),
      count: COUNT,
      offset: OFFSET,
      fields: FIELDS,
      exclude_fields: EXCLUDE,
    },
    required: [],
    normalize: FIELD_ARGS,
    description:
      'Results of sent campaigns: reports[].id, campaign_title, subject_line, emails_sent, opens (open_rate), clicks (click_rate), bounces, unsubscribed, send_time.',
  }),
  mc({
    slug: 'MAILCHIMP_GET_CAMPAIGN_REPORT',
    name: 'Get campaign report',
    important: true,
    method: 'GET',
    path: '/reports/{campaign_id}',
    input: { campaign_id: CAMPAIGN_ID, fields: FIELDS, exclude_fields: EXCLUDE },
    normalize: FIELD_ARGS,
    description:
      'How one sent campaign did: emails_sent, opens (opens_total, unique_opens, open_rate), clicks (click_rate), bounces, unsubscribed, abuse_reports, list_stats and ecommerce totals.',
  }),
];

/**
 * Hosted Mailchimp names for operations the compiled toolkit carries under another slug, with the
 * same arguments (Mailchimp's own snake_case names). Each pair was matched by the method and path
 * the hosted description gives; tests/unit/curated-mappings-mailchimp.test.ts checks them.
 */
export const mailchimpAliases: Record<string, string> = {
  MAILCHIMP_LIST_EEP_URL_ACTIVITY: 'MAILCHIMP_LIST_EEPURL_ACTIVITY',
  MAILCHIMP_VIEW_RECENT_ACTIVITY50: 'MAILCHIMP_VIEW_RECENT_ACTIVITY_50',
  MAILCHIMP_UPDATE_LISTS_SEGMENTS: 'MAILCHIMP_UPDATE_SEGMENT',
  MAILCHIMP_RETRIEVE_CAMPAIGN_ABUSE_COMPLAINTS: 'MAILCHIMP_GET_REPORTS_ID_ABUSE_REPORTS_ID',
  MAILCHIMP_CAMPAIGN_ABUSE_REPORT_DETAILS: 'MAILCHIMP_GET_REPORTS_ID_ABUSE_REPORTS_ID_ID',
  MAILCHIMP_CAMPAIGN_STATISTICS_FEEDBACK: 'MAILCHIMP_GET_REPORTS_ID_ADVICE',
  MAILCHIMP_RETRIEVE_FOLDER_CONTENTS: 'MAILCHIMP_GET_FILE_MANAGER_FOLDERS_FILES',
};
