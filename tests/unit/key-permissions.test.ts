import { describe, expect, it } from 'vitest';
import { apiRouter } from '../../lib/api/routes';
import { routePermission } from '../../lib/api/key-permissions';

describe('route permissions derived from the route table (v3.1 surface §11.2)', () => {
  const projectRoutes = apiRouter().routes.filter((r) => r.auth === 'project');

  it('gives every project route an area, except project settings and key management', () => {
    const unscoped = projectRoutes.filter((r) => !routePermission(r.method, r.path)).map((r) => r.path);
    expect(unscoped.length).toBeGreaterThan(0);
    for (const p of unscoped) expect(p).toMatch(/^\/org\/project\//);
  });

  it('decides the level by what the route does', () => {
    expect(routePermission('POST', '/tools/execute/{slug}/input')).toEqual({ area: 'tools', need: 'read' });
    expect(routePermission('POST', '/tools/execute/{slug}')).toEqual({ area: 'tool_execution', need: 'write' });
    expect(routePermission('POST', '/tools/execute/proxy')).toEqual({ area: 'proxy_execute', need: 'write' });
    expect(routePermission('POST', '/tool_router/session/{session_id}/proxy_execute')).toEqual({
      area: 'proxy_execute',
      need: 'write',
    });
    expect(routePermission('POST', '/tool_router/session/{session_id}/search')).toEqual({
      area: 'tool_execution',
      need: 'write',
    });
    expect(routePermission('DELETE', '/tool_router/session/{session_id}')).toEqual({ area: 'sessions', need: 'write' });
    expect(routePermission('GET', '/tool_router/session/{session_id}/tools')).toEqual({
      area: 'sessions',
      need: 'read',
    });
    expect(routePermission('POST', '/logs/tool_execution')).toEqual({ area: 'observability', need: 'read' });
    expect(routePermission('POST', '/project/usage/summary')).toEqual({ area: 'observability', need: 'read' });
    expect(routePermission('POST', '/files/upload/request')).toEqual({ area: 'tool_execution', need: 'write' });
    expect(routePermission('GET', '/toolkits/changelog')).toEqual({ area: 'toolkits', need: 'read' });
    expect(routePermission('POST', '/connected_accounts/{nanoid}/revoke')).toEqual({
      area: 'connected_accounts',
      need: 'write',
    });
    expect(routePermission('PATCH', '/trigger_instances/manage/{triggerId}')).toEqual({
      area: 'triggers',
      need: 'write',
    });
    expect(routePermission('GET', '/webhook_endpoints/schema')).toEqual({ area: 'webhooks', need: 'read' });
    expect(routePermission('GET', '/mcp/servers')).toEqual({ area: 'mcp_servers', need: 'read' });
  });
});
