/**
 * Discord as a bot (the hosted `discordbot` toolkit): the bot token of an application the user
 * created and added to their server, sent as `Authorization: Bot <token>`, on Discord's REST API
 * v10. Discord's parameters are already snake_case, so hosted and provider names are the same.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { field, standaloneToolkit } from './toolkit-def';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const d = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['discordbot'] }, same, 'discordbot');
const GUILD_ID = s.string('Server (guild) id; right-click the server with Developer Mode on, or DISCORDBOT_GET_GUILD');
const CHANNEL_ID = s.string('Channel id (from DISCORDBOT_LIST_GUILD_CHANNELS)');
const MESSAGE_ID = s.string('Message id');
const USER_ID = s.string('User id');
const EMOJI = s.string('Emoji: a unicode emoji like 👍, or name:id for a custom one');
const LIMIT = (n: number, max: number) => s.integer(`How many (default ${n}, at most ${max})`, { default: n });

export const discordbotTools: CuratedTool[] = [
  d({
    slug: 'DISCORDBOT_CREATE_MESSAGE',
    name: 'Send message',
    important: true,
    method: 'POST',
    path: '/channels/{channel_id}/messages',
    description:
      'Post a message in a channel (or thread, or DM channel from DISCORDBOT_CREATE_DM) as the bot. content is up to 2000 characters of Discord markdown; embeds add rich cards; message_reference {message_id} makes it a reply. Returns the message with its id.',
    input: {
      channel_id: CHANNEL_ID,
      content: s.string('Text, up to 2000 characters'),
      tts: s.boolean('Read aloud'),
      embeds: s.array(
        s.object(
          {
            title: s.string('Title'),
            description: s.string('Text'),
            url: s.string('Link'),
            color: s.integer('Color as an integer'),
          },
          'Embed',
          { additionalProperties: true },
        ),
        'Up to 10 rich embeds',
      ),
      message_reference: s.object({ message_id: s.string('Message replied to') }, 'Reply target'),
    },
    required: ['channel_id'],
  }),
  d({
    slug: 'DISCORDBOT_LIST_MESSAGES',
    name: 'List messages',
    important: true,
    method: 'GET',
    path: '/channels/{channel_id}/messages',
    description:
      "Read recent messages of a channel, newest first; before/after/around a message id page through history. Needs the Read Message History permission (and the Message Content intent to see text of others' messages).",
    input: {
      channel_id: CHANNEL_ID,
      limit: LIMIT(50, 100),
      before: s.string('Messages older than this id'),
      after: s.string('Messages newer than this id'),
      around: s.string('Messages around this id'),
    },
  }),
  d({
    slug: 'DISCORDBOT_GET_MESSAGE',
    name: 'Get message',
    method: 'GET',
    path: '/channels/{channel_id}/messages/{message_id}',
    description: 'Read one message of a channel.',
    input: { channel_id: CHANNEL_ID, message_id: MESSAGE_ID },
  }),
  d({
    slug: 'DISCORDBOT_UPDATE_MESSAGE',
    name: 'Edit message',
    method: 'PATCH',
    path: '/channels/{channel_id}/messages/{message_id}',
    description: 'Edit a message the bot sent (content and/or embeds).',
    input: {
      channel_id: CHANNEL_ID,
      message_id: MESSAGE_ID,
      content: s.string('New text'),
      embeds: s.array(s.object({}, 'Embed', { additionalProperties: true }), 'New embeds'),
    },
    required: ['channel_id', 'message_id'],
  }),
  d({
    slug: 'DISCORDBOT_DELETE_MESSAGE',
    name: 'Delete message',
    method: 'DELETE',
    path: '/channels/{channel_id}/messages/{message_id}',
    description: "Delete a message (the bot's own, or anyone's with Manage Messages). Ask first.",
    input: { channel_id: CHANNEL_ID, message_id: MESSAGE_ID },
  }),
  d({
    slug: 'DISCORDBOT_ADD_MY_MESSAGE_REACTION',
    name: 'React to message',
    method: 'PUT',
    path: '/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me',
    description: "Add the bot's reaction to a message.",
    input: { channel_id: CHANNEL_ID, message_id: MESSAGE_ID, emoji_name: EMOJI },
  }),
  d({
    slug: 'DISCORDBOT_PIN_MESSAGE',
    name: 'Pin message',
    method: 'PUT',
    path: '/channels/{channel_id}/pins/{message_id}',
    description: 'Pin a message in its channel (Manage Messages).',
    input: { channel_id: CHANNEL_ID, message_id: MESSAGE_ID },
  }),
  d({
    slug: 'DISCORDBOT_UNPIN_MESSAGE',
    name: 'Unpin message',
    method: 'DELETE',
    path: '/channels/{channel_id}/pins/{message_id}',
    description: 'Unpin a message.',
    input: { channel_id: CHANNEL_ID, message_id: MESSAGE_ID },
  }),
  d({
    slug: 'DISCORDBOT_LIST_PINNED_MESSAGES',
    name: 'List pinned messages',
    method: 'GET',
    path: '/channels/{channel_id}/pins',
    description: 'The pinned messages of a channel.',
    input: { channel_id: CHANNEL_ID },
  }),
  d({
    slug: 'DISCORDBOT_GET_CHANNEL',
    name: 'Get channel',
    method: 'GET',
    path: '/channels/{channel_id}',
    description: 'A channel or thread: name, type, topic, guild_id, parent_id.',
    input: { channel_id: CHANNEL_ID },
  }),
  d({
    slug: 'DISCORDBOT_CREATE_THREAD_FROM_MESSAGE',
    name: 'Start thread from message',
    method: 'POST',
    path: '/channels/{channel_id}/messages/{message_id}/threads',
    description:
      'Open a thread on a message; post in it with DISCORDBOT_CREATE_MESSAGE using the returned id as channel_id.',
    input: {
      channel_id: CHANNEL_ID,
      message_id: MESSAGE_ID,
      name: s.string('Thread name'),
      auto_archive_duration: s.integer('Minutes of inactivity before archiving: 60, 1440, 4320 or 10080'),
    },
    required: ['channel_id', 'message_id', 'name'],
  }),
  d({
    slug: 'DISCORDBOT_CREATE_DM',
    name: 'Open DM',
    method: 'POST',
    path: '/users/@me/channels',
    description:
      'Open (or get) the direct-message channel with a user; send into it with DISCORDBOT_CREATE_MESSAGE. The user must share a server with the bot.',
    input: { recipient_id: USER_ID },
    required: ['recipient_id'],
  }),
  d({
    slug: 'DISCORDBOT_GET_GUILD',
    name: 'Get server',
    important: true,
    method: 'GET',
    path: '/guilds/{guild_id}',
    description:
      'A server: name, owner_id, roles, emojis, features; with_counts adds approximate member and presence counts.',
    input: { guild_id: GUILD_ID, with_counts: s.boolean('Include approximate counts') },
  }),
  d({
    slug: 'DISCORDBOT_LIST_GUILD_CHANNELS',
    name: 'List channels',
    important: true,
    method: 'GET',
    path: '/guilds/{guild_id}/channels',
    description:
      'All channels of a server (id, name, type: 0 text, 2 voice, 4 category, 5 announcement, 15 forum), for channel_id arguments.',
    input: { guild_id: GUILD_ID },
  }),
  d({
    slug: 'DISCORDBOT_CREATE_GUILD_CHANNEL',
    name: 'Create channel',
    method: 'POST',
    path: '/guilds/{guild_id}/channels',
    description:
      'Create a channel in a server (Manage Channels): type 0 text, 2 voice, 4 category; parent_id puts it in a category.',
    input: {
      guild_id: GUILD_ID,
      name: s.string('Channel name'),
      type: s.integer('Channel type', { default: 0 }),
      topic: s.string('Topic'),
      parent_id: s.string('Category id'),
    },
    required: ['guild_id', 'name'],
  }),
  d({
    slug: 'DISCORDBOT_LIST_GUILD_MEMBERS',
    name: 'List members',
    method: 'GET',
    path: '/guilds/{guild_id}/members',
    description:
      'Members of a server in user-id order (needs the Server Members intent); page with after = last user id.',
    input: { guild_id: GUILD_ID, limit: LIMIT(100, 1000), after: s.string('Highest user id of the previous page') },
  }),
  d({
    slug: 'DISCORDBOT_SEARCH_GUILD_MEMBERS',
    name: 'Search members',
    method: 'GET',
    path: '/guilds/{guild_id}/members/search',
    description: 'Members whose username or nickname starts with query.',
    input: { guild_id: GUILD_ID, query: s.string('Start of a name'), limit: LIMIT(10, 1000) },
    required: ['guild_id', 'query'],
  }),
  d({
    slug: 'DISCORDBOT_GET_GUILD_MEMBER',
    name: 'Get member',
    method: 'GET',
    path: '/guilds/{guild_id}/members/{user_id}',
    description: 'One member: user, nick, roles, joined_at.',
    input: { guild_id: GUILD_ID, user_id: USER_ID },
  }),
  d({
    slug: 'DISCORDBOT_LIST_GUILD_ROLES',
    name: 'List roles',
    method: 'GET',
    path: '/guilds/{guild_id}/roles',
    description: 'Roles of a server (id, name, permissions, position).',
    input: { guild_id: GUILD_ID },
  }),
  d({
    slug: 'DISCORDBOT_ADD_GUILD_MEMBER_ROLE',
    name: 'Give role',
    method: 'PUT',
    path: '/guilds/{guild_id}/members/{user_id}/roles/{role_id}',
    description: "Give a member a role (Manage Roles; the bot's role must be higher).",
    input: { guild_id: GUILD_ID, user_id: USER_ID, role_id: s.string('Role id') },
  }),
  d({
    slug: 'DISCORDBOT_DELETE_GUILD_MEMBER_ROLE',
    name: 'Remove role',
    method: 'DELETE',
    path: '/guilds/{guild_id}/members/{user_id}/roles/{role_id}',
    description: 'Take a role away from a member.',
    input: { guild_id: GUILD_ID, user_id: USER_ID, role_id: s.string('Role id') },
  }),
  d({
    slug: 'DISCORDBOT_GET_USER',
    name: 'Get user',
    method: 'GET',
    path: '/users/{user_id}',
    description: "A user's public profile (username, global_name, avatar); @me for the bot itself.",
    input: { user_id: USER_ID },
  }),
  d({
    slug: 'DISCORDBOT_LIST_GUILD_SCHEDULED_EVENTS',
    name: 'List scheduled events',
    method: 'GET',
    path: '/guilds/{guild_id}/scheduled-events',
    description: 'Upcoming scheduled events of a server.',
    input: { guild_id: GUILD_ID, with_user_count: s.boolean('Include interested-user counts') },
  }),
  d({
    slug: 'DISCORDBOT_CREATE_CHANNEL_INVITE',
    name: 'Create invite',
    method: 'POST',
    path: '/channels/{channel_id}/invites',
    description:
      'Create an invite link to a channel: max_age seconds (0 = never expires), max_uses (0 = unlimited). The link is https://discord.gg/<code>.',
    input: {
      channel_id: CHANNEL_ID,
      max_age: s.integer('Seconds until it expires', { default: 86400 }),
      max_uses: s.integer('Uses allowed', { default: 0 }),
      unique: s.boolean('Always a new code'),
    },
  }),
];

export const discordbot = standaloneToolkit(
  {
    slug: 'discordbot',
    name: 'Discord Bot',
    description:
      'Discord as your bot: send, read, edit and react to messages, threads and DMs, channels, members and roles of the servers the bot is in.',
    appUrl: 'https://discord.com/developers/applications',
    categories: [{ slug: 'collaboration-communication', name: 'Collaboration & Communication' }],
    baseUrl: 'https://discord.com/api/v10',
    getCurrentUserEndpoint: '/users/@me',
    authSchemes: [
      {
        mode: 'BEARER_TOKEN',
        name: 'Bot token',
        authConfigFields: { required: [], optional: [] },
        connectionFields: {
          required: [
            field(
              'bot_token',
              'Bot token',
              "Token of your application's bot (Developer Portal → Bot → Reset Token)",
              true,
              true,
            ),
          ],
          optional: [],
        },
        placement: [{ in: 'header', name: 'Authorization', field: 'bot_token', prefix: 'Bot ' }],
      },
    ],
  },
  discordbotTools,
);
