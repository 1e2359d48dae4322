import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server standing in for an upstream API (GitHub, Jira, …). Every request is
 * recorded; routes are `METHOD /path/with/:params` handlers; unknown routes answer 404 JSON.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json?: unknown;
}

export interface FakeReply {
  status?: number;
  json?: unknown;
  text?: string;
  body?: Buffer;
  headers?: Record<string, string>;
  /** wait this long before answering (timeouts) */
  delayMs?: number;
}

type Handler = (req: RecordedRequest, params: Record<string, string>) => FakeReply | Promise<FakeReply>;

export interface FakeUpstream {
  url: string;
  port: number;
  requests: RecordedRequest[];
  on(method: string, pattern: string, handler: Handler): void;
  last(): RecordedRequest | undefined;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(host = '127.0.0.1'): Promise<FakeUpstream> {
  const routes: { method: string; re: RegExp; names: string[]; handler: Handler }[] = [];
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks);
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body,
      };
      if (body.length && /json/.test(String(req.headers['content-type']))) {
        try {
          rec.json = JSON.parse(body.toString('utf8'));
        } catch {
          /* leave raw */
        }
      }
      requests.push(rec);
      let reply: FakeReply = { status: 404, json: { message: 'Not Found' } };
      for (const r of routes) {
        if (r.method !== rec.method) continue;
        const m = r.re.exec(u.pathname);
        if (!m) continue;
        const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
        try {
          reply = await r.handler(rec, params);
        } catch (e) {
          reply = { status: 500, json: { message: (e as Error).message } };
        }
        break;
      }
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      const headers: Record<string, string> = { ...(reply.headers ?? {}) };
      let out: Buffer;
      if (reply.body) out = reply.body;
      else if (reply.text !== undefined) {
        out = Buffer.from(reply.text);
        headers['content-type'] ??= 'text/plain; charset=utf-8';
      } else if (reply.json !== undefined) {
        out = Buffer.from(JSON.stringify(reply.json));
        headers['content-type'] ??= 'application/json; charset=utf-8';
      } else out = Buffer.alloc(0);
      headers['content-length'] = String(out.length);
      res.writeHead(reply.status ?? 200, headers);
      res.end(out);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    on(method, pattern, handler) {
      const names: string[] = [];
      const re = new RegExp(
        `^${pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, n: string) => {
          names.push(n);
          return '([^/]+)';
        })}$`,
      );
      routes.unshift({ method: method.toUpperCase(), re, names, handler });
    },
    last: () => requests[requests.length - 1],
    reset() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fake GitHub answering the real paths the catalog's GitHub tools call. */
export async function startFakeGitHub(opts: { token?: string } = {}): Promise<FakeUpstream & { issues: unknown[] }> {
  const up = await startFakeUpstream();
  const issues: unknown[] = [];
  const authed = (r: RecordedRequest) => !opts.token || r.headers.authorization === `Bearer ${opts.token}`;
  const unauthorized = {
    status: 401,
    json: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' },
  };
  up.on('GET', '/user', (r) => (authed(r) ? { json: { login: 'octocat', id: 1, type: 'User' } } : unauthorized));
  up.on('POST', '/repos/:owner/:repo/issues', (r, p) => {
    if (!authed(r)) return unauthorized;
    const body = r.json as { title?: unknown; body?: string; labels?: string[] };
    if (!body?.title)
      return {
        status: 422,
        json: { message: 'Validation Failed', errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }] },
      };
    const issue = {
      id: issues.length + 1,
      number: issues.length + 1,
      title: body.title,
      body: body.body ?? null,
      labels: body.labels ?? [],
      repository_url: `https://api.github.com/repos/${p.owner}/${p.repo}`,
    };
    issues.push(issue);
    return { status: 201, json: issue };
  });
  up.on('GET', '/repos/:owner/:repo/issues', (r) => (authed(r) ? { json: issues } : unauthorized));
  return Object.assign(up, { issues });
}
