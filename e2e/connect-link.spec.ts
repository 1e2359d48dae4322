import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import AxeBuilder from '@axe-core/playwright';
import { server, v3 } from './support/server';
import { startOAuth2Provider, type OAuth2Provider } from '../tests/helpers/oauth-provider';

/**
 * Connect Link in Chromium: the hosted page (served by Junction's Next.js app), the provider's
 * consent page (a loopback OAuth2 server), the return to the app's callback_url, and the account
 * ACTIVE in the API. The app's side is a tiny local page that shows the query it got.
 */
let provider: OAuth2Provider;
let app: http.Server;
let appUrl = '';

test.beforeAll(async () => {
  provider = await startOAuth2Provider();
  provider.consent = 'page';
  app = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>My app</title><main><h1>Back in my app</h1><p id="status">${u.searchParams.get('status')}</p><p id="account">${u.searchParams.get('connected_account_id')}</p></main></html>`,
    );
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', () => r()));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/connected`;
});
test.afterAll(async () => {
  await provider?.stop();
  await new Promise((r) => app?.close(r));
});

test('OAuth2 through a Connect Link: page → consent → callback_url → ACTIVE (keyboard only)', async ({ page }) => {
  const ac = await v3('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: {
      type: 'use_custom_auth',
      authScheme: 'OAUTH2',
      name: 'GitHub (loopback)',
      credentials: {
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        authorization_url: provider.authorizeUrl,
        token_url: provider.tokenUrl,
      },
    },
  });
  const link = await v3('POST', '/connected_accounts/link', {
    auth_config_id: ac.auth_config.id,
    user_id: 'e2e-oauth',
    callback_url: appUrl,
  });
  expect(link.redirect_url).toContain('/connect/lt_');

  await page.goto(link.redirect_url);
  await expect(page.getByRole('heading', { name: 'Connect GitHub' })).toBeVisible();
  await expect(page.getByText('is asking to connect your GitHub account')).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // keyboard: the first focusable element is the button; Enter starts the redirect
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Continue to GitHub' })).toBeFocused();
  await page.keyboard.press('Enter');

  await page.waitForURL((u) => u.toString().startsWith(provider.authorizeUrl));
  await expect(page.getByRole('heading', { name: /Authorize/ })).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();

  await page.waitForURL((u) => u.toString().startsWith(appUrl));
  await expect(page.getByRole('heading', { name: 'Back in my app' })).toBeVisible();
  await expect(page.locator('#status')).toHaveText('success');
  await expect(page.locator('#account')).toHaveText(link.connected_account_id);

  const acc = await v3('GET', `/connected_accounts/${link.connected_account_id}`);
  expect(acc.status).toBe('ACTIVE');
  expect(acc.state.val.access_token).toEqual(expect.any(String));

  // the link works once: afterwards its page explains why, with a 404 status
  const again = await page.goto(link.redirect_url);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link already used' })).toBeVisible();
});

test('an unknown Connect link answers 404 with its own page', async ({ page }) => {
  const res = await page.goto(`${server().url}/connect/lnk_not_a_real_link_token`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await expect(page.getByText('This link is not valid.')).toBeVisible();
});

test('API key through a Connect Link on a phone: labelled fields, an error, then ACTIVE', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ac = await v3('POST', '/auth_configs', {
    toolkit: { slug: 'sendgrid' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
  });
  const link = await v3('POST', '/connected_accounts/link', {
    auth_config_id: ac.auth_config.id,
    user_id: 'e2e-key',
    callback_url: appUrl,
  });
  await page.goto(link.redirect_url);
  await expect(page.getByRole('heading', { name: /Connect SendGrid/i })).toBeVisible();
  const field = page.getByLabel(/API Key/i);
  await expect(field).toHaveAttribute('type', 'password');
  await expect(field).toHaveAttribute('required', '');
  // nothing overflows the phone's width
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // a blank value (spaces pass the browser's check): the server answers with an alert, the link stays usable
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in' })).toContainText('api_key');

  await page.getByLabel(/API Key/i).fill('SG.e2e-key-123');
  await page.getByRole('button', { name: 'Connect' }).press('Enter');
  await page.waitForURL((u) => u.toString().startsWith(appUrl));
  await expect(page.locator('#status')).toHaveText('success');
  const acc = await v3('GET', `/connected_accounts/${link.connected_account_id}`);
  expect(acc.status).toBe('ACTIVE');
  expect(acc.state.val.api_key).toBe('SG.e2e-key-123');
});
