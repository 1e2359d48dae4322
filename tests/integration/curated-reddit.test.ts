import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeReddit, type FakeReddit } from '../helpers/fake-reddit';
import { followUntil } from '../helpers/oauth-flow';

// Reddit (lib/catalog/curated/reddit.ts): a whole OAuth connection against a loopback Reddit
// (permanent grant, HTTP Basic at the token endpoint), then tools through the execute pipeline.
const TOKEN = 'reddit-access-token';
const CLIENT = { clientId: 'reddit-app', clientSecret: 'reddit-secret' };
const DONE = 'http://app.example.test/done';
let s: TestServer;
let rd: FakeReddit;
let account: string;

beforeAll(async () => {
  [s, rd] = await Promise.all([
    providerServer({ startTimeoutMs: 110_000 }),
    startFakeReddit({ token: TOKEN, ...CLIENT }),
  ]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), rd?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Reddit toolkit', () => {
  it("GET /toolkits/reddit: OAuth2 on www.reddit.com; the authorize URL asks for a permanent grant with Reddit's scopes", async () => {
    const tk = await s.api('GET', '/toolkits/reddit');
    expect(tk.status, JSON.stringify(tk.body)).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2']);
    expect(tk.body.auth_config_details[0].deprecated_auth_provider_details).toEqual({
      authorization_url: 'https://www.reddit.com/api/v1/authorize',
      token_url: 'https://www.reddit.com/api/v1/access_token',
    });
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'reddit' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'rd-id', client_secret: 'x' },
      },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://www.reddit.com/api/v1/authorize');
    expect(url.searchParams.get('client_id')).toBe('rd-id');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('duration')).toBe('permanent');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['identity', 'read', 'submit', 'edit']),
    );
    expect(url.searchParams.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('connects through the loopback Reddit: permanent grant, app credentials as HTTP Basic', async () => {
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'reddit' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: {
          client_id: CLIENT.clientId,
          client_secret: CLIENT.clientSecret,
          authorization_url: `${rd.url}/api/v1/authorize`,
          token_url: `${rd.url}/api/v1/access_token`,
          base_url: rd.url,
        },
      },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'reddit-user', callback_url: DONE },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const done = await followUntil(r.body.connectionData.val.redirectUrl, DONE);
    expect(done.final.searchParams.get('status'), done.final.toString()).toBe('success');
    expect(rd.tokenAuth).toEqual([`Basic ${Buffer.from('reddit-app:reddit-secret').toString('base64')}`]);
    account = r.body.id;
  });

  it('REDDIT_CREATE_REDDIT_POST sends a form with api_type=json; a flair error is successful:false', async () => {
    const ok = await exec('REDDIT_CREATE_REDDIT_POST', {
      subreddit: 'r/test',
      title: 'Hello from Junction',
      kind: 'self',
      text: 'Body *markdown*',
    });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({
      successful: true,
      data: { name: 't3_abc123', id: 'abc123' },
    });
    const sent = rd.last()!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/api/submit');
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(rd.forms.at(-1)!.form).toEqual({
      sr: 'test',
      title: 'Hello from Junction',
      kind: 'self',
      text: 'Body *markdown*',
      resubmit: 'true',
      api_type: 'json',
    });
    const bad = await exec('REDDIT_CREATE_REDDIT_POST', { subreddit: 'flairrequired', title: 'x', kind: 'self' });
    expect(bad.body.successful, JSON.stringify(bad.body)).toBe(false);
    expect(bad.body.error).toContain('SUBMIT_VALIDATION_FLAIR_REQUIRED');
  });

  it('REDDIT_RETRIEVE_REDDIT_POST reads /r/{sub}/{sort} with limit, t and raw_json', async () => {
    const r = await exec('REDDIT_RETRIEVE_REDDIT_POST', {
      subreddit: 'rust',
      sort: 'top',
      time_filter: 'week',
      size: 3,
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: {
        data: { after: 't3_next', children: [{ data: { title: 'Rust & Go', subreddit: 'rust', sort: 'top' } }] },
      },
    });
    const req = rd.last()!;
    expect(req.path).toBe('/r/rust/top');
    expect(Object.fromEntries(req.query)).toEqual({ limit: '3', t: 'week', raw_json: '1' });
  });
});
