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
          repoUuid: s.string('Bitbucket repository UUID (Bitbucket sources name the repository this way)'),
          workspaceUuid: s.string('Bitbucket workspace UUID'),
          ref: s.string('Branch or tag'),
          sha: s.string('Commit to deploy'),
        },
        'Deploy a git commit instead of files',
      ),
      gitMetadata: s.object(
        {
          commitSha: s.string('Commit SHA'),
          commitRef: s.string('Branch or tag'),
          commitMessage: s.string('Commit message'),
          commitAuthorName: s.string('Author name'),
          commitAuthorEmail: s.string('Author email'),
          remoteUrl: s.string('Repository URL'),
          dirty: s.boolean('Whether the working tree had uncommitted changes'),
        },
        'Git details to show with a files deployment (they do not fetch code)',
      ),
      projectSettings: s.object(
        {
          framework: s.string('Framework preset, e.g. nextjs'),
          buildCommand: s.string('Build command'),
          installCommand: s.string('Install command'),
          outputDirectory: s.string('Output directory'),
          rootDirectory: s.string('Sub-directory holding the app'),
        },
        'Build settings; needed when the deployment creates its project',
      ),
      skipAutoDetectionConfirmation: s.enum(['0', '1'], '"1" to accept the detected framework without confirmation'),
      deploymentId: s.string('Redeploy this existing deployment'),
      meta: s.object({}, 'String key-value pairs to attach'),
      forceNew: s.string('"1" to build even when an identical deployment exists'),
      ...team,
    },
    required: [],
    query: ['forceNew', 'skipAutoDetectionConfirmation', ...TEAM_QUERY],
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
      customEnvironmentIds: s.strings('Custom environment ids (env_…) to apply it to, besides target'),
      upsert: s.boolean('true to overwrite an existing variable of the same key and target'),
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
  vc({
    slug: 'VERCEL_LIST_ENV_VARIABLES',
    name: 'List environment variables',
    important: true,
    method: 'GET',
    path: '/v10/projects/{projectId}/env',
    input: {
      projectId: PROJECT,
      decrypt: s.boolean('true to include plain values of encrypted variables (sensitive ones never come back)', {
        default: false,
      }),
      gitBranch: s.string('Only variables of this preview branch'),
      limit: s.integer('Accepted for compatibility; Vercel answers with every variable of the project at once'),
      until: s.integer('Accepted for compatibility; the list is not paged'),
      ...team,
    },
    required: ['projectId'],
    // Vercel's project env listing takes no page size or cursor: never send them
    prepare: (a) => {
      const { limit: _l, until: _u, ...rest } = a;
      return rest;
    },
    description:
      'Every environment variable of a project: id, key, type (plain, encrypted, sensitive, system), target environments, gitBranch, and value when decrypt is true. Take the id from here for VERCEL_EDIT_PROJECT_ENV or VERCEL_DELETE_PROJECT_ENV; add new ones with VERCEL_ADD_ENVIRONMENT_VARIABLE.',
  }),
  vc({
    slug: 'VERCEL_GET_DEPLOYMENT_LOGS',
    name: 'Get deployment logs',
    method: 'GET',
    path: '/v3/deployments/{idOrUrl}/events',
    input: {
      idOrUrl: DEPLOYMENT,
      direction: s.enum(['forward', 'backward'], 'forward for oldest first, backward for newest first', {
        default: 'forward',
      }),
      limit: s.integer('Most lines to return; -1 for all', { default: 100 }),
      since: s.integer('Only lines after this Unix time in milliseconds'),
      until: s.integer('Only lines before this Unix time in milliseconds'),
      builds: s.integer('1 to include the build output'),
      statusCode: s.string('Only request lines with this status or class, e.g. 500 or 5xx'),
      follow: s.integer('Kept at 0: a tool call returns once, it cannot stream', { default: 0 }),
      ...team,
    },
    defaults: { follow: 0, limit: 100 },
    shape: (body) => ({ logs: Array.isArray(body) ? body : [] }),
    description:
      'The build and deployment log of one deployment as logs: a list of lines, each with type (stdout, stderr, command, …), created (Unix ms) and text. Use it after VERCEL_GET_DEPLOYMENT shows readyState ERROR to find why the build failed; pass direction backward with a small limit for the last lines.',
  }),
  vc({
    slug: 'VERCEL_LIST_DEPLOYMENT_CHECKS',
    name: 'List deployment checks',
    method: 'GET',
    path: '/v1/deployments/{deploymentId}/checks',
    input: { deploymentId: s.string('Deployment id, dpl_…'), ...team },
    description:
      'Checks that integrations ran against a deployment: name, status (registered, running, completed), conclusion (succeeded, failed, skipped, …), blocking, detailsUrl. A failed blocking check keeps the deployment from being promoted; read detailsUrl for the reason.',
  }),
  vc({
    slug: 'VERCEL_ASSIGN_ALIAS',
    name: 'Assign alias to deployment',
    method: 'POST',
    path: '/v2/deployments/{id}/aliases',
    input: {
      id: s.string('Deployment id (dpl_…) or URL to point the alias at'),
      alias: s.string('Hostname to assign, e.g. staging.example.com or my-app-staging.vercel.app'),
      redirect: s.string('Instead of serving the deployment, redirect the alias to this hostname (307)'),
      ...team,
    },
    required: ['id', 'alias'],
    query: TEAM_QUERY,
    description:
      'Point a hostname at a deployment. If the alias already served another deployment it moves, and oldDeploymentId in the answer names that one. The domain must belong to the account or team (see VERCEL_LIST_DOMAINS). Returns uid, alias and created.',
  }),
  vc({
    slug: 'VERCEL_GET_PROJECT_DOMAIN',
    name: 'Get project domain',
    method: 'GET',
    path: '/v9/projects/{idOrName}/domains/{domain}',
    input: { idOrName: PROJECT, domain: s.string('Domain attached to the project, e.g. www.example.com'), ...team },
    description:
      'One domain of a project: name, verified, the verification records still missing (verification), redirect, redirectStatusCode and gitBranch. When verified is false, add the listed records; check DNS with VERCEL_GET_DOMAIN_CONFIG.',
  }),
  vc({
    slug: 'VERCEL_REMOVE_PROJECT_DOMAIN',
    name: 'Remove domain from project',
    method: 'DELETE',
    path: '/v9/projects/{idOrName}/domains/{domain}',
    input: { idOrName: PROJECT, domain: s.string('Domain to detach, e.g. www.example.com'), ...team },
    description:
      'Detach a domain from a project so it stops serving the project. The domain stays in the account; remove it entirely with VERCEL_DELETE_DOMAIN. Confirm with the user first when it is a production domain.',
  }),
  vc({
    slug: 'VERCEL_GET_DOMAIN_CONFIG',
    name: 'Get domain DNS configuration',
    method: 'GET',
    path: '/v6/domains/{domain}/config',
    input: {
      domain: s.string('Domain name, e.g. example.com or www.example.com'),
      projectIdOrName: s.string('Project the domain will belong to, when it is not attached yet'),
      strict: s.enum(
        ['true', 'false'],
        '"true" to report only nameservers set on this exact name, not its parent zone',
      ),
      ...team,
    },
    required: ['domain'],
    description:
      'Whether a domain points at Vercel: misconfigured (true means traffic will not arrive), configuredBy (CNAME, A, http, dns-01 or null), acceptedChallenges, and the recommended records (recommendedIPv4, recommendedCNAME). Use it after adding a domain to tell the user which DNS record to set.',
  }),
  vc({
    slug: 'VERCEL_LIST_DNS_RECORDS',
    name: 'List DNS records',
    method: 'GET',
    path: '/v5/domains/{domain}/records',
    input: {
      domain: s.string('Domain whose nameservers are Vercel, e.g. example.com'),
      limit: s.integer('Records per page (at most 100)', { default: 20 }),
      since: s.integer('Records created after this Unix time in milliseconds'),
      until: s.integer('Records created before this Unix time in milliseconds (pagination.next for the next page)'),
      ...team,
    },
    required: ['domain'],
    description:
      'DNS records Vercel serves for a domain: id, name (subdomain, empty for the apex), type, value, ttl, mxPriority, created. Only domains using Vercel nameservers have records here. Take id for VERCEL_UPDATE_DNS_RECORD or VERCEL_DELETE_DNS_RECORD.',
  }),
  vc({
    slug: 'VERCEL_CREATE_DNS_RECORD',
    name: 'Create DNS record',
    method: 'POST',
    path: '/v2/domains/{domain}/records',
    input: {
      domain: s.string('Domain using Vercel nameservers, e.g. example.com'),
      name: s.string('Subdomain, e.g. www or api; an empty string for the apex'),
      type: s.enum(['A', 'AAAA', 'ALIAS', 'CAA', 'CNAME', 'HTTPS', 'MX', 'SRV', 'TXT', 'NS'], 'Record type'),
      value: s.string('Record value: IPv4 for A, IPv6 for AAAA, hostname for CNAME, ALIAS, MX and NS, text for TXT'),
      ttl: s.integer('Time to live in seconds (60 or more)'),
      mxPriority: s.integer('Priority, for MX records'),
      srv: s.object(
        {
          priority: s.integer('Priority'),
          weight: s.integer('Weight'),
          port: s.integer('Port'),
          target: s.string('Target host'),
        },
        'For SRV records, instead of value',
      ),
      comment: s.string('Note kept with the record'),
      ...team,
    },
    required: ['domain', 'type'],
    query: TEAM_QUERY,
    description:
      'Add a DNS record to a domain served by Vercel nameservers. Pass name, type and value (srv for SRV records, mxPriority for MX). Returns uid, the new record id. A record of an existing name and type is added beside it, not replaced; change one with VERCEL_UPDATE_DNS_RECORD.',
  }),
  vc({
    slug: 'VERCEL_UPDATE_DNS_RECORD',
    name: 'Update DNS record',
    method: 'PATCH',
    path: '/v1/domains/records/{recordId}',
    input: {
      recordId: s.string('Record id (rec_…), from VERCEL_LIST_DNS_RECORDS'),
      name: s.string('New subdomain'),
      value: s.string('New value'),
      type: s.enum(['A', 'AAAA', 'ALIAS', 'CAA', 'CNAME', 'HTTPS', 'MX', 'SRV', 'TXT', 'NS'], 'New type'),
      ttl: s.integer('New time to live in seconds'),
      mxPriority: s.integer('New MX priority'),
      srv: s.object(
        {
          priority: s.integer('Priority'),
          weight: s.integer('Weight'),
          port: s.integer('Port'),
          target: s.string('Target host'),
        },
        'New SRV data',
      ),
      comment: s.string('New note'),
      ...team,
    },
    required: ['recordId'],
    query: TEAM_QUERY,
    description:
      'Change an existing DNS record in place; pass only what changes. Returns the updated record (id, name, type, value, ttl).',
  }),
  vc({
    slug: 'VERCEL_DELETE_DNS_RECORD',
    name: 'Delete DNS record',
    method: 'DELETE',
    path: '/v2/domains/{domain}/records/{recordId}',
    input: {
      domain: s.string('Domain the record belongs to'),
      recordId: s.string('Record id (rec_…), from VERCEL_LIST_DNS_RECORDS'),
      ...team,
    },
    description:
      'Remove a DNS record from a domain. Removing A, CNAME or MX records can take a site or mail offline; confirm with the user first.',
  }),
  vc({
    slug: 'VERCEL_PAUSE_PROJECT',
    name: 'Pause project',
    method: 'POST',
    path: '/v1/projects/{projectId}/pause',
    input: { projectId: s.string('Project id (prj_…)'), ...team },
    query: TEAM_QUERY,
    description:
      'Stop a project from serving: its production deployment answers 503 until it is resumed with VERCEL_UNPAUSE_PROJECT. Deployments and settings are kept. Ask the user before pausing a live project.',
  }),
  vc({
    slug: 'VERCEL_UNPAUSE_PROJECT',
    name: 'Resume project',
    method: 'POST',
    path: '/v1/projects/{projectId}/unpause',
    input: { projectId: s.string('Project id (prj_…)'), ...team },
    query: TEAM_QUERY,
    description: 'Resume a project paused with VERCEL_PAUSE_PROJECT; its production deployment serves traffic again.',
  }),
  vc({
    slug: 'VERCEL_GET_USER_EVENTS',
    name: 'List account activity',
    method: 'GET',
    path: '/v3/events',
    input: {
      limit: s.integer('Most events to return', { default: 20 }),
      since: s.string('Only events after this time (ISO 8601, e.g. 2025-01-31T00:00:00Z)'),
      until: s.string('Only events before this time (ISO 8601)'),
      types: s.string('Only these event types, comma-separated, e.g. deployment,project-env-variable,team-member-join'),
      userId: s.string('For a team: only events caused by this member (user id)'),
      ...team,
    },
    required: [],
    description:
      "The audit trail of the account or team, newest first: each event's type, text (what happened, in words), createdAt and the user who caused it. Use it to answer who changed or deployed what and when; page back with until set to the oldest createdAt seen.",
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
