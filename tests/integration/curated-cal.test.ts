import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeCal, type FakeCal } from '../helpers/fake-cal';

// Cal.com (lib/catalog/curated/cal.ts) with an API key against a loopback api.cal.com/v2 that
// checks the cal-api-version header of each resource.
const KEY = 'cal_live_fake_key';
let s: TestServer;
let cal: FakeCal;
let account: string;

beforeAll(async () => {
  [s, cal] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeCal({ apiKey: KEY })]);
  // a tool declared as data (lib/catalog/mappings/cal.yaml): its version header is an argument default
  cal.on('POST', '/v2/bookings/:uid/reassign', (_r, p) => ({
    json: { status: 'success', data: { bookingUid: p.uid } },
  }));
  account = (
    await connectToFake(s, {
      toolkit: 'cal',
      authScheme: 'API_KEY',
      val: { api_key: KEY, base_url: `${cal.url}/v2` },
      userId: 'cal-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), cal?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Cal.com toolkit', () => {
  it('CAL_REASSIGN_BOOKING_WITH_UID (a mapping-file tool) sends the bookings API version and the key', async () => {
    const r = await exec('CAL_REASSIGN_BOOKING_WITH_UID', { bookingUid: 'bk_9' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { data: { bookingUid: 'bk_9' } } });
    const req = cal.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v2/bookings/bk_9/reassign');
    expect(req.headers['cal-api-version']).toBe('2024-08-13');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('slots, then a booking (older responses form folded into attendee), then a cancellation, each with its API version', async () => {
    const slots = await exec('CAL_GET_AVAILABLE_SLOTS_INFO', {
      eventTypeId: 42,
      start: '2025-06-02',
      end: '2025-06-03',
      timeZone: 'Europe/Lisbon',
    });
    expect(slots.body, JSON.stringify(slots.body)).toMatchObject({
      successful: true,
      data: { data: { '2025-06-02': [{ start: '2025-06-02T09:00:00.000Z' }, expect.anything()] } },
    });
    expect(cal.last()!.headers['cal-api-version']).toBe('2024-09-04');
    expect(Object.fromEntries(cal.last()!.query)).toEqual({
      eventTypeId: '42',
      start: '2025-06-02',
      end: '2025-06-03',
      timeZone: 'Europe/Lisbon',
    });

    const booked = await exec('CAL_POST_NEW_BOOKING_REQUEST', {
      start: '2025-06-02T09:00:00.000Z',
      eventTypeId: 42,
      responses: { name: 'Rui', email: 'rui@example.test' },
      timeZone: 'Europe/Lisbon',
    });
    expect(booked.body, JSON.stringify(booked.body)).toMatchObject({
      successful: true,
      data: { data: { uid: 'bk_1', status: 'accepted' } },
    });
    const req = cal.last()!;
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['cal-api-version']).toBe('2024-08-13');
    expect(req.json).toEqual({
      start: '2025-06-02T09:00:00.000Z',
      eventTypeId: 42,
      attendee: { name: 'Rui', email: 'rui@example.test', timeZone: 'Europe/Lisbon' },
    });

    const cancelled = await exec('CAL_CANCEL_BOOKING_VIA_UID', { bookingUid: 'bk_1', cancellationReason: 'Conflict' });
    expect(cancelled.body, JSON.stringify(cancelled.body)).toMatchObject({
      successful: true,
      data: { data: { uid: 'bk_1', status: 'cancelled', cancellationReason: 'Conflict' } },
    });
    const missing = await exec('CAL_CANCEL_BOOKING_VIA_UID', { bookingUid: 'bk_404' });
    expect(missing.body.successful, JSON.stringify(missing.body)).toBe(false);
  });

  it('GET /toolkits/cal: an API key and Cal.com OAuth; the authorize URL is app.cal.com', async () => {
    const tk = await s.api('GET', '/toolkits/cal');
    expect(tk.status, JSON.stringify(tk.body)).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['API_KEY', 'OAUTH2']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'cal' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'cal-app', client_secret: 'x' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://app.cal.com/auth/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('cal-app');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});
