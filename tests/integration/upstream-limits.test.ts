import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/**
 * Upstream responses are read as streams up to JUNCTION_UPSTREAM_MAX_BYTES (64 KB here) and fail
 * with a clear error past it: tool execution, proxy, binary_body downloads, OAuth token endpoints
 * and OpenAPI import by URL.
 */
const CAP = 64 * 1024;
let s: TestServer;
let upstream: http.Server;
let base = '';
/** bytes the upstream managed to write per path (a capped reader stops taking them in) */
const written = new Map<string, number>();

/** JSON of about `n` bytes, streamed in pieces without a Content-Length unless `declare`. */
function sendJson(
  res: http.ServerResponse,
  path: string,
  n: number,
  declare: boolean,
  extra: Record<string, unknown> = {},
) {
  const body = Buffer.from(JSON.stringify({ ...extra, padding: 'x'.repeat(Math.max(0, n - 100)) }));
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(declare ? { 'content-length': String(body.length) } : {}),
  });
  let off = 0;
  const pump = () => {
    while (off < body.length) {
      const piece = body.subarray(off, off + 16 * 1024);
      off += piece.length;
      written.set(path, off);
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => {});
  pump();
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const token = { access_token: 'at_small', token_type: 'bearer', expires_in: 3600 };
    switch (path) {
      case '/small':
        return sendJson(res, path, 16 * 1024, false);
      case '/big':
        return sendJson(res, path, 4 * 1024 * 1024, false);
      case '/big-declared':
        return sendJson(res, path, 4 * 1024 * 1024, true);
      case '/token-ok':
        return sendJson(res, path, 200, true, token);
      case '/token-big':
        return sendJson(res, path, 4 * 1024 * 1024, false, token);
      case '/openapi-big.json':
        return sendJson(res, path, 4 * 1024 * 1024, false, {
          openapi: '3.0.0',
          info: { title: 'Big', version: '1' },
          paths: {},
        });
      default:
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"message":"Not Found"}');
    }
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  s = await startServer({ env: { JUNCTION_UPSTREAM_MAX_BYTES: String(CAP) } });
});
afterAll(async () => {
  await s?.stop();
  upstream?.closeAllConnections();
  upstream?.close();
});

async function apiKeyAccount() {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
  });
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: 'u1',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', base_url: base } },
    },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  return ca.body.id as string;
}

describe('upstream response limits', () => {
  it('proxy: under the cap passes, past it (streamed or declared) fails with a clear error', async () => {
    const ca = await apiKeyAccount();
    const small = await s.api('POST', '/tools/execute/proxy', {
      endpoint: '/small',
      method: 'GET',
      connected_account_id: ca,
    });
    expect(small.status, JSON.stringify(small.body).slice(0, 300)).toBe(200);
    expect(small.body.data.padding.length).toBeGreaterThan(10_000);
    for (const endpoint of ['/big', '/big-declared']) {
      const r = await s.api('POST', '/tools/execute/proxy', { endpoint, method: 'GET', connected_account_id: ca });
      const text = JSON.stringify(r.body);
      expect(text.length, endpoint).toBeLessThan(10_000);
      expect(text, endpoint).toContain('The upstream response is too large');
      expect(text, endpoint).toContain(`the limit is ${CAP}`);
    }
    // the streamed one was cut off: the upstream could not push its 4 MB through
    expect(written.get('/big')!).toBeLessThan(4 * 1024 * 1024);
  });

  it('tool execution reports the limit as the tool error', async () => {
    const doc = {
      openapi: '3.0.0',
      info: { title: 'Big', version: '1' },
      servers: [{ url: base }],
      components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
      security: [{ key: [] }],
      paths: {
        '/big': {
          get: { operationId: 'getBig', summary: 'Get a big thing', responses: { '200': { description: 'ok' } } },
        },
      },
    };
    expect((await s.api('POST', '/toolkits/custom', { slug: 'bigkit', name: 'Big', document: doc })).status).toBe(201);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'bigkit' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const ca = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'u1', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k' } } },
    });
    expect(ca.status, JSON.stringify(ca.body)).toBe(201);
    const tools = await s.api('GET', '/tools?toolkit_slug=bigkit');
    const r = await s.api('POST', `/tools/execute/${tools.body.items[0].slug}`, {
      connected_account_id: ca.body.id,
      arguments: {},
    });
    expect(JSON.stringify(r.body)).toContain(`too large (the limit is ${CAP} bytes)`);
    expect(r.body.successful).not.toBe(true);
  });

  it('binary_body.url downloads are capped', async () => {
    const ca = await apiKeyAccount();
    const r = await s.api('POST', '/tools/execute/proxy', {
      endpoint: '/small',
      method: 'POST',
      connected_account_id: ca,
      binary_body: { url: `${base}/big`, content_type: 'application/octet-stream' },
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(r.body.error).toMatchObject({ slug: 'Proxy_BinaryBodyTooLarge' });
    expect(r.body.error.message).toContain(`more than ${CAP} bytes`);
  });

  it('OAuth token endpoints are capped', async () => {
    const config = (tokenPath: string) =>
      s.api('POST', '/auth_configs', {
        toolkit: { slug: 'github' },
        auth_config: {
          type: 'use_custom_auth',
          authScheme: 'OAUTH2',
          credentials: {
            client_id: 'cid',
            client_secret: 'csecret',
            authorization_url: `${base}/authorize`,
            token_url: `${base}${tokenPath}`,
            grant_type: 'client_credentials',
          },
        },
      });
    const ok = await config('/token-ok');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const good = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ok.body.auth_config.id },
      connection: { user_id: 'svc' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const big = await config('/token-big');
    const bad = await s.api('POST', '/connected_accounts', {
      auth_config: { id: big.body.auth_config.id },
      connection: { user_id: 'svc' },
    });
    expect(bad.status, JSON.stringify(bad.body)).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(600);
    expect(JSON.stringify(bad.body)).toContain(`larger than ${CAP} bytes`);
  });

  it('OpenAPI import by URL is capped', async () => {
    const r = await s.api('POST', '/toolkits/custom', { slug: 'bigdoc', url: `${base}/openapi-big.json` });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(r.body.error).toMatchObject({ slug: 'CustomToolkit_DocumentTooLarge' });
  });
});
