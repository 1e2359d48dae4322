import { MAX_BODY, type ApiRequest, type Router } from './router';
import { cappedWebRequest, readWebCapped } from './body-reader';
import { logRequest, requestLogOn } from './request-log';

/** Serve the API from a Next.js route handler (used when Next.js serves the request itself). */
export function webRequest(req: Request, prefix: string): ApiRequest {
  const url = new URL(req.url);
  let buf: Promise<Buffer> | undefined;
  const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
  const api: ApiRequest = {
    method: req.method,
    path: path || '/',
    apiVersion: prefix === '/api/v3.1' ? 'v3.1' : 'v3',
    search: url.searchParams,
    header: (name) => req.headers.get(name) ?? undefined,
    body: () => (buf ??= readWebCapped(req, api.maxBody ?? MAX_BODY)),
    url: req.url,
    // raw routes stream the body themselves: the same cap, applied to the stream
    toWebRequest: async () => cappedWebRequest(req, api.maxBody ?? MAX_BODY),
  };
  return api;
}

/** The API when a request reaches Next.js' route handlers instead of server.ts' handler: the same router and request line. */
export async function serveWeb(router: Router, req: Request, prefix: string): Promise<Response> {
  const t0 = performance.now();
  const api = webRequest(req, prefix);
  const out = await router.handle(api);
  if (requestLogOn()) logRequest(api, out.web?.status ?? out.status, performance.now() - t0);
  if (out.web) {
    const headers = new Headers(out.web.headers);
    for (const [k, v] of Object.entries(out.headers)) headers.set(k, v);
    return new Response(out.web.body, { status: out.web.status, headers });
  }
  return new Response(
    out.body === undefined ? null : new Uint8Array(typeof out.body === 'string' ? Buffer.from(out.body) : out.body),
    {
      status: out.status,
      headers: out.headers,
    },
  );
}
