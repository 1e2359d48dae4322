import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// HubSpot CRM tools (lib/catalog/curated/hubspot-crm.ts) on the compiled HubSpot toolkit, through
// the real execute pipeline against a loopback api.hubapi.com that checks what it receives.
const TOKEN = 'pat-na1-test';
let s: TestServer;
let hub: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, hub] = await Promise.all([startServer(), startFakeUpstream()]);
  const authed =
    (ok: (req: { json?: unknown }, p: Record<string, string>) => { status?: number; json?: unknown }) =>
    (req: { headers: Record<string, unknown>; json?: unknown }, p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${TOKEN}`
        ? ok(req, p)
        : {
            status: 401,
            json: {
              status: 'error',
              message: 'Authentication credentials not found.',
              category: 'INVALID_AUTHENTICATION',
            },
          };
  hub.on(
    'POST',
    '/crm/v3/objects/contacts',
    authed((req) => ({
      status: 201,
      json: { id: '501', properties: (req.json as { properties: unknown }).properties, archived: false },
    })),
  );
  hub.on(
    'POST',
    '/crm/v3/objects/deals/search',
    authed(() => ({
      json: { total: 1, results: [{ id: '9001', properties: { dealname: 'Acme renewal', amount: '12000' } }] },
    })),
  );
  hub.on(
    'GET',
    '/crm/v3/pipelines/:type',
    authed((_r, p) => ({
      json: {
        results: [
          {
            id: 'default',
            label: `${p.type} pipeline`,
            stages: [{ id: 'appointmentscheduled', label: 'Appointment scheduled' }],
          },
        ],
      },
    })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'hubspot',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: hub.url },
      userId: 'crm-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), hub?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('HubSpot CRM curated tools', () => {
  it('HUBSPOT_CREATE_CONTACT_OBJECT_WITH_PROPERTIES posts properties and associations to /crm/v3/objects/contacts with the bearer token', async () => {
    hub.reset();
    const assoc = [{ to: { id: '77' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 }] }];
    const r = await exec('HUBSPOT_CREATE_CONTACT_OBJECT_WITH_PROPERTIES', {
      properties: { email: 'ana@acme.com', firstname: 'Ana' },
      associations: assoc,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '501', properties: { email: 'ana@acme.com' } },
    });
    const req = hub.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/crm/v3/objects/contacts');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.json).toEqual({ properties: { email: 'ana@acme.com', firstname: 'Ana' }, associations: assoc });
  });

  it("HUBSPOT_SEARCH_DEALS_BY_CRITERIA sends filterGroups, sorts and paging in HubSpot's camelCase (snake_case or camelCase arguments)", async () => {
    for (const key of ['filter_groups', 'filterGroups']) {
      hub.reset();
      const groups = [{ filters: [{ propertyName: 'amount', operator: 'GT', value: '10000' }] }];
      const r = await exec('HUBSPOT_SEARCH_DEALS_BY_CRITERIA', {
        [key]: groups,
        sorts: [{ propertyName: 'amount', direction: 'DESCENDING' }],
        properties: ['dealname', 'amount'],
        limit: 5,
      });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({
        successful: true,
        data: { total: 1, results: [{ id: '9001' }] },
      });
      expect(hub.last()!.json).toEqual({
        filterGroups: groups,
        sorts: [{ propertyName: 'amount', direction: 'DESCENDING' }],
        properties: ['dealname', 'amount'],
        limit: 5,
      });
    }
  });

  it('HUBSPOT_RETRIEVE_ALL_PIPELINES_FOR_SPECIFIED_OBJECT_TYPE reads deal pipelines by default; the older name still runs', async () => {
    const r = await exec('HUBSPOT_RETRIEVE_ALL_PIPELINES_FOR_SPECIFIED_OBJECT_TYPE', {});
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { results: [{ label: 'deals pipeline' }] },
    });
    expect(hub.last()!.path).toBe('/crm/v3/pipelines/deals');
    const old = await exec('HUBSPOT_RETRIEVE_ALL_PIPELINES', { object_type: 'tickets' });
    expect(old.body, JSON.stringify(old.body)).toMatchObject({
      successful: true,
      data: { results: [{ label: 'tickets pipeline' }] },
    });
  });

  it('the HubSpot OAuth scheme asks for the CRM scopes, and the authorize URL carries them', async () => {
    const tk = await s.api('GET', '/toolkits/hubspot');
    const oauth = tk.body.auth_config_details.find((d: { mode: string }) => d.mode === 'OAUTH2');
    const scopes = String(
      oauth.fields.auth_config_creation.optional.find((f: { name: string }) => f.name === 'scopes').default,
    ).split(',');
    expect(scopes).toEqual(
      expect.arrayContaining([
        'crm.objects.contacts.write',
        'crm.objects.companies.write',
        'crm.objects.deals.write',
        'tickets',
        'crm.objects.owners.read',
      ]),
    );
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'hubspot' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'hub-app', client_secret: 's' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://app.hubspot.com/oauth/authorize');
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['crm.objects.contacts.read', 'crm.objects.deals.write', 'tickets']),
    );
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
  });
});
