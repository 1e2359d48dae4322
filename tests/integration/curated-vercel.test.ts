import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import { type FakeUpstream, type RecordedRequest, startFakeUpstream } from '../helpers/fake-upstream';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Vercel tools (lib/catalog/curated/vercel.ts) through the real execute pipeline, with an access
// token, against a loopback api.vercel.com that checks what it receives.
const TOKEN = 'vercel_test_token';
let s: TestServer;
let vercel: FakeUpstream;
let account: string;

type Reply = { status?: number; json?: unknown };
const authed =
  (h: (req: RecordedRequest, p: Record<string, string>) => Reply) =>
  (req: RecordedRequest, p: Record<string, string>): Reply =>
    req.headers.authorization === `Bearer ${TOKEN}`
      ? h(req, p)
      : { status: 403, json: { error: { code: 'forbidden', message: 'Not authorized' } } };

beforeAll(async () => {
  [s, vercel] = await Promise.all([providerServer(), startFakeUpstream()]);
  vercel.on(
    'GET',
    '/v10/projects/:project/env',
    authed((_req, p) => ({
      json: {
        envs: [
          { id: 'env_1', key: 'DATABASE_URL', type: 'encrypted', target: ['production'], value: 'postgres://db' },
          { id: 'env_2', key: 'API_URL', type: 'plain', target: ['preview'], value: `for ${p.project}` },
        ],
      },
    })),
  );
  vercel.on(
    'GET',
    '/v3/deployments/:id/events',
    authed(() => ({
      json: [
        { type: 'command', created: 1700000000000, text: 'npm run build' },
        { type: 'stderr', created: 1700000001000, text: 'Error: Cannot find module "next"' },
      ],
    })),
  );
  vercel.on(
    'POST',
    '/v2/domains/:domain/records',
    authed((req) => {
      const b = req.json as { type?: string; name?: string };
      return b.type && b.name !== undefined
        ? { json: { uid: 'rec_123', updated: 1700000000000 } }
        : { status: 400, json: { error: { code: 'bad_request', message: 'type and name are required' } } };
    }),
  );
  vercel.on(
    'POST',
    '/v2/deployments/:id/aliases',
    authed((req, p) => ({
      json: {
        uid: 'als_1',
        alias: (req.json as { alias: string }).alias,
        created: '2025-01-31T00:00:00.000Z',
        oldDeploymentId: p.id === 'dpl_new' ? 'dpl_old' : null,
      },
    })),
  );
  vercel.on(
    'POST',
    '/v1/projects/:id/pause',
    authed(() => ({ json: {} })),
  );
  vercel.on(
    'DELETE',
    '/v9/projects/:project/domains/:domain',
    authed((_req, p) =>
      p.domain === 'missing.example.com'
        ? { status: 404, json: { error: { code: 'not_found', message: 'Domain not found on this project' } } }
        : { json: {} },
    ),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'vercel',
      authScheme: 'API_KEY',
      val: { api_key: TOKEN, base_url: vercel.url },
      userId: 'vercel-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), vercel?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Vercel curated tools', () => {
  it('VERCEL_LIST_ENV_VARIABLES reads the project env with the token, without the unpaged limit/until', async () => {
    vercel.reset();
    const r = await exec('VERCEL_LIST_ENV_VARIABLES', {
      projectId: 'prj_web',
      decrypt: true,
      limit: 50,
      until: 1700000000000,
      teamId: 'team_1',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(r.body.data.envs.map((e: { key: string }) => e.key)).toEqual(['DATABASE_URL', 'API_URL']);
    const req = vercel.last()!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v10/projects/prj_web/env');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(Object.fromEntries(req.query)).toEqual({ decrypt: 'true', teamId: 'team_1' });
  });

  it('VERCEL_GET_DEPLOYMENT_LOGS returns the event lines as logs and never asks to follow', async () => {
    vercel.reset();
    const r = await exec('VERCEL_GET_DEPLOYMENT_LOGS', { idOrUrl: 'dpl_failed', direction: 'backward', builds: 1 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(r.body.data.logs).toHaveLength(2);
    expect(r.body.data.logs[1]).toMatchObject({ type: 'stderr', text: 'Error: Cannot find module "next"' });
    const req = vercel.last()!;
    expect(req.path).toBe('/v3/deployments/dpl_failed/events');
    expect(Object.fromEntries(req.query)).toEqual({ direction: 'backward', builds: '1', limit: '100', follow: '0' });
  });

  it('VERCEL_CREATE_DNS_RECORD posts the record in Vercel names, the team in the query', async () => {
    vercel.reset();
    const r = await exec('VERCEL_CREATE_DNS_RECORD', {
      domain: 'example.com',
      name: 'api',
      type: 'CNAME',
      value: 'cname.vercel-dns.com',
      ttl: 60,
      comment: 'api host',
      teamId: 'team_1',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { uid: 'rec_123' } });
    const req = vercel.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v2/domains/example.com/records');
    expect(Object.fromEntries(req.query)).toEqual({ teamId: 'team_1' });
    expect(req.json).toEqual({
      name: 'api',
      type: 'CNAME',
      value: 'cname.vercel-dns.com',
      ttl: 60,
      comment: 'api host',
    });
  });

  it('VERCEL_ASSIGN_ALIAS points the hostname at the deployment and reports the one it left', async () => {
    vercel.reset();
    const r = await exec('VERCEL_ASSIGN_ALIAS', { id: 'dpl_new', alias: 'staging.example.com' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { alias: 'staging.example.com', oldDeploymentId: 'dpl_old' },
    });
    expect(vercel.last()!.path).toBe('/v2/deployments/dpl_new/aliases');
    expect(vercel.last()!.json).toEqual({ alias: 'staging.example.com' });
  });

  it('VERCEL_PAUSE_PROJECT posts to the pause endpoint of the project', async () => {
    vercel.reset();
    const r = await exec('VERCEL_PAUSE_PROJECT', { projectId: 'prj_web', slug: 'acme' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const req = vercel.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/projects/prj_web/pause');
    expect(Object.fromEntries(req.query)).toEqual({ slug: 'acme' });
  });

  it("VERCEL_REMOVE_PROJECT_DOMAIN ends unsuccessful with Vercel's message on a 404", async () => {
    vercel.reset();
    const r = await exec('VERCEL_REMOVE_PROJECT_DOMAIN', { idOrName: 'web', domain: 'missing.example.com' });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(false);
    expect(JSON.stringify(r.body)).toContain('Domain not found on this project');
    expect(vercel.last()!.method).toBe('DELETE');
    expect(vercel.last()!.path).toBe('/v9/projects/web/domains/missing.example.com');
  });

  it('a missing required argument is refused before any call to Vercel', async () => {
    vercel.reset();
    const r = await exec('VERCEL_CREATE_DNS_RECORD', { domain: 'example.com', name: 'x' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(vercel.requests).toHaveLength(0);
  });
});
