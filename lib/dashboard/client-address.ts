import { CLIENT_IP_HEADER } from '../net/client-ip';

/**
 * The address a dashboard request came from, as server.ts stamped it (it replaces whatever the
 * client sent in that header). Requests that did not pass through server.ts have none.
 */
export function requestAddress(headers: Pick<Headers, 'get'>): string {
  return headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown';
}
