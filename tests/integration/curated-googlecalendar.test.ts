import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

// Curated Google Calendar tools against a loopback Calendar API v3 (paths below /calendar/v3).
let s: TestServer;
let cal: FakeUpstream;
let account: string;
const TOKEN = 'ya29.calendar';
const events = new Map<string, Record<string, any>>();

beforeAll(async () => {
  [s, cal] = await Promise.all([providerServer(), startFakeUpstream()]);
  const authed = (r: RecordedRequest) => r.headers.authorization === `Bearer ${TOKEN}`;
  const unauth = { status: 401, json: { error: { code: 401, message: 'Invalid Credentials' } } };
  cal.on('POST', '/calendar/v3/calendars/:cal/events', (r, p) => {
    if (!authed(r)) return unauth;
    const b = r.json as Record<string, any>;
    const id = `ev${events.size + 1}`;
    const ev = {
      id,
      calendar: p.cal,
      htmlLink: `https://calendar.google.com/event?eid=${id}`,
      ...b,
      ...(b.conferenceData ? { hangoutLink: 'https://meet.google.com/abc-defg-hij' } : {}),
    };
    events.set(id, ev);
    return { json: ev };
  });
  cal.on('GET', '/calendar/v3/calendars/:cal/events/:id', (r, p) =>
    events.has(p.id!)
      ? { json: events.get(p.id!) }
      : { status: 404, json: { error: { code: 404, message: 'Not Found' } } },
  );
  cal.on('PATCH', '/calendar/v3/calendars/:cal/events/:id', (r, p) => {
    const ev = { ...events.get(p.id!), ...(r.json as object) };
    events.set(p.id!, ev);
    return { json: ev };
  });
  cal.on('PUT', '/calendar/v3/calendars/:cal/events/:id', (r, p) => {
    events.set(p.id!, r.json as Record<string, any>);
    return { json: r.json };
  });
  cal.on('GET', '/calendar/v3/calendars/:cal/events', () => ({
    json: { kind: 'calendar#events', items: [...events.values()] },
  }));
  cal.on('POST', '/calendar/v3/freeBusy', (r) => {
    const b = r.json as { timeMin: string; timeMax: string; items: { id: string }[] };
    return {
      json: {
        timeMin: b.timeMin,
        timeMax: b.timeMax,
        calendars: Object.fromEntries(
          b.items.map((i) => [
            i.id,
            {
              busy: [
                { start: '2025-03-10T09:00:00Z', end: '2025-03-10T10:00:00Z' },
                { start: '2025-03-10T09:30:00Z', end: '2025-03-10T11:00:00Z' },
                { start: '2025-03-10T14:00:00Z', end: '2025-03-10T15:00:00Z' },
              ],
            },
          ]),
        ),
      },
    };
  });
  account = (
    await connectToFake(s, {
      toolkit: 'googlecalendar',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: `${cal.url}/calendar/v3` },
      userId: 'cal-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), cal?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('curated Google Calendar tools', () => {
  it('GOOGLECALENDAR_CREATE_EVENT: start + duration in a time zone, attendees (strings and objects), Meet link', async () => {
    const r = await exec('GOOGLECALENDAR_CREATE_EVENT', {
      start_datetime: '2025-07-16T13:00:00',
      timezone: 'America/New_York',
      event_duration_hour: 1,
      event_duration_minutes: 30,
      summary: 'Client sync',
      attendees: ['required@example.com', { email: 'optional@example.com', optional: true }],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { response_data: { id: 'ev1', hangoutLink: expect.stringContaining('meet.google.com') } },
    });
    const req = cal.requests
      .filter((q) => q.method === 'POST' && q.path === '/calendar/v3/calendars/primary/events')
      .pop()!;
    expect(req.query.get('conferenceDataVersion')).toBe('1');
    expect(req.query.get('sendUpdates')).toBe('all');
    const b = req.json as any;
    expect(b.start).toEqual({ dateTime: '2025-07-16T13:00:00-04:00', timeZone: 'America/New_York' });
    expect(b.end).toEqual({ dateTime: '2025-07-16T14:30:00-04:00', timeZone: 'America/New_York' });
    expect(b.attendees).toEqual([{ email: 'required@example.com' }, { email: 'optional@example.com', optional: true }]);
    expect(b.conferenceData.createRequest.conferenceSolutionKey.type).toBe('hangoutsMeet');
    expect(b.summary).toBe('Client sync');
  });

  it('an end time instead of a duration, no Meet room; bad zone and end-before-start are 400s', async () => {
    const r = await exec('GOOGLECALENDAR_CREATE_EVENT', {
      start_datetime: '2025-01-10T09:00:00Z',
      end_datetime: '2025-01-10T09:45:00Z',
      summary: 'x',
      create_meeting_room: false,
      calendar_id: 'team@example.com',
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    const req = cal.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/events')).pop()!;
    expect(req.path).toBe('/calendar/v3/calendars/team%40example.com/events');
    expect(req.query.get('conferenceDataVersion')).toBeNull();
    expect((req.json as any).end).toEqual({ dateTime: '2025-01-10T09:45:00+00:00', timeZone: 'UTC' });
    expect(
      (await exec('GOOGLECALENDAR_CREATE_EVENT', { start_datetime: '2025-01-10T09:00:00', timezone: 'Mars/Olympus' }))
        .status,
    ).toBe(400);
    expect(
      (
        await exec('GOOGLECALENDAR_CREATE_EVENT', {
          start_datetime: '2025-01-10T09:00:00',
          end_datetime: '2025-01-10T08:00:00',
        })
      ).status,
    ).toBe(400);
  });

  it('GOOGLECALENDAR_FIND_FREE_SLOTS merges busy intervals and returns the gaps in the zone', async () => {
    const r = await exec('GOOGLECALENDAR_FIND_FREE_SLOTS', {
      time_min: '2025-03-10T08:00:00',
      time_max: '2025-03-10T17:00:00',
      timezone: 'UTC',
      items: ['primary'],
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data.calendars.primary.free).toEqual([
      { start: '2025-03-10T08:00:00+00:00', end: '2025-03-10T09:00:00+00:00' },
      { start: '2025-03-10T11:00:00+00:00', end: '2025-03-10T14:00:00+00:00' },
      { start: '2025-03-10T15:00:00+00:00', end: '2025-03-10T17:00:00+00:00' },
    ]);
    expect(cal.last()!.json).toMatchObject({
      timeMin: '2025-03-10T08:00:00.000Z',
      timeMax: '2025-03-10T17:00:00.000Z',
      items: [{ id: 'primary' }],
    });
  });

  it('GOOGLECALENDAR_GET_CURRENT_DATE_TIME needs no account and no provider call', async () => {
    const before = cal.requests.length;
    const r = await s.api('POST', '/tools/execute/GOOGLECALENDAR_GET_CURRENT_DATE_TIME', {
      arguments: { timezone: 'Asia/Kolkata' },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { timezone: 'Asia/Kolkata' } });
    expect(r.body.data.current_datetime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(Math.abs(r.body.data.unix * 1000 - Date.now())).toBeLessThan(60_000);
    const off = await s.api('POST', '/tools/execute/GOOGLECALENDAR_GET_CURRENT_DATE_TIME', {
      arguments: { timezone: '-3' },
    });
    expect(off.body.data.current_datetime).toMatch(/-03:00$/);
    expect(cal.requests.length).toBe(before);
  });

  it('find events (mapping with defaults), remove an attendee, update keeps unspecified fields', async () => {
    const f = await exec('GOOGLECALENDAR_FIND_EVENT', { query: 'sync', timeMin: '2025-07-01T00:00:00Z' });
    expect(f.body.successful).toBe(true);
    const q = cal.last()!;
    expect(q.path).toBe('/calendar/v3/calendars/primary/events');
    expect(Object.fromEntries(q.query)).toMatchObject({
      q: 'sync',
      timeMin: '2025-07-01T00:00:00Z',
      singleEvents: 'true',
      orderBy: 'startTime',
    });
    const rm = await exec('GOOGLECALENDAR_REMOVE_ATTENDEE', {
      event_id: 'ev1',
      attendee_email: 'OPTIONAL@example.com',
    });
    expect(rm.body.data.attendees).toEqual([{ email: 'required@example.com' }]);
    const up = await exec('GOOGLECALENDAR_UPDATE_EVENT', {
      event_id: 'ev1',
      start_datetime: '2025-07-17T10:00:00',
      end_datetime: '2025-07-17T11:00:00',
      timezone: 'Europe/Berlin',
    });
    expect(up.body.successful, JSON.stringify(up.body)).toBe(true);
    expect(up.body.data.response_data).toMatchObject({
      summary: 'Client sync',
      start: { dateTime: '2025-07-17T10:00:00+02:00' },
      end: { dateTime: '2025-07-17T11:00:00+02:00' },
    });
  });
});
