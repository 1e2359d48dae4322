/**
 * Junction's process: the v3 API, served straight from node:http (the hot path, no page
 * rendering in the way), and the Next.js dashboard for everything else. With the embedded
 * database it also runs the background jobs; JUNCTION_ROLE=web leaves those to `npm run worker`.
 */
import http from 'node:http';
import { serveNode } from './lib/api/node-adapter';
import { getRuntime, setRole, type Role } from './lib/runtime';
import { health } from './lib/services/health';
import { log } from './lib/log';
import { installProcessGuards } from './lib/process-guards';

installProcessGuards();

const dev = process.argv.includes('--dev');
const role = (process.env.JUNCTION_ROLE as Role | undefined) ?? 'all';
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '0.0.0.0';
process.env.NEXT_TELEMETRY_DISABLED = '1';

async function main() {
  const t0 = performance.now();
  setRole(role);
  // Open the database while the API's modules load: the two overlap.
  const [rt, { apiRouter }] = await Promise.all([getRuntime(), import('./lib/api/routes')]);
  const router = apiRouter();
  const base = rt.config.publicUrl;

  // JUNCTION_DASHBOARD=off serves the API alone (API-only deployments, and the API test suites).
  const dashboard = process.env.JUNCTION_DASHBOARD !== 'off';
  // Next.js is loaded only when the dashboard is on: it is a large module graph the API doesn't need.
  const app = dashboard ? (await import('next')).default({ dev, hostname: new URL(base).hostname, port, dir: process.cwd() }) : undefined;
  const ready = app
    ? app.prepare().then(() => app.getRequestHandler())
    : Promise.reject(new Error('dashboard disabled'));
  ready.catch((err) => { if (app) log.error({ err }, 'dashboard failed to start'); });

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/v3.1/') || url.startsWith('/api/v3.1?') || url === '/api/v3.1') {
      void serveNode(router, req, res, '/api/v3.1'.length, base);
    } else if (url.startsWith('/api/v3/') || url.startsWith('/api/v3?') || url === '/api/v3') {
      void serveNode(router, req, res, '/api/v3'.length, base);
    } else if (url === '/api/health' || url.startsWith('/api/health?')) {
      void health().then((h) => {
        res.writeHead(h.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(h.body));
      });
    } else {
      ready.then((handle) => handle(req, res)).catch(() => {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('dashboard unavailable');
      });
    }
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => {
    log.info({ port, database: rt.database.engine, role, ms: Math.round(performance.now() - t0) }, 'Junction API listening');
    if (rt.bootstrap) {
      // Shown once, on the start that created them: they are stored only as hashes.
      process.stdout.write(
        `\n  Junction is ready on ${base}\n\n` +
          `  Project API key (x-api-key):        ${rt.bootstrap.projectKey}\n` +
          `  Organization key (x-org-api-key):   ${rt.bootstrap.orgKey}\n\n` +
          '  These keys are shown only now. Store them somewhere safe.\n\n',
      );
    }
  });
  // The tool search index over the whole catalog is built once the API is up, off the start path.
  if (role !== 'worker') setTimeout(() => void import('./lib/services/search/index').then((m) => m.warmToolIndex()), 200).unref();
  ready.then(() => log.info({ ms: Math.round(performance.now() - t0) }, 'dashboard ready'), () => {});

  const stop = async () => {
    server.close();
    await rt.stop().catch(() => {});
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
