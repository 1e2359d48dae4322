import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeConfluence, type FakeConfluence } from '../helpers/fake-confluence';

// Confluence (lib/catalog/curated/confluence.ts) through the execute pipeline with a scoped API
// token, against a loopback Atlassian gateway; the connection's cloud id fills the base URL.
const CLOUD = '1a2b3c4d-0000-4e5f-8a9b-0123456789ab';
const EMAIL = 'ana@acme.test';
const TOKEN = 'ATATT-scoped-token';
let s: TestServer;
let cf: FakeConfluence;
let account: string;

beforeAll(async () => {
  [s, cf] = await Promise.all([
    providerServer({ startTimeoutMs: 110_000 }),
    startFakeConfluence({ cloudId: CLOUD, email: EMAIL, token: TOKEN }),
  ]);
  account = (
    await connectToFake(s, {
      toolkit: 'confluence',
      authScheme: 'BASIC',
      // the gateway's host is replaced by the fake; the {cloud_id} part is filled as in production
      val: { username: EMAIL, password: TOKEN, cloud_id: CLOUD, base_url: `${cf.url}/ex/confluence/{cloud_id}/wiki` },
      userId: 'cf-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), cf?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Confluence toolkit', () => {
  it('CONFLUENCE_CREATE_PAGE posts a v2 page (storage body) to the cloud id; a duplicate title fails', async () => {
    const r = await exec('CONFLUENCE_CREATE_PAGE', {
      space_id: '98304',
      title: 'Runbook: deploys',
      body: { value: '<p>Step one: <strong>tag</strong> the release.</p>' },
      parent_id: '65001',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '65001', title: 'Runbook: deploys', version: { number: 1 } },
    });
    const req = cf.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/ex/confluence/${CLOUD}/wiki/api/v2/pages`);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`);
    expect(req.json).toEqual({
      spaceId: '98304',
      title: 'Runbook: deploys',
      parentId: '65001',
      status: 'current',
      body: { representation: 'storage', value: '<p>Step one: <strong>tag</strong> the release.</p>' },
    });
    const dup = await exec('CONFLUENCE_CREATE_PAGE', { space_id: '98304', title: 'Runbook: deploys' });
    expect(dup.body.successful, JSON.stringify(dup.body)).toBe(false);
  });

  it('CONFLUENCE_CQL_SEARCH sends the CQL to the v1 search', async () => {
    const r = await exec('CONFLUENCE_CQL_SEARCH', { cql: 'text ~ "tag" AND type = page', limit: 10 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { results: [{ content: { id: '65001', title: 'Runbook: deploys' } }], size: 1 },
    });
    const q = cf.last()!.query;
    expect(q.get('cql')).toBe('text ~ "tag" AND type = page');
    expect(q.get('limit')).toBe('10');
  });

  it('GET /toolkits/confluence: Atlassian 3LO finds the cloud id itself (optional hint); the authorize URL carries audience and consent', async () => {
    const tk = await s.api('GET', '/toolkits/confluence');
    expect(tk.status, JSON.stringify(tk.body)).toBe(200);
    const oauth = tk.body.auth_config_details.find((d: { mode: string }) => d.mode === 'OAUTH2');
    // the callback learns the site from accessible-resources; cloud_id or subdomain only pick among several
    expect(oauth.fields.connected_account_initiation.required).toEqual([]);
    expect(oauth.fields.connected_account_initiation.optional.map((f: { name: string }) => f.name)).toEqual([
      'cloud_id',
      'subdomain',
    ]);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2', 'BASIC']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'confluence' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'atl-app', client_secret: 'x' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana', data: { cloud_id: CLOUD } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://auth.atlassian.com/authorize');
    expect(url.searchParams.get('audience')).toBe('api.atlassian.com');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('client_id')).toBe('atl-app');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['read:page:confluence', 'write:page:confluence', 'offline_access']),
    );
  });
});
