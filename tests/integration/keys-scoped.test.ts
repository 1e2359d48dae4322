import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

// Issue 27 item 3: scoped project keys, expiry, IP allow-lists, member-key scoping headers, leak revocation.
let s: TestServer;
let projectId: string;
let orgId: string;
const org = () => ({ 'x-org-api-key': s.orgKey, 'x-api-key': '' });

async function mint(body: Record<string, unknown>) {
  return s.api('POST', `/org/owner/project/${projectId}/api_keys`, { name: 'scoped', ...body }, org());
}
const as = (key: string) => ({ 'x-api-key': key });

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  s = await startServer();
  const cur = (await s.api('GET', '/org/project/current')).body;
  projectId = cur.id;
  orgId = cur.org_id;
});
afterAll(async () => {
  await s?.stop();
});

describe('scoped project keys', () => {
  it('reach only the areas and levels they were made with', async () => {
    const made = await mint({ permissions: { tools: 'read', tool_execution: 'write', connected_accounts: 'read' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.permissions).toEqual({ tools: 'read', tool_execution: 'write', connected_accounts: 'read' });
    const k = as(made.body.key);
    expect((await s.api('GET', '/tools?toolkit_slug=github&limit=1', undefined, k)).status).toBe(200);
    expect((await s.api('GET', '/tools/GITHUB_CREATE_AN_ISSUE', undefined, k)).status).toBe(200);
    // a read by POST counts as a read
    const input = await s.api('POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE/input', { text: 'title "x"' }, k);
    expect(input.status, JSON.stringify(input.body)).toBe(200);
    // tool execution is allowed: the call gets past the key and fails for want of an account
    const exec = await s.api('POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE', { user_id: 'nobody', arguments: {} }, k);
    expect(exec.status).not.toBe(403);
    expect((await s.api('GET', '/connected_accounts', undefined, k)).status).toBe(200);
    const denied = [
      ['POST', '/connected_accounts', { auth_config: { id: 'ac_x' }, connection: { user_id: 'u' } }],
      ['GET', '/auth_configs', undefined],
      ['POST', '/tools/execute/proxy', { endpoint: '/user', method: 'GET' }],
      ['GET', '/triggers_types', undefined],
      ['GET', '/webhook_subscriptions', undefined],
      ['POST', '/tool_router/session', { user_id: 'u' }],
      ['GET', '/toolkits', undefined],
    ] as const;
    for (const [method, path, body] of denied) {
      const r = await s.api(method, path, body, k);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.error.slug).toBe('ApiKey_PermissionDenied');
      expect(r.body.error.message).toContain(path.split('?')[0]);
    }
    // routes outside every area (project settings, key management) need a full-access key
    const cfg = await s.api('GET', '/org/project/config', undefined, k);
    expect(cfg.status).toBe(403);
    expect(cfg.body.error.message).toContain('full access');
    // the same rules at the v3.1 prefix
    const v31 = await fetch(`${s.url}/api/v3.1/auth_configs`, { headers: k });
    expect(v31.status).toBe(403);
    // the default key keeps full access
    expect((await s.api('GET', '/auth_configs')).status).toBe(200);
  });

  it('proxy execution is off unless named, and read_write covers both', async () => {
    const made = await mint({ permissions: { proxy_execute: 'write', auth_configs: 'read_write', toolkits: 'none' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.permissions).toEqual({ proxy_execute: 'write', auth_configs: 'read_write' });
    const k = as(made.body.key);
    const proxy = await s.api('POST', '/tools/execute/proxy', { endpoint: '/user', method: 'GET' }, k);
    expect(proxy.status).not.toBe(403);
    expect((await s.api('GET', '/auth_configs', undefined, k)).status).toBe(200);
    const ac = await s.api(
      'POST',
      '/auth_configs',
      { toolkit: { slug: 'github' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} } },
      k,
    );
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    expect((await s.api('GET', '/toolkits/github', undefined, k)).status).toBe(403);
    expect((await s.api('POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE', { arguments: {} }, k)).status).toBe(403);
  });

  it('MCP endpoints, open to the router, check the scope too', async () => {
    const session = await s.api('POST', '/tool_router/session', { user_id: 'mcp-scope' });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const mcp = (key: string) =>
      fetch(`${s.apiUrl}/tool_router/session/${session.body.session_id}/mcp`, {
        method: 'POST',
        headers: {
          'x-api-key': key,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'scope-test', version: '1' } },
        }),
      });
    const narrow = await mint({ permissions: { tools: 'read' } });
    const refused = await mcp(narrow.body.key);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.slug).toBe('ApiKey_PermissionDenied');
    const sessions = await mint({ permissions: { sessions: 'read_write' } });
    const ok = await mcp(sessions.body.key);
    expect(ok.status).toBe(200);
    await ok.body?.cancel();
  });

  it('are listed with their scope and never their value', async () => {
    const made = await mint({ permissions: { observability: 'read' }, allowed_ips: ['10.0.0.0/8'] });
    const list = await s.api('GET', `/org/owner/project/${projectId}/api_keys`, undefined, org());
    const row = list.body.items.find((x: any) => x.id === made.body.id);
    expect(row.permissions).toEqual({ observability: 'read' });
    expect(row.allowed_ips).toEqual(['10.0.0.0/8']);
    expect(row.expires_at).toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(made.body.key);
    const full = list.body.items.find((x: any) => x.permissions === null);
    expect(full).toBeTruthy();
  });

  it('refuse bad scopes with 400 envelopes', async () => {
    const cases = [
      { permissions: { spaceships: 'read' } },
      { permissions: { tools: 'write' } },
      { permissions: { tool_execution: 'read' } },
      { permissions: { tools: 'admin' } },
      { allowed_ips: ['not-an-ip'] },
      { allowed_ips: ['10.0.0.0/33'] },
      { allowed_ips: [] },
      { expires_at: new Date(Date.now() - 60_000).toISOString() },
      { expires_at: 'tomorrow' },
    ];
    for (const body of cases) {
      const r = await mint(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.request_id).toBeTruthy();
      expect(r.body.error.message).toBeTruthy();
    }
  });
});

describe('expiry and IP allow-lists', () => {
  it('an expired key is refused with 401', async () => {
    const made = await mint({ expires_at: new Date(Date.now() + 3000).toISOString() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await s.api('GET', '/auth_configs', undefined, as(made.body.key))).status).toBe(200);
    const later = await until(
      () => s.api('GET', '/auth_configs', undefined, as(made.body.key)),
      (r) => r.status !== 200,
    );
    expect(later.status).toBe(401);
    expect(later.body.error.slug).toBe('ApiKey_Expired');
  });

  it('a key is refused outside its allow-list and admitted inside it', async () => {
    const away = await mint({ allowed_ips: ['203.0.113.0/24', '2001:db8::/32'] });
    const r = await s.api('GET', '/auth_configs', undefined, as(away.body.key));
    expect(r.status).toBe(403);
    expect(r.body.error.slug).toBe('ApiKey_IpNotAllowed');
    const home = await mint({ allowed_ips: ['127.0.0.0/8', '::1'] });
    expect((await s.api('GET', '/auth_configs', undefined, as(home.body.key))).status).toBe(200);
  });
});

describe('credential headers', () => {
  it('two credential modes at once, or a key in the wrong header, get 401s that say so', async () => {
    const m = await s.api('POST', '/org/owner/members', { email: `scoped${Date.now()}@example.com` }, org());
    const both = await s.api('GET', '/auth_configs', undefined, {
      'x-user-api-key': m.body.user_api_key,
      'x-project-id': projectId,
    });
    expect(both.status).toBe(401);
    expect(both.body.error.message).toContain('Multiple authentication modes were provided');
    const wrong = await s.api('GET', '/auth_configs', undefined, { 'x-api-key': m.body.user_api_key });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.slug).toBe('Auth_WrongKeyHeader');
    expect(wrong.body.error.message).toContain('x-user-api-key');
    const orgInProject = await s.api('GET', '/auth_configs', undefined, { 'x-api-key': s.orgKey });
    expect(orgInProject.status).toBe(401);
    expect(orgInProject.body.error.message).toContain('x-org-api-key');
  });

  it('a member key is scoped by x-org-id with x-project-id, as SDK 1.0 sends them', async () => {
    const m = await s.api('POST', '/org/owner/members', { email: `scope${Date.now()}@example.com` }, org());
    const user = { 'x-api-key': '', 'x-user-api-key': m.body.user_api_key };
    const ok = await s.api('GET', '/connected_accounts', undefined, {
      ...user,
      'x-org-id': orgId,
      'x-project-id': projectId,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // without scope headers: the org's developer project (its first)
    const dev = await s.api('GET', '/org/project/current', undefined, user);
    expect(dev.status).toBe(200);
    expect(dev.body.id).toBe(projectId);
    const orgOnly = await s.api('GET', '/connected_accounts', undefined, { ...user, 'x-org-id': orgId });
    expect(orgOnly.status).toBe(400);
    expect(orgOnly.body.error.slug).toBe('Auth_ScopeHeaders');
    const uuid = await s.api('GET', '/connected_accounts', undefined, {
      ...user,
      'x-org-id': orgId,
      'x-project-id': '3f1c2d4e-1111-4222-8333-444455556666',
    });
    expect(uuid.status).toBe(400);
    const otherOrg = await s.api('GET', '/connected_accounts', undefined, {
      ...user,
      'x-org-id': 'org_notMineAtAll1',
      'x-project-id': projectId,
    });
    expect(otherOrg.status).toBe(404);
    const missing = await s.api('GET', '/connected_accounts', undefined, {
      ...user,
      'x-org-id': orgId,
      'x-project-id': 'pr_doesNotExist12',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(otherOrg.body.error.message.replace(projectId, 'pr_doesNotExist12'));
  });
});

describe('POST /api_key_revocation', () => {
  it('revokes reported keys of every kind without saying which matched', async () => {
    const victim = await mint({ name: 'leaked' });
    const m = await s.api('POST', '/org/owner/members', { email: `leak${Date.now()}@example.com` }, org());
    expect((await s.api('GET', '/auth_configs', undefined, as(victim.body.key))).status).toBe(200);
    const r = await fetch(`${s.url}/api/v3.1/api_key_revocation`, {
      method: 'POST',
      // a client may attach its own (here unknown) key: it is ignored
      headers: { 'content-type': 'application/json', 'x-api-key': 'ak_whoever' },
      body: JSON.stringify({ api_keys: [victim.body.key, m.body.user_api_key, 'ak_not_a_key_at_all'] }),
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ received: true });
    expect((await s.api('GET', '/auth_configs', undefined, as(victim.body.key))).status).toBe(401);
    const member = await s.api('GET', '/connected_accounts', undefined, {
      'x-api-key': '',
      'x-user-api-key': m.body.user_api_key,
      'x-project-id': projectId,
    });
    expect(member.status).toBe(401);
    // nothing matched: the same answer
    const none = await s.api('POST', '/api_key_revocation', { api_keys: ['ak_nothing'] }, { 'x-api-key': '' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ received: true });
    const audit = await s.api('GET', '/org/audit_log?action=api_key.revoke', undefined, org());
    const entry = audit.body.items.find((e: any) => e.target === victim.body.id);
    expect(entry?.actor).toBe('leak report');
    expect(JSON.stringify(audit.body)).not.toContain(victim.body.key);
  });

  it('answers malformed reports with 400', async () => {
    for (const body of [{}, { api_keys: [] }, { api_keys: 'ak_x' }, { api_keys: Array(101).fill('ak_x') }]) {
      const r = await s.api('POST', '/api_key_revocation', body, { 'x-api-key': '' });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.request_id).toBeTruthy();
    }
  });
});
