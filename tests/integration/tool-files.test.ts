import http from 'node:http';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/** A tool whose input takes a file reads the staged file from storage (issue 7, files). */
let s: TestServer;
let upstream: http.Server;
let upstreamUrl = '';
const received: {
  title: string | null;
  name: string | null;
  type: string | null;
  text: string | null;
  json?: unknown;
}[] = [];

beforeAll(async () => {
  upstream = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    if ((req.headers['content-type'] ?? '').startsWith('multipart/')) {
      const form = await new Request('http://upstream/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type']! },
        body,
      }).formData();
      const file = form.get('file') as File | null;
      received.push({
        title: form.get('title') as string | null,
        name: file?.name ?? null,
        type: file?.type ?? null,
        text: file ? await file.text() : null,
      });
    } else {
      received.push({ title: null, name: null, type: null, text: null, json: JSON.parse(body.toString('utf8')) });
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  s = await startServer();
});
afterAll(async () => {
  await s?.stop();
  upstream?.close();
});

const doc = (base: string) => ({
  openapi: '3.0.0',
  info: { title: 'Docs', version: '1' },
  servers: [{ url: base }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ key: [] }],
  paths: {
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
                properties: { title: { type: 'string' }, file: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/notes': {
      post: {
        operationId: 'createNote',
        summary: 'Create a note with an attachment',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { attachment: { type: 'string', description: 'base64 content' } } },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});

async function stage(content: string, filename: string, mimetype: string) {
  const md5 = createHash('md5').update(content).digest('hex');
  const req = await s.api('POST', '/files/upload/request', {
    filename,
    md5,
    mimetype,
    tool_slug: 'DOCS_UPLOAD_A_DOCUMENT',
    toolkit_slug: 'docs',
  });
  expect(req.status).toBe(201);
  const put = await fetch(req.body.new_presigned_url, {
    method: 'PUT',
    body: content,
    headers: { 'content-type': mimetype },
  });
  expect(put.status).toBeLessThan(300);
  return req.body.key as string;
}

describe('staged files as tool inputs', () => {
  it('sends a staged file as a multipart file part, and as base64 in JSON bodies', async () => {
    expect(
      (await s.api('POST', '/toolkits/custom', { slug: 'docs', name: 'Docs', document: doc(upstreamUrl) })).status,
    ).toBe(201);
    const ac = await s.api('POST', '/auth_configs', {
      toolkit: { slug: 'docs' },
      auth_config: { type: 'use_custom_auth', authScheme: 'API_KEY' },
    });
    const acc = await s.api('POST', '/connected_accounts', {
      auth_config: { id: ac.body.auth_config.id },
      connection: {
        user_id: 'files-user',
        state: { authScheme: 'API_KEY', val: { status: 'ACTIVE', api_key: 'k', base_url: upstreamUrl } },
      },
    });
    const tools = await s.api('GET', '/tools?toolkit_slug=docs&limit=10');
    const upload = tools.body.items.find((t: { slug: string }) => /UPLOAD/.test(t.slug)).slug as string;
    const note = tools.body.items.find((t: { slug: string }) => /NOTE/.test(t.slug)).slug as string;

    const key = await stage('quarterly numbers\n', 'q3.txt', 'text/plain');
    const r = await s.api('POST', `/tools/execute/${upload}`, {
      connected_account_id: acc.body.id,
      arguments: { title: 'Q3', file: { name: 'q3.txt', mimetype: 'text/plain', s3key: key } },
    });
    expect(r.body.successful, JSON.stringify(r.body)).toBe(true);
    expect(received.at(-1)).toMatchObject({
      title: 'Q3',
      name: 'q3.txt',
      type: 'text/plain',
      text: 'quarterly numbers\n',
    });

    const r2 = await s.api('POST', `/tools/execute/${note}`, {
      connected_account_id: acc.body.id,
      arguments: { attachment: { name: 'q3.txt', mimetype: 'text/plain', s3key: key } },
    });
    expect(r2.body.successful, JSON.stringify(r2.body)).toBe(true);
    expect(received.at(-1)!.json).toEqual({ attachment: Buffer.from('quarterly numbers\n').toString('base64') });

    const missing = await s.api('POST', `/tools/execute/${upload}`, {
      connected_account_id: acc.body.id,
      arguments: { file: { name: 'x.txt', mimetype: 'text/plain', s3key: 'projects/none/x.txt' } },
    });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
  });
});
