import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Airtable tools (lib/catalog/curated/airtable.ts) through the real execute pipeline, with a
// personal access token, against a loopback api.airtable.com/v0 that checks what it receives.
const PAT = 'patAbc123.secret';
let s: TestServer;
let air: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, air] = await Promise.all([providerServer(), startFakeUpstream()]);
  const authed =
    (
      h: (
        req: { json?: unknown; query: URLSearchParams },
        p: Record<string, string>,
      ) => { status?: number; json?: unknown },
    ) =>
    (req: { headers: Record<string, unknown>; json?: unknown; query: URLSearchParams }, p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${PAT}`
        ? h(req, p)
        : { status: 401, json: { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } } };
  air.on(
    'GET',
    '/v0/:base/:table',
    authed((req) => ({
      json: {
        records: [{ id: 'rec1', createdTime: '2025-01-01T00:00:00.000Z', fields: { Name: 'Ana', Status: 'Open' } }],
        offset: req.query.get('offset') ? undefined : 'itr2',
      },
    })),
  );
  air.on(
    'POST',
    '/v0/:base/:table',
    authed((req) => ({
      json: { id: 'recNEW', createdTime: '2025-01-02T00:00:00.000Z', fields: (req.json as { fields: unknown }).fields },
    })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'airtable',
      authScheme: 'API_KEY',
      val: { api_key: PAT, base_url: `${air.url}/v0` },
      userId: 'air-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), air?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Airtable curated tools', () => {
  it('AIRTABLE_LIST_RECORDS sends the formula, view and fields[] in the query with the token', async () => {
    air.reset();
    const r = await exec('AIRTABLE_LIST_RECORDS', {
      base_id: 'appXYZ',
      table_id_or_name: 'Tasks & Bugs',
      filter_by_formula: '{Status}="Open"',
      view: 'Grid view',
      fields: ['Name', 'Status'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { records: [{ id: 'rec1', fields: { Name: 'Ana' } }], offset: 'itr2' },
    });
    const req = air.last()!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v0/appXYZ/Tasks%20%26%20Bugs');
    expect(req.headers.authorization).toBe(`Bearer ${PAT}`);
    expect(req.query.get('filterByFormula')).toBe('{Status}="Open"');
    expect(req.query.get('view')).toBe('Grid view');
    expect(req.query.getAll('fields[]')).toEqual(['Name', 'Status']);
    expect(req.query.get('pageSize')).toBeNull();
  });

  it("AIRTABLE_CREATE_RECORD posts fields and typecast; Airtable's camelCase argument names work too", async () => {
    air.reset();
    const r = await exec('AIRTABLE_CREATE_RECORD', {
      baseId: 'appXYZ',
      tableIdOrName: 'tblTasks',
      fields: { Name: 'Write docs', Tags: ['docs'] },
      typecast: true,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: 'recNEW', fields: { Name: 'Write docs' } },
    });
    const req = air.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v0/appXYZ/tblTasks');
    expect(req.json).toEqual({ fields: { Name: 'Write docs', Tags: ['docs'] }, typecast: true });
  });

  it('GET /toolkits/airtable lists OAuth2 (with PKCE) and the personal access token; the authorize URL carries the challenge and scopes', async () => {
    const tk = await s.api('GET', '/toolkits/airtable');
    expect(tk.status).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode).sort()).toEqual(['API_KEY', 'OAUTH2']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'airtable' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'air-client', client_secret: 'x' },
      },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://airtable.com/oauth2/v1/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['data.records:read', 'data.records:write', 'schema.bases:read']),
    );
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
  });
});
