import { Router, type RouteDef } from '../router';
import { authConfigRoutes } from './auth-configs';
import { connectedAccountRoutes } from './connected-accounts';
import { metaRoutes } from './meta';
import { oauthRoutes } from './oauth';
import { orgRoutes } from './org';
import { toolkitRoutes } from './toolkits';
import { triggerRoutes } from './triggers';
import { webhookRoutes } from './webhooks';
import { webhookEndpointRoutes } from './webhook-endpoints';
import { toolRouterRoutes } from './tool-router';
import { fileRoutes } from './files';
import { customMcpToolkitRoutes, customToolkitRoutes, toolLogRoutes, toolRoutes } from './tools';
import { mcpServerRoutes } from './mcp-servers';
import { mcpAuthRoutes } from './mcp-auth';
import { toolExecutionLogRoutes } from './logs';
import { usageRoutes } from './usage';
import { brandingRoutes } from './branding';

/** Every v3 operation. An area adds its route list here. */
const all: RouteDef[] = [
  ...connectedAccountRoutes,
  ...authConfigRoutes,
  ...toolkitRoutes,
  ...toolRoutes,
  ...customToolkitRoutes,
  ...customMcpToolkitRoutes,
  ...toolLogRoutes,
  ...triggerRoutes,
  ...orgRoutes,
  ...webhookRoutes,
  ...webhookEndpointRoutes,
  ...oauthRoutes,
  ...toolRouterRoutes,
  ...fileRoutes,
  ...mcpServerRoutes,
  ...mcpAuthRoutes,
  ...toolExecutionLogRoutes,
  ...usageRoutes,
  ...brandingRoutes,
];
all.push(...metaRoutes(() => all));

declare global {
  var __junctionRouter: Router | undefined;
}

export function apiRouter(): Router {
  globalThis.__junctionRouter ??= new Router(all);
  return globalThis.__junctionRouter;
}
