import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildMapping, type Want } from '../helpers/mapping-request';

// GitLab mappings build the request GitLab's REST API v4 documents (docs.gitlab.com/api), relative
// to https://gitlab.com/api. The first tools of the toolkit are covered in curated-mappings.test.ts.
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://gitlab.example.test/api', prefix: '/api' });

const P = { id: 'acme/web' };
const PP = '/v4/projects/acme%2Fweb';
const TABLE: [string, Record<string, unknown>, Want][] = [
  [
    'GITLAB_LIST_PROJECT_ISSUES',
    { ...P, state: 'opened', labels: 'bug,ui', iids: [3, 4], per_page: 50 },
    {
      method: 'GET',
      path: `${PP}/issues`,
      query: { state: 'opened', labels: 'bug,ui', 'iids[]': ['3', '4'], per_page: '50' },
    },
  ],
  ['GITLAB_GET_ISSUE', { ...P, issue_iid: 12 }, { method: 'GET', path: `${PP}/issues/12` }],
  [
    'GITLAB_UPDATE_PROJECT_ISSUE',
    { ...P, issue_iid: 12, state_event: 'close', add_labels: 'done', assignee_ids: [0] },
    {
      method: 'PUT',
      path: `${PP}/issues/12`,
      body: { state_event: 'close', add_labels: 'done', assignee_ids: [0] },
    },
  ],
  [
    'GITLAB_MOVE_ISSUE',
    { ...P, issue_iid: 12, to_project_id: 7 },
    { method: 'POST', path: `${PP}/issues/12/move`, body: { to_project_id: 7 } },
  ],
  [
    'GITLAB_LIST_ISSUE_NOTES',
    { ...P, issue_iid: 12, sort: 'asc' },
    { method: 'GET', path: `${PP}/issues/12/notes`, query: { sort: 'asc' } },
  ],
  [
    'GITLAB_CREATE_ISSUE_NOTE',
    { ...P, issue_iid: 12, body: 'Fixed in !5' },
    { method: 'POST', path: `${PP}/issues/12/notes`, body: { body: 'Fixed in !5' } },
  ],
  ['GITLAB_GET_ISSUE_NOTE', { ...P, issue_iid: 12, note_id: 99 }, { method: 'GET', path: `${PP}/issues/12/notes/99` }],
  [
    'GITLAB_UPDATE_ISSUE_NOTE',
    { ...P, issue_iid: 12, note_id: 99, body: 'edited' },
    { method: 'PUT', path: `${PP}/issues/12/notes/99`, body: { body: 'edited' } },
  ],
  [
    'GITLAB_DELETE_ISSUE_NOTE',
    { ...P, issue_iid: 12, note_id: 99 },
    { method: 'DELETE', path: `${PP}/issues/12/notes/99` },
  ],
  [
    'GITLAB_CREATE_MERGE_REQUEST',
    { ...P, source_branch: 'feature/login', target_branch: 'main', title: 'Login', reviewer_ids: [4] },
    {
      method: 'POST',
      path: `${PP}/merge_requests`,
      body: { source_branch: 'feature/login', target_branch: 'main', title: 'Login', reviewer_ids: [4] },
    },
  ],
  [
    'GITLAB_GET_PROJECT_MERGE_REQUEST',
    { ...P, merge_request_iid: 5 },
    { method: 'GET', path: `${PP}/merge_requests/5` },
  ],
  [
    'GITLAB_UPDATE_MERGE_REQUEST',
    { ...P, merge_request_iid: 5, state_event: 'close' },
    { method: 'PUT', path: `${PP}/merge_requests/5`, body: { state_event: 'close' } },
  ],
  [
    'GITLAB_MERGE_A_MERGE_REQUEST',
    { ...P, merge_request_iid: 5, squash: true, sha: 'abc123' },
    { method: 'PUT', path: `${PP}/merge_requests/5/merge`, body: { squash: true, sha: 'abc123' } },
  ],
  [
    'GITLAB_APPROVE_MERGE_REQUEST',
    { ...P, merge_request_iid: 5, sha: 'abc123' },
    { method: 'POST', path: `${PP}/merge_requests/5/approve`, body: { sha: 'abc123' } },
  ],
  [
    'GITLAB_UNAPPROVE_MERGE_REQUEST',
    { ...P, merge_request_iid: 5 },
    { method: 'POST', path: `${PP}/merge_requests/5/unapprove` },
  ],
  ['GITLAB_DELETE_MERGE_REQUEST', { ...P, merge_request_iid: 5 }, { method: 'DELETE', path: `${PP}/merge_requests/5` }],
  [
    'GITLAB_POST_PROJECTS_ID_MERGE_REQUESTS_NOTEABLE_ID_NOTES',
    { ...P, merge_request_iid: 5, body: 'LGTM' },
    { method: 'POST', path: `${PP}/merge_requests/5/notes`, body: { body: 'LGTM' } },
  ],
  [
    'GITLAB_CREATE_PIPELINE',
    { ...P, ref: 'main', variables: [{ key: 'DEPLOY', value: '1' }] },
    { method: 'POST', path: `${PP}/pipeline`, body: { ref: 'main', variables: [{ key: 'DEPLOY', value: '1' }] } },
  ],
  ['GITLAB_RETRY_PIPELINE', { ...P, pipeline_id: 77 }, { method: 'POST', path: `${PP}/pipelines/77/retry` }],
  ['GITLAB_CANCEL_PIPELINE', { ...P, pipeline_id: 77 }, { method: 'POST', path: `${PP}/pipelines/77/cancel` }],
  ['GITLAB_DELETE_PIPELINE', { ...P, pipeline_id: 77 }, { method: 'DELETE', path: `${PP}/pipelines/77` }],
  ['GITLAB_GET_JOB_TRACE', { ...P, job_id: 8 }, { method: 'GET', path: `${PP}/jobs/8/trace` }],
  ['GITLAB_CANCEL_JOB', { ...P, job_id: 8 }, { method: 'POST', path: `${PP}/jobs/8/cancel` }],
  ['GITLAB_PLAY_JOB', { ...P, job_id: 8 }, { method: 'POST', path: `${PP}/jobs/8/play` }],
  ['GITLAB_ERASE_JOB', { ...P, job_id: 8 }, { method: 'POST', path: `${PP}/jobs/8/erase` }],
  [
    'GITLAB_GET_FILE',
    { ...P, file_path: 'src/app.ts', ref: 'main' },
    { method: 'GET', path: `${PP}/repository/files/src%2Fapp.ts`, query: { ref: 'main' } },
  ],
  [
    'GITLAB_GET_RAW_FILE',
    { ...P, file_path: 'README.md', ref: 'v1.0' },
    { method: 'GET', path: `${PP}/repository/files/README.md/raw`, query: { ref: 'v1.0' } },
  ],
  [
    'GITLAB_CREATE_FILE',
    { ...P, file_path: 'docs/a.md', branch: 'main', content: '# A', commit_message: 'Add a' },
    {
      method: 'POST',
      path: `${PP}/repository/files/docs%2Fa.md`,
      body: { branch: 'main', content: '# A', commit_message: 'Add a' },
    },
  ],
  [
    'GITLAB_UPDATE_REPOSITORY_FILE',
    { ...P, file_path: 'docs/a.md', branch: 'main', content: '# B', commit_message: 'Edit', last_commit_id: 'c1' },
    {
      method: 'PUT',
      path: `${PP}/repository/files/docs%2Fa.md`,
      body: { branch: 'main', content: '# B', commit_message: 'Edit', last_commit_id: 'c1' },
    },
  ],
  [
    'GITLAB_DELETE_REPOSITORY_FILE',
    { ...P, file_path: 'docs/a.md', branch: 'main', commit_message: 'Remove' },
    {
      method: 'DELETE',
      path: `${PP}/repository/files/docs%2Fa.md`,
      query: { branch: 'main', commit_message: 'Remove' },
    },
  ],
  [
    'GITLAB_CREATE_COMMIT',
    {
      ...P,
      branch: 'main',
      commit_message: 'Two files',
      actions: [
        { action: 'create', file_path: 'a.txt', content: 'a' },
        { action: 'delete', file_path: 'b.txt' },
      ],
    },
    {
      method: 'POST',
      path: `${PP}/repository/commits`,
      body: {
        branch: 'main',
        commit_message: 'Two files',
        actions: [
          { action: 'create', file_path: 'a.txt', content: 'a' },
          { action: 'delete', file_path: 'b.txt' },
        ],
      },
    },
  ],
  [
    'GITLAB_LIST_COMMIT_COMMENTS',
    { ...P, sha: 'abc' },
    { method: 'GET', path: `${PP}/repository/commits/abc/comments` },
  ],
  [
    'GITLAB_CREATE_COMMIT_COMMENT',
    { ...P, sha: 'abc', note: 'Nice', path: 'a.txt', line: 3, line_type: 'new' },
    {
      method: 'POST',
      path: `${PP}/repository/commits/abc/comments`,
      body: { note: 'Nice', path: 'a.txt', line: 3, line_type: 'new' },
    },
  ],
  [
    'GITLAB_GET_COMMIT_REFS',
    { ...P, sha: 'abc', type: 'tag' },
    { method: 'GET', path: `${PP}/repository/commits/abc/refs`, query: { type: 'tag' } },
  ],
  [
    'GITLAB_DELETE_REPOSITORY_BRANCH',
    { ...P, branch: 'feature/login' },
    { method: 'DELETE', path: `${PP}/repository/branches/feature%2Flogin` },
  ],
  [
    'GITLAB_PROTECT_BRANCH',
    { ...P, name: 'release/*', push_access_level: 0, merge_access_level: 40 },
    {
      method: 'POST',
      path: `${PP}/protected_branches`,
      body: { name: 'release/*', push_access_level: 0, merge_access_level: 40 },
    },
  ],
  [
    'GITLAB_UNPROTECT_BRANCH',
    { ...P, name: 'release/*' },
    { method: 'DELETE', path: `${PP}/protected_branches/release%2F*` },
  ],
  [
    'GITLAB_FORK_PROJECT',
    { ...P, namespace_path: 'ana', name: 'web-fork' },
    { method: 'POST', path: `${PP}/fork`, body: { namespace_path: 'ana', name: 'web-fork' } },
  ],
  ['GITLAB_STAR_PROJECT', P, { method: 'POST', path: `${PP}/star` }],
  ['GITLAB_UNSTAR_PROJECT', P, { method: 'POST', path: `${PP}/unstar` }],
  ['GITLAB_ARCHIVE_PROJECT', P, { method: 'POST', path: `${PP}/archive` }],
  ['GITLAB_GET_PROJECT_LANGUAGES', P, { method: 'GET', path: `${PP}/languages` }],
  [
    'GITLAB_LIST_PROJECT_USERS',
    { ...P, search: 'ana' },
    { method: 'GET', path: `${PP}/users`, query: { search: 'ana' } },
  ],
  [
    'GITLAB_LIST_USER_PROJECTS',
    { id: 'ana', owned: true },
    { method: 'GET', path: '/v4/users/ana/projects', query: { owned: 'true' } },
  ],
  ['GITLAB_LIST_LABELS', { ...P, search: 'bug' }, { method: 'GET', path: `${PP}/labels`, query: { search: 'bug' } }],
  [
    'GITLAB_CREATE_LABEL',
    { ...P, name: 'triage', color: '#FF0000' },
    { method: 'POST', path: `${PP}/labels`, body: { name: 'triage', color: '#FF0000' } },
  ],
  [
    'GITLAB_LIST_MILESTONES',
    { ...P, state: 'active' },
    { method: 'GET', path: `${PP}/milestones`, query: { state: 'active' } },
  ],
  [
    'GITLAB_CREATE_MILESTONE',
    { ...P, title: 'v2', due_date: '2026-12-31' },
    { method: 'POST', path: `${PP}/milestones`, body: { title: 'v2', due_date: '2026-12-31' } },
  ],
  ['GITLAB_GET_CURRENT_USER', {}, { method: 'GET', path: '/v4/user' }],
  ['GITLAB_GET_USER', { id: 42 }, { method: 'GET', path: '/v4/users/42' }],
  [
    'GITLAB_LIST_GROUP_PROJECTS',
    { id: 'acme', include_subgroups: true },
    { method: 'GET', path: '/v4/groups/acme/projects', query: { include_subgroups: 'true' } },
  ],
  ['GITLAB_LIST_GROUP_MEMBERS', { id: 'acme' }, { method: 'GET', path: '/v4/groups/acme/members' }],
  ['GITLAB_LIST_ALL_GROUP_MEMBERS', { id: 'acme' }, { method: 'GET', path: '/v4/groups/acme/members/all' }],
  ['GITLAB_GET_LABEL', { ...P, label_id: 'bug' }, { method: 'GET', path: `${PP}/labels/bug` }],
  [
    'GITLAB_UPDATE_LABEL',
    { ...P, label_id: 'bug', new_name: 'defect', color: '#00FF00' },
    { method: 'PUT', path: `${PP}/labels/bug`, body: { new_name: 'defect', color: '#00FF00' } },
  ],
  ['GITLAB_DELETE_LABEL', { ...P, label_id: 'bug' }, { method: 'DELETE', path: `${PP}/labels/bug` }],
  ['GITLAB_GET_MILESTONE', { ...P, milestone_id: 6 }, { method: 'GET', path: `${PP}/milestones/6` }],
  [
    'GITLAB_UPDATE_MILESTONE',
    { ...P, milestone_id: 6, state_event: 'close' },
    { method: 'PUT', path: `${PP}/milestones/6`, body: { state_event: 'close' } },
  ],
  ['GITLAB_DELETE_MILESTONE', { ...P, milestone_id: 6 }, { method: 'DELETE', path: `${PP}/milestones/6` }],
  [
    'GITLAB_SET_TIME_ESTIMATE',
    { ...P, issue_iid: 12, duration: '3h30m' },
    { method: 'POST', path: `${PP}/issues/12/time_estimate`, body: { duration: '3h30m' } },
  ],
  [
    'GITLAB_RESET_TIME_ESTIMATE',
    { ...P, issue_iid: 12 },
    { method: 'POST', path: `${PP}/issues/12/reset_time_estimate` },
  ],
  [
    'GITLAB_ADD_SPENT_TIME',
    { ...P, issue_iid: 12, duration: '1h', summary: 'review' },
    { method: 'POST', path: `${PP}/issues/12/add_spent_time`, body: { duration: '1h', summary: 'review' } },
  ],
  ['GITLAB_RESET_SPENT_TIME', { ...P, issue_iid: 12 }, { method: 'POST', path: `${PP}/issues/12/reset_spent_time` }],
  ['GITLAB_GET_TIME_STATS', { ...P, issue_iid: 12 }, { method: 'GET', path: `${PP}/issues/12/time_stats` }],
  ['GITLAB_LIST_WEBHOOKS', P, { method: 'GET', path: `${PP}/hooks` }],
  ['GITLAB_GET_WEBHOOK', { ...P, hook_id: 3 }, { method: 'GET', path: `${PP}/hooks/3` }],
  [
    'GITLAB_CREATE_WEBHOOK',
    { ...P, url: 'https://ci.example.com/hook', merge_requests_events: true, push_events: false },
    {
      method: 'POST',
      path: `${PP}/hooks`,
      body: { url: 'https://ci.example.com/hook', merge_requests_events: true, push_events: false },
    },
  ],
  [
    'GITLAB_UPDATE_WEBHOOK',
    { ...P, hook_id: 3, url: 'https://ci.example.com/hook2' },
    { method: 'PUT', path: `${PP}/hooks/3`, body: { url: 'https://ci.example.com/hook2' } },
  ],
  ['GITLAB_DELETE_WEBHOOK', { ...P, hook_id: 3 }, { method: 'DELETE', path: `${PP}/hooks/3` }],
  [
    'GITLAB_CREATE_GROUP',
    { name: 'Platform', path: 'platform', parent_id: 9 },
    { method: 'POST', path: '/v4/groups', body: { name: 'Platform', path: 'platform', parent_id: 9 } },
  ],
  [
    'GITLAB_UPDATE_GROUP',
    { id: 'acme', description: 'ACME' },
    { method: 'PUT', path: '/v4/groups/acme', body: { description: 'ACME' } },
  ],
  ['GITLAB_DELETE_GROUP', { id: 'acme' }, { method: 'DELETE', path: '/v4/groups/acme' }],
  ['GITLAB_GET_GROUP_MEMBER', { id: 'acme', user_id: 42 }, { method: 'GET', path: '/v4/groups/acme/members/42' }],
  ['GITLAB_LIST_BILLABLE_GROUP_MEMBERS', { id: 'acme' }, { method: 'GET', path: '/v4/groups/acme/billable_members' }],
  ['GITLAB_LIST_PENDING_GROUP_MEMBERS', { id: 'acme' }, { method: 'GET', path: '/v4/groups/acme/pending_members' }],
  ['GITLAB_GET_PROJECT_MEMBER', { ...P, user_id: 42 }, { method: 'GET', path: `${PP}/members/42` }],
  ['GITLAB_GET_PROJECT_MEMBER_ALL', { ...P, user_id: 42 }, { method: 'GET', path: `${PP}/members/all/42` }],
  ['GITLAB_DELETE_PROJECT', P, { method: 'DELETE', path: PP }],
  [
    'GITLAB_LIST_PROJECT_GROUPS',
    { ...P, with_shared: true },
    { method: 'GET', path: `${PP}/groups`, query: { with_shared: 'true' } },
  ],
  ['GITLAB_LIST_PROJECT_INVITED_GROUPS', P, { method: 'GET', path: `${PP}/invited_groups` }],
  ['GITLAB_LIST_PROJECT_SHAREABLE_GROUPS', P, { method: 'GET', path: `${PP}/share_locations` }],
  ['GITLAB_LIST_PROJECT_TRANSFER_LOCATIONS', P, { method: 'GET', path: `${PP}/transfer_locations` }],
  [
    'GITLAB_SHARE_PROJECT_WITH_GROUP',
    { ...P, group_id: 9, group_access: 30 },
    { method: 'POST', path: `${PP}/share`, body: { group_id: 9, group_access: 30 } },
  ],
  [
    'GITLAB_START_PROJECT_HOUSEKEEPING',
    { ...P, task: 'prune' },
    { method: 'POST', path: `${PP}/housekeeping`, body: { task: 'prune' } },
  ],
  [
    'GITLAB_GET_COMMIT_SEQUENCE',
    { ...P, sha: 'abc', first_parent: true },
    { method: 'GET', path: `${PP}/repository/commits/abc/sequence`, query: { first_parent: 'true' } },
  ],
  ['GITLAB_GET_USER_STATUS', {}, { method: 'GET', path: '/v4/user/status' }],
  ['GITLAB_GET_USERS_ID_STATUS', { id: 'ana' }, { method: 'GET', path: '/v4/users/ana/status' }],
  [
    'GITLAB_SET_USER_STATUS',
    { emoji: 'coffee', message: 'Back soon', clear_status_after: '30_minutes' },
    {
      method: 'PUT',
      path: '/v4/user/status',
      body: { emoji: 'coffee', message: 'Back soon', clear_status_after: '30_minutes' },
    },
  ],
  ['GITLAB_GET_USER_PREFERENCES', {}, { method: 'GET', path: '/v4/user/preferences' }],
  [
    'GITLAB_PUT_USER_PREFERENCES',
    { view_diffs_file_by_file: true },
    { method: 'PUT', path: '/v4/user/preferences', body: { view_diffs_file_by_file: true } },
  ],
  [
    'GITLAB_IMPORT_PROJECT_MEMBERS',
    { ...P, project_id: 'acme/api' },
    { method: 'POST', path: `${PP}/import_project_members/acme%2Fapi` },
  ],
  ['GITLAB_GET_USER_SUPPORT_PIN', {}, { method: 'GET', path: '/v4/user/support_pin' }],
  ['GITLAB_POST_USER_SUPPORT_PIN', {}, { method: 'POST', path: '/v4/user/support_pin' }],
];

describe('GitLab curated mappings', () => {
  it.each(TABLE)('%s builds the documented GitLab request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
  });

  it('the merge request comment tool takes noteable_id (the generated name) and a numeric project_id', () => {
    const normalize = getTool('GITLAB_POST_PROJECTS_ID_MERGE_REQUESTS_NOTEABLE_ID_NOTES')!.curated!.normalize!;
    expect(normalize({ project_id: 3, noteable_id: 5, body: 'x' })).toEqual({
      id: '3',
      merge_request_iid: 5,
      body: 'x',
    });
  });

  it('GITLAB_GET_JOB_TRACE returns the plain-text log as trace', () => {
    const tool = getTool('GITLAB_GET_JOB_TRACE')!;
    const shape = (tool.curated as { shape?: (b: unknown, a: Record<string, unknown>) => unknown }).shape!;
    expect(shape('line 1\nline 2', {})).toEqual({ trace: 'line 1\nline 2' });
  });
});
