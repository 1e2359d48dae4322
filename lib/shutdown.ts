import type http from 'node:http';
import { log } from './log';

/**
 * Graceful shutdown on SIGTERM and SIGINT: stop accepting connections, let requests in flight
 * finish (each answered with `Connection: close`, idle keep-alive connections closed), then stop
 * the background work (jobs in progress finish) and the database, and exit 0. Whatever is still
 * running after `timeoutMs` is cut off and the process exits 1: a stuck request or job never
 * keeps a stopped process alive.
 */
export function installGracefulShutdown(opts: {
  server?: http.Server;
  timeoutMs: number;
  stopWork: (remainingMs: number) => Promise<void>;
}) {
  const state = { draining: false };
  const { server, timeoutMs } = opts;
  server?.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!state.draining) return;
    res.shouldKeepAlive = false;
    res.once('finish', () => server.closeIdleConnections());
  });
  const stop = async (signal: string) => {
    if (state.draining) return;
    state.draining = true;
    const started = Date.now();
    log.info({ signal, timeout_ms: timeoutMs }, 'shutting down: finishing requests and jobs in progress');
    const force = setTimeout(() => {
      log.warn({ timeout_ms: timeoutMs }, 'shutdown timed out: exiting with work still in progress');
      server?.closeAllConnections();
      process.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      if (server) {
        // Keep-alive connections of requests that were in flight become idle once answered: close them then.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        clearInterval(sweep);
      }
      await opts.stopWork(Math.max(0, timeoutMs - (Date.now() - started)));
    } catch (err) {
      log.error({ err }, 'error while shutting down');
    }
    clearTimeout(force);
    log.info({ ms: Date.now() - started }, 'stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return state;
}
