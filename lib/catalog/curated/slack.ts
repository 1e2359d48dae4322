/**
 * Slack in the hosted vocabulary. Slack's Web API answers HTTP 200 with `ok:false` on errors:
 * every Slack tool turns that into `successful:false` with Slack's error code. Write methods are
 * sent form-encoded (accepted by every Web API method); lists are comma-joined and objects JSON
 * strings, as Slack expects. Markdown is converted to Slack's mrkdwn with slackify-markdown.
 */
import type slackifyFn from 'slackify-markdown';
import { lazyRequire } from '../../lazy-require';
import { at, composite, http, mapping, params, s } from './define';
import { ToolArgumentError, ToolFailure, type CuratedContext, type CuratedTool } from './types';

const FORM = 'application/x-www-form-urlencoded';
const CHANNEL = s.string(
  'Channel id (C…, G… or D…) or, where Slack allows it, a #channel name. Find ids with SLACK_FIND_CHANNELS or SLACK_LIST_ALL_CHANNELS.',
  { examples: ['C0123456789'] },
);
const TS = (what: string) =>
  s.string(`${what} (Slack message timestamp such as 1712345678.123456).`, { examples: ['1712345678.123456'] });
const CURSOR = s.string('next_cursor from response_metadata of the previous page; omit for the first page.');
const LIMIT = (d: number, max = 1000) =>
  s.integer(`Most items per page (up to ${max}).`, { default: d, minimum: 1, maximum: max });
const USER = s.string('User id (U…); find it with SLACK_FIND_USER_BY_EMAIL_ADDRESS or SLACK_FIND_USERS.', {
  examples: ['U0123456789'],
});

/** `ok:false` → successful:false with Slack's error code (and what it needed, when it says). */
export function slackResult(body: unknown): Record<string, unknown> {
  const b = (body && typeof body === 'object' ? body : { value: body }) as Record<string, unknown>;
  if (b.ok === false) {
    const detail = typeof b.needed === 'string' ? ` (needs scope ${b.needed})` : '';
    throw new ToolFailure(`Slack error: ${String(b.error ?? 'unknown_error')}${detail}`, b);
  }
  return b;
}

/** Form encoding the way Slack reads it: lists comma-joined, objects as JSON text. */
export function slackForm(a: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v))
      out[k] = v.every((x) => x === null || typeof x !== 'object') ? v.join(',') : JSON.stringify(v);
    else if (typeof v === 'object') out[k] = JSON.stringify(v);
    else out[k] = v;
  }
  return out;
}

/** `markdown_text` → mrkdwn `text` (for the posting tools). */
const slackify = lazyRequire<typeof slackifyFn>('slackify-markdown');

export function toMrkdwn(markdown: string): string {
  return slackify()(markdown).replace(/\n+$/, '');
}

function withMarkdown(a: Record<string, unknown>): Record<string, unknown> {
  const { markdown_text: md, ...rest } = a;
  if (typeof md === 'string' && md !== '') return { ...rest, text: toMrkdwn(md) };
  return rest;
}

/** A mapping onto one Web API method: GET query or POST form, arguments named as Slack names them. */
function sm(def: {
  slug: string;
  name: string;
  description: string;
  api: string;
  method?: 'GET' | 'POST';
  input?: Record<string, unknown>;
  required?: string[];
  important?: boolean;
  aliases?: string[];
  tags?: string[];
  markdown?: boolean;
  output?: ReturnType<typeof params>;
}): CuratedTool {
  const method = def.method ?? 'POST';
  const input = def.input ?? {};
  const p = Object.fromEntries(
    Object.keys(input)
      .filter((k) => k !== 'markdown_text')
      .map((k) => [k, method === 'GET' ? at.query(k) : at.body(k)]),
  );
  if (def.markdown) p.text ??= at.body('text');
  return mapping({
    slug: def.slug,
    name: def.name,
    description: def.description,
    important: def.important,
    aliases: def.aliases,
    output: def.output,
    tags: def.tags ?? ['slack'],
    input: params(input, def.required ?? []),
    http: http(method, `/${def.api}`, p, method === 'POST' ? { contentType: FORM } : {}),
    prepare: (a) => slackForm(def.markdown ? withMarkdown(a) : a),
    shape: slackResult,
  });
}

const MESSAGE_INPUT = {
  channel: CHANNEL,
  markdown_text: s.string(
    'Message in Markdown (**bold**, _italic_, [link](url), lists, code); converted to Slack mrkdwn. Use this or text or blocks.',
    { examples: ['*Deploy* finished: [build 42](https://ci.example.com/42)'] },
  ),
  text: s.string('Message already in Slack mrkdwn (or the fallback text when blocks are given).'),
  blocks: s.array(s.object({}, 'A Block Kit block'), 'Block Kit blocks for rich layouts.'),
  fallback_text: s.string('Notification text shown where blocks cannot be (used with blocks).'),
  thread_ts: TS('Reply in the thread of this parent message'),
  reply_broadcast: s.boolean('With thread_ts: also show the reply in the channel.', { default: false }),
  unfurl_links: s.boolean('Show link previews.'),
  unfurl_media: s.boolean('Show media previews.'),
  username: s.string('Bot name to show (bot tokens only).'),
  icon_emoji: s.string('Emoji to use as the bot icon, e.g. :robot_face:.'),
  icon_url: s.string('Image URL to use as the bot icon.'),
  attachments: s.array(s.object({}, 'A legacy attachment'), 'Legacy message attachments.'),
};

const sendMessage = composite({
  slug: 'SLACK_SEND_MESSAGE',
  name: 'Send message',
  important: true,
  tags: ['slack', 'message', 'send'],
  aliases: ['SLACK_CHAT_POST_MESSAGE', 'SLACK_SENDS_A_MESSAGE_TO_A_SLACK_CHANNEL'],
  description:
    "Post a message to a channel, private group or DM. Write it in markdown_text (standard Markdown, converted to Slack's mrkdwn), or give mrkdwn in text, or Block Kit blocks (with fallback_text). To reply in a thread pass thread_ts of the parent message (reply_broadcast to also show it in the channel). For a DM to a person, first get a D… channel id with SLACK_OPEN_DM. Returns channel and ts of the new message (use ts for threads, reactions, edits).",
  input: params(MESSAGE_INPUT, ['channel']),
  output: params({
    ok: s.boolean('Slack accepted it'),
    channel: s.string('Channel id'),
    ts: s.string('Timestamp id of the new message'),
    message: s.object({}, 'The posted message'),
  }),
  async run(ctx, args) {
    const { markdown_text: md, fallback_text: fallback, blocks, ...rest } = args;
    const body: Record<string, unknown> = { ...rest };
    if (typeof md === 'string' && md !== '') body.text = toMrkdwn(md);
    if (blocks !== undefined) {
      body.blocks = typeof blocks === 'string' ? (JSON.parse(blocks) as unknown) : blocks;
      if (body.text === undefined && typeof fallback === 'string') body.text = fallback;
    }
    if (body.text === undefined && body.blocks === undefined && body.attachments === undefined) {
      throw new ToolArgumentError('give markdown_text, text or blocks');
    }
    const res = await ctx.json({
      method: 'POST',
      path: '/chat.postMessage',
      body,
      contentType: 'application/json; charset=utf-8',
    });
    return slackResult(res);
  },
});

/** Plain, readable text of a Slack message: mentions and channel links named, links shown, entities decoded. */
async function readable(ctx: CuratedContext, text: string, names: Map<string, Promise<string>>): Promise<string> {
  const ids = [...new Set([...text.matchAll(/<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g)].map((m) => m[1]!))];
  for (const id of ids) {
    if (!names.has(id)) {
      names.set(
        id,
        ctx
          .call({ method: 'GET', path: '/users.info', query: { user: id } })
          .then((r) => {
            const u = (
              r.body as {
                ok?: boolean;
                user?: { name?: string; real_name?: string; profile?: { display_name?: string; real_name?: string } };
              }
            )?.user;
            return u?.profile?.display_name || u?.profile?.real_name || u?.real_name || u?.name || id;
          })
          .catch(() => id),
      );
    }
  }
  const resolved = new Map(await Promise.all(ids.map(async (id) => [id, await names.get(id)!] as const)));
  return text
    .replace(
      /<@([UW][A-Z0-9]+)(?:\|([^>]*))?>/g,
      (_m, id: string, label?: string) => `@${label || resolved.get(id) || id}`,
    )
    .replace(/<#([CG][A-Z0-9]+)\|([^>]*)>/g, (_m, _id, name: string) => `#${name}`)
    .replace(/<#([CG][A-Z0-9]+)>/g, (_m, id: string) => `#${id}`)
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, '@$1')
    .replace(/<!subteam\^[A-Z0-9]+\|([^>]*)>/g, '$1')
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2 ($1)')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/<mailto:([^|>]+)\|([^>]+)>/g, '$2')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export async function withReadable(ctx: CuratedContext, res: Record<string, unknown>) {
  const names = new Map<string, Promise<string>>();
  const msgs = Array.isArray(res.messages) ? (res.messages as Record<string, unknown>[]) : [];
  const out = await Promise.all(
    msgs.map(async (m) => {
      const extra: Record<string, unknown> = {
        readable_text: await readable(ctx, typeof m.text === 'string' ? m.text : '', names),
      };
      if (typeof m.user === 'string') {
        if (!names.has(m.user)) await readable(ctx, `<@${m.user}>`, names);
        extra.user_name = await names.get(m.user);
      }
      return { ...m, ...extra };
    }),
  );
  return { ...res, messages: out };
}

const HISTORY_OUT = params({
  ok: s.boolean('Slack accepted it'),
  messages: s.array(
    s.object(
      {
        ts: s.string('Message timestamp id'),
        user: s.string('Author id'),
        user_name: s.string('Author display name'),
        text: s.string('Raw mrkdwn text'),
        readable_text: s.string('Text with @names, #channels and links spelled out'),
        thread_ts: s.string('Thread parent, when in or starting a thread'),
        reply_count: s.integer('Replies in its thread'),
      },
      'A message',
    ),
    'Messages, newest first',
  ),
  has_more: s.boolean('More messages exist'),
  response_metadata: s.object({ next_cursor: s.string('Cursor of the next page') }, 'Paging'),
});

const history = composite({
  slug: 'SLACK_FETCH_CONVERSATION_HISTORY',
  name: 'Fetch conversation history',
  important: true,
  tags: ['slack', 'message', 'read'],
  description:
    "Read the messages of a channel or DM, newest first, each with readable_text (user mentions turned into @names, channel links into #names, links spelled out) and the author's user_name beside Slack's raw fields. Limit the window with oldest/latest (timestamps) and page with cursor. Thread replies are not included: read them with SLACK_FETCH_MESSAGE_THREAD_FROM_A_CONVERSATION using a message's thread_ts.",
  input: params(
    {
      channel: CHANNEL,
      limit: LIMIT(100, 999),
      cursor: CURSOR,
      oldest: TS('Only messages after this time'),
      latest: TS('Only messages before this time'),
      inclusive: s.boolean('Include messages exactly at oldest/latest.', { default: false }),
    },
    ['channel'],
  ),
  output: HISTORY_OUT,
  async run(ctx, a) {
    const res = slackResult(
      await ctx.json({
        method: 'GET',
        path: '/conversations.history',
        query: {
          channel: String(a.channel),
          limit: (a.limit as number | undefined) ?? 100,
          cursor: a.cursor as string | undefined,
          oldest: a.oldest as string | undefined,
          latest: a.latest as string | undefined,
          inclusive: a.inclusive as boolean | undefined,
        },
      }),
    );
    return withReadable(ctx, res);
  },
});

const thread = composite({
  slug: 'SLACK_FETCH_MESSAGE_THREAD_FROM_A_CONVERSATION',
  name: 'Fetch thread replies',
  important: true,
  tags: ['slack', 'message', 'read', 'thread'],
  description:
    'Read a thread: the parent message (ts) and its replies in a channel, oldest first, each with readable_text and user_name. Page with cursor. Reply to it with SLACK_SEND_MESSAGE and thread_ts.',
  input: params(
    {
      channel: CHANNEL,
      ts: TS('The parent message'),
      limit: LIMIT(100, 1000),
      cursor: CURSOR,
      oldest: TS('Only replies after this time'),
      latest: TS('Only replies before this time'),
    },
    ['channel', 'ts'],
  ),
  output: HISTORY_OUT,
  async run(ctx, a) {
    const res = slackResult(
      await ctx.json({
        method: 'GET',
        path: '/conversations.replies',
        query: {
          channel: String(a.channel),
          ts: String(a.ts),
          limit: (a.limit as number | undefined) ?? 100,
          cursor: a.cursor as string | undefined,
          oldest: a.oldest as string | undefined,
          latest: a.latest as string | undefined,
        },
      }),
    );
    return withReadable(ctx, res);
  },
});

const findChannels = composite({
  slug: 'SLACK_FIND_CHANNELS',
  name: 'Find channels',
  important: true,
  tags: ['slack', 'channel', 'search'],
  description:
    'Find channels by words in their name, topic or purpose (case-insensitive), across all pages of the channel list. Returns matching channels with id, name, topic, purpose and member count; pass the id as channel to other Slack tools. exact_match=true matches the name exactly.',
  input: params(
    {
      search_query: s.string('Words to look for, e.g. "marketing" or "#eng-alerts".', { examples: ['marketing'] }),
      exact_match: s.boolean('Only channels whose name equals the query.', { default: false }),
      exclude_archived: s.boolean('Leave out archived channels.', { default: true }),
      types: s.string('Comma-separated: public_channel, private_channel, mpim, im.', {
        default: 'public_channel,private_channel',
      }),
      limit: s.integer('Most channels to return.', { default: 50, minimum: 1, maximum: 1000 }),
    },
    ['search_query'],
  ),
  output: params({
    channels: s.array(s.object({ id: s.string('Channel id'), name: s.string('Name') }, 'A channel'), 'Matches'),
    total_channels_searched: s.integer('Channels looked at'),
  }),
  async run(ctx, a) {
    const q = String(a.search_query).replace(/^#/, '').toLowerCase();
    const limit = (a.limit as number | undefined) ?? 50;
    const found: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    let searched = 0;
    for (let page = 0; page < 20 && found.length < limit; page++) {
      const res = slackResult(
        await ctx.json({
          method: 'GET',
          path: '/conversations.list',
          query: {
            limit: 1000,
            cursor,
            exclude_archived: a.exclude_archived === false ? false : true,
            types: (a.types as string | undefined) ?? 'public_channel,private_channel',
          },
        }),
      );
      const chans = (res.channels ?? []) as {
        name?: string;
        topic?: { value?: string };
        purpose?: { value?: string };
      }[];
      searched += chans.length;
      for (const c of chans) {
        const name = (c.name ?? '').toLowerCase();
        const hit = a.exact_match
          ? name === q
          : [name, c.topic?.value ?? '', c.purpose?.value ?? ''].some((t) => t.toLowerCase().includes(q));
        if (hit && found.length < limit) found.push(c as Record<string, unknown>);
      }
      cursor = (res.response_metadata as { next_cursor?: string } | undefined)?.next_cursor || undefined;
      if (!cursor) break;
    }
    return { channels: found, total_channels_searched: searched };
  },
});

const findUsers = composite({
  slug: 'SLACK_FIND_USERS',
  name: 'Find users',
  tags: ['slack', 'user', 'search'],
  description:
    "Find workspace members by email, name, display name or title. An exact email uses Slack's email lookup; other text is matched (case-insensitive) against the member list. Returns members with id, name, real_name and profile; use the id as user, or open a DM with SLACK_OPEN_DM.",
  input: params(
    {
      search_query: s.string('Email address or words of a name.', { examples: ['jane@example.com'] }),
      exact_match: s.boolean('Only exact matches of a name or email.', { default: false }),
      include_bots: s.boolean('Include bot users.', { default: false }),
      limit: s.integer('Most members to return.', { default: 20, minimum: 1, maximum: 1000 }),
    },
    ['search_query'],
  ),
  output: params({
    members: s.array(s.object({ id: s.string('User id'), name: s.string('Handle') }, 'A member'), 'Matches'),
  }),
  async run(ctx, a) {
    const q = String(a.search_query).trim().toLowerCase();
    if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(q)) {
      const r = await ctx.json<Record<string, unknown>>({
        method: 'GET',
        path: '/users.lookupByEmail',
        query: { email: q },
      });
      if (r.ok !== false) return { members: [r.user] };
      if (r.error !== 'users_not_found') slackResult(r);
    }
    const limit = (a.limit as number | undefined) ?? 20;
    const out: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20 && out.length < limit; page++) {
      const res = slackResult(await ctx.json({ method: 'GET', path: '/users.list', query: { limit: 200, cursor } }));
      for (const u of (res.members ?? []) as {
        name?: string;
        real_name?: string;
        deleted?: boolean;
        is_bot?: boolean;
        profile?: Record<string, string>;
      }[]) {
        if (u.deleted || (u.is_bot && !a.include_bots)) continue;
        const fields = [
          u.name,
          u.real_name,
          u.profile?.display_name,
          u.profile?.real_name,
          u.profile?.email,
          u.profile?.title,
        ].map((x) => (x ?? '').toLowerCase());
        const hit = a.exact_match ? fields.includes(q) : fields.some((f) => f.includes(q));
        if (hit && out.length < limit) out.push(u as Record<string, unknown>);
      }
      cursor = (res.response_metadata as { next_cursor?: string } | undefined)?.next_cursor || undefined;
      if (!cursor) break;
    }
    return { members: out };
  },
});

export const slackTools: CuratedTool[] = [
  sendMessage,
  sm({
    slug: 'SLACK_FIND_USER_BY_EMAIL_ADDRESS',
    name: 'Find user by email',
    important: true,
    api: 'users.lookupByEmail',
    method: 'GET',
    tags: ['slack', 'user'],
    description:
      'Look up a workspace member by email address. Returns the user object (id, name, real_name, profile, tz); use user.id as user, or open a DM with SLACK_OPEN_DM. Fails with users_not_found for unknown, deactivated or hidden addresses.',
    input: { email: s.string('Email address.', { format: 'email', examples: ['jane@example.com'] }) },
    required: ['email'],
  }),
  history,
  thread,
  findChannels,
  findUsers,
  sm({
    slug: 'SLACK_LIST_ALL_CHANNELS',
    name: 'List all channels',
    important: true,
    api: 'conversations.list',
    method: 'GET',
    description:
      'List the channels of the workspace (public by default; add private_channel, mpim, im to types), with id, name, topic, purpose and member count; page with cursor. To find one by name use SLACK_FIND_CHANNELS.',
    input: {
      types: s.string('Comma-separated: public_channel, private_channel, mpim, im.', { default: 'public_channel' }),
      exclude_archived: s.boolean('Leave out archived channels.', { default: false }),
      limit: LIMIT(100),
      cursor: CURSOR,
      team_id: s.string('Workspace id (org-wide apps).'),
    },
  }),
  sm({
    slug: 'SLACK_LIST_CONVERSATIONS',
    name: 'List conversations of a user',
    api: 'users.conversations',
    method: 'GET',
    description:
      'List the conversations a user (default: the connected user) is a member of: channels, private groups, DMs; page with cursor.',
    input: {
      user: USER,
      types: s.string('Comma-separated: public_channel, private_channel, mpim, im.'),
      exclude_archived: s.boolean('Leave out archived ones.'),
      limit: LIMIT(100),
      cursor: CURSOR,
    },
  }),
  sm({
    slug: 'SLACK_LIST_ALL_USERS',
    name: 'List all users',
    important: true,
    api: 'users.list',
    method: 'GET',
    description:
      'List everyone in the workspace: all members (bots and deactivated accounts included, flagged is_bot and deleted) with profile details; page with cursor. To find one person use SLACK_FIND_USERS or SLACK_FIND_USER_BY_EMAIL_ADDRESS.',
    input: { limit: LIMIT(100), cursor: CURSOR, include_locale: s.boolean("Add each member's locale.") },
  }),
  sm({
    slug: 'SLACK_RETRIEVE_DETAILED_USER_INFORMATION',
    name: 'Get user info',
    api: 'users.info',
    method: 'GET',
    description:
      'Details of one member by user id: names, title, time zone, status, flags (admin, bot, deleted) and profile.',
    input: { user: USER, include_locale: s.boolean('Add the locale.') },
    required: ['user'],
  }),
  sm({
    slug: 'SLACK_RETRIEVE_USER_PROFILE_INFORMATION',
    name: 'Get user profile',
    api: 'users.profile.get',
    method: 'GET',
    description:
      'The profile of a member (default: the connected user): names, title, email, phone, status text and emoji, custom fields.',
    input: { user: USER, include_labels: s.boolean('Add the labels of custom fields.') },
  }),
  sm({
    slug: 'SLACK_RETRIEVE_CONVERSATION_INFORMATION',
    name: 'Get conversation info',
    api: 'conversations.info',
    method: 'GET',
    description:
      'Metadata of a channel or DM by id: name, topic, purpose, creation time, archived and membership flags (no messages).',
    input: {
      channel: CHANNEL,
      include_locale: s.boolean('Add the locale.'),
      include_num_members: s.boolean('Add the member count.'),
    },
    required: ['channel'],
  }),
  sm({
    slug: 'SLACK_RETRIEVE_CONVERSATION_MEMBERS_LIST',
    name: 'List conversation members',
    api: 'conversations.members',
    method: 'GET',
    description:
      "The user ids of a channel's members; page with cursor. Get names with SLACK_RETRIEVE_DETAILED_USER_INFORMATION.",
    input: { channel: CHANNEL, limit: LIMIT(100), cursor: CURSOR },
    required: ['channel'],
  }),
  sm({
    slug: 'SLACK_ADD_REACTION_TO_AN_ITEM',
    name: 'Add reaction',
    important: true,
    api: 'reactions.add',
    description:
      'React to a message with an emoji: channel, the message timestamp and the emoji name without colons (thumbsup, white_check_mark).',
    input: {
      channel: CHANNEL,
      timestamp: TS('The message'),
      name: s.string('Emoji name without colons.', { examples: ['thumbsup'] }),
    },
    required: ['channel', 'timestamp', 'name'],
  }),
  sm({
    slug: 'SLACK_REMOVE_REACTION_FROM_ITEM',
    name: 'Remove reaction',
    api: 'reactions.remove',
    description: 'Take back an emoji reaction from a message (channel + timestamp), a file or a file comment.',
    input: {
      name: s.string('Emoji name without colons.'),
      channel: CHANNEL,
      timestamp: TS('The message'),
      file: s.string('File id.'),
      file_comment: s.string('File comment id.'),
    },
    required: ['name'],
  }),
  sm({
    slug: 'SLACK_FETCH_ITEM_REACTIONS',
    name: 'Get reactions',
    api: 'reactions.get',
    method: 'GET',
    description: 'The emoji reactions on one message (channel + timestamp), file or file comment, with who reacted.',
    input: {
      channel: CHANNEL,
      timestamp: TS('The message'),
      file: s.string('File id.'),
      file_comment: s.string('File comment id.'),
      full: s.boolean('Always return the complete reaction list.'),
    },
  }),
  sm({
    slug: 'SLACK_CREATE_CHANNEL',
    name: 'Create channel',
    important: true,
    api: 'conversations.create',
    tags: ['slack', 'channel'],
    description:
      'Create a public or private channel (lower-case name, no spaces, up to 80 characters). Returns the new channel with its id; invite people with SLACK_INVITE_USERS_TO_A_SLACK_CHANNEL.',
    input: {
      name: s.string('Channel name.', { examples: ['proj-apollo'] }),
      is_private: s.boolean('Create a private channel.', { default: false }),
      team_id: s.string('Workspace id (org-wide apps).'),
    },
    required: ['name'],
  }),
  sm({
    slug: 'SLACK_ARCHIVE_CONVERSATION',
    name: 'Archive channel',
    api: 'conversations.archive',
    description: 'Archive a channel: it becomes read-only and leaves the sidebar; history stays.',
    input: { channel: CHANNEL },
    required: ['channel'],
  }),
  sm({
    slug: 'SLACK_INVITE_USERS_TO_A_SLACK_CHANNEL',
    name: 'Invite users to channel',
    important: true,
    api: 'conversations.invite',
    description: 'Add members to a channel by user id (a list or a comma-separated string, up to 1000).',
    input: {
      channel: CHANNEL,
      users: s.string('User ids, comma-separated (a list is accepted too).', { examples: ['U012,U345'] }),
      force: s.boolean('Invite the valid ids even when some are not.'),
    },
    required: ['channel', 'users'],
  }),
  sm({
    slug: 'SLACK_JOIN_AN_EXISTING_CONVERSATION',
    name: 'Join channel',
    api: 'conversations.join',
    description:
      'Join a public channel as the connected user or bot (needed before posting to channels the bot is not in).',
    input: { channel: CHANNEL },
    required: ['channel'],
  }),
  sm({
    slug: 'SLACK_LEAVE_CONVERSATION',
    name: 'Leave channel',
    api: 'conversations.leave',
    aliases: ['SLACK_LEAVE_A_CONVERSATION'],
    description: 'Leave a channel as the connected user or bot.',
    input: { channel: CHANNEL },
    required: ['channel'],
  }),
  sm({
    slug: 'SLACK_RENAME_CONVERSATION',
    name: 'Rename channel',
    api: 'conversations.rename',
    description: 'Give a channel a new name (Slack lower-cases and adjusts it to its naming rules).',
    input: { channel: CHANNEL, name: s.string('New name.') },
    required: ['channel', 'name'],
  }),
  sm({
    slug: 'SLACK_SET_THE_TOPIC_OF_A_CONVERSATION',
    name: 'Set channel topic',
    api: 'conversations.setTopic',
    description: "Set the topic shown in a channel's header.",
    input: { channel: CHANNEL, topic: s.string('New topic (plain text).') },
    required: ['channel', 'topic'],
  }),
  sm({
    slug: 'SLACK_SET_CONVERSATION_PURPOSE',
    name: 'Set channel purpose',
    api: 'conversations.setPurpose',
    description: 'Set the purpose (description) of a channel.',
    input: { channel: CHANNEL, purpose: s.string('New purpose.') },
    required: ['channel', 'purpose'],
  }),
  sm({
    slug: 'SLACK_OPEN_DM',
    name: 'Open DM',
    important: true,
    api: 'conversations.open',
    description:
      'Open (or find) a direct message with one person, or a group DM with several, by user ids; returns channel.id (D…) to post to with SLACK_SEND_MESSAGE.',
    input: {
      users: s.string('User ids, comma-separated (1 for a DM, up to 8 for a group DM).'),
      channel: s.string('Resume an existing DM by its id instead.'),
      return_im: s.boolean('Return the full DM object.'),
    },
  }),
  sm({
    slug: 'SLACK_CLOSE_DM',
    name: 'Close DM',
    api: 'conversations.close',
    description: "Close a DM or group DM in the connected user's sidebar (history is kept).",
    input: { channel: CHANNEL },
    required: ['channel'],
  }),
  sm({
    slug: 'SLACK_UPDATES_A_SLACK_MESSAGE',
    name: 'Edit message',
    api: 'chat.update',
    markdown: true,
    description:
      'Change the text or blocks of a message the connected user or bot posted (channel + ts). markdown_text is converted to mrkdwn like in SLACK_SEND_MESSAGE.',
    input: {
      channel: CHANNEL,
      ts: TS('The message to edit'),
      markdown_text: MESSAGE_INPUT.markdown_text,
      text: MESSAGE_INPUT.text,
      blocks: MESSAGE_INPUT.blocks,
      attachments: MESSAGE_INPUT.attachments,
    },
    required: ['channel', 'ts'],
  }),
  sm({
    slug: 'SLACK_DELETES_A_MESSAGE_FROM_A_CHAT',
    name: 'Delete message',
    api: 'chat.delete',
    description: 'Delete a message the connected user or bot posted (channel + ts).',
    input: { channel: CHANNEL, ts: TS('The message to delete'), as_user: s.boolean('Delete as the user (legacy).') },
    required: ['channel', 'ts'],
  }),
  sm({
    slug: 'SLACK_SCHEDULE_MESSAGE',
    name: 'Schedule message',
    api: 'chat.scheduleMessage',
    markdown: true,
    description:
      'Post a message later: post_at is a Unix time in seconds (up to 120 days ahead). Text as markdown_text (converted), text or blocks; thread_ts to schedule a thread reply. Returns scheduled_message_id (cancel with SLACK_DELETE_SCHEDULED_MESSAGE).',
    input: {
      channel: CHANNEL,
      post_at: s.integer('When to post, Unix seconds.'),
      markdown_text: MESSAGE_INPUT.markdown_text,
      text: MESSAGE_INPUT.text,
      blocks: MESSAGE_INPUT.blocks,
      thread_ts: MESSAGE_INPUT.thread_ts,
      reply_broadcast: MESSAGE_INPUT.reply_broadcast,
      unfurl_links: MESSAGE_INPUT.unfurl_links,
    },
    required: ['channel', 'post_at'],
  }),
  sm({
    slug: 'SLACK_DELETE_SCHEDULED_MESSAGE',
    name: 'Delete scheduled message',
    api: 'chat.deleteScheduledMessage',
    description: 'Cancel a scheduled message before it is posted.',
    input: { channel: CHANNEL, scheduled_message_id: s.string('Id from SLACK_SCHEDULE_MESSAGE.') },
    required: ['channel', 'scheduled_message_id'],
  }),
  sm({
    slug: 'SLACK_LIST_SCHEDULED_MESSAGES',
    name: 'List scheduled messages',
    api: 'chat.scheduledMessages.list',
    method: 'GET',
    description: 'Messages scheduled but not yet posted, in one channel or all; page with cursor.',
    input: {
      channel: CHANNEL,
      oldest: s.string('Only after this Unix time.'),
      latest: s.string('Only before this Unix time.'),
      limit: LIMIT(100),
      cursor: CURSOR,
    },
  }),
  sm({
    slug: 'SLACK_RETRIEVE_MESSAGE_PERMALINK_URL',
    name: 'Get message link',
    api: 'chat.getPermalink',
    method: 'GET',
    description: 'A permanent link to a message (channel + message_ts) to share or cite.',
    input: { channel: CHANNEL, message_ts: TS('The message') },
    required: ['channel', 'message_ts'],
  }),
  sm({
    slug: 'SLACK_SEND_EPHEMERAL_MESSAGE',
    name: 'Send ephemeral message',
    api: 'chat.postEphemeral',
    markdown: true,
    description:
      'Post a message only one member of a channel can see (user), e.g. a private hint; it is not kept in history.',
    input: {
      channel: CHANNEL,
      user: USER,
      markdown_text: MESSAGE_INPUT.markdown_text,
      text: MESSAGE_INPUT.text,
      blocks: MESSAGE_INPUT.blocks,
      thread_ts: MESSAGE_INPUT.thread_ts,
    },
    required: ['channel', 'user'],
  }),
  sm({
    slug: 'SLACK_SEND_ME_MESSAGE',
    name: 'Send /me message',
    api: 'chat.meMessage',
    description: 'Post a third-person action message ("/me is deploying") to a channel.',
    input: { channel: CHANNEL, text: s.string('The action text.') },
    required: ['channel', 'text'],
  }),
  sm({
    slug: 'SLACK_SEARCH_MESSAGES',
    name: 'Search messages',
    important: true,
    api: 'search.messages',
    method: 'GET',
    tags: ['slack', 'search'],
    description:
      'Search messages across the workspace (user tokens only) with Slack search syntax: words plus in:#channel, from:@user, before:/after:YYYY-MM-DD, has:link. Returns matches with channel, user, text, ts and permalink; page with page.',
    input: {
      query: s.string('Search query.', { examples: ['deploy in:#eng after:2024-05-01'] }),
      count: s.integer('Results per page (max 100).', { default: 20, maximum: 100 }),
      page: s.integer('Page number, from 1.'),
      sort: s.enum(['score', 'timestamp'], 'Order by relevance or time.'),
      sort_dir: s.enum(['asc', 'desc'], 'Direction.'),
      highlight: s.boolean('Mark matched words.'),
    },
    required: ['query'],
  }),
  sm({
    slug: 'SLACK_SEARCH_ALL',
    name: 'Search messages and files',
    api: 'search.all',
    method: 'GET',
    tags: ['slack', 'search'],
    description:
      'Search messages and files together (user tokens only); results come in separate messages and files sections.',
    input: {
      query: s.string('Search query.'),
      count: s.integer('Results per page.', { default: 20 }),
      page: s.integer('Page number, from 1.'),
      sort: s.enum(['score', 'timestamp'], 'Order.'),
      sort_dir: s.enum(['asc', 'desc'], 'Direction.'),
    },
    required: ['query'],
  }),
  sm({
    slug: 'SLACK_PIN_ITEM',
    name: 'Pin message',
    api: 'pins.add',
    description: 'Pin a message (channel + timestamp) to its channel.',
    input: { channel: CHANNEL, timestamp: TS('The message') },
    required: ['channel', 'timestamp'],
  }),
  sm({
    slug: 'SLACK_LIST_PINNED_ITEMS',
    name: 'List pinned items',
    api: 'pins.list',
    method: 'GET',
    description: 'The messages and files pinned in a channel.',
    input: { channel: CHANNEL },
    required: ['channel'],
  }),
  sm({
    slug: 'SLACK_CREATE_A_REMINDER',
    name: 'Create reminder',
    api: 'reminders.add',
    description:
      'Create a reminder for the connected user (or another user): text and time as Unix seconds, seconds from now, or natural language ("in 15 minutes", "every Thursday at 2pm").',
    input: {
      text: s.string('What to remind about.'),
      time: s.string('When.', { examples: ['in 2 hours'] }),
      user: USER,
    },
    required: ['text', 'time'],
  }),
  sm({
    slug: 'SLACK_LIST_REMINDERS',
    name: 'List reminders',
    api: 'reminders.list',
    method: 'GET',
    description: "The connected user's reminders with id, text, time and completion state.",
  }),
  sm({
    slug: 'SLACK_DELETE_REMINDER',
    name: 'Delete reminder',
    api: 'reminders.delete',
    description: 'Delete a reminder by id (from SLACK_LIST_REMINDERS).',
    input: { reminder: s.string('Reminder id.') },
    required: ['reminder'],
  }),
  sm({
    slug: 'SLACK_FETCH_TEAM_INFO',
    name: 'Get workspace info',
    api: 'team.info',
    method: 'GET',
    description: "The workspace's id, name, domain, email domain and icon.",
    input: { team: s.string('Workspace id (default: the connected one).') },
  }),
  sm({
    slug: 'SLACK_LIST_USER_GROUPS',
    name: 'List user groups',
    api: 'usergroups.list',
    method: 'GET',
    description: "The workspace's user groups (@handles) with id, handle, name and optionally their members.",
    input: {
      include_count: s.boolean('Add member counts.'),
      include_disabled: s.boolean('Include disabled groups.'),
      include_users: s.boolean('Add member ids.'),
    },
  }),
  sm({
    slug: 'SLACK_LIST_USER_GROUP_MEMBERS',
    name: 'List user group members',
    api: 'usergroups.users.list',
    method: 'GET',
    description: 'The user ids of one user group.',
    input: { usergroup: s.string('User group id (S…).'), include_disabled: s.boolean('Also for a disabled group.') },
    required: ['usergroup'],
  }),
  sm({
    slug: 'SLACK_GET_USER_PRESENCE',
    name: 'Get user presence',
    api: 'users.getPresence',
    method: 'GET',
    description: 'Whether a member is active or away right now.',
    input: { user: USER },
  }),
  sm({
    slug: 'SLACK_SET_USER_PRESENCE',
    name: 'Set presence',
    api: 'users.setPresence',
    aliases: ['SLACK_MANUALLY_SET_USER_PRESENCE'],
    description: "Set the connected user's presence to auto or away.",
    input: { presence: s.enum(['auto', 'away'], 'New presence.') },
    required: ['presence'],
  }),
  sm({
    slug: 'SLACK_SET_USER_PROFILE',
    name: 'Set user profile',
    api: 'users.profile.set',
    aliases: ['SLACK_SET_STATUS'],
    description:
      'Update the connected user\'s profile: one field with name/value, or several at once with profile (e.g. {"status_text": "In a meeting", "status_emoji": ":calendar:"}).',
    input: {
      profile: s.object({}, 'Fields to set.'),
      name: s.string('One field to set.'),
      value: s.string('Its value.'),
      user: USER,
    },
  }),
  sm({
    slug: 'SLACK_LIST_CUSTOM_EMOJIS',
    name: 'List custom emoji',
    api: 'emoji.list',
    method: 'GET',
    description: "The workspace's custom emoji: name to image URL (or alias:…).",
  }),
  sm({
    slug: 'SLACK_LIST_FILES_WITH_FILTERS_IN_SLACK',
    name: 'List files',
    api: 'files.list',
    method: 'GET',
    aliases: ['SLACK_LIST_CANVASES'],
    description:
      'Files shared in the workspace, filtered by channel, user, time (ts_from/ts_to, Unix seconds) or types (images, pdfs, snippets, canvas…); metadata only; page with page.',
    input: {
      channel: CHANNEL,
      user: USER,
      ts_from: s.string('After this Unix time.'),
      ts_to: s.string('Before this Unix time.'),
      types: s.string('Comma-separated file types.'),
      count: s.integer('Per page.'),
      page: s.integer('Page number.'),
    },
  }),
  sm({
    slug: 'SLACK_RETRIEVE_DETAILED_INFORMATION_ABOUT_A_FILE',
    name: 'Get file info',
    api: 'files.info',
    method: 'GET',
    aliases: ['SLACK_GET_CANVAS'],
    description: 'Metadata and comments of one file by id (no content).',
    input: { file: s.string('File id (F…).'), count: s.integer('Comments per page.'), cursor: CURSOR },
    required: ['file'],
  }),
  sm({
    slug: 'SLACK_DELETE_FILE',
    name: 'Delete file',
    api: 'files.delete',
    description: 'Delete a file for good.',
    input: { file: s.string('File id (F…).') },
    required: ['file'],
  }),
  sm({
    slug: 'SLACK_API_TEST',
    name: 'Test API',
    api: 'api.test',
    method: 'GET',
    description: 'Check that the Slack API answers; echoes its arguments.',
  }),
  sm({
    slug: 'SLACK_TEST_AUTH',
    name: 'Test authentication',
    api: 'auth.test',
    method: 'GET',
    aliases: ['SLACK_GET_APP_PERMISSION_SCOPES'],
    description: 'Who the connection is: user id, bot id, workspace name and URL. A quick check that the token works.',
  }),
  sm({
    slug: 'SLACK_SET_READ_CURSOR_IN_A_CONVERSATION',
    name: 'Mark as read',
    api: 'conversations.mark',
    description: 'Mark a channel read up to a message (ts) for the connected user.',
    input: { channel: CHANNEL, ts: TS('Last read message') },
    required: ['channel', 'ts'],
  }),
  sm({
    slug: 'SLACK_REMOVE_USER_FROM_CONVERSATION',
    name: 'Remove user from channel',
    api: 'conversations.kick',
    description: 'Remove a member from a channel.',
    input: { channel: CHANNEL, user: USER },
    required: ['channel', 'user'],
  }),
  sm({
    slug: 'SLACK_SET_DND_DURATION',
    name: 'Start Do Not Disturb',
    api: 'dnd.setSnooze',
    description: 'Turn on Do Not Disturb for the connected user for num_minutes.',
    input: { num_minutes: s.integer('Minutes.') },
    required: ['num_minutes'],
  }),
  sm({
    slug: 'SLACK_END_DND',
    name: 'End Do Not Disturb',
    api: 'dnd.endDnd',
    description: "End the connected user's Do Not Disturb session.",
  }),
  sm({
    slug: 'SLACK_END_SNOOZE',
    name: 'End snooze',
    api: 'dnd.endSnooze',
    description: "End the connected user's snooze now.",
  }),
  ...(['SLACK_GET_USER_DND_STATUS', 'SLACK_RETRIEVE_CURRENT_USER_DND_STATUS'] as const).map((slug) =>
    sm({
      slug,
      name: 'Get Do Not Disturb status',
      api: 'dnd.info',
      method: 'GET',
      description: 'Whether a member (default: the connected user) is in Do Not Disturb and until when.',
      input: { user: USER },
    }),
  ),
  ...(['SLACK_ADD_STAR', 'SLACK_REMOVE_STAR'] as const).map((slug) =>
    sm({
      slug,
      name: slug === 'SLACK_ADD_STAR' ? 'Star item' : 'Unstar item',
      api: slug === 'SLACK_ADD_STAR' ? 'stars.add' : 'stars.remove',
      description:
        slug === 'SLACK_ADD_STAR'
          ? 'Star a message (channel + timestamp), a file or a channel for the connected user.'
          : "Remove the connected user's star from a message, file or channel.",
      input: {
        channel: CHANNEL,
        timestamp: TS('The message'),
        file: s.string('File id.'),
        file_comment: s.string('File comment id.'),
      },
    }),
  ),
  sm({
    slug: 'SLACK_LIST_STARRED_ITEMS',
    name: 'List starred items',
    api: 'stars.list',
    method: 'GET',
    description: 'Items the connected user starred.',
    input: {
      count: s.integer('Per page.'),
      page: s.integer('Page number.'),
      cursor: CURSOR,
      limit: s.integer('Most items.'),
    },
  }),
];
