import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { connectOAuth2, oauth2Config, runCli, withDb } from '../helpers/oauth-flow';
import { makeKeyring } from '../../lib/crypto/secrets';

// log everything this suite's server does: no level may print a secret
process.env.TEST_LOG_LEVEL = 'debug';

let s: TestServer;
let p: OAuth2Provider;
const secrets: string[] = [];
let oauthAccount = '';
/** Every server process this suite started: the log check reads all of them, not only the last. */
const processes: TestServer[] = [];
const track = (x: TestServer) => {
  processes.push(x);
  return x;
};
/** Tests below build on the first one's accounts and secrets: fail loudly when it did not run. */
function requireSetUp() {
  expect(oauthAccount).toMatch(/^ca_/);
  expect(secrets.length).toBeGreaterThanOrEqual(8);
}

beforeAll(async () => {
  p = await startOAuth2Provider();
  s = track(await startServer());
});
afterAll(async () => {
  await s?.stop();
  await p?.stop();
});

/** Every row of every table (public, pg-boss's jobs …) as text: pg_dump on PostgreSQL, SQL on PGlite. */
async function dumpAll(): Promise<string> {
  if (s.databaseUrl)
    return execFileSync('pg_dump', ['--no-owner', s.databaseUrl], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return withDb(s, async (q) => {
    const tables = await q(`select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
    let out = '';
    for (const { s: schema, t } of tables) {
      const rows = await q(
        `select coalesce(string_agg(row_to_json(x)::text, E'\\n'), '') as d from "${schema}"."${t}" x`,
      );
      out += `-- ${schema}.${t}\n${rows[0]!.d}\n`;
    }
    return out;
  });
}

async function offline<T>(fn: () => Promise<T>): Promise<T> {
  if (s.databaseUrl) return fn();
  await s.stop();
  try {
    return await fn();
  } finally {
    s = track(await s.restart());
  }
}

describe('secrets at rest', () => {
  it('set up: OAuth tokens, client secret, API key, password, a Connect Link token', async () => {
    const ac = await oauth2Config(s, p);
    secrets.push(p.clientSecret);
    oauthAccount = await connectOAuth2(s, ac);
    // reads mask them: the audited reveal gives the values this suite then looks for everywhere
    const val = (await s.api('POST', `/connected_accounts/${oauthAccount}/reveal`)).body.state.val;
    secrets.push(val.access_token, val.refresh_token, val.id_token);
    const apiKey = `SG.${randomBytes(12).toString('hex')}`;
    const kac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    await s.api('POST', '/connected_accounts', {
      auth_config: { id: kac.body.auth_config.id },
      connection: { user_id: 'k', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: apiKey } } },
    });
    const password = `pw-${randomBytes(10).toString('hex')}`;
    const bac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'jira' },
      auth_config: { type: 'use_custom_auth', authScheme: 'BASIC' },
    });
    await s.api('POST', '/connected_accounts', {
      auth_config: { id: bac.body.auth_config.id },
      connection: {
        user_id: 'b',
        state: { authScheme: 'BASIC', val: { status: 'ACTIVE', username: 'ann', password, subdomain: 'acme' } },
      },
    });
    const link = await s.api('POST', '/connected_accounts/link', { auth_config_id: ac, user_id: 'l' });
    // a pending flow too: its state parameter must not be stored in clear
    const pending = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'pending' },
    });
    secrets.push(
      apiKey,
      password,
      link.body.link_token,
      new URL(pending.body.connectionData.val.redirectUrl).searchParams.get('state')!,
    );
    expect(secrets.every((x) => typeof x === 'string' && x.length > 8)).toBe(true);
  });

  it('a dump of the database contains none of them', async () => {
    requireSetUp();
    const dump = await offline(dumpAll);
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump).toContain(oauthAccount); // the dump is real: it has the account
    for (const x of secrets) expect(dump.includes(x), `secret ${x.slice(0, 6)}… in dump`).toBe(false);
    expect(dump).toMatch(/v1\.[0-9a-f]{8}\./);
  }, 240_000);

  it('the server log contains none of them (at debug level)', async () => {
    requireSetUp();
    const out = processes.map((x) => x.output()).join('\n');
    // every process logged (at least its start-up lines): the check reads real output, of all of them
    for (const x of processes) expect(x.output().length).toBeGreaterThan(0);
    for (const x of secrets) expect(out.includes(x), `secret ${x.slice(0, 6)}… in log`).toBe(false);
  });

  it('a project setting masks secret values in responses (GET/PATCH /org/project/config)', async () => {
    requireSetUp();
    const cfg = await s.api('GET', '/org/project/config');
    expect(cfg.status).toBe(200);
    expect(cfg.body).toMatchObject({
      is_2FA_enabled: false,
      log_visibility_setting: 'show_all',
      mask_secret_keys_in_connected_account: true,
    });
    const on = await s.api('PATCH', '/org/project/config', {
      mask_secret_keys_in_connected_account: true,
      display_name: 'Acme',
    });
    expect(on.body).toMatchObject({ mask_secret_keys_in_connected_account: true, display_name: 'Acme' });
    const acc = (await s.api('GET', `/connected_accounts/${oauthAccount}`)).body;
    expect(acc.state.val.access_token).toMatch(/^.{4}\.\.\.$/);
    expect(acc.state.val.refresh_token).toMatch(/^.{4}\.\.\.$/);
    const list = (await s.api('GET', '/connected_accounts?limit=50')).body;
    expect(JSON.stringify(list)).not.toContain(secrets[1]);
    await s.api('PATCH', '/org/project/config', { mask_secret_keys_in_connected_account: false });
    expect((await s.api('GET', `/connected_accounts/${oauthAccount}`)).body.state.val.access_token).toBe(secrets[1]);
    expect((await s.api('GET', '/org/project/config')).body.display_name).toBe('Acme');
  });

  it('key rotation: the CLI re-encrypts everything under the new key and reports counts; reads accept both keys meanwhile', async () => {
    requireSetUp();
    const oldKey = s.env.JUNCTION_ENCRYPTION_KEY!;
    const newKey = randomBytes(32).toString('base64');
    const rotated = {
      ...s,
      env: { ...s.env, JUNCTION_ENCRYPTION_KEY: newKey, JUNCTION_ENCRYPTION_KEY_PREVIOUS: oldKey },
    };
    await s.stop();
    // new key + previous: everything still reads before the rotation runs
    s = track(await startServer({ reuse: rotated }));
    expect((await s.api('GET', `/connected_accounts/${oauthAccount}`)).body.state.val.access_token).toBe(secrets[1]);
    if (!s.databaseUrl) await s.stop();
    const r = await runCli(s, ['rotate-encryption-key']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const total = Number(r.stdout.match(/total reencrypted=(\d+) failed=0/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(8);
    expect(r.stdout).toMatch(/connected_accounts\.state_enc\treencrypted=\d+/);
    expect(r.stdout).toMatch(/auth_configs\.credentials_enc\treencrypted=\d+/);
    expect(r.stdout).toMatch(/oauth_flows\.secret_enc\treencrypted=\d+/);
    const again = await runCli(s, ['rotate-encryption-key']);
    expect(again.stdout).toContain('total reencrypted=0 failed=0');
    // no value anywhere in the database (pg-boss's tables included) is still under the old key
    const oldKid = makeKeyring(oldKey).current.id;
    const newKid = makeKeyring(newKey).current.id;
    const dump = await dumpAll();
    expect(dump).toContain(`v1.${newKid}.`);
    expect(dump).not.toContain(`v1.${oldKid}.`);
    if (!s.databaseUrl) s = track(await s.restart());
    else {
      await s.stop();
      s = track(await s.restart());
    }
    // the old key is gone now: everything reads with the new one alone
    const only = { ...s, env: { ...s.env, JUNCTION_ENCRYPTION_KEY_PREVIOUS: '' } };
    await s.stop();
    s = track(await startServer({ reuse: only }));
    const acc = (await s.api('GET', `/connected_accounts/${oauthAccount}`)).body;
    expect(acc.state.val.access_token).toBe(secrets[1]);
    const refreshed = await s.api('POST', `/connected_accounts/${oauthAccount}/token_refresh`, { force: true });
    expect(refreshed.body.refreshed).toBe(true); // the client secret and refresh token decrypt under the new key
  }, 240_000);

  it('the rotation CLI with a key that opens nothing: reports every failure, exits 3, changes nothing', async () => {
    requireSetUp();
    const token = (await s.api('GET', `/connected_accounts/${oauthAccount}`)).body.state.val.access_token;
    if (!s.databaseUrl) await s.stop();
    try {
      const before = await dumpAll();
      const wrong = randomBytes(32).toString('base64');
      const r = await runCli(s, ['rotate-encryption-key'], {
        JUNCTION_ENCRYPTION_KEY: wrong,
        JUNCTION_ENCRYPTION_KEY_PREVIOUS: '',
      });
      expect(r.status).not.toBe(0);
      // either the start-up key check refuses the key outright, or the rotation reports what it could not open
      if (r.status === 3) {
        expect(Number(r.stdout.match(/total reencrypted=0 failed=(\d+)/)?.[1])).toBeGreaterThanOrEqual(8);
        expect(r.stdout).toContain('key check left on the previous key');
        expect(r.stderr).toMatch(/could not be decrypted/);
      } else {
        expect(r.stderr).toMatch(/encryption key/i);
      }
      const after = await dumpAll();
      const kid = makeKeyring(wrong).current.id;
      expect(after).not.toContain(`v1.${kid}.`);
      const envelopes = (x: string) =>
        x.match(/v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g) ?? [];
      expect(new Set(envelopes(after))).toEqual(new Set(envelopes(before)));
    } finally {
      if (!s.databaseUrl) s = track(await s.restart());
    }
    // the server still reads everything with the right key
    expect((await s.api('GET', `/connected_accounts/${oauthAccount}`)).body.state.val.access_token).toBe(token);
  }, 240_000);

  it('the CLI manages projects and keys', async () => {
    if (!s.databaseUrl) await s.stop();
    try {
      const list = await runCli(s, ['projects', 'list']);
      expect(list.status).toBe(0);
      const projectId = list.stdout.trim().split('\n')[0]!.split('\t')[0]!;
      expect(projectId).toMatch(/^pr_/);
      const created = await runCli(s, ['keys', 'create', '--project', projectId, '--name', 'ci']);
      expect(created.status).toBe(0);
      const [keyId, key] = created.stdout.trim().split('\t');
      expect(keyId).toMatch(/^key_/);
      expect(key).toMatch(/^ak_/);
      if (!s.databaseUrl) s = track(await s.restart());
      expect((await s.api('GET', '/auth_configs', undefined, { 'x-api-key': key! })).status).toBe(200);
      if (!s.databaseUrl) await s.stop();
      const revoked = await runCli(s, ['keys', 'revoke', keyId!]);
      expect(revoked.stdout).toContain(`revoked ${keyId}`);
      if (!s.databaseUrl) s = track(await s.restart());
      // a running server forgets a key revoked elsewhere within its key cache's lifetime (5 s)
      const deadline = Date.now() + 30_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await s.api('GET', '/auth_configs', undefined, { 'x-api-key': key! })).status;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(401);
    } finally {
      if (!s.databaseUrl && s.proc.exitCode !== null) s = track(await s.restart());
    }
  }, 240_000);

  it('the CLI refuses to open an embedded database a server holds', async () => {
    if (s.databaseUrl) {
      // PostgreSQL is shared by design: the CLI works beside the server
      expect((await runCli(s, ['projects', 'list'])).status).toBe(0);
      return;
    }
    const r = await runCli(s, ['projects', 'list']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('is already open in process');
  });
});
