/**
 * Netlify: sites, deploys and builds, build hooks, environment variables, forms, DNS zones,
 * the current user and teams, on Netlify's REST API (api.netlify.com/api/v1, the toolkit's base URL).
 *
 * The hosted catalog has no Netlify toolkit, so the slugs follow its convention (TOOLKIT_VERB_OBJECT);
 * each tool keeps the slug of the generated operation it replaces (NETLIFY_LIST_SITES,
 * NETLIFY_RESTORE_SITE_DEPLOY, NETLIFY_CREATE_SITE_BUILD, …), so nothing an agent already calls moves.
 * Arguments are Netlify's own parameter names, snake_case already (site_id, deploy_id, per_page);
 * the two hyphenated deploy filters are exposed as deploy_previews / latest_published and the
 * hyphenated spelling is accepted too. A connection authenticates with a personal access token or
 * OAuth2, both as a Bearer token.
 *
 * Environment variables live under the team (/accounts/{account_id}/env); a site's variables are
 * those calls with the site_id query parameter. Netlify takes a list of variables on create and a
 * whole variable on update, so those two tools build the JSON body from flat arguments.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

type Args = Record<string, unknown>;

const same = (k: string) => k;
const t = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['netlify'] }, same, 'netlify');

const SITE_ID = s.string(
  'Site id (API id, a UUID) or the site domain, e.g. my-site.netlify.app; from NETLIFY_LIST_SITES',
);
const DEPLOY_ID = s.string('Deploy id, from NETLIFY_LIST_SITE_DEPLOYS or a site’s published_deploy.id');
const ACCOUNT_ID = s.string(
  'Team (account) id: the id from NETLIFY_LIST_ACCOUNTS_FOR_USER, or account_id of a site from NETLIFY_GET_SITE',
);
const ENV_SITE_ID = s.string(
  'Site id: work on this site’s variables. Leave it out for the team-wide (shared) variables',
);
const KEY = s.string('Variable name, e.g. API_URL');
const PAGE = s.integer('Page number, starting at 1');
const PER_PAGE = s.integer('Results per page (Netlify default 100)');
const CONTEXTS = ['all', 'dev', 'branch-deploy', 'deploy-preview', 'production', 'branch'];
const CONTEXT = s.enum(
  CONTEXTS,
  'Deploy context the value applies to: all, production, deploy-preview, branch-deploy, dev, or branch (with context_parameter = the branch name)',
);
const VALUES = s.array(
  s.object(
    {
      context: CONTEXT,
      value: s.string('The value in that context'),
      context_parameter: s.string('Branch name, when context is branch'),
    },
    'One value of the variable',
  ),
  'Values per deploy context. Give either this or value (+ context)',
);
const SCOPES = s.array(
  s.enum(['builds', 'functions', 'runtime', 'post-processing'], 'Where the variable is available'),
  'Where the variable is available: builds, functions, runtime, post-processing (Netlify default: all)',
);
const IS_SECRET = s.boolean('Secret variable: its values can no longer be read back (not for the dev context)');
const SITE_FIELDS = {
  name: s.string('Site name: the subdomain of <name>.netlify.app (letters, digits, hyphens)'),
  custom_domain: s.string('Custom domain, e.g. www.example.com'),
  domain_aliases: s.strings('Other domains that serve the site'),
  password: s.string('Password that protects the whole site (paid plans)'),
  force_ssl: s.boolean('Redirect http to https'),
  notification_email: s.string('Email address for deploy notifications'),
};
const REPO = s.object(
  {
    provider: s.enum(['github', 'gitlab', 'bitbucket', 'azure_devops'], 'Git host'),
    repo_path: s.string('Repository path, e.g. acme/website'),
    repo_branch: s.string('Production branch, e.g. main'),
    repo_url: s.string('Repository URL, e.g. https://github.com/acme/website'),
    id: s.integer('Repository id on the git host'),
    installation_id: s.integer('Id of the Netlify app installation on the git host (GitHub)'),
    deploy_key_id: s.string('Deploy key id, for hosts reached with a deploy key'),
    cmd: s.string('Build command, e.g. npm run build'),
    dir: s.string('Publish directory, e.g. dist'),
    functions_dir: s.string('Functions directory, e.g. netlify/functions'),
    base: s.string('Base directory of a monorepo package'),
  },
  'Git repository and build settings (Netlify repo object)',
);
const CREATE_DESCRIPTION =
  'Linking a repo (repo: provider, repo_path, repo_branch, cmd, dir, and for GitHub the repository id and installation_id) needs the Netlify app installed on the git host; without repo the site is empty until a deploy. Without name Netlify picks a random one. Returns the site with its id (site_id) and url. Then trigger a build with NETLIFY_CREATE_SITE_BUILD or add variables with NETLIFY_CREATE_ENV_VARS.';

/** list of variables for POST /accounts/{account_id}/env from flat arguments (or env_vars as given) */
function envVarsBody(a: Args): Args {
  const { account_id, site_id, env_vars, key, value, context, values, scopes, is_secret } = a;
  if (Array.isArray(env_vars) && env_vars.length) return { account_id, site_id, env_vars };
  return { account_id, site_id, env_vars: [envVar({ key, value, context, values, scopes, is_secret })] };
}

function envVar(a: Args): Args {
  const values =
    Array.isArray(a.values) && a.values.length
      ? a.values
      : a.value !== undefined
        ? [{ context: a.context ?? 'all', value: a.value }]
        : [];
  const out: Args = { key: a.key, values };
  if (a.scopes !== undefined) out.scopes = a.scopes;
  if (a.is_secret !== undefined) out.is_secret = a.is_secret;
  return out;
}

/** hyphenated query names of the deploy list (Netlify's spelling) → the declared snake_case ones */
function foldHyphens(a: Args): Args {
  const out = { ...a };
  for (const k of ['deploy-previews', 'latest-published']) {
    const snake = k.replace('-', '_');
    if (out[k] !== undefined && out[snake] === undefined) out[snake] = out[k];
    delete out[k];
  }
  return out;
}

export const netlifyTools: CuratedTool[] = [
  // --- sites -------------------------------------------------------------------------------
  t({
    slug: 'NETLIFY_LIST_SITES',
    name: 'List sites',
    important: true,
    method: 'GET',
    path: '/sites',
    input: {
      name: s.string('Only sites whose name contains this text'),
      filter: s.enum(['all', 'owner', 'guest'], 'all (default), owner (sites you own) or guest (shared with you)'),
      page: PAGE,
      per_page: PER_PAGE,
    },
    description:
      'Sites the connected user can see, with id, name, url, ssl_url, admin_url, custom_domain, account_id and account_slug, build_settings (repo, branch, command) and published_deploy. Start here: the id is the site_id every other site tool takes. Filter by name to find one site; page with page / per_page.',
  }),
  t({
    slug: 'NETLIFY_GET_SITE',
    name: 'Get site',
    important: true,
    method: 'GET',
    path: '/sites/{site_id}',
    input: { site_id: SITE_ID },
    description:
      'One site in full: urls, custom_domain and domain_aliases, state, account_id (needed by the environment variable tools), build_settings, published_deploy (the live deploy, with its id and commit), capabilities. Accepts the site id or its netlify.app domain.',
  }),
  t({
    slug: 'NETLIFY_CREATE_SITE',
    name: 'Create site',
    method: 'POST',
    path: '/sites',
    input: { ...SITE_FIELDS, repo: REPO },
    required: [],
    description: `Create a new site in the user’s own team (for another team use NETLIFY_CREATE_SITE_IN_TEAM). ${CREATE_DESCRIPTION}`,
  }),
  t({
    slug: 'NETLIFY_CREATE_SITE_IN_TEAM',
    name: 'Create site in a team',
    method: 'POST',
    path: '/{account_slug}/sites',
    input: {
      account_slug: s.string('Team slug, from NETLIFY_LIST_ACCOUNTS_FOR_USER (slug)'),
      ...SITE_FIELDS,
      repo: REPO,
    },
    description: `Create a new site in a given team. ${CREATE_DESCRIPTION}`,
  }),
  t({
    slug: 'NETLIFY_UPDATE_SITE',
    name: 'Update site',
    method: 'PATCH',
    path: '/sites/{site_id}',
    input: {
      site_id: SITE_ID,
      ...SITE_FIELDS,
      build_settings: s.object(
        {
          cmd: s.string('Build command'),
          dir: s.string('Publish directory'),
          functions_dir: s.string('Functions directory'),
          base: s.string('Base directory'),
          repo_branch: s.string('Production branch'),
          stop_builds: s.boolean('true to pause automatic builds, false to resume them'),
        },
        'Build settings to change',
      ),
    },
    description:
      'Change a site: rename it (name), set custom_domain or domain_aliases, force_ssl, a site password, or build settings (command, publish directory, production branch, stop_builds to pause builds). Only the fields you pass change. Returns the updated site.',
  }),
  t({
    slug: 'NETLIFY_DELETE_SITE',
    name: 'Delete site',
    method: 'DELETE',
    path: '/sites/{site_id}',
    input: { site_id: SITE_ID },
    shape: (_b, a) => ({ deleted: true, site_id: a.site_id }),
    description:
      'Delete a site with all its deploys, forms and submissions, for good; its URL stops working. Ask the user first. Returns deleted: true.',
  }),

  // --- deploys and builds ------------------------------------------------------------------
  t({
    slug: 'NETLIFY_LIST_SITE_DEPLOYS',
    name: 'List deploys',
    important: true,
    method: 'GET',
    path: '/sites/{site_id}/deploys',
    rename: { deploy_previews: 'deploy-previews', latest_published: 'latest-published' },
    normalize: foldHyphens,
    input: {
      site_id: SITE_ID,
      state: s.enum(
        [
          'new',
          'pending_review',
          'accepted',
          'rejected',
          'enqueued',
          'building',
          'uploading',
          'uploaded',
          'preparing',
          'prepared',
          'processing',
          'processed',
          'ready',
          'error',
          'retrying',
        ],
        'Only deploys in this state, e.g. ready, building, error',
      ),
      branch: s.string('Only deploys of this git branch'),
      production: s.boolean('true for production deploys only'),
      deploy_previews: s.boolean('true for deploy previews (pull requests) only'),
      latest_published: s.boolean('true for the latest published deploy only'),
      page: PAGE,
      per_page: PER_PAGE,
    },
    description:
      'Deploys of a site, newest first: id, state (ready, building, error, …), context (production, deploy-preview, branch-deploy), branch, commit_ref and title, deploy_url / deploy_ssl_url, error_message, created_at and published_at. Use it to see whether the last build worked, or to find the deploy id to restore with NETLIFY_RESTORE_SITE_DEPLOY.',
  }),
  t({
    slug: 'NETLIFY_GET_DEPLOY',
    name: 'Get deploy',
    method: 'GET',
    path: '/deploys/{deploy_id}',
    input: { deploy_id: DEPLOY_ID },
    description:
      'One deploy: state (poll it after a build until ready or error), error_message, branch, commit_ref, deploy_ssl_url, log_access_attributes, summary, created_at / published_at.',
  }),
  t({
    slug: 'NETLIFY_CANCEL_SITE_DEPLOY',
    name: 'Cancel deploy',
    method: 'POST',
    path: '/deploys/{deploy_id}/cancel',
    input: { deploy_id: DEPLOY_ID },
    description:
      'Stop a deploy that is still building or uploading; it ends in state error (canceled). Returns the deploy. The live site is not affected.',
  }),
  t({
    slug: 'NETLIFY_RESTORE_SITE_DEPLOY',
    name: 'Restore (publish) deploy',
    important: true,
    method: 'POST',
    path: '/sites/{site_id}/deploys/{deploy_id}/restore',
    input: { site_id: SITE_ID, deploy_id: DEPLOY_ID },
    description:
      'Publish an earlier deploy again, so it becomes the live production version at once (no rebuild). Use it to roll back to a known good deploy picked from NETLIFY_LIST_SITE_DEPLOYS. Returns the deploy now published.',
  }),
  t({
    slug: 'NETLIFY_ROLLBACK_SITE_DEPLOY',
    name: 'Roll back to previous deploy',
    method: 'PUT',
    path: '/sites/{site_id}/rollback',
    input: { site_id: SITE_ID },
    shape: (b, a) => ({ rolled_back: true, site_id: a.site_id, ...(b && typeof b === 'object' ? (b as Args) : {}) }),
    description:
      'Put the production deploy published before the current one back live, without naming it. For a specific older deploy use NETLIFY_RESTORE_SITE_DEPLOY instead. Returns rolled_back: true.',
  }),
  t({
    slug: 'NETLIFY_CREATE_SITE_BUILD',
    name: 'Trigger build',
    important: true,
    method: 'POST',
    path: '/sites/{site_id}/builds',
    input: {
      site_id: SITE_ID,
      clear_cache: s.boolean('true to build without the dependency / build cache'),
      image: s.string('Build image to use, e.g. focal or noble (default: the site’s)'),
    },
    description:
      'Start a new build and deploy of a site from its linked repository’s production branch (like "Trigger deploy" in the Netlify UI); pass clear_cache to rebuild from scratch. Returns the build with its id, deploy_id and done: false; follow it with NETLIFY_GET_DEPLOY on that deploy_id until state is ready or error.',
  }),

  // --- build hooks -------------------------------------------------------------------------
  t({
    slug: 'NETLIFY_LIST_SITE_BUILD_HOOKS',
    name: 'List build hooks',
    method: 'GET',
    path: '/sites/{site_id}/build_hooks',
    input: { site_id: SITE_ID },
    description:
      'Build hooks of a site: id, title, branch, and url. POSTing anything to a hook url starts a build of that branch, without credentials (for CMSs, cron jobs, other services).',
  }),
  t({
    slug: 'NETLIFY_CREATE_SITE_BUILD_HOOK',
    name: 'Create build hook',
    method: 'POST',
    path: '/sites/{site_id}/build_hooks',
    input: {
      site_id: SITE_ID,
      title: s.string('Name of the hook, e.g. CMS publish'),
      branch: s.string('Branch the hook builds (default: the production branch)'),
    },
    required: ['site_id', 'title'],
    description:
      'Create a build hook: a secret URL that starts a build of the given branch when anything POSTs to it. Returns id, title, branch and url; hand the url to the service that should trigger builds. Anyone with the url can trigger builds, so treat it as a secret.',
  }),

  // --- environment variables ---------------------------------------------------------------
  t({
    slug: 'NETLIFY_GET_ENV_VARS',
    name: 'List environment variables',
    important: true,
    method: 'GET',
    path: '/accounts/{account_id}/env',
    input: {
      account_id: ACCOUNT_ID,
      site_id: ENV_SITE_ID,
      context_name: s.enum(
        ['all', 'dev', 'branch-deploy', 'deploy-preview', 'production'],
        'Only values of this deploy context',
      ),
      scope: s.enum(['builds', 'functions', 'runtime', 'post-processing'], 'Only variables available there'),
    },
    required: ['account_id'],
    description:
      'Environment variables of a site (with site_id) or the team-wide ones: key, scopes, is_secret, and values per context (context, value; secret values are hidden). account_id is the site’s team: take it from NETLIFY_GET_SITE (account_id). Change values with NETLIFY_UPDATE_ENV_VAR or NETLIFY_SET_ENV_VAR_VALUE; a new build is needed before a deploy sees a change.',
  }),
  t({
    slug: 'NETLIFY_GET_ENV_VAR',
    name: 'Get environment variable',
    method: 'GET',
    path: '/accounts/{account_id}/env/{key}',
    input: { account_id: ACCOUNT_ID, key: KEY, site_id: ENV_SITE_ID },
    description:
      'One environment variable by name: scopes, is_secret and its values per deploy context. Pass site_id for a site’s variable.',
  }),
  t({
    slug: 'NETLIFY_CREATE_ENV_VARS',
    name: 'Create environment variables',
    important: true,
    method: 'POST',
    path: '/accounts/{account_id}/env',
    query: ['site_id'],
    bodyArg: 'env_vars',
    input: {
      account_id: ACCOUNT_ID,
      site_id: ENV_SITE_ID,
      key: KEY,
      value: s.string('The value, for one context (context, default all)'),
      context: CONTEXT,
      values: VALUES,
      scopes: SCOPES,
      is_secret: IS_SECRET,
      env_vars: s.array(
        s.object(
          { key: KEY, values: VALUES, scopes: SCOPES, is_secret: IS_SECRET },
          'One variable: key, values, scopes, is_secret',
        ),
        'Several variables at once instead of key / value',
      ),
    },
    required: ['account_id'],
    prepare: envVarsBody,
    description:
      'Add new environment variables to a site (site_id) or to the whole team. For one variable pass key and value (all contexts), or values to set different values per context (e.g. production vs deploy-preview); for several pass env_vars. Fails if the key exists already: change existing ones with NETLIFY_UPDATE_ENV_VAR. Returns the created variables. Trigger a build (NETLIFY_CREATE_SITE_BUILD) to make the site use them.',
  }),
  t({
    slug: 'NETLIFY_UPDATE_ENV_VAR',
    name: 'Replace environment variable',
    method: 'PUT',
    path: '/accounts/{account_id}/env/{key}',
    query: ['site_id'],
    bodyArg: 'env_var',
    input: {
      account_id: ACCOUNT_ID,
      key: KEY,
      site_id: ENV_SITE_ID,
      value: s.string('The new value, for one context (context, default all)'),
      context: CONTEXT,
      values: VALUES,
      scopes: SCOPES,
      is_secret: IS_SECRET,
      env_var: s.object(
        { key: KEY, values: VALUES, scopes: SCOPES, is_secret: IS_SECRET },
        "The whole variable in Netlify's own shape, instead of value / values / scopes / is_secret",
      ),
    },
    required: ['account_id', 'key'],
    prepare: (a) => ({
      account_id: a.account_id,
      key: a.key,
      site_id: a.site_id,
      env_var: a.env_var ?? envVar(a),
    }),
    description:
      'Replace an existing environment variable as a whole: its values for every context and its scopes. Values for contexts you leave out are removed; to change a single context’s value and keep the others use NETLIFY_SET_ENV_VAR_VALUE. Returns the variable.',
  }),
  t({
    slug: 'NETLIFY_SET_ENV_VAR_VALUE',
    name: 'Set one value of an environment variable',
    method: 'PATCH',
    path: '/accounts/{account_id}/env/{key}',
    query: ['site_id'],
    input: {
      account_id: ACCOUNT_ID,
      key: KEY,
      site_id: ENV_SITE_ID,
      context: CONTEXT,
      value: s.string('The new value in that context'),
      context_parameter: s.string('Branch name, when context is branch'),
    },
    required: ['account_id', 'key', 'context', 'value'],
    description:
      'Set the value of an existing variable in one deploy context (e.g. only production), leaving its other contexts as they are. Returns the variable.',
  }),
  t({
    slug: 'NETLIFY_DELETE_ENV_VAR',
    name: 'Delete environment variable',
    method: 'DELETE',
    path: '/accounts/{account_id}/env/{key}',
    input: { account_id: ACCOUNT_ID, key: KEY, site_id: ENV_SITE_ID },
    shape: (_b, a) => ({ deleted: true, key: a.key }),
    description:
      'Delete an environment variable with all its values. Pass site_id for a site’s variable. Returns deleted: true; the next build no longer sees it.',
  }),

  // --- forms -------------------------------------------------------------------------------
  t({
    slug: 'NETLIFY_LIST_SITE_FORMS',
    name: 'List forms',
    method: 'GET',
    path: '/sites/{site_id}/forms',
    input: { site_id: SITE_ID },
    description:
      'Netlify Forms detected on a site: id, name, paths, submission_count, fields, created_at. Read the entries of one with NETLIFY_LIST_FORM_SUBMISSIONS (form id).',
  }),
  t({
    slug: 'NETLIFY_LIST_FORM_SUBMISSIONS',
    name: 'List form submissions',
    important: true,
    method: 'GET',
    path: '/forms/{form_id}/submissions',
    input: {
      form_id: s.string('Form id, from NETLIFY_LIST_SITE_FORMS'),
      page: PAGE,
      per_page: PER_PAGE,
    },
    description:
      'Entries sent through one form, newest first: id, created_at, name, email, summary, and data (every submitted field by name). Page with page / per_page.',
  }),
  t({
    slug: 'NETLIFY_LIST_SITE_SUBMISSIONS',
    name: 'List all submissions of a site',
    method: 'GET',
    path: '/sites/{site_id}/submissions',
    input: { site_id: SITE_ID, page: PAGE, per_page: PER_PAGE },
    description:
      'Form entries of every form of a site together, newest first: id, form_id, form_name, created_at, data. Use NETLIFY_LIST_FORM_SUBMISSIONS for one form.',
  }),

  // --- DNS, user, teams ----------------------------------------------------------------------
  t({
    slug: 'NETLIFY_GET_DNS_ZONES',
    name: 'List DNS zones',
    method: 'GET',
    path: '/dns_zones',
    input: { account_slug: s.string('Only zones of this team (its slug)') },
    required: [],
    description:
      'Domains whose DNS Netlify hosts: id (zone_id), name (the domain), account_slug, site_id, records and dns_servers. The zone id is what the DNS record tools take.',
  }),
  t({
    slug: 'NETLIFY_GET_CURRENT_USER',
    name: 'Get current user',
    method: 'GET',
    path: '/user',
    input: {},
    required: [],
    description:
      'The user the connection belongs to: id, full_name, email, avatar_url, site_count, created_at. Useful to check the connection works.',
  }),
  t({
    slug: 'NETLIFY_LIST_ACCOUNTS_FOR_USER',
    name: 'List teams',
    method: 'GET',
    path: '/accounts',
    input: {},
    required: [],
    description:
      'Teams (accounts) the user belongs to: id (the account_id of the environment variable tools), slug (account_slug), name, type_name (plan), roles_allowed, billing details.',
  }),
];
