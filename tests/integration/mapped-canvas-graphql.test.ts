import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { connectToFake } from '../helpers/connect';
import { startFakeGraphql, type FakeGraphql } from '../helpers/fake-graphql';

// A sample of Canvas's `graphql:` mapping entries (lib/catalog/mappings/canvas.yaml) through the real
// execute pipeline, against a loopback Canvas POST /api/graphql that parses every document, wants the
// access token as a Bearer token, and answers each root field the way Canvas does (payload with
// `errors` for validation failures, top-level `errors` for unknown ids).
const TOKEN = 'canvas-token-0123';
let s: TestServer;
let cv: FakeGraphql;
let account: string;

beforeAll(async () => {
  [s, cv] = await Promise.all([
    providerServer(),
    startFakeGraphql({
      path: '/api/graphql',
      authorize: (req) =>
        req.headers.authorization === `Bearer ${TOKEN}`
          ? undefined
          : { status: 401, json: { errors: [{ message: 'Invalid access token.' }] } },
      answer: (call) => {
        const v = call.variables as Record<string, any>;
        switch (call.fields[0]) {
          case 'createAssignment':
            return {
              json: {
                data: {
                  createAssignment: {
                    assignment: { _id: '77', id: 'QXNzaWdubWVudC03Nw==', name: v.input.name, state: 'unpublished' },
                    errors: null,
                  },
                },
              },
            };
          case 'legacyNode':
            return { json: { data: { legacyNode: { __typename: v.type, id: 'Q291cnNlLTE=', _id: v.legacyId } } } };
          case 'updateDiscussionEntriesReadState':
            return {
              json: {
                data: {
                  updateDiscussionEntriesReadState: {
                    discussionEntries: v.input.discussionEntryIds.map((id: string) => ({
                      _id: id,
                      entryParticipant: { read: v.input.read },
                    })),
                    errors: null,
                  },
                },
              },
            };
          case 'outcomeProficiency':
            return { json: { data: { outcomeProficiency: null }, errors: [{ message: 'not found' }] } };
          default:
            return { json: { errors: [{ message: `unexpected ${call.fields[0]}` }] } };
        }
      },
    }),
  ]);
  account = (
    await connectToFake(s, {
      toolkit: 'canvas',
      authScheme: 'API_KEY',
      val: { api_key: TOKEN, base_url: cv.url },
      userId: 'canvas-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), cv?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Canvas graphql mapping entries', () => {
  it('CANVAS_CREATE_ASSIGNMENT_GRAPH_QL sends createAssignment with the arguments in its input object', async () => {
    const n = cv.calls.length;
    const r = await exec('CANVAS_CREATE_ASSIGNMENT_GRAPH_QL', {
      course_id: '12',
      name: 'Essay 1',
      points_possible: 20,
      submission_types: ['online_text_entry'],
      due_at: '2026-12-01T23:59:00Z',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { createAssignment: { assignment: { _id: '77', name: 'Essay 1' } } },
    });
    const call = cv.calls.slice(n).at(-1)!;
    expect(call).toMatchObject({
      operation: 'mutation',
      fields: ['createAssignment'],
      declared: { input: 'CreateAssignmentInput!' },
      path: '/api/graphql',
    });
    expect(call.variables).toEqual({
      input: {
        courseId: '12',
        name: 'Essay 1',
        pointsPossible: 20,
        submissionTypes: ['online_text_entry'],
        dueAt: '2026-12-01T23:59:00Z',
      },
    });
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('CANVAS_GET_LEGACY_NODE renames legacy_id to the $legacyId variable', async () => {
    const n = cv.calls.length;
    const r = await exec('CANVAS_GET_LEGACY_NODE', { legacy_id: '1', type: 'Course' });
    expect(r.body.successful).toBe(true);
    expect(r.body.data).toEqual({ legacyNode: { __typename: 'Course', id: 'Q291cnNlLTE=', _id: '1' } });
    const call = cv.calls.slice(n).at(-1)!;
    expect(call.declared).toEqual({ legacyId: 'ID!', type: 'NodeType!' });
    expect(call.variables).toEqual({ legacyId: '1', type: 'Course' });
  });

  it('CANVAS_UPDATE_DISCUSSION_ENTRIES_READ_STATE sends the id list and the flag', async () => {
    const n = cv.calls.length;
    const r = await exec('CANVAS_UPDATE_DISCUSSION_ENTRIES_READ_STATE', {
      discussion_entry_ids: ['5', '6'],
      read: true,
    });
    expect(r.body.successful).toBe(true);
    expect(r.body.data.updateDiscussionEntriesReadState.discussionEntries).toHaveLength(2);
    expect(cv.calls.slice(n).at(-1)!.variables).toEqual({ input: { discussionEntryIds: ['5', '6'], read: true } });
  });

  it('GraphQL errors in a 200 answer are successful:false', async () => {
    const r = await exec('CANVAS_GET_OUTCOME_PROFICIENCY_GRAPH_QL', { id: '404' });
    expect(r.body.successful).toBe(false);
    expect(r.body.error).toContain('not found');
  });

  it('a missing required input field is a 400 before any call', async () => {
    const n = cv.calls.length;
    const r = await exec('CANVAS_CREATE_ASSIGNMENT_GRAPH_QL', { course_id: '12' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('name');
    expect(cv.calls.length).toBe(n);
  });
});
