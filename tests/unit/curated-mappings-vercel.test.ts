import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Vercel mappings build the REST request Vercel documents (vercel.com/docs/rest-api): versioned
// paths on api.vercel.com, the team in the query (also on POST/PATCH), Vercel's camelCase names.
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://api.vercel.test' });

const TEAM = { teamId: 'team_1' };
const TABLE: [string, Record<string, unknown>, Want][] = [
  // hosted arguments added to earlier tools: upsert is a boolean, customEnvironmentIds goes in the body
  [
    'VERCEL_ADD_ENVIRONMENT_VARIABLE',
    {
      idOrName: 'web',
      key: 'A',
      value: 'b',
      type: 'plain',
      target: ['preview'],
      upsert: true,
      customEnvironmentIds: ['env_9'],
    },
    {
      method: 'POST',
      path: '/v10/projects/web/env',
      query: { upsert: 'true' },
      body: { key: 'A', value: 'b', type: 'plain', target: ['preview'], customEnvironmentIds: ['env_9'] },
    },
  ],
  [
    'VERCEL_CREATE_NEW_DEPLOYMENT',
    {
      name: 'web',
      files: [{ file: 'index.html', data: '<h1>hi</h1>' }],
      projectSettings: { framework: 'vite', buildCommand: 'npm run build' },
      skipAutoDetectionConfirmation: '1',
      teamId: 'team_1',
    },
    {
      method: 'POST',
      path: '/v13/deployments',
      query: { skipAutoDetectionConfirmation: '1', teamId: 'team_1' },
      body: {
        name: 'web',
        files: [{ file: 'index.html', data: '<h1>hi</h1>' }],
        projectSettings: { framework: 'vite', buildCommand: 'npm run build' },
      },
    },
  ],
  [
    'VERCEL_LIST_ENV_VARIABLES',
    { projectId: 'prj_1', decrypt: true, gitBranch: 'feature-x', ...TEAM },
    {
      method: 'GET',
      path: '/v10/projects/prj_1/env',
      query: { decrypt: 'true', gitBranch: 'feature-x', teamId: 'team_1' },
    },
  ],
  // limit and until are accepted (hosted arguments) but Vercel's env listing is not paged: not sent
  [
    'VERCEL_LIST_ENV_VARIABLES',
    { projectId: 'web', limit: 50, until: 1700000000000 },
    { method: 'GET', path: '/v10/projects/web/env' },
  ],
  [
    'VERCEL_GET_DEPLOYMENT_LOGS',
    { idOrUrl: 'my-app-abc.vercel.app', direction: 'backward', limit: 20, builds: 1, statusCode: '5xx' },
    {
      method: 'GET',
      path: '/v3/deployments/my-app-abc.vercel.app/events',
      query: { direction: 'backward', limit: '20', builds: '1', statusCode: '5xx', follow: '0' },
    },
  ],
  [
    'VERCEL_LIST_DEPLOYMENT_CHECKS',
    { deploymentId: 'dpl_1', slug: 'acme' },
    { method: 'GET', path: '/v1/deployments/dpl_1/checks', query: { slug: 'acme' } },
  ],
  [
    'VERCEL_ASSIGN_ALIAS',
    { id: 'dpl_1', alias: 'staging.example.com', ...TEAM },
    {
      method: 'POST',
      path: '/v2/deployments/dpl_1/aliases',
      query: { teamId: 'team_1' },
      body: { alias: 'staging.example.com' },
    },
  ],
  [
    'VERCEL_GET_PROJECT_DOMAIN',
    { idOrName: 'web', domain: 'www.example.com' },
    { method: 'GET', path: '/v9/projects/web/domains/www.example.com' },
  ],
  [
    'VERCEL_REMOVE_PROJECT_DOMAIN',
    { idOrName: 'prj_1', domain: 'old.example.com', ...TEAM },
    { method: 'DELETE', path: '/v9/projects/prj_1/domains/old.example.com', query: { teamId: 'team_1' } },
  ],
  [
    'VERCEL_GET_DOMAIN_CONFIG',
    { domain: 'example.com', projectIdOrName: 'web', strict: 'true' },
    { method: 'GET', path: '/v6/domains/example.com/config', query: { projectIdOrName: 'web', strict: 'true' } },
  ],
  [
    'VERCEL_LIST_DNS_RECORDS',
    { domain: 'example.com', until: 1700000000000 },
    { method: 'GET', path: '/v5/domains/example.com/records', query: { until: '1700000000000' } },
  ],
  [
    'VERCEL_CREATE_DNS_RECORD',
    { domain: 'example.com', name: 'api', type: 'CNAME', value: 'cname.vercel-dns.com', ttl: 60, ...TEAM },
    {
      method: 'POST',
      path: '/v2/domains/example.com/records',
      query: { teamId: 'team_1' },
      body: { name: 'api', type: 'CNAME', value: 'cname.vercel-dns.com', ttl: 60 },
    },
  ],
  [
    'VERCEL_CREATE_DNS_RECORD',
    { domain: 'example.com', name: '', type: 'MX', value: 'mx.example.net', mxPriority: 10 },
    {
      method: 'POST',
      path: '/v2/domains/example.com/records',
      body: { name: '', type: 'MX', value: 'mx.example.net', mxPriority: 10 },
    },
  ],
  [
    'VERCEL_UPDATE_DNS_RECORD',
    { recordId: 'rec_1', value: '76.76.21.21', ttl: 300 },
    { method: 'PATCH', path: '/v1/domains/records/rec_1', body: { value: '76.76.21.21', ttl: 300 } },
  ],
  [
    'VERCEL_DELETE_DNS_RECORD',
    { domain: 'example.com', recordId: 'rec_1', ...TEAM },
    { method: 'DELETE', path: '/v2/domains/example.com/records/rec_1', query: { teamId: 'team_1' } },
  ],
  [
    'VERCEL_PAUSE_PROJECT',
    { projectId: 'prj_1', ...TEAM },
    { method: 'POST', path: '/v1/projects/prj_1/pause', query: { teamId: 'team_1' } },
  ],
  ['VERCEL_UNPAUSE_PROJECT', { projectId: 'prj_1' }, { method: 'POST', path: '/v1/projects/prj_1/unpause' }],
  [
    'VERCEL_GET_USER_EVENTS',
    { types: 'deployment,project-env-variable', since: '2025-01-31T00:00:00Z', userId: 'u_1', ...TEAM },
    {
      method: 'GET',
      path: '/v3/events',
      query: {
        types: 'deployment,project-env-variable',
        since: '2025-01-31T00:00:00Z',
        userId: 'u_1',
        teamId: 'team_1',
      },
    },
  ],
];

describe('Vercel curated mappings', () => {
  it.each(TABLE)('%s builds the documented Vercel request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    expect(got.query).toEqual(want.query ?? {});
    expect(got.body).toEqual(want.body);
  });

  it('the new tools are curated, and required arguments are the path ones plus what Vercel needs', () => {
    const required = (slug: string) => getTool(slug)!.inputParameters.required ?? [];
    expect(required('VERCEL_LIST_ENV_VARIABLES')).toEqual(['projectId']);
    expect(required('VERCEL_ASSIGN_ALIAS').sort()).toEqual(['alias', 'id']);
    expect(required('VERCEL_CREATE_DNS_RECORD').sort()).toEqual(['domain', 'type']);
    expect(required('VERCEL_DELETE_DNS_RECORD').sort()).toEqual(['domain', 'recordId']);
    expect(required('VERCEL_GET_USER_EVENTS')).toEqual([]);
    // one request each: a mapping in code (curated) or as data (vercel.yaml, marked mapped)
    for (const slug of TABLE.map((r) => r[0])) {
      const t = getTool(slug)!;
      expect(t.mapped === true || t.curated?.kind === 'mapping', slug).toBe(true);
    }
  });
});
