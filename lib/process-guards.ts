import { log } from './log';

/**
 * A long-running service must not die of one stray rejection (a batched log write when the
 * database restarts, say): such errors are logged and the process keeps serving. Errors that
 * escape as exceptions are fatal unless they are a lost database connection, which the pools
 * and pg-boss recover from by reconnecting.
 */
const CONNECTION_LOST = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);

export function installProcessGuards() {
  process.on('unhandledRejection', (err) => {
    log.error({ err }, 'unhandled rejection');
  });
  process.on('uncaughtException', (err) => {
    const code = (err as { code?: string }).code;
    if (code && CONNECTION_LOST.has(code)) {
      log.error({ err }, 'database connection lost; reconnecting');
      return;
    }
    log.fatal({ err }, 'uncaught exception');
    process.exit(1);
  });
}
