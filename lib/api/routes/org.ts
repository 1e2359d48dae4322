import { z } from 'zod';
import { route, type Ctx } from '../router';
type AnyCtx = Ctx<unknown, unknown, unknown>;
import * as c from '../../contract/org';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  regenerateProjectKey,
} from '../../services/tenancy/projects';
import { issueKey, listProjectKeys, revokeKey, revokeLeakedKeys, revokeMemberKey } from '../../services/tenancy/keys';
import { addMember, listMembers } from '../../services/tenancy/members';
import { auditByKey } from '../../services/audit/record';
import { listAudit } from '../../services/audit/list';
import { isId, keyHint } from '../../crypto/ids';
import { auditActor } from '../auth';
import { CLIENT_IP_HEADER } from '../../net/client-ip';
import { errors, namedError } from '../../contract/errors';

const tag = 'Organization';
const keyId = (id: string) => {
  if (!isId('apiKey', id)) throw errors.invalidId('API key', id);
  return id;
};
const keyView = (k: Awaited<ReturnType<typeof listProjectKeys>>[number]) => ({
  id: k.id,
  name: k.name,
  hint: k.hint,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  permissions: k.permissions ?? null,
  allowed_ips: k.allowedIps ?? null,
  expires_at: k.expiresAt?.toISOString() ?? null,
});
/** A new project key's scope from the request body: permissions, allow-list and expiry (all optional). */
const keyScope = (body: z.infer<typeof c.NewKeyBody>) => ({
  permissions: body.permissions ?? null,
  allowedIps: body.allowed_ips ?? null,
  expiresAt: body.expires_at ? new Date(body.expires_at) : null,
});
const scopeView = (body: z.infer<typeof c.NewKeyBody>) => ({
  permissions: body.permissions ?? null,
  allowed_ips: body.allowed_ips ?? null,
  expires_at: body.expires_at ? new Date(body.expires_at).toISOString() : null,
});
const scopeDetail = (body: z.infer<typeof c.NewKeyBody>) => ({
  ...(body.permissions ? { permissions: Object.keys(body.permissions).join(',') || 'none' } : {}),
  ...(body.allowed_ips ? { allowed_ips: body.allowed_ips.length } : {}),
  ...(body.expires_at ? { expires_at: body.expires_at } : {}),
});
const projectId = (id: string) => {
  if (!isId('project', id)) throw errors.invalidId('project', id);
  return id;
};

export const orgRoutes = [
  route({
    method: 'GET',
    path: '/org/owner/project/list',
    tag,
    auth: 'org',
    summary: "List the organization's projects",
    response: c.ProjectList,
    handler: async ({ rt, auth }) => {
      const items = await listProjects(rt.db, auth.orgId);
      return { items, total_items: items.length };
    },
  }),
  route({
    method: 'POST',
    path: '/org/owner/project/new',
    tag,
    auth: 'org',
    summary: 'Create a project',
    status: 201,
    body: c.NewProjectBody,
    response: c.NewProjectResponse,
    noRetry: true,
    handler: ({ rt, auth, body }) => createProject(rt.db, auth.orgId, body.name, body.should_create_api_key ?? true),
  }),
  route({
    method: 'GET',
    path: '/org/owner/project/{id}',
    tag,
    auth: 'org',
    summary: 'Get a project',
    params: c.ProjectIdParams,
    response: c.Project,
    handler: ({ rt, auth, params }) => getProject(rt.db, auth.orgId, projectId(params.id)),
  }),
  route({
    method: 'DELETE',
    path: '/org/owner/project/{id}',
    tag,
    auth: 'org',
    summary: 'Delete a project and revoke its keys',
    params: c.ProjectIdParams,
    response: z.object({ success: z.boolean(), id: z.string() }),
    handler: ({ rt, auth, params }) => deleteProject(rt.db, auth.orgId, projectId(params.id)),
  }),
  route({
    method: 'POST',
    path: '/org/owner/project/{id}/regenerate_api_key',
    tag,
    auth: 'org',
    summary: "Revoke the project's keys and issue a new one",
    params: c.ProjectIdParams,
    response: c.RegenerateKeyResponse,
    noRetry: true,
    handler: ({ rt, auth, params }) => regenerateProjectKey(rt.db, auth.orgId, projectId(params.id)),
  }),
  route({
    method: 'POST',
    path: '/org/owner/members',
    tag,
    auth: 'org',
    extension: true,
    status: 201,
    noRetry: true,
    summary: 'Add a member and issue their personal key (x-user-api-key), shown once (extension)',
    body: z.object({ email: z.email() }),
    response: z.object({ id: z.string(), email: z.string(), user_api_key: z.string() }),
    handler: async ({ rt, auth, body, req }) => {
      const m = await addMember(rt.db, auth.orgId, body.email);
      await auditByKey(rt.db, auditActor(auth, req), 'member.create', m.id, 'success', {
        email: m.email,
        key_hint: keyHint(m.user_api_key),
      });
      return m;
    },
  }),
  route({
    method: 'GET',
    path: '/org/owner/members',
    tag,
    auth: 'org',
    extension: true,
    summary: "List the organization's members and their personal keys (hints only) (extension)",
    response: c.MemberList,
    handler: async ({ rt, auth }) => ({ items: await listMembers(rt.db, auth.orgId) }),
  }),
  route({
    method: 'DELETE',
    path: '/org/owner/members/{id}/api_keys/{key_id}',
    tag,
    auth: 'org',
    extension: true,
    summary: "Revoke a member's personal key (extension)",
    params: c.KeyIdParams,
    response: z.object({ success: z.boolean() }),
    handler: async ({ rt, auth, params, req }) => {
      if (!isId('member', params.id)) throw errors.invalidId('member', params.id);
      const hint = await revokeMemberKey(rt.db, auth.orgId, params.id, keyId(params.key_id));
      if (!hint) throw errors.notFound('API key', params.key_id);
      await auditByKey(rt.db, auditActor(auth, req), 'api_key.revoke', params.key_id, 'success', {
        kind: 'user',
        member_id: params.id,
        key_hint: hint,
      });
      return { success: true };
    },
  }),
  route({
    method: 'GET',
    path: '/org/owner/project/{id}/api_keys',
    tag,
    auth: 'org',
    extension: true,
    summary: "List a project's keys (hints only) (extension)",
    params: c.ProjectIdParams,
    response: c.KeyList,
    handler: async ({ rt, auth, params }) => {
      const p = await getProject(rt.db, auth.orgId, projectId(params.id));
      return { items: (await listProjectKeys(rt.db, p.id)).map(keyView) };
    },
  }),
  route({
    method: 'POST',
    path: '/org/owner/project/{id}/api_keys',
    tag,
    auth: 'org',
    extension: true,
    summary: 'Create a project key, shown once (extension)',
    status: 201,
    params: c.ProjectIdParams,
    body: c.NewKeyBody,
    response: c.NewKeyResponse,
    noRetry: true,
    handler: async ({ rt, auth, params, body, req }) => {
      const p = await getProject(rt.db, auth.orgId, projectId(params.id));
      const k = await issueKey(rt.db, {
        kind: 'project',
        orgId: auth.orgId,
        projectId: p.id,
        name: body.name,
        ...keyScope(body),
      });
      await auditByKey(rt.db, { ...auditActor(auth, req), projectId: p.id }, 'api_key.create', k.id, 'success', {
        kind: 'project',
        name: body.name,
        key_hint: keyHint(k.key),
        ...scopeDetail(body),
      });
      return { id: k.id, name: body.name, key: k.key, ...scopeView(body) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/org/owner/project/{id}/api_keys/{key_id}',
    tag,
    auth: 'org',
    extension: true,
    summary: 'Revoke a project key (extension)',
    params: c.KeyIdParams,
    response: z.object({ success: z.boolean() }),
    handler: async ({ rt, auth, params, req }) => {
      const p = await getProject(rt.db, auth.orgId, projectId(params.id));
      const hint = await revokeKey(rt.db, p.id, keyId(params.key_id));
      if (!hint) throw errors.notFound('API key', params.key_id);
      await auditByKey(
        rt.db,
        { ...auditActor(auth, req), projectId: p.id },
        'api_key.revoke',
        params.key_id,
        'success',
        { kind: 'project', key_hint: hint },
      );
      return { success: true };
    },
  }),
  route({
    method: 'GET',
    path: '/org/audit_log',
    tag,
    auth: 'org',
    extension: true,
    summary:
      "The organization's audit log, newest first: sign-ins, setup, secret reveals, key and secret changes (extension)",
    query: c.AuditLogQuery,
    response: c.AuditLogPage,
    handler: ({ rt, auth, query }) =>
      listAudit(rt.db, auth.orgId, {
        action: query.action,
        actor: query.actor,
        target: query.target,
        cursor: query.cursor,
        limit: query.limit,
        since: query.since ? new Date(query.since) : undefined,
        until: query.until ? new Date(query.until) : undefined,
      }),
  }),
  route({
    method: 'GET',
    path: '/org/project/current',
    tag,
    auth: 'project',
    extension: true,
    summary: 'The calling project and its keys (extension)',
    response: c.CurrentProject,
    handler: async ({ rt, auth }) => {
      const p = await getProject(rt.db, auth.orgId, auth.projectId);
      const keys = await listProjectKeys(rt.db, auth.projectId);
      return {
        id: p.id,
        name: p.name,
        org_id: p.org_id,
        api_keys: keys.map(keyView),
      };
    },
  }),
  route({
    method: 'POST',
    path: '/org/project/api_keys',
    tag,
    auth: 'project',
    extension: true,
    summary:
      'Create a project key, shown once; needs a member key (x-user-api-key with x-project-id), not a project key (extension)',
    status: 201,
    body: c.NewKeyBody,
    response: c.NewKeyResponse,
    noRetry: true,
    handler: async ({ rt, auth, body, req }) => {
      await requireMemberKey(rt, auth, req, 'api_key.create', null);
      const k = await issueKey(rt.db, {
        kind: 'project',
        orgId: auth.orgId,
        projectId: auth.projectId,
        name: body.name,
        ...keyScope(body),
      });
      await auditByKey(rt.db, auditActor(auth, req), 'api_key.create', k.id, 'success', {
        kind: 'project',
        name: body.name,
        key_hint: keyHint(k.key),
        ...scopeDetail(body),
      });
      return { id: k.id, name: body.name, key: k.key, ...scopeView(body) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/org/project/api_keys/{id}',
    tag,
    auth: 'project',
    extension: true,
    summary:
      'Revoke a project key; needs a member key (x-user-api-key with x-project-id), not a project key (extension)',
    params: z.object({ id: z.string() }),
    response: z.object({ success: z.boolean() }),
    handler: async ({ rt, auth, params, req }) => {
      keyId(params.id);
      await requireMemberKey(rt, auth, req, 'api_key.revoke', params.id);
      const hint = await revokeKey(rt.db, auth.projectId, params.id);
      if (!hint) throw errors.notFound('API key', params.id);
      await auditByKey(rt.db, auditActor(auth, req), 'api_key.revoke', params.id, 'success', {
        kind: 'project',
        key_hint: hint,
      });
      return { success: true };
    },
  }),
  route({
    method: 'POST',
    path: '/api_key_revocation',
    tag,
    auth: 'none',
    ipLimit: true,
    maxBody: 64 * 1024,
    summary: 'Report leaked API keys: any key listed is revoked at once; the answer never says whether one matched',
    body: c.KeyRevocationBody,
    response: c.KeyRevocationResponse,
    handler: async ({ rt, body, req }) => {
      const revoked = await rt.db.transaction((tx) => revokeLeakedKeys(tx, body.api_keys));
      for (const k of revoked) {
        await auditByKey(
          rt.db,
          { orgId: k.orgId, projectId: k.projectId, actor: 'leak report', ip: req.header(CLIENT_IP_HEADER) ?? null },
          'api_key.revoke',
          k.id,
          'success',
          { kind: k.kind, key_hint: k.hint, reason: 'reported_leaked' },
        );
      }
      return { received: true as const };
    },
  }),
];

/**
 * Project keys are minted and revoked by people (member keys) or the org owner, never by a project
 * key: a leaked project key must not be able to mint itself a successor or revoke the owner's keys.
 * The refused attempt is audited, since it is what a stolen key would try.
 */
async function requireMemberKey(
  rt: AnyCtx['rt'],
  auth: AnyCtx['auth'],
  req: AnyCtx['req'],
  action: string,
  target: string | null,
) {
  if (auth.via === 'user') return;
  await auditByKey(rt.db, auditActor(auth, req), action, target, 'failure', {
    reason: 'project key may not manage keys',
  });
  throw namedError('ApiKey_ProjectKeyCannotManageKeys', 'A project key cannot create or revoke API keys', {
    suggested_fix:
      'Use the organization key (POST/DELETE /api/v3/org/owner/project/{id}/api_keys) or a member key (x-user-api-key with x-project-id).',
  });
}
