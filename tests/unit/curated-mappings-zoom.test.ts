import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { applyMappedArgs } from '../../lib/services/tools/mapped';
import { buildMapping, type Want } from '../helpers/mapping-request';

// Zoom mappings build the request Zoom's API v2 documents (developers.zoom.us/docs/api), relative to
// https://api.zoom.us/v2. The first tools of the toolkit are covered in curated-mappings.test.ts.
const build = (slug: string, args: Record<string, unknown>) =>
  buildMapping(slug, args, { base: 'https://api.zoom.example.test/v2', prefix: '/v2' });

const M = { meetingId: '85746065432' };
const TABLE: [string, Record<string, unknown>, Want][] = [
  ['ZOOM_LIST_UPCOMING_MEETINGS', {}, { method: 'GET', path: '/users/me/upcoming_meetings', query: {} }],
  [
    'ZOOM_LIST_UPCOMING_MEETINGS',
    { userId: 'ana@example.com' },
    { method: 'GET', path: '/users/ana%40example.com/upcoming_meetings' },
  ],
  ['ZOOM_GET_PAST_MEETING_DETAILS', M, { method: 'GET', path: '/past_meetings/85746065432' }],
  [
    'ZOOM_GET_PAST_MEETING_DETAILS',
    { meetingId: 'aDYl/ZQ==' },
    { method: 'GET', path: '/past_meetings/aDYl%2FZQ%3D%3D' },
  ],
  ['ZOOM_LIST_PAST_MEETING_INSTANCES', M, { method: 'GET', path: '/past_meetings/85746065432/instances' }],
  [
    'ZOOM_UPDATE_MEETING_STATUS',
    { ...M, action: 'end' },
    { method: 'PUT', path: '/meetings/85746065432/status', body: { action: 'end' } },
  ],
  [
    'ZOOM_MEETING_REGISTRANT_STATUS',
    { ...M, action: 'approve', registrants: [{ id: 'r1', email: 'a@b.co' }], occurrence_id: 'o1' },
    {
      method: 'PUT',
      path: '/meetings/85746065432/registrants/status',
      query: { occurrence_id: 'o1' },
      body: { action: 'approve', registrants: [{ id: 'r1', email: 'a@b.co' }] },
    },
  ],
  [
    'ZOOM_DELETE_A_MEETING_REGISTRANT',
    { ...M, registrantId: 'r1' },
    { method: 'DELETE', path: '/meetings/85746065432/registrants/r1' },
  ],
  ['ZOOM_GET_MEETING_INVITATION', M, { method: 'GET', path: '/meetings/85746065432/invitation' }],
  ['ZOOM_LIST_MEETING_POLLS', M, { method: 'GET', path: '/meetings/85746065432/polls' }],
  [
    'ZOOM_CREATE_A_MEETING_POLL',
    { ...M, title: 'Lunch', questions: [{ name: 'Where?', type: 'single', answers: ['Pizza', 'Sushi'] }] },
    {
      method: 'POST',
      path: '/meetings/85746065432/polls',
      body: { title: 'Lunch', questions: [{ name: 'Where?', type: 'single', answers: ['Pizza', 'Sushi'] }] },
    },
  ],
  ['ZOOM_LIST_PAST_MEETINGS_POLL_RESULTS', M, { method: 'GET', path: '/past_meetings/85746065432/polls' }],
  ['ZOOM_GET_LIVE_STREAM_DETAILS', M, { method: 'GET', path: '/meetings/85746065432/livestream' }],
  [
    'ZOOM_UPDATE_A_LIVE_STREAM',
    { ...M, stream_url: 'rtmp://live.example/app', stream_key: 'k', page_url: 'https://example.com/live' },
    {
      method: 'PATCH',
      path: '/meetings/85746065432/livestream',
      body: { stream_url: 'rtmp://live.example/app', stream_key: 'k', page_url: 'https://example.com/live' },
    },
  ],
  [
    'ZOOM_DELETE_RECORDING_FILE',
    { ...M, recordingId: 'f1', action: 'trash' },
    { method: 'DELETE', path: '/meetings/85746065432/recordings/f1', query: { action: 'trash' } },
  ],
  [
    'ZOOM_RECOVER_MEETING_RECORDINGS',
    M,
    { method: 'PUT', path: '/meetings/85746065432/recordings/status', body: { action: 'recover' } },
  ],
  ['ZOOM_GET_MEETING_RECORDING_SETTINGS', M, { method: 'GET', path: '/meetings/85746065432/recordings/settings' }],
  [
    'ZOOM_UPDATE_MEETING_RECORDING_SETTINGS',
    { ...M, share_recording: 'internally', viewer_download: false },
    {
      method: 'PATCH',
      path: '/meetings/85746065432/recordings/settings',
      body: { share_recording: 'internally', viewer_download: false },
    },
  ],
  [
    'ZOOM_GET_USER_SETTINGS',
    { option: 'meeting_security' },
    { method: 'GET', path: '/users/me/settings', query: { option: 'meeting_security' } },
  ],
  [
    'ZOOM_CREATE_A_WEBINAR',
    { topic: 'Launch', start_time: '2025-07-01T16:00:00Z', duration: 60, settings: { approval_type: 0 } },
    {
      method: 'POST',
      path: '/users/me/webinars',
      body: { topic: 'Launch', start_time: '2025-07-01T16:00:00Z', duration: 60, settings: { approval_type: 0 } },
    },
  ],
  [
    'ZOOM_UPDATE_A_WEBINAR',
    { webinarId: '9', duration: 90, occurrence_id: 'o2' },
    { method: 'PATCH', path: '/webinars/9', query: { occurrence_id: 'o2' }, body: { duration: 90 } },
  ],
  [
    'ZOOM_DELETE_A_WEBINAR',
    { webinarId: '9', cancel_webinar_reminder: true },
    { method: 'DELETE', path: '/webinars/9', query: { cancel_webinar_reminder: 'true' } },
  ],
  [
    'ZOOM_LIST_WEBINAR_REGISTRANTS',
    { webinarId: '9', status: 'pending', page_size: 50 },
    { method: 'GET', path: '/webinars/9/registrants', query: { status: 'pending', page_size: '50' } },
  ],
  [
    'ZOOM_GET_MEETING_REPORTS',
    { from: '2025-06-01', to: '2025-06-30', type: 'past' },
    {
      method: 'GET',
      path: '/report/users/me/meetings',
      query: { from: '2025-06-01', to: '2025-06-30', type: 'past' },
    },
  ],
  ['ZOOM_GET_MEETING_DETAIL_REPORTS', M, { method: 'GET', path: '/report/meetings/85746065432' }],
  [
    'ZOOM_GET_MEETING_PARTICIPANT_REPORTS',
    { ...M, page_size: 300 },
    { method: 'GET', path: '/report/meetings/85746065432/participants', query: { page_size: '300' } },
  ],
  // Zoom Whiteboard
  [
    'ZOOM_LIST_WHITEBOARDS',
    { search_key: 'roadmap', date_filter_type: 'modified_date', page_size: 10 },
    {
      method: 'GET',
      path: '/whiteboards',
      query: { search_key: 'roadmap', date_filter_type: 'modified_date', page_size: '10' },
    },
  ],
  ['ZOOM_CREATE_WHITEBOARD', { name: 'Roadmap' }, { method: 'POST', path: '/whiteboards', body: { name: 'Roadmap' } }],
  ['ZOOM_GET_WHITEBOARD', { whiteboardId: 'wb1' }, { method: 'GET', path: '/whiteboards/wb1' }],
  ['ZOOM_DELETE_WHITEBOARD', { whiteboardId: 'wb1' }, { method: 'DELETE', path: '/whiteboards/wb1' }],
  [
    'ZOOM_ADD_WHITEBOARD_COLLABORATOR',
    { whiteboardId: 'wb1', collaborators: [{ email: 'a@b.co', role: 2 }], skip_notifications: true },
    {
      method: 'POST',
      path: '/whiteboards/wb1/collaborator',
      body: { collaborators: [{ email: 'a@b.co', role: 2 }], skip_notifications: true },
    },
  ],
  [
    'ZOOM_UPDATE_WHITEBOARD_COLLABORATOR',
    { whiteboardId: 'wb1', collaborators: [{ collaborator_id: 'c1', role: 4 }] },
    {
      method: 'PATCH',
      path: '/whiteboards/wb1/collaborator',
      body: { collaborators: [{ collaborator_id: 'c1', role: 4 }] },
    },
  ],
  [
    'ZOOM_DELETE_WHITEBOARD_COLLABORATOR',
    { whiteboardId: 'wb1', collaboratorId: 'c1' },
    { method: 'DELETE', path: '/whiteboards/wb1/collaborator/c1' },
  ],
  [
    'ZOOM_UPDATE_WHITEBOARD_SHARE_SETTINGS',
    { whiteboardId: 'wb1', share_link_setting: { share_scope: 1, share_role: 3 } },
    {
      method: 'PATCH',
      path: '/whiteboards/wb1/share_setting',
      body: { share_link_setting: { share_scope: 1, share_role: 3 } },
    },
  ],
  [
    'ZOOM_CREATE_WHITEBOARD_EXPORT',
    { whiteboard_ids: ['wb1', 'wb2'] },
    { method: 'POST', path: '/whiteboards/export', body: { whiteboard_ids: ['wb1', 'wb2'] } },
  ],
  [
    'ZOOM_GET_WHITEBOARD_EXPORT_STATUS',
    { taskId: 't1' },
    { method: 'GET', path: '/whiteboards/export/task/t1/status' },
  ],
  ['ZOOM_GET_WHITEBOARD_SESSION', { sessionId: 's1' }, { method: 'GET', path: '/whiteboards/sessions/s1' }],
  [
    'ZOOM_IMPORT_WHITEBOARD',
    { file_id: 'f1', type: 'pdf', whiteboard_name: 'Imported' },
    { method: 'POST', path: '/whiteboards/import', body: { file_id: 'f1', type: 'pdf', whiteboard_name: 'Imported' } },
  ],
  [
    'ZOOM_LIST_PROJECTS',
    { search_key: 'Q4' },
    { method: 'GET', path: '/whiteboards/projects', query: { search_key: 'Q4' } },
  ],
  [
    'ZOOM_CREATE_PROJECT',
    { project_name: 'Q4', whiteboard_ids: ['wb1'] },
    { method: 'POST', path: '/whiteboards/projects', body: { project_name: 'Q4', whiteboard_ids: ['wb1'] } },
  ],
  ['ZOOM_GET_PROJECT', { projectId: 'p1' }, { method: 'GET', path: '/whiteboards/projects/p1' }],
  [
    'ZOOM_UPDATE_PROJECT',
    { projectId: 'p1', project_name: 'Q1' },
    { method: 'PATCH', path: '/whiteboards/projects/p1', body: { project_name: 'Q1' } },
  ],
  ['ZOOM_DELETE_PROJECT', { projectId: 'p1' }, { method: 'DELETE', path: '/whiteboards/projects/p1' }],
  [
    'ZOOM_LIST_PROJECT_COLLABORATORS',
    { projectId: 'p1' },
    { method: 'GET', path: '/whiteboards/projects/p1/collaborators' },
  ],
  [
    'ZOOM_ADD_PROJECT_COLLABORATORS',
    { projectId: 'p1', collaborators: [{ email: 'a@b.co', role: 3 }] },
    {
      method: 'POST',
      path: '/whiteboards/projects/p1/collaborators',
      body: { collaborators: [{ email: 'a@b.co', role: 3 }] },
    },
  ],
  [
    'ZOOM_UPDATE_PROJECT_COLLABORATORS',
    { projectId: 'p1', collaborators: [{ collaborator_id: 'c1', role: 2 }] },
    {
      method: 'PATCH',
      path: '/whiteboards/projects/p1/collaborators',
      body: { collaborators: [{ collaborator_id: 'c1', role: 2 }] },
    },
  ],
  [
    'ZOOM_DELETE_PROJECT_COLLABORATOR',
    { projectId: 'p1', collaboratorId: 'c1' },
    { method: 'DELETE', path: '/whiteboards/projects/p1/collaborators/c1' },
  ],
  [
    'ZOOM_MOVE_WHITEBOARDS_TO_PROJECT',
    { projectId: 'p1', whiteboard_ids: ['wb1'] },
    { method: 'POST', path: '/whiteboards/projects/p1/whiteboards', body: { whiteboard_ids: ['wb1'] } },
  ],
];

describe('Zoom curated mappings', () => {
  it.each(TABLE)('%s builds the documented Zoom request', (slug, args, want) => {
    const got = build(slug, args);
    expect(got.method).toBe(want.method);
    expect(got.path).toBe(want.path);
    if (want.query) expect(got.query).toEqual(want.query);
    if (want.body !== undefined) expect(got.body).toEqual(want.body);
  });

  it('ZOOM_GET_PAST_MEETING_DETAILS takes an instance UUID as meetingUUID too', () => {
    // a data mapping: its rename folds the other spelling, as the executor applies it
    const tool = getTool('ZOOM_GET_PAST_MEETING_DETAILS')!;
    expect(applyMappedArgs(tool, { meetingUUID: 'aDYl/ZQ==' })).toEqual({ meetingId: 'aDYl/ZQ==' });
  });

  it('ZOOM_LIST_UPCOMING_MEETINGS and ZOOM_LIST_MEETINGS both say they list upcoming Zoom meetings', () => {
    for (const slug of ['ZOOM_LIST_UPCOMING_MEETINGS', 'ZOOM_LIST_MEETINGS']) {
      const tool = getTool(slug);
      expect(tool, slug).toBeDefined();
      expect(tool!.description).toMatch(/upcoming Zoom meetings/);
    }
  });
});
