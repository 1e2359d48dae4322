/**
 * Tools that are one REST request inside a scope the provider's every path or header names (DocuSign's
 * account, Xero's organisation): the tool takes the scope as an optional argument, and the toolkit says
 * how to find the user's default one and where the scope goes in the request.
 */
import { composite, params } from './define';
import type { CuratedContext, CuratedTool, ProviderRequest } from './types';

type Args = Record<string, unknown>;

export interface ScopedRestDef {
  slug: string;
  name: string;
  description: string;
  important?: boolean;
  method: ProviderRequest['method'];
  /** path inside the scope, with `{arg}` placeholders */
  path: string;
  input: Record<string, unknown>;
  /** default: the path's placeholders */
  required?: string[];
  /** hosted argument → provider query parameter */
  query?: Record<string, string>;
  body?: (a: Args) => unknown;
}

/** what the tool builds from its arguments before the toolkit places the scope */
export interface ScopedCall {
  method: ProviderRequest['method'];
  /** the def's path with the placeholders filled in (URL-encoded) */
  path: string;
  query: Record<string, string | number | boolean>;
  body: unknown;
}

export interface RestScope<S> {
  tag: string;
  /** the tool's input properties with the scope argument added where the toolkit lists it */
  input: (own: Record<string, unknown>) => Record<string, unknown>;
  /** the scope the arguments name, else the user's default (asked of the provider) */
  resolve: (ctx: CuratedContext, a: Args) => Promise<S>;
  /** how a query argument's value is sent; default as it is */
  queryValue?: (v: unknown) => unknown;
  /** the provider request for one call inside the scope */
  request: (scope: S, call: ScopedCall, a: Args) => ProviderRequest;
}

/** a builder of the toolkit's tools: each answers the provider's JSON */
export function scopedRestTool<S>(scope: RestScope<S>): (def: ScopedRestDef) => CuratedTool {
  return (def) => {
    const inPath = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    return composite({
      slug: def.slug,
      name: def.name,
      description: def.description,
      important: def.important,
      tags: [scope.tag],
      input: params(scope.input(def.input), def.required ?? inPath),
      async run(ctx, a) {
        const resolved = await scope.resolve(ctx, a);
        const path = def.path.replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(String(a[k] ?? '')));
        const query: Record<string, string | number | boolean> = {};
        for (const [arg, name] of Object.entries(def.query ?? {}))
          if (a[arg] !== undefined && a[arg] !== null)
            query[name] = (scope.queryValue ? scope.queryValue(a[arg]) : a[arg]) as string;
        return ctx.json(scope.request(resolved, { method: def.method, path, query, body: def.body?.(a) }, a));
      },
    });
  };
}
