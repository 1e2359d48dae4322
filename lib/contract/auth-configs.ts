import { z } from 'zod';
import { qBool, qInt } from './query';
import { AuthScheme, ListEnvelope } from './common';

const Scopes = z.union([z.string(), z.array(z.string())]);
const ToolAccessConfig = z.object({
  tools_available_for_execution: z.array(z.string()).optional(),
  tools_for_connected_account_creation: z.array(z.string()).optional(),
});
const ProxyConfig = z.object({ proxy_url: z.url(), proxy_auth_key: z.string().optional() });
const Credentials = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]));

export const AuthConfigId = z.object({ nanoid: z.string() });

export const CreateAuthConfigBody = z.object({
  toolkit: z.object({ slug: z.string().min(1).max(100) }),
  auth_config: z
    .discriminatedUnion('type', [
      z.object({
        type: z.literal('use_composio_managed_auth'),
        name: z.string().max(200).optional(),
        credentials: z.object({ scopes: Scopes.optional(), user_scopes: Scopes.optional() }).optional(),
        is_enabled_for_tool_router: z.boolean().optional(),
        restrict_to_following_tools: z.array(z.string()).optional(),
        shared_credentials: z.record(z.string(), z.unknown()).optional(),
        tool_access_config: ToolAccessConfig.optional(),
      }),
      z.object({
        type: z.literal('use_custom_auth'),
        authScheme: AuthScheme,
        name: z.string().max(200).optional(),
        credentials: Credentials.optional(),
        is_enabled_for_tool_router: z.boolean().optional(),
        proxy_config: ProxyConfig.nullable().optional(),
        restrict_to_following_tools: z.array(z.string()).optional(),
        shared_credentials: z.record(z.string(), z.unknown()).optional(),
        tool_access_config: ToolAccessConfig.optional(),
      }),
    ])
    .optional(),
});
export type CreateAuthConfigBody = z.infer<typeof CreateAuthConfigBody>;

export const CreateAuthConfigResponse = z.object({
  auth_config: z.object({
    id: z.string(),
    auth_scheme: z.string(),
    is_composio_managed: z.boolean(),
    restrict_to_following_tools: z.array(z.string()).optional(),
  }),
  toolkit: z.object({ slug: z.string() }),
});

export const AuthConfig = z.object({
  id: z.string(),
  uuid: z.string(),
  name: z.string(),
  no_of_connections: z.number().int(),
  status: z.enum(['ENABLED', 'DISABLED']),
  type: z.enum(['default', 'custom']),
  toolkit: z.object({ slug: z.string(), logo: z.string(), auth_guide_url: z.string().nullable().optional() }),
  auth_scheme: AuthScheme.optional(),
  tool_access_config: ToolAccessConfig,
  is_composio_managed: z.boolean(),
  is_enabled_for_tool_router: z.boolean(),
  credentials: z.record(z.string(), z.unknown()),
  shared_credentials: z.record(z.string(), z.unknown()).optional(),
  expected_input_fields: z.array(z.unknown()),
  restrict_to_following_tools: z.array(z.string()),
  proxy_config: ProxyConfig.nullable(),
  created_at: z.string(),
  last_updated_at: z.string(),
  created_by: z.string().optional(),
  deprecated_params: z.object({ default_connector_id: z.string().nullable() }),
});
export type AuthConfig = z.infer<typeof AuthConfig>;

export const ListAuthConfigsQuery = z.object({
  cursor: z.string().optional(),
  limit: qInt(1, 1000),
  toolkit_slug: z.string().optional(),
  is_composio_managed: qBool(),
  show_disabled: qBool(),
  search: z.string().max(200).optional(),
  deprecated_app_id: z.string().optional(),
  deprecated_status: z.string().optional(),
});
export const AuthConfigList = ListEnvelope(AuthConfig);

export const UpdateAuthConfigBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('custom'),
    credentials: Credentials.optional(),
    is_enabled_for_tool_router: z.boolean().optional(),
    name: z.string().max(200).optional(),
    proxy_config: ProxyConfig.nullable().optional(),
    restrict_to_following_tools: z.array(z.string()).optional(),
    shared_credentials: z.record(z.string(), z.unknown()).optional(),
    tool_access_config: ToolAccessConfig.optional(),
  }),
  z.object({
    type: z.literal('default'),
    is_enabled_for_tool_router: z.boolean().optional(),
    name: z.string().max(200).optional(),
    restrict_to_following_tools: z.array(z.string()).optional(),
    scopes: Scopes.optional(),
    user_scopes: Scopes.optional(),
    shared_credentials: z.record(z.string(), z.unknown()).optional(),
    tool_access_config: ToolAccessConfig.optional(),
  }),
]);
export type UpdateAuthConfigBody = z.infer<typeof UpdateAuthConfigBody>;

export const AuthConfigStatusParams = z.object({ nanoid: z.string(), status: z.enum(['ENABLED', 'DISABLED']) });
