/**
 * Google Maps Platform in the hosted vocabulary. The platform is several APIs on several hosts:
 * Places (New) and Routes on places.googleapis.com / routes.googleapis.com (JSON POSTs that need
 * an X-Goog-FieldMask header naming the fields to return), the web services on
 * maps.googleapis.com/maps/api (geocoding, time zone, distance matrix), Geolocation, Map Tiles and
 * Aerial View. Every one of them takes an API key as `key=`; Places, Routes, Tiles and Aerial View
 * also take an OAuth token (cloud-platform scope) — the legacy web services do not.
 * Argument names are the providers' in snake_case; camelCase spellings are accepted too.
 */
import { at, composite, http, mapping, params, s } from './define';
import { acceptCamel } from './rest-mapping';
import { apiKeyScheme, oauth2Scheme, standaloneToolkit } from './toolkit-def';
import type { CuratedTool, MappingTool } from './types';
import { ToolArgumentError, ToolFailure } from './types';

const PLACES = 'https://places.googleapis.com';
const ROUTES = 'https://routes.googleapis.com';
const TILES = 'https://tile.googleapis.com';
const AERIAL = 'https://aerialview.googleapis.com';
const GEOLOCATION = 'https://www.googleapis.com';

type Args = Record<string, unknown>;
const drop = (o: Args): Args => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

const PLACE_FIELDS =
  'places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.businessStatus,places.priceLevel,places.types,places.googleMapsUri,places.websiteUri,places.nationalPhoneNumber,places.regularOpeningHours,nextPageToken';
const ROUTE_FIELDS =
  'routes.duration,routes.distanceMeters,routes.polyline.encodedPolyline,routes.description,routes.legs.duration,routes.legs.distanceMeters,routes.legs.steps.navigationInstruction,routes.legs.steps.distanceMeters,routes.warnings';
const FIELD_MASK = (def: string) =>
  s.string(`Comma-separated response fields (X-Goog-FieldMask), or * for all. Default: ${def}`, { default: def });
const LANGUAGE = s.string('Language of the results, e.g. en or de');
const REGION = s.string('Two-letter region code to bias results, e.g. us');
const TRAVEL_MODE = s.enum(['DRIVE', 'BICYCLE', 'WALK', 'TWO_WHEELER', 'TRANSIT'], 'How to travel', {
  default: 'DRIVE',
});

/** A mapping on one of the Maps hosts; `field_mask` (when declared) becomes the X-Goog-FieldMask header. */
function m(def: Omit<MappingTool, 'kind' | 'tags'> & { camel?: string[] }): CuratedTool {
  const { camel, ...rest } = def;
  return mapping({ ...rest, tags: ['google_maps'], normalize: camel ? acceptCamel(camel) : rest.normalize });
}

/** "48.85,2.35" → a Routes waypoint by coordinates; anything else → by address (or place:ID). */
function waypoint(v: unknown): Record<string, unknown> {
  const t = String(v ?? '').trim();
  const ll = /^(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)$/.exec(t);
  if (ll) return { location: { latLng: { latitude: Number(ll[1]), longitude: Number(ll[2]) } } };
  if (t.startsWith('place_id:')) return { placeId: t.slice(9) };
  if (!t) throw new ToolArgumentError('a waypoint is empty');
  return { address: t };
}

const routeInput = {
  origin: s.string('Start: an address, "lat,lng", or place_id:<id>'),
  destination: s.string('End: an address, "lat,lng", or place_id:<id>'),
  travel_mode: TRAVEL_MODE,
  intermediates: s.strings('Stops in between, in order (same forms as origin)'),
  routing_preference: s.enum(
    ['TRAFFIC_UNAWARE', 'TRAFFIC_AWARE', 'TRAFFIC_AWARE_OPTIMAL'],
    'Traffic handling (driving)',
  ),
  compute_alternative_routes: s.boolean('Also return alternatives'),
  avoid_tolls: s.boolean('Avoid tolls'),
  avoid_highways: s.boolean('Avoid highways'),
  departure_time: s.string('RFC 3339 time, e.g. 2025-06-01T08:00:00Z'),
  units: s.enum(['METRIC', 'IMPERIAL'], 'Units of the text fields'),
  language_code: LANGUAGE,
  field_mask: FIELD_MASK(ROUTE_FIELDS),
};

function routeBody(a: Args) {
  const modifiers = drop({ avoidTolls: a.avoid_tolls, avoidHighways: a.avoid_highways });
  return drop({
    origin: waypoint(a.origin),
    destination: waypoint(a.destination),
    intermediates: Array.isArray(a.intermediates) ? a.intermediates.map(waypoint) : undefined,
    travelMode: a.travel_mode ?? 'DRIVE',
    routingPreference:
      a.travel_mode && a.travel_mode !== 'DRIVE' && a.travel_mode !== 'TWO_WHEELER' ? undefined : a.routing_preference,
    computeAlternativeRoutes: a.compute_alternative_routes,
    routeModifiers: Object.keys(modifiers).length ? modifiers : undefined,
    departureTime: a.departure_time,
    units: a.units,
    languageCode: a.language_code,
  });
}

function routeTool(slug: string, name: string, description: string, important = false): CuratedTool {
  return composite({
    slug,
    name,
    description,
    important,
    tags: ['google_maps'],
    input: params(routeInput, ['origin', 'destination']),
    normalize: acceptCamel(['travel_mode', 'field_mask', 'language_code', 'departure_time', 'routing_preference']),
    run: (ctx, a) =>
      ctx.json({
        method: 'POST',
        url: `${ROUTES}/directions/v2:computeRoutes`,
        headers: { 'X-Goog-FieldMask': String(a.field_mask ?? ROUTE_FIELDS) },
        body: routeBody(a),
      }),
  });
}

export const googleMapsTools: CuratedTool[] = [
  m({
    slug: 'GOOGLE_MAPS_TEXT_SEARCH',
    name: 'Search places by text',
    important: true,
    input: params(
      {
        text_query: s.string('What and where, e.g. "vegan restaurants in Lisbon"'),
        max_result_count: s.integer('At most 20 results', { default: 10 }),
        included_type: s.string('Only this place type, e.g. restaurant'),
        open_now: s.boolean('Only places open now'),
        min_rating: s.number('Minimum average rating, 0 to 5'),
        language_code: LANGUAGE,
        region_code: REGION,
        page_token: s.string('nextPageToken of the previous answer'),
        field_mask: FIELD_MASK(PLACE_FIELDS),
      },
      ['text_query'],
    ),
    camel: [
      'text_query',
      'max_result_count',
      'included_type',
      'open_now',
      'min_rating',
      'language_code',
      'region_code',
      'page_token',
      'field_mask',
    ],
    defaults: { field_mask: PLACE_FIELDS },
    http: http(
      'POST',
      '/v1/places:searchText',
      {
        text_query: at.body('textQuery'),
        max_result_count: at.body('pageSize'),
        included_type: at.body('includedType'),
        open_now: at.body('openNow'),
        min_rating: at.body('minRating'),
        language_code: at.body('languageCode'),
        region_code: at.body('regionCode'),
        page_token: at.body('pageToken'),
        field_mask: at.header('X-Goog-FieldMask'),
      },
      { serverUrl: PLACES },
    ),
    description:
      'Find places from a free-text query: places[] with id, displayName.text, formattedAddress, location, rating, businessStatus (skip CLOSED_PERMANENTLY), googleMapsUri. Put the city and kind of place in the query. Details of one place: GOOGLE_MAPS_GET_PLACE_DETAILS with its id.',
  }),
  composite({
    slug: 'GOOGLE_MAPS_NEARBY_SEARCH',
    name: 'Places near a point',
    important: true,
    tags: ['google_maps'],
    input: params(
      {
        latitude: s.number('Centre latitude'),
        longitude: s.number('Centre longitude'),
        radius: s.number('Radius in metres, up to 50000', { default: 1000 }),
        included_types: s.strings('Place types to include, e.g. ["cafe","bakery"]'),
        excluded_types: s.strings('Place types to leave out'),
        max_result_count: s.integer('1 to 20', { default: 10 }),
        rank_preference: s.enum(['POPULARITY', 'DISTANCE'], 'Order'),
        language_code: LANGUAGE,
        field_mask: FIELD_MASK(PLACE_FIELDS),
      },
      ['latitude', 'longitude'],
    ),
    normalize: acceptCamel([
      'included_types',
      'excluded_types',
      'max_result_count',
      'rank_preference',
      'language_code',
      'field_mask',
    ]),
    description:
      'Places of given types within a circle around a point, by popularity or distance: same fields as GOOGLE_MAPS_TEXT_SEARCH. Coordinates of an address come from GOOGLE_MAPS_GEOCODE_ADDRESS.',
    run: (ctx, a) =>
      ctx.json({
        method: 'POST',
        url: `${PLACES}/v1/places:searchNearby`,
        headers: { 'X-Goog-FieldMask': String(a.field_mask ?? PLACE_FIELDS).replace(/,?nextPageToken/, '') },
        body: drop({
          includedTypes: a.included_types,
          excludedTypes: a.excluded_types,
          maxResultCount: a.max_result_count ?? 10,
          rankPreference: a.rank_preference,
          languageCode: a.language_code,
          locationRestriction: {
            circle: { center: { latitude: a.latitude, longitude: a.longitude }, radius: a.radius ?? 1000 },
          },
        }),
      }),
  }),
  m({
    slug: 'GOOGLE_MAPS_GET_PLACE_DETAILS',
    name: 'Place details',
    important: true,
    input: params(
      {
        place_id: s.string('Place id (id from a search; "places/<id>" is accepted)'),
        field_mask: FIELD_MASK(
          'id,displayName,formattedAddress,location,rating,userRatingCount,regularOpeningHours,nationalPhoneNumber,websiteUri,googleMapsUri,reviews,photos,priceLevel,businessStatus',
        ),
        language_code: LANGUAGE,
        region_code: REGION,
      },
      ['place_id'],
    ),
    camel: ['place_id', 'field_mask', 'language_code', 'region_code'],
    defaults: {
      field_mask:
        'id,displayName,formattedAddress,location,rating,userRatingCount,regularOpeningHours,nationalPhoneNumber,websiteUri,googleMapsUri,reviews,photos,priceLevel,businessStatus',
    },
    prepare: (a) => ({ ...a, place_id: String(a.place_id).replace(/^places\//, '') }),
    http: http(
      'GET',
      '/v1/places/{placeId}',
      {
        place_id: at.path('placeId'),
        field_mask: at.header('X-Goog-FieldMask'),
        language_code: at.query('languageCode'),
        region_code: at.query('regionCode'),
      },
      { serverUrl: PLACES },
    ),
    description:
      'Everything about one place: address, phone, website, opening hours, rating and reviews, photos (photos[].name for GOOGLE_MAPS_PLACE_PHOTO). Ask only for the fields you need with field_mask; some fields cost more.',
  }),
  composite({
    slug: 'GOOGLE_MAPS_AUTOCOMPLETE',
    name: 'Autocomplete',
    tags: ['google_maps'],
    input: params(
      {
        input: s.string('What the user typed so far'),
        latitude: s.number('Bias towards this point (with longitude)'),
        longitude: s.number('Bias towards this point (with latitude)'),
        radius: s.number('Bias radius in metres', { default: 5000 }),
        included_primary_types: s.strings('Only these primary types, e.g. ["locality"]'),
        included_region_codes: s.strings('Only these countries, e.g. ["de","at"]'),
        language_code: LANGUAGE,
        session_token: s.string('Same token for the keystrokes of one search and its details call (billing)'),
      },
      ['input'],
    ),
    normalize: acceptCamel(['included_primary_types', 'included_region_codes', 'language_code', 'session_token']),
    description:
      'Suggestions while a user types a place or address: suggestions[].placePrediction with placeId and text. Pass the placeId to GOOGLE_MAPS_GET_PLACE_DETAILS.',
    run: (ctx, a) =>
      ctx.json({
        method: 'POST',
        url: `${PLACES}/v1/places:autocomplete`,
        body: drop({
          input: a.input,
          includedPrimaryTypes: a.included_primary_types,
          includedRegionCodes: a.included_region_codes,
          languageCode: a.language_code,
          sessionToken: a.session_token,
          locationBias:
            a.latitude !== undefined && a.longitude !== undefined
              ? { circle: { center: { latitude: a.latitude, longitude: a.longitude }, radius: a.radius ?? 5000 } }
              : undefined,
        }),
      }),
  }),
  composite({
    slug: 'GOOGLE_MAPS_PLACE_PHOTO',
    name: 'Place photo',
    tags: ['google_maps'],
    input: params(
      {
        photo_name: s.string('photos[].name from GOOGLE_MAPS_GET_PLACE_DETAILS, places/<id>/photos/<ref>'),
        max_width_px: s.integer('Largest width, 1 to 4800', { default: 800 }),
        max_height_px: s.integer('Largest height, 1 to 4800'),
      },
      ['photo_name'],
    ),
    normalize: acceptCamel(['photo_name', 'max_width_px', 'max_height_px']),
    description: 'A short-lived URL of a place photo at the requested size (photoUri), without downloading it.',
    async run(ctx, a) {
      const name = String(a.photo_name).replace(/^\/+|\/media$/g, '');
      if (!/^places\/[^/]+\/photos\/[^/]+$/.test(name))
        throw new ToolArgumentError('photo_name must look like places/<id>/photos/<ref>');
      return ctx.json({
        method: 'GET',
        url: `${PLACES}/v1/${name.split('/').map(encodeURIComponent).join('/')}/media`,
        query: {
          maxWidthPx: (a.max_width_px as number) ?? 800,
          maxHeightPx: a.max_height_px as number,
          skipHttpRedirect: true,
        },
      });
    },
  }),
  routeTool(
    'GOOGLE_MAPS_GET_ROUTE',
    'Route',
    'Best route between two places by car, bike, foot, two-wheeler or transit: routes[] with duration (seconds as "1234s"), distanceMeters, an encoded polyline and turn-by-turn steps. Places can be addresses or "lat,lng".',
    true,
  ),
  routeTool(
    'GOOGLE_MAPS_GET_DIRECTION',
    'Directions',
    'Turn-by-turn directions from origin to destination, optionally through intermediates in order: routes[].legs[].steps[].navigationInstruction with distances and durations.',
  ),
  composite({
    slug: 'GOOGLE_MAPS_COMPUTE_ROUTE_MATRIX',
    name: 'Route matrix',
    tags: ['google_maps'],
    input: params(
      {
        origins: s.strings('Start points (addresses or "lat,lng")'),
        destinations: s.strings('End points (addresses or "lat,lng")'),
        travel_mode: TRAVEL_MODE,
        routing_preference: s.enum(['TRAFFIC_UNAWARE', 'TRAFFIC_AWARE', 'TRAFFIC_AWARE_OPTIMAL'], 'Traffic handling'),
        field_mask: FIELD_MASK('originIndex,destinationIndex,duration,distanceMeters,status,condition'),
      },
      ['origins', 'destinations'],
    ),
    normalize: acceptCamel(['travel_mode', 'routing_preference', 'field_mask']),
    description:
      'Travel time and distance for every origin × destination pair (at most 625 pairs): one element per pair with originIndex, destinationIndex, duration, distanceMeters; use only condition ROUTE_EXISTS.',
    async run(ctx, a) {
      const res = await ctx.json<unknown>({
        method: 'POST',
        url: `${ROUTES}/distanceMatrix/v2:computeRouteMatrix`,
        headers: {
          'X-Goog-FieldMask': String(
            a.field_mask ?? 'originIndex,destinationIndex,duration,distanceMeters,status,condition',
          ),
        },
        body: drop({
          origins: (a.origins as string[]).map((o) => ({ waypoint: waypoint(o) })),
          destinations: (a.destinations as string[]).map((d) => ({ waypoint: waypoint(d) })),
          travelMode: a.travel_mode ?? 'DRIVE',
          routingPreference: a.routing_preference,
        }),
      });
      return { elements: Array.isArray(res) ? res : [res] };
    },
  }),
  m({
    slug: 'GOOGLE_MAPS_GEOCODING_API',
    name: 'Geocode',
    important: true,
    input: params({
      address: s.string('Address to turn into coordinates'),
      latlng: s.string('"lat,lng" to turn into an address'),
      place_id: s.string('Place id to turn into an address'),
      language: LANGUAGE,
      region: REGION,
    }),
    camel: ['place_id'],
    http: http('GET', '/maps/api/geocode/json', {
      address: at.query('address'),
      latlng: at.query('latlng'),
      place_id: at.query('place_id'),
      language: at.query('language'),
      region: at.query('region'),
    }),
    description:
      'Addresses to coordinates and back: give exactly one of address, latlng or place_id. results[] carry formatted_address, geometry.location {lat,lng}, place_id and address_components; status is OK or ZERO_RESULTS. Needs an API key connection.',
  }),
  m({
    slug: 'GOOGLE_MAPS_GEOCODE_ADDRESS',
    name: 'Address to coordinates',
    input: params({ address: s.string('Street address or place name'), language: LANGUAGE, region: REGION }, [
      'address',
    ]),
    http: http('GET', '/maps/api/geocode/json', {
      address: at.query('address'),
      language: at.query('language'),
      region: at.query('region'),
    }),
    description: 'Latitude and longitude of an address (results[0].geometry.location) with the normalised address.',
  }),
  composite({
    slug: 'GOOGLE_MAPS_GEOCODE_LOCATION',
    name: 'Coordinates to address',
    tags: ['google_maps'],
    input: params({ latitude: s.number('Latitude'), longitude: s.number('Longitude'), language: LANGUAGE }, [
      'latitude',
      'longitude',
    ]),
    description: 'Addresses at a point, most precise first (results[].formatted_address, types).',
    run: (ctx, a) =>
      ctx.json({
        method: 'GET',
        path: '/maps/api/geocode/json',
        query: { latlng: `${a.latitude},${a.longitude}`, language: a.language as string },
      }),
  }),
  m({
    slug: 'GOOGLE_MAPS_GEOCODE_PLACE',
    name: 'Place id to address',
    input: params({ place_id: s.string('Place id'), language: LANGUAGE }, ['place_id']),
    camel: ['place_id'],
    http: http('GET', '/maps/api/geocode/json', { place_id: at.query('place_id'), language: at.query('language') }),
    description: 'Address and coordinates of a place id.',
  }),
  composite({
    slug: 'GOOGLE_MAPS_GET_TIME_ZONE',
    name: 'Time zone',
    tags: ['google_maps'],
    input: params(
      {
        latitude: s.number('Latitude'),
        longitude: s.number('Longitude'),
        timestamp: s.integer('Moment to evaluate daylight saving for, Unix seconds; now when absent'),
        language: LANGUAGE,
      },
      ['latitude', 'longitude'],
    ),
    description:
      'Time zone at a point: timeZoneId (e.g. Europe/Paris), timeZoneName, rawOffset and dstOffset in seconds.',
    run: (ctx, a) =>
      ctx.json({
        method: 'GET',
        path: '/maps/api/timezone/json',
        query: {
          location: `${a.latitude},${a.longitude}`,
          timestamp: (a.timestamp as number) ?? Math.floor(ctx.now().getTime() / 1000),
          language: a.language as string,
        },
      }),
  }),
  composite({
    slug: 'GOOGLE_MAPS_DISTANCE_MATRIX_API',
    name: 'Distance matrix (web service)',
    tags: ['google_maps'],
    input: params(
      {
        origins: s.strings('Start points (addresses or "lat,lng")'),
        destinations: s.strings('End points'),
        mode: s.enum(['driving', 'walking', 'bicycling', 'transit'], 'Travel mode', { default: 'driving' }),
        units: s.enum(['metric', 'imperial'], 'Units'),
        departure_time: s.string('now or Unix seconds'),
        avoid: s.string('tolls, highways, ferries (joined with |)'),
        language: LANGUAGE,
      },
      ['origins', 'destinations'],
    ),
    description:
      'The older distance matrix (API key only, at most 100 pairs): rows[i].elements[j] with distance.text and duration.text. GOOGLE_MAPS_COMPUTE_ROUTE_MATRIX is the current one.',
    run: (ctx, a) =>
      ctx.json({
        method: 'GET',
        path: '/maps/api/distancematrix/json',
        query: {
          origins: (a.origins as string[]).join('|'),
          destinations: (a.destinations as string[]).join('|'),
          mode: a.mode as string,
          units: a.units as string,
          departure_time: a.departure_time as string,
          avoid: a.avoid as string,
          language: a.language as string,
        },
      }),
  }),
  m({
    slug: 'GOOGLE_MAPS_GEOLOCATE',
    name: 'Locate by networks',
    input: params({
      consider_ip: s.boolean('Fall back to the caller IP', { default: true }),
      cell_towers: s.array(
        s.object(
          {
            cellId: s.integer('Cell id'),
            locationAreaCode: s.integer('LAC'),
            mobileCountryCode: s.integer('MCC'),
            mobileNetworkCode: s.integer('MNC'),
          },
          'A tower',
        ),
        'Cell towers seen',
      ),
      wifi_access_points: s.array(
        s.object({ macAddress: s.string('BSSID'), signalStrength: s.integer('dBm') }, 'An access point'),
        'Wi-Fi access points seen (at least two)',
      ),
    }),
    camel: ['consider_ip', 'cell_towers', 'wifi_access_points'],
    http: http(
      'POST',
      '/geolocation/v1/geolocate',
      {
        consider_ip: at.body('considerIp'),
        cell_towers: at.body('cellTowers'),
        wifi_access_points: at.body('wifiAccessPoints'),
      },
      { serverUrl: GEOLOCATION },
    ),
    description:
      'Estimate a device position from the cell towers and Wi-Fi points it sees: location {lat,lng} and accuracy in metres.',
  }),
  m({
    slug: 'GOOGLE_MAPS_TILES_CREATE_SESSION',
    name: 'Map tiles session',
    input: params(
      {
        map_type: s.enum(['roadmap', 'satellite', 'terrain', 'streetview'], 'Tile kind'),
        language: s.string('IETF language tag, e.g. en-US', { default: 'en-US' }),
        region: s.string('CLDR region, e.g. US', { default: 'US' }),
      },
      ['map_type'],
    ),
    camel: ['map_type'],
    defaults: { language: 'en-US', region: 'US' },
    http: http(
      'POST',
      '/v1/createSession',
      { map_type: at.body('mapType'), language: at.body('language'), region: at.body('region') },
      { serverUrl: TILES },
    ),
    description:
      'A session token (session, expiry) that 2D tile and Street View requests need; reuse it until it expires.',
  }),
  composite({
    slug: 'GOOGLE_MAPS_GET2D_TILE',
    name: '2D map tile',
    tags: ['google_maps'],
    input: params(
      {
        z: s.integer('Zoom level'),
        x: s.integer('Tile column'),
        y: s.integer('Tile row'),
        session: s.string('session from GOOGLE_MAPS_TILES_CREATE_SESSION'),
      },
      ['z', 'x', 'y', 'session'],
    ),
    description: 'One map tile image (PNG or JPEG) at z/x/y, staged as a file to download.',
    async run(ctx, a) {
      const res = await ctx.call({
        method: 'GET',
        url: `${TILES}/v1/2dtiles/${Number(a.z)}/${Number(a.x)}/${Number(a.y)}`,
        query: { session: a.session as string },
      });
      if (!res.ok || !res.binary) {
        const msg = (res.body as { error?: { message?: string } } | undefined)?.error?.message;
        throw new ToolFailure(`Map Tiles answered ${res.status}${msg ? `: ${msg}` : ''}`, { status_code: res.status });
      }
      const type = res.contentType.split(';')[0] || 'image/png';
      const file = await ctx.stageFile(
        res.binary,
        `tile-${a.z}-${a.x}-${a.y}.${type.endsWith('jpeg') ? 'jpg' : 'png'}`,
        type,
      );
      return { tile: file };
    },
  }),
  m({
    slug: 'GOOGLE_MAPS_GET3D_TILES_ROOT',
    name: '3D tiles root',
    input: params({}),
    http: http('GET', '/v1/3dtiles/root.json', {}, { serverUrl: TILES }),
    description: 'The root tileset of photorealistic 3D tiles (OGC 3D Tiles) for a 3D renderer; cache it.',
  }),
  m({
    slug: 'GOOGLE_MAPS_LOOKUP_AERIAL_VIDEO',
    name: 'Aerial video',
    input: params({
      address: s.string('US postal address'),
      video_id: s.string('videoId from GOOGLE_MAPS_RENDER_AERIAL_VIDEO'),
    }),
    camel: ['video_id'],
    http: http(
      'GET',
      '/v1/videos:lookupVideo',
      { address: at.query('address'), video_id: at.query('videoId') },
      { serverUrl: AERIAL },
    ),
    description:
      'An aerial flyover video of an address: state (PROCESSING or ACTIVE) and uris of the video files. Give address or video_id.',
  }),
  m({
    slug: 'GOOGLE_MAPS_RENDER_AERIAL_VIDEO',
    name: 'Render aerial video',
    input: params({ address: s.string('US postal address') }, ['address']),
    http: http('POST', '/v1/videos:renderVideo', { address: at.body('address') }, { serverUrl: AERIAL }),
    description:
      'Start rendering a flyover video of a US address (takes hours); returns videoId for GOOGLE_MAPS_LOOKUP_AERIAL_VIDEO.',
  }),
];

export const googleMaps = standaloneToolkit(
  {
    slug: 'google_maps',
    name: 'Google Maps',
    description:
      'Google Maps Platform: search places and read their details, geocode addresses, routes and travel times, time zones, geolocation, map tiles and aerial views.',
    appUrl: 'https://mapsplatform.google.com',
    categories: [{ slug: 'developer-tools', name: 'Developer Tools' }],
    baseUrl: 'https://maps.googleapis.com',
    authSchemes: [
      apiKeyScheme('Google Maps Platform API key (Google Cloud console → APIs & Services → Credentials)', {
        in: 'query',
        name: 'key',
        field: 'api_key',
      }),
      oauth2Scheme({
        authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        scopes: ['https://www.googleapis.com/auth/cloud-platform'],
        authParams: { access_type: 'offline', prompt: 'consent' },
      }),
    ],
  },
  googleMapsTools,
);
