import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { whoami } from '../helpers/proxy-probe';

/**
 * The execution cache across processes on PostgreSQL. The cache time is ten minutes: a change can
 * only reach another process, or come from outside Junction, through the database's change notice.
 */
let a: TestServer;
let b: TestServer;
let up: FakeUpstream;
let sql: pg.Client;

beforeAll(async () => {
  up = await startFakeUpstream();
  up.on('GET', '/whoami', (req) => ({ json: { authorization: req.headers.authorization ?? null } }));
  a = await startServer({ engine: 'postgres', env: { JUNCTION_ACCOUNT_CACHE_MS: '600000' } });
  b = await a.restart(); // a second process on the same database
  sql = new pg.Client({ connectionString: a.databaseUrl });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await b?.stop();
  await a?.stop();
  await up?.close();
});

async function account(apiKey: string) {
  const ac = await a.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  expect(ac.status).toBe(201);
  const r = await a.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: 'pg-cache',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: apiKey, base_url: up.url } },
    },
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

/** Poll until `s` answers `want` for the account (a notice crosses processes in milliseconds). */
async function eventually(s: TestServer, ca: string, want: string, ms = 10_000) {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    last = await whoami(s, ca);
    if (last === want) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  return last;
}

describe('execution cache across processes', () => {
  it('an account disabled through one process is refused by the other well within its cache time', async () => {
    const ca = await account('shared-key');
    expect(await whoami(a, ca)).toBe('Bearer shared-key');
    expect(await whoami(b, ca)).toBe('Bearer shared-key'); // both processes hold it now
    const t0 = Date.now();
    expect((await a.api('PATCH', `/connected_accounts/${ca}/status`, { enabled: false })).status).toBe(200);
    expect(await whoami(a, ca)).toBe('error:ConnectedAccount_Disabled');
    expect(await eventually(b, ca, 'error:ConnectedAccount_Disabled')).toBe('error:ConnectedAccount_Disabled');
    expect(Date.now() - t0).toBeLessThan(60_000);
  });

  it('warm executions come from the cache, and a change made in SQL drops it through the trigger', async () => {
    const ca = await account('sql-key');
    expect(await whoami(a, ca)).toBe('Bearer sql-key');
    // With the notice trigger off, a change is invisible to a warm process: the cache is in use.
    await sql.query('ALTER TABLE connected_accounts DISABLE TRIGGER connected_accounts_exec_changed');
    try {
      await sql.query('UPDATE connected_accounts SET is_disabled = true WHERE id = $1', [ca]);
    } finally {
      await sql.query('ALTER TABLE connected_accounts ENABLE TRIGGER connected_accounts_exec_changed');
    }
    expect(await whoami(a, ca)).toBe('Bearer sql-key');
    // Any write of an execution column raises the notice, whoever makes it.
    await sql.query('UPDATE connected_accounts SET status = status WHERE id = $1', [ca]);
    expect(await eventually(a, ca, 'error:ConnectedAccount_Disabled')).toBe('error:ConnectedAccount_Disabled');
    await sql.query('UPDATE connected_accounts SET is_disabled = false WHERE id = $1', [ca]);
    expect(await eventually(a, ca, 'Bearer sql-key')).toBe('Bearer sql-key');
  });

  it('last_used_at, which executions keep updating, raises no notice; an execution column does', async () => {
    const ca = await account('notice-key');
    const project = (await sql.query('SELECT project_id FROM connected_accounts WHERE id = $1', [ca])).rows[0]
      .project_id as string;
    const seen: string[] = [];
    const listener = new pg.Client({ connectionString: a.databaseUrl });
    await listener.connect();
    try {
      listener.on('notification', (n) => seen.push(n.payload ?? ''));
      await listener.query('LISTEN junction_cache');
      await sql.query('UPDATE connected_accounts SET last_used_at = now(), labels = labels WHERE id = $1', [ca]);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
      await sql.query('UPDATE connected_accounts SET token_expires_at = NULL WHERE id = $1', [ca]);
      await sql.query("UPDATE auth_configs SET status = 'ENABLED' WHERE project_id = $1", [project]);
      const until = Date.now() + 5000;
      while (seen.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(seen).toEqual([`exec_account:${project}`, `exec_account:${project}`]);
    } finally {
      await listener.end();
    }
  });
});
