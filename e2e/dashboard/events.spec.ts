import { expect, test } from '../support/test';
import { server, v3 } from '../support/server';

const s = server();

test('webhook subscription: create, secret once, test event, deliveries, replay, rotate, edit', async ({ page }) => {
  await page.goto(`${s.url}/webhooks`);
  await page.getByLabel('Endpoint URL').fill(`${s.upstreamUrl}/hooks`);
  await page.getByRole('button', { name: 'Create subscription' }).click();
  await expect(page.getByTestId('once-secret')).toHaveText(/\S{16,}/);
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByTestId('webhook-test-result')).toContainText('delivered');
  const table = page.getByTestId('deliveries-table');
  await expect(table.getByRole('row')).toHaveCount(2, { timeout: 20_000 });
  await expect(table).toContainText('200');
  await table.getByRole('button', { name: 'Replay' }).first().click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Replayed' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByText(/overlap window/).first()).toBeVisible();
  await expect(page.getByTestId('once-secret')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Payload version').selectOption('V2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Subscription saved' }).first()).toBeVisible();
  const received = await (await fetch(`${s.upstreamUrl}/received`)).json();
  expect(received.length).toBeGreaterThanOrEqual(2);
});

test('triggers: types browser, create from config schema, toggle, log, delete', async ({ page }) => {
  expect(s.seed.github_alice, 'the GitHub account is seeded by global setup').toBeTruthy();
  const types = await v3('GET', '/triggers_types?toolkit_slugs=github&limit=50');
  const poll = types.items.find((t: { type: string }) => t.type === 'poll') ?? types.items[0];
  await page.goto(`${s.url}/triggers?tab=types`);
  await page.getByLabel('Filter by toolkit').fill('github');
  await page
    .getByTestId('trigger-types')
    .getByRole('button', { name: new RegExp(poll.slug) })
    .click();
  await expect(page.getByRole('heading', { name: 'Config schema' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payload schema' })).toBeVisible();
  const required: string[] = poll.config?.required ?? [];
  for (const name of required) {
    const field = page.locator(`[id$="-${name}"]`).first();
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption({ index: 1 });
    else await field.fill(name === 'owner' ? 'octocat' : name === 'repo' ? 'hello-world' : 'x');
  }
  await page.getByRole('button', { name: 'Create trigger' }).click();
  await expect(page.getByTestId('trigger-list')).toContainText(poll.slug);
  const item = page.getByTestId('trigger-list').getByRole('listitem').filter({ hasText: poll.slug }).first();
  await item.getByRole('switch').click();
  await expect(item.getByText('disabled')).toBeVisible();
  await item.getByRole('switch').click();
  await expect(item.getByText('enabled')).toBeVisible();
  await item.getByRole('button', { name: 'Log' }).click();
  await expect(page.getByTestId('trigger-log').or(page.getByText('Nothing logged yet.'))).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete trigger' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Trigger deleted' }).first()).toBeVisible();
});

test('tool router: session, MCP URL, search, execute, multi-execute, connections, files', async ({ page }) => {
  await page.goto(`${s.url}/tool-router`);
  await page.getByLabel('User id', { exact: true }).fill('alice');
  await page.getByLabel(/Toolkits \(comma separated/).fill('acme, github');
  await page.getByRole('button', { name: 'Create session' }).click();
  await expect(page).toHaveURL(/session=/);
  await expect(page.getByTestId('mcp-url')).toHaveText(/^https?:\/\//);
  // the new session is listed among the project's recent ones, with its user, toolkits and MCP URL
  const sessionId = new URL(page.url()).searchParams.get('session')!;
  const recent = page.getByTestId('recent-sessions').getByRole('listitem').filter({ hasText: sessionId });
  await expect(recent).toContainText('alice');
  await expect(recent).toContainText('acme, github');
  await expect(recent).toContainText(`/tool_router/session/${sessionId}/mcp`);
  await page.getByLabel('Filter by user id').fill('nobody-has-this-id');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No sessions for nobody-has-this-id')).toBeVisible();
  await page.getByLabel('Filter by user id').fill('alice');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(recent).toBeVisible();
  await page.getByLabel('What should the agent do?').fill('list acme items');
  await page.getByRole('button', { name: 'Search' }).click();
  // the first search of a process builds the index over the whole catalog (14,000+ tools)
  await expect(page.getByTestId('search-results')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Tool slug').fill('ACME_LIST_ITEMS');
  await page.getByLabel('Arguments (JSON)').fill('{"limit": 1}');
  await page.getByRole('button', { name: 'Execute', exact: true }).click();
  await expect(page.getByTestId('exec-result')).toContainText('log');
  await page.getByRole('button', { name: 'Multi-execute' }).first().click();
  await page.getByLabel(/Tools to run in parallel/).fill('[{"tool_slug":"ACME_LIST_ITEMS","arguments":{}}]');
  await page.getByRole('button', { name: 'Multi-execute' }).last().click();
  await expect(page.getByTestId('exec-result')).toBeVisible();
  const toolkits = page.getByTestId('session-toolkits');
  await expect(toolkits).toContainText('acme');
  await toolkits.getByRole('listitem').filter({ hasText: 'github' }).getByRole('button').click();
  // the project has a GitHub auth config (API key): the link opens Junction's Connect page
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Connect Link created' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Session files' })).toBeVisible();
});
