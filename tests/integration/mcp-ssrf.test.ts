import dns from 'node:dns/promises';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import net from 'node:net';

// Custom MCP toolkits on a server with JUNCTION_ALLOW_INSECURE_URLS=0: a remote MCP server at a
// loopback, private, link-local or metadata address is refused with a 4xx, and no request leaves.
// The loopback target counts TCP connections, so even a TLS handshake that never became an HTTP
// request would be seen.
let s: TestServer;
const up = {
  port: 0,
  connections: 0,
  server: net.createServer((sock) => {
    up.connections++;
    sock.destroy();
  }),
};

beforeAll(async () => {
  await new Promise<void>((r) => up.server.listen(0, '127.0.0.1', r));
  up.port = (up.server.address() as net.AddressInfo).port;
  s = await startServer({ env: { JUNCTION_ALLOW_INSECURE_URLS: '0', JUNCTION_TOOL_TIMEOUT_MS: '3000' } });
});
afterAll(async () => {
  await s?.stop();
  await new Promise((r) => up.server.close(r));
});

const upsert = (slug: string, app_url: string, auth_schemes: unknown[] = [{ mode: 'NO_AUTH' }]) =>
  s.api('POST', '/custom/toolkits/upsert', { slug, toolkit_config: { name: slug, app_url, auth_schemes } });

/** A name this machine resolves to a loopback address without DNS (the hosts file), e.g. its own host name. */
async function loopbackName(): Promise<string> {
  for (const name of [os.hostname(), 'localhost.localdomain', 'ip6-localhost']) {
    if (!name || name === 'localhost' || name.endsWith('.localhost')) continue;
    const found = await dns.lookup(name, { all: true }).catch(() => []);
    if (found.length && found.every((a) => /^(127\.|::1$)/.test(a.address))) return name;
  }
  throw new Error('no host name resolves to loopback on this machine');
}

describe('SSRF guard on custom MCP toolkits', () => {
  it.each([
    ['link-local metadata', () => 'https://169.254.169.254/mcp'],
    ['private 10/8', () => 'https://10.1.2.3/mcp'],
    ['private 192.168/16', () => 'https://192.168.0.10/mcp'],
    ['IPv4 loopback', () => `https://127.0.0.1:${up.port}/mcp`],
    ['IPv6 loopback', () => `https://[::1]:${up.port}/mcp`],
    ['metadata in IPv4-mapped IPv6', () => 'https://[::ffff:a9fe:a9fe]/mcp'],
    ['localhost name', () => `https://localhost:${up.port}/mcp`],
    ['plain http', () => `http://127.0.0.1:${up.port}/mcp`],
  ])('upsert refuses %s with a 400 and sends nothing', async (_name, url) => {
    up.connections = 0;
    for (const schemes of [
      [{ mode: 'NO_AUTH' }],
      [{ mode: 'API_KEY', headers: { authorization: 'Bearer {{generic_api_key}}' } }],
      [{ mode: 'DCR_OAUTH', discovery_url: 'https://mcp.example.com/.well-known/oauth-authorization-server' }],
    ]) {
      const r = await upsert('blocked', url(), schemes);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(/toolkit_config\.app_url is not allowed/);
    }
    // nothing was registered
    const got = await s.api('GET', '/toolkits/custom/custom_blocked');
    expect(got.status).toBe(404);
    expect(up.connections).toBe(0);
  });

  it('a host name that resolves to loopback is registered, but neither synced nor run, and nothing reaches it', async () => {
    const name = await loopbackName();
    up.connections = 0;
    const r = await upsert('by_name', `https://${name}:${up.port}/mcp`);
    expect(r.status).toBe(200);
    // the automatic first sync was refused at connect time; the toolkit says so
    const got = await s.api('GET', '/toolkits/custom/custom_by_name');
    expect(got.body).toMatchObject({ kind: 'mcp', tools_count: 0, version: null });
    expect(got.body.warnings.join(' ')).toMatch(/not reachable or not allowed/);

    const sync = await s.api('POST', '/custom/toolkits/sync', { slug: 'CUSTOM_BY_NAME' });
    expect(sync.status).toBe(400);
    expect(sync.body.error.slug).toBe('CustomToolkit_SyncFailed');
    expect(sync.body.error.message).toMatch(/not reachable or not allowed/);
    // the answer does not tell a private address from a name that does not exist
    expect(sync.body.error.message).not.toMatch(/127\.0\.0\.1|loopback|private/);
    expect(up.connections).toBe(0);

    const del = await s.api('DELETE', '/custom/toolkits/CUSTOM_BY_NAME');
    expect(del.status).toBe(200);
  });
});
