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

export const vercelTools: CuratedTool[] = [
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
