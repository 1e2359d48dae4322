import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/**
 * The API's own HTML pages (the Connect page as served without the dashboard, the OAuth result
 * page) cannot be framed, run no script, send no Referer; HSTS is sent only when the public URL is
 * https. The dashboard's pages are checked in a browser: e2e/security-headers.spec.ts.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
});

function expectLockedDown(h: Headers) {
  const csp = h.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).not.toMatch(/script-src/); // no script at all: default-src 'none' covers it
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('no-referrer');
}

describe('security headers of the API-served pages', () => {
  it('the plain Connect page', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    expect(ac.status).toBe(201);
    const link = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac.body.auth_config.id,
      user_id: 'header-user',
    });
    expect(link.status).toBe(201);
    expect(link.body.redirect_url).toMatch(/\/api\/v3\/connect_links\/.+\/page$/);
    const page = await fetch(link.body.redirect_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expectLockedDown(page.headers);
    expect(page.headers.get('strict-transport-security')).toBeNull(); // http public URL
    // An unknown link answers with the same headers.
    const missing = await fetch(`${s.apiUrl}/connect_links/lt_doesnotexist000000/page`);
    expectLockedDown(missing.headers);
  });

  it('the OAuth callback result page', async () => {
    const r = await fetch(`${s.apiUrl}/toolkits/auth/callback?state=nothing-we-issued&code=x`);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expectLockedDown(r.headers);
  });
});

describe('HSTS', () => {
  it('is sent on every response when the public URL is https', async () => {
    const https = await startServer({
      env: { JUNCTION_PUBLIC_URL: 'https://junction.example.test' },
      startTimeoutMs: 150_000,
    });
    try {
      for (const p of ['/api/health', '/api/v3/toolkits?limit=1']) {
        const r = await fetch(`${https.url}${p}`, { headers: { 'x-api-key': https.apiKey } });
        expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000');
      }
    } finally {
      await https.stop();
    }
    const plain = await fetch(`${s.url}/api/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  }, 180_000);
});
