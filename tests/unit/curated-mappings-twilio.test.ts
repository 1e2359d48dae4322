import { describe, expect, it } from 'vitest';
import { getTool } from '../../lib/catalog/registry';
import { CURATED } from '../../lib/catalog/curated';
import type { CuratedContext, ProviderRequest } from '../../lib/catalog/curated/types';

// Twilio tools are composites (the account SID is looked up when not given): each is run against a
// recording context and must send the request Twilio documents (twilio.com/docs/usage/api):
// /2010-04-01/Accounts/{AccountSid}/… with form-encoded bodies in Twilio's PascalCase names.
const SID = 'AC0123456789abcdef0123456789abcdef';

async function run(slug: string, args: Record<string, unknown>, answer: unknown = { sid: 'X1' }) {
  const tool = getTool(slug);
  expect(tool, slug).toBeDefined();
  expect(tool!.curated?.kind).toBe('composite');
  const sent: ProviderRequest[] = [];
  const reply = (r: ProviderRequest) => {
    sent.push(r);
    const body =
      r.path === '/2010-04-01/Accounts.json'
        ? {
            accounts: [
              { sid: 'ACsub', owner_account_sid: SID },
              { sid: SID, owner_account_sid: SID },
            ],
          }
        : answer;
    return { status: 200, ok: true, body, contentType: 'application/json', headers: {}, binary: Buffer.from('RIFF') };
  };
  const ctx = {
    call: async (r: ProviderRequest) => reply(r),
    json: async (r: ProviderRequest) => reply(r).body,
    stageFile: async (content: Buffer, name: string, mimetype: string) => ({
      name,
      mimetype,
      s3url: 'https://s3/x',
      size: content.length,
    }),
  } as unknown as CuratedContext;
  const curated = CURATED.twilio!.find((t) => t.slug === slug)!;
  if (curated.kind !== 'composite') throw new Error('composite expected');
  const normalized = curated.normalize ? curated.normalize(args) : args;
  const data = await curated.run(ctx, normalized);
  return { sent, data, last: sent[sent.length - 1]! };
}

const A = `/2010-04-01/Accounts/${SID}`;
type Row = [
  string,
  Record<string, unknown>,
  { method: string; path?: string; url?: string; query?: unknown; body?: unknown },
];
const TABLE: Row[] = [
  [
    'TWILIO_CREATE_MESSAGE',
    { to: '+15550001111', from: '+15552223333', body: 'hi', media_url: ['https://x/a.png'] },
    {
      method: 'POST',
      path: `${A}/Messages.json`,
      body: { To: '+15550001111', From: '+15552223333', Body: 'hi', MediaUrl: ['https://x/a.png'] },
    },
  ],
  [
    'TWILIO_CREATE_MESSAGE',
    { To: '+15550001111', MessagingServiceSid: 'MG1', Body: 'old names', AccountSid: 'ACother' },
    {
      method: 'POST',
      path: '/2010-04-01/Accounts/ACother/Messages.json',
      body: { To: '+15550001111', MessagingServiceSid: 'MG1', Body: 'old names' },
    },
  ],
  [
    'TWILIO_SEND_WHATSAPP_MESSAGE',
    { to: '+15550001111', from: '+15552223333', content_sid: 'HX1', content_variables: '{"1":"Ana"}' },
    {
      method: 'POST',
      path: `${A}/Messages.json`,
      body: {
        To: 'whatsapp:+15550001111',
        From: 'whatsapp:+15552223333',
        ContentSid: 'HX1',
        ContentVariables: '{"1":"Ana"}',
      },
    },
  ],
  [
    'TWILIO_LIST_MESSAGE',
    { to: '+15552223333', date_sent_after: '2025-01-01', page_size: 20 },
    {
      method: 'GET',
      path: `${A}/Messages.json`,
      query: { To: '+15552223333', 'DateSent>': '2025-01-01', PageSize: 20 },
    },
  ],
  ['TWILIO_FETCH_MESSAGE', { sid: 'SM1' }, { method: 'GET', path: `${A}/Messages/SM1.json` }],
  [
    'TWILIO_UPDATE_MESSAGE',
    { sid: 'SM1', body: '' },
    { method: 'POST', path: `${A}/Messages/SM1.json`, body: { Body: '' } },
  ],
  ['TWILIO_DELETE_MESSAGE', { sid: 'SM1' }, { method: 'DELETE', path: `${A}/Messages/SM1.json` }],
  ['TWILIO_LIST_MEDIA', { message_sid: 'MM1' }, { method: 'GET', path: `${A}/Messages/MM1/Media.json` }],
  [
    'TWILIO_CREATE_CALL',
    { to: '+15550001111', from: '+15552223333', twiml: '<Response><Say>Hi</Say></Response>', record: true },
    {
      method: 'POST',
      path: `${A}/Calls.json`,
      body: { To: '+15550001111', From: '+15552223333', Twiml: '<Response><Say>Hi</Say></Response>', Record: true },
    },
  ],
  [
    'TWILIO_LIST_CALL',
    { status: 'completed', start_time_before: '2025-02-01' },
    { method: 'GET', path: `${A}/Calls.json`, query: { Status: 'completed', 'StartTime<': '2025-02-01' } },
  ],
  ['TWILIO_FETCH_CALL', { sid: 'CA1' }, { method: 'GET', path: `${A}/Calls/CA1.json` }],
  [
    'TWILIO_UPDATE_CALL',
    { sid: 'CA1', status: 'completed' },
    { method: 'POST', path: `${A}/Calls/CA1.json`, body: { Status: 'completed' } },
  ],
  [
    'TWILIO_LIST_INCOMING_PHONE_NUMBER',
    { phone_number: '555' },
    { method: 'GET', path: `${A}/IncomingPhoneNumbers.json`, query: { PhoneNumber: '555' } },
  ],
  [
    'TWILIO_LIST_AVAILABLE_PHONE_NUMBER_LOCAL',
    { area_code: 415, sms_enabled: true },
    { method: 'GET', path: `${A}/AvailablePhoneNumbers/US/Local.json`, query: { AreaCode: 415, SmsEnabled: true } },
  ],
  ['TWILIO_FETCH_ACCOUNT', {}, { method: 'GET', path: `${A}.json` }],
  ['TWILIO_FETCH_BALANCE', {}, { method: 'GET', path: `${A}/Balance.json` }],
  [
    'TWILIO_LIST_RECORDING',
    { call_sid: 'CA1' },
    { method: 'GET', path: `${A}/Recordings.json`, query: { CallSid: 'CA1' } },
  ],
  ['TWILIO_FETCH_RECORDING', { sid: 'RE1' }, { method: 'GET', path: `${A}/Recordings/RE1.json` }],
  ['TWILIO_DELETE_RECORDING', { sid: 'RE1' }, { method: 'DELETE', path: `${A}/Recordings/RE1.json` }],
  ['TWILIO_DOWNLOAD_RECORDING', { sid: 'RE1', format: 'wav' }, { method: 'GET', path: `${A}/Recordings/RE1.wav` }],
  [
    'TWILIO_LIST_USAGE_RECORD',
    { category: 'totalprice', start_date: '2025-01-01' },
    { method: 'GET', path: `${A}/Usage/Records.json`, query: { Category: 'totalprice', StartDate: '2025-01-01' } },
  ],
  [
    'TWILIO_LOOKUP_PHONE_NUMBER',
    { phone_number: '+14155552671', fields: 'line_type_intelligence' },
    {
      method: 'GET',
      url: 'https://lookups.twilio.com/v2/PhoneNumbers/%2B14155552671',
      query: { Fields: 'line_type_intelligence' },
    },
  ],
  ['TWILIO_LIST_VERIFY_SERVICES', {}, { method: 'GET', url: 'https://verify.twilio.com/v2/Services' }],
  [
    'TWILIO_CREATE_VERIFY_SERVICE',
    { friendly_name: 'Acme' },
    { method: 'POST', url: 'https://verify.twilio.com/v2/Services', body: { FriendlyName: 'Acme' } },
  ],
  [
    'TWILIO_SEND_VERIFICATION_CODE',
    { service_sid: 'VA1', to: '+15550001111' },
    {
      method: 'POST',
      url: 'https://verify.twilio.com/v2/Services/VA1/Verifications',
      body: { To: '+15550001111', Channel: 'sms' },
    },
  ],
  [
    'TWILIO_CHECK_VERIFICATION_CODE',
    { service_sid: 'VA1', to: '+15550001111', code: '123456' },
    {
      method: 'POST',
      url: 'https://verify.twilio.com/v2/Services/VA1/VerificationCheck',
      body: { To: '+15550001111', Code: '123456' },
    },
  ],
];

describe('Twilio curated tools', () => {
  it('declares at least 15 tools, every one with its own description', () => {
    expect(CURATED.twilio!.length).toBeGreaterThanOrEqual(15);
    for (const t of CURATED.twilio!) expect(t.description.length, t.slug).toBeGreaterThan(40);
  });

  it.each(TABLE)('%s sends the documented Twilio request', async (slug, args, want) => {
    const { last } = await run(slug, args);
    expect(last.method).toBe(want.method);
    if (want.path) expect(last.path).toBe(want.path);
    if (want.url) expect(last.url).toBe(want.url);
    if (want.query) expect(last.query).toEqual(want.query);
    if (want.body !== undefined) {
      expect(last.body).toEqual(want.body);
      expect(last.contentType).toBe('application/x-www-form-urlencoded');
    } else expect(last.body).toBeUndefined();
  });

  it('looks the account up once when account_sid is not given, and picks the main account', async () => {
    const { sent } = await run('TWILIO_FETCH_MESSAGE', { sid: 'SM1' });
    expect(sent.map((r) => r.path)).toEqual(['/2010-04-01/Accounts.json', `${A}/Messages/SM1.json`]);
    const given = await run('TWILIO_FETCH_MESSAGE', { sid: 'SM1', account_sid: 'ACgiven' });
    expect(given.sent.map((r) => r.path)).toEqual(['/2010-04-01/Accounts/ACgiven/Messages/SM1.json']);
    const lookups = await run('TWILIO_LOOKUP_PHONE_NUMBER', { phone_number: '+14155552671' });
    expect(lookups.sent).toHaveLength(1);
  });

  it('lists report the next page and refuse a message without a sender', async () => {
    const { data } = await run(
      'TWILIO_LIST_MESSAGE',
      {},
      {
        messages: [],
        next_page_uri: `${A}/Messages.json?PageSize=50&Page=1&PageToken=PASM9`,
      },
    );
    expect(data).toMatchObject({ next_page: 1, next_page_token: 'PASM9' });
    await expect(run('TWILIO_CREATE_MESSAGE', { to: '+1555', body: 'x' })).rejects.toThrow(
      /from or messaging_service_sid/,
    );
    await expect(run('TWILIO_CREATE_CALL', { to: '+1555', from: '+1666' })).rejects.toThrow(
      /twiml, url or application_sid/,
    );
  });

  it('TWILIO_DOWNLOAD_RECORDING stages the audio', async () => {
    const { data } = await run('TWILIO_DOWNLOAD_RECORDING', { sid: 'RE1' });
    expect(data).toMatchObject({ sid: 'RE1', file: { name: 'RE1.mp3', mimetype: 'audio/mpeg', size: 4 } });
  });
});
