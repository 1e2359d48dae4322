import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import { githubSignature, startFakeGitHub, stripeSignature, type FakeGitHub } from '../helpers/fake-github-triggers';

/**
 * Triggers end to end: types, instances, the poller against a loopback fake GitHub (exactly one
 * event per new item, crash mid-poll, backoff on 500/429, revoked token → disabled), inbound
 * signed GitHub/Stripe deliveries, and the events arriving at a real HTTPS webhook receiver.
 */
let s: TestServer;
let gh: FakeGitHub;
let rx: Receiver;
let githubAccount: string;
let stripeAccount: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Three more list calls at the fake GitHub: the poller has run several times since. */
async function threeMorePolls() {
  const polled = gh.listCalls().length;
  await until(() => gh.listCalls().length >= polled + 3, 20_000, 'three more polls');
}

const logs = async (id: string) => (await s.api('GET', `/trigger_instances/${id}/logs?limit=200`)).body.items as any[];
const instance = async (id: string) =>
  (await s.api('GET', `/trigger_instances/active?trigger_ids=${id}&show_disabled=true`)).body.items[0];
/** trigger messages delivered to the receiver for one trigger, parsed */
const delivered = (triggerId: string, type = 'composio.trigger.message') => {
  const seen = new Map<string, any>();
  for (const r of rx.received) {
    if (r.answered !== 200) continue;
    const b = JSON.parse(r.body);
    if (b.type === type && (b.metadata?.trigger_id === triggerId || b.data?.id === triggerId)) seen.set(b.id, b);
  }
  return [...seen.values()];
};

async function account(
  toolkit: string,
  base: string,
  key: string,
  scheme: 'API_KEY' | 'BEARER_TOKEN' = 'API_KEY',
  user = 'u1',
) {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: toolkit },
    auth_config: { type: 'use_custom_auth', authScheme: scheme, name: `${toolkit} key` },
  });
  expect(ac.status).toBe(201);
  const val = scheme === 'API_KEY' ? { api_key: key } : { token: key };
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: { user_id: user, state: { authScheme: scheme, val: { status: 'ACTIVE', ...val, base_url: base } } },
  });
  expect(ca.status).toBe(201);
  return ca.body.id as string;
}

beforeAll(async () => {
  gh = await startFakeGitHub();
  rx = await startReceiver();
  s = await startServer({
    env: {
      NODE_EXTRA_CA_CERTS: rx.caFile,
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: '0,1,1',
      JUNCTION_WEBHOOK_JITTER: '0',
      JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
      JUNCTION_TRIGGER_MIN_INTERVAL_MS: '300',
      JUNCTION_TRIGGER_SWEEP_MS: '1000',
      JUNCTION_TRIGGER_LEASE_MS: '4000',
      JUNCTION_TRIGGER_JITTER: '0',
      JUNCTION_TRIGGER_MAX_BACKOFF_MS: '4000',
      JUNCTION_TRIGGER_AUTH_FAILURE_LIMIT: '2',
    },
  });
  const sub = await s.api('POST', '/webhook_subscriptions', {
    webhook_url: rx.url,
    enabled_events: ['composio.trigger.message', 'composio.trigger.disabled'],
    version: 'V3',
  });
  expect(sub.status).toBe(201);
  rx.verifyWith([sub.body.secret]);
  githubAccount = await account('github', gh.url, gh.token);
  stripeAccount = await account('stripe', gh.url, gh.token);
});
afterAll(async () => {
  await s?.stop();
  await gh?.close();
  await rx?.close();
});

describe('trigger types', () => {
  it('lists poll and webhook types with config and payload schemas; enum; get; unknown slug is 400', async () => {
    const all = await s.api('GET', '/triggers_types/list/enum');
    expect(all.status).toBe(200);
    expect(all.body).toContain('GITHUB_ISSUE_ADDED_EVENT');
    expect(all.body).toContain('GITHUB_ISSUES_OPENED_EVENT');
    expect(all.body).toContain('STRIPE_CHARGE_SUCCEEDED_EVENT');
    expect(all.body).toContain('SLACK_RECEIVE_MESSAGE');

    const types: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await s.api('GET', `/triggers_types?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      types.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(types.length).toBe(all.body.length);
    const polls = types.filter((t) => t.type === 'poll');
    expect(polls.length).toBeGreaterThanOrEqual(15);
    expect(new Set(polls.map((t) => t.toolkit.slug)).size).toBeGreaterThanOrEqual(8);
    expect(types.filter((t) => t.type === 'webhook' && t.toolkit.slug === 'github').length).toBeGreaterThan(100);

    const one = await s.api('GET', '/triggers_types/github_issue_added_event');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      slug: 'GITHUB_ISSUE_ADDED_EVENT',
      type: 'poll',
      toolkit: { slug: 'github', name: 'GitHub' },
      config: { type: 'object', required: ['owner', 'repo'] },
      payload: { type: 'object' },
    });
    expect(typeof one.body.instructions).toBe('string');
    const hook = await s.api('GET', '/triggers_types/GITHUB_PULL_REQUEST_OPENED_EVENT');
    expect(hook.body.type).toBe('webhook');
    expect(hook.body.payload.properties.pull_request).toBeTruthy();

    const gitOnly = await s.api('GET', '/triggers_types?toolkit_slugs=stripe,gmail&limit=1000');
    expect(new Set(gitOnly.body.items.map((t: any) => t.toolkit.slug))).toEqual(new Set(['stripe', 'gmail']));

    const unknown = await s.api('GET', '/triggers_types/NOPE_NOT_A_TRIGGER');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.slug).toBe('TriggerType_NotFound');

    const tk = await s.api('GET', '/toolkits/github');
    expect(tk.body.meta.triggers_count).toBeGreaterThan(100);

    const doc = await s.api('GET', '/openapi.json');
    expect(doc.body.paths['/api/v3/trigger_instances/{triggerId}/logs'].get['x-junction-extension']).toBe(true);
    expect(doc.body.paths['/api/v3/trigger_ingress/{triggerId}'].post['x-junction-extension']).toBe(true);
    expect(doc.body.paths['/api/v3/trigger_instances/{slug}/upsert'].post['x-junction-extension']).toBeUndefined();
  });
});

describe('trigger instances', () => {
  it('validates trigger_config against the type schema, naming the fields', async () => {
    const r = await s.api('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
      connected_account_id: githubAccount,
      trigger_config: { owner: 'o', colour: 'red' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('trigger_config.repo');
    expect(r.body.error.errors.join(' ')).toContain('trigger_config.colour: unknown field');
    const wrongToolkit = await s.api('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
      connected_account_id: stripeAccount,
      trigger_config: { owner: 'o', repo: 'r' },
    });
    expect(wrongToolkit.status).toBe(400);
  });

  it('upsert is idempotent per slug + account + config; list filters, snake_case and camelCase twins; manage; delete', async () => {
    const body = { connected_account_id: githubAccount, trigger_config: { owner: 'o', repo: 'lst', interval: 10 } };
    const a = await s.api('POST', '/trigger_instances/GITHUB_COMMIT_EVENT/upsert', body);
    expect(a.status).toBe(200);
    expect(a.body.trigger_id).toMatch(/^ti_/);
    expect(a.body.deprecated.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const again = await s.api('POST', '/trigger_instances/GITHUB_COMMIT_EVENT/upsert', {
      connectedAuthId: githubAccount,
      triggerConfig: body.trigger_config,
    });
    expect(again.body.trigger_id).toBe(a.body.trigger_id);
    const racing = await Promise.all(
      [1, 2, 3].map(() => s.api('POST', '/trigger_instances/GITHUB_FORK_ADDED_EVENT/upsert', body)),
    );
    expect(racing.map((x) => x.status)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((x) => x.body.trigger_id)).size).toBe(1);
    await s.api('DELETE', `/trigger_instances/manage/${racing[0]!.body.trigger_id}`);
    const other = await s.api('POST', '/trigger_instances/GITHUB_COMMIT_EVENT/upsert', {
      ...body,
      trigger_config: { owner: 'o', repo: 'other', interval: 10 },
    });
    expect(other.body.trigger_id).not.toBe(a.body.trigger_id);

    const list = await s.api(
      'GET',
      `/trigger_instances/active?trigger_names=github_commit_event&connected_account_ids=${githubAccount}`,
    );
    expect(list.status).toBe(200);
    const item = list.body.items.find((i: any) => i.id === a.body.trigger_id);
    expect(item).toMatchObject({
      id: a.body.trigger_id,
      uuid: a.body.deprecated.uuid,
      connected_account_id: githubAccount,
      connectedAccountId: githubAccount,
      trigger_name: 'GITHUB_COMMIT_EVENT',
      triggerName: 'GITHUB_COMMIT_EVENT',
      user_id: 'u1',
      trigger_config: { owner: 'o', repo: 'lst', interval: 10 },
      triggerConfig: { owner: 'o', repo: 'lst', interval: 10 },
      disabled_at: null,
      disabledAt: null,
    });
    expect(item.updated_at).toBe(item.updatedAt);
    expect(item.connected_account_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const camel = await s.api(
      'GET',
      `/trigger_instances/active?triggerIds=${a.body.trigger_id}&connectedAccountIds=${githubAccount}`,
    );
    expect(camel.body.items.map((i: any) => i.id)).toEqual([a.body.trigger_id]);
    const byUser = await s.api('GET', `/trigger_instances/active?user_ids=nobody`);
    expect(byUser.body.items).toEqual([]);

    expect(
      (await s.api('PATCH', `/trigger_instances/manage/${a.body.trigger_id}`, { status: 'disable' })).body,
    ).toEqual({ status: 'success' });
    const hidden = await s.api('GET', `/trigger_instances/active?trigger_ids=${a.body.trigger_id}`);
    expect(hidden.body.items).toEqual([]);
    const shown = await s.api('GET', `/trigger_instances/active?trigger_ids=${a.body.trigger_id}&showDisabled=true`);
    expect(shown.body.items[0].disabled_at).toBeTruthy();
    expect((await s.api('PATCH', `/trigger_instances/manage/${a.body.trigger_id}`, { status: 'enable' })).body).toEqual(
      { status: 'success' },
    );
    expect((await instance(a.body.trigger_id)).disabled_at).toBeNull();

    const del = await s.api('DELETE', `/trigger_instances/manage/${a.body.trigger_id}`);
    expect(del.body).toEqual({ trigger_id: a.body.trigger_id });
    expect((await s.api('DELETE', `/trigger_instances/manage/${a.body.trigger_id}`)).status).toBe(404);
    await s.api('DELETE', `/trigger_instances/manage/${other.body.trigger_id}`);
  });
});

describe('polling against a fake GitHub', () => {
  let id: string;

  it('primes on the first poll, then sends exactly one event per new issue (pull requests filtered)', async () => {
    gh.addIssue('existing before the trigger');
    const r = await s.api('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
      connected_account_id: githubAccount,
      trigger_config: { owner: 'o', repo: 'r', interval: 0.005 },
    });
    expect(r.status).toBe(200);
    id = r.body.trigger_id;
    await until(async () => (await logs(id)).find((l) => l.outcome === 'primed'), 20_000, 'primed');
    const a = gh.addIssue('first new');
    const b = gh.addIssue('second new');
    gh.addIssue('a pull request', { pullRequest: true });
    await until(() => delivered(id).length >= 2 && delivered(id), 20_000, 'two deliveries');
    await threeMorePolls(); // nothing new may appear
    const got = delivered(id);
    expect(got.map((d) => d.data.id).sort()).toEqual([a.id, b.id].sort());
    const ev = got.find((d) => d.data.id === a.id);
    expect(ev).toMatchObject({
      type: 'composio.trigger.message',
      data: { number: a.number, title: 'first new', repository: 'o/r', labels: ['bug'] },
      metadata: {
        trigger_slug: 'GITHUB_ISSUE_ADDED_EVENT',
        trigger_id: id,
        connected_account_id: githubAccount,
        user_id: 'u1',
      },
    });
    expect(ev.metadata.log_id).toMatch(/^log_/);
    expect(ev.metadata.auth_config_id).toMatch(/^ac_/);
    const l = await logs(id);
    expect(l.some((x) => x.outcome === 'events_emitted' && x.events_emitted === 2)).toBe(true);
    expect(l.some((x) => x.outcome === 'no_new_items')).toBe(true);
  });

  it('a server killed mid-poll repeats nothing and misses nothing', async () => {
    const arrived = gh.hold();
    const c = gh.addIssue('during the crash');
    await arrived; // the poller is inside the list call
    await s.kill();
    gh.release();
    const d = gh.addIssue('after the crash');
    s = await s.restart();
    await until(() => delivered(id).some((x) => x.data.id === d.id), 30_000, 'events after restart').catch(
      async (e) => {
        console.log(s.output().slice(-3000));
        throw e;
      },
    );
    // a duplicate of an event from before the crash would have come by now
    await threeMorePolls();
    const ids = delivered(id).map((x) => x.data.id);
    expect(ids.filter((x) => x === c.id)).toHaveLength(1);
    expect(ids.filter((x) => x === d.id)).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(4);
    // the outbox itself (poll log → events written): each item exactly once
    const keys = (await logs(id)).flatMap((l) => (l.detail.events ?? []).map((e: any) => Number(e.item)));
    expect(keys.filter((k) => k === c.id)).toHaveLength(1);
    expect(keys.filter((k) => k === d.id)).toHaveLength(1);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('backs off on provider 500s and 429s, then resumes without losing items', async () => {
    const before = gh.listCalls().length;
    gh.failNext(2, { status: 500, json: { message: 'Server Error' } });
    gh.failNext(1, { status: 429, json: { message: 'API rate limit exceeded' }, headers: { 'retry-after': '1' } });
    const e = gh.addIssue('after the outage');
    await until(() => delivered(id).some((x) => x.data.id === e.id), 30_000, 'event after the outage');
    const l = await logs(id);
    const errs = l.filter((x) => x.outcome === 'provider_error' || x.outcome === 'rate_limited').reverse();
    expect(errs.map((x) => x.outcome)).toEqual(['provider_error', 'provider_error', 'rate_limited']);
    expect(errs.map((x) => x.http_status)).toEqual([500, 500, 429]);
    expect(errs.map((x) => x.detail.consecutive_failures)).toEqual([1, 2, 3]);
    const waits = errs.map((x) => x.detail.backoff_ms);
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
    expect(gh.listCalls().length - before).toBeGreaterThanOrEqual(4);
    expect(delivered(id).filter((x) => x.data.id === e.id)).toHaveLength(1);
  });

  it('a revoked token disables the trigger with composio.trigger.disabled; enabling resumes from the cursor', async () => {
    gh.revoke();
    await until(async () => (await instance(id)).disabled_at, 20_000, 'disabled');
    const inst = await instance(id);
    expect(inst.state.disabled_by).toBe('system');
    expect(inst.state.disabled_reason).toContain('401');
    const l = await logs(id);
    expect(l.filter((x) => x.outcome === 'auth_error').length).toBeGreaterThanOrEqual(2);
    await until(
      () => delivered(id, 'composio.trigger.disabled').length === 1 && true,
      20_000,
      'trigger.disabled delivery',
    );
    const dis = delivered(id, 'composio.trigger.disabled')[0];
    expect(dis.data).toMatchObject({
      id,
      trigger_name: 'GITHUB_ISSUE_ADDED_EVENT',
      connected_account_id: githubAccount,
    });
    expect(dis.data.disabled_reason).toContain('401');
    // The disabled list is not polled. Proof that the poller went on running meanwhile, whatever the
    // machine's speed: another trigger at the same interval, on a GitHub of its own (this one's token
    // is revoked), is polled three more times.
    const beat = await startFakeGitHub('ghp_heartbeat_token');
    let f: ReturnType<FakeGitHub['addIssue']>;
    try {
      const beatAccount = await account('github', beat.url, beat.token, 'API_KEY', 'u-beat');
      const hb = await s.api('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
        connected_account_id: beatAccount,
        trigger_config: { owner: 'o', repo: 'beat', interval: 0.005 },
      });
      expect(hb.status).toBe(200);
      await until(() => beat.listCalls().length >= 1, 20_000, 'the other trigger polled');
      const calls = gh.listCalls().length;
      f = gh.addIssue('while disabled');
      const beats = beat.listCalls().length;
      await until(() => beat.listCalls().length >= beats + 3, 20_000, 'three polls of the other trigger');
      expect(gh.listCalls().length).toBe(calls);
      await s.api('PATCH', `/trigger_instances/manage/${hb.body.trigger_id}`, { status: 'disable' });
    } finally {
      await beat.close();
    }

    gh.restore();
    expect((await s.api('PATCH', `/trigger_instances/manage/${id}`, { status: 'enable' })).status).toBe(200);
    await until(() => delivered(id).some((x) => x.data.id === f.id), 20_000, 'resume');
    expect(delivered(id).filter((x) => x.data.id === f.id)).toHaveLength(1);
    expect(delivered(id)).toHaveLength(6);
    await s.api('PATCH', `/trigger_instances/manage/${id}`, { status: 'disable' });
  });
});

describe('account state', () => {
  it('a disabled connected account disables its triggers (composio.trigger.disabled) with the reason', async () => {
    const acc = await account('github', gh.url, gh.token, 'API_KEY', 'u2');
    const r = await s.api('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
      connected_account_id: acc,
      trigger_config: { owner: 'o', repo: 'acct', interval: 0.005 },
    });
    const id = r.body.trigger_id;
    const hook = await s.api('POST', '/trigger_instances/GITHUB_ISSUES_OPENED_EVENT/upsert', {
      connected_account_id: acc,
      trigger_config: { owner: 'o', repo: 'acct' },
    });
    expect(hook.status).toBe(200);
    await until(async () => (await logs(id)).find((l) => l.outcome === 'primed'), 20_000, 'primed');
    expect((await s.api('PATCH', `/connected_accounts/${acc}/status`, { enabled: false })).status).toBe(200);
    // webhook instances are not polled: the sweeper disables them
    await until(async () => (await instance(hook.body.trigger_id)).disabled_at, 20_000, 'webhook instance disabled');
    expect((await instance(hook.body.trigger_id)).state.disabled_reason).toBe('Connected account is disabled');
    await until(async () => (await instance(id)).disabled_at, 20_000, 'disabled');
    expect((await instance(id)).state).toMatchObject({
      disabled_by: 'system',
      disabled_reason: 'Connected account is disabled',
    });
    await until(() => delivered(id, 'composio.trigger.disabled').length === 1 && true, 20_000, 'trigger.disabled');
    expect(delivered(id, 'composio.trigger.disabled')[0].data).toMatchObject({
      id,
      user_id: 'u2',
      disabled_reason: 'Connected account is disabled',
    });
    // a trigger cannot be created on it now
    const refused = await s.api('POST', '/trigger_instances/GITHUB_COMMIT_EVENT/upsert', {
      connected_account_id: acc,
      trigger_config: { owner: 'o', repo: 'acct' },
    });
    expect(refused.status).toBe(400);
  });
});

describe('inbound webhooks', () => {
  it('GitHub: the repository hook is created at the provider; signed deliveries become events; bad signatures and replays are not', async () => {
    const r = await s.api('POST', '/trigger_instances/GITHUB_ISSUES_OPENED_EVENT/upsert', {
      connected_account_id: githubAccount,
      trigger_config: { owner: 'o', repo: 'hooked' },
    });
    expect(r.status).toBe(200);
    const id = r.body.trigger_id;
    const hook = gh.hooks.find((h) => h.repo === 'hooked')!;
    expect(hook).toBeTruthy();
    expect(hook.events).toEqual(['issues']);
    const inst = await instance(id);
    expect(inst.state).toMatchObject({ mode: 'provider', hook_id: hook.id, webhook_url: hook.config.url });
    expect(hook.config.url).toBe(`${s.apiUrl}/trigger_ingress/${id}`);
    expect(inst.state.webhook_secret).toBeUndefined();

    const payload = JSON.stringify({
      action: 'opened',
      issue: { id: 77, number: 7, title: 'pushed' },
      repository: { full_name: 'o/hooked' },
    });
    const send = (body: string, sig: string, delivery: string, event = 'issues') =>
      fetch(hook.config.url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-github-event': event,
          'x-github-delivery': delivery,
          'x-hub-signature-256': sig,
        },
      });
    const rejected = await send(payload, githubSignature('wrong-secret', payload), 'd-bad');
    expect(rejected.status).toBe(401);
    expect((await rejected.json()).error).toMatchObject({
      status: 401,
      slug: 'TriggerIngress_InvalidSignature',
      request_id: expect.any(String),
    });
    const notJson = await send('[1,2]', githubSignature(hook.config.secret, '[1,2]'), 'd-array');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatchObject({ status: 400, slug: 'TriggerIngress_InvalidBody' });
    const unknown = await fetch(`${s.apiUrl}/trigger_ingress/ti_doesnotexist12345`, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatchObject({ status: 404, slug: 'TriggerInstance_NotFound' });
    expect((await send(payload, githubSignature(hook.config.secret, payload), 'd-1')).status).toBe(200);
    expect((await send(payload, githubSignature(hook.config.secret, payload), 'd-1')).status).toBe(200); // replay
    const closed = JSON.stringify({ action: 'closed', issue: { id: 77 } });
    expect((await send(closed, githubSignature(hook.config.secret, closed), 'd-2')).status).toBe(200);

    await until(() => delivered(id).length === 1 && true, 20_000, 'one inbound event');
    // the replay and the closed action were turned away at the door (and logged): no second event was written
    await until(
      async () => {
        const outcomes = (await logs(id)).map((l) => l.outcome);
        return outcomes.includes('duplicate') && outcomes.includes('filtered');
      },
      20_000,
      'the replay and the filtered action in the logs',
    );
    expect(delivered(id)).toHaveLength(1);
    expect(delivered(id)[0].data).toMatchObject({ action: 'opened', issue: { number: 7 } });
    const outcomes = (await logs(id)).map((l) => l.outcome);
    expect(outcomes).toEqual(
      expect.arrayContaining(['signature_rejected', 'events_emitted', 'duplicate', 'filtered', 'registration']),
    );

    expect((await s.api('DELETE', `/trigger_instances/manage/${id}`)).status).toBe(200);
    expect(gh.deletedHooks).toContain(hook.id);
    expect((await send(payload, githubSignature(hook.config.secret, payload), 'd-3')).status).toBe(404);
  });

  it('GitHub without permission to manage hooks: the instance shows the URL and secret to configure by hand, and they work', async () => {
    gh.forbidHooks(true);
    const r = await s.api('POST', '/trigger_instances/GITHUB_STAR_CREATED_EVENT/upsert', {
      connected_account_id: githubAccount,
      trigger_config: { owner: 'o', repo: 'manual' },
    });
    gh.forbidHooks(false);
    expect(r.status).toBe(200);
    const inst = await instance(r.body.trigger_id);
    expect(inst.state).toMatchObject({
      mode: 'manual',
      events: ['star'],
      webhook_url: `${s.apiUrl}/trigger_ingress/${r.body.trigger_id}`,
    });
    expect(inst.state.error).toContain('403');
    expect(inst.state.webhook_secret).toMatch(/^[0-9a-f]{48}$/);
    const body = JSON.stringify({ action: 'created', starred_at: '2025-01-01T00:00:00Z', sender: { login: 'fan' } });
    const res = await fetch(inst.state.webhook_url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'star',
        'x-github-delivery': 'm-1',
        'x-hub-signature-256': githubSignature(inst.state.webhook_secret, body),
      },
    });
    expect(res.status).toBe(200);
    await until(() => delivered(r.body.trigger_id).length === 1 && true, 20_000, 'manual hook event');
    expect((await logs(r.body.trigger_id)).find((l) => l.outcome === 'registration').message).toContain('403');
    await s.api('DELETE', `/trigger_instances/manage/${r.body.trigger_id}`);
  });

  it('Stripe: the endpoint is created with the account key; Stripe-Signature is verified; replays are dropped', async () => {
    const r = await s.api('POST', '/trigger_instances/STRIPE_CHARGE_SUCCEEDED_EVENT/upsert', {
      connected_account_id: stripeAccount,
      trigger_config: {},
    });
    expect(r.status).toBe(200);
    const id = r.body.trigger_id;
    const ep = gh.stripeEndpoints.at(-1)!;
    expect(ep.enabled_events).toEqual(['charge.succeeded']);
    expect(ep.url).toBe(`${s.apiUrl}/trigger_ingress/${id}`);
    const evt = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'charge.succeeded',
      created: 1700000000,
      livemode: false,
      data: { object: { id: 'ch_1', amount: 500, object: 'charge' } },
    });
    const send = (body: string, sig: string) =>
      fetch(ep.url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'stripe-signature': sig } });
    expect((await send(evt, stripeSignature('whsec_wrong', evt))).status).toBe(401);
    expect((await send(evt, stripeSignature(ep.secret, evt, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401); // too old
    expect((await send(evt, stripeSignature(ep.secret, evt))).status).toBe(200);
    expect((await send(evt, stripeSignature(ep.secret, evt))).status).toBe(200);
    await until(() => delivered(id).length === 1 && true, 20_000, 'stripe event');
    // the replay was turned away at the door (and logged): no second event was written
    await until(async () => (await logs(id)).some((l) => l.outcome === 'duplicate'), 20_000, 'the replay in the logs');
    expect(delivered(id)).toHaveLength(1);
    expect(delivered(id)[0].data).toMatchObject({
      id: 'evt_1',
      type: 'charge.succeeded',
      data: { object: { id: 'ch_1' } },
    });
    const l = await logs(id);
    expect(l.filter((x) => x.outcome === 'signature_rejected')).toHaveLength(2);
    expect(l.filter((x) => x.outcome === 'duplicate')).toHaveLength(1);
    await s.api('DELETE', `/trigger_instances/manage/${id}`);
    expect(gh.deletedStripeEndpoints).toContain(ep.id);
  });

  it('Slack: no API to register, so the instance shows the URL; URL verification and signed events work', async () => {
    const slack = await account('slack', gh.url, 'xoxb-fake', 'BEARER_TOKEN');
    const r = await s.api('POST', '/trigger_instances/SLACK_RECEIVE_MESSAGE/upsert', {
      connected_account_id: slack,
      trigger_config: { signing_secret: 'slack-signing-secret', channel: 'C1' },
    });
    expect(r.status).toBe(200);
    const inst = await instance(r.body.trigger_id);
    expect(inst.trigger_config).toEqual({ channel: 'C1' });
    expect(inst.state.mode).toBe('manual');
    const url = inst.state.webhook_url as string;
    const { createHmac } = await import('node:crypto');
    const post = (body: string, secret = 'slack-signing-secret') => {
      const ts = String(Math.floor(Date.now() / 1000));
      const sig = `v0=${createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex')}`;
      return fetch(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-slack-signature': sig, 'x-slack-request-timestamp': ts },
      });
    };
    const challenge = await post(JSON.stringify({ type: 'url_verification', challenge: 'abc123' }));
    expect(await challenge.json()).toEqual({ challenge: 'abc123' });
    expect((await post(JSON.stringify({ type: 'url_verification', challenge: 'x' }), 'bad')).status).toBe(401);
    const msg = (ch: string, eid: string) =>
      JSON.stringify({
        type: 'event_callback',
        event_id: eid,
        team_id: 'T1',
        event: { type: 'message', channel: ch, text: 'hi', ts: '1.2' },
      });
    expect((await post(msg('C1', 'Ev1'))).status).toBe(200);
    expect((await post(msg('C2', 'Ev2'))).status).toBe(200); // other channel: filtered
    await until(() => delivered(r.body.trigger_id).length === 1 && true, 20_000, 'slack event');
    const outcomes = (await logs(r.body.trigger_id)).map((l) => l.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['filtered', 'events_emitted', 'ignored']));
  });
});

describe('payload versions', () => {
  it('a V2 subscription gets the legacy shape with connection and trigger uuids, and @composio/core verifies and parses it', async () => {
    const made = await fetch(`${s.apiUrl}/org/owner/project/new`, {
      method: 'POST',
      headers: { 'x-org-api-key': s.orgKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'v2 triggers' }),
    });
    const key = (await made.json()).api_key as string;
    const api = (m: string, p: string, b?: unknown) => s.api(m, p, b, { 'x-api-key': key });
    const sub = await api('POST', '/webhook_subscriptions', {
      webhook_url: rx.url,
      enabled_events: ['composio.trigger.message'],
      version: 'V2',
    });
    expect(sub.status).toBe(201);
    rx.verifyWith([sub.body.secret]);
    const ac = await api('POST', '/auth_configs', {
      toolkit: { slug: 'stripe' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const ca = await api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'v2-user',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'sk_x', base_url: gh.url } },
      },
    });
    const r = await api('POST', '/trigger_instances/STRIPE_CUSTOMER_CREATED_EVENT/upsert', {
      connected_account_id: ca.body.id,
      trigger_config: { signing_secret: 'whsec_manual_secret' },
    });
    expect(r.status).toBe(200);
    const inst = (await api('GET', `/trigger_instances/active?trigger_ids=${r.body.trigger_id}`)).body.items[0];
    expect(inst.state.mode).toBe('manual');
    const evt = JSON.stringify({
      id: 'evt_v2',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const res = await fetch(inst.state.webhook_url, {
      method: 'POST',
      body: evt,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature('whsec_manual_secret', evt) },
    });
    expect(res.status).toBe(200);
    const find = () =>
      rx.received.find((x) => x.answered === 200 && JSON.parse(x.body).type === 'stripe_customer_created_event');
    const got = await until(() => find(), 20_000, 'V2 delivery');
    const body = JSON.parse(got.body);
    expect(body.data).toMatchObject({
      id: 'evt_v2',
      connection_nano_id: ca.body.id,
      trigger_nano_id: r.body.trigger_id,
      user_id: 'v2-user',
      connection_id: inst.connected_account_uuid,
      trigger_id: inst.uuid,
    });
    expect(body.log_id).toMatch(/^log_/);
    expect(got.verified[sub.body.secret]).toMatchObject({ core: true, coreVersion: 'V2' });
  });
});
