import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { SDKS, composioFor } from '../helpers/sdks';

// Supabase Management API (lib/catalog/curated/supabase.ts) with a personal access token, against a loopback fake.
let s: TestServer;
let up: FakeUpstream;

beforeAll(async () => {
  [s, up] = await Promise.all([providerServer(), startFakeUpstream()]);
  up.on('GET', '/projects', () => ({
    json: [{ id: 'abcdefghijklmnopqrst', name: 'shop', region: 'us-east-1', status: 'ACTIVE_HEALTHY' }],
  }));
  up.on('POST', '/projects/:ref/database/query', (r) =>
    String((r.json as { query?: string }).query).startsWith('select')
      ? { status: 201, json: [{ id: 1, email: 'a@b.test' }] }
      : { status: 400, json: { message: 'Failed to run sql query: ERROR:  42601: syntax error at or near "selec"' } },
  );
  up.on('GET', '/projects/:ref/functions/:fn', (_r, p) => ({ json: { slug: p.fn, status: 'ACTIVE', version: 3 } }));
  await connectToFake(s, {
    toolkit: 'supabase',
    authScheme: 'API_KEY',
    val: { api_key: 'sbp_token', base_url: up.url },
    userId: 'sb-user',
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), up?.close()]);
});

describe('Supabase toolkit', () => {
  it('GET /toolkits/supabase: OAuth2 on api.supabase.com and a personal access token', async () => {
    const r = await s.api('GET', '/toolkits/supabase');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2', 'API_KEY']);
    expect(r.body.auth_config_details[0].deprecated_auth_provider_details).toEqual({
      authorization_url: 'https://api.supabase.com/v1/oauth/authorize',
      token_url: 'https://api.supabase.com/v1/oauth/token',
    });
    expect(r.body.meta.logo).toMatch(/\/logos\/supabase\.svg$/);
  });

  it.each(SDKS)(
    '@composio/core $version: the hosted example calls (list projects, run SQL) resolve and send the token as Bearer',
    async (sdk) => {
      const composio = composioFor(sdk, s);
      const projects = await composio.tools.execute('SUPABASE_LIST_ALL_PROJECTS', {
        userId: 'sb-user',
        dangerouslySkipVersionCheck: true,
        arguments: {},
      });
      expect(projects.successful, JSON.stringify(projects)).toBe(true);
      expect(projects.data).toEqual({ projects: [expect.objectContaining({ id: 'abcdefghijklmnopqrst' })] });
      expect(up.last()!.headers.authorization).toBe('Bearer sbp_token');
      const rows = await composio.tools.execute('SUPABASE_BETA_RUN_SQL_QUERY', {
        userId: 'sb-user',
        dangerouslySkipVersionCheck: true,
        arguments: { ref: 'abcdefghijklmnopqrst', query: 'select id, email from users limit 1' },
      });
      expect(rows.successful, JSON.stringify(rows)).toBe(true);
      expect(rows.data).toMatchObject({ rows: [{ id: 1, email: 'a@b.test' }] });
      expect(up.last()).toMatchObject({
        method: 'POST',
        path: '/projects/abcdefghijklmnopqrst/database/query',
        json: { query: 'select id, email from users limit 1' },
      });
    },
  );

  it("a SQL error is successful:false with Supabase's message; function slugs go into the path", async () => {
    const bad = await s.api('POST', '/tools/execute/SUPABASE_BETA_RUN_SQL_QUERY', {
      user_id: 'sb-user',
      arguments: { ref: 'abcdefghijklmnopqrst', query: 'selec 1' },
    });
    expect(bad.body.successful).toBe(false);
    expect(bad.body.error).toContain('syntax error');
    const f = await s.api('POST', '/tools/execute/SUPABASE_RETRIEVE_A_FUNCTION', {
      user_id: 'sb-user',
      arguments: { ref: 'abcdefghijklmnopqrst', function_slug: 'hello-world' },
    });
    expect(f.body).toMatchObject({ successful: true, data: { slug: 'hello-world', version: 3 } });
    expect(up.last()!.path).toBe('/projects/abcdefghijklmnopqrst/functions/hello-world');
  });
});
