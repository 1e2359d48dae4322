/**
 * Junction's process: the v3 API, served straight from node:http (the hot path, no page
 * rendering in the way), and the Next.js dashboard for everything else. With the embedded
 * database it also runs the background jobs; JUNCTION_ROLE=web leaves those to `npm run worker`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { serveNode } from './lib/api/node-adapter';
import { capIncoming } from './lib/api/body-reader';
import { nextBodyCap } from './lib/dashboard/body-caps';
import { errors, toEnvelope } from './lib/contract/errors';
import { canonicalTarget } from './lib/net/request-target';
import { serveLogo } from './lib/api/static-logos';
import { getRuntime, setRole, type Role } from './lib/boot/runtime';
import { health, liveness, readiness } from './lib/services/health';
import { log } from './lib/log';
import { installProcessGuards } from './lib/process-guards';
import { config } from './lib/config';
import { observeHttp, serveMetrics, startMetrics } from './lib/metrics';
import { installGracefulShutdown } from './lib/shutdown';
import { CLIENT_IP_HEADER, clientIp } from './lib/net/client-ip';
import { hstsHeader, pageSecurityHeaders } from './lib/net/security-headers';

installProcessGuards();

const dev = process.argv.includes('--dev');
const role = (process.env.JUNCTION_ROLE as Role | undefined) ?? 'all';
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '0.0.0.0';
process.env.NEXT_TELEMETRY_DISABLED = '1';

async function main() {
  const t0 = performance.now();
  // Tracing first, so the modules it instruments are patched before use; never loaded when off.
  if (config().otlpEndpoint) await (await import('./lib/telemetry')).startTracing('junction');
  setRole(role);
  // Open the database while the API's modules load: the two overlap.
  const [rt, { apiRouter }] = await Promise.all([getRuntime(), import('./lib/api/routes')]);
  const router = apiRouter();
  // MCP authorization: OAuth metadata (/.well-known/*) and endpoints (/oauth/*), with or without the dashboard
  const { isOAuthServerPath, serveOAuthServer } = await import('./lib/api/routes/mcp-oauth-server');
  const base = rt.config.publicUrl;

  // JUNCTION_DASHBOARD=off serves the API alone (API-only deployments, and the API test suites).
  const dashboard = process.env.JUNCTION_DASHBOARD !== 'off';
  // Next.js is loaded only when the dashboard is on: it is a large module graph the API doesn't need.
  const app = dashboard
    ? (await import('next')).default({ dev, hostname: new URL(base).hostname, port, dir: process.cwd() })
    : undefined;
  const ready = app
    ? app.prepare().then(() => app.getRequestHandler())
    : Promise.reject(new Error('dashboard disabled'));
  ready.catch((err) => {
    if (app) log.error({ err }, 'dashboard failed to start');
  });

  const hsts = hstsHeader(base);
  const server = http.createServer((req, res) => {
    // The one place the client's address is decided; a value the client sent under this name is replaced.
    req.headers[CLIENT_IP_HEADER] = clientIp(req, rt.config.trustProxy);
    if (hsts) res.setHeader('strict-transport-security', hsts);
    // Routed on the canonical path, handed on as it: `/x/../api/v3/…` is `/api/v3/…` for everyone.
    const url = canonicalTarget(req.url ?? '/');
    req.url = url;
    observeHttp(req, res);
    if (url.startsWith('/api/v3.1/') || url.startsWith('/api/v3.1?') || url === '/api/v3.1') {
      void serveNode(router, req, res, '/api/v3.1'.length, base);
    } else if (url.startsWith('/api/v3/') || url.startsWith('/api/v3?') || url === '/api/v3') {
      void serveNode(router, req, res, '/api/v3'.length, base);
    } else if (!app && url.startsWith('/logos/')) {
      serveLogo(req, res);
    } else if (isOAuthServerPath(url)) {
      void serveOAuthServer(req, res, base);
    } else if (url === '/metrics' || url.startsWith('/metrics?')) {
      void serveMetrics(req, res, rt.config.metricsToken);
    } else if (/^\/api\/health\/(live|ready)(\?|$)/.test(url)) {
      void (
        url.startsWith('/api/health/live') ? Promise.resolve(liveness()) : readiness({ draining: shutdown.draining })
      ).then((h) => {
        res.writeHead(h.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(h.body));
      });
    } else if (url === '/api/health' || url.startsWith('/api/health?')) {
      void health().then((h) => {
        res.writeHead(h.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(h.body));
      });
    } else {
      // Everything Next.js serves: no framing, no sniffing, a Referer policy (pages add their CSP in proxy.ts).
      const pathname = url.split('?')[0] ?? '/';
      for (const [k, v] of Object.entries(pageSecurityHeaders(pathname))) res.setHeader(k, v);
      // Next.js reads some bodies whole before any code of ours runs (next-auth, server actions): capped here.
      const cap = nextBodyCap(pathname);
      const tooLarge = () =>
        JSON.stringify(toEnvelope(errors.payloadTooLarge(cap), `req_${randomUUID().replaceAll('-', '')}`));
      if (!capIncoming(req, res, cap, tooLarge)) return;
      ready
        .then((handle) => handle(req, res))
        .catch(() => {
          res.writeHead(503, { 'content-type': 'text/plain' });
          res.end('dashboard unavailable');
        });
    }
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    log.info(
      { port, database: rt.database.engine, role, ms: Math.round(performance.now() - t0) },
      'Junction API listening',
    );
    // Shown once, on the start that created them: keys and setup token are stored only as hashes.
    const setupToken = rt.setup?.token
      ? `  Dashboard setup token:              ${rt.setup.token}\n` +
        `  Open ${base}/setup and enter it to create the first admin (it works once).\n\n`
      : '';
    if (rt.bootstrap) {
      process.stdout.write(
        `\n  Junction is ready on ${base}\n\n` +
          `  Project API key (x-api-key):        ${rt.bootstrap.projectKey}\n` +
          `  Organization key (x-org-api-key):   ${rt.bootstrap.orgKey}\n\n` +
          setupToken +
          '  These are shown only now. Store them somewhere safe.\n\n',
      );
    } else {
      // Every later start says where it is too, in the same words as the first one.
      let more = '';
      if (setupToken) more = `${setupToken}  It is shown only now.\n\n`;
      else if (rt.setup?.pending && !rt.setup.pinned)
        more =
          '  No dashboard admin yet. /setup asks for the setup token printed on the first start;\n  `npm run cli -- setup-token` makes a new one.\n\n';
      process.stdout.write(`\n  Junction is ready on ${base}\n\n${more}`);
    }
  });
  // The tool search index is lazy (the tool router's first use builds it); JUNCTION_SEARCH_WARM=1 builds it now.
  if (role !== 'worker')
    setTimeout(() => void import('./lib/services/search/index').then((m) => m.warmToolIndexAtStart()), 200).unref();
  ready.then(
    () => log.info({ ms: Math.round(performance.now() - t0) }, 'dashboard ready'),
    () => {},
  );

  // Metrics are kept from now on; prom-client itself loads a moment later, off the first requests.
  startMetrics(250);
  void import('./lib/services/ops/runtime-metrics').then((m) => m.registerRuntimeGauges(rt));
  const shutdown = installGracefulShutdown({
    server,
    timeoutMs: rt.config.shutdownTimeoutMs,
    stopWork: async (graceMs) => {
      // execution logs are written behind the response: the last ones go out before the database closes
      await rt.stop({
        graceMs,
        beforeClose: async () => (await import('./lib/services/logs/tool-logs')).flushToolLogs(),
      });
      await (await import('./lib/telemetry')).stopTracing();
    },
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
