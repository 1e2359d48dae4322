import { z } from 'zod';
import { qBool, qInt, qStrings } from './query';
import { Tool } from './tools';
import { ProxyBody, ProxyResponse } from './tools';
import { AccountType, AclConfigInput } from './connected-accounts';

/** MCP annotation hints usable as session tag filters. */
export const Hint = z.enum(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

const slugList = z.array(z.string().min(1).max(200)).max(1000);
const EnableList = z.object({ enable: slugList });
const DisableList = z.object({ disable: slugList });
const TagFilterIn = z.union([
  z.array(Hint),
  z.object({ enable: z.array(Hint).optional(), disable: z.array(Hint).optional() }),
]);

const JsonObjectSchema = z.record(z.string(), z.unknown());

const CustomToolIn = z.object({
  slug: z.string().min(1).max(60),
  name: z.string().min(1).max(200),
  description: z.string().max(5000),
  input_schema: JsonObjectSchema,
  output_schema: JsonObjectSchema.optional(),
  extends_toolkit: z.string().optional(),
});
const CustomToolkitIn = z.object({
  slug: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  name: z.string().min(1).max(200),
  description: z.string().max(5000),
  tools: z.array(CustomToolIn.omit({ extends_toolkit: true })).max(100),
});

export const CreateSessionBody = z.object({
  user_id: z.string().min(1).max(255),
  toolkits: z.union([EnableList, DisableList]).optional(),
  tools: z.record(z.string(), z.union([EnableList, DisableList, z.object({ tags: TagFilterIn })])).optional(),
  tags: TagFilterIn.optional(),
  auth_configs: z.record(z.string(), z.string()).optional(),
  connected_accounts: z
    .record(z.string(), z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(10)]))
    .optional()
    .describe('toolkit slug → the account(s) the session uses; one unless multi_account is enabled'),
  manage_connections: z
    .object({
      enable: z.boolean().nullable().optional(),
      callback_url: z.string().url().optional(),
      enable_connection_removal: z.boolean().nullable().optional(),
      enable_wait_for_connections: z.boolean().nullable().optional(),
    })
    .optional(),
  multi_account: z
    .object({
      enable: z.boolean().optional(),
      max_accounts_per_toolkit: z.number().int().min(2).max(10).optional(),
      require_explicit_selection: z.boolean().optional(),
    })
    .optional(),
  preload: z.object({ tools: z.array(z.string()).max(100).optional() }).optional(),
  workbench: z
    .object({
      enable: z.boolean().optional(),
      enable_proxy_execution: z.boolean().optional(),
      auto_offload_threshold: z.number().int().min(0).optional(),
      sandbox_size: z.enum(['standard', 'medium', 'large', 'xlarge']).optional(),
    })
    .optional(),
  /** which meta tools a session exposes (the SDK's `direct_tools` preset sends both on create) */
  search: z.object({ enable: z.boolean().optional() }).optional(),
  execute: z.object({ enable_multi_execute: z.boolean().optional() }).optional(),
  experimental: z
    .object({
      assistive_prompt_config: z.object({ user_timezone: z.string().max(100).optional() }).optional(),
      custom_tools: z.array(CustomToolIn).max(100).optional(),
      custom_toolkits: z.array(CustomToolkitIn).max(20).optional(),
      permissions: z.unknown().optional(),
    })
    .optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

/**
 * `PATCH /tool_router/session/{id}`: every key optional, `null` clears the stored setting. Unknown
 * keys are refused (a typo must not look like a successful update).
 */
export const UpdateSessionBody = z.strictObject({
  toolkits: z.union([EnableList, DisableList]).nullable().optional(),
  tools: CreateSessionBody.shape.tools.unwrap().nullable().optional(),
  tags: TagFilterIn.nullable().optional(),
  auth_configs: z.record(z.string(), z.string()).nullable().optional(),
  connected_accounts: z
    .record(z.string(), z.union([z.string(), z.array(z.string()).min(1).max(1)]))
    .nullable()
    .optional(),
  manage_connections: z
    .object({
      enable: z.boolean().nullable().optional(),
      callback_url: z.string().url().nullable().optional(),
      enable_connection_removal: z.boolean().nullable().optional(),
      enable_wait_for_connections: z.boolean().nullable().optional(),
    })
    .nullable()
    .optional(),
  workbench: CreateSessionBody.shape.workbench.unwrap().nullable().optional(),
  multi_account: CreateSessionBody.shape.multi_account.unwrap().nullable().optional(),
  preload: CreateSessionBody.shape.preload.unwrap().nullable().optional(),
  search: z.object({ enable: z.boolean().optional() }).nullable().optional(),
  execute: z.object({ enable_multi_execute: z.boolean().optional() }).nullable().optional(),
  /** accepted for compatibility with the hosted service; Junction keeps no such per-leaf settings */
  experimental: z.record(z.string(), z.unknown()).nullable().optional(),
  premium_usage: z.unknown().optional(),
  /** optimistic concurrency: the update applies only if the stored config_version is this one */
  expected_config_version: z.number().int().positive().optional(),
});
export type UpdateSessionBody = z.infer<typeof UpdateSessionBody>;

/** `POST /tool_router/session/{id}/attach`: bind inline custom tools/toolkits to an existing session. */
export const AttachSessionBody = z.object({
  experimental: z
    .object({
      custom_tools: z.array(CustomToolIn).max(100).optional(),
      custom_toolkits: z.array(CustomToolkitIn).max(20).optional(),
    })
    .optional(),
});

export type AttachSessionBody = z.infer<typeof AttachSessionBody>;

export const DeleteSessionResponse = z.object({ session_id: z.string(), deleted: z.literal(true) });

export const ConfigHistoryQuery = z.object({ cursor: z.string().max(200).optional(), limit: qInt(1, 100) });

const TagsOut = z.object({ enabled: z.array(Hint).optional(), disabled: z.array(Hint).optional() });

export const SessionConfig = z.object({
  user_id: z.string(),
  preload: z.object({ tools: z.array(z.string()) }),
  toolkits: z
    .union([z.object({ enabled: z.array(z.string()) }), z.object({ disabled: z.array(z.string()) })])
    .optional(),
  tools: z
    .record(
      z.string(),
      z.union([
        z.object({ enabled: z.array(z.string()) }),
        z.object({ disabled: z.array(z.string()) }),
        z.object({ tags: TagsOut }),
      ]),
    )
    .optional(),
  tags: TagsOut.optional(),
  auth_configs: z.record(z.string(), z.string()).optional(),
  connected_accounts: z.record(z.string(), z.array(z.string())).optional(),
  manage_connections: z
    .object({
      enabled: z.boolean().optional(),
      callback_url: z.string().optional(),
      enable_connection_removal: z.boolean().optional(),
      enable_wait_for_connections: z.boolean().optional(),
    })
    .optional(),
  multi_account: z
    .object({
      enable: z.boolean().optional(),
      max_accounts_per_toolkit: z.number().optional(),
      require_explicit_selection: z.boolean().optional(),
    })
    .optional(),
  workbench: z
    .object({
      enable: z.boolean().optional(),
      proxy_execution_enabled: z.boolean().optional(),
      auto_offload_threshold: z.number().optional(),
      sandbox_size: z.enum(['standard', 'medium', 'large', 'xlarge']).optional(),
    })
    .optional(),
  search: z.object({ enable: z.boolean().optional() }).optional(),
  execute: z.object({ enable_multi_execute: z.boolean().optional() }).optional(),
});
export type SessionConfig = z.infer<typeof SessionConfig>;

export const ConfigHistory = z.object({
  items: z.array(
    z.object({ version: z.number().int(), created_at: z.string(), config: SessionConfig, is_current: z.boolean() }),
  ),
  next_cursor: z.string().nullable().optional(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
  total_items: z.number().int(),
});

const CustomToolOut = z.object({
  slug: z.string(),
  original_slug: z.string(),
  name: z.string(),
  description: z.string(),
  input_schema: JsonObjectSchema,
  output_schema: JsonObjectSchema.optional(),
  extends_toolkit: z.string().optional(),
});

export const SessionResponse = z.object({
  session_id: z.string(),
  mcp: z.object({ type: z.literal('http'), url: z.string() }),
  tool_router_tools: z.array(z.string()),
  config: SessionConfig,
  config_version: z.number().int(),
  experimental: z
    .object({
      assistive_prompt: z.string().optional(),
      custom_tools: z.array(CustomToolOut).optional(),
      custom_toolkits: z
        .array(
          z.object({
            slug: z.string(),
            name: z.string(),
            description: z.string(),
            tools: z.array(CustomToolOut.omit({ extends_toolkit: true })),
          }),
        )
        .optional(),
    })
    .optional(),
  warnings: z.array(z.object({ code: z.literal('PRELOAD_TOOLS_HIGH_CONTEXT_USAGE'), message: z.string() })).optional(),
});

export const SessionParams = z.object({ session_id: z.string().min(1).max(100) });

export const SessionToolkitsQuery = z.object({
  cursor: z.string().optional(),
  limit: qInt(1, 50),
  is_connected: qBool(),
  search: z.string().max(200).optional(),
  toolkits: qStrings(),
});

export const SessionToolkitItem = z.object({
  slug: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  is_no_auth: z.boolean(),
  composio_managed_auth_schemes: z.array(z.string()),
  meta: z.object({ description: z.string(), logo: z.string() }),
  connected_account: z
    .object({
      id: z.string(),
      status: z.string(),
      user_id: z.string(),
      created_at: z.string(),
      auth_config: z.object({ id: z.string(), auth_scheme: z.string(), is_composio_managed: z.boolean() }),
    })
    .nullable(),
});
export const SessionToolkits = z.object({
  items: z.array(SessionToolkitItem),
  next_cursor: z.string().nullable().optional(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
  total_items: z.number().int(),
});

export const SessionTools = z.object({ items: z.array(Tool) });

export const SearchBody = z.object({
  queries: z
    .array(
      z.object({
        use_case: z.string().min(1).max(1024),
        known_fields: z.string().max(2000).optional(),
      }),
    )
    .min(1)
    .max(7),
  model: z.string().optional(),
  /** sent by @composio/core 0.8.1 although the client does not declare it */
  toolkits: z.array(z.string()).optional(),
});

const ToolSchemaEntry = z.object({
  tool_slug: z.string(),
  toolkit: z.string(),
  description: z.string().optional(),
  hasFullSchema: z.boolean().optional(),
  input_schema: JsonObjectSchema.optional(),
  output_schema: JsonObjectSchema.optional(),
  schemaRef: z
    .object({
      args: z.object({ tool_slugs: z.array(z.string()) }),
      tool: z.literal('COMPOSIO_GET_TOOL_SCHEMAS'),
      message: z.string().optional(),
    })
    .optional(),
});

export const ToolkitConnectionStatus = z.object({
  toolkit: z.string(),
  description: z.string(),
  has_active_connection: z.boolean(),
  status_message: z.string(),
  connection_details: JsonObjectSchema.optional(),
  current_user_info: JsonObjectSchema.optional(),
  accounts: z
    .array(
      z.object({
        id: z.string(),
        created_at: z.string(),
        is_default: z.boolean(),
        status: z.string(),
        alias: z.string().optional(),
        account_type: z.enum(['PRIVATE', 'SHARED']).optional(),
      }),
    )
    .optional(),
  account_selection: z.literal('required').optional(),
});

export const SearchResponse = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  results: z.array(
    z.object({
      index: z.number().int(),
      use_case: z.string(),
      primary_tool_slugs: z.array(z.string()),
      related_tool_slugs: z.array(z.string()),
      toolkits: z.array(z.string()),
      difficulty: z.string().optional(),
      error: z.string().nullable().optional(),
      execution_guidance: z.string().optional(),
      known_pitfalls: z.array(z.string()).optional(),
      recommended_plan_steps: z.array(z.string()).optional(),
    }),
  ),
  tool_schemas: z.record(z.string(), ToolSchemaEntry),
  toolkit_connection_statuses: z.array(ToolkitConnectionStatus),
  next_steps_guidance: z.array(z.string()),
  session: z.object({ id: z.string(), generate_id: z.boolean(), instructions: z.string() }),
  time_info: z.object({
    current_time_utc: z.string(),
    current_time_utc_epoch_seconds: z.number(),
    message: z.string(),
  }),
});

export const ExecuteBody = z.object({
  tool_slug: z.string().min(1).max(200),
  arguments: z.record(z.string(), z.unknown()).optional(),
  account: z.string().max(200).optional(),
  enable_auto_workbench_offload: z.boolean().optional(),
});
export const ExecuteMetaBody = z.object({
  slug: z.string().min(1).max(200),
  arguments: z.record(z.string(), z.unknown()).optional(),
});
export const ExecuteResponse = z.object({
  data: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  log_id: z.string(),
});

export const LinkBody = z.object({
  toolkit: z.string().min(1).max(100),
  alias: z.string().max(100).optional(),
  callback_url: z.string().url().optional(),
  /** a SHARED connection and its access list (connected-accounts/sharing.ts) */
  experimental: z
    .object({ account_type: AccountType.optional(), acl_config_for_shared: AclConfigInput.optional() })
    .optional(),
});
export const LinkResponse = z.object({
  connected_account_id: z.string(),
  link_token: z.string(),
  redirect_url: z.string(),
});

export const SessionProxyBody = ProxyBody.omit({ connected_account_id: true }).extend({
  toolkit_slug: z.string().min(1).max(100),
});
export { ProxyResponse };

// ----- file mounts -----
export const MountParams = z.object({ session_id: z.string().min(1).max(100), mount_id: z.string().min(1).max(64) });
export const MountListQuery = z.object({
  cursor: z.string().optional(),
  limit: qInt(1, 500),
  mount_relative_prefix: z.string().max(1024).optional(),
});
const MountItem = z.object({
  mount_relative_path: z.string(),
  sandbox_mount_prefix: z.string(),
  size: z.number().int(),
  last_modified: z.string(),
});
export const MountList = z.object({ items: z.array(MountItem), next_cursor: z.string().optional() });
export const MountPathBody = z.object({
  mount_relative_path: z.string().min(1).max(1024),
  mimetype: z.string().max(255).optional(),
});
export const MountUploadResponse = z.object({
  upload_url: z.string(),
  expires_at: z.string(),
  mount_relative_path: z.string(),
  sandbox_mount_prefix: z.string(),
});
export const MountDownloadResponse = z.object({
  download_url: z.string(),
  expires_at: z.string(),
  mount_relative_path: z.string(),
  sandbox_mount_prefix: z.string(),
});
export const MountDeleteResponse = z.object({ mount_relative_path: z.string(), sandbox_mount_prefix: z.string() });

// ----- legacy labs -----
export const LabsCreateBody = z.object({
  user_id: z.string().min(1).max(255),
  config: z
    .object({
      manually_manage_connections: z.boolean().nullable().optional(),
      toolkits: z.array(z.object({ toolkit: z.string(), auth_config_id: z.string().optional() })).optional(),
    })
    .optional(),
});
export const LabsCreateResponse = z.object({
  session_id: z.string(),
  chat_session_mcp_url: z.string(),
  tool_router_instance_mcp_url: z.string(),
});

/**
 * `GET /tool_router/session` (our extension; the hosted API has no list): the project's sessions,
 * newest first, so the dashboard can show recent ones instead of asking for a pasted id.
 */
export const ListSessionsQuery = z.object({
  user_ids: qStrings(),
  cursor: z.string().max(200).optional(),
  limit: qInt(1, 100),
});
export type ListSessionsQuery = z.infer<typeof ListSessionsQuery>;

export const SessionSummary = z.object({
  session_id: z.string(),
  user_id: z.string(),
  /** toolkits the session enables, or those it disables when `toolkits_mode` is `disabled` */
  toolkits: z.array(z.string()),
  toolkits_mode: z.enum(['all', 'enabled', 'disabled']),
  mcp: z.object({ type: z.literal('http'), url: z.string() }),
  config_version: z.number().int(),
  created_at: z.string(),
});
export const SessionList = z.object({
  items: z.array(SessionSummary),
  next_cursor: z.string().nullable().optional(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
  total_items: z.number().int(),
});
