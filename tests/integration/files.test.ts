import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { SDKS, composioFor, type AnySdk } from '../helpers/sdks';

let s: TestServer;
const MAX = 64 * 1024;

beforeAll(async () => {
  s = await startServer({ env: { JUNCTION_FILES_MAX_BYTES: String(MAX) } });
});
afterAll(async () => {
  await s?.stop();
});

/** @composio/core 0.19 fetches file URLs only on public addresses; these suites serve them on 127.0.0.1. */
const BLOCKS_LOOPBACK_FILES = (version: string) => version !== '0.8.1';

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

describe.each(SDKS)('project file staging with @composio/core $version', (sdk) => {
  it('the SDK uploads a file through the presigned URL and it is listed', async () => {
    const composio = composioFor(sdk, s);
    const tool = 'SLACK_FILES_UPLOAD';
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-files-'));
    const file = path.join(dir, 'report.txt');
    fs.writeFileSync(file, 'quarterly numbers\n');
    if (BLOCKS_LOOPBACK_FILES(sdk.version)) {
      // 0.19 refuses to PUT to a presigned URL on a loopback/private address (its own SSRF guard; docs/sdk.md)
      await expect(composio.files.upload({ file, toolSlug: tool, toolkitSlug: 'slack' })).rejects.toBeInstanceOf(
        sdk.mod.ComposioBlockedInternalUrlError,
      );
      return;
    }
    const staged = await composio.files.upload({ file, toolSlug: tool, toolkitSlug: 'slack' });
    // the SDK picks the staged file name itself (file_ts<time><hash>.txt)
    expect(staged.name).toMatch(/\.txt$/);
    expect(staged.s3key).toMatch(new RegExp(`^projects/pr_[A-Za-z0-9]+/requests/slack/${tool}/[A-Za-z0-9]+_`));
    expect(staged.s3key.endsWith(staged.name)).toBe(true);

    const list = await s.api('GET', `/files/list?toolkit_slug=slack&tool_slug=${tool}`);
    expect(list.status).toBe(200);
    // the suite runs once per SDK version on one server: this run's file is listed once, with its metadata
    expect(list.body.items.filter((i: { filename: string }) => i.filename === staged.name)).toEqual([
      {
        filename: staged.name,
        md5: md5('quarterly numbers\n'),
        mimetype: staged.mimetype,
        tool_slug: tool,
        toolkit_slug: 'slack',
      },
    ]);
    const other = await s.api('GET', '/files/list?tool_slug=GMAIL_SEND');
    expect(other.body.items).toEqual([]);
  });
});

describe('project file staging (HTTP)', () => {
  it('verifies md5, content type, size and the signature of upload URLs', async () => {
    const body = Buffer.from('hello world');
    const req = await s.api('POST', '/files/upload/request', {
      filename: 'hello.txt',
      md5: md5(body),
      mimetype: 'text/plain',
      tool_slug: 'GMAIL_SEND_EMAIL',
      toolkit_slug: 'gmail',
    });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    expect(req.body.id).toMatch(/^req_file_/);
    expect(req.body.newPresignedUrl).toBe(req.body.new_presigned_url);
    expect(req.body.type).toBe('new');
    expect(req.body.metadata.storage_backend).toBe('s3');
    const url: string = req.body.new_presigned_url;

    const wrongType = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'image/png' } });
    expect(wrongType.status).toBe(400);
    const wrongBytes = await fetch(url, {
      method: 'PUT',
      body: Buffer.from('hello w0rld'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongBytes.status).toBe(400);
    expect((await wrongBytes.json()).error.slug).toBe('Storage_Md5Mismatch');
    const tampered = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(tampered, { method: 'PUT', body, headers: { 'content-type': 'text/plain' } })).status).toBe(
      403,
    );
    const notListedYet = await s.api('GET', '/files/list?tool_slug=GMAIL_SEND_EMAIL');
    expect(notListedYet.body.items).toEqual([]);
    const ok = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    expect(ok.status).toBe(200);
    expect((await s.api('GET', '/files/list?tool_slug=GMAIL_SEND_EMAIL')).body.items).toHaveLength(1);

    const big = Buffer.alloc(MAX + 1, 1);
    const bigReq = await s.api('POST', '/files/upload/request', {
      filename: 'big.bin',
      md5: md5(big),
      mimetype: 'application/octet-stream',
      tool_slug: 'X',
      toolkit_slug: 'y',
    });
    const tooBig = await fetch(bigReq.body.new_presigned_url, {
      method: 'PUT',
      body: big,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(tooBig.status).toBe(413);

    const badMd5 = await s.api('POST', '/files/upload/request', {
      filename: 'a',
      md5: 'nope',
      mimetype: 'text/plain',
      tool_slug: 'X',
      toolkit_slug: 'y',
    });
    expect(badMd5.status).toBe(400);
  });
});

describe.each(SDKS)('session file mounts through @composio/core $version', (sdk) => {
  it('upload, list, download and delete', async () => {
    const composio: AnySdk = composioFor(sdk, s);
    const session = await composio.create('files-user');
    const files = session.experimental.files;
    if (BLOCKS_LOOPBACK_FILES(sdk.version)) {
      // listing is an API call and works; moving bytes needs the presigned URL, which 0.19 will not fetch on loopback
      expect((await files.list()).items).toEqual([]);
      await expect(
        files.upload(Buffer.from('a,b\n'), { remotePath: 'data/out.csv', mimetype: 'text/csv' }),
      ).rejects.toBeInstanceOf(sdk.mod.ComposioBlockedInternalUrlError);
      return;
    }
    const up = await files.upload(Buffer.from('a,b\n1,2\n'), { remotePath: 'data/out.csv', mimetype: 'text/csv' });
    expect(up.mountRelativePath).toBe('data/out.csv');
    expect(up.sandboxMountPrefix).toBe('/mnt/files');
    expect(await up.text()).toBe('a,b\n1,2\n');
    await files.upload(Buffer.from('{"x":1}'), { remotePath: 'notes.json', mimetype: 'application/json' });

    const all = await files.list();
    expect(all.items.map((i: any) => i.mountRelativePath).sort()).toEqual(['data/out.csv', 'notes.json']);
    expect(all.items.find((i: any) => i.mountRelativePath === 'notes.json')!.size).toBe(7);
    const sub = await files.list({ path: '/data' });
    expect(sub.items.map((i: any) => i.mountRelativePath)).toEqual(['data/out.csv']);
    const paged = await files.list({ limit: 1 });
    expect(paged.items).toHaveLength(1);
    expect(paged.nextCursor).toBeTruthy();
    const rest = await files.list({ limit: 1, cursor: paged.nextCursor! });
    expect(rest.items).toHaveLength(1);
    expect(rest.items[0]!.mountRelativePath).not.toBe(paged.items[0]!.mountRelativePath);

    const dl = await files.download('notes.json');
    expect(JSON.parse(await dl.text())).toEqual({ x: 1 });

    const del = await files.delete('data/out.csv');
    expect(del.mountRelativePath).toBe('data/out.csv');
    expect((await files.list()).items.map((i: any) => i.mountRelativePath)).toEqual(['notes.json']);
    await expect(files.download('data/out.csv')).rejects.toThrow();

    // another session does not see these files; paths cannot escape the mount
    const other = await composio.create('files-user');
    expect((await other.experimental.files.list()).items).toEqual([]);
    const escaping = await s.api('POST', `/tool_router/session/${session.sessionId}/mounts/files/upload_url`, {
      mount_relative_path: '../../x.txt',
    });
    expect(escaping.status).toBe(400);
  });
});
