import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { CURATED } from '../../lib/catalog/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Netlify mappings build the request Netlify's API documents (open-api.netlify.com), relative to
// the toolkit's base URL https://api.netlify.com/api/v1.
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://api.netlify.com/api/v1', prefix: '/api/v1' });

const SITE = { site_id: 'site-1' };
const ENV = { account_id: 'acc-1' };
const TABLE: [string, Record<string, unknown>, Want][] = [
  [
    'NETLIFY_LIST_SITES',
    { name: 'blog', filter: 'owner', page: 2, per_page: 10 },
    { method: 'GET', path: '/sites', query: { name: 'blog', filter: 'owner', page: '2', per_page: '10' } },
  ],
  ['NETLIFY_GET_SITE', { site_id: 'my-site.netlify.app' }, { method: 'GET', path: '/sites/my-site.netlify.app' }],
  [
    'NETLIFY_CREATE_SITE',
    {
      name: 'acme-web',
      custom_domain: 'www.acme.test',
      repo: { provider: 'github', repo_path: 'acme/web', repo_branch: 'main', cmd: 'npm run build', dir: 'dist' },
    },
    {
      method: 'POST',
      path: '/sites',
      body: {
        name: 'acme-web',
        custom_domain: 'www.acme.test',
        repo: { provider: 'github', repo_path: 'acme/web', repo_branch: 'main', cmd: 'npm run build', dir: 'dist' },
      },
    },
  ],
  [
    'NETLIFY_CREATE_SITE_IN_TEAM',
    { account_slug: 'acme', name: 'docs' },
    { method: 'POST', path: '/acme/sites', body: { name: 'docs' } },
  ],
  [
    'NETLIFY_UPDATE_SITE',
    { ...SITE, name: 'renamed', force_ssl: true, build_settings: { cmd: 'make', stop_builds: true } },
    {
      method: 'PATCH',
      path: '/sites/site-1',
      body: { name: 'renamed', force_ssl: true, build_settings: { cmd: 'make', stop_builds: true } },
    },
  ],
  ['NETLIFY_DELETE_SITE', SITE, { method: 'DELETE', path: '/sites/site-1' }],
  [
    'NETLIFY_LIST_SITE_DEPLOYS',
    { ...SITE, state: 'ready', branch: 'main', production: true, deploy_previews: false, per_page: 5 },
    {
      method: 'GET',
      path: '/sites/site-1/deploys',
      query: { state: 'ready', branch: 'main', production: 'true', 'deploy-previews': 'false', per_page: '5' },
    },
  ],
  ['NETLIFY_GET_DEPLOY', { deploy_id: 'd1' }, { method: 'GET', path: '/deploys/d1' }],
  ['NETLIFY_CANCEL_SITE_DEPLOY', { deploy_id: 'd1' }, { method: 'POST', path: '/deploys/d1/cancel' }],
  [
    'NETLIFY_RESTORE_SITE_DEPLOY',
    { ...SITE, deploy_id: 'd0' },
    { method: 'POST', path: '/sites/site-1/deploys/d0/restore' },
  ],
  ['NETLIFY_ROLLBACK_SITE_DEPLOY', SITE, { method: 'PUT', path: '/sites/site-1/rollback' }],
  [
    'NETLIFY_CREATE_SITE_BUILD',
    { ...SITE, clear_cache: true },
    { method: 'POST', path: '/sites/site-1/builds', body: { clear_cache: true } },
  ],
  ['NETLIFY_LIST_SITE_BUILD_HOOKS', SITE, { method: 'GET', path: '/sites/site-1/build_hooks' }],
  [
    'NETLIFY_CREATE_SITE_BUILD_HOOK',
    { ...SITE, title: 'CMS', branch: 'main' },
    { method: 'POST', path: '/sites/site-1/build_hooks', body: { title: 'CMS', branch: 'main' } },
  ],
  [
    'NETLIFY_GET_ENV_VARS',
    { ...ENV, site_id: 'site-1', context_name: 'production' },
    { method: 'GET', path: '/accounts/acc-1/env', query: { site_id: 'site-1', context_name: 'production' } },
  ],
  [
    'NETLIFY_GET_ENV_VAR',
    { ...ENV, key: 'API_URL', site_id: 'site-1' },
    { method: 'GET', path: '/accounts/acc-1/env/API_URL', query: { site_id: 'site-1' } },
  ],
  [
    'NETLIFY_CREATE_ENV_VARS',
    { ...ENV, site_id: 'site-1', key: 'API_URL', value: 'https://api.acme.test', scopes: ['builds', 'functions'] },
    {
      method: 'POST',
      path: '/accounts/acc-1/env',
      query: { site_id: 'site-1' },
      body: [
        {
          key: 'API_URL',
          values: [{ context: 'all', value: 'https://api.acme.test' }],
          scopes: ['builds', 'functions'],
        },
      ],
    },
  ],
  [
    'NETLIFY_CREATE_ENV_VARS',
    {
      ...ENV,
      env_vars: [
        { key: 'A', values: [{ context: 'production', value: '1' }] },
        { key: 'B', values: [{ context: 'all', value: '2' }], is_secret: true },
      ],
    },
    {
      method: 'POST',
      path: '/accounts/acc-1/env',
      query: {},
      body: [
        { key: 'A', values: [{ context: 'production', value: '1' }] },
        { key: 'B', values: [{ context: 'all', value: '2' }], is_secret: true },
      ],
    },
  ],
  [
    'NETLIFY_UPDATE_ENV_VAR',
    {
      ...ENV,
      key: 'API_URL',
      site_id: 'site-1',
      values: [
        { context: 'production', value: 'https://api.acme.test' },
        { context: 'deploy-preview', value: 'https://staging.acme.test' },
      ],
    },
    {
      method: 'PUT',
      path: '/accounts/acc-1/env/API_URL',
      query: { site_id: 'site-1' },
      body: {
        key: 'API_URL',
        values: [
          { context: 'production', value: 'https://api.acme.test' },
          { context: 'deploy-preview', value: 'https://staging.acme.test' },
        ],
      },
    },
  ],
  [
    'NETLIFY_SET_ENV_VAR_VALUE',
    { ...ENV, key: 'API_URL', site_id: 'site-1', context: 'production', value: 'v2' },
    {
      method: 'PATCH',
      path: '/accounts/acc-1/env/API_URL',
      query: { site_id: 'site-1' },
      body: { context: 'production', value: 'v2' },
    },
  ],
  [
    'NETLIFY_DELETE_ENV_VAR',
    { ...ENV, key: 'API_URL', site_id: 'site-1' },
    { method: 'DELETE', path: '/accounts/acc-1/env/API_URL', query: { site_id: 'site-1' } },
  ],
  ['NETLIFY_LIST_SITE_FORMS', SITE, { method: 'GET', path: '/sites/site-1/forms' }],
  [
    'NETLIFY_LIST_FORM_SUBMISSIONS',
    { form_id: 'f1', page: 1, per_page: 20 },
    { method: 'GET', path: '/forms/f1/submissions', query: { page: '1', per_page: '20' } },
  ],
  ['NETLIFY_LIST_SITE_SUBMISSIONS', SITE, { method: 'GET', path: '/sites/site-1/submissions' }],
  [
    'NETLIFY_GET_DNS_ZONES',
    { account_slug: 'acme' },
    { method: 'GET', path: '/dns_zones', query: { account_slug: 'acme' } },
  ],
  ['NETLIFY_GET_CURRENT_USER', {}, { method: 'GET', path: '/user' }],
  ['NETLIFY_LIST_ACCOUNTS_FOR_USER', {}, { method: 'GET', path: '/accounts' }],
];

describe('Netlify curated mappings', () => {
  it.each(TABLE)('%s builds the documented request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    expect(got.query).toEqual(want.query ?? {});
    expect(got.body).toEqual(want.body);
  });

  it('covers every curated Netlify tool, each replacing the generated operation of its slug', () => {
    const slugs = CURATED.netlify!.map((t) => t.slug);
    expect(new Set(TABLE.map((r) => r[0]))).toEqual(new Set(slugs));
    expect(slugs.length).toBeGreaterThanOrEqual(15);
    for (const slug of slugs) expect(getTool(slug)?.curated?.kind, slug).toBe('mapping');
  });

  it("accepts Netlify's hyphenated deploy filters", () => {
    const tool = CURATED.netlify!.find((t) => t.slug === 'NETLIFY_LIST_SITE_DEPLOYS')!;
    const args = tool.normalize!({ site_id: 's', 'deploy-previews': true, 'latest-published': false });
    expect(args).toEqual({ site_id: 's', deploy_previews: true, latest_published: false });
    expect(build('NETLIFY_LIST_SITE_DEPLOYS', args).query).toEqual({
      'deploy-previews': 'true',
      'latest-published': 'false',
    });
  });

  it('deletes and rollbacks answer with a confirmation', () => {
    const del = getTool('NETLIFY_DELETE_ENV_VAR')!;
    expect(del.curated?.shape?.(undefined, { key: 'API_URL' })).toEqual({ deleted: true, key: 'API_URL' });
    const rb = getTool('NETLIFY_ROLLBACK_SITE_DEPLOY')!;
    expect(rb.curated?.shape?.({}, { site_id: 's' })).toEqual({ rolled_back: true, site_id: 's' });
  });
});
