import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ApiRequest, ApiResponse, Router } from './router';

/** Serve the API straight from node:http, without Next.js' render pipeline (the hot path). */
export function nodeRequest(req: IncomingMessage, prefixLength: number, baseUrl: string): ApiRequest {
  const url = new URL(req.url ?? '/', baseUrl);
  let bodyPromise: Promise<Buffer> | undefined;
  const body = () =>
    (bodyPromise ??= new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= 11 * 1024 * 1024) chunks.push(c); // keep reading past the limit so the client gets our 413
      });
      req.on('end', () => resolve(Buffer.concat(chunks, Math.min(size, 11 * 1024 * 1024))));
      req.on('error', reject);
    }));
  return {
    method: req.method ?? 'GET',
    path: url.pathname.slice(prefixLength) || '/',
    search: url.searchParams,
    header: (name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    },
    body,
    url: url.toString(),
    toWebRequest: async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      return new Request(url, { method: req.method, headers, body: hasBody ? new Uint8Array(await body()) : undefined });
    },
  };
}

export async function writeNodeResponse(res: ServerResponse, out: ApiResponse): Promise<void> {
  if (out.web) {
    const headers: Record<string, string> = { ...out.headers };
    out.web.headers.forEach((v, k) => { headers[k] = v; });
    res.writeHead(out.web.status, headers);
    if (out.web.body) {
      const stream = Readable.fromWeb(out.web.body as never);
      res.on('close', () => stream.destroy());
      stream.pipe(res);
    } else res.end();
    return;
  }
  res.writeHead(out.status, out.headers);
  res.end(out.body);
}

export async function serveNode(router: Router, req: IncomingMessage, res: ServerResponse, prefixLength: number, baseUrl: string) {
  const out = await router.handle(nodeRequest(req, prefixLength, baseUrl));
  await writeNodeResponse(res, out);
}
