import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { acmeOpenApi } from '../fixtures/acme-openapi';

let s: TestServer;
beforeAll(async () => {
  // no caching: every lookup refills the project's toolkit cache, inside whatever transaction asks
  s = await startServer({ env: { JUNCTION_CUSTOM_TOOLKIT_CACHE_MS: '0' } });
});
afterAll(async () => {
  await s?.stop();
});

const doc = acmeOpenApi('https://acme.example');

describe('accounts of an imported toolkit', () => {
  // Regression: the project's toolkit cache refilled inside the account's transaction used to
  // wait on the embedded database's only connection, held by that same transaction — forever.
  it('can be created again after the toolkit cache expired', async () => {
    expect((await s.api('POST', '/toolkits/custom', { slug: 'acme', name: 'Acme', document: doc })).status).toBe(201);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'acme' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    expect(ac.status).toBe(201);
    const create = () =>
      s.api('POST', '/connected_accounts', {
        auth_config: { id: ac.body.auth_config.id },
        connection: { user_id: 'u', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k' } } },
      });
    expect((await create()).status).toBe(201);
    const again = await Promise.race([
      create(),
      new Promise<{ status: number }>((r) => setTimeout(() => r({ status: -1 }), 10_000)),
    ]);
    expect(again.status).toBe(201);
    const link = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac.body.auth_config.id,
      user_id: 'u2',
    });
    expect(link.status).toBe(201);
  });
});
