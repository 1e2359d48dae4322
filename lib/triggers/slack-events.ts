import type { CompiledWebhookType } from './types';

/**
 * Slack Events API types. No package ships Slack's event descriptions as data (the Node SDK's
 * @slack/types has TypeScript types only), so these few are declared from Slack's event
 * reference (https://api.slack.com/events). Slack apps cannot subscribe to events through the
 * API: the instance shows the Request URL to paste into the app's Event Subscriptions page, and
 * takes the app's signing secret in `trigger_config.signing_secret` to verify deliveries.
 */
const s = (description: string) => ({ type: 'string', description });
const envelope = (event: Record<string, unknown>) => ({
  type: 'object',
  properties: {
    team_id: s('Workspace id'),
    api_app_id: s('App id'),
    event_id: s('Unique event id (Ev…)'),
    event_time: { type: 'integer' },
    event: { type: 'object', properties: event },
  },
  required: ['event'],
});

const defs: [slug: string, event: string, name: string, description: string, props: Record<string, unknown>][] = [
  [
    'SLACK_RECEIVE_MESSAGE',
    'message',
    'New message',
    'A message was posted in a channel the app is in (Slack `message.channels`).',
    {
      type: s('message'),
      channel: s('Channel id'),
      user: s('Author'),
      text: s('Text'),
      ts: s('Message ts'),
      thread_ts: s('Thread parent'),
      channel_type: s('channel, group, im, mpim'),
    },
  ],
  [
    'SLACK_APP_MENTION',
    'app_mention',
    'App mentioned',
    'A message mentioned the app (Slack `app_mention`).',
    { type: s('app_mention'), channel: s('Channel id'), user: s('Author'), text: s('Text'), ts: s('Message ts') },
  ],
  [
    'SLACK_REACTION_ADDED',
    'reaction_added',
    'Reaction added',
    'A member added an emoji reaction to an item (Slack `reaction_added`).',
    {
      type: s('reaction_added'),
      user: s('Who reacted'),
      reaction: s('Emoji name'),
      item_user: s('Author of the item'),
      item: { type: 'object' },
      event_ts: s('Event ts'),
    },
  ],
  [
    'SLACK_CHANNEL_CREATED',
    'channel_created',
    'Channel created',
    'A channel was created (Slack `channel_created`).',
    {
      type: s('channel_created'),
      channel: { type: 'object', properties: { id: s('Channel id'), name: s('Name'), creator: s('Creator') } },
    },
  ],
  [
    'SLACK_MEMBER_JOINED_CHANNEL',
    'member_joined_channel',
    'Member joined channel',
    'A user joined a channel (Slack `member_joined_channel`).',
    { type: s('member_joined_channel'), user: s('Who joined'), channel: s('Channel id'), inviter: s('Who invited') },
  ],
];

const message = {
  type: s('message'),
  channel: s('Conversation id'),
  channel_type: s('channel, group (private channel), im (direct message) or mpim (group DM)'),
  user: s('Author (absent for some bot messages)'),
  bot_id: s('Bot id when a bot posted it'),
  subtype: s('Message subtype (bot_message, thread_broadcast …)'),
  text: s('Text'),
  ts: s('Message ts (its id within the conversation)'),
  thread_ts: s('Thread parent ts, for replies'),
};
const reaction = (kind: string) => ({
  type: s(kind),
  user: s('Who reacted'),
  reaction: s('Emoji name, without colons'),
  item_user: s('Author of the message'),
  item: {
    type: 'object',
    description: 'The message reacted to',
    properties: { type: s('message'), channel: s('Conversation id'), ts: s('Message ts') },
  },
  event_ts: s('Event ts'),
});
const isBot = {
  is_bot_message: {
    type: 'boolean',
    default: false,
    description: 'Only messages posted by bots (apps and integrations)',
  },
};
const emoji = {
  emoji: { type: 'string', description: 'Only this emoji name (e.g. thumbsup, with or without colons)' },
};

/**
 * The hosted service's current Slack names: message and reaction events narrowed by conversation
 * kind or author (CHANNEL_MESSAGE_RECEIVED, DIRECT_MESSAGE_RECEIVED, MESSAGE_REACTION_*), and the
 * older names it keeps as deprecated aliases (REACTION_REMOVED, RECEIVE_BOT_MESSAGE).
 */
type More = [
  slug: string,
  match: CompiledWebhookType['match'],
  name: string,
  description: string,
  props: Record<string, unknown>,
  extra?: Record<string, unknown>,
];
const more: More[] = [
  [
    'CHANNEL_MESSAGE_RECEIVED',
    { event: 'message', channelTypes: ['channel', 'group', 'mpim'] },
    'Channel message received',
    'A message was posted in a public or private channel or a group DM the app is in; direct messages are left out (Slack `message.channels`, `message.groups`, `message.mpim`).',
    message,
    isBot,
  ],
  [
    'DIRECT_MESSAGE_RECEIVED',
    { event: 'message', channelTypes: ['im'] },
    'Direct message received',
    'A direct message was sent in a DM conversation with the app or its user (Slack `message.im`).',
    message,
  ],
  [
    'MESSAGE_REACTION_ADDED',
    { event: 'reaction_added' },
    'Message reaction added',
    'Someone added an emoji reaction to a message; can be narrowed to one channel and one emoji (Slack `reaction_added`).',
    reaction('reaction_added'),
    emoji,
  ],
  [
    'MESSAGE_REACTION_REMOVED',
    { event: 'reaction_removed' },
    'Message reaction removed',
    'Someone removed an emoji reaction from a message; can be narrowed to one channel and one emoji (Slack `reaction_removed`).',
    reaction('reaction_removed'),
    emoji,
  ],
  [
    'REACTION_REMOVED',
    { event: 'reaction_removed' },
    'Reaction removed',
    'Deprecated name of MESSAGE_REACTION_REMOVED: a reaction was removed from a message (Slack `reaction_removed`).',
    reaction('reaction_removed'),
    emoji,
  ],
  [
    'RECEIVE_BOT_MESSAGE',
    { event: 'message', bot: true },
    'Bot message received',
    'Deprecated name: a message posted by a bot or integration in a channel the app is in (Slack `message` with a bot_id).',
    message,
  ],
];

const asType = (toolkit: 'slack' | 'slackbot', prefix: string) => [
  ...defs.map(
    ([slug, event, name, description, props]): CompiledWebhookType => ({
      slug: slug.replace(/^SLACK_/, prefix),
      toolkit,
      name,
      description,
      provider: 'slack',
      match: { event },
      payload: envelope(props),
      docs: `https://api.slack.com/events/${event}`,
      source: 'Slack Events API reference',
    }),
  ),
  ...more.map(
    ([slug, match, name, description, props, extra]): CompiledWebhookType => ({
      slug: `${prefix}${slug}`,
      toolkit,
      name,
      description,
      provider: 'slack',
      match,
      payload: envelope(props),
      ...(extra ? { extraConfig: extra } : {}),
      docs: `https://api.slack.com/events/${match.event}`,
      source: 'Slack Events API reference',
    }),
  ),
];

/** Slack, and Slackbot (the same events received by a bot-token app) under its own prefix. */
export const SLACK_EVENT_TYPES: CompiledWebhookType[] = [
  ...asType('slack', 'SLACK_'),
  ...asType('slackbot', 'SLACKBOT_'),
];
