import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, startServer, type TestServer } from '../helpers/server';
import { SDKS, composioFor } from '../helpers/sdks';

// An S3-protocol server in the test process (s3rver), standing in for MinIO / AWS S3.
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  opts: Record<string, unknown>,
) => {
  run(): Promise<unknown>;
  close(): Promise<void>;
};

let s3: InstanceType<typeof S3rver>;
let s: TestServer;
let endpoint: string;

beforeAll(async () => {
  const port = await freePort();
  endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: fs.mkdtempSync(path.join(os.tmpdir(), 'junction-s3-')),
    configureBuckets: [{ name: 'junction-files' }],
  });
  await s3.run();
  s = await startServer({
    env: {
      JUNCTION_S3_BUCKET: 'junction-files',
      JUNCTION_S3_ENDPOINT: endpoint,
      JUNCTION_S3_REGION: 'us-east-1',
      JUNCTION_S3_ACCESS_KEY_ID: 'S3RVER',
      JUNCTION_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
});
afterAll(async () => {
  await s?.stop();
  await s3?.close();
});

describe('S3-compatible storage backend', () => {
  it('stages project files with presigned S3 URLs', async () => {
    const req = await s.api('POST', '/files/upload/request', {
      filename: 'a.txt',
      md5: '5d41402abc4b2a76b9719d911017c592',
      mimetype: 'text/plain',
      tool_slug: 'GMAIL_SEND_EMAIL',
      toolkit_slug: 'gmail',
    });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    expect(req.body.new_presigned_url.startsWith(`${endpoint}/junction-files/`)).toBe(true);
    expect(req.body.new_presigned_url).toContain('X-Amz-Signature=');
    const put = await fetch(req.body.new_presigned_url, {
      method: 'PUT',
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    const list = await s.api('GET', '/files/list?toolkit_slug=gmail');
    expect(list.body.items.map((i: any) => i.filename)).toEqual(['a.txt']);
  });
});

describe.each(SDKS)('S3-compatible storage through @composio/core $version', (sdk) => {
  it('session mounts upload, list, download and delete through the bucket', async () => {
    const composio = composioFor(sdk, s);
    const session = await composio.create('s3-user');
    const files = session.experimental.files;
    if (sdk.version !== '0.8.1') {
      // 0.19 will not PUT to a bucket on a loopback/private address; a public S3 endpoint is the way (docs/sdk.md)
      await expect(
        files.upload(Buffer.from('col\n1\n'), { remotePath: 'exports/data.csv', mimetype: 'text/csv' }),
      ).rejects.toBeInstanceOf(sdk.mod.ComposioBlockedInternalUrlError);
      expect((await files.list()).items).toEqual([]);
      return;
    }
    const up = await files.upload(Buffer.from('col\n1\n'), { remotePath: 'exports/data.csv', mimetype: 'text/csv' });
    expect(up.downloadUrl.startsWith(`${endpoint}/junction-files/`)).toBe(true);
    expect(await up.text()).toBe('col\n1\n');
    const listed = await files.list({ path: 'exports' });
    expect(listed.items.map((i: any) => [i.mountRelativePath, i.size])).toEqual([['exports/data.csv', 6]]);
    await files.delete('exports/data.csv');
    expect((await files.list()).items).toEqual([]);
  });
});
