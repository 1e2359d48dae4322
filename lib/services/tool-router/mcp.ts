/**
 * The session's MCP endpoint (Streamable HTTP, stateless: a new server and transport per
 * request). `tools/list` returns the session's meta tools and preloaded tools with their JSON
 * Schemas and MCP annotations; `tools/call` runs them as POST …/execute would, for the session's user.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Runtime } from '../../runtime';
import { ApiError } from '../../contract/errors';
import { getTool, getToolkit } from '../../catalog/registry';
import { cleanParameters } from '../tools/view';
import { hintAnnotations, toolHints } from '../search/hints';
import { META_TOOLS, metaToolSlugs } from './meta-tools';
import { executeInSession } from './execute';
import { findTool } from '../tools/catalog';
import type { Session } from './session';

async function listTools(rt: Runtime, session: Session) {
  const tools = metaToolSlugs(session.config).map((slug) => {
    const d = META_TOOLS[slug]!;
    return {
      name: d.slug,
      title: d.name,
      description: d.description,
      inputSchema: d.input,
      annotations: { title: d.name, ...hintAnnotations(d.hints) },
    };
  });
  for (const slug of session.config.preload.tools) {
    // catalog tools first, then the project's own toolkits' (an imported API, a remote MCP server)
    const found = getTool(slug) ? undefined : await findTool(rt, session.projectId, slug);
    const t = getTool(slug) ?? found?.tool;
    if (!t) continue;
    tools.push({
      name: t.slug,
      title: t.name,
      description: `${(getToolkit(t.toolkit) ?? found?.toolkit)?.name ?? t.toolkit}: ${t.description}`,
      inputSchema: cleanParameters(t.inputParameters) as (typeof tools)[number]['inputSchema'],
      annotations: { title: t.name, ...hintAnnotations(toolHints(t)) },
    });
  }
  return tools;
}

function serverFor(rt: Runtime, session: Session): Server {
  const server = new Server({ name: 'junction-tool-router', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await listTools(rt, session) }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const name = req.params.name;
    const args = (req.params.arguments ?? {}) as Record<string, unknown>;
    const allowed =
      metaToolSlugs(session.config).includes(name.toUpperCase()) ||
      session.config.preload.tools.includes(name.toUpperCase());
    // app tools that were not preloaded are reached through COMPOSIO_MULTI_EXECUTE_TOOL, as in the hosted service
    if (!allowed) {
      return {
        isError: true,
        content: [
          {
            type: 'text' as const,
            text: `Unknown tool ${name}. Use COMPOSIO_SEARCH_TOOLS and COMPOSIO_MULTI_EXECUTE_TOOL.`,
          },
        ],
      };
    }
    try {
      const r = await executeInSession(rt, session, name, args);
      const payload = { successful: !r.error, data: r.data, error: r.error, log_id: r.log_id };
      return {
        isError: !!r.error,
        content: [{ type: 'text' as const, text: JSON.stringify(payload) }],
        structuredContent: payload,
      };
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
      return { isError: true, content: [{ type: 'text' as const, text: message }] };
    }
  });
  return server;
}

export async function handleMcp(rt: Runtime, session: Session, req: Request): Promise<Response> {
  const server = serverFor(rt, session);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    // stateless: nothing to keep once the response is produced (JSON mode returns it complete)
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  }
}
