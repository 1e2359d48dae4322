import { expect, test } from '../support/test';
import { server, v3, v3org } from '../support/server';

const s = server();

test('auth configs: create custom (toolkit fields), disable, enable, delete', async ({ page }) => {
  await page.goto(`${s.url}/auth-configs/new`);
  await page.getByLabel('Search toolkits').fill('acme');
  await page.getByRole('button', { name: /Acme/ }).click();
  await expect(page.getByText('Custom credentials')).toBeVisible();
  await page.getByLabel('Name (optional)').fill('Acme from the dashboard');
  await page.getByRole('button', { name: 'Create auth config' }).click();
  await expect(page).toHaveURL(/\/auth-configs\?highlight=ac_/);
  const row = page.getByRole('row', { name: /Acme from the dashboard/ });
  await expect(row).toBeVisible();
  await row.getByRole('switch').click();
  await expect(row.getByText('DISABLED')).toBeVisible();
  await row.getByRole('switch').click();
  await expect(row.getByText('ENABLED')).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete auth config' }).click();
  await expect(page.getByRole('row', { name: /Acme from the dashboard/ })).toHaveCount(0);
});

test('auth config page: scheme, fields, accounts, rename, disable, delete with its consequences', async ({ page }) => {
  const made = await v3('POST', '/auth_configs', {
    toolkit: { slug: 'acme' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', name: 'Edit me' },
  });
  const id = made.auth_config.id as string;
  const acc = await v3('POST', '/connected_accounts', {
    auth_config: { id },
    connection: {
      user_id: 'erin',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k_erin_12345678' } },
    },
  });
  await page.goto(`${s.url}/auth-configs`);
  await page.getByRole('link', { name: 'Edit me', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/auth-configs/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit me');
  await expect(page.getByText('API key', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('ac-managed')).toContainText('You:');
  const accounts = page.getByTestId('ac-accounts');
  await expect(accounts.getByRole('link', { name: acc.id })).toBeVisible();
  await expect(accounts).toContainText('erin');
  await page.getByLabel('Name', { exact: true }).fill('Edited name');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edited name');
  expect((await v3('GET', `/auth_configs/${id}`)).name).toBe('Edited name');
  await page.getByRole('switch', { name: 'Disable auth config' }).click();
  await expect.poll(async () => (await v3('GET', `/auth_configs/${id}`)).status).toBe('DISABLED');
  await expect.poll(async () => (await v3('GET', `/connected_accounts/${acc.id}`)).status).toBe('INACTIVE');
  await page.getByRole('switch', { name: 'Enable auth config' }).click();
  await expect.poll(async () => (await v3('GET', `/connected_accounts/${acc.id}`)).status).toBe('ACTIVE');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('ac-delete-consequences')).toContainText('1 connected account made from it');
  await page.getByRole('button', { name: 'Delete auth config' }).click();
  await expect(page).toHaveURL(/\/auth-configs$/);
  const gone = await fetch(`${s.apiUrl}/connected_accounts/${acc.id}`, { headers: { 'x-api-key': s.apiKey } });
  expect(gone.status).toBe(404);
});

test('auth configs: service-managed with the toolkit page shortcut', async ({ page }) => {
  await page.goto(`${s.url}/toolkits/sendgrid`);
  await page.getByRole('link', { name: 'Create auth config' }).click();
  await expect(page.getByText('Service-managed')).toBeVisible();
  // says what happens instead of naming an "app" the server does not have for an API key
  await expect(page.getByText(/each user enters their own API key when connecting/)).toBeVisible();
  await expect(page.getByText(/server's own/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Create auth config' }).click();
  await expect(page.getByRole('row', { name: /sendgrid/i }).first()).toBeVisible();
});

test('catalog: search, categories, toolkit page with schemes, tools and trigger types', async ({ page }) => {
  await page.goto(`${s.url}/toolkits`);
  await page.getByLabel('Search toolkits').fill('git');
  await expect(page).toHaveURL(/q=git/);
  const grid = page.getByTestId('toolkit-grid');
  // GitHub's own card: other toolkits (GitHub's MCP server, DeepWiki) mention GitHub too
  await expect(grid.locator('a[href="/toolkits/github"]')).toBeVisible();
  await grid.locator('a[href="/toolkits/github"]').click();
  await expect(page.getByRole('heading', { name: 'Auth schemes' })).toBeVisible();
  await expect(page.getByTestId('tool-list').getByRole('link').first()).toBeVisible();
  await page.getByLabel('Search tools').fill('star');
  await expect(page.getByTestId('tool-list')).toContainText(/star/i);
  await expect(page.getByRole('heading', { name: 'Trigger types' })).toBeVisible();
});

test('tool page: schema, Try it against a connected account, log id', async ({ page }) => {
  await page.goto(`${s.url}/tools/ACME_LIST_ITEMS`);
  await expect(page.getByRole('table', { name: 'Input parameters' })).toContainText('limit');
  await page.getByLabel('Connected account').selectOption(s.seed.acme_alice!);
  await page.getByLabel(/limit/).fill('2');
  await page.getByRole('button', { name: 'Run ACME_LIST_ITEMS' }).click();
  const result = page.getByTestId('try-result');
  await expect(result).toContainText('successful');
  await expect(result).toContainText('first item');
  await expect(page.getByTestId('log-id')).toHaveText(/\S+/);
  await page.getByRole('button', { name: 'View log' }).click();
  await expect(page.getByLabel('Execution log')).toContainText('ACME_LIST_ITEMS');
  // Natural language → arguments: with no LLM configured the server's own extractor fills what the
  // text states (one number, one integer property: limit).
  await page.getByLabel('Describe what you want (optional)').fill('list 3 items');
  await page.getByRole('button', { name: 'Fill the form' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Form filled' }).first()).toBeVisible();
  await expect(page.getByLabel(/limit/)).toHaveValue('3');
});

test('projects and API keys: create (shown once), copy, revoke', async ({ page }) => {
  await page.goto(`${s.url}/settings/keys`);
  // enabled once the page is interactive and knows its project; typing earlier could be lost
  await expect(page.getByRole('button', { name: 'Create key' })).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel('New key name').fill('e2e key');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = page.getByTestId('once-secret');
  await expect(secret).toHaveText(/^ak_/);
  const key = await secret.innerText();
  const ok = await fetch(`${s.apiUrl}/auth_configs`, { headers: { 'x-api-key': key } });
  expect(ok.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('once-secret')).toHaveCount(0);
  const row = page.getByRole('row', { name: /e2e key/ });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row', { name: /e2e key/ })).toHaveCount(0);
  await expect
    .poll(async () => (await fetch(`${s.apiUrl}/auth_configs`, { headers: { 'x-api-key': key } })).status, {
      timeout: 15_000,
    })
    .toBe(401);
});

test('API connections: add (tested), switch, remove', async ({ page }) => {
  const project = await v3('GET', '/org/project/current');
  const k = await v3org('POST', `/org/owner/project/${project.id}/api_keys`, { name: 'second connection' });
  await page.goto(`${s.url}/settings/connections`);
  await page.getByLabel('Name').fill('Second');
  await page.getByLabel('Base URL').fill(s.url);
  await page.getByLabel('Project API key').fill('ak_wrong_key_000000000000');
  await page.getByRole('button', { name: 'Test and add' }).click();
  await expect(page.getByText(/The connection test failed/)).toBeVisible();
  await page.getByLabel('Project API key').fill(k.key);
  await page.getByRole('button', { name: 'Test and add' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Connected as project' }).first()).toBeVisible();
  await page.reload();
  const row = page.getByTestId('connection-row').filter({ hasText: 'Second' });
  await row.getByRole('button', { name: 'Use' }).click();
  await expect(page).toHaveURL(`${s.url}/`);
  await expect(page.getByLabel('API connection')).toHaveValue(/dconn_/);
  await page.goto(`${s.url}/settings/connections`);
  await page
    .getByTestId('connection-row')
    .filter({ hasText: 'Second' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await page.getByRole('button', { name: 'Remove' }).last().click();
  await expect(page.getByTestId('connection-row').filter({ hasText: 'Second' })).toHaveCount(0);
  await page.goto(`${s.url}/`);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('catalog: the toolkits added from the hosted most-used list are shown and open', async ({ page }) => {
  await page.goto(`${s.url}/toolkits`);
  const grid = page.getByTestId('toolkit-grid');
  // each toolkit's own card (its provider's MCP server, e.g. linear_mcp, is a toolkit of its own)
  for (const [query, slug] of [
    ['linear', 'linear'],
    ['outlook', 'outlook'],
    ['shopify', 'shopify'],
    ['hacker', 'hackernews'],
    ['monday', 'monday'],
  ] as const) {
    await page.getByLabel('Search toolkits').fill(query);
    await expect(grid.locator(`a[href="/toolkits/${slug}"]`)).toBeVisible();
  }
  await grid.locator('a[href="/toolkits/monday"]').click();
  await expect(page.getByRole('heading', { name: 'Auth schemes' })).toBeVisible();
  await expect(page.getByTestId('tool-list').getByRole('link').first()).toBeVisible();
});

test('toolkit cards prefetch their page when pointed at, not when they scroll into view', async ({ page }) => {
  const prefetched: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/toolkits/') && u.searchParams.has('_rsc')) prefetched.push(u.pathname);
  });
  await page.goto(`${s.url}/toolkits`, { waitUntil: 'networkidle' });
  const card = page.getByTestId('toolkit-grid').getByRole('link').first();
  await expect(card).toBeVisible();
  expect(prefetched).toEqual([]);
  const href = await card.getAttribute('href');
  await card.hover();
  await expect.poll(() => prefetched).toContain(href);
});

test('a result clicked while the search is still settling opens, and is not taken back by the search', async ({
  page,
}) => {
  await page.goto(`${s.url}/toolkits`);
  await expect(page.getByTestId('toolkit-grid').getByRole('link').first()).toBeVisible();
  // Typing and clicking inside the search's debounce window: the delayed URL update must not win.
  await page.getByLabel('Search toolkits').fill('git');
  await page.getByTestId('toolkit-grid').locator('a[href="/toolkits/github"]').click();
  await expect(page).toHaveURL(`${s.url}/toolkits/github`);
  await expect(page.getByRole('heading', { name: 'Auth schemes' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(`${s.url}/toolkits/github`);
});

test('a no-auth tool says it needs no connected account; a toolkit card counts in the right number', async ({
  page,
}) => {
  await page.goto(`${s.url}/tools/HACKERNEWS_GET_ITEM`);
  const tryIt = page.getByRole('region', { name: 'Try it' });
  await expect(tryIt.getByText(/needs no connected account/)).toBeVisible();
  await expect(tryIt.getByText(/against the chosen connected account/)).toHaveCount(0);
  await expect(tryIt.getByLabel('Connected account')).toHaveCount(0);

  await page.goto(`${s.url}/toolkits`);
  await page.getByLabel('Search toolkits').fill('hacker news');
  await expect(page.getByText(/\b0 triggers\b/).first()).toBeVisible();
  await expect(page.getByText(/\b1 triggers\b/)).toHaveCount(0);
});

test('a description renders as text: call-outs and links, no raw Markdown', async ({ page }) => {
  await page.goto(`${s.url}/tools/GITHUB_LIST_ORGANIZATIONS`);
  const desc = page.getByRole('region', { name: 'Description' });
  await expect(desc.getByText('Note:')).toBeVisible();
  const link = desc.getByRole('link', { name: 'Link header' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(desc).not.toContainText('[!NOTE]');
  await expect(desc).not.toContainText('](');
});
