import { config } from '../config';
import { requestLog } from '../log';
import type { ApiRequest } from './router';

let on: boolean | undefined;

/** Whether a request line is written: JUNCTION_REQUEST_LOG is not `off` and the level lets info through. */
export function requestLogOn(): boolean {
  on ??= config().requestLog && requestLog.isLevelEnabled('info');
  return on;
}

/**
 * One line per API request. Only what identifies and measures it: the id the caller can quote (also
 * the `x-request-id` answer header), the route template (never the path, whose ids and slugs vary, nor
 * the query, whose values may hold secrets), the status, the time taken, the project and the key's
 * display hint. No header, body or credential is ever passed here.
 */
export function logRequest(req: ApiRequest, status: number, ms: number): void {
  requestLog.info(
    {
      req_id: req.requestId,
      method: req.method,
      route: req.route ?? 'unmatched',
      status,
      ms: Math.round(ms * 100) / 100,
      ...(req.projectId ? { project: req.projectId } : {}),
      ...(req.keyHint ? { key: req.keyHint } : {}),
    },
    'request',
  );
}
