import { expect, test } from '../support/test';
import { server, v3 } from '../support/server';
import { checkPage } from '../support/page-check';

const s = server();

// Issue 11, item 15: sign-ins (failed and successful) and secret changes show on the Audit log page.
test('audit log: failed and successful sign-ins and a webhook secret rotation, filterable, axe-clean', async ({
  page,
  browser,
}, testInfo) => {
  // a failed sign-in from another browser (no session)
  const anon = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await anon.newPage();
  const email = `audit-probe-${Date.now()}@example.com`;
  await other.goto(`${s.url}/sign-in`);
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill('not the password');
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('alert').filter({ hasText: 'Email or password is incorrect.' })).toBeVisible();
  await anon.close();

  const sub = await v3('POST', '/webhook_subscriptions', {
    webhook_url: 'https://hooks.example.com/audit',
    enabled_events: ['composio.connected_account.expired'],
  });
  const rotated = await v3('POST', `/webhook_subscriptions/${sub.id}/rotate_secret`);
  // The project has one subscription, and later specs on this shared server create their own.
  await v3('DELETE', `/webhook_subscriptions/${sub.id}`);

  await page.goto(`${s.url}/settings/keys`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
  const table = page.getByTestId('audit-table');
  await expect(
    table.getByRole('row').filter({ hasText: 'webhook_subscription.rotate_secret' }).filter({ hasText: sub.id }),
  ).toBeVisible();
  await expect(table).not.toContainText(rotated.secret);

  await page.getByLabel('Action').selectOption('dashboard.sign_in');
  await expect(table.getByRole('row').filter({ hasText: email }).filter({ hasText: 'failure' })).toBeVisible();
  await expect(
    table.getByRole('row').filter({ hasText: s.admin.email }).filter({ hasText: 'success' }).first(),
  ).toBeVisible();
  await expect(table).not.toContainText('webhook_subscription.rotate_secret');
  await expect(table).not.toContainText('not the password');

  await page.waitForLoadState('networkidle');
  await checkPage(page, testInfo, 'audit-log');
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await checkPage(page, testInfo, 'audit-log-dark');
});
