import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, ROOT, startServer, type TestServer } from '../helpers/server';
import { randomBytes } from 'node:crypto';
import { sqlDirect as runSql, withDb } from '../helpers/oauth-flow';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

let s: TestServer;
let rx: Receiver;
let up: FakeUpstream;
beforeAll(async () => {
  [rx, up] = await Promise.all([startReceiver(), startFakeUpstream()]);
  s = await startServer({
    env: {
      NODE_EXTRA_CA_CERTS: rx.caFile,
      // one rejected call expires an account: the quickest way to a composio.connected_account.expired event
      JUNCTION_AUTH_FAILURE_THRESHOLD: '1',
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,1,1',
      JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await s?.stop();
  await Promise.all([rx?.close(), up?.close()]);
});

const sqlDirect = (text: string, params: unknown[] = []) => runSql(s, text, params);

describe('storage', () => {
  it(
    engine() === 'pglite'
      ? 'a second process on the same embedded data dir fails at once with a clear message'
      : 'a second process shares the same PostgreSQL database',
    async () => {
      if (engine() === 'pglite') {
        const r = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
          cwd: ROOT,
          env: { ...process.env, ...s.env, PORT: '0' },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(r.status).not.toBe(0);
        expect(r.stderr + r.stdout).toContain('is already open in process');
        // the first process is unharmed
        expect((await s.api('GET', '/auth_configs')).status).toBe(200);
      } else {
        const second = await s.restart();
        try {
          const ac = await second.api('POST', '/auth_configs', {
            toolkit: { slug: 'sendgrid' },
            auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
          });
          expect(ac.status).toBe(201);
          const seen = await s.api('GET', `/auth_configs/${ac.body.auth_config.id}`);
          expect(seen.status).toBe(200);
        } finally {
          await second.stop();
        }
      }
    },
  );

  it('secrets are encrypted at rest and keys are stored only as hashes', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const acc = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'vault',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'plaintext-needle-4242' } },
      },
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

  it('events, webhook deliveries (messages, attempts) and logs hold no secret in clear; event payloads follow the masking setting', async () => {
    const sub = await s.api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.connected_account.expired'],
    });
    expect(sub.status).toBe(201);
    rx.verifyWith([sub.body.secret]);
    up.on('GET', '/denied/user', () => ({ status: 401, json: { message: 'Bad credentials' } }));
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    /** An API-key account the upstream rejects: it expires, and its expiry event (the account, with state.val) is delivered. */
    const expiredAccount = async (needle: string) => {
      const acc = await s.api('POST', '/connected_accounts', {
        auth_config: { id: ac.body.auth_config.id },
        connection: {
          user_id: 'events',
          state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: needle, base_url: `${up.url}/denied` } },
        },
      });
      expect(acc.status).toBe(201);
      const r = await s.api('POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', {
        connected_account_id: acc.body.id,
        arguments: {},
      });
      expect(r.body.successful).toBe(false);
      const bodyOf = () => rx.received.map((x) => JSON.parse(x.body)).find((b) => b.data?.id === acc.body.id);
      await rx.waitFor(() => !!bodyOf(), 30_000, `expiry event of ${acc.body.id}`);
      return bodyOf();
    };

    // masking unset (the default): the event carries the account with its secrets masked as reads mask them
    expect((await s.api('GET', '/org/project/config')).body.mask_secret_keys_in_connected_account).toBe(true);
    const masked = `ghp_${randomBytes(12).toString('hex')}`;
    const first = await expiredAccount(masked);
    expect(first.type).toBe('composio.connected_account.expired');
    expect(first.data.status).toBe('EXPIRED');
    expect(first.data.state.val.api_key).toBe(`${masked.slice(0, 4)}...`);
    expect(JSON.stringify(first)).not.toContain(masked);

    // a project that turns masking off gets its secrets in the body it receives, as in its reads
    expect((await s.api('PATCH', '/org/project/config', { mask_secret_keys_in_connected_account: false })).status).toBe(
      200,
    );
    const clear = `ghp_${randomBytes(12).toString('hex')}`;
    const second = await expiredAccount(clear);
    expect(second.data.state.val.api_key).toBe(clear);
    // a message not yet attempted has no body (it is rendered at its first attempt): its payload is null.
    // The attempt is recorded just after the receiver answers, so the list is read until it shows it.
    const keyOf = (p: any) => p?.data?.state?.val?.api_key;
    let payloads: any[] = [];
    for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      const deliveries = await s.api('GET', `/webhook_subscriptions/${sub.body.id}/deliveries?limit=50`);
      expect(deliveries.status).toBe(200);
      payloads = deliveries.body.items.map((d: any) => d.payload);
      if (payloads.some((p) => keyOf(p) === clear)) break;
    }
    expect(payloads.find((p: any) => keyOf(p) === `${masked.slice(0, 4)}...`)).toBeTruthy();
    expect(payloads.find((p: any) => keyOf(p) === clear)).toBeTruthy(); // the API shows what was sent

    if (!s.databaseUrl) await s.stop();
    try {
      const dump = await withDb(s, async (q) => {
        const tables = await q(`select table_schema as s, table_name as t from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
        const names = tables.map((t) => String(t.t));
        for (const t of ['events', 'webhook_messages', 'webhook_attempts', 'tool_logs', 'connected_account_events'])
          expect(names).toContain(t);
        let out = '';
        for (const { s: schema, t } of tables) {
          const rows = await q(
            `select coalesce(string_agg(row_to_json(x)::text, E'\\n'), '') as d from "${schema}"."${t}" x`,
          );
          out += `-- ${schema}.${t}\n${rows[0]!.d}\n`;
        }
        const bodies = await q(
          `select event_type, body from webhook_messages where event_type = 'composio.connected_account.expired'`,
        );
        expect(bodies.length).toBeGreaterThanOrEqual(2);
        for (const b of bodies) expect(String(b.body)).toMatch(/^v1\.[0-9a-f]{8}\./); // sealed with the keyring
        return out;
      });
      expect(dump).toContain('composio.connected_account.expired'); // the dump is real: it has the events
      expect(dump).not.toContain(masked);
      expect(dump).not.toContain(clear);
    } finally {
      if (!s.databaseUrl) s = await s.restart();
    }
  }, 120_000);

  it('answers 501 for an account whose auth scheme this server does not operate', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
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
    expect(r.body.error).toMatchObject({
      status: 501,
      message: expect.stringContaining('SAML'),
      suggested_fix: expect.any(String),
    });
  });
});
