import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../helpers/fake-upstream';

// Twilio tools (lib/catalog/curated/twilio.ts) through the real execute pipeline, with Basic auth
// (Account SID + auth token), against a loopback api.twilio.com that checks the credentials and
// parses the form-encoded bodies. Verify (verify.twilio.com) is reached through the same origin.
const SID = 'AC11112222333344445555666677778888';
const TOKEN = 'twilio-auth-token';
const BASIC = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
let s: TestServer;
let tw: FakeUpstream;
let account: string;

const form = (r: RecordedRequest) => new URLSearchParams(r.body.toString('utf8'));

beforeAll(async () => {
  [s, tw] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeUpstream()]);
  const authed =
    (h: (req: RecordedRequest, p: Record<string, string>) => { status?: number; json?: unknown }) =>
    (req: RecordedRequest, p: Record<string, string>) =>
      req.headers.authorization === BASIC
        ? h(req, p)
        : { status: 401, json: { code: 20003, message: 'Authenticate', status: 401 } };
  tw.on(
    'GET',
    '/2010-04-01/Accounts.json',
    authed(() => ({
      json: {
        accounts: [{ sid: SID, owner_account_sid: SID, friendly_name: 'Main', status: 'active' }],
        next_page_uri: null,
      },
    })),
  );
  tw.on(
    'POST',
    '/2010-04-01/Accounts/:sid/Messages.json',
    authed((req, p) => {
      if (!/^application\/x-www-form-urlencoded/.test(String(req.headers['content-type'])))
        return { status: 400, json: { code: 21601, message: 'form body expected' } };
      const f = form(req);
      return {
        status: 201,
        json: {
          sid: 'SM0001',
          account_sid: p.sid,
          to: f.get('To'),
          from: f.get('From'),
          body: f.get('Body'),
          status: 'queued',
        },
      };
    }),
  );
  tw.on(
    'GET',
    '/2010-04-01/Accounts/:sid/Messages.json',
    authed((_req, p) => ({
      json: {
        messages: [{ sid: 'SM0001', direction: 'inbound', body: 'yes' }],
        next_page_uri: `/2010-04-01/Accounts/${p.sid}/Messages.json?PageSize=1&Page=1&PageToken=PASM0001`,
      },
    })),
  );
  tw.on(
    'POST',
    '/v2/Services/:service/Verifications',
    authed((req, p) => ({
      status: 201,
      json: {
        sid: 'VE1',
        service_sid: p.service,
        to: form(req).get('To'),
        channel: form(req).get('Channel'),
        status: 'pending',
      },
    })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'twilio',
      authScheme: 'BASIC',
      val: { username: SID, password: TOKEN, base_url: tw.url },
      userId: 'twilio-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), tw?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Twilio curated tools', () => {
  it('TWILIO_CREATE_MESSAGE finds the account and posts a form body under it', async () => {
    tw.reset();
    const r = await exec('TWILIO_CREATE_MESSAGE', {
      to: '+15550001111',
      from: '+15552223333',
      body: 'Your order shipped',
      media_url: ['https://example.com/a.png', 'https://example.com/b.png'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { sid: 'SM0001', account_sid: SID, status: 'queued', body: 'Your order shipped' },
    });
    expect(tw.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /2010-04-01/Accounts.json',
      `POST /2010-04-01/Accounts/${SID}/Messages.json`,
    ]);
    const sent = tw.last()!;
    expect(sent.headers.authorization).toBe(BASIC);
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const f = form(sent);
    expect(f.get('To')).toBe('+15550001111');
    expect(f.get('From')).toBe('+15552223333');
    expect(f.get('Body')).toBe('Your order shipped');
    expect(f.getAll('MediaUrl')).toEqual(['https://example.com/a.png', 'https://example.com/b.png']);
  });

  it('TWILIO_SEND_WHATSAPP_MESSAGE with account_sid skips the lookup and prefixes whatsapp:', async () => {
    tw.reset();
    const r = await exec('TWILIO_SEND_WHATSAPP_MESSAGE', {
      account_sid: SID,
      to: '+15550001111',
      from: '+15552223333',
      body: 'Hola',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { to: 'whatsapp:+15550001111' } });
    expect(tw.requests).toHaveLength(1);
    expect(Object.fromEntries(form(tw.last()!))).toEqual({
      To: 'whatsapp:+15550001111',
      From: 'whatsapp:+15552223333',
      Body: 'Hola',
    });
  });

  it("TWILIO_LIST_MESSAGE sends Twilio's filter names and returns the next page token", async () => {
    tw.reset();
    const r = await exec('TWILIO_LIST_MESSAGE', { to: '+15552223333', date_sent_after: '2025-03-01', page_size: 1 });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { messages: [{ sid: 'SM0001' }], next_page: 1, next_page_token: 'PASM0001' },
    });
    expect(Object.fromEntries(tw.last()!.query)).toEqual({
      To: '+15552223333',
      'DateSent>': '2025-03-01',
      PageSize: '1',
    });
  });

  it('TWILIO_SEND_VERIFICATION_CODE posts To and Channel to the Verify service', async () => {
    tw.reset();
    const r = await exec('TWILIO_SEND_VERIFICATION_CODE', { service_sid: 'VA42', to: '+15550001111' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { status: 'pending', service_sid: 'VA42' },
    });
    const sent = tw.last()!;
    expect(sent.path).toBe('/v2/Services/VA42/Verifications');
    expect(sent.headers.authorization).toBe(BASIC);
    expect(Object.fromEntries(form(sent))).toEqual({ To: '+15550001111', Channel: 'sms' });
  });

  it('a message without body, media or template is refused before any call', async () => {
    tw.reset();
    const r = await exec('TWILIO_CREATE_MESSAGE', { to: '+15550001111', from: '+15552223333' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('body, media_url or content_sid');
    expect(tw.requests).toHaveLength(0);
  });
});
