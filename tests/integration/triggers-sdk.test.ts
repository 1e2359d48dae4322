import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github-triggers';
import { SDKS, composioFor, type AnySdk } from '../helpers/sdks';

// The official SDK (0.8.1 and 0.19.0), unmodified, against Junction: only the base URL changes.
let s: TestServer;
let gh: FakeGitHub;

beforeAll(async () => {
  gh = await startFakeGitHub();
  s = await startServer({ env: { JUNCTION_TRIGGER_MIN_INTERVAL_MS: '500', JUNCTION_TRIGGER_SWEEP_MS: '1000' } });
});
afterAll(async () => {
  await s?.stop();
  await gh?.close();
});

describe.each(SDKS)('@composio/core $version triggers against Junction', (sdk) => {
  let composio: AnySdk;
  let accountId: string;
  // each version has its own user and repository, so the two runs share nothing
  const user = `sdk-user-${sdk.version}`;
  const repo = `sdk-${sdk.version.replace(/\./g, '-')}`;
  beforeAll(async () => {
    composio = composioFor(sdk, s);
    const ac = await composio.authConfigs.create('github', {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
    });
    const conn = await composio.connectedAccounts.initiate(user, ac.id, {
      config: sdk.mod.AuthScheme.APIKey({ api_key: gh.token, base_url: gh.url } as never),
    });
    accountId = conn.id;
  });

  it('listTypes, getType, listEnum', async () => {
    const page = await composio.triggers.listTypes({ toolkits: ['github'], limit: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).toBeTruthy();
    expect(page.items.every((t: any) => t.toolkit.slug === 'github')).toBe(true);

    const t = await composio.triggers.getType('GITHUB_ISSUE_ADDED_EVENT');
    expect(t.slug).toBe('GITHUB_ISSUE_ADDED_EVENT');
    expect(t.toolkit.slug).toBe('github');
    expect(t.config).toMatchObject({
      type: 'object',
      properties: { owner: { type: 'string' }, repo: { type: 'string' } },
    });
    expect(t.payload).toMatchObject({ type: 'object' });

    const slugs = await composio.triggers.listEnum();
    expect(slugs).toContain('GITHUB_STAR_ADDED_EVENT');

    await expect(composio.triggers.getType('NOT_A_TRIGGER')).rejects.toThrow();
    await expect(composio.triggers.create(user, 'NOT_A_TRIGGER', { triggerConfig: {} })).rejects.toMatchObject({
      name: 'ComposioTriggerTypeNotFoundError',
    });
  });

  it('create, listActive, disable, enable, delete', async () => {
    const { triggerId } = await composio.triggers.create(user, 'GITHUB_ISSUE_ADDED_EVENT', {
      connectedAccountId: accountId,
      triggerConfig: { owner: 'o', repo },
    });
    expect(triggerId).toMatch(/^ti_/);
    const same = await composio.triggers.create(user, 'GITHUB_ISSUE_ADDED_EVENT', {
      triggerConfig: { owner: 'o', repo },
    });
    expect(same.triggerId).toBe(triggerId);

    const active = await composio.triggers.listActive({ triggerIds: [triggerId] });
    expect(active.items).toHaveLength(1);
    expect(active.items[0]).toMatchObject({
      id: triggerId,
      connectedAccountId: accountId,
      triggerName: 'GITHUB_ISSUE_ADDED_EVENT',
      triggerConfig: { owner: 'o', repo },
    });
    expect(active.items[0]!.disabledAt ?? null).toBeNull();
    const byName = await composio.triggers.listActive({
      triggerNames: ['github_issue_added_event'],
      connectedAccountIds: [accountId],
    });
    expect(byName.items.map((i: { id: string }) => i.id)).toContain(triggerId);

    await composio.triggers.disable(triggerId);
    expect((await composio.triggers.listActive({ triggerIds: [triggerId] })).items).toHaveLength(0);
    const disabled = await composio.triggers.listActive({ triggerIds: [triggerId], showDisabled: true });
    expect(disabled.items[0]!.disabledAt).toBeTruthy();
    await composio.triggers.enable(triggerId);
    expect((await composio.triggers.listActive({ triggerIds: [triggerId] })).items).toHaveLength(1);

    // the poller ran for it (through the tool executor, with the account's key)
    const deadline = Date.now() + 15_000;
    while (!gh.listCalls().some((r) => r.path === `/repos/o/${repo}/issues`) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(
      gh
        .listCalls()
        .some((r) => r.path === `/repos/o/${repo}/issues` && r.headers.authorization === `Bearer ${gh.token}`),
    ).toBe(true);

    expect(await composio.triggers.delete(triggerId)).toEqual({ triggerId });
    expect((await composio.triggers.listActive({ triggerIds: [triggerId], showDisabled: true })).items).toHaveLength(0);
  });
});
