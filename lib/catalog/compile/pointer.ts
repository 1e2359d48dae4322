/**
 * Finding one's way in an OpenAPI document: `$ref` resolution (local JSON pointers, cycles
 * refused) and the dotted pointers every compile error starts with.
 */
import { isObj, type Json } from './json';

/** A document the compiler refuses; the message starts with a pointer to the offending node. */
export class CatalogCompileError extends Error {
  /** dotted pointer into the document, e.g. `paths./pets.get.parameters[0]` */
  readonly pointer: string;
  constructor(pointer: string, problem: string) {
    super(pointer ? `${pointer}: ${problem}` : problem);
    this.name = 'CatalogCompileError';
    this.pointer = pointer;
  }
}

export function pointerOf(path: string, ...parts: (string | number)[]): string {
  let p = path;
  for (const part of parts) p += typeof part === 'number' ? `[${part}]` : p ? `.${part}` : part;
  return p;
}

// ---------------------------------------------------------------------------------------------
// $ref resolution
// ---------------------------------------------------------------------------------------------

export function resolvePointer(doc: Json, ref: string, at: string): unknown {
  if (typeof ref !== 'string') throw new CatalogCompileError(at, '$ref must be a string');
  if (!ref.startsWith('#')) {
    throw new CatalogCompileError(at, `external $ref '${ref}' is not supported (bundle the document first)`);
  }
  const parts = ref
    .slice(1)
    .split('/')
    .slice(1)
    .map((p) => {
      let s = p;
      try {
        s = decodeURIComponent(p);
      } catch {
        /* keep raw */
      }
      return s.replace(/~1/g, '/').replace(/~0/g, '~');
    });
  let cur: unknown = doc;
  for (const part of parts) {
    if (Array.isArray(cur)) cur = cur[Number(part)];
    else if (isObj(cur)) cur = cur[part];
    else cur = undefined;
    if (cur === undefined) throw new CatalogCompileError(at, `cannot resolve $ref '${ref}'`);
  }
  return cur;
}

/** follows a chain of $refs (parameters, requestBodies, responses…) */
export function deref<T = Json>(doc: Json, node: unknown, at: string): T {
  let cur = node;
  const seen = new Set<string>();
  while (isObj(cur) && typeof cur.$ref === 'string') {
    if (seen.has(cur.$ref)) throw new CatalogCompileError(at, `circular $ref '${cur.$ref}'`);
    seen.add(cur.$ref);
    cur = resolvePointer(doc, cur.$ref, at);
  }
  return cur as T;
}
