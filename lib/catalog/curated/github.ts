/**
 * GitHub: the generated operations already carry most hosted names (both come from GitHub's
 * operation summaries). Older names that the hosted docs and examples still call resolve here as
 * deprecated aliases of the current tools; GITHUB_GET_REPOS keeps its old `owner` argument.
 */
import { at, http, mapping, params, s } from './define';
import { githubOperationAliases } from './github-aliases';
import { githubGraphqlTools } from './github-graphql';
import { githubModelTools } from './github-models';
import { githubRepoTools } from './github-repo-tools';
import type { CuratedTool } from './types';

/** older hosted slug → current slug (same arguments) */
export const githubAliases: Record<string, string> = {
  GITHUB_CREATE_ISSUE: 'GITHUB_CREATE_AN_ISSUE',
  GITHUB_STAR_REPO: 'GITHUB_STAR_A_REPOSITORY_FOR_THE_AUTHENTICATED_USER',
  GITHUB_ACTIVITY_STAR_REPO_FOR_AUTHENTICATED_USER: 'GITHUB_STAR_A_REPOSITORY_FOR_THE_AUTHENTICATED_USER',
  GITHUB_GET_REPO: 'GITHUB_GET_A_REPOSITORY',
  GITHUB_GET_ISSUES: 'GITHUB_LIST_REPOSITORY_ISSUES',
  GITHUB_LIST_ISSUES: 'GITHUB_LIST_REPOSITORY_ISSUES',
  GITHUB_LIST_REPOS: 'GITHUB_LIST_REPOSITORIES_FOR_THE_AUTHENTICATED_USER',
  GITHUB_REPO_S_LIST_FOR_AUTHENTICATED_USER: 'GITHUB_LIST_REPOSITORIES_FOR_THE_AUTHENTICATED_USER',
  GITHUB_REPO_S_LIST_FOR_USER: 'GITHUB_LIST_REPOSITORIES_FOR_A_USER',
  GITHUB_REPO_S_LIST_FOR_ORG: 'GITHUB_LIST_ORGANIZATION_REPOSITORIES',
  GITHUB_REPO_S_LIST_CONTRIBUTORS: 'GITHUB_LIST_REPOSITORY_CONTRIBUTORS',
  GITHUB_REPO_S_LIST_COMMITS: 'GITHUB_LIST_COMMITS',
  GITHUB_REPO_S_LIST_COLLABORATORS: 'GITHUB_LIST_REPOSITORY_COLLABORATORS',
  GITHUB_SEARCH_REPO_S: 'GITHUB_SEARCH_REPOSITORIES',
  GITHUB_ACTIVITY_LIST_STARGAZERS_FOR_REPO: 'GITHUB_LIST_STARGAZERS',
  GITHUB_ACTIVITY_LIST_REPO_S_STARRED_BY_AUTHENTICATED_USER:
    'GITHUB_LIST_REPOSITORIES_STARRED_BY_THE_AUTHENTICATED_USER',
  GITHUB_CREATE_PULL_REQUEST: 'GITHUB_CREATE_A_PULL_REQUEST',
  GITHUB_CREATE_COMMIT: 'GITHUB_CREATE_A_COMMIT',
  GITHUB_USERS_GET_AUTHENTICATED: 'GITHUB_GET_THE_AUTHENTICATED_USER',
  GITHUB_USERS_GET_BY_USERNAME: 'GITHUB_GET_A_USER',
  GITHUB_USERS_GET_CONTEXT_FOR_USER: 'GITHUB_GET_CONTEXTUAL_INFORMATION_FOR_A_USER',
  GITHUB_USERS_LIST_FOLLOWERS_FOR_AUTHENTICATED_USER: 'GITHUB_LIST_FOLLOWERS_OF_THE_AUTHENTICATED_USER',
  GITHUB_USERS_LIST_PUBLIC_EMAILS_FOR_AUTHENTICATED_USER:
    'GITHUB_LIST_PUBLIC_EMAIL_ADDRESSES_FOR_THE_AUTHENTICATED_USER',
  GITHUB_USERS_LIST_SOCIAL_ACCOUNTS_FOR_USER: 'GITHUB_LIST_SOCIAL_ACCOUNTS_FOR_A_USER',
  GITHUB_SECURITY_ADVISORIES_LIST_GLOBAL_ADVISORIES: 'GITHUB_LIST_GLOBAL_SECURITY_ADVISORIES',
  // current hosted names of generated operations (github-aliases.ts)
  ...githubOperationAliases,
};

export const githubTools: CuratedTool[] = [
  ...githubRepoTools,
  ...githubGraphqlTools,
  ...githubModelTools,
  mapping({
    slug: 'GITHUB_GET_REPOS',
    name: 'List repositories of a user or organisation',
    deprecated: true,
    tags: ['github', 'repos'],
    description:
      "Older name still used by the hosted docs: list the public repositories of the user or organisation named in owner (by name unless sort says otherwise; page with page/per_page). For the connected user's own repositories, private ones included, use GITHUB_LIST_REPOSITORIES_FOR_THE_AUTHENTICATED_USER.",
    input: params(
      {
        owner: s.string('User or organisation login.', { examples: ['composio'] }),
        type: s.enum(['all', 'owner', 'member'], 'Which repositories.', { default: 'owner' }),
        sort: s.enum(['created', 'updated', 'pushed', 'full_name'], 'Order.', { default: 'full_name' }),
        per_page: s.integer('Per page (max 100).', { default: 30, maximum: 100 }),
        page: s.integer('Page number.', { default: 1 }),
      },
      ['owner'],
    ),
    http: http('GET', '/users/{username}/repos', {
      owner: at.path('username'),
      type: at.query('type'),
      sort: at.query('sort'),
      per_page: at.query('per_page'),
      page: at.query('page'),
    }),
  }),
];
