import { isDatabaseUnavailable } from './net/database-unreachable';
import { log } from './log';

/**
 * A long-running service must not die of one stray rejection (a batched log write when the
 * database restarts, say): such errors are logged and the process keeps serving. Errors that
 * escape as exceptions are fatal unless they are a lost database connection, which the pools
 * and pg-boss recover from by reconnecting.
 */
export function installProcessGuards() {
  process.on('unhandledRejection', (err) => {
    log.error({ err }, 'unhandled rejection');
  });
  process.on('uncaughtException', (err) => {
    if (isDatabaseUnavailable(err)) {
      log.error({ err }, 'database connection lost; reconnecting');
      return;
    }
    log.fatal({ err }, 'uncaught exception');
    process.exit(1);
  });
}
