import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { flood, type FloodResult } from '../helpers/flood';

/**
 * No request body is read past its cap, whoever sends it and whatever the path looks like: each
 * path below gets a 200 MB chunked body from an anonymous (or keyed) client. The server must answer
 * or close once it has read its cap, and its resident memory must not grow by 50 MB. The dashboard runs (in
 * development mode: a production build is not part of the test run), so requests that reach
 * Next.js (next-auth, server actions, pages, the dashboard's JSON routes, and API paths spelled so
 * that only Next.js's normalised routing would match them) are covered too.
 */
const MB = 1024 * 1024;

/** The third field of a `tcp_wmem`/`tcp_rmem` setting: the most a socket's buffer may grow to. */
function kernelBufferMax(name: 'tcp_wmem' | 'tcp_rmem'): number {
  try {
    return Number(fs.readFileSync(`/proc/sys/net/ipv4/${name}`, 'utf8').trim().split(/\s+/)[2]) || 8 * MB;
  } catch {
    return 8 * MB;
  }
}

/**
 * What the client counts as sent is what the kernel accepted: the server's reads, plus what sits in
 * the client's send buffer and the server's receive buffer when the answer arrives. Linux grows both
 * on loopback as it sees fit, up to these maxima (4 MB and 32 MB on the CI machines), so a server
 * that stopped at its cap can show up to its cap plus both; measured: 2–8 MB over the cap. A server
 * reading the 200 MB body is far past that.
 */
const IN_KERNEL_BUFFERS = kernelBufferMax('tcp_wmem') + kernelBufferMax('tcp_rmem');
const RSS_LIMIT = 50 * MB;

let s: TestServer;
let objectPath = '';
const figures: Record<string, { sent: number; rssGrowth: number; status?: number; ended: string }> = {};

/** One small request first: development mode compiles a route on its first use, which is not what is measured. */
function warm(path: string, method = 'POST', headers: Record<string, string> = {}): Promise<number> {
  const u = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method,
        agent: false,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

/** `cap`: the route's own body cap, when it is above 1 MB (the keyed API's 10 MB default). */
async function check(
  name: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; cap?: number } = {},
) {
  const { cap = 0, ...req } = opts;
  await warm(path, req.method, req.headers).catch(() => 0);
  let r: FloodResult = await flood(s.url, { path, pid: s.proc.pid!, ...req });
  // Development mode compiles and caches pages in the background (the suite has no production build),
  // which can lift RSS during one flood on a busy machine. A server that reads the body grows again on
  // the same flood; background work does not repeat, so a second try tells the two apart.
  if (r.rssGrowth >= RSS_LIMIT && !r.finished) r = await flood(s.url, { path, pid: s.proc.pid!, ...req });
  figures[name] = { sent: r.sent, rssGrowth: r.rssGrowth, status: r.status, ended: r.ended };
  const summary = `${name}: ${JSON.stringify({ ...figures[name], text: r.text.slice(0, 200) })}`;
  expect.soft(r.ended, summary).not.toBe('timeout');
  expect.soft(r.finished, summary).toBe(false);
  expect.soft(r.sent, summary).toBeLessThan(Math.max(cap, MB) + IN_KERNEL_BUFFERS);
  expect.soft(r.rssGrowth, summary).toBeLessThan(RSS_LIMIT);
  return r;
}

/**
 * A body over the cap, small enough to sit whole in the socket buffers. The server answers and
 * closes without reading the rest; a reset can still overtake the answer on its way to this client
 * (a race of the client, not of the server), so such a try is repeated, at most three times.
 */
async function small(path: string, type: string, size: number): Promise<{ status: number; text: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await smallOnce(path, type, size);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 3 || (code !== 'EPIPE' && code !== 'ECONNRESET')) throw err;
    }
  }
}

function smallOnce(path: string, type: string, size: number): Promise<{ status: number; text: string }> {
  const u = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path, method: 'POST', agent: false, headers: { 'content-type': type } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(Buffer.alloc(size, 0x61));
  });
}

beforeAll(async () => {
  s = await startServer({
    args: ['--import', 'tsx', 'server.ts', '--dev'],
    // file PUTs are capped at 1 MB here: every flood below but the keyed API routes' then meets a cap of
    // at most 1 MB (next-auth, actions and pages: 64 KB; the dashboard's routes refuse anonymous callers unread)
    env: { JUNCTION_DASHBOARD: 'on', JUNCTION_FILES_MAX_BYTES: String(MB) },
    startTimeoutMs: 240_000,
  });
  // Next.js finishes starting in the background: measured memory is then the requests' own.
  const deadline = Date.now() + 240_000;
  while ((await fetch(`${s.url}/sign-in`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) throw new Error('the dashboard did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  // A valid signed upload URL: its route reads the body once the signature checks out.
  const body = Buffer.from('x');
  const req = await s.api('POST', '/files/upload/request', {
    filename: 'f.bin',
    md5: createHash('md5').update(body).digest('hex'),
    mimetype: 'application/octet-stream',
    tool_slug: 'X',
    toolkit_slug: 'y',
  });
  expect(req.status, JSON.stringify(req.body)).toBe(201);
  const u = new URL(req.body.new_presigned_url);
  objectPath = u.pathname.replace(/^\/api\/v3/, '') + u.search;
}, 300_000);

afterAll(async () => {
  console.log(`body floods (${process.env.TEST_ENGINE}):\n${JSON.stringify(figures, null, 1)}`);
  await s?.stop();
});

describe('200 MB chunked bodies', { timeout: 240_000 }, () => {
  it('next-auth credentials callback and sign-in', async () => {
    await check('POST /api/auth/callback/credentials', '/api/auth/callback/credentials', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await check('POST /api/auth/signin/credentials', '/api/auth/signin/credentials', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it('a server action and a page', async () => {
    await check('POST /sign-in (server action)', '/sign-in', {
      headers: { 'next-action': 'a'.repeat(42), 'content-type': 'text/plain;charset=UTF-8' },
    });
    await check('POST /setup', '/setup', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  });

  it("the dashboard's JSON routes and its upload route", async () => {
    await check('POST /api/dash/v3/tools/execute/X', '/api/dash/v3/tools/execute/X');
    await check('POST /api/dash/files/upload', '/api/dash/files/upload', {
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
  });

  it('a file upload reached through aliases of its path', async () => {
    const headers = { 'content-type': 'application/octet-stream' };
    await check('PUT /api/v3 (canonical)', `/api/v3${objectPath}`, { method: 'PUT', headers });
    await check('PUT /x/../api/v3', `/x/../api/v3${objectPath}`, { method: 'PUT', headers });
    await check('PUT /api/./v3', `/api/./v3${objectPath}`, { method: 'PUT', headers });
    await check('PUT /api/%2e/v3', `/api/%2e/v3${objectPath}`, { method: 'PUT', headers });
    await check('PUT /x/%2E%2E/api/v3', `/x/%2E%2E/api/v3${objectPath}`, { method: 'PUT', headers });
    await check('PUT //api/v3', `//api/v3${objectPath}`, { method: 'PUT', headers });
    await check('PUT /api//v3', `/api//v3${objectPath}`, { method: 'PUT', headers });
  });

  it('MCP endpoints reached through aliases', async () => {
    await check('POST /x/../api/v3/mcp/{id}/mcp', '/x/../api/v3/mcp/srv_none/mcp?user_id=u');
    await check('POST /api/./v3/tool_router/session/{id}/mcp', '/api/./v3/tool_router/session/trs_none/mcp', {
      headers: { authorization: 'Bearer not-a-token' },
    });
  });

  it('keyed API routes reached through aliases stop at the API cap', async () => {
    const headers = { 'x-api-key': s.apiKey };
    const canonical = await check('POST /api/v3/tools/execute/X', '/api/v3/tools/execute/X', { headers, cap: 10 * MB });
    const aliased = await check('POST /x/../api/v3/tools/execute/X', '/x/../api/v3/tools/execute/X', {
      headers,
      cap: 10 * MB,
    });
    for (const r of [canonical, aliased]) expect.soft(r.status ?? 413).toBe(413);
  });

  it('/oauth/token and /oauth/register stop at 64 KB', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    // the answer is a 413, or (when the client is still writing as the server closes) a reset
    for (const [name, path, headers] of [
      ['POST /oauth/token', '/oauth/token', form],
      ['POST /oauth/register', '/oauth/register', {}],
      ['POST /x/../oauth/token', '/x/../oauth/token', form],
    ] as const) {
      const r = await check(name, path, { headers });
      expect.soft(r.status ?? 413, name).toBe(413);
    }
  });

  it('/oauth/token and /oauth/register answer 413 in the OAuth error format past 64 KB', async () => {
    for (const [path, type] of [
      ['/oauth/token', 'application/x-www-form-urlencoded'],
      ['/oauth/register', 'application/json'],
      ['/x/../oauth/register', 'application/json'],
    ] as const) {
      const r = await small(path, type, 100 * 1024);
      expect(r.status, path).toBe(413);
      expect(JSON.parse(r.text), path).toMatchObject({ error: 'invalid_request' });
    }
  });
});
