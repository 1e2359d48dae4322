import { z } from 'zod';
import { Reply, route } from '../router';
import { errors, namedError } from '../../contract/errors';
import * as c from '../../contract/tools';
import { checkVersion, getToolFor, listToolsFor, toolsEnum } from '../../services/tools/catalog';
import { executeTool } from '../../services/tools/execute';
import { proxyExecute } from '../../services/tools/proxy';
import { generateToolInput } from '../../services/tools/input';
import { readStagedBinary } from '../../services/tools/binary';
import {
  deleteCustomToolkit,
  getCustomToolkit,
  importCustomToolkit,
  listCustomToolkits,
} from '../../services/custom-toolkits/import';
import { deleteCustomMcpToolkit, syncMcpToolkit, upsertCustomMcpToolkit } from '../../services/custom-toolkits/mcp';
import * as mcpc from '../../contract/custom-mcp';
import { clientMetadataDocument } from '../../services/mcp-client/oauth';
import { getToolLog, listToolLogs } from '../../services/logs/tool-logs';
import { qInt } from '../../contract/query';
import { attachmentHeaders } from '../../net/attachment';
import {
  composioToolView,
  composioToolViews,
  executeComposioTool,
  isComposioTool,
} from '../../services/tool-router/direct';
import { defaultToolVersion } from '../../contract/api-version';

const tag = 'Tools';

export const toolRoutes = [
  route({
    method: 'GET',
    path: '/tools',
    tag,
    auth: 'project',
    summary: 'List tools',
    query: c.ListToolsQuery,
    response: c.ToolList,
    handler: ({ rt, auth, query, apiVersion }) => {
      // the composio toolkit's tools come from the tool router's meta tool declarations
      if (
        query.toolkit_slug?.length === 1 &&
        query.toolkit_slug[0]!.toLowerCase() === 'composio' &&
        !query.tool_slugs
      ) {
        const items = composioToolViews();
        return { items, total_items: items.length, total_pages: 1, current_page: 1, next_cursor: null };
      }
      return listToolsFor(rt, auth.projectId, {
        ...query,
        toolkit_versions: query.toolkit_versions ?? defaultToolVersion(apiVersion),
      });
    },
  }),
  route({
    method: 'GET',
    path: '/tools/enum',
    tag,
    auth: 'project',
    summary: 'List every tool slug',
    response: c.ToolsEnum,
    handler: ({ rt, auth }) => toolsEnum(rt, auth.projectId),
  }),
  route({
    method: 'GET',
    path: '/tools/{slug}',
    tag,
    auth: 'project',
    summary: 'Get a tool',
    params: c.ToolSlugParams,
    query: c.GetToolQuery,
    response: c.Tool,
    handler: ({ rt, auth, params, query, apiVersion }) =>
      // the composio toolkit's meta tools are declared by the tool router, not the catalog
      composioToolView(params.slug) ??
      getToolFor(rt, auth.projectId, params.slug, {
        ...query,
        version: query.version ?? defaultToolVersion(apiVersion),
      }),
  }),
  route({
    method: 'POST',
    path: '/tools/execute/proxy',
    tag,
    auth: 'project',
    summary: "Call an endpoint of a connected account's API with its credentials",
    body: c.ProxyBody,
    response: c.ProxyResponse,
    noRetry: true,
    handler: ({ rt, auth, body, requestId }) => proxyExecute(rt, auth.projectId, body, { requestId }),
  }),
  route({
    method: 'POST',
    path: '/tools/execute/{slug}',
    tag,
    auth: 'project',
    summary: 'Execute a tool',
    params: c.ToolSlugParams,
    body: c.ExecuteToolBody,
    response: c.ExecuteToolResponse,
    noRetry: true,
    handler: ({ rt, auth, params, body, requestId, apiVersion }) => {
      if (body.arguments && body.text) {
        throw errors.validation('Give either arguments or text, not both', [
          'body.text: mutually exclusive with body.arguments',
        ]);
      }
      if (isComposioTool(params.slug)) {
        // meta tools run for a user_id as in a session (an implicit per-user session, default config)
        return executeComposioTool(
          rt,
          auth.projectId,
          params.slug,
          body.arguments ?? {},
          body.user_id ?? body.entity_id ?? 'default',
          requestId,
        );
      }
      return executeTool(
        rt,
        auth.projectId,
        {
          toolSlug: params.slug,
          arguments: body.arguments,
          connectedAccountId: body.connected_account_id,
          userId: body.user_id ?? body.entity_id,
          version: body.version ?? defaultToolVersion(apiVersion),
          customAuthParams: body.custom_auth_params,
          customConnectionData: body.custom_connection_data,
          text: body.text,
        },
        { requestId },
      );
    },
  }),
  route({
    method: 'POST',
    path: '/tools/execute/{slug}/input',
    tag,
    auth: 'project',
    summary: 'Generate tool arguments from natural language',
    params: c.ToolSlugParams,
    body: c.ToolInputBody,
    response: c.ToolInputResponse,
    handler: ({ rt, auth, params, body, apiVersion }) => {
      checkVersion(body.version ?? defaultToolVersion(apiVersion));
      return generateToolInput(rt, auth.projectId, {
        toolSlug: params.slug,
        text: body.text,
        customDescription: body.custom_description,
        systemPrompt: body.system_prompt,
      });
    },
  }),
  route({
    method: 'GET',
    path: '/tools/binary/{id}',
    tag,
    auth: 'none',
    extension: true,
    summary: 'Download a binary upstream response (signed, expiring link from binary_data.url)',
    params: z.object({ id: z.string() }),
    query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
    handler: async ({ rt, params, query }) => {
      const r = await readStagedBinary(rt, params.id, query.expires, query.signature);
      if (!r.ok) {
        throw r.status === 404
          ? errors.notFound('File', params.id)
          : r.status === 410
            ? namedError('File_LinkExpired', r.message)
            : errors.forbidden(r.message);
      }
      return new Reply(200, r.bytes, attachmentHeaders(r.filename, r.contentType, r.bytes.length));
    },
  }),
];

export const customToolkitRoutes = [
  route({
    method: 'POST',
    path: '/toolkits/custom',
    tag: 'Toolkits',
    auth: 'project',
    extension: true,
    status: 201,
    summary: 'Import an OpenAPI 3.x document (JSON or YAML, inline or by URL) as a toolkit of this project',
    body: c.ImportCustomToolkitBody,
    response: c.CustomToolkitSummary,
    handler: ({ rt, auth, body }) => importCustomToolkit(rt, auth.projectId, body),
  }),
  route({
    method: 'GET',
    path: '/toolkits/custom',
    tag: 'Toolkits',
    auth: 'project',
    extension: true,
    summary: "List this project's imported toolkits",
    query: z.object({ cursor: z.string().optional(), limit: qInt(1, 1000) }),
    response: c.CustomToolkitList,
    handler: ({ rt, auth, query }) => listCustomToolkits(rt, auth.projectId, query),
  }),
  route({
    method: 'GET',
    path: '/toolkits/custom/{slug}',
    tag: 'Toolkits',
    auth: 'project',
    extension: true,
    summary: 'Get an imported toolkit',
    params: c.CustomToolkitSlugParams,
    response: c.CustomToolkitSummary,
    handler: ({ rt, auth, params }) => getCustomToolkit(rt, auth.projectId, params.slug),
  }),
  route({
    method: 'DELETE',
    path: '/toolkits/custom/{slug}',
    tag: 'Toolkits',
    auth: 'project',
    extension: true,
    summary: 'Delete an imported toolkit (its tools stop working at once)',
    params: c.CustomToolkitSlugParams,
    response: z.object({ success: z.boolean() }),
    handler: ({ rt, auth, params }) => deleteCustomToolkit(rt, auth.projectId, params.slug),
  }),
];

/** Remote MCP servers as project toolkits: the hosted custom-MCP API (v3.1-surface §10.1). */
export const customMcpToolkitRoutes = [
  route({
    method: 'GET',
    path: '/mcp_client/client_metadata.json',
    tag: 'Toolkits',
    auth: 'none',
    extension: true,
    summary:
      "Junction's OAuth client ID metadata document: MCP authorization servers that accept such documents fetch it to know Junction as a client",
    response: mcpc.ClientMetadataDocument,
    handler: ({ rt }) => clientMetadataDocument(rt),
  }),
  route({
    method: 'POST',
    path: '/custom/toolkits/upsert',
    tag: 'Toolkits',
    auth: 'project',
    summary: 'Register a remote MCP server as a toolkit of this project, or update its display metadata',
    body: mcpc.UpsertCustomMcpBody,
    response: mcpc.UpsertCustomMcpResponse,
    noRetry: true,
    handler: ({ rt, auth, body }) => upsertCustomMcpToolkit(rt, auth.projectId, body),
  }),
  route({
    method: 'POST',
    path: '/custom/toolkits/sync',
    tag: 'Toolkits',
    auth: 'project',
    summary: "List an MCP toolkit's tools from its server into a new dated version",
    body: mcpc.SyncCustomMcpBody,
    response: mcpc.SyncCustomMcpResponse,
    noRetry: true,
    handler: ({ rt, auth, body }) => syncMcpToolkit(rt, auth.projectId, body),
  }),
  route({
    method: 'DELETE',
    path: '/custom/toolkits/{slug}',
    tag: 'Toolkits',
    auth: 'project',
    summary: 'Delete a custom MCP toolkit with its auth configs and connected accounts',
    params: c.CustomToolkitSlugParams,
    response: mcpc.DeleteCustomMcpResponse,
    handler: ({ rt, auth, params }) => deleteCustomMcpToolkit(rt, auth.projectId, params.slug),
  }),
];

export const toolLogRoutes = [
  route({
    method: 'GET',
    path: '/logs/tools',
    tag: 'Logs',
    auth: 'project',
    extension: true,
    summary: 'Tool execution and proxy logs (newest first; never contains credentials or payloads)',
    query: c.ListToolLogsQuery,
    response: c.ToolLogList,
    handler: ({ rt, auth, query }) => listToolLogs(rt, auth.projectId, query),
  }),
  route({
    method: 'GET',
    path: '/logs/tools/{log_id}',
    tag: 'Logs',
    auth: 'project',
    extension: true,
    summary: 'One tool execution log',
    params: c.ToolLogParams,
    response: c.ToolLog,
    handler: ({ rt, auth, params }) => getToolLog(rt, auth.projectId, params.log_id),
  }),
];
