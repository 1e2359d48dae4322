import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s?.stop(); });

const doc = {
  openapi: '3.0.0',
  info: { title: 'Acme', version: '1' },
  servers: [{ url: 'https://acme.example' }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ key: [] }],
  paths: { '/items': { get: { operationId: 'listItems', summary: 'List items', responses: { '200': { description: 'ok' } } } } },
};

describe('accounts of an imported toolkit', () => {
  // Regression: the project's toolkit cache refilled inside the account's transaction used to
  // wait on the embedded database's only connection, held by that same transaction — forever.
  it('can be created again after the toolkit cache expired', async () => {
    expect((await s.api('POST', '/toolkits/custom', { slug: 'acme', name: 'Acme', document: doc })).status).toBe(201);
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug: 'acme' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' } });
    expect(ac.status).toBe(201);
    const create = () => s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'u', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k' } } },
    });
    expect((await create()).status).toBe(201);
    await new Promise((r) => setTimeout(r, 3500)); // past the 3 s cache
    const again = await Promise.race([create(), new Promise<{ status: number }>((r) => setTimeout(() => r({ status: -1 }), 10_000))]);
    expect(again.status).toBe(201);
    const link = await s.api('POST', '/connected_accounts/link', { auth_config_id: ac.body.auth_config.id, user_id: 'u2' });
    expect(link.status).toBe(201);
  });
});
