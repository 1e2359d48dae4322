import 'server-only';
import { headers } from 'next/headers';
import { getRuntime } from '../runtime';
import { limitIp } from '../api/rate-limit';
import { recordAudit } from '../services/audit/record';
import { CLIENT_IP_HEADER } from '../net/client-ip';

/** server.ts stamps the client's address on every request (replacing any client-sent value). */
const requestAddress = (h: Headers) => h.get(CLIENT_IP_HEADER)?.trim() || 'unknown';

/**
 * First-run setup is reachable by anyone until an admin exists: attempts are limited per client
 * address (JUNCTION_RATE_LIMIT_IP_PER_MINUTE, its own bucket) and every outcome is audited.
 * Returns a message when this address must wait.
 */
export async function setupAttemptRefused(): Promise<string | undefined> {
  const rt = await getRuntime();
  const d = await limitIp(rt, requestAddress(await headers()), 'setup');
  return d.ok ? undefined : `Too many setup attempts from this address. Try again in ${d.retryAfterSeconds} seconds.`;
}

export async function auditSetup(email: string, ok: boolean, reason?: string) {
  const rt = await getRuntime();
  const ip = requestAddress(await headers());
  await recordAudit(rt.db, {
    actorType: ok ? 'admin' : 'anonymous',
    actor: email.slice(0, 254),
    action: 'dashboard.setup',
    target: email.slice(0, 254),
    outcome: ok ? 'success' : 'failure',
    ip: ip === 'unknown' ? null : ip,
    detail: reason ? { reason } : {},
  });
}
