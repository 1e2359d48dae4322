import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeReply, type FakeUpstream } from '../helpers/fake-upstream';

// Zoom tools (lib/catalog/curated/zoom.ts) through the real execute pipeline, with an OAuth token,
// against a loopback api.zoom.us/v2 that checks what it receives.
const TOKEN = 'zoom-access-token';
let s: TestServer;
let zoom: FakeUpstream;
let account: string;

type Req = { headers: Record<string, unknown>; json?: unknown; query: URLSearchParams };
const authed = (h: (req: Req, p: Record<string, string>) => FakeReply) => (req: Req, p: Record<string, string>) =>
  req.headers.authorization === `Bearer ${TOKEN}`
    ? h(req, p)
    : { status: 401, json: { code: 124, message: 'Invalid access token.' } };

beforeAll(async () => {
  [s, zoom] = await Promise.all([providerServer(), startFakeUpstream()]);
  zoom.on(
    'GET',
    '/v2/users/:user/upcoming_meetings',
    authed((_req, p) => ({
      json: {
        total_records: 1,
        meetings: [
          {
            id: 85746065432,
            topic: `Standup of ${p.user}`,
            start_time: '2026-11-24T09:00:00Z',
            join_url: 'https://zoom.us/j/85746065432',
          },
        ],
      },
    })),
  );
  zoom.on(
    'PUT',
    '/v2/meetings/:id/registrants/status',
    authed((req) => {
      const b = req.json as { action?: string; registrants?: unknown[] };
      return b.action && Array.isArray(b.registrants) ? { status: 204 } : { status: 400, json: { code: 300 } };
    }),
  );
  zoom.on(
    'DELETE',
    '/v2/meetings/:id/recordings/:file',
    authed((req) => (req.query.get('action') === 'trash' ? { status: 204 } : { status: 400, json: { code: 300 } })),
  );
  zoom.on(
    'POST',
    '/v2/users/:user/webinars',
    authed((req) => ({
      status: 201,
      json: { id: 91234567890, join_url: 'https://zoom.us/j/91234567890', ...(req.json as object) },
    })),
  );
  zoom.on(
    'GET',
    '/v2/report/meetings/:id/participants',
    authed((req) => ({
      json: {
        page_size: Number(req.query.get('page_size') ?? 30),
        participants: [{ name: 'Ana', user_email: 'ana@example.com', duration: 1800 }],
      },
    })),
  );
  zoom.on(
    'POST',
    '/v2/whiteboards/:id/collaborator',
    authed((req) => ({
      status: 201,
      json: { collaborators: (req.json as { collaborators: unknown[] }).collaborators },
    })),
  );
  zoom.on(
    'DELETE',
    '/v2/whiteboards/projects/:id/whiteboards',
    authed((req) =>
      Array.isArray((req.json as { whiteboard_ids?: unknown })?.whiteboard_ids)
        ? { status: 204 }
        : { status: 400, json: { code: 34002, message: 'Invalid parameter.' } },
    ),
  );
  zoom.on(
    'GET',
    '/v2/whiteboards/export/task/:task',
    authed((_req, p) => ({
      body: Buffer.from(`PK zip of ${p.task}`),
      headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment;filename=board-export.zip' },
    })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'zoom',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: `${zoom.url}/v2` },
      userId: 'zoom-user',
      credentials: { client_id: 'zoom-client', client_secret: 'zoom-secret' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), zoom?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Zoom curated tools', () => {
  it('ZOOM_LIST_UPCOMING_MEETINGS asks for the connected user ("me") with the bearer token', async () => {
    zoom.reset();
    const r = await exec('ZOOM_LIST_UPCOMING_MEETINGS', {});
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(JSON.stringify(r.body.data)).toContain('Standup of me');
    const req = zoom.last()!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v2/users/me/upcoming_meetings');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('ZOOM_MEETING_REGISTRANT_STATUS PUTs the action and registrants, occurrence_id in the query', async () => {
    zoom.reset();
    const r = await exec('ZOOM_MEETING_REGISTRANT_STATUS', {
      meetingId: '85746065432',
      action: 'approve',
      registrants: [{ id: 'reg-1', email: 'ana@example.com' }],
      occurrence_id: '1648194360000',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const req = zoom.last()!;
    expect(req.method).toBe('PUT');
    expect(req.path).toBe('/v2/meetings/85746065432/registrants/status');
    expect(req.query.get('occurrence_id')).toBe('1648194360000');
    expect(req.json).toEqual({ action: 'approve', registrants: [{ id: 'reg-1', email: 'ana@example.com' }] });
  });

  it('ZOOM_DELETE_RECORDING_FILE deletes one file of the recording, to the trash', async () => {
    zoom.reset();
    const r = await exec('ZOOM_DELETE_RECORDING_FILE', {
      meetingId: '85746065432',
      recordingId: 'file-7',
      action: 'trash',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(zoom.last()!.method).toBe('DELETE');
    expect(zoom.last()!.path).toBe('/v2/meetings/85746065432/recordings/file-7');
  });

  it('ZOOM_CREATE_A_WEBINAR POSTs the webinar with nested settings for "me"', async () => {
    zoom.reset();
    const r = await exec('ZOOM_CREATE_A_WEBINAR', {
      topic: 'Launch',
      start_time: '2026-12-01T16:00:00Z',
      duration: 60,
      settings: { approval_type: 1, panelists_video: true },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: 91234567890 } });
    const req = zoom.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v2/users/me/webinars');
    expect(req.json).toEqual({
      topic: 'Launch',
      start_time: '2026-12-01T16:00:00Z',
      duration: 60,
      settings: { approval_type: 1, panelists_video: true },
    });
  });

  it('ZOOM_GET_MEETING_PARTICIPANT_REPORTS reads the report with page_size', async () => {
    zoom.reset();
    const r = await exec('ZOOM_GET_MEETING_PARTICIPANT_REPORTS', { meetingId: '85746065432', page_size: 300 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(JSON.stringify(r.body.data)).toContain('ana@example.com');
    expect(zoom.last()!.path).toBe('/v2/report/meetings/85746065432/participants');
    expect(zoom.last()!.query.get('page_size')).toBe('300');
  });

  it('ZOOM_ADD_WHITEBOARD_COLLABORATOR shares a whiteboard with people and their roles', async () => {
    zoom.reset();
    const collaborators = [
      { email: 'ana@example.com', role: 2 },
      { email: 'bo@example.com', role: 4 },
    ];
    const r = await exec('ZOOM_ADD_WHITEBOARD_COLLABORATOR', {
      whiteboardId: 'HY8-AC_HSou4SXY1S-OmOg',
      collaborators,
      invite_message: 'Roadmap for Q1',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { collaborators } });
    expect(zoom.last()!.path).toBe('/v2/whiteboards/HY8-AC_HSou4SXY1S-OmOg/collaborator');
    expect(zoom.last()!.json).toEqual({ collaborators, invite_message: 'Roadmap for Q1' });
  });

  it('ZOOM_REMOVE_WHITEBOARDS_FROM_PROJECT sends the ids in the body of a DELETE', async () => {
    zoom.reset();
    const r = await exec('ZOOM_REMOVE_WHITEBOARDS_FROM_PROJECT', {
      projectId: 'proj-1',
      whiteboard_ids: ['wb1', 'wb2'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const req = zoom.last()!;
    expect(req.method).toBe('DELETE');
    expect(req.path).toBe('/v2/whiteboards/projects/proj-1/whiteboards');
    expect(req.json).toEqual({ whiteboard_ids: ['wb1', 'wb2'] });
  });

  it('ZOOM_DOWNLOAD_WHITEBOARD_EXPORT fetches the export by task id and stages the ZIP under its own name', async () => {
    zoom.reset();
    const r = await exec('ZOOM_DOWNLOAD_WHITEBOARD_EXPORT', { taskId: 'f7f3cdd3' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { name: 'board-export.zip', file: { name: 'board-export.zip', mimetype: 'application/zip' } },
    });
    expect(zoom.last()!.path).toBe('/v2/whiteboards/export/task/f7f3cdd3');
    const got = Buffer.from(await (await fetch(r.body.data.file.s3url)).arrayBuffer());
    expect(got.toString()).toBe('PK zip of f7f3cdd3');
  });
});
