import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Sentry mappings build the web API request Sentry documents (docs.sentry.io/api).
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://sentry.example.test/api/0', prefix: '/api/0' });

const O = { organization_id_or_slug: 'acme' };
const P = { ...O, project_id_or_slug: 'web' };
const TABLE: [string, Record<string, unknown>, Want][] = [
  ['SENTRY_GET_ORGANIZATION_DETAILS', O, { method: 'GET', path: '/organizations/acme/' }],
  ['SENTRY_RETRIEVE_ORGANIZATION_PROJECTS', O, { method: 'GET', path: '/organizations/acme/projects/' }],
  ['SENTRY_GET_PROJECT_LIST', {}, { method: 'GET', path: '/projects/' }],
  ['SENTRY_ACCESS_PROJECT_INFORMATION', P, { method: 'GET', path: '/projects/acme/web/' }],
  [
    'SENTRY_RETRIEVE_PROJECT_ISSUES_LIST',
    { ...P, query: 'is:unresolved level:fatal' },
    { method: 'GET', path: '/projects/acme/web/issues/', query: { query: 'is:unresolved level:fatal' } },
  ],
  [
    'SENTRY_GET_ORGANIZATION_ISSUE_DETAILS',
    { ...O, issue_id: '1' },
    { method: 'GET', path: '/organizations/acme/issues/1/' },
  ],
  [
    'SENTRY_UPDATE_ISSUE_ATTRIBUTES_IN_ORGANIZATION',
    { ...O, issue_id: '1', is_bookmarked: true },
    { method: 'PUT', path: '/organizations/acme/issues/1/', body: { isBookmarked: true } },
  ],
  [
    'SENTRY_DELETE_ORGANIZATION_ISSUE',
    { ...O, issue_id: '1' },
    { method: 'DELETE', path: '/organizations/acme/issues/1/' },
  ],
  [
    'SENTRY_RETRIEVE_ISSUE_EVENTS_BY_ID',
    { ...O, issue_id: '1', full: true },
    { method: 'GET', path: '/organizations/acme/issues/1/events/', query: { full: 'true' } },
  ],
  [
    'SENTRY_FETCH_ISSUE_EVENT_BY_ID',
    { ...O, issue_id: '1', event_id: 'latest' },
    { method: 'GET', path: '/organizations/acme/issues/1/events/latest/' },
  ],
  [
    'SENTRY_RETRIEVE_ISSUE_TAG_DETAILS',
    { ...O, issue_id: '1', tag_key: 'browser' },
    { method: 'GET', path: '/organizations/acme/issues/1/tags/browser/' },
  ],
  [
    'SENTRY_RETRIEVE_SHORT_ID_FOR_ORGANIZATION',
    { ...O, issue_id: 'WEB-1A' },
    { method: 'GET', path: '/organizations/acme/shortids/WEB-1A/' },
  ],
  [
    'SENTRY_RETRIEVE_EVENT_ID_FOR_ORGANIZATION',
    { ...O, event_id: 'abc' },
    { method: 'GET', path: '/organizations/acme/eventids/abc/' },
  ],
  [
    'SENTRY_RETRIEVE_PROJECT_EVENT_BY_ID',
    { ...P, event_id: 'abc' },
    { method: 'GET', path: '/projects/acme/web/events/abc/' },
  ],
  ['SENTRY_GET_PROJECT_EVENTS', P, { method: 'GET', path: '/projects/acme/web/events/' }],
  [
    'SENTRY_LIST_ORGANIZATION_RELEASES',
    { ...O, query: 'web@' },
    { method: 'GET', path: '/organizations/acme/releases/', query: { query: 'web@' } },
  ],
  [
    'SENTRY_CREATE_RELEASE_FOR_ORGANIZATION',
    { ...O, version: 'web@1.2', projects: ['web'], date_released: '2025-03-10T00:00:00Z' },
    {
      method: 'POST',
      path: '/organizations/acme/releases/',
      body: { version: 'web@1.2', projects: ['web'], dateReleased: '2025-03-10T00:00:00Z' },
    },
  ],
  [
    'SENTRY_GET_ORGANIZATION_RELEASE_VERSION',
    { ...O, version: 'web@1.2' },
    { method: 'GET', path: '/organizations/acme/releases/web%401.2/' },
  ],
  [
    'SENTRY_CREATE_RELEASE_DEPLOY_FOR_ORG',
    { ...O, version: 'web@1.2', environment: 'production' },
    { method: 'POST', path: '/organizations/acme/releases/web%401.2/deploys/', body: { environment: 'production' } },
  ],
  ['SENTRY_LIST_TEAMS_IN_ORGANIZATION', O, { method: 'GET', path: '/organizations/acme/teams/' }],
  ['SENTRY_LIST_ORGANIZATION_MEMBERS', O, { method: 'GET', path: '/organizations/acme/members/' }],
  ['SENTRY_RETRIEVE_PROJECT_ENVIRONMENTS', P, { method: 'GET', path: '/projects/acme/web/environments/' }],
  ['SENTRY_LIST_A_PROJECTS_USER_FEEDBACK', P, { method: 'GET', path: '/projects/acme/web/user-feedback/' }],
];

describe('Sentry curated mappings', () => {
  it.each(TABLE)('%s builds the documented Sentry request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
  });
});
