import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Sentry tools (lib/catalog/curated/sentry.ts) through the real execute pipeline, with an auth
// token, against a loopback sentry.io/api/0 that checks what it receives.
const TOKEN = 'sntryu_test';
let s: TestServer;
let sentry: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, sentry] = await Promise.all([providerServer(), startFakeUpstream()]);
  const authed =
    (
      h: (
        req: { json?: unknown; query: URLSearchParams },
        p: Record<string, string>,
      ) => { status?: number; json?: unknown },
    ) =>
    (req: { headers: Record<string, unknown>; json?: unknown; query: URLSearchParams }, p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${TOKEN}` ? h(req, p) : { status: 401, json: { detail: 'Invalid token' } };
  sentry.on(
    'GET',
    '/api/0/projects/:org/:project/issues/',
    authed((req) => ({
      json: [
        {
          id: '4501',
          shortId: 'WEB-1A',
          title: 'TypeError: x is undefined',
          status: 'unresolved',
          query: req.query.get('query'),
        },
      ],
    })),
  );
  sentry.on(
    'PUT',
    '/api/0/organizations/:org/issues/:id/',
    authed((req, p) => ({ json: { id: p.id, ...(req.json as object) } })),
  );
  // a tool declared as data (lib/catalog/mappings/sentry.yaml), merged into this code-declared toolkit
  sentry.on(
    'GET',
    '/api/0/organizations/:org/issues/',
    authed((req) => ({ json: [{ id: '77', shortId: 'API-3', query: req.query.get('query') }] })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'sentry',
      authScheme: 'API_KEY',
      val: { api_key: TOKEN, base_url: `${sentry.url}/api/0` },
      userId: 'sentry-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), sentry?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Sentry curated tools', () => {
  it('SENTRY_RETRIEVE_PROJECT_ISSUES_LIST asks for unresolved issues by default, with the token', async () => {
    sentry.reset();
    const r = await exec('SENTRY_RETRIEVE_PROJECT_ISSUES_LIST', {
      organization_id_or_slug: 'acme',
      project_id_or_slug: 'web',
      stats_period: '24h',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(JSON.stringify(r.body.data)).toContain('WEB-1A');
    const req = sentry.last()!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/api/0/projects/acme/web/issues/');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(Object.fromEntries(req.query)).toEqual({ query: 'is:unresolved', statsPeriod: '24h' });
  });

  it("SENTRY_UPDATE_ISSUE_ATTRIBUTES_IN_ORGANIZATION PUTs status and assignee in Sentry's names", async () => {
    sentry.reset();
    const r = await exec('SENTRY_UPDATE_ISSUE_ATTRIBUTES_IN_ORGANIZATION', {
      organization_id_or_slug: 'acme',
      issue_id: '4501',
      status: 'resolved',
      assigned_to: 'team:12',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '4501', status: 'resolved' },
    });
    expect(sentry.last()!.method).toBe('PUT');
    expect(sentry.last()!.path).toBe('/api/0/organizations/acme/issues/4501/');
    expect(sentry.last()!.json).toEqual({ status: 'resolved', assignedTo: 'team:12' });
  });

  it('SENTRY_LIST_AN_ORGANIZATIONS_ISSUES (a mapping-file tool) runs on the toolkit base URL with its token', async () => {
    sentry.reset();
    const r = await exec('SENTRY_LIST_AN_ORGANIZATIONS_ISSUES', {
      organization_id_or_slug: 'acme',
      query: 'is:unresolved level:error',
      stats_period: '14d',
      project: ['12', '13'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(JSON.stringify(r.body.data)).toContain('API-3');
    const req = sentry.last()!;
    expect(req.path).toBe('/api/0/organizations/acme/issues/');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.query.getAll('project')).toEqual(['12', '13']);
    expect(req.query.get('statsPeriod')).toBe('14d');
    expect(req.query.get('query')).toBe('is:unresolved level:error');
  });

  it("GET /toolkits/sentry lists OAuth2 and the auth token; the authorize URL is sentry.io's with the scopes", async () => {
    const tk = await s.api('GET', '/toolkits/sentry');
    expect(tk.status).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode).sort()).toEqual(['API_KEY', 'OAUTH2']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sentry' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'sentry-client', client_secret: 'x' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://sentry.io/oauth/authorize/');
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['org:read', 'event:read', 'project:releases']),
    );
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
  });
});
