/**
 * Slack tools that take several Web API calls: file upload (Slack's external upload flow:
 * files.getUploadURLExternal, the bytes to the returned upload URL, files.completeUploadExternal),
 * file download (files.info, then url_private with the token), unread messages (the read position
 * `last_read` from conversations.info, then conversations.history after it) and the workspaces a
 * connection and a member share (auth.teams.list, users.info).
 */
import { composite, params, s } from './define';
import { slackForm, slackResult, withReadable } from './slack';
import { ToolArgumentError, ToolFailure, type CuratedContext, type CuratedTool, type FileDescriptor } from './types';

type Args = Record<string, unknown>;
const FORM = 'application/x-www-form-urlencoded';

/** Where completeUploadExternal shares the file: one id as channel_id, several as channels. */
export function uploadTarget(channels: unknown): { channel_id?: string; channels?: string } {
  const list = (Array.isArray(channels) ? channels : String(channels ?? '').split(','))
    .map((c) => String(c).trim())
    .filter(Boolean);
  if (list.length === 0) return {};
  if (list.length === 1) return { channel_id: list[0] };
  return { channels: list.join(',') };
}

/** The URL that serves a Slack-hosted file's bytes (url_private_download, else url_private). */
export function privateUrl(file: Args | undefined): string | undefined {
  const u = file?.url_private_download ?? file?.url_private;
  return typeof u === 'string' && u ? u : undefined;
}

/** A read position Slack can compare with `oldest`; undefined when Slack gave none. */
export function readPosition(channel: Args | undefined): string | undefined {
  const r = channel?.last_read;
  if (typeof r === 'string' && r) return r;
  if (typeof r === 'number') return String(r);
  return undefined;
}

async function post(ctx: CuratedContext, api: string, body: Args) {
  return slackResult(await ctx.json({ method: 'POST', path: `/${api}`, body: slackForm(body), contentType: FORM }));
}

async function get(ctx: CuratedContext, api: string, query: Record<string, string | number | boolean | undefined>) {
  return slackResult(await ctx.json({ method: 'GET', path: `/${api}`, query }));
}

const upload = composite({
  slug: 'SLACK_UPLOAD_OR_CREATE_A_FILE_IN_SLACK',
  name: 'Upload file',
  important: true,
  tags: ['slack', 'file', 'upload'],
  description:
    'Upload a file to Slack and, optionally, share it in a channel or DM (as a thread reply with thread_ts). Give either file (a staged file {name, mimetype, s3key} from POST /api/v3/files/upload/request) or content (text that becomes a text file; name it with filename). channels: the channel or DM id to share into; without it the file stays private to the uploader. initial_comment adds a message above the file, title names it in Slack. Returns file with its id (F…), name, permalink; download it later with SLACK_DOWNLOAD_SLACK_FILE.',
  input: params({
    file: s.file('The file to upload (staged). Give this or content, not both.'),
    content: s.string('Text to upload as a file (a snippet, a CSV, a log). Give this or file, not both.'),
    filename: s.string('File name shown in Slack; defaults to the staged file name, or content.txt for content.', {
      examples: ['report.csv'],
    }),
    title: s.string('Title shown above the file in Slack (defaults to the file name).'),
    channels: s.string(
      'Channel or DM id to share the file into (C…, G… or D…). Several comma-separated ids share it in each (not with thread_ts).',
      { examples: ['C0123456789'] },
    ),
    initial_comment: s.string('Message posted with the file.'),
    thread_ts: s.string('Post the file as a reply in the thread of this parent message (with one channel).', {
      examples: ['1712345678.123456'],
    }),
    filetype: s.string('Syntax of a text snippet (e.g. python, javascript); only used with content.'),
  }),
  output: params({
    ok: s.boolean('Slack accepted it'),
    file: s.object(
      { id: s.string('File id (F…)'), title: s.string('Title'), name: s.string('File name') },
      'The uploaded file',
    ),
    files: s.array(s.object({ id: s.string('File id') }, 'A file'), 'Every file of the upload'),
  }),
  async run(ctx, a) {
    const hasFile = a.file !== undefined && a.file !== null;
    const hasContent = typeof a.content === 'string' && a.content !== '';
    if (hasFile === hasContent) throw new ToolArgumentError('give either file (a staged file) or content, not both');
    let bytes: Buffer;
    let name: string;
    let mimetype: string;
    if (hasFile) {
      const f = await ctx.readFile(a.file as FileDescriptor);
      bytes = f.content;
      name = (a.filename as string | undefined) || f.name || 'file';
      mimetype = f.mimetype || 'application/octet-stream';
    } else {
      bytes = Buffer.from(String(a.content), 'utf8');
      name = (a.filename as string | undefined) || 'content.txt';
      mimetype = 'text/plain; charset=utf-8';
    }
    if (bytes.length === 0) throw new ToolArgumentError('the file is empty: Slack does not take empty uploads');
    const target = uploadTarget(a.channels);
    if (a.thread_ts && !target.channel_id) throw new ToolArgumentError('thread_ts needs exactly one id in channels');
    const ticket = await post(ctx, 'files.getUploadURLExternal', {
      filename: name,
      length: bytes.length,
      snippet_type: hasContent ? (a.filetype as string | undefined) : undefined,
    });
    const uploadUrl = ticket.upload_url;
    const fileId = ticket.file_id;
    if (typeof uploadUrl !== 'string' || typeof fileId !== 'string')
      throw new ToolFailure('Slack gave no upload_url/file_id', ticket);
    const sent = await ctx.call({ method: 'POST', url: uploadUrl, rawBody: bytes, contentType: mimetype });
    if (!sent.ok) {
      const message = `Slack's upload host answered HTTP ${sent.status}`;
      throw new ToolFailure(message, { status_code: sent.status, message, http_error: sent.body ?? null });
    }
    const done = await post(ctx, 'files.completeUploadExternal', {
      files: [{ id: fileId, title: (a.title as string | undefined) || name }],
      ...target,
      initial_comment: a.initial_comment,
      thread_ts: a.thread_ts,
    });
    const files = Array.isArray(done.files) ? (done.files as Args[]) : [];
    return { ...done, file: files[0] ?? { id: fileId }, files };
  },
});

const download = composite({
  slug: 'SLACK_DOWNLOAD_SLACK_FILE',
  name: 'Download file',
  important: true,
  tags: ['slack', 'file', 'download'],
  description:
    "Download a file that was shared in Slack, by its id (F…; find ids with SLACK_LIST_FILES_WITH_FILTERS_IN_SLACK or in a message's files). Reads the file's details, fetches its bytes with the connection's token and returns file: a staged copy with name, mimetype and s3url (a link the user or another tool can fetch), plus the file's id, name, mimetype, size and Slack's file object in file_info. Files linked from other services (remote files) have no bytes in Slack and fail.",
  input: params(
    {
      file: s.string('File id (F…).', { examples: ['F0123456789'] }),
      count: s.integer("Comments per page in file_info's comments."),
      page: s.integer('Page of comments.'),
      limit: s.integer('Most comments to return.'),
      cursor: s.string('next_cursor of the previous page of comments.'),
    },
    ['file'],
  ),
  output: params({
    id: s.string('File id'),
    name: s.string('File name'),
    mimetype: s.string('MIME type'),
    size: s.integer('Bytes'),
    file: s.object(
      { name: s.string('Name'), mimetype: s.string('MIME type'), s3url: s.string('Download link') },
      'The staged copy',
    ),
    file_info: s.object({}, "Slack's file object"),
  }),
  async run(ctx, a) {
    const info = await get(ctx, 'files.info', {
      file: String(a.file),
      count: a.count as number | undefined,
      page: a.page as number | undefined,
      limit: a.limit as number | undefined,
      cursor: a.cursor as string | undefined,
    });
    const f = (info.file ?? {}) as Args;
    const url = privateUrl(f);
    if (!url)
      throw new ToolFailure(
        `File ${String(a.file)} has no downloadable content in Slack (a remote or external file?)`,
        info,
      );
    const res = await ctx.call({ method: 'GET', url });
    if (!res.ok) {
      const message = `Slack's file host answered HTTP ${res.status}`;
      throw new ToolFailure(message, { status_code: res.status, message, http_error: res.body ?? null });
    }
    const served = res.contentType.split(';')[0]!.trim();
    const declared = typeof f.mimetype === 'string' ? f.mimetype : '';
    // without files:read Slack serves its sign-in page instead of the file
    if (served === 'text/html' && declared !== 'text/html')
      throw new ToolFailure('Slack answered with a sign-in page: the connection needs the files:read scope', {
        status_code: res.status,
      });
    const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
    const name = String(f.name ?? f.title ?? `slack-file-${String(a.file)}`);
    const mimetype = declared || served || 'application/octet-stream';
    return {
      id: String(f.id ?? a.file),
      name,
      mimetype,
      size: bytes.length,
      file: await ctx.stageFile(bytes, name, mimetype),
      file_info: f,
    };
  },
});

/** Messages after `lastRead`, newest first, page by page up to `limit`; `from` keeps one author's. */
async function messagesAfter(ctx: CuratedContext, channel: string, lastRead: string, limit: number, from?: string) {
  const out: Args[] = [];
  let cursor: string | undefined;
  let hasMore = false;
  for (let page = 0; page < 50 && out.length < limit; page++) {
    const res = await get(ctx, 'conversations.history', {
      channel,
      oldest: lastRead,
      limit: Math.min(200, limit),
      cursor,
    });
    for (const m of (res.messages ?? []) as Args[]) {
      if (from !== undefined && m.user !== from) continue;
      if (out.length < limit) out.push(m);
      else hasMore = true;
    }
    cursor = (res.response_metadata as { next_cursor?: string } | undefined)?.next_cursor || undefined;
    if (!cursor) break;
    if (out.length >= limit) hasMore = true;
  }
  return withReadable(ctx, { messages: out, has_more: hasMore });
}

const UNREAD_OUT = params({
  channel: s.string('Conversation id'),
  last_read: s.string("The user's read position (a message timestamp); messages after it are unread"),
  unread_count: s.integer('Unread messages returned'),
  messages: s.array(
    s.object(
      {
        ts: s.string('Message timestamp id'),
        user: s.string('Author id'),
        user_name: s.string('Author display name'),
        text: s.string('Raw mrkdwn text'),
        readable_text: s.string('Text with @names, #channels and links spelled out'),
      },
      'A message',
    ),
    'Unread messages, newest first',
  ),
  has_more: s.boolean('More unread messages exist than limit'),
});

const LIMIT = s.integer('Most unread messages to return.', { default: 100, minimum: 1, maximum: 1000 });

function noPosition(channel: string): never {
  throw new ToolFailure(
    `Slack gave no read position (last_read) for ${channel}: read positions come only with a user token of a member`,
    { channel },
  );
}

const unreadInChannel = composite({
  slug: 'SLACK_LIST_UNREAD_CHANNEL_MESSAGES',
  name: 'List unread channel messages',
  tags: ['slack', 'message', 'read'],
  description:
    "The messages of a channel the connected user has not read yet: reads the user's read position (last_read) and returns the messages posted after it, newest first, each with readable_text and user_name. Main timeline only; read thread replies with SLACK_FETCH_MESSAGE_THREAD_FROM_A_CONVERSATION. Needs a user token of a channel member (bot tokens have no read position). For unread DMs from one person use SLACK_GET_UNREAD_MESSAGES_FROM_USER.",
  input: params(
    {
      channel: s.string('Channel id (C…, G… or D…); find it with SLACK_FIND_CHANNELS.', { examples: ['C0123456789'] }),
      limit: LIMIT,
    },
    ['channel'],
  ),
  output: UNREAD_OUT,
  async run(ctx, a) {
    const channel = String(a.channel);
    const info = await get(ctx, 'conversations.info', { channel });
    const lastRead = readPosition(info.channel as Args | undefined) ?? noPosition(channel);
    const res = await messagesAfter(ctx, channel, lastRead, (a.limit as number | undefined) ?? 100);
    const messages = res.messages as Args[];
    return { channel, last_read: lastRead, unread_count: messages.length, ...res };
  },
});

const unreadFromUser = composite({
  slug: 'SLACK_GET_UNREAD_MESSAGES_FROM_USER',
  name: 'Get unread DMs from a user',
  tags: ['slack', 'message', 'read', 'dm'],
  description:
    "Unread direct messages one person sent to the connected user: opens (or reuses) the DM with that user, reads the connected user's read position there and returns that person's messages after it, newest first, with readable_text. An empty messages list means nothing unread. Direct messages only, not channels (use SLACK_LIST_UNREAD_CHANNEL_MESSAGES). Pass user as an id (U…); find it with SLACK_FIND_USERS. Reply with SLACK_SEND_MESSAGE to the returned channel.",
  input: params(
    {
      user: s.string('Id of the person who sent the messages (U…).', { examples: ['U0123456789'] }),
      limit: LIMIT,
    },
    ['user'],
  ),
  output: params({ ...UNREAD_OUT.properties, user: s.string('The sender') }),
  async run(ctx, a) {
    const user = String(a.user);
    const opened = await post(ctx, 'conversations.open', { users: user, return_im: true });
    const dm = (opened.channel ?? {}) as Args;
    if (typeof dm.id !== 'string') throw new ToolFailure('Slack opened no DM channel', opened);
    const info = await get(ctx, 'conversations.info', { channel: dm.id });
    const lastRead = readPosition(info.channel as Args | undefined) ?? readPosition(dm) ?? noPosition(dm.id);
    const res = await messagesAfter(ctx, dm.id, lastRead, (a.limit as number | undefined) ?? 100, user);
    const messages = res.messages as Args[];
    return { channel: dm.id, user, last_read: lastRead, unread_count: messages.length, ...res };
  },
});

const workspaces = composite({
  slug: 'SLACK_LIST_AVAILABLE_WORKSPACES',
  name: 'List available workspaces',
  tags: ['slack', 'team'],
  description:
    "Workspaces this connection can act in, each with team_id and name; with user, only the ones that member also belongs to. Use it to turn a workspace name into the team_id that org-wide (Enterprise Grid) tools take. For an org-wide app the list comes from the workspaces it is approved for; a single-workspace connection returns its own workspace. Member workspaces are read from the user's profile (enterprise_user.teams on Grid, team_id elsewhere).",
  input: params({
    user: s.string('Only workspaces this member (U… or W…) belongs to.', { examples: ['W0123456789'] }),
    limit: s.integer('Most workspaces to read.', { default: 100, minimum: 1, maximum: 1000 }),
  }),
  output: params({
    workspaces: s.array(
      s.object({ team_id: s.string('Workspace id (T…)'), name: s.string('Workspace name') }, 'A workspace'),
      'Workspaces',
    ),
  }),
  async run(ctx, a) {
    const limit = (a.limit as number | undefined) ?? 100;
    let teams: { team_id: string; name: string }[] = [];
    const first = await ctx.json<Args>({
      method: 'GET',
      path: '/auth.teams.list',
      query: { limit: Math.min(limit, 1000) },
    });
    if (first.ok === false) {
      // not an org-wide app: the token's own workspace
      const me = await get(ctx, 'auth.test', {});
      teams = [{ team_id: String(me.team_id ?? ''), name: String(me.team ?? '') }];
    } else {
      let res = first;
      for (let page = 0; page < 20; page++) {
        for (const t of (res.teams ?? []) as Args[])
          teams.push({ team_id: String(t.id ?? ''), name: String(t.name ?? '') });
        const cursor = (res.response_metadata as { next_cursor?: string } | undefined)?.next_cursor;
        if (!cursor || teams.length >= limit) break;
        res = await get(ctx, 'auth.teams.list', { limit: Math.min(limit, 1000), cursor });
      }
    }
    if (typeof a.user === 'string' && a.user) {
      const info = await get(ctx, 'users.info', { user: a.user });
      const u = (info.user ?? {}) as { team_id?: string; enterprise_user?: { teams?: string[] } };
      const member = new Set([...(u.enterprise_user?.teams ?? []), ...(u.team_id ? [u.team_id] : [])]);
      teams = teams.filter((t) => member.has(t.team_id));
    }
    return { workspaces: teams.slice(0, limit) };
  },
});

export const slackFileTools: CuratedTool[] = [upload, download, unreadInChannel, unreadFromUser, workspaces];
