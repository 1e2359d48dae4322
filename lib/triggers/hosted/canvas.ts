import type { Item, PollTypeDef } from '../types';
import { A, N, S, obj, since, str } from './helpers';

/**
 * Canvas LMS poll types under the hosted service's names, over the Canvas catalog tools
 * (lib/catalog/mappings/canvas.yaml). Canvas lists answer with a bare JSON array.
 */
const courseCfg = (extra: Record<string, unknown> = {}, required: string[] = []) =>
  obj({ course_id: N('Canvas course id (from CANVAS_LIST_COURSES)'), ...extra }, ['course_id', ...required]);

const submissionPayload = obj(
  {
    id: S('Submission id'),
    assignment_id: S('Assignment id'),
    user_id: S('Student user id'),
    attempt: N('Attempt number'),
    workflow_state: S('submitted, pending_review or graded'),
    submission_type: S('How it was turned in (online_text_entry, online_upload, …)'),
    submitted_at: S('When it was turned in'),
    graded_at: S('When it was graded'),
    score: N('Points awarded'),
    grade: S('Grade as Canvas shows it'),
    late: { type: 'boolean', description: 'Turned in after the due date' },
    preview_url: S('Link to the submission in Canvas'),
  },
  ['id'],
);
const submissionOf = (i: Item) => ({
  id: str(i.id),
  assignment_id: str(i.assignment_id),
  user_id: str(i.user_id),
  attempt: i.attempt ?? null,
  workflow_state: i.workflow_state,
  submission_type: i.submission_type ?? null,
  submitted_at: i.submitted_at ?? null,
  graded_at: i.graded_at ?? null,
  score: i.score ?? null,
  grade: i.grade ?? null,
  late: i.late ?? false,
  preview_url: i.preview_url ?? null,
});
// every student's submissions of the course (or of one assignment), changed since the last poll
const submissionArgs =
  (timeField: 'submitted_since' | 'graded_since') =>
  (c: Record<string, unknown>, cur: { watermark?: string | number }) => ({
    course_id: c.course_id,
    student_ids: ['all'],
    ...(c.assignment_id ? { assignment_ids: [String(c.assignment_id)] } : {}),
    ...(since(cur.watermark) ? { [timeField]: since(cur.watermark) } : {}),
    per_page: 100,
  });
const submissionCfg = courseCfg({ assignment_id: N('Only submissions of this assignment') });

export const CANVAS_HOSTED_POLL_TYPES: PollTypeDef[] = [
  {
    slug: 'CANVAS_NEW_ASSIGNMENT_SUBMISSION_TRIGGER',
    toolkit: 'canvas',
    name: 'New assignment submission',
    tool: 'CANVAS_LIST_SUBMISSIONSFOR_MULTIPLE_ASSIGNMENTS',
    description:
      'Fires once for each submission turned in to a course (optionally one assignment), a resubmission counting as a new one; needs grading rights in the course.',
    config: submissionCfg,
    payload: submissionPayload,
    args: submissionArgs('submitted_since'),
    itemsAt: '',
    filter: (i) => Boolean(i.submitted_at),
    key: (i) => str(i.submitted_at) && `${i.id}:${i.attempt ?? ''}:${i.submitted_at}`,
    stamp: (i) => str(i.submitted_at),
    map: submissionOf,
  },
  {
    slug: 'CANVAS_ASSIGNMENT_GRADED_TRIGGER',
    toolkit: 'canvas',
    name: 'Assignment graded',
    tool: 'CANVAS_LIST_SUBMISSIONSFOR_MULTIPLE_ASSIGNMENTS',
    description:
      'Fires once each time a submission of the course (optionally one assignment) is graded or regraded, with its score and grade.',
    config: submissionCfg,
    payload: submissionPayload,
    args: submissionArgs('graded_since'),
    itemsAt: '',
    filter: (i) => i.workflow_state === 'graded' && Boolean(i.graded_at),
    key: (i) => str(i.graded_at) && `${i.id}:${i.graded_at}`,
    stamp: (i) => str(i.graded_at),
    map: submissionOf,
  },
  {
    slug: 'CANVAS_NEW_CANVAS_DISCUSSION_TRIGGER',
    toolkit: 'canvas',
    name: 'New discussion topic',
    tool: 'CANVAS_LIST_DISCUSSION_TOPICS',
    description: 'Fires once for each discussion topic posted in a course (announcements are not discussions).',
    config: courseCfg(),
    payload: obj(
      {
        id: S('Topic id'),
        title: S('Title'),
        message: S('Body (HTML)'),
        author: S('Display name of the author'),
        posted_at: S('When it was posted'),
        html_url: S('Link to the topic'),
      },
      ['id'],
    ),
    args: (c) => ({ course_id: c.course_id, order_by: 'recent_activity', per_page: 100 }),
    itemsAt: '',
    key: (i) => str(i.id),
    stamp: (i) => str(i.posted_at ?? i.created_at),
    map: (i) => ({
      id: str(i.id),
      title: i.title,
      message: i.message ?? null,
      author: (i.author as Item | undefined)?.display_name ?? i.user_name ?? null,
      posted_at: i.posted_at ?? null,
      html_url: i.html_url ?? null,
    }),
  },
  {
    slug: 'CANVAS_NEW_CANVAS_DISCUSSION_MESSAGE_TRIGGER',
    toolkit: 'canvas',
    name: 'New discussion message',
    tool: 'CANVAS_LIST_DISCUSSION_ENTRIES',
    description: 'Fires once for each top-level entry posted to one discussion topic of a course.',
    config: courseCfg({ topic_id: N('Discussion topic id (from CANVAS_LIST_DISCUSSION_TOPICS)') }, ['topic_id']),
    payload: obj(
      {
        id: S('Entry id'),
        topic_id: S('Topic id'),
        user_id: S('Author user id'),
        user_name: S('Author name'),
        message: S('Text (HTML)'),
        created_at: S('When it was posted'),
      },
      ['id'],
    ),
    args: (c) => ({ course_id: c.course_id, topic_id: c.topic_id, per_page: 100 }),
    itemsAt: '',
    key: (i) => str(i.id),
    stamp: (i) => str(i.created_at),
    map: (i, c) => ({
      id: str(i.id),
      topic_id: str(c.topic_id),
      user_id: str(i.user_id),
      user_name: i.user_name ?? null,
      message: i.message ?? null,
      created_at: i.created_at ?? null,
    }),
  },
  {
    slug: 'CANVAS_NEW_COURSE_CREATED_TRIGGER',
    toolkit: 'canvas',
    name: 'New course for the user',
    tool: 'CANVAS_LIST_COURSES',
    description:
      "Fires once for each course that appears in the connected user's course list: a course they created or one they were enrolled in.",
    config: obj({}),
    payload: obj(
      {
        id: S('Course id'),
        name: S('Course name'),
        course_code: S('Course code'),
        workflow_state: S('unpublished, available, completed'),
        created_at: S('When the course was created'),
        start_at: S('Start date'),
        enrollments: A("The user's enrollments in it"),
      },
      ['id'],
    ),
    // newest last in Canvas's order; one page of 100 is the user's current list
    args: () => ({ per_page: 100 }),
    itemsAt: '',
    // no stamp: an old course the user is newly enrolled in is new to them
    key: (i) => str(i.id),
    map: (i) => ({
      id: str(i.id),
      name: i.name,
      course_code: i.course_code ?? null,
      workflow_state: i.workflow_state ?? null,
      created_at: i.created_at ?? null,
      start_at: i.start_at ?? null,
      enrollments: i.enrollments ?? [],
    }),
  },
  {
    slug: 'CANVAS_NEW_FILE_UPLOADED_TRIGGER',
    toolkit: 'canvas',
    name: 'New file uploaded',
    tool: 'CANVAS_LIST_FILES',
    description: "Fires once for each file uploaded to a course's Files.",
    config: courseCfg(),
    payload: obj(
      {
        id: S('File id'),
        display_name: S('Name shown in Canvas'),
        filename: S('Stored file name'),
        content_type: S('MIME type'),
        size: N('Bytes'),
        folder_id: S('Folder id'),
        created_at: S('When it was uploaded'),
        url: S('Download link (needs the same credentials)'),
      },
      ['id'],
    ),
    args: (c) => ({ course_id: c.course_id, sort: 'created_at', order: 'desc', per_page: 100 }),
    itemsAt: '',
    key: (i) => str(i.id),
    stamp: (i) => str(i.created_at),
    map: (i) => ({
      id: str(i.id),
      display_name: i.display_name,
      filename: i.filename ?? null,
      content_type: i['content-type'] ?? null,
      size: i.size ?? null,
      folder_id: str(i.folder_id) ?? null,
      created_at: i.created_at ?? null,
      url: i.url ?? null,
    }),
  },
];
