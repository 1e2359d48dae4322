import pino from 'pino';
import { config } from './config';

/**
 * One logger for the service. Redaction is a second line of defence: services never
 * pass secrets to the logger, but if a header or credential object slips in, it is censored.
 */
export const log = pino({
  level: config().logLevel,
  // Readable lines in a terminal; JSON for log collectors (stdout not a TTY, or LOG_FORMAT=json).
  // pino-pretty runs in pino's transport thread, and only when asked for.
  ...(config().logFormat === 'pretty'
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }
    : {}),
  redact: {
    paths: [
      'headers["x-api-key"]',
      'headers["x-user-api-key"]',
      'headers["x-org-api-key"]',
      'headers.authorization',
      '*.api_key',
      '*.access_token',
      '*.refresh_token',
      '*.client_secret',
      '*.password',
      '*.token',
      '*.secret',
    ],
    censor: '[redacted]',
  },
});

/**
 * Where the request log's JSON lines go (lib/api/request-log.ts): standard output, written at once,
 * as `log` writes it. The request log composes its own lines instead of going through a logger: its
 * fields are fixed (ids, route template, status, timing, key hint), so neither redaction nor pino's
 * generic serialisation has anything to do, and together they cost several times the write itself,
 * once per API request. In a terminal (pretty format) request lines go through `log` instead.
 */
export const requestLogDestination: { write(line: string): unknown } | undefined =
  config().logFormat === 'pretty' ? undefined : pino.destination({ dest: 1, sync: true });
