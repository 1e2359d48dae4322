import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeLinear, type FakeLinear } from '../helpers/fake-linear';
import { SDKS, composioFor } from '../helpers/sdks';

// Linear (GraphQL tool kind, lib/catalog/curated/linear.ts) through the real execute pipeline and the
// unmodified SDK, against a loopback GraphQL endpoint that parses every document it receives.
let s: TestServer;
let linear: FakeLinear;
let oauthAccount: string;
let keyAccount: string;
let oauthConfig: string;

beforeAll(async () => {
  [s, linear] = await Promise.all([providerServer(), startFakeLinear({ token: 'lin_oauth_token' })]);
  ({ accountId: oauthAccount, authConfigId: oauthConfig } = await connectToFake(s, {
    toolkit: 'linear',
    authScheme: 'OAUTH2',
    val: { access_token: 'lin_oauth_token', base_url: linear.url },
    userId: 'linear-user',
    credentials: { client_id: 'lin-client', client_secret: 'lin-secret' },
  }));
  keyAccount = (
    await connectToFake(s, {
      toolkit: 'linear',
      authScheme: 'API_KEY',
      val: { api_key: 'lin_oauth_token', base_url: linear.url },
      userId: 'linear-key-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), linear?.close()]);
});

describe('Linear toolkit', () => {
  it("GET /toolkits/linear: OAuth2 with Linear's endpoints and an API key, categories, logo", async () => {
    const r = await s.api('GET', '/toolkits/linear');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.name).toBe('Linear');
    const schemes = r.body.auth_config_details.map((d: { mode: string }) => d.mode);
    expect(schemes).toEqual(['OAUTH2', 'API_KEY']);
    const key = r.body.auth_config_details.find((d: { mode: string }) => d.mode === 'API_KEY');
    expect(JSON.stringify(key.fields)).toContain('api_key');
    expect(r.body.meta.categories.map((c: { slug: string }) => c.slug)).toContain('project-management');
    expect(r.body.meta.logo).toMatch(/\/logos\/linear\.svg$/);
    expect(r.body.meta.tools_count).toBeGreaterThanOrEqual(30);
  });

  it("the OAuth2 authorize URL is Linear's, with client_id, redirect_uri, code, state and scope read,write", async () => {
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: oauthConfig },
      connection: { user_id: 'new-linear-user', callback_url: 'http://app.example.test/done' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    let url = new URL(r.body.connectionData.val.redirectUrl);
    for (let i = 0; i < 5 && url.origin !== 'https://linear.app'; i++) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, `${url}`).toBeGreaterThanOrEqual(300);
      url = new URL(res.headers.get('location')!, url);
    }
    expect(`${url.origin}${url.pathname}`).toBe('https://linear.app/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('lin-client');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('read,write');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+callback/);
  });

  describe.each(SDKS)('@composio/core $version', (sdk) => {
    it('LINEAR_CREATE_LINEAR_ISSUE sends an issueCreate mutation with the input built from the hosted arguments', async () => {
      const composio = composioFor(sdk, s);
      const before = linear.calls.length;
      const r = await composio.tools.execute('LINEAR_CREATE_LINEAR_ISSUE', {
        userId: 'linear-user',
        dangerouslySkipVersionCheck: true,
        arguments: {
          team_id: 'team_1',
          title: 'Checkout fails on Safari',
          description: 'Steps: …',
          priority: 2,
          label_ids: ['lbl_bug'],
          due_date: '2026-12-01',
        },
      });
      expect(r.successful, JSON.stringify(r)).toBe(true);
      expect(r.data).toMatchObject({
        id: '9cfb482a-81e3-4154-b5b9-2c805e70a02d',
        identifier: 'ENG-42',
        success: true,
        title: 'Checkout fails on Safari',
      });
      const call = linear.calls.slice(before).at(-1)!;
      expect(call).toMatchObject({
        operation: 'mutation',
        fields: ['issueCreate'],
        declared: { input: 'IssueCreateInput!' },
        authorization: 'Bearer lin_oauth_token',
      });
      expect(call.variables).toEqual({
        input: {
          teamId: 'team_1',
          title: 'Checkout fails on Safari',
          description: 'Steps: …',
          priority: 2,
          labelIds: ['lbl_bug'],
          dueDate: '2026-12-01',
        },
      });
    });

    it("GraphQL errors in a 200 answer are successful:false with Linear's message", async () => {
      const composio = composioFor(sdk, s);
      const r = await composio.tools.execute('LINEAR_CREATE_LINEAR_ISSUE', {
        userId: 'linear-user',
        dangerouslySkipVersionCheck: true,
        arguments: { team_id: 'team_missing', title: 'x' },
      });
      expect(r.successful).toBe(false);
      expect(r.error).toContain('Could not find referenced Team.');
    });
  });

  it('an API key goes into the Authorization header as it is; lists come back flat with page_info', async () => {
    const r = await s.api('POST', '/tools/execute/LINEAR_GET_ALL_LINEAR_TEAMS', {
      connected_account_id: keyAccount,
      arguments: {},
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { teams: [{ id: 'team_1', key: 'ENG' }] },
    });
    expect(linear.calls.at(-1)!.authorization).toBe('lin_oauth_token');
    const t = await s.api('POST', '/tools/execute/LINEAR_LIST_LINEAR_TEAMS', {
      connected_account_id: keyAccount,
      arguments: { first: 5 },
    });
    expect(t.body).toMatchObject({
      successful: true,
      data: { teams: [{ id: 'team_1' }], page_info: { hasNextPage: false } },
    });
    expect(linear.calls.at(-1)!.variables).toEqual({ first: 5 });
  });

  it('missing required arguments are a 400 before any call; LINEAR_RUN_QUERY_OR_MUTATION sends the given document', async () => {
    const n = linear.calls.length;
    const bad = await s.api('POST', '/tools/execute/LINEAR_CREATE_LINEAR_ISSUE', {
      connected_account_id: oauthAccount,
      arguments: { title: 'no team' },
    });
    expect(bad.status).toBe(400);
    expect(linear.calls.length).toBe(n);
    const q = await s.api('POST', '/tools/execute/LINEAR_RUN_QUERY_OR_MUTATION', {
      connected_account_id: oauthAccount,
      arguments: { query_or_mutation: 'query Me { viewer { id name } }', variables: {} },
    });
    expect(q.body).toMatchObject({ successful: true, data: { viewer: { id: 'user_1' } } });
    const broken = await s.api('POST', '/tools/execute/LINEAR_RUN_QUERY_OR_MUTATION', {
      connected_account_id: oauthAccount,
      arguments: { query_or_mutation: 'query { viewer { ', variables: {} },
    });
    expect(broken.body.successful).toBe(false);
    expect(broken.body.error).toMatch(/Syntax Error/);
  });
});
