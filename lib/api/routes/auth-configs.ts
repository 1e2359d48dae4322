import { route } from '../router';
import * as c from '../../contract/auth-configs';
import { createAuthConfig } from '../../services/auth-configs/create';
import { getAuthConfig, listAuthConfigs } from '../../services/auth-configs/read';
import { deleteAuthConfig, setAuthConfigStatus, updateAuthConfig } from '../../services/auth-configs/update';
import { z } from 'zod';

const tag = 'Auth configs';
const Ok = z.object({ success: z.boolean(), id: z.string() });

export const authConfigRoutes = [
  route({
    method: 'GET', path: '/auth_configs', tag, auth: 'project', summary: 'List auth configs',
    query: c.ListAuthConfigsQuery, response: c.AuthConfigList,
    handler: ({ rt, auth, query }) => listAuthConfigs(rt, auth.projectId, query),
  }),
  route({
    method: 'POST', path: '/auth_configs', tag, auth: 'project', summary: 'Create an auth config', status: 201,
    body: c.CreateAuthConfigBody, response: c.CreateAuthConfigResponse, noRetry: true,
    handler: ({ rt, auth, body }) => createAuthConfig(rt, auth.projectId, body),
  }),
  route({
    method: 'GET', path: '/auth_configs/{nanoid}', tag, auth: 'project', summary: 'Get an auth config',
    params: c.AuthConfigId, response: c.AuthConfig,
    handler: ({ rt, auth, params }) => getAuthConfig(rt, auth.projectId, params.nanoid),
  }),
  route({
    method: 'PATCH', path: '/auth_configs/{nanoid}', tag, auth: 'project', summary: 'Update an auth config (merge)',
    params: c.AuthConfigId, body: c.UpdateAuthConfigBody, response: Ok,
    handler: ({ rt, auth, params, body }) => updateAuthConfig(rt, auth.projectId, params.nanoid, body),
  }),
  route({
    method: 'DELETE', path: '/auth_configs/{nanoid}', tag, auth: 'project', summary: 'Delete an auth config (soft)',
    params: c.AuthConfigId, response: Ok,
    handler: ({ rt, auth, params }) => deleteAuthConfig(rt, auth.projectId, params.nanoid),
  }),
  route({
    method: 'PATCH', path: '/auth_configs/{nanoid}/{status}', tag, auth: 'project', summary: 'Enable or disable an auth config',
    params: c.AuthConfigStatusParams, response: Ok.extend({ status: z.enum(['ENABLED', 'DISABLED']) }),
    handler: ({ rt, auth, params }) => setAuthConfigStatus(rt, auth.projectId, params.nanoid, params.status),
  }),
];
