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

export const SLACK_EVENT_TYPES: CompiledWebhookType[] = defs.map(([slug, event, name, description, props]) => ({
  slug,
  toolkit: 'slack',
  name,
  description,
  provider: 'slack',
  match: { event },
  payload: envelope(props),
  docs: `https://api.slack.com/events/${event}`,
  source: 'Slack Events API reference',
}));
