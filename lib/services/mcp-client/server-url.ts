import type { Runtime } from '../../runtime';
import type { ToolkitDef } from '../../catalog/types';
import { projectBaseUrl } from '../tools/base-override';

/**
 * The URL a project's calls to an MCP toolkit go to: the project's override
 * (`toolkit_base_urls`, e.g. a provider `*_mcp` toolkit pointed at a mirror or a loopback fake),
 * else the server's own. The SSRF guard applies to either.
 */
export async function mcpServerUrl(rt: Runtime, projectId: string, toolkit: ToolkitDef): Promise<string> {
  return (await projectBaseUrl(rt, projectId, toolkit.slug)) ?? toolkit.mcp!.url;
}
