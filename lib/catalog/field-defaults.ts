/**
 * Connection fields with a declared default (PostHog's cloud region `us`, Wrike's data center
 * `www`): the value a connection gets when the end user leaves the field out. Filled in when the
 * account is created, and read as the last source of a URL template for accounts created before.
 */
import type { AuthSchemeDef, ToolkitDef } from './types';

/** field name → default, for the scheme's connection fields that declare a non-empty one */
export function connectionDefaults(scheme: AuthSchemeDef | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!scheme) return out;
  for (const f of [...scheme.connectionFields.required, ...scheme.connectionFields.optional])
    if (typeof f.default === 'string' && f.default !== '') out[f.name] = f.default;
  return out;
}

/** The account's values with every absent (or empty) defaulted field filled in; a new object. */
export function withConnectionDefaults(
  scheme: AuthSchemeDef | undefined,
  val: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...val };
  for (const [k, v] of Object.entries(connectionDefaults(scheme)))
    if (out[k] === undefined || out[k] === null || out[k] === '') out[k] = v;
  return out;
}

/**
 * field name → the values it may take, for connection fields that list them (`choices`). Only such a
 * field may hold a dotted host in a URL template: the catalog names every host it can reach.
 */
export function schemeChoices(toolkit: ToolkitDef, mode: string | undefined): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  const scheme = mode ? toolkit.authSchemes.find((s) => s.mode === mode) : undefined;
  if (!scheme) return out;
  for (const f of [...scheme.connectionFields.required, ...scheme.connectionFields.optional])
    if (f.choices?.length) out[f.name] = f.choices;
  return out;
}

/** A value outside a field's listed choices, as a message naming the field; undefined when all are fine. */
export function choiceProblem(scheme: AuthSchemeDef | undefined, val: Record<string, unknown>): string | undefined {
  if (!scheme) return undefined;
  for (const f of [...scheme.connectionFields.required, ...scheme.connectionFields.optional]) {
    const v = val[f.name];
    if (!f.choices?.length || v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || !f.choices.includes(v)) return `${f.name} must be one of ${f.choices.join(', ')}`;
  }
  return undefined;
}

/** The defaults of the toolkit's scheme for `mode` (the executor's fallback source). */
export function schemeDefaults(toolkit: ToolkitDef, mode: string | undefined): Record<string, string> {
  return connectionDefaults(mode ? toolkit.authSchemes.find((s) => s.mode === mode) : undefined);
}
