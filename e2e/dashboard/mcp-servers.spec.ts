import { expect, test } from '../support/test';
import { server } from '../support/server';
import { checkPage } from '../support/page-check';

const s = server();

test('MCP servers: create, generate and copy a user URL that works, edit, delete; axe-clean; the key stays on the server', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const keyLeaks: string[] = [];
  page.on('response', async (r) => {
    const body = await r.text().catch(() => '');
    if (body.includes(s.apiKey)) keyLeaks.push(r.url());
  });

  await page.goto(`${s.url}/mcp-servers`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MCP servers');
  await page.getByLabel('Name').fill('E2E support agent');
  await page.getByLabel('Toolkits (comma separated)').fill('github');
  await page.getByLabel(/Allowed tools/).fill('GITHUB_GET_THE_AUTHENTICATED_USER, GITHUB_LIST_REPOSITORY_ISSUES');
  await page.getByRole('button', { name: 'Create server' }).click();

  const detail = page.getByTestId('mcp-server-detail');
  await expect(detail.getByRole('heading', { name: 'E2E support agent' })).toBeVisible();
  await expect(page).toHaveURL(/\?server=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('mcp-servers')).toContainText('E2E support agent');

  await page.getByLabel('User id').fill('e2e-user');
  await page.getByRole('button', { name: 'Generate URL' }).click();
  const url = (await page.getByTestId('mcp-user-url').textContent())!;
  expect(url).toMatch(/\/api\/v3\/mcp\/[0-9a-f-]{36}\/mcp\?user_id=e2e-user$/);
  await page.getByRole('button', { name: 'Copy user URL' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByTestId('mcp-instances')).toContainText('e2e-user');

  // the copied URL serves MCP for that user, with the project key the dashboard never shows
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const tools = (await res.json()).result.tools.map((t: { name: string }) => t.name);
  expect(tools).toEqual(
    expect.arrayContaining([
      'GITHUB_GET_THE_AUTHENTICATED_USER',
      'GITHUB_LIST_REPOSITORY_ISSUES',
      'COMPOSIO_MANAGE_CONNECTIONS',
    ]),
  );

  await page.waitForLoadState('networkidle');
  await checkPage(page, testInfo, 'mcp-server-detail');
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await checkPage(page, testInfo, 'mcp-server-detail-dark');
  await page.evaluate(() => document.documentElement.classList.remove('dark'));

  // edit: fewer tools, no connection tool
  await page.locator('#mcp-edit-tools').fill('GITHUB_GET_THE_AUTHENTICATED_USER');
  await page.getByLabel(/Offer the connection tool/).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail).toContainText('not offered');
  await expect(detail.locator('dl')).toContainText('GITHUB_GET_THE_AUTHENTICATED_USER');
  await expect(detail.locator('dl')).not.toContainText('GITHUB_LIST_REPOSITORY_ISSUES');

  await detail.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete server' }).click();
  await expect(page).toHaveURL(/\/mcp-servers$/);
  await expect(page.getByText('No MCP servers yet')).toBeVisible();
  expect(keyLeaks).toEqual([]);
  expect(await page.content()).not.toContain(s.apiKey);
});
