/**
 * Cal.com in the hosted vocabulary on API v2 (api.cal.com/v2). Argument names are Cal.com's own
 * camelCase ones (bookingUid, eventTypeId, lengthInMinutes), as the hosted tools use them.
 * Several v2 resources are versioned by a `cal-api-version` header (bookings 2024-08-13, slots
 * 2024-09-04, event types 2024-06-14, schedules 2024-06-11); each tool sends the version its
 * request and answer shapes follow. Answers come wrapped as {status, data}.
 * Connect with an API key (cal_live_…, as Bearer) or Cal.com OAuth.
 */
import { composite, params, s } from './define';
import { apiKeyScheme, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import { type CuratedTool, ToolArgumentError } from './types';

type Args = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

const V = { bookings: '2024-08-13', slots: '2024-09-04', eventTypes: '2024-06-14', schedules: '2024-06-11' };

interface CalDef {
  slug: string;
  name: string;
  description: string;
  method: Method;
  /** path with {arg} placeholders */
  path: string;
  version?: string;
  input?: Record<string, unknown>;
  required?: string[];
  important?: boolean;
  /** arguments sent in the query (GET and DELETE send every non-path one) */
  query?: string[];
  /** JSON body from the arguments; default: every argument not in the path or query */
  body?: (a: Args) => unknown;
  normalize?: (a: Args) => Args;
  shape?: (body: unknown) => Args;
}

function cal(d: CalDef): CuratedTool {
  const input = d.input ?? {};
  const inPath = [...d.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const inQuery = (k: string) => d.method === 'GET' || d.method === 'DELETE' || d.query?.includes(k);
  return composite({
    slug: d.slug,
    name: d.name,
    description: d.description,
    important: d.important,
    tags: ['cal'],
    input: params(input, d.required ?? inPath),
    normalize: d.normalize,
    async run(ctx, a) {
      const path = d.path.replace(/\{(\w+)\}/g, (_m, k: string) => {
        const v = a[k];
        if (v === undefined || v === null || v === '') throw new ToolArgumentError(`${k} is required`);
        return encodeURIComponent(String(v));
      });
      const query: Record<string, string | number | boolean | (string | number)[]> = {};
      const rest: Args = {};
      for (const k of Object.keys(input)) {
        if (inPath.includes(k) || a[k] === undefined || a[k] === null) continue;
        if (inQuery(k)) query[k] = Array.isArray(a[k]) ? (a[k] as (string | number)[]).join(',') : (a[k] as string);
        else rest[k] = a[k];
      }
      const hasBody = d.method !== 'GET' && d.method !== 'DELETE';
      const body = hasBody ? (d.body ? d.body(a) : rest) : undefined;
      const res = await ctx.json<unknown>({
        method: d.method,
        path,
        query,
        body,
        headers: d.version ? { 'cal-api-version': d.version } : undefined,
      });
      if (d.shape) return d.shape(res);
      return res && typeof res === 'object' && !Array.isArray(res) ? (res as Args) : { data: res };
    },
  });
}

const BOOKING_UID = s.string('Booking uid (uid from CAL_FETCH_ALL_BOOKINGS or the booking link)');
const EVENT_TYPE_ID = s.integer('Event type id (id from CAL_LIST_EVENT_TYPES)');
const SCHEDULE_ID = s.integer('Schedule id (from CAL_RETRIEVE_SCHEDULES_LIST)');
const WEBHOOK_ID = s.string('Webhook id');
const TAKE = s.integer('Page size', { default: 25 });
const SKIP = s.integer('How many to skip (paging)');
const ISO = (what: string) => s.string(`${what}, ISO 8601 in UTC, e.g. 2025-06-02T09:00:00Z`);
const AVAILABILITY = s.array(
  s.object(
    {
      days: s.strings('Weekdays, e.g. ["Monday","Tuesday"]'),
      startTime: s.string('HH:mm'),
      endTime: s.string('HH:mm'),
    },
    'A weekly window',
  ),
  'Weekly availability windows',
);
const OVERRIDES = s.array(
  s.object(
    { date: s.string('YYYY-MM-DD'), startTime: s.string('HH:mm'), endTime: s.string('HH:mm') },
    'A date override',
  ),
  'Date-specific hours',
);
const TRIGGERS = s.strings('BOOKING_CREATED, BOOKING_CANCELLED, BOOKING_RESCHEDULED, MEETING_ENDED, FORM_SUBMITTED …');

/** The hosted booking tool also takes attendee details as `responses` {name, email}; fold them into `attendee`. */
function bookingArgs(a: Args): Args {
  const r = a.responses as { name?: string; email?: string; guests?: string[] } | undefined;
  if (!r || a.attendee) return a;
  const { responses: _r, ...rest } = a;
  return {
    ...rest,
    attendee: {
      name: r.name,
      email: r.email,
      timeZone: a.timeZone ?? 'UTC',
      ...(a.language ? { language: a.language } : {}),
    },
    guests: a.guests ?? r.guests,
  };
}

export const calTools: CuratedTool[] = [
  cal({
    slug: 'CAL_RETRIEVE_MY_INFORMATION',
    name: 'My profile',
    important: true,
    method: 'GET',
    path: '/me',
    description:
      'The connected user: id, username (for public booking links and event type lookups), email, timeZone, organizationId.',
  }),
  cal({
    slug: 'CAL_GET_ORGANIZATION_ID',
    name: 'My organization id',
    method: 'GET',
    path: '/me',
    shape: (b) => ({
      organizationId: (b as { data?: { organizationId?: number | null } })?.data?.organizationId ?? null,
    }),
    description:
      'The organization the connected user belongs to (organizationId, null for personal accounts), for the organization tools.',
  }),
  cal({
    slug: 'CAL_UPDATE_USER_PROFILE_DETAILS',
    name: 'Update my profile',
    method: 'PATCH',
    path: '/me',
    input: {
      name: s.string('Display name'),
      email: s.string('Email'),
      timeZone: s.string('IANA time zone, e.g. Europe/Berlin'),
      timeFormat: s.integer('12 or 24'),
      weekStart: s.string('Monday, Sunday …'),
      defaultScheduleId: s.integer('Schedule used by event types without their own'),
      locale: s.string('e.g. en'),
    },
    required: [],
    description: 'Change the connected user’s profile settings; only the fields given change.',
  }),
  cal({
    slug: 'CAL_FETCH_ALL_BOOKINGS',
    name: 'List bookings',
    important: true,
    method: 'GET',
    path: '/bookings',
    version: V.bookings,
    input: {
      status: s.strings('upcoming, recurring, past, cancelled, unconfirmed'),
      attendeeEmail: s.string('Only bookings with this attendee'),
      attendeeName: s.string('Only bookings with this attendee name'),
      eventTypeId: s.integer('Only this event type'),
      eventTypeIds: s.array(s.integer('Event type id'), 'Only these event types'),
      teamId: s.integer('Only bookings of this team'),
      afterStart: ISO('Starting after'),
      beforeEnd: ISO('Ending before'),
      sortStart: s.enum(['asc', 'desc'], 'Order by start time'),
      take: TAKE,
      skip: SKIP,
    },
    required: [],
    description:
      "The user's bookings: uid, title, start, end, status, attendees, eventTypeId, meetingUrl. Filter by status (upcoming, past, cancelled, unconfirmed), attendee or window; page with take and skip.",
  }),
  cal({
    slug: 'CAL_RETRIEVE_BOOKING_DETAILS_BY_UID',
    name: 'Get booking',
    method: 'GET',
    path: '/bookings/{bookingUid}',
    version: V.bookings,
    input: { bookingUid: BOOKING_UID },
    description: 'One booking with attendees, location, responses to booking questions and status.',
  }),
  cal({
    slug: 'CAL_POST_NEW_BOOKING_REQUEST',
    name: 'Book a meeting',
    important: true,
    method: 'POST',
    path: '/bookings',
    version: V.bookings,
    input: {
      start: ISO('Slot start (from CAL_GET_AVAILABLE_SLOTS_INFO)'),
      eventTypeId: EVENT_TYPE_ID,
      attendee: s.object(
        {
          name: s.string('Attendee name'),
          email: s.string('Attendee email'),
          timeZone: s.string('Attendee time zone, e.g. America/New_York'),
          language: s.string('e.g. en'),
        },
        'Who is booking',
      ),
      responses: s.object(
        { name: s.string('Attendee name'), email: s.string('Attendee email') },
        'Older form of attendee',
      ),
      timeZone: s.string('Time zone for responses (older form)'),
      language: s.string('Language for responses (older form)'),
      guests: s.strings('More attendee emails'),
      lengthInMinutes: s.integer('Duration, for event types with several lengths'),
      metadata: s.object({}, 'Your own key-value data'),
      bookingFieldsResponses: s.object({}, 'Answers to the event type booking questions, by field slug'),
    },
    required: ['start', 'eventTypeId'],
    normalize: bookingArgs,
    body: (a) => {
      const { responses: _r, timeZone: _t, language: _l, ...rest } = a;
      if (!rest.attendee) throw new ToolArgumentError('give attendee {name, email, timeZone}');
      return rest;
    },
    description:
      'Book a slot of an event type for someone. Find a free start with CAL_GET_AVAILABLE_SLOTS_INFO first. Returns the booking (uid, status ACCEPTED or PENDING when the host must confirm, meetingUrl).',
  }),
  cal({
    slug: 'CAL_CANCEL_BOOKING_VIA_UID',
    name: 'Cancel booking',
    important: true,
    method: 'POST',
    path: '/bookings/{bookingUid}/cancel',
    version: V.bookings,
    input: { bookingUid: BOOKING_UID, cancellationReason: s.string('Reason shown to attendees') },
    description: 'Cancel a booking; attendees are told, with the reason. Ask the user first.',
  }),
  cal({
    slug: 'CAL_RESCHEDULE_BOOKING_BY_UID',
    name: 'Reschedule booking',
    important: true,
    method: 'POST',
    path: '/bookings/{bookingUid}/reschedule',
    version: V.bookings,
    input: {
      bookingUid: BOOKING_UID,
      start: ISO('New start'),
      reschedulingReason: s.string('Reason'),
      rescheduledBy: s.string('Email of who reschedules'),
    },
    required: ['bookingUid', 'start'],
    description: 'Move a booking to a new start; returns the new booking (a new uid).',
  }),
  cal({
    slug: 'CAL_CONFIRM_BOOKING_BY_UID',
    name: 'Confirm booking',
    method: 'POST',
    path: '/bookings/{bookingUid}/confirm',
    version: V.bookings,
    input: { bookingUid: BOOKING_UID },
    body: () => undefined,
    description: 'Accept a booking that waits for the host’s confirmation.',
  }),
  cal({
    slug: 'CAL_DECLINE_BOOKING_WITH_REASON',
    name: 'Decline booking',
    method: 'POST',
    path: '/bookings/{bookingUid}/decline',
    version: V.bookings,
    input: { bookingUid: BOOKING_UID, reason: s.string('Reason shown to the attendee') },
    description: 'Turn down a booking that waits for confirmation.',
  }),
  cal({
    slug: 'CAL_MARK_BOOKING_ABSENT_FOR_UID',
    name: 'Mark no-show',
    method: 'POST',
    path: '/bookings/{bookingUid}/mark-absent',
    version: V.bookings,
    input: {
      bookingUid: BOOKING_UID,
      host: s.boolean('The host did not show up'),
      attendees: s.array(
        s.object({ email: s.string('Attendee email'), absent: s.boolean('Did not show up') }, 'An attendee'),
        'Attendees to mark',
      ),
    },
    description: 'Record after a meeting who did not show up (host and/or attendees).',
  }),
  cal({
    slug: 'CAL_LIST_EVENT_TYPES',
    name: 'List event types',
    important: true,
    method: 'GET',
    path: '/event-types',
    version: V.eventTypes,
    input: {
      username: s.string("Someone's username, for their public event types"),
      eventSlug: s.string('One event type by slug (with username)'),
      usernames: s.strings('Several users'),
      orgSlug: s.string('Organization slug'),
      orgId: s.integer('Organization id'),
    },
    required: [],
    description:
      "Bookable meeting kinds (id, title, slug, lengthInMinutes, locations): the connected user's by default, or another user's public ones by username.",
  }),
  cal({
    slug: 'CAL_RETRIEVE_EVENT_TYPE_BY_ID',
    name: 'Get event type',
    method: 'GET',
    path: '/event-types/{eventTypeId}',
    version: V.eventTypes,
    input: { eventTypeId: EVENT_TYPE_ID },
    description: 'One event type with its duration, booking questions, locations and limits.',
  }),
  cal({
    slug: 'CAL_EDIT_EVENT_TYPE_BY_ID',
    name: 'Edit event type',
    method: 'PATCH',
    path: '/event-types/{eventTypeId}',
    version: V.eventTypes,
    input: {
      eventTypeId: EVENT_TYPE_ID,
      title: s.string('Title'),
      slug: s.string('URL slug'),
      description: s.string('Description'),
      lengthInMinutes: s.integer('Duration'),
      hidden: s.boolean('Hide from the profile page'),
      minimumBookingNotice: s.integer('Minutes of notice required'),
      beforeEventBuffer: s.integer('Buffer before, minutes'),
      afterEventBuffer: s.integer('Buffer after, minutes'),
      scheduleId: s.integer('Availability schedule to use'),
    },
    description: 'Change an event type; only the fields given change.',
  }),
  cal({
    slug: 'CAL_DELETE_EVENT_TYPE_BY_ID',
    name: 'Delete event type',
    method: 'DELETE',
    path: '/event-types/{eventTypeId}',
    version: V.eventTypes,
    input: { eventTypeId: EVENT_TYPE_ID },
    description: 'Delete an event type; its links stop working, existing bookings stay. Ask first.',
  }),
  cal({
    slug: 'CAL_GET_AVAILABLE_SLOTS_INFO',
    name: 'Free slots',
    important: true,
    method: 'GET',
    path: '/slots',
    version: V.slots,
    input: {
      eventTypeId: EVENT_TYPE_ID,
      eventTypeSlug: s.string('Event type slug (with username)'),
      username: s.string('Owner username (with eventTypeSlug)'),
      start: s.string('From, ISO 8601 date or time'),
      end: s.string('Until, ISO 8601 date or time'),
      timeZone: s.string('Time zone of the answer, e.g. Europe/London'),
      duration: s.integer('Length in minutes, for event types with several'),
      format: s.enum(['time', 'range'], 'Start times only, or start and end'),
    },
    required: ['start', 'end'],
    description:
      'Open start times of an event type between two dates, grouped by day (data["2025-06-02"][].start). Pass one start to CAL_POST_NEW_BOOKING_REQUEST.',
  }),
  cal({
    slug: 'CAL_RESERVE_SLOT_FOR_EVENT',
    name: 'Hold a slot',
    method: 'POST',
    path: '/slots/reservations',
    version: V.slots,
    input: {
      eventTypeId: EVENT_TYPE_ID,
      slotStart: ISO('Slot start'),
      slotDuration: s.integer('Minutes, for variable-length event types'),
      reservationDuration: s.integer('How long to hold it, minutes'),
    },
    required: ['eventTypeId', 'slotStart'],
    description: 'Hold a slot briefly while someone finishes booking; returns reservationUid.',
  }),
  cal({
    slug: 'CAL_DELETE_SELECTED_SLOT',
    name: 'Release held slot',
    method: 'DELETE',
    path: '/slots/reservations/{uid}',
    version: V.slots,
    input: { uid: s.string('reservationUid from CAL_RESERVE_SLOT_FOR_EVENT') },
    description: 'Give back a held slot.',
  }),
  cal({
    slug: 'CAL_RETRIEVE_SCHEDULES_LIST',
    name: 'List schedules',
    method: 'GET',
    path: '/schedules',
    version: V.schedules,
    description: 'Availability schedules of the user (id, name, timeZone, availability, isDefault).',
  }),
  cal({
    slug: 'CAL_GET_DEFAULT_SCHEDULE_DETAILS',
    name: 'Default schedule',
    method: 'GET',
    path: '/schedules/default',
    version: V.schedules,
    description: "The user's default availability schedule.",
  }),
  cal({
    slug: 'CAL_FETCH_SCHEDULE_BY_ID',
    name: 'Get schedule',
    method: 'GET',
    path: '/schedules/{scheduleId}',
    version: V.schedules,
    input: { scheduleId: SCHEDULE_ID },
    description: 'One availability schedule with its weekly windows and date overrides.',
  }),
  cal({
    slug: 'CAL_CREATE_USER_AVAILABILITY_SCHEDULE',
    name: 'Create schedule',
    method: 'POST',
    path: '/schedules',
    version: V.schedules,
    input: {
      name: s.string('Schedule name'),
      timeZone: s.string('IANA time zone'),
      isDefault: s.boolean('Make it the default schedule'),
      availability: AVAILABILITY,
      overrides: OVERRIDES,
    },
    required: ['name', 'timeZone', 'isDefault'],
    description: 'A new availability schedule with weekly windows and date overrides.',
  }),
  cal({
    slug: 'CAL_UPDATE_SCHEDULE_BY_ID',
    name: 'Update schedule',
    method: 'PATCH',
    path: '/schedules/{scheduleId}',
    version: V.schedules,
    input: {
      scheduleId: SCHEDULE_ID,
      name: s.string('Name'),
      timeZone: s.string('IANA time zone'),
      isDefault: s.boolean('Make it the default'),
      availability: AVAILABILITY,
      overrides: OVERRIDES,
    },
    description: 'Change a schedule; availability or overrides, when given, replace the old ones entirely.',
  }),
  cal({
    slug: 'CAL_DELETE_SCHEDULE_BY_ID',
    name: 'Delete schedule',
    method: 'DELETE',
    path: '/schedules/{scheduleId}',
    version: V.schedules,
    input: { scheduleId: SCHEDULE_ID },
    description: 'Delete an availability schedule.',
  }),
  cal({
    slug: 'CAL_RETRIEVE_CALENDAR_LIST',
    name: 'Connected calendars',
    method: 'GET',
    path: '/calendars',
    description: 'Calendars connected to Cal.com (Google, Outlook, Apple …) and which ones are checked for conflicts.',
  }),
  cal({
    slug: 'CAL_GET_TEAMS_LIST',
    name: 'My teams',
    method: 'GET',
    path: '/teams',
    description: 'Teams the user belongs to (id, name, slug).',
  }),
  cal({
    slug: 'CAL_GET_TEAM_INFORMATION_BY_TEAM_ID',
    name: 'Get team',
    method: 'GET',
    path: '/teams/{teamId}',
    input: { teamId: s.integer('Team id') },
    description: 'One team with its settings.',
  }),
  cal({
    slug: 'CAL_RETRIEVE_WEBHOOKS_LIST',
    name: 'List webhooks',
    method: 'GET',
    path: '/webhooks',
    input: { take: TAKE, skip: SKIP },
    required: [],
    description: "The user's webhooks (id, subscriberUrl, triggers, active).",
  }),
  cal({
    slug: 'CAL_POST_WEBHOOK_EVENT',
    name: 'Create webhook',
    method: 'POST',
    path: '/webhooks',
    input: {
      subscriberUrl: s.string('HTTPS URL to call'),
      triggers: TRIGGERS,
      active: s.boolean('Deliver now', { default: true }),
      secret: s.string('Signs deliveries (X-Cal-Signature-256)'),
      payloadTemplate: s.string('Custom payload template'),
    },
    required: ['subscriberUrl', 'triggers', 'active'],
    description: 'Have Cal.com POST to a URL when bookings are created, cancelled, rescheduled, or meetings end.',
  }),
  cal({
    slug: 'CAL_GET_WEBHOOK_BY_ID',
    name: 'Get webhook',
    method: 'GET',
    path: '/webhooks/{webhookId}',
    input: { webhookId: WEBHOOK_ID },
    description: 'One webhook.',
  }),
  cal({
    slug: 'CAL_UPDATE_WEBHOOK_BY_ID',
    name: 'Update webhook',
    method: 'PATCH',
    path: '/webhooks/{webhookId}',
    input: {
      webhookId: WEBHOOK_ID,
      subscriberUrl: s.string('New URL'),
      triggers: TRIGGERS,
      active: s.boolean('On or off'),
      secret: s.string('New secret'),
    },
    description: 'Change a webhook; only the fields given change.',
  }),
  cal({
    slug: 'CAL_DELETE_WEBHOOK_BY_ID',
    name: 'Delete webhook',
    method: 'DELETE',
    path: '/webhooks/{webhookId}',
    input: { webhookId: WEBHOOK_ID },
    description: 'Stop and remove a webhook.',
  }),
  cal({
    slug: 'CAL_GET_ALL_TIMEZONES',
    name: 'Time zones',
    method: 'GET',
    path: '/timezones',
    description: 'Time zones Cal.com accepts (IANA names with city and offset).',
  }),
  cal({
    slug: 'CAL_RETRIEVE_V2_CONFERENCING_INFO',
    name: 'Conferencing apps',
    method: 'GET',
    path: '/conferencing',
    description: 'Video apps connected for meeting links (Zoom, Google Meet, Teams …) and which is the default.',
  }),
];

export const calcom = standaloneToolkit(
  {
    slug: 'cal',
    name: 'Cal.com',
    description:
      'Cal.com scheduling: bookings (list, book, reschedule, cancel, confirm), event types and free slots, availability schedules, teams and webhooks.',
    appUrl: 'https://cal.com',
    categories: [{ slug: 'scheduling-booking', name: 'Scheduling & Booking' }],
    baseUrl: 'https://api.cal.com/v2',
    getCurrentUserEndpoint: '/me',
    authSchemes: [
      apiKeyScheme('Cal.com API key (cal_live_… or cal_test_…), from Settings → Developer → API keys', {
        in: 'bearer',
        field: 'api_key',
      }),
      oauth2Scheme({
        authorizationUrl: 'https://app.cal.com/auth/oauth2/authorize',
        tokenUrl: 'https://api.cal.com/v2/auth/oauth2/token',
        scopes: [],
      }),
    ],
  },
  calTools,
);
