import { z } from 'zod';

/**
 * The hosted "custom MCP toolkit" API (v3.1-surface §10.1): register a remote MCP server as a
 * toolkit of the project, sync its tools into a dated version, delete it. Field names and limits
 * are the SDK's (`composio.experimental.customToolkits`).
 */
const Header = z.string().min(1).max(200);

export const CustomMcpAuthScheme = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('NO_AUTH') }),
  z.object({
    mode: z.literal('API_KEY'),
    headers: z.record(Header, z.string().max(2000)).refine((h) => Object.keys(h).length > 0, 'at least one header'),
    api_key_field: z
      .object({
        display_name: z.string().min(1).max(100).optional(),
        description: z.string().min(1).max(500).optional(),
      })
      .optional(),
  }),
  z.object({ mode: z.literal('DCR_OAUTH'), discovery_url: z.url() }),
  // our extension: the same OAuth flow, preferring a client ID metadata document
  z.object({ mode: z.literal('CIMD_OAUTH'), discovery_url: z.url().optional() }),
]);

export const UpsertCustomMcpBody = z.object({
  slug: z
    .string()
    .min(1)
    .max(30)
    .regex(/^[a-zA-Z0-9_\s]+$/, 'letters, digits, _ and spaces'),
  toolkit_config: z.object({
    name: z.string().min(1).max(200),
    app_url: z.url(),
    logo_file: z.object({ content: z.string().min(1), mime_type: z.enum(['image/png', 'image/jpeg']) }).optional(),
    auth_schemes: z.array(CustomMcpAuthScheme).min(1),
  }),
});
export type UpsertCustomMcpBody = z.infer<typeof UpsertCustomMcpBody>;

export const UpsertCustomMcpResponse = z.object({ slug: z.string() });

export const SyncCustomMcpBody = z.object({
  slug: z.string().min(1).max(100),
  connected_account_id: z.string().min(1).optional(),
});

export const SyncCustomMcpResponse = z.object({
  slug: z.string(),
  version: z.string(),
  synced_count: z.number().int(),
});

export const DeleteCustomMcpResponse = z.object({
  slug: z.string(),
  deleted: z.boolean(),
  revoke_job_ids: z.array(z.string()),
  auth_configs_deleted: z.number().int(),
  connected_accounts_deleted: z.number().int(),
  auth_configs_soft_deleted: z.number().int(),
  connected_accounts_soft_deleted: z.number().int(),
});

export const ClientMetadataDocument = z.object({
  client_id: z.string(),
  client_name: z.string(),
  client_uri: z.string(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: z.string(),
});
