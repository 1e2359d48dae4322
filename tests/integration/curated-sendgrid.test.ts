import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// SendGrid tools (lib/catalog/curated/sendgrid.ts) through the real execute pipeline, with an API
// key (Bearer), against a loopback api.sendgrid.com/v3 that checks what it receives.
const KEY = 'SG.test-key';
let s: TestServer;
let sg: FakeUpstream;
let account: string;

type Req = { headers: Record<string, unknown>; json?: unknown; query: URLSearchParams };
type Reply = { status?: number; json?: unknown; headers?: Record<string, string> };
const authed =
  (h: (req: Req) => Reply) =>
  (req: Req): Reply =>
    req.headers.authorization === `Bearer ${KEY}`
      ? h(req)
      : { status: 401, json: { errors: [{ field: null, message: 'authorization required' }] } };

beforeAll(async () => {
  [s, sg] = await Promise.all([providerServer(), startFakeUpstream()]);
  sg.on(
    'POST',
    '/v3/mail/send',
    authed((req) => {
      const b = req.json as { from?: { email?: string } };
      if (b.from?.email !== 'news@acme.test')
        return {
          status: 403,
          json: { errors: [{ field: 'from', message: 'The from address does not match a verified Sender Identity.' }] },
        };
      return { status: 202, headers: { 'x-message-id': 'msg-123' } };
    }),
  );
  sg.on(
    'PUT',
    '/v3/marketing/contacts',
    authed(() => ({ status: 202, json: { job_id: 'job-9' } })),
  );
  sg.on(
    'DELETE',
    '/v3/marketing/contacts',
    authed(() => ({ status: 202, json: { job_id: 'job-10' } })),
  );
  sg.on(
    'POST',
    '/v3/marketing/senders',
    authed((req) => ({ status: 201, json: { id: 77, verified: false, ...(req.json as object) } })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'sendgrid',
      authScheme: 'API_KEY',
      val: { api_key: KEY, base_url: `${sg.url}/v3` },
      userId: 'sendgrid-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), sg?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('SendGrid curated tools', () => {
  it('SENDGRID_SEND_EMAIL_WITH_TWILIO_SEND_GRID builds the v3 mail send body from simple arguments', async () => {
    sg.reset();
    const r = await exec('SENDGRID_SEND_EMAIL_WITH_TWILIO_SEND_GRID', {
      to_emails: 'ana@example.com, bo@example.com',
      from_email: 'news@acme.test',
      from_name: 'Acme',
      subject: 'Welcome',
      html_content: '<p>Hi</p>',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { accepted: true, message_id: 'msg-123', status_code: 202 },
    });
    const req = sg.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v3/mail/send');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.json).toEqual({
      personalizations: [{ to: [{ email: 'ana@example.com' }, { email: 'bo@example.com' }] }],
      from: { email: 'news@acme.test', name: 'Acme' },
      subject: 'Welcome',
      content: [{ type: 'text/html', value: '<p>Hi</p>' }],
    });
  });

  it("SENDGRID_SEND_EMAIL_WITH_TWILIO_SEND_GRID reports SendGrid's error when the sender is not verified", async () => {
    sg.reset();
    const r = await exec('SENDGRID_SEND_EMAIL_WITH_TWILIO_SEND_GRID', {
      to_emails: ['ana@example.com'],
      from_email: 'someone@else.test',
      subject: 'Hi',
      plain_text_content: 'Hi',
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(false);
    expect(JSON.stringify(r.body)).toContain('verified Sender Identity');
    expect(sg.requests).toHaveLength(1);
  });

  it('SENDGRID_SEND_EMAIL_WITH_TWILIO_SEND_GRID without recipients is a validation error and calls nothing', async () => {
    sg.reset();
    const r = await exec('SENDGRID_SEND_EMAIL_WITH_TWILIO_SEND_GRID', {
      from_email: 'news@acme.test',
      subject: 'Hi',
      plain_text_content: 'Hi',
    });
    expect(r.body.successful, JSON.stringify(r.body)).not.toBe(true);
    expect(JSON.stringify(r.body)).toContain('to_emails');
    expect(sg.requests).toHaveLength(0);
  });

  it('SENDGRID_ADD_OR_UPDATE_A_CONTACT PUTs the contacts and list ids', async () => {
    sg.reset();
    const r = await exec('SENDGRID_ADD_OR_UPDATE_A_CONTACT', {
      contacts: [{ email: 'ana@example.com', first_name: 'Ana' }, 'bo@example.com'],
      list_ids: ['ca7a3796-e8a8-4029-9ccb-df8937940562'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { job_id: 'job-9' } });
    expect(sg.last()!.method).toBe('PUT');
    expect(sg.last()!.json).toEqual({
      contacts: [{ email: 'ana@example.com', first_name: 'Ana' }, { email: 'bo@example.com' }],
      list_ids: ['ca7a3796-e8a8-4029-9ccb-df8937940562'],
    });
  });

  it('SENDGRID_DELETE_CONTACTS sends the ids comma-separated in the query', async () => {
    sg.reset();
    const r = await exec('SENDGRID_DELETE_CONTACTS', { ids: ['c-1', 'c-2'] });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { job_id: 'job-10' } });
    expect(sg.last()!.method).toBe('DELETE');
    expect(sg.last()!.path).toBe('/v3/marketing/contacts');
    expect(Object.fromEntries(sg.last()!.query)).toEqual({ ids: 'c-1,c-2' });
  });

  it('SENDGRID_CREATE_A_SENDER POSTs a marketing sender with from and reply_to nested', async () => {
    sg.reset();
    const r = await exec('SENDGRID_CREATE_A_SENDER', {
      nickname: 'News',
      from_email: 'news@acme.test',
      from_name: 'Acme',
      address: '1 Main St',
      city: 'Springfield',
      country: 'USA',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { id: 77, verified: false } });
    const req = sg.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v3/marketing/senders');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.json).toEqual({
      nickname: 'News',
      from: { email: 'news@acme.test', name: 'Acme' },
      address: '1 Main St',
      city: 'Springfield',
      country: 'USA',
    });
  });
});
