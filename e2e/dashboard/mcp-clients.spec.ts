import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '../support/test';
import { server, v3 } from '../support/server';
import { checkPage } from '../support/page-check';

const s = server();
// Nothing listens here: the browser's arrival at the client's redirect URI is caught by page.route.
const REDIRECT = 'http://127.0.0.1:9/callback';

function mcpList(url: string, token: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

test('an admin approves an MCP client on the consent page, sees it under MCP clients and revokes it', async ({
  page,
}, testInfo) => {
  const session = await v3<{ mcp: { url: string } }>('POST', '/tool_router/session', {
    user_id: 'consent-user',
    toolkits: { enable: ['github'] },
  });
  const reg = await fetch(`${s.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Browser test agent',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    }),
  });
  const { client_id } = await reg.json();
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${s.url}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id,
    redirect_uri: REDIRECT,
    state: 'st-1',
    resource: session.mcp.url,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(k, v);

  let landed: URL | undefined;
  await page.route(`${REDIRECT}**`, async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the client' });
  });
  await page.goto(authorize.toString());
  await expect(page).toHaveURL(/\/mcp-clients\/authorize\?request=mcpr_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authorize an MCP client');
  await expect(page.getByText('Allow “Browser test agent” to use this MCP server?')).toBeVisible();
  await expect(page.getByText(session.mcp.url)).toBeVisible();
  await expect(page.getByText('consent-user')).toBeVisible();
  await checkPage(page, testInfo, 'mcp-consent');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => landed?.searchParams.get('state')).toBe('st-1');
  const code = landed!.searchParams.get('code')!;

  const tok = await fetch(`${s.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id,
    }),
  });
  expect(tok.status).toBe(200);
  const { access_token } = await tok.json();
  expect((await mcpList(session.mcp.url, access_token)).status).toBe(200);

  await page.goto(`${s.url}/mcp-clients`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MCP clients');
  const row = page.getByTestId('authorized-clients').getByRole('row').filter({ hasText: 'Browser test agent' });
  await expect(row).toContainText('consent-user');
  await checkPage(page, testInfo, 'mcp-clients');
  // the page never carries the tokens
  expect(await page.content()).not.toContain(access_token);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke access' }).click();
  await expect(
    page.getByTestId('authorized-clients').getByRole('row').filter({ hasText: 'Browser test agent' }),
  ).toHaveCount(0);
  expect((await mcpList(session.mcp.url, access_token)).status).toBe(401);
});

test('an admin creates an approval link; the end user opens it and approves their own MCP client', async ({
  page,
  browser,
}, testInfo) => {
  const session = await v3<{ mcp: { url: string } }>('POST', '/tool_router/session', {
    user_id: 'link-user',
    toolkits: { enable: ['github'] },
  });
  await page.goto(`${s.url}/mcp-clients`);
  await page.getByLabel('MCP URL').fill(session.mcp.url);
  await page.getByLabel('Valid for').selectOption({ label: '1 day' });
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = page.getByTestId('approval-link');
  await expect(link).toHaveText(/^http/);
  // the new link's panel comes first; the list of active links below names the user too
  await expect(page.getByText('link-user', { exact: true }).first()).toBeVisible();
  const linkRow = () => page.getByTestId('approval-links').getByRole('row').filter({ hasText: session.mcp.url });
  await expect(linkRow()).toContainText('link-user');
  await checkPage(page, testInfo, 'mcp-approval-link');
  const consentUrl = (await link.textContent())?.trim() ?? '';

  // the end user: a browser with no dashboard session
  const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const user = await ctx.newPage();
  await user.goto(consentUrl);
  const reg = await fetch(`${s.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Link test agent',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
    }),
  });
  const { client_id } = await reg.json();
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${s.url}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id,
    redirect_uri: REDIRECT,
    state: 'st-link',
    resource: session.mcp.url,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(k, v);
  let landed: URL | undefined;
  await user.route(`${REDIRECT}**`, async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the client' });
  });
  await user.goto(authorize.toString());
  // Junction's own consent page for the user, not the admin's sign-in
  await expect(user.getByText('Allow Link test agent to use your tools?')).toBeVisible();
  await user.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => landed?.searchParams.get('state')).toBe('st-link');
  const tok = await fetch(`${s.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: landed!.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id,
    }),
  });
  expect(tok.status).toBe(200);
  expect((await mcpList(session.mcp.url, (await tok.json()).access_token)).status).toBe(200);

  // the admin revokes the link: it leaves the list and no longer works in the user's browser
  await linkRow().getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke link' }).click();
  await expect(linkRow()).toHaveCount(0);
  await user.goto(consentUrl);
  await expect(user.getByRole('heading', { level: 1 })).toHaveText('This approval link does not work');
  await ctx.close();
});
