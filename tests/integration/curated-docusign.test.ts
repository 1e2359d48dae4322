import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

// DocuSign tools (lib/catalog/curated/docusign.ts) through the real execute pipeline against a
// loopback eSignature API: the account from account_id or the login information's default account, and
// DocuSign's camelCase envelope bodies.
const TOKEN = 'ds-access-token';
const ACCOUNT_ID = '9d1c2e5a-0000-4000-8000-00000000abcd';
let s: TestServer;
let ds: FakeUpstream;
let account: string;

beforeAll(async () => {
  [s, ds] = await Promise.all([providerServer(), startFakeUpstream()]);
  const authed =
    (ok: (req: { json?: unknown }, p: Record<string, string>) => { status?: number; json?: unknown }) =>
    (req: { headers: Record<string, unknown>; json?: unknown }, p: Record<string, string>) =>
      req.headers.authorization === `Bearer ${TOKEN}`
        ? ok(req, p)
        : {
            status: 401,
            json: {
              errorCode: 'USER_AUTHENTICATION_FAILED',
              message: 'One or both of Username and Password are invalid.',
            },
          };
  ds.on(
    'GET',
    '/restapi/v2/login_information',
    authed(() => ({
      json: {
        loginAccounts: [
          { name: 'Sandbox', accountId: 'other-account', isDefault: 'false' },
          { name: 'Acme Legal', accountId: ACCOUNT_ID, isDefault: 'true' },
        ],
      },
    })),
  );
  ds.on(
    'POST',
    '/restapi/v2.1/accounts/:acc/envelopes',
    authed((_req, p) =>
      p.acc === ACCOUNT_ID
        ? { status: 201, json: { envelopeId: 'env-1', status: 'sent', uri: '/envelopes/env-1' } }
        : { status: 404, json: { errorCode: 'ACCOUNT_NOT_FOUND' } },
    ),
  );
  ds.on(
    'GET',
    '/restapi/v2.1/accounts/:acc/envelopes/:env',
    authed((_req, p) => ({ json: { envelopeId: p.env, status: 'completed', emailSubject: 'NDA' } })),
  );
  ds.on(
    'POST',
    '/restapi/v2.1/accounts/:acc/envelopes/:env/views/recipient',
    authed(() => ({ status: 201, json: { url: 'https://demo.docusign.net/Signing/StartInSession.aspx?t=abc' } })),
  );
  account = (
    await connectToFake(s, {
      toolkit: 'docusign',
      authScheme: 'OAUTH2',
      val: { access_token: TOKEN, base_url: `${ds.url}/restapi` },
      userId: 'legal-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), ds?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('DocuSign curated tools', () => {
  it("DOCUSIGN_CREATE_ENVELOPE_FROM_TEMPLATE uses the user's default account and sends templateRoles in DocuSign's names", async () => {
    ds.reset();
    const r = await exec('DOCUSIGN_CREATE_ENVELOPE_FROM_TEMPLATE', {
      template_id: 'tpl-7',
      template_roles: [
        { role_name: 'Signer', name: 'Ana Silva', email: 'ana@acme.com' },
        { role_name: 'Witness', name: 'Bo Li', email: 'bo@acme.com', routing_order: '2' },
      ],
      email_subject: 'Please sign the NDA',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { envelopeId: 'env-1', status: 'sent' },
    });
    expect(ds.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /restapi/v2/login_information',
      `POST /restapi/v2.1/accounts/${ACCOUNT_ID}/envelopes`,
    ]);
    expect(ds.last()!.json).toEqual({
      templateId: 'tpl-7',
      status: 'sent',
      emailSubject: 'Please sign the NDA',
      templateRoles: [
        { roleName: 'Signer', name: 'Ana Silva', email: 'ana@acme.com' },
        { roleName: 'Witness', name: 'Bo Li', email: 'bo@acme.com', routingOrder: '2' },
      ],
    });
  });

  it('DOCUSIGN_GET_ENVELOPE with account_id calls the account directly', async () => {
    ds.reset();
    const r = await exec('DOCUSIGN_GET_ENVELOPE', {
      account_id: ACCOUNT_ID,
      envelope_id: 'env-1',
      include: 'recipients',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { envelopeId: 'env-1', status: 'completed' },
    });
    expect(ds.requests).toHaveLength(1);
    expect(ds.last()!.path).toBe(`/restapi/v2.1/accounts/${ACCOUNT_ID}/envelopes/env-1`);
    expect(ds.last()!.query.get('include')).toBe('recipients');
  });

  it('DOCUSIGN_CREATE_RECIPIENT_VIEW_URL posts returnUrl, userName, email and clientUserId', async () => {
    ds.reset();
    const r = await exec('DOCUSIGN_CREATE_RECIPIENT_VIEW_URL', {
      account_id: ACCOUNT_ID,
      envelope_id: 'env-1',
      return_url: 'https://app.acme.com/signed',
      user_name: 'Ana Silva',
      email: 'ana@acme.com',
      client_user_id: '1001',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { url: expect.stringContaining('Signing') },
    });
    expect(ds.last()!.json).toEqual({
      returnUrl: 'https://app.acme.com/signed',
      userName: 'Ana Silva',
      email: 'ana@acme.com',
      clientUserId: '1001',
      authenticationMethod: 'none',
    });
  });

  it('a missing template_roles argument is a 400 before any DocuSign call', async () => {
    ds.reset();
    const r = await exec('DOCUSIGN_CREATE_ENVELOPE_FROM_TEMPLATE', { template_id: 'tpl-7' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(ds.requests).toHaveLength(0);
  });
});
