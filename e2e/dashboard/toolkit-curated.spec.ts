import { expect, test } from '../support/test';
import { startFakeGmail, type FakeGmail } from '../../tests/helpers/fake-gmail';
import { checkPage } from '../support/page-check';
import { server, v3 } from '../support/server';

const s = server();

// The toolkit page lists curated tools (the hosted vocabulary) first and the generated operations
// under "All API operations"; Try it on a composite uploads a file through the dashboard and the
// loopback Gmail receives it as a MIME attachment.
let gmail: FakeGmail;
let account: string;

test.beforeAll(async () => {
  gmail = await startFakeGmail();
  const ac = await v3('POST', '/auth_configs', {
    toolkit: { slug: 'gmail' },
    auth_config: {
      type: 'use_custom_auth',
      authScheme: 'OAUTH2',
      name: 'Gmail (loopback)',
      credentials: { client_id: 'cid', client_secret: 'csecret' },
    },
  });
  const ca = await v3('POST', '/connected_accounts', {
    auth_config: { id: ac.auth_config.id },
    connection: {
      user_id: 'mail-user',
      state: {
        authScheme: 'OAUTH2',
        val: { status: 'ACTIVE', access_token: gmail.token, refresh_token: 'r1', base_url: gmail.url },
      },
    },
  });
  account = ca.id;
});
test.afterAll(async () => {
  await gmail?.close();
});

test('Gmail toolkit page: curated tools first, generated operations under "All API operations"', async ({
  page,
}, testInfo) => {
  await page.goto(`${s.url}/toolkits/gmail`);
  const curated = page.getByTestId('tool-list');
  await expect(curated.getByText('GMAIL_SEND_EMAIL', { exact: true })).toBeVisible();
  const firstTen = await curated.locator('li').evaluateAll((lis) => lis.slice(0, 10).map((li) => li.textContent ?? ''));
  expect(firstTen.some((t) => t.includes('GMAIL_SEND_EMAIL'))).toBe(true);
  // raw operations are not mixed into the curated list, and deprecated aliases are hidden
  await expect(curated.getByText('GMAIL_USERS_MESSAGES_SEND', { exact: true })).toHaveCount(0);
  await expect(curated.getByText('GMAIL_LIST_MESSAGES', { exact: true })).toHaveCount(0);

  const toggle = page.getByRole('button', { name: /All API operations/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('operation-list')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const ops = page.getByTestId('operation-list');
  await expect(ops.locator('li').first()).toBeVisible();
  await expect(ops.getByText('GMAIL_SEND_EMAIL', { exact: true })).toHaveCount(0);
  await page.getByLabel('Search API operations').fill('messages send');
  await expect(ops.getByText('GMAIL_USERS_MESSAGES_SEND', { exact: true })).toBeVisible();
  await checkPage(page, testInfo, 'toolkit-gmail');

  // the curated list's own search stays on curated tools
  await page.getByLabel('Search tools').fill('send email');
  await expect(curated.getByText('GMAIL_SEND_EMAIL', { exact: true })).toBeVisible();

  // a toolkit without curated tools lists its operations as its tools, open, as before
  await page.goto(`${s.url}/toolkits/acme`);
  await expect(page.getByTestId('tool-list').getByText('ACME_LIST_ITEMS', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /All API operations/ })).toHaveCount(0);
});

test('Try it on a composite: the file picker stages the file through the dashboard and the mail carries it', async ({
  page,
}, testInfo) => {
  await page.goto(`${s.url}/tools/GMAIL_SEND_EMAIL?account=${account}`);
  await expect(page.getByText('curated', { exact: true })).toBeVisible();
  await page.getByLabel(/^recipient_email/).fill('jane@example.com');
  await page.getByLabel(/^subject/).fill('Report from the dashboard');
  await page.getByLabel('body', { exact: true }).fill('The file is attached.');
  const content = Buffer.from('%PDF-1.4 e2e attachment bytes\n');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/dash/files/upload'));
  await page
    .getByLabel('attachment', { exact: true })
    .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: content });
  const res = await uploaded;
  expect(res.status()).toBe(201);
  const staged = await res.json();
  expect(staged).toMatchObject({ name: 'report.pdf', mimetype: 'application/pdf' });
  expect(staged.s3key).toMatch(/GMAIL_SEND_EMAIL/);
  // the browser saw a staged object, never a key or a signed URL
  expect(JSON.stringify(staged)).not.toContain(s.apiKey);
  expect(Object.keys(staged).sort()).toEqual(['mimetype', 'name', 's3key']);
  await expect(page.getByTestId('staged-file')).toContainText('report.pdf');

  // the argument is the staged object (JSON view of the form)
  await page.getByRole('button', { name: 'Edit as JSON' }).click();
  const json = JSON.parse(await page.getByLabel('Arguments (JSON)').inputValue());
  expect(json.attachment).toEqual(staged);
  await page.getByRole('button', { name: 'Edit as form' }).click();
  await expect(page.getByTestId('staged-file')).toContainText('report.pdf');
  await checkPage(page, testInfo, 'tool-gmail-send-email-try-it');

  await page.getByRole('button', { name: 'Run GMAIL_SEND_EMAIL' }).click();
  const result = page.getByTestId('try-result');
  await expect(result).toContainText('successful');
  expect(gmail.sent).toHaveLength(1);
  const mail = gmail.sent[0]!.parsed;
  expect(mail.subject).toBe('Report from the dashboard');
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]!.filename).toBe('report.pdf');
  expect(mail.attachments[0]!.contentType).toBe('application/pdf');
  expect(mail.attachments[0]!.content.equals(content)).toBe(true);
});

test('the dashboard upload route needs the dashboard header and a multipart file', async ({ page }) => {
  await page.goto(`${s.url}/toolkits/gmail`);
  const noHeader = await page.evaluate(
    async () => (await fetch('/api/dash/files/upload', { method: 'POST', body: new FormData() })).status,
  );
  expect(noHeader).toBe(403);
  const noFile = await page.evaluate(async () => {
    const r = await fetch('/api/dash/files/upload', {
      method: 'POST',
      headers: { 'x-junction-dashboard': '1' },
      body: new FormData(),
    });
    return { status: r.status, body: await r.json() };
  });
  expect(noFile.status).toBe(400);
  expect(noFile.body.error.slug).toBe('Dashboard_BadUpload');
});
