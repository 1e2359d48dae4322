import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, ROOT, startServer, type TestServer } from '../helpers/server';
import { sqlDirect as runSql } from '../helpers/oauth-flow';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s?.stop(); });

const sqlDirect = (text: string, params: unknown[] = []) => runSql(s, text, params);

describe('storage', () => {
  it(engine() === 'pglite'
    ? 'a second process on the same embedded data dir fails at once with a clear message'
    : 'a second process shares the same PostgreSQL database', async () => {
    if (engine() === 'pglite') {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
        cwd: ROOT, env: { ...process.env, ...s.env, PORT: '0' }, encoding: 'utf8', timeout: 60_000,
      });
      expect(r.status).not.toBe(0);
      expect(r.stderr + r.stdout).toContain('is already open in process');
      // the first process is unharmed
      expect((await s.api('GET', '/auth_configs')).status).toBe(200);
    } else {
      const second = await s.restart();
      try {
        const ac = await second.api('POST', '/auth_configs', { toolkit: { slug: 'sendgrid' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' } });
        expect(ac.status).toBe(201);
        const seen = await s.api('GET', `/auth_configs/${ac.body.auth_config.id}`);
        expect(seen.status).toBe(200);
      } finally {
        await second.stop();
      }
    }
  });

  it('secrets are encrypted at rest and keys are stored only as hashes', async () => {
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug: 'sendgrid' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' } });
    const acc = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'vault', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'plaintext-needle-4242' } } },
    });
    expect(acc.status).toBe(201);
    if (!s.databaseUrl) await s.stop();
    const rows = await sqlDirect('select state_enc from connected_accounts where id = $1', [acc.body.id]);
    expect(String(rows[0]!.state_enc)).toMatch(/^v1\.[0-9a-f]{8}\./);
    const dump = await sqlDirect(`select string_agg(t::text, ' ') as all from (
      select row_to_json(c)::text as t from connected_accounts c union all select row_to_json(k)::text from api_keys k) x`);
    expect(String(dump[0]!.all)).not.toContain('plaintext-needle-4242');
    expect(String(dump[0]!.all)).not.toContain(s.apiKey);
    if (!s.databaseUrl) s = await s.restart();
  });

  it('answers 501 for an account whose auth scheme this server does not operate', async () => {
    const ac = await s.api('POST', '/auth_configs', { toolkit: { slug: 'sendgrid' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' } });
    const acc = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'legacy', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k' } } },
    });
    // as an account imported from another deployment would be stored
    if (!s.databaseUrl) await s.stop();
    await sqlDirect(`update connected_accounts set auth_scheme = 'SAML' where id = $1`, [acc.body.id]);
    if (!s.databaseUrl) s = await s.restart();
    const r = await s.api('GET', `/connected_accounts/${acc.body.id}`);
    expect(r.status).toBe(501);
    expect(r.body.error).toMatchObject({ status: 501, message: expect.stringContaining('SAML'), suggested_fix: expect.any(String) });
  });
});
