import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../lib/runtime';
import { exchangeMcpCode, refreshMcpTokens } from '../../lib/services/mcp-client/oauth';

// An MCP server's authorization-server metadata is the server's to write. When it aims the token
// endpoint at a loopback, private or metadata address, Junction's code exchange and refresh are
// refused by the SSRF guard before any connection (the loopback target counts TCP connections).
const rt = { config: { allowInsecureUrls: false } } as unknown as Runtime;
const target = {
  port: 0,
  connections: 0,
  server: net.createServer((sock) => {
    target.connections++;
    sock.destroy();
  }),
};

beforeAll(async () => {
  await new Promise<void>((r) => target.server.listen(0, '127.0.0.1', r));
  target.port = (target.server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => target.server.close(() => r())));

/** A connected account's stored MCP OAuth state, as the authorization's start leaves it. */
const val = (tokenEndpoint: string) => ({
  client_id: 'junction-client',
  mcp_oauth: {
    server_url: 'https://mcp.example.com/mcp',
    authorization_server: 'https://auth.example.com',
    resource: 'https://mcp.example.com/mcp',
    registration: 'dynamic',
    metadata: {
      issuer: 'https://auth.example.com',
      authorization_endpoint: 'https://auth.example.com/authorize',
      token_endpoint: tokenEndpoint,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    },
  },
});

describe('MCP OAuth: a token endpoint at a private address', () => {
  const endpoints = () => [
    'https://169.254.169.254/latest/meta-data/token',
    'https://10.0.0.7/token',
    `https://127.0.0.1:${target.port}/token`,
    `https://[::1]:${target.port}/token`,
    `https://localhost:${target.port}/token`,
    `http://127.0.0.1:${target.port}/token`,
  ];

  it('is refused for the code exchange, with no connection made', async () => {
    for (const ep of endpoints()) {
      await expect(exchangeMcpCode(rt, val(ep), 'code', 'verifier', 'https://junction.example/cb'), ep).rejects.toThrow(
        /Refused to connect|Only https/,
      );
    }
    expect(target.connections).toBe(0);
  });

  it('is refused for a refresh, with no connection made', async () => {
    for (const ep of endpoints()) {
      await expect(refreshMcpTokens(rt, val(ep), 'rt_1'), ep).rejects.toThrow(/Refused to connect|Only https/);
    }
    expect(target.connections).toBe(0);
  });
});
