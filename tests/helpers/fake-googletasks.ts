import { startFakeUpstream, type FakeReply, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Google Tasks API v1 (/tasks/v1) holding task lists and tasks, checked the way Google
 * checks them: Bearer token, RFC 3339 for `due`/`completed`, `status` one of needsAction/completed,
 * a title on insert, `parent`/`previous` naming tasks of the same list, PUT carrying the task's id,
 * paging with maxResults (≤ 100) and pageToken. Lists answer `items` and `nextPageToken`.
 */
export interface FakeTask {
  id: string;
  title: string;
  notes?: string;
  status: 'needsAction' | 'completed';
  due?: string;
  completed?: string;
  parent?: string;
  position: string;
  hidden?: boolean;
}

export interface FakeTasks extends FakeUpstream {
  token: string;
  lists: Map<string, { id: string; title: string; tasks: FakeTask[] }>;
  addList(id: string, title: string, titles?: string[]): void;
}

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const bad = (message: string): FakeReply => ({
  status: 400,
  json: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } },
});
const notFound: FakeReply = {
  status: 404,
  json: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } },
};

export async function startFakeGoogleTasks(token = 'ya29.tasks'): Promise<FakeTasks> {
  const up = await startFakeUpstream();
  const f = up as FakeTasks;
  f.token = token;
  f.lists = new Map();
  let n = 0;
  const newId = () => `t${(++n).toString().padStart(6, '0')}`;
  f.addList = (id, title, titles = []) => {
    f.lists.set(id, {
      id,
      title,
      tasks: titles.map((t, i) => ({
        id: newId(),
        title: t,
        status: 'needsAction',
        position: String(i).padStart(20, '0'),
      })),
    });
  };
  const route = (method: string, path: string, h: (r: RecordedRequest, p: Record<string, string>) => FakeReply) =>
    up.on(method, path, (r, p) =>
      r.headers.authorization === `Bearer ${token}`
        ? h(r, p)
        : { status: 401, json: { error: { code: 401, message: 'Request had invalid authentication credentials.' } } },
    );
  const list = (id: string) => f.lists.get(id === '@default' ? [...f.lists.keys()][0]! : id);
  const renumber = (tasks: FakeTask[]) => tasks.forEach((t, i) => (t.position = String(i).padStart(20, '0')));

  /** Field checks Google applies to a task resource. */
  const check = (b: Record<string, any>): FakeReply | undefined => {
    for (const k of ['due', 'completed'])
      if (b[k] !== undefined && !RFC3339.test(String(b[k]))) return bad(`Invalid value for ${k}: ${b[k]}`);
    if (b.status !== undefined && !['needsAction', 'completed'].includes(b.status))
      return bad(`Invalid value for status: ${b.status}`);
    return undefined;
  };
  const page = <T>(r: RecordedRequest, all: T[]): FakeReply => {
    const max = Number(r.query.get('maxResults') ?? 20);
    if (max > 100) return bad('maxResults must be at most 100');
    const start = Number(r.query.get('pageToken') ?? 0);
    const items = all.slice(start, start + max);
    return {
      json: { kind: 'tasks#list', items, ...(start + max < all.length ? { nextPageToken: String(start + max) } : {}) },
    };
  };
  const place = (l: { tasks: FakeTask[] }, task: FakeTask, r: RecordedRequest): FakeReply | undefined => {
    const parent = r.query.get('parent') ?? undefined;
    const previous = r.query.get('previous') ?? undefined;
    if (parent && !l.tasks.some((t) => t.id === parent)) return bad('Invalid parent task');
    if (previous && !l.tasks.some((t) => t.id === previous)) return bad('Invalid previous task');
    task.parent = parent;
    const at = previous ? l.tasks.findIndex((t) => t.id === previous) + 1 : 0;
    l.tasks.splice(at, 0, task);
    renumber(l.tasks);
    return undefined;
  };

  route('GET', '/tasks/v1/users/@me/lists', (r) =>
    page(
      r,
      [...f.lists.values()].map(({ id, title }) => ({ id, title })),
    ),
  );
  route('POST', '/tasks/v1/users/@me/lists', (r) => {
    const title = (r.json as any)?.title;
    if (typeof title !== 'string' || !title) return bad('title is required');
    const id = `L${newId()}`;
    f.lists.set(id, { id, title, tasks: [] });
    return { json: { kind: 'tasks#taskList', id, title } };
  });
  route('GET', '/tasks/v1/users/@me/lists/:tl', (_r, p) => {
    const l = list(p.tl!);
    return l ? { json: { id: l.id, title: l.title } } : notFound;
  });
  for (const m of ['PATCH', 'PUT'])
    route(m, '/tasks/v1/users/@me/lists/:tl', (r, p) => {
      const l = list(p.tl!);
      if (!l) return notFound;
      const b = r.json as any;
      if (m === 'PUT' && b?.id !== l.id) return bad('id in the body must match the task list');
      if (typeof b?.title === 'string') l.title = b.title;
      return { json: { id: l.id, title: l.title } };
    });
  route('DELETE', '/tasks/v1/users/@me/lists/:tl', (_r, p) => (f.lists.delete(p.tl!) ? { status: 204 } : notFound));

  route('GET', '/tasks/v1/lists/:tl/tasks', (r, p) => {
    const l = list(p.tl!);
    if (!l) return notFound;
    const showCompleted = r.query.get('showCompleted') !== 'false';
    const showHidden = r.query.get('showHidden') === 'true';
    for (const k of ['dueMin', 'dueMax', 'completedMin', 'completedMax', 'updatedMin'])
      if (r.query.has(k) && !RFC3339.test(r.query.get(k)!)) return bad(`Invalid value for ${k}`);
    const dueMin = r.query.get('dueMin');
    const tasks = l.tasks.filter(
      (t) =>
        (showCompleted || t.status !== 'completed') &&
        (showHidden || !t.hidden) &&
        (!dueMin || (t.due && t.due >= dueMin)),
    );
    return page(r, tasks);
  });
  route('POST', '/tasks/v1/lists/:tl/tasks', (r, p) => {
    const l = list(p.tl!);
    if (!l) return notFound;
    const b = (r.json ?? {}) as Record<string, any>;
    if (typeof b.title !== 'string') return bad('Missing title');
    const e = check(b);
    if (e) return e;
    const task: FakeTask = {
      id: newId(),
      title: b.title,
      notes: b.notes,
      status: b.status ?? 'needsAction',
      due: b.due,
      completed: b.completed,
      position: '',
    };
    return place(l, task, r) ?? { json: task };
  });
  route('GET', '/tasks/v1/lists/:tl/tasks/:t', (_r, p) => {
    const t = list(p.tl!)?.tasks.find((x) => x.id === p.t);
    return t ? { json: t } : notFound;
  });
  for (const m of ['PATCH', 'PUT'])
    route(m, '/tasks/v1/lists/:tl/tasks/:t', (r, p) => {
      const l = list(p.tl!);
      const t = l?.tasks.find((x) => x.id === p.t);
      if (!t) return notFound;
      const b = (r.json ?? {}) as Record<string, any>;
      const e = check(b);
      if (e) return e;
      if (m === 'PUT') {
        if (b.id !== t.id) return bad('id in the body must match the task');
        if (typeof b.title !== 'string') return bad('Missing title');
        // a full replacement clears what it does not carry
        for (const k of ['notes', 'due', 'completed'] as const) delete t[k];
      }
      for (const k of ['title', 'notes', 'status', 'due', 'completed'] as const)
        if (b[k] !== undefined) (t as any)[k] = b[k];
      return { json: t };
    });
  route('DELETE', '/tasks/v1/lists/:tl/tasks/:t', (_r, p) => {
    const l = list(p.tl!);
    const i = l?.tasks.findIndex((x) => x.id === p.t) ?? -1;
    if (!l || i < 0) return notFound;
    l.tasks.splice(i, 1);
    return { status: 204 };
  });
  route('POST', '/tasks/v1/lists/:tl/tasks/:t/move', (r, p) => {
    const from = list(p.tl!);
    const i = from?.tasks.findIndex((x) => x.id === p.t) ?? -1;
    if (!from || i < 0) return notFound;
    const dest = r.query.get('destinationTasklist');
    const to = dest ? list(dest) : from;
    if (!to) return bad('Invalid destination task list');
    const [task] = from.tasks.splice(i, 1);
    renumber(from.tasks);
    return place(to, task!, r) ?? { json: task };
  });
  route('POST', '/tasks/v1/lists/:tl/clear', (_r, p) => {
    const l = list(p.tl!);
    if (!l) return notFound;
    for (const t of l.tasks) if (t.status === 'completed') t.hidden = true;
    return { status: 204 };
  });
  return f;
}
