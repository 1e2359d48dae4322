import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { MAX_BODY, type ApiRequest, type ApiResponse, type Router } from './router';
import { cappedBody } from './body-reader';
import { setRouteLabel } from '../metrics';
import { logRequest, requestLogOn } from './request-log';

/**
 * A path that WHATWG URL parsing would leave as it is: no dot segments (also percent-encoded), no
 * backslashes, nothing it escapes. Such paths (every id, slug and route of the API) skip building a
 * URL per request; any other goes through `new URL` and is read exactly as before.
 */
const PLAIN_PATH = /^\/[\w\-.~!$&'()*+,;=:@%/]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

/** Serve the API straight from node:http, without Next.js' render pipeline (the hot path). */
export function nodeRequest(req: IncomingMessage, prefixLength: number, baseUrl: string): ApiRequest {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const rawPath = q < 0 ? raw : raw.slice(0, q);
  let parsed: URL | undefined;
  const url = () => (parsed ??= new URL(raw, baseUrl));
  const plain = PLAIN_PATH.test(rawPath) && !DOT_SEGMENT.test(rawPath);
  const pathname = plain ? rawPath : url().pathname;
  const search = plain ? new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)) : url().searchParams;
  // created on first use: most requests (GETs) never read a body
  let capped: ReturnType<typeof cappedBody> | undefined;
  const reader = () => (capped ??= cappedBody(req));
  let bodyPromise: Promise<Buffer> | undefined;
  // the router sets maxBody from the route once the route and its caller are known
  const body = () => (bodyPromise ??= reader().read(api.maxBody ?? MAX_BODY));
  const api: ApiRequest = {
    method: req.method ?? 'GET',
    path: pathname.slice(prefixLength) || '/',
    apiVersion: pathname.slice(0, prefixLength) === '/api/v3.1' ? 'v3.1' : 'v3',
    search,
    header: (name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    },
    body,
    get url() {
      return url().toString();
    },
    toWebRequest: async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      // streamed: a raw route checks its caller before it reads, and reading stops at the cap
      const stream = !hasBody
        ? undefined
        : bodyPromise
          ? new Uint8Array(await bodyPromise)
          : reader().stream(api.maxBody ?? MAX_BODY);
      return new Request(url(), { method: req.method, headers, body: stream, duplex: 'half' } as RequestInit);
    },
  };
  return api;
}

export async function writeNodeResponse(res: ServerResponse, out: ApiResponse): Promise<void> {
  // A body left unread (refused before or past its cap) is not drained for keep-alive: the
  // connection closes once the answer is out.
  const closing = res.req ? !res.req.complete : false;
  if (out.web) {
    const headers: Record<string, string> = { ...out.headers };
    out.web.headers.forEach((v, k) => {
      headers[k] = v;
    });
    if (closing) headers.connection = 'close';
    res.writeHead(out.web.status, headers);
    if (out.web.body) {
      const stream = Readable.fromWeb(out.web.body as never);
      res.on('close', () => stream.destroy());
      stream.pipe(res);
    } else res.end();
    return;
  }
  const headers = closing ? { ...out.headers, connection: 'close' } : out.headers;
  // A known length instead of chunked framing: one buffer less per write, and clients can size it.
  if (out.body !== undefined && out.status !== 204 && out.status !== 304)
    headers['content-length'] = String(Buffer.byteLength(out.body));
  res.writeHead(out.status, headers);
  res.end(out.body);
}

export async function serveNode(
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  prefixLength: number,
  baseUrl: string,
) {
  const t0 = performance.now();
  const apiReq = nodeRequest(req, prefixLength, baseUrl);
  const out = await router.handle(apiReq);
  setRouteLabel(res, apiReq.route ?? 'unmatched');
  await writeNodeResponse(res, out);
  if (requestLogOn()) logRequest(apiReq, out.web?.status ?? out.status, performance.now() - t0);
}
