import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Curated Microsoft Graph mappings (Outlook, Teams, OneDrive) build the request Graph v1.0
// documents for hosted-style arguments: OData options get their $, the rest goes camelCase.
const base = 'https://graph.example.test/v1.0';

const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://graph.example.test/v1.0', prefix: '/v1.0', decode: true });

const TABLE: [string, Record<string, unknown>, Want][] = [
  [
    'OUTLOOK_LIST_MESSAGES',
    { folder: 'sentitems', top: 3, select: 'id,subject' },
    {
      method: 'GET',
      path: '/me/mailFolders/sentitems/messages',
      query: { $top: '3', $select: 'id,subject', $orderby: 'receivedDateTime desc' },
    },
  ],
  ['OUTLOOK_GET_MESSAGE', { message_id: 'AAMk1' }, { method: 'GET', path: '/me/messages/AAMk1', query: {} }],
  [
    'OUTLOOK_SEARCH_MESSAGES',
    { query: 'from:ana invoice', top: 5 },
    { method: 'GET', path: '/me/messages', query: { $search: '"from:ana invoice"', $top: '5' } },
  ],
  [
    'OUTLOOK_CREATE_DRAFT_REPLY',
    { message_id: 'm1', comment: 'Thanks' },
    { method: 'POST', path: '/me/messages/m1/createReply', body: { comment: 'Thanks' } },
  ],
  [
    'OUTLOOK_MOVE_MESSAGE',
    { message_id: 'm1', destination_id: 'archive' },
    { method: 'POST', path: '/me/messages/m1/move', body: { destinationId: 'archive' } },
  ],
  [
    'OUTLOOK_UPDATE_EMAIL',
    { message_id: 'm1', is_read: true },
    { method: 'PATCH', path: '/me/messages/m1', body: { isRead: true } },
  ],
  [
    'OUTLOOK_LIST_MAIL_FOLDERS',
    { include_hidden_folders: true },
    { method: 'GET', path: '/me/mailFolders', query: { $top: '50', includeHiddenFolders: 'true' } },
  ],
  [
    'OUTLOOK_CREATE_MAIL_FOLDER',
    { display_name: 'Receipts' },
    { method: 'POST', path: '/me/mailFolders', body: { displayName: 'Receipts' } },
  ],
  ['OUTLOOK_DELETE_MAIL_FOLDER', { folder_id: 'f1' }, { method: 'DELETE', path: '/me/mailFolders/f1' }],
  ['OUTLOOK_LIST_OUTLOOK_ATTACHMENTS', { message_id: 'm1' }, { method: 'GET', path: '/me/messages/m1/attachments' }],
  [
    'OUTLOOK_LIST_EVENTS',
    { filter: "start/dateTime ge '2025-03-01T00:00:00'" },
    {
      method: 'GET',
      path: '/me/events',
      query: { $top: '10', $filter: "start/dateTime ge '2025-03-01T00:00:00'", $orderby: 'start/dateTime' },
    },
  ],
  ['OUTLOOK_GET_EVENT', { event_id: 'e1' }, { method: 'GET', path: '/me/events/e1' }],
  ['OUTLOOK_DELETE_EVENT', { event_id: 'e1' }, { method: 'DELETE', path: '/me/events/e1' }],
  ['OUTLOOK_LIST_CALENDARS', {}, { method: 'GET', path: '/me/calendars', query: { $top: '50' } }],
  ['OUTLOOK_LIST_CONTACTS', { top: 2 }, { method: 'GET', path: '/me/contacts', query: { $top: '2' } }],
  ['OUTLOOK_GET_CONTACT', { contact_id: 'c1' }, { method: 'GET', path: '/me/contacts/c1' }],
  ['OUTLOOK_DELETE_CONTACT', { contact_id: 'c1' }, { method: 'DELETE', path: '/me/contacts/c1' }],
  ['OUTLOOK_GET_PROFILE', {}, { method: 'GET', path: '/me' }],
  ['OUTLOOK_GET_MAILBOX_SETTINGS', {}, { method: 'GET', path: '/me/mailboxSettings' }],
  ['OUTLOOK_GET_MASTER_CATEGORIES', {}, { method: 'GET', path: '/me/outlook/masterCategories' }],
  ['OUTLOOK_GET_CONTACT_FOLDERS', {}, { method: 'GET', path: '/me/contactFolders', query: { $top: '50' } }],
  [
    'OUTLOOK_CREATE_CONTACT_FOLDER',
    { display_name: 'Suppliers' },
    { method: 'POST', path: '/me/contactFolders', body: { displayName: 'Suppliers' } },
  ],
  [
    'OUTLOOK_CREATE_CALENDAR',
    { name: 'Travel', color: 'lightBlue' },
    { method: 'POST', path: '/me/calendars', body: { name: 'Travel', color: 'lightBlue' } },
  ],
  [
    'OUTLOOK_CREATE_MASTER_CATEGORY',
    { display_name: 'Urgent', color: 'preset0' },
    { method: 'POST', path: '/me/outlook/masterCategories', body: { displayName: 'Urgent', color: 'preset0' } },
  ],
  ['OUTLOOK_LIST_EVENT_ATTACHMENTS', { event_id: 'e1' }, { method: 'GET', path: '/me/events/e1/attachments' }],
  [
    'OUTLOOK_LIST_REMINDERS',
    { start_date_time: '2025-03-10T00:00:00Z', end_date_time: '2025-03-11T00:00:00Z' },
    {
      method: 'GET',
      path: "/me/reminderView(startDateTime='2025-03-10T00:00:00Z',endDateTime='2025-03-11T00:00:00Z')",
    },
  ],
  [
    'OUTLOOK_GET_MAIL_DELTA',
    { delta_token: 'tok' },
    { method: 'GET', path: '/me/mailFolders/inbox/messages/delta', query: { $deltatoken: 'tok' } },
  ],
  ['OUTLOOK_GET_SUPPORTED_TIME_ZONES', {}, { method: 'GET', path: '/me/outlook/supportedTimeZones' }],
  ['OUTLOOK_GET_SUPPORTED_LANGUAGES', {}, { method: 'GET', path: '/me/outlook/supportedLanguages' }],
  [
    'OUTLOOK_UPDATE_MAILBOX_SETTINGS',
    { time_zone: 'Europe/Paris' },
    { method: 'PATCH', path: '/me/mailboxSettings', body: { timeZone: 'Europe/Paris' } },
  ],
  ['MICROSOFT_TEAMS_TEAMS_LIST', {}, { method: 'GET', path: '/me/joinedTeams' }],
  ['MICROSOFT_TEAMS_GET_TEAM', { team_id: 't1' }, { method: 'GET', path: '/teams/t1' }],
  ['MICROSOFT_TEAMS_TEAMS_LIST_CHANNELS', { team_id: 't1' }, { method: 'GET', path: '/teams/t1/channels' }],
  [
    'MICROSOFT_TEAMS_GET_CHANNEL',
    { team_id: 't1', channel_id: '19:c@thread.tacv2' },
    { method: 'GET', path: '/teams/t1/channels/19:c@thread.tacv2' },
  ],
  [
    'MICROSOFT_TEAMS_TEAMS_CREATE_CHANNEL',
    { team_id: 't1', display_name: 'Ops', membership_type: 'standard' },
    { method: 'POST', path: '/teams/t1/channels', body: { displayName: 'Ops', membershipType: 'standard' } },
  ],
  [
    'MICROSOFT_TEAMS_TEAMS_GET_MESSAGE',
    { team_id: 't1', channel_id: 'c1', message_id: 'm1' },
    { method: 'GET', path: '/teams/t1/channels/c1/messages/m1' },
  ],
  [
    'MICROSOFT_TEAMS_LIST_MESSAGE_REPLIES',
    { team_id: 't1', channel_id: 'c1', message_id: 'm1' },
    { method: 'GET', path: '/teams/t1/channels/c1/messages/m1/replies', query: { $top: '20' } },
  ],
  [
    'MICROSOFT_TEAMS_CHATS_GET_ALL_CHATS',
    { expand: 'members' },
    { method: 'GET', path: '/me/chats', query: { $top: '20', $expand: 'members' } },
  ],
  [
    'MICROSOFT_TEAMS_TEAMS_LIST_CHAT_MESSAGES',
    { chat_id: 'ch1' },
    { method: 'GET', path: '/chats/ch1/messages', query: { $top: '20' } },
  ],
  [
    'MICROSOFT_TEAMS_GET_CHAT_MESSAGE',
    { chat_id: 'ch1', message_id: 'm1' },
    { method: 'GET', path: '/chats/ch1/messages/m1' },
  ],
  [
    'MICROSOFT_TEAMS_LIST_TEAM_MEMBERS',
    { team_id: 't1' },
    { method: 'GET', path: '/teams/t1/members', query: { $top: '50' } },
  ],
  [
    'MICROSOFT_TEAMS_TEAMS_LIST_PEOPLE',
    { search: 'ana' },
    { method: 'GET', path: '/me/people', query: { $search: 'ana', $top: '10' } },
  ],
  [
    'MICROSOFT_TEAMS_CREATE_MEETING',
    { subject: 'Sync', start_date_time: '2025-03-10T14:00:00Z', end_date_time: '2025-03-10T14:30:00Z' },
    {
      method: 'POST',
      path: '/me/onlineMeetings',
      body: { subject: 'Sync', startDateTime: '2025-03-10T14:00:00Z', endDateTime: '2025-03-10T14:30:00Z' },
    },
  ],
  [
    'MICROSOFT_TEAMS_UPDATE_TEAM',
    { team_id: 't1', display_name: 'New' },
    { method: 'PATCH', path: '/teams/t1', body: { displayName: 'New' } },
  ],
  [
    'MICROSOFT_TEAMS_ARCHIVE_TEAM',
    { team_id: 't1', should_set_spo_site_read_only_for_members: true },
    { method: 'POST', path: '/teams/t1/archive', body: { shouldSetSpoSiteReadOnlyForMembers: true } },
  ],
  ['MICROSOFT_TEAMS_UNARCHIVE_TEAM', { team_id: 't1' }, { method: 'POST', path: '/teams/t1/unarchive' }],
  ['MICROSOFT_TEAMS_DELETE_TEAM', { team_id: 't1' }, { method: 'DELETE', path: '/groups/t1' }],
  [
    'ONE_DRIVE_ONEDRIVE_LIST_ITEMS',
    {},
    { method: 'GET', path: '/me/drive/items/root/children', query: { $top: '50' } },
  ],
  [
    'ONE_DRIVE_SEARCH_ITEMS',
    { q: "Bob's plan" },
    { method: 'GET', path: "/me/drive/root/search(q='Bob''s plan')", query: { $top: '25' } },
  ],
  ['ONE_DRIVE_GET_ITEM', { item_id: 'i1' }, { method: 'GET', path: '/me/drive/items/i1' }],
  ['ONE_DRIVE_DELETE_ITEM', { item_id: 'i1' }, { method: 'DELETE', path: '/me/drive/items/i1' }],
  [
    'ONE_DRIVE_UPDATE_DRIVE_ITEM_METADATA',
    { item_id: 'i1', name: 'b.txt' },
    { method: 'PATCH', path: '/me/drive/items/i1', body: { name: 'b.txt' } },
  ],
  [
    'ONE_DRIVE_CREATE_LINK',
    { item_id: 'i1', type: 'view', scope: 'organization' },
    { method: 'POST', path: '/me/drive/items/i1/createLink', body: { type: 'view', scope: 'organization' } },
  ],
  ['ONE_DRIVE_GET_ITEM_PERMISSIONS', { item_id: 'i1' }, { method: 'GET', path: '/me/drive/items/i1/permissions' }],
  ['ONE_DRIVE_GET_ITEM_VERSIONS', { item_id: 'i1' }, { method: 'GET', path: '/me/drive/items/i1/versions' }],
  ['ONE_DRIVE_GET_ITEM_THUMBNAILS', { item_id: 'i1' }, { method: 'GET', path: '/me/drive/items/i1/thumbnails' }],
  ['ONE_DRIVE_PREVIEW_DRIVE_ITEM', { item_id: 'i1' }, { method: 'POST', path: '/me/drive/items/i1/preview' }],
  ['ONE_DRIVE_GET_DRIVE', {}, { method: 'GET', path: '/me/drive' }],
  ['ONE_DRIVE_GET_QUOTA', {}, { method: 'GET', path: '/me/drive' }],
  ['ONE_DRIVE_LIST_DRIVES', {}, { method: 'GET', path: '/me/drives' }],
  ['ONE_DRIVE_GET_RECENT_ITEMS', {}, { method: 'GET', path: '/me/drive/recent', query: { $top: '25' } }],
  ['ONE_DRIVE_GET_SHARED_ITEMS', {}, { method: 'GET', path: '/me/drive/sharedWithMe' }],
  [
    'ONE_DRIVE_LIST_ROOT_DRIVE_CHANGES',
    { token: 'abc' },
    { method: 'GET', path: '/me/drive/root/delta', query: { token: 'abc' } },
  ],
  ['ONE_DRIVE_GET_SITE', { site_id: 's1' }, { method: 'GET', path: '/sites/s1' }],
  ['ONE_DRIVE_LIST_SITE_LISTS', { site_id: 's1' }, { method: 'GET', path: '/sites/s1/lists' }],
  [
    'ONE_DRIVE_GET_SHAREPOINT_LIST_ITEMS',
    { site_id: 's1', list_id: 'l1' },
    { method: 'GET', path: '/sites/s1/lists/l1/items', query: { $expand: 'fields', $top: '50' } },
  ],
  ['ONE_DRIVE_LIST_SITE_SUBSITES', { site_id: 's1' }, { method: 'GET', path: '/sites/s1/sites' }],
  ['ONE_DRIVE_LIST_SITE_COLUMNS', { site_id: 's1' }, { method: 'GET', path: '/sites/s1/columns' }],
];

describe('Microsoft Graph curated mappings', () => {
  it.each(TABLE)('%s builds the documented Graph request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
  });
});
