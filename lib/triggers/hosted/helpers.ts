import type { Item } from '../types';

/** Small builders shared by the hosted-name poll types: JSON Schema fragments and item accessors. */
export const str = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : String(v));
export const get = (o: unknown, p: string): unknown =>
  p.split('.').reduce<any>((x, k) => (x == null ? undefined : x[k]), o);
export const S = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  description,
  ...extra,
});
export const B = (description: string, dflt?: boolean) => ({
  type: 'boolean',
  description,
  ...(dflt === undefined ? {} : { default: dflt }),
});
export const N = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'number',
  description,
  ...extra,
});
export const O = (description: string) => ({ type: 'object', description });
export const A = (description: string, items: Record<string, unknown> = { type: 'object' }) => ({
  type: 'array',
  description,
  items,
});
export const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
/** the provider's answer as one object (single-resource reads), unwrapping the executor's envelopes */
export const self = (data: unknown): Item[] | undefined => {
  const d = data as Record<string, unknown> | null;
  if (!d || typeof d !== 'object' || Array.isArray(d)) return undefined;
  const inner = (d.response_data ?? d) as Record<string, unknown>;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? [inner] : undefined;
};
/** an ISO time a little before the watermark, so a list filtered by time overlaps the last poll */
export const since = (watermark: unknown, slackMs = 60_000) =>
  typeof watermark === 'number' ? new Date(watermark - slackMs).toISOString() : undefined;
/** keys whose JSON differs between two kept snapshots */
export const changedKeys = (before: Item | undefined, after: Item, keys: string[]) =>
  keys.filter((k) => JSON.stringify(before?.[k] ?? null) !== JSON.stringify(after[k] ?? null));
/** pick the named fields of an item */
export const pick = (item: Item, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => item[k] !== undefined).map((k) => [k, item[k]]));
