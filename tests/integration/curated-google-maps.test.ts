import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeGoogleMaps } from '../helpers/fake-google-maps';
import type { FakeUpstream } from '../helpers/fake-upstream';

// Google Maps (lib/catalog/curated/google-maps.ts) with an API key against a loopback Maps
// Platform answering the Places, Routes and geocoding paths on one port.
const KEY = 'AIzaSy-fake-maps-key';
let s: TestServer;
let gm: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, gm] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeGoogleMaps({ key: KEY })]);
  account = (
    await connectToFake(s, {
      toolkit: 'google_maps',
      authScheme: 'API_KEY',
      val: { api_key: KEY, base_url: gm.url },
      userId: 'maps-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), gm?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Google Maps toolkit', () => {
  it('GOOGLE_MAPS_TEXT_SEARCH posts textQuery to Places with the key and a field mask (camelCase accepted)', async () => {
    const r = await exec('GOOGLE_MAPS_TEXT_SEARCH', { textQuery: 'pastelarias in Lisbon', max_result_count: 5 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { places: [{ id: 'ChIJ-fake-1', displayName: { text: 'Result for pastelarias in Lisbon' } }] },
    });
    const req = gm.last()!;
    expect(req.path).toBe('/v1/places:searchText');
    expect(req.query.get('key')).toBe(KEY);
    expect(String(req.headers['x-goog-fieldmask'])).toContain('places.displayName');
    expect(req.json).toEqual({ textQuery: 'pastelarias in Lisbon', pageSize: 5 });
  });

  it('GOOGLE_MAPS_GET_ROUTE builds Routes waypoints from addresses and "lat,lng"', async () => {
    const r = await exec('GOOGLE_MAPS_GET_ROUTE', {
      origin: '38.7223,-9.1393',
      destination: 'Belém Tower, Lisbon',
      travel_mode: 'BICYCLE',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { routes: [{ distanceMeters: 5230, duration: '845s' }] },
    });
    expect(gm.last()!.json).toEqual({
      origin: { location: { latLng: { latitude: 38.7223, longitude: -9.1393 } } },
      destination: { address: 'Belém Tower, Lisbon' },
      travelMode: 'BICYCLE',
    });
  });

  it('GOOGLE_MAPS_GEOCODE_ADDRESS calls the geocoding web service with key=', async () => {
    const r = await exec('GOOGLE_MAPS_GEOCODE_ADDRESS', { address: 'Praça do Comércio, Lisboa' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { status: 'OK', results: [{ geometry: { location: { lat: 38.7077 } } }] },
    });
    expect(Object.fromEntries(gm.last()!.query)).toEqual({ address: 'Praça do Comércio, Lisboa', key: KEY });
  });

  it('GET /toolkits/google_maps: an API key in the query and Google OAuth with the cloud-platform scope', async () => {
    const tk = await s.api('GET', '/toolkits/google_maps');
    expect(tk.status, JSON.stringify(tk.body)).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['API_KEY', 'OAUTH2']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'google_maps' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'g-app', client_secret: 'x' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/cloud-platform');
    expect(url.searchParams.get('access_type')).toBe('offline');
  });
});
