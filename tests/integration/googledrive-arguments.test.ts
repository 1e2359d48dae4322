import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import { startFakeDrive, type FakeDrive } from '../helpers/fake-drive';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';

// Issue 26 item 6: the hosted Drive tools generated from Google's description spell their arguments in
// Google's camelCase (fileId, driveId, pageToken). Junction declares that spelling for them and still
// accepts snake_case; both must reach the loopback Drive as the same request.
let s: TestServer;
let drive: FakeDrive;
let account: string;

beforeAll(async () => {
  [s, drive] = await Promise.all([providerServer(), startFakeDrive()]);
  account = (
    await connectToFake(s, {
      toolkit: 'googledrive',
      authScheme: 'OAUTH2',
      val: { access_token: drive.token, base_url: `${drive.url}/drive/v3` },
      userId: 'drive-args-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
  drive.add({ id: 'fileArgs000001', name: 'notes.txt', mimeType: 'text/plain', content: Buffer.from('hi') });
});
afterAll(async () => {
  await Promise.all([s?.stop(), drive?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });
const lastTo = (path: string) => drive.requests.filter((r) => r.path === path).pop()!;

describe('Drive arguments in the hosted (camelCase) spelling and in snake_case', () => {
  it('declares the camelCase spelling in GET /tools/{slug}', async () => {
    const expected: Record<string, string[]> = {
      GOOGLEDRIVE_GET_PERMISSION: ['fileId', 'permissionId'],
      GOOGLEDRIVE_LIST_CHANGES: ['pageToken'],
      GOOGLEDRIVE_GET_DRIVE: ['driveId'],
      GOOGLEDRIVE_LIST_ACCESS_PROPOSALS: ['fileId'],
    };
    for (const [slug, required] of Object.entries(expected)) {
      const r = await s.api('GET', `/tools/${slug}`);
      expect(r.status, slug).toBe(200);
      const props = Object.keys(r.body.input_parameters.properties);
      for (const k of required) expect(props, slug).toContain(k);
      expect(r.body.input_parameters.required, slug).toEqual(expect.arrayContaining(required));
      expect(
        props.some((k) => k.includes('_')),
        `${slug}: ${props.join(',')}`,
      ).toBe(false);
    }
  });

  it('GOOGLEDRIVE_GET_PERMISSION sends the same request for fileId/permissionId and file_id/permission_id', async () => {
    const camel = await exec('GOOGLEDRIVE_GET_PERMISSION', { fileId: 'fileArgs000001', permissionId: 'p-7' });
    expect(camel.body, JSON.stringify(camel.body)).toMatchObject({ successful: true, data: { id: 'p-7' } });
    const a = lastTo('/drive/v3/files/fileArgs000001/permissions/p-7');
    const snake = await exec('GOOGLEDRIVE_GET_PERMISSION', { file_id: 'fileArgs000001', permission_id: 'p-7' });
    expect(snake.body, JSON.stringify(snake.body)).toMatchObject({ successful: true, data: { id: 'p-7' } });
    const b = lastTo('/drive/v3/files/fileArgs000001/permissions/p-7');
    expect(b).not.toBe(a);
    expect(b.query.get('supportsAllDrives')).toBe('true');
    expect([...b.query.entries()].sort()).toEqual([...a.query.entries()].sort());
  });

  it('GOOGLEDRIVE_LIST_CHANGES passes pageToken, pageSize and driveId in either spelling', async () => {
    const camel = await exec('GOOGLEDRIVE_LIST_CHANGES', { pageToken: '41', pageSize: 5, driveId: 'sd-1' });
    expect(camel.body, JSON.stringify(camel.body)).toMatchObject({
      successful: true,
      data: { newStartPageToken: '42' },
    });
    const a = lastTo('/drive/v3/changes');
    expect(a.query.get('pageToken')).toBe('41');
    expect(a.query.get('pageSize')).toBe('5');
    expect(a.query.get('driveId')).toBe('sd-1');
    const snake = await exec('GOOGLEDRIVE_LIST_CHANGES', { page_token: '41', page_size: 5, drive_id: 'sd-1' });
    expect(snake.body, JSON.stringify(snake.body)).toMatchObject({
      successful: true,
      data: { newStartPageToken: '42' },
    });
    const b = lastTo('/drive/v3/changes');
    expect(b).not.toBe(a);
    expect([...b.query.entries()].sort()).toEqual([...a.query.entries()].sort());
    // the declared spelling wins when a caller sends both
    await exec('GOOGLEDRIVE_LIST_CHANGES', { pageToken: '7', page_token: '99' });
    expect(lastTo('/drive/v3/changes').query.get('pageToken')).toBe('7');
  });

  it('GOOGLEDRIVE_GET_DRIVE and GOOGLEDRIVE_HIDE_DRIVE take driveId or drive_id', async () => {
    for (const args of [{ driveId: 'sd-2' }, { drive_id: 'sd-2' }]) {
      const g = await exec('GOOGLEDRIVE_GET_DRIVE', args);
      expect(g.body, JSON.stringify(g.body)).toMatchObject({ successful: true, data: { id: 'sd-2' } });
      const h = await exec('GOOGLEDRIVE_HIDE_DRIVE', args);
      expect(h.body, JSON.stringify(h.body)).toMatchObject({ successful: true, data: { id: 'sd-2', hidden: true } });
    }
    expect(drive.requests.filter((r) => r.method === 'POST' && r.path === '/drive/v3/drives/sd-2/hide')).toHaveLength(
      2,
    );
  });

  it('a missing required argument is a 400 in either spelling', async () => {
    const r = await exec('GOOGLEDRIVE_GET_PERMISSION', { fileId: 'fileArgs000001' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    const t = await exec('GOOGLEDRIVE_LIST_PERMISSIONS', {});
    expect(t.status, JSON.stringify(t.body)).toBe(400);
    const ok = await exec('GOOGLEDRIVE_LIST_PERMISSIONS', { file_id: 'fileArgs000001' });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({
      successful: true,
      data: { permissions: [{ role: 'owner' }] },
    });
  });

  it('GOOGLEDRIVE_CREATE_PERMISSIONS_BATCH creates each permission in turn and reports the ones Drive refused', async () => {
    const before = drive.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/permissions')).length;
    const r = await exec('GOOGLEDRIVE_CREATE_PERMISSIONS_BATCH', {
      file_id: 'fileArgs000001',
      send_notification_email: false,
      permissions: [
        { role: 'writer', type: 'user', emailAddress: 'ana@example.com' },
        { role: 'reader', type: 'domain', domain: 'example.com' },
      ],
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: {
        created: [
          { role: 'writer', emailAddress: 'ana@example.com' },
          { role: 'reader', domain: 'example.com' },
        ],
        failed: [],
      },
    });
    const sent = drive.requests.filter((q) => q.method === 'POST' && q.path.endsWith('/permissions')).slice(before);
    expect(sent.map((q) => q.path)).toEqual([
      '/drive/v3/files/fileArgs000001/permissions',
      '/drive/v3/files/fileArgs000001/permissions',
    ]);
    expect(sent[0]!.query.get('sendNotificationEmail')).toBe('false');
    expect(sent[1]!.json).toEqual({ role: 'reader', type: 'domain', domain: 'example.com' });
    // an unknown file: every create fails, so the call fails and says why
    const none = await exec('GOOGLEDRIVE_CREATE_PERMISSIONS_BATCH', {
      fileId: 'missingFile0001',
      permissions: [{ role: 'reader', type: 'anyone' }],
    });
    expect(none.body.successful, JSON.stringify(none.body)).toBe(false);
    expect(JSON.stringify(none.body)).toContain('missingFile0001');
    expect(
      (await exec('GOOGLEDRIVE_CREATE_PERMISSIONS_BATCH', { fileId: 'fileArgs000001', permissions: [] })).status,
    ).toBe(400);
  });
});
