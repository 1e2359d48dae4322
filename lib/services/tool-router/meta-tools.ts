/**
 * The session's meta tools: definitions (JSON Schemas the SDK's strict tool parse accepts, MCP
 * annotations) and which of them a session exposes. Their behaviour is in ./execute.ts.
 */
import type { SessionConfig } from '../../contract/tool-router';
import type { Tool } from '../../contract/tools';
import type { Hint } from '../search/hints';
import { workbenchAvailable } from '../workbench/sandbox';

export const MAX_MULTI_EXECUTE = 50;

export interface MetaToolDef {
  slug: string;
  name: string;
  description: string;
  input: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  output: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  hints: Hint[];
}

const str = (description: string) => ({ type: 'string', description });
const strList = (description: string) => ({ type: 'array', items: { type: 'string' }, description });

const genericOutput = {
  type: 'object' as const,
  properties: {
    data: { type: 'object', description: 'Result of the meta tool' },
    error: { type: 'string', nullable: true, description: 'Error message, null on success' },
    successful: { type: 'boolean', description: 'Whether the call succeeded' },
  },
  required: ['data', 'successful'],
};

export const META_TOOLS: Record<string, MetaToolDef> = {
  COMPOSIO_SEARCH_TOOLS: {
    slug: 'COMPOSIO_SEARCH_TOOLS',
    name: 'Search tools',
    description:
      'Find the tools for a task among all apps available in this session, in plain language. ' +
      'Returns the best matching tool slugs per use case with their input schemas, the connection status of each app ' +
      '(connect missing ones with COMPOSIO_MANAGE_CONNECTIONS) and guidance for the next steps. Run it before executing tools.',
    input: {
      type: 'object',
      properties: {
        queries: {
          type: 'array',
          description:
            'Up to 7 independent use cases to search for, e.g. [{"use_case":"post a message to #general on Slack"}]',
          items: {
            type: 'object',
            properties: {
              use_case: str('The task, described in detail (max 1024 characters)'),
              known_fields: str(
                'Known values as key:value pairs, e.g. "channel_name:general, user_email:john@example.com"',
              ),
            },
            required: ['use_case'],
          },
        },
        session: {
          type: 'object',
          description: 'Session correlation; pass {"id": "<session id>"} from an earlier search',
          properties: { id: str('Session id'), generate_id: { type: 'boolean', description: 'Ask for a fresh id' } },
        },
      },
      required: ['queries'],
    },
    output: genericOutput,
    hints: ['readOnlyHint', 'idempotentHint', 'openWorldHint'],
  },
  COMPOSIO_GET_TOOL_SCHEMAS: {
    slug: 'COMPOSIO_GET_TOOL_SCHEMAS',
    name: 'Get tool schemas',
    description:
      'Return the complete input schemas of tools by slug (use it when COMPOSIO_SEARCH_TOOLS returned a schemaRef instead of a full schema).',
    input: {
      type: 'object',
      properties: { tool_slugs: strList('Tool slugs, e.g. ["GITHUB_CREATE_AN_ISSUE"]') },
      required: ['tool_slugs'],
    },
    output: genericOutput,
    hints: ['readOnlyHint', 'idempotentHint'],
  },
  COMPOSIO_MULTI_EXECUTE_TOOL: {
    slug: 'COMPOSIO_MULTI_EXECUTE_TOOL',
    name: 'Execute tools',
    description:
      `Execute up to ${MAX_MULTI_EXECUTE} tools in parallel, each with its own arguments (schemas from COMPOSIO_SEARCH_TOOLS). ` +
      'Each call gets its own result or error; one failing call does not stop the others. Only batch calls that do not depend on each other.',
    input: {
      type: 'object',
      properties: {
        tools: {
          type: 'array',
          description: `Tool calls (1 to ${MAX_MULTI_EXECUTE})`,
          items: {
            type: 'object',
            properties: {
              tool_slug: str('Slug of the tool to run'),
              arguments: { type: 'object', description: 'Arguments matching the tool input schema' },
              account: str('Connected account id or alias, when the user has several accounts for the app'),
            },
            required: ['tool_slug', 'arguments'],
          },
        },
        thought: str('Why these calls are made (optional, for logs)'),
        sync_response_to_workbench: {
          type: 'boolean',
          description: 'Accepted for compatibility; results are always returned inline',
        },
      },
      required: ['tools'],
    },
    output: genericOutput,
    hints: ['destructiveHint', 'openWorldHint'],
  },
  COMPOSIO_MANAGE_CONNECTIONS: {
    slug: 'COMPOSIO_MANAGE_CONNECTIONS',
    name: 'Manage connections',
    description:
      'Check and manage the user\'s connections to apps. action "initiate" (default) returns the connection status of each ' +
      'toolkit and, for those not connected, a link the user must open to connect; "status" only reports; "remove" deletes the connection.',
    input: {
      type: 'object',
      properties: {
        toolkits: strList('Toolkit slugs, e.g. ["gmail", "slack"]'),
        action: {
          type: 'string',
          enum: ['initiate', 'status', 'remove'],
          description: 'What to do (default initiate)',
        },
        reinitiate_all: {
          type: 'boolean',
          description: 'Create new links even for toolkits that are already connected',
        },
        account_id: str("For remove: the connected account to delete (default: the toolkit's active account)"),
      },
      required: ['toolkits'],
    },
    output: genericOutput,
    hints: ['openWorldHint'],
  },
  COMPOSIO_WAIT_FOR_CONNECTIONS: {
    slug: 'COMPOSIO_WAIT_FOR_CONNECTIONS',
    name: 'Wait for connections',
    description:
      'Wait until the user has finished connecting the given toolkits (after sharing links from COMPOSIO_MANAGE_CONNECTIONS), up to a timeout.',
    input: {
      type: 'object',
      properties: {
        toolkits: strList('Toolkit slugs to wait for'),
        timeout_seconds: {
          type: 'integer',
          minimum: 1,
          maximum: 120,
          description: 'How long to wait (default 60, max 120)',
        },
      },
      required: ['toolkits'],
    },
    output: genericOutput,
    hints: ['readOnlyHint', 'idempotentHint'],
  },
  COMPOSIO_REMOTE_WORKBENCH: {
    slug: 'COMPOSIO_REMOTE_WORKBENCH',
    name: 'Remote workbench',
    description:
      'Run JavaScript in an isolated sandbox (QuickJS; no network or file system; time and memory limited) to process data ' +
      "or chain tool calls. The code is the body of an async function: `await run_composio_tool(slug, args)` runs one of this session's " +
      'app tools and returns {data, error, successful}; the value you `return` and the `console.log` output come back as ' +
      '{result, stdout, tool_calls}. The sandbox is fresh for every call (nothing persists between calls).',
    input: {
      type: 'object',
      properties: {
        code_to_execute: str('JavaScript: the body of an async function (await and return allowed)'),
        thought: str('What the code does (optional)'),
        timeout_seconds: { type: 'integer', minimum: 1, maximum: 60, description: 'Time limit (default 30)' },
      },
      required: ['code_to_execute'],
    },
    output: genericOutput,
    hints: ['destructiveHint', 'openWorldHint'],
  },
};

/** Meta tools of a session, in a stable order; unimplemented ones are absent. */
export function metaToolSlugs(config: SessionConfig): string[] {
  const out: string[] = [];
  if (config.search?.enable !== false) out.push('COMPOSIO_SEARCH_TOOLS');
  out.push('COMPOSIO_GET_TOOL_SCHEMAS');
  if (config.execute?.enable_multi_execute !== false) out.push('COMPOSIO_MULTI_EXECUTE_TOOL');
  if (config.manage_connections?.enabled !== false) {
    out.push('COMPOSIO_MANAGE_CONNECTIONS');
    if (config.manage_connections?.enable_wait_for_connections) out.push('COMPOSIO_WAIT_FOR_CONNECTIONS');
  }
  if (config.workbench?.enable !== false && workbenchAvailable()) out.push('COMPOSIO_REMOTE_WORKBENCH');
  return out;
}

const COMPOSIO_TOOLKIT = { slug: 'composio', name: 'Composio', logo: '' };

/** A meta tool in the `/tools` item shape (strictly parsed by the SDK). */
export function metaToolView(def: MetaToolDef): Tool {
  const version = '20251101_00';
  return {
    slug: def.slug,
    name: def.name,
    description: def.description,
    input_parameters: def.input,
    output_parameters: def.output,
    toolkit: COMPOSIO_TOOLKIT,
    tags: [...def.hints],
    scopes: [],
    scope_requirements: null,
    no_auth: true,
    is_deprecated: false,
    version,
    available_versions: [version],
    deprecated: {
      available_versions: [version],
      displayName: def.name,
      is_deprecated: false,
      toolkit: { logo: '' },
      version,
    },
  };
}
