import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from './fake-upstream';

/**
 * A loopback Google Maps Platform on one port: Places (New) text search and Routes computeRoutes
 * (both refuse a request without X-Goog-FieldMask, as Google does) and the geocoding web service.
 * The API key must arrive as `key=`; a wrong one is answered with Google's 400 API_KEY_INVALID.
 */
export async function startFakeGoogleMaps(opts: { key: string }): Promise<FakeUpstream> {
  const up = await startFakeUpstream();
  const keyOk = (r: RecordedRequest) => r.query.get('key') === opts.key;
  const badKey = {
    status: 400,
    json: {
      error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
    },
  };
  const noMask = {
    status: 400,
    json: { error: { code: 400, message: 'FieldMask is a required parameter.', status: 'INVALID_ARGUMENT' } },
  };

  up.on('POST', '/v1/places:searchText', (r) => {
    if (!keyOk(r)) return badKey;
    if (!r.headers['x-goog-fieldmask']) return noMask;
    const b = r.json as { textQuery?: string; pageSize?: number };
    if (!b?.textQuery) return { status: 400, json: { error: { code: 400, message: 'textQuery is required' } } };
    return {
      json: {
        places: [
          {
            id: 'ChIJ-fake-1',
            displayName: { text: `Result for ${b.textQuery}`, languageCode: 'en' },
            formattedAddress: 'Rua Augusta 1, Lisboa',
            businessStatus: 'OPERATIONAL',
          },
        ],
      },
    };
  });
  up.on('POST', '/directions/v2:computeRoutes', (r) => {
    if (!keyOk(r)) return badKey;
    if (!r.headers['x-goog-fieldmask']) return noMask;
    const b = r.json as { origin?: unknown; destination?: unknown; travelMode?: string };
    if (!b?.origin || !b?.destination)
      return { status: 400, json: { error: { code: 400, message: 'origin and destination are required' } } };
    return { json: { routes: [{ distanceMeters: 5230, duration: '845s', description: b.travelMode }] } };
  });
  up.on('GET', '/maps/api/geocode/json', (r) => {
    if (!keyOk(r))
      return { json: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] } };
    const address = r.query.get('address');
    if (!address) return { json: { status: 'INVALID_REQUEST', results: [] } };
    return {
      json: {
        status: 'OK',
        results: [
          { formatted_address: address, geometry: { location: { lat: 38.7077, lng: -9.1365 } }, place_id: 'ChIJ-geo' },
        ],
      },
    };
  });
  return up;
}
