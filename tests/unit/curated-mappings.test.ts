import { describe, expect, it } from 'vitest';
import { getTool, getToolkit } from '../../lib/catalog/registry';
import { CURATED } from '../../lib/catalog/curated/index';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping } from '../helpers/mapping-request';
import { ToolArgumentError } from '../../lib/catalog/curated/types';

// Every curated mapping builds the provider's documented request. The table gives, per tool,
// hosted-style arguments and the request the provider documents for them; the sweep below
// checks every other mapping builds its declared method and a fully filled path.
const base = 'https://api.example.test';

const build = (slug: string, args: Record<string, unknown>) => buildMapping(slug, args, {});

const TABLE: [
  string,
  Record<string, unknown>,
  { method: string; path: string; query?: Record<string, unknown>; body?: Record<string, unknown> },
][] = [
  // Gmail API v1 (developers.google.com/gmail/api/reference/rest)
  [
    'GMAIL_ADD_LABEL_TO_EMAIL',
    { message_id: 'm1', add_label_ids: ['STARRED'], remove_label_ids: ['UNREAD'] },
    {
      method: 'POST',
      path: '/gmail/v1/users/me/messages/m1/modify',
      body: { addLabelIds: ['STARRED'], removeLabelIds: ['UNREAD'] },
    },
  ],
  ['GMAIL_LIST_LABELS', {}, { method: 'GET', path: '/gmail/v1/users/me/labels' }],
  [
    'GMAIL_CREATE_LABEL',
    { label_name: 'Receipts', background_color: '#16a766', text_color: '#ffffff' },
    {
      method: 'POST',
      path: '/gmail/v1/users/me/labels',
      body: { name: 'Receipts', color: { backgroundColor: '#16a766', textColor: '#ffffff' } },
    },
  ],
  [
    'GMAIL_DELETE_LABEL',
    { label_id: 'Label_1', user_id: 'a@b.co' },
    { method: 'DELETE', path: '/gmail/v1/users/a%40b.co/labels/Label_1' },
  ],
  ['GMAIL_REMOVE_LABEL', { label_id: 'Label_1' }, { method: 'DELETE', path: '/gmail/v1/users/me/labels/Label_1' }],
  ['GMAIL_MOVE_TO_TRASH', { message_id: 'm1' }, { method: 'POST', path: '/gmail/v1/users/me/messages/m1/trash' }],
  [
    'GMAIL_BATCH_MODIFY_MESSAGES',
    { message_ids: ['a', 'b'], remove_label_ids: ['INBOX'] },
    {
      method: 'POST',
      path: '/gmail/v1/users/me/messages/batchModify',
      body: { ids: ['a', 'b'], removeLabelIds: ['INBOX'] },
    },
  ],
  [
    'GMAIL_LIST_THREADS',
    { query: 'is:unread', label_ids: ['INBOX', 'IMPORTANT'] },
    {
      method: 'GET',
      path: '/gmail/v1/users/me/threads',
      query: { q: 'is:unread', maxResults: '10', labelIds: ['INBOX', 'IMPORTANT'] },
    },
  ],
  [
    'GMAIL_SEND_DRAFT',
    { draft_id: 'r-1' },
    { method: 'POST', path: '/gmail/v1/users/me/drafts/send', body: { id: 'r-1' } },
  ],
  [
    'GMAIL_LIST_HISTORY',
    { start_history_id: '100', history_types: ['messageAdded'] },
    {
      method: 'GET',
      path: '/gmail/v1/users/me/history',
      query: { startHistoryId: '100', historyTypes: 'messageAdded' },
    },
  ],
  [
    'GMAIL_UPDATE_VACATION_SETTINGS',
    { enable_auto_reply: true, response_subject: 'Away' },
    {
      method: 'PUT',
      path: '/gmail/v1/users/me/settings/vacation',
      body: { enableAutoReply: true, responseSubject: 'Away' },
    },
  ],
  [
    'GMAIL_SETTINGS_SEND_AS_GET',
    { send_as_email: 'alias@example.com' },
    { method: 'GET', path: '/gmail/v1/users/me/settings/sendAs/alias%40example.com' },
  ],
  // Slack Web API (api.slack.com/methods)
  [
    'SLACK_FIND_USER_BY_EMAIL_ADDRESS',
    { email: 'jane@example.com' },
    { method: 'GET', path: '/users.lookupByEmail', query: { email: 'jane@example.com' } },
  ],
  [
    'SLACK_ADD_REACTION_TO_AN_ITEM',
    { channel: 'C1', timestamp: '1.2', name: 'eyes' },
    { method: 'POST', path: '/reactions.add', body: { channel: 'C1', timestamp: '1.2', name: 'eyes' } },
  ],
  [
    'SLACK_INVITE_USERS_TO_A_SLACK_CHANNEL',
    { channel: 'C1', users: ['U1', 'U2'] },
    { method: 'POST', path: '/conversations.invite', body: { channel: 'C1', users: 'U1,U2' } },
  ],
  [
    'SLACK_LIST_ALL_CHANNELS',
    { types: 'public_channel,private_channel', limit: 200 },
    { method: 'GET', path: '/conversations.list', query: { types: 'public_channel,private_channel', limit: '200' } },
  ],
  [
    'SLACK_UPDATES_A_SLACK_MESSAGE',
    { channel: 'C1', ts: '1.2', markdown_text: '**done**' },
    { method: 'POST', path: '/chat.update', body: { channel: 'C1', ts: '1.2', text: '\u200b*done*\u200b' } },
  ], // slackify keeps bold apart from neighbouring text with zero-width spaces
  [
    'SLACK_SET_USER_PROFILE',
    { profile: { status_text: 'Lunch' } },
    { method: 'POST', path: '/users.profile.set', body: { profile: '{"status_text":"Lunch"}' } },
  ],
  [
    'SLACK_SEARCH_MESSAGES',
    { query: 'deploy', count: 5 },
    { method: 'GET', path: '/search.messages', query: { query: 'deploy', count: '5' } },
  ],
  // Calendar API v3 (developers.google.com/calendar/api/v3/reference)
  [
    'GOOGLECALENDAR_FIND_EVENT',
    { query: 'standup' },
    {
      method: 'GET',
      path: '/calendars/primary/events',
      query: { q: 'standup', singleEvents: 'true', orderBy: 'startTime', maxResults: '50' },
    },
  ],
  [
    'GOOGLECALENDAR_DELETE_EVENT',
    { event_id: 'e1', send_updates: 'none' },
    { method: 'DELETE', path: '/calendars/primary/events/e1', query: { sendUpdates: 'none' } },
  ],
  [
    'GOOGLECALENDAR_QUICK_ADD',
    { text: 'Lunch tomorrow noon', calendar_id: 'team@example.com' },
    { method: 'POST', path: '/calendars/team%40example.com/events/quickAdd', query: { text: 'Lunch tomorrow noon' } },
  ],
  [
    'GOOGLECALENDAR_LIST_CALENDARS',
    { min_access_role: 'writer' },
    { method: 'GET', path: '/users/me/calendarList', query: { minAccessRole: 'writer' } },
  ],
  [
    'GOOGLECALENDAR_ACL_INSERT',
    { role: 'reader', scope_type: 'user', scope_value: 'jane@example.com' },
    {
      method: 'POST',
      path: '/calendars/primary/acl',
      body: { role: 'reader', scope: { type: 'user', value: 'jane@example.com' } },
    },
  ],
  [
    'GOOGLECALENDAR_FREE_BUSY_QUERY',
    { time_min: '2025-01-01T00:00:00Z', time_max: '2025-01-02T00:00:00Z', items: ['primary'] },
    {
      method: 'POST',
      path: '/freeBusy',
      body: { timeMin: '2025-01-01T00:00:00Z', timeMax: '2025-01-02T00:00:00Z', items: [{ id: 'primary' }] },
    },
  ],
  // GitHub REST (docs.github.com/rest/repos/repos#list-repositories-for-a-user)
  [
    'GITHUB_GET_REPOS',
    { owner: 'composio', sort: 'pushed' },
    { method: 'GET', path: '/users/composio/repos', query: { sort: 'pushed' } },
  ],
  [
    'GOOGLECALENDAR_SYNC_EVENTS',
    { syncToken: 'tok' },
    { method: 'GET', path: '/calendars/primary/events', query: { syncToken: 'tok', singleEvents: 'true' } },
  ],
  // Stripe API (docs.stripe.com/api): form-encoded bodies, nested objects in brackets
  [
    'STRIPE_CREATE_CUSTOMER',
    { email: 'ana@acme.com', name: 'Ana', metadata: { crm_id: '42' }, address: { country: 'US' } },
    {
      method: 'POST',
      path: '/v1/customers',
      body: { email: 'ana@acme.com', name: 'Ana', 'metadata[crm_id]': '42', 'address[country]': 'US' },
    },
  ],
  [
    'STRIPE_RETRIEVE_CUSTOMER',
    { customer_id: 'cus_1', expand: ['default_source'] },
    { method: 'GET', path: '/v1/customers/cus_1', query: { 'expand[]': 'default_source' } },
  ],
  [
    'STRIPE_UPDATE_CUSTOMER',
    { customer_id: 'cus_1', phone: '+1555' },
    { method: 'POST', path: '/v1/customers/cus_1', body: { phone: '+1555' } },
  ],
  ['STRIPE_DELETE_CUSTOMERS_CUSTOMER', { customer_id: 'cus_1' }, { method: 'DELETE', path: '/v1/customers/cus_1' }],
  [
    'STRIPE_LIST_CUSTOMERS',
    { email: 'a@b.co', limit: 5 },
    { method: 'GET', path: '/v1/customers', query: { email: 'a@b.co', limit: '5' } },
  ],
  [
    'STRIPE_SEARCH_CUSTOMERS',
    { query: "name~'acme'", page: 'p2' },
    { method: 'GET', path: '/v1/customers/search', query: { query: "name~'acme'", page: 'p2' } },
  ],
  [
    'STRIPE_GET_CUSTOMERS_CUSTOMER_PAYMENT_METHODS',
    { customer_id: 'cus_1', type: 'card' },
    { method: 'GET', path: '/v1/customers/cus_1/payment_methods', query: { type: 'card' } },
  ],
  [
    'STRIPE_CREATE_PAYMENT_INTENT',
    { amount: 1999, currency: 'usd', customer: 'cus_1', automatic_payment_methods: { enabled: true } },
    {
      method: 'POST',
      path: '/v1/payment_intents',
      body: { amount: '1999', currency: 'usd', customer: 'cus_1', 'automatic_payment_methods[enabled]': 'true' },
    },
  ],
  [
    'STRIPE_RETRIEVE_PAYMENT_INTENT',
    { payment_intent_id: 'pi_1' },
    { method: 'GET', path: '/v1/payment_intents/pi_1' },
  ],
  [
    'STRIPE_UPDATE_PAYMENT_INTENT',
    { payment_intent_id: 'pi_1', amount: 500 },
    { method: 'POST', path: '/v1/payment_intents/pi_1', body: { amount: '500' } },
  ],
  [
    'STRIPE_CONFIRM_PAYMENT_INTENT',
    { payment_intent_id: 'pi_1', payment_method: 'pm_card_visa' },
    { method: 'POST', path: '/v1/payment_intents/pi_1/confirm', body: { payment_method: 'pm_card_visa' } },
  ],
  [
    'STRIPE_LIST_PAYMENT_INTENTS',
    { customer: 'cus_1', limit: 3 },
    { method: 'GET', path: '/v1/payment_intents', query: { customer: 'cus_1', limit: '3' } },
  ],
  [
    'STRIPE_LIST_CHARGES',
    { payment_intent: 'pi_1' },
    { method: 'GET', path: '/v1/charges', query: { payment_intent: 'pi_1' } },
  ],
  ['STRIPE_RETRIEVE_CHARGE', { charge_id: 'ch_1' }, { method: 'GET', path: '/v1/charges/ch_1' }],
  [
    'STRIPE_CREATE_REFUND',
    { payment_intent: 'pi_1', amount: 100, reason: 'requested_by_customer' },
    {
      method: 'POST',
      path: '/v1/refunds',
      body: { payment_intent: 'pi_1', amount: '100', reason: 'requested_by_customer' },
    },
  ],
  ['STRIPE_LIST_REFUNDS', { charge: 'ch_1' }, { method: 'GET', path: '/v1/refunds', query: { charge: 'ch_1' } }],
  ['STRIPE_GET_REFUNDS_REFUND', { refund_id: 're_1' }, { method: 'GET', path: '/v1/refunds/re_1' }],
  [
    'STRIPE_CREATE_PRODUCT',
    { name: 'Pro plan', default_price_data: { currency: 'usd', unit_amount: 1500, recurring: { interval: 'month' } } },
    {
      method: 'POST',
      path: '/v1/products',
      body: {
        name: 'Pro plan',
        'default_price_data[currency]': 'usd',
        'default_price_data[unit_amount]': '1500',
        'default_price_data[recurring][interval]': 'month',
      },
    },
  ],
  ['STRIPE_LIST_PRODUCTS', { active: true }, { method: 'GET', path: '/v1/products', query: { active: 'true' } }],
  [
    'STRIPE_CREATE_PRICE',
    { product: 'prod_1', unit_amount: 1500, currency: 'usd', recurring: { interval: 'month' } },
    {
      method: 'POST',
      path: '/v1/prices',
      body: { product: 'prod_1', unit_amount: '1500', currency: 'usd', 'recurring[interval]': 'month' },
    },
  ],
  [
    'STRIPE_CREATE_SUBSCRIPTION',
    { customer: 'cus_1', items: [{ price: 'price_1', quantity: 2 }], trial_period_days: 14 },
    {
      method: 'POST',
      path: '/v1/subscriptions',
      body: { customer: 'cus_1', 'items[0][price]': 'price_1', 'items[0][quantity]': '2', trial_period_days: '14' },
    },
  ],
  ['STRIPE_GET_SUBSCRIPTION', { subscription_id: 'sub_1' }, { method: 'GET', path: '/v1/subscriptions/sub_1' }],
  [
    'STRIPE_UPDATE_SUBSCRIPTION',
    { subscription_id: 'sub_1', cancel_at_period_end: true },
    { method: 'POST', path: '/v1/subscriptions/sub_1', body: { cancel_at_period_end: 'true' } },
  ],
  [
    'STRIPE_CANCEL_SUBSCRIPTION',
    { subscription_id: 'sub_1', prorate: true },
    { method: 'DELETE', path: '/v1/subscriptions/sub_1', query: { prorate: 'true' } },
  ],
  [
    'STRIPE_LIST_SUBSCRIPTIONS',
    { customer: 'cus_1', status: 'all' },
    { method: 'GET', path: '/v1/subscriptions', query: { customer: 'cus_1', status: 'all' } },
  ],
  [
    'STRIPE_CREATE_INVOICE',
    { customer: 'cus_1', collection_method: 'send_invoice', days_until_due: 30 },
    {
      method: 'POST',
      path: '/v1/invoices',
      body: { customer: 'cus_1', collection_method: 'send_invoice', days_until_due: '30' },
    },
  ],
  ['STRIPE_LIST_INVOICES', { status: 'open' }, { method: 'GET', path: '/v1/invoices', query: { status: 'open' } }],
  ['STRIPE_RETRIEVE_BALANCE', {}, { method: 'GET', path: '/v1/balance' }],
  ['STRIPE_LIST_COUPONS', { limit: 10 }, { method: 'GET', path: '/v1/coupons', query: { limit: '10' } }],
  [
    'STRIPE_LIST_PAYMENT_LINKS',
    { active: true },
    { method: 'GET', path: '/v1/payment_links', query: { active: 'true' } },
  ],
  [
    'STRIPE_LIST_TAX_RATES',
    { inclusive: false },
    { method: 'GET', path: '/v1/tax_rates', query: { inclusive: 'false' } },
  ],
  [
    'STRIPE_LIST_TAX_CODES',
    { starting_after: 'txcd_1' },
    { method: 'GET', path: '/v1/tax_codes', query: { starting_after: 'txcd_1' } },
  ],
  [
    'STRIPE_GET_V1_SHIPPING_RATES_OVERVIEW2',
    { currency: 'eur' },
    { method: 'GET', path: '/v1/shipping_rates', query: { currency: 'eur' } },
  ],
  [
    'STRIPE_LIST_PRICES',
    { product: 'prod_1', type: 'recurring' },
    { method: 'GET', path: '/v1/prices', query: { product: 'prod_1', type: 'recurring' } },
  ],
  [
    'STRIPE_CANCEL_PAYMENT_INTENT',
    { payment_intent_id: 'pi_1', cancellation_reason: 'abandoned' },
    { method: 'POST', path: '/v1/payment_intents/pi_1/cancel', body: { cancellation_reason: 'abandoned' } },
  ],
  [
    'STRIPE_CREATE_INVOICE_ITEM',
    { customer: 'cus_1', price: 'price_1', quantity: 3 },
    { method: 'POST', path: '/v1/invoiceitems', body: { customer: 'cus_1', price: 'price_1', quantity: '3' } },
  ],
  [
    'STRIPE_FINALIZE_INVOICE',
    { invoice_id: 'in_1', auto_advance: false },
    { method: 'POST', path: '/v1/invoices/in_1/finalize', body: { auto_advance: 'false' } },
  ],
  ['STRIPE_SEND_INVOICE', { invoice_id: 'in_1' }, { method: 'POST', path: '/v1/invoices/in_1/send' }],
  ['STRIPE_VOID_INVOICE', { invoice_id: 'in_1' }, { method: 'POST', path: '/v1/invoices/in_1/void' }],
  // Asana API (developers.asana.com/reference): bodies under "data", opt_fields comma-separated
  [
    'ASANA_CREATE_A_TASK',
    { name: 'Call Ana', projects: ['11'], assignee: 'me', due_on: '2025-05-01', opt_fields: ['name', 'permalink_url'] },
    {
      method: 'POST',
      path: '/tasks',
      query: { opt_fields: 'name,permalink_url' },
      body: { data: { name: 'Call Ana', projects: ['11'], assignee: 'me', due_on: '2025-05-01' } },
    },
  ],
  [
    'ASANA_GET_A_TASK',
    { task_gid: '12', opt_fields: ['name', 'assignee.name'] },
    { method: 'GET', path: '/tasks/12', query: { opt_fields: 'name,assignee.name' } },
  ],
  [
    'ASANA_UPDATE_A_TASK',
    { task_gid: '12', completed: true },
    { method: 'PUT', path: '/tasks/12', body: { data: { completed: true } } },
  ],
  ['ASANA_DELETE_TASK', { task_gid: '12' }, { method: 'DELETE', path: '/tasks/12' }],
  [
    'ASANA_GET_TASKS_FROM_A_PROJECT',
    { project_gid: '11', completed_since: 'now', limit: 50 },
    { method: 'GET', path: '/projects/11/tasks', query: { completed_since: 'now', limit: '50' } },
  ],
  [
    'ASANA_GET_MULTIPLE_TASKS',
    { assignee: 'me', workspace: '1' },
    { method: 'GET', path: '/tasks', query: { assignee: 'me', workspace: '1' } },
  ],
  [
    'ASANA_CREATE_SUBTASK',
    { task_gid: '12', name: 'Draft' },
    { method: 'POST', path: '/tasks/12/subtasks', body: { data: { name: 'Draft' } } },
  ],
  ['ASANA_GET_TASK_SUBTASKS', { task_gid: '12' }, { method: 'GET', path: '/tasks/12/subtasks' }],
  [
    'ASANA_CREATE_TASK_COMMENT',
    { task_gid: '12', text: 'Done' },
    { method: 'POST', path: '/tasks/12/stories', body: { data: { text: 'Done' } } },
  ],
  [
    'ASANA_GET_STORIES_FOR_TASK',
    { task_gid: '12', limit: 20 },
    { method: 'GET', path: '/tasks/12/stories', query: { limit: '20' } },
  ],
  [
    'ASANA_ADD_FOLLOWERS_TO_TASK',
    { task_gid: '12', followers: ['a@b.co'] },
    { method: 'POST', path: '/tasks/12/addFollowers', body: { data: { followers: ['a@b.co'] } } },
  ],
  [
    'ASANA_ADD_TAG_TO_TASK',
    { task_gid: '12', tag: '7' },
    { method: 'POST', path: '/tasks/12/addTag', body: { data: { tag: '7' } } },
  ],
  [
    'ASANA_ADD_TASK_TO_SECTION',
    { section_gid: '5', task: '12', insert_after: '13' },
    { method: 'POST', path: '/sections/5/addTask', body: { data: { task: '12', insert_after: '13' } } },
  ],
  ['ASANA_GET_A_PROJECT', { project_gid: '11' }, { method: 'GET', path: '/projects/11' }],
  [
    'ASANA_CREATE_A_PROJECT',
    { name: 'Launch', workspace: '1', team: '3', data: { archived: false } },
    {
      method: 'POST',
      path: '/projects',
      body: { data: { archived: false, name: 'Launch', workspace: '1', team: '3' } },
    },
  ],
  [
    'ASANA_GET_MULTIPLE_PROJECTS',
    { workspace: '1', archived: false },
    { method: 'GET', path: '/projects', query: { workspace: '1', archived: 'false' } },
  ],
  ['ASANA_GET_SECTIONS_IN_PROJECT', { project_gid: '11' }, { method: 'GET', path: '/projects/11/sections' }],
  [
    'ASANA_CREATE_SECTION_IN_PROJECT',
    { project_gid: '11', name: 'Doing' },
    { method: 'POST', path: '/projects/11/sections', body: { data: { name: 'Doing' } } },
  ],
  ['ASANA_GET_MULTIPLE_WORKSPACES', {}, { method: 'GET', path: '/workspaces' }],
  ['ASANA_GET_CURRENT_USER', {}, { method: 'GET', path: '/users/me' }],
  [
    'ASANA_GET_USERS_FOR_WORKSPACE',
    { workspace_gid: '1', opt_fields: ['email'] },
    { method: 'GET', path: '/workspaces/1/users', query: { opt_fields: 'email' } },
  ],
  ['ASANA_GET_TEAMS_IN_WORKSPACE', { workspace_gid: '1' }, { method: 'GET', path: '/workspaces/1/teams' }],
  [
    'ASANA_SEARCH_TASKS_IN_WORKSPACE',
    { workspace_gid: '1', text: 'invoice', assignee_any: 'me', completed: false, due_on_before: '2025-01-31' },
    {
      method: 'GET',
      path: '/workspaces/1/tasks/search',
      query: { text: 'invoice', 'assignee.any': 'me', completed: 'false', 'due_on.before': '2025-01-31' },
    },
  ],
  [
    'ASANA_GET_TYPEAHEAD_OBJECTS',
    { workspace_gid: '1', resource_type: 'project', query: 'lau' },
    { method: 'GET', path: '/workspaces/1/typeahead', query: { resource_type: 'project', query: 'lau' } },
  ],
  ['ASANA_GET_TAGS', { workspace: '1' }, { method: 'GET', path: '/tags', query: { workspace: '1' } }],
  // Jira Cloud REST v3 (developer.atlassian.com/cloud/jira/platform/rest/v3) and agile 1.0
  [
    'JIRA_GET_ISSUE',
    { issue_id_or_key: 'WEB-7', fields: ['summary', 'status'], expand: 'renderedFields' },
    { method: 'GET', path: '/rest/api/3/issue/WEB-7', query: { fields: 'summary,status', expand: 'renderedFields' } },
  ],
  [
    'JIRA_DELETE_ISSUE',
    { issue_id_or_key: 'WEB-7', delete_subtasks: true },
    { method: 'DELETE', path: '/rest/api/3/issue/WEB-7', query: { deleteSubtasks: 'true' } },
  ],
  [
    'JIRA_GET_ALL_PROJECTS',
    { query: 'web', start_at: 50, max_results: 25, status: ['live', 'archived'] },
    {
      method: 'GET',
      path: '/rest/api/3/project/search',
      query: { query: 'web', startAt: '50', maxResults: '25', status: 'live,archived' },
    },
  ],
  [
    'JIRA_FIND_USERS2',
    { query: 'priya@acme.com', max_results: 5 },
    { method: 'GET', path: '/rest/api/3/user/search', query: { query: 'priya@acme.com', maxResults: '5' } },
  ],
  [
    'JIRA_ADD_USER_TO_GROUP',
    { groupname: 'jira-developers', account_id: '5b10ac8d82e05b22cc7d4ef5' },
    {
      method: 'POST',
      path: '/rest/api/3/group/user',
      query: { groupname: 'jira-developers' },
      body: { accountId: '5b10ac8d82e05b22cc7d4ef5' },
    },
  ],
  [
    'JIRA_DELETE_VERSION',
    { id: '10010', move_fix_issues_to: 10011 },
    { method: 'POST', path: '/rest/api/3/version/10010/removeAndSwap', body: { moveFixIssuesTo: 10011 } },
  ],
  [
    'JIRA_CREATE_PROJECT',
    { key: 'WEB', name: 'Website', project_type_key: 'software', lead_account_id: 'acc-1' },
    {
      method: 'POST',
      path: '/rest/api/3/project',
      body: { key: 'WEB', name: 'Website', projectTypeKey: 'software', leadAccountId: 'acc-1' },
    },
  ],
  [
    'JIRA_GET_MY_PERMISSIONS',
    { permissions: ['BROWSE_PROJECTS', 'CREATE_ISSUES'], project_key: 'WEB' },
    {
      method: 'GET',
      path: '/rest/api/3/mypermissions',
      query: { permissions: 'BROWSE_PROJECTS,CREATE_ISSUES', projectKey: 'WEB' },
    },
  ],
  [
    'JIRA_PARSE_JQL_QUERIES',
    { queries: ['project = WEB'] },
    {
      method: 'POST',
      path: '/rest/api/3/jql/parse',
      query: { validation: 'strict' },
      body: { queries: ['project = WEB'] },
    },
  ],
  [
    'JIRA_GET_ISSUE_PICKER_SUGGESTIONS',
    { query: 'login', current_jql: 'project = WEB' },
    { method: 'GET', path: '/rest/api/3/issue/picker', query: { query: 'login', currentJQL: 'project = WEB' } },
  ],
  [
    'JIRA_LIST_SPRINTS',
    { board_id: 12, state: 'active' },
    { method: 'GET', path: '/rest/agile/1.0/board/12/sprint', query: { state: 'active' } },
  ],
  [
    'JIRA_CREATE_SPRINT',
    { name: 'Sprint 9', origin_board_id: 12, goal: 'Ship login' },
    {
      method: 'POST',
      path: '/rest/agile/1.0/sprint',
      body: { name: 'Sprint 9', originBoardId: 12, goal: 'Ship login' },
    },
  ],
  [
    'JIRA_MOVE_ISSUE_TO_SPRINT',
    { sprint_id: 9, issues: ['WEB-1', 'WEB-2'] },
    { method: 'POST', path: '/rest/agile/1.0/sprint/9/issue', body: { issues: ['WEB-1', 'WEB-2'] } },
  ],
  // Google Tasks API v1 (developers.google.com/tasks/reference/rest)
  [
    'GOOGLETASKS_INSERT_TASK',
    { tasklist_id: 'L1', title: 'Pay rent', due: '2025-10-01', task_parent: 't0' },
    {
      method: 'POST',
      path: '/tasks/v1/lists/L1/tasks',
      query: { parent: 't0' },
      body: { title: 'Pay rent', due: '2025-10-01T00:00:00.000Z' },
    },
  ],
  [
    'GOOGLETASKS_LIST_TASKS',
    { tasklist_id: 'L1', showCompleted: false, maxResults: 50 },
    { method: 'GET', path: '/tasks/v1/lists/L1/tasks', query: { showCompleted: 'false', maxResults: '50' } },
  ],
  [
    'GOOGLETASKS_MOVE_TASK',
    { tasklist_id: 'L1', task_id: 't9', destinationTasklist: 'L2' },
    { method: 'POST', path: '/tasks/v1/lists/L1/tasks/t9/move', query: { destinationTasklist: 'L2' } },
  ],
  [
    'GOOGLETASKS_CREATE_TASK_LIST',
    { tasklist_title: 'Groceries' },
    { method: 'POST', path: '/tasks/v1/users/@me/lists', body: { title: 'Groceries' } },
  ],
  [
    'GOOGLETASKS_PATCH_TASK_LIST',
    { tasklist_id: 'L1', updated_title: 'Shopping' },
    { method: 'PATCH', path: '/tasks/v1/users/@me/lists/L1', body: { title: 'Shopping' } },
  ],
  [
    'GOOGLETASKS_LIST_TASK_LISTS',
    { max_results: 100, page_token: 'p2' },
    { method: 'GET', path: '/tasks/v1/users/@me/lists', query: { maxResults: '100', pageToken: 'p2' } },
  ],
  ['GOOGLETASKS_CLEAR_TASKS', { tasklist_id: 'L1' }, { method: 'POST', path: '/tasks/v1/lists/L1/clear' }],
  [
    'GOOGLETASKS_DELETE_TASK',
    { tasklist_id: 'L1', task_id: 't9' },
    { method: 'DELETE', path: '/tasks/v1/lists/L1/tasks/t9' },
  ],
  // Trello REST API (developer.atlassian.com/cloud/trello/rest)
  [
    'TRELLO_GET_MEMBERS_ME',
    { fields: 'username' },
    { method: 'GET', path: '/members/me', query: { fields: 'username' } },
  ],
  [
    'TRELLO_GET_MEMBERS_BOARDS_BY_ID_MEMBER',
    { idMember: 'me', filter: 'open' },
    { method: 'GET', path: '/members/me/boards', query: { filter: 'open' } },
  ],
  [
    'TRELLO_GET_BOARDS_BY_ID_BOARD',
    { idBoard: 'b1', lists: 'open' },
    { method: 'GET', path: '/boards/b1', query: { lists: 'open' } },
  ],
  [
    'TRELLO_ADD_BOARDS',
    { name: 'Roadmap', defaultLists: false },
    { method: 'POST', path: '/boards', body: { name: 'Roadmap', defaultLists: false } },
  ],
  ['TRELLO_DELETE_BOARD', { idBoard: 'b1' }, { method: 'DELETE', path: '/boards/b1' }],
  [
    'TRELLO_GET_BOARDS_LISTS_BY_ID_BOARD',
    { idBoard: 'b1', cards: 'open' },
    { method: 'GET', path: '/boards/b1/lists', query: { cards: 'open' } },
  ],
  [
    'TRELLO_ADD_LISTS',
    { name: 'Doing', idBoard: 'b1', pos: 'bottom' },
    { method: 'POST', path: '/lists', body: { name: 'Doing', idBoard: 'b1', pos: 'bottom' } },
  ],
  [
    'TRELLO_GET_BOARDS_CARDS_BY_ID_BOARD',
    { idBoard: 'b1', filter: 'all', limit: 5 },
    { method: 'GET', path: '/boards/b1/cards', query: { filter: 'all', limit: '5' } },
  ],
  [
    'TRELLO_GET_LISTS_CARDS_BY_ID_LIST',
    { idList: 'l1', fields: 'name,due' },
    { method: 'GET', path: '/lists/l1/cards', query: { fields: 'name,due' } },
  ],
  [
    'TRELLO_ADD_CARDS',
    { idList: 'l1', name: 'Fix login', desc: 'Steps…', due: '2025-06-30T17:00:00Z', idLabels: 'lab1,lab2' },
    {
      method: 'POST',
      path: '/cards',
      body: { idList: 'l1', name: 'Fix login', desc: 'Steps…', due: '2025-06-30T17:00:00Z', idLabels: 'lab1,lab2' },
    },
  ],
  [
    'TRELLO_GET_CARDS_BY_ID_CARD',
    { idCard: 'c1', checklists: 'all' },
    { method: 'GET', path: '/cards/c1', query: { checklists: 'all' } },
  ],
  [
    'TRELLO_UPDATE_CARDS_BY_ID_CARD',
    { idCard: 'c1', idList: 'l2', closed: false },
    { method: 'PUT', path: '/cards/c1', body: { idList: 'l2', closed: false } },
  ],
  [
    'TRELLO_UPDATE_CARDS_ID_LIST_BY_ID_CARD',
    { idCard: 'c1', value: 'l2' },
    { method: 'PUT', path: '/cards/c1/idList', body: { value: 'l2' } },
  ],
  ['TRELLO_DELETE_CARDS_BY_ID_CARD', { idCard: 'c1' }, { method: 'DELETE', path: '/cards/c1' }],
  [
    'TRELLO_ADD_CARDS_ACTIONS_COMMENTS_BY_ID_CARD',
    { idCard: 'c1', text: 'Done @ana' },
    { method: 'POST', path: '/cards/c1/actions/comments', body: { text: 'Done @ana' } },
  ],
  [
    'TRELLO_ADD_CARDS_CHECKLISTS_BY_ID_CARD',
    { idCard: 'c1', name: 'QA' },
    { method: 'POST', path: '/cards/c1/checklists', body: { name: 'QA' } },
  ],
  [
    'TRELLO_ADD_CHECKLISTS_CHECK_ITEMS_BY_ID_CHECKLIST',
    { idChecklist: 'k1', name: 'Test', checked: true },
    { method: 'POST', path: '/checklists/k1/checkItems', body: { name: 'Test', checked: true } },
  ],
  ['TRELLO_GET_CARDS_CHECKLISTS_BY_ID_CARD', { idCard: 'c1' }, { method: 'GET', path: '/cards/c1/checklists' }],
  ['TRELLO_GET_BOARDS_LABELS_BY_ID_BOARD', { idBoard: 'b1' }, { method: 'GET', path: '/boards/b1/labels' }],
  [
    'TRELLO_ADD_CARDS_ID_LABELS_BY_ID_CARD',
    { idCard: 'c1', value: 'lab1' },
    { method: 'POST', path: '/cards/c1/idLabels', body: { value: 'lab1' } },
  ],
  [
    'TRELLO_REMOVE_LABEL_FROM_CARD',
    { idCard: 'c1', idLabel: 'lab1' },
    { method: 'DELETE', path: '/cards/c1/idLabels/lab1' },
  ],
  ['TRELLO_GET_BOARDS_MEMBERS_BY_ID_BOARD', { idBoard: 'b1' }, { method: 'GET', path: '/boards/b1/members' }],
  [
    'TRELLO_ADD_MEMBER_TO_CARD',
    { idCard: 'c1', value: 'm1' },
    { method: 'POST', path: '/cards/c1/idMembers', body: { value: 'm1' } },
  ],
  [
    'TRELLO_REMOVE_MEMBER_FROM_CARD',
    { idCard: 'c1', idMember: 'm1' },
    { method: 'DELETE', path: '/cards/c1/idMembers/m1' },
  ],
  [
    'TRELLO_GET_SEARCH',
    { query: 'login is:open', modelTypes: 'cards', cards_limit: 20 },
    { method: 'GET', path: '/search', query: { query: 'login is:open', modelTypes: 'cards', cards_limit: '20' } },
  ],
  // Zoom API v2 (developers.zoom.us/docs/api)
  [
    'ZOOM_CREATE_A_MEETING',
    { topic: 'Sync', start_time: '2025-06-30T15:00:00Z', duration: 30, settings: { waiting_room: true } },
    {
      method: 'POST',
      path: '/users/me/meetings',
      body: { topic: 'Sync', start_time: '2025-06-30T15:00:00Z', duration: 30, settings: { waiting_room: true } },
    },
  ],
  ['ZOOM_GET_A_MEETING', { meetingId: '857' }, { method: 'GET', path: '/meetings/857' }],
  [
    'ZOOM_UPDATE_A_MEETING',
    { meetingId: '857', duration: 45, occurrence_id: 'o1' },
    { method: 'PATCH', path: '/meetings/857', query: { occurrence_id: 'o1' }, body: { duration: 45 } },
  ],
  [
    'ZOOM_DELETE_A_MEETING',
    { meetingId: '857', cancel_meeting_reminder: true },
    { method: 'DELETE', path: '/meetings/857', query: { cancel_meeting_reminder: 'true' } },
  ],
  [
    'ZOOM_LIST_MEETINGS',
    { type: 'upcoming' },
    { method: 'GET', path: '/users/me/meetings', query: { type: 'upcoming' } },
  ],
  [
    'ZOOM_ADD_A_MEETING_REGISTRANT',
    { meetingId: '857', email: 'a@b.co', first_name: 'Ana' },
    { method: 'POST', path: '/meetings/857/registrants', body: { email: 'a@b.co', first_name: 'Ana' } },
  ],
  [
    'ZOOM_LIST_MEETING_REGISTRANTS',
    { meetingId: '857', status: 'pending' },
    { method: 'GET', path: '/meetings/857/registrants', query: { status: 'pending' } },
  ],
  ['ZOOM_GET_MEETING_RECORDINGS', { meetingId: '857' }, { method: 'GET', path: '/meetings/857/recordings' }],
  [
    'ZOOM_LIST_ALL_RECORDINGS',
    { userId: 'a@b.co', from: '2025-06-01', to: '2025-06-30' },
    { method: 'GET', path: '/users/a%40b.co/recordings', query: { from: '2025-06-01', to: '2025-06-30' } },
  ],
  [
    'ZOOM_DELETE_MEETING_RECORDINGS',
    { meetingId: '857', action: 'trash' },
    { method: 'DELETE', path: '/meetings/857/recordings', query: { action: 'trash' } },
  ],
  [
    'ZOOM_GET_PAST_MEETING_PARTICIPANTS',
    { meetingId: '857', page_size: 100 },
    { method: 'GET', path: '/past_meetings/857/participants', query: { page_size: '100' } },
  ],
  ['ZOOM_GET_A_MEETING_SUMMARY', { meetingId: '857' }, { method: 'GET', path: '/meetings/857/meeting_summary' }],
  ['ZOOM_LIST_WEBINARS', {}, { method: 'GET', path: '/users/me/webinars' }],
  ['ZOOM_GET_A_WEBINAR', { webinarId: '9' }, { method: 'GET', path: '/webinars/9' }],
  [
    'ZOOM_ADD_A_WEBINAR_REGISTRANT',
    { webinarId: '9', email: 'a@b.co', first_name: 'Ana' },
    { method: 'POST', path: '/webinars/9/registrants', body: { email: 'a@b.co', first_name: 'Ana' } },
  ],
  ['ZOOM_LIST_WEBINAR_PARTICIPANTS', { webinarId: '9' }, { method: 'GET', path: '/past_webinars/9/participants' }],
  ['ZOOM_GET_A_USER', {}, { method: 'GET', path: '/users/me' }],
  ['ZOOM_LIST_USERS', { status: 'active' }, { method: 'GET', path: '/users', query: { status: 'active' } }],
  [
    'ZOOM_GET_DAILY_USAGE_REPORT',
    { year: 2025, month: 6 },
    { method: 'GET', path: '/report/daily', query: { year: '2025', month: '6' } },
  ],
  // Spotify Web API (developer.spotify.com/documentation/web-api): lists comma-separated, playlist URIs in the body
  [
    'SPOTIFY_SEARCH_FOR_ITEM',
    { q: 'artist:Miles Davis', type: ['track', 'album'], limit: 5 },
    { method: 'GET', path: '/search', query: { q: 'artist:Miles Davis', type: 'track,album', limit: '5' } },
  ],
  [
    'SPOTIFY_ADD_ITEMS_TO_PLAYLIST',
    { playlist_id: 'p1', uris: 'spotify:track:a, spotify:track:b', position: 0 },
    {
      method: 'POST',
      path: '/playlists/p1/tracks',
      body: { uris: ['spotify:track:a', 'spotify:track:b'], position: 0 },
    },
  ],
  [
    'SPOTIFY_START_RESUME_PLAYBACK',
    { device_id: 'd1', context_uri: 'spotify:album:x', position_ms: 0 },
    {
      method: 'PUT',
      path: '/me/player/play',
      query: { device_id: 'd1' },
      body: { context_uri: 'spotify:album:x', position_ms: 0 },
    },
  ],
  [
    'SPOTIFY_ADD_ITEM_TO_PLAYBACK_QUEUE',
    { uri: 'spotify:track:a' },
    { method: 'POST', path: '/me/player/queue', query: { uri: 'spotify:track:a' } },
  ],
  [
    'SPOTIFY_CREATE_PLAYLIST',
    { user_id: 'u1', name: 'Road trip', public: false },
    { method: 'POST', path: '/users/u1/playlists', body: { name: 'Road trip', public: false } },
  ],
  [
    'SPOTIFY_SAVE_TRACKS_FOR_CURRENT_USER',
    { ids: 'a,b' },
    { method: 'PUT', path: '/me/tracks', body: { ids: ['a', 'b'] } },
  ],
  [
    'SPOTIFY_GET_USER_S_TOP_TRACKS',
    { time_range: 'short_term', limit: 10 },
    { method: 'GET', path: '/me/top/tracks', query: { time_range: 'short_term', limit: '10' } },
  ],
  // Bitbucket Cloud REST 2.0 (developer.atlassian.com/cloud/bitbucket/rest): BBQL in q, page/pagelen
  [
    'BITBUCKET_LIST_ISSUES',
    { workspace: 'acme', repo_slug: 'web', state: 'open', kind: 'bug', pagelen: 5 },
    {
      method: 'GET',
      path: '/repositories/acme/web/issues',
      query: { q: 'state = "open" AND kind = "bug"', pagelen: '5' },
    },
  ],
  [
    'BITBUCKET_LIST_REPOSITORIES_IN_WORKSPACE',
    { workspace: 'acme', q: 'name ~ "api"', sort: '-updated_on' },
    { method: 'GET', path: '/repositories/acme', query: { q: 'name ~ "api"', sort: '-updated_on' } },
  ],
  [
    'BITBUCKET_GET_PULL_REQUEST_DIFF',
    { workspace: 'acme', repo_slug: 'web', pull_request_id: 7, max_chars: 100 },
    { method: 'GET', path: '/repositories/acme/web/pullrequests/7/diff' },
  ],
  [
    'BITBUCKET_MERGE_PULL_REQUEST',
    { workspace: 'acme', repo_slug: 'web', pull_request_id: 7, merge_strategy: 'squash', close_source_branch: true },
    {
      method: 'POST',
      path: '/repositories/acme/web/pullrequests/7/merge',
      body: { merge_strategy: 'squash', close_source_branch: true },
    },
  ],
  [
    'BITBUCKET_APPROVE_PULL_REQUEST',
    { workspace: 'acme', repo_slug: 'web', pull_request_id: 7 },
    { method: 'POST', path: '/repositories/acme/web/pullrequests/7/approve' },
  ],
  // Square v2 (developer.squareup.com/reference/square): the v2 payments, refunds and orders endpoints
  [
    'SQUARE_LIST_PAYMENTS',
    { location_id: 'L1', begin_time: '2025-01-01T00:00:00Z', sort_order: 'ASC' },
    {
      method: 'GET',
      path: '/v2/payments',
      query: { location_id: 'L1', begin_time: '2025-01-01T00:00:00Z', sort_order: 'ASC' },
    },
  ],
  [
    'SQUARE_CREATE_REFUND',
    { payment_id: 'pay1', amount_money: { amount: 500, currency: 'USD' }, reason: 'Damaged', idempotency_key: 'k1' },
    {
      method: 'POST',
      path: '/v2/refunds',
      body: {
        payment_id: 'pay1',
        amount_money: { amount: 500, currency: 'USD' },
        reason: 'Damaged',
        idempotency_key: 'k1',
      },
    },
  ],
  ['SQUARE_GET_MERCHANT', {}, { method: 'GET', path: '/v2/merchants/me' }],
  ['SQUARE_RETRIEVE_ORDER', { order_id: 'o1' }, { method: 'GET', path: '/v2/orders/o1' }],
  [
    'SQUARE_UPDATE_ORDER',
    { order_id: 'o1', order: { location_id: 'L1', version: 3 }, fields_to_clear: ['note'], idempotency_key: 'k2' },
    {
      method: 'PUT',
      path: '/v2/orders/o1',
      body: { order: { location_id: 'L1', version: 3 }, fields_to_clear: ['note'], idempotency_key: 'k2' },
    },
  ],
  // DigitalOcean API v2 (docs.digitalocean.com/reference/api): hosted DIGITAL_OCEAN_* names
  [
    'DIGITAL_OCEAN_CREATE_NEW_DROPLET',
    { name: 'web-01', region: 'nyc3', size: 's-1vcpu-1gb', image: 'ubuntu-24-04-x64', ssh_keys: ['123'] },
    {
      method: 'POST',
      path: '/v2/droplets',
      body: { name: 'web-01', region: 'nyc3', size: 's-1vcpu-1gb', image: 'ubuntu-24-04-x64', ssh_keys: ['123'] },
    },
  ],
  [
    'DIGITAL_OCEAN_CREATE_NEW_DOMAIN_RECORD',
    { domain_name: 'example.com', type: 'A', name: 'www', data: '203.0.113.5', ttl: 600 },
    {
      method: 'POST',
      path: '/v2/domains/example.com/records',
      body: { type: 'A', name: 'www', data: '203.0.113.5', ttl: 600 },
    },
  ],
  [
    'DIGITAL_OCEAN_LIST_ALL_DROPLETS',
    { tag_name: 'prod', per_page: 50 },
    { method: 'GET', path: '/v2/droplets', query: { tag_name: 'prod', per_page: '50' } },
  ],
  ['DIGITAL_OCEAN_DELETE_EXISTING_DROPLET', { droplet_id: 42 }, { method: 'DELETE', path: '/v2/droplets/42' }],
  // OpenAI REST (platform.openai.com/docs/api-reference)
  [
    'OPENAI_CREATE_EMBEDDINGS',
    { input: ['hello'], model: 'text-embedding-3-small', dimensions: 256 },
    {
      method: 'POST',
      path: '/embeddings',
      body: { input: ['hello'], model: 'text-embedding-3-small', dimensions: 256 },
    },
  ],
  [
    'OPENAI_CREATE_CHAT_COMPLETION',
    { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], max_completion_tokens: 50 },
    {
      method: 'POST',
      path: '/chat/completions',
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], max_completion_tokens: 50 },
    },
  ],
  [
    'OPENAI_CREATE_MESSAGE',
    { thread_id: 'thread_1', content: 'Summarise the file' },
    { method: 'POST', path: '/threads/thread_1/messages', body: { role: 'user', content: 'Summarise the file' } },
  ],
  [
    'OPENAI_LIST_FILES',
    { purpose: 'batch', limit: 10 },
    { method: 'GET', path: '/files', query: { purpose: 'batch', limit: '10' } },
  ],
  // Vercel REST (vercel.com/docs/rest-api): team in the query, camelCase names as Vercel documents them
  [
    'VERCEL_ADD_ENVIRONMENT_VARIABLE',
    { idOrName: 'web', key: 'API_URL', value: 'https://api.acme.dev', target: ['production'], teamId: 'team_1' },
    {
      method: 'POST',
      path: '/v10/projects/web/env',
      query: { teamId: 'team_1' },
      body: { key: 'API_URL', value: 'https://api.acme.dev', target: ['production'], type: 'encrypted' },
    },
  ],
  [
    'VERCEL_GET_DEPLOYMENT_EVENTS2',
    { idOrUrl: 'dpl_1', limit: 50 },
    { method: 'GET', path: '/v3/deployments/dpl_1/events', query: { limit: '50', follow: '0' } },
  ],
  [
    'VERCEL_GET_DEPLOYMENTS',
    { projectId: 'prj_1', target: 'production', limit: 5 },
    { method: 'GET', path: '/v6/deployments', query: { projectId: 'prj_1', target: 'production', limit: '5' } },
  ],
  [
    'VERCEL_REQUEST_PROMOTE',
    { projectId: 'prj_1', deploymentId: 'dpl_2', teamId: 'team_1' },
    { method: 'POST', path: '/v10/projects/prj_1/promote/dpl_2', query: { teamId: 'team_1' } },
  ],
  // GitLab REST v4 (docs.gitlab.com/api): a project path is one URL-encoded segment
  [
    'GITLAB_CREATE_PROJECT_ISSUE',
    { id: 'acme/web', title: 'Crash', labels: 'bug,backend', assignee_ids: [7] },
    {
      method: 'POST',
      path: '/v4/projects/acme%2Fweb/issues',
      body: { title: 'Crash', labels: 'bug,backend', assignee_ids: [7] },
    },
  ],
  [
    'GITLAB_GET_PROJECT_MERGE_REQUESTS',
    { id: 42, state: 'opened', per_page: 50 },
    { method: 'GET', path: '/v4/projects/42/merge_requests', query: { state: 'opened', per_page: '50' } },
  ],
  [
    'GITLAB_CREATE_REPOSITORY_BRANCH',
    { id: 42, branch: 'feature/x', ref: 'main' },
    { method: 'POST', path: '/v4/projects/42/repository/branches', query: { branch: 'feature/x', ref: 'main' } },
  ],
  [
    'GITLAB_LIST_PIPELINE_JOBS',
    { id: 42, pipeline_id: 9, scope: ['failed'] },
    { method: 'GET', path: '/v4/projects/42/pipelines/9/jobs', query: { 'scope[]': 'failed' } },
  ],
  [
    'GITLAB_GET_MERGE_REQUEST_NOTES',
    { id: 42, merge_request_iid: 3 },
    { method: 'GET', path: '/v4/projects/42/merge_requests/3/notes' },
  ],
  // X API v2 (docs.x.com/x-api): field selectors and id lists comma-separated
  [
    'TWITTER_POST_LOOKUP_BY_POST_IDS',
    {
      ids: ['1460323737035677698', '1293593516040269825'],
      tweet_fields: ['created_at', 'author_id'],
      expansions: ['author_id'],
    },
    {
      method: 'GET',
      path: '/2/tweets',
      query: {
        ids: '1460323737035677698,1293593516040269825',
        'tweet.fields': 'created_at,author_id',
        expansions: 'author_id',
      },
    },
  ],
  [
    'TWITTER_FOLLOWERS_BY_USER_ID',
    { id: '2244994945', max_results: 1000, pagination_token: 'abc', user_fields: ['public_metrics'] },
    {
      method: 'GET',
      path: '/2/users/2244994945/followers',
      query: { max_results: '1000', pagination_token: 'abc', 'user.fields': 'public_metrics' },
    },
  ],
  [
    'TWITTER_SEARCH_RECENT_COUNTS',
    { query: '#ai lang:en', granularity: 'day', search_count_fields: ['tweet_count'] },
    {
      method: 'GET',
      path: '/2/tweets/counts/recent',
      query: { query: '#ai lang:en', granularity: 'day', 'search_count.fields': 'tweet_count' },
    },
  ],
  [
    'TWITTER_GET_POST_ANALYTICS',
    {
      ids: ['1'],
      start_time: '2025-01-01T00:00:00Z',
      end_time: '2025-01-02T00:00:00Z',
      granularity: 'total',
      analytics_fields: ['impressions', 'likes'],
    },
    {
      method: 'GET',
      path: '/2/tweets/analytics',
      query: {
        ids: '1',
        start_time: '2025-01-01T00:00:00Z',
        end_time: '2025-01-02T00:00:00Z',
        granularity: 'total',
        'analytics.fields': 'impressions,likes',
      },
    },
  ],
  [
    'TWITTER_HIDE_REPLIES',
    { tweet_id: '5', hidden: true },
    { method: 'PUT', path: '/2/tweets/5/hidden', body: { hidden: true } },
  ],
  ['TWITTER_POST_DELETE_BY_POST_ID', { id: '5' }, { method: 'DELETE', path: '/2/tweets/5' }],
  [
    'TWITTER_CREATE_LIST',
    { name: 'Friends', private: true },
    { method: 'POST', path: '/2/lists', body: { name: 'Friends', private: true } },
  ],
  [
    'TWITTER_ADD_LIST_MEMBER',
    { id: '9', user_id: '7' },
    { method: 'POST', path: '/2/lists/9/members', body: { user_id: '7' } },
  ],
  ['TWITTER_REMOVE_LIST_MEMBER', { id: '9', user_id: '7' }, { method: 'DELETE', path: '/2/lists/9/members/7' }],
  ['TWITTER_DELETE_DM', { event_id: '77' }, { method: 'DELETE', path: '/2/dm_events/77' }],
  [
    'TWITTER_CREATE_DM_CONVERSATION',
    { participant_ids: ['1', '2'], message: { text: 'hi' } },
    {
      method: 'POST',
      path: '/2/dm_conversations',
      body: { conversation_type: 'Group', participant_ids: ['1', '2'], message: { text: 'hi' } },
    },
  ],
  [
    'TWITTER_GET_SPACES_BY_IDS',
    { ids: ['1DXxyRYNejbKM', '1nAJELYEEPvGL'], space_fields: ['title', 'state'] },
    { method: 'GET', path: '/2/spaces', query: { ids: '1DXxyRYNejbKM,1nAJELYEEPvGL', 'space.fields': 'title,state' } },
  ],
  [
    'TWITTER_USER_LOOKUP_BY_USERNAMES',
    { usernames: ['XDevelopers', 'X'] },
    { method: 'GET', path: '/2/users/by', query: { usernames: 'XDevelopers,X' } },
  ],
  [
    'TWITTER_GET_COMPLIANCE_JOBS',
    { type: 'tweets', status: 'complete' },
    { method: 'GET', path: '/2/compliance/jobs', query: { type: 'tweets', status: 'complete' } },
  ],
  [
    'TWITTER_INITIALIZE_MEDIA_UPLOAD',
    { media_type: 'video/mp4', total_bytes: 1048576, media_category: 'tweet_video' },
    {
      method: 'POST',
      path: '/2/media/upload/initialize',
      body: { media_type: 'video/mp4', total_bytes: 1048576, media_category: 'tweet_video' },
    },
  ],
  [
    'TWITTER_CREATE_ACTIVITY_SUBSCRIPTION',
    { event_type: 'profile.update.bio', filter: { user_id: '2244994945' }, tag: 'bio watch' },
    {
      method: 'POST',
      path: '/2/activity/subscriptions',
      body: { event_type: 'profile.update.bio', filter: { user_id: '2244994945' }, tag: 'bio watch' },
    },
  ],
  // YouTube Data API v3 (developers.google.com/youtube/v3/docs): part and id lists comma-separated
  [
    'YOUTUBE_GET_VIDEO_DETAILS_BATCH',
    { id: ['dQw4w9WgXcQ', 'M7lc1UVf-VE'] },
    {
      method: 'GET',
      path: '/youtube/v3/videos',
      query: { id: 'dQw4w9WgXcQ,M7lc1UVf-VE', part: 'snippet,contentDetails,statistics' },
    },
  ],
  [
    'YOUTUBE_LIST_PLAYLIST_ITEMS',
    { playlistId: 'PL1', maxResults: 50, pageToken: 'CDIQAA' },
    {
      method: 'GET',
      path: '/youtube/v3/playlistItems',
      query: { playlistId: 'PL1', maxResults: '50', pageToken: 'CDIQAA', part: 'snippet,contentDetails' },
    },
  ],
  [
    'YOUTUBE_RATE_VIDEO',
    { id: 'dQw4w9WgXcQ', rating: 'like' },
    { method: 'POST', path: '/youtube/v3/videos/rate', query: { id: 'dQw4w9WgXcQ', rating: 'like' } },
  ],
  [
    'YOUTUBE_LIST_USER_PLAYLISTS',
    {},
    { method: 'GET', path: '/youtube/v3/playlists', query: { part: 'snippet,contentDetails,status', mine: 'true' } },
  ],
  [
    'YOUTUBE_SET_COMMENT_MODERATION_STATUS',
    { id: ['c1', 'c2'], moderationStatus: 'rejected', banAuthor: true },
    {
      method: 'POST',
      path: '/youtube/v3/comments/setModerationStatus',
      query: { id: 'c1,c2', moderationStatus: 'rejected', banAuthor: 'true' },
    },
  ],
  [
    'YOUTUBE_LIST_MOST_POPULAR_VIDEOS',
    { regionCode: 'FR' },
    {
      method: 'GET',
      path: '/youtube/v3/videos',
      query: { chart: 'mostPopular', regionCode: 'FR', part: 'snippet,statistics' },
    },
  ],
  [
    'YOUTUBE_LIST_CAPTION_TRACK',
    { videoId: 'v1' },
    { method: 'GET', path: '/youtube/v3/captions', query: { videoId: 'v1', part: 'snippet' } },
  ],
  [
    'YOUTUBE_DELETE_PLAYLIST_ITEM',
    { id: 'pli1' },
    { method: 'DELETE', path: '/youtube/v3/playlistItems', query: { id: 'pli1' } },
  ],
  [
    'YOUTUBE_UNSUBSCRIBE_CHANNEL',
    { id: 'sub1' },
    { method: 'DELETE', path: '/youtube/v3/subscriptions', query: { id: 'sub1' } },
  ],
  [
    'YOUTUBE_LIST_COMMENT_THREADS2',
    { videoId: 'v1', order: 'time', maxResults: 100 },
    {
      method: 'GET',
      path: '/youtube/v3/commentThreads',
      query: { videoId: 'v1', order: 'time', maxResults: '100', part: 'snippet,replies', textFormat: 'plainText' },
    },
  ],
];

describe('curated mappings build the documented provider requests', () => {
  it.each(TABLE)('%s', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    expect(got.query).toEqual(want.query ?? {});
    if (want.body) expect(got.body).toEqual(want.body);
    else
      expect(got.body === undefined || (typeof got.body === 'object' && Object.keys(got.body ?? {}).length === 0)).toBe(
        true,
      );
  });

  it('every mapping of every curated toolkit builds its method and a filled path from its required arguments', () => {
    const sample = (schema: Record<string, unknown>): unknown => {
      if (schema.default !== undefined) return schema.default;
      if (Array.isArray(schema.enum)) return schema.enum[0];
      switch (schema.type) {
        case 'integer':
        case 'number':
          return 1;
        case 'boolean':
          return true;
        case 'array':
          return [sample((schema.items ?? { type: 'string' }) as Record<string, unknown>)];
        case 'object':
          return { email: 'x@example.com', type: 'user', value: 'x@example.com' };
        default:
          return schema.format === 'email' ? 'x@example.com' : 'v-1';
      }
    };
    let n = 0;
    for (const [kit, tools] of Object.entries(CURATED)) {
      expect(getToolkit(kit), kit).toBeDefined();
      for (const c of tools) {
        if (c.kind !== 'mapping') continue;
        const props = c.input.properties as Record<string, Record<string, unknown>>;
        const args = Object.fromEntries((c.input.required ?? []).map((k) => [k, sample(props[k]!)]));
        let got: ReturnType<typeof build>;
        try {
          got = build(c.slug, args);
        } catch (err) {
          // a tool that needs one of several optional arguments (a HubSpot create needs some property)
          // says so as an argument error, and builds once every argument is given
          expect(err, c.slug).toBeInstanceOf(ToolArgumentError);
          got = build(c.slug, Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample(v)])));
        }
        expect(got.method, c.slug).toBe(c.http.method);
        expect(got.path, c.slug).not.toMatch(/[{}]/);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
  });

  it('older GitHub names are deprecated aliases of the generated tools and build the same request', () => {
    const alias = getTool('GITHUB_CREATE_ISSUE')!;
    expect(alias).toMatchObject({ aliasOf: 'GITHUB_CREATE_AN_ISSUE', deprecated: true });
    const req = buildToolRequest(alias, base, { owner: 'acme', repo: 'web', title: 'Bug' });
    expect([req.method, req.url.pathname, JSON.parse(String(req.body))]).toEqual([
      'POST',
      '/repos/acme/web/issues',
      { title: 'Bug' },
    ]);
    expect(getTool('GITHUB_STAR_REPO')?.aliasOf).toBe('GITHUB_STAR_A_REPOSITORY_FOR_THE_AUTHENTICATED_USER');
    // a real tool of the same name is never hidden by an alias
    expect(getTool('GITHUB_CREATE_AN_ISSUE')?.aliasOf).toBeUndefined();
  });
});
