import type { Runtime } from '../../runtime';
import type { ToolkitDef } from '../../catalog/types';
import { listVisibleToolkits } from './resolve';

/**
 * The toolkit changelog (`GET /toolkits/changelog`). Junction serves one version of each toolkit,
 * built from a named source; its entry says what that version is made of, so a caller comparing
 * versions sees where the tools came from and how many there are.
 */
function entry(tk: ToolkitDef, custom: boolean): string {
  const tools = `${tk.toolsCount} tool${tk.toolsCount === 1 ? '' : 's'}`;
  if (custom) return `Project toolkit with ${tools}, defined in this project.`;
  const from = tk.source.version ? `${tk.source.package} ${tk.source.version}` : tk.source.package;
  return `${tools}, built from ${from}${tk.source.document ? ` (${tk.source.document})` : ''}.`;
}

export async function toolkitChangelog(rt: Runtime, projectId: string) {
  const { builtIn, project } = await listVisibleToolkits(rt, projectId);
  const items = [...builtIn.map((t) => [t, false] as const), ...project.map((t) => [t, true] as const)]
    .sort(([a], [b]) => a.slug.localeCompare(b.slug))
    .map(([tk, custom]) => ({
      slug: tk.slug,
      name: tk.slug,
      display_name: tk.name,
      versions: [{ version: tk.version, changelog: entry(tk, custom) }],
    }));
  return { items };
}
