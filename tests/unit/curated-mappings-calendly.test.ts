import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { buildToolRequest } from '../../lib/services/tools/http';
import { prepareMappingArgs } from '../../lib/services/tools/curated';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Calendly mappings build the API v2 request Calendly documents (developer.calendly.com/api-docs).
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://cal.example.test' });

const U = 'https://api.calendly.com/users/U1';
const O = 'https://api.calendly.com/organizations/O1';
const TABLE: [string, Record<string, unknown>, Want][] = [
  ['CALENDLY_GET_CURRENT_USER', {}, { method: 'GET', path: '/users/me', query: {} }],
  ['CALENDLY_GET_USER', { uuid: 'U1' }, { method: 'GET', path: '/users/U1' }],
  [
    'CALENDLY_LIST_EVENTS',
    { organization: O, sort: 'start_time:desc' },
    { method: 'GET', path: '/scheduled_events', query: { organization: O, sort: 'start_time:desc' } },
  ],
  ['CALENDLY_GET_EVENT', { uuid: 'E1' }, { method: 'GET', path: '/scheduled_events/E1' }],
  [
    'CALENDLY_LIST_EVENT_INVITEES',
    { uuid: 'E1', email: 'a@b.c' },
    { method: 'GET', path: '/scheduled_events/E1/invitees', query: { email: 'a@b.c' } },
  ],
  [
    'CALENDLY_GET_EVENT_INVITEE',
    { event_uuid: 'E1', invitee_uuid: 'I1' },
    { method: 'GET', path: '/scheduled_events/E1/invitees/I1' },
  ],
  [
    'CALENDLY_CANCEL_SCHEDULED_EVENT',
    { uuid: 'E1', reason: 'x' },
    { method: 'POST', path: '/scheduled_events/E1/cancellation', body: { reason: 'x' } },
  ],
  [
    'CALENDLY_LIST_USER_S_EVENT_TYPES',
    { user: U, active: true },
    { method: 'GET', path: '/event_types', query: { user: U, active: 'true' } },
  ],
  ['CALENDLY_GET_EVENT_TYPE', { uuid: 'T1' }, { method: 'GET', path: '/event_types/T1' }],
  [
    'CALENDLY_LIST_EVENT_TYPE_AVAILABLE_TIMES',
    {
      event_type: 'https://api.calendly.com/event_types/T1',
      start_time: '2025-03-10T00:00:00Z',
      end_time: '2025-03-12T00:00:00Z',
    },
    {
      method: 'GET',
      path: '/event_type_available_times',
      query: {
        event_type: 'https://api.calendly.com/event_types/T1',
        start_time: '2025-03-10T00:00:00Z',
        end_time: '2025-03-12T00:00:00Z',
      },
    },
  ],
  [
    'CALENDLY_LIST_USER_BUSY_TIMES',
    { user: U, start_time: 'a', end_time: 'b' },
    { method: 'GET', path: '/user_busy_times', query: { user: U, start_time: 'a', end_time: 'b' } },
  ],
  [
    'CALENDLY_LIST_USER_AVAILABILITY_SCHEDULES',
    { user: U },
    { method: 'GET', path: '/user_availability_schedules', query: { user: U } },
  ],
  [
    'CALENDLY_GET_USER_AVAILABILITY_SCHEDULE',
    { uuid: 'S1' },
    { method: 'GET', path: '/user_availability_schedules/S1' },
  ],
  [
    'CALENDLY_CREATE_SCHEDULING_LINK',
    { owner: 'https://api.calendly.com/event_types/T1', max_event_count: 3 },
    {
      method: 'POST',
      path: '/scheduling_links',
      body: { owner: 'https://api.calendly.com/event_types/T1', owner_type: 'EventType', max_event_count: 3 },
    },
  ],
  [
    'CALENDLY_CREATE_SINGLE_USE_SCHEDULING_LINK',
    { owner: 'https://api.calendly.com/event_types/T1' },
    {
      method: 'POST',
      path: '/scheduling_links',
      body: { owner: 'https://api.calendly.com/event_types/T1', owner_type: 'EventType', max_event_count: 1 },
    },
  ],
  [
    'CALENDLY_CREATE_INVITEE_NO_SHOW',
    { invitee: 'https://api.calendly.com/scheduled_events/E1/invitees/I1' },
    {
      method: 'POST',
      path: '/invitee_no_shows',
      body: { invitee: 'https://api.calendly.com/scheduled_events/E1/invitees/I1' },
    },
  ],
  ['CALENDLY_GET_INVITEE_NO_SHOW', { uuid: 'N1' }, { method: 'GET', path: '/invitee_no_shows/N1' }],
  ['CALENDLY_DELETE_INVITEE_NO_SHOW', { uuid: 'N1' }, { method: 'DELETE', path: '/invitee_no_shows/N1' }],
  [
    'CALENDLY_LIST_ORGANIZATION_MEMBERSHIPS',
    { organization: O },
    { method: 'GET', path: '/organization_memberships', query: { organization: O } },
  ],
  ['CALENDLY_GET_ORGANIZATION_MEMBERSHIP', { uuid: 'M1' }, { method: 'GET', path: '/organization_memberships/M1' }],
  [
    'CALENDLY_REMOVE_USER_FROM_ORGANIZATION',
    { uuid: 'M1' },
    { method: 'DELETE', path: '/organization_memberships/M1' },
  ],
  [
    'CALENDLY_INVITE_USER_TO_ORGANIZATION',
    { uuid: 'O1', email: 'bo@acme.com' },
    { method: 'POST', path: '/organizations/O1/invitations', body: { email: 'bo@acme.com' } },
  ],
  [
    'CALENDLY_LIST_ORGANIZATION_INVITATIONS',
    { uuid: 'O1', status: 'pending' },
    { method: 'GET', path: '/organizations/O1/invitations', query: { status: 'pending' } },
  ],
  [
    'CALENDLY_LIST_WEBHOOK_SUBSCRIPTIONS',
    { organization: O, scope: 'organization' },
    { method: 'GET', path: '/webhook_subscriptions', query: { organization: O, scope: 'organization' } },
  ],
  [
    'CALENDLY_CREATE_WEBHOOK_SUBSCRIPTION',
    { url: 'https://h.example/cal', events: ['invitee.created'], organization: O, scope: 'organization' },
    {
      method: 'POST',
      path: '/webhook_subscriptions',
      body: { url: 'https://h.example/cal', events: ['invitee.created'], organization: O, scope: 'organization' },
    },
  ],
  ['CALENDLY_GET_WEBHOOK_SUBSCRIPTION', { uuid: 'W1' }, { method: 'GET', path: '/webhook_subscriptions/W1' }],
  ['CALENDLY_DELETE_WEBHOOK_SUBSCRIPTION', { uuid: 'W1' }, { method: 'DELETE', path: '/webhook_subscriptions/W1' }],
  [
    'CALENDLY_LIST_ROUTING_FORMS',
    { organization: O },
    { method: 'GET', path: '/routing_forms', query: { organization: O } },
  ],
  ['CALENDLY_GET_ROUTING_FORM', { uuid: 'R1' }, { method: 'GET', path: '/routing_forms/R1' }],
  ['CALENDLY_LIST_GROUPS', { organization: O }, { method: 'GET', path: '/groups', query: { organization: O } }],
  ['CALENDLY_GET_GROUP', { uuid: 'G1' }, { method: 'GET', path: '/groups/G1' }],
  [
    'CALENDLY_LIST_ACTIVITY_LOG_ENTRIES',
    { organization: O, count: 10 },
    { method: 'GET', path: '/activity_log_entries', query: { organization: O, count: '10' } },
  ],
];

describe('Calendly curated mappings', () => {
  it.each(TABLE)('%s builds the documented Calendly request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
  });
});
