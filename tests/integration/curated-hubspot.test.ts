import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// HubSpot CRM tools (lib/catalog/curated/hubspot-crm.ts and hubspot-hosted.ts) on the compiled HubSpot toolkit, through
// the real execute pipeline against a loopback api.hubapi.com that checks what it receives.
const TOKEN = 'pat-na1-test';
let s: TestServer;
let hub: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, hub] = await Promise.all([providerServer(), startFakeUpstream()]);
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
  // like HubSpot: a record body holds properties (and associations) only, every value a string
  const recordBody = (body: unknown, allowed = ['properties', 'associations']) => {
    const b = (body ?? {}) as { properties?: Record<string, unknown> };
    const stray = Object.keys(b).filter((k) => !allowed.includes(k));
    if (stray.length || !b.properties || !Object.keys(b.properties).length)
      return `Invalid input JSON: unexpected ${stray.join(', ') || 'empty properties'}`;
    const bad = Object.entries(b.properties).find(([, v]) => typeof v !== 'string');
    return bad ? `Property values must be strings: ${bad[0]}` : null;
  };
  const invalid = (message: string) => ({
    status: 400,
    json: { status: 'error', message, category: 'VALIDATION_ERROR' },
  });
  hub.on(
    'POST',
    '/crm/v3/objects/:type',
    authed((req, p) => {
      const problem = recordBody(req.json);
      if (problem) return invalid(problem);
      const props = (req.json as { properties: Record<string, string> }).properties;
      if (['notes', 'tasks', 'meetings', 'emails'].includes(p.type!) && !props.hs_timestamp)
        return invalid('hs_timestamp is required');
      return { status: 201, json: { id: p.type === 'contacts' ? '501' : '601', properties: props, archived: false } };
    }),
  );
  hub.on(
    'PATCH',
    '/crm/v3/objects/:type/:id',
    authed((req, p) => {
      const problem = recordBody(req.json, ['properties']);
      if (problem) return invalid(problem);
      return { json: { id: p.id, properties: (req.json as { properties: unknown }).properties } };
    }),
  );
  hub.on(
    'POST',
    '/crm/v3/objects/contacts/merge',
    authed((req) => {
      const b = req.json as { primaryObjectId?: string; objectIdToMerge?: string };
      return b.primaryObjectId && b.objectIdToMerge ? { json: { id: b.primaryObjectId } } : invalid('ids required');
    }),
  );
  hub.on(
    'GET',
    '/crm/v4/objects/:type/:id/associations/:to',
    authed((_r, p) => ({
      json: {
        results: [
          {
            toObjectId: p.to === 'deals' ? 9001 : 77,
            associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 4, label: null }],
          },
        ],
      },
    })),
  );
  hub.on(
    'PUT',
    '/crm/v4/objects/:type/:id/associations/:to/:toId',
    authed((req, p) => {
      const types = req.json as { associationCategory?: string; associationTypeId?: number }[];
      if (!Array.isArray(types) || !types.every((x) => x.associationCategory && Number.isInteger(x.associationTypeId)))
        return invalid('body must be a list of association types');
      return {
        status: 201,
        json: { fromObjectTypeId: p.type, fromObjectId: Number(p.id), toObjectId: Number(p.toId), labels: [] },
      };
    }),
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
    const old = await exec('HUBSPOT_RETRIEVE_ALL_PIPELINES', { objectType: 'tickets' });
    expect(old.body, JSON.stringify(old.body)).toMatchObject({
      successful: true,
      data: { results: [{ label: 'tickets pipeline' }] },
    });
  });

  it('HUBSPOT_CREATE_CONTACT folds top-level email/firstname (and a properties object) into the properties HubSpot expects', async () => {
    hub.reset();
    const r = await exec('HUBSPOT_CREATE_CONTACT', {
      email: 'ana@acme.com',
      firstname: 'Ana',
      lastname: 'Lima',
      properties: { favourite_colour: 'teal' },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '501', properties: { email: 'ana@acme.com', favourite_colour: 'teal' } },
    });
    const req = hub.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/crm/v3/objects/contacts');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.json).toEqual({
      properties: { email: 'ana@acme.com', firstname: 'Ana', lastname: 'Lima', favourite_colour: 'teal' },
    });
  });

  it('HUBSPOT_CREATE_CONTACT without any property is a 400 and sends nothing', async () => {
    hub.reset();
    const r = await exec('HUBSPOT_CREATE_CONTACT', {});
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/at least one property/);
    expect(hub.requests).toHaveLength(0);
  });

  it('HUBSPOT_UPDATE_DEAL takes dealId (or deal_id) and a numeric amount, and PATCHes string properties', async () => {
    for (const idKey of ['dealId', 'deal_id']) {
      hub.reset();
      const r = await exec('HUBSPOT_UPDATE_DEAL', { [idKey]: '9001', amount: 15000, dealstage: 'closedwon' });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: '9001' } });
      const req = hub.last()!;
      expect(req.method).toBe('PATCH');
      expect(req.path).toBe('/crm/v3/objects/deals/9001');
      expect(req.json).toEqual({ properties: { amount: '15000', dealstage: 'closedwon' } });
    }
  });

  it('HUBSPOT_CREATE_NOTE posts hs_note_body with a timestamp and the association to the contact', async () => {
    hub.reset();
    const associations = [
      { to: { id: '501' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] },
    ];
    const r = await exec('HUBSPOT_CREATE_NOTE', { hs_note_body: 'Called, wants a demo', associations });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: '601' } });
    const req = hub.last()!;
    expect(req.path).toBe('/crm/v3/objects/notes');
    const body = req.json as { properties: Record<string, string>; associations: unknown };
    expect(body.properties.hs_note_body).toBe('Called, wants a demo');
    expect(Number.isNaN(Date.parse(body.properties.hs_timestamp!))).toBe(false);
    expect(body.associations).toEqual(associations);
  });

  it("HUBSPOT_LIST_OBJECT_ASSOCIATIONS reads a contact's deals; HUBSPOT_CREATE_OBJECT_ASSOCIATION links with a typed label", async () => {
    hub.reset();
    const r = await exec('HUBSPOT_LIST_OBJECT_ASSOCIATIONS', {
      objectType: 'contacts',
      objectId: '501',
      toObjectType: 'deals',
      limit: 50,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { results: [{ toObjectId: 9001 }] },
    });
    expect(hub.last()!.path).toBe('/crm/v4/objects/contacts/501/associations/deals');
    expect(hub.last()!.query.get('limit')).toBe('50');

    const link = await exec('HUBSPOT_CREATE_OBJECT_ASSOCIATION', {
      objectType: 'contacts',
      objectId: '501',
      toObjectType: 'companies',
      toObjectId: '77',
      associationTypeId: 279,
    });
    expect(link.body, JSON.stringify(link.body)).toMatchObject({ successful: true, data: { toObjectId: 77 } });
    const req = hub.last()!;
    expect(req.method).toBe('PUT');
    expect(req.path).toBe('/crm/v4/objects/contacts/501/associations/companies/77');
    expect(req.json).toEqual([{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 }]);
  });

  it('HUBSPOT_SEARCH_DEALS sends filterGroups as given; HUBSPOT_MERGE_CONTACTS posts both ids', async () => {
    hub.reset();
    const filterGroups = [{ filters: [{ propertyName: 'dealstage', operator: 'EQ', value: 'closedwon' }] }];
    const r = await exec('HUBSPOT_SEARCH_DEALS', { filterGroups, properties: ['dealname'], limit: 20 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { total: 1 } });
    expect(hub.last()!.path).toBe('/crm/v3/objects/deals/search');
    expect(hub.last()!.json).toEqual({ filterGroups, properties: ['dealname'], limit: 20 });

    const m = await exec('HUBSPOT_MERGE_CONTACTS', { primaryObjectId: '501', objectIdToMerge: '502' });
    expect(m.body, JSON.stringify(m.body)).toMatchObject({ successful: true, data: { id: '501' } });
    expect(hub.last()!.path).toBe('/crm/v3/objects/contacts/merge');
    expect(hub.last()!.json).toEqual({ primaryObjectId: '501', objectIdToMerge: '502' });
  });

  it('the old HUBSPOT_RETRIEVE_ALL_PIPELINES name still takes object_type', async () => {
    hub.reset();
    const r = await exec('HUBSPOT_RETRIEVE_ALL_PIPELINES', { object_type: 'tickets' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { results: [{ label: 'tickets pipeline' }] },
    });
    expect(hub.last()!.path).toBe('/crm/v3/pipelines/tickets');
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
