import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';

/**
 * A real remote MCP server on loopback, built with @modelcontextprotocol/sdk, for Junction's MCP
 * client to talk to. Modes:
 * - `none`: no auth;
 * - `key`: a static key in a header (`x-api-key` by default);
 * - `oauth`: the server is also its own OAuth authorization server (RFC 9728 protected-resource
 *   metadata, RFC 8414 metadata, PKCE S256, `resource`), registering clients by dynamic client
 *   registration (`registration: 'dcr'`) or by fetching a client ID metadata document (`'cimd'`).
 * `transport: 'sse'` serves only the older HTTP+SSE transport.
 */
export interface FakeMcpOptions {
  auth?: 'none' | 'key' | 'oauth';
  apiKey?: string;
  keyHeader?: string;
  registration?: 'dcr' | 'cimd';
  transport?: 'streamable' | 'sse';
  /** how long issued access tokens live (seconds) */
  tokenTtl?: number;
  /** how many tools to list (beyond the three fixed ones), for the tool-count limit */
  extraTools?: number;
  /** tools/call needs this scope too: a narrower token gets 403 insufficient_scope (step-up) */
  callScope?: string;
  /** a client registered beforehand (an auth config's own client_id / client_secret) */
  preregistered?: { client_id: string; client_secret?: string; redirect_uris: string[] };
  /** what the authorization-server metadata names as the authorization endpoint (a hostile server's choice) */
  authorizationEndpoint?: string;
}

export interface FakeMcp {
  url: string;
  /** the MCP endpoint */
  mcpUrl: string;
  calls: { name: string; args: unknown; auth?: string }[];
  /** OAuth: requests seen by the authorization server */
  oauth: {
    registrations: Record<string, unknown>[];
    authorizeParams: URLSearchParams[];
    tokenRequests: URLSearchParams[];
    metadataFetches: string[];
    issued: Set<string>;
    refreshed: number;
  };
  /** invalidate every issued access token (the next call gets 401) */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

function buildServer(state: FakeMcp, extraTools: number, authHeader: () => string | undefined): McpServer {
  const server = new McpServer({ name: 'fake-mcp', version: '1.0.0' });
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Repeats the text it is given',
      inputSchema: { text: z.string().describe('what to repeat') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ text }) => {
      state.calls.push({ name: 'echo', args: { text }, auth: authHeader() });
      return { content: [{ type: 'text', text: `echo: ${text}` }] };
    },
  );
  server.registerTool(
    'add-numbers',
    {
      description: 'Adds two numbers',
      inputSchema: { a: z.number(), b: z.number() },
      outputSchema: { sum: z.number() },
      annotations: { idempotentHint: true },
    },
    async ({ a, b }) => {
      state.calls.push({ name: 'add-numbers', args: { a, b }, auth: authHeader() });
      return { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } };
    },
  );
  server.registerTool(
    'explode',
    { description: 'Always fails', inputSchema: {}, annotations: { destructiveHint: true } },
    async () => {
      state.calls.push({ name: 'explode', args: {}, auth: authHeader() });
      return { content: [{ type: 'text', text: 'the reactor is on fire' }], isError: true };
    },
  );
  for (let i = 0; i < extraTools; i++) {
    server.registerTool(`extra_${i}`, { description: `Extra tool ${i}`, inputSchema: {} }, async () => ({
      content: [{ type: 'text', text: String(i) }],
    }));
  }
  return server;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

export async function startFakeMcp(opts: FakeMcpOptions = {}): Promise<FakeMcp> {
  const mode = opts.auth ?? 'none';
  const keyHeader = (opts.keyHeader ?? 'x-api-key').toLowerCase();
  const clients = new Map<string, { redirect_uris: string[]; secret?: string }>();
  const codes = new Map<
    string,
    { clientId: string; challenge: string; redirectUri: string; resource: string | null; scope: string | null }
  >();
  const refreshTokens = new Map<string, string>();
  if (opts.preregistered) {
    clients.set(opts.preregistered.client_id, {
      redirect_uris: opts.preregistered.redirect_uris,
      secret: opts.preregistered.client_secret,
    });
  }
  const sseTransports = new Map<string, SSEServerTransport>();
  let base = '';
  const state: FakeMcp = {
    url: '',
    mcpUrl: '',
    calls: [],
    oauth: {
      registrations: [],
      authorizeParams: [],
      tokenRequests: [],
      metadataFetches: [],
      issued: new Set(),
      refreshed: 0,
    },
    revokeAccessTokens: () => state.oauth.issued.clear(),
    close: async () => {},
  };

  const tokenScopes = new Map<string, string>();
  const refreshScopes = new Map<string, string>();
  const issue = (clientId: string, scope = 'tools:read tools:call') => {
    const access = `at_${randomBytes(12).toString('hex')}`;
    const refresh = `rt_${randomBytes(12).toString('hex')}`;
    state.oauth.issued.add(access);
    tokenScopes.set(access, scope);
    refreshTokens.set(refresh, clientId);
    refreshScopes.set(refresh, scope);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: opts.tokenTtl ?? 3600,
      refresh_token: refresh,
      scope,
    };
  };

  const authorized = (req: http.IncomingMessage): boolean => {
    if (mode === 'none') return true;
    if (mode === 'key') return req.headers[keyHeader] === (opts.apiKey ?? 'secret-key');
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return !!m && state.oauth.issued.has(m[1]!);
  };

  async function oauthRoute(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
    const p = url.pathname;
    if (p === '/.well-known/oauth-protected-resource/mcp' || p === '/.well-known/oauth-protected-resource') {
      json(res, 200, {
        resource: `${base}/mcp`,
        authorization_servers: [base],
        scopes_supported: ['tools:read', 'tools:call'],
        bearer_methods_supported: ['header'],
      });
      return true;
    }
    if (p === '/.well-known/oauth-authorization-server' || p === '/.well-known/openid-configuration') {
      json(res, 200, {
        issuer: base,
        authorization_endpoint: opts.authorizationEndpoint ?? `${base}/authorize`,
        token_endpoint: `${base}/token`,
        ...(opts.registration === 'cimd'
          ? { client_id_metadata_document_supported: true }
          : { registration_endpoint: `${base}/register` }),
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
      });
      return true;
    }
    if (p === '/register' && req.method === 'POST' && opts.registration !== 'cimd') {
      const meta = JSON.parse(await readBody(req)) as Record<string, unknown>;
      state.oauth.registrations.push(meta);
      const id = `client_${randomBytes(6).toString('hex')}`;
      clients.set(id, { redirect_uris: (meta.redirect_uris as string[]) ?? [] });
      json(res, 201, { ...meta, client_id: id, client_id_issued_at: Math.floor(Date.now() / 1000) });
      return true;
    }
    if (p === '/authorize') {
      const q = url.searchParams;
      state.oauth.authorizeParams.push(q);
      const clientId = q.get('client_id') ?? '';
      let redirectUris: string[] = [];
      if (opts.registration === 'cimd') {
        // the client ID is the URL of its metadata document: fetch it, as a CIMD authorization server does
        state.oauth.metadataFetches.push(clientId);
        const doc = (await (await fetch(clientId)).json()) as { client_id?: string; redirect_uris?: string[] };
        if (doc.client_id !== clientId) return (json(res, 400, { error: 'invalid_client' }), true);
        redirectUris = doc.redirect_uris ?? [];
      } else {
        redirectUris = clients.get(clientId)?.redirect_uris ?? [];
      }
      const redirectUri = q.get('redirect_uri') ?? '';
      if (!redirectUris.includes(redirectUri)) return (json(res, 400, { error: 'invalid_redirect_uri' }), true);
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
        return (json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' }), true);
      const code = randomBytes(12).toString('hex');
      codes.set(code, {
        clientId,
        challenge: q.get('code_challenge')!,
        redirectUri,
        resource: q.get('resource'),
        scope: q.get('scope'),
      });
      const to = new URL(redirectUri);
      to.searchParams.set('code', code);
      if (q.get('state')) to.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: to.toString() });
      res.end();
      return true;
    }
    if (p === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      state.oauth.tokenRequests.push(form);
      if (form.get('resource') !== `${base}/mcp`)
        return (
          json(res, 400, { error: 'invalid_target', error_description: 'resource must name the MCP server' }), true
        );
      if (form.get('grant_type') === 'authorization_code') {
        const c = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!c || c.clientId !== form.get('client_id') || s256(form.get('code_verifier') ?? '') !== c.challenge)
          return (json(res, 400, { error: 'invalid_grant' }), true);
        const secret = clients.get(c.clientId)?.secret;
        if (secret && form.get('client_secret') !== secret) return (json(res, 401, { error: 'invalid_client' }), true);
        return (json(res, 200, issue(c.clientId, c.scope ?? undefined)), true);
      }
      if (form.get('grant_type') === 'refresh_token') {
        const owner = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!owner) return (json(res, 400, { error: 'invalid_grant' }), true);
        refreshTokens.delete(form.get('refresh_token')!);
        state.oauth.refreshed++;
        return (json(res, 200, issue(owner, refreshScopes.get(form.get('refresh_token')!))), true);
      }
      return (json(res, 400, { error: 'unsupported_grant_type' }), true);
    }
    return false;
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      if (mode === 'oauth' && (await oauthRoute(req, res, url))) return;
      if (url.pathname === '/messages' && opts.transport === 'sse') {
        const t = sseTransports.get(url.searchParams.get('sessionId') ?? '');
        if (!t) return json(res, 404, { error: 'no session' });
        return void (await t.handlePostMessage(req, res));
      }
      if (url.pathname !== '/mcp') return json(res, 404, { error: 'not found' });
      if (!authorized(req)) {
        const headers: Record<string, string> =
          mode === 'oauth'
            ? {
                'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="tools:read tools:call"`,
              }
            : {};
        return json(res, 401, { error: 'unauthorized' }, headers);
      }
      const auth = req.headers.authorization ?? (req.headers[keyHeader] as string | undefined);
      if (opts.transport === 'sse') {
        if (req.method !== 'GET') return json(res, 405, { error: 'this server speaks HTTP+SSE only' });
        const t = new SSEServerTransport('/messages', res);
        sseTransports.set(t.sessionId, t);
        res.on('close', () => sseTransports.delete(t.sessionId));
        await buildServer(state, opts.extraTools ?? 0, () => auth).connect(t);
        return;
      }
      if (req.method !== 'POST') return json(res, 405, { error: 'method not allowed' });
      const body = JSON.parse(await readBody(req));
      if (mode === 'oauth' && opts.callScope && body?.method === 'tools/call') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const has = (tokenScopes.get(token) ?? '').split(' ');
        if (!has.includes(opts.callScope)) {
          const wanted = `tools:read tools:call ${opts.callScope}`;
          return json(
            res,
            403,
            { error: 'insufficient_scope' },
            {
              'www-authenticate': `Bearer error="insufficient_scope", scope="${wanted}", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
            },
          );
        }
      }
      // stateless: one server and transport per request
      const mcp = buildServer(state, opts.extraTools ?? 0, () => auth);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (e) {
      if (!res.headersSent) json(res, 500, { error: String(e) });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.url = base;
  state.mcpUrl = `${base}/mcp`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
