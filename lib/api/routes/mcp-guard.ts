import { ApiError, namedError } from '../../contract/errors';
import { authenticate } from '../auth';
import { checkKeyPermission, routePermission } from '../key-permissions';
import { limitKey, rateLimited } from '../rate-limit';
import { noteAuthFailure, refuseIfBlocked } from '../auth-failures';
import type { ApiRequest } from '../router';
import type { Runtime } from '../../runtime';
import { resourceMetadataUrl } from '../../services/mcp-auth/resources';
import { verifyAccessToken } from '../../services/mcp-auth/tokens';

/** Who is calling an MCP URL: a project key holder, or an OAuth client bound to that URL and one user. */
export type McpCaller =
  | { via: 'api_key'; projectId: string; keyId: string }
  | { via: 'oauth'; projectId: string; userId: string; grantId: string; clientId: string };

function challenge(rt: Runtime, resource: string, error?: { code: string; description: string }): string {
  const parts = [`resource_metadata="${resourceMetadataUrl(rt, resource)}"`];
  if (error) parts.unshift(`error="${error.code}"`, `error_description="${error.description.replace(/["\\]/g, '')}"`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * The one authorization check of every MCP URL (tool router sessions, per-user server URLs).
 * `resource` is the canonical URL the endpoint serves; an OAuth token must have been issued for
 * exactly that URL. The caller still checks that the URL's project and user match the result.
 * Without credentials: 401 with `WWW-Authenticate: Bearer resource_metadata=…` (MCP authorization
 * spec), which starts an MCP client's OAuth discovery. `x-api-key` keeps working as before.
 */
export async function authorizeMcp(rt: Runtime, req: ApiRequest, resource: string): Promise<McpCaller> {
  // wrong keys and tokens count against the client's address; an address over its limit is refused before any lookup
  refuseIfBlocked(rt, req, [req.header('x-api-key'), req.header('x-user-api-key')]);
  let caller: McpCaller;
  try {
    caller = await identify(rt, req, resource);
  } catch (err) {
    // no credentials at all is how an MCP client starts OAuth discovery: not a failure to count
    const presented = req.header('x-api-key') || req.header('x-user-api-key') || req.header('authorization');
    if (presented && err instanceof ApiError && err.status === 401) {
      const limited = await noteAuthFailure(rt, req);
      if (limited) throw limited;
    }
    throw err;
  }
  // MCP routes are open to the router (auth 'none'), so the per-key limit is applied here: per API key, or per grant.
  const d = await limitKey(rt, caller.via === 'api_key' ? caller.keyId : caller.grantId);
  if (d && !d.ok) throw rateLimited(d, 'key');
  return caller;
}

async function identify(rt: Runtime, req: ApiRequest, resource: string): Promise<McpCaller> {
  if (req.header('x-api-key') || req.header('x-user-api-key')) {
    try {
      const auth = await authenticate(rt, 'project', req);
      // MCP routes are open to the router (auth 'none'), so a scoped key's permission is checked here
      const route = req.route ?? '';
      checkKeyPermission(auth.permissions, routePermission(req.method.toUpperCase(), route), req.method, route);
      return { via: 'api_key', projectId: auth.projectId, keyId: auth.keyId };
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        throw new ApiError(401, err.code, err.slug, err.message, {
          ...err.extra,
          headers: { 'www-authenticate': challenge(rt, resource) },
        });
      }
      throw err;
    }
  }
  const authorization = req.header('authorization');
  if (!authorization) {
    throw namedError('Auth_Unauthorized', 'This MCP URL needs an OAuth access token or an x-api-key header', {
      suggested_fix:
        'Let your MCP client discover the authorization server from the WWW-Authenticate header, or send x-api-key.',
      headers: { 'www-authenticate': challenge(rt, resource) },
    });
  }
  const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  const check = m
    ? await verifyAccessToken(rt, m[1]!, resource)
    : { ok: false as const, reason: 'Use the Bearer scheme' };
  if (!check.ok) {
    throw namedError('Auth_InvalidToken', check.reason, {
      suggested_fix: 'Refresh the access token, or authorize this MCP URL again.',
      headers: { 'www-authenticate': challenge(rt, resource, { code: 'invalid_token', description: check.reason }) },
    });
  }
  return { via: 'oauth', ...check.caller };
}
