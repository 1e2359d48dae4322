import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback api.cal.com/v2 for bookings and slots. It checks what Cal.com checks: the Bearer
 * API key, the cal-api-version header of the versioned resources (a missing or old version is
 * answered 400, as Cal.com does for these shapes), and a booking body with start, eventTypeId and
 * attendee {name, email, timeZone}. Answers are wrapped as {status: "success", data}.
 */
export interface FakeCal extends FakeUpstream {
  bookings: Record<string, unknown>[];
}

export async function startFakeCal(opts: { apiKey: string }): Promise<FakeCal> {
  const up = (await startFakeUpstream()) as FakeCal;
  up.bookings = [];
  const guard = (r: RecordedRequest, version: string) => {
    if (r.headers.authorization !== `Bearer ${opts.apiKey}`)
      return { status: 401, json: { status: 'error', error: { code: 'UNAUTHORIZED', message: 'Invalid API key' } } };
    if (r.headers['cal-api-version'] !== version)
      return {
        status: 400,
        json: { status: 'error', error: { code: 'BAD_REQUEST', message: `cal-api-version must be ${version}` } },
      };
    return undefined;
  };

  up.on('POST', '/v2/bookings', (r) => {
    const bad = guard(r, '2024-08-13');
    if (bad) return bad;
    const b = (r.json ?? {}) as {
      start?: string;
      eventTypeId?: number;
      attendee?: { name?: string; email?: string; timeZone?: string };
    };
    if (
      !b.start ||
      typeof b.eventTypeId !== 'number' ||
      !b.attendee?.email ||
      !b.attendee?.name ||
      !b.attendee?.timeZone
    )
      return {
        status: 400,
        json: {
          status: 'error',
          error: { code: 'BAD_REQUEST', message: 'start, eventTypeId and attendee are required' },
        },
      };
    const booking = {
      id: up.bookings.length + 1,
      uid: `bk_${up.bookings.length + 1}`,
      status: 'accepted',
      start: b.start,
      eventTypeId: b.eventTypeId,
      attendees: [{ name: b.attendee.name, email: b.attendee.email, timeZone: b.attendee.timeZone }],
    };
    up.bookings.push(booking);
    return { status: 201, json: { status: 'success', data: booking } };
  });
  up.on('GET', '/v2/slots', (r) => {
    const bad = guard(r, '2024-09-04');
    if (bad) return bad;
    const start = r.query.get('start');
    if (!start || !r.query.get('end'))
      return { status: 400, json: { status: 'error', error: { message: 'start and end are required' } } };
    const day = start.slice(0, 10);
    return {
      json: {
        status: 'success',
        data: { [day]: [{ start: `${day}T09:00:00.000Z` }, { start: `${day}T09:30:00.000Z` }] },
      },
    };
  });
  up.on('POST', '/v2/bookings/:uid/cancel', (r, p) => {
    const bad = guard(r, '2024-08-13');
    if (bad) return bad;
    const b = up.bookings.find((x) => x.uid === p.uid);
    if (!b)
      return {
        status: 404,
        json: { status: 'error', error: { code: 'NOT_FOUND', message: `Booking ${p.uid} not found` } },
      };
    b.status = 'cancelled';
    b.cancellationReason = (r.json as { cancellationReason?: string })?.cancellationReason;
    return { json: { status: 'success', data: b } };
  });
  return up;
}
