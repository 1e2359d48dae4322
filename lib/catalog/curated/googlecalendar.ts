/**
 * Google Calendar in the hosted vocabulary. Composites do the time work (start + duration or
 * end in a time zone, free slots, the current time without a provider call) and attendee edits;
 * the rest map onto one Calendar API v3 operation (paths relative to .../calendar/v3).
 */
import { randomUUID } from 'node:crypto';
import type { ToolHttp } from '../types';
import { at, composite, http, mapping, params, s } from './define';
import {
  endOfDay,
  formatInZone,
  freeSlots,
  offsetText,
  parseDateTime,
  validZone,
  type Interval,
} from './googlecalendar-time';
import { ToolArgumentError, type CuratedContext, type CuratedTool } from './types';

const CAL = s.string(
  "Calendar id: 'primary' (the connected user's main calendar, the default), an email address, or an id from GOOGLECALENDAR_LIST_CALENDARS.",
  { default: 'primary', examples: ['primary'] },
);
const EVENT_ID = s.string('Event id (from GOOGLECALENDAR_FIND_EVENT or GOOGLECALENDAR_EVENTS_LIST).');
const TZ = s.string('IANA time zone for naive date-times, e.g. America/New_York; default: UTC.', {
  examples: ['Europe/Berlin'],
});
const PAGE_TOKEN = s.string('nextPageToken of the previous page.');
const SEND_UPDATES = s.enum(['all', 'externalOnly', 'none'], 'Who gets email about the change.');
const ATTENDEES = s.array(
  s.object(
    {
      email: s.string('Guest email address', { format: 'email' }),
      optional: s.boolean('Optional guest'),
      displayName: s.string('Name to show'),
      responseStatus: s.enum(['needsAction', 'declined', 'tentative', 'accepted'], 'Their answer'),
      comment: s.string('Their comment'),
    },
    'A guest',
    { required: ['email'] },
  ),
  'Guests. Plain email strings are accepted too: ["jane@example.com", {"email": "bob@example.com", "optional": true}].',
  { examples: [['jane@example.com']] },
);
/** attendees may be given as email strings (the common hosted form) or objects */
const normalizeAttendees = (a: Record<string, unknown>) =>
  Array.isArray(a.attendees)
    ? { ...a, attendees: a.attendees.map((x) => (typeof x === 'string' ? { email: x.trim() } : x)) }
    : typeof a.attendees === 'string'
      ? {
          ...a,
          attendees: a.attendees
            .split(',')
            .map((x) => ({ email: x.trim() }))
            .filter((x) => x.email),
        }
      : a;
const enc = encodeURIComponent;
const calPath = (a: Record<string, unknown>, rest = '') =>
  `/calendars/${enc(String(a.calendar_id ?? 'primary'))}${rest}`;

function zoneArg(a: Record<string, unknown>, key = 'timezone'): string | undefined {
  const tz = a[key];
  if (tz === undefined || tz === null || tz === '') return undefined;
  if (typeof tz !== 'string' || !validZone(tz))
    throw new ToolArgumentError(`${key}: "${String(tz).slice(0, 40)}" is not an IANA time zone`);
  return tz;
}

function attendeesOf(v: unknown): Record<string, unknown>[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v : String(v).split(',');
  return list
    .map((x) => (typeof x === 'string' ? { email: x.trim() } : (x as Record<string, unknown>)))
    .filter((x) => x.email);
}

/** Start and end objects from start_datetime + (end_datetime | durations), in the given zone. */
function timesOf(a: Record<string, unknown>, tz: string | undefined, needStart: boolean) {
  if (a.start_datetime === undefined) {
    if (needStart) throw new ToolArgumentError('start_datetime is required');
    return {};
  }
  const start = parseDateTime(String(a.start_datetime), tz, 'start_datetime');
  let end: Date;
  if (a.end_datetime !== undefined) end = parseDateTime(String(a.end_datetime), tz, 'end_datetime');
  else {
    const h = Number(a.event_duration_hour ?? 0);
    const m = Number(a.event_duration_minutes ?? (a.event_duration_hour === undefined ? 30 : 0));
    end = new Date(start.getTime() + (h * 60 + m) * 60000);
  }
  if (end.getTime() <= start.getTime()) throw new ToolArgumentError('the event must end after it starts');
  const zone = tz ?? 'UTC';
  return {
    start: { dateTime: formatInZone(start, zone), timeZone: zone },
    end: { dateTime: formatInZone(end, zone), timeZone: zone },
  };
}

const EVENT_FIELDS = {
  summary: s.string('Title.', { examples: ['Client sync'] }),
  description: s.string('Details (HTML allowed).'),
  location: s.string('Where (address or room).'),
  attendees: ATTENDEES,
  recurrence: s.strings('RRULE/EXRULE/RDATE lines, e.g. ["RRULE:FREQ=WEEKLY;COUNT=4"].'),
  visibility: s.enum(['default', 'public', 'private', 'confidential'], 'Who can see the details.'),
  transparency: s.enum(['opaque', 'transparent'], 'opaque blocks time (busy), transparent does not.'),
  guests_can_modify: s.boolean('Guests may edit the event.'),
  guests_can_invite_others: s.boolean('Guests may invite others.'),
  guests_can_see_other_guests: s.boolean('Guests see the guest list.'),
  color_id: s.string('Event colour id (see GOOGLECALENDAR_COLORS_GET).'),
};

function eventBody(a: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const map: Record<string, string> = {
    summary: 'summary',
    description: 'description',
    location: 'location',
    recurrence: 'recurrence',
    visibility: 'visibility',
    transparency: 'transparency',
    guests_can_modify: 'guestsCanModify',
    guests_can_invite_others: 'guestsCanInviteOthers',
    guests_can_see_other_guests: 'guestsCanSeeOtherGuests',
    color_id: 'colorId',
  };
  for (const [k, v] of Object.entries(map)) if (a[k] !== undefined) body[v] = a[k];
  const att = attendeesOf(a.attendees);
  if (att) body.attendees = att;
  return body;
}

function meet(body: Record<string, unknown>) {
  body.conferenceData = { createRequest: { requestId: randomUUID(), conferenceSolutionKey: { type: 'hangoutsMeet' } } };
}

const sendUpdatesOf = (a: Record<string, unknown>) =>
  typeof a.send_updates === 'string'
    ? a.send_updates
    : a.send_updates === false
      ? 'none'
      : a.send_updates === true
        ? 'all'
        : undefined;

const createEvent = composite({
  slug: 'GOOGLECALENDAR_CREATE_EVENT',
  normalize: normalizeAttendees,
  name: 'Create event',
  important: true,
  tags: ['googlecalendar', 'event', 'create'],
  description:
    'Create a calendar event from start_datetime plus a duration (event_duration_hour, event_duration_minutes; default 30 minutes) or an end_datetime, read in timezone (IANA name) when the times carry no offset. Invite attendees by email; a Google Meet link is added unless create_meeting_room=false. Use GOOGLECALENDAR_FIND_FREE_SLOTS first to avoid clashes and GOOGLECALENDAR_GET_CURRENT_DATE_TIME to resolve "tomorrow at 3". Returns the created event under response_data (id, htmlLink, hangoutLink, start, end).',
  input: params(
    {
      start_datetime: s.string('Start, ISO 8601 (2025-01-16T13:00:00, with or without offset).', {
        examples: ['2025-01-16T13:00:00'],
      }),
      event_duration_hour: s.integer('Duration hours.', { default: 0, minimum: 0 }),
      event_duration_minutes: s.integer('Duration minutes (0-59).', { default: 30, minimum: 0, maximum: 59 }),
      end_datetime: s.string('End instead of a duration, ISO 8601.'),
      timezone: TZ,
      calendar_id: CAL,
      create_meeting_room: s.boolean('Add a Google Meet link.', { default: true }),
      send_updates: s.boolean('Email the attendees.', { default: true }),
      ...EVENT_FIELDS,
    },
    ['start_datetime'],
  ),
  output: params({
    response_data: s.object(
      { id: s.string('Event id'), htmlLink: s.string('Link to the event'), hangoutLink: s.string('Meet link') },
      'The created event',
    ),
  }),
  async run(ctx, a) {
    const tz = zoneArg(a);
    const body = { ...eventBody(a), ...timesOf(a, tz, true) };
    const withMeet = a.create_meeting_room !== false;
    if (withMeet) meet(body);
    const event = await ctx.json({
      method: 'POST',
      path: calPath(a, '/events'),
      body,
      query: {
        conferenceDataVersion: withMeet ? 1 : undefined,
        sendUpdates: sendUpdatesOf(a) === 'none' ? 'none' : 'all',
      },
    });
    return { response_data: event };
  },
});

async function editEvent(ctx: CuratedContext, a: Record<string, unknown>, method: 'PUT' | 'PATCH') {
  const tz = zoneArg(a);
  const path = calPath(a, `/events/${enc(String(a.event_id))}`);
  let body: Record<string, unknown> = { ...eventBody(a), ...timesOf(a, tz, false) };
  if (method === 'PUT') {
    // a full replacement keeps what was not given, so the agent does not wipe the event by accident
    const cur = await ctx.json<Record<string, unknown>>({ method: 'GET', path });
    body = { ...cur, ...body };
  }
  const query: Record<string, string | number | undefined> = { sendUpdates: sendUpdatesOf(a) };
  if (a.create_meeting_room === true) {
    meet(body);
    query.conferenceDataVersion = 1;
  }
  return ctx.json({ method, path, body, query });
}

const updateInput = {
  event_id: EVENT_ID,
  calendar_id: CAL,
  start_datetime: s.string('New start, ISO 8601.'),
  end_datetime: s.string('New end, ISO 8601.'),
  event_duration_hour: s.integer('New duration hours (with start_datetime, instead of end_datetime).'),
  event_duration_minutes: s.integer('New duration minutes.'),
  timezone: TZ,
  create_meeting_room: s.boolean('Add a Google Meet link.'),
  send_updates: SEND_UPDATES,
  ...EVENT_FIELDS,
};

const updateEvent = composite({
  slug: 'GOOGLECALENDAR_UPDATE_EVENT',
  normalize: normalizeAttendees,
  name: 'Update event',
  important: true,
  tags: ['googlecalendar', 'event'],
  description:
    'Change an event by event_id: new times (start_datetime with end_datetime or a duration, in timezone), title, description, location, attendees (the list given replaces the old one), recurrence. Fields not given keep their current values. Returns the updated event under response_data.',
  input: params(updateInput, ['event_id']),
  output: params({
    response_data: s.object({ id: s.string('Event id'), htmlLink: s.string('Link') }, 'The updated event'),
  }),
  async run(ctx, a) {
    return { response_data: await editEvent(ctx, a, 'PUT') };
  },
});

const patchEvent = composite({
  slug: 'GOOGLECALENDAR_PATCH_EVENT',
  normalize: normalizeAttendees,
  name: 'Patch event',
  tags: ['googlecalendar', 'event'],
  description:
    'Change only the given fields of an event (event_id): times, title, description, location, attendees (replaces the list), visibility. Returns the event.',
  input: params(updateInput, ['event_id']),
  async run(ctx, a) {
    return editEvent(ctx, a, 'PATCH');
  },
});

const removeAttendee = composite({
  slug: 'GOOGLECALENDAR_REMOVE_ATTENDEE',
  name: 'Remove attendee',
  tags: ['googlecalendar', 'event'],
  description: 'Take one guest (attendee_email) off an event; the other guests stay. Returns the updated event.',
  input: params(
    {
      event_id: EVENT_ID,
      attendee_email: s.string('Guest to remove.', { format: 'email' }),
      calendar_id: CAL,
      send_updates: SEND_UPDATES,
    },
    ['event_id', 'attendee_email'],
  ),
  async run(ctx, a) {
    const path = calPath(a, `/events/${enc(String(a.event_id))}`);
    const cur = await ctx.json<{ attendees?: { email?: string }[] }>({ method: 'GET', path });
    const target = String(a.attendee_email).toLowerCase();
    const attendees = (cur.attendees ?? []).filter((x) => (x.email ?? '').toLowerCase() !== target);
    if (attendees.length === (cur.attendees ?? []).length)
      throw new ToolArgumentError(`${String(a.attendee_email)} is not a guest of this event`);
    return ctx.json({ method: 'PATCH', path, body: { attendees }, query: { sendUpdates: sendUpdatesOf(a) } });
  },
});

const freeSlotsTool = composite({
  slug: 'GOOGLECALENDAR_FIND_FREE_SLOTS',
  name: 'Find free slots',
  important: true,
  tags: ['googlecalendar', 'availability'],
  description:
    'When are one or more calendars free? Give items (calendar ids or emails; default primary), a window time_min..time_max (default: now until the end of that day in timezone) and timezone. Returns, per calendar, the busy intervals and the free gaps between them, in that zone. Keep only gaps long enough for the meeting, then book with GOOGLECALENDAR_CREATE_EVENT.',
  input: params({
    items: s.strings('Calendar ids or email addresses to check.', { default: ['primary'] }),
    time_min: s.string('Window start, ISO 8601 (default now).'),
    time_max: s.string('Window end, ISO 8601 (default end of that day).'),
    timezone: TZ,
  }),
  output: params({
    time_min: s.string('Window start'),
    time_max: s.string('Window end'),
    timezone: s.string('Zone used'),
    calendars: s.object({}, 'Per calendar id: {busy: [{start,end}], free: [{start,end}], errors?}'),
  }),
  async run(ctx, a) {
    const tz = zoneArg(a) ?? 'UTC';
    const from = a.time_min ? parseDateTime(String(a.time_min), tz, 'time_min') : ctx.now();
    const to = a.time_max ? parseDateTime(String(a.time_max), tz, 'time_max') : endOfDay(from, tz);
    if (to.getTime() <= from.getTime()) throw new ToolArgumentError('time_min must be before time_max');
    const items = ((a.items as string[] | undefined)?.length ? (a.items as string[]) : ['primary']).map((id) => ({
      id,
    }));
    const fb = await ctx.json<{ calendars?: Record<string, { busy?: Interval[]; errors?: unknown[] }> }>({
      method: 'POST',
      path: '/freeBusy',
      body: { timeMin: from.toISOString(), timeMax: to.toISOString(), timeZone: tz, items },
    });
    const calendars: Record<string, unknown> = {};
    for (const [id, c] of Object.entries(fb.calendars ?? {})) {
      const busy = (c.busy ?? []).map((b) => ({
        start: formatInZone(new Date(b.start), tz),
        end: formatInZone(new Date(b.end), tz),
      }));
      calendars[id] = {
        busy,
        free: c.errors?.length ? [] : freeSlots(c.busy ?? [], from, to, tz),
        ...(c.errors?.length ? { errors: c.errors } : {}),
      };
    }
    return { time_min: formatInZone(from, tz), time_max: formatInZone(to, tz), timezone: tz, calendars };
  },
});

const now = composite({
  slug: 'GOOGLECALENDAR_GET_CURRENT_DATE_TIME',
  name: 'Get current date and time',
  important: true,
  noAuth: true,
  tags: ['googlecalendar', 'time'],
  description:
    'The current date and time (no calendar call, no account needed), in timezone (IANA name such as Asia/Kolkata, or an offset in hours like 5.5; default UTC). Call it before turning "tomorrow at 3pm" or "next Monday" into start_datetime.',
  input: params({
    timezone: s.string('IANA zone name or UTC offset in hours.', {
      default: 'UTC',
      examples: ['America/New_York', '5.5'],
    }),
  }),
  output: params({
    current_datetime: s.string('Local date-time with offset'),
    date: s.string('YYYY-MM-DD'),
    time: s.string('HH:MM:SS'),
    weekday: s.string('Day of the week'),
    timezone: s.string('Zone used'),
    utc: s.string('The same instant in UTC'),
    unix: s.integer('Unix seconds'),
  }),
  async run(ctx, a) {
    const t = ctx.now();
    const raw = a.timezone;
    let local: string;
    let zone: string;
    if (raw !== undefined && raw !== '' && !Number.isNaN(Number(raw))) {
      const off = Math.round(Number(raw) * 60);
      if (Math.abs(off) > 14 * 60) throw new ToolArgumentError('timezone offset must be between -14 and +14 hours');
      const shifted = new Date(t.getTime() + off * 60000);
      local = `${shifted.toISOString().slice(0, 19)}${offsetText(off)}`;
      zone = `UTC${offsetText(off)}`;
    } else {
      zone = zoneArg({ timezone: raw }) ?? 'UTC';
      local = formatInZone(t, zone);
    }
    const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
      new Date(Date.parse(`${local.slice(0, 19)}Z`)).getUTCDay()
    ];
    return {
      current_datetime: local,
      date: local.slice(0, 10),
      time: local.slice(11, 19),
      weekday,
      timezone: zone,
      utc: t.toISOString(),
      unix: Math.floor(t.getTime() / 1000),
    };
  },
});

const allCalendars = composite({
  slug: 'GOOGLECALENDAR_EVENTS_LIST_ALL_CALENDARS',
  name: 'List events from all calendars',
  tags: ['googlecalendar', 'event', 'read'],
  description:
    'Events of every calendar in the user\'s list between time_min and time_max (optionally matching q), merged and sorted by start; each item carries calendar_id. Use it for "what is on my schedule" across work, personal and shared calendars.',
  input: params(
    {
      time_min: s.string('From, ISO 8601 with offset.'),
      time_max: s.string('To, ISO 8601 with offset.'),
      q: s.string('Free-text filter.'),
      timezone: TZ,
      max_results_per_calendar: s.integer('Most events per calendar.', { default: 250 }),
    },
    ['time_min', 'time_max'],
  ),
  async run(ctx, a) {
    const tz = zoneArg(a);
    const min = parseDateTime(String(a.time_min), tz, 'time_min').toISOString();
    const max = parseDateTime(String(a.time_max), tz, 'time_max').toISOString();
    const list = await ctx.json<{ items?: { id: string }[] }>({ method: 'GET', path: '/users/me/calendarList' });
    const items: Record<string, unknown>[] = [];
    for (const c of list.items ?? []) {
      const r = await ctx.call({
        method: 'GET',
        path: `/calendars/${enc(c.id)}/events`,
        query: {
          timeMin: min,
          timeMax: max,
          q: a.q as string | undefined,
          singleEvents: true,
          orderBy: 'startTime',
          maxResults: (a.max_results_per_calendar as number | undefined) ?? 250,
        },
      });
      if (!r.ok) continue; // calendars without read access are skipped, not fatal
      for (const e of (r.body as { items?: Record<string, unknown>[] }).items ?? [])
        items.push({ ...e, calendar_id: c.id });
    }
    const startOf = (e: Record<string, unknown>) =>
      Date.parse(
        String(
          (e.start as { dateTime?: string; date?: string } | undefined)?.dateTime ??
            (e.start as { date?: string } | undefined)?.date ??
            0,
        ),
      );
    items.sort((x, y) => startOf(x) - startOf(y));
    return { items, calendars_searched: (list.items ?? []).length };
  },
});

function gc(def: {
  slug: string;
  name: string;
  description: string;
  method: ToolHttp['method'];
  path: string;
  p?: ToolHttp['params'];
  input?: Record<string, unknown>;
  required?: string[];
  important?: boolean;
  aliases?: string[];
  deprecated?: boolean;
  defaults?: Record<string, unknown>;
  prepare?: (a: Record<string, unknown>) => Record<string, unknown>;
  serverUrl?: string;
}): CuratedTool {
  return mapping({
    slug: def.slug,
    name: def.name,
    description: def.description,
    important: def.important,
    aliases: def.aliases,
    deprecated: def.deprecated,
    tags: ['googlecalendar'],
    input: params(def.input ?? {}, def.required ?? []),
    http: http(def.method, def.path, def.p ?? {}, def.serverUrl ? { serverUrl: def.serverUrl } : {}),
    defaults: def.defaults,
    prepare: def.prepare,
  });
}

const calIn = { calendar_id: CAL };
const calP = { calendar_id: at.path('calendarId') };
const aclBody = {
  role: s.enum(['none', 'freeBusyReader', 'reader', 'writer', 'owner'], 'Access level.'),
  scope_type: s.enum(['default', 'user', 'group', 'domain'], 'Who the rule is for.'),
  scope_value: s.string('Email address or domain (not for default).'),
  scope: s.object(
    { type: s.string('default, user, group or domain'), value: s.string('Email or domain') },
    'The scope as one object (instead of scope_type/scope_value).',
  ),
};
const aclPrepare = (a: Record<string, unknown>) => {
  const { scope_type: t, scope_value: v, ...rest } = a;
  return t ? { ...rest, scope: { type: t, ...(v ? { value: v } : {}) } } : rest;
};
const watchIn = {
  id: s.string('Your unique channel id.'),
  type: s.string('Delivery type.', { default: 'web_hook' }),
  address: s.string('HTTPS URL that receives notifications.'),
  token: s.string('Token echoed in each notification.'),
  expiration: s.integer('When the channel expires, Unix ms.'),
};
const watchP = {
  id: at.body('id'),
  type: at.body('type'),
  address: at.body('address'),
  token: at.body('token'),
  expiration: at.body('expiration'),
};
const listEntryIn = {
  calendar_id: s.string('Calendar id.'),
  color_id: s.string('Colour id.'),
  background_color: s.string('Hex background colour.'),
  foreground_color: s.string('Hex text colour.'),
  hidden: s.boolean('Hide it in the list.'),
  selected: s.boolean('Show its events in the UI.'),
  summary_override: s.string('Own display name.'),
  default_reminders: s.array(
    s.object({ method: s.string('email or popup'), minutes: s.integer('Minutes before') }, 'A reminder'),
    'Default reminders.',
  ),
};
const listEntryP = {
  color_id: at.body('colorId'),
  background_color: at.body('backgroundColor'),
  foreground_color: at.body('foregroundColor'),
  hidden: at.body('hidden'),
  selected: at.body('selected'),
  summary_override: at.body('summaryOverride'),
  default_reminders: at.body('defaultReminders'),
};
const eventsListIn = {
  calendarId: CAL,
  timeMin: s.string('Only events ending after this (RFC 3339 with offset).'),
  timeMax: s.string('Only events starting before this (RFC 3339 with offset).'),
  q: s.string('Free-text search.'),
  maxResults: s.integer('Events per page (max 2500).', { default: 250 }),
  pageToken: PAGE_TOKEN,
  singleEvents: s.boolean('Expand recurring events into instances.', { default: true }),
  orderBy: s.enum(['startTime', 'updated'], 'Order (startTime needs singleEvents).'),
  showDeleted: s.boolean('Include cancelled events.'),
  syncToken: s.string('Incremental sync token from a previous list.'),
  timeZone: TZ,
  updatedMin: s.string('Only events changed after this time.'),
  eventTypes: s.strings('Event types: default, focusTime, outOfOffice, workingLocation, birthday.'),
  iCalUID: s.string('Only the event with this iCalendar UID.'),
};

export const googlecalendarTools: CuratedTool[] = [
  createEvent,
  gc({
    slug: 'GOOGLECALENDAR_FIND_EVENT',
    name: 'Find events',
    important: true,
    method: 'GET',
    path: '/calendars/{calendarId}/events',
    description:
      "Search a calendar's events by text (query matches title, description, location, attendees) and/or time window (timeMin/timeMax, RFC 3339 with offset), recurring events expanded and ordered by start. Returns items with id, summary, start, end, attendees, hangoutLink; follow nextPageToken for more. Use an id with GOOGLECALENDAR_UPDATE_EVENT or GOOGLECALENDAR_DELETE_EVENT.",
    input: {
      calendar_id: CAL,
      query: s.string('Text to look for.', { examples: ['standup'] }),
      timeMin: eventsListIn.timeMin,
      timeMax: eventsListIn.timeMax,
      updated_min: s.string('Only events changed after this time.'),
      event_types: eventsListIn.eventTypes,
      max_results: s.integer('Events per page.', { default: 50 }),
      order_by: s.enum(['startTime', 'updated'], 'Order.', { default: 'startTime' }),
      page_token: PAGE_TOKEN,
      single_events: s.boolean('Expand recurring events.', { default: true }),
      show_deleted: s.boolean('Include cancelled events.'),
    },
    p: {
      ...calP,
      query: at.query('q'),
      timeMin: at.query('timeMin'),
      timeMax: at.query('timeMax'),
      updated_min: at.query('updatedMin'),
      event_types: at.query('eventTypes'),
      max_results: at.query('maxResults'),
      order_by: at.query('orderBy'),
      page_token: at.query('pageToken'),
      single_events: at.query('singleEvents'),
      show_deleted: at.query('showDeleted'),
    },
    defaults: { calendar_id: 'primary', single_events: true, order_by: 'startTime', max_results: 50 },
  }),
  freeSlotsTool,
  now,
  updateEvent,
  patchEvent,
  removeAttendee,
  allCalendars,
  gc({
    slug: 'GOOGLECALENDAR_EVENTS_LIST',
    name: 'List events',
    important: true,
    method: 'GET',
    path: '/calendars/{calendarId}/events',
    aliases: ['GOOGLECALENDAR_SYNC_EVENTS'],
    description:
      "List a calendar's events with the Calendar API's own filters (timeMin/timeMax with offsets, q, eventTypes, updatedMin, syncToken for incremental sync); recurring events expanded by default. Returns items and nextPageToken / nextSyncToken.",
    input: eventsListIn,
    p: Object.fromEntries(
      Object.keys(eventsListIn).map((k) => [k, k === 'calendarId' ? at.path('calendarId') : at.query(k)]),
    ),
    defaults: { calendarId: 'primary', singleEvents: true },
  }),
  gc({
    slug: 'GOOGLECALENDAR_EVENTS_GET',
    name: 'Get event',
    method: 'GET',
    path: '/calendars/{calendarId}/events/{eventId}',
    description:
      'One event by event_id with all its details (times, attendees and their answers, Meet link, recurrence).',
    input: { ...calIn, event_id: EVENT_ID, time_zone: TZ, max_attendees: s.integer('Most attendees to include.') },
    required: ['event_id'],
    p: {
      ...calP,
      event_id: at.path('eventId'),
      time_zone: at.query('timeZone'),
      max_attendees: at.query('maxAttendees'),
    },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_DELETE_EVENT',
    name: 'Delete event',
    important: true,
    method: 'DELETE',
    path: '/calendars/{calendarId}/events/{eventId}',
    description: 'Delete (cancel) an event by event_id; send_updates decides whether guests are emailed.',
    input: { ...calIn, event_id: EVENT_ID, send_updates: SEND_UPDATES },
    required: ['event_id'],
    p: { ...calP, event_id: at.path('eventId'), send_updates: at.query('sendUpdates') },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_QUICK_ADD',
    name: 'Quick add event',
    method: 'POST',
    path: '/calendars/{calendarId}/events/quickAdd',
    description:
      'Create an event from one sentence such as "Lunch with Ana tomorrow 12:30-13:30 at Café Roma"; Google parses title, time and place. No guests.',
    input: { ...calIn, text: s.string('The sentence.'), send_updates: SEND_UPDATES },
    required: ['text'],
    p: { ...calP, text: at.query('text'), send_updates: at.query('sendUpdates') },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_EVENTS_INSTANCES',
    name: 'List recurring event instances',
    method: 'GET',
    path: '/calendars/{calendarId}/events/{eventId}/instances',
    description: 'The single occurrences of a recurring event, within timeMin/timeMax if given.',
    input: {
      ...calIn,
      event_id: EVENT_ID,
      time_min: s.string('From (RFC 3339).'),
      time_max: s.string('To (RFC 3339).'),
      max_results: s.integer('Per page.'),
      page_token: PAGE_TOKEN,
      time_zone: TZ,
      show_deleted: s.boolean('Include cancelled.'),
    },
    required: ['event_id'],
    p: {
      ...calP,
      event_id: at.path('eventId'),
      time_min: at.query('timeMin'),
      time_max: at.query('timeMax'),
      max_results: at.query('maxResults'),
      page_token: at.query('pageToken'),
      time_zone: at.query('timeZone'),
      show_deleted: at.query('showDeleted'),
    },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_EVENTS_MOVE',
    name: 'Move event',
    method: 'POST',
    path: '/calendars/{calendarId}/events/{eventId}/move',
    description: 'Move an event to another calendar (destination), changing its organizer calendar.',
    input: { ...calIn, event_id: EVENT_ID, destination: s.string('Target calendar id.'), send_updates: SEND_UPDATES },
    required: ['event_id', 'destination'],
    p: {
      ...calP,
      event_id: at.path('eventId'),
      destination: at.query('destination'),
      send_updates: at.query('sendUpdates'),
    },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_EVENTS_IMPORT',
    name: 'Import event',
    method: 'POST',
    path: '/calendars/{calendarId}/events/import',
    description:
      'Add a private copy of an existing event (by its iCalUID) to a calendar, with its start and end objects ({dateTime, timeZone} or {date}).',
    input: {
      ...calIn,
      i_cal_uid: s.string('iCalendar UID of the event.'),
      start: s.object(
        { dateTime: s.string('Start'), date: s.string('All-day date'), timeZone: s.string('Zone') },
        'Start.',
      ),
      end: s.object({ dateTime: s.string('End'), date: s.string('All-day date'), timeZone: s.string('Zone') }, 'End.'),
      summary: s.string('Title.'),
      description: s.string('Details.'),
      location: s.string('Where.'),
    },
    required: ['i_cal_uid', 'start', 'end'],
    p: {
      ...calP,
      i_cal_uid: at.body('iCalUID'),
      start: at.body('start'),
      end: at.body('end'),
      summary: at.body('summary'),
      description: at.body('description'),
      location: at.body('location'),
    },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_EVENTS_WATCH',
    name: 'Watch events',
    method: 'POST',
    path: '/calendars/{calendarId}/events/watch',
    description:
      "Have Google POST to your address when a calendar's events change (push channel; renew before it expires).",
    input: { ...calIn, ...watchIn },
    required: ['id', 'address'],
    p: { ...calP, ...watchP },
    defaults: { calendar_id: 'primary', type: 'web_hook' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_FREE_BUSY_QUERY',
    name: 'Query free/busy',
    method: 'POST',
    path: '/freeBusy',
    deprecated: true,
    description:
      'Raw busy intervals of calendars between time_min and time_max (RFC 3339). GOOGLECALENDAR_FIND_FREE_SLOTS also computes the free gaps.',
    input: {
      time_min: s.string('From.'),
      time_max: s.string('To.'),
      items: s.array(s.object({ id: s.string('Calendar id') }, 'A calendar'), 'Calendars to check.'),
      timezone: TZ,
    },
    required: ['time_min', 'time_max', 'items'],
    p: {
      time_min: at.body('timeMin'),
      time_max: at.body('timeMax'),
      items: at.body('items'),
      timezone: at.body('timeZone'),
    },
    prepare: (a) => ({ ...a, items: (a.items as unknown[]).map((x) => (typeof x === 'string' ? { id: x } : x)) }),
  }),
  gc({
    slug: 'GOOGLECALENDAR_CALENDAR_LIST_GET',
    name: 'Get calendar list entry',
    method: 'GET',
    path: '/users/me/calendarList/{calendarId}',
    aliases: ['GOOGLECALENDAR_GET_CALENDAR_PROFILE'],
    description:
      "How one calendar appears in the user's list: name, colours, time zone, access role, reminders (default: the primary calendar).",
    input: { calendar_id: CAL },
    p: calP,
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_CALENDAR_LIST_INSERT',
    name: 'Add calendar to list',
    method: 'POST',
    path: '/users/me/calendarList',
    description: 'Add an existing calendar (e.g. one shared with the user) to their list so it shows in the UI.',
    input: listEntryIn,
    required: ['calendar_id'],
    p: { calendar_id: at.body('id'), ...listEntryP },
  }),
  gc({
    slug: 'GOOGLECALENDAR_CALENDAR_LIST_PATCH',
    name: 'Patch calendar list entry',
    method: 'PATCH',
    path: '/users/me/calendarList/{calendarId}',
    description:
      "Change the user's display settings of a calendar (colour, hidden, selected, own name, default reminders); only given fields change.",
    input: listEntryIn,
    required: ['calendar_id'],
    p: { calendar_id: at.path('calendarId'), ...listEntryP },
  }),
  gc({
    slug: 'GOOGLECALENDAR_CALENDAR_LIST_UPDATE',
    name: 'Update calendar list entry',
    method: 'PUT',
    path: '/users/me/calendarList/{calendarId}',
    description:
      "Replace the user's display settings of a calendar (colour, hidden, selected, own name, default reminders).",
    input: listEntryIn,
    required: ['calendar_id'],
    p: { calendar_id: at.path('calendarId'), ...listEntryP },
  }),
  gc({
    slug: 'GOOGLECALENDAR_GET_CALENDAR',
    name: 'Get calendar',
    method: 'GET',
    path: '/calendars/{calendarId}',
    description:
      "A calendar's own metadata: title, description, location and timeZone (use that zone for naive times).",
    input: calIn,
    p: calP,
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_CLEAR_CALENDAR',
    name: 'Clear calendar',
    method: 'POST',
    path: '/calendars/{calendarId}/clear',
    description: 'Delete every event of the primary calendar (the calendar stays).',
    input: calIn,
    p: calP,
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_ACL_LIST',
    name: 'List sharing rules',
    method: 'GET',
    path: '/calendars/{calendarId}/acl',
    description: 'Who a calendar is shared with: rules with id, role and scope.',
    input: {
      ...calIn,
      max_results: s.integer('Per page.'),
      page_token: PAGE_TOKEN,
      show_deleted: s.boolean('Include deleted rules.'),
    },
    p: {
      ...calP,
      max_results: at.query('maxResults'),
      page_token: at.query('pageToken'),
      show_deleted: at.query('showDeleted'),
    },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_ACL_GET',
    name: 'Get sharing rule',
    method: 'GET',
    path: '/calendars/{calendarId}/acl/{ruleId}',
    description: 'One sharing rule by rule_id (e.g. user:jane@example.com).',
    input: { ...calIn, rule_id: s.string('Rule id.') },
    required: ['rule_id'],
    p: { ...calP, rule_id: at.path('ruleId') },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_ACL_INSERT',
    name: 'Share calendar',
    method: 'POST',
    path: '/calendars/{calendarId}/acl',
    description:
      'Give someone access to a calendar (share it): role reader, writer, owner or freeBusyReader for a user, group, domain or everyone (scope_type + scope_value, e.g. user + assistant@example.com).',
    input: { ...calIn, ...aclBody, send_notifications: s.boolean('Email the new reader.') },
    required: ['role'],
    p: { ...calP, role: at.body('role'), scope: at.body('scope'), send_notifications: at.query('sendNotifications') },
    defaults: { calendar_id: 'primary' },
    prepare: aclPrepare,
  }),
  gc({
    slug: 'GOOGLECALENDAR_ACL_PATCH',
    name: 'Patch sharing rule',
    method: 'PATCH',
    path: '/calendars/{calendarId}/acl/{ruleId}',
    description: 'Change the role of an existing sharing rule.',
    input: { ...calIn, rule_id: s.string('Rule id.'), ...aclBody },
    required: ['rule_id'],
    p: { ...calP, rule_id: at.path('ruleId'), role: at.body('role'), scope: at.body('scope') },
    defaults: { calendar_id: 'primary' },
    prepare: aclPrepare,
  }),
  gc({
    slug: 'GOOGLECALENDAR_ACL_UPDATE',
    name: 'Update sharing rule',
    method: 'PUT',
    path: '/calendars/{calendarId}/acl/{ruleId}',
    description: 'Replace an existing sharing rule (role and scope).',
    input: { ...calIn, rule_id: s.string('Rule id.'), ...aclBody },
    required: ['rule_id', 'role'],
    p: { ...calP, rule_id: at.path('ruleId'), role: at.body('role'), scope: at.body('scope') },
    defaults: { calendar_id: 'primary' },
    prepare: aclPrepare,
  }),
  gc({
    slug: 'GOOGLECALENDAR_ACL_DELETE',
    name: 'Unshare calendar',
    method: 'DELETE',
    path: '/calendars/{calendarId}/acl/{ruleId}',
    description: 'Remove a sharing rule (stop sharing with that user, group or domain).',
    input: { ...calIn, rule_id: s.string('Rule id.') },
    required: ['rule_id'],
    p: { ...calP, rule_id: at.path('ruleId') },
    defaults: { calendar_id: 'primary' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_ACL_WATCH',
    name: 'Watch sharing rules',
    method: 'POST',
    path: '/calendars/{calendarId}/acl/watch',
    description: "Have Google POST to your address when a calendar's sharing rules change.",
    input: { ...calIn, ...watchIn },
    required: ['id', 'address'],
    p: { ...calP, ...watchP },
    defaults: { calendar_id: 'primary', type: 'web_hook' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_LIST_BUILDINGS',
    name: 'List buildings',
    method: 'GET',
    path: '/admin/directory/v1/customer/{customer}/resources/buildings',
    serverUrl: 'https://admin.googleapis.com',
    description: 'Workspace buildings (for room booking) with address and floors; needs Workspace admin access.',
    input: {
      customer: s.string('Customer id.', { default: 'my_customer' }),
      max_results: s.integer('Per page.'),
      page_token: PAGE_TOKEN,
    },
    p: { customer: at.path('customer'), max_results: at.query('maxResults'), page_token: at.query('pageToken') },
    defaults: { customer: 'my_customer' },
  }),
  gc({
    slug: 'GOOGLECALENDAR_LIST_CALENDAR_RESOURCES',
    name: 'List rooms and resources',
    method: 'GET',
    path: '/admin/directory/v1/customer/{customer}/resources/calendars',
    serverUrl: 'https://admin.googleapis.com',
    description:
      'Bookable Workspace resources (meeting rooms…) with their calendar emails (invite them as attendees to book); filter with query; needs Workspace admin access.',
    input: {
      customer: s.string('Customer id.', { default: 'my_customer' }),
      query: s.string('Filter, e.g. buildingId=HQ AND capacity>=6.'),
      max_results: s.integer('Per page.'),
      page_token: PAGE_TOKEN,
      order_by: s.string('Sort order.'),
    },
    p: {
      customer: at.path('customer'),
      query: at.query('query'),
      max_results: at.query('maxResults'),
      page_token: at.query('pageToken'),
      order_by: at.query('orderBy'),
    },
    defaults: { customer: 'my_customer' },
  }),
];
