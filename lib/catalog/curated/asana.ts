/**
 * Asana in the hosted vocabulary, on the compiled Asana toolkit (app.asana.com/api/1.0): tasks,
 * subtasks, comments, projects, sections, workspaces, users, teams, search and typeahead. Hosted
 * tools take the fields flat (`name`, `assignee`, `due_on`); Asana wants them inside `{ data: … }`,
 * so write tools fold them in (a ready-made `data` object is accepted too and merged under the flat
 * fields). `opt_fields` is a list here and Asana's comma-separated string on the wire.
 */
import { at, http, mapping, params, s } from './define';
import type { ToolHttp } from '../types';
import type { CuratedTool } from './types';

const OPT_FIELDS = s.strings(
  'Fields to return beyond the compact record, e.g. ["name","due_on","assignee.name","completed"]',
);
const LIMIT = s.integer('Results per page, 1 to 100');
const OFFSET = s.string('next_page.offset of the previous page');
const DATA = s.object({}, 'The request body Asana documents under "data", for fields not listed here', {
  additionalProperties: true,
});
const GID = (what: string) => s.string(`${what} gid (numeric string), e.g. "1204567890123456"`);

const joinFields = (a: Record<string, unknown>) =>
  Array.isArray(a.opt_fields) ? { ...a, opt_fields: a.opt_fields.join(',') } : a;

interface Def {
  slug: string;
  name: string;
  description: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Asana path with `{arg}` placeholders named as the hosted arguments */
  path: string;
  input: Record<string, unknown>;
  required?: string[];
  /** provider query names that differ from the argument (`assignee_any` → `assignee.any`) */
  query?: Record<string, string>;
  important?: boolean;
  aliases?: string[];
}

/** GET/DELETE: path arguments in the path, every other argument in the query. */
function read(d: Def): CuratedTool {
  const inPath = new Set([...d.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const p: ToolHttp['params'] = {};
  for (const k of Object.keys(d.input)) p[k] = inPath.has(k) ? at.path(k) : at.query(d.query?.[k] ?? k);
  return mapping({
    slug: d.slug,
    name: d.name,
    description: d.description,
    important: d.important,
    aliases: d.aliases,
    tags: ['asana'],
    input: params(d.input, d.required ?? [...inPath]),
    http: http(d.method, d.path, p),
    prepare: joinFields,
  });
}

/** POST/PUT: path arguments in the path, opt_fields in the query, the other fields inside `data`. */
function write(d: Def): CuratedTool {
  const inPath = new Set([...d.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const fields = Object.keys(d.input).filter((k) => !inPath.has(k));
  const p: ToolHttp['params'] = { data: at.body('data'), opt_fields: at.query('opt_fields') };
  for (const k of inPath) p[k] = at.path(k);
  return mapping({
    slug: d.slug,
    name: d.name,
    description: d.description,
    important: d.important,
    aliases: d.aliases,
    tags: ['asana'],
    input: params({ ...d.input, opt_fields: OPT_FIELDS, data: DATA }, d.required ?? [...inPath]),
    http: http(d.method, d.path, p),
    prepare: (a) => {
      const data: Record<string, unknown> = { ...((a.data as Record<string, unknown>) ?? {}) };
      for (const k of fields) if (a[k] !== undefined) data[k] = a[k];
      const out: Record<string, unknown> = { data };
      for (const k of inPath) out[k] = a[k];
      if (a.opt_fields !== undefined) out.opt_fields = a.opt_fields;
      return joinFields(out);
    },
  });
}

const TASK_FIELDS = {
  name: s.string('Task title'),
  notes: s.string('Description as plain text'),
  html_notes: s.string('Description as Asana rich text, e.g. "<body>Call <b>Ana</b></body>"'),
  assignee: s.string('User gid, email, or "me"'),
  due_on: s.string('Due date YYYY-MM-DD (use due_at for a time)'),
  due_at: s.string('Due date and time, ISO 8601 UTC'),
  start_on: s.string('Start date YYYY-MM-DD'),
  completed: s.boolean('true to mark done'),
  custom_fields: s.object({}, 'Custom field values by custom field gid, e.g. {"1201": "High"}', {
    additionalProperties: true,
  }),
};

export const asanaTools: CuratedTool[] = [
  write({
    slug: 'ASANA_CREATE_A_TASK',
    name: 'Create task',
    important: true,
    method: 'POST',
    path: '/tasks',
    description:
      'Create a task. Place it with projects (project gids), or workspace, or parent (to make a subtask); followers and tags can only be set here at creation. Returns data with the new task gid and permalink_url. Find project gids with ASANA_GET_MULTIPLE_PROJECTS and user gids with ASANA_GET_USERS_FOR_WORKSPACE.',
    input: {
      ...TASK_FIELDS,
      projects: s.strings('Project gids to add the task to'),
      workspace: s.string('Workspace gid (needed when no project or parent is given)'),
      parent: s.string('Parent task gid, to create a subtask'),
      followers: s.strings('User gids or emails to follow the task'),
      tags: s.strings('Tag gids to apply'),
    },
    required: [],
  }),
  read({
    slug: 'ASANA_GET_A_TASK',
    name: 'Get task',
    method: 'GET',
    path: '/tasks/{task_gid}',
    description:
      'Read one task: name, notes, assignee, due dates, completed, projects, memberships (sections), custom fields. Limit or extend the fields with opt_fields.',
    input: { task_gid: GID('Task'), opt_fields: OPT_FIELDS },
  }),
  write({
    slug: 'ASANA_UPDATE_A_TASK',
    name: 'Update task',
    method: 'PUT',
    path: '/tasks/{task_gid}',
    description:
      'Change a task: rename, reassign, reschedule, complete (completed=true) or edit notes and custom fields. Only the fields you pass change. Projects, tags and followers have their own tools (ASANA_ADD_TAG_TO_TASK, ASANA_ADD_FOLLOWERS_TO_TASK).',
    input: { task_gid: GID('Task'), ...TASK_FIELDS },
  }),
  read({
    slug: 'ASANA_DELETE_TASK',
    name: 'Delete task',
    method: 'DELETE',
    path: '/tasks/{task_gid}',
    description: 'Delete a task (it goes to the trash for 30 days). Confirm with the user first. Returns empty data.',
    input: { task_gid: GID('Task') },
  }),
  read({
    slug: 'ASANA_GET_TASKS_FROM_A_PROJECT',
    name: 'List tasks in a project',
    important: true,
    method: 'GET',
    path: '/projects/{project_gid}/tasks',
    description:
      'List the tasks of a project (compact: gid and name unless opt_fields asks for more). completed_since="now" returns only open tasks. Page with limit and next_page.offset.',
    input: {
      project_gid: GID('Project'),
      completed_since: s.string('Only tasks open or completed after this ISO time; "now" for open tasks only'),
      opt_fields: OPT_FIELDS,
      limit: LIMIT,
      offset: OFFSET,
    },
  }),
  read({
    slug: 'ASANA_GET_MULTIPLE_TASKS',
    name: 'List tasks',
    method: 'GET',
    path: '/tasks',
    description:
      'List tasks by project, by section, or by assignee within a workspace (assignee and workspace go together, e.g. assignee="me" for the user\'s own tasks). Filter with completed_since and modified_since.',
    input: {
      project: s.string('Project gid'),
      section: s.string('Section gid'),
      assignee: s.string('User gid or "me" (needs workspace)'),
      workspace: s.string('Workspace gid (needs assignee)'),
      completed_since: s.string('Only tasks open or completed after this ISO time; "now" for open tasks only'),
      modified_since: s.string('Only tasks changed after this ISO time'),
      opt_fields: OPT_FIELDS,
      limit: LIMIT,
      offset: OFFSET,
    },
    required: [],
  }),
  write({
    slug: 'ASANA_CREATE_SUBTASK',
    name: 'Create subtask',
    method: 'POST',
    path: '/tasks/{task_gid}/subtasks',
    description: 'Add a subtask under a task. due_on and due_at are alternatives. Returns the new subtask.',
    input: {
      task_gid: GID('Parent task'),
      name: s.string('Subtask title'),
      notes: s.string('Description'),
      assignee: s.string('User gid, email or "me"'),
      due_on: s.string('Due date YYYY-MM-DD'),
      due_at: s.string('Due date and time, ISO 8601'),
    },
  }),
  read({
    slug: 'ASANA_GET_TASK_SUBTASKS',
    name: 'List subtasks',
    method: 'GET',
    path: '/tasks/{task_gid}/subtasks',
    description: 'List the direct subtasks of a task (compact records; add opt_fields for more).',
    input: { task_gid: GID('Task'), opt_fields: OPT_FIELDS, limit: LIMIT, offset: OFFSET },
  }),
  write({
    slug: 'ASANA_CREATE_TASK_COMMENT',
    name: 'Comment on task',
    important: true,
    method: 'POST',
    path: '/tasks/{task_gid}/stories',
    description:
      "Post a comment on a task (it appears in the task's activity and notifies followers). Give text, or html_text for rich text. Returns the story.",
    input: {
      task_gid: GID('Task'),
      text: s.string('Comment text'),
      html_text: s.string('Comment as Asana rich text, e.g. "<body>Done <a href=\\"…\\">here</a></body>"'),
      is_pinned: s.boolean('Pin the comment to the top'),
    },
  }),
  read({
    slug: 'ASANA_GET_STORIES_FOR_TASK',
    name: 'List task comments and history',
    method: 'GET',
    path: '/tasks/{task_gid}/stories',
    description:
      'List the stories of a task: comments (type comment) and system events such as assignments and completions, oldest first.',
    input: { task_gid: GID('Task'), opt_fields: OPT_FIELDS, limit: LIMIT, offset: OFFSET },
  }),
  write({
    slug: 'ASANA_ADD_FOLLOWERS_TO_TASK',
    name: 'Add followers to task',
    method: 'POST',
    path: '/tasks/{task_gid}/addFollowers',
    description: 'Make users follow a task so they are notified of changes. Returns the task.',
    input: { task_gid: GID('Task'), followers: s.strings('User gids or emails') },
    required: ['task_gid', 'followers'],
  }),
  write({
    slug: 'ASANA_ADD_TAG_TO_TASK',
    name: 'Tag a task',
    method: 'POST',
    path: '/tasks/{task_gid}/addTag',
    description: 'Apply an existing tag to a task (list tags with ASANA_GET_TAGS). Returns empty data.',
    input: { task_gid: GID('Task'), tag: GID('Tag') },
    required: ['task_gid', 'tag'],
  }),
  write({
    slug: 'ASANA_ADD_TASK_TO_SECTION',
    name: 'Move task to section',
    method: 'POST',
    path: '/sections/{section_gid}/addTask',
    description:
      'Move a task into a section (a board column) of its project, at the end or before/after another task. Returns empty data. List sections with ASANA_GET_SECTIONS_IN_PROJECT.',
    input: {
      section_gid: GID('Section'),
      task: GID('Task'),
      insert_before: s.string('Put it before this task gid'),
      insert_after: s.string('Put it after this task gid'),
    },
    required: ['section_gid', 'task'],
  }),
  read({
    slug: 'ASANA_GET_A_PROJECT',
    name: 'Get project',
    method: 'GET',
    path: '/projects/{project_gid}',
    description:
      'Read one project: name, notes, owner, team, due dates, current status. It does not list tasks (use ASANA_GET_TASKS_FROM_A_PROJECT).',
    input: { project_gid: GID('Project'), opt_fields: OPT_FIELDS },
  }),
  write({
    slug: 'ASANA_CREATE_A_PROJECT',
    name: 'Create project',
    method: 'POST',
    path: '/projects',
    description:
      'Create a project in a workspace; in an organization a team gid is required too. Returns the project with its gid; add columns with ASANA_CREATE_SECTION_IN_PROJECT.',
    input: {
      name: s.string('Project name'),
      notes: s.string('Description'),
      workspace: s.string('Workspace gid'),
      team: s.string('Team gid (required in organizations)'),
      default_view: s.enum(['list', 'board', 'calendar', 'timeline'], 'View shown first'),
      color: s.string('Color name, e.g. light-green'),
      due_on: s.string('Due date YYYY-MM-DD'),
      start_on: s.string('Start date YYYY-MM-DD'),
      privacy_setting: s.enum(['public_to_workspace', 'private_to_team', 'private'], 'Who can see it'),
    },
    required: [],
  }),
  read({
    slug: 'ASANA_GET_MULTIPLE_PROJECTS',
    name: 'List projects',
    important: true,
    method: 'GET',
    path: '/projects',
    description:
      'List projects of a workspace or a team (give one of them), optionally only archived or unarchived ones.',
    input: {
      workspace: s.string('Workspace gid'),
      team: s.string('Team gid'),
      archived: s.boolean('Only archived (true) or active (false) projects'),
      opt_fields: OPT_FIELDS,
      limit: LIMIT,
      offset: OFFSET,
    },
    required: [],
  }),
  read({
    slug: 'ASANA_GET_SECTIONS_IN_PROJECT',
    name: 'List sections',
    method: 'GET',
    path: '/projects/{project_gid}/sections',
    description: "List a project's sections (the columns of a board or headers of a list), in order.",
    input: { project_gid: GID('Project'), opt_fields: OPT_FIELDS, limit: LIMIT, offset: OFFSET },
  }),
  write({
    slug: 'ASANA_CREATE_SECTION_IN_PROJECT',
    name: 'Create section',
    method: 'POST',
    path: '/projects/{project_gid}/sections',
    description:
      'Add a section (board column or list header) to a project, at the end or before/after another section. This creates a section, not a task.',
    input: {
      project_gid: GID('Project'),
      name: s.string('Section name, e.g. "In progress"'),
      insert_before: s.string('Put it before this section gid'),
      insert_after: s.string('Put it after this section gid'),
    },
    required: ['project_gid', 'name'],
  }),
  read({
    slug: 'ASANA_GET_MULTIPLE_WORKSPACES',
    name: 'List workspaces',
    method: 'GET',
    path: '/workspaces',
    description:
      'List the workspaces and organizations the user belongs to. Usually the first call: most other tools need a workspace gid.',
    input: { opt_fields: OPT_FIELDS, limit: LIMIT, offset: OFFSET },
  }),
  read({
    slug: 'ASANA_GET_CURRENT_USER',
    name: 'Get current user',
    method: 'GET',
    path: '/users/me',
    description: 'Read the connected user: gid, name, email and workspaces.',
    input: { opt_fields: OPT_FIELDS },
  }),
  read({
    slug: 'ASANA_GET_USERS_FOR_WORKSPACE',
    name: 'List workspace users',
    method: 'GET',
    path: '/workspaces/{workspace_gid}/users',
    description:
      'List the users of a workspace, to find the gid of an assignee or follower (add opt_fields ["email"] to match by email).',
    input: { workspace_gid: GID('Workspace'), opt_fields: OPT_FIELDS, offset: OFFSET },
  }),
  read({
    slug: 'ASANA_GET_TEAMS_IN_WORKSPACE',
    name: 'List teams',
    method: 'GET',
    path: '/workspaces/{workspace_gid}/teams',
    description:
      'List the teams of an organization visible to the user; a team gid is needed to create projects there.',
    input: { workspace_gid: GID('Workspace'), opt_fields: OPT_FIELDS, limit: LIMIT, offset: OFFSET },
  }),
  read({
    slug: 'ASANA_SEARCH_TASKS_IN_WORKSPACE',
    name: 'Search tasks',
    important: true,
    method: 'GET',
    path: '/workspaces/{workspace_gid}/tasks/search',
    description:
      'Search tasks across a workspace by text and filters (assignee, projects, completion, due dates), e.g. overdue open tasks of a user. Needs a paid Asana plan. Results are not paginated: narrow the filters or sort and use the last result.',
    input: {
      workspace_gid: GID('Workspace'),
      text: s.string('Words in the task name or description'),
      assignee_any: s.string('Comma-separated user gids or "me"'),
      projects_any: s.string('Comma-separated project gids'),
      completed: s.boolean('Only completed (true) or open (false) tasks'),
      due_on_before: s.string('Due before this date YYYY-MM-DD'),
      due_on_after: s.string('Due after this date YYYY-MM-DD'),
      sort_by: s.enum(['due_date', 'created_at', 'completed_at', 'likes', 'modified_at'], 'Sort order'),
      sort_ascending: s.boolean('Ascending instead of descending'),
      opt_fields: OPT_FIELDS,
      limit: LIMIT,
    },
    query: {
      assignee_any: 'assignee.any',
      projects_any: 'projects.any',
      due_on_before: 'due_on.before',
      due_on_after: 'due_on.after',
    },
  }),
  read({
    slug: 'ASANA_GET_TYPEAHEAD_OBJECTS',
    name: 'Find by name (typeahead)',
    method: 'GET',
    path: '/workspaces/{workspace_gid}/typeahead',
    description:
      'Quickly find a task, project, user, tag, portfolio or goal by part of its name — the easiest way to turn a name the user mentions into a gid.',
    input: {
      workspace_gid: GID('Workspace'),
      resource_type: s.enum(
        ['task', 'project', 'user', 'tag', 'portfolio', 'goal', 'custom_field', 'project_template', 'team'],
        'What to look for',
      ),
      query: s.string('Part of the name'),
      count: s.integer('How many results, up to 100 (default 20)'),
      opt_fields: OPT_FIELDS,
    },
    required: ['workspace_gid', 'resource_type'],
  }),
  read({
    slug: 'ASANA_GET_TAGS',
    name: 'List tags',
    method: 'GET',
    path: '/tags',
    description: 'List the tags of a workspace, to find the gid for ASANA_ADD_TAG_TO_TASK.',
    input: { workspace: s.string('Workspace gid'), opt_fields: OPT_FIELDS, limit: LIMIT, offset: OFFSET },
    required: ['workspace'],
  }),
];
