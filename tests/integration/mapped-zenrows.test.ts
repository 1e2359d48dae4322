import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { connectToFake } from '../helpers/connect';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// ZenRows' mapping entries that return response headers (`response_headers:` in
// lib/catalog/mappings/zenrows.yaml) through the real execute pipeline, against a loopback
// https://api.zenrows.com/v1 that wants the key as the apikey query parameter and answers with
// ZenRows' cost and concurrency headers, a target-site header and a target-site cookie.
const KEY = 'zr-key-0123';
let s: TestServer;
let zr: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, zr] = await Promise.all([providerServer(), startFakeUpstream()]);
  zr.on('GET', '/', (req) => {
    if (req.query.get('apikey') !== KEY) return { status: 401, json: { code: 'AUTH001', title: 'API key missing' } };
    return {
      text: '<html><h1>Hi</h1></html>',
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'x-request-cost': '5',
        'x-request-id': 'req-42',
        'zr-final-url': 'https://example.com/after-redirect',
        'concurrency-limit': '25',
        'concurrency-remaining': '24',
        'zr-content-language': 'en',
        'zr-cookies': 'session=abc123',
      },
    };
  });
  account = (
    await connectToFake(s, {
      toolkit: 'zenrows',
      authScheme: 'API_KEY',
      val: { api_key: KEY, base_url: zr.url },
      userId: 'zenrows-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), zr?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('ZenRows tools that return response headers', () => {
  it('ZENROWS_GET_RESPONSE_HEADERS returns the page and the selected headers, never a cookie', async () => {
    const n = zr.requests.length;
    const r = await exec('ZENROWS_GET_RESPONSE_HEADERS', { url: 'https://example.com', js_render: true });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(r.body.data.text).toContain('<h1>Hi</h1>');
    expect(r.body.data.response_headers).toEqual({
      'x-request-cost': '5',
      'x-request-id': 'req-42',
      'zr-final-url': 'https://example.com/after-redirect',
      'concurrency-limit': '25',
      'concurrency-remaining': '24',
      'zr-content-language': 'en',
    });
    expect(JSON.stringify(r.body)).not.toContain('abc123');
    const req = zr.requests.slice(n).at(-1)!;
    expect(req.method).toBe('GET');
    expect(Object.fromEntries(req.query)).toEqual({ url: 'https://example.com', js_render: 'true', apikey: KEY });
  });

  it('ZENROWS_GET_CONCURRENCY_STATUS_DETAILED reports the concurrency counters', async () => {
    const n = zr.requests.length;
    const r = await exec('ZENROWS_GET_CONCURRENCY_STATUS_DETAILED', { url: 'https://example.com' });
    expect(r.body.successful).toBe(true);
    expect(r.body.data.response_headers).toEqual({
      'concurrency-limit': '25',
      'concurrency-remaining': '24',
      'x-request-cost': '5',
      'x-request-id': 'req-42',
    });
    expect(Object.fromEntries(zr.requests.slice(n).at(-1)!.query)).toEqual({ url: 'https://example.com', apikey: KEY });
  });

  it('the listed tool declares response_headers in its output schema', async () => {
    const r = await s.api('GET', '/tools/ZENROWS_GET_CONCURRENCY_STATUS_DETAILED');
    expect(r.status).toBe(200);
    const data = r.body.output_parameters.properties.data;
    expect(Object.keys(data.properties.response_headers.properties)).toEqual([
      'concurrency-limit',
      'concurrency-remaining',
      'x-request-cost',
      'x-request-id',
    ]);
  });

  it('a tool without response_headers returns the body alone', async () => {
    const r = await exec('ZENROWS_SCRAPE_URL_HTML', { url: 'https://example.com' });
    expect(r.body.successful).toBe(true);
    expect(r.body.data.response_headers).toBeUndefined();
  });
});
