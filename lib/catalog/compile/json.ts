/** A node of a parsed OpenAPI document, and the guard every step of the compiler narrows with. */
export type Json = Record<string, unknown>;

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
