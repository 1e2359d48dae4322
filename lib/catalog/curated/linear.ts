/**
 * Linear: a GraphQL API (https://api.linear.app/graphql). Every tool is one document of the GraphQL
 * tool kind (graphql.ts) with the hosted slugs and argument names; lists come back flat with a
 * `page_info` cursor, single objects at the top of `data`. OAuth2 uses Linear's own endpoints and
 * comma-separated scopes; a personal API key goes into the Authorization header as it is.
 */
import { params, s, composite } from './define';
import { graphql, runGraphql, compact } from './graphql';
import { apiKeyScheme, CATEGORIES, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { CuratedTool } from './types';
import { ToolArgumentError } from './types';

type Args = Record<string, unknown>;
const id = (what: string) => s.string(`${what} (UUID; the issue tools also accept a key such as ENG-123)`);
const first = (n: number) => s.integer(`How many to return per page (default ${n}, at most 250)`, { default: n });
const after = s.string('Cursor from page_info.endCursor of the previous page, to read the next page');
const PAGE = 'pageInfo { hasNextPage endCursor }';
const ISSUE_FIELDS =
  'id identifier title description priority estimate dueDate url createdAt updatedAt ' +
  'state { id name type } team { id key name } assignee { id name email } project { id name } cycle { id number name } ' +
  'labels { nodes { id name } } parent { id identifier }';

/** `{ x: { nodes, pageInfo } }` → `{ [key]: nodes, page_info }` */
function flat(conn: string, key: string) {
  return (d: Args) => {
    const c = (d[conn] ?? {}) as { nodes?: unknown[]; pageInfo?: unknown };
    return { [key]: c.nodes ?? [], page_info: c.pageInfo ?? null };
  };
}
const field = (name: string) => (d: Args) => (d[name] ?? {}) as Args;
/** `issueCreate { success issue {…} }` → the issue's fields, plus `success` */
const payload = (name: string, inner: string) => (d: Args) => {
  const p = (d[name] ?? {}) as Args;
  return { success: p.success ?? false, ...((p[inner] ?? {}) as Args) };
};

const issueInput = (a: Args) =>
  compact({
    teamId: a.team_id,
    title: a.title,
    description: a.description,
    assigneeId: a.assignee_id,
    stateId: a.state_id,
    priority: a.priority,
    estimate: a.estimate,
    labelIds: a.label_ids,
    projectId: a.project_id,
    cycleId: a.cycle_id,
    parentId: a.parent_id,
    dueDate: a.due_date,
  });

const issueProps = {
  title: s.string('Issue title'),
  description: s.string('Issue description in Markdown'),
  assignee_id: s.string('User id to assign (from LINEAR_LIST_LINEAR_USERS or LINEAR_GET_CURRENT_USER)'),
  state_id: s.string('Workflow state id of the same team (from LINEAR_LIST_LINEAR_STATES)'),
  priority: s.integer('0 none, 1 urgent, 2 high, 3 medium, 4 low', { minimum: 0, maximum: 4 }),
  estimate: s.integer("Estimate in the team's point scale"),
  label_ids: s.strings('Label ids of the same team (from LINEAR_LIST_LINEAR_LABELS); replaces the whole set on update'),
  project_id: s.string('Project id (from LINEAR_LIST_LINEAR_PROJECTS)'),
  cycle_id: s.string('Cycle id (from LINEAR_GET_CYCLES_BY_TEAM_ID)'),
  parent_id: s.string('Parent issue id, to make this a sub-issue'),
  due_date: s.string('Due date, YYYY-MM-DD', { format: 'date' }),
};

export const linearTools: CuratedTool[] = [
  graphql({
    slug: 'LINEAR_CREATE_LINEAR_ISSUE',
    name: 'Create Linear issue',
    important: true,
    tags: ['linear', 'issues'],
    description:
      'Create an issue in a Linear team. Needs team_id (LINEAR_LIST_LINEAR_TEAMS) and title; state, assignee, labels, ' +
      'project and cycle ids must belong to the same team. Returns the new issue with id, identifier (ENG-123) and url at the top of data; ' +
      'pass data.id as parent_id to create sub-issues or to LINEAR_CREATE_LINEAR_COMMENT.',
    input: params({ team_id: s.string('Team id the issue belongs to'), ...issueProps }, ['team_id', 'title']),
    output: params({
      id: s.string('Issue id'),
      identifier: s.string('Key such as ENG-123'),
      url: s.string('Link to the issue'),
      success: s.boolean('Linear accepted the mutation'),
    }),
    document: `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { ${ISSUE_FIELDS} } } }`,
    variables: (a) => ({ input: issueInput(a) }),
    pick: payload('issueCreate', 'issue'),
  }),
  graphql({
    slug: 'LINEAR_UPDATE_ISSUE',
    name: 'Update Linear issue',
    important: true,
    tags: ['linear', 'issues'],
    description:
      'Change fields of an existing issue: give issue_id (UUID or key like ENG-123) and only the fields to change; ' +
      'label_ids replaces all labels (use LINEAR_REMOVE_ISSUE_LABEL to drop one). Returns the updated issue.',
    input: params(
      { issue_id: id('Issue to update'), team_id: s.string('Move the issue to this team'), ...issueProps },
      ['issue_id'],
    ),
    document: `mutation IssueUpdate($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { ${ISSUE_FIELDS} } } }`,
    variables: (a) => {
      const input = issueInput(a);
      if (!Object.keys(input).length) throw new ToolArgumentError('give at least one field to change besides issue_id');
      return { id: a.issue_id, input };
    },
    pick: payload('issueUpdate', 'issue'),
  }),
  graphql({
    slug: 'LINEAR_GET_LINEAR_ISSUE',
    name: 'Get Linear issue',
    important: true,
    tags: ['linear', 'issues'],
    description:
      'Read one issue by id or key (ENG-123): title, description, state, team, assignee, labels, project, cycle, due date, ' +
      'its attachments and comments (with authors). Use before updating or commenting.',
    input: params({ issue_id: id('Issue to read') }, ['issue_id']),
    document:
      `query Issue($id: String!) { issue(id: $id) { ${ISSUE_FIELDS} creator { id name } ` +
      'attachments { nodes { id title subtitle url } } comments { nodes { id body createdAt user { id name } } } } }',
    variables: (a) => ({ id: a.issue_id }),
    pick: (d) => ({ issue: d.issue ?? null }),
  }),
  graphql({
    slug: 'LINEAR_LIST_LINEAR_ISSUES',
    name: 'List Linear issues',
    important: true,
    tags: ['linear', 'issues'],
    description:
      'List open (non-archived) issues across the workspace, optionally only of one project_id or one assignee_id. ' +
      'Returns issues (flat array) and page_info; pass page_info.endCursor as after for the next page. For one team use LINEAR_LIST_ISSUES_BY_TEAM_ID; by text use LINEAR_SEARCH_ISSUES.',
    input: params({
      project_id: s.string('Only issues of this project'),
      assignee_id: s.string('Only issues assigned to this user'),
      first: first(10),
      after,
    }),
    document: `query Issues($first: Int, $after: String, $filter: IssueFilter) { issues(first: $first, after: $after, filter: $filter) { nodes { ${ISSUE_FIELDS} } ${PAGE} } }`,
    variables: (a) => {
      const filter = compact({
        project: a.project_id ? { id: { eq: a.project_id } } : undefined,
        assignee: a.assignee_id ? { id: { eq: a.assignee_id } } : undefined,
      });
      return { first: a.first ?? 10, after: a.after, filter: Object.keys(filter).length ? filter : undefined };
    },
    pick: flat('issues', 'issues'),
  }),
  graphql({
    slug: 'LINEAR_LIST_ISSUES_BY_TEAM_ID',
    name: 'List issues of a team',
    tags: ['linear', 'issues'],
    description:
      'List the issues of one team (team_id from LINEAR_LIST_LINEAR_TEAMS), newest first, with cursor paging. Returns issues and page_info.',
    input: params({ team_id: s.string('Team id'), first: first(50), after }, ['team_id']),
    document: `query TeamIssues($teamId: String!, $first: Int, $after: String) { team(id: $teamId) { issues(first: $first, after: $after) { nodes { ${ISSUE_FIELDS} } ${PAGE} } } }`,
    variables: (a) => ({ teamId: a.team_id, first: a.first ?? 50, after: a.after }),
    pick: (d) => flat('issues', 'issues')((d.team ?? {}) as Args),
  }),
  graphql({
    slug: 'LINEAR_SEARCH_ISSUES',
    name: 'Search Linear issues',
    important: true,
    tags: ['linear', 'issues', 'search'],
    description:
      'Full-text search over issue identifiers, titles and descriptions. Give query (words or a key such as ENG-12). ' +
      'Returns matching issues and page_info. For structured filters (team, assignee) use the list tools.',
    input: params(
      {
        query: s.string('Search text'),
        first: first(25),
        after,
        include_archived: s.boolean('Also search archived issues'),
      },
      ['query'],
    ),
    document: `query Search($term: String!, $first: Int, $after: String, $includeArchived: Boolean) { searchIssues(term: $term, first: $first, after: $after, includeArchived: $includeArchived) { nodes { ${ISSUE_FIELDS} } ${PAGE} } }`,
    variables: (a) => ({ term: a.query, first: a.first ?? 25, after: a.after, includeArchived: a.include_archived }),
    pick: flat('searchIssues', 'issues'),
  }),
  graphql({
    slug: 'LINEAR_DELETE_LINEAR_ISSUE',
    name: 'Delete Linear issue',
    tags: ['linear', 'issues'],
    description:
      'Move an issue to the trash (Linear keeps it restorable for a while). Confirm with the user first. Give issue_id. Returns success.',
    input: params({ issue_id: id('Issue to delete') }, ['issue_id']),
    document: 'mutation IssueDelete($id: String!) { issueDelete(id: $id) { success } }',
    variables: (a) => ({ id: a.issue_id }),
    pick: field('issueDelete'),
  }),
  graphql({
    slug: 'LINEAR_ARCHIVE_ISSUE',
    name: 'Archive Linear issue',
    tags: ['linear', 'issues'],
    description:
      'Archive an issue: it leaves active views but keeps its data and can be unarchived. Give issue_id. Returns success.',
    input: params({ issue_id: id('Issue to archive'), trash: s.boolean('Also move it to the trash') }, ['issue_id']),
    document:
      'mutation IssueArchive($id: String!, $trash: Boolean) { issueArchive(id: $id, trash: $trash) { success } }',
    variables: (a) => ({ id: a.issue_id, trash: a.trash }),
    pick: field('issueArchive'),
  }),
  graphql({
    slug: 'LINEAR_REMOVE_ISSUE_LABEL',
    name: 'Remove a label from an issue',
    tags: ['linear', 'labels'],
    description:
      'Take one label off an issue without touching its other labels. Give issue_id and label_id. Succeeds even if the label was not set.',
    input: params({ issue_id: id('Issue'), label_id: s.string('Label id to remove') }, ['issue_id', 'label_id']),
    document: `mutation RemoveLabel($id: String!, $labelId: String!) { issueRemoveLabel(id: $id, labelId: $labelId) { success issue { id identifier labels { nodes { id name } } } } }`,
    variables: (a) => ({ id: a.issue_id, labelId: a.label_id }),
    pick: payload('issueRemoveLabel', 'issue'),
  }),
  graphql({
    slug: 'LINEAR_CREATE_LINEAR_ISSUE_RELATION',
    name: 'Relate two issues',
    tags: ['linear', 'issues'],
    description:
      'Link two issues: type blocks (issue_id blocks related_issue_id), duplicate, related or similar. Returns the relation.',
    input: params(
      {
        issue_id: id('The issue the relation starts from'),
        related_issue_id: id('The other issue'),
        type: s.enum(['blocks', 'duplicate', 'related', 'similar'], 'Kind of relation'),
      },
      ['issue_id', 'related_issue_id', 'type'],
    ),
    document:
      'mutation Relate($input: IssueRelationCreateInput!) { issueRelationCreate(input: $input) { success issueRelation { id type issue { id identifier } relatedIssue { id identifier } } } }',
    variables: (a) => ({ input: { issueId: a.issue_id, relatedIssueId: a.related_issue_id, type: a.type } }),
    pick: payload('issueRelationCreate', 'issueRelation'),
  }),
  graphql({
    slug: 'LINEAR_GET_ISSUE_DEFAULTS',
    name: 'Team defaults for new issues',
    tags: ['linear', 'teams'],
    description:
      'Read what a new issue of a team starts with: the default workflow state and estimate settings. Give team_id. Useful before LINEAR_CREATE_LINEAR_ISSUE.',
    input: params({ team_id: s.string('Team id') }, ['team_id']),
    document:
      'query Defaults($id: String!) { team(id: $id) { id name defaultIssueEstimate defaultIssueState { id name type } issueEstimationType } }',
    variables: (a) => ({ id: a.team_id }),
    pick: (d) => ({ team: d.team ?? null }),
    aliases: ['LINEAR_CREATE_LINEAR_ISSUE_DETAILS'],
  }),
  graphql({
    slug: 'LINEAR_LIST_LINEAR_TEAMS',
    name: 'List Linear teams',
    important: true,
    tags: ['linear', 'teams'],
    description:
      "List the workspace's teams with their members and projects. Use the team id (not the name) in other tools; " +
      "give project_id to keep only each team's matching project. Returns teams and page_info.",
    input: params({ project_id: s.string("Keep only this project in each team's projects"), first: first(50), after }),
    document: `query Teams($first: Int, $after: String, $projectFilter: ProjectFilter) { teams(first: $first, after: $after) { nodes { id key name description members { nodes { id name email } } projects(filter: $projectFilter) { nodes { id name } } } ${PAGE} } }`,
    variables: (a) => ({
      first: a.first ?? 50,
      after: a.after,
      projectFilter: a.project_id ? { id: { eq: a.project_id } } : undefined,
    }),
    pick: flat('teams', 'teams'),
  }),
  graphql({
    slug: 'LINEAR_GET_ALL_LINEAR_TEAMS',
    name: 'All teams (ids and names)',
    tags: ['linear', 'teams'],
    deprecated: true,
    description: 'Older, lighter team list: only id, key and name of every team. Prefer LINEAR_LIST_LINEAR_TEAMS.',
    input: params({}),
    document: 'query AllTeams { teams(first: 250) { nodes { id key name } } }',
    pick: (d) => ({ teams: ((d.teams ?? {}) as { nodes?: unknown[] }).nodes ?? [] }),
  }),
  graphql({
    slug: 'LINEAR_CREATE_TEAM',
    name: 'Create a team',
    tags: ['linear', 'teams'],
    description:
      'Create a team. key becomes the prefix of its issue keys (ENG → ENG-1) and must be unique. Returns the team.',
    input: params(
      {
        name: s.string('Team name'),
        key: s.string('Short unique key, e.g. ENG'),
        description: s.string('What the team does'),
      },
      ['name'],
    ),
    document:
      'mutation TeamCreate($input: TeamCreateInput!) { teamCreate(input: $input) { success team { id key name } } }',
    variables: (a) => ({ input: { name: a.name, key: a.key, description: a.description } }),
    pick: payload('teamCreate', 'team'),
  }),
  graphql({
    slug: 'LINEAR_LIST_LINEAR_STATES',
    name: 'List workflow states',
    important: true,
    tags: ['linear', 'states'],
    description:
      'List the workflow states (Backlog, Todo, In Progress, Done…) of one team with their ids and types. State ids are per team: ' +
      'resolve a name to an id here before LINEAR_CREATE_LINEAR_ISSUE or LINEAR_UPDATE_ISSUE. Returns states and page_info.',
    input: params({ team_id: s.string('Team id'), first: first(100), after }, ['team_id']),
    document: `query States($teamId: ID!, $first: Int, $after: String) { workflowStates(filter: { team: { id: { eq: $teamId } } }, first: $first, after: $after) { nodes { id name type color position } ${PAGE} } }`,
    variables: (a) => ({ teamId: a.team_id, first: a.first ?? 100, after: a.after }),
    pick: flat('workflowStates', 'states'),
  }),
  graphql({
    slug: 'LINEAR_LIST_LINEAR_LABELS',
    name: 'List labels',
    tags: ['linear', 'labels'],
    description:
      'List issue labels, of one team when team_id is given, else of the whole workspace. Names repeat across teams: use the ids. Returns labels and page_info.',
    input: params({ team_id: s.string('Only labels of this team'), first: first(100), after }),
    document: `query Labels($first: Int, $after: String, $filter: IssueLabelFilter) { issueLabels(first: $first, after: $after, filter: $filter) { nodes { id name color description team { id } } ${PAGE} } }`,
    variables: (a) => ({
      first: a.first ?? 100,
      after: a.after,
      filter: a.team_id ? { team: { id: { eq: a.team_id } } } : undefined,
    }),
    pick: flat('issueLabels', 'labels'),
  }),
  graphql({
    slug: 'LINEAR_CREATE_LINEAR_LABEL',
    name: 'Create a label',
    tags: ['linear', 'labels'],
    description:
      'Create an issue label in a team. Give team_id, name and color (hex like #5e6ad2). Returns the label; use its id in label_ids.',
    input: params(
      {
        team_id: s.string('Team id'),
        name: s.string('Label name'),
        color: s.string('Hex color, e.g. #5e6ad2'),
        description: s.string('What the label means'),
      },
      ['team_id', 'name', 'color'],
    ),
    document:
      'mutation LabelCreate($input: IssueLabelCreateInput!) { issueLabelCreate(input: $input) { success issueLabel { id name color team { id } } } }',
    variables: (a) => ({ input: { teamId: a.team_id, name: a.name, color: a.color, description: a.description } }),
    pick: payload('issueLabelCreate', 'issueLabel'),
  }),
  graphql({
    slug: 'LINEAR_LIST_LINEAR_USERS',
    name: 'List Linear users',
    important: true,
    tags: ['linear', 'users'],
    description:
      "List the workspace's users with id, name, display name, email and active flag. Match people by email, then pass the id as assignee_id. Returns users and page_info.",
    input: params({ first: first(50), after }),
    document: `query Users($first: Int, $after: String) { users(first: $first, after: $after) { nodes { id name displayName email active admin } ${PAGE} } }`,
    variables: (a) => ({ first: a.first ?? 50, after: a.after }),
    pick: flat('users', 'users'),
  }),
  graphql({
    slug: 'LINEAR_GET_CURRENT_USER',
    name: 'Current Linear user',
    tags: ['linear', 'users'],
    description:
      'Who the connection acts as (may be a bot for API keys): data.viewer with id, name, email and the organization. Use viewer.id as assignee_id for "me".',
    input: params({}),
    document: 'query Viewer { viewer { id name displayName email active admin organization { id name urlKey } } }',
  }),
  graphql({
    slug: 'LINEAR_VALIDATE_CREDENTIAL',
    name: 'Check the Linear credential',
    tags: ['linear', 'users'],
    description:
      "Check that the connection's token works by reading the current user. Returns valid: true and the user, or fails with Linear's message.",
    input: params({}),
    document: 'query Validate { viewer { id name email } }',
    pick: (d) => ({ valid: !!d.viewer, viewer: d.viewer ?? null }),
  }),
  graphql({
    slug: 'LINEAR_CREATE_LINEAR_COMMENT',
    name: 'Comment on an issue',
    important: true,
    tags: ['linear', 'comments'],
    description:
      'Add a Markdown comment to an issue. Give issue_id (UUID or ENG-123) and body. Returns the comment with its id and url.',
    input: params({ issue_id: id('Issue to comment on'), body: s.string('Comment text, Markdown') }, [
      'issue_id',
      'body',
    ]),
    document:
      'mutation CommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success comment { id body url createdAt user { id name } } } }',
    variables: (a) => ({ input: { issueId: a.issue_id, body: a.body } }),
    pick: payload('commentCreate', 'comment'),
  }),
  graphql({
    slug: 'LINEAR_UPDATE_LINEAR_COMMENT',
    name: 'Edit a comment',
    tags: ['linear', 'comments'],
    description: 'Replace the text of a comment. Give comment_id and the new body. Returns the comment.',
    input: params({ comment_id: s.string('Comment id'), body: s.string('New text, Markdown') }, ['comment_id', 'body']),
    document:
      'mutation CommentUpdate($id: String!, $input: CommentUpdateInput!) { commentUpdate(id: $id, input: $input) { success comment { id body updatedAt } } }',
    variables: (a) => ({ id: a.comment_id, input: { body: a.body } }),
    pick: payload('commentUpdate', 'comment'),
  }),
  graphql({
    slug: 'LINEAR_GET_COMMENT',
    name: 'Get a comment',
    tags: ['linear', 'comments'],
    description: 'Read one comment by comment_id: body, author, times, its issue and its thread parent.',
    input: params({ comment_id: s.string('Comment id') }, ['comment_id']),
    document:
      'query Comment($id: String!) { comment(id: $id) { id body url createdAt updatedAt resolvedAt user { id name } issue { id identifier title } parent { id } } }',
    variables: (a) => ({ id: a.comment_id }),
    pick: (d) => ({ comment: d.comment ?? null }),
  }),
  graphql({
    slug: 'LINEAR_LIST_COMMENTS',
    name: 'List comments',
    tags: ['linear', 'comments'],
    description:
      'List comments across the workspace (newest first) or, with issue_id, of one issue. Returns comments with author and issue, and page_info.',
    input: params({ issue_id: s.string('Only comments of this issue (UUID)'), first: first(50), after }),
    document: `query Comments($first: Int, $after: String, $filter: CommentFilter) { comments(first: $first, after: $after, filter: $filter) { nodes { id body createdAt user { id name } issue { id identifier } } ${PAGE} } }`,
    variables: (a) => ({
      first: a.first ?? 50,
      after: a.after,
      filter: a.issue_id ? { issue: { id: { eq: a.issue_id } } } : undefined,
    }),
    pick: flat('comments', 'comments'),
  }),
  graphql({
    slug: 'LINEAR_RESOLVE_COMMENT',
    name: 'Resolve a comment thread',
    tags: ['linear', 'comments'],
    description:
      'Mark a comment thread as resolved (it stays visible). Give comment_id. LINEAR_UNRESOLVE_COMMENT reopens it.',
    input: params({ comment_id: s.string('Comment id') }, ['comment_id']),
    document: 'mutation Resolve($id: String!) { commentResolve(id: $id) { success comment { id resolvedAt } } }',
    variables: (a) => ({ id: a.comment_id }),
    pick: payload('commentResolve', 'comment'),
  }),
  graphql({
    slug: 'LINEAR_UNRESOLVE_COMMENT',
    name: 'Reopen a comment thread',
    tags: ['linear', 'comments'],
    description: 'Reopen a resolved comment thread. Give comment_id.',
    input: params({ comment_id: s.string('Comment id') }, ['comment_id']),
    document: 'mutation Unresolve($id: String!) { commentUnresolve(id: $id) { success comment { id resolvedAt } } }',
    variables: (a) => ({ id: a.comment_id }),
    pick: payload('commentUnresolve', 'comment'),
  }),
  graphql({
    slug: 'LINEAR_CREATE_ATTACHMENT',
    name: 'Attach a link to an issue',
    tags: ['linear', 'issues'],
    description:
      'Attach an external link (document, PR, design) to an issue: give issue_id, title and url, optionally subtitle. Returns the attachment.',
    input: params(
      {
        issue_id: id('Issue'),
        title: s.string('Attachment title'),
        subtitle: s.string('Second line under the title'),
        url: s.string('Link to attach', { format: 'uri' }),
      },
      ['issue_id', 'title', 'url'],
    ),
    document:
      'mutation AttachmentCreate($input: AttachmentCreateInput!) { attachmentCreate(input: $input) { success attachment { id title subtitle url } } }',
    variables: (a) => ({ input: { issueId: a.issue_id, title: a.title, subtitle: a.subtitle, url: a.url } }),
    pick: payload('attachmentCreate', 'attachment'),
    aliases: ['LINEAR_CREATE_LINEAR_ATTACHMENT'],
  }),
  graphql({
    slug: 'LINEAR_LIST_LINEAR_PROJECTS',
    name: 'List Linear projects',
    important: true,
    tags: ['linear', 'projects'],
    description:
      "List the workspace's projects with id, name, state, progress, lead and teams. Names can repeat: confirm the id. Returns projects and page_info.",
    input: params({ first: first(50), after }),
    document: `query Projects($first: Int, $after: String) { projects(first: $first, after: $after) { nodes { id name state progress url targetDate lead { id name } teams { nodes { id key } } } ${PAGE} } }`,
    variables: (a) => ({ first: a.first ?? 50, after: a.after }),
    pick: flat('projects', 'projects'),
  }),
  graphql({
    slug: 'LINEAR_GET_LINEAR_PROJECT',
    name: 'Get a project',
    tags: ['linear', 'projects'],
    description: 'Read one project by project_id: description, state, progress, dates, lead, teams and milestones.',
    input: params({ project_id: s.string('Project id') }, ['project_id']),
    document:
      'query Project($id: String!) { project(id: $id) { id name description state progress url startDate targetDate lead { id name } teams { nodes { id key name } } projectMilestones { nodes { id name targetDate } } } }',
    variables: (a) => ({ id: a.project_id }),
    pick: (d) => ({ project: d.project ?? null }),
  }),
  graphql({
    slug: 'LINEAR_CREATE_LINEAR_PROJECT',
    name: 'Create a project',
    tags: ['linear', 'projects'],
    description:
      'Create a project for one or more teams: give name and team_ids, optionally description, lead_id, start_date and target_date (YYYY-MM-DD). Returns the project.',
    input: params(
      {
        name: s.string('Project name'),
        team_ids: s.strings('Team ids the project belongs to'),
        description: s.string('Short description'),
        lead_id: s.string('User id of the lead'),
        start_date: s.string('YYYY-MM-DD'),
        target_date: s.string('YYYY-MM-DD'),
      },
      ['name', 'team_ids'],
    ),
    document:
      'mutation ProjectCreate($input: ProjectCreateInput!) { projectCreate(input: $input) { success project { id name url } } }',
    variables: (a) => ({
      input: {
        name: a.name,
        teamIds: a.team_ids,
        description: a.description,
        leadId: a.lead_id,
        startDate: a.start_date,
        targetDate: a.target_date,
      },
    }),
    pick: payload('projectCreate', 'project'),
  }),
  graphql({
    slug: 'LINEAR_UPDATE_LINEAR_PROJECT',
    name: 'Update a project',
    tags: ['linear', 'projects'],
    description:
      "Change a project's name, description, lead or dates. Give project_id and only the fields to change. Returns the project.",
    input: params(
      {
        project_id: s.string('Project id'),
        name: s.string('New name'),
        description: s.string('New description'),
        lead_id: s.string('User id of the lead'),
        start_date: s.string('YYYY-MM-DD'),
        target_date: s.string('YYYY-MM-DD'),
      },
      ['project_id'],
    ),
    document:
      'mutation ProjectUpdate($id: String!, $input: ProjectUpdateInput!) { projectUpdate(id: $id, input: $input) { success project { id name description url targetDate } } }',
    variables: (a) => ({
      id: a.project_id,
      input: {
        name: a.name,
        description: a.description,
        leadId: a.lead_id,
        startDate: a.start_date,
        targetDate: a.target_date,
      },
    }),
    pick: payload('projectUpdate', 'project'),
  }),
  graphql({
    slug: 'LINEAR_LIST_LINEAR_CYCLES',
    name: 'List cycles',
    tags: ['linear', 'cycles'],
    description:
      'List cycles (sprints) of all teams with number, dates and team. The active one is where now falls between startsAt and endsAt. Returns cycles and page_info.',
    input: params({ first: first(50), after }),
    document: `query Cycles($first: Int, $after: String) { cycles(first: $first, after: $after) { nodes { id number name startsAt endsAt team { id key } } ${PAGE} } }`,
    variables: (a) => ({ first: a.first ?? 50, after: a.after }),
    pick: flat('cycles', 'cycles'),
  }),
  graphql({
    slug: 'LINEAR_GET_CYCLES_BY_TEAM_ID',
    name: 'Cycles of a team',
    tags: ['linear', 'cycles'],
    description:
      'List the cycles (sprints) of one team with number, name, start and end; pass a cycle id as cycle_id when creating issues. Returns cycles and page_info.',
    input: params({ team_id: s.string('Team id'), first: first(50), after }, ['team_id']),
    document: `query TeamCycles($id: String!, $first: Int, $after: String) { team(id: $id) { cycles(first: $first, after: $after) { nodes { id number name startsAt endsAt } ${PAGE} } } }`,
    variables: (a) => ({ id: a.team_id, first: a.first ?? 50, after: a.after }),
    pick: (d) => flat('cycles', 'cycles')((d.team ?? {}) as Args),
  }),
  graphql({
    slug: 'LINEAR_ARCHIVE_PROJECT',
    name: 'Archive a project',
    tags: ['linear', 'projects'],
    description: 'Archive a finished or abandoned project (reversible in Linear). Give project_id. Returns success.',
    input: params({ project_id: s.string('Project id') }, ['project_id']),
    document: 'mutation ProjectArchive($id: String!) { projectArchive(id: $id) { success } }',
    variables: (a) => ({ id: a.project_id }),
    pick: field('projectArchive'),
  }),
  graphql({
    slug: 'LINEAR_CREATE_PROJECT_MILESTONE',
    name: 'Add a project milestone',
    tags: ['linear', 'projects'],
    description:
      'Add a milestone to a project: project_id, name, optional target_date (YYYY-MM-DD) and description. Returns the milestone.',
    input: params(
      {
        project_id: s.string('Project id'),
        name: s.string('Milestone name'),
        target_date: s.string('YYYY-MM-DD'),
        description: s.string('What it marks'),
      },
      ['project_id', 'name'],
    ),
    document:
      'mutation MilestoneCreate($input: ProjectMilestoneCreateInput!) { projectMilestoneCreate(input: $input) { success projectMilestone { id name targetDate } } }',
    variables: (a) => ({
      input: { projectId: a.project_id, name: a.name, targetDate: a.target_date, description: a.description },
    }),
    pick: payload('projectMilestoneCreate', 'projectMilestone'),
  }),
  graphql({
    slug: 'LINEAR_CREATE_PROJECT_UPDATE',
    name: 'Post a project update',
    tags: ['linear', 'projects'],
    description:
      'Post a status update on a project: project_id, body (Markdown) and health (onTrack, atRisk, offTrack). Returns the update with its url.',
    input: params(
      {
        project_id: s.string('Project id'),
        body: s.string('Update text, Markdown'),
        health: s.enum(['onTrack', 'atRisk', 'offTrack'], 'Project health'),
      },
      ['project_id', 'body'],
    ),
    document:
      'mutation ProjectUpdateCreate($input: ProjectUpdateCreateInput!) { projectUpdateCreate(input: $input) { success projectUpdate { id body health url createdAt } } }',
    variables: (a) => ({ input: { projectId: a.project_id, body: a.body, health: a.health } }),
    pick: payload('projectUpdateCreate', 'projectUpdate'),
  }),
  graphql({
    slug: 'LINEAR_UPDATE_PROJECT_UPDATE',
    name: 'Edit a project update',
    tags: ['linear', 'projects'],
    description: 'Change the text or health of a project update. Give project_update_id and the fields to change.',
    input: params(
      {
        project_update_id: s.string('Project update id'),
        body: s.string('New text'),
        health: s.enum(['onTrack', 'atRisk', 'offTrack'], 'Project health'),
      },
      ['project_update_id'],
    ),
    document:
      'mutation ProjectUpdateUpdate($id: String!, $input: ProjectUpdateUpdateInput!) { projectUpdateUpdate(id: $id, input: $input) { success projectUpdate { id body health } } }',
    variables: (a) => ({ id: a.project_update_id, input: { body: a.body, health: a.health } }),
    pick: payload('projectUpdateUpdate', 'projectUpdate'),
  }),
  graphql({
    slug: 'LINEAR_GET_PROJECT_UPDATE',
    name: 'Get a project update',
    tags: ['linear', 'projects'],
    description: 'Read one project update by project_update_id: body, health, author, time and project.',
    input: params({ project_update_id: s.string('Project update id') }, ['project_update_id']),
    document:
      'query ProjectUpdate($id: String!) { projectUpdate(id: $id) { id body health url createdAt user { id name } project { id name } } }',
    variables: (a) => ({ id: a.project_update_id }),
    pick: (d) => ({ project_update: d.projectUpdate ?? null }),
  }),
  graphql({
    slug: 'LINEAR_LIST_PROJECT_UPDATES',
    name: 'List project updates',
    tags: ['linear', 'projects'],
    description:
      'Status updates across projects, newest first, with body, health, author and project. Returns project_updates and page_info.',
    input: params({ first: first(50), after }),
    document: `query ProjectUpdates($first: Int, $after: String) { projectUpdates(first: $first, after: $after) { nodes { id body health url createdAt user { id name } project { id name } } ${PAGE} } }`,
    variables: (a) => ({ first: a.first ?? 50, after: a.after }),
    pick: flat('projectUpdates', 'project_updates'),
  }),
  graphql({
    slug: 'LINEAR_ARCHIVE_PROJECT_UPDATE',
    name: 'Archive a project update',
    tags: ['linear', 'projects'],
    description:
      'Hide an old project update (reversible with LINEAR_UNARCHIVE_PROJECT_UPDATE). Give project_update_id.',
    input: params({ project_update_id: s.string('Project update id') }, ['project_update_id']),
    document: 'mutation ProjectUpdateArchive($id: String!) { projectUpdateArchive(id: $id) { success } }',
    variables: (a) => ({ id: a.project_update_id }),
    pick: field('projectUpdateArchive'),
  }),
  graphql({
    slug: 'LINEAR_UNARCHIVE_PROJECT_UPDATE',
    name: 'Restore a project update',
    tags: ['linear', 'projects'],
    description: 'Bring back an archived project update. Give project_update_id.',
    input: params({ project_update_id: s.string('Project update id') }, ['project_update_id']),
    document: 'mutation ProjectUpdateUnarchive($id: String!) { projectUpdateUnarchive(id: $id) { success } }',
    variables: (a) => ({ id: a.project_update_id }),
    pick: field('projectUpdateUnarchive'),
  }),
  graphql({
    slug: 'LINEAR_UPDATE_TEAM',
    name: 'Update a team',
    tags: ['linear', 'teams'],
    description:
      'Rename a team or change its key or description. Give team_id and the fields to change. Returns the team.',
    input: params(
      {
        team_id: s.string('Team id'),
        name: s.string('New name'),
        key: s.string('New key (changes future issue keys)'),
        description: s.string('New description'),
      },
      ['team_id'],
    ),
    document:
      'mutation TeamUpdate($id: String!, $input: TeamUpdateInput!) { teamUpdate(id: $id, input: $input) { success team { id key name description } } }',
    variables: (a) => ({ id: a.team_id, input: { name: a.name, key: a.key, description: a.description } }),
    pick: payload('teamUpdate', 'team'),
  }),
  graphql({
    slug: 'LINEAR_CREATE_COMMENT_REACTION',
    name: 'React to a comment',
    tags: ['linear', 'comments'],
    description:
      'Add an emoji reaction (e.g. "+1", "eyes") to a comment. Give comment_id and emoji. Returns the reaction id, needed by LINEAR_REMOVE_REACTION.',
    input: params({ comment_id: s.string('Comment id'), emoji: s.string('Emoji name, e.g. +1') }, [
      'comment_id',
      'emoji',
    ]),
    document:
      'mutation ReactionCreate($input: ReactionCreateInput!) { reactionCreate(input: $input) { success reaction { id emoji } } }',
    variables: (a) => ({ input: { commentId: a.comment_id, emoji: a.emoji } }),
    pick: payload('reactionCreate', 'reaction'),
  }),
  graphql({
    slug: 'LINEAR_REMOVE_REACTION',
    name: 'Remove a reaction',
    tags: ['linear', 'comments'],
    description: 'Delete a reaction by reaction_id (from LINEAR_CREATE_COMMENT_REACTION).',
    input: params({ reaction_id: s.string('Reaction id') }, ['reaction_id']),
    document: 'mutation ReactionDelete($id: String!) { reactionDelete(id: $id) { success } }',
    variables: (a) => ({ id: a.reaction_id }),
    pick: field('reactionDelete'),
  }),
  composite({
    slug: 'LINEAR_RUN_QUERY_OR_MUTATION',
    name: 'Run a GraphQL query or mutation',
    tags: ['linear', 'graphql'],
    description:
      'Send any GraphQL document to Linear when no dedicated tool fits (custom filters, fields, schema introspection). ' +
      "Give query_or_mutation and its variables. Linear filters look like { field: { eq: value } }; lists are nodes plus pageInfo. Returns Linear's data; errors end the call with Linear's message.",
    input: params(
      {
        query_or_mutation: s.string('The GraphQL document'),
        variables: s.object({}, 'Variables of the document', { additionalProperties: true }),
      },
      ['query_or_mutation'],
    ),
    run: (ctx, a) => runGraphql(ctx, '/graphql', String(a.query_or_mutation), (a.variables ?? {}) as Args),
  }),
];

export const linear = standaloneToolkit(
  {
    slug: 'linear',
    name: 'Linear',
    description:
      'Linear is an issue tracker and planning tool for software teams: issues, projects, cycles, workflow states, labels and comments, through its GraphQL API.',
    appUrl: 'https://linear.app',
    categories: [CATEGORIES.pm, CATEGORIES.dev],
    baseUrl: 'https://api.linear.app',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://linear.app/oauth/authorize',
        tokenUrl: 'https://api.linear.app/oauth/token',
        scopes: ['read', 'write'],
        separator: ',',
      }),
      apiKeyScheme('Linear personal API key (Settings → Security & access → Personal API keys)', {
        in: 'header',
        name: 'Authorization',
        field: 'api_key',
      }),
    ],
  },
  linearTools,
);
