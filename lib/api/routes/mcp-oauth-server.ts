import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../contract/errors';
import { Reply, Router, route, type Ctx } from '../router';
import { serveNode } from '../node-adapter';
import { log } from '../../log';
import { getRuntime } from '../../runtime';
import { AuthorizePageError, OAuthError } from '../../services/mcp-auth/errors';
import { authorizationServerMetadata } from '../../services/mcp-auth/metadata';
import { parseMcpResource, protectedResourceMetadata } from '../../services/mcp-auth/resources';
import { authenticateClient, registerClient } from '../../services/mcp-auth/clients';
import { startAuthorization } from '../../services/mcp-auth/authorize';
import { consentLinkFromCookies } from '../../services/mcp-auth/consent-links';
import { mcpConsentPageRoutes } from './mcp-consent-pages';
import { exchangeCode, refreshTokens, revokeToken } from '../../services/mcp-auth/tokens';

/**
 * Junction's OAuth 2.1 authorization server for MCP clients, and the metadata documents that
 * let them find it. Served at the root (`/.well-known/*`, `/oauth/*`) because that is where
 * RFC 8414 and RFC 9728 clients look. Answers in the RFCs' formats (`{error,
 * error_description}`), not the v3 envelope: that is what OAuth clients parse.
 */

// Metadata and token endpoints are called from browser-based MCP clients too.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Reply(status, body, { 'content-type': 'application/json', ...CORS, ...headers });

function oauthFailure(err: unknown): Reply {
  if (err instanceof OAuthError) {
    const extra: Record<string, string> = err.status === 401 ? { 'www-authenticate': 'Basic realm="junction"' } : {};
    return json(err.status, err.toJSON(), { ...NO_STORE, ...extra });
  }
  // the router's body cap (maxBody): the client's fault, told in OAuth's format
  if (err instanceof ApiError && err.status === 413)
    return json(413, { error: 'invalid_request', error_description: err.message }, NO_STORE);
  log.error({ err }, 'OAuth endpoint failed');
  return json(500, { error: 'server_error', error_description: 'Internal error' }, NO_STORE);
}

const MAX_FORM = 64 * 1024;

async function readForm(ctx: Ctx<unknown, unknown, unknown>): Promise<URLSearchParams> {
  const type = ctx.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded/i.test(type)) {
    throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded');
  }
  const buf = await ctx.req.body();
  if (buf.length > MAX_FORM) throw new OAuthError('invalid_request', 'Request body too large');
  const form = new URLSearchParams(buf.toString('utf8'));
  // RFC 6749 §3.2: parameters must not repeat.
  for (const k of new Set(form.keys())) {
    if (k !== 'resource' && form.getAll(k).length > 1) throw new OAuthError('invalid_request', `${k} is repeated`);
  }
  if (form.getAll('resource').length > 1) throw new OAuthError('invalid_target', 'Name exactly one resource');
  return form;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function errorPage(err: OAuthError): Reply {
  return new Reply(
    400,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization error</title></head>` +
      `<body><main><h1>This authorization request cannot be processed</h1><p><strong>${escapeHtml(err.error)}</strong>: ${escapeHtml(err.description)}</p>` +
      `<p>Ask the application that sent you here to check its OAuth configuration.</p></main></body></html>`,
    { 'content-type': 'text/html; charset=utf-8', ...NO_STORE },
  );
}

const tag = 'MCP authorization';

export const mcpOAuthServerRoutes = [
  route({
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    tag,
    auth: 'none',
    summary: 'Authorization server metadata (RFC 8414)',
    handler: ({ rt }) => json(200, authorizationServerMetadata(rt)),
  }),
  route({
    method: 'GET',
    path: '/.well-known/oauth-protected-resource',
    tag,
    auth: 'none',
    summary: 'Protected resource metadata of the server (RFC 9728)',
    handler: ({ rt }) => json(200, protectedResourceMetadata(rt)),
  }),
  route({
    method: 'GET',
    path: '/oauth/authorize',
    tag,
    auth: 'none',
    ipLimit: true,
    summary:
      "Authorization endpoint: sends the browser to consent (the user's own page when it holds their approval link, else the dashboard)",
    handler: async ({ rt, req }) => {
      try {
        const held = await consentLinkFromCookies(rt, req.header('cookie'));
        const out = await startAuthorization(rt, req.search, held?.link);
        return new Reply(302, undefined, { location: out.location, ...NO_STORE });
      } catch (err) {
        if (err instanceof AuthorizePageError) return errorPage(err);
        throw err;
      }
    },
  }),
  route({
    method: 'POST',
    path: '/oauth/token',
    tag,
    auth: 'none',
    ipLimit: true,
    maxBody: MAX_FORM,
    summary: 'Token endpoint: authorization_code (PKCE S256) and refresh_token',
    handler: async (ctx) => {
      try {
        const form = await readForm(ctx);
        const client = await authenticateClient(ctx.rt, ctx.req.header('authorization'), form);
        const grantType = form.get('grant_type');
        if (grantType === 'authorization_code') return json(200, await exchangeCode(ctx.rt, client, form), NO_STORE);
        if (grantType === 'refresh_token') return json(200, await refreshTokens(ctx.rt, client, form), NO_STORE);
        throw new OAuthError('unsupported_grant_type', `grant_type ${String(grantType).slice(0, 60)} is not supported`);
      } catch (err) {
        return oauthFailure(err);
      }
    },
  }),
  route({
    method: 'POST',
    path: '/oauth/register',
    tag,
    auth: 'none',
    ipLimit: true,
    maxBody: MAX_FORM,
    summary: 'Dynamic client registration (RFC 7591)',
    handler: async ({ rt, req }) => {
      try {
        if (!/json/i.test(req.header('content-type') ?? ''))
          throw new OAuthError('invalid_client_metadata', 'Send the client metadata as application/json');
        const buf = await req.body();
        if (buf.length > MAX_FORM) throw new OAuthError('invalid_client_metadata', 'Client metadata too large');
        let body: unknown;
        try {
          body = JSON.parse(buf.toString('utf8'));
        } catch {
          throw new OAuthError('invalid_client_metadata', 'The body is not valid JSON');
        }
        return json(201, await registerClient(rt, body), NO_STORE);
      } catch (err) {
        return oauthFailure(err);
      }
    },
  }),
  route({
    method: 'POST',
    path: '/oauth/revoke',
    tag,
    auth: 'none',
    ipLimit: true,
    maxBody: MAX_FORM,
    summary: 'Token revocation (RFC 7009)',
    handler: async (ctx) => {
      try {
        const form = await readForm(ctx);
        const client = await authenticateClient(ctx.rt, ctx.req.header('authorization'), form);
        await revokeToken(ctx.rt, client, form);
        return new Reply(200, '', { ...CORS, ...NO_STORE });
      } catch (err) {
        return oauthFailure(err);
      }
    },
  }),
];

const PRM_PREFIX = '/.well-known/oauth-protected-resource/';

declare global {
  var __junctionOAuthRouter: Router | undefined;
}

/** The paths this module serves; server.ts hands them here whether or not the dashboard runs. */
export function isOAuthServerPath(url: string): boolean {
  return url.startsWith('/.well-known/') || url.startsWith('/oauth/');
}

/**
 * Serve `/.well-known/*` and `/oauth/*`. Protected resource metadata of one MCP URL lives at
 * the well-known prefix followed by that URL's path (RFC 9728 §3.1), any depth, so it is
 * answered here rather than by a fixed route.
 */
export async function serveOAuthServer(req: IncomingMessage, res: ServerResponse, baseUrl: string) {
  const url = new URL(req.url ?? '/', baseUrl);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...CORS, 'access-control-max-age': '600' });
    res.end();
    return;
  }
  if (url.pathname.startsWith(PRM_PREFIX) && (req.method === 'GET' || req.method === 'HEAD')) {
    const rt = await getRuntime();
    const resource = parseMcpResource(rt, `${url.origin}${url.pathname.slice(PRM_PREFIX.length - 1)}${url.search}`);
    const status = resource ? 200 : 404;
    const body = resource
      ? protectedResourceMetadata(rt, resource.url)
      : { error: 'not_found', error_description: 'No MCP URL of this server has that path' };
    res.writeHead(status, { 'content-type': 'application/json', ...CORS });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    return;
  }
  globalThis.__junctionOAuthRouter ??= new Router([...mcpOAuthServerRoutes, ...mcpConsentPageRoutes]);
  await serveNode(globalThis.__junctionOAuthRouter, req, res, 0, baseUrl);
}
