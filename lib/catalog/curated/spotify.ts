/**
 * Spotify in the hosted vocabulary on the Web API (api.spotify.com/v1). The generated operations
 * already carry Spotify's parameter names, which are the hosted argument names; the tools here
 * add agent-grade descriptions for the everyday ones, and fix the two places where the raw
 * operation is awkward: list arguments Spotify wants comma-separated (`type`, `ids`) and playlist
 * URIs, which belong in the JSON body. Hosted names spelled `USER_S` stand for the generated
 * `USERS` operations (same arguments) through `spotifyAliases`.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const sp = (def: RestDef): CuratedTool => restMapping({ ...def, tags: def.tags ?? ['spotify'] }, same, 'spotify');

/** Spotify takes lists as one comma-separated value; accept an array or a string. */
const csv = (v: unknown) => (Array.isArray(v) ? v.join(',') : v);
const list = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : v;

const ID = (what: string) => s.string(`Spotify ID of the ${what} (the last part of its open.spotify.com URL)`);
const MARKET = s.string('ISO 3166-1 alpha-2 country code; only content playable there is returned, e.g. US');
const LIMIT = (max: number) => s.integer(`Items per page (1-${max})`, { default: 20 });
const OFFSET = s.integer('Index of the first item (0-based), for the next page', { default: 0 });
const DEVICE = s.string('Target device id from SPOTIFY_GET_AVAILABLE_DEVICES; the active device when omitted');
const PLAYLIST = s.string('Spotify playlist ID, e.g. 3cEYpjA9oz9GiPac4AsH4n');

export const spotifyTools: CuratedTool[] = [
  sp({
    slug: 'SPOTIFY_GET_CURRENT_USER_S_PROFILE',
    name: 'Get my profile',
    important: true,
    method: 'GET',
    path: '/me',
    input: {},
    required: [],
    description:
      'The connected Spotify account: id (the user_id for SPOTIFY_CREATE_PLAYLIST), display_name, email, country, product (premium or free; playback control needs premium). Call it first when you need the user id.',
  }),
  sp({
    slug: 'SPOTIFY_SEARCH_FOR_ITEM',
    name: 'Search the catalog',
    important: true,
    method: 'GET',
    path: '/search',
    input: {
      q: s.string('Search words; field filters narrow it, e.g. "track:Yesterday artist:Beatles year:1965"'),
      type: s.array(
        s.enum(['album', 'artist', 'playlist', 'track', 'show', 'episode', 'audiobook'], 'Item type'),
        'Kinds of item to return, e.g. ["track"] or ["album","artist"]',
      ),
      limit: LIMIT(50),
      offset: OFFSET,
      market: MARKET,
      include_external: s.enum(['audio'], 'audio: include externally hosted audio in results'),
    },
    required: ['q', 'type'],
    prepare: (a) => ({ ...a, type: csv(a.type) }),
    description:
      'Find tracks, albums, artists, playlists, shows, episodes or audiobooks by keywords. Returns one paged list per requested type (tracks.items, albums.items, …), each item with id and uri; pass a track uri to SPOTIFY_ADD_ITEMS_TO_PLAYLIST or SPOTIFY_START_RESUME_PLAYBACK.',
  }),
  sp({
    slug: 'SPOTIFY_GET_CURRENT_USER_S_PLAYLISTS',
    name: 'List my playlists',
    important: true,
    method: 'GET',
    path: '/me/playlists',
    input: { limit: LIMIT(50), offset: OFFSET },
    required: [],
    description:
      'Playlists the connected user owns or follows (public and private): id, name, owner, tracks.total. Page with offset while `next` is set. Open one with SPOTIFY_GET_PLAYLIST_ITEMS.',
  }),
  sp({
    slug: 'SPOTIFY_GET_USER_S_PLAYLISTS',
    name: "List a user's playlists",
    method: 'GET',
    path: '/users/{user_id}/playlists',
    input: { user_id: s.string("The user's Spotify user id"), limit: LIMIT(50), offset: OFFSET },
    description:
      "Another user's public playlists (private ones too for the connected user). Paged like SPOTIFY_GET_CURRENT_USER_S_PLAYLISTS.",
  }),
  sp({
    slug: 'SPOTIFY_GET_PLAYLIST',
    name: 'Get playlist',
    method: 'GET',
    path: '/playlists/{playlist_id}',
    input: {
      playlist_id: PLAYLIST,
      fields: s.string('Only these fields, e.g. name,description,tracks.items(track(name,uri))'),
      market: MARKET,
      additional_types: s.string('track,episode to include podcast episodes'),
    },
    description:
      'One playlist: name, description, owner, public/collaborative flags, snapshot_id and the first page of its items. Use `fields` to keep the answer small; page the items with SPOTIFY_GET_PLAYLIST_ITEMS.',
  }),
  sp({
    slug: 'SPOTIFY_GET_PLAYLIST_ITEMS',
    name: 'List playlist items',
    important: true,
    method: 'GET',
    path: '/playlists/{playlist_id}/tracks',
    input: {
      playlist_id: PLAYLIST,
      limit: LIMIT(50),
      offset: OFFSET,
      fields: s.string('Only these fields, e.g. items(track(name,uri,artists(name))),next'),
      market: MARKET,
      additional_types: s.string('track,episode to include podcast episodes'),
    },
    description:
      'The tracks (and episodes) of a playlist, one page at a time: items[].track with name, uri, artists, album, added_at. Page with offset while `next` is set.',
  }),
  sp({
    slug: 'SPOTIFY_CREATE_PLAYLIST',
    name: 'Create playlist',
    important: true,
    method: 'POST',
    path: '/users/{user_id}/playlists',
    input: {
      user_id: s.string('Your own user id (id from SPOTIFY_GET_CURRENT_USER_S_PROFILE)'),
      name: s.string('Playlist name'),
      description: s.string('Description shown under the name'),
      public: s.boolean('Listed on the profile (true) or private (false)', { default: true }),
      collaborative: s.boolean('Others can edit it (only for non-public playlists)'),
    },
    required: ['user_id', 'name'],
    description:
      'Create an empty playlist for the connected user and return it (id, uri, external_urls.spotify). Fill it with SPOTIFY_ADD_ITEMS_TO_PLAYLIST.',
  }),
  sp({
    slug: 'SPOTIFY_ADD_ITEMS_TO_PLAYLIST',
    name: 'Add items to playlist',
    important: true,
    method: 'POST',
    path: '/playlists/{playlist_id}/tracks',
    input: {
      playlist_id: PLAYLIST,
      uris: s.strings('Track or episode URIs, e.g. ["spotify:track:4iV5W9uYEdYUVa79Axb7Rh"] (at most 100)'),
      position: s.integer('Insert at this 0-based position; appended when omitted'),
    },
    required: ['playlist_id', 'uris'],
    prepare: (a) => ({ ...a, uris: list(a.uris) }),
    description:
      'Add tracks or episodes (by URI, from SPOTIFY_SEARCH_FOR_ITEM) to a playlist the user owns or collaborates on. Returns the new snapshot_id.',
  }),
  sp({
    slug: 'SPOTIFY_GET_TRACK',
    name: 'Get track',
    method: 'GET',
    path: '/tracks/{id}',
    input: { id: ID('track'), market: MARKET },
    description: 'One track: name, artists, album, duration_ms, popularity, explicit, uri.',
  }),
  sp({
    slug: 'SPOTIFY_GET_ALBUM',
    name: 'Get album',
    method: 'GET',
    path: '/albums/{id}',
    input: { id: ID('album'), market: MARKET },
    description: 'One album: name, artists, release_date, label, images and the first page of its tracks.',
  }),
  sp({
    slug: 'SPOTIFY_GET_ARTIST',
    name: 'Get artist',
    method: 'GET',
    path: '/artists/{id}',
    input: { id: ID('artist') },
    description: 'One artist: name, genres, followers.total, popularity (0-100), images.',
  }),
  sp({
    slug: 'SPOTIFY_GET_ARTIST_S_TOP_TRACKS',
    name: "Get artist's top tracks",
    method: 'GET',
    path: '/artists/{id}/top-tracks',
    input: { id: ID('artist'), market: MARKET },
    description: "Up to 10 of an artist's most played tracks in a market (tracks[] with name, uri, album, popularity).",
  }),
  sp({
    slug: 'SPOTIFY_GET_CURRENTLY_PLAYING_TRACK',
    name: 'Get currently playing',
    important: true,
    method: 'GET',
    path: '/me/player/currently-playing',
    input: { market: MARKET, additional_types: s.string('track,episode to report podcast episodes too') },
    required: [],
    description:
      'What the user is playing now: item (track or episode), progress_ms, is_playing, context (album or playlist). Empty data when nothing plays.',
  }),
  sp({
    slug: 'SPOTIFY_START_RESUME_PLAYBACK',
    name: 'Play or resume',
    important: true,
    method: 'PUT',
    path: '/me/player/play',
    input: {
      device_id: DEVICE,
      context_uri: s.string('Album, artist or playlist URI to play, e.g. spotify:playlist:37i9dQZF1DXcBWIGoYBM5M'),
      uris: s.strings('Track URIs to play instead of a context'),
      offset: s.object(
        { position: s.integer('0-based index in the context'), uri: s.string('Track URI in the context') },
        'Where in the context to start',
      ),
      position_ms: s.integer('Start this many milliseconds into the first track'),
    },
    required: [],
    query: ['device_id'],
    description:
      'Start playing a context (context_uri) or tracks (uris), or resume when given neither. Needs Spotify Premium and an active device (see SPOTIFY_GET_AVAILABLE_DEVICES); 404 means no active device.',
  }),
  sp({
    slug: 'SPOTIFY_PAUSE_PLAYBACK',
    name: 'Pause playback',
    method: 'PUT',
    path: '/me/player/pause',
    input: { device_id: DEVICE },
    required: [],
    query: ['device_id'],
    description: 'Pause playback (Premium). Resume with SPOTIFY_START_RESUME_PLAYBACK.',
  }),
  sp({
    slug: 'SPOTIFY_SKIP_TO_NEXT',
    name: 'Skip to next',
    method: 'POST',
    path: '/me/player/next',
    input: { device_id: DEVICE },
    required: [],
    query: ['device_id'],
    description: "Skip to the next item in the user's queue (Premium).",
  }),
  sp({
    slug: 'SPOTIFY_ADD_ITEM_TO_PLAYBACK_QUEUE',
    name: 'Add to queue',
    method: 'POST',
    path: '/me/player/queue',
    input: { uri: s.string('Track or episode URI, e.g. spotify:track:4iV5W9uYEdYUVa79Axb7Rh'), device_id: DEVICE },
    required: ['uri'],
    query: ['uri', 'device_id'],
    description: 'Queue one track or episode after the current one (Premium). Albums and playlists cannot be queued.',
  }),
  sp({
    slug: 'SPOTIFY_GET_USER_S_TOP_TRACKS',
    name: 'Get my top tracks',
    method: 'GET',
    path: '/me/top/tracks',
    input: {
      time_range: s.enum(['short_term', 'medium_term', 'long_term'], 'About 4 weeks, 6 months, or a year', {
        default: 'medium_term',
      }),
      limit: LIMIT(50),
      offset: OFFSET,
    },
    required: [],
    description: "The user's most listened tracks over a time range (items[] with name, artists, uri).",
  }),
  sp({
    slug: 'SPOTIFY_GET_USER_S_SAVED_TRACKS',
    name: 'Get my liked songs',
    method: 'GET',
    path: '/me/tracks',
    input: { limit: LIMIT(50), offset: OFFSET, market: MARKET },
    required: [],
    description: "The user's Liked Songs, newest first: items[] with added_at and track. Page with offset.",
  }),
  sp({
    slug: 'SPOTIFY_GET_RECENTLY_PLAYED_TRACKS',
    name: 'Get recently played',
    method: 'GET',
    path: '/me/player/recently-played',
    input: {
      limit: LIMIT(50),
      after: s.integer('Only plays after this Unix time in milliseconds'),
      before: s.integer('Only plays before this Unix time in milliseconds'),
    },
    required: [],
    description:
      'Tracks the user played recently (items[] with played_at and track); page backwards with cursors.before.',
  }),
  sp({
    slug: 'SPOTIFY_SAVE_TRACKS_FOR_CURRENT_USER',
    name: 'Like tracks',
    method: 'PUT',
    path: '/me/tracks',
    input: { ids: s.strings('Track IDs (at most 50), e.g. ["4iV5W9uYEdYUVa79Axb7Rh"]') },
    required: ['ids'],
    prepare: (a) => ({ ...a, ids: list(a.ids) }),
    description: "Save tracks to the user's Liked Songs. Saving a track twice is harmless.",
  }),
];

/** Hosted names that spell the possessive `USER_S`, for the generated `USERS` operations with the same arguments. */
export const spotifyAliases: Record<string, string> = {
  SPOTIFY_CHECK_USER_S_SAVED_ALBUMS: 'SPOTIFY_CHECK_USERS_SAVED_ALBUMS',
  SPOTIFY_CHECK_USER_S_SAVED_AUDIOBOOKS: 'SPOTIFY_CHECK_USERS_SAVED_AUDIOBOOKS',
  SPOTIFY_CHECK_USER_S_SAVED_EPISODES: 'SPOTIFY_CHECK_USERS_SAVED_EPISODES',
  SPOTIFY_CHECK_USER_S_SAVED_SHOWS: 'SPOTIFY_CHECK_USERS_SAVED_SHOWS',
  SPOTIFY_CHECK_USER_S_SAVED_TRACKS: 'SPOTIFY_CHECK_USERS_SAVED_TRACKS',
  SPOTIFY_GET_ARTIST_S_ALBUMS: 'SPOTIFY_GET_ARTISTS_ALBUMS',
  SPOTIFY_GET_ARTIST_S_RELATED_ARTISTS: 'SPOTIFY_GET_ARTISTS_RELATED_ARTISTS',
  SPOTIFY_GET_CATEGORY_S_PLAYLISTS: 'SPOTIFY_GET_CATEGORYS_PLAYLISTS',
  SPOTIFY_GET_SEVERAL_TRACKS_AUDIO_FEATURES: 'SPOTIFY_GET_TRACKS_AUDIO_FEATURES',
  SPOTIFY_GET_THE_USER_S_QUEUE: 'SPOTIFY_GET_THE_USERS_QUEUE',
  SPOTIFY_GET_TRACK_S_AUDIO_ANALYSIS: 'SPOTIFY_GET_TRACKS_AUDIO_ANALYSIS',
  SPOTIFY_GET_TRACK_S_AUDIO_FEATURES: 'SPOTIFY_GET_AUDIO_FEATURES',
  SPOTIFY_GET_USER_S_PROFILE: 'SPOTIFY_GET_USERS_PROFILE',
  SPOTIFY_GET_USER_S_SAVED_ALBUMS: 'SPOTIFY_GET_USERS_SAVED_ALBUMS',
  SPOTIFY_GET_USER_S_SAVED_AUDIOBOOKS: 'SPOTIFY_GET_USERS_SAVED_AUDIOBOOKS',
  SPOTIFY_GET_USER_S_SAVED_EPISODES: 'SPOTIFY_GET_USERS_SAVED_EPISODES',
  SPOTIFY_GET_USER_S_SAVED_SHOWS: 'SPOTIFY_GET_USERS_SAVED_SHOWS',
  SPOTIFY_GET_USER_S_TOP_ARTISTS: 'SPOTIFY_GET_USERS_TOP_ARTISTS',
  SPOTIFY_REMOVE_USER_S_SAVED_AUDIOBOOKS: 'SPOTIFY_REMOVE_USERS_SAVED_AUDIOBOOKS',
  SPOTIFY_REMOVE_USER_S_SAVED_EPISODES: 'SPOTIFY_REMOVE_USERS_SAVED_EPISODES',
  SPOTIFY_REMOVE_USER_S_SAVED_SHOWS: 'SPOTIFY_REMOVE_USERS_SAVED_SHOWS',
  SPOTIFY_REMOVE_USER_S_SAVED_TRACKS: 'SPOTIFY_REMOVE_USERS_SAVED_TRACKS',
};
