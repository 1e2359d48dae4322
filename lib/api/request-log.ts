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
  const fields = {
    req_id: req.requestId,
    method: req.method,
    route: req.route ?? 'unmatched',
    status,
    ms: Math.round(ms * 100) / 100,
    ...(req.projectId ? { project: req.projectId } : {}),
    ...(req.keyHint ? { key: req.keyHint } : {}),
  };
  if (!requestLogDestination) {
    // A terminal gets one line per request, like an access log: pino-pretty would spread the fields
    // over one line each. The caller's request id is the only outside value; it is quoted.
    log.info(
      `${fields.method} ${fields.route} ${status} ${fields.ms} ms req_id=${JSON.stringify(fields.req_id)}${fields.project ? ` project=${fields.project}` : ''}${fields.key ? ` key=${fields.key}` : ''}`,
    );
    return;
  }
  let line = `{"level":30,"time":${Date.now()}${PROCESS_MEMBERS},"req_id":${JSON.stringify(fields.req_id)},"method":${JSON.stringify(fields.method)},"route":${JSON.stringify(fields.route)},"status":${status},"ms":${fields.ms}`;
  if (fields.project) line += `,"project":${JSON.stringify(fields.project)}`;
  if (fields.key) line += `,"key":${JSON.stringify(fields.key)}`;
  pending += `${line},"msg":"request"}\n`;
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
}

// Lines of one turn of the event loop leave in one write: under load many answers go out per turn,
// and the write, not composing the line, is what a line costs. A line waits at most until the loop's
// next check phase; the exit hook writes what is left when the process ends (a SIGKILL loses the
// lines of that one turn).
let pending = '';
let flushScheduled = false;
function flush(): void {
  flushScheduled = false;
  if (!pending || !requestLogDestination) return;
  const out = pending;
  pending = '';
  requestLogDestination.write(out);
}
process.once('exit', flush);
