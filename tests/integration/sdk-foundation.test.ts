import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { SDKS, composioFor, type AnySdk } from '../helpers/sdks';

// The official SDK, unmodified, against Junction: only the base URL changes. Both versions.
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
});

describe.each(SDKS)('@composio/core $version against Junction', (sdk) => {
  let composio: AnySdk;
  const { AuthScheme } = sdk.mod;
  beforeAll(() => {
    composio = composioFor(sdk, s);
  });

  it('auth configs: create, list, get, update', async () => {
    const created = await composio.authConfigs.create('sendgrid', {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
      name: 'SendGrid keys',
    });
    expect(created.id).toMatch(/^ac_/);
    expect(created.authScheme).toBe('API_KEY');
    expect(created.isComposioManaged).toBe(false);

    const list = await composio.authConfigs.list({ toolkit: 'sendgrid' });
    expect(list.items.map((i: { id: string }) => i.id)).toContain(created.id);

    const got = await composio.authConfigs.get(created.id);
    expect(got.name).toBe('SendGrid keys');
    expect(got.toolkit.slug).toBe('sendgrid');
    expect(got.status).toBe('ENABLED');

    await composio.authConfigs.update(created.id, { type: 'custom', credentials: { api_key: 'shared' } });
    const after = await composio.authConfigs.get(created.id);
    expect(after.credentials).toMatchObject({ api_key: 'shar...' });
  });

  it('connected accounts: initiate (API key), get, list, disable, enable, delete', async () => {
    const ac = await composio.authConfigs.create('sendgrid', {
      type: 'use_custom_auth',
      authScheme: 'API_KEY',
      credentials: {},
    });
    const req = await composio.connectedAccounts.initiate(`sdk-user-${sdk.version}`, ac.id, {
      config: AuthScheme.APIKey({ api_key: 'SG.sdk-key' }),
    });
    expect(req.id).toMatch(/^ca_/);
    expect(req.status).toBe('ACTIVE');
    const active = await req.waitForConnection(5000);
    expect(active.status).toBe('ACTIVE');

    const got = await composio.connectedAccounts.get(req.id);
    expect(got.id).toBe(req.id);
    expect(got.status).toBe('ACTIVE');
    expect(got.authConfig.id).toBe(ac.id);
    expect(got.toolkit.slug).toBe('sendgrid');
    // reads mask secrets by default, as the hosted service does: the SDK parses the masked form
    expect(got.state).toMatchObject({ authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'SG.s...' } });

    const list = await composio.connectedAccounts.list({
      userIds: [`sdk-user-${sdk.version}`],
      toolkitSlugs: ['sendgrid'],
    });
    expect(list.items.map((i: { id: string }) => i.id)).toContain(req.id);

    // a second initiate for the same user without allowMultiple is refused by the SDK after its list call
    await expect(
      composio.connectedAccounts.initiate(`sdk-user-${sdk.version}`, ac.id, {
        config: AuthScheme.APIKey({ api_key: 'x' }),
      }),
    ).rejects.toThrow();

    await composio.connectedAccounts.disable(req.id);
    const off = await composio.connectedAccounts.get(req.id);
    expect(off.status).toBe('INACTIVE');
    expect(off.isDisabled).toBe(true);
    await composio.connectedAccounts.enable(req.id);
    expect((await composio.connectedAccounts.get(req.id)).status).toBe('ACTIVE');

    await composio.connectedAccounts.delete(req.id);
    await expect(composio.connectedAccounts.get(req.id)).rejects.toThrow();
  });

  it('toolkits: get and list parse', async () => {
    const gh = await composio.toolkits.get('github');
    expect(gh.slug).toBe('github');
    const fields = await composio.toolkits.getConnectedAccountInitiationFields('sendgrid', 'API_KEY');
    expect(fields.map((f: { name: string }) => f.name)).toContain('api_key');
    const list = await composio.toolkits.get({});
    expect(list.length).toBeGreaterThanOrEqual(20);
    const cats = await composio.toolkits.listCategories();
    expect(cats.items.length).toBeGreaterThan(0);
  });
});
