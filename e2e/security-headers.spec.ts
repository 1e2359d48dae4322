import { expect, test, type Page } from './support/test';
import type { TestServer } from '../tests/helpers/server';
import { dropServer, ownServer } from './support/own-server';

/**
 * The dashboard and the Connect page in Chromium: every page carries a CSP with a fresh nonce
 * (scripts without it do not run), frame-ancestors 'none' / X-Frame-Options DENY (framing is
 * refused), nosniff and a Referrer-Policy; and the pages still work under that policy: no CSP
 * violation while signing in and using the dashboard.
 */
test.describe.configure({ mode: 'serial' });

const admin = { email: 'headers-admin@example.com', password: 'headers admin password' };
let s: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  s = await ownServer('pglite', { JUNCTION_ADMIN_EMAIL: admin.email, JUNCTION_ADMIN_PASSWORD: admin.password });
});
test.afterAll(async () => {
  await dropServer(s);
});

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)]),
  );
}

/** CSP violations and refused frames, as Chromium reports them on the console. */
function watchCsp(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('dashboard pages: nonce CSP, no framing, nosniff, referrer policy, no HSTS over http', async ({ request }) => {
  const a = await request.get(`${s.url}/sign-in`, { maxRedirects: 0 });
  const b = await request.get(`${s.url}/sign-in`, { maxRedirects: 0 });
  expect(a.status()).toBe(200);
  const csp = directives(a.headers()['content-security-policy'] ?? '');
  const nonce = /'nonce-([^']+)'/.exec(csp.get('script-src') ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(csp.get('script-src')).toContain("'strict-dynamic'");
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(csp.get('img-src')).toBe("'self' data: blob:");
  // A fresh nonce per response, and it is on the page's scripts.
  expect(b.headers()['content-security-policy']).not.toContain(nonce!);
  const html = await a.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  for (const h of [a.headers(), (await request.get(`${s.url}/`, { maxRedirects: 0 })).headers()]) {
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['strict-transport-security']).toBeUndefined();
  }
  // Build assets get nosniff too.
  const asset = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  expect((await request.get(`${s.url}${asset}`)).headers()['x-content-type-options']).toBe('nosniff');
});

test('the dashboard works under its policy, and refuses to be framed', async ({ page }) => {
  test.setTimeout(180_000);
  const violations = watchCsp(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${s.url}/accounts`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('heading', { name: 'Connected accounts' })).toBeVisible({ timeout: 60_000 });
  // Scripts ran under the policy: the inline theme script (nonce from app/layout.tsx) and Next.js's own.
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.waitForFunction(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version));
  await page.goto(`${s.url}/toolkits`);
  await expect(page.getByRole('heading', { name: 'Toolkits & tools' })).toBeVisible();
  expect(violations).toEqual([]);

  // Another origin framing the dashboard is refused by the browser.
  const framing = await page.context().newPage();
  const refused = watchCsp(framing);
  await framing.setContent(`<iframe src="${s.url}/sign-in" title="framed"></iframe>`);
  await expect.poll(() => refused.join('\n'), { timeout: 20_000 }).toMatch(/frame-ancestors|X-Frame-Options/);
  await expect(framing.frameLocator('iframe').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
});

test('the Connect page: same protections, no Referer, and its form may redirect to the provider', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'sendgrid' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  expect(ac.status).toBe(201);
  const link = await s.api('POST', '/connected_accounts/link', {
    auth_config_id: ac.body.auth_config.id,
    user_id: 'csp-user',
  });
  expect(link.status).toBe(201);
  expect(link.body.redirect_url).toContain('/connect/');
  const r = await request.get(link.body.redirect_url);
  expect(r.status()).toBe(200);
  const h = r.headers();
  const csp = directives(h['content-security-policy'] ?? '');
  expect(csp.get('script-src')).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.has('form-action')).toBe(false);
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('no-referrer');

  const violations = watchCsp(page);
  await page.goto(link.body.redirect_url);
  await expect(page.getByRole('heading', { name: /Connect/ })).toBeVisible();
  for (const input of await page.locator('form input:not([type=hidden])').all()) await input.fill('SG.a-test-key-000');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connected' })).toBeVisible();
  expect(violations).toEqual([]);
});
