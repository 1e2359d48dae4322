/**
 * Calendly in the hosted vocabulary on API v2 (api.calendly.com). Resources are named by URI
 * (https://api.calendly.com/users/AAAA…) in filters and by their trailing uuid in paths; start
 * with CALENDLY_GET_CURRENT_USER for the user and organization URIs. Calendly's parameters are
 * already snake_case. Connect with OAuth2 (auth.calendly.com) or a personal access token.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import { apiKeyScheme, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const c = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['calendly'] }, same, 'calendly');
const UUID = (what: string) => s.string(`${what} uuid (the last part of its URI)`);
const USER_URI = s.string(
  'User URI, e.g. https://api.calendly.com/users/AAAA… (resource.uri of CALENDLY_GET_CURRENT_USER)',
);
const ORG_URI = s.string('Organization URI (resource.current_organization of CALENDLY_GET_CURRENT_USER)');
const COUNT = s.integer('Per page (at most 100)', { default: 20 });
const PAGE = s.string('pagination.next_page_token of the previous page');
const page = { count: COUNT, page_token: PAGE };

export const calendlyTools: CuratedTool[] = [
  c({
    slug: 'CALENDLY_GET_CURRENT_USER',
    name: 'Get current user',
    important: true,
    method: 'GET',
    path: '/users/me',
    input: {},
    required: [],
    description:
      'The connected user: uri (the user filter of other tools), current_organization (the organization filter), scheduling_url, timezone. Call this first.',
  }),
  c({
    slug: 'CALENDLY_GET_USER',
    name: 'Get user',
    method: 'GET',
    path: '/users/{uuid}',
    input: { uuid: UUID('User') },
    description: 'A user of the organization.',
  }),
  c({
    slug: 'CALENDLY_LIST_EVENTS',
    name: 'List scheduled events',
    important: true,
    method: 'GET',
    path: '/scheduled_events',
    input: {
      user: USER_URI,
      organization: ORG_URI,
      invitee_email: s.string('Only events with this invitee'),
      status: s.enum(['active', 'canceled'], 'Event status'),
      min_start_time: s.string('Starting at or after, ISO 8601 UTC'),
      max_start_time: s.string('Starting before, ISO 8601 UTC'),
      sort: s.string('start_time:asc or start_time:desc'),
      ...page,
    },
    required: [],
    description:
      'Booked meetings of a user (user) or the whole organization (organization; admins): name, start_time, end_time, location, event_type, uri. One of user or organization is required. Invitees come from CALENDLY_LIST_EVENT_INVITEES.',
  }),
  c({
    slug: 'CALENDLY_GET_EVENT',
    name: 'Get scheduled event',
    method: 'GET',
    path: '/scheduled_events/{uuid}',
    input: { uuid: UUID('Scheduled event') },
    description: 'One booked meeting with its location and cancellation details.',
  }),
  c({
    slug: 'CALENDLY_LIST_EVENT_INVITEES',
    name: 'List invitees',
    important: true,
    method: 'GET',
    path: '/scheduled_events/{uuid}/invitees',
    input: {
      uuid: UUID('Scheduled event'),
      status: s.enum(['active', 'canceled'], 'Invitee status'),
      email: s.string('Only this invitee'),
      sort: s.string('created_at:asc or created_at:desc'),
      ...page,
    },
    description:
      'People booked on a meeting: name, email, answers to booking questions (questions_and_answers), timezone, cancel and reschedule URLs.',
  }),
  c({
    slug: 'CALENDLY_GET_EVENT_INVITEE',
    name: 'Get invitee',
    method: 'GET',
    path: '/scheduled_events/{event_uuid}/invitees/{invitee_uuid}',
    input: { event_uuid: UUID('Scheduled event'), invitee_uuid: UUID('Invitee') },
    description: 'One invitee of a meeting.',
  }),
  c({
    slug: 'CALENDLY_CANCEL_SCHEDULED_EVENT',
    name: 'Cancel event',
    method: 'POST',
    path: '/scheduled_events/{uuid}/cancellation',
    input: { uuid: UUID('Scheduled event'), reason: s.string('Reason shown to invitees') },
    description: 'Cancel a booked meeting; invitees are notified with the reason. Ask the user first.',
  }),
  c({
    slug: 'CALENDLY_LIST_USER_S_EVENT_TYPES',
    name: 'List event types',
    important: true,
    method: 'GET',
    path: '/event_types',
    input: {
      user: USER_URI,
      organization: ORG_URI,
      active: s.boolean('Only active (or inactive) ones'),
      sort: s.string('e.g. name:asc'),
      ...page,
    },
    required: [],
    description:
      'The bookable meeting kinds (name, duration, scheduling_url, uri) of a user or organization; the uri is the event_type of CALENDLY_LIST_EVENT_TYPE_AVAILABLE_TIMES and scheduling links.',
  }),
  c({
    slug: 'CALENDLY_GET_EVENT_TYPE',
    name: 'Get event type',
    method: 'GET',
    path: '/event_types/{uuid}',
    input: { uuid: UUID('Event type') },
    description: 'One event type with its duration, locations and booking questions.',
  }),
  c({
    slug: 'CALENDLY_LIST_EVENT_TYPE_AVAILABLE_TIMES',
    name: 'Available times',
    important: true,
    method: 'GET',
    path: '/event_type_available_times',
    input: {
      event_type: s.string('Event type URI'),
      start_time: s.string('Window start, ISO 8601 UTC, in the future'),
      end_time: s.string('Window end, at most 7 days after start_time'),
    },
    required: ['event_type', 'start_time', 'end_time'],
    description:
      'Open slots of an event type in a window of up to a week: start_time and a scheduling_url that books that slot.',
  }),
  c({
    slug: 'CALENDLY_LIST_USER_BUSY_TIMES',
    name: 'Busy times',
    method: 'GET',
    path: '/user_busy_times',
    input: {
      user: USER_URI,
      start_time: s.string('Window start, ISO 8601 UTC'),
      end_time: s.string('Window end, at most 7 days later'),
    },
    required: ['user', 'start_time', 'end_time'],
    description: 'When a user is busy (Calendly meetings and connected calendars) in a window of up to a week.',
  }),
  c({
    slug: 'CALENDLY_LIST_USER_AVAILABILITY_SCHEDULES',
    name: 'List availability schedules',
    method: 'GET',
    path: '/user_availability_schedules',
    input: { user: USER_URI },
    required: ['user'],
    description: "A user's working-hours schedules (rules per weekday, timezone).",
  }),
  c({
    slug: 'CALENDLY_GET_USER_AVAILABILITY_SCHEDULE',
    name: 'Get availability schedule',
    method: 'GET',
    path: '/user_availability_schedules/{uuid}',
    input: { uuid: UUID('Availability schedule') },
    description: 'One availability schedule.',
  }),
  c({
    slug: 'CALENDLY_CREATE_SCHEDULING_LINK',
    name: 'Create scheduling link',
    method: 'POST',
    path: '/scheduling_links',
    input: {
      owner: s.string('Event type URI'),
      owner_type: s.string('EventType', { default: 'EventType' }),
      max_event_count: s.integer('Bookings allowed through the link', { default: 1 }),
    },
    required: ['owner'],
    defaults: { owner_type: 'EventType', max_event_count: 1 },
    description:
      'A booking link for an event type that stops working after max_event_count bookings. Returns booking_url to send to someone.',
  }),
  c({
    slug: 'CALENDLY_CREATE_SINGLE_USE_SCHEDULING_LINK',
    name: 'Create single-use link',
    method: 'POST',
    path: '/scheduling_links',
    input: {
      owner: s.string('Event type URI'),
      owner_type: s.string('EventType', { default: 'EventType' }),
      max_event_count: s.integer('Always 1', { default: 1 }),
    },
    required: ['owner'],
    defaults: { owner_type: 'EventType', max_event_count: 1 },
    description: 'A booking link for an event type that can be used once. Returns booking_url.',
  }),
  c({
    slug: 'CALENDLY_CREATE_INVITEE_NO_SHOW',
    name: 'Mark no-show',
    method: 'POST',
    path: '/invitee_no_shows',
    input: { invitee: s.string('Invitee URI') },
    required: ['invitee'],
    description: 'Mark an invitee as a no-show.',
  }),
  c({
    slug: 'CALENDLY_GET_INVITEE_NO_SHOW',
    name: 'Get no-show',
    method: 'GET',
    path: '/invitee_no_shows/{uuid}',
    input: { uuid: UUID('No-show') },
    description: 'A no-show mark.',
  }),
  c({
    slug: 'CALENDLY_DELETE_INVITEE_NO_SHOW',
    name: 'Undo no-show',
    method: 'DELETE',
    path: '/invitee_no_shows/{uuid}',
    input: { uuid: UUID('No-show') },
    description: 'Remove a no-show mark.',
  }),
  c({
    slug: 'CALENDLY_LIST_ORGANIZATION_MEMBERSHIPS',
    name: 'List members',
    method: 'GET',
    path: '/organization_memberships',
    input: { organization: ORG_URI, user: USER_URI, email: s.string('Only this member'), ...page },
    required: [],
    description: 'Members of the organization with their role and user details.',
  }),
  c({
    slug: 'CALENDLY_GET_ORGANIZATION_MEMBERSHIP',
    name: 'Get membership',
    method: 'GET',
    path: '/organization_memberships/{uuid}',
    input: { uuid: UUID('Membership') },
    description: 'One membership.',
  }),
  c({
    slug: 'CALENDLY_REMOVE_USER_FROM_ORGANIZATION',
    name: 'Remove member',
    method: 'DELETE',
    path: '/organization_memberships/{uuid}',
    input: { uuid: UUID('Membership') },
    description: 'Remove a user from the organization (admins). Ask first.',
  }),
  c({
    slug: 'CALENDLY_INVITE_USER_TO_ORGANIZATION',
    name: 'Invite member',
    method: 'POST',
    path: '/organizations/{uuid}/invitations',
    input: { uuid: UUID('Organization'), email: s.string('Email to invite') },
    required: ['uuid', 'email'],
    description: 'Invite someone to the organization by email.',
  }),
  c({
    slug: 'CALENDLY_LIST_ORGANIZATION_INVITATIONS',
    name: 'List invitations',
    method: 'GET',
    path: '/organizations/{uuid}/invitations',
    input: {
      uuid: UUID('Organization'),
      status: s.enum(['pending', 'accepted', 'declined'], 'Status'),
      email: s.string('Only this email'),
      ...page,
    },
    description: 'Invitations to the organization.',
  }),
  c({
    slug: 'CALENDLY_LIST_WEBHOOK_SUBSCRIPTIONS',
    name: 'List webhooks',
    method: 'GET',
    path: '/webhook_subscriptions',
    input: {
      organization: ORG_URI,
      scope: s.enum(['user', 'organization', 'group'], 'Scope'),
      user: USER_URI,
      ...page,
    },
    required: ['organization', 'scope'],
    description: 'Webhook subscriptions of a user or organization.',
  }),
  c({
    slug: 'CALENDLY_CREATE_WEBHOOK_SUBSCRIPTION',
    name: 'Create webhook',
    method: 'POST',
    path: '/webhook_subscriptions',
    input: {
      url: s.string('HTTPS URL to call'),
      events: s.strings(
        'invitee.created, invitee.canceled, invitee_no_show.created, routing_form_submission.created …',
      ),
      organization: ORG_URI,
      user: USER_URI,
      scope: s.enum(['user', 'organization', 'group'], 'Scope'),
      signing_key: s.string('Secret to sign deliveries with'),
    },
    required: ['url', 'events', 'organization', 'scope'],
    description: 'Have Calendly call a URL when invitees book, cancel or no-show.',
  }),
  c({
    slug: 'CALENDLY_GET_WEBHOOK_SUBSCRIPTION',
    name: 'Get webhook',
    method: 'GET',
    path: '/webhook_subscriptions/{uuid}',
    input: { uuid: UUID('Webhook subscription') },
    description: 'One webhook subscription.',
  }),
  c({
    slug: 'CALENDLY_DELETE_WEBHOOK_SUBSCRIPTION',
    name: 'Delete webhook',
    method: 'DELETE',
    path: '/webhook_subscriptions/{uuid}',
    input: { uuid: UUID('Webhook subscription') },
    description: 'Stop a webhook subscription.',
  }),
  c({
    slug: 'CALENDLY_LIST_ROUTING_FORMS',
    name: 'List routing forms',
    method: 'GET',
    path: '/routing_forms',
    input: { organization: ORG_URI, ...page },
    required: ['organization'],
    description: 'Routing forms of the organization.',
  }),
  c({
    slug: 'CALENDLY_GET_ROUTING_FORM',
    name: 'Get routing form',
    method: 'GET',
    path: '/routing_forms/{uuid}',
    input: { uuid: UUID('Routing form') },
    description: 'One routing form with its questions.',
  }),
  c({
    slug: 'CALENDLY_LIST_GROUPS',
    name: 'List groups',
    method: 'GET',
    path: '/groups',
    input: { organization: ORG_URI, ...page },
    required: ['organization'],
    description: 'Groups of the organization.',
  }),
  c({
    slug: 'CALENDLY_GET_GROUP',
    name: 'Get group',
    method: 'GET',
    path: '/groups/{uuid}',
    input: { uuid: UUID('Group') },
    description: 'One group.',
  }),
  c({
    slug: 'CALENDLY_LIST_ACTIVITY_LOG_ENTRIES',
    name: 'Activity log',
    method: 'GET',
    path: '/activity_log_entries',
    input: {
      organization: ORG_URI,
      min_occurred_at: s.string('From, ISO 8601'),
      max_occurred_at: s.string('Until, ISO 8601'),
      ...page,
    },
    required: ['organization'],
    description: 'Audit entries of the organization (Enterprise plans).',
  }),
];

export const calendly = standaloneToolkit(
  {
    slug: 'calendly',
    name: 'Calendly',
    description:
      'Calendly scheduling: booked meetings and invitees, event types and open slots, scheduling links, cancellations, organization members and webhooks.',
    appUrl: 'https://calendly.com',
    categories: [{ slug: 'scheduling-booking', name: 'Scheduling & Booking' }],
    baseUrl: 'https://api.calendly.com',
    getCurrentUserEndpoint: '/users/me',
    authSchemes: [
      oauth2Scheme({
        authorizationUrl: 'https://auth.calendly.com/oauth/authorize',
        tokenUrl: 'https://auth.calendly.com/oauth/token',
        scopes: [],
      }),
      apiKeyScheme('Calendly personal access token (Integrations & apps → API and webhooks)', {
        in: 'bearer',
        field: 'api_key',
      }),
    ],
  },
  calendlyTools,
);

/** Older slugs of tools above, renamed to the hosted names (same arguments). */
export const calendlyAliases: Record<string, string> = {
  CALENDLY_CANCEL_EVENT: 'CALENDLY_CANCEL_SCHEDULED_EVENT',
};
