/**
 * ClickUp in the hosted vocabulary on API v2 (api.clickup.com/api/v2). The hierarchy is
 * Workspace ("team" in the API: team_id) → Space → Folder → List → Task; folderless Lists sit
 * directly in a Space. Start with CLICKUP_GET_AUTHORIZED_TEAMS_WORKSPACES for the team_id.
 * ClickUp's parameters are snake_case already; list filters in the query are written with
 * brackets (statuses[]=open), which the renames below take care of. Dates are Unix milliseconds.
 *
 * Auth: a personal token (pk_…) goes in the Authorization header as it is; an OAuth token as
 * Bearer. ClickUp's OAuth has no scopes and its tokens do not expire.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { AuthSchemeDef } from '../types';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const c = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['clickup'] }, same, 'clickup');

const TEAM_ID = s.string('Workspace id (id from CLICKUP_GET_AUTHORIZED_TEAMS_WORKSPACES)');
const SPACE_ID = s.string('Space id (from CLICKUP_GET_SPACES)');
const FOLDER_ID = s.string('Folder id (from CLICKUP_GET_FOLDERS)');
const LIST_ID = s.string('List id (from CLICKUP_GET_LISTS or CLICKUP_GET_FOLDERLESS_LISTS, or the URL /li/<id>)');
const TASK_ID = s.string('Task id (or a custom id like DEV-42 with custom_task_ids and team_id)');
const CUSTOM_IDS = {
  custom_task_ids: s.boolean('task_id is a custom task id'),
  team_id: s.string('Workspace id; needed with custom_task_ids'),
};
const ARCHIVED = s.boolean('Include archived ones');
const MS = (what: string) => s.integer(`${what}, Unix time in milliseconds`);
const PRIORITY = s.integer('1 urgent, 2 high, 3 normal, 4 low');
const BRACKETS = {
  statuses: 'statuses[]',
  assignees: 'assignees[]',
  tags: 'tags[]',
  list_ids: 'list_ids[]',
  space_ids: 'space_ids[]',
  project_ids: 'project_ids[]',
};

const TASK_FIELDS = {
  name: s.string('Task name'),
  description: s.string('Plain-text description'),
  markdown_content: s.string('Description in markdown (used instead of description when given)'),
  status: s.string("Status name as the List defines it, e.g. 'to do'"),
  priority: PRIORITY,
  due_date: MS('Due date'),
  due_date_time: s.boolean('due_date has a time of day'),
  start_date: MS('Start date'),
  start_date_time: s.boolean('start_date has a time of day'),
  time_estimate: s.integer('Estimate in milliseconds'),
  points: s.number('Sprint points'),
};

export const clickupTools: CuratedTool[] = [
  c({
    slug: 'CLICKUP_GET_AUTHORIZED_USER',
    name: 'Current user',
    method: 'GET',
    path: '/user',
    input: {},
    required: [],
    description: 'The connected user: id (for assignees), username, email, timezone.',
  }),
  c({
    slug: 'CLICKUP_GET_AUTHORIZED_TEAMS_WORKSPACES',
    name: 'List workspaces',
    important: true,
    aliases: ['CLICKUP_AUTHORIZATION_GET_WORK_SPACE_LIST'],
    method: 'GET',
    path: '/team',
    input: {},
    required: [],
    description:
      'Workspaces the user can reach (teams[]: id, name, members). The id is the team_id of every other tool; next, CLICKUP_GET_SPACES.',
  }),
  c({
    slug: 'CLICKUP_GET_SPACES',
    name: 'List spaces',
    important: true,
    method: 'GET',
    path: '/team/{team_id}/space',
    input: { team_id: TEAM_ID, archived: ARCHIVED },
    description:
      'Spaces of a Workspace with their statuses and enabled features. Next, CLICKUP_GET_FOLDERS or CLICKUP_GET_FOLDERLESS_LISTS.',
  }),
  c({
    slug: 'CLICKUP_GET_SPACE',
    name: 'Get space',
    method: 'GET',
    path: '/space/{space_id}',
    input: { space_id: SPACE_ID },
    description: 'One Space with its statuses and features.',
  }),
  c({
    slug: 'CLICKUP_GET_FOLDERS',
    name: 'List folders',
    important: true,
    method: 'GET',
    path: '/space/{space_id}/folder',
    input: { space_id: SPACE_ID, archived: ARCHIVED },
    description: 'Folders of a Space, each with its Lists (folders[].lists[].id).',
  }),
  c({
    slug: 'CLICKUP_GET_FOLDER',
    name: 'Get folder',
    method: 'GET',
    path: '/folder/{folder_id}',
    input: { folder_id: FOLDER_ID },
    description: 'One Folder with its Lists.',
  }),
  c({
    slug: 'CLICKUP_GET_LISTS',
    name: 'Lists of a folder',
    important: true,
    method: 'GET',
    path: '/folder/{folder_id}/list',
    input: { folder_id: FOLDER_ID, archived: ARCHIVED },
    description: 'Lists inside a Folder (id, name, task_count, status). Tasks live in Lists.',
  }),
  c({
    slug: 'CLICKUP_GET_FOLDERLESS_LISTS',
    name: 'Lists of a space',
    method: 'GET',
    path: '/space/{space_id}/list',
    input: { space_id: SPACE_ID, archived: ARCHIVED },
    description: 'Lists that sit directly in a Space, outside any Folder.',
  }),
  c({
    slug: 'CLICKUP_GET_LIST',
    name: 'Get list',
    method: 'GET',
    path: '/list/{list_id}',
    input: { list_id: LIST_ID },
    description: 'One List with its statuses (the status names tasks may take) and its Folder and Space.',
  }),
  c({
    slug: 'CLICKUP_CREATE_LIST',
    name: 'Create list in folder',
    method: 'POST',
    path: '/folder/{folder_id}/list',
    input: {
      folder_id: FOLDER_ID,
      name: s.string('List name'),
      content: s.string('Description'),
      due_date: MS('Due date'),
      priority: PRIORITY,
      assignee: s.integer('User id of the owner'),
      status: s.string('List colour status'),
    },
    required: ['folder_id', 'name'],
    description: 'A new List in a Folder; for a List directly in a Space use CLICKUP_CREATE_FOLDERLESS_LIST.',
  }),
  c({
    slug: 'CLICKUP_CREATE_FOLDERLESS_LIST',
    name: 'Create list in space',
    method: 'POST',
    path: '/space/{space_id}/list',
    input: {
      space_id: SPACE_ID,
      name: s.string('List name'),
      content: s.string('Description'),
      due_date: MS('Due date'),
      priority: PRIORITY,
    },
    required: ['space_id', 'name'],
    description: 'A new List directly in a Space.',
  }),
  c({
    slug: 'CLICKUP_CREATE_FOLDER',
    name: 'Create folder',
    method: 'POST',
    path: '/space/{space_id}/folder',
    input: { space_id: SPACE_ID, name: s.string('Folder name') },
    required: ['space_id', 'name'],
    description: 'A new Folder in a Space.',
  }),
  c({
    slug: 'CLICKUP_GET_TASKS',
    name: 'Tasks of a list',
    important: true,
    method: 'GET',
    path: '/list/{list_id}/task',
    input: {
      list_id: LIST_ID,
      page: s.integer('Page number from 0; 100 tasks a page'),
      order_by: s.enum(['id', 'created', 'updated', 'due_date'], 'Sort field'),
      reverse: s.boolean('Reverse the order'),
      subtasks: s.boolean('Include subtasks'),
      statuses: s.strings('Only these status names'),
      include_closed: s.boolean('Include closed tasks'),
      assignees: s.strings('Only tasks assigned to these user ids'),
      tags: s.strings('Only tasks with these tags'),
      due_date_gt: MS('Due after'),
      due_date_lt: MS('Due before'),
      date_updated_gt: MS('Updated after'),
      archived: ARCHIVED,
      include_markdown_description: s.boolean('Return descriptions as markdown'),
    },
    rename: BRACKETS,
    description:
      'Tasks whose home is this List (closed ones only with include_closed): id, name, status, assignees, due_date, url, custom_fields. Page with page until fewer than 100 come back.',
  }),
  c({
    slug: 'CLICKUP_GET_FILTERED_TEAM_TASKS',
    name: 'Search tasks in a workspace',
    important: true,
    method: 'GET',
    path: '/team/{team_id}/task',
    input: {
      team_id: TEAM_ID,
      page: s.integer('Page number from 0; 100 tasks a page'),
      order_by: s.enum(['id', 'created', 'updated', 'due_date'], 'Sort field'),
      reverse: s.boolean('Reverse the order'),
      subtasks: s.boolean('Include subtasks'),
      space_ids: s.strings('Only these Spaces'),
      project_ids: s.strings('Only these Folders'),
      list_ids: s.strings('Only these Lists'),
      statuses: s.strings('Only these status names'),
      include_closed: s.boolean('Include closed tasks'),
      assignees: s.strings('Only tasks assigned to these user ids'),
      tags: s.strings('Only tasks with these tags'),
      due_date_gt: MS('Due after'),
      due_date_lt: MS('Due before'),
      date_created_gt: MS('Created after'),
      date_updated_gt: MS('Updated after'),
    },
    rename: BRACKETS,
    description:
      'Tasks across a whole Workspace by Space, Folder, List, status, assignee, tag or dates. There is no text search: filter names yourself. Page with page.',
  }),
  c({
    slug: 'CLICKUP_GET_TASK',
    name: 'Get task',
    important: true,
    method: 'GET',
    path: '/task/{task_id}',
    input: {
      task_id: TASK_ID,
      ...CUSTOM_IDS,
      include_subtasks: s.boolean('Include subtasks'),
      include_markdown_description: s.boolean('Return the description as markdown'),
    },
    description: 'One task with description, status, assignees, checklists, tags, dates, custom fields and url.',
  }),
  c({
    slug: 'CLICKUP_CREATE_TASK',
    name: 'Create task',
    important: true,
    method: 'POST',
    path: '/list/{list_id}/task',
    input: {
      list_id: LIST_ID,
      ...TASK_FIELDS,
      assignees: s.array(s.integer('User id'), 'User ids to assign'),
      tags: s.strings('Tag names'),
      parent: s.string('Make it a subtask of this task (same List)'),
      links_to: s.string('Task id to link to'),
      notify_all: s.boolean('Notify everyone following, including you'),
      check_required_custom_fields: s.boolean('Refuse when required custom fields are missing'),
      custom_fields: s.array(
        s.object(
          { id: s.string('Custom field id'), value: s.string('Value (as the field type wants it)') },
          'A field value',
        ),
        'Custom field values (ids from CLICKUP_GET_ACCESSIBLE_CUSTOM_FIELDS)',
      ),
    },
    required: ['list_id', 'name'],
    description:
      'Add a task to a List. status must be one of the List statuses (CLICKUP_GET_LIST); dates are Unix milliseconds. Returns the task with id and url.',
  }),
  c({
    slug: 'CLICKUP_UPDATE_TASK',
    name: 'Update task',
    important: true,
    method: 'PUT',
    path: '/task/{task_id}',
    input: {
      task_id: TASK_ID,
      ...CUSTOM_IDS,
      ...TASK_FIELDS,
      archived: s.boolean('Archive or unarchive'),
      parent: s.string('Move under this parent task'),
      assignees: s.object(
        { add: s.array(s.integer('User id'), 'Assign'), rem: s.array(s.integer('User id'), 'Unassign') },
        'Assignee changes',
      ),
    },
    query: ['custom_task_ids', 'team_id'],
    description:
      'Change a task: name, description, status, priority, dates, estimate, assignees (add/rem lists). Send only what changes; a description of " " clears it.',
  }),
  c({
    slug: 'CLICKUP_DELETE_TASK',
    name: 'Delete task',
    method: 'DELETE',
    path: '/task/{task_id}',
    input: { task_id: TASK_ID, ...CUSTOM_IDS },
    description: 'Delete a task for good. Ask the user first.',
  }),
  c({
    slug: 'CLICKUP_CREATE_TASK_COMMENT',
    name: 'Comment on task',
    important: true,
    method: 'POST',
    path: '/task/{task_id}/comment',
    input: {
      task_id: TASK_ID,
      ...CUSTOM_IDS,
      comment_text: s.string('The comment'),
      assignee: s.integer('Assign the comment to this user id'),
      notify_all: s.boolean('Notify everyone on the task'),
    },
    required: ['task_id', 'comment_text'],
    query: ['custom_task_ids', 'team_id'],
    description: 'Post a comment on a task. Returns id and date.',
  }),
  c({
    slug: 'CLICKUP_GET_TASK_COMMENTS',
    name: 'Task comments',
    method: 'GET',
    path: '/task/{task_id}/comment',
    input: {
      task_id: TASK_ID,
      ...CUSTOM_IDS,
      start: MS('Older than this date (with start_id)'),
      start_id: s.string('Comment id to page from'),
    },
    description:
      'The 25 newest comments of a task (comment_text, user, date); page back with start and start_id of the oldest one.',
  }),
  c({
    slug: 'CLICKUP_ADD_TAG_TO_TASK',
    name: 'Tag task',
    method: 'POST',
    path: '/task/{task_id}/tag/{tag_name}',
    input: { task_id: TASK_ID, tag_name: s.string('An existing tag of the Space'), ...CUSTOM_IDS },
    query: ['custom_task_ids', 'team_id'],
    description: 'Put an existing Space tag on a task (tags come from CLICKUP_GET_SPACE_TAGS).',
  }),
  c({
    slug: 'CLICKUP_REMOVE_TAG_FROM_TASK',
    name: 'Untag task',
    method: 'DELETE',
    path: '/task/{task_id}/tag/{tag_name}',
    input: { task_id: TASK_ID, tag_name: s.string('Tag to remove'), ...CUSTOM_IDS },
    description: 'Take a tag off a task (the tag stays in the Space).',
  }),
  c({
    slug: 'CLICKUP_GET_SPACE_TAGS',
    name: 'Space tags',
    method: 'GET',
    path: '/space/{space_id}/tag',
    input: { space_id: SPACE_ID },
    description: 'Tags defined in a Space (name, colours).',
  }),
  c({
    slug: 'CLICKUP_CREATE_CHECKLIST',
    name: 'Add checklist',
    method: 'POST',
    path: '/task/{task_id}/checklist',
    input: { task_id: TASK_ID, ...CUSTOM_IDS, name: s.string('Checklist name') },
    required: ['task_id', 'name'],
    query: ['custom_task_ids', 'team_id'],
    description: 'A checklist on a task; add items with CLICKUP_CREATE_CHECKLIST_ITEM (checklist.id).',
  }),
  c({
    slug: 'CLICKUP_CREATE_CHECKLIST_ITEM',
    name: 'Add checklist item',
    method: 'POST',
    path: '/checklist/{checklist_id}/checklist_item',
    input: { checklist_id: s.string('Checklist id'), name: s.string('Item text'), assignee: s.integer('User id') },
    required: ['checklist_id', 'name'],
    description: 'An item on a checklist.',
  }),
  c({
    slug: 'CLICKUP_ADD_DEPENDENCY',
    name: 'Add dependency',
    method: 'POST',
    path: '/task/{task_id}/dependency',
    input: {
      task_id: TASK_ID,
      ...CUSTOM_IDS,
      depends_on: s.string('task_id waits on this task'),
      dependency_of: s.string('task_id blocks this task'),
    },
    query: ['custom_task_ids', 'team_id'],
    description: 'Make a task wait on another (depends_on) or block another (dependency_of); give one of the two.',
  }),
  c({
    slug: 'CLICKUP_GET_ACCESSIBLE_CUSTOM_FIELDS',
    name: 'Custom fields of a list',
    method: 'GET',
    path: '/list/{list_id}/field',
    input: { list_id: LIST_ID },
    description:
      'Custom fields usable in a List (id, name, type, options) for custom_fields and CLICKUP_SET_CUSTOM_FIELD_VALUE.',
  }),
  c({
    slug: 'CLICKUP_SET_CUSTOM_FIELD_VALUE',
    name: 'Set custom field',
    method: 'POST',
    path: '/task/{task_id}/field/{field_id}',
    input: {
      task_id: TASK_ID,
      field_id: s.string('Custom field id'),
      value: s.string('New value; for option fields the option id, for numbers the number as text'),
      ...CUSTOM_IDS,
    },
    required: ['task_id', 'field_id', 'value'],
    query: ['custom_task_ids', 'team_id'],
    description: 'Set one custom field of a task.',
  }),
  c({
    slug: 'CLICKUP_GET_LIST_MEMBERS',
    name: 'List members',
    method: 'GET',
    path: '/list/{list_id}/member',
    input: { list_id: LIST_ID },
    description: 'People who can see a List (id, username, email): ids for assignees.',
  }),
  c({
    slug: 'CLICKUP_GET_TEAMS',
    name: 'User groups',
    method: 'GET',
    path: '/group',
    input: { team_id: TEAM_ID, group_ids: s.string('Comma-separated group ids') },
    required: ['team_id'],
    description: 'User groups of a Workspace with their members.',
  }),
  c({
    slug: 'CLICKUP_START_TIME_ENTRY',
    name: 'Start timer',
    method: 'POST',
    path: '/team/{team_id}/time_entries/start',
    input: {
      team_id: TEAM_ID,
      tid: s.string('Task to track time on'),
      description: s.string('What you are doing'),
      billable: s.boolean('Billable time'),
    },
    description: 'Start a running timer for the connected user, optionally on a task.',
  }),
  c({
    slug: 'CLICKUP_STOP_TIME_ENTRY',
    name: 'Stop timer',
    method: 'POST',
    path: '/team/{team_id}/time_entries/stop',
    input: { team_id: TEAM_ID },
    description: "Stop the connected user's running timer; returns the finished entry.",
  }),
  c({
    slug: 'CLICKUP_GET_TIME_ENTRIES_IN_DATE_RANGE',
    name: 'Time entries',
    method: 'GET',
    path: '/team/{team_id}/time_entries',
    input: {
      team_id: TEAM_ID,
      start_date: MS('From'),
      end_date: MS('Until'),
      assignee: s.string('Comma-separated user ids (admins); yourself when absent'),
      task_id: s.string('Only this task'),
    },
    description: 'Time entries in a window (the last 30 days when absent); a negative duration is a running timer.',
  }),
  c({
    slug: 'CLICKUP_CREATE_WEBHOOK',
    name: 'Create webhook',
    method: 'POST',
    path: '/team/{team_id}/webhook',
    input: {
      team_id: TEAM_ID,
      endpoint: s.string('HTTPS URL to call'),
      events: s.strings('taskCreated, taskUpdated, taskStatusUpdated, taskCommentPosted … or * for all'),
      space_id: s.string('Only this Space'),
      folder_id: s.string('Only this Folder'),
      list_id: s.string('Only this List'),
      task_id: s.string('Only this task'),
    },
    required: ['team_id', 'endpoint', 'events'],
    description: 'Have ClickUp POST events to a URL. Returns the webhook with its secret for checking signatures.',
  }),
];

/** A personal token goes in Authorization without a scheme word. */
const personalToken: AuthSchemeDef = {
  mode: 'API_KEY',
  name: 'API key',
  authConfigFields: { required: [], optional: [] },
  connectionFields: {
    required: [
      {
        name: 'api_key',
        displayName: 'API Key',
        description: 'ClickUp personal token (pk_…), from your avatar → Settings → Apps → API Token',
        type: 'string',
        required: true,
        secret: true,
      },
    ],
    optional: [],
  },
  placement: [{ in: 'header', name: 'Authorization', field: 'api_key' }],
};

export const clickup = standaloneToolkit(
  {
    slug: 'clickup',
    name: 'ClickUp',
    description:
      'ClickUp work management: workspaces, spaces, folders and lists, tasks with comments, tags, checklists, custom fields and dependencies, time tracking and webhooks.',
    appUrl: 'https://clickup.com',
    categories: [
      { slug: 'project-management', name: 'Project Management' },
      { slug: 'productivity', name: 'Productivity' },
    ],
    baseUrl: 'https://api.clickup.com/api/v2',
    getCurrentUserEndpoint: '/user',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://app.clickup.com/api',
        tokenUrl: 'https://api.clickup.com/api/v2/oauth/token',
        scopes: [],
      }),
      personalToken,
    ],
  },
  clickupTools,
);
