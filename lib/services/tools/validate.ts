import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ToolDef } from '../../catalog/types';

/**
 * Argument validation against a tool's input schema. Schemas compile on first use and stay
 * cached per tool object (catalog tools are immutable; a re-imported custom toolkit has new objects).
 */
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const ajv = new Ajv({
  allErrors: true,
  strict: false,
  coerceTypes: false,
  validateFormats: true,
  allowUnionTypes: true,
});
(addFormats as unknown as (a: Ajv) => void)(ajv);
// keywords of the compiled catalog that are annotations only
for (const k of ['file_uploadable', 'file_downloadable', 'examples', 'x-nullable']) {
  try {
    ajv.addKeyword({ keyword: k });
  } catch {
    /* already known to ajv */
  }
}

const compiled = new WeakMap<ToolDef, ValidateFunction | null>();

function compile(tool: ToolDef): ValidateFunction | null {
  let fn = compiled.get(tool);
  if (fn !== undefined) return fn;
  try {
    fn = ajv.compile({ ...tool.inputParameters, type: 'object' });
  } catch {
    fn = null; // a schema ajv cannot compile is not held against the caller
  }
  compiled.set(tool, fn);
  return fn;
}

function fieldOf(e: ErrorObject): string {
  const base = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (e.keyword === 'required')
    return base
      ? `${base}.${(e.params as { missingProperty: string }).missingProperty}`
      : (e.params as { missingProperty: string }).missingProperty;
  if (e.keyword === 'additionalProperties') {
    const p = (e.params as { additionalProperty: string }).additionalProperty;
    return base ? `${base}.${p}` : p;
  }
  return base || '(arguments)';
}

function messageOf(e: ErrorObject): string {
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'type':
      return `must be ${(e.params as { type: string }).type}`;
    case 'enum':
      return `must be one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues).slice(0, 200)}`;
    case 'format':
      return `must be a valid ${(e.params as { format: string }).format}`;
    case 'additionalProperties':
      return 'is not a parameter of this tool';
    default:
      return e.message ?? 'is invalid';
  }
}

/** `[]` when valid, else one `arguments.<field>: <problem>` line per bad field. */
export function validateArguments(tool: ToolDef, args: Record<string, unknown>): string[] {
  const fn = compile(tool);
  if (!fn || fn(args)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of fn.errors ?? []) {
    // anyOf/oneOf produce a summary error plus one per branch; keep the summary
    if (e.schemaPath.includes('/anyOf/') || e.schemaPath.includes('/oneOf/')) continue;
    const line = `arguments.${fieldOf(e)}: ${messageOf(e)}`;
    if (!seen.has(line)) {
      seen.add(line);
      out.push(line);
    }
  }
  return out.length ? out : ["arguments: do not match the tool's input schema"];
}
