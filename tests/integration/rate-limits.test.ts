import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

// Issue 11, item 5: per-key and per-address limits, with the limiter on (the other suites run with a high limit).
let s: TestServer;
const LIMIT = 5;
const IP_LIMIT = 3;
const org = () => ({ 'x-org-api-key': s.orgKey, 'x-api-key': '' });
/** a second project key, used once (this process has it cached as valid) with tokens left in its bucket */
let spareKey = '';

/** A request from another loopback address (127.0.0.x): the server sees a different client. */
function fromAddress(
  localAddress: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  const u = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path, method, headers, localAddress, agent: false },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

beforeAll(async () => {
  s = await startServer({
    env: { JUNCTION_RATE_LIMIT_PER_MINUTE: String(LIMIT), JUNCTION_RATE_LIMIT_IP_PER_MINUTE: String(IP_LIMIT) },
  });
});
afterAll(async () => {
  await s?.stop();
});

describe('rate limits', () => {
  it('the call after the limit gets a 429 in the v3 envelope with Retry-After and x-ratelimit-*; another key is unaffected', async () => {
    // warm up with the org key (its own bucket) so the timed loop below runs well inside one refill (12 s)
    expect((await s.api('GET', '/org/owner/project/list', undefined, org())).status).toBe(200);
    // The bucket refills at LIMIT per minute; on a loaded machine the loop may take seconds, so the
    // number of accepted calls is checked against what refill allows in the time the loop took.
    const t0 = Date.now();
    const remaining: number[] = [];
    let over!: { status: number; body: any; headers: Headers };
    for (let i = 0; i < 50; i++) {
      const r = await s.api('GET', '/auth_configs');
      if (r.status === 429) {
        over = r;
        break;
      }
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
      expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      remaining.push(Number(r.headers.get('x-ratelimit-remaining')));
    }
    const refilled = Math.ceil(((Date.now() - t0) / 60_000) * LIMIT);
    expect(remaining.length).toBeGreaterThanOrEqual(LIMIT);
    expect(remaining.length).toBeLessThanOrEqual(LIMIT + refilled);
    expect(remaining[0]).toBe(LIMIT - 1);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ status: 429, slug: 'Request_RateLimited' });
    expect(typeof over.body.error.request_id).toBe('string');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(12);
    expect(over.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(over.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    // an error route answer is limited too (no free probing with bad requests)
    expect((await s.api('GET', '/auth_configs/ac_doesnotexist1')).status).toBe(429);

    // a second key of the same project has its own bucket
    const project = await s.api('GET', '/org/project/current', undefined, { 'x-api-key': '' }).catch(() => null);
    expect(project?.status).toBe(401);
    const list = await s.api('GET', '/org/owner/project/list', undefined, org());
    expect(list.status).toBe(200);
    const other = await s.api('POST', `/org/owner/project/${list.body.items[0].id}/api_keys`, { name: 'other' }, org());
    expect(other.status).toBe(201);
    const r = await s.api('GET', '/auth_configs', undefined, { 'x-api-key': other.body.key });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('4');
    spareKey = other.body.key;
  });

  it('unauthenticated endpoints are limited per client address, keyed calls are not counted there', async () => {
    const ingress = () =>
      fetch(`${s.apiUrl}/trigger_ingress/ti_doesnotexist12345`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
    for (let i = 0; i < IP_LIMIT; i++) expect((await ingress()).status).toBe(404);
    const over = await ingress();
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = await over.json();
    expect(body.error.slug).toBe('Request_RateLimited');
    // the Connect Link page shares the address's bucket
    expect((await fetch(`${s.apiUrl}/connect_links/lt_doesnotexist123/page`)).status).toBe(429);
    // a client-sent address header changes nothing: server.ts decides the address
    const spoofed = await fetch(`${s.apiUrl}/trigger_ingress/ti_doesnotexist12345`, {
      method: 'POST',
      body: '{}',
      headers: {
        'content-type': 'application/json',
        'x-junction-client-ip': '203.0.113.9',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    expect(spoofed.status).toBe(429);
    // keyed calls have their own buckets: the org key still gets through from this address
    expect((await s.api('GET', '/org/owner/project/list', undefined, org())).status).toBe(200);
    // the OpenAPI document is not an abuse target and stays open
    expect((await fetch(`${s.apiUrl}/openapi.json`)).status).toBe(200);
  });

  it('failed authentication is limited per address: wrong keys and MCP bearer tokens get 429 with Retry-After', async () => {
    const wrongKey = () => ({ 'x-api-key': `ak_${randomBytes(16).toString('hex')}` });
    // random keys from one address: IP_LIMIT failures (plus what refills meanwhile), then 429
    const statuses: number[] = [];
    let over: Awaited<ReturnType<typeof fromAddress>> | undefined;
    const t0 = Date.now();
    for (let i = 0; i < 20; i++) {
      const r = await fromAddress('127.0.0.21', 'GET', '/api/v3/auth_configs', wrongKey());
      statuses.push(r.status);
      if (r.status === 429) over ??= r;
    }
    const refilled = Math.ceil(((Date.now() - t0) / 60_000) * IP_LIMIT);
    const unauthorized = statuses.filter((x) => x === 401).length;
    expect(unauthorized).toBeGreaterThanOrEqual(IP_LIMIT);
    expect(unauthorized).toBeLessThanOrEqual(IP_LIMIT + refilled);
    expect(statuses.filter((x) => x !== 401 && x !== 429)).toEqual([]);
    expect(over?.body.error).toMatchObject({ status: 429, slug: 'Request_RateLimited' });
    expect(over?.body.error.message).toMatch(/failed authentications/);
    expect(Number(over?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // an org key guess from the same address is refused the same way
    const orgGuess = await fromAddress('127.0.0.21', 'GET', '/api/v3/org/owner/project/list', {
      'x-org-api-key': `oak_${randomBytes(16).toString('hex')}`,
    });
    expect(orgGuess.status).toBe(429);
    // a key this server already knows as valid still works from the blocked address
    const known = await fromAddress('127.0.0.21', 'GET', '/api/v3/auth_configs', { 'x-api-key': spareKey });
    expect(known.status).toBe(200);
    // another address is not affected
    expect((await fromAddress('127.0.0.22', 'GET', '/api/v3/auth_configs', wrongKey())).status).toBe(401);

    // bad bearer tokens on an MCP URL count the same way
    const mcp = '/api/v3/tool_router/session/trs_doesnotexist1/mcp';
    const bearer = () => ({
      authorization: `Bearer ${randomBytes(24).toString('hex')}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
    const mcpStatuses: number[] = [];
    for (let i = 0; i < 12; i++) mcpStatuses.push((await fromAddress('127.0.0.23', 'POST', mcp, bearer())).status);
    expect(mcpStatuses.slice(0, IP_LIMIT)).toEqual(Array(IP_LIMIT).fill(401));
    expect(mcpStatuses).toContain(429);
    expect(mcpStatuses.filter((x) => x !== 401 && x !== 429)).toEqual([]);
    // and on a per-user MCP server URL, with the same Retry-After
    const serverUrl = '/api/v3/mcp/00000000-0000-4000-8000-000000000001/mcp?user_id=u';
    const serverStatuses: Awaited<ReturnType<typeof fromAddress>>[] = [];
    for (let i = 0; i < 12; i++) serverStatuses.push(await fromAddress('127.0.0.25', 'POST', serverUrl, bearer()));
    expect(serverStatuses.slice(0, IP_LIMIT).map((r) => r.status)).toEqual(Array(IP_LIMIT).fill(401));
    const serverOver = serverStatuses.find((r) => r.status === 429);
    expect(serverOver?.body.error).toMatchObject({ status: 429, slug: 'Request_RateLimited' });
    expect(Number(serverOver?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(serverStatuses.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);
    // an MCP client without credentials (the start of OAuth discovery) is not counted as a failure
    const discovery: number[] = [];
    for (let i = 0; i < IP_LIMIT + 3; i++)
      discovery.push(
        (
          await fromAddress('127.0.0.24', 'POST', mcp, {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          })
        ).status,
      );
    expect(discovery).toEqual(Array(IP_LIMIT + 3).fill(401));
  });
});

describe('metrics with no JUNCTION_METRICS_TOKEN (this suite sets none)', () => {
  it('/metrics is closed to everyone, with a hint at the token', async () => {
    const r = await fetch(`${s.url}/metrics`);
    expect(r.status).toBe(403);
    expect(await r.text()).toMatch(/JUNCTION_METRICS_TOKEN/);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer ' } })).status).toBe(403);
  });
});
