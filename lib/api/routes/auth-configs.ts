import { route } from '../router';
import * as c from '../../contract/auth-configs';
import { createAuthConfig } from '../../services/auth-configs/create';
import { getAuthConfig, listAuthConfigs } from '../../services/auth-configs/read';
import { deleteAuthConfig, setAuthConfigStatus, updateAuthConfig } from '../../services/auth-configs/update';
import { z } from 'zod';

import { recorded } from './audited';

const tag = 'Auth configs';
const Ok = z.object({ success: z.boolean(), id: z.string() });

export const authConfigRoutes = [
  route({
    method: 'GET',
    path: '/auth_configs',
    tag,
    auth: 'project',
    summary: 'List auth configs',
    query: c.ListAuthConfigsQuery,
    response: c.AuthConfigList,
    handler: ({ rt, auth, query }) => listAuthConfigs(rt, auth.projectId, query),
  }),
  route({
    method: 'POST',
    path: '/auth_configs',
    tag,
    auth: 'project',
    summary: 'Create an auth config',
    status: 201,
    body: c.CreateAuthConfigBody,
    response: c.CreateAuthConfigResponse,
    noRetry: true,
    handler: async (ctx) =>
      recorded(
        ctx,
        'auth_config.create',
        await createAuthConfig(ctx.rt, ctx.auth.projectId, ctx.body),
        (r) => r.auth_config.id,
      ),
  }),
  route({
    method: 'GET',
    path: '/auth_configs/{nanoid}',
    tag,
    auth: 'project',
    summary: 'Get an auth config',
    params: c.AuthConfigId,
    response: c.AuthConfig,
    handler: ({ rt, auth, params }) => getAuthConfig(rt, auth.projectId, params.nanoid),
  }),
  route({
    method: 'PATCH',
    path: '/auth_configs/{nanoid}',
    tag,
    auth: 'project',
    summary: 'Update an auth config (merge)',
    params: c.AuthConfigId,
    body: c.UpdateAuthConfigBody,
    response: Ok,
    handler: async (ctx) =>
      recorded(
        ctx,
        'auth_config.update',
        await updateAuthConfig(ctx.rt, ctx.auth.projectId, ctx.params.nanoid, ctx.body),
        ctx.params.nanoid,
      ),
  }),
  route({
    method: 'DELETE',
    path: '/auth_configs/{nanoid}',
    tag,
    auth: 'project',
    summary: 'Delete an auth config (soft)',
    params: c.AuthConfigId,
    response: Ok,
    handler: async (ctx) =>
      recorded(
        ctx,
        'auth_config.delete',
        await deleteAuthConfig(ctx.rt, ctx.auth.projectId, ctx.params.nanoid),
        ctx.params.nanoid,
      ),
  }),
  route({
    method: 'PATCH',
    path: '/auth_configs/{nanoid}/{status}',
    tag,
    auth: 'project',
    summary: 'Enable or disable an auth config',
    params: c.AuthConfigStatusParams,
    response: Ok.extend({ status: z.enum(['ENABLED', 'DISABLED']) }),
    handler: async (ctx) =>
      recorded(
        ctx,
        `auth_config.${ctx.params.status === 'ENABLED' ? 'enable' : 'disable'}`,
        await setAuthConfigStatus(ctx.rt, ctx.auth.projectId, ctx.params.nanoid, ctx.params.status),
        ctx.params.nanoid,
      ),
  }),
];
