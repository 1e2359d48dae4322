import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { nodeRequest } from '../../lib/api/node-adapter';

/**
 * The API adapter reads plain paths without building a URL; whatever it reads must be what
 * WHATWG URL parsing (the adapter's only reading before) gives for the same request line.
 */
const BASE = 'http://127.0.0.1:3000';
const PREFIX = '/api/v3'.length;

function read(url: string) {
  const r = nodeRequest({ url, method: 'GET', headers: {} } as unknown as IncomingMessage, PREFIX, BASE);
  return { path: r.path, search: [...r.search.entries()], url: r.url };
}

function viaUrl(url: string) {
  const u = new URL(url, BASE);
  return { path: u.pathname.slice(PREFIX) || '/', search: [...u.searchParams.entries()], url: u.toString() };
}

describe('API request line', () => {
  it.each([
    '/api/v3/connected_accounts/ca_AbC-12_xyz',
    '/api/v3/connected_accounts?limit=5&user_ids=a%20b&user_ids=c+d&cursor=',
    '/api/v3',
    '/api/v3?x=1',
    '/api/v3/',
    '/api/v3//tools//GITHUB_GET_THE_AUTHENTICATED_USER',
    "/api/v3/tools/a:b@c!$&'()*+,;=~",
    '/api/v3/tools/caf%C3%A9?q=%E2%9C%93',
    '/api/v3/a/../connected_accounts',
    '/api/v3/a/%2e%2E/connected_accounts',
    '/api/v3/./tools',
    '/api/v3/tools/a.b',
    '/api/v3/tools\\x',
    '/api/v3/tools/x y?q=a b',
    '/api/v3/tools/<x>"{y}"`',
    '/api/v3/tools/ünï?ü=ö',
    '/api/v3/tools/#frag',
  ])('%s reads as URL parsing reads it', (line) => {
    expect(read(line)).toEqual(viaUrl(line));
  });
});
