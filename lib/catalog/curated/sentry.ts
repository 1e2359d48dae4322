/**
 * Sentry in the hosted vocabulary on the web API (sentry.io/api/0): issues and their events,
 * projects, releases, teams and members. Connect with an auth token (Bearer) or OAuth2 on
 * sentry.io; a self-hosted or regional (de.sentry.io) install is reached through the
 * connection's base_url. Sentry's parameters are snake_case already.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { apiKeyScheme, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const t = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['sentry'] }, same, 'sentry');
const ORG = s.string('Organization slug (or id), from the URL sentry.io/organizations/<slug>/');
const PROJECT = s.string('Project slug (or id)');
const ISSUE_ID = s.string(
  'Issue id (numeric; the short id like PROJ-1A resolves with SENTRY_RETRIEVE_SHORT_ID_FOR_ORGANIZATION)',
);
const CURSOR = s.string('cursor from the Link header of the previous page');
const QUERY = s.string('Sentry search, e.g. is:unresolved level:error assigned:me', { default: 'is:unresolved' });
const VERSION = s.string('Release version, e.g. my-app@1.4.2');

export const sentryTools: CuratedTool[] = [
  t({
    slug: 'SENTRY_GET_ORGANIZATION_DETAILS',
    name: 'Get organization',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/',
    input: { organization_id_or_slug: ORG },
    aliases: ['SENTRY_GET_ORGANIZATION_BY_ID_OR_SLUG'],
    description: 'An organization: name, slug, features, and its settings.',
  }),
  t({
    slug: 'SENTRY_RETRIEVE_ORGANIZATION_PROJECTS',
    name: 'List projects',
    important: true,
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/projects/',
    input: { organization_id_or_slug: ORG, cursor: CURSOR },
    description: 'Projects of an organization (slug, platform, id). Use the slug as project_id_or_slug.',
  }),
  t({
    slug: 'SENTRY_GET_PROJECT_LIST',
    name: 'List my projects',
    method: 'GET',
    path: '/projects/',
    input: { cursor: CURSOR },
    required: [],
    description: 'Every project the token can see, across organizations.',
  }),
  t({
    slug: 'SENTRY_ACCESS_PROJECT_INFORMATION',
    name: 'Get project',
    method: 'GET',
    path: '/projects/{organization_id_or_slug}/{project_id_or_slug}/',
    input: { organization_id_or_slug: ORG, project_id_or_slug: PROJECT },
    description: 'One project with its settings.',
  }),
  t({
    slug: 'SENTRY_RETRIEVE_PROJECT_ISSUES_LIST',
    name: 'List project issues',
    important: true,
    method: 'GET',
    path: '/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/',
    input: {
      organization_id_or_slug: ORG,
      project_id_or_slug: PROJECT,
      query: QUERY,
      stats_period: s.string('24h, 14d or empty'),
      short_id_lookup: s.boolean('Let query be a short id'),
      cursor: CURSOR,
    },
    rename: { stats_period: 'statsPeriod', short_id_lookup: 'shortIdLookup' },
    defaults: { query: 'is:unresolved' },
    description:
      'Issues (grouped errors) of a project matching a Sentry search, most recent first: id, shortId, title, culprit, level, status, count, userCount, lastSeen, permalink. Details with SENTRY_GET_ORGANIZATION_ISSUE_DETAILS.',
  }),
  t({
    slug: 'SENTRY_GET_ORGANIZATION_ISSUE_DETAILS',
    name: 'Get issue',
    important: true,
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/issues/{issue_id}/',
    input: { organization_id_or_slug: ORG, issue_id: ISSUE_ID },
    description:
      'One issue in full: title, metadata, first and last seen, counts, assignee, status, tags summary. The latest stack trace comes from SENTRY_RETRIEVE_ISSUE_EVENTS_BY_ID or SENTRY_FETCH_ISSUE_EVENT_BY_ID with event_id latest.',
  }),
  t({
    slug: 'SENTRY_UPDATE_ISSUE_ATTRIBUTES_IN_ORGANIZATION',
    name: 'Update issue',
    important: true,
    method: 'PUT',
    path: '/organizations/{organization_id_or_slug}/issues/{issue_id}/',
    input: {
      organization_id_or_slug: ORG,
      issue_id: ISSUE_ID,
      status: s.enum(['resolved', 'resolvedInNextRelease', 'unresolved', 'ignored'], 'New status'),
      assigned_to: s.string('username, user:<id> or team:<id>; empty to unassign'),
      has_seen: s.boolean('Mark seen'),
      is_bookmarked: s.boolean('Bookmark'),
      is_public: s.boolean('Public share link'),
    },
    required: ['organization_id_or_slug', 'issue_id'],
    rename: { assigned_to: 'assignedTo', has_seen: 'hasSeen', is_bookmarked: 'isBookmarked', is_public: 'isPublic' },
    description: 'Resolve, ignore or reopen an issue, assign it, or bookmark it.',
  }),
  t({
    slug: 'SENTRY_DELETE_ORGANIZATION_ISSUE',
    name: 'Delete issue',
    method: 'DELETE',
    path: '/organizations/{organization_id_or_slug}/issues/{issue_id}/',
    input: { organization_id_or_slug: ORG, issue_id: ISSUE_ID },
    description: 'Delete an issue and its events. Ask first.',
  }),
  t({
    slug: 'SENTRY_RETRIEVE_ISSUE_EVENTS_BY_ID',
    name: 'List issue events',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/issues/{issue_id}/events/',
    input: {
      organization_id_or_slug: ORG,
      issue_id: ISSUE_ID,
      full: s.boolean('Include stack traces and breadcrumbs'),
      query: s.string('Search within the events'),
      cursor: CURSOR,
    },
    description:
      'Occurrences of an issue, newest first (id, dateCreated, message, user, tags; with full also entries: exception frames, breadcrumbs).',
  }),
  t({
    slug: 'SENTRY_FETCH_ISSUE_EVENT_BY_ID',
    name: 'Get issue event',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/issues/{issue_id}/events/{event_id}/',
    input: {
      organization_id_or_slug: ORG,
      issue_id: ISSUE_ID,
      event_id: s.string('Event id, or latest, oldest, recommended'),
    },
    description:
      'One occurrence in full, including the exception with its stack trace; event_id latest gives the newest.',
  }),
  t({
    slug: 'SENTRY_RETRIEVE_ISSUE_TAG_DETAILS',
    name: 'Issue tag breakdown',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/issues/{issue_id}/tags/{tag_key}/',
    input: {
      organization_id_or_slug: ORG,
      issue_id: ISSUE_ID,
      tag_key: s.string('Tag, e.g. browser, release, environment, url'),
    },
    description: "How an issue's events split over a tag's values (top values and counts).",
  }),
  t({
    slug: 'SENTRY_RETRIEVE_SHORT_ID_FOR_ORGANIZATION',
    name: 'Resolve short id',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/shortids/{issue_id}/',
    input: { organization_id_or_slug: ORG, issue_id: s.string('Short id like PROJ-1A') },
    description: 'Find the issue (and its numeric id) behind a short id such as PROJ-1A.',
  }),
  t({
    slug: 'SENTRY_RETRIEVE_EVENT_ID_FOR_ORGANIZATION',
    name: 'Resolve event id',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/eventids/{event_id}/',
    input: { organization_id_or_slug: ORG, event_id: s.string('Event id (32 hex characters)') },
    description: 'Find the project and issue an event id belongs to.',
  }),
  t({
    slug: 'SENTRY_RETRIEVE_PROJECT_EVENT_BY_ID',
    name: 'Get project event',
    method: 'GET',
    path: '/projects/{organization_id_or_slug}/{project_id_or_slug}/events/{event_id}/',
    input: { organization_id_or_slug: ORG, project_id_or_slug: PROJECT, event_id: s.string('Event id') },
    description: 'One event of a project in full.',
  }),
  t({
    slug: 'SENTRY_GET_PROJECT_EVENTS',
    name: 'List project events',
    method: 'GET',
    path: '/projects/{organization_id_or_slug}/{project_id_or_slug}/events/',
    input: {
      organization_id_or_slug: ORG,
      project_id_or_slug: PROJECT,
      full: s.boolean('Include full bodies'),
      cursor: CURSOR,
    },
    description: 'Recent error events of a project.',
  }),
  t({
    slug: 'SENTRY_LIST_ORGANIZATION_RELEASES',
    name: 'List releases',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/releases/',
    input: { organization_id_or_slug: ORG, query: s.string('Start of a version'), cursor: CURSOR },
    description: 'Releases of an organization, newest first, with new issue counts.',
  }),
  t({
    slug: 'SENTRY_CREATE_RELEASE_FOR_ORGANIZATION',
    name: 'Create release',
    method: 'POST',
    path: '/organizations/{organization_id_or_slug}/releases/',
    input: {
      organization_id_or_slug: ORG,
      version: VERSION,
      projects: s.strings('Project slugs'),
      ref: s.string('Commit sha'),
      url: s.string('Link to the release'),
      date_released: s.string('When, ISO 8601'),
    },
    required: ['organization_id_or_slug', 'version', 'projects'],
    rename: { date_released: 'dateReleased' },
    description: 'Record a release so new errors are attributed to it.',
  }),
  t({
    slug: 'SENTRY_GET_ORGANIZATION_RELEASE_VERSION',
    name: 'Get release',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/releases/{version}/',
    input: { organization_id_or_slug: ORG, version: VERSION },
    description: 'One release with its projects, commits count and new issues.',
  }),
  t({
    slug: 'SENTRY_CREATE_RELEASE_DEPLOY_FOR_ORG',
    name: 'Record deploy',
    method: 'POST',
    path: '/organizations/{organization_id_or_slug}/releases/{version}/deploys/',
    input: {
      organization_id_or_slug: ORG,
      version: VERSION,
      environment: s.string('e.g. production'),
      name: s.string('Deploy name'),
      url: s.string('Link'),
    },
    required: ['organization_id_or_slug', 'version', 'environment'],
    description: 'Record that a release was deployed to an environment.',
  }),
  t({
    slug: 'SENTRY_LIST_TEAMS_IN_ORGANIZATION',
    name: 'List teams',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/teams/',
    input: { organization_id_or_slug: ORG, cursor: CURSOR },
    description: 'Teams of an organization with their projects.',
  }),
  t({
    slug: 'SENTRY_LIST_ORGANIZATION_MEMBERS',
    name: 'List members',
    method: 'GET',
    path: '/organizations/{organization_id_or_slug}/members/',
    input: { organization_id_or_slug: ORG, cursor: CURSOR },
    description: 'Members of an organization (email, role, user id) — for assigned_to.',
  }),
  t({
    slug: 'SENTRY_RETRIEVE_PROJECT_ENVIRONMENTS',
    name: 'List environments',
    method: 'GET',
    path: '/projects/{organization_id_or_slug}/{project_id_or_slug}/environments/',
    input: { organization_id_or_slug: ORG, project_id_or_slug: PROJECT },
    description: 'Environments seen in a project.',
  }),
  t({
    slug: 'SENTRY_LIST_A_PROJECTS_USER_FEEDBACK',
    name: 'List user feedback',
    method: 'GET',
    path: '/projects/{organization_id_or_slug}/{project_id_or_slug}/user-feedback/',
    input: { organization_id_or_slug: ORG, project_id_or_slug: PROJECT },
    description: 'Feedback users left on crash reports.',
  }),
];

export const sentry = standaloneToolkit(
  {
    slug: 'sentry',
    name: 'Sentry',
    description:
      'Sentry error monitoring: find and triage issues, read their events and stack traces, releases and deploys, teams and members.',
    appUrl: 'https://sentry.io',
    categories: [{ slug: 'developer-tools', name: 'Developer Tools' }],
    baseUrl: 'https://sentry.io/api/0',
    getCurrentUserEndpoint: '/',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://sentry.io/oauth/authorize/',
        tokenUrl: 'https://sentry.io/oauth/token/',
        scopes: [
          'org:read',
          'project:read',
          'project:write',
          'project:releases',
          'event:read',
          'event:write',
          'team:read',
          'member:read',
        ],
      }),
      apiKeyScheme('Sentry auth token (User settings → Personal Tokens, or an internal integration token)', {
        in: 'bearer',
        field: 'api_key',
      }),
    ],
  },
  sentryTools,
);

/** Older slugs of tools above, renamed to the hosted names (same arguments). */
export const sentryAliases: Record<string, string> = {
  SENTRY_RETRIEVE_USER_FEEDBACK_FOR_PROJECT: 'SENTRY_LIST_A_PROJECTS_USER_FEEDBACK',
};
