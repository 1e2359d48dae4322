import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { withDb } from '../helpers/oauth-flow';

// Issue 11, item 15: the audit log API (actions recorded, filters, cursor paging, no secrets, retention).
let s: TestServer;
const org = () => ({ 'x-org-api-key': s.orgKey, 'x-api-key': '' });
const log = (query = '') => s.api('GET', `/org/audit_log${query}`, undefined, org());

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('audit log', () => {
  const needle = 'audit-needle-secret-5150';
  let acId = '';
  let accountId = '';
  let subId = '';
  let newSecret = '';

  it('records auth config, connected account and webhook secret changes with actor, address, target and outcome', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'API_KEY',
        credentials: { client_secret: needle },
        proxy_config: { proxy_url: 'https://p.example.com', proxy_auth_key: needle },
      },
    });
    expect(ac.status).toBe(201);
    acId = ac.body.auth_config.id;
    expect(
      (
        await s.api('PATCH', `/auth_configs/${acId}`, {
          type: 'custom',
          name: 'renamed',
          credentials: { client_secret: `${needle}-2` },
        })
      ).status,
    ).toBe(200);
    expect((await s.api('PATCH', `/auth_configs/${acId}/DISABLED`)).status).toBe(200);
    expect((await s.api('PATCH', `/auth_configs/${acId}/ENABLED`)).status).toBe(200);
    const acc = await s.api('POST', '/connected_accounts', {
      auth_config: { id: acId },
      connection: { user_id: 'audited', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: needle } } },
    });
    expect(acc.status).toBe(201);
    accountId = acc.body.id;
    expect((await s.api('PATCH', `/connected_accounts/${accountId}/status`, { enabled: false })).status).toBe(200);
    expect((await s.api('DELETE', `/connected_accounts/${accountId}`)).status).toBe(200);
    const sub = await s.api('POST', '/webhook_subscriptions', {
      webhook_url: 'https://hooks.example.com/in',
      enabled_events: ['composio.connected_account.expired'],
    });
    expect(sub.status).toBe(201);
    subId = sub.body.id;
    const rotated = await s.api('POST', `/webhook_subscriptions/${subId}/rotate_secret`);
    expect(rotated.status).toBe(200);
    newSecret = rotated.body.secret;
    expect((await s.api('DELETE', `/auth_configs/${acId}`)).status).toBe(200);

    const all = await log('?limit=200');
    expect(all.status).toBe(200);
    const actions = all.body.items.map((e: any) => e.action);
    for (const a of [
      'auth_config.create',
      'auth_config.update',
      'auth_config.disable',
      'auth_config.enable',
      'auth_config.delete',
      'connected_account.create',
      'connected_account.disable',
      'connected_account.delete',
      'webhook_subscription.create',
      'webhook_subscription.rotate_secret',
    ])
      expect(actions).toContain(a);
    const rotation = all.body.items.find((e: any) => e.action === 'webhook_subscription.rotate_secret');
    expect(rotation).toMatchObject({ target: subId, outcome: 'success', actor_type: 'key', ip: '127.0.0.1' });
    expect(rotation.actor).toMatch(/^ak_test.*…$/);
    expect(Date.now() - Date.parse(rotation.created_at)).toBeLessThan(120_000);
    const del = all.body.items.find((e: any) => e.action === 'connected_account.delete');
    expect(del.target).toBe(accountId);
    expect(del.project_id).toMatch(/^pr_/);
    // newest first
    expect(actions.indexOf('auth_config.delete')).toBeLessThan(actions.indexOf('auth_config.create'));
  });

  it("holds no secret: not the credentials, the account's key, the webhook secret or the API keys", async () => {
    const text = JSON.stringify((await log('?limit=200')).body);
    for (const secret of [needle, newSecret, s.apiKey, s.orgKey]) expect(text).not.toContain(secret);
    if (!s.databaseUrl) await s.stop();
    try {
      const dump = await withDb(s, async (q) =>
        String((await q(`select string_agg(row_to_json(a)::text, ' ') as t from audit_log a`))[0]!.t),
      );
      for (const secret of [needle, newSecret, s.apiKey, s.orgKey]) expect(dump).not.toContain(secret);
    } finally {
      if (!s.databaseUrl) s = await s.restart();
    }
  });

  it('filters by action, actor, target and time, and pages with a cursor', async () => {
    const byAction = await log('?action=auth_config.create,auth_config.delete');
    expect(byAction.body.items.map((e: any) => e.action).sort()).toEqual(['auth_config.create', 'auth_config.delete']);
    const byTarget = await log(`?target=${subId}`);
    expect(byTarget.body.items.map((e: any) => e.action).sort()).toEqual([
      'webhook_subscription.create',
      'webhook_subscription.rotate_secret',
    ]);
    const actor = byTarget.body.items[0].actor;
    const byActor = await log(`?actor=${encodeURIComponent(actor)}&limit=200`);
    expect(byActor.body.items.length).toBeGreaterThanOrEqual(10);
    expect(byActor.body.items.every((e: any) => e.actor === actor)).toBe(true);
    expect((await log(`?until=${encodeURIComponent('2020-01-01T00:00:00Z')}`)).body.items).toEqual([]);
    expect(
      (await log(`?since=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)).body.items,
    ).toEqual([]);

    const full = (await log('?limit=200')).body.items.map((e: any) => e.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page: any = await log(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      paged.push(...page.body.items.map((e: any) => e.id));
      cursor = page.body.next_cursor;
      if (!cursor) break;
    }
    expect(paged).toEqual(full);
  });

  it('needs the org key; bad filters are 400s in the envelope', async () => {
    const asProject = await s.api('GET', '/org/audit_log');
    expect(asProject.status).toBe(401);
    const badCursor = await log('?cursor=not-a-cursor');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.slug).toBe('Request_ValidationError');
    expect((await log('?since=yesterday')).status).toBe(400);
    expect((await log('?limit=0')).status).toBe(400);
    const doc = await s.api('GET', '/openapi.json');
    expect(doc.body.paths['/api/v3/org/audit_log'].get['x-junction-extension']).toBe(true);
  });

  it('entries older than JUNCTION_AUDIT_RETENTION_DAYS are removed by the retention job', async () => {
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 12 * 3_600_000).toISOString();
    const orgId = (await s.api('GET', '/org/project/current')).body.org_id;
    if (!s.databaseUrl) await s.stop();
    await withDb(s, async (q) => {
      for (const [id, at] of [
        ['aud_retentionOld0001', old],
        ['aud_retentionNew0001', recent],
      ]) {
        await q(
          `insert into audit_log (id, org_id, actor_type, actor, action, outcome, created_at) values ($1, $2, 'system', 'test', 'retention.probe', 'success', $3)`,
          [id, orgId, at],
        );
      }
    });
    const next = await startServer({ reuse: s, env: { JUNCTION_AUDIT_RETENTION_DAYS: '1' } });
    try {
      // The job's first run follows the start (workers begin after the server listens): give it a few seconds.
      const probe = async () =>
        (await next.api('GET', '/org/audit_log?action=retention.probe', undefined, org())).body.items.map(
          (e: any) => e.id,
        );
      const deadline = Date.now() + 15_000;
      let ids = await probe();
      while (ids.length > 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        ids = await probe();
      }
      expect(ids).toEqual(['aud_retentionNew0001']);
    } finally {
      if (s.databaseUrl) await next.stop();
      else s = next;
    }
  });
});
