/**
 * Microsoft Teams on Microsoft Graph, in the hosted vocabulary: teams, channels, channel and
 * chat messages, members, online meetings. Same connection model as Outlook (microsoft-graph.ts).
 */
import { s } from './define';
import { GRAPH_BASE, graph, microsoftOAuth, q } from './microsoft-graph';
import { standaloneToolkit } from './toolkit-def';
import type { CuratedTool } from './types';

type Args = Record<string, unknown>;
const t = graph('microsoft_teams');
const TEAM_ID = s.string('Team id (id from MICROSOFT_TEAMS_TEAMS_LIST)');
const CHANNEL_ID = s.string('Channel id (id from MICROSOFT_TEAMS_TEAMS_LIST_CHANNELS, like 19:…@thread.tacv2)');
const CHAT_ID = s.string('Chat id (id from MICROSOFT_TEAMS_CHATS_GET_ALL_CHATS, like 19:…@thread.v2)');
const MESSAGE_ID = s.string('Message id');
const CONTENT = s.string('Message text (HTML when content_type is html)');
const CONTENT_TYPE = s.enum(['text', 'html'], 'Format of content', { default: 'text' });
const body = (a: Args) => ({ body: { contentType: a.content_type ?? 'text', content: a.content } });
const userBind = (u: unknown) => `https://graph.microsoft.com/v1.0/users('${String(u).replace(/'/g, "''")}')`;

export const microsoftTeamsTools: CuratedTool[] = [
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_LIST',
    name: 'List my teams',
    important: true,
    description:
      'List the teams the connected user belongs to (id, displayName, description). Start here: the id is the team_id of channel and member tools.',
    method: 'GET',
    path: '/me/joinedTeams',
    input: {},
    required: [],
  }),
  t({
    slug: 'MICROSOFT_TEAMS_GET_TEAM',
    name: 'Get team',
    description:
      "Read a team's settings: displayName, description, visibility, isArchived, member/messaging settings, webUrl.",
    method: 'GET',
    path: '/teams/{team_id}',
    input: { team_id: TEAM_ID },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_LIST_CHANNELS',
    name: 'List channels',
    important: true,
    description:
      'List the channels of a team (id, displayName, membershipType). Pass the channel id to MICROSOFT_TEAMS_TEAMS_POST_CHANNEL_MESSAGE.',
    method: 'GET',
    path: '/teams/{team_id}/channels',
    input: { team_id: TEAM_ID, filter: q.filter, select: q.select },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_GET_CHANNEL',
    name: 'Get channel',
    description: 'Read one channel: displayName, description, membershipType, email, webUrl.',
    method: 'GET',
    path: '/teams/{team_id}/channels/{channel_id}',
    input: { team_id: TEAM_ID, channel_id: CHANNEL_ID },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_CREATE_CHANNEL',
    name: 'Create channel',
    description:
      'Create a channel in a team. membership_type standard is visible to all members; private and shared need members added later. Returns the channel with its id.',
    method: 'POST',
    path: '/teams/{team_id}/channels',
    input: {
      team_id: TEAM_ID,
      display_name: s.string('Channel name'),
      description: s.string('Purpose of the channel'),
      membership_type: s.enum(['standard', 'private', 'shared'], 'Who can see it', { default: 'standard' }),
    },
    required: ['team_id', 'display_name'],
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_POST_CHANNEL_MESSAGE',
    name: 'Post channel message',
    important: true,
    description:
      'Post a new message (thread) in a team channel as the connected user. Give team_id, channel_id and content; content_type html allows formatting and links. Returns the message with id (answer in its thread with MICROSOFT_TEAMS_TEAMS_POST_MESSAGE_REPLY).',
    method: 'POST',
    path: '/teams/{team_id}/channels/{channel_id}/messages',
    input: { team_id: TEAM_ID, channel_id: CHANNEL_ID, content: CONTENT, content_type: CONTENT_TYPE },
    required: ['team_id', 'channel_id', 'content'],
    body,
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_POST_MESSAGE_REPLY',
    name: 'Reply in channel thread',
    description: "Reply inside the thread of a channel message (message_id is the thread's first message).",
    method: 'POST',
    path: '/teams/{team_id}/channels/{channel_id}/messages/{message_id}/replies',
    input: {
      team_id: TEAM_ID,
      channel_id: CHANNEL_ID,
      message_id: MESSAGE_ID,
      content: CONTENT,
      content_type: CONTENT_TYPE,
    },
    required: ['team_id', 'channel_id', 'message_id', 'content'],
    body,
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_GET_MESSAGE',
    name: 'Get channel message',
    description: 'Read one channel message: from, body, createdDateTime, attachments, mentions, reactions.',
    method: 'GET',
    path: '/teams/{team_id}/channels/{channel_id}/messages/{message_id}',
    input: { team_id: TEAM_ID, channel_id: CHANNEL_ID, message_id: MESSAGE_ID },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_LIST_MESSAGE_REPLIES',
    name: 'List thread replies',
    description: 'List the replies in the thread of a channel message.',
    method: 'GET',
    path: '/teams/{team_id}/channels/{channel_id}/messages/{message_id}/replies',
    input: { team_id: TEAM_ID, channel_id: CHANNEL_ID, message_id: MESSAGE_ID, top: q.top(20) },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_UPDATE_CHANNEL_MESSAGE',
    name: 'Edit channel message',
    description: 'Replace the text of a channel message the connected user sent.',
    method: 'PATCH',
    path: '/teams/{team_id}/channels/{channel_id}/messages/{message_id}',
    input: {
      team_id: TEAM_ID,
      channel_id: CHANNEL_ID,
      message_id: MESSAGE_ID,
      content: CONTENT,
      content_type: CONTENT_TYPE,
    },
    required: ['team_id', 'channel_id', 'message_id', 'content'],
    body,
  }),
  t({
    slug: 'MICROSOFT_TEAMS_CHATS_GET_ALL_CHATS',
    name: 'List chats',
    important: true,
    description:
      "List the connected user's chats (one-on-one, group and meeting chats): id, topic, chatType, lastUpdatedDateTime. expand=members adds who is in each.",
    method: 'GET',
    path: '/me/chats',
    input: { top: q.top(20), filter: q.filter, expand: s.string('members or lastMessagePreview') },
    required: [],
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_LIST_CHAT_MESSAGES',
    name: 'List chat messages',
    description: 'List messages of a chat, newest first.',
    method: 'GET',
    path: '/chats/{chat_id}/messages',
    input: { chat_id: CHAT_ID, top: q.top(20) },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_GET_CHAT_MESSAGE',
    name: 'Get chat message',
    description: 'Read one chat message.',
    method: 'GET',
    path: '/chats/{chat_id}/messages/{message_id}',
    input: { chat_id: CHAT_ID, message_id: MESSAGE_ID },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_POST_CHAT_MESSAGE',
    name: 'Send chat message',
    important: true,
    description:
      'Send a message into an existing chat. To write to someone you have no chat with yet, create one with MICROSOFT_TEAMS_TEAMS_CREATE_CHAT first.',
    method: 'POST',
    path: '/chats/{chat_id}/messages',
    input: { chat_id: CHAT_ID, content: CONTENT, content_type: CONTENT_TYPE },
    required: ['chat_id', 'content'],
    body,
  }),
  t({
    slug: 'MICROSOFT_TEAMS_UPDATE_CHAT_MESSAGE',
    name: 'Edit chat message',
    description: 'Replace the text of a chat message the connected user sent.',
    method: 'PATCH',
    path: '/chats/{chat_id}/messages/{message_id}',
    input: { chat_id: CHAT_ID, message_id: MESSAGE_ID, content: CONTENT, content_type: CONTENT_TYPE },
    required: ['chat_id', 'message_id', 'content'],
    body,
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_CREATE_CHAT',
    name: 'Create chat',
    description:
      'Start a chat. members are user ids or user principal names (emails) and must include the connected user; oneOnOne takes exactly two, group two or more (topic optional). For oneOnOne Teams returns the existing chat when there is one. Returns the chat with id.',
    method: 'POST',
    path: '/chats',
    input: {
      chat_type: s.enum(['oneOnOne', 'group'], 'Kind of chat', { default: 'oneOnOne' }),
      members: s.strings('User ids or emails, the connected user included'),
      topic: s.string('Title of a group chat'),
    },
    required: ['members'],
    body: (a) => ({
      chatType: a.chat_type ?? 'oneOnOne',
      ...(a.topic ? { topic: a.topic } : {}),
      members: (a.members as string[]).map((u) => ({
        '@odata.type': '#microsoft.graph.aadUserConversationMember',
        roles: ['owner'],
        'user@odata.bind': userBind(u),
      })),
    }),
  }),
  t({
    slug: 'MICROSOFT_TEAMS_LIST_TEAM_MEMBERS',
    name: 'List team members',
    description: 'List members of a team: displayName, email, roles (owner or empty for member), userId.',
    method: 'GET',
    path: '/teams/{team_id}/members',
    input: { team_id: TEAM_ID, top: q.top(50), filter: q.filter },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_ADD_MEMBER_TO_TEAM',
    name: 'Add team member',
    description: 'Add a user (id or email) to a team, as owner when owner is true. Needs team owner rights.',
    method: 'POST',
    path: '/teams/{team_id}/members',
    input: {
      team_id: TEAM_ID,
      user_id: s.string('User id or user principal name'),
      owner: s.boolean('Make the user an owner', { default: false }),
    },
    required: ['team_id', 'user_id'],
    body: (a) => ({
      '@odata.type': '#microsoft.graph.aadUserConversationMember',
      roles: a.owner ? ['owner'] : [],
      'user@odata.bind': userBind(a.user_id),
    }),
  }),
  t({
    slug: 'MICROSOFT_TEAMS_TEAMS_LIST_PEOPLE',
    name: 'Find people',
    description:
      'People relevant to the connected user (colleagues they work with), searchable by name: returns displayName, scoredEmailAddresses, userPrincipalName, id — the id or email for MICROSOFT_TEAMS_TEAMS_CREATE_CHAT.',
    method: 'GET',
    path: '/me/people',
    input: { search: s.string('Name or part of it'), top: q.top(10), filter: q.filter },
    required: [],
  }),
  t({
    slug: 'MICROSOFT_TEAMS_CREATE_MEETING',
    name: 'Create online meeting',
    description:
      'Create a standalone Teams meeting and get its join link (joinWebUrl). Times are ISO 8601 with offset, e.g. 2025-03-10T14:00:00Z. It is not put in a calendar; to invite people with a calendar entry use OUTLOOK_CALENDAR_CREATE_EVENT with is_online_meeting.',
    method: 'POST',
    path: '/me/onlineMeetings',
    input: {
      subject: s.string('Meeting title'),
      start_date_time: s.string('Start, ISO 8601 with offset'),
      end_date_time: s.string('End, ISO 8601 with offset'),
    },
    required: ['subject'],
  }),
  t({
    slug: 'MICROSOFT_TEAMS_CREATE_TEAM',
    name: 'Create team',
    description:
      'Create a new team from the standard template, with the connected user as owner. Teams creates it asynchronously: the answer is accepted with no body; find the team in MICROSOFT_TEAMS_TEAMS_LIST a little later.',
    method: 'POST',
    path: '/teams',
    input: {
      display_name: s.string('Team name'),
      description: s.string('What the team is for'),
      visibility: s.enum(['private', 'public'], 'Who can join', { default: 'private' }),
    },
    required: ['display_name'],
    body: (a) => ({
      'template@odata.bind': "https://graph.microsoft.com/v1.0/teamsTemplates('standard')",
      displayName: a.display_name,
      description: a.description ?? a.display_name,
      visibility: a.visibility ?? 'private',
    }),
  }),
  t({
    slug: 'MICROSOFT_TEAMS_UPDATE_TEAM',
    name: 'Update team',
    description: 'Rename a team or change its description or visibility.',
    method: 'PATCH',
    path: '/teams/{team_id}',
    input: {
      team_id: TEAM_ID,
      display_name: s.string('New name'),
      description: s.string('New description'),
      visibility: s.enum(['private', 'public'], 'Who can join'),
    },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_ARCHIVE_TEAM',
    name: 'Archive team',
    description: 'Archive a team: it becomes read-only; MICROSOFT_TEAMS_UNARCHIVE_TEAM brings it back.',
    method: 'POST',
    path: '/teams/{team_id}/archive',
    input: {
      team_id: TEAM_ID,
      should_set_spo_site_read_only_for_members: s.boolean(
        "Also make the team's SharePoint site read-only for members",
      ),
    },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_UNARCHIVE_TEAM',
    name: 'Unarchive team',
    description: 'Make an archived team writable again.',
    method: 'POST',
    path: '/teams/{team_id}/unarchive',
    input: { team_id: TEAM_ID },
  }),
  t({
    slug: 'MICROSOFT_TEAMS_DELETE_TEAM',
    name: 'Delete team',
    description:
      'Delete a team with its channels, files and the Microsoft 365 group behind it (recoverable for 30 days by an admin). Ask the user first.',
    method: 'DELETE',
    path: '/groups/{team_id}',
    input: { team_id: TEAM_ID },
  }),
];

export const microsoftTeams = standaloneToolkit(
  {
    slug: 'microsoft_teams',
    name: 'Microsoft Teams',
    description:
      'Microsoft Teams through Microsoft Graph: teams and channels, channel and chat messages, members, online meetings.',
    appUrl: 'https://teams.microsoft.com',
    categories: [{ slug: 'collaboration-communication', name: 'Collaboration & Communication' }],
    baseUrl: GRAPH_BASE,
    getCurrentUserEndpoint: '/me',
    authSchemes: [
      microsoftOAuth([
        'Team.ReadBasic.All',
        'Team.Create',
        'TeamSettings.ReadWrite.All',
        'TeamMember.ReadWrite.All',
        'Channel.ReadBasic.All',
        'Channel.Create',
        'ChannelMessage.Send',
        'ChannelMessage.Read.All',
        'ChannelMessage.ReadWrite',
        'Chat.ReadWrite',
        'ChatMessage.Send',
        'OnlineMeetings.ReadWrite',
        'People.Read',
        'Group.ReadWrite.All',
      ]),
    ],
  },
  microsoftTeamsTools,
);
