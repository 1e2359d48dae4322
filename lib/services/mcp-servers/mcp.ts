/**
 * What an MCP server serves to one user (Streamable HTTP, stateless: a server and transport per
 * request). `tools/list`: the server's allowed tools with JSON Schemas and annotations, plus
 * COMPOSIO_MANAGE_CONNECTIONS unless the server (or the URL) leaves connections to the developer.
 * `tools/call`: the tool-router execution path for a session made from the server's selection,
 * so accounts, auth-config restrictions and logging are those of every other execution.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { authConfigs } from '../../db/schema';
import { getToolkit, getToolkitTools } from '../../catalog/registry';
import type { ToolDef } from '../../catalog/types';
import type { SessionConfig } from '../../contract/tool-router';
import { cleanParameters } from '../tools/view';
import { hintAnnotations, toolHints } from '../search/hints';
import { projectCustomToolkits } from '../custom-toolkits/store';
import { META_TOOLS } from '../tool-router/meta-tools';
import { executeAppTool, executeMeta } from '../tool-router/execute';
import type { Session } from '../tool-router/session';
import type { McpServerRow } from './store';

const MANAGE = 'COMPOSIO_MANAGE_CONNECTIONS';

/** Who the server acts for on this request. */
export interface McpTarget {
  server: McpServerRow;
  userId: string;
  /** a URL made for one connected account pins that account for its toolkit */
  connectedAccount?: { id: string; toolkit: string };
  /** `include_composio_helper_actions=false` in the URL turns the connection tools off */
  helperActions: boolean;
}

/** The server's tools, toolkit by toolkit (built-in catalog or the project's imported toolkits). */
async function serverTools(rt: Runtime, server: McpServerRow): Promise<ToolDef[]> {
  const custom = await projectCustomToolkits(rt, server.projectId);
  const allowed = new Set(server.allowedTools);
  const out: ToolDef[] = [];
  for (const tk of server.toolkits) {
    const tools = getToolkit(tk) ? getToolkitTools(tk) : (custom.get(tk)?.tools ?? []);
    for (const t of tools) if (!allowed.size || allowed.has(t.slug)) out.push(t);
  }
  return out;
}

/** A tool-router session equivalent to the server's selection, for the execution path. */
async function sessionFor(rt: Runtime, target: McpTarget, tools: ToolDef[]): Promise<Session> {
  const { server } = target;
  const enabled: Record<string, { enabled: string[] }> = {};
  for (const tk of server.toolkits) enabled[tk] = { enabled: [] };
  for (const t of tools) enabled[t.toolkit]?.enabled.push(t.slug);
  // one auth config for a toolkit: its accounts only; several: any of the user's accounts of that toolkit
  const acRows = server.authConfigIds.length
    ? await rt.db
        .select({ id: authConfigs.id, toolkit: authConfigs.toolkitSlug })
        .from(authConfigs)
        .where(
          and(
            eq(authConfigs.projectId, server.projectId),
            inArray(authConfigs.id, server.authConfigIds),
            isNull(authConfigs.deletedAt),
          ),
        )
    : [];
  const byToolkit = new Map<string, string[]>();
  for (const r of acRows) byToolkit.set(r.toolkit, [...(byToolkit.get(r.toolkit) ?? []), r.id]);
  const authConfigMap = Object.fromEntries(
    [...byToolkit].filter(([, ids]) => ids.length === 1).map(([tk, ids]) => [tk, ids[0]!]),
  );
  const config: SessionConfig = {
    user_id: target.userId,
    preload: { tools: [] },
    toolkits: { enabled: server.toolkits },
    tools: enabled,
    ...(Object.keys(authConfigMap).length ? { auth_configs: authConfigMap } : {}),
    ...(target.connectedAccount
      ? { connected_accounts: { [target.connectedAccount.toolkit]: [target.connectedAccount.id] } }
      : {}),
    manage_connections: {
      enabled: helperActive(target),
      enable_connection_removal: false,
      enable_wait_for_connections: false,
    },
    workbench: {
      enable: false,
      proxy_execution_enabled: false,
      auto_offload_threshold: 20_000,
      sandbox_size: 'standard',
    },
  };
  return {
    id: server.id,
    projectId: server.projectId,
    userId: target.userId,
    config,
    experimental: {},
    configVersion: 1,
    createdAt: server.createdAt,
  };
}

const helperActive = (t: McpTarget) => t.server.managedAuth && t.helperActions;

function toolEntry(t: ToolDef) {
  return {
    name: t.slug,
    title: t.name,
    description: `${getToolkit(t.toolkit)?.name ?? t.toolkit}: ${t.description}`,
    inputSchema: cleanParameters(t.inputParameters),
    annotations: { title: t.name, ...hintAnnotations(toolHints(t)) },
  };
}

function serverFor(rt: Runtime, target: McpTarget, tools: ToolDef[]): Server {
  const server = new Server(
    { name: `junction-mcp-${target.server.name}`, version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  const bySlug = new Map(tools.map((t) => [t.slug, t]));
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const list = tools.map(toolEntry);
    if (helperActive(target)) {
      const d = META_TOOLS[MANAGE]!;
      list.push({
        name: d.slug,
        title: d.name,
        description: d.description,
        inputSchema: d.input,
        annotations: { title: d.name, ...hintAnnotations(d.hints) },
      });
    }
    return { tools: list };
  });
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const name = req.params.name.toUpperCase();
    const args = (req.params.arguments ?? {}) as Record<string, unknown>;
    const isHelper = name === MANAGE && helperActive(target);
    if (!isHelper && !bySlug.has(name)) {
      return {
        isError: true,
        content: [
          { type: 'text' as const, text: `Unknown tool ${req.params.name}: this MCP server does not offer it.` },
        ],
      };
    }
    try {
      const session = await sessionFor(rt, target, tools);
      const r = isHelper ? await executeMeta(rt, session, MANAGE, args) : await executeAppTool(rt, session, name, args);
      const payload = { successful: !r.error, data: r.data, error: r.error, log_id: r.log_id };
      return {
        isError: !!r.error,
        content: [{ type: 'text' as const, text: JSON.stringify(payload) }],
        structuredContent: payload,
      };
    } catch (err) {
      return {
        isError: true,
        content: [{ type: 'text' as const, text: err instanceof Error ? err.message : String(err) }],
      };
    }
  });
  return server;
}

/**
 * Serve one MCP request. Clients that accept `text/event-stream` (as the specification asks) get
 * an SSE stream; clients that accept only JSON get one JSON response.
 */
export async function serveServerMcp(rt: Runtime, target: McpTarget, req: Request): Promise<Response> {
  const accept = req.headers.get('accept') ?? '';
  const sse = accept.includes('text/event-stream');
  let request = req;
  if (!sse && req.method === 'POST') {
    const headers = new Headers(req.headers);
    headers.set('accept', 'application/json, text/event-stream');
    request = new Request(req.url, { method: req.method, headers, body: await req.arrayBuffer() });
  }
  const tools = await serverTools(rt, target.server);
  const server = serverFor(rt, target, tools);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !sse,
  });
  await server.connect(transport);
  const closeAll = () => {
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  };
  let res: Response;
  try {
    res = await transport.handleRequest(request);
  } catch (err) {
    closeAll();
    throw err;
  }
  if (!sse || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    closeAll();
    return res;
  }
  // stateless SSE: the stream ends once every response of the request is written; close then
  const body = res.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({ flush: closeAll }));
  return new Response(body, { status: res.status, headers: res.headers });
}
