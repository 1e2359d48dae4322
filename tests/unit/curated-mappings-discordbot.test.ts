import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Discord bot mappings build the REST v10 request Discord documents (discord.com/developers/docs/resources).
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://discord.example.test/api/v10', prefix: '/api/v10', decode: true });

const TABLE: [string, Record<string, unknown>, Want][] = [
  [
    'DISCORDBOT_CREATE_MESSAGE',
    { channel_id: 'c', content: 'hi', tts: false },
    { method: 'POST', path: '/channels/c/messages', body: { content: 'hi', tts: false } },
  ],
  [
    'DISCORDBOT_LIST_MESSAGES',
    { channel_id: 'c', limit: 5, before: 'm9' },
    { method: 'GET', path: '/channels/c/messages', query: { limit: '5', before: 'm9' } },
  ],
  ['DISCORDBOT_GET_MESSAGE', { channel_id: 'c', message_id: 'm' }, { method: 'GET', path: '/channels/c/messages/m' }],
  [
    'DISCORDBOT_UPDATE_MESSAGE',
    { channel_id: 'c', message_id: 'm', content: 'edit' },
    { method: 'PATCH', path: '/channels/c/messages/m', body: { content: 'edit' } },
  ],
  [
    'DISCORDBOT_DELETE_MESSAGE',
    { channel_id: 'c', message_id: 'm' },
    { method: 'DELETE', path: '/channels/c/messages/m' },
  ],
  [
    'DISCORDBOT_ADD_MY_MESSAGE_REACTION',
    { channel_id: 'c', message_id: 'm', emoji_name: 'party:123' },
    { method: 'PUT', path: '/channels/c/messages/m/reactions/party:123/@me' },
  ],
  ['DISCORDBOT_PIN_MESSAGE', { channel_id: 'c', message_id: 'm' }, { method: 'PUT', path: '/channels/c/pins/m' }],
  ['DISCORDBOT_UNPIN_MESSAGE', { channel_id: 'c', message_id: 'm' }, { method: 'DELETE', path: '/channels/c/pins/m' }],
  ['DISCORDBOT_LIST_PINNED_MESSAGES', { channel_id: 'c' }, { method: 'GET', path: '/channels/c/pins' }],
  ['DISCORDBOT_GET_CHANNEL', { channel_id: 'c' }, { method: 'GET', path: '/channels/c' }],
  [
    'DISCORDBOT_CREATE_THREAD_FROM_MESSAGE',
    { channel_id: 'c', message_id: 'm', name: 'Follow-up' },
    { method: 'POST', path: '/channels/c/messages/m/threads', body: { name: 'Follow-up' } },
  ],
  [
    'DISCORDBOT_CREATE_DM',
    { recipient_id: 'u' },
    { method: 'POST', path: '/users/@me/channels', body: { recipient_id: 'u' } },
  ],
  [
    'DISCORDBOT_GET_GUILD',
    { guild_id: 'g', with_counts: true },
    { method: 'GET', path: '/guilds/g', query: { with_counts: 'true' } },
  ],
  ['DISCORDBOT_LIST_GUILD_CHANNELS', { guild_id: 'g' }, { method: 'GET', path: '/guilds/g/channels' }],
  [
    'DISCORDBOT_CREATE_GUILD_CHANNEL',
    { guild_id: 'g', name: 'ops', type: 0 },
    { method: 'POST', path: '/guilds/g/channels', body: { name: 'ops', type: 0 } },
  ],
  [
    'DISCORDBOT_LIST_GUILD_MEMBERS',
    { guild_id: 'g', limit: 10 },
    { method: 'GET', path: '/guilds/g/members', query: { limit: '10' } },
  ],
  [
    'DISCORDBOT_SEARCH_GUILD_MEMBERS',
    { guild_id: 'g', query: 'an' },
    { method: 'GET', path: '/guilds/g/members/search', query: { query: 'an' } },
  ],
  ['DISCORDBOT_GET_GUILD_MEMBER', { guild_id: 'g', user_id: 'u' }, { method: 'GET', path: '/guilds/g/members/u' }],
  ['DISCORDBOT_LIST_GUILD_ROLES', { guild_id: 'g' }, { method: 'GET', path: '/guilds/g/roles' }],
  [
    'DISCORDBOT_ADD_GUILD_MEMBER_ROLE',
    { guild_id: 'g', user_id: 'u', role_id: 'r' },
    { method: 'PUT', path: '/guilds/g/members/u/roles/r' },
  ],
  [
    'DISCORDBOT_DELETE_GUILD_MEMBER_ROLE',
    { guild_id: 'g', user_id: 'u', role_id: 'r' },
    { method: 'DELETE', path: '/guilds/g/members/u/roles/r' },
  ],
  ['DISCORDBOT_GET_USER', { user_id: '@me' }, { method: 'GET', path: '/users/@me' }],
  ['DISCORDBOT_LIST_GUILD_SCHEDULED_EVENTS', { guild_id: 'g' }, { method: 'GET', path: '/guilds/g/scheduled-events' }],
  [
    'DISCORDBOT_CREATE_CHANNEL_INVITE',
    { channel_id: 'c', max_age: 3600 },
    { method: 'POST', path: '/channels/c/invites', body: { max_age: 3600 } },
  ],
];

describe('Discord bot curated mappings', () => {
  it.each(TABLE)('%s builds the documented Discord request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
  });
});
