import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { withDb } from '../helpers/oauth-flow';

// Issue 11, item 10: who may mint and revoke keys, last_used_at, member keys, proxy_auth_key at rest.
let s: TestServer;
let projectId: string;
const org = () => ({ 'x-org-api-key': s.orgKey, 'x-api-key': '' });

beforeAll(async () => {
  s = await startServer();
  projectId = (await s.api('GET', '/org/project/current')).body.id;
});
afterAll(async () => {
  await s?.stop();
});

describe('API keys', () => {
  it('a project key can neither mint nor revoke project keys, and the refusal is audited', async () => {
    const mint = await s.api('POST', '/org/project/api_keys', { name: 'persist-me' });
    expect(mint.status).toBe(403);
    expect(mint.body.error.slug).toBe('ApiKey_ProjectKeyCannotManageKeys');
    expect(mint.body.error.suggested_fix).toContain('/org/owner/project/');
    // a second key, made by the org, survives a revoke attempt with the project key
    const other = await s.api('POST', `/org/owner/project/${projectId}/api_keys`, { name: 'other' }, org());
    expect(other.status).toBe(201);
    const revoke = await s.api('DELETE', `/org/project/api_keys/${other.body.id}`);
    expect(revoke.status).toBe(403);
    expect((await s.api('GET', '/auth_configs', undefined, { 'x-api-key': other.body.key })).status).toBe(200);
    const audit = await s.api('GET', '/org/audit_log?action=api_key.create,api_key.revoke', undefined, org());
    expect(audit.status).toBe(200);
    const refused = audit.body.items.filter((e: any) => e.outcome === 'failure');
    expect(refused.map((e: any) => e.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
    expect(refused[0].actor).toMatch(/^ak_test.*…$/);
    expect(JSON.stringify(audit.body)).not.toContain(s.apiKey);
  });

  it("the org key mints, lists and revokes a project's keys", async () => {
    const made = await s.api('POST', `/org/owner/project/${projectId}/api_keys`, { name: 'ci' }, org());
    expect(made.status).toBe(201);
    expect(made.body.key).toMatch(/^ak_/);
    const list = await s.api('GET', `/org/owner/project/${projectId}/api_keys`, undefined, org());
    expect(list.status).toBe(200);
    const row = list.body.items.find((k: any) => k.id === made.body.id);
    expect(row.name).toBe('ci');
    expect(JSON.stringify(list.body)).not.toContain(made.body.key);
    // the project key is no org key
    expect((await s.api('GET', `/org/owner/project/${projectId}/api_keys`)).status).toBe(401);
    expect(
      (await s.api('DELETE', `/org/owner/project/${projectId}/api_keys/${made.body.id}`, undefined, org())).status,
    ).toBe(200);
    expect((await s.api('GET', '/auth_configs', undefined, { 'x-api-key': made.body.key })).status).toBe(401);
    expect(
      (await s.api('DELETE', `/org/owner/project/${projectId}/api_keys/${made.body.id}`, undefined, org())).status,
    ).toBe(404);
    expect((await s.api('DELETE', `/org/owner/project/${projectId}/api_keys/not-a-key`, undefined, org())).status).toBe(
      400,
    );
  });

  it('a member key mints and revokes project keys for a project of its org', async () => {
    const m = await s.api('POST', '/org/owner/members', { email: `keys${Date.now()}@example.com` }, org());
    expect(m.status).toBe(201);
    const asMember = { 'x-api-key': '', 'x-user-api-key': m.body.user_api_key, 'x-project-id': projectId };
    const made = await s.api('POST', '/org/project/api_keys', { name: 'by member' }, asMember);
    expect(made.status).toBe(201);
    expect((await s.api('GET', '/auth_configs', undefined, { 'x-api-key': made.body.key })).status).toBe(200);
    expect((await s.api('DELETE', `/org/project/api_keys/${made.body.id}`, undefined, asMember)).status).toBe(200);
    expect((await s.api('GET', '/auth_configs', undefined, { 'x-api-key': made.body.key })).status).toBe(401);
  });

  it('member keys are listed (hints only) and can be revoked by the org key', async () => {
    const email = `member${Date.now()}@example.com`;
    const m = await s.api('POST', '/org/owner/members', { email }, org());
    const asMember = { 'x-api-key': '', 'x-user-api-key': m.body.user_api_key, 'x-project-id': projectId };
    expect((await s.api('GET', '/connected_accounts', undefined, asMember)).status).toBe(200);
    const list = await s.api('GET', '/org/owner/members', undefined, org());
    expect(list.status).toBe(200);
    const member = list.body.items.find((x: any) => x.email === email);
    expect(member.api_keys).toHaveLength(1);
    expect(member.api_keys[0].hint).toMatch(/^uak_.*…$/);
    expect(JSON.stringify(list.body)).not.toContain(m.body.user_api_key);
    expect((await s.api('GET', '/org/owner/members')).status).toBe(401);
    const revoked = await s.api(
      'DELETE',
      `/org/owner/members/${member.id}/api_keys/${member.api_keys[0].id}`,
      undefined,
      org(),
    );
    expect(revoked.status).toBe(200);
    expect((await s.api('GET', '/connected_accounts', undefined, asMember)).status).toBe(401);
    const after = await s.api('GET', '/org/owner/members', undefined, org());
    expect(after.body.items.find((x: any) => x.email === email).api_keys).toHaveLength(0);
    const audit = await s.api(
      'GET',
      `/org/audit_log?action=api_key.revoke&target=${member.api_keys[0].id}`,
      undefined,
      org(),
    );
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0].detail.kind).toBe('user');
  });

  it('last_used_at is written after use, and at most once a minute', async () => {
    const made = await s.api('POST', `/org/owner/project/${projectId}/api_keys`, { name: 'usage' }, org());
    const lastUsed = async () =>
      (await s.api('GET', `/org/owner/project/${projectId}/api_keys`, undefined, org())).body.items.find(
        (k: any) => k.id === made.body.id,
      ).last_used_at as string | null;
    expect(await lastUsed()).toBeNull();
    expect((await s.api('GET', '/auth_configs', undefined, { 'x-api-key': made.body.key })).status).toBe(200);
    await expect.poll(lastUsed, { timeout: 10_000, interval: 200 }).not.toBeNull();
    const first = await lastUsed();
    expect(Date.now() - Date.parse(first!)).toBeLessThan(30_000);
    for (let i = 0; i < 5; i++) await s.api('GET', '/auth_configs', undefined, { 'x-api-key': made.body.key });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await lastUsed()).toBe(first);
  });
});

describe('auth config secrets', () => {
  it('proxy_auth_key is encrypted at rest and masked in reads; a masked value sent back keeps the key', async () => {
    const needle = 'proxy-needle-secret-7781';
    const created = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'API_KEY',
        proxy_config: { proxy_url: 'https://proxy.example.com', proxy_auth_key: needle },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.auth_config.id;
    const read = await s.api('GET', `/auth_configs/${id}`);
    expect(read.body.proxy_config.proxy_url).toBe('https://proxy.example.com');
    expect(read.body.proxy_config.proxy_auth_key).toBe('prox...');
    const list = await s.api('GET', '/auth_configs');
    expect(JSON.stringify(list.body)).not.toContain(needle);
    // read-modify-write: the mask goes back, the stored key stays
    const patched = await s.api('PATCH', `/auth_configs/${id}`, {
      type: 'custom',
      name: 'renamed',
      proxy_config: read.body.proxy_config,
    });
    expect(patched.status).toBe(200);
    const dump = async () => {
      if (!s.databaseUrl) await s.stop();
      try {
        return await withDb(s, async (q) => ({
          all: String((await q(`select string_agg(row_to_json(a)::text, ' ') as t from auth_configs a`))[0]!.t),
          enc: String(
            (await q('select proxy_auth_key_enc from auth_configs where id = $1', [id]))[0]!.proxy_auth_key_enc,
          ),
        }));
      } finally {
        if (!s.databaseUrl) s = await s.restart();
      }
    };
    const d = await dump();
    expect(d.all).not.toContain(needle);
    expect(d.enc).toMatch(/^v1\.[0-9a-f]{8}\./);
    const again = await s.api('GET', `/auth_configs/${id}`);
    expect(again.body.name).toBe('renamed');
    expect(again.body.proxy_config.proxy_auth_key).toBe('prox...');
    // a new key replaces it; null removes the proxy
    await s.api('PATCH', `/auth_configs/${id}`, {
      type: 'custom',
      proxy_config: { proxy_url: 'https://proxy.example.com', proxy_auth_key: 'zzzz-new-key' },
    });
    expect((await s.api('GET', `/auth_configs/${id}`)).body.proxy_config.proxy_auth_key).toBe('zzzz...');
    await s.api('PATCH', `/auth_configs/${id}`, { type: 'custom', proxy_config: null });
    expect((await s.api('GET', `/auth_configs/${id}`)).body.proxy_config).toBeNull();
  });
});
