import { test as setup, expect } from '../support/test';
import { ADMIN_STATE, server } from '../support/server';

setup('sign in as the admin and keep the session', async ({ page }) => {
  const s = server();
  await page.goto(`${s.url}/`);
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Email').fill(s.admin.email);
  await page.getByLabel('Password').fill(s.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
});
