/**
 * Jira Cloud in the hosted vocabulary, on the site's REST API v3 (/rest/api/3), Jira Software's
 * agile API (/rest/agile/1.0) and Jira Service Management (/rest/servicedeskapi). The base URL
 * depends on the connection: email + API token (Basic) talks to the site,
 * https://<subdomain>.atlassian.net; OAuth 2.0 talks to Atlassian's gateway,
 * https://api.atlassian.com/ex/jira/<cloud id>, with the cloud id found after the token exchange
 * (atlassian.ts); a base_url override wins over both. Paths are the same either way. Hosted arguments are
 * snake_case; Jira's own camelCase spellings are accepted too. Composites do the work agents
 * should not: text → Atlassian Document Format, people by email → accountId, transitions by name,
 * structured filters → JQL, files in and out of staged storage.
 */
import { composite, s } from './define';
import { adfText, toAdf } from './jira-adf';
import { AGILE, API, issueFields, jiraTimestamp, resolveAccountId, resolveTransition } from './jira-helpers';
import { acceptCamel, camel, restMapping, type RestDef } from './rest-mapping';
import { ToolArgumentError, ToolFailure, type CuratedTool, type FileDescriptor } from './types';
import { params } from './define';

const t = (def: RestDef): CuratedTool =>
  restMapping(
    { ...def, tags: def.tags ?? ['jira'], normalize: def.normalize ?? acceptCamel(Object.keys(def.input ?? {})) },
    camel,
    'jira',
  );

/** comma-join list arguments sent in a query string (Jira reads `fields=a,b`) */
const joinList =
  (...keys: string[]) =>
  (a: Record<string, unknown>) => {
    const out = { ...a };
    for (const k of keys) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).join(',');
    return out;
  };

const ISSUE = s.string('Issue key such as PROJ-123, or the numeric issue id', { examples: ['PROJ-123'] });
const PROJECT = s.string('Project key such as PROJ, or the numeric project id', { examples: ['PROJ'] });
const START_AT = s.integer('Index of the first item to return (0-based), for paging', { default: 0 });
const MAX = (d = 50) => s.integer('Page size', { default: d });
const EXPAND = s.string('Comma-separated extra parts to include (Jira `expand`)');
const FIELDS = s.strings('Fields to return, e.g. ["summary","status","assignee"]; "*all" for every field');
const TEXT = (what: string) =>
  s.string(
    `${what}: plain text or light markdown (converted to Atlassian Document Format), or an ADF document as JSON`,
  );
const camelAll = (keys: string[]) => acceptCamel(keys);

// ---------------------------------------------------------------- issues (composites) -----

const ISSUE_FIELDS_INPUT = {
  project_key: s.string('Project key (e.g. PROJ) or numeric id', { examples: ['PROJ'] }),
  summary: s.string('One-line title of the issue'),
  issue_type: s.string('Issue type name (Task, Bug, Story, Epic, Subtask) or its id', { default: 'Task' }),
  description: TEXT('Body of the issue'),
  assignee: s.string('Who to assign: accountId, email address or display name'),
  reporter: s.string('Reporter: accountId, email address or display name'),
  priority: s.string('Priority name (Highest, High, Medium, Low, Lowest) or id'),
  labels: s.strings('Labels; created on the fly if new'),
  due_date: s.string('Due date, YYYY-MM-DD', { format: 'date' }),
  parent: s.string('Parent issue key (epic, or the parent of a subtask)'),
  components: s.strings('Component names or ids (must exist in the project)'),
  fix_versions: s.strings('Fix version names or ids'),
  versions: s.strings('Affected version names or ids'),
  environment: TEXT('Environment'),
  additional_properties: s.string(
    'Other fields as a JSON object, e.g. {"customfield_10010": "value"} (field ids from JIRA_GET_FIELDS)',
  ),
};

const createIssue = composite({
  slug: 'JIRA_CREATE_ISSUE',
  name: 'Create issue',
  important: true,
  tags: ['jira', 'issues'],
  description:
    'Create a Jira issue (task, bug, story, epic or subtask) in a project. Pass project_key, summary and issue_type; the description may be plain text or markdown and is turned into Jira rich text for you. assignee/reporter take an email or name as well as an accountId. Custom fields go in additional_properties as JSON. Returns id, key (PROJ-123) and self; a project that requires more fields answers with their names — discover them with JIRA_GET_CREATE_METADATA_ISSUE_TYPE_FIELDS.',
  input: params(ISSUE_FIELDS_INPUT, ['project_key', 'summary']),
  output: params({ id: s.string('Issue id'), key: s.string('Issue key, e.g. PROJ-123'), self: s.string('API URL') }),
  normalize: camelAll(['project_key', 'issue_type', 'due_date', 'fix_versions', 'additional_properties']),
  async run(ctx, a) {
    const fields = await issueFields(ctx, { issue_type: 'Task', ...a });
    return ctx.json({ method: 'POST', path: `${API}/issue`, body: { fields } });
  },
});

const bulkCreate = composite({
  slug: 'JIRA_BULK_CREATE_ISSUE',
  name: 'Create issues in bulk',
  tags: ['jira', 'issues'],
  description:
    'Create up to 50 Jira issues in one request. Each entry of issues takes the same fields as JIRA_CREATE_ISSUE (project_key, summary, issue_type, description as text, assignee by email or id, priority, labels, …). Returns issues (id, key) and errors for the entries Jira refused, by position.',
  input: params(
    {
      issues: s.array(
        s.object(ISSUE_FIELDS_INPUT, 'One issue, as for JIRA_CREATE_ISSUE', { required: ['summary'] }),
        'The issues to create (1–50)',
      ),
      project_key: s.string('Default project for entries without their own project_key'),
    },
    ['issues'],
  ),
  async run(ctx, a) {
    const items = a.issues as Record<string, unknown>[];
    if (!Array.isArray(items) || !items.length || items.length > 50)
      throw new ToolArgumentError('issues must hold between 1 and 50 issues');
    const issueUpdates = [];
    for (const it of items)
      issueUpdates.push({ fields: await issueFields(ctx, { issue_type: 'Task', project_key: a.project_key, ...it }) });
    return ctx.json({ method: 'POST', path: `${API}/issue/bulk`, body: { issueUpdates } });
  },
});

const editIssue = composite({
  slug: 'JIRA_EDIT_ISSUE',
  name: 'Edit issue',
  important: true,
  tags: ['jira', 'issues'],
  description:
    'Change fields of an existing issue: summary, description (plain text or markdown), assignee (email, name or accountId), priority, labels, due date, components, versions, parent, or any field through fields / additional_properties (JSON with customfield ids). The flat arguments override the same keys in fields. Use update for add/remove operations (e.g. {"labels":[{"add":"urgent"}]}). Status changes are not edits: use JIRA_TRANSITION_ISSUE. Returns {issue_id_or_key, updated:true}.',
  input: params(
    {
      issue_id_or_key: ISSUE,
      ...Object.fromEntries(Object.entries(ISSUE_FIELDS_INPUT).filter(([k]) => k !== 'project_key')),
      issue_type: s.string('New issue type name or id'),
      fields: s.object({}, 'Raw Jira fields to set, e.g. {"customfield_10010": 5}', { additionalProperties: true }),
      update: s.object({}, 'Jira update operations, e.g. {"labels":[{"add":"urgent"}]}', {
        additionalProperties: true,
      }),
      notify_users: s.boolean('Send the usual notification emails', { default: true }),
    },
    ['issue_id_or_key'],
  ),
  normalize: camelAll([
    'issue_id_or_key',
    'issue_type',
    'due_date',
    'fix_versions',
    'additional_properties',
    'notify_users',
  ]),
  async run(ctx, a) {
    const fields = await issueFields(ctx, a);
    const body: Record<string, unknown> = { fields };
    if (a.update) body.update = a.update;
    if (!Object.keys(fields).length && !a.update)
      throw new ToolArgumentError('nothing to change: pass at least one field');
    await ctx.json({
      method: 'PUT',
      path: `${API}/issue/${encodeURIComponent(String(a.issue_id_or_key))}`,
      query: { notifyUsers: a.notify_users === false ? false : undefined },
      body,
    });
    return { issue_id_or_key: a.issue_id_or_key, updated: true };
  },
});

const transitionIssue = composite({
  slug: 'JIRA_TRANSITION_ISSUE',
  name: 'Transition issue (change status)',
  important: true,
  tags: ['jira', 'issues', 'workflow'],
  description:
    'Move an issue through its workflow, e.g. To Do → In Progress → Done. transition_id_or_name takes the transition id from JIRA_GET_TRANSITIONS or simply a name — the transition name or the target status ("Done") — which is looked up for this issue. Optionally set a resolution, reassign (email, name or accountId), add a comment (plain text) and set fields that are on the transition screen. Returns {issue_id_or_key, transition_id}.',
  input: params(
    {
      issue_id_or_key: ISSUE,
      transition_id_or_name: s.string('Transition id (e.g. "31") or name / target status (e.g. "Done")'),
      comment: TEXT('Comment added with the transition'),
      resolution: s.string("Resolution name when closing, e.g. Done, Fixed, Won't Do"),
      assignee: s.string('New assignee: accountId, email or display name'),
      fields: s.object({}, 'Other fields on the transition screen', { additionalProperties: true }),
    },
    ['issue_id_or_key', 'transition_id_or_name'],
  ),
  normalize: (a) => {
    const out = camelAll(['issue_id_or_key', 'transition_id_or_name'])(a);
    if (out.transition_id_or_name === undefined && (out.transition_id ?? out.transition_name) !== undefined) {
      out.transition_id_or_name = out.transition_id ?? out.transition_name;
      delete out.transition_id;
      delete out.transition_name;
    }
    return out;
  },
  async run(ctx, a) {
    const issue = String(a.issue_id_or_key);
    const id = await resolveTransition(ctx, issue, String(a.transition_id_or_name));
    const fields: Record<string, unknown> = { ...((a.fields as object) ?? {}) };
    if (a.resolution) fields.resolution = { name: a.resolution };
    if (a.assignee) fields.assignee = { accountId: await resolveAccountId(ctx, String(a.assignee)) };
    const body: Record<string, unknown> = { transition: { id } };
    if (Object.keys(fields).length) body.fields = fields;
    if (a.comment) body.update = { comment: [{ add: { body: toAdf(a.comment) } }] };
    await ctx.json({ method: 'POST', path: `${API}/issue/${encodeURIComponent(issue)}/transitions`, body });
    return { issue_id_or_key: issue, transition_id: id };
  },
});

const assignIssue = composite({
  slug: 'JIRA_ASSIGN_ISSUE',
  name: 'Assign issue',
  important: true,
  tags: ['jira', 'issues', 'users'],
  description:
    'Set who works on an issue. Give account_id, or assignee_name / email to look the person up; account_id "-1" hands it to the project\'s default assignee; passing nobody (or unassign:true) leaves it unassigned. Returns {issue_id_or_key, account_id}.',
  input: params(
    {
      issue_id_or_key: ISSUE,
      account_id: s.string('accountId of the assignee; "-1" for the project default'),
      assignee_name: s.string('Display name or email of the assignee, looked up for you'),
      email: s.string('Email of the assignee, looked up for you', { format: 'email' }),
      unassign: s.boolean('Remove the assignee'),
    },
    ['issue_id_or_key'],
  ),
  normalize: camelAll(['issue_id_or_key', 'account_id', 'assignee_name']),
  async run(ctx, a) {
    const who = a.unassign ? undefined : ((a.account_id ?? a.email ?? a.assignee_name) as string | undefined);
    const accountId = who ? await resolveAccountId(ctx, who) : null;
    await ctx.json({
      method: 'PUT',
      path: `${API}/issue/${encodeURIComponent(String(a.issue_id_or_key))}/assignee`,
      body: { accountId },
    });
    return { issue_id_or_key: a.issue_id_or_key, account_id: accountId };
  },
});

// ---------------------------------------------------------------- search -----

const quote = (v: unknown) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const inList = (v: unknown) => [v].flat().map(quote).join(', ');

const searchIssues = composite({
  slug: 'JIRA_SEARCH_ISSUES',
  name: 'Search issues',
  important: true,
  tags: ['jira', 'issues', 'search'],
  description:
    'Find issues without writing JQL: filter by project, assignee ("currentUser()" or an email/name/accountId), status, issue type, labels, priority, free text, and created/updated dates — or pass jql directly (the filters are ANDed to it). Returns issues (key, fields), plus next_page_token when more results exist; pass it back to get the next page. Read one issue fully with JIRA_GET_ISSUE.',
  input: params({
    jql: s.string('JQL to start from, e.g. project = PROJ AND status = "In Progress"'),
    project_key: s.string('Project key'),
    assignee: s.string('accountId, email, display name, or currentUser()'),
    status: s.strings('Status names, e.g. ["To Do","In Progress"]'),
    issue_type: s.strings('Issue type names'),
    labels: s.strings('Labels (any of)'),
    priority: s.strings('Priority names'),
    text: s.string('Free text matched against summary, description and comments'),
    created_after: s.string('Created on or after, YYYY-MM-DD or relative like -7d'),
    updated_after: s.string('Updated on or after, YYYY-MM-DD or relative like -7d'),
    order_by: s.string('JQL ORDER BY clause body', { default: 'updated DESC' }),
    fields: FIELDS,
    max_results: MAX(50),
    next_page_token: s.string('Token from the previous page'),
  }),
  normalize: camelAll([
    'project_key',
    'issue_type',
    'created_after',
    'updated_after',
    'order_by',
    'max_results',
    'next_page_token',
  ]),
  async run(ctx, a) {
    const parts: string[] = [];
    if (a.jql) parts.push(`(${String(a.jql).replace(/\s+order\s+by\s+.*$/i, '')})`);
    if (a.project_key) parts.push(`project = ${quote(a.project_key)}`);
    if (a.assignee) {
      const who = String(a.assignee);
      parts.push(`assignee = ${/\(\)$/.test(who) ? who : quote(await resolveAccountId(ctx, who))}`);
    }
    if (a.status) parts.push(`status IN (${inList(a.status)})`);
    if (a.issue_type) parts.push(`issuetype IN (${inList(a.issue_type)})`);
    if (a.labels) parts.push(`labels IN (${inList(a.labels)})`);
    if (a.priority) parts.push(`priority IN (${inList(a.priority)})`);
    if (a.text) parts.push(`text ~ ${quote(a.text)}`);
    if (a.created_after) parts.push(`created >= ${quote(a.created_after)}`);
    if (a.updated_after) parts.push(`updated >= ${quote(a.updated_after)}`);
    if (!parts.length)
      throw new ToolArgumentError('give jql or at least one filter (project_key, assignee, status, …)');
    const jql = `${parts.join(' AND ')} ORDER BY ${a.order_by ?? 'updated DESC'}`;
    const fields = (a.fields as string[] | undefined) ?? [
      'summary',
      'status',
      'assignee',
      'priority',
      'issuetype',
      'updated',
    ];
    const res = await ctx.json<{ issues?: unknown[]; nextPageToken?: string; isLast?: boolean }>({
      method: 'POST',
      path: `${API}/search/jql`,
      body: { jql, fields, maxResults: a.max_results ?? 50, nextPageToken: a.next_page_token },
    });
    return {
      jql,
      issues: res.issues ?? [],
      next_page_token: res.nextPageToken ?? null,
      is_last: res.isLast ?? !res.nextPageToken,
    };
  },
});

// ---------------------------------------------------------------- comments, worklogs (text → ADF) -----

const addComment = composite({
  slug: 'JIRA_ADD_COMMENT',
  name: 'Add comment',
  important: true,
  tags: ['jira', 'comments'],
  description:
    'Post a comment on an issue. Write comment as plain text or light markdown (paragraphs, lists, **bold**, `code`, links); it is converted to Jira rich text. Optionally restrict who sees it with visibility_type (role or group) and visibility_value. Returns the comment (id, author, created).',
  input: params(
    {
      issue_id_or_key: ISSUE,
      comment: TEXT('Comment text'),
      visibility_type: s.enum(['role', 'group'], 'Restrict visibility to a project role or a group'),
      visibility_value: s.string('Role or group name for visibility_type'),
    },
    ['issue_id_or_key', 'comment'],
  ),
  normalize: camelAll(['issue_id_or_key', 'visibility_type', 'visibility_value']),
  async run(ctx, a) {
    const body: Record<string, unknown> = { body: toAdf(a.comment) };
    if (a.visibility_type && a.visibility_value)
      body.visibility = { type: a.visibility_type, value: a.visibility_value };
    return ctx.json({
      method: 'POST',
      path: `${API}/issue/${encodeURIComponent(String(a.issue_id_or_key))}/comment`,
      body,
    });
  },
});

const updateComment = composite({
  slug: 'JIRA_UPDATE_COMMENT',
  name: 'Update comment',
  tags: ['jira', 'comments'],
  description:
    'Replace the text (plain text or markdown, converted for Jira) and optionally the visibility of an existing comment. Comment ids come from JIRA_LIST_ISSUE_COMMENTS. Returns the updated comment.',
  input: params(
    {
      issue_id_or_key: ISSUE,
      comment_id: s.string('Comment id'),
      comment: TEXT('New comment text'),
      visibility_type: s.enum(['role', 'group'], 'Restrict visibility to a project role or a group'),
      visibility_value: s.string('Role or group name'),
      notify_users: s.boolean('Notify watchers', { default: true }),
    },
    ['issue_id_or_key', 'comment_id', 'comment'],
  ),
  normalize: camelAll(['issue_id_or_key', 'comment_id', 'visibility_type', 'visibility_value', 'notify_users']),
  async run(ctx, a) {
    const body: Record<string, unknown> = { body: toAdf(a.comment) };
    if (a.visibility_type && a.visibility_value)
      body.visibility = { type: a.visibility_type, value: a.visibility_value };
    return ctx.json({
      method: 'PUT',
      path: `${API}/issue/${encodeURIComponent(String(a.issue_id_or_key))}/comment/${encodeURIComponent(String(a.comment_id))}`,
      query: { notifyUsers: a.notify_users === false ? false : undefined },
      body,
    });
  },
});

const listIssueComments = composite({
  slug: 'JIRA_LIST_ISSUE_COMMENTS',
  name: 'List issue comments',
  important: true,
  tags: ['jira', 'comments'],
  description:
    "Read the comments of an issue, oldest first by default, with each comment's plain text added as `text` beside Jira's rich-text body. Page with start_at/max_results until start_at + max_results reaches total.",
  input: params(
    {
      issue_id_or_key: ISSUE,
      start_at: START_AT,
      max_results: MAX(50),
      order_by: s.enum(['created', '-created'], 'Sort by creation time; -created for newest first'),
      expand: EXPAND,
    },
    ['issue_id_or_key'],
  ),
  normalize: camelAll(['issue_id_or_key', 'start_at', 'max_results', 'order_by']),
  async run(ctx, a) {
    const res = await ctx.json<{
      comments?: { body?: unknown }[];
      total?: number;
      startAt?: number;
      maxResults?: number;
    }>({
      method: 'GET',
      path: `${API}/issue/${encodeURIComponent(String(a.issue_id_or_key))}/comment`,
      query: {
        startAt: a.start_at as number,
        maxResults: a.max_results as number,
        orderBy: a.order_by as string,
        expand: a.expand as string,
      },
    });
    const comments = (res.comments ?? []).map((c) => ({ ...c, text: adfText(c.body).trim() }));
    return { ...res, comments };
  },
});

const addWorklog = composite({
  slug: 'JIRA_ADD_WORKLOG',
  name: 'Log work',
  important: true,
  tags: ['jira', 'worklogs'],
  description:
    'Record time spent on an issue: time_spent in Jira notation ("2h 30m", "1d") or time_spent_seconds, when it started (ISO date-time, default now) and an optional comment in plain text. adjust_estimate controls the remaining estimate (auto, new with new_estimate, manual with reduce_by, leave). Returns the worklog (id, timeSpentSeconds).',
  input: params(
    {
      issue_id_or_key: ISSUE,
      time_spent: s.string('Time spent, e.g. "3h 20m" or "1d"'),
      time_spent_seconds: s.integer('Time spent in seconds (instead of time_spent)'),
      started: s.string('When the work started, ISO 8601 (default: now)', { format: 'date-time' }),
      comment: TEXT('Worklog comment'),
      adjust_estimate: s.enum(['auto', 'new', 'manual', 'leave'], 'How to update the remaining estimate', {
        default: 'auto',
      }),
      new_estimate: s.string('Remaining estimate to set when adjust_estimate is new, e.g. "2d"'),
      reduce_by: s.string('Amount to take off the remaining estimate when adjust_estimate is manual'),
    },
    ['issue_id_or_key'],
  ),
  normalize: camelAll([
    'issue_id_or_key',
    'time_spent',
    'time_spent_seconds',
    'adjust_estimate',
    'new_estimate',
    'reduce_by',
  ]),
  async run(ctx, a) {
    if (!a.time_spent && a.time_spent_seconds === undefined)
      throw new ToolArgumentError('give time_spent (e.g. "2h") or time_spent_seconds');
    const body: Record<string, unknown> = { started: jiraTimestamp(a.started, ctx.now()) };
    if (a.time_spent) body.timeSpent = a.time_spent;
    else body.timeSpentSeconds = a.time_spent_seconds;
    if (a.comment) body.comment = toAdf(a.comment);
    return ctx.json({
      method: 'POST',
      path: `${API}/issue/${encodeURIComponent(String(a.issue_id_or_key))}/worklog`,
      query: {
        adjustEstimate: a.adjust_estimate as string,
        newEstimate: a.new_estimate as string,
        reduceBy: a.reduce_by as string,
      },
      body,
    });
  },
});

// ---------------------------------------------------------------- files -----

const addAttachment = composite({
  slug: 'JIRA_ADD_ATTACHMENT',
  name: 'Add attachment',
  tags: ['jira', 'attachments', 'files'],
  description:
    'Attach a staged file (upload it first with POST /api/v3/files/upload/request, then pass {name, mimetype, s3key}) to an issue. Returns the created attachment(s): id, filename, size, content URL.',
  input: params(
    {
      issue_id_or_key: ISSUE,
      attachment: s.file('The file to attach'),
      file_name: s.string('File name to use instead of the staged name'),
    },
    ['issue_id_or_key', 'attachment'],
  ),
  normalize: camelAll(['issue_id_or_key', 'file_name']),
  async run(ctx, a) {
    const file = await ctx.readFile(a.attachment as FileDescriptor);
    const name = String(a.file_name ?? file.name ?? 'file').replace(/["\r\n]/g, '_');
    const boundary = `----junction${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${file.mimetype || 'application/octet-stream'}\r\n\r\n`,
    );
    const body = Buffer.concat([head, file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await ctx.json<unknown[]>({
      method: 'POST',
      path: `${API}/issue/${encodeURIComponent(String(a.issue_id_or_key))}/attachments`,
      rawBody: body,
      contentType: `multipart/form-data; boundary=${boundary}`,
      // Jira refuses multipart posts without it (XSRF check)
      headers: { 'X-Atlassian-Token': 'no-check' },
    });
    return { attachments: res };
  },
});

const getAttachment = composite({
  slug: 'JIRA_GET_ATTACHMENT',
  name: 'Download attachment',
  tags: ['jira', 'attachments', 'files'],
  description:
    "Download an issue attachment into a staged file. attachment_id is in the issue's fields.attachment list (JIRA_GET_ISSUE). Returns file {name, mimetype, s3url, size} — fetch s3url to read the bytes — and the attachment metadata.",
  input: params({ attachment_id: s.string('Attachment id') }, ['attachment_id']),
  normalize: camelAll(['attachment_id']),
  async run(ctx, a) {
    const id = encodeURIComponent(String(a.attachment_id));
    const meta = await ctx.json<{ filename?: string; mimeType?: string; size?: number }>({
      method: 'GET',
      path: `${API}/attachment/${id}`,
    });
    const res = await ctx.call({ method: 'GET', path: `${API}/attachment/content/${id}` });
    if (!res.ok)
      throw new ToolFailure(`Jira answered ${res.status} for the attachment content`, { status_code: res.status });
    const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
    const file = await ctx.stageFile(
      bytes,
      meta.filename ?? `attachment-${a.attachment_id}`,
      meta.mimeType ?? res.contentType,
    );
    return { file, attachment: meta };
  },
});

const avatarImage = (
  slug: string,
  name: string,
  path: string,
  input: Record<string, unknown>,
  required: string[],
  description: string,
) =>
  composite({
    slug,
    name,
    tags: ['jira', 'avatars'],
    description,
    input: params(input, required),
    normalize: camelAll(Object.keys(input)),
    async run(ctx, a) {
      const p = path.replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(String(a[k])));
      const res = await ctx.call({
        method: 'GET',
        path: p,
        query: { size: a.size as string, format: a.format as string },
      });
      if (!res.ok) throw new ToolFailure(`Jira answered ${res.status} for the avatar`, { status_code: res.status });
      const type = res.contentType.split(';')[0] || 'image/png';
      const ext = type.includes('svg') ? 'svg' : 'png';
      const bytes = res.binary ?? Buffer.from(String(res.body ?? ''));
      return { file: await ctx.stageFile(bytes, `${a.type}-avatar.${ext}`, type) };
    },
  });

const AVATAR_TYPE = s.enum(['project', 'issuetype', 'priority'], 'Kind of entity the avatar belongs to');
const AVATAR_SIZE = s.enum(['xsmall', 'small', 'medium', 'large', 'xlarge'], 'Image size');
const AVATAR_FORMAT = s.enum(['png', 'svg'], 'Image format');

// ---------------------------------------------------------------- everything else: one request each -----

const mappings: CuratedTool[] = [
  // issues
  t({
    slug: 'JIRA_GET_ISSUE',
    name: 'Get issue',
    important: true,
    method: 'GET',
    path: `${API}/issue/{issue_id_or_key}`,
    input: {
      issue_id_or_key: ISSUE,
      fields: FIELDS,
      expand: EXPAND,
      properties: s.strings('Issue property keys to include'),
      fields_by_keys: s.boolean('Treat fields as field keys'),
      update_history: s.boolean("Add the issue to the user's history"),
    },
    prepare: joinList('fields', 'properties'),
    description:
      'Read one issue: summary, status, assignee, description (rich text), comments, attachments and any custom field. Narrow with fields (e.g. ["summary","status"]) to keep the answer small; expand "renderedFields" for HTML, "changelog" for history, "transitions" for the moves available now.',
  }),
  t({
    slug: 'JIRA_GET_ISSUE_CREATE_METADATA',
    name: 'Get create metadata (legacy)',
    deprecated: true,
    method: 'GET',
    path: `${API}/issue/createmeta`,
    input: {
      project_ids: s.strings('Project ids'),
      project_keys: s.strings('Project keys'),
      issuetype_ids: s.strings('Issue type ids'),
      issuetype_names: s.strings('Issue type names'),
      expand: EXPAND,
    },
    prepare: joinList('project_ids', 'project_keys', 'issuetype_ids', 'issuetype_names'),
    rename: { issuetype_ids: 'issuetypeIds', issuetype_names: 'issuetypeNames' },
    required: [],
    description:
      'Older all-in-one create metadata (projects → issue types → fields with expand=projects.issuetypes.fields). Prefer JIRA_GET_CREATE_METADATA_ISSUE_TYPE_FIELDS.',
  }),
  t({
    slug: 'JIRA_SEND_NOTIFICATION_FOR_ISSUE',
    name: 'Send issue notification',
    method: 'POST',
    path: `${API}/issue/{issue_id_or_key}/notify`,
    input: {
      issue_id_or_key: ISSUE,
      subject: s.string('Email subject'),
      text_body: s.string('Plain-text body'),
      html_body: s.string('HTML body'),
      to_reporter: s.boolean('Send to the reporter'),
      to_assignee: s.boolean('Send to the assignee'),
      to_watchers: s.boolean('Send to watchers'),
      to_voters: s.boolean('Send to voters'),
      to_account_ids: s.strings('Also send to these accountIds'),
      to_group_names: s.strings('Also send to these groups'),
    },
    body: (a) => ({
      subject: a.subject,
      textBody: a.text_body,
      htmlBody: a.html_body,
      to: {
        reporter: a.to_reporter,
        assignee: a.to_assignee,
        watchers: a.to_watchers,
        voters: a.to_voters,
        users: (a.to_account_ids as string[] | undefined)?.map((accountId) => ({ accountId })),
        groups: (a.to_group_names as string[] | undefined)?.map((name) => ({ name })),
      },
    }),
    description:
      'Email people about an issue from Jira (queued by Jira): choose recipients among reporter, assignee, watchers, voters, specific accountIds or groups, with a subject and text or HTML body. Returns nothing on success.',
  }),
  t({
    slug: 'JIRA_CREATE_ISSUE_LINK',
    name: 'Link issues',
    method: 'POST',
    path: `${API}/issueLink`,
    input: {
      link_type: s.string('Link type name, e.g. Blocks, Relates, Duplicates, Cloners (JIRA_GET_ISSUE_LINK_TYPES)'),
      inward_issue_key: s.string('Issue on the inward side (e.g. the one that "is blocked by")'),
      outward_issue_key: s.string('Issue on the outward side (e.g. the one that "blocks")'),
      comment: TEXT('Comment added to the outward issue'),
    },
    required: ['link_type', 'inward_issue_key', 'outward_issue_key'],
    body: (a) => ({
      type: { name: a.link_type },
      inwardIssue: { key: a.inward_issue_key },
      outwardIssue: { key: a.outward_issue_key },
      ...(a.comment ? { comment: { body: toAdf(a.comment) } } : {}),
    }),
    description:
      "Relate two issues with a link type such as Blocks or Relates (outward_issue_key blocks inward_issue_key). Optionally comment. Returns nothing on success; the link shows in both issues' issuelinks field.",
  }),
  t({
    slug: 'JIRA_LIST_COMMENTS',
    name: 'Get comments by id',
    method: 'POST',
    path: `${API}/comment/list`,
    input: {
      ids: s.array(s.integer('Comment id'), 'Comment ids (up to 1000)'),
      expand: s.string('"renderedBody" and/or "properties"'),
    },
    query: ['expand'],
    required: ['ids'],
    description: 'Fetch many comments at once by their ids, across issues. Returns a page of comments.',
  }),
  // projects
  t({
    slug: 'JIRA_GET_ALL_PROJECTS',
    name: 'List projects',
    important: true,
    method: 'GET',
    path: `${API}/project/search`,
    input: {
      query: s.string('Text matched against project key and name'),
      start_at: START_AT,
      max_results: MAX(50),
      order_by: s.string('key, name, category, owner, issueCount, lastIssueUpdatedTime (prefix - for descending)'),
      type_key: s.string('business, service_desk or software'),
      category_id: s.integer('Project category id'),
      action: s.enum(['view', 'browse', 'edit', 'create'], 'Only projects where the user may do this'),
      status: s.strings('live, archived, deleted'),
      expand: EXPAND,
    },
    prepare: joinList('status'),
    description:
      'Projects the user can see, paged: values with id, key, name, projectTypeKey; isLast tells whether more pages exist. Use key as project_key elsewhere.',
  }),
  t({
    slug: 'JIRA_LIST_ALL_PROJECTS',
    name: 'List all projects (unpaged)',
    deprecated: true,
    method: 'GET',
    path: `${API}/project`,
    input: {
      expand: EXPAND,
      recent: s.integer('Only the N most recently viewed'),
      properties: s.strings('Project property keys'),
    },
    prepare: joinList('properties'),
    description: 'Every visible project in one list (older endpoint). Prefer JIRA_GET_ALL_PROJECTS for large sites.',
  }),
  t({
    slug: 'JIRA_GET_PROJECT',
    name: 'Get project',
    method: 'GET',
    path: `${API}/project/{project_id_or_key}`,
    input: {
      project_id_or_key: PROJECT,
      expand: s.string('e.g. description,lead,issueTypes,url,projectKeys'),
      properties: s.strings('Project property keys'),
    },
    prepare: joinList('properties'),
    description: 'One project: key, name, lead, issue types, components, versions and roles.',
  }),
  t({
    slug: 'JIRA_GET_RECENT_PROJECTS',
    name: 'Recent projects',
    method: 'GET',
    path: `${API}/project/recent`,
    input: { expand: EXPAND, properties: s.strings('Project property keys') },
    prepare: joinList('properties'),
    description: 'Up to 20 projects the user viewed most recently.',
  }),
  t({
    slug: 'JIRA_GET_COMPONENTS',
    name: 'Find components',
    method: 'GET',
    path: `${API}/component`,
    input: {
      project_ids_or_keys: s.strings('Projects to look in'),
      query: s.string('Text in the component name or description'),
      start_at: START_AT,
      max_results: MAX(50),
      order_by: s.string('description, name, or -name etc.'),
    },
    prepare: joinList('project_ids_or_keys'),
    required: [],
    description:
      'Components of projects (id, name, lead), optionally filtered by text. Use names in components when creating issues.',
  }),
  t({
    slug: 'JIRA_GET_ALL_ISSUE_TYPE_SCHEMES',
    name: 'Issue type schemes',
    method: 'GET',
    path: `${API}/issuetypescheme`,
    input: {
      start_at: START_AT,
      max_results: MAX(50),
      id: s.array(s.integer('Scheme id'), 'Only these scheme ids'),
      order_by: s.string('name, id (prefix - for descending)'),
      expand: s.string('projects, issueTypes'),
      query_string: s.string('Text in the scheme name'),
    },
    description: 'Issue type schemes (which issue types a project offers), paged, with optional filters.',
  }),
  t({
    slug: 'JIRA_GET_FIELDS_PAGINATED',
    name: 'Search fields',
    method: 'GET',
    path: `${API}/field/search`,
    input: {
      start_at: START_AT,
      max_results: MAX(50),
      type: s.strings('custom and/or system'),
      id: s.strings('Field ids'),
      query: s.string('Text in the field name or description'),
      order_by: s.string('contextsCount, lastUsed, name, screensCount'),
      expand: s.string('key, lastUsed, screensCount, contextsCount, isLocked, searcherKey'),
    },
    prepare: joinList('type'),
    description:
      'Fields page by page, filtered by type (custom/system), ids or text — lighter than JIRA_GET_FIELDS on big sites.',
  }),
  // permissions
  t({
    slug: 'JIRA_GET_MY_PERMISSIONS',
    name: 'My permissions',
    method: 'GET',
    path: `${API}/mypermissions`,
    input: {
      permissions: s.strings('Permission keys to check, e.g. ["BROWSE_PROJECTS","CREATE_ISSUES"]'),
      project_key: s.string('In this project'),
      project_id: s.string('In this project (id)'),
      issue_key: s.string('On this issue'),
      issue_id: s.string('On this issue (id)'),
      comment_id: s.string('On this comment'),
    },
    prepare: joinList('permissions'),
    required: ['permissions'],
    description:
      'Whether the connected user has given permissions, globally or in a project/issue: permissions.<KEY>.havePermission.',
  }),
  t({
    slug: 'JIRA_CHECK_PERMISSIONS',
    name: 'Check permissions',
    method: 'POST',
    path: `${API}/permissions/check`,
    input: {
      account_id: s.string('User to check (default: the connected user)'),
      global_permissions: s.strings('Global permission keys, e.g. ["ADMINISTER"]'),
      project_permissions: s.array(
        s.object(
          {
            permissions: s.strings('Permission keys'),
            projects: s.array(s.integer('Project id'), 'Project ids'),
            issues: s.array(s.integer('Issue id'), 'Issue ids'),
          },
          'Permissions to check in projects/issues',
        ),
        'Project-level checks',
      ),
    },
    description:
      'Check which global and project permissions a user has; answers which projects/issues each permission holds for.',
  }),
  // JQL and expressions
  t({
    slug: 'JIRA_SEARCH_FOR_ISSUES_USING_JQL_GET',
    name: 'Search issues with JQL',
    important: true,
    method: 'GET',
    path: `${API}/search/jql`,
    input: {
      jql: s.string('JQL, e.g. assignee = currentUser() AND statusCategory != Done ORDER BY updated DESC'),
      max_results: MAX(50),
      fields: FIELDS,
      expand: s.string('e.g. renderedFields, names, changelog'),
      next_page_token: s.string('Token from the previous page'),
      properties: s.strings('Issue property keys'),
      fields_by_keys: s.boolean('Treat fields as keys'),
      fail_fast: s.boolean('Fail on the first field load error'),
    },
    prepare: joinList('fields', 'properties'),
    required: ['jql'],
    description:
      'Run a JQL query: issues with the requested fields (default: navigable), then nextPageToken while more remain. For long JQL use JIRA_SEARCH_FOR_ISSUES_USING_JQL_POST; to filter without JQL use JIRA_SEARCH_ISSUES.',
  }),
  t({
    slug: 'JIRA_SEARCH_FOR_ISSUES_USING_JQL_POST',
    name: 'Search issues with JQL (POST)',
    method: 'POST',
    path: `${API}/search/jql`,
    input: {
      jql: s.string('JQL query'),
      max_results: MAX(50),
      fields: FIELDS,
      expand: s.string('e.g. renderedFields'),
      next_page_token: s.string('Token from the previous page'),
      properties: s.strings('Issue property keys'),
      fields_by_keys: s.boolean('Treat fields as keys'),
      reconcile_issues: s.array(s.integer('Issue id'), 'Issue ids to read consistently after a write'),
    },
    required: ['jql'],
    description:
      'JQL search with the query in the body (no URL length limit): issues, nextPageToken. Same results as the GET variant.',
  }),
  t({
    slug: 'JIRA_CREATE_JQL_AUTOCOMPLETEDATA',
    name: 'JQL reference data for projects',
    method: 'POST',
    path: `${API}/jql/autocompletedata`,
    input: {
      project_ids: s.array(s.integer('Project id'), 'Limit fields to these projects'),
      include_collapsed_fields: s.boolean('Include fields with the same name merged'),
    },
    description: 'JQL fields and functions, limited to the fields of given projects.',
  }),
  t({
    slug: 'JIRA_EVALUATE_JIRA_EXPRESSION',
    name: 'Evaluate Jira expression',
    method: 'POST',
    path: `${API}/expression/evaluate`,
    input: {
      expression: s.string('Jira expression, e.g. issue.comments.length'),
      context: s.object(
        {},
        'Context, e.g. {"issue":{"key":"PROJ-1"}} or {"issues":{"jql":{"query":"project = PROJ"}}}',
        { additionalProperties: true },
      ),
      expand: s.string('"meta.complexity" for cost figures'),
    },
    query: ['expand'],
    required: ['expression'],
    description:
      'Compute something from Jira data with a Jira expression (e.g. map issues to custom objects). Returns value and meta.',
  }),
  t({
    slug: 'JIRA_ANALYSE_EXPRESSION',
    name: 'Analyse Jira expressions',
    method: 'POST',
    path: `${API}/expression/analyse`,
    input: {
      expressions: s.strings('Expressions to check'),
      check: s.enum(['syntax', 'type', 'complexity'], 'What to check', { default: 'syntax' }),
      context_variables: s.object({}, 'Types of extra context variables', { additionalProperties: true }),
    },
    query: ['check'],
    required: ['expressions'],
    description: 'Validate Jira expressions without running them: syntax errors, result types or complexity.',
  }),
  t({
    slug: 'JIRA_CREATE_BOARD',
    name: 'Create board',
    method: 'POST',
    path: `${AGILE}/board`,
    input: {
      name: s.string('Board name'),
      type: s.enum(['scrum', 'kanban'], 'Board type'),
      filter_id: s.integer("Saved filter that selects the board's issues"),
      location_type: s.enum(['project', 'user'], 'Where the board lives'),
      project_key_or_id: s.string('Project for a project board'),
    },
    required: ['name', 'type', 'filter_id'],
    body: (a) => ({
      name: a.name,
      type: a.type,
      filterId: a.filter_id,
      ...(a.location_type ? { location: { type: a.location_type, projectKeyOrId: a.project_key_or_id } } : {}),
    }),
    description:
      'Create a scrum or kanban board on a saved filter (JIRA_LIST_FILTERS), in a project or for the user. Returns the board with its id.',
  }),
];

export const jiraTools: CuratedTool[] = [
  createIssue,
  bulkCreate,
  editIssue,
  transitionIssue,
  assignIssue,
  searchIssues,
  addComment,
  updateComment,
  listIssueComments,
  addWorklog,
  addAttachment,
  getAttachment,
  avatarImage(
    'JIRA_GET_UNIVERSAL_AVATAR_VIEW_TYPE',
    'Default avatar image',
    `${API}/universal_avatar/view/type/{type}`,
    { type: AVATAR_TYPE, size: AVATAR_SIZE, format: AVATAR_FORMAT },
    ['type'],
    'Download the default avatar image of a kind (project, issue type, priority) into a staged file {name, mimetype, s3url, size}.',
  ),
  avatarImage(
    'JIRA_GET_VIEW_TYPE_AVATAR',
    'Avatar image',
    `${API}/universal_avatar/view/type/{type}/avatar/{id}`,
    { type: AVATAR_TYPE, id: s.string('Avatar id'), size: AVATAR_SIZE, format: AVATAR_FORMAT },
    ['type', 'id'],
    'Download one avatar image by kind and id into a staged file {name, mimetype, s3url, size}.',
  ),
  ...mappings,
];
