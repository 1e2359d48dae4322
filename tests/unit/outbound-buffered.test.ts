import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failedReadingBody,
  OutboundBlockedError,
  outboundRequestBuffered,
  UpstreamTooLargeError,
} from '../../lib/net/outbound';

/**
 * `outboundRequestBuffered` against a real loopback server: the whole body, the cap in both modes
 * (declared and streamed lengths), a body cut short, the deadline before and after the status line,
 * and the guard (the same checks as every outbound request).
 */
let server: http.Server;
let base = '';
/** requests that reached the server, by path, and whether their connection closed early */
const closedEarly = new Map<string, boolean>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    res.on('close', () => closedEarly.set(path, !res.writableFinished));
    req.resume();
    if (path === '/json') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-latin': 'café' });
      res.end('{"ok":true}');
    } else if (path === '/declared-large') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5000' });
      res.end('x'.repeat(5000));
    } else if (path === '/streamed-large') {
      // chunked, no declared length, 50 MB (more than socket buffers hold): the cap is found while reading
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'y'.repeat(1000);
      let n = 0;
      const more = () => {
        while (n < 50_000) {
          n++;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        res.end();
      };
      more();
    } else if (path === '/cut-short') {
      res.writeHead(503, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('partial');
      setImmediate(() => res.socket?.destroy());
    } else if (path === '/slow-head') {
      // never answers (the client's deadline ends it)
    } else if (path === '/slow-body') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('started');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const send = (path: string, extra: Partial<Parameters<typeof outboundRequestBuffered>[1]> = {}) =>
  outboundRequestBuffered(`${base}${path}`, {
    method: 'GET',
    headers: {},
    allowInsecure: true,
    maxBytes: 1024,
    overflow: 'error',
    ...extra,
  });

describe('outboundRequestBuffered', () => {
  it('answers with the status, the headers (values read as Latin-1) and the whole body', async () => {
    const r = await send('/json');
    expect(r.status).toBe(200);
    expect(r.statusText).toBe('OK');
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('x-latin')).toBe('café');
    expect(r.body.toString('utf8')).toBe('{"ok":true}');
    expect(r.truncated).toBe(false);
  });

  it('error mode: a declared length past the cap is refused before reading; so is a streamed one', async () => {
    await expect(send('/declared-large')).rejects.toBeInstanceOf(UpstreamTooLargeError);
    const streamed = await send('/streamed-large').catch((e: unknown) => e);
    expect(streamed).toBeInstanceOf(UpstreamTooLargeError);
    expect((streamed as UpstreamTooLargeError).limit).toBe(1024);
  });

  it('the cap can depend on the headers', async () => {
    const r = await send('/declared-large', {
      maxBytes: (h) => (h.get('content-type') === 'text/plain' ? 10_000 : 10),
    });
    expect(r.body.length).toBe(5000);
  });

  it('truncate mode: the first maxBytes, and the rest is not read (the connection is dropped)', async () => {
    const r = await send('/streamed-large', { overflow: 'truncate' });
    expect(r.status).toBe(200);
    expect(r.truncated).toBe(true);
    expect(r.body.length).toBe(1024);
    expect(r.body.toString()).toBe('y'.repeat(1024));
    await expect.poll(() => closedEarly.get('/streamed-large')).toBe(true);
  });

  it('a body cut short: truncate mode keeps the status and what came; error mode fails as a body failure', async () => {
    const kept = await send('/cut-short', { overflow: 'truncate' });
    expect(kept.status).toBe(503);
    expect(kept.truncated).toBe(true);
    expect(kept.body.toString()).toBe('partial');
    const failed = await send('/cut-short').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(failedReadingBody(failed)).toBe(true);
  });

  it('the deadline: before the status line a TimeoutError; after it a body failure', async () => {
    const head = await send('/slow-head', { timeoutMs: 300 }).catch((e: unknown) => e);
    expect((head as Error).name).toBe('TimeoutError');
    expect(failedReadingBody(head)).toBe(false);
    const body = await send('/slow-body', { timeoutMs: 300 }).catch((e: unknown) => e);
    expect((body as Error).name).toBe('TimeoutError');
    expect(failedReadingBody(body)).toBe(true);
  });

  it('goes through the guard: loopback refused unless insecure URLs are allowed', async () => {
    await expect(send('/json', { allowInsecure: false, requireHttps: false })).rejects.toBeInstanceOf(
      OutboundBlockedError,
    );
  });
});
