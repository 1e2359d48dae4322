import http from 'node:http';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/**
 * Inputs that shape where a call goes or what it reads: tenant template values in base URLs
 * (`{subdomain}`-style) and staged-file keys given as tool arguments.
 */
let s: TestServer;
let upstream: http.Server;
let port = 0;
const received: { path: string; body: string }[] = [];

beforeAll(async () => {
  upstream = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('latin1') });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  port = (upstream.address() as { port: number }).port;
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
  upstream?.close();
});

/** A toolkit whose server URL has a tenant template (the last octet of a loopback address). */
const doc = () => ({
  openapi: '3.0.0',
  info: { title: 'Tenant', version: '1' },
  servers: [{ url: `http://127.0.0.{octet}:${port}` }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/whoami': { get: { operationId: 'whoAmI', summary: 'Who am I', responses: { '200': { description: 'ok' } } } },
    '/upload': {
      post: {
        operationId: 'uploadDocument',
        summary: 'Upload a document',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});

/** Import the toolkit into the project of `key` and connect an account with these tenant fields. */
async function setup(key: string, val: Record<string, unknown>) {
  const h = { 'x-api-key': key };
  const imp = await s.api(
    'POST',
    '/toolkits/custom',
    { slug: 'tenant', name: 'Tenant', document: doc(), replace: true },
    h,
  );
  expect(imp.status, JSON.stringify(imp.body)).toBe(201);
  const ac = await s.api(
    'POST',
    '/auth_configs',
    { toolkit: { slug: 'tenant' }, auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' } },
    h,
  );
  expect(ac.status, JSON.stringify(ac.body)).toBe(201);
  const acc = await s.api(
    'POST',
    '/connected_accounts',
    {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'u1', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', ...val } } },
    },
    h,
  );
  expect(acc.status, JSON.stringify(acc.body)).toBe(201);
  const tools = await s.api('GET', '/tools?toolkit_slug=tenant&limit=10', undefined, h);
  const slug = (re: RegExp) => tools.body.items.find((t: { slug: string }) => re.test(t.slug)).slug as string;
  return { account: acc.body.id as string, whoami: slug(/WHO/), upload: slug(/UPLOAD/) };
}

async function connect(val: Record<string, unknown>) {
  const ac = await s.api('GET', '/auth_configs?toolkit_slug=tenant');
  const acc = await s.api('POST', '/connected_accounts', {
    auth_config: { id: ac.body.items[0].id },
    connection: { user_id: 'u1', state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', ...val } } },
  });
  expect(acc.status, JSON.stringify(acc.body)).toBe(201);
  return acc.body.id as string;
}

describe('tenant template values', () => {
  it('a DNS label fills the base URL; anything else is a 400 and no request leaves', async () => {
    const t = await setup(s.apiKey, { octet: '1' });
    received.length = 0;
    const ok = await s.api('POST', `/tools/execute/${t.whoami}`, { connected_account_id: t.account, arguments: {} });
    expect(ok.body.successful, JSON.stringify(ok.body)).toBe(true);
    expect(received.map((r) => r.path)).toEqual(['/whoami']);

    // each of these, substituted as text, still reaches the loopback upstream (or another host)
    for (const octet of [`1:${port}/steal#`, `1:${port}/steal?`, '1.evil.example', '1%2F..', 'a'.repeat(64), '-1']) {
      received.length = 0;
      const id = await connect({ octet });
      const r = await s.api('POST', `/tools/execute/${t.whoami}`, { connected_account_id: id, arguments: {} });
      expect(r.status, `${octet}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.message).toMatch(/state\.val\.octet must be a single DNS label/);
      const p = await s.api('POST', '/tools/execute/proxy', {
        endpoint: '/whoami',
        method: 'GET',
        connected_account_id: id,
      });
      expect(p.status, `${octet}: ${JSON.stringify(p.body)}`).toBe(400);
      expect(received).toEqual([]);
    }
  });
});

describe('staged file keys', () => {
  const md5 = (b: string) => createHash('md5').update(b).digest('hex');

  it("a crafted s3key cannot read another project's staged file", async () => {
    // project A stages a secret file
    const secret = 'project A payroll\n';
    const req = await s.api('POST', '/files/upload/request', {
      filename: 'payroll.txt',
      md5: md5(secret),
      mimetype: 'text/plain',
      tool_slug: 'X',
      toolkit_slug: 'tenant',
    });
    expect(req.status).toBe(201);
    expect(
      (
        await fetch(req.body.new_presigned_url, {
          method: 'PUT',
          body: secret,
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(200);
    const aKey = req.body.key as string;
    const aProject = aKey.split('/')[1]!;

    // project B, with its own key, toolkit and account
    const made = await s.api(
      'POST',
      '/org/owner/project/new',
      { name: 'b', should_create_api_key: true },
      { 'x-org-api-key': s.orgKey, 'x-api-key': '' },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const bKey = made.body.api_key as string;
    const bProject = made.body.id as string;
    const t = await setup(bKey, { octet: '1' });
    const exec = (s3key: string) =>
      s.api(
        'POST',
        `/tools/execute/${t.upload}`,
        {
          connected_account_id: t.account,
          arguments: { file: { name: 'x.txt', mimetype: 'text/plain', s3key } },
        },
        { 'x-api-key': bKey },
      );

    received.length = 0;
    // under B's prefix by spelling, A's file by resolution
    const traversal = await exec(`projects/${bProject}/../${aProject}/${aKey.split('/').slice(2).join('/')}`);
    expect(traversal.status, JSON.stringify(traversal.body)).toBe(400);
    expect(traversal.body.error.message).toMatch(/Invalid s3key/);
    for (const key of [
      `projects/${bProject}/./x`,
      `projects/${bProject}//x`,
      `/${aKey}`,
      `projects/${bProject}/a\\..\\b`,
    ]) {
      const r = await exec(key);
      expect(r.status, `${key}: ${JSON.stringify(r.body)}`).toBe(400);
    }
    // A's real key from B, and a key under B's prefix that B never staged: not found
    expect((await exec(aKey)).status).toBe(404);
    expect((await exec(`projects/${bProject}/requests/tenant/X/nothing.txt`)).status).toBe(404);
    expect(received.some((r) => r.body.includes('payroll'))).toBe(false);
    expect(received).toEqual([]);

    // A still uses its own file
    const own = await setup(s.apiKey, { octet: '1' });
    const ok = await s.api('POST', `/tools/execute/${own.upload}`, {
      connected_account_id: own.account,
      arguments: { file: { name: 'payroll.txt', mimetype: 'text/plain', s3key: aKey } },
    });
    expect(ok.body.successful, JSON.stringify(ok.body)).toBe(true);
    expect(received.at(-1)!.body).toContain('project A payroll');
  });
});
