import http from 'node:http';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import OAuth from 'oauth-1.0a';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/**
 * Loopback authorization servers for the OAuth tests.
 *
 * OAuth2/OIDC: `oauth2-mock-server` (a real authorization server: authorize endpoint, PKCE
 * verification, token endpoint, id_token signing) behind a thin front that adds what a
 * provider does and the mock leaves out: client authentication, single-use codes, refresh-token
 * validity and rotation, a consent page, and counters of token requests.
 *
 * OAuth1: a three-legged provider whose signatures are verified with `oauth-1.0a`.
 */

export interface TokenRequest {
  grant_type: string;
  code?: string;
  refresh_token?: string;
  at: number;
}

export interface Revocation {
  token: string;
  token_type_hint?: string;
  /** whether the client authenticated with the right id and secret */
  authenticated: boolean;
  at: number;
}

export interface OAuth2Provider {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** RFC 7009 revocation endpoint */
  revokeUrl: string;
  /** every POST to the revocation endpoint, in order */
  revocations: Revocation[];
  /** answer revocation requests with a 503 */
  revokeFailure: null | 'unavailable';
  clientId: string;
  clientSecret: string;
  /** every POST to the token endpoint, in order */
  tokenRequests: TokenRequest[];
  /** consent: 'auto' redirects at once; 'page' shows Allow / Deny buttons */
  consent: 'auto' | 'page';
  /** the user clicks Deny (or auto-denies) */
  deny: boolean;
  /** expires_in of issued tokens */
  expiresIn: number;
  /** issue a new refresh token on each refresh and revoke the old one */
  rotateRefreshTokens: boolean;
  /** answer refresh requests with this error: a permanent OAuth error or a 503 */
  refreshFailure: null | 'invalid_grant' | 'unavailable';
  /** delay token responses (ms), to widen race windows */
  tokenDelayMs: number;
  issuedRefreshTokens: string[];
  /** every access token handed out, so a loopback API can accept exactly these */
  issuedAccessTokens: string[];
  /** get a code for a pending authorize URL without following the redirect to the callback */
  authorizeOnly(authorizeUrl: string): Promise<{ code: string; state: string; callback: string }>;
  stop(): Promise<void>;
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = '';
    req.on('data', (c) => {
      s += c;
    });
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });
}

function esc(s: string) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

export async function startOAuth2Provider(): Promise<OAuth2Provider> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  const issuedCodes = new Set<string>();
  const validRefresh = new Set<string>();
  const p: OAuth2Provider = {
    url: '',
    authorizeUrl: '',
    tokenUrl: '',
    revokeUrl: '',
    revocations: [],
    revokeFailure: null,
    clientId: `client_${randomBytes(6).toString('hex')}`,
    clientSecret: `secret_${randomBytes(16).toString('hex')}`,
    tokenRequests: [],
    consent: 'auto',
    deny: false,
    expiresIn: 3600,
    rotateRefreshTokens: true,
    refreshFailure: null,
    tokenDelayMs: 0,
    issuedRefreshTokens: [],
    issuedAccessTokens: [],
    async authorizeOnly(authorizeUrl) {
      const res = await fetch(authorizeUrl, { redirect: 'manual' });
      const loc = new URL(res.headers.get('location')!);
      return {
        code: loc.searchParams.get('code')!,
        state: loc.searchParams.get('state')!,
        callback: `${loc.origin}${loc.pathname}`,
      };
    },
    stop: async () => {
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  // every token distinct (the mock signs deterministically: two tokens in one second would be equal)
  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.jti = randomBytes(12).toString('hex');
  });

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    const code = redirect.url.searchParams.get('code');
    if (p.deny) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'The user denied the request');
    } else if (code) issuedCodes.add(code);
  });

  service.on(
    'beforeResponse',
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: http.IncomingMessage & { body: Record<string, string> },
    ) => {
      const body = req.body;
      const fail = (statusCode: number, error: string, description?: string) => {
        response.statusCode = statusCode;
        response.body = { error, ...(description ? { error_description: description } : {}) };
      };
      // client authentication (client_secret_post or client_secret_basic)
      let id = body.client_id;
      let secret = body.client_secret;
      const basic = req.headers.authorization?.match(/^Basic (.+)$/i);
      if (basic)
        [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':').map(decodeURIComponent) as [
          string,
          string,
        ];
      if (id !== p.clientId || secret !== p.clientSecret)
        return fail(401, 'invalid_client', 'client authentication failed');
      if (body.grant_type === 'authorization_code') {
        if (!issuedCodes.has(body.code!)) return fail(400, 'invalid_grant', 'unknown or used authorization code');
        issuedCodes.delete(body.code!);
      }
      if (body.grant_type === 'refresh_token') {
        if (p.refreshFailure === 'invalid_grant') return fail(400, 'invalid_grant', 'refresh token revoked');
        if (p.refreshFailure === 'unavailable') return fail(503, 'temporarily_unavailable', 'try later');
        if (!validRefresh.has(body.refresh_token!)) return fail(400, 'invalid_grant', 'unknown refresh token');
        if (p.rotateRefreshTokens) validRefresh.delete(body.refresh_token!);
        else delete response.body.refresh_token;
      }
      response.body.expires_in = p.expiresIn;
      if (typeof response.body.access_token === 'string') p.issuedAccessTokens.push(response.body.access_token);
      const rt = response.body.refresh_token;
      if (typeof rt === 'string') {
        validRefresh.add(rt);
        p.issuedRefreshTokens.push(rt);
      }
    },
  );

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', p.url);
    if (req.method === 'POST' && url.pathname === '/revoke') {
      // RFC 7009: the client authenticates; an unknown token is still answered 200
      const form = new URLSearchParams(await readBody(req));
      let id = form.get('client_id');
      let secret = form.get('client_secret');
      const basic = req.headers.authorization?.match(/^Basic (.+)$/i);
      if (basic)
        [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':').map(decodeURIComponent) as [
          string,
          string,
        ];
      const authenticated = id === p.clientId && secret === p.clientSecret;
      const token = form.get('token') ?? '';
      p.revocations.push({
        token,
        token_type_hint: form.get('token_type_hint') ?? undefined,
        authenticated,
        at: Date.now(),
      });
      res.setHeader('content-type', 'application/json');
      if (p.revokeFailure === 'unavailable') {
        res.writeHead(503);
        return res.end(JSON.stringify({ error: 'temporarily_unavailable' }));
      }
      if (!authenticated) {
        res.writeHead(401);
        return res.end(JSON.stringify({ error: 'invalid_client' }));
      }
      validRefresh.delete(token);
      res.writeHead(200);
      return res.end('{}');
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      // counted on arrival; the grant is filled in from the mock's parsed body when the answer leaves
      const rec: TokenRequest = { grant_type: '', at: Date.now() };
      p.tokenRequests.push(rec);
      res.on('finish', () => {
        const b = (req as unknown as { body?: Record<string, string> }).body ?? {};
        rec.grant_type = b.grant_type ?? '';
        rec.code = b.code;
        rec.refresh_token = b.refresh_token;
      });
      if (p.tokenDelayMs) await new Promise((r) => setTimeout(r, p.tokenDelayMs));
      return service.requestHandler(req, res);
    }
    if (
      req.method === 'GET' &&
      url.pathname === '/authorize' &&
      p.consent === 'page' &&
      !url.searchParams.has('decision')
    ) {
      const allow = new URL(url);
      allow.searchParams.set('decision', 'allow');
      const deny = new URL(url);
      deny.searchParams.set('decision', 'deny');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Authorize</title></head><body><main><h1>Authorize ${esc(url.searchParams.get('client_id') ?? '')}</h1>
<p>Scopes: ${esc(url.searchParams.get('scope') ?? '')}</p><a id="allow" href="${esc(allow.toString())}">Allow</a> <a id="deny" href="${esc(deny.toString())}">Deny</a></main></body></html>`);
      return;
    }
    if (url.searchParams.get('decision') === 'deny') {
      const redirect = new URL(url.searchParams.get('redirect_uri')!);
      redirect.searchParams.set('error', 'access_denied');
      if (url.searchParams.get('state')) redirect.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: redirect.toString() });
      res.end();
      return;
    }
    service.requestHandler(req, res);
  });
  p.url = await listen(server);
  issuer.url = p.url;
  p.authorizeUrl = `${p.url}/authorize`;
  p.tokenUrl = `${p.url}/token`;
  p.revokeUrl = `${p.url}/revoke`;
  return p;
}

/* ---------------------------------------------------------------- OAuth 1.0a */

export interface OAuth1Provider {
  url: string;
  requestTokenUrl: string;
  authorizeUrl: string;
  accessTokenUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** requests whose signature did not verify */
  badSignatures: number;
  accessTokens: Map<string, string>;
  /** a request signed with the access token verifies? (for checking stored credentials) */
  verify(method: string, url: string, authorization: string, tokenSecret: string): boolean;
  stop(): Promise<void>;
}

function parseOAuthHeader(h: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h?.startsWith('OAuth ')) return out;
  for (const part of h.slice(6).split(/,\s*/)) {
    const m = part.match(/^([^=]+)="(.*)"$/);
    if (m) out[decodeURIComponent(m[1]!)] = decodeURIComponent(m[2]!);
  }
  return out;
}

export async function startOAuth1Provider(): Promise<OAuth1Provider> {
  const consumerKey = `ck_${randomBytes(6).toString('hex')}`;
  const consumerSecret = `cs_${randomBytes(16).toString('hex')}`;
  const oauth = new OAuth({
    consumer: { key: consumerKey, secret: consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const requestTokens = new Map<string, { secret: string; callback: string; verifier?: string }>();
  const p: OAuth1Provider = {
    url: '',
    requestTokenUrl: '',
    authorizeUrl: '',
    accessTokenUrl: '',
    consumerKey,
    consumerSecret,
    badSignatures: 0,
    accessTokens: new Map(),
    verify(method, url, authorization, tokenSecret) {
      const params = parseOAuthHeader(authorization);
      const { oauth_signature, ...rest } = params;
      const expected = oauth.getSignature({ url, method, data: {} }, tokenSecret, rest as never);
      return (
        !!oauth_signature &&
        oauth_signature.length === expected.length &&
        timingSafeEqual(Buffer.from(oauth_signature), Buffer.from(expected))
      );
    },
    stop: async () => {
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const checkSig = (req: http.IncomingMessage, body: string, tokenSecret: string) => {
    const params = parseOAuthHeader(req.headers.authorization);
    if (params.oauth_consumer_key !== consumerKey) return undefined;
    const { oauth_signature, ...rest } = params;
    const data: Record<string, string> = { ...Object.fromEntries(new URLSearchParams(body)) };
    const url = `${p.url}${new URL(req.url!, p.url).pathname}`;
    const expected = oauth.getSignature({ url, method: req.method!, data }, tokenSecret, rest as never);
    if (
      !oauth_signature ||
      oauth_signature.length !== expected.length ||
      !timingSafeEqual(Buffer.from(oauth_signature), Buffer.from(expected))
    ) {
      p.badSignatures++;
      return undefined;
    }
    return params;
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', p.url);
    const body = req.method === 'POST' ? await readBody(req) : '';
    const send = (status: number, text: string, type = 'application/x-www-form-urlencoded') => {
      res.writeHead(status, { 'content-type': type });
      res.end(text);
    };
    if (req.method === 'POST' && url.pathname === '/oauth/request_token') {
      const params = checkSig(req, body, '');
      if (!params || !params.oauth_callback) return send(401, 'oauth_problem=signature_invalid');
      const token = `rt_${randomBytes(8).toString('hex')}`;
      const secret = `rts_${randomBytes(12).toString('hex')}`;
      requestTokens.set(token, { secret, callback: params.oauth_callback });
      return send(
        200,
        new URLSearchParams({
          oauth_token: token,
          oauth_token_secret: secret,
          oauth_callback_confirmed: 'true',
        }).toString(),
      );
    }
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      const token = url.searchParams.get('oauth_token') ?? '';
      const rt = requestTokens.get(token);
      if (!rt) return send(400, 'unknown request token', 'text/plain');
      rt.verifier = `v_${randomBytes(8).toString('hex')}`;
      const cb = new URL(rt.callback);
      cb.searchParams.set('oauth_token', token);
      cb.searchParams.set('oauth_verifier', rt.verifier);
      res.writeHead(302, { location: cb.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth/access_token') {
      const token = parseOAuthHeader(req.headers.authorization).oauth_token ?? '';
      const rt = requestTokens.get(token);
      if (!rt) return send(401, 'oauth_problem=token_rejected');
      const params = checkSig(req, body, rt.secret);
      if (!params || !rt.verifier || params.oauth_verifier !== rt.verifier)
        return send(401, 'oauth_problem=signature_invalid');
      requestTokens.delete(token);
      const access = `at_${randomBytes(8).toString('hex')}`;
      const accessSecret = `ats_${randomBytes(12).toString('hex')}`;
      p.accessTokens.set(access, accessSecret);
      return send(
        200,
        new URLSearchParams({
          oauth_token: access,
          oauth_token_secret: accessSecret,
          user_id: '42',
          screen_name: 'tester',
        }).toString(),
      );
    }
    send(404, 'not found', 'text/plain');
  });
  p.url = await listen(server);
  p.requestTokenUrl = `${p.url}/oauth/request_token`;
  p.authorizeUrl = `${p.url}/oauth/authorize`;
  p.accessTokenUrl = `${p.url}/oauth/access_token`;
  return p;
}
