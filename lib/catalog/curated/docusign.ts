/**
 * DocuSign eSignature in the hosted vocabulary on REST API v2.1 ({subdomain}.docusign.net/restapi):
 * templates, envelopes (create from a template, send, status, documents, audit trail), embedded
 * signing and sending views, users. Every path names the account; the tools take it as an
 * optional `account_id` and otherwise use the user's default account (login information of the
 * same API host). Arguments are snake_case; the tools build DocuSign's camelCase
 * bodies (`templateRoles`, `roleName`, `emailSubject`).
 */
import { s } from './define';
import { scopedRestTool } from './scoped-rest';
import type { CuratedContext, CuratedTool } from './types';
import { ToolArgumentError, ToolFailure } from './types';

const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const ACCOUNT = s.string("DocuSign account id (GUID); the user's default account when omitted");
const ENVELOPE = s.string('Envelope id (GUID)');
const TEMPLATE = s.string('Template id (GUID) from DOCUSIGN_LIST_ALL_TEMPLATES');

/**
 * The default account of the connected user. Asked of the API host itself (GET /v2/login_information),
 * not of account.docusign.com: the toolkit's base URL is per connection ({subdomain}.docusign.net),
 * and the same host answers for demo and production accounts alike.
 */
async function accountOf(ctx: CuratedContext, a: Record<string, unknown>): Promise<string> {
  if (typeof a.account_id === 'string' && a.account_id) return a.account_id;
  const info = await ctx.json<{ loginAccounts?: { accountId?: string; isDefault?: string | boolean }[] }>({
    method: 'GET',
    path: '/v2/login_information',
  });
  const accounts = info.loginAccounts ?? [];
  const acc = accounts.find((x) => String(x.isDefault) === 'true') ?? accounts[0];
  if (!acc?.accountId) throw new ToolFailure('The DocuSign user has no account', { login_information: info });
  return acc.accountId;
}

/** One account-scoped DocuSign request: the path follows /v2.1/accounts/{accountId}. */
const ds = scopedRestTool<string>({
  tag: 'docusign',
  input: (own) => ({ account_id: ACCOUNT, ...own }),
  resolve: accountOf,
  request: (account, call) => ({
    method: call.method,
    path: `/v2.1/accounts/${encodeURIComponent(account)}${call.path}`,
    query: call.query,
    body: call.body,
  }),
});

const ROLE = s.object(
  {
    role_name: s.string('Role as named in the template, case-sensitive (e.g. Signer)'),
    name: s.string("Recipient's full name"),
    email: s.string("Recipient's email"),
    client_user_id: s.string('Set to sign inside your app (embedded signing) instead of by email'),
    routing_order: s.string('Signing order, e.g. "1"'),
  },
  'A recipient filling a template role',
);

export const docusignTools: CuratedTool[] = [
  ds({
    slug: 'DOCUSIGN_RETRIEVE_ACCOUNT_INFORMATION_FOR_SPECIFIED_ACCOUNT',
    name: 'Get account',
    method: 'GET',
    path: '',
    input: { include_account_settings: s.boolean('Include the account settings') },
    required: [],
    query: { include_account_settings: 'include_account_settings' },
    description:
      'The DocuSign account: accountName, planName, billing period, envelope allowance (envelopeUnlimited, envelopeSendingBlocked).',
  }),
  ds({
    slug: 'DOCUSIGN_LIST_ALL_TEMPLATES',
    name: 'List templates',
    important: true,
    method: 'GET',
    path: '/templates',
    input: {
      search_text: s.string('Only templates whose name, description or sender match'),
      folder_ids: s.string('Only templates in these folders (comma-separated ids)'),
      count: s.integer('Templates per page', { default: 25 }),
      start_position: s.integer('0-based index of the first template'),
      include: s.string('Extra details, e.g. recipients (to see role names), documents'),
    },
    required: [],
    query: {
      search_text: 'search_text',
      folder_ids: 'folder_ids',
      count: 'count',
      start_position: 'start_position',
      include: 'include',
    },
    description:
      'Templates of the account: templateId, name, description, and with include=recipients their roles (roleName) needed by DOCUSIGN_CREATE_ENVELOPE_FROM_TEMPLATE.',
  }),
  ds({
    slug: 'DOCUSIGN_GET_TEMPLATE',
    name: 'Get template',
    method: 'GET',
    path: '/templates/{template_id}',
    input: { template_id: TEMPLATE, include: s.string('e.g. recipients,tabs,documents') },
    query: { include: 'include' },
    description: 'One template with its documents, recipients (roleName, routingOrder) and email settings.',
  }),
  ds({
    slug: 'DOCUSIGN_CREATE_ENVELOPE_FROM_TEMPLATE',
    name: 'Send envelope from template',
    important: true,
    method: 'POST',
    path: '/envelopes',
    input: {
      template_id: TEMPLATE,
      template_roles: s.array(ROLE, 'Who fills each role of the template'),
      status: s.enum(['sent', 'created'], 'sent: email the recipients now; created: keep a draft', { default: 'sent' }),
      email_subject: s.string('Subject of the signing email (the template subject when omitted)'),
      email_blurb: s.string('Message in the signing email'),
    },
    required: ['template_id', 'template_roles'],
    body: (a) =>
      drop({
        templateId: a.template_id,
        status: a.status ?? 'sent',
        emailSubject: a.email_subject,
        emailBlurb: a.email_blurb,
        templateRoles: Array.isArray(a.template_roles)
          ? a.template_roles.map((r: Record<string, unknown>) =>
              drop({
                roleName: r.role_name,
                name: r.name,
                email: r.email,
                clientUserId: r.client_user_id,
                routingOrder: r.routing_order,
              }),
            )
          : undefined,
      }),
    description:
      'Create an envelope from a template with a recipient for each role, and send it (or keep a draft with status created). Returns envelopeId and status; follow with DOCUSIGN_GET_ENVELOPE.',
  }),
  ds({
    slug: 'DOCUSIGN_GET_ENVELOPE',
    name: 'Get envelope',
    important: true,
    method: 'GET',
    path: '/envelopes/{envelope_id}',
    input: { envelope_id: ENVELOPE, include: s.string('Extra details, e.g. recipients,documents,tabs') },
    query: { include: 'include' },
    description:
      'Status of an envelope (created, sent, delivered, completed, declined, voided) with sentDateTime, completedDateTime, emailSubject; recipients with include=recipients.',
  }),
  ds({
    slug: 'DOCUSIGN_SEND_ENVELOPE',
    name: 'Send draft envelope',
    method: 'PUT',
    path: '/envelopes/{envelope_id}',
    input: { envelope_id: s.string('Id of a draft (created) envelope') },
    body: () => ({ status: 'sent' }),
    description:
      'Send a draft envelope to its recipients. Returns envelopeId; check delivery with DOCUSIGN_GET_ENVELOPE.',
  }),
  ds({
    slug: 'DOCUSIGN_RETRIEVE_ENVELOPE_DOCUMENTS',
    name: 'List envelope documents',
    method: 'GET',
    path: '/envelopes/{envelope_id}/documents',
    input: { envelope_id: ENVELOPE },
    description:
      'Documents of an envelope: documentId, name, pages, type (content or summary, the certificate of completion).',
  }),
  ds({
    slug: 'DOCUSIGN_RETRIEVE_ENVELOPE_AUDIT_EVENTS',
    name: 'Get envelope history',
    method: 'GET',
    path: '/envelopes/{envelope_id}/audit_events',
    input: { envelope_id: ENVELOPE },
    description:
      'Audit trail of an envelope: who sent, viewed, signed or declined it, and when (auditEvents[].eventFields).',
  }),
  ds({
    slug: 'DOCUSIGN_GET_TEMPLATES_USED_IN_ENVELOPE',
    name: 'Templates of an envelope',
    method: 'GET',
    path: '/envelopes/{envelope_id}/templates',
    input: { envelope_id: ENVELOPE },
    description: 'Templates that were applied to an envelope (templateId, name, applied).',
  }),
  ds({
    slug: 'DOCUSIGN_RETRIEVE_ENVELOPE_NOTIFICATION_DETAILS',
    name: 'Get envelope reminders',
    method: 'GET',
    path: '/envelopes/{envelope_id}/notification',
    input: { envelope_id: ENVELOPE },
    description: 'Reminder and expiration settings of an envelope (reminderDelay, reminderFrequency, expireAfter).',
  }),
  ds({
    slug: 'DOCUSIGN_CREATE_RECIPIENT_VIEW_URL',
    name: 'Embedded signing link',
    important: true,
    method: 'POST',
    path: '/envelopes/{envelope_id}/views/recipient',
    input: {
      envelope_id: ENVELOPE,
      return_url: s.string('Where DocuSign sends the signer afterwards (gets ?event=signing_complete)'),
      user_name: s.string("Signer's name exactly as on the envelope"),
      email: s.string("Signer's email exactly as on the envelope"),
      client_user_id: s.string('The client_user_id given to this recipient when the envelope was created'),
      authentication_method: s.string('How you identified the signer, e.g. none, email, password', { default: 'none' }),
    },
    required: ['envelope_id', 'return_url', 'user_name', 'email'],
    body: (a) =>
      drop({
        returnUrl: a.return_url,
        userName: a.user_name,
        email: a.email,
        clientUserId: a.client_user_id,
        authenticationMethod: a.authentication_method ?? 'none',
      }),
    description:
      'A one-time URL (valid about 5 minutes) that opens the signing session of an embedded recipient of a sent envelope, for your app to show.',
  }),
  ds({
    slug: 'DOCUSIGN_CREATE_SENDER_VIEW_URL_FOR_ENVELOPE',
    name: 'Embedded sending link',
    method: 'POST',
    path: '/envelopes/{envelope_id}/views/sender',
    input: {
      envelope_id: s.string('Id of a draft (created) envelope'),
      return_url: s.string('Where DocuSign returns the sender afterwards'),
    },
    required: ['envelope_id', 'return_url'],
    body: (a) => ({ returnUrl: a.return_url }),
    description: 'A one-time URL where the sender can review and tag a draft envelope before sending it.',
  }),
  ds({
    slug: 'DOCUSIGN_LIST_USERS_FOR_ACCOUNT',
    name: 'List users',
    method: 'GET',
    path: '/users',
    input: {
      email: s.string('Only the user with this email'),
      status: s.string('Only users in this status, e.g. Active'),
      count: s.integer('Users per page'),
      start_position: s.integer('0-based index of the first user'),
    },
    required: [],
    query: { email: 'email', status: 'status', count: 'count', start_position: 'start_position' },
    description: 'Users of the account: userId, userName, email, userStatus, permissionProfileName.',
  }),
  ds({
    slug: 'DOCUSIGN_GET_USER_INFORMATION_BY_ID',
    name: 'Get user',
    method: 'GET',
    path: '/users/{user_id}',
    input: { user_id: s.string('User id (GUID)') },
    description: 'One user of the account with name, email, status, groups and permission profile.',
  }),
  ds({
    slug: 'DOCUSIGN_GET_USERS_IN_GROUP',
    name: 'List group members',
    method: 'GET',
    path: '/groups/{group_id}/users',
    input: {
      group_id: s.string('Group id'),
      count: s.integer('Users per page'),
      start_position: s.integer('0-based start'),
    },
    query: { count: 'count', start_position: 'start_position' },
    description: 'Members of a user group (userId, userName, email).',
  }),
  ds({
    slug: 'DOCUSIGN_ADD_TEMPLATES_TO_ENVELOPE',
    name: 'Apply templates to envelope',
    method: 'POST',
    path: '/envelopes/{envelope_id}/templates',
    input: {
      envelope_id: s.string('Draft envelope id'),
      template_ids: s.strings('Templates to apply'),
      preserve_template_recipient: s.string('"true" to keep the template recipients'),
    },
    required: ['envelope_id', 'template_ids'],
    query: { preserve_template_recipient: 'preserve_template_recipient' },
    body: (a) => ({
      documentTemplates: Array.isArray(a.template_ids) ? a.template_ids.map((id) => ({ templateId: id })) : [],
    }),
    description: 'Add the documents and settings of templates to a draft envelope.',
  }),
  ds({
    slug: 'DOCUSIGN_ADD_CONTACTS_TO_CONTACTS_LIST',
    name: 'Add contacts',
    method: 'POST',
    path: '/contacts',
    input: {
      contacts: s.array(
        s.object(
          {
            name: s.string('Name'),
            emails: s.strings('Email addresses'),
            organization: s.string('Company'),
            shared: s.boolean('Share with the account'),
          },
          'Contact',
        ),
        'Contacts to add to the address book',
      ),
    },
    required: ['contacts'],
    body: (a) => {
      if (!Array.isArray(a.contacts) || !a.contacts.length) throw new ToolArgumentError('give at least one contact');
      return {
        contactList: a.contacts.map((c: Record<string, unknown>) =>
          drop({
            name: c.name,
            emails: c.emails,
            organization: c.organization,
            shared: c.shared === undefined ? undefined : String(c.shared),
          }),
        ),
      };
    },
    description: "Add people to the sender's DocuSign address book. Returns the contacts with their contactId.",
  }),
];
