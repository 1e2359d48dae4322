import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogleTasks, type FakeTasks } from '../helpers/fake-googletasks';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Curated Google Tasks tools (lib/catalog/curated/googletasks.ts) through the real execute
// pipeline against a loopback Tasks API v1 that checks dates, ids, placement and paging.
// a loaded machine can take minutes to boot the server: wait for health as long as that takes
const START_MS = 300_000;
let s: TestServer;
let gt: FakeTasks;
let account: string;

beforeAll(async () => {
  [s, gt] = await Promise.all([providerServer({ startTimeoutMs: START_MS }), startFakeGoogleTasks()]);
  account = (
    await connectToFake(s, {
      toolkit: 'googletasks',
      authScheme: 'OAUTH2',
      val: { access_token: gt.token, base_url: gt.url },
      userId: 'tasks-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
  gt.addList('inbox', 'My Tasks', ['Buy milk', 'Call plumber']);
  gt.addList(
    'big',
    'Backlog',
    Array.from({ length: 130 }, (_v, i) => `Item ${i + 1}`),
  );
}, START_MS + 30_000);
afterAll(async () => {
  await Promise.all([s?.stop(), gt?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Google Tasks curated tools', () => {
  it('GOOGLETASKS_INSERT_TASK converts human dates to RFC 3339 and places a subtask under its parent', async () => {
    const r = await exec('GOOGLETASKS_INSERT_TASK', {
      tasklist_id: 'inbox',
      title: 'File taxes',
      notes: 'form 1040',
      due: '28 Sep 2025',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { title: 'File taxes', due: '2025-09-28T00:00:00.000Z' },
    });
    const parent = r.body.data.id as string;
    expect(gt.last()!.path).toBe('/tasks/v1/lists/inbox/tasks');
    expect(gt.last()!.headers.authorization).toBe(`Bearer ${gt.token}`);

    const sub = await exec('GOOGLETASKS_INSERT_TASK', {
      tasklist_id: 'inbox',
      title: 'Find receipts',
      due: '11:59 PM, 22 Sep 2025',
      task_parent: parent,
    });
    expect(sub.body, JSON.stringify(sub.body)).toMatchObject({
      successful: true,
      data: { parent, due: '2025-09-22T23:59:00.000Z' },
    });
    expect(gt.last()!.query.get('parent')).toBe(parent);
    expect(gt.last()!.json).toEqual({ title: 'Find receipts', due: '2025-09-22T23:59:00.000Z' });

    const bad = await exec('GOOGLETASKS_INSERT_TASK', { tasklist_id: 'inbox', title: 'x', due: 'someday soon' });
    expect(bad.status).toBe(400);
  });

  it('GOOGLETASKS_LIST_TASKS answers under `tasks`, with camelCase filters and a plain-date dueMin', async () => {
    const r = await exec('GOOGLETASKS_LIST_TASKS', {
      tasklist_id: 'inbox',
      showCompleted: false,
      dueMin: '2025-09-01',
      maxResults: 10,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(r.body.data.tasks.map((t: any) => t.title).sort()).toEqual(['File taxes', 'Find receipts']);
    expect(Object.fromEntries(gt.last()!.query)).toEqual({
      showCompleted: 'false',
      dueMin: '2025-09-01T00:00:00.000Z',
      maxResults: '10',
    });
  });

  it('GOOGLETASKS_LIST_ALL_TASKS pages through every list and tags each task with its list', async () => {
    const r = await exec('GOOGLETASKS_LIST_ALL_TASKS', {});
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { truncated: false } });
    const tasks = r.body.data.tasks as any[];
    expect(tasks.filter((t) => t.tasklist_id === 'big')).toHaveLength(130);
    expect(tasks.find((t) => t.title === 'Buy milk')).toMatchObject({
      tasklist_id: 'inbox',
      tasklist_title: 'My Tasks',
    });
    // the 130-task list needed a second page
    expect(gt.requests.some((q) => q.path === '/tasks/v1/lists/big/tasks' && q.query.get('pageToken') === '100')).toBe(
      true,
    );
    const capped = await exec('GOOGLETASKS_LIST_ALL_TASKS', { max_results: 3 });
    expect(capped.body.data).toMatchObject({ truncated: true });
    expect(capped.body.data.tasks).toHaveLength(3);
  });

  it('PATCH completes a task, CLEAR hides it, MOVE sends another to a different list', async () => {
    const milk = gt.lists.get('inbox')!.tasks.find((t) => t.title === 'Buy milk')!;
    const done = await exec('GOOGLETASKS_PATCH_TASK', { tasklist_id: 'inbox', task_id: milk.id, status: 'completed' });
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ successful: true, data: { status: 'completed' } });
    expect(gt.last()!.method).toBe('PATCH');
    expect(gt.last()!.json).toEqual({ status: 'completed' });
    const clear = await exec('GOOGLETASKS_CLEAR_TASKS', { tasklist_id: 'inbox' });
    expect(clear.body.successful, JSON.stringify(clear.body)).toBe(true);
    expect(milk.hidden).toBe(true);

    const plumber = gt.lists.get('inbox')!.tasks.find((t) => t.title === 'Call plumber')!;
    const moved = await exec('GOOGLETASKS_MOVE_TASK', {
      tasklist_id: 'inbox',
      task_id: plumber.id,
      destinationTasklist: 'big',
    });
    expect(moved.body, JSON.stringify(moved.body)).toMatchObject({ successful: true });
    expect(gt.last()!.path).toBe(`/tasks/v1/lists/inbox/tasks/${plumber.id}/move`);
    expect(gt.lists.get('big')!.tasks[0]!.title).toBe('Call plumber');
  });

  it('GOOGLETASKS_UPDATE_TASK_FULL replaces the task with its id in the body', async () => {
    const task = gt.lists.get('inbox')!.tasks.find((t) => t.title === 'File taxes')!;
    const r = await exec('GOOGLETASKS_UPDATE_TASK_FULL', {
      tasklist_id: 'inbox',
      task_id: task.id,
      title: 'File taxes (2025)',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { title: 'File taxes (2025)' } });
    expect(gt.last()!.json).toEqual({ id: task.id, title: 'File taxes (2025)' });
    expect(task.notes).toBeUndefined();
  });

  it('task lists: create with tasklist_title (or title), rename with PATCH', async () => {
    const r = await exec('GOOGLETASKS_CREATE_TASK_LIST', { tasklist_title: 'Groceries' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { title: 'Groceries' } });
    const id = r.body.data.id as string;
    const alt = await exec('GOOGLETASKS_CREATE_TASK_LIST', { title: 'Errands' });
    expect(alt.body.data.title).toBe('Errands');
    const ren = await exec('GOOGLETASKS_PATCH_TASK_LIST', { tasklist_id: id, updated_title: 'Shopping' });
    expect(ren.body.successful, JSON.stringify(ren.body)).toBe(true);
    expect(gt.lists.get(id)!.title).toBe('Shopping');
  });

  it('GOOGLETASKS_BULK_INSERT_TASKS keeps the given order; GOOGLETASKS_BATCH_EXECUTE reports each operation', async () => {
    gt.addList('trip', 'Trip', []);
    const r = await exec('GOOGLETASKS_BULK_INSERT_TASKS', {
      tasklist_id: 'trip',
      tasks: [{ title: 'Book flights' }, { title: 'Book hotel', due: '2025-10-01' }, { title: 'Pack' }],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { created: 3, failed: 0 } });
    expect(gt.lists.get('trip')!.tasks.map((t) => t.title)).toEqual(['Book flights', 'Book hotel', 'Pack']);

    const [first] = gt.lists.get('trip')!.tasks;
    const b = await exec('GOOGLETASKS_BATCH_EXECUTE', {
      operations: [
        { operation: 'patch', tasklist_id: 'trip', task_id: first!.id, notes: 'window seat' },
        { operation: 'get', tasklist_id: 'trip', task_id: 'missing' },
        { operation: 'insert', tasklist_id: 'trip', title: 'Renew passport', previous: first!.id },
      ],
    });
    expect(b.body, JSON.stringify(b.body)).toMatchObject({ successful: true });
    expect(b.body.data.results.map((x: any) => [x.operation, x.successful, x.status])).toEqual([
      ['patch', true, 200],
      ['get', false, 404],
      ['insert', true, 200],
    ]);
    expect(first!.notes).toBe('window seat');
    expect(gt.lists.get('trip')!.tasks.map((t) => t.title)).toEqual([
      'Book flights',
      'Renew passport',
      'Book hotel',
      'Pack',
    ]);
    expect(
      (await exec('GOOGLETASKS_BATCH_EXECUTE', { operations: [{ operation: 'delete', tasklist_id: 'trip' }] })).status,
    ).toBe(400);
  });
});
