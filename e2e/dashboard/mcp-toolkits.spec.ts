import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { expect, test } from '../support/test';
import { server, v3 } from '../support/server';
import { checkPage } from '../support/page-check';

const s = server();

/**
 * A real MCP server on loopback (the e2e Junction allows loopback upstreams through
 * JUNCTION_ALLOW_INSECURE_URLS=1), stateless Streamable HTTP. Its tool list can grow while it
 * runs, so a re-sync has something new to find; with `key` set it answers 401 without that key.
 */
interface LoopbackMcp {
  url: string;
  calls: { name: string; args: unknown }[];
  addTool(name: string): void;
  close(): Promise<void>;
}

async function startLoopbackMcp(key?: string): Promise<LoopbackMcp> {
  const extra: string[] = [];
  const calls: LoopbackMcp['calls'] = [];
  const build = () => {
    const m = new McpServer({ name: 'e2e-mcp', version: '1.0.0' });
    m.registerTool(
      'echo',
      { description: 'Repeats the text it is given', inputSchema: { text: z.string().describe('what to repeat') } },
      async ({ text }) => {
        calls.push({ name: 'echo', args: { text } });
        return { content: [{ type: 'text', text: `echo: ${text}` }] };
      },
    );
    m.registerTool(
      'add_numbers',
      { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
    );
    for (const name of extra) {
      m.registerTool(name, { description: `Added later: ${name}`, inputSchema: {} }, async () => ({
        content: [{ type: 'text', text: name }],
      }));
    }
    return m;
  };
  const srv = http.createServer(async (req, res) => {
    if (key && req.headers.authorization !== `Bearer ${key}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const mcp = build();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    addTool: (name) => extra.push(name),
    close: () =>
      new Promise((r) => {
        srv.closeAllConnections();
        srv.close(() => r());
      }),
  };
}

test('MCP toolkits: register a loopback MCP server, see its tools, run one, re-sync, delete; axe-clean', async ({
  page,
}, testInfo) => {
  const up = await startLoopbackMcp();
  try {
    await page.goto(`${s.url}/mcp-toolkits`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MCP toolkits');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'MCP toolkits' }),
    ).toBeVisible();

    // a registration the API refuses shows its message
    await page.getByLabel('Name').fill('E2E docs');
    await expect(page.getByLabel('Slug')).toHaveValue('e2e_docs');
    await page.getByLabel('Server URL').fill('ftp://127.0.0.1/mcp');
    await page.getByRole('button', { name: 'Register server' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /app_url/ })).toBeVisible();

    await page.getByLabel('Server URL').fill(up.url);
    await page.getByRole('button', { name: 'Register server' }).click();
    const detail = page.getByTestId('mcp-toolkit-detail');
    await expect(detail.getByRole('heading', { name: 'E2E docs' })).toBeVisible();
    await expect(page).toHaveURL(/\?toolkit=custom_e2e_docs$/);
    // a server without auth is synced at registration
    const tools = page.getByTestId('mcpt-tools');
    await expect(tools.getByRole('link')).toHaveText(['CUSTOM_E2E_DOCS_ECHO', 'CUSTOM_E2E_DOCS_ADD_NUMBERS']);
    const row = page.getByTestId('mcp-toolkits').getByRole('row', { name: /E2E docs/ });
    await expect(row).toContainText('NO_AUTH');
    await expect(row.getByRole('cell').nth(4)).toHaveText('2');
    await expect(row.getByRole('cell').nth(5)).toContainText(/^\d{8}_00/);

    await page.waitForLoadState('networkidle');
    await checkPage(page, testInfo, 'mcp-toolkit-detail');
    await page.addStyleTag({
      content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
    });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await checkPage(page, testInfo, 'mcp-toolkit-detail-dark');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // the tool's own page runs it through the Try-it panel, against the loopback server
    await tools.getByRole('link', { name: 'CUSTOM_E2E_DOCS_ECHO' }).click();
    await expect(page).toHaveURL(/\/tools\/CUSTOM_E2E_DOCS_ECHO$/);
    await page.getByRole('button', { name: 'Edit as JSON' }).click();
    await page.getByLabel('Arguments (JSON)').fill('{"text":"from the dashboard"}');
    await page.getByRole('button', { name: 'Run CUSTOM_E2E_DOCS_ECHO' }).click();
    await expect(page.getByTestId('try-result')).toContainText('successful');
    await expect(page.getByTestId('try-result')).toContainText('echo: from the dashboard');
    expect(up.calls).toEqual([{ name: 'echo', args: { text: 'from the dashboard' } }]);
    // the toolkit's own page lists them too
    await page.goto(`${s.url}/toolkits/custom_e2e_docs`);
    await expect(page.locator('a[href="/tools/CUSTOM_E2E_DOCS_ADD_NUMBERS"]').first()).toBeVisible();

    // the server gains a tool; a re-sync finds it in a new version
    up.addTool('fresh_tool');
    await page.goto(`${s.url}/mcp-toolkits?toolkit=custom_e2e_docs`);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('mcpt-sync-result')).toHaveText(/Synced 3 tool\(s\) into version \d{8}_01\./);
    await expect(page.getByTestId('mcpt-tools').getByRole('link')).toHaveCount(3);
    await expect(page.getByTestId('mcpt-tools')).toContainText('CUSTOM_E2E_DOCS_FRESH_TOOL');

    // a server that is gone: the sync fails with the API's message and nothing changes
    await up.close();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Sync failed/ })).toBeVisible();
    await expect(page.getByTestId('mcpt-tools').getByRole('link')).toHaveCount(3);

    await detail.getByRole('button', { name: 'Delete' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete CUSTOM_E2E_DOCS?');
    await expect(dialog.getByTestId('mcpt-delete-consequences')).toContainText(
      '0 auth config(s) and 0 connected account(s) are deleted with it',
    );
    await dialog.getByRole('button', { name: 'Delete toolkit' }).click();
    await expect(page).toHaveURL(/\/mcp-toolkits$/);
    await expect(page.getByText('No MCP servers registered')).toBeVisible();
    const after = await fetch(`${s.apiUrl}/toolkits/custom/custom_e2e_docs`, { headers: { 'x-api-key': s.apiKey } });
    expect(after.status).toBe(404);
  } finally {
    await up.close().catch(() => {});
  }
});

test('MCP toolkits: a static-key server syncs through a connected account; the key never reaches the browser', async ({
  page,
}) => {
  const key = `mcp-key-${Math.random().toString(36).slice(2)}`;
  const up = await startLoopbackMcp(key);
  const leaks: string[] = [];
  page.on('response', async (r) => {
    const body = await r.text().catch(() => '');
    if (body.includes(key)) leaks.push(r.url());
  });
  try {
    await page.goto(`${s.url}/mcp-toolkits`);
    await page.getByLabel('Name').fill('E2E keyed');
    await page.getByLabel('Server URL').fill(up.url);
    await page.getByLabel('Authentication').selectOption('API_KEY');
    await expect(page.getByLabel('Header name')).toHaveValue('Authorization');
    await expect(page.getByLabel('Header value')).toHaveValue('Bearer {{generic_api_key}}');
    await page.getByRole('button', { name: 'Register server' }).click();
    const detail = page.getByTestId('mcp-toolkit-detail');
    await expect(detail.getByRole('heading', { name: 'E2E keyed' })).toBeVisible();
    await expect(detail).toContainText('not synced yet');
    await expect(detail).toContainText('Key header');
    await expect(page.getByText('This server needs credentials to list its tools')).toBeVisible();

    // a user's key, connected through the API as an SDK would
    const ac = await v3('POST', '/auth_configs', {
      toolkit: { slug: 'custom_e2e_keyed' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', name: 'Keyed MCP' },
    });
    const ca = await v3('POST', '/connected_accounts', {
      auth_config: { id: ac.auth_config.id },
      connection: {
        user_id: 'mcp-user',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', generic_api_key: key } },
      },
    });
    await page.reload();
    await expect(page.getByLabel('Connected account used to sync')).toHaveValue(ca.id);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('mcpt-sync-result')).toHaveText(/Synced 2 tool\(s\) into version \d{8}_00\./);
    await expect(page.getByTestId('mcpt-tools')).toContainText('CUSTOM_E2E_KEYED_ECHO');

    // the tool runs for that user through the API
    const ran = await v3('POST', '/tools/execute/CUSTOM_E2E_KEYED_ECHO', {
      connected_account_id: ca.id,
      arguments: { text: 'keyed' },
      version: 'latest',
    });
    expect(ran).toMatchObject({ successful: true, data: { text: 'echo: keyed' } });

    await detail.getByRole('button', { name: 'Delete' }).first().click();
    await expect(page.getByTestId('mcpt-delete-consequences')).toContainText(
      '1 auth config(s) and 1 connected account(s) are deleted with it',
    );
    await page.getByRole('button', { name: 'Delete toolkit' }).click();
    await expect(page).toHaveURL(/\/mcp-toolkits$/);
    const gone = await fetch(`${s.apiUrl}/connected_accounts/${ca.id}`, { headers: { 'x-api-key': s.apiKey } });
    expect(gone.status).toBe(404);
    expect(leaks).toEqual([]);
  } finally {
    await up.close();
  }
});
