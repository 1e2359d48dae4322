/**
 * Zoom in the hosted vocabulary, on the compiled Zoom toolkit (api.zoom.us/v2): meetings
 * (create, read, update, delete, list), registrants, recordings, past-meeting participants and
 * summaries, webinars, users and the daily usage report. Arguments are Zoom's names (`userId`,
 * `meetingId`, `start_time`); `userId` defaults to "me", the connected user.
 */
import { s } from './define';
import { restToolkit } from './rest-tools';
import type { CuratedTool } from './types';

const t = restToolkit('zoom');

const USER = s.string('User id or email; "me" for the connected user', { default: 'me' });
const MEETING = s.string('Meeting id (the number in the join link, e.g. 85746065432)');
const PAGE = {
  page_size: s.integer('Records per page, up to 300 (default 30)'),
  next_page_token: s.string('next_page_token of the previous page'),
};
const MEETING_FIELDS = {
  topic: s.string('Meeting title'),
  type: s.integer('1 instant, 2 scheduled (default), 3 recurring without fixed time, 8 recurring with fixed time'),
  start_time: s.string('Start, e.g. 2025-06-30T15:00:00Z (UTC) or 2025-06-30T17:00:00 with timezone'),
  duration: s.integer('Length in minutes'),
  timezone: s.string('IANA time zone of start_time, e.g. Europe/Paris'),
  agenda: s.string('Description shown to participants'),
  password: s.string('Passcode (up to 10 characters)'),
  settings: s.object(
    {
      host_video: s.boolean('Start with host video on'),
      participant_video: s.boolean('Start with participant video on'),
      join_before_host: s.boolean('Let people join before the host'),
      waiting_room: s.boolean('Use a waiting room'),
      mute_upon_entry: s.boolean('Mute participants when they join'),
      auto_recording: s.enum(['local', 'cloud', 'none'], 'Record automatically'),
      approval_type: s.integer('0 automatic registration approval, 1 manual, 2 no registration'),
    },
    'Meeting options',
  ),
  recurrence: s.object(
    {
      type: s.integer('1 daily, 2 weekly, 3 monthly'),
      repeat_interval: s.integer('Every how many days/weeks/months'),
      weekly_days: s.string('For weekly: days 1 (Sunday) to 7, comma-separated'),
      end_times: s.integer('Number of occurrences'),
      end_date_time: s.string('Last occurrence, ISO 8601 UTC'),
    },
    'Recurrence, for type 8',
  ),
};

export const zoomTools: CuratedTool[] = [
  t({
    slug: 'ZOOM_CREATE_A_MEETING',
    name: 'Create meeting',
    important: true,
    method: 'POST',
    path: '/users/{userId}/meetings',
    description:
      'Schedule a Zoom meeting for a user (default the connected user): topic, start_time, duration and timezone, plus options in settings. Returns the meeting with id, join_url (share with attendees) and start_url (host only).',
    input: { userId: USER, ...MEETING_FIELDS },
    required: [],
    defaults: { userId: 'me' },
  }),
  t({
    slug: 'ZOOM_GET_A_MEETING',
    name: 'Get meeting',
    method: 'GET',
    path: '/meetings/{meetingId}',
    description:
      'Read a meeting: topic, start_time, duration, timezone, join_url, settings, and occurrences for recurring ones.',
    input: { meetingId: MEETING, occurrence_id: s.string('One occurrence of a recurring meeting') },
  }),
  t({
    slug: 'ZOOM_UPDATE_A_MEETING',
    name: 'Update meeting',
    method: 'PATCH',
    path: '/meetings/{meetingId}',
    description:
      'Change a scheduled meeting (reschedule, rename, change options); only the fields you pass change. Zoom answers 204 with no body on success; read it back with ZOOM_GET_A_MEETING.',
    input: { meetingId: MEETING, occurrence_id: s.string('Change only this occurrence'), ...MEETING_FIELDS },
    query: ['occurrence_id'],
  }),
  t({
    slug: 'ZOOM_DELETE_A_MEETING',
    name: 'Delete meeting',
    method: 'DELETE',
    path: '/meetings/{meetingId}',
    description:
      'Cancel a meeting (or one occurrence). schedule_for_reminder / cancel_meeting_reminder email the host and registrants. Confirm with the user first.',
    input: {
      meetingId: MEETING,
      occurrence_id: s.string('Delete only this occurrence'),
      schedule_for_reminder: s.boolean('Email the host about the cancellation'),
      cancel_meeting_reminder: s.boolean('Email registrants about the cancellation'),
    },
  }),
  t({
    slug: 'ZOOM_LIST_MEETINGS',
    name: 'List meetings',
    important: true,
    method: 'GET',
    path: '/users/{userId}/meetings',
    description:
      "List a user's meetings: type=upcoming for what is coming, scheduled for all scheduled ones, previous_meetings for past ones. Returns meetings[] with id, topic, start_time, join_url and next_page_token.",
    input: {
      userId: USER,
      type: s.enum(['scheduled', 'live', 'upcoming', 'upcoming_meetings', 'previous_meetings'], 'Which meetings'),
      from: s.string('Only meetings from this date, YYYY-MM-DD'),
      to: s.string('Only meetings until this date, YYYY-MM-DD'),
      ...PAGE,
    },
    required: [],
    defaults: { userId: 'me' },
  }),
  t({
    slug: 'ZOOM_ADD_A_MEETING_REGISTRANT',
    name: 'Register for meeting',
    method: 'POST',
    path: '/meetings/{meetingId}/registrants',
    description:
      'Register someone for a meeting that requires registration. Returns registrant_id and a personal join_url to send them.',
    input: {
      meetingId: MEETING,
      email: s.string('Registrant email'),
      first_name: s.string('First name'),
      last_name: s.string('Last name'),
      org: s.string('Organization'),
      job_title: s.string('Job title'),
      comments: s.string('Questions or comments'),
    },
    required: ['meetingId', 'email', 'first_name'],
  }),
  t({
    slug: 'ZOOM_LIST_MEETING_REGISTRANTS',
    name: 'List meeting registrants',
    method: 'GET',
    path: '/meetings/{meetingId}/registrants',
    description: 'List the people registered for a meeting, by status (approved by default, pending, denied).',
    input: { meetingId: MEETING, status: s.enum(['pending', 'approved', 'denied'], 'Registration status'), ...PAGE },
  }),
  t({
    slug: 'ZOOM_GET_MEETING_RECORDINGS',
    name: 'Get meeting recordings',
    method: 'GET',
    path: '/meetings/{meetingId}/recordings',
    description:
      'Read the cloud recordings of a meeting: recording_files[] with file_type (MP4, M4A, TRANSCRIPT …), play_url and download_url, plus share_url.',
    input: {
      meetingId: s.string('Meeting id, or a meeting UUID for one past instance'),
      include_fields: s.string('"download_access_token" to get a token for downloading'),
    },
  }),
  t({
    slug: 'ZOOM_LIST_ALL_RECORDINGS',
    name: 'List recordings',
    method: 'GET',
    path: '/users/{userId}/recordings',
    description:
      "List a user's cloud recordings between from and to (at most one month apart; the last day by default).",
    input: {
      userId: USER,
      from: s.string('Start date YYYY-MM-DD'),
      to: s.string('End date YYYY-MM-DD'),
      trash: s.boolean('List recordings in the trash instead'),
      ...PAGE,
    },
    required: [],
    defaults: { userId: 'me' },
  }),
  t({
    slug: 'ZOOM_DELETE_MEETING_RECORDINGS',
    name: 'Delete meeting recordings',
    method: 'DELETE',
    path: '/meetings/{meetingId}/recordings',
    description:
      'Delete all cloud recordings of a meeting: action=trash (default, recoverable for 30 days) or delete (permanent). Confirm with the user first.',
    input: { meetingId: MEETING, action: s.enum(['trash', 'delete'], 'Move to trash or delete for good') },
  }),
  t({
    slug: 'ZOOM_GET_PAST_MEETING_PARTICIPANTS',
    name: 'List past meeting participants',
    method: 'GET',
    path: '/past_meetings/{meetingId}/participants',
    description:
      'List who attended a finished meeting (name, user_email, join and leave times). Needs a paid plan. For a recurring meeting pass the UUID of the instance.',
    input: { meetingId: s.string('Meeting id, or the UUID of one past instance'), ...PAGE },
    accept: { meetingId: ['meetingUUID'] },
  }),
  t({
    slug: 'ZOOM_GET_A_MEETING_SUMMARY',
    name: 'Get meeting summary',
    method: 'GET',
    path: '/meetings/{meetingId}/meeting_summary',
    description:
      'Read the AI Companion summary of a finished meeting: summary_overview, summary_details and next_steps (the host must have meeting summaries turned on).',
    input: { meetingId: s.string('Meeting id or UUID of the instance') },
  }),
  t({
    slug: 'ZOOM_LIST_WEBINARS',
    name: 'List webinars',
    method: 'GET',
    path: '/users/{userId}/webinars',
    description: "List a user's scheduled webinars (id, topic, start_time, join_url). Needs a webinar licence.",
    input: { userId: USER, type: s.enum(['scheduled', 'upcoming'], 'Which webinars'), ...PAGE },
    required: [],
    defaults: { userId: 'me' },
  }),
  t({
    slug: 'ZOOM_GET_A_WEBINAR',
    name: 'Get webinar',
    method: 'GET',
    path: '/webinars/{webinarId}',
    description: 'Read a webinar: topic, start_time, duration, join_url, settings and occurrences.',
    input: { webinarId: s.string('Webinar id') },
  }),
  t({
    slug: 'ZOOM_ADD_A_WEBINAR_REGISTRANT',
    name: 'Register for webinar',
    method: 'POST',
    path: '/webinars/{webinarId}/registrants',
    description: 'Register someone for a webinar. Returns registrant_id and their personal join_url.',
    input: {
      webinarId: s.string('Webinar id'),
      email: s.string('Registrant email'),
      first_name: s.string('First name'),
      last_name: s.string('Last name'),
      org: s.string('Organization'),
      job_title: s.string('Job title'),
    },
    required: ['webinarId', 'email', 'first_name'],
  }),
  t({
    slug: 'ZOOM_LIST_WEBINAR_PARTICIPANTS',
    name: 'List webinar attendees',
    method: 'GET',
    path: '/past_webinars/{webinarId}/participants',
    description: 'List who attended a finished webinar (name, user_email, join and leave times).',
    input: { webinarId: s.string('Webinar id or instance UUID'), ...PAGE },
  }),
  t({
    slug: 'ZOOM_GET_A_USER',
    name: 'Get user',
    method: 'GET',
    path: '/users/{userId}',
    description:
      'Read a Zoom user ("me" for the connected one): id, email, name, type (licence), timezone, personal meeting id.',
    input: { userId: USER },
    required: [],
    defaults: { userId: 'me' },
  }),
  t({
    slug: 'ZOOM_LIST_USERS',
    name: 'List users',
    method: 'GET',
    path: '/users',
    description:
      'List the users of the Zoom account (admin scope needed), by status. Returns users[] with id, email, type.',
    input: { status: s.enum(['active', 'inactive', 'pending'], 'Status filter (default active)'), ...PAGE },
  }),
  t({
    slug: 'ZOOM_GET_DAILY_USAGE_REPORT',
    name: 'Daily usage report',
    method: 'GET',
    path: '/report/daily',
    description:
      'Per-day counts of new users, meetings, participants and meeting minutes for a month (default the current one). Needs a paid plan and report scope.',
    input: { year: s.integer('Year, e.g. 2025'), month: s.integer('Month 1-12') },
  }),
];

/**
 * Hosted slugs for tools above (same operation and arguments). ZOOM_GET_A_USER keeps its name: it is also the
 * slug of the generated operation it replaces, which would resurface under it after a rename.
 */
export const zoomAliases: Record<string, string> = {
  ZOOM_GET_USER: 'ZOOM_GET_A_USER',
};
