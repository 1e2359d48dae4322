import type { JsonSchemaObject, ToolDef, ToolkitDef } from '../../catalog/types';
import type { Tool } from '../../contract/tools';

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
/** keywords the SDK's strict schema types as numbers / booleans / strings / arrays */
const NUMERIC = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
];
const BOOLEAN = ['nullable', 'uniqueItems', 'readOnly', 'writeOnly', 'file_uploadable', 'file_downloadable'];
const STRING = ['description', 'title', 'pattern', 'format', '$ref'];

/**
 * A JSON-Schema property made safe for the SDK's strict parse: only primitive type names,
 * numeric/boolean/string keywords of the right kind, nested schemas cleaned recursively.
 * The compiled catalog is already clean; this guards custom toolkits and future data.
 */
export function cleanProperty(s: unknown, depth = 0): Record<string, unknown> {
  if (!s || typeof s !== 'object' || Array.isArray(s) || depth > 32) return {};
  const src = s as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (v === undefined || v === null) {
      if (k === 'default' || k === 'const') out[k] = v;
      continue;
    }
    if (k === 'type') {
      if (typeof v === 'string' && PRIMITIVES.has(v)) out.type = v;
      else if (Array.isArray(v)) {
        const list = v.filter((t) => typeof t === 'string' && PRIMITIVES.has(t));
        if (list.length) out.type = list;
      }
    } else if (NUMERIC.includes(k)) {
      if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
    } else if (BOOLEAN.includes(k)) {
      if (typeof v === 'boolean') out[k] = v;
    } else if (STRING.includes(k)) {
      if (typeof v === 'string') out[k] = v;
    } else if (k === 'properties' || k === 'patternProperties' || k === 'definitions' || k === '$defs') {
      if (typeof v === 'object' && !Array.isArray(v)) {
        out[k] = Object.fromEntries(
          Object.entries(v as Record<string, unknown>).map(([pk, pv]) => [pk, cleanProperty(pv, depth + 1)]),
        );
      }
    } else if (k === 'items') {
      out.items = Array.isArray(v) ? v.map((x) => cleanProperty(x, depth + 1)) : cleanProperty(v, depth + 1);
    } else if (k === 'anyOf' || k === 'oneOf' || k === 'allOf') {
      if (Array.isArray(v)) out[k] = v.map((x) => cleanProperty(x, depth + 1));
    } else if (k === 'not' || k === 'if' || k === 'then' || k === 'else') {
      out[k] = cleanProperty(v, depth + 1);
    } else if (k === 'additionalProperties') {
      out[k] = typeof v === 'boolean' ? v : cleanProperty(v, depth + 1);
    } else if (k === 'required' || k === 'enum' || k === 'examples') {
      if (Array.isArray(v)) out[k] = k === 'required' ? v.filter((x) => typeof x === 'string') : v;
    } else {
      out[k] = v;
    }
  }
  return out;
}

export function cleanParameters(p: JsonSchemaObject | undefined): {
  type: 'object';
  properties: Record<string, unknown>;
  [k: string]: unknown;
} {
  const props = p && typeof p.properties === 'object' && p.properties ? p.properties : {};
  const out: { type: 'object'; properties: Record<string, unknown>; [k: string]: unknown } = {
    type: 'object',
    properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, cleanProperty(v)])),
  };
  if (Array.isArray(p?.required) && p.required.length) out.required = p.required.filter((r) => typeof r === 'string');
  if (typeof p?.description === 'string') out.description = p.description;
  if (typeof p?.title === 'string') out.title = p.title;
  if (typeof p?.additionalProperties === 'boolean') out.additionalProperties = p.additionalProperties;
  return out;
}

/** WeakMap cache: catalog tool objects are immutable, so each is rendered once per process. */
const rendered = new WeakMap<ToolDef, Tool>();

export function toolView(tool: ToolDef, toolkit: ToolkitDef): Tool {
  const hit = rendered.get(tool);
  if (hit && hit.toolkit.name === toolkit.name && hit.version === toolkit.version) return hit;
  const version = toolkit.version;
  const view: Tool = {
    slug: tool.slug,
    name: tool.name,
    description: tool.description ?? '',
    input_parameters: cleanParameters(tool.inputParameters),
    output_parameters: cleanParameters(tool.outputParameters),
    toolkit: { slug: toolkit.slug, name: toolkit.name, logo: toolkit.logo ?? '' },
    tags: tool.tags ?? [],
    scopes: tool.scopes ?? [],
    scope_requirements: null,
    no_auth: tool.noAuth || toolkit.noAuth,
    is_deprecated: tool.deprecated,
    is_curated: Boolean(tool.curated || tool.mapped),
    version,
    available_versions: [version],
    deprecated: {
      available_versions: [version],
      displayName: tool.name,
      is_deprecated: tool.deprecated,
      toolkit: { logo: toolkit.logo ?? '' },
      version,
    },
  };
  rendered.set(tool, view);
  return view;
}
