import { expect, test, type Page } from './support/test';
import type { TestServer } from '../tests/helpers/server';
import { cli, dropServer, ENGINES, ownServer, restartOwn } from './support/own-server';

/**
 * A fresh install (no JUNCTION_ADMIN_*): whoever reaches /setup first must also hold the setup
 * token the first start printed, or the one `npm run cli -- setup-token` made; without it nothing
 * is created. On the embedded database and on PostgreSQL.
 */
test.describe.configure({ mode: 'serial' });

const tokenIn = (output: string) => /Dashboard setup token:\s+(jst_[A-Za-z0-9]+)/.exec(output)?.[1];
const admin = { email: 'first-admin@example.com', password: 'a long first admin password' };

async function submitSetup(page: Page, token: string) {
  await page.getByLabel('Setup token').fill(token);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByLabel('Confirm password').fill(admin.password);
  await page.getByRole('button', { name: 'Create admin and sign in' }).click();
}

async function expectRefused(page: Page, s: TestServer) {
  await expect(page.getByRole('alert').filter({ hasText: 'That setup token is not valid' })).toBeVisible();
  // The form keeps what was typed: only the token needs fixing.
  await expect(page.getByLabel('Email')).toHaveValue(admin.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(admin.password);
  await expect(page.getByLabel('Confirm password')).toHaveValue(admin.password);
  // Nothing was created: sign-in still sends a visitor to setup.
  await page.goto(`${s.url}/sign-in`);
  await expect(page).toHaveURL(/\/setup$/);
}

for (const engine of ENGINES) {
  test(`setup needs the printed token; a lost one is replaced with the CLI (${engine})`, async ({ page }) => {
    test.setTimeout(420_000);
    let s: TestServer | undefined = await ownServer(engine);
    try {
      const printed = tokenIn(s.output());
      expect(printed, 'the first start prints a setup token').toBeTruthy();

      await page.goto(`${s.url}/`);
      await expect(page).toHaveURL(/\/setup$/);
      // The page says where the token is.
      await expect(page.getByText(/the server printed when it first started/)).toBeVisible();
      await expect(page.getByText('npm run cli -- setup-token')).toBeVisible();

      await submitSetup(page, `jst_${'A'.repeat(32)}`);
      await expectRefused(page, s);

      // The token is lost: the CLI makes a new one and the old one stops working. (The embedded
      // database takes one process at a time, so the server is stopped for the command.)
      await s.stop();
      const made = cli(s, 'setup-token');
      expect(made.status, made.stderr).toBe(0);
      const fresh = made.stdout.trim();
      expect(fresh).toMatch(/^jst_[A-Za-z0-9]{32}$/);
      expect(fresh).not.toBe(printed);
      s = await restartOwn(s);
      expect(s.output()).not.toContain(fresh);

      await page.goto(`${s.url}/setup`);
      await submitSetup(page, printed!);
      await expectRefused(page, s);

      await submitSetup(page, fresh);
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 60_000 });

      // Setup is closed once an admin exists, and the CLI will not reopen it.
      // (/setup sends on to /sign-in, which sends a signed-in admin on to the dashboard.)
      await page.goto(`${s.url}/setup`);
      await expect(page).not.toHaveURL(/\/setup/);
      await expect(page.getByLabel('Setup token')).toHaveCount(0);
      if (engine === 'postgres') {
        const again = cli(s, 'setup-token');
        expect(again.status).not.toBe(0);
        expect(again.stderr).toContain('setup is closed');
      }
    } finally {
      await dropServer(s);
    }
  });
}

test('JUNCTION_SETUP_TOKEN pins the token (automation); it is not printed', async ({ page }) => {
  test.setTimeout(300_000);
  const pinned = 'pinned-setup-token-for-automation-0001';
  const s = await ownServer('pglite', { JUNCTION_SETUP_TOKEN: pinned });
  try {
    expect(tokenIn(s.output())).toBeUndefined();
    expect(s.output()).not.toContain(pinned);
    await page.goto(`${s.url}/setup`);
    await submitSetup(page, pinned);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 60_000 });
  } finally {
    await dropServer(s);
  }
});
