import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github-triggers';

/**
 * Two Junction processes on one PostgreSQL database, both running the poll workers: every new
 * item still becomes exactly one event (lease + poll_seq), and polling goes on when one dies.
 * (PGlite is one process per data dir, so this suite runs on PostgreSQL only.)
 */
let a: TestServer;
let b: TestServer;
let gh: FakeGitHub;
let rx: Receiver;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const messages = (triggerId: string) => {
  const byId = new Map<string, any>();
  for (const r of rx.received) {
    if (r.answered !== 200) continue;
    const body = JSON.parse(r.body);
    if (body.type === 'composio.trigger.message' && body.metadata.trigger_id === triggerId) byId.set(body.id, body);
  }
  return [...byId.values()];
};

beforeAll(async () => {
  gh = await startFakeGitHub();
  rx = await startReceiver();
  a = await startServer({
    env: {
      NODE_EXTRA_CA_CERTS: rx.caFile,
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,1,1',
      JUNCTION_WEBHOOK_JITTER: '0',
      JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
      // a delivery claimed by the process that gets killed is handed to the survivor after 2 s
      JUNCTION_WEBHOOK_STALL_SECONDS: '2',
      JUNCTION_TRIGGER_MIN_INTERVAL_MS: '200',
      JUNCTION_TRIGGER_SWEEP_MS: '500',
      JUNCTION_TRIGGER_LEASE_MS: '3000',
      JUNCTION_TRIGGER_JITTER: '0',
    },
  });
  b = await a.restart(); // a second process on the same database
});
afterAll(async () => {
  // one of the two was killed by the test; stopping an ended process returns at once
  await a?.stop();
  await b?.stop();
  await gh?.close();
  await rx?.close();
});

describe('two processes polling', () => {
  it('exactly one event per new item, and polling survives one process dying', async () => {
    const sub = await a.api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
    });
    expect(sub.status).toBe(201);
    const ac = await a.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const ca = await a.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'mp',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: gh.token, base_url: gh.url } },
      },
    });
    const ids: string[] = [];
    for (const repo of ['r1', 'r2', 'r3']) {
      const r = await a.api('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
        connected_account_id: ca.body.id,
        trigger_config: { owner: 'o', repo, interval: 0.001 },
      });
      ids.push(r.body.trigger_id);
    }
    // each instance's first poll records what exists; items must come after it
    for (const id of ids) {
      const end = Date.now() + 20_000;
      while (
        Date.now() < end &&
        !((await a.api('GET', `/trigger_instances/${id}/logs`)).body.items as any[]).some((l) => l.outcome === 'primed')
      )
        await sleep(100);
    }
    // each trigger log line names the process that polled (host:pid)
    const pollersSince = async (since: number) => {
      const seen = new Set<string>();
      for (const id of ids) {
        const lines = (await a.api('GET', `/trigger_instances/${id}/logs?limit=1000`)).body.items as any[];
        for (const l of lines)
          if (l.kind === 'poll' && l.detail?.poller && Date.parse(l.created_at) >= since) seen.add(l.detail.poller);
      }
      return seen;
    };
    const polledBy = (seen: Set<string>, s: TestServer) => [...seen].some((x) => x.endsWith(`:${s.proc.pid}`));
    const items: number[] = [];
    for (let i = 0; i < 6; i++) {
      items.push(gh.addIssue(`mp ${i}`).id as number);
      await sleep(150);
    }
    // Which process takes each poll job is up to the queue; wait until one has polled, then kill
    // one that has (b when both have), so the survivor must take over polls it was not doing.
    let seen = new Set<string>();
    const anyBy = Date.now() + 60_000;
    while (Date.now() < anyBy && !(polledBy(seen, a) || polledBy(seen, b))) {
      await sleep(200);
      seen = await pollersSince(0);
    }
    expect(polledBy(seen, a) || polledBy(seen, b)).toBe(true);
    const victim = polledBy(seen, b) ? b : a;
    const survivor = victim === b ? a : b;
    await victim.kill();
    const killedAt = Date.now();
    for (let i = 6; i < 9; i++) items.push(gh.addIssue(`mp ${i}`).id as number);
    // every item reaches the receiver exactly once per trigger: items the killed process had
    // claimed for delivery are handed to the survivor after the stall window
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && ids.some((id) => messages(id).length < items.length)) await sleep(200);
    for (const id of ids) {
      // the outbox: what the engine emitted, per item (from the trigger log)
      const lines = (await survivor.api('GET', `/trigger_instances/${id}/logs?limit=1000`)).body.items as any[];
      const emittedKeys = lines.flatMap((l) => (l.detail.events ?? []).map((e: any) => Number(e.item))).sort();
      expect(emittedKeys).toEqual([...items].sort());
      const got = messages(id).map((m) => Number(m.data.id));
      expect(got.sort()).toEqual([...items].sort());
    }
    // the survivor polled after the kill, the victim before it: both processes did poll
    const after = new Set<string>();
    for (const id of ids) {
      const lines = (await survivor.api('GET', `/trigger_instances/${id}/logs?limit=1000`)).body.items as any[];
      for (const l of lines)
        if (l.kind === 'poll' && l.detail?.poller && Date.parse(l.created_at) >= killedAt) after.add(l.detail.poller);
    }
    expect(polledBy(after, survivor)).toBe(true);
    expect(polledBy(after, victim)).toBe(false);
    // Delivery is at least once (README, "PostgreSQL restart"): a webhook the killed process had sent
    // but not yet recorded is sent again once its claim goes stale, and so is one whose send outlasted
    // the stall window on a loaded machine. Exactly once holds for events (checked above, from the
    // trigger logs and the receiver); a repeated delivery must be the same event again: same id, same
    // item, same trigger. The count is reported.
    const copies = new Map<string, string[]>();
    for (const r of rx.received) {
      if (r.answered !== 200) continue;
      const body = JSON.parse(r.body);
      if (body.type !== 'composio.trigger.message') continue;
      const list = copies.get(body.id) ?? [];
      list.push(JSON.stringify({ item: body.data.id, trigger: body.metadata.trigger_id }));
      copies.set(body.id, list);
    }
    const repeated = [...copies.values()].filter((l) => l.length > 1);
    console.log(`trigger messages delivered more than once across the kill: ${repeated.length} of ${copies.size}`);
    for (const l of repeated) expect(new Set(l).size).toBe(1);
  });
});
