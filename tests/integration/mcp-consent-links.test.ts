import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { startServer, type TestServer } from '../helpers/server';

/**
 * Approval links (end-user consent for MCP clients) can be listed and revoked before they expire.
 * A revoked link stops working everywhere at once: opening it again, and in a browser that had
 * already stored it (its cookie) and even holds a consent form for a pending request. The browser
 * here is plain fetch carrying the cookie, the MCP client a raw RFC 7591 registration with PKCE.
 */
let s: TestServer;
const REDIRECT = 'http://127.0.0.1:1/callback';

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
});

async function sessionUrl(user: string) {
  const r = await s.api('POST', '/tool_router/session', { user_id: user, toolkits: { enable: ['github'] } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.mcp.url as string;
}

/** The user opens the link in their browser: what the browser keeps is the cookie. */
async function open(consentUrl: string) {
  const r = await fetch(consentUrl, { redirect: 'manual' });
  expect(r.status).toBe(200);
  return r.headers.get('set-cookie')!.split(';')[0]!;
}

/** An MCP client registers and sends the browser (with its cookie) to /oauth/authorize for one MCP URL. */
async function startAuthorization(resource: string, cookie: string) {
  const reg = await fetch(`${s.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Link revocation agent',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
    }),
  });
  expect(reg.status).toBe(201);
  const { client_id } = (await reg.json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const u = new URL(`${s.url}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id,
    redirect_uri: REDIRECT,
    state: 'st-rev',
    resource,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    u.searchParams.set(k, v);
  const r = await fetch(u, { redirect: 'manual', headers: { cookie } });
  expect(r.status).toBe(302);
  return new URL(r.headers.get('location')!);
}

/** The user's consent page for a request, and the form token it carries. */
async function consentForm(consentPage: URL, cookie: string) {
  expect(consentPage.pathname).toBe('/oauth/consent');
  const r = await fetch(consentPage, { headers: { cookie } });
  expect(r.status).toBe(200);
  const html = await r.text();
  return {
    requestId: consentPage.searchParams.get('request')!,
    formToken: /name="form_token" value="([^"]+)"/.exec(html)![1]!,
  };
}

const approve = (cookie: string, requestId: string, formToken: string) =>
  fetch(`${s.url}/oauth/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: requestId, decision: 'approve', form_token: formToken }),
  });

interface Listed {
  id: string;
  resource: string;
  user_id: string;
  status: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  opened_at: string | null;
  last_used_at: string | null;
}

describe('approval links: list and revoke', () => {
  it('lists links without their token, revokes one everywhere at once, keeps the other working, scoped to the project', async () => {
    const [urlA, urlB] = [await sessionUrl('rev-user-a'), await sessionUrl('rev-user-b')];
    const a = await s.api('POST', '/mcp_oauth/consent_links', { resource: urlA, expires_in_seconds: 3600 });
    const b = await s.api('POST', '/mcp_oauth/consent_links', { resource: urlB });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.id).toMatch(/^mcpl_[A-Za-z0-9]+$/);
    expect(b.body.id).not.toBe(a.body.id);
    expect(a.body).toMatchObject({ resource: urlA, user_id: 'rev-user-a' });
    const tokenA = a.body.consent_url.split('/oauth/link/')[1] as string;
    const tokenB = b.body.consent_url.split('/oauth/link/')[1] as string;

    // the list: newest first, both active, never the link itself
    const list = await s.api('GET', '/mcp_oauth/consent_links');
    expect(list.status).toBe(200);
    expect(list.body.items.map((l: Listed) => l.id)).toEqual([b.body.id, a.body.id]);
    expect(list.body).toMatchObject({ total_items: 2, current_page: 1, total_pages: 1, next_cursor: null });
    expect(list.body.items[1]).toMatchObject({
      id: a.body.id,
      resource: urlA,
      user_id: 'rev-user-a',
      status: 'active',
      expires_at: a.body.expires_at,
      revoked_at: null,
      opened_at: null,
      last_used_at: null,
    });
    const listed = JSON.stringify(list.body);
    expect(listed).not.toContain(tokenA.split('.')[1]);
    expect(listed).not.toContain(tokenB.split('.')[1]);
    expect(listed).not.toContain('consent_url');
    // filters and paging
    const onlyA = await s.api('GET', '/mcp_oauth/consent_links?user_ids=rev-user-a');
    expect(onlyA.body.items.map((l: Listed) => l.id)).toEqual([a.body.id]);
    const first = await s.api('GET', '/mcp_oauth/consent_links?limit=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.total_pages).toBe(2);
    const second = await s.api('GET', `/mcp_oauth/consent_links?limit=1&cursor=${first.body.next_cursor}`);
    expect([...first.body.items, ...second.body.items].map((l: Listed) => l.id)).toEqual([b.body.id, a.body.id]);
    expect((await s.api('GET', '/mcp_oauth/consent_links?statuses=revoked')).body.items).toEqual([]);

    // the user of A opens the link and starts connecting: the browser holds A's cookie and a consent form
    const cookieA = await open(a.body.consent_url);
    const pending = await consentForm(await startAuthorization(urlA, cookieA), cookieA);
    const cookieB = await open(b.body.consent_url);

    // the application revokes A
    const revoked = await s.api('DELETE', `/mcp_oauth/consent_links/${a.body.id}`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toEqual({ success: true });

    // opening A again shows the page that says the link does not work
    const reopened = await fetch(a.body.consent_url, { redirect: 'manual' });
    expect(reopened.status).toBe(400);
    expect(reopened.headers.get('set-cookie')).toBeNull();
    expect(await reopened.text()).toContain('This approval link does not work');
    // the browser that stored A can no longer approve: not the form it already has, not its consent page
    const late = await approve(cookieA, pending.requestId, pending.formToken);
    expect(late.status).toBe(403);
    expect(late.headers.get('location')).toBeNull();
    expect(await late.text()).toContain('Open your approval link first');
    expect(
      (await fetch(`${s.url}/oauth/consent?request=${pending.requestId}`, { headers: { cookie: cookieA } })).status,
    ).toBe(403);
    // and a new authorization from that browser goes to an admin, not to the user's own page
    expect((await startAuthorization(urlA, cookieA)).pathname).toBe('/mcp-clients/authorize');

    // B still works from start to end
    const formB = await consentForm(await startAuthorization(urlB, cookieB), cookieB);
    const okB = await approve(cookieB, formB.requestId, formB.formToken);
    expect(okB.status).toBe(303);
    const back = new URL(okB.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st-rev');
    expect(back.searchParams.get('code')).toMatch(/^mcpac_/);

    // the list shows what happened
    const after = await s.api('GET', '/mcp_oauth/consent_links');
    const byId = new Map((after.body.items as Listed[]).map((l) => [l.id, l]));
    expect(byId.get(a.body.id)).toMatchObject({ status: 'revoked', last_used_at: null });
    expect(Date.parse(byId.get(a.body.id)!.revoked_at!)).not.toBeNaN();
    expect(byId.get(a.body.id)!.opened_at).not.toBeNull();
    expect(byId.get(b.body.id)).toMatchObject({ status: 'active', revoked_at: null });
    expect(byId.get(b.body.id)!.last_used_at).not.toBeNull();
    const active = await s.api('GET', '/mcp_oauth/consent_links?statuses=active');
    expect(active.body.items.map((l: Listed) => l.id)).toEqual([b.body.id]);
    const revokedOnly = await s.api('GET', '/mcp_oauth/consent_links?statuses=revoked,expired');
    expect(revokedOnly.body.items.map((l: Listed) => l.id)).toEqual([a.body.id]);
    // revoking again changes nothing
    expect((await s.api('DELETE', `/mcp_oauth/consent_links/${a.body.id}`)).status).toBe(200);
    const again = await s.api('GET', '/mcp_oauth/consent_links?statuses=revoked');
    expect(again.body.items[0].revoked_at).toBe(byId.get(a.body.id)!.revoked_at);

    // the audit log has the revocation, by the key, on the link's id
    const audit = await s.api(
      'GET',
      '/org/audit_log?action=mcp_consent_link.revoke,mcp_consent_link.create',
      undefined,
      {
        'x-org-api-key': s.orgKey,
        'x-api-key': '',
      },
    );
    expect(audit.status).toBe(200);
    const entries = audit.body.items as {
      action: string;
      actor_type: string;
      target: string;
      outcome: string;
      detail: Record<string, unknown>;
    }[];
    expect(entries.find((e) => e.action === 'mcp_consent_link.revoke' && e.target === a.body.id)).toMatchObject({
      actor_type: 'key',
      outcome: 'success',
      detail: { user_id: 'rev-user-a', resource: urlA },
    });
    expect(entries.filter((e) => e.action === 'mcp_consent_link.create').map((e) => e.target)).toEqual(
      expect.arrayContaining([a.body.id, b.body.id]),
    );

    // another project's key sees none of these links and cannot revoke them
    const other = await fetch(`${s.apiUrl}/org/owner/project/new`, {
      method: 'POST',
      headers: { 'x-org-api-key': s.orgKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'other-consent-links' }),
    });
    expect(other.status).toBe(201);
    const otherKey = ((await other.json()) as { api_key: string }).api_key;
    const foreign = await s.api('DELETE', `/mcp_oauth/consent_links/${b.body.id}`, undefined, {
      'x-api-key': otherKey,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ status: 404, slug: 'McpAuth_ConsentLinkNotFound' });
    expect((await s.api('GET', '/mcp_oauth/consent_links', undefined, { 'x-api-key': otherKey })).body).toMatchObject({
      items: [],
      total_items: 0,
    });
    // B was not touched by that attempt
    expect((await fetch(b.body.consent_url, { redirect: 'manual' })).status).toBe(200);

    // bad input: 4xx in the envelope, never 500
    for (const [path, status] of [
      ['/mcp_oauth/consent_links/not-a-link', 400],
      ['/mcp_oauth/consent_links/mcpl_doesnotexist', 404],
      [`/mcp_oauth/consent_links/${'mcpl_x'.padEnd(140, 'x')}`, 400],
    ] as const) {
      const r = await s.api('DELETE', path);
      expect(r.status, path).toBe(status);
      expect(r.body.error.status).toBe(status);
    }
    for (const q of ['statuses=bogus', 'limit=0', 'limit=101', 'cursor=%%%']) {
      const r = await s.api('GET', `/mcp_oauth/consent_links?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toBeDefined();
    }
    // no key at all
    expect((await s.api('GET', '/mcp_oauth/consent_links', undefined, { 'x-api-key': '' })).status).toBe(401);
  });

  it('marks the new routes as Junction extensions in OpenAPI', async () => {
    const doc = await s.api('GET', '/openapi.json');
    expect(doc.body.paths['/api/v3/mcp_oauth/consent_links'].get['x-junction-extension']).toBe(true);
    expect(doc.body.paths['/api/v3/mcp_oauth/consent_links'].post['x-junction-extension']).toBe(true);
    expect(doc.body.paths['/api/v3/mcp_oauth/consent_links/{id}'].delete['x-junction-extension']).toBe(true);
  });
});
