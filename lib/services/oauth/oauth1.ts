import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { Runtime } from '../../runtime';
import { notReachable, outboundFailure, outboundFetch, readCappedText } from '../../net/outbound';
import type { OAuthApp } from './provider';
import { requireUrl } from './provider';
import { TokenError } from './oauth2';

/** OAuth 1.0a three-legged flow (RFC 5849), HMAC-SHA1 signatures through `oauth-1.0a`. */
function signer(app: OAuthApp) {
  return new OAuth({
    consumer: { key: app.clientId, secret: app.clientSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
}

async function signedPost(
  rt: Runtime,
  app: OAuthApp,
  url: string,
  data: Record<string, string>,
  token?: { key: string; secret: string },
) {
  const o = signer(app);
  const auth = o.authorize({ url, method: 'POST', data }, token);
  // oauth_callback / oauth_verifier are signed as data and sent in the Authorization header
  const oauthParams = Object.fromEntries(Object.entries(data).filter(([k]) => k.startsWith('oauth_')));
  const header = o.toHeader({ ...auth, ...oauthParams });
  let res;
  try {
    res = await outboundFetch(url, {
      allowInsecure: rt.config.allowInsecureUrls,
      method: 'POST',
      headers: {
        ...header,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/x-www-form-urlencoded, application/json',
      },
      body: new URLSearchParams(
        Object.fromEntries(Object.entries(data).filter(([k]) => !k.startsWith('oauth_'))),
      ).toString(),
      timeoutMs: 20_000,
    });
  } catch (err) {
    const f = outboundFailure(err);
    throw new TokenError(
      f.kind === 'form'
        ? `OAuth1 endpoint refused: ${f.detail}`
        : notReachable('the OAuth1 endpoint', f.detail, { url }),
      undefined,
      undefined,
      false,
    );
  }
  let text: string;
  try {
    text = await readCappedText(res, rt.config.upstreamMaxBytes);
  } catch (err) {
    throw new TokenError(
      `OAuth1 endpoint response unreadable: ${(err as Error).message}`,
      'invalid_response',
      undefined,
      false,
      res.status,
    );
  }
  let fields: Record<string, string>;
  try {
    const j = JSON.parse(text);
    fields = Object.fromEntries(Object.entries(j).map(([k, v]) => [k, String(v)]));
  } catch {
    fields = Object.fromEntries(new URLSearchParams(text));
  }
  if (!res.ok || !fields.oauth_token || !fields.oauth_token_secret) {
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 429;
    throw new TokenError(
      `OAuth1 endpoint answered ${res.status}`,
      fields.error ?? (res.status === 401 ? 'invalid_token' : 'invalid_response'),
      fields.error_description ?? text.slice(0, 200),
      permanent,
      res.status,
    );
  }
  return fields;
}

/** Leg 1: a request token, with our callback. */
export async function requestToken(rt: Runtime, app: OAuthApp, callback: string) {
  const url = requireUrl(app.requestTokenUrl, 'OAuth1 request token URL', 'request_token_url');
  const data: Record<string, string> = { oauth_callback: callback };
  if (app.scopes.length) data.scope = app.scopes.join(app.scopeSeparator === ' ' ? ',' : app.scopeSeparator);
  const f = await signedPost(rt, app, url, data);
  return {
    token: f.oauth_token!,
    secret: f.oauth_token_secret!,
    callbackConfirmed: f.oauth_callback_confirmed === 'true',
  };
}

/** Leg 2: where the user authorizes the request token. */
export function authorizeUrl(app: OAuthApp, token: string): string {
  const url = new URL(requireUrl(app.authorizationUrl, 'OAuth1 authorization URL', 'authorization_url'));
  url.searchParams.set('oauth_token', token);
  for (const [k, v] of Object.entries(app.extraAuthParams)) url.searchParams.set(k, v);
  return url.toString();
}

/** Leg 3: trade the authorized request token and verifier for an access token. */
export async function accessToken(rt: Runtime, app: OAuthApp, token: string, secret: string, verifier: string) {
  const url = requireUrl(app.accessTokenUrl, 'OAuth1 access token URL', 'access_token_url');
  const f = await signedPost(rt, app, url, { oauth_verifier: verifier }, { key: token, secret });
  const { oauth_token, oauth_token_secret, ...rest } = f;
  return { oauth_token: oauth_token!, oauth_token_secret: oauth_token_secret!, extra: rest };
}
