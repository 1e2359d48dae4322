import { z } from 'zod';
import { qInt } from './query';

/**
 * MCP servers as `@composio/client` (alpha.68 under /api/v3, alpha.76 under /api/v3.1) calls them.
 * Field names and required fields follow the client's types; the SDK parses responses with zod.
 */

// The hosted API's rule: 4–30 characters, letters, digits, spaces and hyphens.
const ServerName = z
  .string()
  .min(4)
  .max(30)
  .regex(/^[a-zA-Z0-9- ]+$/, 'may contain only letters, digits, spaces and hyphens');
const slugList = z.array(z.string().min(1).max(200)).max(500);

export const CreateServerBody = z.object({
  name: ServerName,
  auth_config_ids: z.array(z.string().min(1).max(100)).max(100),
  allowed_tools: slugList.optional(),
  managed_auth_via_composio: z.boolean().optional(),
  no_auth_apps: z.array(z.string().min(1).max(100)).max(100).optional(),
});
export type CreateServerBody = z.infer<typeof CreateServerBody>;

export const CreateCustomServerBody = z.object({
  name: ServerName,
  toolkits: z.array(z.string().min(1).max(100)).max(100).optional(),
  auth_config_ids: z.array(z.string().min(1).max(100)).max(100).optional(),
  allowed_tools: slugList.optional(),
  /** the older clients' name for allowed_tools (0.8.x sends it) */
  custom_tools: slugList.optional(),
  managed_auth_via_composio: z.boolean().optional(),
});
export type CreateCustomServerBody = z.infer<typeof CreateCustomServerBody>;

export const UpdateServerBody = z.object({
  name: ServerName.optional(),
  toolkits: z.array(z.string().min(1).max(100)).max(100).optional(),
  auth_config_ids: z.array(z.string().min(1).max(100)).max(100).optional(),
  allowed_tools: slugList.optional(),
  custom_tools: slugList.optional(),
  managed_auth_via_composio: z.boolean().optional(),
});
export type UpdateServerBody = z.infer<typeof UpdateServerBody>;

export const ServerParams = z.object({ id: z.uuid({ message: 'must be an MCP server id (a UUID)' }) });
export const ServerIdParams = z.object({ serverId: z.uuid({ message: 'must be an MCP server id (a UUID)' }) });
export const InstanceParams = ServerIdParams.extend({ instanceId: z.string().min(1).max(255) });
export const AppParams = z.object({ appKey: z.string().min(1).max(100) });

export const ListServersQuery = z.object({
  name: z.string().max(100).optional(),
  toolkits: z.string().max(2000).optional(),
  auth_config_ids: z.string().max(4000).optional(),
  order_by: z.enum(['created_at', 'updated_at']).optional(),
  order_direction: z.enum(['asc', 'desc']).optional(),
  page_no: qInt(1, 100_000),
  limit: qInt(1, 100),
});
export type ListServersQuery = z.infer<typeof ListServersQuery>;

const Commands = z.object({ claude: z.string(), cursor: z.string(), windsurf: z.string() });

export const Server = z.object({
  id: z.string(),
  name: z.string(),
  auth_config_ids: z.array(z.string()),
  allowed_tools: z.array(z.string()),
  mcp_url: z.string(),
  toolkits: z.array(z.string()),
  toolkit_icons: z.record(z.string(), z.string()),
  commands: Commands,
  updated_at: z.string(),
  created_at: z.string(),
  server_instance_count: z.number(),
  managed_auth_via_composio: z.boolean(),
});
export const ServerDetail = Server.extend({ deleted: z.boolean() });

export const ServerList = z.object({
  items: z.array(Server),
  current_page: z.number(),
  total_pages: z.number(),
});

export const DeleteResponse = z.object({ id: z.string(), deleted: z.boolean() });

export const GenerateBody = z.object({
  mcp_server_id: z.string().min(1).max(100),
  user_ids: z.array(z.string().min(1).max(255)).max(100).optional(),
  connected_account_ids: z.array(z.string().min(1).max(100)).max(100).optional(),
  managed_auth_by_composio: z.boolean().optional(),
});
export type GenerateBody = z.infer<typeof GenerateBody>;

export const GenerateResponse = z.object({
  mcp_url: z.string(),
  user_ids_url: z.array(z.string()),
  connected_account_urls: z.array(z.string()),
});

export const Instance = z.object({
  id: z.string(),
  instance_id: z.string(),
  mcp_server_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ListInstancesQuery = z.object({
  page_no: qInt(1, 100_000),
  limit: qInt(1, 100),
  search: z.string().max(255).optional(),
  order_by: z.enum(['created_at', 'updated_at']).optional(),
  order_direction: z.enum(['asc', 'desc']).optional(),
});
export type ListInstancesQuery = z.infer<typeof ListInstancesQuery>;

export const InstanceList = z.object({
  instances: z.array(Instance),
  server_id: z.string(),
  server_name: z.string(),
  total_pages: z.number(),
  current_page: z.number(),
});

export const CreateInstanceBody = z.object({ user_id: z.string().min(1).max(255) });

export const DeleteInstanceResponse = z.object({ message: z.string(), deleted_connected_accounts: z.number() });

/** Query of a per-user MCP URL: who the server acts for. */
export const McpUrlQuery = z.object({
  user_id: z.string().min(1).max(255).optional(),
  connected_account_id: z.string().min(1).max(100).optional(),
  include_composio_helper_actions: z.enum(['true', 'false']).optional(),
});
export type McpUrlQuery = z.infer<typeof McpUrlQuery>;
