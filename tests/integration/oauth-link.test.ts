import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { cookieOf, followUntil, oauth2Config } from '../helpers/oauth-flow';
import { SDKS, composioFor, type SdkVersion } from '../helpers/sdks';

const CALLBACK = 'http://app.example.test/linked';

let s: TestServer;
let p: OAuth2Provider;
/** the SDK against the current process (a PGlite restart moves the server to another port) */
const client = (v: SdkVersion) => composioFor(v, s);
beforeAll(async () => {
  p = await startOAuth2Provider();
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
  await p?.stop();
});

const tokenOf = (redirectUrl: string) => new URL(redirectUrl).pathname.match(/lt_[A-Za-z0-9]+/)![0];

async function submit(token: string, form: Record<string, string>) {
  return fetch(`${s.url}/api/v3/connect_links/${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

describe('Connect Link', () => {
  it('POST /connected_accounts/link → 201 with a token, the hosted page URL, expiry and an INITIALIZING account', async () => {
    const ac = await oauth2Config(s, p);
    const r = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac,
      user_id: 'link-user',
      callback_url: CALLBACK,
      alias: 'work',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      link_token: expect.stringMatching(/^lt_/),
      connected_account_id: expect.stringMatching(/^ca_/),
    });
    // this server runs without the dashboard: the API serves the page itself (with it: /connect/<token>, see e2e/)
    expect(r.body.redirect_url).toBe(`${s.url}/api/v3/connect_links/${r.body.link_token}/page`);
    const page = await fetch(r.body.redirect_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Connect GitHub</h1>');
    expect(html).toContain(`action="/api/v3/connect_links/${r.body.link_token}"`);
    expect(html).toContain('Continue to GitHub');
    const exp = Date.parse(r.body.expires_at) - Date.now();
    expect(exp).toBeGreaterThan(9 * 60_000);
    expect(exp).toBeLessThanOrEqual(10 * 60_000);
    const acc = (await s.api('GET', `/connected_accounts/${r.body.connected_account_id}`)).body;
    expect(acc).toMatchObject({
      status: 'INITIALIZING',
      alias: 'work',
      state: { authScheme: 'OAUTH2', val: { status: 'INITIALIZING' } },
    });
    const view = await (await fetch(`${s.apiUrl}/connect_links/${r.body.link_token}`)).json();
    expect(view).toMatchObject({
      state: 'open',
      redirect: true,
      mode: 'OAUTH2',
      toolkit: { slug: 'github', name: 'GitHub' },
      project: { name: expect.any(String) },
    });
  });

  it('OAuth through the link: the page starts the redirect, the callback lands on callback_url, ACTIVE; the link works once', async () => {
    const ac = await oauth2Config(s, p);
    const r = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac,
      user_id: 'link-user2',
      callback_url: CALLBACK,
    });
    const token = tokenOf(r.body.redirect_url);
    const res = await submit(token, {});
    expect(res.status).toBe(303);
    const providerUrl = res.headers.get('location')!;
    expect(providerUrl.startsWith(p.authorizeUrl)).toBe(true);
    const mid = (await s.api('GET', `/connected_accounts/${r.body.connected_account_id}`)).body;
    expect(mid.state.val).toMatchObject({ status: 'INITIATED', redirectUrl: providerUrl });
    const done = await followUntil(providerUrl, CALLBACK, 10, cookieOf(res));
    expect(done.final.searchParams.get('status')).toBe('success');
    expect(done.final.searchParams.get('connected_account_id')).toBe(r.body.connected_account_id);
    expect((await s.api('GET', `/connected_accounts/${r.body.connected_account_id}`)).body.status).toBe('ACTIVE');
    // once
    const again = await submit(token, {});
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('error=');
    expect((await (await fetch(`${s.apiUrl}/connect_links/${token}`)).json()).state).toBe('used');
  });

  it('an OAuth flow started on the Connect page completes only in the browser that started it (cookie binding)', async () => {
    const ac = await oauth2Config(s, p);
    const r = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac,
      user_id: 'bound-user',
      callback_url: CALLBACK,
    });
    const res = await submit(tokenOf(r.body.redirect_url), {});
    expect(res.status).toBe(303);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(new RegExp(`^junction_oauth_${r.body.connected_account_id}=[A-Za-z0-9_-]{40,};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api/v3/toolkits/auth/callback');
    // the provider sends the user back with code and state: that URL is what a forwarded link would deliver
    const back = await fetch(res.headers.get('location')!, { redirect: 'manual' });
    const callbackUrl = back.headers.get('location')!;
    expect(new URL(callbackUrl).pathname).toBe('/api/v3/toolkits/auth/callback');
    expect(new URL(callbackUrl).searchParams.get('state')).toBeTruthy();
    const accountStatus = async () =>
      (await s.api('GET', `/connected_accounts/${r.body.connected_account_id}`)).body.status;

    const without = await fetch(callbackUrl, { redirect: 'manual' });
    expect(without.status).toBe(403);
    expect(await without.text()).toContain('started in another browser');
    const name = cookieOf(res)!.split('=')[0];
    const wrong = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: `${name}=${'x'.repeat(43)}` } });
    expect(wrong.status).toBe(403);
    const otherFlows = await fetch(callbackUrl, {
      redirect: 'manual',
      headers: { cookie: `junction_oauth_ca_other=${cookieOf(res)!.split('=')[1]}` },
    });
    expect(otherFlows.status).toBe(403);
    expect(await accountStatus()).toBe('INITIATED'); // nothing landed, and the flow is still there for its owner

    const right = await fetch(callbackUrl, {
      redirect: 'manual',
      headers: { cookie: `unrelated=1; ${cookieOf(res)}` },
    });
    expect(right.status).toBe(302);
    const done = new URL(right.headers.get('location')!);
    expect(`${done.origin}${done.pathname}`).toBe(CALLBACK);
    expect(done.searchParams.get('status')).toBe('success');
    expect(right.headers.get('set-cookie')).toMatch(new RegExp(`^${name}=;.*Max-Age=0`)); // the binding is cleared
    expect(await accountStatus()).toBe('ACTIVE');
    // used once: the same URL with the cookie again is refused
    expect((await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: cookieOf(res)! } })).status).toBe(400);
  });

  it('API-initiated OAuth (no Connect page, the app redirects its user itself) needs no cookie', async () => {
    const ac = await oauth2Config(s, p);
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac },
      connection: { user_id: 'api-user', callback_url: CALLBACK },
    });
    expect(r.status).toBe(201);
    const done = await followUntil(r.body.redirect_url, CALLBACK);
    expect(done.final.searchParams.get('status')).toBe('success');
    expect((await s.api('GET', `/connected_accounts/${r.body.id}`)).body.status).toBe('ACTIVE');
  });

  it("API key through the link: the form takes the toolkit's fields; missing ones do not consume the link", async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const r = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac.body.auth_config.id,
      user_id: 'k',
      callback_url: CALLBACK,
    });
    const token = tokenOf(r.body.redirect_url);
    const view = await (await fetch(`${s.apiUrl}/connect_links/${token}`)).json();
    expect(view).toMatchObject({
      state: 'open',
      redirect: false,
      fields: [expect.objectContaining({ name: 'api_key', required: true, secret: true })],
    });
    const empty = await submit(token, { api_key: '' });
    expect(empty.status).toBe(303);
    expect(decodeURIComponent(empty.headers.get('location')!)).toContain('api_key');
    const withError = await (await fetch(new URL(empty.headers.get('location')!, s.url))).text();
    expect(withError).toContain('role="alert"');
    expect(withError).toMatch(/<label for="field-api_key">API Key/);
    expect(withError).toContain('type="password"');
    const ok = await submit(token, { api_key: 'SG.link-key', unrelated: 'ignored' });
    expect(ok.status).toBe(303);
    const back = new URL(ok.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('status')).toBe('success');
    const acc = (await s.api('GET', `/connected_accounts/${r.body.connected_account_id}`)).body;
    expect(acc.status).toBe('ACTIVE');
    expect(acc.state.val).toEqual({ status: 'ACTIVE', api_key: 'SG.l...' });
    // what the user typed is stored as typed: the audited reveal shows it
    const revealed = (await s.api('POST', `/connected_accounts/${r.body.connected_account_id}/reveal`)).body;
    expect(revealed.state.val).toEqual({ status: 'ACTIVE', api_key: 'SG.link-key' });
  });

  it('connection_data pre-fills fields (Jira subdomain) and is kept on the ACTIVE account', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'jira' },
      auth_config: { type: 'use_custom_auth', authScheme: 'BASIC' },
    });
    const r = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac.body.auth_config.id,
      user_id: 'j',
      connection_data: { subdomain: 'acme' },
    });
    const token = tokenOf(r.body.redirect_url);
    const view = await (await fetch(`${s.apiUrl}/connect_links/${token}`)).json();
    expect(view.fields.find((f: { name: string }) => f.name === 'subdomain')).toMatchObject({
      value: 'acme',
      required: true,
    });
    const ok = await submit(token, { username: 'ann', password: 'pw-secret' });
    expect(ok.status).toBe(200); // no callback_url: a "connected" page
    expect(await ok.text()).toContain('connected');
    const acc = (await s.api('GET', `/connected_accounts/${r.body.connected_account_id}`)).body;
    expect(acc.state.val).toEqual({ status: 'ACTIVE', subdomain: 'acme', username: 'ann', password: 'pw-s...' });
    const revealed = (await s.api('POST', `/connected_accounts/${r.body.connected_account_id}/reveal`)).body;
    expect(revealed.state.val).toEqual({ status: 'ACTIVE', subdomain: 'acme', username: 'ann', password: 'pw-secret' });
  });

  it('unknown tokens and errors', async () => {
    expect((await (await fetch(`${s.apiUrl}/connect_links/lt_nope`)).json()).state).toBe('unknown');
    expect((await submit('lt_nope', {})).headers.get('location')).toContain('error=');
    const bad = await s.api('POST', '/connected_accounts/link', { auth_config_id: 'ac_doesnotexist1', user_id: 'x' });
    expect(bad.status).toBe(404);
  });
});

describe('Connect Link expiry (10 minutes, controllable clock)', () => {
  it('a link opened 11 minutes later shows "expired" and cannot be used', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const r = await s.api('POST', '/connected_accounts/link', {
      auth_config_id: ac.body.auth_config.id,
      user_id: 'late',
      callback_url: CALLBACK,
    });
    const token = tokenOf(r.body.redirect_url);
    if (!s.databaseUrl) await s.stop();
    const later = await startServer({ reuse: s, env: { JUNCTION_CLOCK_OFFSET_MS: String(11 * 60 * 1000) } });
    try {
      expect((await (await fetch(`${later.apiUrl}/connect_links/${token}`)).json()).state).toBe('expired');
      const res = await fetch(`${later.apiUrl}/connect_links/${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'api_key=SG.too-late',
        redirect: 'manual',
      });
      expect(decodeURIComponent(res.headers.get('location')!)).toContain('expired');
      // the late form did not connect it; the minute's initiation-timeout sweep may have marked it EXPIRED
      expect(['INITIALIZING', 'EXPIRED']).toContain(
        (await later.api('GET', `/connected_accounts/${r.body.connected_account_id}`)).body.status,
      );
    } finally {
      await later.stop();
      if (!s.databaseUrl) s = await s.restart();
    }
  }, 240_000);
});

describe.each(SDKS)('@composio/core $version: OAuth2 connections', (v) => {
  const sdk = () => client(v);
  it('connectedAccounts.initiate → visit the redirect → waitForConnection resolves ACTIVE', async () => {
    const ac = await oauth2Config(s, p);
    const req = await sdk().connectedAccounts.initiate(`sdk-oauth-user-${v.version}`, ac, { callbackUrl: CALLBACK });
    expect(req.status).toBe('INITIATED');
    expect(req.redirectUrl).toMatch(new RegExp(`^${p.authorizeUrl}`));
    const pending = await sdk().connectedAccounts.get(req.id);
    expect(pending.state).toMatchObject({
      authScheme: 'OAUTH2',
      val: { status: 'INITIATED', redirectUrl: req.redirectUrl },
    });
    await followUntil(req.redirectUrl!, CALLBACK);
    const acc = await req.waitForConnection(15_000);
    expect(acc.status).toBe('ACTIVE');
    expect(acc.state).toMatchObject({
      authScheme: 'OAUTH2',
      val: { status: 'ACTIVE', access_token: expect.any(String) },
    });
  });

  it('connectedAccounts.link → the hosted page → provider → waitForConnection resolves ACTIVE', async () => {
    const ac = await oauth2Config(s, p);
    const req = await sdk().connectedAccounts.link(`sdk-link-user-${v.version}`, ac, { callbackUrl: CALLBACK });
    expect(req.id).toMatch(/^ca_/);
    expect(req.redirectUrl).toMatch(/\/connect_links\/lt_[A-Za-z0-9]+\/page$/);
    const res = await submit(tokenOf(req.redirectUrl!), {});
    await followUntil(res.headers.get('location')!, CALLBACK, 10, cookieOf(res));
    const acc = await sdk().connectedAccounts.waitForConnection(req.id, 15_000);
    expect(acc.status).toBe('ACTIVE');
  });

  it('waitForConnection rejects when the user denies', async () => {
    const ac = await oauth2Config(s, p);
    const req = await sdk().connectedAccounts.initiate(`sdk-deny-user-${v.version}`, ac, { callbackUrl: CALLBACK });
    p.deny = true;
    try {
      await followUntil(req.redirectUrl!, CALLBACK);
    } finally {
      p.deny = false;
    }
    await expect(req.waitForConnection(5_000)).rejects.toThrow(/FAILED/);
  });
});
