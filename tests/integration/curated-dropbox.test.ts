import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeDropbox, type FakeDropbox } from '../helpers/fake-dropbox';

// Dropbox (lib/catalog/curated/dropbox.ts) through the execute pipeline against a loopback Dropbox
// serving both the RPC host and the content host.
const TOKEN = 'sl.dropbox-token';
let s: TestServer;
let dbx: FakeDropbox;
let account: string;

async function stage(content: Buffer, filename: string, mimetype: string) {
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5: createHash('md5').update(content).digest('hex'),
    mimetype,
    tool_slug: 'DROPBOX_UPLOAD_FILE',
    toolkit_slug: 'dropbox',
  });
  expect(req.status, JSON.stringify(req.body)).toBe(201);
  const put = await fetch(req.body.new_presigned_url, {
    method: 'PUT',
    body: new Uint8Array(content),
    headers: { 'content-type': mimetype },
  });
  expect(put.status).toBeLessThan(300);
  return { name: filename, mimetype, s3key: req.body.key as string };
}

beforeAll(async () => {
  [s, dbx] = await Promise.all([providerServer({ startTimeoutMs: 110_000 }), startFakeDropbox({ token: TOKEN })]);
  account = (
    await connectToFake(s, {
      toolkit: 'dropbox',
      authScheme: 'API_KEY',
      // the RPC base is <origin>/2; the content host is reached through the same origin
      val: { api_key: TOKEN, base_url: `${dbx.url}/2` },
      userId: 'dbx-user',
    })
  ).accountId;
});
afterAll(async () => {
  await Promise.all([s?.stop(), dbx?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('Dropbox toolkit', () => {
  it('DROPBOX_UPLOAD_FILE sends the bytes with ASCII-safe Dropbox-API-Arg; DROPBOX_READ_FILE stages them back', async () => {
    const bytes = Buffer.from('quarterly numbers\n');
    const up = await exec('DROPBOX_UPLOAD_FILE', {
      path: '/Reports/Übersicht.txt',
      content: await stage(bytes, 'Übersicht.txt', 'text/plain'),
      mode: 'add',
    });
    expect(up.body, JSON.stringify(up.body)).toMatchObject({
      successful: true,
      data: { name: 'Übersicht.txt', path_display: '/Reports/Übersicht.txt', size: bytes.length },
    });
    const sent = dbx.last()!;
    expect(sent.path).toBe('/2/files/upload');
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.headers['dropbox-api-arg']).toBe('{"path":"/Reports/\\u00dcbersicht.txt","mode":"add"}');
    expect(sent.body.equals(bytes)).toBe(true);

    const again = await exec('DROPBOX_UPLOAD_FILE', {
      path: '/Reports/Übersicht.txt',
      content: await stage(bytes, 'Übersicht.txt', 'text/plain'),
    });
    expect(again.body.successful, JSON.stringify(again.body)).toBe(false);
    expect(again.body.error).toContain('path/conflict');

    const read = await exec('DROPBOX_READ_FILE', { path: '/Reports/Übersicht.txt' });
    expect(read.body, JSON.stringify(read.body)).toMatchObject({
      successful: true,
      data: { name: 'Übersicht.txt', rev: expect.any(String), content: { name: 'Übersicht.txt', size: bytes.length } },
    });
    const got = Buffer.from(await (await fetch(read.body.data.content.s3url)).arrayBuffer());
    expect(got.equals(bytes)).toBe(true);
  });

  it('DROPBOX_LIST_FILES_IN_FOLDER posts JSON to /2/files/list_folder; "/" is the root ""', async () => {
    const r = await exec('DROPBOX_LIST_FILES_IN_FOLDER', { path: 'Reports', recursive: false });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { entries: [{ '.tag': 'file', path_display: '/Reports/Übersicht.txt' }], has_more: false },
    });
    expect(dbx.last()!.json).toEqual({ path: '/Reports', recursive: false });
    await exec('DROPBOX_LIST_FILES_IN_FOLDER', { path: '/' });
    expect(dbx.last()!.json).toEqual({ path: '' });
  });

  it('GET /toolkits/dropbox: OAuth2 asks for offline access with Dropbox scopes; an access token works too', async () => {
    const tk = await s.api('GET', '/toolkits/dropbox');
    expect(tk.status, JSON.stringify(tk.body)).toBe(200);
    expect(tk.body.auth_config_details.map((d: { mode: string }) => d.mode)).toEqual(['OAUTH2', 'API_KEY']);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'dropbox' },
      auth_config: {
        type: 'use_custom_auth',
        authScheme: 'OAUTH2',
        credentials: { client_id: 'dbx-app', client_secret: 'x' },
      },
    });
    const r = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: { user_id: 'ana' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = new URL(r.body.redirect_url ?? r.body.connectionData.val.redirectUrl);
    expect(url.origin + url.pathname).toBe('https://www.dropbox.com/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('dbx-app');
    expect(url.searchParams.get('token_access_type')).toBe('offline');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['files.content.read', 'files.content.write', 'sharing.write']),
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});
