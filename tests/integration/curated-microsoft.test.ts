import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { GRAPH_TOKEN, startFakeGraph } from '../helpers/fake-graph';
import type { FakeUpstream } from '../helpers/fake-upstream';

// Outlook, Microsoft Teams and OneDrive (lib/catalog/curated/outlook.ts, microsoft-teams.ts,
// one-drive.ts): one Microsoft identity platform connection model, tools run through the real
// execute pipeline against a loopback Microsoft Graph that checks what it receives.
let s: TestServer;
let graph: FakeUpstream;
const accounts: Record<string, string> = {};

async function connect(toolkit: string) {
  accounts[toolkit] = (
    await connectToFake(s, {
      toolkit,
      authScheme: 'OAUTH2',
      val: { access_token: GRAPH_TOKEN, base_url: `${graph.url}/v1.0` },
      userId: `${toolkit}-user`,
      credentials: { client_id: 'app-id', client_secret: 'app-secret' },
    })
  ).accountId;
}

beforeAll(async () => {
  [s, graph] = await Promise.all([providerServer(), startFakeGraph()]);
  for (const t of ['outlook', 'microsoft_teams', 'one_drive']) await connect(t);
});
afterAll(async () => {
  await Promise.all([s?.stop(), graph?.close()]);
});

const exec = (toolkit: string, slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: accounts[toolkit], arguments: args });

describe('Microsoft Graph toolkits', () => {
  it('GET /toolkits/{slug} describes each with the Microsoft OAuth2 scheme, a tenant field defaulting to common, categories and name', async () => {
    for (const [slug, name, scope] of [
      ['outlook', 'Outlook', 'Mail.Send'],
      ['microsoft_teams', 'Microsoft Teams', 'ChannelMessage.Send'],
      ['one_drive', 'OneDrive', 'Files.ReadWrite.All'],
    ] as const) {
      const r = await s.api('GET', `/toolkits/${slug}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.name).toBe(name);
      expect(r.body.meta.categories.length).toBeGreaterThan(0);
      const oauth = r.body.auth_config_details.find((d: { mode: string }) => d.mode === 'OAUTH2');
      expect(oauth, JSON.stringify(r.body.auth_config_details)).toBeDefined();
      const optional = oauth.fields.auth_config_creation.optional as { name: string; default?: string }[];
      expect(optional.find((f) => f.name === 'tenant')?.default).toBe('common');
      expect(optional.find((f) => f.name === 'scopes')?.default).toContain(scope);
      expect(optional.find((f) => f.name === 'scopes')?.default).toContain('offline_access');
      const tools = await s.api('GET', `/tools?toolkit_slug=${slug}&limit=100`);
      expect(tools.body.items.length).toBeGreaterThanOrEqual(20);
    }
  });

  it("initiating a connection sends the user to the tenant's v2.0 authorize endpoint with scopes, PKCE and our redirect_uri", async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'outlook' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'app-id', client_secret: 'app-secret', tenant: 'contoso.onmicrosoft.com' },
      },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize',
    );
    expect(url.searchParams.get('client_id')).toBe('app-id');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['offline_access', 'User.Read', 'Mail.Send', 'Calendars.ReadWrite']),
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();

    // without a tenant the app is multi-tenant: common
    const ac2 = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'one_drive' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'app-id', client_secret: 'app-secret' },
      },
    });
    const r2 = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac2.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r2.status, JSON.stringify(r2.body)).toBe(201);
    expect(new URL(r2.body.redirect_url ?? r2.body.connectionData.val.redirectUrl).pathname).toBe(
      '/common/oauth2/v2.0/authorize',
    );
  });

  it('a tenant cannot bend the authorize URL to another path', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'outlook' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'a', client_secret: 'b', tenant: '../evil?x=' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.host).toBe('login.microsoftonline.com');
    expect(url.pathname).toBe('/..%2Fevil%3Fx%3D/oauth2/v2.0/authorize');
  });

  it('OUTLOOK_SEND_EMAIL posts a Graph message to /me/sendMail with the bearer token; the older doubled name still runs', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_SEND_EMAIL', {
      to_email: 'ana@contoso.com, bo@contoso.com',
      subject: 'Q3',
      body: '<b>Numbers</b>',
      is_html: true,
      cc_emails: ['cy@contoso.com'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const req = graph.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1.0/me/sendMail');
    expect(req.headers.authorization).toBe(`Bearer ${GRAPH_TOKEN}`);
    expect(req.json).toEqual({
      message: {
        subject: 'Q3',
        body: { contentType: 'HTML', content: '<b>Numbers</b>' },
        toRecipients: [
          { emailAddress: { address: 'ana@contoso.com' } },
          { emailAddress: { address: 'bo@contoso.com' } },
        ],
        ccRecipients: [{ emailAddress: { address: 'cy@contoso.com' } }],
      },
      saveToSentItems: true,
    });
    const legacy = await exec('outlook', 'OUTLOOK_OUTLOOK_SEND_EMAIL', {
      to_email: 'ana@contoso.com',
      subject: 'Hi',
      body: 'plain',
    });
    expect(legacy.body, JSON.stringify(legacy.body)).toMatchObject({ successful: true });
    expect(graph.last()!.json).toMatchObject({ message: { body: { contentType: 'Text', content: 'plain' } } });
  });

  it('OUTLOOK_LIST_MESSAGES reads the inbox newest first with OData options', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_LIST_MESSAGES', { top: 5, filter: 'isRead eq false' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { value: [{ id: 'AAMk1', subject: 'in inbox' }] },
    });
    const req = graph.last()!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/v1.0/me/mailFolders/inbox/messages');
    expect(Object.fromEntries(req.query)).toEqual({
      $top: '5',
      $filter: 'isRead eq false',
      $orderby: 'receivedDateTime desc',
    });
  });

  it('MICROSOFT_TEAMS_TEAMS_POST_CHANNEL_MESSAGE posts the body to the channel', async () => {
    graph.reset();
    const r = await exec('microsoft_teams', 'MICROSOFT_TEAMS_TEAMS_POST_CHANNEL_MESSAGE', {
      team_id: 'team-1',
      channel_id: '19:abc@thread.tacv2',
      content: 'Deploy done',
      content_type: 'text',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: '1700000000000' } });
    const req = graph.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1.0/teams/team-1/channels/19%3Aabc%40thread.tacv2/messages');
    expect(req.headers.authorization).toBe(`Bearer ${GRAPH_TOKEN}`);
    expect(req.json).toEqual({ body: { contentType: 'text', content: 'Deploy done' } });
  });

  it('ONE_DRIVE_ONEDRIVE_CREATE_TEXT_FILE PUTs the bytes to items/{parent}:/{name}:/content', async () => {
    graph.reset();
    const r = await exec('one_drive', 'ONE_DRIVE_ONEDRIVE_CREATE_TEXT_FILE', {
      name: 'notes é.md',
      content: '# Plan\nship it',
      folder_id: 'FOLDER1',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: '01NEWFILE', name: 'notes é.md', parentReference: { id: 'FOLDER1' } },
    });
    const req = graph.last()!;
    expect(req.method).toBe('PUT');
    expect(req.path).toBe('/v1.0/me/drive/items/FOLDER1:/notes%20%C3%A9.md:/content');
    expect(req.query.get('@microsoft.graph.conflictBehavior')).toBe('rename');
    expect(req.headers['content-type']).toMatch(/^text\/plain/);
    expect(req.body.toString('utf8')).toBe('# Plan\nship it');
    const bad = await exec('one_drive', 'ONE_DRIVE_ONEDRIVE_CREATE_TEXT_FILE', { name: 'a/b.txt', content: 'x' });
    expect(bad.status).toBe(400);
  });
});

// The Outlook tools of outlook-more.ts against the same loopback Graph: routes for the calls they
// make, each checking the bearer token, answering in Graph's documented shapes.
describe('Outlook mail, calendar and To Do tools', () => {
  const pdf = Buffer.from('%PDF-1.7 quarterly numbers');
  beforeAll(() => {
    const authed =
      (reply: (req: import('../helpers/fake-upstream').RecordedRequest, p: Record<string, string>) => object) =>
      (req: import('../helpers/fake-upstream').RecordedRequest, p: Record<string, string>) =>
        req.headers.authorization === `Bearer ${GRAPH_TOKEN}`
          ? reply(req, p)
          : { status: 401, json: { error: { code: 'InvalidAuthenticationToken', message: 'bad token' } } };
    graph.on(
      'POST',
      '/v1.0/me/messages/:id/send',
      authed(() => ({ status: 202 })),
    );
    graph.on(
      'POST',
      '/v1.0/me/messages/:id/forward',
      authed(() => ({ status: 202 })),
    );
    graph.on(
      'GET',
      '/v1.0/me/calendarView',
      authed(() => ({
        json: {
          value: [
            { id: 'ev1', subject: 'Standup', start: { dateTime: '2025-03-10T10:00:00', timeZone: 'Europe/Paris' } },
          ],
        },
      })),
    );
    graph.on(
      'POST',
      '/v1.0/me/events/:id/tentativelyAccept',
      authed(() => ({ status: 202 })),
    );
    graph.on(
      'POST',
      '/v1.0/me/mailFolders/inbox/messageRules',
      authed((req) => ({ status: 201, json: { id: 'rule-1', ...(req.json as object) } })),
    );
    graph.on(
      'GET',
      '/v1.0/me/messages/:m/attachments/:a/$value',
      authed((_req, p) =>
        p.a === 'att-1'
          ? { body: pdf, headers: { 'content-type': 'application/pdf' } }
          : {
              status: 404,
              json: {
                error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' },
              },
            },
      ),
    );
    graph.on(
      'POST',
      '/v1.0/me/todo/lists/:list/tasks',
      authed((req, p) => ({ status: 201, json: { id: 'task-1', listId: p.list, ...(req.json as object) } })),
    );
  });

  it('OUTLOOK_SEND_DRAFT posts to /me/messages/{id}/send and succeeds on 202 without a body', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_SEND_DRAFT', { message_id: 'AAMkDraft=' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const req = graph.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1.0/me/messages/AAMkDraft%3D/send');
    expect(req.headers.authorization).toBe(`Bearer ${GRAPH_TOKEN}`);
  });

  it('OUTLOOK_FORWARD_MESSAGE turns the address list into Graph recipients', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_FORWARD_MESSAGE', {
      message_id: 'm1',
      to_recipients: ['ana@contoso.com'],
      comment: 'FYI',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    expect(graph.last()!.path).toBe('/v1.0/me/messages/m1/forward');
    expect(graph.last()!.json).toEqual({
      comment: 'FYI',
      toRecipients: [{ emailAddress: { address: 'ana@contoso.com' } }],
    });
    const bad = await exec('outlook', 'OUTLOOK_FORWARD_MESSAGE', { message_id: 'm1' });
    expect(bad.status).toBe(400);
  });

  it('OUTLOOK_GET_CALENDAR_VIEW sends the window as query and the time zone as a Prefer header', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_GET_CALENDAR_VIEW', {
      start_datetime: '2025-03-10T00:00:00Z',
      end_datetime: '2025-03-11T00:00:00Z',
      timezone: 'Europe/Paris',
      select: ['subject', 'start'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { value: [{ id: 'ev1' }] } });
    const req = graph.last()!;
    expect(req.path).toBe('/v1.0/me/calendarView');
    expect(Object.fromEntries(req.query)).toEqual({
      startDateTime: '2025-03-10T00:00:00Z',
      endDateTime: '2025-03-11T00:00:00Z',
      $top: '50',
      $select: 'subject,start',
    });
    expect(req.headers.prefer).toBe('outlook.timezone="Europe/Paris"');
  });

  it('OUTLOOK_ACCEPT_EVENT with response_type tentative calls tentativelyAccept', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_ACCEPT_EVENT', {
      event_id: 'ev1',
      response_type: 'tentative',
      comment: 'maybe',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { response: 'tentative' } });
    expect(graph.last()!.path).toBe('/v1.0/me/events/ev1/tentativelyAccept');
    expect(graph.last()!.json).toEqual({ comment: 'maybe', sendResponse: true });
  });

  it('OUTLOOK_CREATE_EMAIL_RULE creates an inbox rule with recipient objects for addresses', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_CREATE_EMAIL_RULE', {
      display_name: 'Vendors',
      conditions: { senderContains: ['@vendor.com'] },
      actions: { moveToFolder: 'F1', forwardTo: ['ap@contoso.com'] },
      sequence: 2,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: 'rule-1', displayName: 'Vendors' },
    });
    expect(graph.last()!.json).toEqual({
      displayName: 'Vendors',
      sequence: 2,
      isEnabled: true,
      conditions: { senderContains: ['@vendor.com'] },
      actions: { moveToFolder: 'F1', forwardTo: [{ emailAddress: { address: 'ap@contoso.com' } }] },
    });
  });

  it('OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT stages the raw bytes; an unknown attachment ends unsuccessfully', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT', {
      message_id: 'm1',
      attachment_id: 'att-1',
      file_name: 'q3.pdf',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { file: { name: 'q3.pdf', mimetype: 'application/pdf', size: pdf.length } },
    });
    expect(graph.last()!.path).toBe('/v1.0/me/messages/m1/attachments/att-1/$value');
    const dl = await fetch(r.body.data.file.s3url);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);
    const missing = await exec('outlook', 'OUTLOOK_DOWNLOAD_OUTLOOK_ATTACHMENT', {
      message_id: 'm1',
      attachment_id: 'nope',
      file_name: 'x.pdf',
    });
    expect(missing.body.successful).toBe(false);
    expect(missing.body.error).toMatch(/not found in the store/);
  });

  it('OUTLOOK_CREATE_TASK adds a To Do task and switches the reminder on with a reminder time', async () => {
    graph.reset();
    const r = await exec('outlook', 'OUTLOOK_CREATE_TASK', {
      todo_task_list_id: 'L1',
      title: 'File taxes',
      reminderDateTime: { dateTime: '2025-04-01T09:00:00', timeZone: 'UTC' },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: 'task-1', listId: 'L1' } });
    expect(graph.last()!.path).toBe('/v1.0/me/todo/lists/L1/tasks');
    expect(graph.last()!.json).toEqual({
      title: 'File taxes',
      reminderDateTime: { dateTime: '2025-04-01T09:00:00', timeZone: 'UTC' },
      isReminderOn: true,
    });
  });
});
