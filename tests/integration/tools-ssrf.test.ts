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
    ['IPv4 loopback in IPv4-compatible IPv6', () => `https://[::7f00:1]:${up.port}`],
    ['metadata in IPv4-compatible IPv6', () => 'https://[::a9fe:a9fe]/latest'],
    ['site-local IPv6', () => 'https://[fec0::1]'],
    ['discard IPv6', () => 'https://[100::1]'],
    ['loopback through NAT64', () => `https://[64:ff9b::7f00:1]:${up.port}`],
  ])('execute refuses %s', async (_name, base) => {
    const ca = await account(base());
    up.reset();
    const r = await s.api('POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', {
      connected_account_id: ca,
      arguments: {},
    });
    expect(r.status).toBe(200);
    expect(r.body.successful).toBe(false);
    // a plain http:// URL is refused for its form; an address, whatever is wrong with it, gets one answer
    if (base().startsWith('http:')) {
      expect(r.body.data.http_error).toBe('upstream_refused');
      expect(r.body.error).toMatch(/Only https/);
    } else {
      expect(r.body.data.http_error).toBe('upstream_unreachable');
      expect(r.body.error).toMatch(/ is not reachable or not allowed$/);
    }
    expect(up.requests).toHaveLength(0);
  });

  it('proxy refuses an absolute private URL as not reachable or not allowed', async () => {
    const ca = await account('https://api.github.com');
    const r = await s.api('POST', '/tools/execute/proxy', {
      endpoint: `https://127.0.0.1:${up.port}/user`,
      method: 'GET',
      connected_account_id: ca,
    });
    expect(r.status).toBe(502);
    expect(r.body.error.slug).toBe('Proxy_UpstreamUnreachable');
    expect(up.requests).toHaveLength(0);
  });

  it('custom toolkit import by URL refuses private addresses', async () => {
    const r = await s.api('POST', '/toolkits/custom', {
      slug: 'ssrf_doc',
      url: `https://127.0.0.1:${up.port}/openapi.json`,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.slug).toBe('CustomToolkit_UrlUnreachable');
    expect(up.requests).toHaveLength(0);
  });
});

/**
 * Outbound failures do not map the network: a private address, a name that does not resolve and a
 * name that resolves to loopback all give the caller the same answer (only the host it gave differs),
 * so nobody can probe which internal names exist, with a key or anonymously through the MCP
 * authorization page's client_id URLs. The project owner's execution log keeps the reason.
 */
describe('one answer for every address that cannot be used', () => {
  const targets = () => ({
    private: 'https://10.1.2.3',
    'no such name': 'https://no-such-host.invalid',
    'loopback by name': `https://localhost:${up.port}`,
    'IPv4-compatible loopback': `https://[::7f00:1]:${up.port}`,
  });
  /** the answer with the host the caller gave taken out */
  const same = (text: string, url: string) => text.split(url).join('<url>').split(new URL(url).host).join('<host>');

  it('tool execution: same http_error and message; the execution log says why', async () => {
    const answers = new Set<string>();
    const reasons: string[] = [];
    for (const [, base] of Object.entries(targets())) {
      const ca = await account(base);
      const r = await s.api('POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', {
        connected_account_id: ca,
        arguments: {},
      });
      expect(r.body.successful).toBe(false);
      answers.add(same(JSON.stringify({ error: r.body.error, data: r.body.data }), base));
      // the owner's log: poll until the background writer has stored it
      const deadline = Date.now() + 30_000;
      let logged: { error?: string } | undefined;
      while (!logged?.error && Date.now() < deadline) {
        const l = await s.api('GET', `/logs/tools/${r.body.log_id}`);
        if (l.status === 200) logged = l.body;
        else await new Promise((res) => setTimeout(res, 100));
      }
      reasons.push(String(logged?.error));
    }
    expect([...answers]).toEqual([
      JSON.stringify({
        error: '<host> is not reachable or not allowed',
        data: {
          http_error: 'upstream_unreachable',
          status_code: null,
          message: '<host> is not reachable or not allowed',
        },
      }),
    ]);
    expect(reasons[0]).toMatch(/not a public unicast address/);
    expect(reasons[1]).toMatch(/ENOTFOUND/);
    expect(reasons[2]).toMatch(/Refused to connect to localhost/);
    expect(reasons[3]).toMatch(/not a public unicast address/);
    expect(up.requests).toHaveLength(0);
  });

  it('proxy and custom toolkit import: same status, slug and message', async () => {
    const ca = await account('https://api.github.com');
    const proxied = new Set<string>();
    const imported = new Set<string>();
    for (const [, base] of Object.entries(targets())) {
      const p = await s.api('POST', '/tools/execute/proxy', {
        endpoint: `${base}/user`,
        method: 'GET',
        connected_account_id: ca,
      });
      proxied.add(`${p.status} ${p.body.error.slug} ${same(p.body.error.message, base)}`);
      const b = await s.api('POST', '/tools/execute/proxy', {
        endpoint: '/user',
        method: 'POST',
        connected_account_id: ca,
        binary_body: { url: `${base}/file.bin` },
      });
      proxied.add(`${b.status} ${b.body.error.slug} ${same(b.body.error.message, base)}`);
      const i = await s.api('POST', '/toolkits/custom', { slug: 'probe_doc', url: `${base}/openapi.json` });
      imported.add(`${i.status} ${i.body.error.slug} ${same(i.body.error.message, `${base}/openapi.json`)}`);
    }
    expect([...proxied]).toEqual([
      '502 Proxy_UpstreamUnreachable <host> is not reachable or not allowed',
      '400 Proxy_BinaryBodyUnreachable Cannot fetch binary_body.url: <host> is not reachable or not allowed',
    ]);
    expect([...imported]).toEqual([
      '400 CustomToolkit_UrlUnreachable Cannot fetch <url>: <host> is not reachable or not allowed',
    ]);
    expect(up.requests).toHaveLength(0);
  });

  it('anonymously, client_id metadata URLs on /oauth/authorize get one answer', async () => {
    const created = await s.api('POST', '/tool_router/session', { user_id: 'probe', toolkits: { enable: ['github'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pages = new Set<string>();
    for (const [, base] of Object.entries(targets())) {
      const clientId = `${base}/client.json`;
      const u = new URL(`${s.url}/oauth/authorize`);
      for (const [k, v] of Object.entries({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'https://client.example/cb',
        resource: created.body.mcp.url,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }))
        u.searchParams.set(k, v);
      const r = await fetch(u, { redirect: 'manual' });
      const text = await r.text();
      expect(text).toContain('could not be loaded');
      pages.add(`${r.status} ${same(text.split(clientId).join('<client_id>'), base)}`);
    }
    expect(pages.size).toBe(1);
    expect([...pages][0]).toMatch(/^400 .*not reachable or not allowed/s);
    expect(up.requests).toHaveLength(0);
  });
});
