import type { Item, PollTypeDef } from './types';

/**
 * Poll trigger types, declared over list operations of the compiled catalog. Each one names the
 * list tool, its arguments, where the items are, how an item is identified (and stamped), and the
 * event payload. The engine (lib/services/triggers/poll.ts) does the rest: "new since last poll"
 * = key not seen before and stamp not older than the watermark.
 */
const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
const get = (o: unknown, p: string): unknown => p.split('.').reduce<any>((x, k) => (x == null ? undefined : x[k]), o);
const S = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'string', description, ...extra });
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, ...(required.length ? { required } : {}) });

const repoConfig = obj({
  owner: S('Owner of the repository (user or organization)', { examples: ['octocat'] }),
  repo: S('Repository name', { examples: ['hello-world'] }),
}, ['owner', 'repo']);
const user = obj({ login: S('GitHub login'), id: { type: 'integer' }, html_url: S('Profile URL') });

const githubIssuePayload = obj({
  id: { type: 'integer' }, number: { type: 'integer', description: 'Issue number' }, title: S('Title'), body: S('Body', { nullable: true }),
  state: S('open or closed'), html_url: S('URL of the issue'), user, labels: { type: 'array', items: S('Label name') },
  created_at: S('Creation time', { format: 'date-time' }), repository: S('owner/repo'),
}, ['id', 'number', 'title']);

export const POLL_TYPES: PollTypeDef[] = [
  {
    slug: 'GITHUB_ISSUE_ADDED_EVENT', toolkit: 'github', name: 'New issue', tool: 'GITHUB_LIST_REPOSITORY_ISSUES',
    description: 'Fires when a new issue is opened in a repository (pull requests are not issues here).',
    config: repoConfig, payload: githubIssuePayload,
    args: (c) => ({ owner: c.owner, repo: c.repo, state: 'all', sort: 'created', direction: 'desc', per_page: 50 }),
    itemsAt: '', key: (i) => str(i.id), stamp: (i) => str(i.created_at),
    filter: (i) => !i.pull_request,
    map: (i, c) => ({
      id: i.id, number: i.number, title: i.title, body: i.body ?? null, state: i.state, html_url: i.html_url,
      user: i.user, labels: ((i.labels as Item[] | undefined) ?? []).map((l) => (typeof l === 'string' ? l : l.name)),
      created_at: i.created_at, repository: `${c.owner}/${c.repo}`,
    }),
  },
  {
    slug: 'GITHUB_PULL_REQUEST_EVENT', toolkit: 'github', name: 'New pull request', tool: 'GITHUB_LIST_PULL_REQUESTS',
    description: 'Fires when a new pull request is opened in a repository.',
    config: repoConfig,
    payload: obj({
      id: { type: 'integer' }, number: { type: 'integer' }, title: S('Title'), body: S('Body', { nullable: true }), state: S('State'),
      html_url: S('URL'), user, head: S('Head branch'), base: S('Base branch'), draft: { type: 'boolean' },
      created_at: S('Creation time', { format: 'date-time' }), repository: S('owner/repo'),
    }, ['id', 'number', 'title']),
    args: (c) => ({ owner: c.owner, repo: c.repo, state: 'all', sort: 'created', direction: 'desc', per_page: 50 }),
    itemsAt: '', key: (i) => str(i.id), stamp: (i) => str(i.created_at),
    map: (i, c) => ({
      id: i.id, number: i.number, title: i.title, body: i.body ?? null, state: i.state, html_url: i.html_url, user: i.user,
      head: get(i, 'head.ref'), base: get(i, 'base.ref'), draft: !!i.draft, created_at: i.created_at, repository: `${c.owner}/${c.repo}`,
    }),
  },
  {
    slug: 'GITHUB_COMMIT_EVENT', toolkit: 'github', name: 'New commit', tool: 'GITHUB_LIST_COMMITS',
    description: 'Fires when a new commit appears on the default branch (or the branch given).',
    config: obj({ ...(repoConfig.properties as object), branch: S('Branch or SHA to watch (default branch when empty)') }, ['owner', 'repo']),
    payload: obj({
      id: S('Commit SHA'), message: S('Commit message'), author: S('Author name'), author_email: S('Author email'),
      timestamp: S('Commit time', { format: 'date-time' }), url: S('URL of the commit'), repository: S('owner/repo'),
    }, ['id', 'message']),
    args: (c) => ({ owner: c.owner, repo: c.repo, per_page: 50, ...(c.branch ? { sha: c.branch } : {}) }),
    itemsAt: '', key: (i) => str(i.sha), stamp: (i) => str(get(i, 'commit.committer.date')),
    map: (i, c) => ({
      id: i.sha, message: get(i, 'commit.message'), author: get(i, 'commit.author.name'), author_email: get(i, 'commit.author.email'),
      timestamp: get(i, 'commit.committer.date'), url: i.html_url, repository: `${c.owner}/${c.repo}`,
    }),
  },
  {
    slug: 'GITHUB_STAR_ADDED_EVENT', toolkit: 'github', name: 'New star', tool: 'GITHUB_LIST_STARGAZERS',
    description: 'Fires when someone stars the repository.',
    instructions: 'GitHub lists stargazers oldest first; this trigger reads the first 100 per poll, so very popular repositories should use the GITHUB_STAR_CREATED_EVENT webhook type.',
    config: repoConfig,
    payload: obj({ login: S('Who starred'), id: { type: 'integer' }, html_url: S('Profile URL'), repository: S('owner/repo') }, ['login']),
    args: (c) => ({ owner: c.owner, repo: c.repo, per_page: 100 }),
    itemsAt: '', key: (i) => str(i.id ?? i.login),
    map: (i, c) => ({ login: i.login, id: i.id, html_url: i.html_url, repository: `${c.owner}/${c.repo}` }),
  },
  {
    slug: 'GITHUB_ISSUE_COMMENT_ADDED_EVENT', toolkit: 'github', name: 'New issue comment', tool: 'GITHUB_LIST_ISSUE_COMMENTS_FOR_A_REPOSITORY',
    description: 'Fires when a comment is added to any issue or pull request of the repository.',
    config: repoConfig,
    payload: obj({ id: { type: 'integer' }, body: S('Comment text'), user, html_url: S('URL'), issue_url: S('API URL of the issue'), created_at: S('Time', { format: 'date-time' }) }, ['id']),
    args: (c) => ({ owner: c.owner, repo: c.repo, sort: 'created', direction: 'desc', per_page: 50 }),
    itemsAt: '', key: (i) => str(i.id), stamp: (i) => str(i.created_at),
    map: (i) => ({ id: i.id, body: i.body, user: i.user, html_url: i.html_url, issue_url: i.issue_url, created_at: i.created_at }),
  },
  {
    slug: 'GITHUB_FORK_ADDED_EVENT', toolkit: 'github', name: 'New fork', tool: 'GITHUB_LIST_FORKS',
    description: 'Fires when the repository is forked.',
    config: repoConfig,
    payload: obj({ id: { type: 'integer' }, full_name: S('owner/name of the fork'), html_url: S('URL'), owner: user, created_at: S('Time', { format: 'date-time' }) }, ['id']),
    args: (c) => ({ owner: c.owner, repo: c.repo, sort: 'newest', per_page: 50 }),
    itemsAt: '', key: (i) => str(i.id), stamp: (i) => str(i.created_at),
    map: (i) => ({ id: i.id, full_name: i.full_name, html_url: i.html_url, owner: i.owner, created_at: i.created_at }),
  },
  {
    slug: 'GMAIL_NEW_GMAIL_MESSAGE', toolkit: 'gmail', name: 'New Gmail message', tool: 'GMAIL_USERS_MESSAGES_LIST',
    description: 'Fires when a new message arrives in the mailbox (INBOX unless other labels are given).',
    config: obj({
      labelIds: S('Label to watch', { default: 'INBOX' }),
      query: S('Gmail search query to narrow the messages (e.g. "from:billing@example.com")'),
      userId: S('Mailbox; "me" is the connected account', { default: 'me' }),
    }),
    payload: obj({
      message_id: S('Message id'), thread_id: S('Thread id'), subject: S('Subject'), sender: S('From'), to: S('To'),
      message_text: S('Snippet of the text'), message_timestamp: S('Internal date (ms since epoch)'), label_ids: { type: 'array', items: { type: 'string' } },
      payload: { type: 'object', description: 'The MIME payload as Gmail returns it' },
    }, ['message_id']),
    args: (c) => ({ userId: c.userId ?? 'me', maxResults: 25, labelIds: [c.labelIds ?? 'INBOX'], ...(c.query ? { q: c.query } : {}) }),
    itemsAt: 'messages', key: (i) => str(i.id),
    enrich: { tool: 'GMAIL_USERS_MESSAGES_GET', args: (i, c) => ({ userId: c.userId ?? 'me', id: i.id, format: 'full' }) },
    map: (i) => {
      const headers = (get(i, 'payload.headers') as { name: string; value: string }[] | undefined) ?? [];
      const h = (n: string) => headers.find((x) => x.name.toLowerCase() === n)?.value;
      return {
        message_id: i.id, thread_id: i.threadId, subject: h('subject'), sender: h('from'), to: h('to'),
        message_text: i.snippet, message_timestamp: i.internalDate, label_ids: i.labelIds ?? [], payload: i.payload ?? {},
      };
    },
  },
  {
    slug: 'GOOGLECALENDAR_EVENT_CHANGED_TRIGGER', toolkit: 'googlecalendar', name: 'Event created or updated', tool: 'GOOGLECALENDAR_EVENTS_LIST',
    description: 'Fires when an event of the calendar is created or changed (each change of `updated` is one event).',
    config: obj({ calendarId: S('Calendar id', { default: 'primary' }) }),
    payload: obj({
      event_id: S('Event id'), summary: S('Title'), status: S('confirmed, tentative or cancelled'), html_link: S('URL'),
      start: { type: 'object' }, end: { type: 'object' }, created: S('Created'), updated: S('Last change'), change: S('created or updated'),
      attendees: { type: 'array', items: { type: 'object' } }, organizer: { type: 'object' },
    }, ['event_id']),
    args: (c, cur) => ({
      calendarId: c.calendarId ?? 'primary', orderBy: 'updated', showDeleted: true, singleEvents: true, maxResults: 100,
      ...(typeof cur.watermark === 'number' ? { updatedMin: new Date(cur.watermark).toISOString() } : {}),
    }),
    itemsAt: 'items', key: (i) => `${i.id}@${i.updated}`, stamp: (i) => str(i.updated),
    map: (i) => ({
      event_id: i.id, summary: i.summary, status: i.status, html_link: i.htmlLink, start: i.start ?? {}, end: i.end ?? {},
      created: i.created, updated: i.updated, change: i.created && i.updated && Math.abs(Date.parse(String(i.updated)) - Date.parse(String(i.created))) < 2000 ? 'created' : 'updated',
      attendees: i.attendees ?? [], organizer: i.organizer ?? {},
    }),
  },
  {
    slug: 'SLACK_CHANNEL_MESSAGE_POLL', toolkit: 'slack', name: 'New message in channel (polling)', tool: 'SLACK_CONVERSATIONS_HISTORY',
    description: 'Fires for each new message posted in a channel. Works with any bot/user token; no Slack app event subscription needed.',
    config: obj({ channel: S('Channel id (C…)') }, ['channel']),
    payload: obj({ channel: S('Channel id'), ts: S('Message timestamp (its id)'), text: S('Text'), user: S('Author user id'), subtype: S('Message subtype'), thread_ts: S('Thread parent ts') }, ['ts']),
    args: (c, cur) => ({ channel: c.channel, limit: 100, ...(cur.watermark !== undefined ? { oldest: Number(cur.watermark) / 1000 } : {}) }),
    itemsAt: 'messages', key: (i) => str(i.ts), stamp: (i) => (i.ts ? Math.round(Number(i.ts) * 1000) : undefined),
    map: (i, c) => ({ channel: c.channel, ts: i.ts, text: i.text, user: i.user, subtype: i.subtype, thread_ts: i.thread_ts }),
  },
  {
    slug: 'NOTION_PAGE_ADDED_TO_DATABASE', toolkit: 'notion', name: 'New page in database', tool: 'NOTION_QUERY_A_DATABASE',
    description: 'Fires when a page (row) is added to a Notion database.',
    config: obj({ database_id: S('Database id') }, ['database_id']),
    payload: obj({ page_id: S('Page id'), url: S('URL'), created_time: S('Created'), created_by: { type: 'object' }, properties: { type: 'object' } }, ['page_id']),
    args: (c) => ({ id: c.database_id }),
    itemsAt: 'results', key: (i) => str(i.id), stamp: (i) => str(i.created_time),
    map: (i) => ({ page_id: i.id, url: i.url, created_time: i.created_time, created_by: i.created_by ?? {}, properties: i.properties ?? {} }),
  },
  {
    slug: 'ASANA_TASK_ADDED_TO_PROJECT', toolkit: 'asana', name: 'New task in project', tool: 'ASANA_GET_TASKS_FROM_A_PROJECT',
    description: 'Fires when a task is added to an Asana project.',
    config: obj({ project_gid: S('Project gid') }, ['project_gid']),
    payload: obj({ gid: S('Task gid'), name: S('Name'), created_at: S('Created'), completed: { type: 'boolean' }, assignee: { type: 'object', nullable: true }, permalink_url: S('URL') }, ['gid']),
    args: (c) => ({ project_gid: c.project_gid, limit: 100, opt_fields: ['name', 'created_at', 'completed', 'assignee', 'permalink_url'] }),
    itemsAt: 'data', key: (i) => str(i.gid), stamp: (i) => str(i.created_at),
    map: (i) => ({ gid: i.gid, name: i.name, created_at: i.created_at, completed: !!i.completed, assignee: i.assignee ?? null, permalink_url: i.permalink_url }),
  },
  ...(['charge', 'customer', 'payment_intent', 'invoice'] as const).map((what): PollTypeDef => {
    const tool = { charge: 'STRIPE_GET_CHARGES', customer: 'STRIPE_GET_CUSTOMERS', payment_intent: 'STRIPE_GET_PAYMENT_INTENTS', invoice: 'STRIPE_GET_INVOICES' }[what];
    const label = what.replace('_', ' ');
    return {
      slug: `STRIPE_NEW_${what.toUpperCase()}_POLL`, toolkit: 'stripe', name: `New ${label}`, tool,
      description: `Fires when a new ${label} is created in the Stripe account (polling; the STRIPE_${what.toUpperCase()}_…_EVENT webhook types are instant).`,
      config: obj({}),
      payload: obj({ id: S(`${label} id`), object: S('Object type'), created: { type: 'integer' }, livemode: { type: 'boolean' }, object_data: { type: 'object', description: `The full ${label}` } }, ['id']),
      args: () => ({ limit: 50 }),
      itemsAt: 'data', key: (i) => str(i.id), stamp: (i) => (typeof i.created === 'number' ? i.created * 1000 : undefined),
      map: (i) => ({ id: i.id, object: i.object, created: i.created, livemode: i.livemode, object_data: i }),
    };
  }),
  {
    slug: 'TRELLO_CARD_ADDED_TO_BOARD', toolkit: 'trello', name: 'New card on board', tool: 'TRELLO_GET_BOARDS_CARDS_BY_ID_BOARD',
    description: 'Fires when a card is added to a Trello board.',
    config: obj({ board_id: S('Board id') }, ['board_id']),
    payload: obj({ id: S('Card id'), name: S('Name'), desc: S('Description'), url: S('URL'), id_list: S('List id') }, ['id']),
    args: (c) => ({ idBoard: c.board_id, filter: 'all' }),
    // Trello ids start with the creation time (first 8 hex digits = Unix seconds)
    itemsAt: '', key: (i) => str(i.id), stamp: (i) => (typeof i.id === 'string' && /^[0-9a-f]{8}/.test(i.id) ? Number.parseInt(i.id.slice(0, 8), 16) * 1000 : undefined),
    map: (i) => ({ id: i.id, name: i.name, desc: i.desc, url: i.url, id_list: i.idList }),
  },
  {
    slug: 'GITLAB_NEW_ISSUE_POLL', toolkit: 'gitlab', name: 'New issue', tool: 'GITLAB_GET_A_LIST_OF_PROJECT_ISSUES',
    description: 'Fires when an issue is opened in a GitLab project.',
    config: obj({ project_id: S('Project id or URL-encoded path') }, ['project_id']),
    payload: obj({ id: { type: 'integer' }, iid: { type: 'integer' }, title: S('Title'), description: S('Body', { nullable: true }), web_url: S('URL'), author: { type: 'object' }, created_at: S('Created') }, ['id']),
    args: (c) => ({ id: c.project_id, order_by: 'created_at', sort: 'desc', per_page: 50, state: 'all' }),
    itemsAt: '', key: (i) => str(i.id), stamp: (i) => str(i.created_at),
    map: (i) => ({ id: i.id, iid: i.iid, title: i.title, description: i.description ?? null, web_url: i.web_url, author: i.author ?? {}, created_at: i.created_at }),
  },
  {
    slug: 'GITLAB_NEW_MERGE_REQUEST_POLL', toolkit: 'gitlab', name: 'New merge request', tool: 'GITLAB_LIST_MERGE_REQUESTS',
    description: 'Fires when a merge request is opened in a GitLab project.',
    config: obj({ project_id: S('Project id or URL-encoded path') }, ['project_id']),
    payload: obj({ id: { type: 'integer' }, iid: { type: 'integer' }, title: S('Title'), source_branch: S('Source'), target_branch: S('Target'), web_url: S('URL'), author: { type: 'object' }, created_at: S('Created') }, ['id']),
    args: (c) => ({ id: c.project_id, order_by: 'created_at', sort: 'desc', per_page: 50, state: 'all' }),
    itemsAt: '', key: (i) => str(i.id), stamp: (i) => str(i.created_at),
    map: (i) => ({ id: i.id, iid: i.iid, title: i.title, source_branch: i.source_branch, target_branch: i.target_branch, web_url: i.web_url, author: i.author ?? {}, created_at: i.created_at }),
  },
  {
    slug: 'JIRA_NEW_ISSUE_POLL', toolkit: 'jira', name: 'New issue', tool: 'JIRA_SEARCH_FOR_ISSUES_USING_JQL_GET',
    description: 'Fires when an issue is created in a Jira project (or matching a JQL filter).',
    config: obj({ project_key: S('Project key (e.g. ENG)'), jql: S('Extra JQL conditions, ANDed') }),
    payload: obj({ id: S('Issue id'), key: S('Issue key'), summary: S('Summary'), status: S('Status'), created: S('Created'), self: S('API URL') }, ['id', 'key']),
    args: (c) => ({
      jql: [c.project_key ? `project = "${String(c.project_key).replace(/"/g, '')}"` : '', c.jql ? `(${c.jql})` : ''].filter(Boolean).join(' AND ') + ' ORDER BY created DESC',
      maxResults: 50, fields: ['summary', 'status', 'created'],
    }),
    itemsAt: 'issues', key: (i) => str(i.id), stamp: (i) => str(get(i, 'fields.created')),
    map: (i) => ({ id: i.id, key: i.key, summary: get(i, 'fields.summary'), status: get(i, 'fields.status.name'), created: get(i, 'fields.created'), self: i.self }),
  },
  {
    slug: 'GOOGLETASKS_NEW_TASK_POLL', toolkit: 'googletasks', name: 'New task', tool: 'GOOGLETASKS_TASKS_LIST',
    description: 'Fires when a task is added to a Google Tasks list.',
    config: obj({ tasklist: S('Task list id', { default: '@default' }) }),
    payload: obj({ id: S('Task id'), title: S('Title'), notes: S('Notes'), status: S('needsAction or completed'), due: S('Due'), updated: S('Updated') }, ['id']),
    args: (c) => ({ tasklist: c.tasklist ?? '@default', maxResults: 100, showCompleted: true, showHidden: true }),
    itemsAt: 'items', key: (i) => str(i.id),
    map: (i) => ({ id: i.id, title: i.title, notes: i.notes, status: i.status, due: i.due, updated: i.updated }),
  },
  {
    slug: 'GOOGLEDRIVE_NEW_FILE_POLL', toolkit: 'googledrive', name: 'New file', tool: 'GOOGLEDRIVE_FILES_LIST',
    description: 'Fires when a file is created in Google Drive (optionally inside one folder).',
    config: obj({ folder_id: S('Only files in this folder') }),
    payload: obj({ id: S('File id'), name: S('Name'), mime_type: S('MIME type'), created_time: S('Created'), web_view_link: S('URL') }, ['id']),
    args: (c) => ({
      orderBy: 'createdTime desc', pageSize: 50,
      q: ['trashed = false', c.folder_id ? `'${String(c.folder_id).replace(/'/g, '')}' in parents` : ''].filter(Boolean).join(' and '),
    }),
    itemsAt: 'files', key: (i) => str(i.id), stamp: (i) => str(i.createdTime),
    map: (i) => ({ id: i.id, name: i.name, mime_type: i.mimeType, created_time: i.createdTime, web_view_link: i.webViewLink }),
  },
];
