import 'server-only';
import { headers } from 'next/headers';
import { getRuntime } from '../runtime';
import { recordAudit, type AuditOutcome } from '../services/audit/record';
import { CLIENT_IP_HEADER } from '../net/client-ip';
import { log } from '../log';

/** The client address server.ts determined for this request (a client-sent value is overwritten there). */
export async function requestIp(): Promise<string | null> {
  try {
    return (await headers()).get(CLIENT_IP_HEADER) ?? null;
  } catch {
    return null; // outside a request
  }
}

/**
 * Sensitive dashboard actions (sign-ins, setup, revealing secrets, connection changes) go to the
 * service's audit log, under the instance's organization, and to the process log.
 */
export async function audit(
  actor: string,
  action: string,
  target?: string,
  connectionId?: string,
  outcome: AuditOutcome = 'success',
  detail: Record<string, string> = {},
) {
  const rt = await getRuntime();
  const ip = await requestIp();
  await recordAudit(rt.db, {
    actorType: 'admin',
    actor,
    action,
    target,
    outcome,
    ip,
    detail: { ...(connectionId ? { connection_id: connectionId } : {}), ...detail },
  });
  log.info({ actor, action, target, connectionId, outcome }, 'dashboard audit');
}
