import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// A server with JUNCTION_ALLOW_INSECURE_URLS=0: upstream calls to loopback, private and
// link-local addresses are refused before any connection is made.
let s: TestServer;
let up: FakeUpstream;

beforeAll(async () => {
  [s, up] = await Promise.all([
    startServer({ env: { JUNCTION_ALLOW_INSECURE_URLS: '0', JUNCTION_TOOL_TIMEOUT_MS: '3000' } }),
    startFakeUpstream(),
  ]);
  up.on('GET', '/user', () => ({ json: { login: 'should-not-be-reached' } }));
});
afterAll(async () => {
  await Promise.all([s?.stop(), up?.close()]);
});

async function account(baseUrl: string) {
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  const r = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: 'u',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'secret-key', base_url: baseUrl } },
    },
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

describe('SSRF guard on tool execution', () => {
  it.each([
    ['loopback', () => up.url],
    ['loopback https', () => `https://127.0.0.1:${up.port}`],
    ['IPv6 loopback', () => `https://[::1]:${up.port}`],
    ['link-local metadata', () => 'https://169.254.169.254/latest'],
    ['private 10/8', () => 'https://10.1.2.3'],
    ['localhost name', () => `https://localhost:${up.port}`],
  ])('execute refuses %s', async (_name, base) => {
    const ca = await account(base());
    up.reset();
    const r = await s.api('POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', {
      connected_account_id: ca,
      arguments: {},
    });
    expect(r.status).toBe(200);
    expect(r.body.successful).toBe(false);
    expect(r.body.data.http_error).toBe('upstream_refused');
    expect(r.body.error).toMatch(/Refused|Only https/);
    expect(up.requests).toHaveLength(0);
  });

  it('proxy refuses an absolute private URL with a 400', async () => {
    const ca = await account('https://api.github.com');
    const r = await s.api('POST', '/tools/execute/proxy', {
      endpoint: `https://127.0.0.1:${up.port}/user`,
      method: 'GET',
      connected_account_id: ca,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.slug).toBe('Proxy_UrlRefused');
    expect(up.requests).toHaveLength(0);
  });

  it('custom toolkit import by URL refuses private addresses', async () => {
    const r = await s.api('POST', '/toolkits/custom', {
      slug: 'ssrf_doc',
      url: `https://127.0.0.1:${up.port}/openapi.json`,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.slug).toBe('CustomToolkit_UrlRefused');
    expect(up.requests).toHaveLength(0);
  });
});
