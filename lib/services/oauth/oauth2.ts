import * as oauth from 'oauth4webapi';
import type { Runtime } from '../../runtime';
import { notReachable, outboundFailure, outboundFetch, readCappedText } from '../../net/outbound';
import { recordTokenRefresh } from '../../metrics';
import type { OAuthApp } from './provider';
import { requireUrl } from './provider';

/**
 * OAuth 2.0 against a provider, through oauth4webapi. Every request goes through the SSRF-guarded
 * `outboundFetch`; plain http:// endpoints are accepted only with JUNCTION_ALLOW_INSECURE_URLS.
 */

/** A token endpoint answered with an OAuth error, or could not be reached. */
export class TokenError extends Error {
  constructor(
    message: string,
    /** OAuth `error` code (`invalid_grant` …) when the provider sent one */
    readonly error: string | undefined,
    readonly errorDescription: string | undefined,
    /** permanent: retrying with the same grant cannot succeed */
    readonly permanent: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

const PERMANENT_ERRORS = new Set([
  'invalid_grant',
  'invalid_client',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
]);

export interface TokenSet {
  access_token: string;
  token_type?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  id_token?: string;
  [k: string]: unknown;
}

function serverOf(app: OAuthApp): oauth.AuthorizationServer {
  const tokenUrl = requireUrl(app.tokenUrl, 'token URL', 'token_url');
  return {
    issuer: new URL(tokenUrl).origin,
    token_endpoint: tokenUrl,
    ...(app.authorizationUrl ? { authorization_endpoint: app.authorizationUrl } : {}),
  };
}

/**
 * Providers bend the token response: GitHub answers errors with 200, Slack says token_type "bot",
 * some omit token_type, and OIDC providers add an id_token whose issuer we cannot know in advance.
 * Normalise the response before oauth4webapi checks it; the id_token is kept as given.
 */
function fetchFor(
  rt: Runtime,
  stash: { idToken?: string; extra?: Record<string, unknown> },
): (url: string, init: oauth.CustomFetchOptions<'POST', URLSearchParams>) => Promise<Response> {
  return async (url, init) => {
    const res = await outboundFetch(url, {
      allowInsecure: rt.config.allowInsecureUrls,
      method: init.method,
      headers: init.headers as Record<string, string>,
      body: init.body as never,
      timeoutMs: 20_000,
    });
    // past the cap this throws: the token request fails with the reason instead of buffering it all
    const text = await readCappedText(res, rt.config.upstreamMaxBytes);
    let body: Record<string, unknown> | undefined;
    try {
      const parsed = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      if (
        /application\/x-www-form-urlencoded|text\/plain/.test(res.headers.get('content-type') ?? '') &&
        text.includes('=')
      ) {
        body = Object.fromEntries(new URLSearchParams(text));
      }
    }
    const headers = new Headers();
    res.headers.forEach((v, k) => {
      if (k !== 'content-length' && k !== 'content-encoding') headers.set(k, v);
    });
    headers.set('content-type', 'application/json');
    if (!body) return new Response(text, { status: res.status, headers: res.headers as unknown as HeadersInit });
    let status = res.status;
    if (status === 200 && typeof body.error === 'string' && typeof body.access_token !== 'string') status = 400;
    if (status === 200) {
      if (typeof body.id_token === 'string') {
        stash.idToken = body.id_token;
        delete body.id_token;
      }
      if (typeof body.token_type !== 'string') body.token_type = 'bearer';
      const { access_token: _a, token_type: _t, expires_in: _e, refresh_token: _r, scope, ...rest } = body;
      if (scope !== undefined && typeof scope !== 'string')
        body.scope = Array.isArray(scope) ? scope.join(' ') : String(scope);
      stash.extra = rest;
    }
    return new Response(JSON.stringify(body), { status, headers });
  };
}

function options(rt: Runtime, stash: { idToken?: string }): oauth.TokenEndpointRequestOptions {
  return {
    [oauth.customFetch]: fetchFor(rt, stash) as never,
    ...(rt.config.allowInsecureUrls ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

function clientAuth(app: OAuthApp): oauth.ClientAuth {
  return app.tokenAuthMethod === 'client_secret_basic'
    ? basicAuth(app.clientSecret)
    : oauth.ClientSecretPost(app.clientSecret);
}

/**
 * HTTP Basic client authentication with the id and secret form-encoded as browsers encode forms
 * (RFC 6749 §2.3.1). oauth4webapi's own also escapes `-`, `_`, `.` and `~`, which providers that
 * compare the header literally (Reddit, whose client ids are full of `-` and `_`) refuse.
 */
function basicAuth(secret: string): oauth.ClientAuth {
  const enc = (v: string) => new URLSearchParams({ v }).toString().slice(2);
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${enc(client.client_id)}:${enc(secret)}`)}`);
  };
}

const recognizeAny = new Proxy({}, { get: () => () => undefined }) as oauth.RecognizedTokenTypes;

async function run(
  rt: Runtime,
  app: OAuthApp,
  send: (
    as: oauth.AuthorizationServer,
    client: oauth.Client,
    opts: oauth.TokenEndpointRequestOptions,
  ) => Promise<Response>,
): Promise<TokenSet> {
  const as = serverOf(app);
  const client: oauth.Client = { client_id: app.clientId };
  const stash: { idToken?: string; extra?: Record<string, unknown> } = {};
  let res: Response;
  try {
    res = await send(as, client, options(rt, stash));
  } catch (err) {
    const f = outboundFailure(err);
    throw new TokenError(
      f.kind === 'form' || f.kind === 'too_large'
        ? `token endpoint: ${f.detail}`
        : f.kind === 'timeout'
          ? 'token endpoint did not answer in time'
          : notReachable('the token endpoint', f.detail, { tokenUrl: as.token_endpoint }),
      undefined,
      undefined,
      false,
    );
  }
  try {
    const tokens = await oauth.processGenericTokenEndpointResponse(as, client, res, {
      recognizedTokenTypes: recognizeAny,
    });
    const out: TokenSet = { ...(stash.extra ?? {}), access_token: tokens.access_token, token_type: tokens.token_type };
    if (tokens.expires_in !== undefined) out.expires_in = tokens.expires_in;
    if (tokens.refresh_token) out.refresh_token = tokens.refresh_token;
    if (tokens.scope) out.scope = tokens.scope;
    if (stash.idToken) out.id_token = stash.idToken;
    return out;
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) {
      const code = err.error;
      const permanent =
        PERMANENT_ERRORS.has(code) ||
        (err.status >= 400 && err.status < 500 && err.status !== 429 && err.status !== 408);
      throw new TokenError(`token endpoint error: ${code}`, code, err.error_description, permanent, err.status);
    }
    if (err instanceof oauth.WWWAuthenticateChallengeError) {
      throw new TokenError('token endpoint rejected the client', 'invalid_client', undefined, true, err.status);
    }
    const status = res.status;
    const permanent = status >= 400 && status < 500 && status !== 429 && status !== 408;
    throw new TokenError(
      `token endpoint answered ${status}: ${(err as Error).message}`,
      undefined,
      undefined,
      permanent,
      status,
    );
  }
}

/** The provider's authorize URL with state and PKCE (S256). */
export async function authorizationUrl(app: OAuthApp, state: string, codeVerifier: string): Promise<string> {
  const url = new URL(requireUrl(app.authorizationUrl, 'authorization URL', 'authorization_url'));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', app.redirectUri);
  if (app.scopes.length) url.searchParams.set('scope', app.scopes.join(app.scopeSeparator));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  for (const [k, v] of Object.entries(app.extraAuthParams)) url.searchParams.set(k, v);
  return url.toString();
}

export function newCodeVerifier(): string {
  return oauth.generateRandomCodeVerifier();
}

export function exchangeCode(rt: Runtime, app: OAuthApp, code: string, codeVerifier: string): Promise<TokenSet> {
  return run(rt, app, (as, client, opts) =>
    oauth.genericTokenEndpointRequest(
      as,
      client,
      clientAuth(app),
      'authorization_code',
      { code, redirect_uri: app.redirectUri, code_verifier: codeVerifier },
      opts,
    ),
  );
}

export function refreshTokens(rt: Runtime, app: OAuthApp, refreshToken: string): Promise<TokenSet> {
  return counted(
    run(rt, app, (as, client, opts) => oauth.refreshTokenGrantRequest(as, client, clientAuth(app), refreshToken, opts)),
  );
}

export function clientCredentials(rt: Runtime, app: OAuthApp): Promise<TokenSet> {
  const params: Record<string, string> = {};
  if (app.scopes.length) params.scope = app.scopes.join(app.scopeSeparator);
  return counted(
    run(rt, app, (as, client, opts) => oauth.clientCredentialsGrantRequest(as, client, clientAuth(app), params, opts)),
  );
}

/** Client authentication that sends nothing: the grant itself authenticates (an RFC 7523 assertion). */
const noClientAuth: oauth.ClientAuth = () => {};

/**
 * A token request with any grant and extra form fields: client-credentials variants (Zoom's
 * `account_credentials`) and the JWT-bearer grant of Google service accounts (`client: false`, the
 * signed assertion is the authentication).
 */
export function grantRequest(
  rt: Runtime,
  app: OAuthApp,
  grantType: string,
  params: Record<string, string>,
  client = true,
): Promise<TokenSet> {
  return counted(
    run(rt, app, (as, c, opts) =>
      oauth.genericTokenEndpointRequest(as, c, client ? clientAuth(app) : noClientAuth, grantType, params, opts),
    ),
  );
}

/** Token refreshes (refresh_token and client_credentials grants) by outcome, for /metrics. */
function counted(p: Promise<TokenSet>): Promise<TokenSet> {
  return p.then(
    (t) => {
      recordTokenRefresh('success');
      return t;
    },
    (err: unknown) => {
      recordTokenRefresh('failure');
      throw err;
    },
  );
}
