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
  ['auth-config-detail', `/auth-configs/${s.seed.acmeAuthConfig}`, /Acme keys/],
  ['toolkits', '/toolkits', /Toolkits & tools/],
  ['toolkit-github', '/toolkits/github', /GitHub/],
  ['tool-acme', '/tools/ACME_LIST_ITEMS', /List items/],
  ['triggers', '/triggers', /Triggers/],
  ['trigger-types', '/triggers?tab=types', /Triggers/],
  ['webhooks', '/webhooks', /Webhooks/],
  ['tool-router', '/tool-router', /Tool router/],
  ['mcp-toolkits', '/mcp-toolkits', /MCP toolkits/],
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

// Every page at phone size: nothing wider than the screen, so the page never scrolls sideways
// (a wide table may scroll inside its own box).
test('phone width: no page scrolls sideways at 390 × 844', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const wide: string[] = [];
  for (const [name, path, heading] of PAGES) {
    await page.goto(`${s.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('[role="status"][aria-label="Loading"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const { overflow, culprits } = await page.evaluate(() => {
      const doc = document.documentElement;
      const w = doc.clientWidth;
      // name the outermost elements that stick out past the screen's edge, so a failure says where
      const out = (el: Element | null) => !!el && el.getBoundingClientRect().right > w + 0.5;
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((el) => out(el) && !out(el.parentElement))
        .slice(0, 4)
        .map(
          (el) =>
            `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}" ${getComputedStyle(el).position}>${(el.textContent ?? '').slice(0, 40)}`,
        );
      return { overflow: Math.max(doc.scrollWidth, document.body.scrollWidth) - w, culprits };
    });
    if (overflow > 0) wide.push(`${name}: ${overflow}px too wide (${culprits.join(' | ')})`);
  }
  expect(wide).toEqual([]);
});

test('layout: category names are not cut, nested output rows share their columns', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${s.url}/toolkits`);
  const categories = page.getByRole('navigation', { name: 'Categories' }).getByRole('button');
  await expect(categories.nth(2)).toBeVisible();
  const cut = await categories.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
  await page.goto(`${s.url}/tools/ACME_LIST_ITEMS`);
  const table = page.getByRole('table', { name: 'Output parameters' });
  await expect(table.getByText('↳').first()).toBeVisible();
  // one table for every depth: the Type cell of each row starts at the same x
  const typeX = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Math.round((r as HTMLTableRowElement).cells[1]!.getBoundingClientRect().x)));
  expect(typeX.length).toBeGreaterThan(1);
  expect(new Set(typeX).size).toBe(1);
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
