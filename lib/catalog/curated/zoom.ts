/**
 * Zoom in the hosted vocabulary, on the compiled Zoom toolkit (api.zoom.us/v2): meetings
 * (create, read, update, delete, list, upcoming, end), registrants (approve, delete), invitation,
 * polls, live stream, recordings (files, trash, sharing settings), past meetings (instances,
 * participants, polls, summaries), webinars (create, update, delete, registrants), users and their
 * settings, the usage, meeting and participant reports, and Zoom Whiteboard (whiteboards, projects,
 * collaborators, link sharing, export and import). Arguments are Zoom's names (`userId`,
 * `meetingId`, `start_time`); `userId` defaults to "me", the connected user.
 *
 * Tools that are one request with flat arguments and whose slug no generated operation carries live
 * as data in ../mappings/zoom.yaml (whiteboards, projects, upcoming meetings, summaries …); what
 * stays here has nested bodies (settings, recurrence, collaborators) or replaces a generated tool.
 */
import { composite, params, s } from './define';
import { restToolkit } from './rest-tools';
import type { CuratedTool } from './types';
import { zoomDownloadTools } from './zoom-downloads';

const t = restToolkit('zoom');

const USER = s.string('User id or email; "me" for the connected user', { default: 'me' });
const MEETING = s.string('Meeting id (the number in the join link, e.g. 85746065432)');
const WHITEBOARD = s.string('Whiteboard id (whiteboard_id from ZOOM_LIST_WHITEBOARDS)');
const WB_PROJECT = s.string('Whiteboard project id (project_id from ZOOM_LIST_PROJECTS)');
const WB_ROLE = s.integer('Role: 0 owner, 1 co-owner, 2 editor, 3 commenter, 4 viewer');
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
    slug: 'ZOOM_LIST_MEETINGS',
    name: 'List meetings',
    important: true,
    method: 'GET',
    path: '/users/{userId}/meetings',
    description:
      "List a user's Zoom meetings, upcoming Zoom meetings included: type=upcoming for meetings still to come, scheduled for every unexpired scheduled meeting, live for those in progress, previous_meetings for past ones. Returns meetings[] with id, topic, start_time, join_url and next_page_token. For just the next 24 hours, ZOOM_LIST_UPCOMING_MEETINGS is shorter.",
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
    slug: 'ZOOM_MEETING_REGISTRANT_STATUS',
    name: 'Approve or deny registrants',
    method: 'PUT',
    path: '/meetings/{meetingId}/registrants/status',
    description:
      'Approve, deny or cancel registrations of a meeting that needs manual approval. Pass action and the registrants (id from ZOOM_LIST_MEETING_REGISTRANTS with status=pending, and email). Approved people get their join link by email. Answers 204.',
    input: {
      meetingId: MEETING,
      occurrence_id: s.string('Only for this occurrence'),
      action: s.enum(['approve', 'cancel', 'deny'], 'What to do with the registrations'),
      registrants: s.array(
        s.object({ id: s.string('Registrant id'), email: s.string('Registrant email') }, 'A registrant'),
        'Registrants to change (up to 30)',
      ),
    },
    required: ['meetingId', 'action'],
    query: ['occurrence_id'],
  }),
  t({
    slug: 'ZOOM_CREATE_A_MEETING_POLL',
    name: 'Create meeting poll',
    method: 'POST',
    path: '/meetings/{meetingId}/polls',
    description:
      'Prepare a poll the host can launch during a meeting. Give a title and questions (name, type single or multiple, answers). Polling must be on in the host settings. Returns the poll with its id.',
    input: {
      meetingId: MEETING,
      title: s.string('Poll title'),
      poll_type: s.integer('1 poll (default), 2 advanced poll, 3 quiz'),
      anonymous: s.boolean('Hide who answered what'),
      questions: s.array(
        s.object(
          {
            name: s.string('Question text'),
            type: s.enum(['single', 'multiple'], 'One answer or several'),
            answers: s.strings('Answer choices'),
            answer_required: s.boolean('Participants must answer'),
          },
          'A question',
        ),
        'Questions',
      ),
    },
    required: ['meetingId', 'title', 'questions'],
  }),
  t({
    slug: 'ZOOM_GET_USER_SETTINGS',
    name: 'Get user settings',
    method: 'GET',
    path: '/users/{userId}/settings',
    description:
      "Read a user's Zoom settings (default the connected user): schedule_meeting, in_meeting, email_notification, recording, telephony, feature (licence features such as webinars and large meetings). Check here before relying on cloud recording, polls or live streaming.",
    input: {
      userId: USER,
      option: s.enum(
        ['meeting_authentication', 'recording_authentication', 'meeting_security'],
        'Read only this group of settings',
      ),
      custom_query_fields: s.string('Comma-separated setting names to return, e.g. "in_meeting,recording"'),
    },
    required: [],
    defaults: { userId: 'me' },
  }),
  t({
    slug: 'ZOOM_CREATE_A_WEBINAR',
    name: 'Create webinar',
    method: 'POST',
    path: '/users/{userId}/webinars',
    description:
      'Schedule a webinar for a user with a webinar licence (default the connected user): topic, start_time, duration, timezone, agenda, settings (approval_type, registration, panelists video). Returns the webinar with id, join_url and registration_url.',
    input: {
      userId: USER,
      topic: s.string('Webinar title'),
      type: s.integer('5 webinar (default), 6 recurring without fixed time, 9 recurring with fixed time'),
      start_time: s.string('Start, e.g. 2025-06-30T15:00:00Z'),
      duration: s.integer('Length in minutes'),
      timezone: s.string('IANA time zone of start_time'),
      agenda: s.string('Description shown to attendees'),
      password: s.string('Passcode'),
      settings: s.object(
        {
          approval_type: s.integer('0 automatic registration approval, 1 manual, 2 no registration'),
          host_video: s.boolean('Start with host video on'),
          panelists_video: s.boolean('Start with panelist video on'),
          auto_recording: s.enum(['local', 'cloud', 'none'], 'Record automatically'),
          registrants_email_notification: s.boolean('Email registrants'),
        },
        'Webinar options',
      ),
    },
    required: ['topic'],
    defaults: { userId: 'me' },
  }),
  t({
    slug: 'ZOOM_GET_MEETING_REPORTS',
    name: 'Report of past meetings',
    method: 'GET',
    path: '/report/users/{userId}/meetings',
    description:
      'Report of the meetings a user hosted between from and to (at most a month apart): uuid, topic, start_time, duration, participants_count per meeting. Needs a Pro plan and report scope. Follow with ZOOM_GET_MEETING_PARTICIPANT_REPORTS for the attendees.',
    input: {
      userId: USER,
      from: s.string('Start date YYYY-MM-DD'),
      to: s.string('End date YYYY-MM-DD'),
      type: s.enum(['past', 'pastOne', 'pastJoined'], 'Past meetings, single-person ones, or meetings joined'),
      ...PAGE,
    },
    required: ['from', 'to'],
    defaults: { userId: 'me' },
  }),
  // Zoom Whiteboard (api.zoom.us/v2/whiteboards): whiteboards, their collaborators, sharing,
  // exports and imports, and the projects that group them.
  t({
    slug: 'ZOOM_ADD_WHITEBOARD_COLLABORATOR',
    name: 'Share whiteboard',
    method: 'POST',
    path: '/whiteboards/{whiteboardId}/collaborator',
    description:
      'Share a whiteboard with people (by email) or Team Chat channels (channel_id), each with a role: 1 co-owner, 2 editor, 3 commenter, 4 viewer. Returns the collaborators added.',
    input: {
      whiteboardId: WHITEBOARD,
      collaborators: s.array(
        s.object(
          {
            email: s.string('Email of the person'),
            channel_id: s.string('Or a Team Chat channel id'),
            role: WB_ROLE,
          },
          'A collaborator',
        ),
        'People or channels to share with',
      ),
      invite_message: s.string('Message in the invitation'),
      skip_notifications: s.boolean('Do not notify them'),
    },
    required: ['whiteboardId', 'collaborators'],
  }),
  t({
    slug: 'ZOOM_UPDATE_WHITEBOARD_COLLABORATOR',
    name: 'Change whiteboard roles',
    method: 'PATCH',
    path: '/whiteboards/{whiteboardId}/collaborator',
    description:
      'Change the role of existing collaborators of a whiteboard (collaborator_id from ZOOM_GET_WHITEBOARD collaborators or the share answer). Answers 204.',
    input: {
      whiteboardId: WHITEBOARD,
      collaborators: s.array(
        s.object({ collaborator_id: s.string('Collaborator id'), role: WB_ROLE }, 'A role change'),
        'Role changes',
      ),
    },
    required: ['whiteboardId', 'collaborators'],
  }),
  t({
    slug: 'ZOOM_UPDATE_WHITEBOARD_SHARE_SETTINGS',
    name: 'Set whiteboard link sharing',
    method: 'PATCH',
    path: '/whiteboards/{whiteboardId}/share_setting',
    description:
      "Set who can open a whiteboard's share link: share_scope 0 only people added, 1 same account, 2 anyone; share_role (for 1 and 2) 2 editor, 3 commenter, 4 viewer. Answers 204.",
    input: {
      whiteboardId: WHITEBOARD,
      share_link_setting: s.object(
        {
          share_scope: s.integer('0 restricted, 1 same account, 2 anyone, 3 same account with external sign-in'),
          share_role: s.integer('2 editor, 3 commenter, 4 viewer (not for restricted)'),
        },
        'Link sharing',
      ),
    },
    required: ['whiteboardId', 'share_link_setting'],
  }),
  t({
    slug: 'ZOOM_IMPORT_WHITEBOARD',
    name: 'Import whiteboard',
    method: 'POST',
    path: '/whiteboards/import',
    description:
      'Create a whiteboard from a file already uploaded to Zoom (file_id) of the given type, optionally named, shared and placed in a project. Returns a task id for the import.',
    input: {
      file_id: s.string('Id of the uploaded file'),
      type: s.string('File type of the import, as Zoom names it'),
      whiteboard_name: s.string('Name of the new whiteboard'),
      project_id: s.string('Project to put it in'),
      owner_email: s.string('Owner of the new whiteboard (admin apps)'),
      skip_notifications: s.boolean('Do not notify collaborators'),
      collaborators: s.array(
        s.object({ email: s.string('Email'), role: WB_ROLE }, 'A collaborator'),
        'People to share it with',
      ),
    },
    required: ['file_id', 'type'],
  }),
  t({
    slug: 'ZOOM_CREATE_PROJECT',
    name: 'Create whiteboard project',
    method: 'POST',
    path: '/whiteboards/projects',
    description:
      'Create a whiteboard project, optionally with whiteboards moved in and people invited (email and role). Returns project_id.',
    input: {
      project_name: s.string('Project name'),
      whiteboard_ids: s.strings('Whiteboards to move into it'),
      collaborators: s.array(
        s.object({ email: s.string('Email'), role: WB_ROLE }, 'A collaborator'),
        'People to share it with',
      ),
      invite_message: s.string('Message in the invitation'),
      skip_notifications: s.boolean('Do not notify them'),
      owner_email: s.string('Owner (admin apps)'),
    },
    required: ['project_name'],
  }),
  t({
    slug: 'ZOOM_ADD_PROJECT_COLLABORATORS',
    name: 'Share whiteboard project',
    method: 'POST',
    path: '/whiteboards/projects/{projectId}/collaborators',
    description:
      'Share a whiteboard project with people (email and role: 1 co-owner, 2 editor, 3 commenter, 4 viewer). Returns the collaborators added.',
    input: {
      projectId: WB_PROJECT,
      collaborators: s.array(
        s.object({ email: s.string('Email'), role: WB_ROLE }, 'A collaborator'),
        'People to share with',
      ),
      invite_message: s.string('Message in the invitation'),
      skip_notifications: s.boolean('Do not notify them'),
    },
    required: ['projectId', 'collaborators'],
  }),
  t({
    slug: 'ZOOM_UPDATE_PROJECT_COLLABORATORS',
    name: 'Change project roles',
    method: 'PATCH',
    path: '/whiteboards/projects/{projectId}/collaborators',
    description: 'Change the role of existing collaborators of a whiteboard project. Answers 204.',
    input: {
      projectId: WB_PROJECT,
      collaborators: s.array(
        s.object({ collaborator_id: s.string('Collaborator id'), role: WB_ROLE }, 'A role change'),
        'Role changes',
      ),
    },
    required: ['projectId', 'collaborators'],
  }),
  composite({
    slug: 'ZOOM_REMOVE_WHITEBOARDS_FROM_PROJECT',
    name: 'Remove whiteboards from project',
    description:
      'Take whiteboards out of a project (they are kept, outside any project). Zoom takes the ids in the body of a DELETE. Answers 204.',
    tags: ['zoom'],
    input: params({ projectId: WB_PROJECT, whiteboard_ids: s.strings('Whiteboard ids') }, [
      'projectId',
      'whiteboard_ids',
    ]),
    async run(ctx, args) {
      const path = `/whiteboards/projects/${encodeURIComponent(String(args.projectId))}/whiteboards`;
      return ctx.json({ method: 'DELETE', path, body: { whiteboard_ids: args.whiteboard_ids } });
    },
  }),
  ...zoomDownloadTools,
];

/**
 * Hosted slugs for tools above (same operation and arguments). ZOOM_GET_A_USER keeps its name: it is also the
 * slug of the generated operation it replaces, which would resurface under it after a rename.
 */
export const zoomAliases: Record<string, string> = {
  ZOOM_GET_USER: 'ZOOM_GET_A_USER',
};
