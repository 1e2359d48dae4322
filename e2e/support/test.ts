import { test as base, type Page } from '@playwright/test';

export { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Playwright's `test`, whose page waits after `goto` and `reload` until React has hydrated a
 * Junction page (components/providers.tsx sets `html[data-hydrated]`). A loaded machine can take
 * seconds to hydrate; typing into or clicking server-rendered markup before then is lost or
 * submits the form natively. Pages not rendered by Next.js (API answers, a provider's consent
 * page) are returned as soon as they load.
 */
async function hydrated(page: Page) {
  if ((await page.locator('script[src*="/_next/"]').count()) === 0) return;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const res = await goto(...args);
      await hydrated(page);
      return res;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const res = await reload(...args);
      await hydrated(page);
      return res;
    };
    await use(page);
  },
});
