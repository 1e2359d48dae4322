import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/**
 * Webhook endpoints ("Triggers V2", v3.1-surface.md §6): per (toolkit, OAuth app) ingress addresses whose
 * requests are verified at the door against stored setup secrets, with the providers' handshakes, and
 * whose events reach the trigger instances of the endpoint's project only.
 */
let s: TestServer;
let other: { apiKey: string };

beforeAll(async () => {
  s = await startServer({ env: { JUNCTION_ALLOW_INSECURE_URLS: '1' } });
  const p = await s.api(
    'POST',
    '/org/owner/project/new',
    { name: 'other', should_create_api_key: true },
    { 'x-org-api-key': s.orgKey },
  );
  other = { apiKey: p.body.api_key };
});
afterAll(async () => {
  await s?.stop();
});

const slackSign = (secret: string, body: string, ts = Math.floor(Date.now() / 1000)) => ({
  'x-slack-request-timestamp': String(ts),
  'x-slack-signature': `v0=${createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex')}`,
});
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('management', () => {
  it('describes each toolkit’s setup fields and refuses toolkits without webhook endpoints', async () => {
    const slack = await s.api('GET', '/webhook_endpoints/schema?toolkit_slug=slack');
    expect(slack.status).toBe(200);
    expect(slack.body.setup_fields.webhook_signing_secret).toMatchObject({ is_required: true, is_secret: true });
    expect(slack.body.setup_fields.app_token.is_required).toBe(false);
    const none = await s.api('GET', '/webhook_endpoints/schema?toolkit_slug=hackernews');
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/does not take webhook endpoints/);
    expect((await s.api('GET', '/webhook_endpoints/schema')).status).toBe(400);
  });

  it('creates once per toolkit and client id, masks secrets, merges on PATCH and replaces on POST', async () => {
    const a = await s.api('POST', '/webhook_endpoints', { toolkit_slug: 'slack', client_id: 'cid-1' });
    expect(a.status).toBe(201);
    expect(a.body.id).toMatch(/^we_/);
    expect(a.body.webhook_url).toBe(`${s.url}/api/v3.1/webhook_ingress/slack/${a.body.id}/trigger_event`);
    expect(a.body.data).toBeNull();
    const again = await s.api('POST', '/webhook_endpoints', { toolkit_slug: 'slack', client_id: 'cid-1' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(a.body.id);

    const list = await s.api('GET', '/webhook_endpoints?toolkit_slug=slack');
    expect(list.body.items).toEqual([{ id: a.body.id, toolkit_slug: 'slack', client_id: 'cid-1' }]);

    const patched = await s.api('PATCH', `/webhook_endpoints/${a.body.id}`, {
      data: { webhook_signing_secret: 'first-signing-secret' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({ webhook_signing_secret: 'firs...' });
    const merged = await s.api('PATCH', `/webhook_endpoints/${a.body.id}`, {
      data: { app_token: 'xapp-1-token-value' },
    });
    expect(Object.keys(merged.body.data).sort()).toEqual(['app_token', 'webhook_signing_secret']);
    // POST replaces: the required secret must be there, omitted fields are cleared
    const missing = await s.api('POST', `/webhook_endpoints/${a.body.id}`, { data: { app_token: 'xapp-2' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/webhook_signing_secret: required/);
    const replaced = await s.api('POST', `/webhook_endpoints/${a.body.id}`, {
      data: { webhook_signing_secret: 'second-signing-secret' },
    });
    expect(Object.keys(replaced.body.data)).toEqual(['webhook_signing_secret']);
    const unknown = await s.api('PATCH', `/webhook_endpoints/${a.body.id}`, { data: { nope: 'x' } });
    expect(unknown.status).toBe(400);
    // never in clear in a read
    const got = await s.api('GET', `/webhook_endpoints/${a.body.id}`);
    expect(JSON.stringify(got.body)).not.toContain('second-signing-secret');
    expect((await s.api('GET', '/webhook_endpoints/we_doesnotexist00000')).status).toBe(404);
  });

  it('another project sees none of them', async () => {
    const mine = await s.api('POST', '/webhook_endpoints', { toolkit_slug: 'github', client_id: 'gh-app' });
    expect(other.apiKey).toMatch(/^ak_/);
    const theirs = await s.api('GET', `/webhook_endpoints/${mine.body.id}`, undefined, { 'x-api-key': other.apiKey });
    expect(theirs.status).toBe(404);
  });
});

describe('ingress', () => {
  it('Slack: unsigned, tampered, stale and unconfigured requests are 400; url_verification is answered; events fan out once', async () => {
    const ep = await s.api('POST', '/webhook_endpoints', { toolkit_slug: 'slack', client_id: 'cid-ingress' });
    const url = ep.body.webhook_url as string;
    const challenge = JSON.stringify({ type: 'url_verification', challenge: 'c-123' });
    // no secret stored yet
    expect((await post(url, challenge, slackSign('whatever', challenge))).status).toBe(400);
    await s.api('PATCH', `/webhook_endpoints/${ep.body.id}`, { data: { webhook_signing_secret: 'slack-secret' } });
    expect((await post(url, challenge)).status).toBe(400);
    expect((await post(url, challenge, slackSign('wrong', challenge))).status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await post(url, challenge, slackSign('slack-secret', challenge, stale))).status).toBe(400);
    const ok = await post(url, challenge, slackSign('slack-secret', challenge));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ challenge: 'c-123' });
    const got = await s.api('GET', `/webhook_endpoints/${ep.body.id}`);
    expect(got.body.verified_at).toEqual(expect.any(String));

    // a Slack trigger instance of this project receives the event, once
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'slack' },
      auth_config: { type: 'use_custom_auth', authScheme: 'BEARER_TOKEN' },
    });
    const ca = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'u-slack',
        state: { authScheme: 'BEARER_TOKEN', val: { status: 'ACTIVE', token: 'xoxb-1' } },
      },
    });
    const ti = await s.api('POST', '/trigger_instances/SLACK_RECEIVE_MESSAGE/upsert', {
      connected_account_id: ca.body.id,
      trigger_config: { signing_secret: 'unused-here', channel: 'C9' },
    });
    expect(ti.status).toBe(200);
    const msg = JSON.stringify({
      type: 'event_callback',
      event_id: 'EvEndpoint1',
      event: { type: 'message', channel: 'C9', text: 'hello', ts: '1.1' },
    });
    const first = await post(url, msg, slackSign('slack-secret', msg));
    expect(await first.json()).toEqual({ ok: true, delivered: 1 });
    const replay = await post(url, msg, slackSign('slack-secret', msg));
    expect(await replay.json()).toEqual({ ok: true, delivered: 0 });
    const logs = await s.api('GET', `/trigger_instances/${ti.body.trigger_id}/logs`);
    expect(JSON.stringify(logs.body)).toContain(ep.body.id);
  });

  it('Asana: the X-Hook-Secret handshake is taken once, then requests are checked against it', async () => {
    const ep = await s.api('POST', '/webhook_endpoints', { toolkit_slug: 'asana', client_id: 'asana-app' });
    const url = ep.body.webhook_url as string;
    const hs = await post(url, '', { 'x-hook-secret': 'asana-hook-secret' });
    expect(hs.status).toBe(200);
    expect(hs.headers.get('x-hook-secret')).toBe('asana-hook-secret');
    // a second handshake could replace the secret: refused
    expect((await post(url, '', { 'x-hook-secret': 'forged' })).status).toBe(400);
    const body = JSON.stringify({ events: [] });
    const good = createHmac('sha256', 'asana-hook-secret').update(body).digest('hex');
    expect((await post(url, body, { 'x-hook-signature': good })).status).toBe(200);
    expect((await post(url, body, { 'x-hook-signature': 'ab'.repeat(32) })).status).toBe(400);
  });

  it('Microsoft Graph: the validation token is echoed as text; notifications need the client state', async () => {
    const ep = await s.api('POST', '/webhook_endpoints', { toolkit_slug: 'outlook', client_id: 'graph-app' });
    const url = ep.body.webhook_url as string;
    const v = await fetch(`${url}?validationToken=${encodeURIComponent('token with spaces')}`, { method: 'POST' });
    expect(v.status).toBe(200);
    expect(v.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await v.text()).toBe('token with spaces');
    await s.api('PATCH', `/webhook_endpoints/${ep.body.id}`, { data: { client_state: 'graph-state-1' } });
    const note = (state: string) => JSON.stringify({ value: [{ clientState: state, resource: 'me/messages/1' }] });
    expect((await post(url, note('graph-state-1'))).status).toBe(200);
    expect((await post(url, note('graph-state-2'))).status).toBe(400);
  });

  it('Discord: Ed25519 over timestamp + body with the stored public key; PING is answered', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
    const ep = await s.api('POST', '/webhook_endpoints', { toolkit_slug: 'discord', client_id: 'discord-app' });
    await s.api('PATCH', `/webhook_endpoints/${ep.body.id}`, { data: { public_key: raw } });
    const got = await s.api('GET', `/webhook_endpoints/${ep.body.id}`);
    expect(got.body.data.public_key).toBe(raw); // a public key is not a secret
    const body = JSON.stringify({ type: 1 });
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = sign(null, Buffer.from(ts + body), privateKey).toString('hex');
    const ping = await post(ep.body.webhook_url, body, { 'x-signature-ed25519': sig, 'x-signature-timestamp': ts });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ type: 1 });
    const bad = await post(ep.body.webhook_url, body, {
      'x-signature-ed25519': '00'.repeat(64),
      'x-signature-timestamp': ts,
    });
    expect(bad.status).toBe(400);
  });

  it('unknown endpoints and toolkit mismatches are 404 in the envelope', async () => {
    const ep = await s.api('POST', '/webhook_endpoints', { toolkit_slug: 'stripe', client_id: 'acct-1' });
    const wrong = await post(`${s.url}/api/v3.1/webhook_ingress/slack/${ep.body.id}/trigger_event`, '{}');
    expect(wrong.status).toBe(404);
    expect((await wrong.json()).error).toBeTruthy();
    expect((await post(`${s.url}/api/v3.1/webhook_ingress/stripe/we_nope/trigger_event`, '{}')).status).toBe(404);
  });
});
