import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';

/**
 * Stored files (session mounts, staged uploads, upstream binaries) are user- or third-party
 * controlled bytes: downloading one must never render it as a page on Junction's origin.
 */
let s: TestServer;
let up: FakeUpstream;
const FILES_ORIGIN = 'http://files.junction.test';

beforeAll(async () => {
  [s, up] = await Promise.all([
    startServer({ env: { JUNCTION_FILES_PUBLIC_URL: `${FILES_ORIGIN}/` } }),
    startFakeUpstream(),
  ]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), up?.close()]);
});

/** The links name the files origin; this test process reaches the same server on its own port. */
const local = (url: string) => {
  expect(url.startsWith(`${FILES_ORIGIN}/api/v3/`)).toBe(true);
  return s.url + url.slice(FILES_ORIGIN.length);
};

function expectAttachment(res: Response) {
  expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toMatch(/^sandbox(;|$)/);
}

describe('stored file downloads', () => {
  it('an uploaded text/html file downloads as a sandboxed attachment, never as a page', async () => {
    const session = await s.api('POST', '/tool_router/session', { user_id: 'files-user' });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const base = `/tool_router/session/${session.body.session_id}/mounts/files`;
    const html = '<html><body><script>fetch("/api/v3/org/keys")</script></body></html>';
    const name = 'pages/rapport été "final".html';
    const u = await s.api('POST', `${base}/upload_url`, { mount_relative_path: name, mimetype: 'text/html' });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    const put = await fetch(local(u.body.upload_url), {
      method: 'PUT',
      body: html,
      headers: { 'content-type': 'text/html' },
    });
    expect(put.status).toBe(200);

    const d = await s.api('POST', `${base}/download_url`, { mount_relative_path: name });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const res = await fetch(local(d.body.download_url));
    expect(res.status).toBe(200);
    expectAttachment(res);
    // RFC 6266: an ASCII fallback and the exact UTF-8 name in filename*
    const cd = res.headers.get('content-disposition')!;
    expect(cd).toContain('filename="rapport ?t? \\"final\\".html"');
    expect(cd).toContain("filename*=UTF-8''rapport%20%C3%A9t%C3%A9%20%22final%22.html");
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.text()).toBe(html);
  });

  it('a staged upstream binary downloads with the same headers', async () => {
    up.on('GET', '/export', () => ({
      body: Buffer.from('%PDF-1.4 not really'),
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="q3.pdf"' },
    }));
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'github' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY', credentials: {} },
    });
    const ca = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'u1',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', base_url: up.url } },
      },
    });
    expect(ca.status, JSON.stringify(ca.body)).toBe(201);
    const r = await s.api('POST', '/tools/execute/proxy', {
      endpoint: '/export',
      method: 'GET',
      connected_account_id: ca.body.id,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const res = await fetch(local(r.body.binary_data.url));
    expect(res.status).toBe(200);
    expectAttachment(res);
    expect(res.headers.get('content-disposition')).toMatch(/filename="?q3\.pdf"?(;|$)/);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('%PDF-1.4 not really');
  });
});
