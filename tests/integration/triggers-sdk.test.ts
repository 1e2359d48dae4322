import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthScheme, Composio } from '@composio/core';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github-triggers';

// The official SDK, unmodified, against Junction: only the base URL changes.
process.env.TELEMETRY_DISABLED = 'true';

let s: TestServer;
let gh: FakeGitHub;
let composio: Composio;
let accountId: string;

beforeAll(async () => {
  gh = await startFakeGitHub();
  s = await startServer({ env: { JUNCTION_TRIGGER_MIN_INTERVAL_MS: '500', JUNCTION_TRIGGER_SWEEP_MS: '1000' } });
  composio = new Composio({ apiKey: s.apiKey, baseURL: s.url, allowTracking: false, disableVersionCheck: true });
  const ac = await composio.authConfigs.create('github', { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} });
  const conn = await composio.connectedAccounts.initiate('sdk-user', ac.id, {
    config: AuthScheme.APIKey({ api_key: gh.token, base_url: gh.url } as never),
  });
  accountId = conn.id;
});
afterAll(async () => {
  await s?.stop();
  await gh?.close();
});

describe('@composio/core 0.8.1 triggers against Junction', () => {
  it('listTypes, getType, listEnum', async () => {
    const page = await composio.triggers.listTypes({ toolkits: ['github'], limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).toBeTruthy();
    expect(page.items.every((t) => t.toolkit.slug === 'github')).toBe(true);

    const t = await composio.triggers.getType('GITHUB_ISSUE_ADDED_EVENT');
    expect(t.slug).toBe('GITHUB_ISSUE_ADDED_EVENT');
    expect(t.toolkit.slug).toBe('github');
    expect(t.config).toMatchObject({ type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' } } });
    expect(t.payload).toMatchObject({ type: 'object' });

    const slugs = await composio.triggers.listEnum();
    expect(slugs).toContain('GITHUB_STAR_ADDED_EVENT');

    await expect(composio.triggers.getType('NOT_A_TRIGGER')).rejects.toThrow();
    await expect(composio.triggers.create('sdk-user', 'NOT_A_TRIGGER', { triggerConfig: {} })).rejects.toMatchObject({ name: 'ComposioTriggerTypeNotFoundError' });
  });

  it('create, listActive, disable, enable, delete', async () => {
    const { triggerId } = await composio.triggers.create('sdk-user', 'GITHUB_ISSUE_ADDED_EVENT', {
      connectedAccountId: accountId, triggerConfig: { owner: 'o', repo: 'sdk' },
    });
    expect(triggerId).toMatch(/^ti_/);
    const same = await composio.triggers.create('sdk-user', 'GITHUB_ISSUE_ADDED_EVENT', { triggerConfig: { owner: 'o', repo: 'sdk' } });
    expect(same.triggerId).toBe(triggerId);

    const active = await composio.triggers.listActive({ triggerIds: [triggerId] });
    expect(active.items).toHaveLength(1);
    expect(active.items[0]).toMatchObject({ id: triggerId, connectedAccountId: accountId, triggerName: 'GITHUB_ISSUE_ADDED_EVENT', triggerConfig: { owner: 'o', repo: 'sdk' } });
    expect(active.items[0]!.disabledAt ?? null).toBeNull();
    const byName = await composio.triggers.listActive({ triggerNames: ['github_issue_added_event'], connectedAccountIds: [accountId] });
    expect(byName.items.map((i) => i.id)).toContain(triggerId);

    await composio.triggers.disable(triggerId);
    expect((await composio.triggers.listActive({ triggerIds: [triggerId] })).items).toHaveLength(0);
    const disabled = await composio.triggers.listActive({ triggerIds: [triggerId], showDisabled: true });
    expect(disabled.items[0]!.disabledAt).toBeTruthy();
    await composio.triggers.enable(triggerId);
    expect((await composio.triggers.listActive({ triggerIds: [triggerId] })).items).toHaveLength(1);

    // the poller ran for it (through the tool executor, with the account's key)
    const deadline = Date.now() + 15_000;
    while (!gh.listCalls().some((r) => r.path === '/repos/o/sdk/issues') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(gh.listCalls().some((r) => r.path === '/repos/o/sdk/issues' && r.headers.authorization === `Bearer ${gh.token}`)).toBe(true);

    expect(await composio.triggers.delete(triggerId)).toEqual({ triggerId });
    expect((await composio.triggers.listActive({ triggerIds: [triggerId], showDisabled: true })).items).toHaveLength(0);
  });
});
