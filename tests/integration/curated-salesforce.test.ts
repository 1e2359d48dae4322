import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

// Salesforce (lib/catalog/curated/salesforce.ts) through the real execute pipeline. The account has
// no base_url: its `instance_url` (what Salesforce's token response names) points at a loopback
// org that serves /services/data/v61.0 and checks the bearer token and what it receives.
const TOKEN = '00Dxx0000001gPL!AQ4AQFake';
let s: TestServer;
let org: FakeUpstream;
let account: string;
let oauthConfig: string;

/** an active connected account on a custom-auth config whose state already holds the credentials */
async function connect(
  s: TestServer,
  c: {
    toolkit: string;
    authScheme: string;
    val: Record<string, unknown>;
    userId: string;
    credentials?: Record<string, unknown>;
  },
): Promise<{ accountId: string; authConfigId: string }> {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: c.toolkit },
    auth_config: { type: 'use_custom_auth', authScheme: c.authScheme, credentials: c.credentials ?? {} },
  });
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: { user_id: c.userId, state: { authScheme: c.authScheme, val: { status: 'ACTIVE', ...c.val } } },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  return { accountId: ca.body.id as string, authConfigId: ac.body.auth_config.id as string };
}

beforeAll(async () => {
  [s, org] = await Promise.all([providerServer(), startFakeUpstream()]);
  const authed =
    (h: (req: RecordedRequest, p: Record<string, string>) => { status?: number; json?: unknown }) =>
    (req: RecordedRequest, p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${TOKEN}`
        ? h(req, p)
        : { status: 401, json: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] };
  org.on(
    'POST',
    '/services/data/v61.0/sobjects/Lead',
    authed((req) => {
      const b = req.json as Record<string, unknown>;
      if (!b.Company)
        return {
          status: 400,
          json: [
            {
              message: 'Required fields are missing: [Company]',
              errorCode: 'REQUIRED_FIELD_MISSING',
              fields: ['Company'],
            },
          ],
        };
      return { status: 201, json: { id: '00Q5g00000ABCDEAA4', success: true, errors: [] } };
    }),
  );
  org.on(
    'GET',
    '/services/data/v61.0/query',
    authed((req) => ({
      json: {
        totalSize: 1,
        done: true,
        records: [{ attributes: { type: 'Lead' }, Id: '00Q5g00000ABCDEAA4', Name: 'Ada Lovelace' }],
        soql: req.query.get('q'),
      },
    })),
  );
  org.on(
    'PATCH',
    '/services/data/v61.0/sobjects/Lead/:id',
    authed(() => ({ status: 204 })),
  );
  const c = await connect(s, {
    toolkit: 'salesforce',
    authScheme: 'OAUTH2',
    val: {
      access_token: TOKEN,
      instance_url: org.url,
      token_type: 'Bearer',
      id: 'https://login.salesforce.com/id/00D/005',
    },
    userId: 'sf-user',
    credentials: { client_id: 'sf-client', client_secret: 'sf-secret' },
  });
  account = c.accountId;
  oauthConfig = c.authConfigId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), org?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Salesforce toolkit', () => {
  it('GET /toolkits/salesforce: OAuth2 on login.salesforce.com, at least 20 tools', async () => {
    const r = await s.api('GET', '/toolkits/salesforce');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2']);
    expect(r.body.meta.categories.map((c: { slug: string }) => c.slug)).toContain('crm');
    expect(r.body.meta.tools_count).toBeGreaterThanOrEqual(20);
  });

  it('the OAuth2 authorize URL is on login.salesforce.com with scopes api and refresh_token', async () => {
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: oauthConfig },
      connection: { user_id: 'new-sf-user', callback_url: 'http://app.example.test/done' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    let url = new URL(r.body.connectionData.val.redirectUrl);
    for (let i = 0; i < 5 && url.origin !== 'https://login.salesforce.com'; i++) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, `${url}`).toBeGreaterThanOrEqual(300);
      url = new URL(res.headers.get('location')!, url);
    }
    expect(`${url.origin}${url.pathname}`).toBe('https://login.salesforce.com/services/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('sf-client');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('api refresh_token');
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it("SALESFORCE_CREATE_LEAD posts the Lead to the org's instance_url, with field API names (snake_case accepted)", async () => {
    const n = org.requests.length;
    const r = await exec('SALESFORCE_CREATE_LEAD', {
      LastName: 'Lovelace',
      Company: 'Analytical Engines Ltd',
      first_name: 'Ada',
      Email: 'ada@example.test',
      fields: { Region__c: 'EMEA' },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '00Q5g00000ABCDEAA4', success: true },
    });
    const req = org.requests.slice(n).at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/services/data/v61.0/sobjects/Lead');
    expect(req.json).toEqual({
      LastName: 'Lovelace',
      Company: 'Analytical Engines Ltd',
      FirstName: 'Ada',
      Email: 'ada@example.test',
      Region__c: 'EMEA',
    });
  });

  it("Salesforce's error answer ends the call unsuccessful with its message", async () => {
    const r = await exec('SALESFORCE_CREATE_LEAD', { LastName: 'x', Company: '' });
    expect(r.body.successful).toBe(false);
    expect(r.body.error).toContain('Required fields are missing');
  });

  it('SALESFORCE_SEARCH_LEADS builds an escaped SOQL query; SALESFORCE_UPDATE_LEAD answers the id on 204', async () => {
    const r = await exec('SALESFORCE_SEARCH_LEADS', { email: "o'brien@", status: 'Open', limit: 5 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { totalSize: 1 } });
    const q = org.requests.at(-1)!.query.get('q');
    expect(q).toBe(
      'SELECT Id, FirstName, LastName, Name, Company, Email, Phone, Title, Status, LeadSource, OwnerId, CreatedDate FROM Lead ' +
        "WHERE Email LIKE '%o\\'brien@%' AND Status = 'Open' ORDER BY CreatedDate DESC LIMIT 5",
    );
    const u = await exec('SALESFORCE_UPDATE_LEAD', { lead_id: '00Q5g00000ABCDEAA4', Status: 'Working' });
    expect(u.body, JSON.stringify(u.body)).toMatchObject({
      successful: true,
      data: { id: '00Q5g00000ABCDEAA4', success: true },
    });
    expect(org.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/services/data/v61.0/sobjects/Lead/00Q5g00000ABCDEAA4',
    });
    expect(org.requests.at(-1)!.json).toEqual({ Status: 'Working' });
    const bad = await exec('SALESFORCE_UPDATE_LEAD', { lead_id: '../../limits', Status: 'x' });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
  });
});
