import type { AuthSchemeDef, ToolkitDef } from '../../catalog/types';
import { getToolkit, listToolkits } from '../../catalog/registry';
import { errors } from '../../contract/errors';
import type { Runtime } from '../../runtime';

/**
 * Find a toolkit visible to a project: the built-in catalog first, then the project's own
 * imported toolkits (registered by the custom-toolkit service through `customToolkitResolver`).
 */
export interface CustomToolkitSource {
  find(rt: Runtime, projectId: string, slug: string): Promise<ToolkitDef | undefined>;
  list(rt: Runtime, projectId: string): Promise<ToolkitDef[]>;
}
let custom: CustomToolkitSource | undefined;

export function setCustomToolkitSource(source: CustomToolkitSource) {
  custom = source;
}

/** Built-in toolkits and the project's own, built-in first. */
export async function listVisibleToolkits(
  rt: Runtime,
  projectId: string,
): Promise<{ builtIn: ToolkitDef[]; project: ToolkitDef[] }> {
  return { builtIn: listToolkits(), project: custom ? await custom.list(rt, projectId) : [] };
}

export async function findToolkit(rt: Runtime, projectId: string, slug: string): Promise<ToolkitDef | undefined> {
  const normalized = slug.toLowerCase();
  return getToolkit(normalized) ?? (custom ? await custom.find(rt, projectId, normalized) : undefined);
}

export async function resolveToolkit(rt: Runtime, projectId: string, slug: string): Promise<ToolkitDef> {
  const tk = await findToolkit(rt, projectId, slug);
  if (!tk) throw errors.notFound('Toolkit', slug, 'Toolkit_NotFound', 1300);
  return tk;
}

export function schemeOf(tk: ToolkitDef, mode: string): AuthSchemeDef | undefined {
  return tk.authSchemes.find((s) => s.mode === mode);
}

/** Schemes that need the end user to visit a provider before the account is usable. */
export function isRedirectScheme(mode: string): boolean {
  return mode === 'OAUTH2' || mode === 'OAUTH1' || mode === 'DCR_OAUTH' || mode === 'CIMD_OAUTH';
}
