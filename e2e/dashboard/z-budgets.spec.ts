import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/test';
import { ADMIN_STATE, server, v3 } from '../support/server';

const s = server();
const REPORT = path.join('test-results', 'dashboard-budgets.json');
const ROUTES = [
  '/',
  '/accounts',
  `/accounts/${s.seed.acme_alice}`,
  '/auth-configs',
  '/auth-configs/new',
  '/toolkits',
  '/toolkits/github',
  '/tools/ACME_LIST_ITEMS',
  '/triggers',
  '/webhooks',
  '/tool-router',
  '/settings/keys',
  '/settings/connections',
  '/sign-in',
];
const BUDGET_KB = 200;

function writeReport(patch: Record<string, unknown>) {
  const cur = fs.existsSync(REPORT) ? JSON.parse(fs.readFileSync(REPORT, 'utf8')) : {};
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, JSON.stringify({ ...cur, ...patch }, null, 2));
}

test('first-load JavaScript per route stays under 200 KB gzipped', async ({ browser }, testInfo) => {
  const sizes: Record<string, number> = {};
  for (const route of ROUTES) {
    const ctx = await browser.newContext({
      storageState: route === '/sign-in' ? { cookies: [], origins: [] } : ADMIN_STATE,
    });
    const page = await ctx.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(r.url());
    });
    await page.goto(`${s.url}${route}`, { waitUntil: 'load' });
    let total = 0;
    for (const src of scripts)
      total += gzipSync(Buffer.from(await (await fetch(src)).arrayBuffer()), { level: 9 }).length;
    sizes[route.replace(/(ca|ac)_[A-Za-z0-9]+/, '[id]')] = Math.round((total / 1024) * 10) / 10;
    await ctx.close();
  }
  writeReport({ firstLoadJsGzipKB: sizes, budgetKB: BUDGET_KB });
  await testInfo.attach('first-load-js.json', {
    body: JSON.stringify(sizes, null, 2),
    contentType: 'application/json',
  });
  console.log('first-load JS (gzip KB):', sizes);
  for (const [route, kb] of Object.entries(sizes)) expect(kb, route).toBeLessThanOrEqual(BUDGET_KB);
});

// Navigation as a user feels it: click a link of the main navigation, then wait for the URL, the
// new page's heading and the end of its loading placeholders. Each page is visited twice (cold: first
// visit of the session; warm: the client cache holds its data). The test checks every link leads to
// its page; the times go to the report for `npm run bench` (speed is judged there, not here).
// The clock runs in the page and stops on the first animation frame that shows the page: Playwright's
// own assertions retry after 100, 250, 500 and 1,000 ms, so a page ready at 120 ms would be reported
// at 350 ms or more.
test('every main navigation link shows its page, heading and data (timed for the bench)', async ({
  page,
}, testInfo) => {
  // The clock starts on a settled page: a click in the first milliseconds after load would time the
  // home page's own data and prefetches, not the navigation.
  await page.goto(`${s.url}/`, { waitUntil: 'networkidle' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const links = await nav
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => ({ href: new URL((a as HTMLAnchorElement).href).pathname })));
  expect(links.length).toBeGreaterThanOrEqual(10);
  const times: Record<string, { cold?: number; warm?: number }> = {};
  // Both ends of the clock are read in the page: from the pointer going down on the link to the frame
  // that shows the new page. Playwright's own work before it presses (finding, scrolling, hit-testing
  // the link: 30–90 ms here) is no part of what a user waits for.
  await page.evaluate(() =>
    document.addEventListener('pointerdown', () => Object.assign(window, { __navStart: performance.now() }), {
      capture: true,
    }),
  );
  for (const pass of ['cold', 'warm'] as const) {
    for (const { href } of [...links.slice(1), links[0]!]) {
      const before = await page.locator('main h1').first().textContent();
      await nav.locator(`a[href="${href}"]`).first().click();
      const shown = await page.waitForFunction(
        ({ href, before }) => {
          const h1 = document.querySelector('main h1');
          const ready =
            location.pathname === href &&
            !!h1 &&
            h1.getClientRects().length > 0 &&
            h1.textContent !== before &&
            !document.querySelector('main [role="status"][aria-label="Loading"]');
          return ready && performance.now() - (window as unknown as { __navStart: number }).__navStart;
        },
        { href, before },
        { polling: 'raf', timeout: 15_000 },
      );
      (times[href] ??= {})[pass] = Math.round((await shown.jsonValue()) as number);
      await expect(page).toHaveURL(`${s.url}${href}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.locator('main [role="status"][aria-label="Loading"]')).toHaveCount(0);
    }
  }
  writeReport({ navigationMs: times });
  await testInfo.attach('navigation-ms.json', {
    body: JSON.stringify(times, null, 2),
    contentType: 'application/json',
  });
  console.log('navigation (ms, click → heading and data):', times);
});

test('connected-accounts list renders fast with 10,000 accounts', async ({ page }, testInfo) => {
  test.setTimeout(15 * 60_000);
  const ac = await v3('POST', '/auth_configs', {
    toolkit: { slug: 'sendgrid' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', name: 'Budget run' },
  });
  const existing = (await v3('GET', `/connected_accounts?auth_config_ids=${ac.auth_config.id}&limit=1`))
    .total_items as number;
  const want = 10_000 - existing;
  const t0 = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < want) {
      const i = next++;
      await v3('POST', '/connected_accounts', {
        auth_config: { id: ac.auth_config.id },
        connection: {
          user_id: `load-user-${i % 500}`,
          alias: `load-${i}`,
          state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: `SG.load.${i}.${'k'.repeat(20)}` } },
        },
      });
    }
  };
  await Promise.all(Array.from({ length: 24 }, worker));
  const seedSeconds = (Date.now() - t0) / 1000;
  const { total_items } = await v3('GET', '/connected_accounts?limit=1');
  expect(total_items).toBeGreaterThanOrEqual(10_000);

  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = Date.now();
    await page.goto(`${s.url}/accounts`);
    await expect(page.getByTestId('accounts-table').locator('tbody tr')).toHaveCount(50);
    runs.push(Date.now() - start);
  }
  const filtered: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = Date.now();
    await page.goto(`${s.url}/accounts?user_id=load-user-${i}&status=ACTIVE`);
    await expect(page.getByTestId('accounts-table').locator('tbody tr')).toHaveCount(20);
    filtered.push(Date.now() - start);
  }
  // The same list reached the way users reach it: a click on the main navigation from the overview,
  // timed in the page like the navigation test above (pointerdown → the frame showing 50 rows).
  const navigated: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${s.url}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() =>
      document.addEventListener('pointerdown', () => Object.assign(window, { __navStart: performance.now() }), {
        capture: true,
      }),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connected accounts' }).click();
    const shown = await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="accounts-table"] tbody tr').length === 50 &&
        !document.querySelector('main [role="status"][aria-label="Loading"]') &&
        performance.now() - (window as unknown as { __navStart: number }).__navStart,
      undefined,
      { polling: 'raf', timeout: 15_000 },
    );
    navigated.push(Math.round((await shown.jsonValue()) as number));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const report = {
    navigationMs: navigated,
    navigationMedianMs: median(navigated),
    accountsInDatabase: total_items,
    seedSeconds,
    listRenderMs: runs,
    listRenderMedianMs: median(runs),
    filteredRenderMs: filtered,
    filteredMedianMs: median(filtered),
  };
  writeReport({ tenThousandAccounts: report });
  await testInfo.attach('10k-accounts.json', {
    body: JSON.stringify(report, null, 2),
    contentType: 'application/json',
  });
  console.log('10k accounts list:', report);
  expect(median(runs)).toBeLessThan(3000);
});
