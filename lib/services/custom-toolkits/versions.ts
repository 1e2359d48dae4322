import { and, eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { ToolDef, ToolkitDef } from '../../catalog/types';
import { customToolkitVersions, customToolkits } from '../../db/schema';
import { errors } from '../../contract/errors';

/**
 * A tool as an earlier sync of its MCP toolkit listed it: a caller that pins a dated version
 * (`version: "20261127_00"`) gets that version's name, schema and annotations. "latest", no
 * version, or the toolkit's current version keep the tool as it is now.
 */
export async function pinnedMcpTool(
  rt: Runtime,
  projectId: string,
  toolkit: ToolkitDef,
  tool: ToolDef,
  version: string | undefined,
): Promise<ToolDef> {
  if (!toolkit.mcp || !version || version === 'latest' || version === toolkit.version) return tool;
  const rows = await rt.db
    .select({ tools: customToolkitVersions.tools })
    .from(customToolkitVersions)
    .innerJoin(customToolkits, eq(customToolkits.id, customToolkitVersions.toolkitId))
    .where(
      and(
        eq(customToolkits.projectId, projectId),
        eq(customToolkits.slug, toolkit.slug),
        eq(customToolkitVersions.version, version),
      ),
    )
    .limit(1);
  if (!rows.length) {
    throw errors.notFound(`Version ${version} of toolkit`, toolkit.slug, 'Toolkit_VersionNotFound', 1300);
  }
  const old = rows[0]!.tools.find((t) => t.slug === tool.slug);
  if (!old) throw errors.notFound(`Tool ${tool.slug} in version`, version, 'Tool_ToolNotFound', 2401);
  return old;
}
