/**
 * Run-time parts of mapped tools (lib/catalog/mappings): alternate argument spellings and defaults,
 * applied before validation, and the request side of a `same_as` tool. Generic: any ToolDef may
 * carry them.
 */
import { getTool, getToolkit } from '../../catalog/registry';
import { requestSide } from '../../catalog/same-as';
import type { ToolDef, ToolkitDef } from '../../catalog/types';

/** `fileId` → `file_id` (when the declared name is absent), then defaults for absent arguments. */
export function applyMappedArgs(tool: ToolDef, args: Record<string, unknown>): Record<string, unknown> {
  if (!tool.argRenames && !tool.argDefaults && !tool.http.graphql) return args;
  const out = tool.http.graphql ? graphqlIds(tool, args) : { ...args };
  for (const [alt, to] of Object.entries(tool.argRenames ?? {})) {
    if (!(alt in out)) continue;
    if (out[to] === undefined) out[to] = out[alt];
    delete out[alt];
  }
  for (const [k, v] of Object.entries(tool.argDefaults ?? {})) if (out[k] === undefined) out[k] = v;
  return out;
}

/** The toolkit whose base URL and headers a call is built with: the target's for `same_as` tools. */
export function requestToolkitOf(tool: ToolDef, toolkit: ToolkitDef): ToolkitDef {
  if (!tool.sameAs) return toolkit;
  const targetKit = getToolkit(getTool(tool.sameAs)?.toolkit ?? '');
  return targetKit ? requestSide(toolkit, targetKit) : toolkit;
}

/**
 * GraphQL answers give ids as strings (`"id": "1234567890"`), and agents pass them back as they are: a
 * GraphQL tool's integer argument (or integer list) holding digit strings gets the numbers, so the
 * schema check passes and the `ID` variable receives the same id.
 */
function graphqlIds(tool: ToolDef, args: Record<string, unknown>): Record<string, unknown> {
  const props = tool.inputParameters.properties as Record<string, { type?: string; items?: { type?: string } }>;
  const num = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v);
  const out = { ...args };
  for (const [k, v] of Object.entries(out)) {
    const p = props[k];
    if (p?.type === 'integer') out[k] = num(v);
    else if (p?.type === 'array' && p.items?.type === 'integer' && Array.isArray(v)) out[k] = v.map(num);
  }
  return out;
}
