/**
 * The build's step for mapping files: compile one toolkit's file with its generated operations and
 * merge the result into the list the data file holds (mapped tools first, then the generated ones they
 * do not replace, then deprecated aliases: older hosted names and the generated slugs renamed).
 */
import { aliasOf, compileMapping, MappingError } from '../../lib/catalog/mappings/compile';
import { type LoadedMapping, readMappings } from '../../lib/catalog/mappings/load';
import type { ToolDef, ToolkitDef } from '../../lib/catalog/types';

export { readMappings, type LoadedMapping };

export function applyMapping(
  m: LoadedMapping,
  generated: ToolDef[],
  version: string,
  keep?: ReadonlySet<string>,
): { tools: ToolDef[]; toolkit?: ToolkitDef } {
  let res;
  try {
    res = compileMapping(m.file, { generated, version, sha: m.sha, ...(keep ? { keep } : {}) });
  } catch (e) {
    if (e instanceof MappingError) throw new Error(`${m.path}: ${e.message}`);
    throw e;
  }
  const mapped = res.tools.filter((t) => !t.aliasOf);
  const aliases = res.tools.filter((t) => t.aliasOf);
  const taken = new Set(res.tools.map((t) => t.slug));
  const bySlug = new Map(mapped.map((t) => [t.slug, t]));
  const rest: ToolDef[] = [];
  for (const g of generated) {
    if (taken.has(g.slug)) continue;
    const to = res.renamed.get(g.slug);
    if (to) aliases.push(aliasOf(bySlug.get(to)!, g.slug));
    else rest.push(g);
  }
  return { tools: [...mapped, ...rest, ...aliases], ...(res.toolkit ? { toolkit: res.toolkit } : {}) };
}
