/**
 * Twilio: SMS/MMS/WhatsApp messages, voice calls, phone numbers, recordings, Lookup and Verify.
 *
 * The hosted catalog has no Twilio toolkit, so the slugs follow its convention (TOOLKIT_VERB_OBJECT);
 * the tools of Twilio's 2010-04-01 REST API keep the slugs of Junction's generated operations they
 * replace (TWILIO_CREATE_MESSAGE, TWILIO_LIST_CALL, …) and still accept Twilio's own PascalCase
 * parameter names (To, From, Body, AccountSid) besides the snake_case ones.
 *
 * Twilio's REST API takes form-encoded bodies and nests every resource under
 * /2010-04-01/Accounts/{AccountSid}. A connection authenticates with Basic auth (Account SID or API
 * key SID + secret); tools take an optional `account_sid` and otherwise ask Twilio which account the
 * credentials belong to (GET /2010-04-01/Accounts.json), so an agent never has to know the SID.
 * Lookup (lookups.twilio.com) and Verify (verify.twilio.com) are other hosts of the same credentials.
 */
import { composite, params, s } from './define';
import { type CuratedContext, type CuratedTool, type ProviderRequest, ToolArgumentError, ToolFailure } from './types';

type Args = Record<string, unknown>;

const API = '/2010-04-01';
const LOOKUPS = 'https://lookups.twilio.com/v2';
const VERIFY = 'https://verify.twilio.com/v2';

/** The account the tool works on: the argument, else the one the credentials belong to. */
export async function resolveAccountSid(ctx: CuratedContext, args: Args): Promise<string> {
  const given = args.account_sid;
  if (typeof given === 'string' && given.trim()) return given.trim();
  const res = await ctx.json<{ accounts?: { sid?: string; owner_account_sid?: string }[] }>({
    method: 'GET',
    path: `${API}/Accounts.json`,
    query: { PageSize: 50 },
  });
  const list = (res.accounts ?? []).filter((a) => typeof a.sid === 'string');
  // the credentials' own (main) account owns itself; a subaccount's credentials see only that subaccount
  const own = list.find((a) => a.sid === a.owner_account_sid) ?? list[0];
  if (!own?.sid)
    throw new ToolFailure('Twilio listed no account for these credentials; pass account_sid (AC…)', {
      status_code: null,
    });
  return own.sid;
}

/** next_page_uri → the page and PageToken to pass for the next page */
function withNextPage(body: Args): Args {
  const uri = typeof body.next_page_uri === 'string' ? body.next_page_uri : '';
  if (!uri) return { ...body, next_page_token: null, next_page: null };
  const q = new URL(uri, 'https://api.twilio.com').searchParams;
  const page = q.get('Page');
  return { ...body, next_page_token: q.get('PageToken'), next_page: page === null ? null : Number(page) };
}

interface TwilioDef {
  slug: string;
  name: string;
  description: string;
  method: 'GET' | 'POST' | 'DELETE';
  /**
   * Path with `{hosted_arg}` placeholders: relative to /2010-04-01/Accounts/{AccountSid} unless
   * `url` (another Twilio host) or `root` (relative to the API root) is given.
   */
  path: string;
  url?: string;
  root?: boolean;
  /** hosted argument → Twilio's parameter name (query for GET/DELETE, form field otherwise) */
  fields?: Record<string, string>;
  input: Args;
  required?: string[];
  important?: boolean;
  /** rewrite arguments after defaults (e.g. whatsapp: prefixes) */
  prepare?: (a: Args) => Args;
  shape?: (body: Args, a: Args) => Args;
  /** list answer: add next_page_token / next_page */
  list?: boolean;
}

const ACCOUNT_SID = s.string(
  'Twilio Account SID (AC…). Optional: without it the account the connection belongs to is used',
);
const PAGE_SIZE = s.integer('Results per page (1-1000, Twilio default 50)');
const PAGE = s.integer('Page number of the next page (next_page from the previous answer)');
const PAGE_TOKEN = s.string('next_page_token from the previous answer');
const PAGING = { page_size: PAGE_SIZE, page: PAGE, page_token: PAGE_TOKEN };
const PAGING_FIELDS = { page_size: 'PageSize', page: 'Page', page_token: 'PageToken' };

/** Accept Twilio's own parameter names (To, From, AccountSid) for the hosted snake_case ones. */
function foldTwilioNames(fields: Record<string, string>) {
  const names: Record<string, string> = { ...fields, account_sid: 'AccountSid' };
  return (a: Args): Args => {
    const out = { ...a };
    for (const [arg, provider] of Object.entries(names)) {
      if (arg !== provider && out[arg] === undefined && out[provider] !== undefined) {
        out[arg] = out[provider];
        delete out[provider];
      }
    }
    return out;
  };
}

function twilio(def: TwilioDef): CuratedTool {
  const fields = def.fields ?? {};
  const placeholders = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const needsAccount = !def.url && !def.root;
  const input = needsAccount ? { ...def.input, account_sid: ACCOUNT_SID } : def.input;
  return composite({
    slug: def.slug,
    name: def.name,
    description: def.description,
    important: def.important,
    tags: ['twilio'],
    input: params(input, def.required ?? placeholders),
    normalize: foldTwilioNames(fields),
    async run(ctx, args) {
      const a = def.prepare ? def.prepare({ ...args }) : { ...args };
      let path = def.path;
      if (placeholders.includes('account_sid')) a.account_sid = await resolveAccountSid(ctx, a);
      for (const k of placeholders) {
        const v = a[k];
        if (v === undefined || v === null || v === '') throw new ToolArgumentError(`${k} is required`);
        path = path.replace(`{${k}}`, encodeURIComponent(String(v)));
      }
      const values: Args = {};
      for (const [arg, provider] of Object.entries(fields)) {
        const v = a[arg];
        if (v === undefined || v === null || (Array.isArray(v) && !v.length)) continue;
        values[provider] = v;
      }
      const read = def.method !== 'POST';
      let target: { path?: string; url?: string };
      if (def.url) target = { url: `${def.url}${path}` };
      else if (def.root) target = { path: `${API}${path}` };
      else target = { path: `${API}/Accounts/${encodeURIComponent(await resolveAccountSid(ctx, a))}${path}` };
      const res = await ctx.json<Args>({
        method: def.method,
        ...target,
        query: read ? (values as ProviderRequest['query']) : undefined,
        body: read ? undefined : values,
        contentType: read ? undefined : 'application/x-www-form-urlencoded',
      });
      const body = def.list ? withNextPage(res) : res;
      if (def.method === 'DELETE') return { deleted: true, ...body };
      return def.shape ? def.shape(body, a) : body;
    },
  });
}

const MESSAGE_SID = s.string('Message SID (SM… or MM…), from TWILIO_CREATE_MESSAGE or TWILIO_LIST_MESSAGE');
const CALL_SID = s.string('Call SID (CA…), from TWILIO_CREATE_CALL or TWILIO_LIST_CALL');
const RECORDING_SID = s.string('Recording SID (RE…), from TWILIO_LIST_RECORDING');
const SERVICE_SID = s.string(
  'Verify service SID (VA…), from TWILIO_LIST_VERIFY_SERVICES or TWILIO_CREATE_VERIFY_SERVICE',
);
const PHONE = (what: string) => s.string(`${what}, in E.164 form (+14155552671)`);

const SEND_FIELDS = {
  to: 'To',
  from: 'From',
  body: 'Body',
  messaging_service_sid: 'MessagingServiceSid',
  media_url: 'MediaUrl',
  content_sid: 'ContentSid',
  content_variables: 'ContentVariables',
  status_callback: 'StatusCallback',
  send_at: 'SendAt',
  schedule_type: 'ScheduleType',
  validity_period: 'ValidityPeriod',
};
const SEND_INPUT = {
  to: PHONE('Recipient number'),
  from: PHONE(
    'Sender: one of your Twilio numbers (see TWILIO_LIST_INCOMING_PHONE_NUMBER) or an alphanumeric sender ID',
  ),
  body: s.string('Message text (up to 1600 characters)'),
  messaging_service_sid: s.string('Messaging service SID (MG…) to send from instead of a single number'),
  media_url: s.strings('Public URLs of images or files to attach (MMS / WhatsApp media, up to 10)'),
  content_sid: s.string('Content template SID (HX…), e.g. an approved WhatsApp template'),
  content_variables: s.string('JSON object of template variables, e.g. {"1":"Ana","2":"3pm"}'),
  status_callback: s.string('URL Twilio POSTs delivery status changes to'),
  send_at: s.string('ISO 8601 time to send a scheduled message (needs messaging_service_sid and schedule_type fixed)'),
  schedule_type: s.enum(['fixed'], 'fixed to schedule the message at send_at'),
  validity_period: s.integer('Seconds the message may wait in the queue before it is dropped'),
};
const needSender = (a: Args) => {
  if (!a.from && !a.messaging_service_sid) throw new ToolArgumentError('give from or messaging_service_sid');
  if (!a.body && !a.media_url && !a.content_sid) throw new ToolArgumentError('give body, media_url or content_sid');
  return a;
};
const whatsapp = (v: unknown) =>
  typeof v === 'string' && v && !v.startsWith('whatsapp:') ? `whatsapp:${v.replace(/\s+/g, '')}` : v;

export const twilioTools: CuratedTool[] = [
  twilio({
    slug: 'TWILIO_CREATE_MESSAGE',
    name: 'Send SMS / MMS message',
    important: true,
    method: 'POST',
    path: '/Messages.json',
    fields: SEND_FIELDS,
    input: SEND_INPUT,
    required: ['to'],
    prepare: needSender,
    description:
      'Send a text message (SMS), or an MMS when media_url is given, to one phone number. Pass to, from (your Twilio number) or messaging_service_sid, and body. For WhatsApp use TWILIO_SEND_WHATSAPP_MESSAGE (or prefix both numbers with whatsapp:). Returns the message: sid, status (queued, then sent/delivered/failed), to, from, num_segments, price. Check delivery later with TWILIO_FETCH_MESSAGE.',
  }),
  twilio({
    slug: 'TWILIO_SEND_WHATSAPP_MESSAGE',
    name: 'Send WhatsApp message',
    important: true,
    method: 'POST',
    path: '/Messages.json',
    fields: SEND_FIELDS,
    input: {
      ...SEND_INPUT,
      to: PHONE('Recipient WhatsApp number (the whatsapp: prefix is added for you)'),
      from: PHONE('Your WhatsApp-enabled Twilio sender (the whatsapp: prefix is added for you)'),
      content_sid: s.string(
        'Approved template SID (HX…): required to open a conversation outside the 24-hour customer service window',
      ),
    },
    required: ['to'],
    prepare: (a) => needSender({ ...a, to: whatsapp(a.to), from: whatsapp(a.from) }),
    description:
      "Send a WhatsApp message through Twilio. Pass plain E.164 numbers for to and from; the whatsapp: prefix is added. Free-form body works only within 24 hours of the user's last message; otherwise send an approved template with content_sid and content_variables. Returns the message sid and status; follow up with TWILIO_FETCH_MESSAGE.",
  }),
  twilio({
    slug: 'TWILIO_LIST_MESSAGE',
    name: 'List messages',
    important: true,
    method: 'GET',
    path: '/Messages.json',
    list: true,
    fields: {
      to: 'To',
      from: 'From',
      date_sent: 'DateSent',
      date_sent_after: 'DateSent>',
      date_sent_before: 'DateSent<',
      ...PAGING_FIELDS,
    },
    input: {
      to: PHONE('Only messages sent to this number'),
      from: PHONE('Only messages sent from this number'),
      date_sent: s.string('Only messages sent on this day (YYYY-MM-DD)'),
      date_sent_after: s.string('Only messages sent on or after this day (YYYY-MM-DD)'),
      date_sent_before: s.string('Only messages sent on or before this day (YYYY-MM-DD)'),
      ...PAGING,
    },
    description:
      'Messages of the account, newest first, optionally filtered by number and date: sid, direction (inbound / outbound-api), from, to, body, status, date_sent, error_code. Use it to read replies (filter to = your number) or audit sends. Pass next_page and next_page_token from the answer to get the next page.',
  }),
  twilio({
    slug: 'TWILIO_FETCH_MESSAGE',
    name: 'Get message',
    method: 'GET',
    path: '/Messages/{sid}.json',
    input: { sid: MESSAGE_SID },
    description:
      'One message by SID: body, status (queued, sending, sent, delivered, undelivered, failed, received), error_code and error_message when it failed, price, num_media. Use it to confirm delivery after TWILIO_CREATE_MESSAGE.',
  }),
  twilio({
    slug: 'TWILIO_UPDATE_MESSAGE',
    name: 'Redact or cancel message',
    method: 'POST',
    path: '/Messages/{sid}.json',
    fields: { body: 'Body', status: 'Status' },
    input: {
      sid: MESSAGE_SID,
      body: s.string('Empty string "" to redact the text of a sent or received message'),
      status: s.enum(['canceled'], 'canceled to stop a scheduled message before it is sent'),
    },
    description:
      'Redact a message\'s text (body "") or cancel a scheduled message (status canceled). Returns the updated message.',
  }),
  twilio({
    slug: 'TWILIO_DELETE_MESSAGE',
    name: 'Delete message',
    method: 'DELETE',
    path: '/Messages/{sid}.json',
    input: { sid: MESSAGE_SID },
    description:
      'Delete a message record (and its media) from the account log. It does not recall a message already delivered. Ask the user first.',
  }),
  twilio({
    slug: 'TWILIO_LIST_MEDIA',
    name: 'List message media',
    method: 'GET',
    path: '/Messages/{message_sid}/Media.json',
    list: true,
    fields: PAGING_FIELDS,
    input: { message_sid: MESSAGE_SID, ...PAGING },
    description:
      'Attachments of an MMS or WhatsApp message: sid, content_type and uri of each (the file itself is the uri without .json, fetched with the same credentials).',
  }),
  twilio({
    slug: 'TWILIO_CREATE_CALL',
    name: 'Make phone call',
    important: true,
    method: 'POST',
    path: '/Calls.json',
    fields: {
      to: 'To',
      from: 'From',
      twiml: 'Twiml',
      url: 'Url',
      application_sid: 'ApplicationSid',
      status_callback: 'StatusCallback',
      record: 'Record',
      timeout: 'Timeout',
      machine_detection: 'MachineDetection',
    },
    input: {
      to: PHONE('Number to call (or a SIP address / client:name)'),
      from: PHONE('Your Twilio number shown as caller ID'),
      twiml: s.string(
        'TwiML that runs when the call is answered, e.g. <Response><Say>Your order shipped</Say></Response>',
      ),
      url: s.string('URL returning TwiML for the call (instead of twiml)'),
      application_sid: s.string('TwiML app SID (AP…) to handle the call (instead of twiml or url)'),
      status_callback: s.string('URL Twilio POSTs call progress to'),
      record: s.boolean('Record the call (then see TWILIO_LIST_RECORDING)'),
      timeout: s.integer('Seconds to let it ring before giving up (default 60)'),
      machine_detection: s.enum(['Enable', 'DetectMessageEnd'], 'Detect answering machines'),
    },
    required: ['to', 'from'],
    prepare: (a) => {
      if (!a.twiml && !a.url && !a.application_sid) throw new ToolArgumentError('give twiml, url or application_sid');
      return a;
    },
    description:
      'Place an outbound voice call from one of your Twilio numbers. Say what happens on answer with twiml (simplest: <Response><Say>text</Say></Response>), a url serving TwiML, or an application_sid. Returns the call: sid, status (queued, ringing, in-progress, completed, busy, no-answer, failed). Follow with TWILIO_FETCH_CALL; end it early with TWILIO_UPDATE_CALL.',
  }),
  twilio({
    slug: 'TWILIO_LIST_CALL',
    name: 'List calls',
    important: true,
    method: 'GET',
    path: '/Calls.json',
    list: true,
    fields: {
      to: 'To',
      from: 'From',
      status: 'Status',
      start_time_after: 'StartTime>',
      start_time_before: 'StartTime<',
      ...PAGING_FIELDS,
    },
    input: {
      to: PHONE('Only calls to this number'),
      from: PHONE('Only calls from this number'),
      status: s.enum(
        ['queued', 'ringing', 'in-progress', 'canceled', 'completed', 'failed', 'busy', 'no-answer'],
        'Only calls in this state',
      ),
      start_time_after: s.string('Only calls started on or after this day (YYYY-MM-DD)'),
      start_time_before: s.string('Only calls started on or before this day (YYYY-MM-DD)'),
      ...PAGING,
    },
    description:
      'Calls of the account, newest first: sid, direction, from, to, status, start_time, duration (seconds), price. Filter by number, status or start day; page with next_page and next_page_token.',
  }),
  twilio({
    slug: 'TWILIO_FETCH_CALL',
    name: 'Get call',
    method: 'GET',
    path: '/Calls/{sid}.json',
    input: { sid: CALL_SID },
    description: 'One call by SID: status, duration, start and end time, answered_by, price, parent_call_sid.',
  }),
  twilio({
    slug: 'TWILIO_UPDATE_CALL',
    name: 'Hang up or redirect call',
    method: 'POST',
    path: '/Calls/{sid}.json',
    fields: { status: 'Status', twiml: 'Twiml', url: 'Url' },
    input: {
      sid: CALL_SID,
      status: s.enum(
        ['canceled', 'completed'],
        'canceled ends a queued or ringing call; completed hangs up a live one',
      ),
      twiml: s.string('New TwiML to run on the live call right away'),
      url: s.string('URL of new TwiML to run on the live call'),
    },
    description:
      'Change a call in progress: hang it up (status completed), cancel it before it is answered (status canceled), or send it new instructions (twiml or url). Returns the updated call.',
  }),
  twilio({
    slug: 'TWILIO_LIST_INCOMING_PHONE_NUMBER',
    name: 'List my phone numbers',
    important: true,
    method: 'GET',
    path: '/IncomingPhoneNumbers.json',
    list: true,
    fields: { phone_number: 'PhoneNumber', friendly_name: 'FriendlyName', ...PAGING_FIELDS },
    input: {
      phone_number: s.string('Only numbers containing these digits'),
      friendly_name: s.string('Only numbers with this friendly name'),
      ...PAGING,
    },
    description:
      'The phone numbers the account owns: sid (PN…), phone_number, friendly_name, capabilities (sms, mms, voice), and their webhook URLs. Use a phone_number here as from when sending messages or calls.',
  }),
  twilio({
    slug: 'TWILIO_LIST_AVAILABLE_PHONE_NUMBER_LOCAL',
    name: 'Search numbers to buy',
    method: 'GET',
    path: '/AvailablePhoneNumbers/{country_code}/Local.json',
    fields: {
      area_code: 'AreaCode',
      contains: 'Contains',
      in_region: 'InRegion',
      sms_enabled: 'SmsEnabled',
      voice_enabled: 'VoiceEnabled',
      mms_enabled: 'MmsEnabled',
      page_size: 'PageSize',
    },
    input: {
      country_code: s.string('ISO country code, e.g. US, GB, DE', { default: 'US' }),
      area_code: s.integer('Area code (US and Canada)'),
      contains: s.string('Pattern the number must match, e.g. 555 or 415*******'),
      in_region: s.string('State or province, e.g. CA'),
      sms_enabled: s.boolean('Only numbers that can send SMS'),
      voice_enabled: s.boolean('Only numbers that can make calls'),
      mms_enabled: s.boolean('Only numbers that can send MMS'),
      page_size: PAGE_SIZE,
    },
    required: [],
    prepare: (a) => ({ ...a, country_code: a.country_code ?? 'US' }),
    description:
      'Local numbers available to buy in a country, by area code, region or digit pattern: phone_number, locality, region, capabilities. Buying one is a separate step in the Twilio console or API.',
  }),
  twilio({
    slug: 'TWILIO_FETCH_ACCOUNT',
    name: 'Get account',
    important: true,
    method: 'GET',
    path: '/Accounts/{account_sid}.json',
    root: true,
    input: { account_sid: ACCOUNT_SID },
    required: [],
    description:
      'The connected Twilio account: sid, friendly_name, status (active, suspended, closed), type (Trial or Full), date_created. Without account_sid it is the account of the connection. Useful to check the connection works and whether it is a trial (trials can only text verified numbers).',
  }),
  twilio({
    slug: 'TWILIO_FETCH_BALANCE',
    name: 'Get balance',
    method: 'GET',
    path: '/Balance.json',
    input: {},
    required: [],
    description: 'The account balance and its currency, e.g. {"balance": "12.34", "currency": "USD"}.',
  }),
  twilio({
    slug: 'TWILIO_LIST_RECORDING',
    name: 'List recordings',
    method: 'GET',
    path: '/Recordings.json',
    list: true,
    fields: {
      call_sid: 'CallSid',
      date_created_after: 'DateCreated>',
      date_created_before: 'DateCreated<',
      ...PAGING_FIELDS,
    },
    input: {
      call_sid: s.string('Only recordings of this call (CA…)'),
      date_created_after: s.string('Only recordings made on or after this time (ISO 8601)'),
      date_created_before: s.string('Only recordings made on or before this time (ISO 8601)'),
      ...PAGING,
    },
    description:
      'Call recordings of the account: sid (RE…), call_sid, duration, status, date_created. Get the audio with TWILIO_DOWNLOAD_RECORDING.',
  }),
  twilio({
    slug: 'TWILIO_FETCH_RECORDING',
    name: 'Get recording',
    method: 'GET',
    path: '/Recordings/{sid}.json',
    input: { sid: RECORDING_SID },
    description: "One recording's details: call_sid, duration, channels, status, source, price.",
  }),
  twilio({
    slug: 'TWILIO_DELETE_RECORDING',
    name: 'Delete recording',
    method: 'DELETE',
    path: '/Recordings/{sid}.json',
    input: { sid: RECORDING_SID },
    description: 'Delete a recording and its audio for good. Ask the user first.',
  }),
  composite({
    slug: 'TWILIO_DOWNLOAD_RECORDING',
    name: 'Download recording audio',
    tags: ['twilio'],
    input: params(
      {
        sid: RECORDING_SID,
        format: s.enum(['mp3', 'wav'], 'Audio format', { default: 'mp3' }),
        account_sid: ACCOUNT_SID,
      },
      ['sid'],
    ),
    normalize: foldTwilioNames({ sid: 'Sid' }),
    description:
      'Download a call recording as an audio file (mp3 by default, or wav). Returns file: a staged file with name, mimetype and s3url to hand to the user or to a transcription tool.',
    async run(ctx, args) {
      const sid = String(args.sid ?? '');
      if (!sid) throw new ToolArgumentError('sid is required');
      const format = args.format === 'wav' ? 'wav' : 'mp3';
      const account = await resolveAccountSid(ctx, args);
      const res = await ctx.call({
        method: 'GET',
        path: `${API}/Accounts/${encodeURIComponent(account)}/Recordings/${encodeURIComponent(sid)}.${format}`,
        headers: { accept: format === 'wav' ? 'audio/x-wav' : 'audio/mpeg' },
      });
      if (!res.ok) {
        const b = res.body as Args | undefined;
        const message = `Twilio answered ${res.status}${b && typeof b === 'object' && b.message ? `: ${b.message}` : ''}`;
        throw new ToolFailure(message, { status_code: res.status, http_error: res.body ?? null });
      }
      const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : '');
      const mimetype = format === 'wav' ? 'audio/x-wav' : 'audio/mpeg';
      return { sid, file: await ctx.stageFile(bytes, `${sid}.${format}`, mimetype) };
    },
  }),
  twilio({
    slug: 'TWILIO_LIST_USAGE_RECORD',
    name: 'Usage and cost',
    method: 'GET',
    path: '/Usage/Records.json',
    list: true,
    fields: { category: 'Category', start_date: 'StartDate', end_date: 'EndDate', ...PAGING_FIELDS },
    input: {
      category: s.string('Usage category, e.g. sms, calls, phonenumbers, totalprice'),
      start_date: s.string('First day (YYYY-MM-DD, or -30days)'),
      end_date: s.string('Last day (YYYY-MM-DD)'),
      ...PAGING,
    },
    description:
      'Usage of the account per category over a period: count, usage, price and price_unit. Use category totalprice for the overall spend.',
  }),
  twilio({
    slug: 'TWILIO_LOOKUP_PHONE_NUMBER',
    name: 'Look up phone number',
    important: true,
    method: 'GET',
    url: LOOKUPS,
    path: '/PhoneNumbers/{phone_number}',
    fields: { fields: 'Fields', country_code: 'CountryCode' },
    input: {
      phone_number: s.string('Number to check, E.164 (+14155552671) or national with country_code'),
      fields: s.string(
        'Extra data packages, comma-separated: line_type_intelligence (mobile / landline / voip, carrier), caller_name, sim_swap, validation. Paid per package; leave empty for the free format check',
      ),
      country_code: s.string('ISO country of a nationally formatted phone_number, e.g. US'),
    },
    description:
      'Validate and normalise a phone number with Twilio Lookup: valid, phone_number in E.164, national_format, country_code; with fields=line_type_intelligence also the line type and carrier, with caller_name the registered name (US). Use before sending to catch bad numbers.',
  }),
  twilio({
    slug: 'TWILIO_LIST_VERIFY_SERVICES',
    name: 'List Verify services',
    method: 'GET',
    url: VERIFY,
    path: '/Services',
    fields: { page_size: 'PageSize' },
    input: { page_size: PAGE_SIZE },
    required: [],
    description:
      'Twilio Verify services of the account: sid (VA…), friendly_name, code_length. A service_sid from here is what TWILIO_SEND_VERIFICATION_CODE needs; create one with TWILIO_CREATE_VERIFY_SERVICE if there is none.',
  }),
  twilio({
    slug: 'TWILIO_CREATE_VERIFY_SERVICE',
    name: 'Create Verify service',
    method: 'POST',
    url: VERIFY,
    path: '/Services',
    fields: { friendly_name: 'FriendlyName', code_length: 'CodeLength' },
    input: {
      friendly_name: s.string('Name shown in the verification message, e.g. Acme'),
      code_length: s.integer('Digits in the code (4-10, default 6)'),
    },
    required: ['friendly_name'],
    description:
      'Create a Verify service (the sender of one-time codes). Returns its sid (VA…) for the verification tools.',
  }),
  twilio({
    slug: 'TWILIO_SEND_VERIFICATION_CODE',
    name: 'Send verification code',
    important: true,
    method: 'POST',
    url: VERIFY,
    path: '/Services/{service_sid}/Verifications',
    fields: { to: 'To', channel: 'Channel', locale: 'Locale', custom_friendly_name: 'CustomFriendlyName' },
    input: {
      service_sid: SERVICE_SID,
      to: s.string('Phone number in E.164, or an email address for the email channel'),
      channel: s.enum(['sms', 'call', 'whatsapp', 'email'], 'How to deliver the code', { default: 'sms' }),
      locale: s.string('Language of the message, e.g. en, es, fr'),
      custom_friendly_name: s.string('Name to show instead of the service name'),
    },
    required: ['service_sid', 'to'],
    prepare: (a) => ({ ...a, channel: a.channel ?? 'sms' }),
    description:
      'Send a one-time verification code (2FA / phone or email confirmation) with Twilio Verify. Twilio generates and delivers the code; you never see it. Returns the verification: sid, status pending. When the user types the code, check it with TWILIO_CHECK_VERIFICATION_CODE.',
  }),
  twilio({
    slug: 'TWILIO_CHECK_VERIFICATION_CODE',
    name: 'Check verification code',
    important: true,
    method: 'POST',
    url: VERIFY,
    path: '/Services/{service_sid}/VerificationCheck',
    fields: { to: 'To', code: 'Code', verification_sid: 'VerificationSid' },
    input: {
      service_sid: SERVICE_SID,
      code: s.string('The code the user entered'),
      to: s.string('The phone number or email the code was sent to'),
      verification_sid: s.string('Verification SID (VE…) instead of to'),
    },
    required: ['service_sid', 'code'],
    prepare: (a) => {
      if (!a.to && !a.verification_sid) throw new ToolArgumentError('give to or verification_sid');
      return a;
    },
    shape: (body) => ({ ...body, valid: body.valid === true || body.status === 'approved' }),
    description:
      'Check a code the user entered against the verification sent by TWILIO_SEND_VERIFICATION_CODE. Returns status approved (and valid true) when it matches, pending when it does not.',
  }),
];
