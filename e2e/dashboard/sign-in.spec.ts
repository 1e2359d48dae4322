import { expect, test } from '../support/test';
import { server, serverLog } from '../support/server';

const s = server();
test.use({ storageState: { cookies: [], origins: [] } });

test('unauthenticated visits go to sign-in; wrong password is refused', async ({ page }) => {
  await page.goto(`${s.url}/accounts`);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await page.getByLabel('Email').fill(s.admin.email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' })).toBeVisible();
  // What the user typed stays, so a typo is fixed without typing everything again.
  await expect(page.getByLabel('Email')).toHaveValue(s.admin.email);
  await expect(page.getByLabel('Password')).toHaveValue('wrong password');
  // An expected refusal is one warning line in the server log, never next-auth's stack trace.
  await expect.poll(() => serverLog()).toMatch(/dashboard sign-in refused/);
  expect(serverLog()).not.toMatch(/CredentialsSignin[\s\S]{0,200}\n\s+at /);
});

test('failed sign-ins are rate limited', async ({ page }) => {
  await page.goto(`${s.url}/sign-in`);
  const email = `nobody-${Date.now()}@example.com`;
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(`guess-${i}`);
    // wait for each attempt's round trip: the message of the previous one is still on screen
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/sign-in'),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' })).toBeVisible();
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('guess-6');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many failed sign-ins' })).toBeVisible();
});

test('sign in, land on the requested page, sign out', async ({ page }) => {
  await page.goto(`${s.url}/auth-configs`);
  await page.getByLabel('Email').fill(s.admin.email);
  await page.getByLabel('Password').fill(s.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth-configs$/);
  await expect(page.getByRole('heading', { name: 'Auth configs' })).toBeVisible();
  const signedIn = (await page.context().cookies()).filter((c) => c.name.includes('session-token'));
  expect(signedIn).toHaveLength(1);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto(`${s.url}/`);
  await expect(page).toHaveURL(/\/sign-in/);
  // The signed-out session is revoked on the server: its cookie — kept by a copy, or set again by a
  // request that was in flight at sign-out — opens neither the pages nor the dashboard's API proxy.
  await page.context().addCookies(signedIn);
  await page.goto(`${s.url}/accounts`);
  await expect(page).toHaveURL(/\/sign-in/);
  const res = await page.request.get(`${s.url}/api/dash/v3/connected_accounts`);
  expect(res.status()).toBe(401);
  // Signing in again gives a new, working session.
  await page.getByLabel('Email').fill(s.admin.email);
  await page.getByLabel('Password').fill(s.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect((await page.request.get(`${s.url}/api/dash/v3/connected_accounts`)).status()).toBe(200);
});

test('setup page is closed once an admin exists', async ({ page }) => {
  await page.goto(`${s.url}/setup`);
  await expect(page).toHaveURL(/\/sign-in/);
});
