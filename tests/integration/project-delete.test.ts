import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { startServer, type TestServer } from '../helpers/server';
import { startReceiver, type Receiver } from '../helpers/https-receiver';
import { githubSignature, startFakeGitHub, type FakeGitHub } from '../helpers/fake-github-triggers';
import { startOAuth2Provider, type OAuth2Provider } from '../helpers/oauth-provider';
import { connectOAuth2, followUntil, oauth2Config } from '../helpers/oauth-flow';

/**
 * Deleting a project ends everything it granted. A project made with the org key hands out what
 * works without its API key: MCP OAuth access and refresh tokens (a tool router session URL and a
 * per-user MCP server URL), an authorization code not yet exchanged, an approval link, a Connect
 * Link, a pending OAuth flow, a signed file upload link and download link, a trigger ingress URL, a per-app webhook endpoint, a polling
 * trigger and queued webhook deliveries. Each works before the delete and is refused after it.
 * The server's default project stays live beside it: its trigger keeps polling and its deliveries
 * keep arriving, which is how the test knows enough time passed for the deleted project's poller
 * and retries to have run.
 */
let s: TestServer;
let gh: FakeGitHub;
let rxGone: Receiver;
let rxLive: Receiver;
let provider: OAuth2Provider;

const REDIRECT = 'http://127.0.0.1:1/callback';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  gh = await startFakeGitHub();
  provider = await startOAuth2Provider();
  rxGone = await startReceiver();
  rxLive = await startReceiver();
  s = await startServer({
    env: {
      NODE_EXTRA_CA_CERTS: rxGone.caFile,
      JUNCTION_WEBHOOK_RETRY_SCHEDULE: `0,${Array(40).fill(1).join(',')}`,
      JUNCTION_WEBHOOK_JITTER: '0',
      JUNCTION_WEBHOOK_SWEEP_SECONDS: '1',
      JUNCTION_TRIGGER_MIN_INTERVAL_MS: '300',
      JUNCTION_TRIGGER_SWEEP_MS: '1000',
      JUNCTION_TRIGGER_JITTER: '0',
    },
  });
});
afterAll(async () => {
  await s?.stop();
  await Promise.all([gh?.close(), rxGone?.close(), rxLive?.close(), provider?.stop()]);
});

const org = () => ({ 'x-org-api-key': s.orgKey, 'x-api-key': '' });

/** A project of the org, with its own key, as an owner makes one through the API. */
async function newProject(name: string) {
  const r = await s.api('POST', '/org/owner/project/new', { name, should_create_api_key: true }, org());
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, key: r.body.api_key as string };
}

function as(key: string) {
  return <T = any>(method: string, p: string, body?: unknown) => s.api<T>(method, p, body, { 'x-api-key': key });
}

async function githubAccount(api: ReturnType<typeof as>, user: string) {
  const ac = await api('POST', '/auth_configs', {
    toolkit: { slug: 'github' },
    auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
  });
  expect(ac.status).toBe(201);
  const ca = await api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.auth_config.id },
    connection: {
      user_id: user,
      state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: gh.token, base_url: gh.url } },
    },
  });
  expect(ca.status, JSON.stringify(ca.body)).toBe(201);
  return ca.body.id as string;
}

/** An MCP client registers, the project's admin approves it for `resource`: the code and its PKCE verifier. */
async function approvedCode(resource: string, key: string) {
  const reg = await fetch(`${s.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Project delete agent',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
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
    state: 'st',
    resource,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    u.searchParams.set(k, v);
  const r = await fetch(u, { redirect: 'manual' });
  expect(r.status).toBe(302);
  const requestId = new URL(r.headers.get('location')!).searchParams.get('request')!;
  const approved = await as(key)('POST', `/mcp_oauth/requests/${requestId}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const code = new URL(approved.body.redirect_to).searchParams.get('code')!;
  return { client_id, code, verifier, resource };
}

const tokenCall = (form: Record<string, string>) =>
  fetch(`${s.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });

function exchange(c: Awaited<ReturnType<typeof approvedCode>>) {
  return tokenCall({
    grant_type: 'authorization_code',
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: REDIRECT,
    client_id: c.client_id,
    resource: c.resource,
  });
}

async function tokensFor(resource: string, key: string) {
  const c = await approvedCode(resource, key);
  const r = await exchange(c);
  expect(r.status).toBe(200);
  const t = (await r.json()) as { access_token: string; refresh_token: string };
  return { ...t, client_id: c.client_id };
}

const listTools = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

const linkState = async (token: string) =>
  (await (await fetch(`${s.apiUrl}/connect_links/${encodeURIComponent(token)}`)).json()) as { state: string };

function sendIngress(hook: FakeGitHub['hooks'][number], delivery: string) {
  const body = JSON.stringify({
    action: 'opened',
    issue: { id: 90, number: 9, title: delivery },
    repository: { full_name: `o/${hook.repo}` },
  });
  return fetch(hook.config.url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-github-delivery': delivery,
      'x-hub-signature-256': githubSignature(hook.config.secret, body),
    },
  });
}

const listCallsOf = (repo: string) => gh.listCalls().filter((r) => r.path.startsWith(`/repos/o/${repo}/`)).length;

describe('deleting a project ends everything it granted', () => {
  it('tokens, codes, links, MCP URLs, file and binary links, trigger ingress and polling, and webhook deliveries', async () => {
    const p = await newProject('doomed');
    const api = as(p.key);
    const live = as(s.apiKey);

    // --- what the project hands out, each shown working ---
    await githubAccount(api, 'mcp-user');
    const session = await api('POST', '/tool_router/session', {
      user_id: 'mcp-user',
      toolkits: { enable: ['github'] },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const sessionUrl = session.body.mcp.url as string;
    const sessionTokens = await tokensFor(sessionUrl, p.key);
    expect((await listTools(sessionUrl, sessionTokens.access_token)).status).toBe(200);

    const server = await api('POST', '/mcp/servers/custom', { name: 'Doomed server', toolkits: ['github'] });
    expect(server.status, JSON.stringify(server.body)).toBe(201);
    const gen = await api('POST', '/mcp/servers/generate', {
      mcp_server_id: server.body.id,
      user_ids: ['mcp-user'],
      managed_auth_by_composio: true,
    });
    const serverUrl = gen.body.user_ids_url[0] as string;
    const serverTokens = await tokensFor(serverUrl, p.key);
    expect((await listTools(serverUrl, serverTokens.access_token)).status).toBe(200);
    // a refresh works before the delete (and rotates)
    const refreshed = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: serverTokens.refresh_token,
      client_id: serverTokens.client_id,
    });
    expect(refreshed.status).toBe(200);
    const serverRefresh = ((await refreshed.json()) as { refresh_token: string }).refresh_token;

    const consent = await api('POST', '/mcp_oauth/consent_links', { resource: sessionUrl });
    expect(consent.status, JSON.stringify(consent.body)).toBe(201);
    const consentUrl = consent.body.consent_url as string;
    expect((await fetch(consentUrl, { redirect: 'manual' })).status).toBe(200);

    const keyConfig = await api('POST', '/auth_configs', {
      toolkit: { slug: 'sendgrid' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const link = await api('POST', '/connected_accounts/link', {
      auth_config_id: keyConfig.body.auth_config.id,
      user_id: 'link-user',
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const linkToken = link.body.link_token as string;
    expect((await linkState(linkToken)).state).toBe('open');

    const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
    const fileBody = Buffer.from('staged before the delete');
    const upload = () =>
      api('POST', '/files/upload/request', {
        filename: 'note.txt',
        md5: md5(fileBody),
        mimetype: 'text/plain',
        tool_slug: 'GMAIL_SEND_EMAIL',
        toolkit_slug: 'gmail',
      });
    const put = (url: string) =>
      fetch(url, { method: 'PUT', body: fileBody, headers: { 'content-type': 'text/plain' } });
    const firstUpload = await upload();
    expect(firstUpload.status, JSON.stringify(firstUpload.body)).toBe(201);
    expect((await put(firstUpload.body.new_presigned_url)).status).toBe(200);
    const laterUpload = (await upload()).body.new_presigned_url as string;
    // a signed download link: a file in the session's mount, fetched while the project lives
    const mount = `/tool_router/session/${session.body.session_id}/mounts/files`;
    const mountPut = await api('POST', `${mount}/upload_url`, {
      mount_relative_path: 'kept.txt',
      mimetype: 'text/plain',
    });
    expect(mountPut.status, JSON.stringify(mountPut.body)).toBe(200);
    expect((await put(mountPut.body.upload_url)).status).toBe(200);
    const mountGet = await api('POST', `${mount}/download_url`, { mount_relative_path: 'kept.txt' });
    expect(mountGet.status, JSON.stringify(mountGet.body)).toBe(200);
    const downloadUrl = mountGet.body.download_url as string;
    expect((await fetch(downloadUrl)).status).toBe(200);
    // a binary a proxied call staged: its signed link downloads while the project lives
    gh.on('GET', '/export.pdf', () => ({
      body: Buffer.from('%PDF-1.4 doomed'),
      headers: { 'content-type': 'application/pdf' },
    }));
    const proxied = await api('POST', '/tools/execute/proxy', {
      endpoint: '/export.pdf',
      method: 'GET',
      connected_account_id: await githubAccount(api, 'binary-user'),
    });
    expect(proxied.status, JSON.stringify(proxied.body)).toBe(200);
    const binaryUrl = proxied.body.binary_data.url as string;
    expect((await fetch(binaryUrl)).status).toBe(200);

    // OAuth: a flow completes while the project lives; a second one is started and left pending
    const asProject = { ...s, api: (m: string, q: string, b?: unknown) => api(m, q, b) } as TestServer;
    const oauthConfig = await oauth2Config(asProject, provider);
    const APP = 'http://app.example.test/done';
    await connectOAuth2(asProject, oauthConfig, 'oauth-user', APP);
    const pendingFlow = await api('POST', '/connected_accounts', {
      auth_config: { id: oauthConfig },
      connection: { user_id: 'oauth-later', callback_url: APP },
    });
    expect(pendingFlow.status).toBe(201);
    const pendingRedirect = pendingFlow.body.connectionData.val.redirectUrl as string;

    // a per-app webhook endpoint (Triggers V2): its Slack URL check answers while the project lives
    const endpoint = await api('POST', '/webhook_endpoints', { toolkit_slug: 'slack', client_id: 'doomed-app' });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBeLessThan(300);
    const patched = await api('PATCH', `/webhook_endpoints/${endpoint.body.id}`, {
      data: { webhook_signing_secret: 'doomed-slack-secret' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const slackCheck = () => {
      const body = JSON.stringify({ type: 'url_verification', challenge: 'still-here' });
      const ts = String(Math.floor(Date.now() / 1000));
      const sig = `v0=${createHmac('sha256', 'doomed-slack-secret').update(`v0:${ts}:${body}`).digest('hex')}`;
      return fetch(endpoint.body.webhook_url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': ts, 'x-slack-signature': sig },
      });
    };
    expect((await slackCheck()).status).toBe(200);

    // triggers and webhooks: the deleted project's receiver always fails, so its deliveries stay queued for retry
    rxGone.behave(() => ({ status: 500 }));
    const goneAccount = await githubAccount(api, 'trigger-user');
    const goneSub = await api('POST', '/webhook_subscriptions', {
      webhook_url: rxGone.url,
      enabled_events: ['composio.trigger.message'],
      version: 'V3',
    });
    expect(goneSub.status, JSON.stringify(goneSub.body)).toBe(201);
    const goneHookTrigger = await api('POST', '/trigger_instances/GITHUB_ISSUES_OPENED_EVENT/upsert', {
      connected_account_id: goneAccount,
      trigger_config: { owner: 'o', repo: 'hooked-gone' },
    });
    expect(goneHookTrigger.status, JSON.stringify(goneHookTrigger.body)).toBe(200);
    const goneHook = gh.hooks.find((h) => h.repo === 'hooked-gone')!;
    const gonePoll = await api('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
      connected_account_id: goneAccount,
      trigger_config: { owner: 'o', repo: 'polled-gone', interval: 0.005 },
    });
    expect(gonePoll.status).toBe(200);
    await until(() => listCallsOf('polled-gone') >= 2, 'the project polling');

    // the live project beside it: a polling trigger and a receiver that fails each delivery's first attempt
    const liveAccount = await githubAccount(live, 'live-user');
    rxLive.behave((r) => (r.attempt <= 1 ? { status: 500 } : { status: 200, body: 'ok' }));
    const liveSub = await live('POST', '/webhook_subscriptions', {
      webhook_url: rxLive.url,
      enabled_events: ['composio.trigger.message'],
      version: 'V3',
    });
    expect(liveSub.status, JSON.stringify(liveSub.body)).toBe(201);
    const liveHookTrigger = await live('POST', '/trigger_instances/GITHUB_ISSUES_OPENED_EVENT/upsert', {
      connected_account_id: liveAccount,
      trigger_config: { owner: 'o', repo: 'hooked-live' },
    });
    expect(liveHookTrigger.status).toBe(200);
    const liveHook = gh.hooks.find((h) => h.repo === 'hooked-live')!;
    const livePoll = await live('POST', '/trigger_instances/GITHUB_ISSUE_ADDED_EVENT/upsert', {
      connected_account_id: liveAccount,
      trigger_config: { owner: 'o', repo: 'polled-live', interval: 0.005 },
    });
    expect(livePoll.status).toBe(200);

    // an inbound delivery becomes an event whose webhook delivery fails and waits for its retry
    expect((await sendIngress(goneHook, 'gone-1')).status).toBe(200);
    await until(() => rxGone.received.length >= 1, 'a first delivery attempt to the doomed project');

    // approved but not yet exchanged when the project goes (codes live 60 s: made just before the delete)
    const pendingCode = await approvedCode(sessionUrl, p.key);

    // --- delete ---
    const del = await s.api('DELETE', `/org/owner/project/${p.id}`, undefined, org());
    expect(del.status, JSON.stringify(del.body)).toBe(200);

    // --- everything is refused (soft: one run reports every loader that still lets it through) ---
    expect.soft((await api('GET', '/connected_accounts')).status).toBe(401);
    expect.soft((await listTools(sessionUrl, sessionTokens.access_token)).status).toBe(401);
    expect.soft((await listTools(serverUrl, serverTokens.access_token)).status).toBe(401);
    for (const t of [sessionTokens, { ...serverTokens, refresh_token: serverRefresh }]) {
      const again = await tokenCall({
        grant_type: 'refresh_token',
        refresh_token: t.refresh_token,
        client_id: t.client_id,
      });
      expect.soft(again.status).toBe(400);
      const body = (await again.json()) as { error: string; access_token?: string };
      expect.soft(body.error).toBe('invalid_grant');
      expect.soft(body.access_token).toBeUndefined();
    }
    const late = await exchange(pendingCode);
    expect.soft(late.status).toBe(400);
    expect.soft(((await late.json()) as { error: string }).error).toBe('invalid_grant');

    const consentAfter = await fetch(consentUrl, { redirect: 'manual' });
    expect.soft(consentAfter.status).not.toBe(200);
    expect.soft(consentAfter.headers.get('set-cookie')).toBeNull();

    expect.soft(['open']).not.toContain((await linkState(linkToken)).state);
    const submitted = await fetch(`${s.apiUrl}/connect_links/${encodeURIComponent(linkToken)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: 'SG.after-delete' }),
    });
    expect.soft(submitted.status).toBeGreaterThanOrEqual(400);

    expect.soft((await put(laterUpload)).status).toBe(403);
    expect.soft((await fetch(downloadUrl)).status).toBe(403);
    expect.soft((await fetch(binaryUrl)).status).toBe(404);

    expect.soft((await slackCheck()).status).toBe(404);

    // the user consents at the provider after the delete: the callback refuses, no tokens land
    const lateConsent = await followUntil(pendingRedirect, APP);
    expect.soft(lateConsent.final.toString().startsWith(APP)).toBe(false);
    expect.soft(lateConsent.status).toBe(400);

    const ingressAfter = await sendIngress(goneHook, 'gone-2');
    expect.soft(ingressAfter.status).toBe(404);

    // --- the poller and the delivery queue: nothing more for the deleted project ---
    // The live project's next delivery needs a retry a second after its first attempt; by then the
    // deleted project's own retries (every second) and polls (every 300 ms) would have run again.
    expect.soft((await sendIngress(liveHook, 'live-1')).status).toBe(200);
    await until(() => rxLive.received.length >= 1, 'the live project first attempt');
    const gonePolls = listCallsOf('polled-gone');
    const goneAttempts = rxGone.received.length;
    const livePolls = listCallsOf('polled-live');
    await until(() => rxLive.delivered().size >= 1, 'the live project delivery after its retry');
    await until(() => listCallsOf('polled-live') >= livePolls + 5, 'five more polls of the live project');
    expect.soft(listCallsOf('polled-gone')).toBe(gonePolls);
    expect.soft(rxGone.received.length).toBe(goneAttempts);
  }, 180_000);
});
