/**
 * GitLab in the hosted vocabulary, on the compiled GitLab toolkit (gitlab.com/api, REST v4):
 * projects, issues, merge requests (notes, diffs, commits), branches, commits, tags, pipelines and
 * jobs, users and groups. Arguments are GitLab's names; a project is `id` (numeric id or the
 * URL-encoded "group/project" path — the path is encoded for you), `project_id` is accepted too.
 */
import { s } from './define';
import { restToolkit } from './rest-tools';
import type { CuratedTool } from './types';

const t = restToolkit('gitlab');

const PROJECT = s.string('Project id (e.g. 278964) or full path (e.g. "gitlab-org/gitlab")');
const PAGE = {
  per_page: s.integer('Results per page, up to 100 (default 20)'),
  page: s.integer('Page number, from 1'),
};
const MR_IID = s.integer('Merge request number inside the project (the !number, called iid)');
const accept = { id: ['project_id'] };

export const gitlabTools: CuratedTool[] = [
  t({
    slug: 'GITLAB_GET_PROJECTS',
    name: 'List projects',
    important: true,
    method: 'GET',
    path: '/v4/projects',
    description:
      "List projects visible to the user; use membership=true for the user's own projects and search to match by name. Returns id, path_with_namespace, web_url, default_branch. The id (or path) is the id argument of the other GitLab tools.",
    input: {
      search: s.string('Words in the project name or path'),
      membership: s.boolean('Only projects the user is a member of'),
      owned: s.boolean('Only projects the user owns'),
      starred: s.boolean('Only starred projects'),
      visibility: s.enum(['public', 'internal', 'private'], 'Visibility filter'),
      order_by: s.enum(['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'], 'Sort field'),
      sort: s.enum(['asc', 'desc'], 'Sort direction'),
      simple: s.boolean('Return a short record per project'),
      ...PAGE,
    },
  }),
  t({
    slug: 'GITLAB_GET_PROJECT',
    name: 'Get project',
    method: 'GET',
    path: '/v4/projects/{id}',
    description:
      'Read one project: name, description, default_branch, visibility, web_url, open_issues_count, namespace.',
    input: { id: PROJECT, statistics: s.boolean('Include storage and commit statistics') },
    accept,
  }),
  t({
    slug: 'GITLAB_CREATE_PROJECT',
    name: 'Create project',
    method: 'POST',
    path: '/v4/projects',
    description:
      "Create a project under the user's namespace or a group (namespace_id). Give name or path. Returns the project with id and web_url.",
    input: {
      name: s.string('Project name'),
      path: s.string('URL path (defaults from name)'),
      namespace_id: s.integer('Group id to create it in (default: your user namespace)'),
      description: s.string('Short description'),
      visibility: s.enum(['private', 'internal', 'public'], 'Visibility (default private)'),
      initialize_with_readme: s.boolean('Create a README so the default branch exists'),
      default_branch: s.string('Default branch name'),
    },
    required: [],
  }),
  t({
    slug: 'GITLAB_CREATE_PROJECT_ISSUE',
    name: 'Create issue',
    important: true,
    method: 'POST',
    path: '/v4/projects/{id}/issues',
    description:
      'Open an issue in a project. Description is Markdown; labels are comma-separated names (created if missing). Returns the issue with iid (its number) and web_url.',
    input: {
      id: PROJECT,
      title: s.string('Issue title'),
      description: s.string('Body (Markdown)'),
      labels: s.string('Comma-separated label names, e.g. "bug,backend"'),
      assignee_ids: s.array(s.integer('User id'), 'Users to assign'),
      milestone_id: s.integer('Milestone id'),
      due_date: s.string('Due date YYYY-MM-DD'),
      confidential: s.boolean('Visible only to project members with access'),
    },
    required: ['id', 'title'],
    accept,
  }),
  t({
    slug: 'GITLAB_GET_PROJECT_MERGE_REQUESTS',
    name: 'List merge requests',
    important: true,
    method: 'GET',
    path: '/v4/projects/{id}/merge_requests',
    description:
      'List merge requests of a project, by state (opened, merged, closed), branch, author or labels. Returns iid, title, state, source_branch, target_branch, author, web_url.',
    input: {
      id: PROJECT,
      state: s.enum(['opened', 'closed', 'locked', 'merged', 'all'], 'State filter'),
      source_branch: s.string('Only MRs from this branch'),
      target_branch: s.string('Only MRs into this branch'),
      author_id: s.integer('Only MRs by this user id'),
      labels: s.string('Comma-separated label names'),
      search: s.string('Words in title or description'),
      order_by: s.enum(['created_at', 'updated_at', 'title'], 'Sort field'),
      sort: s.enum(['asc', 'desc'], 'Sort direction'),
      ...PAGE,
    },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_MERGE_REQUEST_NOTES',
    name: 'List merge request comments',
    method: 'GET',
    path: '/v4/projects/{id}/merge_requests/{merge_request_iid}/notes',
    description: 'List the comments (notes) on a merge request, including system notes such as approvals and pushes.',
    input: {
      id: PROJECT,
      merge_request_iid: MR_IID,
      sort: s.enum(['asc', 'desc'], 'Order by creation'),
      order_by: s.enum(['created_at', 'updated_at'], 'Sort field'),
      ...PAGE,
    },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_PROJECTS_ID_MERGE_REQUESTS_IID_DIFFS',
    name: 'Get merge request diffs',
    method: 'GET',
    path: '/v4/projects/{id}/merge_requests/{merge_request_iid}/diffs',
    description:
      'List the changed files of a merge request with their unified diffs (old_path, new_path, diff, new_file, deleted_file).',
    input: { id: PROJECT, merge_request_iid: MR_IID, ...PAGE },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_PROJECT_MERGE_REQUEST_COMMITS',
    name: 'List merge request commits',
    method: 'GET',
    path: '/v4/projects/{id}/merge_requests/{merge_request_iid}/commits',
    description: 'List the commits of a merge request (id, short_id, title, author_name, created_at).',
    input: { id: PROJECT, merge_request_iid: MR_IID, ...PAGE },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_REPOSITORY_BRANCHES',
    name: 'List branches',
    method: 'GET',
    path: '/v4/projects/{id}/repository/branches',
    description:
      'List the branches of a project, optionally matching search; each has name, merged, protected and its last commit.',
    input: { id: PROJECT, search: s.string('Part of the branch name'), ...PAGE },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_REPOSITORY_BRANCH',
    name: 'Get branch',
    method: 'GET',
    path: '/v4/projects/{id}/repository/branches/{branch}',
    description:
      'Read one branch: its last commit, protected, merged, web_url. Branch names with slashes are encoded for you.',
    input: { id: PROJECT, branch: s.string('Branch name, e.g. "main" or "feature/login"') },
    accept,
  }),
  t({
    slug: 'GITLAB_CREATE_REPOSITORY_BRANCH',
    name: 'Create branch',
    method: 'POST',
    path: '/v4/projects/{id}/repository/branches',
    description: 'Create a branch from a ref (branch name, tag or commit SHA). Returns the new branch.',
    input: { id: PROJECT, branch: s.string('New branch name'), ref: s.string('Branch, tag or SHA to start from') },
    required: ['id', 'branch', 'ref'],
    query: ['branch', 'ref'],
    accept,
  }),
  t({
    slug: 'GITLAB_LIST_REPOSITORY_COMMITS',
    name: 'List commits',
    method: 'GET',
    path: '/v4/projects/{id}/repository/commits',
    description:
      'List commits of a branch or tag (default branch if ref_name is omitted), optionally in a time window or touching a path.',
    input: {
      id: PROJECT,
      ref_name: s.string('Branch, tag or range (a..b)'),
      since: s.string('Only commits after this ISO 8601 time'),
      until: s.string('Only commits before this ISO 8601 time'),
      path: s.string('Only commits touching this file path'),
      author: s.string('Only commits by this author'),
      ...PAGE,
    },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_SINGLE_COMMIT',
    name: 'Get commit',
    method: 'GET',
    path: '/v4/projects/{id}/repository/commits/{sha}',
    description: 'Read one commit: message, author, parent_ids, stats (additions, deletions), last_pipeline.',
    input: {
      id: PROJECT,
      sha: s.string('Commit SHA, branch or tag name'),
      stats: s.boolean('Include line statistics'),
    },
    accept,
  }),
  t({
    slug: 'GITLAB_LIST_PROJECT_TAGS',
    name: 'List tags',
    method: 'GET',
    path: '/v4/projects/{id}/repository/tags',
    description: 'List the tags of a project (name, message, target commit, release), newest first by default.',
    input: {
      id: PROJECT,
      search: s.string('Part of the tag name; ^v1 for a prefix'),
      order_by: s.enum(['name', 'updated', 'version'], 'Sort field'),
      sort: s.enum(['asc', 'desc'], 'Sort direction'),
      ...PAGE,
    },
    accept,
  }),
  t({
    slug: 'GITLAB_LIST_PROJECT_PIPELINES',
    name: 'List pipelines',
    important: true,
    method: 'GET',
    path: '/v4/projects/{id}/pipelines',
    description:
      'List CI/CD pipelines of a project, newest first, by status, ref or SHA. Returns id, status, ref, sha, web_url.',
    input: {
      id: PROJECT,
      status: s.enum(
        [
          'created',
          'waiting_for_resource',
          'preparing',
          'pending',
          'running',
          'success',
          'failed',
          'canceled',
          'skipped',
          'manual',
          'scheduled',
        ],
        'Status filter',
      ),
      ref: s.string('Branch or tag'),
      sha: s.string('Commit SHA'),
      ...PAGE,
    },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_SINGLE_PIPELINE',
    name: 'Get pipeline',
    method: 'GET',
    path: '/v4/projects/{id}/pipelines/{pipeline_id}',
    description: 'Read one pipeline: status, ref, sha, duration, started_at, finished_at, web_url.',
    input: { id: PROJECT, pipeline_id: s.integer('Pipeline id') },
    accept,
  }),
  t({
    slug: 'GITLAB_LIST_PIPELINE_JOBS',
    name: 'List pipeline jobs',
    method: 'GET',
    path: '/v4/projects/{id}/pipelines/{pipeline_id}/jobs',
    description: 'List the jobs of a pipeline (name, stage, status, duration, web_url), e.g. to find the failed one.',
    input: {
      id: PROJECT,
      pipeline_id: s.integer('Pipeline id'),
      scope: s.strings('Only jobs in these states, e.g. ["failed"]'),
      ...PAGE,
    },
    rename: { scope: 'scope[]' },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_JOB_DETAILS',
    name: 'Get job',
    method: 'GET',
    path: '/v4/projects/{id}/jobs/{job_id}',
    description: 'Read one CI job: status, stage, failure_reason, runner, artifacts, web_url.',
    input: { id: PROJECT, job_id: s.integer('Job id') },
    accept,
  }),
  t({
    slug: 'GITLAB_GET_USERS',
    name: 'Find users',
    method: 'GET',
    path: '/v4/users',
    description:
      'Find users by name, username or email (search), or one exact username. Returns id, username, name, web_url; the id is what assignee_ids expects.',
    input: { search: s.string('Name, username or public email'), username: s.string('Exact username'), ...PAGE },
  }),
  t({
    slug: 'GITLAB_GET_GROUPS',
    name: 'List groups',
    method: 'GET',
    path: '/v4/groups',
    description:
      'List groups visible to the user, optionally only owned ones or matching search. Returns id, full_path, web_url.',
    input: {
      search: s.string('Part of the group name or path'),
      owned: s.boolean('Only groups the user owns'),
      min_access_level: s.integer('Only groups where the user has at least this role (10 guest … 50 owner)'),
      ...PAGE,
    },
  }),
  t({
    slug: 'GITLAB_GET_GROUP',
    name: 'Get group',
    method: 'GET',
    path: '/v4/groups/{id}',
    description:
      'Read one group by id or full path: name, description, visibility, web_url, and its projects unless with_projects=false.',
    input: { id: s.string('Group id or full path'), with_projects: s.boolean('Include the projects (default true)') },
  }),
  t({
    slug: 'GITLAB_LIST_ALL_PROJECT_MEMBERS',
    name: 'List project members',
    method: 'GET',
    path: '/v4/projects/{id}/members/all',
    description:
      'List everyone with access to a project, including members inherited from its groups (id, username, access_level).',
    input: { id: PROJECT, query: s.string('Filter by name or username'), ...PAGE },
    accept,
  }),
];
