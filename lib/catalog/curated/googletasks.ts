/**
 * Google Tasks in the hosted vocabulary, on the Tasks API v1 (https://tasks.googleapis.com/tasks/v1).
 * Hosted arguments are mostly snake_case (tasklist_id, task_id); the list filters keep the API's
 * camelCase names (showCompleted, dueMin), as the hosted tools document them. Dates written the way
 * people write them ("28 Sep 2025", "11:59 PM, 22 Sep 2025") are turned into the RFC 3339 the API
 * requires. Composites: tasks across every list, bulk insert, and several operations in one call.
 */
import { composite, params, s } from './define';
import { acceptCamel, camel, restMapping, type RestDef } from './rest-mapping';
import { ToolArgumentError, type CuratedTool } from './types';

const V1 = '/tasks/v1';

/** Hosted names first; the API's own (`tasklist`, `task`) and camelCase spellings are accepted too. */
const aliasArgs =
  (keys: string[]) =>
  (a: Record<string, unknown>): Record<string, unknown> => {
    const out = acceptCamel(keys)(a);
    for (const [from, to] of [
      ['tasklist', 'tasklist_id'],
      ['task', 'task_id'],
    ] as const) {
      if (keys.includes(to) && out[to] === undefined && typeof out[from] === 'string') {
        out[to] = out[from];
        delete out[from];
      }
    }
    return out;
  };

const t = (def: RestDef): CuratedTool =>
  restMapping(
    {
      ...def,
      tags: def.tags ?? ['googletasks'],
      normalize: def.normalize ?? aliasArgs(Object.keys(def.input ?? {})),
    },
    camel,
    'googletasks',
  );

const TASKLIST = s.string('Task list id (GOOGLETASKS_LIST_TASK_LISTS); "@default" is the user\'s default list', {
  default: '@default',
});
const TASK = s.string('Task id (GOOGLETASKS_LIST_TASKS)');
const DATE = (what: string) =>
  s.string(`${what}: RFC 3339 (2025-09-21T00:00:00Z) or a plain date like "28 Sep 2025" or "2025-09-28"`);
const STATUS = s.enum(['needsAction', 'completed'], 'needsAction (open) or completed');

/**
 * RFC 3339 for the date-ish strings agents send. Google keeps only the date of `due`, so a bare
 * date becomes midnight UTC of that day (no shift by the server's time zone).
 */
export function rfc3339(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const v = String(value).trim();
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i.test(v)) return new Date(v).toISOString();
  if (/^\d{4}-\d\d-\d\d$/.test(v)) return `${v}T00:00:00.000Z`;
  // "11:59 PM, 22 Sep 2025" → "22 Sep 2025 11:59 PM"
  const timeFirst = /^(\d{1,2}:\d\d(?::\d\d)?\s*(?:[ap]\.?m\.?)?)\s*,?\s+(.+)$/i.exec(v);
  const text = timeFirst ? `${timeFirst[2]} ${timeFirst[1]}` : v;
  const ms = Date.parse(/\b(utc|gmt|z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text} UTC`);
  if (Number.isNaN(ms))
    throw new ToolArgumentError(`${field}: cannot read "${v}" as a date; use YYYY-MM-DD or RFC 3339`);
  return new Date(ms).toISOString();
}

/** The task resource from the hosted flat arguments. */
function taskBody(a: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const k of ['title', 'notes', 'status']) if (a[k] !== undefined) body[k] = a[k];
  const due = rfc3339(a.due, 'due');
  if (due) body.due = due;
  const completed = rfc3339(a.completed, 'completed');
  if (completed) body.completed = completed;
  if (a.deleted !== undefined) body.deleted = a.deleted;
  return body;
}

const TASK_FIELDS = {
  title: s.string('Title of the task (up to 1024 characters)'),
  notes: s.string('Notes / details'),
  due: DATE('Due date (only the date part is kept by Google)'),
  status: STATUS,
  completed: DATE('When it was completed (with status completed)'),
};

const dateArgs = (a: Record<string, unknown>) => ({
  ...a,
  due: rfc3339(a.due, 'due'),
  completed: rfc3339(a.completed, 'completed'),
});

const mappings: CuratedTool[] = [
  t({
    slug: 'GOOGLETASKS_LIST_TASK_LISTS',
    name: 'List task lists',
    important: true,
    method: 'GET',
    path: `${V1}/users/@me/lists`,
    input: {
      max_results: s.integer('Lists per page (max 100)', { default: 20 }),
      page_token: s.string('nextPageToken of the previous page'),
    },
    description:
      "The user's task lists (items with id and title; nextPageToken when more). Use an id as tasklist_id in the other tools; titles may repeat, so pick by id.",
  }),
  t({
    slug: 'GOOGLETASKS_GET_TASK_LIST',
    name: 'Get task list',
    method: 'GET',
    path: `${V1}/users/@me/lists/{tasklist_id}`,
    input: { tasklist_id: TASKLIST },
    description: 'One task list: id, title, updated.',
  }),
  t({
    slug: 'GOOGLETASKS_CREATE_TASK_LIST',
    name: 'Create task list',
    important: true,
    method: 'POST',
    path: `${V1}/users/@me/lists`,
    input: { tasklist_title: s.string('Name of the new list') },
    required: ['tasklist_title'],
    normalize: (a) => {
      const out = { ...a };
      if (out.tasklist_title === undefined && typeof out.title === 'string') {
        out.tasklist_title = out.title;
        delete out.title;
      }
      return out;
    },
    rename: { tasklist_title: 'title' },
    description:
      'Make a new task list. Returns it with its id — pass that id (not the title) as tasklist_id to GOOGLETASKS_INSERT_TASK. Google allows duplicate titles, so check GOOGLETASKS_LIST_TASK_LISTS first.',
  }),
  t({
    slug: 'GOOGLETASKS_PATCH_TASK_LIST',
    name: 'Rename task list',
    method: 'PATCH',
    path: `${V1}/users/@me/lists/{tasklist_id}`,
    input: { tasklist_id: TASKLIST, updated_title: s.string('New name') },
    required: ['tasklist_id', 'updated_title'],
    rename: { updated_title: 'title' },
    normalize: (a) => {
      const out = aliasArgs(['tasklist_id', 'updated_title'])(a);
      if (out.updated_title === undefined && typeof out.title === 'string') {
        out.updated_title = out.title;
        delete out.title;
      }
      return out;
    },
    description: 'Change the title of a task list, leaving everything else. Returns the list.',
  }),
  t({
    slug: 'GOOGLETASKS_UPDATE_TASK_LIST',
    name: 'Update task list',
    method: 'PUT',
    path: `${V1}/users/@me/lists/{tasklist_id}`,
    input: { tasklist_id: TASKLIST, title: s.string('New name') },
    required: ['tasklist_id', 'title'],
    body: (a) => ({ id: a.tasklist_id, title: a.title }),
    description: "Replace a task list's properties (in practice its title). Returns the list.",
  }),
  t({
    slug: 'GOOGLETASKS_DELETE_TASK_LIST',
    name: 'Delete task list',
    method: 'DELETE',
    path: `${V1}/users/@me/lists/{tasklist_id}`,
    input: { tasklist_id: s.string('Task list id') },
    description: 'Delete a task list and every task in it, for good. Ask the user first. Returns nothing on success.',
  }),
  t({
    slug: 'GOOGLETASKS_LIST_TASKS',
    name: 'List tasks',
    important: true,
    method: 'GET',
    path: `${V1}/lists/{tasklist_id}/tasks`,
    input: {
      tasklist_id: TASKLIST,
      maxResults: s.integer('Tasks per page (max 100)', { default: 20 }),
      pageToken: s.string('nextPageToken of the previous page'),
      showCompleted: s.boolean('Include completed tasks (needed for completedMin/Max)', { default: true }),
      showDeleted: s.boolean('Include deleted tasks'),
      showHidden: s.boolean('Include hidden (cleared) tasks'),
      dueMin: s.string('Due on or after (RFC 3339)'),
      dueMax: s.string('Due before (RFC 3339)'),
      completedMin: s.string('Completed on or after (RFC 3339)'),
      completedMax: s.string('Completed before (RFC 3339)'),
      updatedMin: s.string('Changed since (RFC 3339)'),
    },
    rename: { tasklist_id: 'tasklist' },
    prepare: (a) => ({
      ...a,
      dueMin: rfc3339(a.dueMin, 'dueMin'),
      dueMax: rfc3339(a.dueMax, 'dueMax'),
      completedMin: rfc3339(a.completedMin, 'completedMin'),
      completedMax: rfc3339(a.completedMax, 'completedMax'),
      updatedMin: rfc3339(a.updatedMin, 'updatedMin'),
    }),
    normalize: (a) => {
      const out = aliasArgs(['tasklist_id'])(a);
      // snake_case spellings of the filters
      for (const k of [
        'max_results',
        'page_token',
        'show_completed',
        'show_deleted',
        'show_hidden',
        'due_min',
        'due_max',
        'completed_min',
        'completed_max',
        'updated_min',
      ])
        if (out[k] !== undefined && out[camel(k)] === undefined) {
          out[camel(k)] = out[k];
          delete out[k];
        }
      return out;
    },
    description:
      'Tasks of one list in list order, under `tasks` (id, title, notes, status, due, parent, position), with nextPageToken while more remain. Filter by due, completed or updated dates (RFC 3339 or plain dates); there is no text search, so filter titles yourself. Across all lists use GOOGLETASKS_LIST_ALL_TASKS.',
    shape: (body) => {
      const b = (body ?? {}) as { items?: unknown[]; nextPageToken?: string };
      return { tasks: b.items ?? [], nextPageToken: b.nextPageToken ?? null };
    },
  }),
  t({
    slug: 'GOOGLETASKS_GET_TASK',
    name: 'Get task',
    method: 'GET',
    path: `${V1}/lists/{tasklist_id}/tasks/{task_id}`,
    input: { tasklist_id: TASKLIST, task_id: TASK },
    description:
      'One task, fresh: title, notes, status, due, completed, parent, links. Needs both the list id and the task id.',
  }),
  t({
    slug: 'GOOGLETASKS_INSERT_TASK',
    name: 'Create task',
    important: true,
    method: 'POST',
    path: `${V1}/lists/{tasklist_id}/tasks`,
    input: {
      tasklist_id: TASKLIST,
      ...TASK_FIELDS,
      task_parent: s.string('Make it a subtask of this task id (same list)'),
      task_previous: s.string('Place it after this sibling task id (default: first)'),
    },
    required: ['tasklist_id', 'title'],
    query: ['task_parent', 'task_previous'],
    rename: { task_parent: 'parent', task_previous: 'previous' },
    defaults: { tasklist_id: '@default' },
    prepare: dateArgs,
    description:
      'Add a task (a to-do) to a list, optionally with notes, a due date ("28 Sep 2025" or RFC 3339 — converted for you), as a subtask (task_parent) or after a sibling (task_previous). Not idempotent: calling twice makes two tasks. Returns the task with its id.',
  }),
  t({
    slug: 'GOOGLETASKS_PATCH_TASK',
    name: 'Update task fields',
    important: true,
    method: 'PATCH',
    path: `${V1}/lists/{tasklist_id}/tasks/{task_id}`,
    input: { tasklist_id: TASKLIST, task_id: TASK, ...TASK_FIELDS },
    prepare: dateArgs,
    description:
      'Change only the fields you pass: title, notes, due, or status ("completed" to tick it off, "needsAction" to reopen). Returns the updated task. Prefer it over the full-replacement update tools.',
  }),
  t({
    slug: 'GOOGLETASKS_UPDATE_TASK_FULL',
    name: 'Replace task',
    method: 'PUT',
    path: `${V1}/lists/{tasklist_id}/tasks/{task_id}`,
    input: { tasklist_id: TASKLIST, task_id: TASK, ...TASK_FIELDS },
    required: ['tasklist_id', 'task_id', 'title'],
    body: (a) => ({ id: a.task_id, ...taskBody(a) }),
    description:
      'Overwrite a whole task: fields you leave out (notes, due…) are cleared. Use GOOGLETASKS_PATCH_TASK to change a single field.',
  }),
  t({
    slug: 'GOOGLETASKS_UPDATE_TASK',
    name: 'Replace task (older name)',
    deprecated: true,
    method: 'PUT',
    path: `${V1}/lists/{tasklist_id}/tasks/{task_id}`,
    input: { tasklist_id: TASKLIST, task_id: TASK, ...TASK_FIELDS },
    required: ['tasklist_id', 'task_id', 'title'],
    body: (a) => ({ id: a.task_id, ...taskBody(a) }),
    description: 'Same full replacement as GOOGLETASKS_UPDATE_TASK_FULL; prefer GOOGLETASKS_PATCH_TASK.',
  }),
  t({
    slug: 'GOOGLETASKS_DELETE_TASK',
    name: 'Delete task',
    method: 'DELETE',
    path: `${V1}/lists/{tasklist_id}/tasks/{task_id}`,
    input: { tasklist_id: TASKLIST, task_id: TASK },
    description:
      'Delete a task for good (ask first; completing it with GOOGLETASKS_PATCH_TASK is the gentle option). Returns nothing on success.',
  }),
  t({
    slug: 'GOOGLETASKS_MOVE_TASK',
    name: 'Move task',
    method: 'POST',
    path: `${V1}/lists/{tasklist_id}/tasks/{task_id}/move`,
    input: {
      tasklist_id: TASKLIST,
      task_id: TASK,
      parent: s.string('New parent task id (omit to make it top-level)'),
      previous: s.string('Sibling to place it after (omit for first)'),
      destinationTasklist: s.string('Move it to this other list'),
    },
    query: ['parent', 'previous', 'destinationTasklist'],
    description:
      'Reorder a task, nest it under another task, lift it to the top level, or send it to another list (destinationTasklist). Returns the task in its new place.',
  }),
  t({
    slug: 'GOOGLETASKS_CLEAR_TASKS',
    name: 'Clear completed tasks',
    method: 'POST',
    path: `${V1}/lists/{tasklist_id}/clear`,
    input: { tasklist_id: TASKLIST },
    description:
      'Hide every completed task of a list (Google\'s "delete completed"); they no longer show by default. Cannot be undone from the API; ask first.',
  }),
];

interface TaskList {
  id: string;
  title?: string;
}

const listAll = composite({
  slug: 'GOOGLETASKS_LIST_ALL_TASKS',
  name: 'List tasks in every list',
  important: true,
  tags: ['googletasks'],
  description:
    "Every task across all the user's task lists in one call, each tagged with tasklist_id and tasklist_title — use it when you do not know which list holds a task. Same filters as GOOGLETASKS_LIST_TASKS (showCompleted, due/updated ranges); max_results caps the total.",
  input: params({
    showCompleted: s.boolean('Include completed tasks', { default: true }),
    showHidden: s.boolean('Include hidden (cleared) tasks'),
    showDeleted: s.boolean('Include deleted tasks'),
    dueMin: s.string('Due on or after'),
    dueMax: s.string('Due before'),
    updatedMin: s.string('Changed since'),
    max_results: s.integer('Most tasks to return in total', { default: 500 }),
  }),
  normalize: (a) => {
    const out = { ...a };
    for (const k of ['show_completed', 'show_hidden', 'show_deleted', 'due_min', 'due_max', 'updated_min'])
      if (out[k] !== undefined && out[camel(k)] === undefined) {
        out[camel(k)] = out[k];
        delete out[k];
      }
    if (out.maxResults !== undefined && out.max_results === undefined) {
      out.max_results = out.maxResults;
      delete out.maxResults;
    }
    return out;
  },
  async run(ctx, a) {
    const cap = Number(a.max_results ?? 500);
    const lists: TaskList[] = [];
    let token: string | undefined;
    do {
      const page = await ctx.json<{ items?: TaskList[]; nextPageToken?: string }>({
        method: 'GET',
        path: `${V1}/users/@me/lists`,
        query: { maxResults: 100, pageToken: token },
      });
      lists.push(...(page.items ?? []));
      token = page.nextPageToken;
    } while (token);
    const tasks: Record<string, unknown>[] = [];
    let truncated = false;
    for (const list of lists) {
      let pt: string | undefined;
      do {
        const page = await ctx.json<{ items?: Record<string, unknown>[]; nextPageToken?: string }>({
          method: 'GET',
          path: `${V1}/lists/${encodeURIComponent(list.id)}/tasks`,
          query: {
            maxResults: 100,
            pageToken: pt,
            showCompleted: a.showCompleted as boolean | undefined,
            showHidden: a.showHidden as boolean | undefined,
            showDeleted: a.showDeleted as boolean | undefined,
            dueMin: rfc3339(a.dueMin, 'dueMin'),
            dueMax: rfc3339(a.dueMax, 'dueMax'),
            updatedMin: rfc3339(a.updatedMin, 'updatedMin'),
          },
        });
        for (const task of page.items ?? []) {
          if (tasks.length >= cap) {
            truncated = true;
            break;
          }
          tasks.push({ ...task, tasklist_id: list.id, tasklist_title: list.title ?? '' });
        }
        pt = truncated ? undefined : page.nextPageToken;
      } while (pt);
      if (truncated) break;
    }
    return { tasks, tasklists: lists.map((l) => ({ id: l.id, title: l.title })), truncated };
  },
});

const bulkInsert = composite({
  slug: 'GOOGLETASKS_BULK_INSERT_TASKS',
  name: 'Create several tasks',
  deprecated: true,
  tags: ['googletasks'],
  description:
    'Add many tasks to one list in the order given (each placed after the previous one). Each entry takes title, notes, due, status. Returns one result per entry: the created task, or its error. Prefer GOOGLETASKS_BATCH_EXECUTE for mixed operations.',
  input: params(
    {
      tasklist_id: TASKLIST,
      tasks: s.array(s.object(TASK_FIELDS, 'A task', { required: ['title'] }), 'Tasks to create (up to 100)'),
    },
    ['tasklist_id', 'tasks'],
  ),
  normalize: aliasArgs(['tasklist_id']),
  async run(ctx, a) {
    const items = a.tasks as Record<string, unknown>[];
    if (!Array.isArray(items) || !items.length || items.length > 100)
      throw new ToolArgumentError('tasks must hold between 1 and 100 tasks');
    const list = encodeURIComponent(String(a.tasklist_id ?? '@default'));
    const results: Record<string, unknown>[] = [];
    let previous: string | undefined;
    for (const item of items) {
      const res = await ctx.call({
        method: 'POST',
        path: `${V1}/lists/${list}/tasks`,
        query: { previous },
        body: taskBody(item),
      });
      if (res.ok) previous = (res.body as { id?: string }).id ?? previous;
      results.push(
        res.ok ? { successful: true, task: res.body } : { successful: false, status: res.status, error: res.body },
      );
    }
    return {
      results,
      created: results.filter((r) => r.successful).length,
      failed: results.filter((r) => !r.successful).length,
    };
  },
});

const OPS = [
  'insert',
  'get',
  'patch',
  'update',
  'delete',
  'move',
  'clear',
  'insert_tasklist',
  'patch_tasklist',
  'delete_tasklist',
];

const batchExecute = composite({
  slug: 'GOOGLETASKS_BATCH_EXECUTE',
  name: 'Run several task operations',
  tags: ['googletasks'],
  description:
    'Do many task changes in one tool call: each operation names what to do (insert, get, patch, update, delete, move, clear, insert_tasklist, patch_tasklist, delete_tasklist) with its tasklist_id, task_id and fields (title, notes, due, status; parent/previous/destinationTasklist for move). They run in order; one failing does not stop the rest. Returns results in the same order, each {operation, successful, status, data or error}.',
  input: params(
    {
      operations: s.array(
        s.object(
          {
            operation: s.enum(OPS, 'What to do'),
            tasklist_id: s.string('Task list id (default @default)'),
            task_id: s.string('Task id (get, patch, update, delete, move)'),
            ...TASK_FIELDS,
            parent: s.string('insert/move: parent task id'),
            previous: s.string('insert/move: sibling to place after'),
            destinationTasklist: s.string('move: target list id'),
          },
          'One operation',
          { required: ['operation'] },
        ),
        'Operations to run, in order (up to 100)',
      ),
    },
    ['operations'],
  ),
  async run(ctx, a) {
    const ops = a.operations as Record<string, unknown>[];
    if (!Array.isArray(ops) || !ops.length || ops.length > 100)
      throw new ToolArgumentError('operations must hold between 1 and 100 entries');
    const results: Record<string, unknown>[] = [];
    for (const [i, op] of ops.entries()) {
      const kind = String(op.operation);
      const list = encodeURIComponent(String(op.tasklist_id ?? '@default'));
      const needsTask = ['get', 'patch', 'update', 'delete', 'move'].includes(kind);
      if (needsTask && !op.task_id) throw new ToolArgumentError(`operations[${i}]: ${kind} needs task_id`);
      const task = encodeURIComponent(String(op.task_id ?? ''));
      const one = `${V1}/lists/${list}/tasks/${task}`;
      const req = (() => {
        switch (kind) {
          case 'insert':
            return {
              method: 'POST' as const,
              path: `${V1}/lists/${list}/tasks`,
              query: { parent: op.parent as string, previous: op.previous as string },
              body: taskBody(op),
            };
          case 'get':
            return { method: 'GET' as const, path: one };
          case 'patch':
            return { method: 'PATCH' as const, path: one, body: taskBody(op) };
          case 'update':
            return { method: 'PUT' as const, path: one, body: { id: op.task_id, ...taskBody(op) } };
          case 'delete':
            return { method: 'DELETE' as const, path: one };
          case 'move':
            return {
              method: 'POST' as const,
              path: `${one}/move`,
              query: {
                parent: op.parent as string,
                previous: op.previous as string,
                destinationTasklist: op.destinationTasklist as string,
              },
            };
          case 'clear':
            return { method: 'POST' as const, path: `${V1}/lists/${list}/clear` };
          case 'insert_tasklist':
            return { method: 'POST' as const, path: `${V1}/users/@me/lists`, body: { title: op.title } };
          case 'patch_tasklist':
            return { method: 'PATCH' as const, path: `${V1}/users/@me/lists/${list}`, body: { title: op.title } };
          case 'delete_tasklist':
            return { method: 'DELETE' as const, path: `${V1}/users/@me/lists/${list}` };
          default:
            throw new ToolArgumentError(`operations[${i}]: unknown operation "${kind}" (one of ${OPS.join(', ')})`);
        }
      })();
      const res = await ctx.call(req);
      results.push(
        res.ok
          ? { operation: kind, successful: true, status: res.status, data: res.body ?? null }
          : { operation: kind, successful: false, status: res.status, error: res.body },
      );
    }
    return { results };
  },
});

export const googletasksTools: CuratedTool[] = [...mappings, listAll, bulkInsert, batchExecute];
