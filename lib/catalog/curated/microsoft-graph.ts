/**
 * What Outlook, Microsoft Teams and OneDrive share: one connection model on the Microsoft
 * identity platform (OAuth2 v2.0 endpoints under the app's tenant, `common` by default, with
 * offline_access for refresh tokens) and one API, Microsoft Graph v1.0. Graph's query options
 * are `$top`, `$filter`, …; hosted arguments name them `top`, `filter`, … and the rest of a
 * request is camelCase, so `graph()` converts the names once for every mapping.
 */
import { oauth2AuthConfigFields } from '../compile/auth';
import type { AuthSchemeDef } from '../types';
import { s } from './define';
import { camel, restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

export const GRAPH_BASE = 'https://graph.microsoft.com/v1.0';
export const MS_AUTHORIZE = 'https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize';
export const MS_TOKEN = 'https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token';

/** OAuth2 with the tenant as an auth-config field; the OAuth service fills `{tenant}` in both URLs. */
export function microsoftOAuth(scopes: string[]): AuthSchemeDef {
  const all = ['offline_access', 'User.Read', ...scopes];
  const base = oauth2AuthConfigFields({ authorizationUrl: MS_AUTHORIZE, tokenUrl: MS_TOKEN, scopes: all });
  return {
    mode: 'OAUTH2',
    name: 'OAuth2',
    authConfigFields: {
      required: base.required,
      optional: [
        {
          name: 'tenant',
          displayName: 'Tenant',
          type: 'string',
          required: false,
          default: 'common',
          description:
            'Directory (tenant) id or domain of your app registration; common (any work or personal account), organizations, or consumers',
        },
        ...base.optional,
      ],
    },
    connectionFields: { required: [], optional: [] },
    placement: [{ in: 'bearer', field: 'access_token' }],
    oauth: { authorizationUrl: MS_AUTHORIZE, tokenUrl: MS_TOKEN, defaultScopes: all, scopeSeparator: ' ', pkce: true },
  };
}

const ODATA = new Set(['top', 'skip', 'filter', 'select', 'orderby', 'expand', 'search', 'count']);
/** hosted snake_case → Graph: OData options get their `$`, everything else is camelCase */
export const graphName = (k: string) => (ODATA.has(k) ? `$${k}` : camel(k));

/**
 * A Graph mapping. On reads the documented defaults of the schema are really sent (page size,
 * folder root, expand=fields), so what the agent reads in the schema is what happens.
 */
export function graph(tag: string) {
  return (def: RestDef): CuratedTool => {
    const fromSchema: Record<string, unknown> = {};
    if (def.method === 'GET') {
      for (const [k, v] of Object.entries(def.input ?? {})) {
        const d = (v as { default?: unknown }).default;
        if (d !== undefined) fromSchema[k] = d;
      }
    }
    return restMapping(
      { ...def, tags: def.tags ?? [tag], defaults: { ...fromSchema, ...def.defaults } },
      graphName,
      tag,
    );
  };
}

/** Shared argument schemas of Graph list calls. */
export const q = {
  top: (n = 25) => s.integer(`How many items per page (default ${n}); follow @odata.nextLink for more`, { default: n }),
  skip: s.integer('Items to skip, for paging without a nextLink'),
  filter: s.string('OData $filter, e.g. isRead eq false or receivedDateTime ge 2025-01-01T00:00:00Z'),
  select: s.string('Comma-separated properties to return, e.g. id,subject,from; smaller answers'),
  orderby: s.string('OData $orderby, e.g. receivedDateTime desc'),
};

/** `a@x.com` or `{address,name}` → Graph's recipient object */
export function recipients(v: unknown): { emailAddress: { address: string; name?: string } }[] | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const list = Array.isArray(v) ? v : String(v).split(',');
  return list
    .map((r) =>
      typeof r === 'string' ? { emailAddress: { address: r.trim() } } : { emailAddress: r as { address: string } },
    )
    .filter((r) => r.emailAddress.address);
}
