import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/**
 * `GET /connected_accounts/{id}` reads its row in plain SQL (lib/services/connected-accounts/read.ts);
 * the list reads the same rows through the ORM. Whatever an account looks like, both must render it
 * alike, on each engine.
 */
let s: TestServer;

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
});

async function authConfig(type: 'use_custom_auth' | 'use_composio_managed_auth' = 'use_custom_auth') {
  const r = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'sendgrid' },
    auth_config: { type, authScheme: 'API_KEY' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.auth_config.id as string;
}

async function account(ac: string, connection: Record<string, unknown> = {}) {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac },
    connection: {
      user_id: 'read-user',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'SG.secret-value-123' } },
      ...connection,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

async function bothReads(id: string) {
  const one = await s.api('GET', `/connected_accounts/${id}`);
  expect(one.status, JSON.stringify(one.body)).toBe(200);
  // answered with its length, not chunked
  expect(one.headers.get('transfer-encoding')).toBeNull();
  expect(Number(one.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(one.body)));
  const list = await s.api('GET', `/connected_accounts?connected_account_ids=${id}`);
  expect(list.status).toBe(200);
  expect(list.body.items).toHaveLength(1);
  return { one: one.body, listed: list.body.items[0] };
}

describe('one account read and the list render an account alike', () => {
  it('a new account, then renamed, disabled, and under a disabled auth config', async () => {
    const ac = await authConfig();
    const id = await account(ac, { alias: 'primary', callback_url: 'https://app.example/cb' });
    let r = await bothReads(id);
    expect(r.one).toEqual(r.listed);
    expect(r.one).toMatchObject({
      id,
      alias: 'primary',
      toolkit: { slug: 'sendgrid' },
      auth_config: { id: ac, auth_scheme: 'API_KEY', is_disabled: false, is_composio_managed: false },
      status: 'ACTIVE',
      is_disabled: false,
      state: { authScheme: 'API_KEY', val: { api_key: 'SG.s...', status: 'ACTIVE' } },
    });
    // timestamps are ISO strings of the row's times, not the database's text
    expect(new Date(r.one.created_at).toISOString()).toBe(r.one.created_at);
    expect(Date.parse(r.one.updated_at)).toBeGreaterThanOrEqual(Date.parse(r.one.created_at));
    expect(Array.isArray(r.one.deprecated.labels)).toBe(true);

    expect((await s.api('PATCH', `/connected_accounts/${id}`, { alias: 'renamed' })).status).toBe(200);
    expect((await s.api('PATCH', `/connected_accounts/${id}/status`, { enabled: false })).status).toBe(200);
    r = await bothReads(id);
    expect(r.one).toEqual(r.listed);
    expect(r.one).toMatchObject({ alias: 'renamed', is_disabled: true });

    expect((await s.api('PATCH', `/auth_configs/${ac}/DISABLED`, {})).status).toBe(200);
    r = await bothReads(id);
    expect(r.one).toEqual(r.listed);
    expect(r.one.auth_config.is_disabled).toBe(true);
  });

  it('a new project masks secrets in both reads, data, params and the create response; an explicit opt-out shows them', async () => {
    const secret = 'SG.secret-value-123';
    // unset on a new project: the config reports masking on
    const cfg = await s.api('GET', '/org/project/config');
    expect(cfg.body.mask_secret_keys_in_connected_account).toBe(true);
    const created = await s.api('POST', '/connected_accounts', {
      auth_config: { id: await authConfig() },
      connection: {
        user_id: 'read-user',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: secret } },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.connectionData.val.api_key).toBe('SG.s...');
    expect(JSON.stringify(created.body)).not.toContain(secret);
    const id = created.body.id as string;

    const masked = await bothReads(id);
    expect(masked.one).toEqual(masked.listed);
    expect(masked.one.state.val.api_key).toBe('SG.s...');
    expect(masked.one.data.api_key).toBe('SG.s...');
    expect(JSON.stringify(masked.one)).not.toContain(secret);
    const list = await s.api('GET', '/connected_accounts?limit=100');
    expect(JSON.stringify(list.body)).not.toContain(secret);

    // the audited reveal is the one read that shows it
    const revealed = await s.api('POST', `/connected_accounts/${id}/reveal`);
    expect(revealed.status).toBe(200);
    expect(revealed.body.state.val.api_key).toBe(secret);
    const audit = await s.api('GET', '/org/audit_log?action=connected_account.reveal_secrets', undefined, {
      'x-org-api-key': s.orgKey,
    });
    expect(audit.body.items.map((i: any) => i.target)).toContain(id);

    const set = (on: boolean) => s.api('PATCH', '/org/project/config', { mask_secret_keys_in_connected_account: on });
    try {
      expect((await set(false)).body.mask_secret_keys_in_connected_account).toBe(false);
      const clear = await bothReads(id);
      expect(clear.one).toEqual(clear.listed);
      expect(clear.one.state.val.api_key).toBe(secret);
      expect(clear.one.data.api_key).toBe(secret);
    } finally {
      expect((await set(true)).status).toBe(200);
    }
    expect((await bothReads(id)).one.state.val.api_key).toBe('SG.s...');
  });

  it('a deleted account is a 404 and an unknown one too', async () => {
    const id = await account(await authConfig());
    expect((await s.api('DELETE', `/connected_accounts/${id}`)).status).toBe(200);
    const gone = await s.api('GET', `/connected_accounts/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.slug).toBe('ConnectedAccount_NotFound');
    const unknown = await s.api('GET', `/connected_accounts/ca_${'x'.repeat(12)}`);
    expect([400, 404]).toContain(unknown.status);
  });
});
