import { expect, test, type Page } from './support/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { freePort, type TestServer } from '../tests/helpers/server';
import { dropServer, ownServer } from './support/own-server';

/**
 * Dashboard sign-in through OIDC against a loopback identity provider (oauth2-mock-server, with
 * discovery and signed id_tokens). Only an address on JUNCTION_OIDC_ALLOWED_EMAILS that the
 * provider marks verified gets in. (The server refusing to start without an allowlist is in
 * tests/integration/oidc-start.test.ts.)
 */
test.describe.configure({ mode: 'serial' });

let idp: OAuth2Server;
let s: TestServer;
let claims: { email: string; email_verified: unknown } = { email: '', email_verified: true };
// The browser uses the server's public URL on `localhost`: Next.js rewrites a loopback address in a
// request's URL (127.0.0.1, [::1]) to `localhost`, so next-auth's route handler would answer the OIDC
// callback with a redirect to `localhost` and the session cookie set on 127.0.0.1 would not come back.
// A public URL with a real host name is not rewritten (lib/dashboard/on-start.ts sets AUTH_URL from it).
let dash = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(await freePort(), '127.0.0.1');
  // Every token the provider signs (the id_token among them) carries the claims of the current case.
  idp.service.on('beforeTokenSigning', (token) => {
    token.payload.email = claims.email;
    token.payload.email_verified = claims.email_verified;
  });
  s = await ownServer(
    'pglite',
    {
      JUNCTION_ADMIN_EMAIL: 'password-admin@example.com',
      JUNCTION_ADMIN_PASSWORD: 'password admin password',
      JUNCTION_OIDC_ISSUER: idp.issuer.url!,
      JUNCTION_OIDC_CLIENT_ID: 'junction-dashboard',
      JUNCTION_OIDC_CLIENT_SECRET: 'junction-dashboard-secret',
      JUNCTION_OIDC_NAME: 'Test IdP',
      JUNCTION_OIDC_ALLOWED_EMAILS: 'ops@example.com, @corp.test',
    },
    'localhost',
  );
  dash = s.env.JUNCTION_PUBLIC_URL!;
});
test.afterAll(async () => {
  await dropServer(s);
  await idp?.stop();
});

async function signInAs(page: Page, email: string, verified: unknown) {
  claims = { email, email_verified: verified };
  await page.goto(`${dash}/sign-in`);
  await page.getByRole('button', { name: 'Continue with Test IdP' }).click();
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 60_000 });
}

async function expectRefused(page: Page) {
  await expect(page).toHaveURL(/\/sign-in\?.*error=/, { timeout: 60_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Sign-in failed' })).toBeVisible();
  await page.goto(`${dash}/`);
  await expect(page).toHaveURL(/\/sign-in/);
}

test('an allowlisted, verified address signs in', async ({ page }) => {
  await signInAs(page, 'ops@example.com', true);
  await expectSignedIn(page);
});

test('a whole allowlisted domain signs in', async ({ page }) => {
  await signInAs(page, 'someone@corp.test', true);
  await expectSignedIn(page);
});

test('an address not on the allowlist is refused', async ({ page }) => {
  await signInAs(page, 'intruder@example.com', true);
  await expectRefused(page);
});

test('a look-alike domain is refused', async ({ page }) => {
  await signInAs(page, 'someone@evilcorp.test', true);
  await expectRefused(page);
});

test('an allowlisted address the provider has not verified is refused', async ({ page }) => {
  await signInAs(page, 'ops@example.com', false);
  await expectRefused(page);
});

test('an allowlisted address without email_verified is refused', async ({ page }) => {
  await signInAs(page, 'ops@example.com', undefined);
  await expectRefused(page);
});
