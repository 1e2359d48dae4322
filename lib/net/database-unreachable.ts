/**
 * Whether an error means PostgreSQL cannot be reached right now (it is restarting, shutting down,
 * refusing connections, or the pool gave up waiting for one), as opposed to a query that is wrong.
 * The API answers those with 503 and Retry-After instead of 500, and the process guard keeps the
 * process alive on them: the pool reconnects on its own once the server is back.
 */
export const CONNECTION_LOST_CODES = new Set([
  '57P01', // admin_shutdown: the server is stopping (pg_ctl stop -m fast)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

// node-postgres raises these as plain Errors, without a code.
const LOST_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  // drizzle wraps the driver's error (DrizzleQueryError.cause); follow a few links of the chain
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
  }
  return false;
}
