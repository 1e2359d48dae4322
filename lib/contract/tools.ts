import { z } from 'zod';
import { qBool, qInt, qStrings, qToolkitVersions } from './query';
import { AuthScheme, ListEnvelope } from './common';

/** JSON Schema of a tool's input/output: the SDK parses `{type:'object', properties}` strictly. */
const ParamsSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.unknown()),
  required: z.array(z.string()).optional(),
});

const ToolToolkit = z.object({ slug: z.string(), name: z.string(), logo: z.string() });

export const Tool = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  human_description: z.string().optional(),
  input_parameters: ParamsSchema,
  output_parameters: ParamsSchema,
  toolkit: ToolToolkit,
  tags: z.array(z.string()),
  scopes: z.array(z.string()),
  scope_requirements: z.null(),
  no_auth: z.boolean(),
  is_deprecated: z.boolean(),
  /** Junction extension: a declared tool in the hosted vocabulary (lib/catalog/curated), not a raw API operation */
  is_curated: z
    .boolean()
    .optional()
    .describe(
      'Junction extension: true for a curated tool (a mapping or composite in the hosted vocabulary, or an older name of one), false for a generated API operation',
    ),
  version: z.string(),
  available_versions: z.array(z.string()),
  deprecated: z.object({
    available_versions: z.array(z.string()),
    displayName: z.string(),
    is_deprecated: z.boolean(),
    toolkit: z.object({ logo: z.string() }),
    version: z.string(),
  }),
});
export type Tool = z.infer<typeof Tool>;

export const ToolList = ListEnvelope(Tool);

export const ListToolsQuery = z.object({
  toolkit_slug: qStrings(),
  tool_slugs: qStrings(),
  query: z.string().max(500).optional(),
  search: z.string().max(500).optional(),
  tags: qStrings(),
  scopes: qStrings(),
  important: qBool(),
  auth_config_ids: qStrings(),
  include_deprecated: qBool(),
  /** Junction extension: true lists only curated tools, false only generated API operations (the dashboard's two lists) */
  curated: qBool().describe('Junction extension: true = only curated tools, false = only generated API operations'),
  toolkit_versions: qToolkitVersions(),
  cursor: z.string().optional(),
  /** the SDK sends limit=9999 with tool_slugs: accepted and clamped to 1000 */
  limit: z
    .preprocess(
      (v) => (v === undefined || v === '' || v === 'null' ? undefined : Number(v)),
      z.number().int().min(1).optional(),
    )
    .transform((n) => (n === undefined ? undefined : Math.min(n, 1000))),
});
export type ListToolsQuery = z.infer<typeof ListToolsQuery>;

export const ToolSlugParams = z.object({ slug: z.string().min(1).max(200) });
export const GetToolQuery = z.object({ version: z.string().optional(), toolkit_versions: qToolkitVersions() });
export const ToolsEnum = z.array(z.string());

/** §B custom_connection_data: `{authScheme, toolkitSlug, val}` */
export const CustomConnectionData = z.object({
  authScheme: AuthScheme,
  toolkitSlug: z.string().optional(),
  val: z.record(z.string(), z.unknown()),
});

export const CustomAuthParams = z.object({
  base_url: z.string().optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  parameters: z
    .array(
      z.object({
        in: z.enum(['query', 'header']),
        name: z.string().min(1),
        value: z.union([z.string(), z.number()]),
      }),
    )
    .optional(),
});

export const ExecuteToolBody = z.object({
  arguments: z.record(z.string(), z.unknown()).optional(),
  connected_account_id: z.string().optional(),
  user_id: z.string().optional(),
  entity_id: z.string().optional().describe('Deprecated: use user_id'),
  version: z.string().optional(),
  text: z.string().max(20_000).optional(),
  custom_auth_params: CustomAuthParams.optional(),
  custom_connection_data: CustomConnectionData.optional(),
  allow_tracing: z.boolean().nullable().optional(),
});

export const ExecuteToolResponse = z.object({
  data: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  successful: z.boolean(),
  log_id: z.string().optional(),
  session_info: z.unknown().optional(),
});

export const ToolInputBody = z.object({
  text: z.string().min(1).max(20_000),
  custom_description: z.string().max(5000).optional(),
  system_prompt: z.string().max(10_000).optional(),
  version: z.string().optional(),
});
export const ToolInputResponse = z.object({
  arguments: z.record(z.string(), z.unknown()),
  error: z.string().optional(),
});

export const ProxyBody = z.object({
  endpoint: z.string().min(1).max(8000),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']),
  body: z.unknown().optional(),
  binary_body: z
    .union([
      z.object({ url: z.string(), content_type: z.string().optional() }),
      z.object({ base64: z.string().max(6 * 1024 * 1024), content_type: z.string().optional() }),
    ])
    .optional(),
  connected_account_id: z.string().optional(),
  custom_connection_data: CustomConnectionData.optional(),
  parameters: z
    .array(
      z.object({
        name: z.string().min(1),
        type: z.enum(['header', 'query']),
        value: z.union([z.string(), z.number()]),
      }),
    )
    .optional(),
});

export const ProxyResponse = z.object({
  status: z.number().int(),
  data: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  binary_data: z
    .object({
      content_type: z.string(),
      size: z.number().int(),
      url: z.string(),
      expires_at: z.string().optional(),
    })
    .optional(),
});

// ----- custom toolkits (our extension) -----

export const ImportCustomToolkitBody = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9_]{1,48}$/, 'lower-case letters, digits and _ (2-49 characters)'),
  name: z.string().min(1).max(100).optional(),
  description: z.string().max(1000).optional(),
  logo: z.string().max(2000).optional(),
  /** the OpenAPI 3.x document: an object, or its JSON / YAML text */
  document: z
    .union([
      z
        .string()
        .min(1)
        .max(10 * 1024 * 1024),
      z.record(z.string(), z.unknown()),
    ])
    .optional(),
  /** …or where to fetch it */
  url: z.string().url().optional(),
  /** override the document's first server */
  base_url: z.string().url().optional(),
  /** replace an existing toolkit with this slug */
  replace: z.boolean().optional(),
});

export const CustomToolkitSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  base_url: z.string(),
  auth_schemes: z.array(z.string()),
  tools_count: z.number().int(),
  tools: z.array(z.string()),
  source_url: z.string().nullable(),
  warnings: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** `openapi`: imported from a document; `mcp`: a remote MCP server (custom MCP toolkit) */
  kind: z.enum(['openapi', 'mcp']),
  /** the dated version of the last successful MCP sync; null before the first */
  version: z.string().nullable(),
  /** MCP toolkits: where the server is and how Junction reaches it (header values are never shown) */
  mcp: z
    .object({
      url: z.string(),
      /** Junction tries Streamable HTTP first and falls back to HTTP+SSE for older servers */
      transport: z.literal('auto'),
      api_key_headers: z.array(z.string()),
      discovery_url: z.string().nullable(),
    })
    .nullable(),
});
export const CustomToolkitList = ListEnvelope(CustomToolkitSummary);
export const CustomToolkitSlugParams = z.object({ slug: z.string() });

// ----- tool execution logs (our extension) -----

export const ToolLog = z.object({
  id: z.string(),
  kind: z.enum(['execute', 'proxy']),
  tool_slug: z.string().nullable(),
  toolkit_slug: z.string().nullable(),
  toolkit_version: z.string().nullable(),
  connected_account_id: z.string().nullable(),
  user_id: z.string().nullable(),
  status: z.enum(['success', 'failed']),
  http_status: z.number().int().nullable(),
  method: z.string().nullable(),
  endpoint: z.string().nullable(),
  duration_ms: z.number().int(),
  request_bytes: z.number().int(),
  response_bytes: z.number().int(),
  error: z.string().nullable(),
  source: z.string(),
  created_at: z.string(),
});
export const ToolLogList = ListEnvelope(ToolLog);
export const ListToolLogsQuery = z.object({
  tool_slug: z.string().optional(),
  toolkit_slug: z.string().optional(),
  connected_account_id: z.string().optional(),
  status: z.enum(['success', 'failed']).optional(),
  kind: z.enum(['execute', 'proxy']).optional(),
  cursor: z.string().optional(),
  limit: qInt(1, 1000),
});
export const ToolLogParams = z.object({ log_id: z.string() });
