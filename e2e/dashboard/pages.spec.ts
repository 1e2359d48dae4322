import { expect, test } from '../support/test';
import { server } from '../support/server';
import { checkPage } from '../support/page-check';

const s = server();

// Every page renders with data, passes axe (light and dark) and is saved as a screenshot.
const PAGES: Array<[string, string, RegExp]> = [
  ['overview', '/', /Overview/],
  ['accounts', '/accounts', /Connected accounts/],
  ['account-detail', `/accounts/${s.seed.acme_alice}`, new RegExp(s.seed.acme_alice!)],
  ['auth-configs', '/auth-configs', /Auth configs/],
  ['auth-config-new', '/auth-configs/new?toolkit=acme', /New auth config/],
  ['toolkits', '/toolkits', /Toolkits & tools/],
  ['toolkit-github', '/toolkits/github', /GitHub/],
  ['tool-acme', '/tools/ACME_LIST_ITEMS', /List items/],
  ['triggers', '/triggers', /Triggers/],
  ['trigger-types', '/triggers?tab=types', /Triggers/],
  ['webhooks', '/webhooks', /Webhooks/],
  ['tool-router', '/tool-router', /Tool router/],
  ['keys', '/settings/keys', /Project & API keys/],
  ['connections', '/settings/connections', /API connections/],
];

for (const [name, path, heading] of PAGES) {
  test(`page ${name}`, async ({ page }, testInfo) => {
    await page.goto(`${s.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('[role="status"][aria-label="Loading"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await checkPage(page, testInfo, name);
    // Colour transitions would let axe sample a colour halfway between the two themes.
    await page.addStyleTag({
      content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
    });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await checkPage(page, testInfo, `${name}-dark`);
  });
}

test('phone width: menu opens the navigation', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${s.url}/accounts`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await checkPage(page, testInfo, 'phone-accounts-menu');
});

test('keyboard: skip link, visible focus and g-shortcuts', async ({ page }) => {
  await page.goto(`${s.url}/`);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.locator('body').click({ position: { x: 900, y: 700 } });
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByLabel('Search accounts')).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Search accounts')).toBeFocused();
});

test('the stored API key never reaches the browser', async ({ page }) => {
  const bodies: string[] = [];
  page.on('response', async (r) => {
    try {
      bodies.push(await r.text());
    } catch {
      /* redirects have no body */
    }
  });
  for (const [, path] of PAGES) {
    await page.goto(`${s.url}${path}`);
    await page.waitForLoadState('networkidle');
    bodies.push(await page.content());
  }
  // A server-action round trip too (connection test).
  await page.goto(`${s.url}/settings/connections`);
  await page.getByRole('button', { name: 'Test' }).first().click();
  await expect(page.getByTestId('connection-test')).toContainText('Connected as project');
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
  for (const src of scripts) bodies.push(await (await fetch(src)).text());
  expect(bodies.length).toBeGreaterThan(20);
  for (const b of bodies) expect(b.includes(s.apiKey)).toBe(false);
});
