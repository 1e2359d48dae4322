import { errors, namedError } from '../contract/errors';
import { grants, type KeyPermissions, type PermissionArea } from '../contract/key-permissions';

/** What a project route asks of a scoped key: one area, read or write. */
export interface RoutePermission {
  area: PermissionArea;
  need: 'read' | 'write';
}

/**
 * The permission every project route needs, decided by rule from its path (v3.1 surface §11.2), not
 * annotated route by route: a route added later under a known family is covered at once. The level
 * follows what the route does, not its method, where the two differ (searches by POST read, for one).
 * First match wins; a rule without `need` reads on GET and writes otherwise. A project route that no
 * rule names (project settings, key management) is refused to every scoped key.
 */
const P = '\\{[^}]+\\}';
const RULES: { path: RegExp; area: PermissionArea; need?: 'read' | 'write' }[] = [
  { path: /^\/tools\/execute\/proxy$/, area: 'proxy_execute', need: 'write' },
  { path: new RegExp(`^/tool_router/session/${P}/proxy_execute$`), area: 'proxy_execute', need: 'write' },
  { path: new RegExp(`^/tools/execute/${P}/input$`), area: 'tools', need: 'read' },
  { path: /^\/tools\/(scopes\/required|get_scopes_required)$/, area: 'tools', need: 'read' },
  { path: /^\/tools\/execute\//, area: 'tool_execution', need: 'write' },
  { path: /^\/files\//, area: 'tool_execution', need: 'write' },
  {
    path: new RegExp(`^/tool_router/session/${P}/(execute|execute_meta|search)$`),
    area: 'tool_execution',
    need: 'write',
  },
  { path: /^\/(labs\/)?tool_router\//, area: 'sessions' },
  { path: /^\/tools(\/|$)/, area: 'tools' },
  { path: /^\/logs\//, area: 'observability', need: 'read' },
  { path: /^\/project\/usage(\/|$)/, area: 'observability', need: 'read' },
  // listed by the hosted service among the toolkit writes, though it reads
  { path: /^\/toolkits\/multi$/, area: 'toolkits', need: 'write' },
  { path: /^\/toolkits(\/|$)/, area: 'toolkits' },
  // custom toolkits (OpenAPI imports and remote MCP servers) are toolkits the project defines
  { path: /^\/custom\/toolkits(\/|$)/, area: 'toolkits' },
  { path: /^\/auth_configs(\/|$)/, area: 'auth_configs' },
  { path: /^\/connected_accounts(\/|$)/, area: 'connected_accounts' },
  { path: /^\/(internal\/sdk|cli)\/realtime\//, area: 'triggers', need: 'read' },
  { path: /^\/(triggers_types|trigger_instances)(\/|$)/, area: 'triggers' },
  { path: /^\/(webhook_endpoints|webhook_subscriptions)(\/|$)/, area: 'webhooks' },
  { path: /^\/(mcp|mcp_oauth)(\/|$)/, area: 'mcp_servers' },
];

export function routePermission(method: string, path: string): RoutePermission | null {
  for (const r of RULES) {
    if (r.path.test(path)) return { area: r.area, need: r.need ?? (method === 'GET' ? 'read' : 'write') };
  }
  return null;
}

/** Refuses a scoped key the route's permission; full-access keys (no permissions) pass. */
export function checkKeyPermission(
  permissions: KeyPermissions | null | undefined,
  required: RoutePermission | null,
  method: string,
  path: string,
) {
  if (!permissions) return;
  if (!required) {
    throw errors.forbidden(
      `A scoped API key may not call ${method} ${path}; use a key with full access to the project`,
    );
  }
  if (grants(permissions[required.area], required.need)) return;
  throw namedError(
    'ApiKey_PermissionDenied',
    `This API key has no ${required.need} access to ${required.area} (needed by ${method} ${path})`,
    {
      suggested_fix: `Create a key whose permissions give ${required.area} ${required.need} access (permissions are fixed when a key is made).`,
    },
  );
}
