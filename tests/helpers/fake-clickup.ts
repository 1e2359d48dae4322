import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback api.clickup.com/api/v2. A personal token arrives in Authorization as it is (pk_…),
 * an OAuth token as Bearer; anything else is answered like ClickUp, 401 with {err, ECODE}.
 * Task creation checks what ClickUp checks: a name, a status the List defines, integer user ids.
 */
export interface FakeClickUp extends FakeUpstream {
  tasks: Record<string, unknown>[];
}

export async function startFakeClickUp(opts: { token: string }): Promise<FakeClickUp> {
  const up = (await startFakeUpstream()) as FakeClickUp;
  up.tasks = [];
  const base = '/api/v2';
  const authed = (r: RecordedRequest) =>
    r.headers.authorization === opts.token || r.headers.authorization === `Bearer ${opts.token}`;
  const denied = { status: 401, json: { err: 'Token invalid', ECODE: 'OAUTH_025' } };
  const statuses = ['to do', 'in progress', 'complete'];

  up.on('POST', `${base}/list/:listId/task`, (r, p) => {
    if (!authed(r)) return denied;
    const b = (r.json ?? {}) as Record<string, unknown>;
    if (!b.name) return { status: 400, json: { err: 'Task name invalid', ECODE: 'INPUT_005' } };
    if (b.status !== undefined && !statuses.includes(String(b.status).toLowerCase()))
      return { status: 400, json: { err: 'Status does not exist', ECODE: 'ITEM_114' } };
    if (Array.isArray(b.assignees) && b.assignees.some((a) => !Number.isInteger(a)))
      return { status: 400, json: { err: 'Assignees must be user ids', ECODE: 'INPUT_003' } };
    const task = {
      id: `86a${up.tasks.length + 1}`,
      ...b,
      list: { id: p.listId },
      url: `https://app.clickup.com/t/86a${up.tasks.length + 1}`,
    };
    up.tasks.push(task);
    return { json: task };
  });
  up.on('GET', `${base}/list/:listId/task`, (r, p) => {
    if (!authed(r)) return denied;
    const wanted = r.query.getAll('statuses[]');
    return {
      json: {
        tasks: up.tasks.filter(
          (t) => (t.list as { id: string }).id === p.listId && (!wanted.length || wanted.includes(String(t.status))),
        ),
        last_page: true,
      },
    };
  });
  return up;
}
