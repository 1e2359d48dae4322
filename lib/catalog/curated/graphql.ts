/**
 * The GraphQL tool kind: a curated tool that is one query or mutation document, with variables
 * built from the hosted arguments. It runs as a composite (one POST of `{query, variables}` to the
 * toolkit's GraphQL path through `ctx.call`), so credentials, refresh on 401, the SSRF guard, the
 * base-URL override and the execution log are the same as for every other tool.
 *
 * GraphQL servers answer 200 with an `errors` array when a query fails (unknown id, validation,
 * permission): those become `successful:false` with the provider's messages, never a silent success.
 */
import type { CompositeTool, CuratedContext } from './types';
import { ToolFailure } from './types';

type Args = Record<string, unknown>;

/** A composite that is one GraphQL document; `graphql` is kept for the document checks in tests. */
export type GraphqlTool = CompositeTool & { graphql: { document: string; path: string } };

export interface GraphqlDef extends Omit<CompositeTool, 'kind' | 'run'> {
  /** the query or mutation document (validated by tests/unit/curated-graphql.test.ts) */
  document: string;
  /** GraphQL variables from the hosted arguments; absent (undefined) values are dropped */
  variables?: (args: Args) => Args;
  /** reshape the response's `data` into the tool's documented `data` */
  pick?: (data: Record<string, unknown>, args: Args) => Record<string, unknown>;
  /** endpoint path relative to the toolkit's base URL */
  path?: string;
}

interface GraphqlError {
  message?: string;
  path?: unknown[];
  extensions?: Record<string, unknown>;
}

/** Drop undefined (and, inside input objects, undefined) so absent arguments are not sent as null. */
export function compact(v: Args): Args {
  const out: Args = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue;
    out[k] = x && typeof x === 'object' && !Array.isArray(x) ? compact(x as Args) : x;
  }
  return out;
}

/** The messages of a GraphQL `errors` list, the user-presentable text where the server gives one. */
export function graphqlMessages(errors: GraphqlError[]): string {
  return errors
    .map((e) => {
      const user = e.extensions?.userPresentableMessage;
      return typeof user === 'string' && user ? user : (e.message ?? 'GraphQL error');
    })
    .join('; ');
}

/** Send one document and return its `data`, or end the tool with the provider's errors. */
export async function runGraphql(
  ctx: CuratedContext,
  path: string,
  query: string,
  variables: Args,
): Promise<Record<string, unknown>> {
  const res = await ctx.call({ method: 'POST', path, body: { query, variables } });
  const body = (res.body && typeof res.body === 'object' ? res.body : {}) as {
    data?: Record<string, unknown> | null;
    errors?: GraphqlError[];
  };
  if (Array.isArray(body.errors) && body.errors.length) {
    const message = graphqlMessages(body.errors);
    throw new ToolFailure(message, {
      errors: body.errors,
      status_code: res.status,
      ...(body.data ? { partial_data: body.data } : {}),
    });
  }
  if (!res.ok) {
    const message = `HTTP ${res.status} from the GraphQL endpoint`;
    throw new ToolFailure(message, { http_error: res.body ?? null, status_code: res.status });
  }
  return body.data ?? {};
}

export function graphql(def: GraphqlDef): GraphqlTool {
  const { document, variables, pick, path = '/graphql', ...rest } = def;
  return {
    kind: 'composite',
    ...rest,
    graphql: { document, path },
    async run(ctx, args) {
      const data = await runGraphql(ctx, path, document, compact(variables ? variables(args) : args));
      return pick ? pick(data, args) : data;
    },
  };
}
