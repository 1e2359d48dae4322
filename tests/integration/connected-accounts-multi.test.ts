import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeGitHub } from '../helpers/fake-upstream';

// Issue 27 item 2: several accounts per user and toolkit (v3.1 surface §3): aliases, pinned lists, multi_account.
let s: TestServer;
let gh: Awaited<ReturnType<typeof startFakeGitHub>>;
let ac: string;

beforeAll(async () => {
  [s, gh] = await Promise.all([startServer(), startFakeGitHub({ token: 'ghp_valid' })]);
  const r = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  ac = r.body.auth_config.id;
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close()]);
});

async function account(user: string, alias?: string) {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac },
    connection: {
      user_id: user,
      ...(alias ? { alias } : {}),
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_valid', base_url: gh.url } },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

describe('multiple accounts per user and toolkit', () => {
  it('aliases are unique per user and toolkit; a clash is a 409 the SDK does not retry', async () => {
    const a = await account('ann', 'work');
    await account('ben', 'work'); // another user may use the same alias
    const clash = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: {
        user_id: 'ann',
        alias: 'work',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'x' } },
      },
    });
    expect(clash.status).toBe(409);
    expect(clash.headers.get('x-should-retry')).toBe('false');
    const link = await s.api('POST', '/connected_accounts/link', { auth_config_id: ac, user_id: 'ann', alias: 'work' });
    expect(link.status).toBe(409);
    const got = (await s.api('GET', `/connected_accounts/${a}`)).body;
    expect(got.alias).toBe('work');
    expect(got.word_id).toMatch(/^github_/);
    // the SDK's allowMultiple preflight: user, auth config and status filters, comma-joined
    const pre = await s.api('GET', `/connected_accounts?user_ids=ann&auth_config_ids=${ac}&statuses=ACTIVE,INITIATED`);
    expect(pre.status).toBe(200);
    expect(pre.body.items.map((x: any) => x.id)).toEqual([a]);
    // an empty alias clears it
    expect((await s.api('PATCH', `/connected_accounts/${a}`, { alias: '' })).status).toBe(200);
    expect((await s.api('GET', `/connected_accounts/${a}`)).body.alias).toBeNull();
  });

  it('sessions take connected_accounts as lists, one per toolkit unless multi_account is on', async () => {
    const one = await account('cat', 'personal');
    const two = await account('cat', 'team');
    // the SDK sends a one-element list; older clients a string: both come back as lists
    for (const pin of [[one], one]) {
      const r = await s.api('POST', '/tool_router/session', { user_id: 'cat', connected_accounts: { github: pin } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.config.connected_accounts).toEqual({ github: [one] });
      const again = await s.api('GET', `/tool_router/session/${r.body.session_id}`);
      expect(again.body.config.connected_accounts).toEqual({ github: [one] });
    }
    const refused = await s.api('POST', '/tool_router/session', {
      user_id: 'cat',
      connected_accounts: { github: [one, two] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('one per toolkit');
    const multi = await s.api('POST', '/tool_router/session', {
      user_id: 'cat',
      connected_accounts: { github: [two, one] },
      multi_account: { enable: true, max_accounts_per_toolkit: 2, require_explicit_selection: false },
    });
    expect(multi.status, JSON.stringify(multi.body)).toBe(201);
    expect(multi.body.config.connected_accounts).toEqual({ github: [two, one] });
    const sid = multi.body.session_id;
    // by alias, by id, and by default (the first pinned)
    for (const account of ['personal', one, undefined]) {
      const run = await s.api('POST', `/tool_router/session/${sid}/execute`, {
        tool_slug: 'GITHUB_GET_THE_AUTHENTICATED_USER',
        arguments: {},
        ...(account ? { account } : {}),
      });
      expect(run.status, JSON.stringify(run.body)).toBe(200);
      expect(run.body.error ?? null, JSON.stringify(run.body)).toBeNull();
    }
    // an account of the user that is not pinned is not reachable through the session
    const other = await account('cat', 'spare');
    const unpinned = await s.api('POST', `/tool_router/session/${sid}/execute`, {
      tool_slug: 'GITHUB_GET_THE_AUTHENTICATED_USER',
      arguments: {},
      account: other,
    });
    expect(unpinned.status).toBe(400);
    expect(unpinned.body.error.message).toContain(other);
  });

  it('a session pins at most one SHARED account per toolkit; search results say which accounts are SHARED', async () => {
    // SHARED accounts of another user, made through Connect links as an end user would complete them
    const shared = async () => {
      const link = await s.api('POST', '/v3.1/connected_accounts/link', {
        auth_config_id: ac,
        user_id: 'lender',
        connection_data: { base_url: gh.url },
        experimental: { account_type: 'SHARED', acl_config_for_shared: { allow_all_users: true } },
      });
      expect(link.status, JSON.stringify(link.body)).toBe(201);
      const done = await fetch(`${s.apiUrl}/connect_links/${encodeURIComponent(link.body.link_token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_key: 'ghp_valid' }).toString(),
        redirect: 'manual',
      });
      expect(done.status).toBe(200); // no callback_url: the page says the account is connected
      const id = link.body.connected_account_id as string;
      expect((await s.api('GET', `/connected_accounts/${id}`)).body.status).toBe('ACTIVE');
      return id;
    };
    const [lentA, lentB] = [await shared(), await shared()];
    const own = await account('fay', 'mine');
    const multi = { enable: true, max_accounts_per_toolkit: 3, require_explicit_selection: false };
    const two = await s.api('POST', '/tool_router/session', {
      user_id: 'fay',
      connected_accounts: { github: [own, lentA, lentB] },
      multi_account: multi,
    });
    expect(two.status).toBe(400);
    expect(two.body.error.message).toContain('2 SHARED accounts pinned');
    const one = await s.api('POST', '/tool_router/session', {
      user_id: 'fay',
      connected_accounts: { github: [own, lentA] },
      multi_account: multi,
    });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    const patched = await s.api('PATCH', `/v3.1/tool_router/session/${one.body.session_id}`, {
      connected_accounts: { github: [lentB, lentA] },
    });
    expect(patched.status).toBe(400);
    const found = await s.api('POST', `/tool_router/session/${one.body.session_id}/search`, {
      queries: [{ use_case: 'get the authenticated github user' }],
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const github = found.body.toolkit_connection_statuses.find((t: { toolkit: string }) => t.toolkit === 'github');
    expect(github.accounts.map((a: { id: string; account_type: string }) => [a.id, a.account_type])).toEqual([
      [own, 'PRIVATE'],
      [lentA, 'SHARED'],
    ]);
  });

  it('refuses bad pins with 400 envelopes', async () => {
    const mine = await account('dan');
    const cases = [
      { user_id: 'dan', connected_accounts: { github: [] } },
      { user_id: 'dan', connected_accounts: { github: [''] } },
      { user_id: 'dan', connected_accounts: { github: ['ca_doesNotExist1'] } },
      { user_id: 'eve', connected_accounts: { github: [mine] } },
      { user_id: 'dan', connected_accounts: { slack: [mine] } },
      {
        user_id: 'dan',
        connected_accounts: { github: [mine, mine, mine] },
        multi_account: { enable: true, max_accounts_per_toolkit: 11 },
      },
    ];
    for (const body of cases) {
      const r = await s.api('POST', '/tool_router/session', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.request_id).toBeTruthy();
    }
    await s.api('PATCH', `/connected_accounts/${mine}/status`, { enabled: false });
    const disabled = await s.api('POST', '/tool_router/session', {
      user_id: 'dan',
      connected_accounts: { github: [mine] },
    });
    expect(disabled.status).toBe(400);
    expect(disabled.body.error.message).toContain('disabled');
  });
});
