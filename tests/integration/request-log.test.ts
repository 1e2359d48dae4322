import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnEmbedded } from '../helpers/embedded-process';
import { startServer, type TestServer } from '../helpers/server';

/**
 * One structured line per API request: the request id (the caller's when sent, echoed as x-request-id),
 * method, route template, status, duration, project and key hint — and nothing a secret could hide in.
 */
const lines = (s: TestServer) =>
  s
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request');

describe('request log', () => {
  let s: TestServer;
  let quiet: TestServer;
  beforeAll(async () => {
    [s, quiet] = await Promise.all([
      startServer({ env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' } }),
      startServer({ env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json', JUNCTION_REQUEST_LOG: 'off' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([s?.stop(), quiet?.stop()]);
  });

  it('logs the request with its template, never its ids, query values or credentials', async () => {
    const secret = 'sk_live_query_secret_value';
    const r = await fetch(`${s.apiUrl}/connected_accounts/ca_doesnotexist000000?token=${secret}`, {
      headers: { 'x-api-key': s.apiKey, 'x-request-id': 'caller-req-42' },
    });
    expect(r.status).toBe(404);
    expect(r.headers.get('x-request-id')).toBe('caller-req-42');
    let line: Record<string, unknown> | undefined;
    const end = Date.now() + 20_000;
    while (!(line = lines(s).find((l) => l.req_id === 'caller-req-42')) && Date.now() < end)
      await new Promise((res) => setTimeout(res, 50));
    expect(line).toMatchObject({
      level: 30,
      req_id: 'caller-req-42',
      method: 'GET',
      route: expect.stringMatching(/^\/connected_accounts\/\{[a-z_]+\}$/),
      status: 404,
      project: expect.stringMatching(/^pr_/),
      key: expect.stringMatching(/^ak_/),
    });
    expect(line!.ms).toEqual(expect.any(Number));
    // one line per request, not one per layer it passes through
    expect(lines(s).filter((l) => l.req_id === 'caller-req-42')).toHaveLength(1);
    // the first start's banner shows the key once; the request lines never do
    const all = JSON.stringify(lines(s));
    expect(s.output()).not.toContain(secret);
    expect(all).not.toContain('ca_doesnotexist000000');
    expect(all).not.toContain(s.apiKey);

    // without a caller id, the generated one is logged and echoed
    const r2 = await fetch(`${s.apiUrl}/toolkits?limit=1`, { headers: { 'x-api-key': s.apiKey } });
    const id = r2.headers.get('x-request-id');
    expect(id).toMatch(/^req_/);
    const end2 = Date.now() + 20_000;
    while (!lines(s).some((l) => l.req_id === id) && Date.now() < end2) await new Promise((res) => setTimeout(res, 50));
    expect(lines(s).find((l) => l.req_id === id)).toMatchObject({ route: '/toolkits', status: 200 });
  });

  it('a caller request id with quotes and backslashes stays one valid JSON line', async () => {
    const odd = 'odd"id\\with {braces}';
    const r = await fetch(`${s.apiUrl}/toolkits?limit=1`, { headers: { 'x-api-key': s.apiKey, 'x-request-id': odd } });
    expect(r.status).toBe(200);
    const end = Date.now() + 20_000;
    while (!lines(s).some((l) => l.req_id === odd) && Date.now() < end) await new Promise((res) => setTimeout(res, 50));
    expect(lines(s).find((l) => l.req_id === odd)).toMatchObject({ route: '/toolkits', status: 200, msg: 'request' });
  });

  it('logs a request whose body holds a credential without any of the body', async () => {
    const secret = 'SG.body_secret_never_logged';
    const r = await fetch(`${s.apiUrl}/connected_accounts`, {
      method: 'POST',
      headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json', 'x-request-id': 'caller-body-1' },
      body: JSON.stringify({ auth_config: { id: 'ac_missing' }, connection: { state: { val: { api_key: secret } } } }),
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    let line: Record<string, unknown> | undefined;
    const end = Date.now() + 20_000;
    while (!(line = lines(s).find((l) => l.req_id === 'caller-body-1')) && Date.now() < end)
      await new Promise((res) => setTimeout(res, 50));
    expect(line).toMatchObject({ method: 'POST', route: '/connected_accounts', status: r.status });
    expect(s.output()).not.toContain(secret);
  });

  it('JUNCTION_REQUEST_LOG=off writes no request lines', async () => {
    const r = await fetch(`${quiet.apiUrl}/toolkits?limit=1`, {
      headers: { 'x-api-key': quiet.apiKey, 'x-request-id': 'quiet-1' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('quiet-1');
    // the server's own start-up lines prove its log reaches us; no request line among them
    expect(quiet.output()).toMatch(/Junction API listening/);
    expect(lines(quiet)).toEqual([]);
  });

  it('the Next.js route handlers write the same line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-web-adapter-'));
    try {
      const child = spawnEmbedded('tests/fixtures/serve-web-request.ts', dataDir, {
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        JUNCTION_REQUEST_LOG: undefined,
      });
      const code = await child.exited;
      expect(child.output()).toContain('answered 401');
      expect(code).toBe(0);
      const line = child
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'request');
      expect(line).toMatchObject({ req_id: 'web-adapter-req-1', method: 'GET', route: '/toolkits', status: 401 });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
