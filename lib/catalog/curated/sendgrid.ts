/**
 * SendGrid in the hosted vocabulary on the v3 Web API (https://api.sendgrid.com/v3, the toolkit's
 * base URL, Bearer API key): sending mail, Marketing Campaigns contacts and lists, transactional
 * templates, statistics, suppressions (bounces, blocks, spam reports, unsubscribes) and verified
 * senders. SendGrid's parameters are snake_case already, so hosted arguments are SendGrid's names.
 *
 * Sending takes SendGrid's own request shape (personalizations, from, content) or the simple
 * arguments of SendGrid's helper libraries (to_emails, from_email, html_content, …), which are
 * folded into that shape here.
 */
import { composite, params, s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { ToolArgumentError, ToolFailure, type CuratedTool } from './types';

const same = (k: string) => k;
const sg = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['sendgrid'] }, same, 'sendgrid');

const ADDRESS = s.object(
  { email: s.string('Email address'), name: s.string('Display name') },
  'An address with an optional name',
  { required: ['email'] },
);
const LIST_UUID = s.string('Marketing list id (a UUID), from SENDGRID_RETRIEVE_ALL_LISTS');
const SENDER_ID = s.integer('Sender id, from SENDGRID_CREATE_A_SENDER or the Marketing senders list');
const SENDER_FIELDS = {
  nickname: s.string('Name of the sender in the SendGrid app (not shown to recipients)'),
  from_email: s.string('From address', { format: 'email' }),
  from_name: s.string('From name'),
  reply_to_email: s.string('Reply-to address (SendGrid uses from_email when there is none)'),
  reply_to_name: s.string('Reply-to name'),
  address: s.string('Street address'),
  address_2: s.string('Second address line'),
  city: s.string('City'),
  state: s.string('State or region'),
  zip: s.string('Postal code'),
  country: s.string('Country'),
};
/** Marketing senders take `from` and `reply_to` as objects; the hosted tools take them flat. */
export function senderBody(a: Record<string, unknown>): Record<string, unknown> {
  const from = drop({ email: a.from_email, name: a.from_name });
  const replyTo = drop({ email: a.reply_to_email, name: a.reply_to_name });
  return drop({
    nickname: a.nickname,
    from: Object.keys(from).length ? from : undefined,
    reply_to: Object.keys(replyTo).length ? replyTo : undefined,
    address: a.address,
    address_2: a.address_2,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
  });
}

type Addr = { email: string; name?: string };
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
/** "a@x.com", ["a@x.com", …], {email}, or [{email, name}, …] as SendGrid's address list */
function addresses(v: unknown): Addr[] | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  const out = items
    .map((x) => (typeof x === 'string' ? { email: x.trim() } : (x as Addr)))
    .filter((x) => x && typeof x.email === 'string' && x.email.trim());
  return out.length ? out : undefined;
}
const drop = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;

/** The /mail/send body from either SendGrid's shape or the simple arguments. */
export function mailSendBody(a: Record<string, unknown>): Record<string, unknown> {
  let personalizations = Array.isArray(a.personalizations) ? (a.personalizations as Record<string, unknown>[]) : [];
  const to = addresses(a.to_emails);
  if (!personalizations.length) {
    if (!to) throw new ToolArgumentError('give to_emails (or personalizations with at least one "to" address)');
    personalizations = [
      drop({
        to,
        cc: addresses(a.cc_emails),
        bcc: addresses(a.bcc_emails),
        dynamic_template_data: a.dynamic_template_data,
      }),
    ];
  }
  const from =
    (a.from as Addr | undefined) ??
    (str(a.from_email) ? drop({ email: str(a.from_email)!, name: str(a.from_name) }) : undefined);
  if (!from) throw new ToolArgumentError('give from_email (or from), a verified sender of the account');
  let content = Array.isArray(a.content) ? (a.content as { type: string; value: string }[]) : [];
  if (!content.length) {
    if (str(a.plain_text_content)) content.push({ type: 'text/plain', value: a.plain_text_content as string });
    if (str(a.html_content)) content.push({ type: 'text/html', value: a.html_content as string });
  }
  if (!content.length && !a.template_id)
    throw new ToolArgumentError('give html_content or plain_text_content (or content, or a template_id)');
  if (!a.subject && !a.template_id && !personalizations.some((p) => p.subject))
    throw new ToolArgumentError('give a subject (a dynamic template may set it instead)');
  const replyTo =
    (a.reply_to as Addr | undefined) ?? (str(a.reply_to_email) ? { email: str(a.reply_to_email)! } : undefined);
  content = content.filter((c) => c.value);
  return drop({
    personalizations,
    from,
    reply_to: replyTo,
    subject: a.subject,
    content: content.length ? content : undefined,
    template_id: a.template_id,
    attachments: a.attachments,
    categories: a.categories,
    custom_args: a.custom_args,
    headers: a.headers,
    send_at: a.send_at,
    batch_id: a.batch_id,
    asm: a.asm,
    ip_pool_name: a.ip_pool_name,
    mail_settings: a.mail_settings,
    tracking_settings: a.tracking_settings,
  });
}

const sendEmail = composite({
  slug: 'SENDGRID_SEND_EMAIL_WITH_TWILIO_SEND_GRID',
  name: 'Send email',
  important: true,
  tags: ['sendgrid', 'mail'],
  description:
    "Send an email through SendGrid (v3 mail send). Simplest form: to_emails, from_email (a verified sender or authenticated domain), subject and html_content or plain_text_content. For a dynamic template give template_id (d-…) and dynamic_template_data instead of content. For per-recipient messages pass personalizations in SendGrid's own shape. Returns accepted and message_id once SendGrid has queued it (202); delivery is reported later through stats and suppressions. Confirm recipients and content with the user before sending.",
  input: params({
    to_emails: s.strings('Recipient addresses (each one sees the others, like a normal To line)'),
    cc_emails: s.strings('Cc addresses'),
    bcc_emails: s.strings('Bcc addresses'),
    from_email: s.string('Sender address: a verified sender or on an authenticated domain', { format: 'email' }),
    from_name: s.string('Sender display name'),
    reply_to_email: s.string('Reply-to address'),
    subject: s.string('Subject line'),
    html_content: s.string('HTML body'),
    plain_text_content: s.string('Plain-text body'),
    template_id: s.string('Dynamic template id (d-…), from SENDGRID_RETRIEVE_PAGED_TRANSACTIONAL_TEMPLATES'),
    dynamic_template_data: s.object({}, 'Values for the template placeholders, e.g. {"first_name": "Ana"}', {
      additionalProperties: true,
    }),
    personalizations: s.array(
      s.object(
        {
          to: s.array(ADDRESS, 'Recipients'),
          cc: s.array(ADDRESS, 'Cc'),
          bcc: s.array(ADDRESS, 'Bcc'),
          subject: s.string('Subject for this group'),
          dynamic_template_data: s.object({}, 'Template values for this group', { additionalProperties: true }),
          send_at: s.integer('Unix time to send this group'),
        },
        'One message with its recipients',
        { required: ['to'] },
      ),
      "SendGrid's own recipient groups (instead of to_emails/cc_emails/bcc_emails)",
    ),
    from: ADDRESS,
    reply_to: ADDRESS,
    content: s.array(
      s.object({ type: s.string('MIME type: text/plain or text/html'), value: s.string('The body') }, 'A body part', {
        required: ['type', 'value'],
      }),
      "SendGrid's body parts (instead of html_content/plain_text_content); text/plain first",
    ),
    attachments: s.array(
      s.object(
        {
          content: s.string('File content, base64'),
          filename: s.string('File name'),
          type: s.string('MIME type'),
          disposition: s.enum(['attachment', 'inline'], 'How it is shown'),
          content_id: s.string('Id for inline images (cid:)'),
        },
        'An attachment',
        { required: ['content', 'filename'] },
      ),
      'Attachments, base64-encoded',
    ),
    categories: s.strings('Categories for statistics (up to 10)'),
    custom_args: s.object({}, 'Your own key/values, echoed in event webhooks', { additionalProperties: true }),
    headers: s.object({}, 'Extra email headers', { additionalProperties: true }),
    send_at: s.integer('Unix time to send (up to 72 hours ahead)'),
    batch_id: s.string('Batch id, to cancel or pause a scheduled send later'),
    asm: s.object(
      {
        group_id: s.integer('Unsubscribe group id'),
        groups_to_display: s.array(s.integer('Group id'), 'Groups shown'),
      },
      'Unsubscribe group for this email',
    ),
    ip_pool_name: s.string('IP pool to send from'),
    mail_settings: s.object({}, 'Mail settings, e.g. {"sandbox_mode": {"enable": true}}', {
      additionalProperties: true,
    }),
    tracking_settings: s.object({}, 'Tracking settings, e.g. {"click_tracking": {"enable": false}}', {
      additionalProperties: true,
    }),
  }),
  output: params({
    accepted: s.boolean('SendGrid queued the message'),
    message_id: s.string('X-Message-Id of the send, to find it in the activity feed'),
    status_code: s.integer('HTTP status (202)'),
  }),
  normalize: (a) => {
    const out = { ...a };
    for (const k of ['to_emails', 'cc_emails', 'bcc_emails'])
      if (typeof out[k] === 'string') out[k] = (out[k] as string).split(',').map((x) => x.trim());
    for (const k of ['from', 'reply_to']) if (typeof out[k] === 'string') out[k] = { email: out[k] };
    return out;
  },
  async run(ctx, args) {
    const body = mailSendBody(args);
    const res = await ctx.call({ method: 'POST', path: '/mail/send', body });
    if (!res.ok) {
      const errors = (res.body as { errors?: { message?: string; field?: string }[] } | undefined)?.errors;
      const message = errors?.length
        ? errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ')
        : `SendGrid answered ${res.status}`;
      throw new ToolFailure(message, { http_error: res.body ?? null, status_code: res.status, message });
    }
    return drop({
      accepted: true,
      message_id: res.headers['x-message-id'],
      status_code: res.status,
    });
  },
});

export const sendgridTools: CuratedTool[] = [
  sendEmail,
  sg({
    slug: 'SENDGRID_ADD_OR_UPDATE_A_CONTACT',
    name: 'Add or update contacts',
    important: true,
    method: 'PUT',
    path: '/marketing/contacts',
    input: {
      contacts: s.array(
        s.object(
          {
            email: s.string('Email address (the usual identifier)'),
            first_name: s.string('First name'),
            last_name: s.string('Last name'),
            phone_number: s.string('Phone number'),
            city: s.string('City'),
            country: s.string('Country'),
            custom_fields: s.object({}, 'Custom field id → value (ids from SENDGRID_GET_ALL_FIELD_DEFINITIONS)', {
              additionalProperties: true,
            }),
          },
          'A contact',
        ),
        'Contacts to create or update, matched by email (up to 30,000)',
      ),
      list_ids: s.strings('Also add them to these marketing lists (UUIDs)'),
    },
    required: ['contacts'],
    normalize: (a) =>
      Array.isArray(a.contacts)
        ? { ...a, contacts: a.contacts.map((c) => (typeof c === 'string' ? { email: c } : c)) }
        : a,
    description:
      'Create or update Marketing Campaigns contacts (upsert by email), optionally adding them to lists. The work is queued: returns a job_id, and the contacts appear within minutes (check with SENDGRID_IMPORT_CONTACTS_STATUS or SENDGRID_GET_CONTACTS_BY_EMAILS).',
  }),
  sg({
    slug: 'SENDGRID_DELETE_CONTACTS',
    name: 'Delete contacts',
    method: 'DELETE',
    path: '/marketing/contacts',
    input: {
      ids: s.string('Contact ids to delete, comma-separated'),
      delete_all_contacts: s.string('"true" to delete every contact of the account (instead of ids)'),
    },
    required: [],
    normalize: (a) => (Array.isArray(a.ids) ? { ...a, ids: a.ids.join(',') } : a),
    description:
      'Delete contacts for good, by id (or all of them). Irreversible: confirm with the user first. Queued: returns a job_id.',
  }),
  sg({
    slug: 'SENDGRID_REMOVE_CONTACTS_FROM_A_LIST',
    name: 'Remove contacts from list',
    method: 'DELETE',
    path: '/marketing/lists/{id}/contacts',
    input: { id: LIST_UUID, contact_ids: s.string('Contact ids to take off the list, comma-separated') },
    required: ['id', 'contact_ids'],
    normalize: (a) => (Array.isArray(a.contact_ids) ? { ...a, contact_ids: a.contact_ids.join(',') } : a),
    description: 'Take contacts off a list; they stay in the account and on other lists. Queued: returns a job_id.',
  }),
  sg({
    slug: 'SENDGRID_CREATE_A_SENDER',
    name: 'Create sender',
    method: 'POST',
    path: '/marketing/senders',
    input: SENDER_FIELDS,
    required: ['nickname', 'from_email', 'address', 'city', 'country'],
    body: senderBody,
    description:
      'Create a Marketing Campaigns sender (the from address, name and the postal address the law requires in marketing email). SendGrid emails from_email a verification link unless its domain is authenticated. Returns the sender with its id and verified status.',
  }),
  sg({
    slug: 'SENDGRID_UPDATE_A_SENDER',
    name: 'Update sender',
    method: 'PATCH',
    path: '/marketing/senders/{id}',
    input: { id: SENDER_ID, ...SENDER_FIELDS },
    required: ['id'],
    body: senderBody,
    description:
      'Change a Marketing Campaigns sender; only the fields given change. A new from_email has to be verified again. Returns the updated sender.',
  }),
  sg({
    slug: 'SENDGRID_RESEND_A_SENDER_VERIFICATION',
    name: 'Resend sender verification',
    method: 'POST',
    path: '/marketing/senders/{id}/resend_verification',
    input: { id: SENDER_ID },
    body: () => undefined,
    description:
      'Send the verification email for an unverified Marketing Campaigns sender again (to its from address).',
  }),
];

/**
 * Hosted SendGrid names for operations the compiled toolkit carries under another slug, with the
 * same arguments (SendGrid's own names). Each pair was matched by the method and path the hosted
 * description gives; hosted tools that address one of several event webhooks by id, or the
 * Marketing senders API, have no generated twin and are not listed. tests/unit/curated-mappings-sendgrid.test.ts
 * checks the pairs.
 */
export const sendgridAliases: Record<string, string> = {
  SENDGRID_ACTIVATE_TEMPLATE_VERSION: 'SENDGRID_ACTIVATE_A_TRANSACTIONAL_TEMPLATE_VERSION',
  SENDGRID_CREATE_AN_SSO_TEAMMATE: 'SENDGRID_CREATE_SSO_TEAMMATE',
  SENDGRID_DELETE_CANCELLATION_OR_PAUSE_FROM_SCHEDULED_SEND:
    'SENDGRID_DELETE_A_CANCELLATION_OR_PAUSE_FROM_A_SCHEDULED_SEND',
  SENDGRID_DUPLICATE_SEND_GRID_PRE_BUILT_DESIGN: 'SENDGRID_DUPLICATE_SENDGRID_PRE_BUILT_DESIGN',
  SENDGRID_GET_A_USER_S_ACCOUNT_INFORMATION: 'SENDGRID_GET_A_USERS_ACCOUNT_INFORMATION',
  SENDGRID_GET_A_USER_S_PROFILE: 'SENDGRID_GET_A_USERS_PROFILE',
  SENDGRID_GET_EMAIL_SUPPRESSION_GROUPS: 'SENDGRID_RETRIEVE_ALL_SUPPRESSION_GROUPS_FOR_AN_EMAIL_ADDRESS',
  SENDGRID_GET_GEO_STATS: 'SENDGRID_RETRIEVE_EMAIL_STATISTICS_BY_COUNTRY_AND_STATE_PROVINCE',
  SENDGRID_GET_IP_WARMUP_STATUS: 'SENDGRID_RETRIEVE_THE_WARMUP_STATUS_FOR_A_SPECIFIC_IP_ADDRESS',
  SENDGRID_GET_SEND_GRID_PRE_BUILT_DESIGN: 'SENDGRID_GET_SENDGRID_PRE_BUILT_DESIGN',
  SENDGRID_GET_SUBUSER_MONTHLY_STATS: 'SENDGRID_GET_SUBUSERS_SUBUSER_NAME_STATS_MONTHLY',
  SENDGRID_GET_USER_SCOPES: 'SENDGRID_GET_SCOPES',
  SENDGRID_LIST_API_KEYS: 'SENDGRID_GET_API_KEYS',
  SENDGRID_LIST_SEND_GRID_PRE_BUILT_DESIGNS: 'SENDGRID_LIST_SENDGRID_PRE_BUILT_DESIGNS',
  SENDGRID_LIST_USER_AUTH_DOMAINS: 'SENDGRID_GET_WHITELABEL_DOMAINS_SUBUSER',
  SENDGRID_REMOVE_LIST_AND_OPTIONAL_CONTACTS: 'SENDGRID_DELETE_LISTS_ID',
  SENDGRID_REMOVE_USER_DOMAIN: 'SENDGRID_DISASSOCIATE_AN_AUTHENTICATED_DOMAIN_FROM_A_GIVEN_USER',
  SENDGRID_RETRIEVE_A_SUBUSER_S_BRANDED_LINK: 'SENDGRID_RETRIEVE_A_SUBUSERS_BRANDED_LINK',
  SENDGRID_RETRIEVE_SUMS_OF_EMAIL_STATS_FOR_EACH_CATEGORY: 'SENDGRID_GET_CATEGORIES_STATS_SUMS',
  SENDGRID_SUM_EMAIL_STATS_FOR_SUBUSERS: 'SENDGRID_GET_SUBUSERS_STATS_SUMS',
  SENDGRID_TEST_AN_EVENT_WEBHOOK_S_SETTINGS: 'SENDGRID_TEST_EVENT_NOTIFICATION_SETTINGS',
  SENDGRID_UPDATE_A_USER_S_PROFILE: 'SENDGRID_UPDATE_A_USERS_PROFILE',
  SENDGRID_UPDATE_TEAMMATE_S_PERMISSIONS: 'SENDGRID_UPDATE_TEAMMATES_PERMISSIONS',
  SENDGRID_VALIDATE_A_BATCH_ID: 'SENDGRID_VALIDATE_BATCH_ID',
};
