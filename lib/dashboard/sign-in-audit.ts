import 'server-only';
import { getRuntime } from '../runtime';
import { recordAudit } from '../services/audit/record';
import { log } from '../log';

/**
 * Dashboard sign-ins in the audit log: successes as the admin, failures as `anonymous` with the
 * email that was tried (so a guessing campaign shows up), never the password.
 */
export async function auditSignIn(
  email: string,
  ok: boolean,
  ip: string | null,
  how: 'password' | 'oidc',
  reason?: string,
  /** for a refused attempt, the bucket that refused it: `email` means the account is under a spread-out attack */
  lockedBy?: 'ip' | 'pair' | 'email',
) {
  const rt = await getRuntime();
  await recordAudit(rt.db, {
    actorType: ok ? 'admin' : 'anonymous',
    actor: email.slice(0, 254) || 'unknown',
    action: 'dashboard.sign_in',
    target: email.slice(0, 254) || null,
    outcome: ok ? 'success' : 'failure',
    ip: ip && ip !== 'unknown' ? ip : null,
    detail: { method: how, ...(reason ? { reason } : {}), ...(lockedBy ? { locked_by: lockedBy } : {}) },
  });
  if (!ok) log.info({ email, ip, reason, lockedBy }, 'dashboard: sign-in refused');
}
