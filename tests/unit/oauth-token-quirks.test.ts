import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, refreshTokens, TokenError } from '../../lib/services/oauth/oauth2';
import type { OAuthApp } from '../../lib/services/oauth/provider';
import type { Runtime } from '../../lib/runtime';

// Token endpoints as real providers answer them (GitHub, Slack, form-encoded legacy servers).
let server: http.Server;
let base = '';
const answers = new Map<string, { status: number; type: string; body: string }>();
const seen: { path: string; auth?: string; body: string; accept?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ path: req.url!, auth: req.headers.authorization, body, accept: req.headers.accept });
      const a = answers.get(req.url!) ?? { status: 404, type: 'text/plain', body: 'no' };
      res.writeHead(a.status, { 'content-type': a.type });
      res.end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const rt = (insecure = true) => ({ config: { allowInsecureUrls: insecure } }) as unknown as Runtime;
const app = (path: string, extra: Partial<OAuthApp> = {}): OAuthApp => ({
  mode: 'OAUTH2',
  clientId: 'cid',
  clientSecret: 'csecret',
  authorizationUrl: `${base}/authorize`,
  tokenUrl: `${base}${path}`,
  scopes: [],
  scopeSeparator: ' ',
  redirectUri: 'https://junction.example/api/v3/toolkits/auth/callback',
  grantType: 'authorization_code',
  tokenAuthMethod: 'client_secret_post',
  extraAuthParams: {},
  ...extra,
});

describe('OAuth2 token responses from real-world providers', () => {
  it('GitHub: 200 with {error} is a failure, not a token', async () => {
    answers.set('/gh', {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
      }),
    });
    const err = await exchangeCode(rt(), app('/gh'), 'c', 'v'.repeat(43)).catch((e) => e);
    expect(err).toBeInstanceOf(TokenError);
    expect(err.error).toBe('bad_verification_code');
    expect(err.errorDescription).toContain('incorrect');
    const req = seen.at(-1)!;
    expect(req.accept).toContain('application/json');
    expect(new URLSearchParams(req.body).get('client_secret')).toBe('csecret');
    expect(new URLSearchParams(req.body).get('code_verifier')).toBe('v'.repeat(43));
  });

  it('Slack: token_type "bot" and extra fields (authed_user, team) are kept', async () => {
    answers.set('/slack', {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        ok: true,
        access_token: 'xoxb-1',
        token_type: 'bot',
        scope: 'chat:write',
        authed_user: { id: 'U1' },
        team: { id: 'T1' },
      }),
    });
    const t = await exchangeCode(rt(), app('/slack'), 'c', 'v'.repeat(43));
    expect(t).toMatchObject({
      access_token: 'xoxb-1',
      token_type: 'bot',
      scope: 'chat:write',
      authed_user: { id: 'U1' },
      team: { id: 'T1' },
    });
  });

  it('form-encoded answers, a missing token_type, and an id_token from an issuer we do not know', async () => {
    answers.set('/form', {
      status: 200,
      type: 'application/x-www-form-urlencoded',
      body: 'access_token=abc&refresh_token=r1&expires_in=120&id_token=eyJ.fake.jwt',
    });
    const t = await refreshTokens(rt(), app('/form', { tokenAuthMethod: 'client_secret_basic' }), 'r0');
    expect(t).toMatchObject({
      access_token: 'abc',
      refresh_token: 'r1',
      expires_in: 120,
      token_type: 'bearer',
      id_token: 'eyJ.fake.jwt',
    });
    expect(seen.at(-1)!.auth).toBe(`Basic ${Buffer.from('cid:csecret').toString('base64')}`);
  });

  it('invalid_grant is permanent; a 503 is transient', async () => {
    answers.set('/ig', { status: 400, type: 'application/json', body: JSON.stringify({ error: 'invalid_grant' }) });
    answers.set('/503', { status: 503, type: 'text/html', body: '<h1>down</h1>' });
    const a = await refreshTokens(rt(), app('/ig'), 'r').catch((e) => e);
    expect(a).toMatchObject({ error: 'invalid_grant', permanent: true });
    const b = await refreshTokens(rt(), app('/503'), 'r').catch((e) => e);
    expect(b).toBeInstanceOf(TokenError);
    expect(b.permanent).toBe(false);
  });

  it('http:// and loopback token endpoints are refused unless insecure URLs are allowed', async () => {
    answers.set('/ok', {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ access_token: 'x', token_type: 'Bearer' }),
    });
    const n = seen.length;
    const err = await exchangeCode(rt(false), app('/ok'), 'c', 'v'.repeat(43)).catch((e) => e);
    expect(err).toBeInstanceOf(TokenError);
    expect(seen.length).toBe(n); // never reached
  });
});
