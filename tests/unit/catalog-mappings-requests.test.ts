import { describe, expect, it } from 'vitest';
import { getTool, getToolkit } from '../../lib/catalog/registry';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { baseUrlFor, buildToolRequest } from '../../lib/services/tools/http';
import { applyMappedArgs, requestToolkitOf } from '../../lib/services/tools/mapped';

// Mapping files whose requests go beyond one path on one host: same_as tools that must reach the
// other toolkit's host, op entries on another Google API (server_url), alternate argument spellings,
// defaults, whole-array bodies. Each row is the request the provider's reference documents for the
// hosted-style arguments, built the way the execute pipeline builds it (no base URL override).
interface Want {
  method: string;
  url: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

function built(slug: string, args: Record<string, unknown>) {
  const tool = getTool(slug);
  expect(tool, slug).toBeDefined();
  const kit = requestToolkitOf(tool!, getToolkit(tool!.toolkit)!);
  let a = applyMappedArgs(tool!, args);
  if (tool!.curated?.kind === 'mapping') a = prepareMappingArgs(tool!, a);
  const req = buildToolRequest(tool!, baseUrlFor(kit, tool, []), a);
  const query: Record<string, string | string[]> = {};
  for (const k of new Set(req.url.searchParams.keys())) {
    const all = req.url.searchParams.getAll(k);
    query[k] = all.length > 1 ? all : all[0]!;
  }
  const form = req.headers['content-type'] === 'application/x-www-form-urlencoded';
  const body = form
    ? Object.fromEntries(new URLSearchParams(String(req.body)))
    : typeof req.body === 'string' && req.body
      ? JSON.parse(req.body)
      : undefined;
  return { method: req.method, url: `${req.url.origin}${req.url.pathname}`, query, body };
}

const TABLE: [string, Record<string, unknown>, Want][] = [
  // googlesuper: a Gmail tool under the googlesuper connection reaches Gmail's host
  [
    'GOOGLESUPER_GET_PROFILE',
    { user_id: 'me' },
    { method: 'GET', url: 'https://gmail.googleapis.com/gmail/v1/users/me/profile' },
  ],
  // GA4 Data API v1beta properties.runReport
  [
    'GOOGLESUPER_RUN_REPORT',
    {
      property_id: '123',
      dimensions: [{ name: 'country' }],
      metrics: [{ name: 'activeUsers' }],
      date_ranges: [{ startDate: '7daysAgo', endDate: 'today' }],
      limit: 10,
    },
    {
      method: 'POST',
      url: 'https://analyticsdata.googleapis.com/v1beta/properties/123:runReport',
      body: {
        dimensions: [{ name: 'country' }],
        metrics: [{ name: 'activeUsers' }],
        dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }],
        limit: 10,
      },
    },
  ],
  // Slides API presentations.pages.getThumbnail: thumbnailProperties.* as dotted query parameters
  [
    'GOOGLESUPER_GET_PAGE_THUMBNAIL2',
    { presentation_id: 'P1', page_object_id: 'g1', thumbnail_size: 'LARGE' },
    {
      method: 'GET',
      url: 'https://slides.googleapis.com/v1/presentations/P1/pages/g1/thumbnail',
      query: { 'thumbnailProperties.thumbnailSize': 'LARGE' },
    },
  ],
  // GA4 Admin API v1beta accountSummaries.list
  [
    'GOOGLESUPER_LIST_ACCOUNT_SUMMARIES',
    { page_size: 50 },
    { method: 'GET', url: 'https://analyticsadmin.googleapis.com/v1beta/accountSummaries', query: { pageSize: '50' } },
  ],
  // slackbot: Slack's reactions.add (a form post, as the Slack toolkit sends it) on Slack's host
  [
    'SLACKBOT_ADD_REACTION_TO_AN_ITEM',
    { channel: 'C1', timestamp: '1.2', name: 'eyes' },
    {
      method: 'POST',
      url: 'https://slack.com/api/reactions.add',
      body: { channel: 'C1', timestamp: '1.2', name: 'eyes' },
    },
  ],
  // BigQuery jobs.query: camelCase projectId accepted, GoogleSQL by default
  [
    'GOOGLEBIGQUERY_QUERY',
    { projectId: 'p1', query: 'SELECT 1' },
    {
      method: 'POST',
      url: 'https://bigquery.googleapis.com/bigquery/v2/projects/p1/queries',
      body: { query: 'SELECT 1', useLegacySql: false },
    },
  ],
  // BigQuery Reservation API v1 reservations.list
  [
    'GOOGLEBIGQUERY_LIST_RESERVATIONS',
    { project_id: 'p1', location: 'US', page_size: 5 },
    {
      method: 'GET',
      url: 'https://bigqueryreservation.googleapis.com/v1/projects/p1/locations/US/reservations',
      query: { pageSize: '5' },
    },
  ],
  // BigQuery Data Policy API v2beta1: the nested create request
  [
    'GOOGLEBIGQUERY_CREATE_LOCATIONS_DATAPOLICIES',
    {
      project_id: 'p1',
      location: 'us',
      data_policy_id: 'mask_email',
      data_policy: { dataPolicyType: 'DATA_MASKING_POLICY' },
    },
    {
      method: 'POST',
      url: 'https://bigquerydatapolicy.googleapis.com/v2beta1/projects/p1/locations/us/dataPolicies',
      body: { dataPolicyId: 'mask_email', dataPolicy: { dataPolicyType: 'DATA_MASKING_POLICY' } },
    },
  ],
  // Meet v2: the hosted conferenceRecord_id, and the snake_case spelling
  [
    'GOOGLEMEET_GET_RECORDINGS_BY_CONFERENCE_RECORD_ID',
    { conference_record_id: 'cr1' },
    { method: 'GET', url: 'https://meet.googleapis.com/v2/conferenceRecords/cr1/recordings' },
  ],
  [
    'GOOGLEMEET_END_ACTIVE_CONFERENCE',
    { space_name: 'abc' },
    { method: 'POST', url: 'https://meet.googleapis.com/v2/spaces/abc:endActiveConference' },
  ],
  // Photos Library v1 mediaItems.patch: updateMask defaults to the one field the tool edits
  [
    'GOOGLEPHOTOS_UPDATE_MEDIA_ITEM',
    { media_item_id: 'M1', description: 'Beach' },
    {
      method: 'PATCH',
      url: 'https://photoslibrary.googleapis.com/v1/mediaItems/M1',
      query: { updateMask: 'description' },
      body: { description: 'Beach' },
    },
  ],
  // Supabase Management API: bulk secret deletion takes a JSON array of names
  [
    'SUPABASE_DELETE_SECRETS',
    { ref: 'abcdefghijklmnopqrst', secret_names: ['A', 'B'] },
    { method: 'DELETE', url: 'https://api.supabase.com/v1/projects/abcdefghijklmnopqrst/secrets', body: ['A', 'B'] },
  ],
  [
    'SUPABASE_UPDATE_SSL_ENFORCEMENT_CONFIG',
    { ref: 'abcdefghijklmnopqrst', requested_config: { database: true } },
    {
      method: 'PUT',
      url: 'https://api.supabase.com/v1/projects/abcdefghijklmnopqrst/ssl-enforcement',
      body: { requestedConfig: { database: true } },
    },
  ],
  // SerpApi: the engine is fixed, `query` is the engine's own parameter under another name
  [
    'SERPAPI_YAHOO_SEARCH',
    { query: 'espresso' },
    { method: 'GET', url: 'https://serpapi.com/search.json', query: { engine: 'yahoo', p: 'espresso' } },
  ],
  [
    'SERPAPI_SEARCH_YELP',
    { find_desc: 'ramen', location: 'Austin, TX' },
    {
      method: 'GET',
      url: 'https://serpapi.com/search.json',
      query: { engine: 'yelp', find_desc: 'ramen', find_loc: 'Austin, TX' },
    },
  ],
  // Discord v10: the older hosted name runs the same request
  [
    'DISCORD_GET_INVITE',
    { invite_code: 'abc', with_counts: true },
    { method: 'GET', url: 'https://discord.com/api/v10/invites/abc', query: { with_counts: 'true' } },
  ],
];

describe('mapped requests beyond one host and one spelling', () => {
  it.each(TABLE)('%s', (slug, args, want) => {
    expect(built(slug, args)).toEqual({ query: {}, body: undefined, ...want });
  });
});
