import { z } from 'zod';
import { route } from '../router';
import * as c from '../../contract/org';
import { createProject, deleteProject, getProject, listProjects, regenerateProjectKey } from '../../services/tenancy/projects';
import { issueKey, listProjectKeys, revokeKey } from '../../services/tenancy/keys';
import { addMember } from '../../services/tenancy/members';
import { isId } from '../../crypto/ids';
import { errors } from '../errors';

const tag = 'Organization';
const projectId = (id: string) => {
  if (!isId('project', id)) throw errors.invalidId('project', id);
  return id;
};

export const orgRoutes = [
  route({
    method: 'GET', path: '/org/owner/project/list', tag, auth: 'org', summary: 'List the organization\'s projects',
    response: c.ProjectList,
    handler: async ({ rt, auth }) => {
      const items = await listProjects(rt.db, auth.orgId);
      return { items, total_items: items.length };
    },
  }),
  route({
    method: 'POST', path: '/org/owner/project/new', tag, auth: 'org', summary: 'Create a project', status: 201,
    body: c.NewProjectBody, response: c.NewProjectResponse, noRetry: true,
    handler: ({ rt, auth, body }) => createProject(rt.db, auth.orgId, body.name, body.should_create_api_key ?? true),
  }),
  route({
    method: 'GET', path: '/org/owner/project/{id}', tag, auth: 'org', summary: 'Get a project',
    params: c.ProjectIdParams, response: c.Project,
    handler: ({ rt, auth, params }) => getProject(rt.db, auth.orgId, projectId(params.id)),
  }),
  route({
    method: 'DELETE', path: '/org/owner/project/{id}', tag, auth: 'org', summary: 'Delete a project and revoke its keys',
    params: c.ProjectIdParams, response: z.object({ success: z.boolean(), id: z.string() }),
    handler: ({ rt, auth, params }) => deleteProject(rt.db, auth.orgId, projectId(params.id)),
  }),
  route({
    method: 'POST', path: '/org/owner/project/{id}/regenerate_api_key', tag, auth: 'org', summary: 'Revoke the project\'s keys and issue a new one',
    params: c.ProjectIdParams, response: c.RegenerateKeyResponse, noRetry: true,
    handler: ({ rt, auth, params }) => regenerateProjectKey(rt.db, auth.orgId, projectId(params.id)),
  }),
  route({
    method: 'POST', path: '/org/owner/members', tag, auth: 'org', extension: true, status: 201, noRetry: true,
    summary: 'Add a member and issue their personal key (x-user-api-key), shown once (extension)',
    body: z.object({ email: z.email() }), response: z.object({ id: z.string(), email: z.string(), user_api_key: z.string() }),
    handler: ({ rt, auth, body }) => addMember(rt.db, auth.orgId, body.email),
  }),
  route({
    method: 'GET', path: '/org/project/current', tag, auth: 'project', extension: true, summary: 'The calling project and its keys (extension)',
    response: c.CurrentProject,
    handler: async ({ rt, auth }) => {
      const p = await getProject(rt.db, auth.orgId, auth.projectId);
      const keys = await listProjectKeys(rt.db, auth.projectId);
      return {
        id: p.id, name: p.name, org_id: p.org_id,
        api_keys: keys.map((k) => ({ id: k.id, name: k.name, hint: k.hint, created_at: k.createdAt.toISOString(), last_used_at: k.lastUsedAt?.toISOString() ?? null })),
      };
    },
  }),
  route({
    method: 'POST', path: '/org/project/api_keys', tag, auth: 'project', extension: true, summary: 'Create a project key, shown once (extension)',
    status: 201, body: c.NewKeyBody, response: c.NewKeyResponse, noRetry: true,
    handler: async ({ rt, auth, body }) => {
      const k = await issueKey(rt.db, { kind: 'project', orgId: auth.orgId, projectId: auth.projectId, name: body.name });
      return { id: k.id, name: body.name, key: k.key };
    },
  }),
  route({
    method: 'DELETE', path: '/org/project/api_keys/{id}', tag, auth: 'project', extension: true, summary: 'Revoke a project key (extension)',
    params: z.object({ id: z.string() }), response: z.object({ success: z.boolean() }),
    handler: async ({ rt, auth, params }) => {
      if (!isId('apiKey', params.id)) throw errors.invalidId('API key', params.id);
      if (params.id === auth.keyId) throw errors.badRequest('A key cannot revoke itself', 'ApiKey_SelfRevoke', 'Revoke it with another key of this project.');
      if (!(await revokeKey(rt.db, auth.projectId, params.id))) throw errors.notFound('API key', params.id);
      return { success: true };
    },
  }),
];
