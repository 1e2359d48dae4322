import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, freshDatabase } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import type { Runtime } from '../../lib/runtime';

/**
 * Events from the services that cause them, through the real outbox: a runtime in this process
 * (so the test can run the connections area's expiry job with its own clock), delivering to a
 * receiver that verifies with @composio/core and standardwebhooks. This runtime cannot be given
 * NODE_EXTRA_CA_CERTS, so the receiver here is plain HTTP; the HTTPS path is covered by the
 * other webhook suites.
 */
let rt: Runtime;
let rx: Receiver;
let stopWebhooks: () => void;

beforeAll(async () => {
  process.env.JUNCTION_WEBHOOK_RETRY_SCHEDULE = '0,1,1';
  process.env.JUNCTION_WEBHOOK_SWEEP_SECONDS = '1';
  process.env.LOG_LEVEL = 'warn';
  rx = await startReceiver({ tls: false });
  const { startRuntime } = await import('../../lib/boot/runtime');
  ({ stopWebhooks } = await import('../../lib/services/webhooks/start'));
  rt = await startRuntime('all', {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'junction-wh-events-')),
    databaseUrl: engine() === 'postgres' ? await freshDatabase() : undefined,
    encryptionKey: randomBytes(32).toString('base64'),
    allowInsecureUrls: true,
    bootstrapApiKey: `ak_${randomBytes(20).toString('hex')}`,
    bootstrapOrgApiKey: `oak_${randomBytes(20).toString('hex')}`,
  });
});
afterAll(async () => {
  stopWebhooks?.();
  await rt?.stop();
  await rx?.close();
});

async function staleInitiatedAccount(projectId: string, toolkit: string, user: string) {
  const { newId } = await import('../../lib/crypto/ids');
  const { authConfigs, connectedAccounts } = await import('../../lib/db/schema');
  const ac = newId('authConfig');
  await rt.db.insert(authConfigs).values({
    id: ac,
    projectId,
    toolkitSlug: toolkit,
    name: `${toolkit} oauth`,
    type: 'custom',
    authScheme: 'OAUTH2',
  });
  const id = newId('connectedAccount');
  const old = new Date(Date.now() - 11 * 60 * 1000);
  await rt.db.insert(connectedAccounts).values({
    id,
    projectId,
    authConfigId: ac,
    toolkitSlug: toolkit,
    userId: user,
    authScheme: 'OAUTH2',
    status: 'INITIATED',
    createdAt: old,
    updatedAt: old,
  });
  return { id, ac };
}

describe('composio.connected_account.expired from the connections expiry job', () => {
  it('arrives signed, as V3 with the full connected account in data and {project_id, org_id} in metadata', async () => {
    const { createSubscription } = await import('../../lib/services/webhooks/subscriptions');
    const { createProject } = await import('../../lib/services/tenancy/projects');
    const { expireStaleConnections } = await import('../../lib/services/connected-accounts/expire');
    const { getConnectedAccount } = await import('../../lib/services/connected-accounts/read');
    const p1 = rt.bootstrap!.projectId;
    const orgId = (await rt.database.query<{ org_id: string }>('select org_id from projects where id = $1', [p1]))
      .rows[0]!.org_id;
    const p2 = (await createProject(rt.db, orgId, 'legacy-v2', false)).id as string;
    const sub1 = await createSubscription(rt, p1, {
      webhook_url: rx.url,
      enabled_events: ['composio.connected_account.expired'],
    });
    // A V2 subscription: the event exists only in V3, so it is sent as V3.
    const sub2 = await createSubscription(rt, p2, {
      webhook_url: rx.url,
      enabled_events: ['composio.connected_account.expired'],
      version: 'V2',
    });
    // A project whose subscription does not enable the event gets nothing.
    const p3 = (await createProject(rt.db, orgId, 'not-subscribed', false)).id as string;
    await createSubscription(rt, p3, { webhook_url: rx.url, enabled_events: ['composio.trigger.message'] });
    rx.verifyWith([sub1.secret, sub2.secret]);

    const a1 = await staleInitiatedAccount(p1, 'github', 'user-1');
    const a2 = await staleInitiatedAccount(p2, 'gmail', 'user-2');
    const a3 = await staleInitiatedAccount(p3, 'slack', 'user-3');
    expect(await expireStaleConnections(rt)).toBe(3);

    const bodyOf = (accountId: string) =>
      rx.received.map((r) => ({ r, b: JSON.parse(r.body) })).find((x) => x.b.data?.id === accountId);
    await rx.waitFor(() => !!bodyOf(a1.id) && !!bodyOf(a2.id), 20_000, 'two expiry events');
    const one = bodyOf(a1.id)!;
    expect(one.r.verified[sub1.secret]).toMatchObject({ core: true, std: true, coreVersion: 'V3' });
    expect(one.r.headers['x-composio-webhook-version']).toBe('V3');
    expect(one.b).toMatchObject({
      id: one.r.id,
      type: 'composio.connected_account.expired',
      metadata: { project_id: p1, org_id: orgId },
      data: {
        id: a1.id,
        status: 'EXPIRED',
        status_reason: 'Connection initiation did not complete within 10 minutes',
        toolkit: { slug: 'github' },
        auth_config: { id: a1.ac, auth_scheme: 'OAUTH2' },
        state: { authScheme: 'OAUTH2' },
      },
    });
    expect(one.r.id).toMatch(/^msg_/);
    // `data` is what GET /connected_accounts/{id} returns now.
    const view = await getConnectedAccount(rt, p1, a1.id);
    expect(one.b.data).toEqual(JSON.parse(JSON.stringify(view)));

    const two = bodyOf(a2.id)!;
    expect(two.r.verified[sub2.secret]).toMatchObject({ core: true, std: true, coreVersion: 'V3' });
    expect(two.r.verified[sub1.secret]).toMatchObject({ core: false, std: false }); // each project signs with its own secret
    expect(two.r.headers['x-composio-webhook-version']).toBe('V3');
    expect(two.b.metadata).toEqual({ project_id: p2, org_id: orgId });

    // The expiry job wrote each event with its delivery messages in one transaction, and it has returned:
    // a project with no message queued is sent nothing, now or later (no waiting needed to show it).
    const queued = await rt.database.query<{ n: number }>(
      'select count(*)::int as n from webhook_messages where project_id = $1',
      [p3],
    );
    expect(queued.rows[0]!.n).toBe(0);
    expect(bodyOf(a3.id)).toBeUndefined();
  });

  it('an event and its delivery message are written with the change or not at all', async () => {
    const { emitEvent } = await import('../../lib/services/events/emit');
    const p1 = rt.bootstrap!.projectId;
    const before = rx.received.length;
    const failed = rt.db.transaction(async (tx) => {
      await emitEvent(tx, p1, 'composio.connected_account.expired', {
        connected_account_id: 'ca_rolledback',
        status: 'EXPIRED',
      });
      throw new Error('the change fails after the event was written');
    });
    await expect(failed).rejects.toThrow(/change fails/);
    const rows = await rt.database.query<{ n: number }>(
      "select count(*)::int as n from events e left join webhook_messages m on m.id = e.id where e.data->>'connected_account_id' = 'ca_rolledback'",
    );
    // no event and no delivery message: nothing can be sent for it, now or later
    expect(rows.rows[0]!.n).toBe(0);
    expect(rx.received.slice(before).some((r) => r.body.includes('ca_rolledback'))).toBe(false);
  });
});
