import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { followUntil, oauth2Config } from '../helpers/oauth-flow';
import { startFakeJira, type FakeJira } from '../helpers/fake-jira';

// Jira over Atlassian OAuth 2.0 (3LO): a loopback authorization server, and a loopback Atlassian
// gateway that lists the granted sites (accessible-resources) and serves Jira under
// /ex/jira/<cloud id> for the tokens that server issued. The authorize URL must carry Atlassian's
// audience and consent prompt; after the callback the account holds the chosen site's cloud id,
// and curated, composite and generated Jira tools all go to the gateway path with the bearer token.
const CALLBACK = 'http://app.example.test/jira-done';
const ACME = { id: '7f3e9a10-5c2b-4d1e-9a8f-112233445566', url: 'https://acme.atlassian.net', name: 'acme' };
const BETA = { id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', url: 'https://beta.atlassian.net', name: 'beta' };

let s: TestServer;
let p: OAuth2Provider;
let jira: FakeJira;

beforeAll(async () => {
  p = await startOAuth2Provider();
  [s, jira] = await Promise.all([
    startServer({ startTimeoutMs: 300_000 }),
    startFakeJira(undefined, undefined, { sites: [ACME, BETA], granted: (t) => p.issuedAccessTokens.includes(t) }),
  ]);
}, 330_000);
afterAll(async () => {
  await Promise.all([s?.stop(), p?.stop(), jira?.close()]);
});

/** a Jira OAuth2 auth config on the loopback provider; the sites lookup always on the fake gateway */
const jiraConfig = (extra: Record<string, unknown> = {}) =>
  oauth2Config(
    s,
    p,
    { scopes: undefined, accessible_resources_url: `${jira.url}/oauth/token/accessible-resources`, ...extra },
    'jira',
  );

/** initiate → provider → callback; the authorize URL and where the browser ended */
async function connect(authConfigId: string, data?: Record<string, unknown>) {
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: authConfigId },
    connection: { user_id: 'jira-oauth-user', callback_url: CALLBACK, ...(data ? { data } : {}) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const authorize = new URL(r.body.connectionData.val.redirectUrl as string);
  const done = await followUntil(authorize.toString(), CALLBACK);
  return { id: r.body.id as string, authorize, done: done.final };
}

const account = async (id: string) => (await s.api('GET', `/connected_accounts/${id}`)).body;
const exec = (id: string, slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: id, arguments: args });

/** the fake's requests to the Jira API (not the sites lookup), from index `from` on */
const apiCalls = (from: number) => jira.requests.slice(from).filter((r) => r.path.startsWith('/ex/jira/'));

describe('Jira OAuth 2.0 through the Atlassian gateway', () => {
  it('asks for audience, consent and offline access; the callback keeps the first site; tools call /ex/jira/{cloudId}', async () => {
    const ac = await jiraConfig({ base_url: `${jira.url}/ex/jira/{cloud_id}` });
    const { id, authorize, done } = await connect(ac);

    expect(authorize.origin + authorize.pathname).toBe(p.authorizeUrl);
    expect(authorize.searchParams.get('audience')).toBe('api.atlassian.com');
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['read:jira-work', 'write:jira-work', 'offline_access']),
    );
    expect(done.searchParams.get('status'), done.toString()).toBe('success');

    // no site was named: the first one the grant reaches
    const acc = await account(id);
    expect(acc.status).toBe('ACTIVE');
    expect(acc.state.val).toMatchObject({
      cloud_id: ACME.id,
      site_url: ACME.url,
      site_name: 'acme',
      subdomain: 'acme',
    });
    const lookup = jira.requests.find((r) => r.path === '/oauth/token/accessible-resources');
    const bearer = String(lookup?.headers.authorization);
    expect(bearer).toMatch(/^Bearer .+/);
    expect(p.issuedAccessTokens).toContain(bearer.slice('Bearer '.length));

    // a curated composite (text → ADF), a curated mapping and a generated operation
    const from = jira.requests.length;
    const created = await exec(id, 'JIRA_CREATE_ISSUE', { project_key: 'WEB', summary: 'Gateway issue' });
    expect(created.body.successful, JSON.stringify(created.body)).toBe(true);
    const key = created.body.data.key as string;
    const got = await exec(id, 'JIRA_GET_ISSUE', { issue_id_or_key: key });
    expect(got.body.successful, JSON.stringify(got.body)).toBe(true);
    expect(got.body.data.key).toBe(key);
    const info = await exec(id, 'JIRA_GET_JIRA_INSTANCE_INFO', {});
    expect(info.body.successful, JSON.stringify(info.body)).toBe(true);
    expect(info.body.data.baseUrl).toBe(ACME.url);

    const calls = apiCalls(from);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        `POST /ex/jira/${ACME.id}/rest/api/3/issue`,
        `GET /ex/jira/${ACME.id}/rest/api/3/issue/${key}`,
        `GET /ex/jira/${ACME.id}/rest/api/3/serverInfo`,
      ]),
    );
    for (const r of calls) expect(r.headers.authorization).toBe(bearer);
  });

  it('picks the site whose subdomain the connection named; a connection base_url override is honoured', async () => {
    // no auth-config base_url: the connection's own (templated) override sends the calls to the fake
    const ac = await jiraConfig();
    const { id, done } = await connect(ac, { subdomain: 'beta', base_url: `${jira.url}/ex/jira/{cloud_id}` });
    expect(done.searchParams.get('status'), done.toString()).toBe('success');
    const acc = await account(id);
    expect(acc.state.val).toMatchObject({ cloud_id: BETA.id, site_url: BETA.url, subdomain: 'beta' });

    const from = jira.requests.length;
    const me = await exec(id, 'JIRA_GET_CURRENT_USER', {});
    expect(me.body.successful, JSON.stringify(me.body)).toBe(true);
    expect(me.body.data.accountId).toBe(jira.users[0]!.accountId);
    expect(apiCalls(from).map((r) => r.path)).toEqual([`/ex/jira/${BETA.id}/rest/api/3/myself`]);
  });

  it('a subdomain that matches no granted site falls back to the first site', async () => {
    const ac = await jiraConfig({ base_url: `${jira.url}/ex/jira/{cloud_id}` });
    const { id, done } = await connect(ac, { subdomain: 'gamma' });
    expect(done.searchParams.get('status'), done.toString()).toBe('success');
    expect((await account(id)).state.val).toMatchObject({ cloud_id: ACME.id, subdomain: 'acme' });
  });

  it('a failed sites lookup fails the connection with site_lookup_failed', async () => {
    const ac = await jiraConfig({ accessible_resources_url: `${jira.url}/oauth/token/no-such-endpoint` });
    const { id, done } = await connect(ac);
    expect(done.searchParams.get('status')).toBe('failed');
    expect(done.searchParams.get('error')).toBe('site_lookup_failed');
    expect(done.searchParams.get('error_description')).toContain('HTTP 404');
    const acc = await account(id);
    expect(acc.status).toBe('FAILED');
  });
});
