import { resolveCaller, type AuthContext, type AuthMode } from '../services/tenancy/caller';
import type { Runtime } from '../runtime';
import { CLIENT_IP_HEADER } from '../net/client-ip';

export type { AuthContext, AuthMode } from '../services/tenancy/caller';

type Headers = { header(name: string): string | undefined };

/** Who called, as the audit log records it: the key's hint and the client's address. */
export function auditActor(auth: AuthContext, req: Headers) {
  return {
    orgId: auth.orgId,
    projectId: auth.projectId || null,
    actor: auth.keyHint || 'anonymous',
    ip: req.header(CLIENT_IP_HEADER) ?? null,
  };
}

/** Reads the key headers; who they belong to is the tenancy service's question. */
export function authenticate(rt: Runtime, mode: AuthMode, req: Headers): Promise<AuthContext> {
  return resolveCaller(rt, mode, {
    orgKey: req.header('x-org-api-key'),
    projectKey: req.header('x-api-key'),
    userKey: req.header('x-user-api-key'),
    projectId: req.header('x-project-id'),
    orgId: req.header('x-org-id'),
    clientIp: req.header(CLIENT_IP_HEADER),
  });
}
