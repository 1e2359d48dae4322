import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// Mailchimp tools (lib/catalog/curated/mailchimp.ts) through the real execute pipeline, with an
// API key over Basic auth, against a loopback {dc}.api.mailchimp.com/3.0 that checks what it receives.
const KEY = 'abc123def456-us6';
const BASIC = `Basic ${Buffer.from(`anystring:${KEY}`).toString('base64')}`;
const ANA = 'Ana.Ruiz@Example.com';
const HASH = createHash('md5').update('ana.ruiz@example.com').digest('hex');
let s: TestServer;
let mc: FakeUpstream;
let account: string;

type Req = { headers: Record<string, unknown>; json?: unknown; query: URLSearchParams };
type Reply = { status?: number; json?: unknown };
const authed =
  (h: (req: Req, p: Record<string, string>) => Reply) =>
  (req: Req, p: Record<string, string>): Reply =>
    req.headers.authorization === BASIC ? h(req, p) : { status: 401, json: { title: 'API Key Invalid', status: 401 } };

beforeAll(async () => {
  [s, mc] = await Promise.all([providerServer(), startFakeUpstream()]);
  mc.on(
    'PUT',
    '/3.0/lists/:list/members/:hash',
    authed((req, p) => {
      const b = req.json as { email_address: string; status_if_new?: string };
      return { json: { id: p.hash, list_id: p.list, email_address: b.email_address, status: b.status_if_new } };
    }),
  );
  mc.on(
    'POST',
    '/3.0/lists/:list/members/:hash/tags',
    authed(() => ({ status: 204 })),
  );
  mc.on(
    'GET',
    '/3.0/campaigns',
    authed((req) => ({
      json: {
        campaigns: [{ id: 'c42', status: req.query.get('status'), settings: { subject_line: 'June news' } }],
        total_items: 1,
      },
    })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'mailchimp',
      authScheme: 'BASIC',
      val: { username: 'anystring', password: KEY, dc: 'us6', base_url: `${mc.url}/3.0` },
      userId: 'mailchimp-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), mc?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Mailchimp curated tools', () => {
  it('MAILCHIMP_ADD_OR_UPDATE_LIST_MEMBER upserts by the MD5 of the lowercased email, subscribed by default', async () => {
    mc.reset();
    const r = await exec('MAILCHIMP_ADD_OR_UPDATE_LIST_MEMBER', {
      list_id: 'abc123',
      email_address: ANA,
      merge_fields: { FNAME: 'Ana' },
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { id: HASH, email_address: ANA, status: 'subscribed' },
    });
    const req = mc.last()!;
    expect(req.method).toBe('PUT');
    expect(req.path).toBe(`/3.0/lists/abc123/members/${HASH}`);
    expect(req.headers.authorization).toBe(BASIC);
    expect(req.json).toEqual({ email_address: ANA, status_if_new: 'subscribed', merge_fields: { FNAME: 'Ana' } });
  });

  it('MAILCHIMP_ADD_OR_REMOVE_MEMBER_TAGS takes an email as subscriber_hash and plain tag names', async () => {
    mc.reset();
    const r = await exec('MAILCHIMP_ADD_OR_REMOVE_MEMBER_TAGS', {
      list_id: 'abc123',
      subscriber_hash: ANA,
      tags: ['VIP', { name: 'Trial', status: 'inactive' }],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true });
    const req = mc.last()!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/3.0/lists/abc123/members/${HASH}/tags`);
    expect(req.json).toEqual({
      tags: [
        { name: 'VIP', status: 'active' },
        { name: 'Trial', status: 'inactive' },
      ],
    });
  });

  it('MAILCHIMP_LIST_CAMPAIGNS sends the filters as query parameters', async () => {
    mc.reset();
    const r = await exec('MAILCHIMP_LIST_CAMPAIGNS', {
      status: 'sent',
      count: 5,
      fields: ['campaigns.id', 'total_items'],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ successful: true, data: { total_items: 1 } });
    const req = mc.last()!;
    expect(req.path).toBe('/3.0/campaigns');
    expect(Object.fromEntries(req.query)).toEqual({ status: 'sent', count: '5', fields: 'campaigns.id,total_items' });
  });
});
