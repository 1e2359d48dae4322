import { checkedEnv } from '../../config';

/**
 * Service-managed OAuth apps come from server configuration:
 * JUNCTION_OAUTH_<TOOLKIT>_CLIENT_ID and JUNCTION_OAUTH_<TOOLKIT>_CLIENT_SECRET (e.g. JUNCTION_OAUTH_GITHUB_CLIENT_ID).
 */
export function managedAppEnvNames(toolkitSlug: string) {
  const base = `JUNCTION_OAUTH_${toolkitSlug.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  return { clientId: `${base}_CLIENT_ID`, clientSecret: `${base}_CLIENT_SECRET` };
}

export function managedApp(toolkitSlug: string, env: NodeJS.ProcessEnv = checkedEnv()) {
  const names = managedAppEnvNames(toolkitSlug);
  const clientId = env[names.clientId];
  const clientSecret = env[names.clientSecret];
  return clientId && clientSecret ? { client_id: clientId, client_secret: clientSecret } : undefined;
}
