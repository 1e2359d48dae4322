import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeClickUp, type FakeClickUp } from '../helpers/fake-clickup';

// ClickUp (lib/catalog/curated/clickup.ts) through the execute pipeline with a personal token,
// which ClickUp reads from Authorization without "Bearer", against a loopback api.clickup.com.
const PK = 'pk_1234_ABCDEF';
let s: TestServer;
let cu: FakeClickUp;
let account: string;

beforeAll(async () => {
  [s, cu] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeClickUp({ token: PK })]);
  account = (
    await connectToFake(s, {
      toolkit: 'clickup',
      authScheme: 'API_KEY',
      val: { api_key: PK, base_url: `${cu.url}/api/v2` },
      userId: 'cu-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), cu?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('ClickUp toolkit', () => {
  it('CLICKUP_CREATE_TASK posts the task to the list with the raw personal token', async () => {
    const r = await exec('CLICKUP_CREATE_TASK', {
      list_id: '901',
      name: 'Write release notes',
      markdown_content: '**v2** notes',
      status: 'in progress',
      priority: 2,
      assignees: [183],
      due_date: 1767225600000,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '86a1', name: 'Write release notes', list: { id: '901' } },
    });
    const req = cu.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/api/v2/list/901/task');
    expect(req.headers.authorization).toBe(PK);
    expect(req.json).toEqual({
      name: 'Write release notes',
      markdown_content: '**v2** notes',
      status: 'in progress',
      priority: 2,
      assignees: [183],
      due_date: 1767225600000,
    });
    const bad = await exec('CLICKUP_CREATE_TASK', { list_id: '901', name: 'x', status: 'shipped' });
    expect(bad.body.successful, JSON.stringify(bad.body)).toBe(false);
    expect(bad.body.error).toContain('Status does not exist');
  });

  it('CLICKUP_GET_TASKS sends list filters with brackets (statuses[])', async () => {
    const r = await exec('CLICKUP_GET_TASKS', {
      list_id: '901',
      statuses: ['in progress', 'to do'],
      include_closed: true,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { tasks: [{ id: '86a1', status: 'in progress' }] },
    });
    const q = cu.last()!.query;
    expect(q.getAll('statuses[]')).toEqual(['in progress', 'to do']);
    expect(q.get('include_closed')).toBe('true');
  });

  it('GET /toolkits/clickup: OAuth2 on app.clickup.com and a personal token', async () => {
    const tk = await s.api('GET', '/toolkits/clickup');
    expect(tk.status, JSON.stringify(tk.body)).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2', 'API_KEY']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'clickup' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'CU_APP', client_secret: 'x' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://app.clickup.com/api');
    expect(url.searchParams.get('client_id')).toBe('CU_APP');
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
    expect(url.searchParams.get('scope')).toBeNull();
  });
});
