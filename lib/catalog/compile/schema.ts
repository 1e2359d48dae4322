/**
 * Schema normalisation: every node gets one primitive JSON-Schema `type`, `$ref`s are inlined up to a
 * depth limit (cycles cut), and the composition keywords are folded into one shape an LLM can fill in.
 */
import { isObj, type Json } from './json';
import { CatalogCompileError, pointerOf, resolvePointer } from './pointer';
import { clip } from './text';

export interface SchemaCtx {
  doc: Json;
  mode: 'input' | 'output';
  maxDepth: number;
  nodes: number;
  maxNodes: number;
}

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

/** keywords an `allOf` member lends the merged schema when the schema itself lacks them */
const ALL_OF_BORROWED = [
  'type',
  'description',
  'items',
  'enum',
  'format',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'nullable',
  'default',
  'example',
  'examples',
];

/** numeric bounds copied as they are */
const BOUNDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
];

export function inferType(s: Json): string {
  const t = s.type;
  if (typeof t === 'string' && PRIMITIVE_TYPES.has(t)) return t;
  if (Array.isArray(t)) {
    const first = t.find((x) => typeof x === 'string' && x !== 'null' && PRIMITIVE_TYPES.has(x));
    if (first) return first as string;
    if (t.includes('null')) return 'null';
  }
  if (t === 'file') return 'string';
  if (isObj(s.properties) || isObj(s.additionalProperties) || s.additionalProperties === true) return 'object';
  if (s.items !== undefined) return 'array';
  if (Array.isArray(s.enum)) {
    const v = s.enum.find((x) => x !== null);
    if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
    if (typeof v === 'boolean') return 'boolean';
    if (typeof v === 'string') return 'string';
  }
  if (s.const !== undefined && s.const !== null) {
    return typeof s.const === 'number' ? 'number' : typeof s.const === 'boolean' ? 'boolean' : 'string';
  }
  return 'string';
}

function isNullSchema(s: Json): boolean {
  return s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null);
}

export function typeMatches(type: string, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObj(v);
    default:
      return false;
  }
}

function stripUndefined(o: Json): Json {
  const r: Json = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) r[k] = v;
  return r;
}

function smallExamples(s: Json): unknown[] | undefined {
  const raw: unknown[] = Array.isArray(s.examples) ? s.examples : s.example !== undefined ? [s.example] : [];
  const out = raw.filter((e) => e !== null && e !== undefined && JSON.stringify(e).length <= 200).slice(0, 2);
  return out.length ? out : undefined;
}

// ---------------------------------------------------------------------------------------------
// $ref and allOf: one raw schema, not yet normalised
// ---------------------------------------------------------------------------------------------

interface Flat {
  s: Json;
  cyclic: boolean;
  refs: string[];
}

/** resolve refs and fold allOf into one raw schema (not yet normalised) */
function flatten(ctx: SchemaCtx, node: unknown, at: string, stack: string[], guard = 0): Flat {
  const refs: string[] = [];
  let cur: unknown = node;
  let cyclic = false;
  while (isObj(cur) && typeof cur.$ref === 'string') {
    const ref = cur.$ref;
    if (stack.includes(ref) || refs.includes(ref)) {
      cyclic = true;
      const target = resolvePointer(ctx.doc, ref, at);
      cur = isObj(target) ? { type: inferType(target), description: target.description ?? cur.description } : {};
      break;
    }
    refs.push(ref);
    const target = resolvePointer(ctx.doc, ref, at);
    // sibling keywords next to $ref (OAS 3.1) override the target's description
    cur = isObj(target) && typeof cur.description === 'string' ? { ...target, description: cur.description } : target;
  }
  if (typeof cur === 'boolean' || cur === undefined || cur === null) return { s: {}, cyclic, refs };
  if (!isObj(cur)) throw new CatalogCompileError(at, 'schema must be an object');
  const s = Array.isArray(cur.allOf) && guard < 8 ? mergeAllOf(ctx, cur, at, [...stack, ...refs], guard) : cur;
  return { s, cyclic, refs };
}

/** the members' properties and requirements joined; other keywords taken from the first member that has them */
function mergeAllOf(ctx: SchemaCtx, s: Json, at: string, stack: string[], guard: number): Json {
  const members = s.allOf as unknown[];
  const merged: Json = { ...s };
  delete merged.allOf;
  const props: Json = isObj(s.properties) ? { ...s.properties } : {};
  const required = new Set<string>(Array.isArray(s.required) ? s.required.filter((x) => typeof x === 'string') : []);
  let hasProps = isObj(s.properties);
  members.forEach((member, i) => {
    const ms = flatten(ctx, member, pointerOf(at, 'allOf', i), stack, guard + 1).s;
    if (isObj(ms.properties)) {
      hasProps = true;
      for (const [k, v] of Object.entries(ms.properties)) if (!(k in props)) props[k] = v;
    }
    if (Array.isArray(ms.required)) for (const r of ms.required) if (typeof r === 'string') required.add(r);
    for (const key of ALL_OF_BORROWED) {
      if (merged[key] === undefined && ms[key] !== undefined) merged[key] = ms[key];
    }
  });
  if (hasProps) merged.properties = props;
  if (required.size) merged.required = [...required];
  return merged;
}

// ---------------------------------------------------------------------------------------------
// oneOf / anyOf: one shape out of the alternatives
// ---------------------------------------------------------------------------------------------

interface Folded {
  s: Json;
  /** a null alternative was among the variants */
  nullable: boolean;
  /** appended to the description when the alternatives have different types */
  note: string;
}

function foldVariants(ctx: SchemaCtx, s: Json, at: string, stack: string[]): Folded {
  const variantsRaw = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null;
  if (!variantsRaw?.length) return { s, nullable: false, note: '' };
  const key = Array.isArray(s.oneOf) ? 'oneOf' : 'anyOf';
  let nullable = false;
  const variants = variantsRaw
    .map((v, i) => flatten(ctx, v, pointerOf(at, key, i), stack).s)
    .filter((v) => {
      if (isNullSchema(v)) {
        nullable = true;
        return false;
      }
      return true;
    });
  // Stripe-style `anyOf: [<real schema>, {enum: ['']}]` (empty string = unset): keep the real schema
  const sentinel = (v: Json) => Array.isArray(v.enum) && v.enum.length === 1 && v.enum[0] === '';
  if (variants.length > 1 && variants.some(sentinel) && !variants.every(sentinel)) {
    for (let i = variants.length - 1; i >= 0; i--) if (sentinel(variants[i]!)) variants.splice(i, 1);
  }
  const base: Json = { ...s };
  delete base.oneOf;
  delete base.anyOf;
  if (variants.length === 1) {
    const one = { ...variants[0], ...stripUndefined({ description: base.description, default: base.default }) };
    return { s: one, nullable, note: '' };
  }
  if (variants.length > 1) return { ...foldSeveral(base, variants), nullable };
  return { s, nullable, note: '' };
}

/** two or more non-null alternatives */
function foldSeveral(base: Json, variants: Json[]): { s: Json; note: string } {
  const types = variants.map(inferType);
  const uniq = [...new Set(types)];
  if (uniq.length === 1 && uniq[0] === 'object') {
    // union of the alternatives' properties, nothing required
    const props: Json = {};
    for (const v of variants)
      if (isObj(v.properties)) for (const [k, p] of Object.entries(v.properties)) if (!(k in props)) props[k] = p;
    const s = {
      ...base,
      type: 'object',
      properties: Object.keys(props).length ? props : undefined,
      description: base.description ?? variants[0]?.description,
    };
    return { s, note: '' };
  }
  if (uniq.length === 1) {
    const s: Json = { ...variants[0], ...stripUndefined({ description: base.description }) };
    const enums = variants.flatMap((v) => (Array.isArray(v.enum) ? v.enum : []));
    if (enums.length && variants.every((v) => Array.isArray(v.enum))) s.enum = [...new Set(enums)];
    return { s, note: '' };
  }
  const pickIdx = isObj(base.properties) ? types.indexOf('object') : types.indexOf('string');
  const pick = variants[Math.max(pickIdx, 0)];
  const s = { ...pick, ...stripUndefined({ description: base.description ?? pick?.description }) };
  return { s, note: `Accepts ${uniq.join(' or ')}.` };
}

// ---------------------------------------------------------------------------------------------
// One normalised node
// ---------------------------------------------------------------------------------------------

/** Returns null when the property must be dropped (readOnly in input, writeOnly in output). */
function normSchema(ctx: SchemaCtx, node: unknown, at: string, depth: number, stack: string[]): Json | null {
  ctx.nodes++;
  const { s: flat, cyclic, refs } = flatten(ctx, node, at, stack);
  const innerStack = refs.length ? [...stack, ...refs] : stack;
  if (ctx.mode === 'input' && flat.readOnly === true) return null;
  if (ctx.mode === 'output' && flat.writeOnly === true) return null;

  const declaredNullable = flat.nullable === true || (Array.isArray(flat.type) && flat.type.includes('null'));
  const folded = foldVariants(ctx, flat, at, innerStack);
  const s = folded.s;
  const type = inferType(s);
  const out = nodeHeader(s, type, declaredNullable || folded.nullable, folded.note);
  copyValueKeywords(out, s, type);

  const expand = !cyclic && depth < ctx.maxDepth && ctx.nodes < ctx.maxNodes;
  if (type === 'object') addObjectChildren(ctx, out, s, at, depth, innerStack, expand);
  else if (type === 'array') out.items = arrayItems(ctx, s, at, depth, innerStack, expand) ?? { type: 'string' };
  return out;
}

/** type, description, format and the flags of one node */
function nodeHeader(s: Json, type: string, nullable: boolean, variantNote: string): Json {
  const out: Json = { type };
  let description = typeof s.description === 'string' ? s.description : typeof s.title === 'string' ? s.title : '';
  if (variantNote) description = description ? `${description} ${variantNote}` : variantNote;
  if (s.type === 'file') out.format = 'binary';
  if (description) out.description = clip(description, 300);
  if (typeof s.format === 'string') out.format = s.format;
  if (nullable && type !== 'null') out.nullable = true;
  if (s.deprecated === true) out.deprecated = true;
  return out;
}

/** enum, const, default, examples and bounds, each kept only when it fits the node's type */
function copyValueKeywords(out: Json, s: Json, type: string): void {
  if (Array.isArray(s.enum)) {
    const vals = s.enum.filter(
      (v) => v !== null && (type === 'string' ? typeof v === 'string' || typeof v === 'number' : typeMatches(type, v)),
    );
    const norm = type === 'string' ? [...new Set(vals.map(String))] : vals;
    if (norm.length) out.enum = norm.slice(0, 200);
  }
  if (s.const !== undefined && s.const !== null && typeMatches(type, s.const)) out.const = s.const;
  if (s.default !== undefined && s.default !== null) {
    let d = s.default;
    if (type === 'string' && (typeof d === 'number' || typeof d === 'boolean')) d = String(d);
    if (typeMatches(type, d) && JSON.stringify(d).length <= 200) out.default = d;
  }
  const ex = smallExamples(s);
  if (ex) {
    const ok = ex.filter(
      (e) => typeMatches(type, e) || (type === 'string' && (typeof e === 'number' || typeof e === 'boolean')),
    );
    if (ok.length) out.examples = type === 'string' ? ok.map((e) => (typeof e === 'string' ? e : String(e))) : ok;
  }
  for (const k of BOUNDS) {
    if (typeof s[k] === 'number' && Number.isFinite(s[k])) out[k] = s[k];
  }
  if (typeof s.pattern === 'string' && s.pattern.length <= 200) out.pattern = s.pattern;
  if (s.uniqueItems === true) out.uniqueItems = true;
}

function addObjectChildren(
  ctx: SchemaCtx,
  out: Json,
  s: Json,
  at: string,
  depth: number,
  stack: string[],
  expand: boolean,
): void {
  if (isObj(s.properties) && expand) {
    const props: Json = {};
    for (const [k, v] of Object.entries(s.properties)) {
      const p = normSchema(ctx, v, pointerOf(at, 'properties', k), depth + 1, stack);
      if (p) props[k] = p;
    }
    out.properties = props;
    if (Array.isArray(s.required)) {
      const req = s.required.filter((r): r is string => typeof r === 'string' && r in props);
      if (req.length) out.required = [...new Set(req)];
    }
  } else if (isObj(s.additionalProperties) && expand) {
    const ap = normSchema(ctx, s.additionalProperties, pointerOf(at, 'additionalProperties'), depth + 1, stack);
    if (ap) out.additionalProperties = ap;
  }
}

/** the items schema; past the depth limit only the items' type and description */
function arrayItems(ctx: SchemaCtx, s: Json, at: string, depth: number, stack: string[], expand: boolean): Json | null {
  if (s.items === undefined || Array.isArray(s.items)) return null;
  if (expand) return normSchema(ctx, s.items, pointerOf(at, 'items'), depth + 1, stack);
  const it = flatten(ctx, s.items, pointerOf(at, 'items'), stack).s;
  const items: Json = { type: inferType(it) };
  if (typeof it.description === 'string') items.description = clip(it.description, 200);
  return items;
}

/** normalise with decreasing depth until the serialized schema fits `maxBytes` */
export function normSized(
  doc: Json,
  mode: 'input' | 'output',
  node: unknown,
  at: string,
  maxBytes: number,
  startDepth: number,
): Json | null {
  let last: Json | null = null;
  for (let depth = startDepth; depth >= 0; depth--) {
    const ctx: SchemaCtx = { doc, mode, maxDepth: depth, nodes: 0, maxNodes: 4000 };
    last = normSchema(ctx, node, at, 0, []);
    if (!last || JSON.stringify(last).length <= maxBytes) return last;
  }
  if (last) {
    // still too large (huge enums / descriptions): keep the bare shape
    const bare: Json = { type: last.type };
    if (last.description) bare.description = last.description;
    if (last.type === 'array') bare.items = { type: 'object' };
    return bare;
  }
  return last;
}
