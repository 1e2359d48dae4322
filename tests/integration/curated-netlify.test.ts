import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

// Netlify tools (lib/catalog/curated/netlify.ts) through the real execute pipeline, with a personal
// access token (Bearer), against a loopback api.netlify.com/api/v1 that checks the token, the
// paths and the JSON bodies.
const TOKEN = 'nfp_test_token';
let s: TestServer;
let nf: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, nf] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeUpstream()]);
  const authed =
    (h: (req: RecordedRequest, p: Record<string, string>) => { status?: number; json?: unknown }) =>
    (req: RecordedRequest, p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${TOKEN}`
        ? h(req, p)
        : { status: 401, json: { code: 401, message: 'Access Denied' } };
  nf.on(
    'GET',
    '/api/v1/sites',
    authed((req) => ({
      json: [
        { id: 'site-1', name: req.query.get('name') ?? 'any', account_id: 'acc-1', url: 'https://blog.netlify.app' },
      ],
    })),
  );
  nf.on(
    'GET',
    '/api/v1/sites/:site/deploys',
    authed((req, p) => ({
      json: [
        {
          id: 'd2',
          site_id: p.site,
          state: req.query.get('state'),
          previews: req.query.get('deploy-previews'),
        },
      ],
    })),
  );
  nf.on(
    'POST',
    '/api/v1/sites/:site/deploys/:deploy/restore',
    authed((_req, p) => ({ json: { id: p.deploy, site_id: p.site, state: 'ready', published_at: '2025-01-01' } })),
  );
  nf.on(
    'POST',
    '/api/v1/sites/:site/builds',
    authed((req, p) => ({ json: { id: 'b1', deploy_id: 'd3', done: false, site: p.site, sent: req.json ?? null } })),
  );
  nf.on(
    'POST',
    '/api/v1/accounts/:acc/env',
    authed((req) => {
      if (!Array.isArray(req.json)) return { status: 422, json: { message: 'expected a list of variables' } };
      return { status: 201, json: req.json };
    }),
  );
  nf.on(
    'DELETE',
    '/api/v1/accounts/:acc/env/:key',
    authed(() => ({ status: 204 })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'netlify',
      authScheme: 'API_KEY',
      val: { api_key: TOKEN, base_url: `${nf.url}/api/v1` },
      userId: 'netlify-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), nf?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Netlify curated tools', () => {
  it('NETLIFY_LIST_SITES sends the bearer token and the name filter', async () => {
    nf.reset();
    const r = await exec('NETLIFY_LIST_SITES', { name: 'blog', per_page: 5 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(JSON.stringify(r.body.data)).toContain('site-1');
    const sent = nf.last()!;
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.path).toBe('/api/v1/sites');
    expect(Object.fromEntries(sent.query)).toEqual({ name: 'blog', per_page: '5' });
  });

  it("NETLIFY_LIST_SITE_DEPLOYS sends Netlify's hyphenated filter names", async () => {
    nf.reset();
    const r = await exec('NETLIFY_LIST_SITE_DEPLOYS', { site_id: 'site-1', state: 'ready', deploy_previews: true });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(JSON.stringify(r.body.data)).toContain('"previews":"true"');
    expect(nf.last()!.path).toBe('/api/v1/sites/site-1/deploys');
    expect(Object.fromEntries(nf.last()!.query)).toEqual({ state: 'ready', 'deploy-previews': 'true' });
  });

  it('NETLIFY_RESTORE_SITE_DEPLOY posts to the restore endpoint of the deploy', async () => {
    nf.reset();
    const r = await exec('NETLIFY_RESTORE_SITE_DEPLOY', { site_id: 'site-1', deploy_id: 'd0' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: 'd0', site_id: 'site-1', state: 'ready' },
    });
    expect(`${nf.last()!.method} ${nf.last()!.path}`).toBe('POST /api/v1/sites/site-1/deploys/d0/restore');
  });

  it('NETLIFY_CREATE_SITE_BUILD triggers a build with clear_cache in the JSON body', async () => {
    nf.reset();
    const r = await exec('NETLIFY_CREATE_SITE_BUILD', { site_id: 'site-1', clear_cache: true });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { deploy_id: 'd3', sent: { clear_cache: true } },
    });
    expect(nf.last()!.headers['content-type']).toMatch(/^application\/json/);
    expect(nf.last()!.json).toEqual({ clear_cache: true });
  });

  it('NETLIFY_CREATE_ENV_VARS sends a list of variables for the site', async () => {
    nf.reset();
    const r = await exec('NETLIFY_CREATE_ENV_VARS', {
      account_id: 'acc-1',
      site_id: 'site-1',
      key: 'API_URL',
      value: 'https://api.acme.test',
      is_secret: false,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const sent = nf.last()!;
    expect(sent.path).toBe('/api/v1/accounts/acc-1/env');
    expect(Object.fromEntries(sent.query)).toEqual({ site_id: 'site-1' });
    expect(sent.json).toEqual([
      { key: 'API_URL', values: [{ context: 'all', value: 'https://api.acme.test' }], is_secret: false },
    ]);
  });

  it('NETLIFY_DELETE_ENV_VAR confirms the deletion of an empty 204 answer', async () => {
    nf.reset();
    const r = await exec('NETLIFY_DELETE_ENV_VAR', { account_id: 'acc-1', key: 'API_URL', site_id: 'site-1' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { deleted: true, key: 'API_URL' } });
    expect(`${nf.last()!.method} ${nf.last()!.path}`).toBe('DELETE /api/v1/accounts/acc-1/env/API_URL');
    expect(Object.fromEntries(nf.last()!.query)).toEqual({ site_id: 'site-1' });
  });

  it('a missing site_id is refused before any call', async () => {
    nf.reset();
    const r = await exec('NETLIFY_RESTORE_SITE_DEPLOY', { deploy_id: 'd0' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('site_id');
    expect(nf.requests).toHaveLength(0);
  });
});
