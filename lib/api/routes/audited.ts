import { auditByKey, type AuditInput } from '../../services/audit/record';
import { auditActor, type AuthContext } from '../auth';
import type { ApiRequest } from '../router';
import type { Runtime } from '../../runtime';

/**
 * Record a change made through the API in the audit log and hand the result on: the caller's key
 * hint and address, the action and its target. Only ids and names go in, never request bodies.
 */
export async function recorded<R>(
  ctx: { rt: Runtime; auth: AuthContext; req: ApiRequest },
  action: string,
  result: R,
  target: string | ((r: R) => string | null),
  detail?: AuditInput['detail'],
): Promise<R> {
  const t = typeof target === 'function' ? target(result) : target;
  await auditByKey(ctx.rt.db, auditActor(ctx.auth, ctx.req), action, t, 'success', detail);
  return result;
}
