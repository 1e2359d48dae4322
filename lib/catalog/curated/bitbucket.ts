/**
 * Bitbucket Cloud in the hosted vocabulary on REST API 2.0 (api.bitbucket.org/2.0): workspaces,
 * repositories, branches, pull requests (diff, comments, review, merge) and issues. Every
 * repository tool takes `workspace` (slug or {uuid}) and `repo_slug`; lists are paged with
 * `page`/`pagelen` and filtered with BBQL in `q` (string values in double quotes). The hosted
 * arguments flatten Bitbucket's nested bodies (`source_branch` for source.branch.name,
 * `content_raw` for content.raw); the tools build the nested JSON.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { ToolArgumentError, ToolFailure } from './types';
import { composite, params } from './define';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const bb = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['bitbucket'] }, same, 'bitbucket');
const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const WS = s.string('Workspace slug (or {uuid}), from BITBUCKET_LIST_WORKSPACES');
const REPO = s.string('Repository slug as in its URL (or {uuid})');
const PR = s.integer('Pull request id (the number in its URL)');
const Q = s.string('BBQL filter, e.g. name ~ "api" (string values in double quotes)');
const SORT = s.string('Field to sort by; a leading - sorts descending, e.g. -updated_on');
const page = {
  page: s.integer('1-based page number', { default: 1 }),
  pagelen: s.integer('Items per page (Bitbucket caps it at 50 or 100)', { default: 10 }),
};
const repo = { workspace: WS, repo_slug: REPO };
const PR_PATH = '/repositories/{workspace}/{repo_slug}/pullrequests/{pull_request_id}';

/** A user reference given as {uuid}, an Atlassian account id, or a (legacy) username. */
function userRef(v: unknown): Record<string, string> | undefined {
  if (typeof v !== 'string' || !v) return undefined;
  if (/^\{.*\}$/.test(v)) return { uuid: v };
  if (v.includes(':') || /^[0-9a-f]{24}$/i.test(v)) return { account_id: v };
  return { username: v };
}

/** BBQL for the simple issue filters the hosted tool takes beside a raw `q`. */
function issueQuery(a: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  if (typeof a.q === 'string' && a.q) parts.push(`(${a.q})`);
  for (const k of ['state', 'priority', 'kind'] as const)
    if (typeof a[k] === 'string' && a[k]) parts.push(`${k} = "${String(a[k]).replace(/"/g, '\\"')}"`);
  if (typeof a.assignee === 'string' && a.assignee) {
    const ref = userRef(a.assignee)!;
    const [field, value] = Object.entries(ref)[0]!;
    parts.push(`assignee.${field} = "${value}"`);
  }
  return parts.length ? parts.join(' AND ') : undefined;
}

export const bitbucketTools: CuratedTool[] = [
  bb({
    slug: 'BITBUCKET_GET_CURRENT_USER2',
    name: 'Get current user',
    method: 'GET',
    path: '/user',
    input: {},
    required: [],
    description:
      'The connected Bitbucket user: account_id, uuid, display_name, nickname. Use account_id to assign issues.',
  }),
  bb({
    slug: 'BITBUCKET_LIST_WORKSPACES',
    name: 'List workspaces',
    important: true,
    method: 'GET',
    path: '/workspaces',
    input: {
      q: Q,
      sort: SORT,
      role: s.enum(['owner', 'collaborator', 'member'], 'Only workspaces where you have this role'),
      ...page,
    },
    required: [],
    description:
      'Workspaces the user can reach: slug (the `workspace` argument of every repository tool), name, uuid. Start here, then BITBUCKET_LIST_REPOSITORIES_IN_WORKSPACE.',
  }),
  bb({
    slug: 'BITBUCKET_LIST_WORKSPACE_MEMBERS',
    name: 'List workspace members',
    method: 'GET',
    path: '/workspaces/{workspace}/members',
    input: { workspace: WS, ...page },
    description:
      'Members of a workspace (values[].user with display_name, uuid, account_id): pick reviewers and assignees here.',
  }),
  bb({
    slug: 'BITBUCKET_LIST_REPOSITORIES_IN_WORKSPACE',
    name: 'List repositories',
    important: true,
    method: 'GET',
    path: '/repositories/{workspace}',
    input: {
      workspace: WS,
      q: s.string('BBQL filter, e.g. name ~ "api" AND is_private = true'),
      role: s.enum(['member', 'contributor', 'admin', 'owner'], 'Only repositories where you have this role'),
      sort: SORT,
      ...page,
    },
    description:
      'Repositories of a workspace: slug (the repo_slug argument), full_name, is_private, mainbranch.name, updated_on. Follow `next` (or raise page) for more.',
  }),
  bb({
    slug: 'BITBUCKET_GET_REPOSITORY',
    name: 'Get repository',
    method: 'GET',
    path: '/repositories/{workspace}/{repo_slug}',
    input: repo,
    description: 'One repository: description, mainbranch, language, is_private, project, clone links.',
  }),
  bb({
    slug: 'BITBUCKET_CREATE_REPOSITORY',
    name: 'Create repository',
    method: 'POST',
    path: '/repositories/{workspace}/{repo_slug}',
    input: {
      ...repo,
      is_private: s.boolean('Private repository', { default: true }),
      description: s.string('Short description'),
      language: s.string('Main language, e.g. python'),
      project_key: s.string("Project key to file it under; the workspace's oldest project when omitted"),
      has_issues: s.boolean('Turn on the issue tracker'),
      has_wiki: s.boolean('Turn on the wiki'),
      fork_policy: s.enum(['allow_forks', 'no_public_forks', 'no_forks'], 'Who may fork it'),
    },
    defaults: { is_private: true },
    body: (a) =>
      drop({
        scm: 'git',
        is_private: a.is_private,
        description: a.description,
        language: a.language,
        has_issues: a.has_issues,
        has_wiki: a.has_wiki,
        fork_policy: a.fork_policy,
        project: a.project_key ? { key: a.project_key } : undefined,
      }),
    description:
      'Create a git repository named by repo_slug in a workspace (private unless is_private is false). Returns the repository.',
  }),
  bb({
    slug: 'BITBUCKET_LIST_BRANCHES',
    name: 'List branches',
    important: true,
    method: 'GET',
    path: '/repositories/{workspace}/{repo_slug}/refs/branches',
    input: {
      ...repo,
      q: s.string('BBQL filter, e.g. name ~ "feature/"'),
      sort: s.string('name, or -target.date for newest commits first'),
      ...page,
    },
    description:
      'Branches with the commit each points to (target.hash, target.date). Use target.hash as target_hash for BITBUCKET_CREATE_BRANCH.',
  }),
  bb({
    slug: 'BITBUCKET_CREATE_BRANCH',
    name: 'Create branch',
    method: 'POST',
    path: '/repositories/{workspace}/{repo_slug}/refs/branches',
    input: {
      ...repo,
      name: s.string('New branch name without refs/heads/, e.g. feature/login'),
      target_hash: s.string('Full commit hash the branch starts from (target.hash of an existing branch)'),
    },
    required: ['workspace', 'repo_slug', 'name', 'target_hash'],
    body: (a) => ({ name: a.name, target: { hash: a.target_hash } }),
    description:
      'Create a branch at a commit. Returns the branch; open a pull request from it with BITBUCKET_CREATE_PULL_REQUEST.',
  }),
  bb({
    slug: 'BITBUCKET_LIST_PULL_REQUESTS',
    name: 'List pull requests',
    important: true,
    method: 'GET',
    path: '/repositories/{workspace}/{repo_slug}/pullrequests',
    input: {
      ...repo,
      state: s.enum(
        ['OPEN', 'MERGED', 'DECLINED', 'SUPERSEDED'],
        'Only pull requests in this state (open ones when omitted)',
      ),
      q: Q,
      sort: SORT,
      ...page,
    },
    description:
      'Pull requests of a repository: id, title, author, source and destination branches, state. Open one with BITBUCKET_GET_PULL_REQUEST.',
  }),
  bb({
    slug: 'BITBUCKET_CREATE_PULL_REQUEST',
    name: 'Create pull request',
    important: true,
    method: 'POST',
    path: '/repositories/{workspace}/{repo_slug}/pullrequests',
    input: {
      ...repo,
      title: s.string('Title'),
      source_branch: s.string('Branch with the changes'),
      destination_branch: s.string("Branch to merge into; the repository's main branch when omitted"),
      description: s.string('Description (markdown)'),
      reviewers: s.array(
        s.object({ uuid: s.string('Reviewer uuid with braces, e.g. {504c3b62-…}') }, 'Reviewer'),
        'Reviewers by uuid (from BITBUCKET_LIST_WORKSPACE_MEMBERS)',
      ),
      close_source_branch: s.boolean('Delete the source branch after merging'),
    },
    required: ['workspace', 'repo_slug', 'title', 'source_branch'],
    body: (a) =>
      drop({
        title: a.title,
        description: a.description,
        source: { branch: { name: a.source_branch } },
        destination: a.destination_branch ? { branch: { name: a.destination_branch } } : undefined,
        reviewers: a.reviewers,
        close_source_branch: a.close_source_branch,
      }),
    description:
      'Open a pull request from source_branch (into destination_branch or the main branch). Returns the pull request with its id and links.html.href.',
  }),
  bb({
    slug: 'BITBUCKET_GET_PULL_REQUEST',
    name: 'Get pull request',
    method: 'GET',
    path: PR_PATH,
    input: { ...repo, pull_request_id: PR },
    description:
      'One pull request: title, description, state, author, reviewers and participants (approved), branches, merge_commit.',
  }),
  bb({
    slug: 'BITBUCKET_GET_PULL_REQUEST_DIFF',
    name: 'Get pull request diff',
    method: 'GET',
    path: `${PR_PATH}/diff`,
    input: {
      ...repo,
      pull_request_id: PR,
      max_chars: s.integer('Cut the diff after this many characters (large diffs flood the context)'),
    },
    required: ['workspace', 'repo_slug', 'pull_request_id'],
    // max_chars is ours, not Bitbucket's: moved off the request, read back by shape
    prepare: (a) => {
      const { max_chars, ...rest } = a;
      return { ...rest, _max_chars: max_chars };
    },
    shape: (body, a) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const max = typeof a._max_chars === 'number' && a._max_chars > 0 ? a._max_chars : undefined;
      return max && text.length > max
        ? { diff: text.slice(0, max), truncated: true, total_chars: text.length }
        : { diff: text, truncated: false, total_chars: text.length };
    },
    description:
      'The unified diff of a pull request as text (`diff`), cut at max_chars when given (`truncated` says so). For the list of changed files use BITBUCKET_GET_PULL_REQUEST_DIFFSTAT.',
  }),
  bb({
    slug: 'BITBUCKET_GET_PULL_REQUEST_DIFFSTAT',
    name: 'Get pull request diffstat',
    method: 'GET',
    path: `${PR_PATH}/diffstat`,
    input: { ...repo, pull_request_id: PR, ...page },
    description:
      'Changed files of a pull request with lines_added, lines_removed and status (added, modified, removed, renamed).',
  }),
  bb({
    slug: 'BITBUCKET_CREATE_PULL_REQUEST_COMMENT',
    name: 'Comment on pull request',
    important: true,
    method: 'POST',
    path: `${PR_PATH}/comments`,
    input: {
      ...repo,
      pull_request_id: PR,
      content_raw: s.string('Comment text (markdown)'),
      inline: s.object(
        {
          path: s.string('File path'),
          from: s.integer('Line in the old version'),
          to: s.integer('Line in the new version'),
        },
        'Attach to a line of the diff instead of the whole pull request',
      ),
      parent_comment_id: s.integer('Reply to this comment'),
    },
    required: ['workspace', 'repo_slug', 'pull_request_id', 'content_raw'],
    body: (a) =>
      drop({
        content: { raw: a.content_raw },
        inline: a.inline,
        parent: a.parent_comment_id !== undefined ? { id: a.parent_comment_id } : undefined,
      }),
    description:
      'Post a review comment: on the whole pull request, on a line (inline.path with to or from), or as a reply (parent_comment_id). Returns the comment with its id.',
  }),
  bb({
    slug: 'BITBUCKET_APPROVE_PULL_REQUEST',
    name: 'Approve pull request',
    method: 'POST',
    path: `${PR_PATH}/approve`,
    input: { ...repo, pull_request_id: PR },
    description: 'Approve a pull request as the connected user. Returns the participant record (approved: true).',
  }),
  bb({
    slug: 'BITBUCKET_REQUEST_PULL_REQUEST_CHANGES',
    name: 'Request changes',
    method: 'POST',
    path: `${PR_PATH}/request-changes`,
    input: { ...repo, pull_request_id: PR },
    description:
      'Mark a pull request as needing changes, as the connected user. Explain why with BITBUCKET_CREATE_PULL_REQUEST_COMMENT.',
  }),
  bb({
    slug: 'BITBUCKET_MERGE_PULL_REQUEST',
    name: 'Merge pull request',
    method: 'POST',
    path: `${PR_PATH}/merge`,
    input: {
      ...repo,
      pull_request_id: PR,
      message: s.string('Merge commit message'),
      merge_strategy: s.enum(['merge_commit', 'squash', 'fast_forward'], 'How to merge'),
      close_source_branch: s.boolean('Delete the source branch afterwards'),
    },
    description:
      'Merge an open pull request (checks and approvals the repository requires must pass). Returns the merged pull request. Ask the user first.',
  }),
  bb({
    slug: 'BITBUCKET_DECLINE_PULL_REQUEST',
    name: 'Decline pull request',
    method: 'POST',
    path: `${PR_PATH}/decline`,
    input: { ...repo, pull_request_id: PR },
    description: 'Decline (close without merging) a pull request. It cannot be reopened; ask the user first.',
  }),
  bb({
    slug: 'BITBUCKET_LIST_ISSUES',
    name: 'List issues',
    method: 'GET',
    path: '/repositories/{workspace}/{repo_slug}/issues',
    input: {
      ...repo,
      state: s.string('Only this state: new, open, resolved, on hold, invalid, duplicate, wontfix, closed'),
      priority: s.enum(['trivial', 'minor', 'major', 'critical', 'blocker'], 'Only this priority'),
      kind: s.enum(['bug', 'enhancement', 'proposal', 'task'], 'Only this kind'),
      assignee: s.string('Only issues assigned to this account id or {uuid}'),
      q: Q,
      sort: SORT,
      ...page,
    },
    prepare: (a) => {
      const { state: _s, priority: _p, kind: _k, assignee: _a, ...rest } = a;
      return drop({ ...rest, q: issueQuery(a) });
    },
    description:
      'Issues of a repository (the issue tracker must be on): id, title, state, priority, kind, assignee. The filters combine with AND.',
  }),
  bb({
    slug: 'BITBUCKET_CREATE_ISSUE',
    name: 'Create issue',
    method: 'POST',
    path: '/repositories/{workspace}/{repo_slug}/issues',
    input: {
      ...repo,
      title: s.string('Title'),
      content: s.string('Description (markdown)'),
      kind: s.enum(['bug', 'enhancement', 'proposal', 'task'], 'Kind', { default: 'bug' }),
      priority: s.enum(['trivial', 'minor', 'major', 'critical', 'blocker'], 'Priority', { default: 'major' }),
      assignee: s.string('Assignee: account id, {uuid} or username'),
    },
    required: ['workspace', 'repo_slug', 'title'],
    body: (a) =>
      drop({
        title: a.title,
        content: a.content !== undefined ? { raw: a.content } : undefined,
        kind: a.kind,
        priority: a.priority,
        assignee: userRef(a.assignee),
      }),
    description:
      'File an issue in the repository tracker, reported by the connected user. Returns the issue with its id.',
  }),
  bb({
    slug: 'BITBUCKET_CREATE_ISSUE_COMMENT',
    name: 'Comment on issue',
    method: 'POST',
    path: '/repositories/{workspace}/{repo_slug}/issues/{issue_id}/comments',
    input: { ...repo, issue_id: s.string('Issue id'), content: s.string('Comment text (markdown)') },
    required: ['workspace', 'repo_slug', 'issue_id', 'content'],
    body: (a) => ({ content: { raw: a.content } }),
    description: 'Add a markdown comment to an issue. Returns the comment.',
  }),
  composite({
    slug: 'BITBUCKET_GET_FILE_FROM_REPOSITORY',
    name: 'Get file',
    description:
      'Read a file of a repository at a branch, tag or commit and return its text (`content`). Directories are listed instead (values[] with path and type).',
    tags: ['bitbucket'],
    important: true,
    input: params(
      {
        ...repo,
        file_path: s.string('Path inside the repository, e.g. src/app.py'),
        commit: s.string('Branch, tag or commit hash', { default: 'HEAD' }),
      },
      ['workspace', 'repo_slug', 'file_path'],
    ),
    async run(ctx, a) {
      const file = String(a.file_path ?? '').replace(/^\/+/, '');
      if (!file) throw new ToolArgumentError('give file_path');
      // each segment is encoded on its own: Bitbucket wants the slashes of the path kept
      const path = ['repositories', a.workspace, a.repo_slug, 'src', a.commit ?? 'HEAD', ...file.split('/')]
        .map((p) => encodeURIComponent(String(p)))
        .join('/');
      const res = await ctx.call({ method: 'GET', path: `/${path}` });
      if (!res.ok)
        throw new ToolFailure(`Bitbucket answered ${res.status} for ${file}`, {
          status_code: res.status,
          http_error: res.body,
        });
      if (typeof res.body === 'string') return { path: file, content: res.body };
      if (res.binary) return { path: file, content: res.binary.toString('utf8') };
      return res.body as Record<string, unknown>;
    },
  }),
];

/**
 * Hosted names for generated operations whose arguments are already Bitbucket's own path and
 * query names (workspace, repo_slug, pull_request_id, commit, …); checked by hand.
 */
export const bitbucketAliases: Record<string, string> = {
  BITBUCKET_DELETE_ISSUE: 'BITBUCKET_DELETE_AN_ISSUE',
  BITBUCKET_DELETE_REPOSITORY: 'BITBUCKET_DELETE_A_REPOSITORY',
  BITBUCKET_GET_BRANCH: 'BITBUCKET_GET_A_BRANCH',
  BITBUCKET_GET_WORKSPACE: 'BITBUCKET_GET_A_WORKSPACE',
  BITBUCKET_GET_SNIPPET: 'BITBUCKET_GET_A_SNIPPET',
  BITBUCKET_GET_USER: 'BITBUCKET_GET_A_USER',
  BITBUCKET_GET_PULL_REQUEST_COMMENT: 'BITBUCKET_GET_A_COMMENT_ON_A_PULL_REQUEST',
  BITBUCKET_DELETE_PULL_REQUEST_COMMENT: 'BITBUCKET_DELETE_A_COMMENT_ON_A_PULL_REQUEST',
  BITBUCKET_GET_REPOSITORIES_PULLREQUESTS_COMMENTS: 'BITBUCKET_LIST_COMMENTS_ON_A_PULL_REQUEST',
  BITBUCKET_GET_REPOSITORIES_PULLREQUESTS_STATUSES: 'BITBUCKET_LIST_COMMIT_STATUSES_FOR_A_PULL_REQUEST',
  BITBUCKET_GET_PULL_REQUEST_COMMITS: 'BITBUCKET_LIST_COMMITS_ON_A_PULL_REQUEST',
  BITBUCKET_GET_COMMIT_COMMENT: 'BITBUCKET_GET_A_COMMIT_COMMENT',
  BITBUCKET_DELETE_COMMIT_COMMENT: 'BITBUCKET_DELETE_A_COMMIT_COMMENT',
  BITBUCKET_GET_COMMIT_BUILD_STATUS: 'BITBUCKET_GET_A_BUILD_STATUS_FOR_A_COMMIT',
  BITBUCKET_GET_REPOSITORIES_COMMIT: 'BITBUCKET_GET_A_COMMIT',
  BITBUCKET_GET_REPOSITORIES_COMMIT_STATUSES: 'BITBUCKET_LIST_COMMIT_STATUSES_FOR_A_COMMIT',
  BITBUCKET_GET_REPOSITORIES_REFS: 'BITBUCKET_LIST_BRANCHES_AND_TAGS',
  BITBUCKET_GET_REPOSITORIES_WATCHERS: 'BITBUCKET_LIST_REPOSITORIES_WATCHERS',
  BITBUCKET_GET_REPOSITORIES_BRANCHING_MODEL: 'BITBUCKET_GET_THE_BRANCHING_MODEL_FOR_A_REPOSITORY',
  BITBUCKET_LIST_WORKSPACE_PROJECTS: 'BITBUCKET_LIST_PROJECTS_IN_A_WORKSPACE',
  BITBUCKET_LIST_COMMITS_FROM_REVISION: 'BITBUCKET_LIST_COMMITS_FOR_REVISION',
  BITBUCKET_LIST_REPOSITORIES_ENVIRONMENTS: 'BITBUCKET_LIST_ENVIRONMENTS',
  BITBUCKET_LIST_VERSIONS: 'BITBUCKET_LIST_DEFINED_VERSIONS_FOR_ISSUES',
};
