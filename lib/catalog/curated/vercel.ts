/**
 * Vercel in the hosted vocabulary on the REST API (api.vercel.com). Vercel's parameters are
 * camelCase (idOrName, idOrUrl, projectId, teamId) and the hosted tools use them as they are.
 * Every call may name a team with `teamId` (team_…) or `slug`; without one it acts on the
 * personal account, where team projects look missing. Lists page with `limit` and the
 * `pagination.next` timestamp passed back as `until`.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const vc = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['vercel'] }, same, 'vercel');

const team = {
  teamId: s.string('Team id (team_…) to act for; see VERCEL_GET_TEAMS'),
  slug: s.string('Or the team slug'),
};
const TEAM_QUERY = ['teamId', 'slug'];
const PROJECT = s.string('Project id (prj_…) or name');
const DEPLOYMENT = s.string('Deployment id (dpl_…) or its URL, e.g. my-app-abc123.vercel.app');
const ENV_TARGET = s.strings('Environments: production, preview, development', {
  default: ['production', 'preview', 'development'],
});

export const vercelTools: CuratedTool[] = [
  vc({
    slug: 'VERCEL_GET_PROJECTS',
    name: 'List projects',
    important: true,
    method: 'GET',
    path: '/v10/projects',
    input: {
      search: s.string('Only projects whose name contains this'),
      repo: s.string('Only projects linked to this repository, e.g. acme/web'),
      limit: s.integer('Projects per page (at most 100)', { default: 20 }),
      from: s.string('pagination.next of the previous page'),
      ...team,
    },
    required: [],
    description:
      'Projects of the account or team: id, name, framework, link (git repository), latestDeployments, targets.production. Page with from while pagination.next is set.',
  }),
  vc({
    slug: 'VERCEL_GET_PROJECT2',
    name: 'Get project',
    method: 'GET',
    path: '/v9/projects/{idOrName}',
    input: { idOrName: PROJECT, ...team },
    description:
      'One project with its settings (framework, build and output commands, root directory), git link and latest deployments.',
  }),
  vc({
    slug: 'VERCEL_CREATE_PROJECT2',
    name: 'Create project',
    method: 'POST',
    path: '/v11/projects',
    input: {
      name: s.string('Project name (lowercase, unique in the team)'),
      framework: s.string('Framework preset, e.g. nextjs, vite, astro; auto-detected when omitted'),
      gitRepository: s.object(
        { type: s.enum(['github', 'gitlab', 'bitbucket'], 'Git provider'), repo: s.string('owner/name') },
        'Connect this repository (pushes deploy)',
      ),
      buildCommand: s.string('Override the build command'),
      outputDirectory: s.string('Override the output directory'),
      installCommand: s.string('Override the install command'),
      rootDirectory: s.string('Sub-directory holding the app'),
      ...team,
    },
    required: ['name'],
    query: TEAM_QUERY,
    description:
      'Create a project, optionally linked to a git repository. Returns the project id; deploy with VERCEL_CREATE_NEW_DEPLOYMENT.',
  }),
  vc({
    slug: 'VERCEL_GET_DEPLOYMENTS',
    name: 'List deployments',
    important: true,
    method: 'GET',
    path: '/v6/deployments',
    input: {
      projectId: s.string('Only deployments of this project (id or name)'),
      target: s.enum(['production', 'preview'], 'Only this environment'),
      state: s.string('Only these states, comma-separated: BUILDING, ERROR, INITIALIZING, QUEUED, READY, CANCELED'),
      limit: s.integer('Deployments per page (at most 100)', { default: 20 }),
      since: s.integer('Created after this Unix time in milliseconds'),
      until: s.integer('Created before this Unix time in milliseconds (pagination.next for older ones)'),
      ...team,
    },
    required: [],
    description:
      'Deployments, newest first: uid, url, state (readyState), target, created, creator, meta.githubCommitRef. Inspect one with VERCEL_GET_DEPLOYMENT.',
  }),
  vc({
    slug: 'VERCEL_GET_DEPLOYMENT',
    name: 'Get deployment',
    method: 'GET',
    path: '/v13/deployments/{idOrUrl}',
    input: { idOrUrl: DEPLOYMENT, withGitRepoInfo: s.string('"true" to include git repository details'), ...team },
    description:
      'One deployment: readyState (QUEUED, BUILDING, READY, ERROR, CANCELED), errorMessage, url, alias, target, gitSource. It serves traffic only when READY.',
  }),
  vc({
    slug: 'VERCEL_CREATE_NEW_DEPLOYMENT',
    name: 'Create deployment',
    important: true,
    method: 'POST',
    path: '/v13/deployments',
    input: {
      name: s.string('Project name the deployment belongs to'),
      project: s.string('Project id, when the name is ambiguous'),
      target: s.string('production, or preview when omitted'),
      files: s.array(
        s.object(
          {
            file: s.string('Path, e.g. index.html'),
            data: s.string('File content'),
            encoding: s.enum(['utf-8', 'base64'], 'Encoding of data'),
          },
          'Inline file',
        ),
        'Files to deploy (inline content)',
      ),
      gitSource: s.object(
        {
          type: s.enum(['github', 'gitlab', 'bitbucket'], 'Git provider'),
          repoId: s.string('Numeric repository id (GitHub: the id field of the repository)'),
          ref: s.string('Branch or tag'),
          sha: s.string('Commit to deploy'),
        },
        'Deploy a git commit instead of files',
      ),
      deploymentId: s.string('Redeploy this existing deployment'),
      meta: s.object({}, 'String key-value pairs to attach'),
      forceNew: s.string('"1" to build even when an identical deployment exists'),
      ...team,
    },
    required: [],
    query: ['forceNew', ...TEAM_QUERY],
    description:
      'Deploy inline files or a git commit (or redeploy deploymentId). Returns the deployment (id, url, readyState QUEUED); poll VERCEL_GET_DEPLOYMENT until READY or ERROR, reading VERCEL_GET_DEPLOYMENT_EVENTS2 for build logs.',
  }),
  vc({
    slug: 'VERCEL_GET_DEPLOYMENT_EVENTS2',
    name: 'Get deployment build logs',
    method: 'GET',
    path: '/v3/deployments/{idOrUrl}/events',
    input: {
      idOrUrl: DEPLOYMENT,
      direction: s.enum(['forward', 'backward'], 'Oldest or newest first', { default: 'forward' }),
      limit: s.integer('Most events to return; -1 for all', { default: 100 }),
      since: s.integer('Events after this Unix time in milliseconds'),
      until: s.integer('Events before this Unix time in milliseconds'),
      builds: s.integer('1 to include build events'),
      follow: s.integer('Kept at 0: a tool call cannot stream', { default: 0 }),
      ...team,
    },
    defaults: { follow: 0 },
    description:
      'Build and deployment log events (type, created, text) of a deployment. Use it to see why a build failed.',
  }),
  vc({
    slug: 'VERCEL_DELETE_DEPLOYMENT',
    name: 'Delete deployment',
    method: 'DELETE',
    path: '/v13/deployments/{id}',
    input: { id: s.string('Deployment id, dpl_…'), url: s.string('Or the deployment URL'), ...team },
    description: 'Delete a deployment for good. Never the current production one; ask the user first.',
  }),
  vc({
    slug: 'VERCEL_REQUEST_PROMOTE',
    name: 'Promote deployment to production',
    method: 'POST',
    path: '/v10/projects/{projectId}/promote/{deploymentId}',
    input: { projectId: s.string('Project id'), deploymentId: s.string('Deployment id to serve production'), ...team },
    query: TEAM_QUERY,
    description:
      'Point the production domains of a project at an existing deployment without rebuilding (answers 201 or 202).',
  }),
  vc({
    slug: 'VERCEL_ADD_ENVIRONMENT_VARIABLE',
    name: 'Add environment variable',
    important: true,
    method: 'POST',
    path: '/v10/projects/{idOrName}/env',
    input: {
      idOrName: PROJECT,
      key: s.string('Variable name, e.g. DATABASE_URL'),
      value: s.string('Value'),
      type: s.enum(['plain', 'encrypted', 'sensitive'], 'Storage type', { default: 'encrypted' }),
      target: ENV_TARGET,
      gitBranch: s.string('Only for preview deployments of this branch'),
      comment: s.string('Note for teammates'),
      upsert: s.string('"true" to overwrite an existing variable of the same key and target'),
      ...team,
    },
    required: ['idOrName', 'key', 'value'],
    defaults: { type: 'encrypted', target: ['production', 'preview', 'development'] },
    query: ['upsert', ...TEAM_QUERY],
    description:
      'Set an environment variable on a project. It applies to the next deployment, not running ones. Returns created (the variable with its id).',
  }),
  vc({
    slug: 'VERCEL_EDIT_PROJECT_ENV',
    name: 'Edit environment variable',
    method: 'PATCH',
    path: '/v9/projects/{idOrName}/env/{id}',
    input: {
      idOrName: PROJECT,
      id: s.string('Variable id (from VERCEL_FILTER_PROJECT_ENVS)'),
      key: s.string('New name'),
      value: s.string('New value'),
      type: s.enum(['plain', 'encrypted', 'sensitive'], 'Storage type'),
      target: s.strings('Environments'),
      gitBranch: s.string('Preview branch'),
      comment: s.string('Note'),
      ...team,
    },
    query: TEAM_QUERY,
    description: 'Change the value, name, type or environments of a project environment variable.',
  }),
  vc({
    slug: 'VERCEL_DELETE_PROJECT_ENV',
    name: 'Delete environment variable',
    method: 'DELETE',
    path: '/v9/projects/{idOrName}/env/{id}',
    input: { idOrName: PROJECT, id: s.string('Variable id'), ...team },
    description: 'Remove an environment variable from a project.',
  }),
];

/** Hosted names of generated operations that take the same (Vercel's own) arguments; checked by hand. */
export const vercelAliases: Record<string, string> = {
  VERCEL_GET_AUTH_USER: 'VERCEL_GET_THE_USER',
  VERCEL_GET_TEAMS: 'VERCEL_LIST_ALL_TEAMS',
  VERCEL_LIST_TEAMS: 'VERCEL_LIST_ALL_TEAMS',
  VERCEL_GET_TEAM: 'VERCEL_GET_A_TEAM',
  VERCEL_UPDATE_TEAM: 'VERCEL_UPDATE_A_TEAM',
  VERCEL_LIST_PROJECTS: 'VERCEL_RETRIEVE_A_LIST_OF_PROJECTS',
  VERCEL_GET_PROJECT: 'VERCEL_FIND_A_PROJECT_BY_ID_OR_NAME',
  VERCEL_CREATE_PROJECT: 'VERCEL_CREATE_A_NEW_PROJECT',
  VERCEL_UPDATE_PROJECT: 'VERCEL_UPDATE_AN_EXISTING_PROJECT',
  VERCEL_DELETE_PROJECT: 'VERCEL_DELETE_A_PROJECT',
  VERCEL_LIST_ALL_DEPLOYMENTS: 'VERCEL_LIST_DEPLOYMENTS',
  VERCEL_GET_DEPLOYMENT_DETAILS: 'VERCEL_GET_A_DEPLOYMENT_BY_ID_OR_URL',
  VERCEL_CREATE_DEPLOYMENT: 'VERCEL_CREATE_A_NEW_DEPLOYMENT',
  VERCEL_CREATE_PROJECT_ENV: 'VERCEL_CREATE_ONE_OR_MORE_ENVIRONMENT_VARIABLES',
  VERCEL_LIST_DOMAINS: 'VERCEL_LIST_ALL_THE_DOMAINS',
  VERCEL_GET_DOMAIN: 'VERCEL_GET_INFORMATION_FOR_A_SINGLE_DOMAIN',
  VERCEL_DELETE_DOMAIN: 'VERCEL_REMOVE_A_DOMAIN_BY_NAME',
  VERCEL_GET_PROJECT_DOMAINS: 'VERCEL_RETRIEVE_PROJECT_DOMAINS_BY_PROJECT_BY_ID_OR_NAME',
  VERCEL_ADD_PROJECT_DOMAIN: 'VERCEL_ADD_A_DOMAIN_TO_A_PROJECT',
  VERCEL_GET_ALIAS: 'VERCEL_GET_AN_ALIAS',
  VERCEL_DELETE_ALIAS: 'VERCEL_DELETE_AN_ALIAS',
};
