import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMappings } from '../../lib/catalog/mappings/load';
import type { MappingFile } from '../../lib/catalog/mappings/schema';
import { getTool, getToolkit, listToolkits } from '../../lib/catalog/registry';
import type { AuthSchemeDef, ToolkitDef } from '../../lib/catalog/types';
import { connectToFake } from '../helpers/connect';
import { type FakeUpstream, type RecordedRequest, startFakeUpstream } from '../helpers/fake-upstream';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// The mapped toolkits through the real execute pipeline, one server for all of them:
// - every mapping file's `check` runs its tool with its arguments for an account whose base_url
//   points at one loopback fake, which must receive exactly the declared method, path, query and body,
//   with the credential where the toolkit's scheme puts it;
// - every OAuth2 scheme (the ones mapping files `define`, and the compiled toolkits') starts a real
//   connection, and its authorize URL must carry the scheme's client, redirect, scopes, state, PKCE and
//   extra parameters.
const checks = [...readMappings(process.cwd()).values()].filter((m) => m.file.check);
let s: TestServer;
let fake: FakeUpstream;

beforeAll(async () => {
  [s, fake] = await Promise.all([providerServer(), startFakeUpstream()]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), fake?.close()]);
});

/** a value for a connection field that is also safe as one DNS label of a tenant URL */
const fieldValue = (name: string) => `t-${name.replace(/[^a-z0-9]/gi, '').toLowerCase()}`.slice(0, 40);

function credentialSeen(req: RecordedRequest, scheme: AuthSchemeDef, val: Record<string, string>): string[] {
  const seen: string[] = [];
  // a keyless scheme sends no credential at all
  if (scheme.mode === 'NO_AUTH') {
    expect(req.headers.authorization, 'no credential').toBeUndefined();
    return seen;
  }
  for (const p of scheme.placement ?? [{ in: 'bearer' as const, field: 'access_token' }]) {
    if (p.in === 'bearer') expect(req.headers.authorization, 'bearer credential').toBe(`Bearer ${val[p.field]}`);
    else if (p.in === 'header') {
      expect(req.headers[p.name.toLowerCase()], `${p.name} header`).toBe(`${p.prefix ?? ''}${val[p.field]}`);
    } else if (p.in === 'query') {
      expect(req.query.get(p.name), `${p.name} query parameter`).toBe(val[p.field]);
      seen.push(p.name);
    } else {
      const basic = Buffer.from(`${val[p.usernameField]}:${p.password ?? val[p.passwordField] ?? ''}`).toString(
        'base64',
      );
      expect(req.headers.authorization, 'basic credential').toBe(`Basic ${basic}`);
    }
  }
  return seen; // query names that belong to the credential, not to the tool's request
}

function connectionValues(scheme: AuthSchemeDef, check: NonNullable<MappingFile['check']>): Record<string, string> {
  const val: Record<string, string> = {};
  // a field that lists its values (a data-residency host) takes its default, else its first value
  for (const f of [...scheme.connectionFields.required, ...scheme.connectionFields.optional])
    val[f.name] = f.choices?.length ? (f.default ?? f.choices[0]!) : fieldValue(f.name);
  if (/OAUTH2|S2S|SERVICE_ACCOUNT/.test(scheme.mode)) val.access_token = 'mapped-check-token';
  if (scheme.mode === 'BEARER_TOKEN') val.token = 'mapped-check-token';
  if (scheme.mode === 'API_KEY') val.api_key = 'mapped-check-key';
  return { ...val, ...(check.connection ?? {}) };
}

/** `value` placed at a key path (`boards.0.views`: numeric keys are list positions) */
function nestAt(path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const inner = nestAt(path.slice(1), value);
  return /^\d+$/.test(path[0]!) ? [inner] : { [path[0]!]: inner };
}

describe.each(checks.map((m) => [m.file.toolkit, m.file.check!] as const))('check of %s', (toolkit, check) => {
  it(`${check.tool} sends ${check.request.method} ${check.request.path}`, async () => {
    const kit = getToolkit(toolkit) as ToolkitDef;
    const scheme = kit.authSchemes.find((a) => a.mode === (check.scheme ?? kit.authSchemes[0]?.mode));
    expect(scheme, `${toolkit} has the ${check.scheme ?? 'first'} scheme`).toBeDefined();
    const val = connectionValues(scheme!, check);
    const user = `check-${toolkit}`;
    // an OAuth app's client for OAuth schemes (the account already holds its token), and the app-level fields
    const credentials: Record<string, string> = /OAUTH/.test(scheme!.mode)
      ? { client_id: 'check-client', client_secret: 'check-secret' }
      : {};
    for (const f of scheme!.authConfigFields.required) credentials[f.name] ??= f.default ?? fieldValue(f.name);
    await connectToFake(s, {
      toolkit,
      authScheme: scheme!.mode,
      val: { ...val, base_url: fake.url },
      userId: user,
      credentials,
    });
    // A keyless toolkit's tools run without an account: the project's toolkit_base_urls setting points
    // the toolkit at the fake, so no check ever leaves loopback.
    if (scheme!.mode === 'NO_AUTH') {
      const set = await s.api('PATCH', '/org/project/config', { toolkit_base_urls: { [toolkit]: fake.url } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }
    // a GraphQL tool's answer is {data: …}, and the tool returns the part its `result` names
    const gql = getTool(check.tool)?.http.graphql;
    const path = gql?.result ?? [];
    const answer = gql ? { data: nestAt(path, { id: 'from-fake' }) } : { id: 'from-fake' };
    const last = [...path].reverse().find((k) => !/^\d+$/.test(k));
    fake.on(check.request.method, check.request.path, () => ({ json: answer }));
    fake.reset();

    const r = await s.api('POST', `/tools/execute/${check.tool}`, { user_id: user, arguments: check.arguments });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.error).toBeNull();
    expect(r.body).toMatchObject({
      successful: true,
      data: last ? { [last]: { id: 'from-fake' } } : { id: 'from-fake' },
    });

    expect(fake.requests).toHaveLength(1);
    const got = fake.requests[0]!;
    expect(got.method).toBe(check.request.method);
    expect(got.path).toBe(check.request.path);
    const credentialQuery = credentialSeen(got, scheme!, val);
    const query: Record<string, string | string[]> = {};
    for (const k of new Set(got.query.keys())) {
      if (credentialQuery.includes(k)) continue;
      const all = got.query.getAll(k);
      query[k] = all.length > 1 ? all : all[0]!;
    }
    expect(query).toEqual(check.request.query ?? {});
    const type = String(got.headers['content-type'] ?? '');
    if (check.request.body === undefined) expect(got.body.length, 'no body').toBe(0);
    else if (/json/.test(type)) expect(got.json).toEqual(check.request.body);
    else if (/x-www-form-urlencoded/.test(type))
      expect(Object.fromEntries(new URLSearchParams(got.body.toString('utf8')))).toEqual(check.request.body);
    else expect(got.body.toString('utf8')).toBe(check.request.body);
  });
});

// every OAuth2 scheme: mapping files' `define`s and the compiled toolkits'
const oauthSchemes = listToolkits().flatMap((k) =>
  k.authSchemes.filter((a) => a.mode === 'OAUTH2' && a.oauth?.authorizationUrl).map((a) => [k.slug, a] as const),
);

describe('OAuth2 authorize URLs', () => {
  it('the catalog has OAuth2 schemes to check', () => {
    expect(oauthSchemes.length).toBeGreaterThan(10);
  });

  it.each(oauthSchemes)('%s', async (toolkit, scheme) => {
    const fields = [...scheme.authConfigFields.required, ...scheme.authConfigFields.optional];
    const credentials: Record<string, string> = { client_id: `cid-${toolkit}`, client_secret: 'csecret' };
    // a per-app part of the URL (Microsoft's tenant) takes the auth config's value, else its default
    for (const f of fields)
      if (f.required && !(f.name in credentials) && !f.default) credentials[f.name] = fieldValue(f.name);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: toolkit },
      auth_config: { type: 'use_custom_auth', authScheme: 'OAUTH2', credentials },
    });
    expect(ac.status, JSON.stringify(ac.body)).toBe(201);
    const data: Record<string, string> = {};
    for (const f of [...scheme.connectionFields.required, ...scheme.connectionFields.optional])
      data[f.name] = fieldValue(f.name);
    const created = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: `oauth-${toolkit}`, callback_url: 'https://app.example/done', data },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const url = new URL(created.body.connectionData.val.redirectUrl as string);
    const expected = scheme.oauth!.authorizationUrl!.replace(/\{(\w+)\}/g, (_m, n: string) => {
      const f = fields.find((x) => x.name === n);
      return credentials[n] ?? f?.default ?? data[n] ?? '';
    });
    expect(`${url.origin}${url.pathname}`).toBe(expected.replace(/\?.*$/, ''));
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(`cid-${toolkit}`);
    expect(q.get('redirect_uri')).toBe(`${s.url}/api/v3/toolkits/auth/callback`);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    const scopes = scheme.oauth!.defaultScopes ?? [];
    if (scopes.length) expect(q.get('scope')).toBe(scopes.join(scheme.oauth!.scopeSeparator ?? ' '));
    else expect(q.has('scope')).toBe(false);
    for (const [k, v] of Object.entries(scheme.oauth!.authParams ?? {})) expect(q.get(k), k).toBe(v);
  });
});
