/**
 * The answer of a mapped GraphQL tool (`graphql:` in a mapping file). GraphQL servers answer 200 with an
 * `errors` list when a document fails (an unknown id, a missing permission, a validation error), so
 * such an answer ends the call unsuccessful with the provider's messages instead of passing as data.
 * `result` picks the part of `data` the tool returns, under its last key (`boards.0.groups` →
 * `{groups: […]}`); a missing part is null, not an error (an unknown board yields an empty list).
 */
import { ToolFailure } from '../../catalog/curated/types';
import { graphqlMessages } from '../../catalog/curated/graphql';
import type { ToolHttp } from '../../catalog/http-types';

export function graphqlData(spec: NonNullable<ToolHttp['graphql']>, body: unknown): Record<string, unknown> {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as {
    data?: Record<string, unknown> | null;
    errors?: unknown;
  };
  if (Array.isArray(b.errors) && b.errors.length) {
    throw new ToolFailure(graphqlMessages(b.errors as Parameters<typeof graphqlMessages>[0]), {
      errors: b.errors,
      ...(b.data ? { partial_data: b.data } : {}),
    });
  }
  const data = b.data && typeof b.data === 'object' ? b.data : {};
  if (!spec.result?.length) return data;
  let cur: unknown = data;
  for (const k of spec.result) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined;
  const key = [...spec.result].reverse().find((k) => !/^\d+$/.test(k))!;
  return { [key]: cur ?? null };
}
