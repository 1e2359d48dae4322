import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeGitHub, startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { whoami as whoamiOn } from '../helpers/proxy-probe';

/**
 * Each process caches the account (with its auth config) that execution reads. The cache time here
 * is ten minutes, so every change below can only reach the next execution through the change
 * notices that drop the cache: the writer's own and the database's (drizzle/0015).
 */
let s: TestServer;
let up: FakeUpstream;
let gh: Awaited<ReturnType<typeof startFakeGitHub>>;

beforeAll(async () => {
  [s, up, gh] = await Promise.all([
    startServer({ env: { JUNCTION_ACCOUNT_CACHE_MS: '600000' } }),
    startFakeUpstream(),
    startFakeGitHub({ token: 'ghp_valid' }),
  ]);
  up.on('GET', '/whoami', (req) => ({ json: { authorization: req.headers.authorization ?? null } }));
});
afterAll(async () => {
  await Promise.all([s?.stop(), up?.close(), gh?.close()]);
});

async function authConfig() {
  const r = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.auth_config.id as string;
}

async function account(ac: string, apiKey: string, baseUrl: string, user = 'cache-user') {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac },
    connection: {
      user_id: user,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: apiKey, base_url: baseUrl } },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

/** The Authorization header the upstream saw, or the error slug Junction answered with. */
const whoami = (ca: string) => whoamiOn(s, ca);

describe('the execution cache follows every change at once', () => {
  it('credentials, disable/enable, auth config status and delete', async () => {
    const ac = await authConfig();
    const ca = await account(ac, 'key-one', up.url);
    expect(await whoami(ca)).toBe('Bearer key-one');
    expect(await whoami(ca)).toBe('Bearer key-one'); // warm

    const patched = await s.api('PATCH', `/connected_accounts/${ca}`, {
      connection: { state: { authScheme: 'API_KEY', val: { api_key: 'key-two' } } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await whoami(ca)).toBe('Bearer key-two');

    expect((await s.api('PATCH', `/connected_accounts/${ca}/status`, { enabled: false })).status).toBe(200);
    expect(await whoami(ca)).toBe('error:ConnectedAccount_Disabled');
    expect((await s.api('PATCH', `/connected_accounts/${ca}/status`, { enabled: true })).status).toBe(200);
    expect(await whoami(ca)).toBe('Bearer key-two');

    expect((await s.api('PATCH', `/auth_configs/${ac}/DISABLED`)).status).toBe(200);
    expect(await whoami(ca)).toBe('error:ConnectedAccount_AuthConfigDisabled');
    expect((await s.api('PATCH', `/auth_configs/${ac}/ENABLED`)).status).toBe(200);
    expect(await whoami(ca)).toBe('Bearer key-two');

    expect((await s.api('DELETE', `/connected_accounts/${ca}`)).status).toBe(200);
    expect(await whoami(ca)).toBe('error:ConnectedAccount_NotFound');
  });

  it('a lookup by user and toolkit picks up an account connected after it was cached', async () => {
    const ac = await authConfig();
    const first = await account(ac, 'ghp_valid', gh.url, 'picker');
    const run = () =>
      s.api('POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', { user_id: 'picker', arguments: {} });
    expect((await run()).body.successful).toBe(true);
    expect((await s.api('PATCH', `/connected_accounts/${first}/status`, { enabled: false })).status).toBe(200);
    const refused = await run();
    expect(refused.status).toBe(400);
    expect(refused.body.error.slug).toBe('ConnectedAccount_Disabled');
    // a second account for the same user and toolkit: the lookup must now find it, not the cached one
    await account(ac, 'ghp_valid', gh.url, 'picker');
    const again = await run();
    expect(again.body.successful, JSON.stringify(again.body)).toBe(true);
  });
});
