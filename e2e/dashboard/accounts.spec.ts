import { expect, test } from '../support/test';
import { server, v3 } from '../support/server';

const s = server();

test('list: filters live in the URL, search, status reasons', async ({ page }) => {
  await page.goto(`${s.url}/accounts`);
  const table = page.getByTestId('accounts-table');
  await expect(table.getByRole('link', { name: s.seed.acme_alice! })).toBeVisible();
  await page.getByLabel('User id').fill('bob');
  await page.getByLabel('User id').press('Enter');
  await expect(page).toHaveURL(/user_id=bob/);
  await expect(table.getByRole('link', { name: s.seed.acme_bob! })).toBeVisible();
  await expect(table.getByRole('link', { name: s.seed.acme_alice! })).toHaveCount(0);
  await page.goto(`${s.url}/accounts?toolkit=acme&status=ACTIVE`);
  await expect(page.getByLabel('Status')).toHaveValue('ACTIVE');
  await expect(page.getByTestId('accounts-total')).toContainText('3 accounts');
  await page.goto(`${s.url}/accounts`);
  await page.getByLabel('Search accounts').fill('carol-acme');
  await expect(page).toHaveURL(/q=carol-acme/);
  await expect(table.getByRole('link', { name: s.seed.acme_carol! })).toBeVisible();
  await expect(page.getByTestId('accounts-total')).toContainText('1 account');
  // the owner has a column; following it filters the list by that user
  await page.goto(`${s.url}/accounts?toolkit=acme`);
  const bobRow = table.getByRole('row').filter({ hasText: s.seed.acme_bob! });
  await bobRow.getByRole('link', { name: 'bob', exact: true }).click();
  await expect(page).toHaveURL(/user_id=bob/);
  await expect(page.getByLabel('User id')).toHaveValue('bob');
  await expect(page.getByTestId('accounts-total')).toContainText('1 account');
});

test('detail: fields, masked secrets revealed on demand, timeline', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${s.url}/accounts/${s.seed.acme_alice}`);
  // people's words first: the owner, linked to their accounts; raw field names folded away
  await expect(page.getByTestId('account-owner')).toHaveText('alice');
  await expect(page.getByText('state.authScheme')).toBeHidden();
  await page.getByText('API fields').click();
  await expect(page.getByText('state.authScheme')).toBeVisible();
  // the longest field name stays inside its column: it ends before its value starts
  const term = page.locator('dt', { hasText: 'auth_config.is_service_managed' });
  const [dt, dd] = await Promise.all([
    term.boundingBox(),
    term.locator('xpath=following-sibling::dd[1]').boundingBox(),
  ]);
  expect(dt!.x + dt!.width).toBeLessThanOrEqual(dd!.x);
  const textWidth = await term.evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return Math.max(...[...r.getClientRects()].map((c) => c.right));
  });
  expect(textWidth).toBeLessThanOrEqual(dd!.x);
  const state = page.locator('pre[aria-label="state.val"]');
  await expect(state).not.toContainText('sk_live_alice_secret_value_123456');
  await expect(state).toContainText('sk_l••••');
  await page.getByRole('button', { name: 'Reveal secrets' }).click();
  await expect(state).toContainText('sk_live_alice_secret_value_123456');
  await expect(page.getByTestId('timeline')).toBeVisible();
  await page.getByTestId('account-owner').click();
  await expect(page).toHaveURL(/\/accounts\?user_id=alice/);
});

test('toggle is optimistic and rolls back when the API refuses', async ({ page }) => {
  await page.goto(`${s.url}/accounts/${s.seed.acme_carol}`);
  const sw = page.getByRole('switch', { name: /Disable account/ });
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  // Refused: the switch flips at once, then returns, and the error is shown.
  await page.route('**/api/dash/v3/connected_accounts/*/status', async (route) => {
    await new Promise((r) => setTimeout(r, 300));
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { message: 'Simulated outage', slug: 'Test', status: 500, suggested_fix: 'Try again later' },
      }),
    });
  });
  await sw.click();
  await expect(page.getByRole('switch', { name: /Enable account/ })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('toast-error').filter({ hasText: 'Simulated outage' }).first()).toBeVisible();
  await expect(page.getByRole('switch', { name: /Disable account/ })).toHaveAttribute('aria-checked', 'true');
  await page.unroute('**/api/dash/v3/connected_accounts/*/status');
  // Accepted: disabled for real.
  await page.getByRole('switch', { name: /Disable account/ }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'disabled' }).first()).toBeVisible();
  await expect.poll(async () => (await v3('GET', `/connected_accounts/${s.seed.acme_carol}`)).is_disabled).toBe(true);
  await page.getByRole('switch', { name: /Enable account/ }).click();
  await expect.poll(async () => (await v3('GET', `/connected_accounts/${s.seed.acme_carol}`)).status).toBe('ACTIVE');
});

test('reconnect creates a Connect Link; bulk disable; delete with confirmation', async ({ page }) => {
  const extra = await v3('POST', '/connected_accounts', {
    auth_config: { id: s.seed.acmeAuthConfig },
    connection: {
      user_id: 'dave',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k_dave_1234567890' } },
    },
  });
  const extra2 = await v3('POST', '/connected_accounts', {
    auth_config: { id: s.seed.acmeAuthConfig },
    connection: {
      user_id: 'dave',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k_dave_0987654321' } },
    },
  });
  await page.goto(`${s.url}/accounts/${extra.id}`);
  await page.getByRole('button', { name: 'Refresh / reconnect' }).click();
  await page.getByLabel('User id').fill('dave');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByTestId('reconnect-result')).toContainText('Send this Connect Link to dave');
  await page.getByRole('button', { name: 'Close' }).last().click();

  await page.goto(`${s.url}/accounts?user_id=dave&status=ACTIVE`);
  await page.getByLabel('Select all on this page').check();
  await page.getByRole('button', { name: 'Disable selected' }).click();
  await page.getByRole('button', { name: 'Disable 2' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Disabled 2 accounts' }).first()).toBeVisible();
  await expect.poll(async () => (await v3('GET', `/connected_accounts/${extra2.id}`)).is_disabled).toBe(true);

  await page.goto(`${s.url}/accounts/${extra2.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  const res = await fetch(`${s.apiUrl}/connected_accounts/${extra2.id}`, { headers: { 'x-api-key': s.apiKey } });
  expect(res.status).toBe(404);
});

test('overview: health, counts, accounts needing attention', async ({ page }) => {
  await page.goto(`${s.url}/`);
  await expect(page.getByTestId('health')).toContainText('ok');
  const active = Number((await page.getByTestId('count-ACTIVE').innerText()).replace(/,/g, ''));
  const { total_items } = await v3('GET', '/connected_accounts?statuses=ACTIVE&limit=1');
  expect(active).toBe(total_items);
  await expect(page.getByRole('heading', { name: 'Accounts needing attention' })).toBeVisible();
});

test('overview: says which address is browsed, and warns when it is not JUNCTION_PUBLIC_URL', async ({ page }) => {
  await page.goto(`${s.url}/`);
  await expect(page.getByText(`You are browsing ${s.url}`)).toBeVisible();
  await expect(page.getByTestId('address-notice')).toHaveCount(0);
  // the same server under another name (localhost instead of 127.0.0.1): the session cookie goes along
  const other = s.url.replace('127.0.0.1', 'localhost');
  const cookies = await page.context().cookies(s.url);
  await page.context().addCookies(cookies.map((c) => ({ ...c, domain: 'localhost' })));
  await page.goto(`${other}/`);
  const notice = page.getByTestId('address-notice');
  await expect(notice).toContainText(`You are browsing ${other}`);
  await expect(notice).toContainText(`${s.url}/api/v3/toolkits/auth/callback`);
});
