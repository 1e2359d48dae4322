import * as oauth from 'oauth4webapi';
import type { Runtime } from '../../runtime';
import { outboundFetch, readCappedText } from '../../net/outbound';
import type { OAuthApp } from './provider';

/**
 * Revoking an OAuth grant at the provider. The endpoint comes from the auth config
 * (`credentials.revocation_url`, for self-hosted providers and loopback tests) or from the table of
 * providers' documented endpoints below. Two styles exist: RFC 7009 (a form POST of the token with
 * client authentication, sent with oauth4webapi) and GitHub's own (DELETE of the token under the
 * OAuth app, authenticated with the app's id and secret).
 */
export type RevocationStyle = 'rfc7009' | 'github';

export interface RevocationEndpoint {
  url: string;
  style: RevocationStyle;
  /** how the client authenticates at an RFC 7009 endpoint (Google's takes the token alone) */
  clientAuth?: 'client_secret_post' | 'client_secret_basic' | 'none';
}

const GOOGLE: RevocationEndpoint = {
  url: 'https://oauth2.googleapis.com/revoke',
  style: 'rfc7009',
  clientAuth: 'none',
};

/** Providers' documented revocation endpoints, by toolkit slug. */
export const REVOCATION_ENDPOINTS: Record<string, RevocationEndpoint> = {
  gmail: GOOGLE,
  googlecalendar: GOOGLE,
  googledrive: GOOGLE,
  googlesheets: GOOGLE,
  googledocs: GOOGLE,
  googletasks: GOOGLE,
  youtube: GOOGLE,
  github: { url: 'https://api.github.com', style: 'github' },
  gitlab: { url: 'https://gitlab.com/oauth/revoke', style: 'rfc7009' },
  zoom: { url: 'https://zoom.us/oauth/revoke', style: 'rfc7009', clientAuth: 'client_secret_basic' },
  box: { url: 'https://api.box.com/oauth2/revoke', style: 'rfc7009' },
  twitter: { url: 'https://api.twitter.com/2/oauth2/revoke', style: 'rfc7009', clientAuth: 'client_secret_basic' },
  xero: { url: 'https://identity.xero.com/connect/revocation', style: 'rfc7009', clientAuth: 'client_secret_basic' },
  asana: { url: 'https://app.asana.com/-/oauth_revoke', style: 'rfc7009' },
};

/**
 * The auth config's own RFC 7009 endpoint (`credentials.revocation_url`: a self-hosted GitLab, a
 * loopback provider) wins over the table; its client authentication is the token endpoint's.
 */
export function revocationEndpoint(
  toolkit: string,
  creds: Record<string, unknown>,
  app: Pick<OAuthApp, 'tokenAuthMethod'>,
): RevocationEndpoint | undefined {
  const own = typeof creds.revocation_url === 'string' && creds.revocation_url.trim();
  if (own) return { url: own, style: 'rfc7009', clientAuth: app.tokenAuthMethod };
  return REVOCATION_ENDPOINTS[toolkit];
}

/** What one revocation call came to. */
export type RevokeOutcome =
  | { ok: true }
  /** the provider refused the token as invalid or unknown: the grant is gone already */
  | { ok: false; gone: true; reason: string }
  /** unreachable, 5xx, or refused the client: nothing is known to be revoked */
  | { ok: false; gone: false; reason: string };

function fetcher(rt: Runtime) {
  return async (url: string, init: oauth.CustomFetchOptions<'POST', URLSearchParams>) => {
    const res = await outboundFetch(url, {
      allowInsecure: rt.config.allowInsecureUrls,
      method: init.method,
      headers: init.headers as Record<string, string>,
      body: init.body as never,
      timeoutMs: 20_000,
    });
    const text = await readCappedText(res, 64 * 1024);
    return new Response(text, { status: res.status, headers: res.headers as unknown as HeadersInit });
  };
}

function clientAuthFor(ep: RevocationEndpoint, app: OAuthApp): oauth.ClientAuth {
  if (ep.clientAuth === 'none') return oauth.None();
  if (ep.clientAuth === 'client_secret_basic') return oauth.ClientSecretBasic(app.clientSecret);
  return oauth.ClientSecretPost(app.clientSecret);
}

async function rfc7009(
  rt: Runtime,
  ep: RevocationEndpoint,
  app: OAuthApp,
  token: string,
  hint: 'access_token' | 'refresh_token',
): Promise<RevokeOutcome> {
  const as: oauth.AuthorizationServer = { issuer: new URL(ep.url).origin, revocation_endpoint: ep.url };
  let res: Response;
  try {
    res = await oauth.revocationRequest(as, { client_id: app.clientId }, clientAuthFor(ep, app), token, {
      additionalParameters: { token_type_hint: hint },
      [oauth.customFetch]: fetcher(rt) as never,
      ...(rt.config.allowInsecureUrls ? { [oauth.allowInsecureRequests]: true } : {}),
    });
  } catch (err) {
    return { ok: false, gone: false, reason: `revocation endpoint unreachable: ${(err as Error).message}` };
  }
  try {
    await oauth.processRevocationResponse(res);
    return { ok: true };
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) {
      // RFC 7009 §2.2: an invalid token is answered 200; providers that answer invalid_token/invalid_grant mean the same
      if (err.error === 'invalid_token' || err.error === 'invalid_grant')
        return { ok: false, gone: true, reason: err.error };
      return { ok: false, gone: false, reason: `provider answered ${err.status} ${err.error}` };
    }
    return { ok: false, gone: false, reason: `provider answered ${res.status}` };
  }
}

/** GitHub: `DELETE /applications/{client_id}/token` with the app's credentials; 204 revoked, 404 unknown token. */
async function github(rt: Runtime, ep: RevocationEndpoint, app: OAuthApp, token: string): Promise<RevokeOutcome> {
  let res: Awaited<ReturnType<typeof outboundFetch>>;
  try {
    res = await outboundFetch(`${ep.url.replace(/\/+$/, '')}/applications/${encodeURIComponent(app.clientId)}/token`, {
      allowInsecure: rt.config.allowInsecureUrls,
      method: 'DELETE',
      headers: {
        authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
        accept: 'application/vnd.github+json',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ access_token: token }),
      timeoutMs: 20_000,
    });
    await readCappedText(res, 64 * 1024);
  } catch (err) {
    return { ok: false, gone: false, reason: `revocation endpoint unreachable: ${(err as Error).message}` };
  }
  if (res.status === 204 || res.status === 200) return { ok: true };
  if (res.status === 404 || res.status === 422)
    return { ok: false, gone: true, reason: `token unknown (${res.status})` };
  return { ok: false, gone: false, reason: `provider answered ${res.status}` };
}

export function revokeToken(
  rt: Runtime,
  ep: RevocationEndpoint,
  app: OAuthApp,
  token: string,
  hint: 'access_token' | 'refresh_token',
): Promise<RevokeOutcome> {
  return ep.style === 'github' ? github(rt, ep, app, token) : rfc7009(rt, ep, app, token, hint);
}
