import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { githubOperationAliases } from '../../lib/catalog/curated/github-aliases';
import { buildToolRequest } from '../../lib/services/tools/http';

// Hosted GitHub names that resolve as aliases of generated operations must take the hosted
// arguments unchanged and build the GitHub REST request the hosted tool makes. The table holds a
// sample across areas (issues, actions, secrets, codespaces, users, orgs), with the hosted
// argument names as the hosted service documents them and the request GitHub documents.
const base = 'https://api.github.com';

const SAMPLE: [string, Record<string, unknown>, { method: string; path: string; query?: Record<string, string> }][] = [
  [
    'GITHUB_ACCEPT_REPOSITORY_INVITATION',
    { invitation_id: 42 },
    { method: 'PATCH', path: '/user/repository_invitations/42' },
  ],
  ['GITHUB_BLOCK_USER', { username: 'octocat' }, { method: 'PUT', path: '/user/blocks/octocat' }],
  [
    'GITHUB_CHECK_IF_USER_CAN_BE_ASSIGNED_TO_ISSUE',
    { owner: 'acme', repo: 'web', issue_number: 7, assignee: 'hubot' },
    { method: 'GET', path: '/repos/acme/web/issues/7/assignees/hubot' },
  ],
  [
    'GITHUB_CANCEL_WORKFLOW_RUN',
    { owner: 'acme', repo: 'web', run_id: 99 },
    { method: 'POST', path: '/repos/acme/web/actions/runs/99/cancel' },
  ],
  [
    'GITHUB_ADD_REPO_TO_ORG_SECRET_WITH_SELECTED_VISIBILITY',
    { org: 'acme', secret_name: 'NPM_TOKEN', repository_id: 1296269 },
    { method: 'PUT', path: '/orgs/acme/dependabot/secrets/NPM_TOKEN/repositories/1296269' },
  ],
  [
    'GITHUB_ADD_REPO_TO_ORG_SECRET_WITH_SELECTED_ACCESS',
    { org: 'acme', secret_name: 'NPM_TOKEN', repository_id: 1296269 },
    { method: 'PUT', path: '/orgs/acme/actions/secrets/NPM_TOKEN/repositories/1296269' },
  ],
  [
    'GITHUB_CLEAR_REPOSITORY_CACHE_BY_KEY',
    { owner: 'acme', repo: 'web', key: 'Linux-npm-1', ref: 'refs/heads/main' },
    { method: 'DELETE', path: '/repos/acme/web/actions/caches', query: { key: 'Linux-npm-1', ref: 'refs/heads/main' } },
  ],
  [
    'GITHUB_CHECK_IF_USER_FOLLOWS_ANOTHER_USER',
    { username: 'octocat', target_user: 'hubot' },
    { method: 'GET', path: '/users/octocat/following/hubot' },
  ],
  [
    'GITHUB_GET_CODESPACE',
    { codespace_name: 'monalisa-xyz' },
    { method: 'GET', path: '/user/codespaces/monalisa-xyz' },
  ],
  [
    'GITHUB_LIST_ORG_ISSUES_FOR_THE_AUTHENTICATED_USER',
    { org: 'acme', state: 'open' },
    { method: 'GET', path: '/orgs/acme/issues', query: { state: 'open' } },
  ],
  [
    'GITHUB_GET_ISSUE_COMMENTS',
    { owner: 'acme', repo: 'web', issue_number: 3 },
    { method: 'GET', path: '/repos/acme/web/issues/3/comments' },
  ],
  [
    'GITHUB_SEARCH_ISSUES',
    { q: 'repo:acme/web is:open label:bug' },
    { method: 'GET', path: '/search/issues', query: { q: 'repo:acme/web is:open label:bug' } },
  ],
  [
    'GITHUB_CONFIGURE_OIDC_SUBJECT_CLAIM_TEMPLATE',
    { org: 'acme', include_claim_keys: ['repo', 'context'] },
    { method: 'PUT', path: '/orgs/acme/actions/oidc/customization/sub' },
  ],
];

describe('hosted GitHub names that alias generated operations', () => {
  it.each(SAMPLE)('%s takes the hosted arguments and builds the documented request', (slug, args, want) => {
    const tool = getTool(slug);
    expect(tool, slug).toBeDefined();
    expect(tool!.aliasOf, slug).toBe(githubOperationAliases[slug]);
    const props = Object.keys(tool!.inputParameters.properties ?? {});
    for (const a of Object.keys(args)) expect(props, `${slug} accepts ${a}`).toContain(a);
    const req = buildToolRequest(tool!, base, args);
    expect(req.method).toBe(want.method);
    expect(req.url.pathname).toBe(want.path);
    const query = Object.fromEntries(req.url.searchParams.entries());
    for (const [k, v] of Object.entries(want.query ?? {})) expect(query[k], `${slug} ?${k}`).toBe(v);
  });

  it('the OIDC template body carries the claim keys under their GitHub name', () => {
    const req = buildToolRequest(getTool('GITHUB_CONFIGURE_OIDC_SUBJECT_CLAIM_TEMPLATE')!, base, {
      org: 'acme',
      include_claim_keys: ['repo', 'context'],
    });
    expect(JSON.parse(String(req.body))).toEqual({ include_claim_keys: ['repo', 'context'] });
  });

  it('every alias points at a tool that exists and is listed as a deprecated alias, never over a real slug', () => {
    for (const [alias, target] of Object.entries(githubOperationAliases)) {
      const t = getTool(alias);
      expect(t, alias).toBeDefined();
      expect(t!.aliasOf, alias).toBe(target);
      expect(t!.deprecated, alias).toBe(true);
      expect(getTool(target)?.aliasOf, target).toBeUndefined();
    }
    expect(Object.keys(githubOperationAliases).length).toBeGreaterThan(250);
  });
});
