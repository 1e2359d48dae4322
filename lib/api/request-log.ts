import { hostname } from 'node:os';
import { config } from '../config';
import { log, requestLogDestination } from '../log';
import type { ApiRequest } from './router';

let on: boolean | undefined;

/** Whether a request line is written: JUNCTION_REQUEST_LOG is not `off` and the level lets info through. */
export function requestLogOn(): boolean {
  on ??= config().requestLog && log.isLevelEnabled('info');
  return on;
}

// The members every line of this process shares, in the order and spelling of the service's other
// JSON lines (pino's: level 30 is info), so one log pipeline parses both.
const PROCESS_MEMBERS = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * One line per API request. Only what identifies and measures it: the id the caller can quote (also
 * the `x-request-id` answer header), the route template (never the path, whose ids and slugs vary, nor
 * the query, whose values may hold secrets), the status, the time taken, the project and the key's
 * display hint. No header, body or credential is ever passed here. Values that come from outside
 * (the caller's request id) or could hold quotes are JSON-encoded.
 */
export function logRequest(req: ApiRequest, status: number, ms: number): void {
  const route = req.route ?? 'unmatched';
  const rounded = Math.round(ms * 100) / 100;
  if (!requestLogDestination) {
    // A terminal gets one line per request, like an access log: pino-pretty would spread the fields
    // over one line each. The caller's request id is the only outside value; it is quoted.
    log.info(
      `${req.method} ${route} ${status} ${rounded} ms req_id=${JSON.stringify(req.requestId)}${req.projectId ? ` project=${req.projectId}` : ''}${req.keyHint ? ` key=${req.keyHint}` : ''}`,
    );
    return;
  }
  // The method passed node's parser (a token), the route is a template of our own table and project ids
  // are generated here: none can hold a quote or a control character. The request id is the caller's
  // and a key's hint is cut from the key (which an operator may have chosen), so those two are encoded.
  let line = `{"level":30,"time":${Date.now()}${PROCESS_MEMBERS},"req_id":${JSON.stringify(req.requestId)},"method":"${req.method}","route":"${route}","status":${status},"ms":${rounded}`;
  if (req.projectId) line += `,"project":"${req.projectId}"`;
  if (req.keyHint) line += `,"key":${JSON.stringify(req.keyHint)}`;
  pending += `${line},"msg":"request"}\n`;
  if (pending.length >= FLUSH_AT_CHARS) flush();
  else flushTimer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
}

// Lines leave in batches: at a few answers per turn of the event loop, a write per turn cost about a
// tenth of a cached account read's CPU (on a 2-core machine, c=32), where composing the line costs
// little. A batch is written once it holds 16 KB or its first line is 50 ms old; the exit hook writes
// what is left when the process ends (a SIGKILL loses at most those 50 ms of lines, as any buffered
// log would).
const FLUSH_AT_CHARS = 16 * 1024;
const FLUSH_AFTER_MS = 50;
let pending = '';
let flushTimer: NodeJS.Timeout | undefined;
function flush(): void {
  if (flushTimer) {
    clearTimeout(flushTimer);
    flushTimer = undefined;
  }
  if (!pending || !requestLogDestination) return;
  const out = pending;
  pending = '';
  requestLogDestination.write(out);
}
process.once('exit', flush);
