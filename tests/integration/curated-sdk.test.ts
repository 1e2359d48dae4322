import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Composio } from '@composio/core';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeGmail, type FakeGmail } from '../helpers/fake-gmail';
import { startFakeGitHub } from '../helpers/fake-upstream';

// An application written against the hosted service: the official SDK, hosted tool names and
// arguments; only the base URL points at Junction (and the account's API base at the fake Gmail).
process.env.TELEMETRY_DISABLED = 'true';

let s: TestServer;
let gmail: FakeGmail;
let composio: Composio;
let gh: Awaited<ReturnType<typeof startFakeGitHub>>;

beforeAll(async () => {
  [s, gmail, gh] = await Promise.all([providerServer(), startFakeGmail(), startFakeGitHub({ token: 'ghp_sdk' })]);
  composio = new Composio({ apiKey: s.apiKey, baseURL: s.url, allowTracking: false, disableVersionCheck: true });
  const ac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'gmail' },
    auth_config: { type: 'use_custom_auth', authScheme: 'OAUTH2', credentials: { client_id: 'c', client_secret: 's' } },
  });
  const ca = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: 'sdk-mail-user',
      state: { authScheme: 'OAUTH2', val: { status: 'ACTIVE', access_token: gmail.token, base_url: gmail.url } },
    },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  const gac = await s.api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
  });
  await s.api('POST', '/connected_accounts', {
    auth_config: { id: gac.body.auth_config.id },
    connection: {
      user_id: 'sdk-mail-user',
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_sdk', base_url: gh.url } },
    },
  });
  gmail.addMessage({
    id: 'm1',
    threadId: 't1',
    from: 'ana@example.com',
    to: 'me@example.com',
    subject: 'Hello',
    text: 'Hi there',
    internalDate: Date.UTC(2025, 1, 1),
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), gmail?.close(), gh?.close()]);
});

describe('@composio/core with hosted Gmail calls', () => {
  it('tools.execute GMAIL_SEND_EMAIL with the hosted arguments sends real MIME', async () => {
    const r = await composio.tools.execute('GMAIL_SEND_EMAIL', {
      userId: 'sdk-mail-user',
      dangerouslySkipVersionCheck: true,
      arguments: {
        recipient_email: 'jane@example.com',
        subject: 'From the SDK',
        body: 'Sent through Junction',
        cc: ['cc@example.com'],
        is_html: false,
      },
    });
    expect(r.successful, JSON.stringify(r)).toBe(true);
    expect(r.data).toMatchObject({ id: 'sent1', labelIds: ['SENT'] });
    const m = gmail.sent[0]!.parsed;
    expect(m.subject).toBe('From the SDK');
    expect((m.to as any).value[0].address).toBe('jane@example.com');
    expect((m.cc as any).value[0].address).toBe('cc@example.com');
    expect(m.text?.trim()).toBe('Sent through Junction');
  });

  it('tools.execute GMAIL_FETCH_EMAILS returns the documented message fields; tools.get lists the curated schema', async () => {
    const r = await composio.tools.execute('GMAIL_FETCH_EMAILS', {
      userId: 'sdk-mail-user',
      dangerouslySkipVersionCheck: true,
      arguments: { max_results: 5, query: 'from:ana@example.com' },
    });
    expect(r.successful).toBe(true);
    expect((r.data as any).messages[0]).toMatchObject({
      messageId: 'm1',
      threadId: 't1',
      subject: 'Hello',
      sender: 'ana@example.com',
      messageText: 'Hi there',
      labelIds: ['INBOX', 'UNREAD'],
    });
    const tools = await composio.tools.getRawComposioTools({
      tools: ['GMAIL_SEND_EMAIL', 'GMAIL_FETCH_EMAILS', 'GMAIL_LIST_MESSAGES'],
    });
    expect(tools.map((t) => t.slug)).toEqual(['GMAIL_SEND_EMAIL', 'GMAIL_FETCH_EMAILS', 'GMAIL_LIST_MESSAGES']);
    expect(Object.keys(tools[0]!.inputParameters?.properties ?? {})).toEqual(
      expect.arrayContaining(['recipient_email', 'is_html', 'attachment']),
    );
  });

  it('the older GITHUB_CREATE_ISSUE name from the hosted docs creates the issue', async () => {
    const r = await composio.tools.execute('GITHUB_CREATE_ISSUE', {
      userId: 'sdk-mail-user',
      dangerouslySkipVersionCheck: true,
      arguments: { owner: 'acme', repo: 'web', title: 'Old name' },
    });
    expect(r.successful, JSON.stringify(r)).toBe(true);
    expect(r.data).toMatchObject({ title: 'Old name' });
    expect(gh.last()).toMatchObject({ method: 'POST', path: '/repos/acme/web/issues' });
  });
});
