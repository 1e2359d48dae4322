import { expect, test, type Page } from '../support/test';
import { server, v3 } from '../support/server';
import { checkPage } from '../support/page-check';
import { solidPng } from '../../tests/helpers/png';

const s = server();

// Issue 27 items 5 and 6: the Connect branding page (live preview, logo upload, contrast gate, save),
// then a real Connect link wearing that branding in the light and dark schemes, axe-clean in each.
test.afterAll(async () => {
  // the server is shared: later specs expect the default Connect page
  await v3('DELETE', '/org/project/branding');
});

const bg = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test('branding: preview follows typing, bad contrast blocks saving, the Connect page is branded in light and dark', async ({
  page,
}, testInfo) => {
  await v3('DELETE', '/org/project/branding');
  await page.goto(`${s.url}/settings/keys`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connect branding' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connect branding');

  const light = page.getByTestId('preview-light');
  const dark = page.getByTestId('preview-dark');
  // system theme: both schemes previewed
  await expect(light).toBeVisible();
  await expect(dark).toBeVisible();

  await page.getByLabel('App title').fill('Acme Assist');
  await expect(light).toContainText('Acme Assist is asking to connect your GitHub account.');
  await page.getByLabel('Heading').fill('Link {toolkit} to {app}');
  await expect(page.getByTestId('preview-light-title')).toHaveText('Link GitHub to Acme Assist');
  await expect(page.getByTestId('preview-dark-title')).toHaveText('Link GitHub to Acme Assist');
  await page.getByLabel('Form button').fill('Link my key');

  // a pale button colour fails: the verdict shows and Save is disabled until it is fixed
  await page.getByLabel('Button (light)').fill('#e0f2f1');
  await expect(page.getByRole('status').filter({ hasText: 'light.primary against card' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save branding' })).toBeDisabled();
  await page.getByLabel('Button (light)').fill('#0f766e');
  await page.getByLabel('Accent (light)').fill('#0f766e');
  await page.getByLabel('Button (dark)').fill('#5eead4');
  await page.getByLabel('Accent (dark)').fill('#5eead4');
  await expect(page.getByRole('status').filter({ hasText: 'Every scheme passes WCAG AA contrast.' })).toBeVisible();
  await expect(page.getByTestId('preview-light-button')).toHaveCSS('background-color', 'rgb(15, 118, 110)');

  // a logo of the wrong shape is refused under the field; a square PNG is taken
  const logo = page.getByLabel('Logo');
  await logo.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: solidPng(512, 256, [15, 118, 110]) });
  await expect(page.getByText(/The logo must be square/)).toBeVisible();
  await logo.setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: solidPng(256, 256, [15, 118, 110]) });
  await expect(page.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  await expect(light.locator('img')).toHaveJSProperty('complete', true);
  expect(await light.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(256);

  await checkPage(page, testInfo, 'branding-settings');
  await page.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Branding saved')).toBeVisible();
  const saved = await v3('GET', '/org/project/branding');
  expect(saved).toMatchObject({
    app_title: 'Acme Assist',
    theme: 'system',
    light: { primary: '#0f766e' },
    dark: { primary: '#5eead4' },
    texts: { title: 'Link {toolkit} to {app}', form_button: 'Link my key' },
  });

  // a real Connect link (API-key toolkit: the form state) opened as the end user
  const ac = await v3('POST', '/auth_configs', {
    toolkit: { slug: 'elevenlabs' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
  });
  const link = await v3('POST', '/connected_accounts/link', {
    auth_config_id: ac.auth_config.id,
    user_id: 'e2e-branding',
  });
  const user = await page
    .context()
    .browser()!
    .newContext({ storageState: { cookies: [], origins: [] } });
  const p = await user.newPage();
  try {
    await p.emulateMedia({ colorScheme: 'light' });
    await p.goto(link.redirect_url);
    const heading = p.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^Link .+ to Acme Assist$/);
    await expect(p.getByText(/^Acme Assist is asking to connect your .+ account\.$/)).toBeVisible();
    const button = p.getByRole('button', { name: 'Link my key' });
    await expect(button).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)');
    const img = p.locator('main img[src*="/api/v3/branding/logos/"]');
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(256);
    expect(await bg(p, 'main')).toBe('rgb(250, 250, 250)');
    await checkPage(p, testInfo, 'connect-branded-light');

    // the end user's device in dark mode: the dark palette, with the error notice shown as well
    await p.emulateMedia({ colorScheme: 'dark' });
    await p.goto(`${link.redirect_url}?error=${encodeURIComponent('The key was refused')}`);
    await expect(button).toHaveCSS('background-color', 'rgb(94, 234, 212)');
    await expect(button).toHaveCSS('color', 'rgb(0, 0, 0)');
    expect(await bg(p, 'main')).toBe('rgb(9, 9, 11)');
    await expect(p.getByRole('alert').filter({ hasText: 'The key was refused' })).toBeVisible();
    await checkPage(p, testInfo, 'connect-branded-dark');

    // a pinned light theme wins over the device's dark mode
    await v3('PATCH', '/org/project/branding', { theme: 'light' });
    await p.reload();
    await expect(button).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    expect(await bg(p, 'main')).toBe('rgb(250, 250, 250)');
    await checkPage(p, testInfo, 'connect-branded-pinned-light');
  } finally {
    await user.close();
  }
});
