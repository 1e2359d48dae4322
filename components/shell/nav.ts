export const NAV = [
  { href: '/', label: 'Overview', key: 'o' },
  { href: '/accounts', label: 'Connected accounts', key: 'a' },
  { href: '/auth-configs', label: 'Auth configs', key: 'c' },
  { href: '/toolkits', label: 'Toolkits & tools', key: 't' },
  { href: '/triggers', label: 'Triggers', key: 'r' },
  { href: '/webhooks', label: 'Webhooks', key: 'w' },
  { href: '/tool-router', label: 'Tool router', key: 's' },
  { href: '/mcp-servers', label: 'MCP servers', key: 'm' },
  { href: '/mcp-clients', label: 'MCP clients', key: 'l' },
  { href: '/mcp-toolkits', label: 'MCP toolkits', key: 'x' },
  { href: '/settings/keys', label: 'Project & API keys', key: 'k' },
  { href: '/settings/branding', label: 'Connect branding', key: 'b' },
  { href: '/settings/connections', label: 'API connections', key: 'n' },
  { href: '/audit-log', label: 'Audit log', key: 'u' },
] as const;

export function isActive(pathname: string, href: string): boolean {
  return href === '/'
    ? pathname === '/'
    : pathname === href || pathname.startsWith(`${href}/`) || (href === '/toolkits' && pathname.startsWith('/tools/'));
}
