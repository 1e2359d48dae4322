/**
 * Supabase Management API (https://api.supabase.com/v1): projects, organizations, SQL, edge functions,
 * secrets, storage buckets, backups, branches and project configuration. Connect with a personal access
 * token (Bearer) or OAuth2 on Supabase's own endpoints. Hosted slugs (derived from the API's summaries);
 * arguments keep the API's own names (`ref` is the project reference id, `slug` the organization's).
 */
import { at, http, mapping, params, s } from './define';
import { apiKeyScheme, CATEGORIES, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { CuratedTool, MappingTool } from './types';

const ref = s.string('Project reference id (20 letters, from SUPABASE_LIST_ALL_PROJECTS or the project URL)');
const fn = s.string('Edge function slug');

/** GET of a project sub-resource: /projects/{ref}/… */
function projectGet(
  slug: string,
  name: string,
  path: string,
  description: string,
  extra: Partial<MappingTool> = {},
): MappingTool {
  return mapping({
    slug,
    name,
    description,
    tags: ['supabase', 'projects'],
    input: params({ ref }, ['ref']),
    http: http('GET', `/projects/{ref}${path}`, { ref: at.path('ref') }),
    ...extra,
  });
}

export const supabaseTools: CuratedTool[] = [
  mapping({
    slug: 'SUPABASE_LIST_ALL_PROJECTS',
    name: 'List projects',
    important: true,
    tags: ['supabase', 'projects'],
    description:
      'Every project the token can see, with id (the ref other tools take), name, organization, region, status and database host. Start here to find ref.',
    input: params({}),
    http: http('GET', '/projects'),
    shape: (b) => ({ projects: Array.isArray(b) ? b : [] }),
  }),
  mapping({
    slug: 'SUPABASE_BETA_RUN_SQL_QUERY',
    name: 'Run SQL',
    important: true,
    tags: ['supabase', 'sql'],
    description:
      "Run SQL on a project's Postgres database as the owner role and get the rows back as JSON objects. Give ref and query; " +
      'one statement or several separated by semicolons (the last result is returned). Powerful: confirm before writes or DDL.',
    input: params({ ref, query: s.string('SQL to run'), read_only: s.boolean('Run in a read-only transaction') }, [
      'ref',
      'query',
    ]),
    http: http('POST', '/projects/{ref}/database/query', {
      ref: at.path('ref'),
      query: at.body('query'),
      read_only: at.body('read_only'),
    }),
    shape: (b) => ({
      rows: Array.isArray(b) ? b : [],
      ...(b && !Array.isArray(b) && typeof b === 'object' ? (b as object) : {}),
    }),
  }),
  mapping({
    slug: 'SUPABASE_CREATE_A_PROJECT',
    name: 'Create a project',
    tags: ['supabase', 'projects'],
    description:
      'Create a project in an organization: name, organization_id (slug from SUPABASE_LIST_ALL_ORGANIZATIONS), db_pass (database password) and region (e.g. us-east-1). Returns the project with its ref; it takes a few minutes to become ACTIVE_HEALTHY.',
    input: params(
      {
        name: s.string('Project name'),
        organization_id: s.string('Organization slug'),
        db_pass: s.string('Password of the postgres role'),
        region: s.string('Region, e.g. us-east-1'),
        plan: s.string('free or pro'),
      },
      ['name', 'organization_id', 'db_pass', 'region'],
    ),
    http: http('POST', '/projects', {
      name: at.body('name'),
      organization_id: at.body('organization_id'),
      db_pass: at.body('db_pass'),
      region: at.body('region'),
      plan: at.body('plan'),
    }),
  }),
  mapping({
    slug: 'SUPABASE_DELETES_THE_GIVEN_PROJECT',
    name: 'Delete a project',
    tags: ['supabase', 'projects'],
    description: 'Delete a project and all its data, irreversibly. Confirm with the user first. Give ref.',
    input: params({ ref }, ['ref']),
    http: http('DELETE', '/projects/{ref}', { ref: at.path('ref') }),
  }),
  mapping({
    slug: 'SUPABASE_LIST_ALL_ORGANIZATIONS',
    name: 'List organizations',
    important: true,
    tags: ['supabase', 'organizations'],
    description: 'The organizations the token belongs to, with id (slug) and name.',
    input: params({}),
    http: http('GET', '/organizations'),
    shape: (b) => ({ organizations: Array.isArray(b) ? b : [] }),
  }),
  mapping({
    slug: 'SUPABASE_CREATE_AN_ORGANIZATION',
    name: 'Create an organization',
    tags: ['supabase', 'organizations'],
    description: 'Create an organization with the given name; returns its id (slug).',
    input: params({ name: s.string('Organization name') }, ['name']),
    http: http('POST', '/organizations', { name: at.body('name') }),
  }),
  mapping({
    slug: 'SUPABASE_GETS_INFORMATION_ABOUT_THE_ORGANIZATION',
    name: 'Get an organization',
    tags: ['supabase', 'organizations'],
    description: "An organization's name, plan and opt-in tags, by slug.",
    input: params({ slug: s.string('Organization slug') }, ['slug']),
    http: http('GET', '/organizations/{slug}', { slug: at.path('slug') }),
  }),
  mapping({
    slug: 'SUPABASE_LIST_MEMBERS_OF_AN_ORGANIZATION',
    name: 'Organization members',
    tags: ['supabase', 'organizations'],
    description: 'Members of an organization with user id, username/email, role and whether MFA is on.',
    input: params({ slug: s.string('Organization slug') }, ['slug']),
    http: http('GET', '/organizations/{slug}/members', { slug: at.path('slug') }),
    shape: (b) => ({ members: Array.isArray(b) ? b : [] }),
  }),
  mapping({
    slug: 'SUPABASE_GENERATE_TYPE_SCRIPT_TYPES',
    name: 'Generate TypeScript types',
    tags: ['supabase', 'sql'],
    description:
      "TypeScript definitions of a project's database schemas (tables, views, functions) for supabase-js; included_schemas picks schemas (default public).",
    input: params({ ref, included_schemas: s.string('Comma-separated schemas, e.g. public,auth') }, ['ref']),
    http: http('GET', '/projects/{ref}/types/typescript', {
      ref: at.path('ref'),
      included_schemas: at.query('included_schemas'),
    }),
  }),
  projectGet(
    'SUPABASE_GET_PROJECT_API_KEYS',
    'Project API keys',
    '/api-keys',
    "The project's API keys (anon and service_role, or publishable/secret) for clients. Treat them as secrets.",
    { shape: (b) => ({ keys: Array.isArray(b) ? b : [] }) },
  ),
  projectGet(
    'SUPABASE_LIST_ALL_FUNCTIONS',
    'List edge functions',
    '/functions',
    "The project's Edge Functions with slug, name, status, version and JWT verification.",
    { shape: (b) => ({ functions: Array.isArray(b) ? b : [] }) },
  ),
  mapping({
    slug: 'SUPABASE_RETRIEVE_A_FUNCTION',
    name: 'Get an edge function',
    tags: ['supabase', 'functions'],
    description: "One Edge Function's metadata (status, version, entrypoint, verify_jwt) by function_slug.",
    input: params({ ref, function_slug: fn }, ['ref', 'function_slug']),
    http: http('GET', '/projects/{ref}/functions/{function_slug}', {
      ref: at.path('ref'),
      function_slug: at.path('function_slug'),
    }),
  }),
  mapping({
    slug: 'SUPABASE_RETRIEVE_A_FUNCTION_BODY',
    name: "Get an edge function's code",
    tags: ['supabase', 'functions'],
    description: 'The deployed source bundle of an Edge Function.',
    input: params({ ref, function_slug: fn }, ['ref', 'function_slug']),
    http: http('GET', '/projects/{ref}/functions/{function_slug}/body', {
      ref: at.path('ref'),
      function_slug: at.path('function_slug'),
    }),
  }),
  mapping({
    slug: 'SUPABASE_DELETE_A_FUNCTION',
    name: 'Delete an edge function',
    tags: ['supabase', 'functions'],
    description: 'Remove an Edge Function from the project. Confirm first.',
    input: params({ ref, function_slug: fn }, ['ref', 'function_slug']),
    http: http('DELETE', '/projects/{ref}/functions/{function_slug}', {
      ref: at.path('ref'),
      function_slug: at.path('function_slug'),
    }),
  }),
  projectGet(
    'SUPABASE_LIST_ALL_SECRETS',
    'List function secrets',
    '/secrets',
    "Names (and hashed values) of the environment secrets available to the project's Edge Functions.",
    { shape: (b) => ({ secrets: Array.isArray(b) ? b : [] }) },
  ),
  projectGet(
    'SUPABASE_LISTS_ALL_BUCKETS',
    'List storage buckets',
    '/storage/buckets',
    "The project's Storage buckets with id, name, public flag and dates.",
    { shape: (b) => ({ buckets: Array.isArray(b) ? b : [] }) },
  ),
  projectGet(
    'SUPABASE_LISTS_ALL_BACKUPS',
    'List database backups',
    '/database/backups',
    "The project's database backups and whether point-in-time recovery is on.",
  ),
  projectGet(
    'SUPABASE_LIST_ALL_DATABASE_BRANCHES',
    'List branches',
    '/branches',
    'Preview branches of the project (name, git branch, status, project ref of each branch).',
    { shape: (b) => ({ branches: Array.isArray(b) ? b : [] }) },
  ),
  mapping({
    slug: 'SUPABASE_GETS_PROJECT_S_SERVICE_HEALTH_STATUS',
    name: 'Service health',
    tags: ['supabase', 'projects'],
    description: "Health of a project's services (auth, db, pooler, realtime, rest, storage): give ref and services.",
    input: params({ ref, services: s.strings('Services to check, e.g. ["db","auth","rest"]') }, ['ref', 'services']),
    http: http('GET', '/projects/{ref}/health', { ref: at.path('ref'), services: at.query('services') }),
    shape: (b) => ({ services: Array.isArray(b) ? b : [] }),
  }),
  projectGet(
    'SUPABASE_GETS_PROJECT_S_AUTH_CONFIG',
    'Auth settings',
    '/config/auth',
    "The project's Auth configuration: site URL, redirect URLs, providers, email and SMS settings.",
  ),
  projectGet(
    'SUPABASE_GETS_PROJECT_S_POSTGREST_CONFIG',
    'Data API settings',
    '/postgrest',
    'PostgREST settings: exposed schemas, extra search path, max rows.',
  ),
  projectGet(
    'SUPABASE_GETS_PROJECT_S_POSTGRES_CONFIG',
    'Postgres settings',
    '/config/database/postgres',
    'Postgres parameters set on the project (max_connections, statement_timeout, work_mem…).',
  ),
  projectGet(
    'SUPABASE_GET_PROJECT_S_PGBOUNCER_CONFIG',
    'PgBouncer settings',
    '/config/database/pgbouncer',
    "The dedicated PgBouncer pooler's settings and connection string.",
  ),
  projectGet(
    'SUPABASE_GETS_PROJECT_S_SUPAVISOR_CONFIG',
    'Supavisor pooler settings',
    '/config/database/pooler',
    'Connection pooler (Supavisor) settings and connection strings per mode.',
  ),
  projectGet(
    'SUPABASE_RETURNS_PROJECT_S_READONLY_MODE_STATUS',
    'Read-only mode status',
    '/readonly',
    'Whether the database is in read-only mode (set when the disk is full) and whether it can be lifted.',
  ),
  mapping({
    slug: 'SUPABASE_DISABLE_PROJECT_READONLY_MODE',
    name: 'Lift read-only mode for 15 minutes',
    tags: ['supabase', 'projects'],
    description: 'Temporarily allow writes on a project that went read-only (to delete data or free space).',
    input: params({ ref }, ['ref']),
    http: http('POST', '/projects/{ref}/readonly/temporary-disable', { ref: at.path('ref') }),
  }),
  projectGet(
    'SUPABASE_GET_PROJECT_UPGRADE_STATUS',
    'Postgres upgrade status',
    '/upgrade/status',
    'Progress of a running Postgres version upgrade.',
  ),
  projectGet(
    'SUPABASE_GET_PROJECT_UPGRADE_ELIGIBILITY',
    'Postgres upgrade eligibility',
    '/upgrade/eligibility',
    'Whether the project can be upgraded, to which Postgres versions, and what blocks it.',
  ),
  projectGet(
    'SUPABASE_BETA_GETS_PROJECT_S_NETWORK_RESTRICTIONS',
    'Network restrictions',
    '/network-restrictions',
    'The IP ranges allowed to reach the database.',
  ),
  projectGet(
    'SUPABASE_BETA_GET_PROJECT_S_SSL_ENFORCEMENT_CONFIGURATION',
    'SSL enforcement',
    '/ssl-enforcement',
    'Whether database connections must use SSL.',
  ),
  projectGet(
    'SUPABASE_BETA_GETS_PROJECT_S_CUSTOM_HOSTNAME_CONFIG',
    'Custom domain',
    '/custom-hostname',
    "The project's custom hostname and its verification status.",
  ),
  projectGet(
    'SUPABASE_BETA_GETS_CURRENT_VANITY_SUBDOMAIN_CONFIG',
    'Vanity subdomain',
    '/vanity-subdomain',
    "The project's vanity subdomain, if any.",
  ),
  projectGet(
    'SUPABASE_LISTS_ALL_SSO_PROVIDERS',
    'SSO providers',
    '/config/auth/sso/providers',
    "SAML identity providers configured for the project's Auth.",
  ),
  projectGet(
    'SUPABASE_ALPHA_LISTS_ALL_THIRD_PARTY_AUTH_INTEGRATIONS',
    'Third-party auth',
    '/config/auth/third-party-auth',
    'Third-party auth integrations (Clerk, Auth0, Firebase…) whose JWTs the project accepts.',
    { shape: (b) => ({ integrations: Array.isArray(b) ? b : [] }) },
  ),
  mapping({
    slug: 'SUPABASE_LISTS_SQL_SNIPPETS_FOR_THE_LOGGED_IN_USER',
    name: 'List saved SQL snippets',
    tags: ['supabase', 'sql'],
    description:
      "SQL snippets saved in the dashboard by the token's user, optionally of one project_ref. Read one with SUPABASE_GETS_A_SPECIFIC_SQL_SNIPPET.",
    input: params({ project_ref: s.string('Only snippets of this project') }),
    http: http('GET', '/snippets', { project_ref: at.query('project_ref') }),
  }),
  mapping({
    slug: 'SUPABASE_GETS_A_SPECIFIC_SQL_SNIPPET',
    name: 'Get a saved SQL snippet',
    tags: ['supabase', 'sql'],
    description: 'One saved SQL snippet with its SQL text, by id.',
    input: params({ id: s.string('Snippet id') }, ['id']),
    http: http('GET', '/snippets/{id}', { id: at.path('id') }),
  }),
];

export const supabase = standaloneToolkit(
  {
    slug: 'supabase',
    name: 'Supabase',
    appUrl: 'https://supabase.com',
    baseUrl: 'https://api.supabase.com/v1',
    categories: [CATEGORIES.data, CATEGORIES.dev],
    description:
      'Supabase is a Postgres development platform (database, auth, storage, edge functions); these tools manage projects through its Management API.',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://api.supabase.com/v1/oauth/authorize',
        tokenUrl: 'https://api.supabase.com/v1/oauth/token',
        scopes: [],
      }),
      apiKeyScheme('Supabase personal access token (supabase.com/dashboard/account/tokens, starts with sbp_)', {
        in: 'bearer',
        field: 'api_key',
      }),
    ],
  },
  supabaseTools,
);
