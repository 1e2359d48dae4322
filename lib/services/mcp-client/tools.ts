import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { JsonSchemaObject, ToolDef } from '../../catalog/types';
import { toolHints } from '../search/hints';

/**
 * A remote MCP server's `tools/list` as toolkit tools. Slugs follow the hosted service:
 * `<TOOLKIT_SLUG>_<SERVER_TOOL_NAME>` upper-cased (`CUSTOM_ACME_SEARCH`, `NOTION_MCP_NOTION_CREATE_PAGES`);
 * the input schema is the server's, the annotations are kept, and the four hint annotations
 * become tags so tools can be filtered by them like any other.
 */

/** The hosted limit: a server listing more tools than this fails the sync, nothing imported. */
export const MAX_MCP_TOOLS = 500;
/** Pages of `tools/list` followed at most (a server that never stops paginating cannot hang a sync). */
const MAX_PAGES = 50;

export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export class TooManyToolsError extends Error {
  constructor(readonly count: number) {
    super(`the server lists more than ${MAX_MCP_TOOLS} tools (${count} so far)`);
  }
}

/** Every tool of the server, following `nextCursor`. */
export async function listAllTools(client: Client): Promise<ListedTool[]> {
  const out: ListedTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await client.listTools(cursor ? { cursor } : undefined);
    out.push(...(r.tools as ListedTool[]));
    if (out.length > MAX_MCP_TOOLS) throw new TooManyToolsError(out.length);
    cursor = r.nextCursor;
    if (!cursor) break;
  }
  return out;
}

export function toolSlugPart(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function inputSchemaOf(t: ListedTool): JsonSchemaObject {
  const s = t.inputSchema && typeof t.inputSchema === 'object' ? t.inputSchema : {};
  const props = s.properties && typeof s.properties === 'object' ? (s.properties as Record<string, unknown>) : {};
  return { ...s, type: 'object', properties: props } as JsonSchemaObject;
}

/** ToolDefs for a toolkit; `warnings` collects names that collide once upper-cased. */
export function mcpToolDefs(
  toolkitSlug: string,
  listed: ListedTool[],
  warnings: string[],
  /** the toolkit needs no account (its tools run without a connection, as other keyless tools do) */
  noAuth = false,
): ToolDef[] {
  const prefix = `${toolkitSlug.toUpperCase()}_`;
  const seen = new Set<string>();
  const out: ToolDef[] = [];
  for (const t of listed) {
    if (typeof t.name !== 'string' || !t.name) continue;
    const slug = `${prefix}${toolSlugPart(t.name)}`;
    if (seen.has(slug)) {
      warnings.push(`tool "${t.name}" has the same slug as another tool (${slug}) and was left out`);
      continue;
    }
    seen.add(slug);
    const annotations = t.annotations && typeof t.annotations === 'object' ? t.annotations : undefined;
    const mcp = { name: t.name, ...(annotations ? { annotations } : {}) };
    // the four classification tags: from the server's annotations, with the MCP defaults for absent ones
    const tags = toolHints({ http: { method: 'POST', path: '', params: {} }, mcp });
    const title = t.title ?? (typeof annotations?.title === 'string' ? annotations.title : undefined);
    out.push({
      slug,
      name: title ?? t.name,
      description: t.description ?? title ?? t.name,
      toolkit: toolkitSlug,
      tags: [...tags, 'mcp'],
      scopes: [],
      important: true,
      noAuth,
      deprecated: false,
      inputParameters: inputSchemaOf(t),
      outputParameters:
        t.outputSchema && typeof t.outputSchema === 'object'
          ? ({ properties: {}, ...t.outputSchema, type: 'object' } as JsonSchemaObject)
          : { type: 'object', properties: {} },
      // MCP tools are called with tools/call, never as an HTTP operation; the method names the kind in logs
      http: { method: 'POST', path: '', params: {} },
      mcp: { name: t.name, ...(title ? { title } : {}), ...(annotations ? { annotations } : {}) },
    });
  }
  return out;
}
