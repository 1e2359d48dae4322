import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToFake } from '../helpers/connect';
import type { TestServer } from '../helpers/server';
import { providerServer } from '../helpers/shared-server';
import { startFakeDrive, type FakeDrive } from '../helpers/fake-drive';

// Curated Google Drive tools (lib/catalog/curated/googledrive.ts) through the real execute pipeline
// against a loopback Drive that parses the multipart uploads it receives.
let s: TestServer;
let drive: FakeDrive;
let account: string;

async function stage(content: Buffer, filename: string, mimetype: string) {
  const md5 = createHash('md5').update(content).digest('hex');
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5,
    mimetype,
    tool_slug: 'GOOGLEDRIVE_UPLOAD_FILE',
    toolkit_slug: 'googledrive',
  });
  expect(req.status, JSON.stringify(req.body)).toBe(201);
  const put = await fetch(req.body.new_presigned_url, {
    method: 'PUT',
    body: new Uint8Array(content),
    headers: { 'content-type': mimetype },
  });
  expect(put.status).toBeLessThan(300);
  return req.body.key as string;
}

beforeAll(async () => {
  [s, drive] = await Promise.all([providerServer(), startFakeDrive()]);
  account = (
    await connectToFake(s, {
      toolkit: 'googledrive',
      authScheme: 'OAUTH2',
      val: { access_token: drive.token, base_url: `${drive.url}/drive/v3` },
      userId: 'drive-user',
      credentials: { client_id: 'c', client_secret: 's' },
    })
  ).accountId;
  drive.add({ id: 'folderReports01', name: 'Reports', mimeType: 'application/vnd.google-apps.folder' });
  drive.add({
    id: 'docQ3xxxxxxxxxx',
    name: 'Q3 plan',
    mimeType: 'application/vnd.google-apps.document',
    parents: ['folderReports01'],
    content: Buffer.from('Grow 10%'),
  });
  drive.add({
    id: 'sheetBudget0001',
    name: 'Budget',
    mimeType: 'application/vnd.google-apps.spreadsheet',
    parents: ['folderReports01'],
  });
  drive.add({
    id: 'oldPdf00000001',
    name: 'old report.pdf',
    mimeType: 'application/pdf',
    trashed: true,
    content: Buffer.from('%PDF-old'),
  });
});
afterAll(async () => {
  await Promise.all([s?.stop(), drive?.close()]);
});

const exec = (slug: string, args: Record<string, unknown>) =>
  s.api('POST', `/tools/execute/${slug}`, { connected_account_id: account, arguments: args });

describe('curated Google Drive tools', () => {
  it('GOOGLEDRIVE_UPLOAD_FILE sends a multipart/related upload: JSON metadata (name, parents) then the exact bytes', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 255, 254, 13, 10, 45, 45])]);
    const key = await stage(bytes, 'invoice.pdf', 'application/pdf');
    const r = await exec('GOOGLEDRIVE_UPLOAD_FILE', {
      file_to_upload: { name: 'invoice.pdf', mimetype: 'application/pdf', s3key: key },
      folder_to_upload_to: 'folderReports01',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { name: 'invoice.pdf', mimeType: 'application/pdf', parents: ['folderReports01'] },
    });
    const up = drive.uploads.at(-1)!;
    expect(up.metadata).toEqual({ name: 'invoice.pdf', mimeType: 'application/pdf', parents: ['folderReports01'] });
    expect(up.contentType).toBe('application/pdf');
    expect(up.content.equals(bytes)).toBe(true);
    expect(up.query.get('uploadType')).toBe('multipart');
    // the upload went to the upload host's path, beside the overridden base URL
    expect(drive.requests.some((q) => q.method === 'POST' && q.path === '/upload/drive/v3/files')).toBe(true);
  });

  it("GOOGLEDRIVE_UPLOAD_FILE without a file is a 400; another project's or unknown s3key fails cleanly", async () => {
    expect((await exec('GOOGLEDRIVE_UPLOAD_FILE', { folder_to_upload_to: 'x' })).status).toBe(400);
    const r = await exec('GOOGLEDRIVE_UPLOAD_FILE', {
      file_to_upload: { name: 'a.txt', mimetype: 'text/plain', s3key: 'nope/none.txt' },
    });
    expect(r.status).toBeLessThan(500);
    expect(r.body.successful).not.toBe(true);
  });

  it('GOOGLEDRIVE_DOWNLOAD_FILE stages ordinary files byte for byte and exports Google Docs to the chosen type', async () => {
    const bytes = Buffer.from([137, 80, 78, 71, 0, 255, 1]);
    drive.add({ id: 'pngLogo0000001', name: 'logo.png', mimeType: 'image/png', content: bytes });
    const r = await exec('GOOGLEDRIVE_DOWNLOAD_FILE', { file_id: 'pngLogo0000001' });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { downloaded_file_content: { name: 'logo.png', mimetype: 'image/png', size: 7 } },
    });
    expect(
      Buffer.from(await (await fetch(r.body.data.downloaded_file_content.s3url)).arrayBuffer()).equals(bytes),
    ).toBe(true);

    const doc = await exec('GOOGLEDRIVE_DOWNLOAD_FILE', { file_id: 'docQ3xxxxxxxxxx', mime_type: 'text/plain' });
    expect(doc.body, JSON.stringify(doc.body)).toMatchObject({
      successful: true,
      data: { downloaded_file_content: { name: 'Q3 plan.txt', mimetype: 'text/plain' } },
    });
    expect(await (await fetch(doc.body.data.downloaded_file_content.s3url)).text()).toBe(
      'Q3 plan exported as text/plain\nGrow 10%',
    );
    const exportReq = drive.requests.filter((q) => q.path === '/drive/v3/files/docQ3xxxxxxxxxx/export').pop()!;
    expect(exportReq.query.get('mimeType')).toBe('text/plain');

    // a sheet with no mime_type exports to xlsx by default; the older name resolves too
    const sheet = await exec('GOOGLEDRIVE_PARSE_FILE', { file_id: 'sheetBudget0001' });
    expect(sheet.body.data.downloaded_file_content).toMatchObject({
      name: 'Budget.xlsx',
      mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const missing = await exec('GOOGLEDRIVE_DOWNLOAD_FILE', { file_id: 'doesNotExist00' });
    expect(missing.body).toMatchObject({ successful: false, data: { status_code: 404 } });
    expect((await exec('GOOGLEDRIVE_DOWNLOAD_FILE', { file_id: 'folderReports01' })).status).toBe(400);
    // export of an ordinary file is refused before any export call
    expect(
      (
        await exec('GOOGLEDRIVE_EXPORT_GOOGLE_WORKSPACE_FILE', {
          file_id: 'pngLogo0000001',
          mime_type: 'application/pdf',
        })
      ).status,
    ).toBe(400);
    const pdf = await exec('GOOGLEDRIVE_EXPORT_GOOGLE_WORKSPACE_FILE', {
      file_id: 'docQ3xxxxxxxxxx',
      mime_type: 'application/pdf',
    });
    expect(pdf.body.data.downloaded_file_content).toMatchObject({ name: 'Q3 plan.pdf', mimetype: 'application/pdf' });
  });

  it('GOOGLEDRIVE_FIND_FILE builds Drive q from name, type and parent, and leaves trashed files out', async () => {
    const r = await exec('GOOGLEDRIVE_FIND_FILE', {
      name_contains: 'Q3',
      file_type: 'document',
      folder_id: 'folderReports01',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({
      successful: true,
      data: { files: [{ id: 'docQ3xxxxxxxxxx' }] },
    });
    const q = drive.requests.filter((x) => x.method === 'GET' && x.path === '/drive/v3/files').pop()!.query;
    expect(q.get('q')).toBe(
      "name contains 'Q3' and mimeType = 'application/vnd.google-apps.document' and 'folderReports01' in parents and trashed = false",
    );
    expect(q.get('pageSize')).toBe('50');
    expect(q.get('includeItemsFromAllDrives')).toBe('true');
    // quotes in names are escaped, raw q is ANDed, camelCase folderId accepted
    await exec('GOOGLEDRIVE_FIND_FILE', {
      name_exact: "Bob's notes",
      q: 'starred = true',
      folderId: 'folderReports01',
    });
    expect(
      drive.requests
        .filter((x) => x.path === '/drive/v3/files')
        .pop()!
        .query.get('q'),
    ).toBe("(starred = true) and name = 'Bob\\'s notes' and 'folderReports01' in parents and trashed = false");
    const trashed = await exec('GOOGLEDRIVE_FIND_FILE', { name_contains: 'old report' });
    expect(trashed.body.data.files).toEqual([]);
    const withTrash = await exec('GOOGLEDRIVE_LIST_FILES', { name_contains: 'old report', include_trashed: true });
    expect(withTrash.body.data.files.map((f: any) => f.id)).toEqual(['oldPdf00000001']);
  });

  it('GOOGLEDRIVE_FIND_FOLDER finds folders only; GOOGLEDRIVE_CREATE_FOLDER takes a parent by id or by name', async () => {
    const r = await exec('GOOGLEDRIVE_FIND_FOLDER', { name_exact: 'Reports' });
    expect(r.body.data.files.map((f: any) => f.id)).toEqual(['folderReports01']);
    expect(
      drive.requests
        .filter((x) => x.path === '/drive/v3/files')
        .pop()!
        .query.get('q'),
    ).toContain("mimeType = 'application/vnd.google-apps.folder'");
    const byName = await exec('GOOGLEDRIVE_CREATE_FOLDER', { folder_name: 'Q4', parent_id: 'Reports' });
    expect(byName.body, JSON.stringify(byName.body)).toMatchObject({
      successful: true,
      data: { name: 'Q4', mimeType: 'application/vnd.google-apps.folder', parents: ['folderReports01'] },
    });
    const byId = await exec('GOOGLEDRIVE_CREATE_FOLDER', { folder_name: 'Q5', parent_id: 'folderReports01' });
    expect(byId.body.data.parents).toEqual(['folderReports01']);
    const none = await exec('GOOGLEDRIVE_CREATE_FOLDER', { folder_name: 'Q6', parent_id: 'No such folder' });
    expect(none.status).toBe(400);
  });

  it('text files, content replacement, moves, sharing and a v2-only operation', async () => {
    const t = await exec('GOOGLEDRIVE_CREATE_FILE_FROM_TEXT', {
      file_name: 'notes.md',
      text_content: '# Hello',
      mime_type: 'text/markdown',
      parent_id: 'folderReports01',
    });
    expect(t.body, JSON.stringify(t.body)).toMatchObject({ successful: true, data: { name: 'notes.md' } });
    expect(drive.uploads.at(-1)!.content.toString()).toBe('# Hello');
    const id = t.body.data.id as string;
    const e = await exec('GOOGLEDRIVE_EDIT_FILE', { file_id: id, content: '# Bye', mime_type: 'text/markdown' });
    expect(e.body.successful).toBe(true);
    expect(drive.files.get(id)!.content!.toString()).toBe('# Bye');
    const m = await exec('GOOGLEDRIVE_MOVE_FILE', {
      file_id: id,
      add_parents: 'root',
      remove_parents: 'folderReports01',
    });
    expect(m.body.data.parents).toEqual(['root']);
    const share = await exec('GOOGLEDRIVE_ADD_FILE_SHARING_PREFERENCE', {
      file_id: id,
      role: 'writer',
      type: 'user',
      email_address: 'ana@example.com',
    });
    expect(share.body, JSON.stringify(share.body)).toMatchObject({
      successful: true,
      data: { role: 'writer', emailAddress: 'ana@example.com' },
    });
    const permReq = drive.requests.filter((x) => x.path.endsWith('/permissions')).pop()!;
    expect(permReq.query.get('sendNotificationEmail')).toBeNull();
    const trash = await exec('GOOGLEDRIVE_TRASH_FILE', { file_id: id });
    expect(trash.body.data.trashed).toBe(true);
    const v2 = await exec('GOOGLEDRIVE_ADD_PARENT', { file_id: id, parent_id: 'folderReports01' });
    expect(v2.body, JSON.stringify(v2.body)).toMatchObject({ successful: true, data: { id: 'folderReports01' } });
    expect(drive.files.get(id)!.parents).toEqual(['root', 'folderReports01']);
  });
});
