import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeGitHub } from '../helpers/fake-upstream';

// Issue 27 item 4: /api/v3 and /api/v3.1 differ only in the tool endpoints' version defaults (§13).
let s: TestServer;
let gh: Awaited<ReturnType<typeof startFakeGitHub>>;

beforeAll(async () => {
  [s, gh] = await Promise.all([startServer(), startFakeGitHub({ token: 'ghp_valid' })]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), gh?.close()]);
});

async function call(prefix: 'v3' | 'v3.1', method: string, p: string, body?: unknown) {
  const res = await fetch(`${s.url}/api/${prefix}${p}`, {
    method,
    headers: { 'x-api-key': s.apiKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('/api/v3 and /api/v3.1', () => {
  it('list and get tools without a version at both prefixes (v3 assumes 00000000_00, v3.1 latest)', async () => {
    for (const prefix of ['v3', 'v3.1'] as const) {
      const list = await call(prefix, 'GET', '/tools?toolkit_slug=github&limit=5');
      expect(list.status, prefix).toBe(200);
      expect(list.body.items).toHaveLength(5);
      const one = await call(prefix, 'GET', '/tools/GITHUB_GET_THE_AUTHENTICATED_USER');
      expect(one.status, prefix).toBe(200);
      expect(one.body.slug).toBe('GITHUB_GET_THE_AUTHENTICATED_USER');
      // the version every prefix assumes is also accepted when named
      for (const v of ['00000000_00', 'latest']) {
        expect((await call(prefix, 'GET', `/tools/GITHUB_GET_THE_AUTHENTICATED_USER?version=${v}`)).status).toBe(200);
        expect((await call(prefix, 'GET', `/tools?toolkit_slug=github&limit=1&toolkit_versions=${v}`)).status).toBe(
          200,
        );
      }
    }
    const v3 = await call('v3', 'GET', '/tools/GITHUB_CREATE_AN_ISSUE');
    const v31 = await call('v3.1', 'GET', '/tools/GITHUB_CREATE_AN_ISSUE');
    expect(v31.body).toEqual(v3.body);
  });

  it('executes and fills input without a version at both prefixes', async () => {
    const ac = await call('v3', 'POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const acc = await call('v3', 'POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'versions',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'ghp_valid', base_url: gh.url } },
      },
    });
    expect(acc.status, JSON.stringify(acc.body)).toBe(201);
    for (const prefix of ['v3', 'v3.1'] as const) {
      const r = await call(prefix, 'POST', '/tools/execute/GITHUB_GET_THE_AUTHENTICATED_USER', {
        connected_account_id: acc.body.id,
        arguments: {},
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
      const input = await call(prefix, 'POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE/input', {
        text: 'an issue titled "x" in octo/repo',
      });
      expect(input.status, JSON.stringify(input.body)).toBe(200);
      expect(input.body.arguments).toBeTypeOf('object');
    }
  });

  it('answers a malformed version with the same 400 envelope at both prefixes', async () => {
    for (const prefix of ['v3', 'v3.1'] as const) {
      const get = await call(prefix, 'GET', '/tools/GITHUB_CREATE_AN_ISSUE?version=v1;drop');
      expect(get.status).toBe(400);
      expect(get.body.error.message).toContain('version');
      const exec = await call(prefix, 'POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE', {
        version: 'nope',
        arguments: {},
      });
      expect(exec.status).toBe(400);
      expect(exec.body.error.request_id).toBeTruthy();
      const input = await call(prefix, 'POST', '/tools/execute/GITHUB_CREATE_AN_ISSUE/input', {
        text: 'x',
        version: 'x',
      });
      expect(input.status).toBe(400);
      const list = await call(prefix, 'GET', '/tools?toolkit_versions[github]=bad');
      expect(list.status).toBe(400);
    }
  });

  it('serves every other endpoint with one contract at both prefixes', async () => {
    const a = await call('v3', 'GET', '/toolkits/github');
    const b = await call('v3.1', 'GET', '/toolkits/github');
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const ta = await call('v3', 'GET', '/triggers_types?toolkit_slugs=github&limit=3');
    const tb = await call('v3.1', 'GET', '/triggers_types?toolkit_slugs=github&limit=3');
    expect(ta.status).toBe(200);
    expect(tb.body).toEqual(ta.body);
  });
});
