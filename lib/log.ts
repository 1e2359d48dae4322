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
 * The request log's writer (lib/api/request-log.ts): the same level, format and standard output as
 * `log`, without its redaction pass. Its lines hold only fixed fields (ids, route template, status,
 * timing, key hint), none of which a redaction path names, and the pass costs about as much as
 * writing the line, once per API request. In a terminal (pretty format) it is `log` itself, so there
 * is one formatting thread.
 */
export const requestLog: pino.Logger =
  config().logFormat === 'pretty' ? log : pino({ level: config().logLevel }, pino.destination({ dest: 1, sync: true }));
