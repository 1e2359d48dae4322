import { and, eq, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts } from '../../db/schema';
import { errors } from '../../contract/errors';
import { loadSession } from '../tool-router/session';
import { loadServer } from '../mcp-servers/store';
import { OAuthError } from './errors';

/**
 * Which URLs are MCP resources that OAuth tokens can be bound to (RFC 8707), and what each one
 * means: the project it lives in and the one user whose tools it serves. A token names exactly
 * one of these URLs and is refused on every other.
 */
export interface McpResource {
  /** canonical form: origin + path (+ query when the query names the user) */
  url: string;
  kind: 'tool_router_session' | 'mcp_server_user';
  /** session id, or MCP server id */
  id: string;
  /** per-user server URLs: who the URL names */
  user?: { user_id: string } | { connected_account_id: string };
}

export interface ResolvedResource extends McpResource {
  projectId: string;
  userId: string;
}

const SESSION_PATH = /^\/api\/v3(?:\.1)?\/tool_router\/session\/(trs_[A-Za-z0-9_-]{6,64})\/mcp$/;
const SERVER_PATH = /^\/api\/v3(?:\.1)?\/mcp\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/mcp$/i;

/**
 * The resource an MCP request is addressed to, from the URL as the client saw it. A per-user
 * server URL keeps only the query parameter that names its user (`user_id` or
 * `connected_account_id`): options such as include_composio_helper_actions do not change whose
 * tools the URL serves, so they do not change the resource either.
 */
export function canonicalResource(url: URL): string {
  if (!SERVER_PATH.test(url.pathname)) return `${url.origin}${url.pathname}`;
  const q = new URLSearchParams();
  const user = url.searchParams.get('user_id');
  const account = url.searchParams.get('connected_account_id');
  if (account) q.set('connected_account_id', account);
  else if (user) q.set('user_id', user);
  const search = q.toString();
  return `${url.origin}${url.pathname}${search ? `?${search}` : ''}`;
}

/** Parse a `resource` parameter (or a URL derived from a metadata path); undefined when it is no MCP URL of ours. */
export function parseMcpResource(rt: Runtime, raw: string): McpResource | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.hash || url.origin !== new URL(rt.config.publicUrl).origin) return undefined;
  const m = SESSION_PATH.exec(url.pathname);
  if (m) return { url: canonicalResource(url), kind: 'tool_router_session', id: m[1]! };
  const srv = SERVER_PATH.exec(url.pathname);
  if (srv) {
    const account = url.searchParams.get('connected_account_id');
    const user = url.searchParams.get('user_id');
    if (!account && !user) return undefined;
    return {
      url: canonicalResource(url),
      kind: 'mcp_server_user',
      id: srv[1]!,
      user: account ? { connected_account_id: account } : { user_id: user! },
    };
  }
  return undefined;
}

/** The project and user behind a resource, as seen from the approving project (404-like when it is not theirs). */
export async function resolveResource(rt: Runtime, projectId: string, r: McpResource): Promise<ResolvedResource> {
  if (r.kind === 'tool_router_session') {
    const s = await loadSession(rt, projectId, r.id);
    return { ...r, projectId: s.projectId, userId: s.userId };
  }
  await loadServer(rt, projectId, r.id);
  if (r.user && 'connected_account_id' in r.user) {
    const [acc] = await rt.db
      .select({ userId: connectedAccounts.userId })
      .from(connectedAccounts)
      .where(
        and(
          eq(connectedAccounts.id, r.user.connected_account_id),
          eq(connectedAccounts.projectId, projectId),
          isNull(connectedAccounts.deletedAt),
        ),
      )
      .limit(1);
    if (!acc)
      throw errors.notFound(
        'Connected account',
        r.user.connected_account_id.slice(0, 80),
        'ConnectedAccount_NotFound',
        1803,
      );
    return { ...r, projectId, userId: acc.userId };
  }
  return { ...r, projectId, userId: (r.user as { user_id: string }).user_id };
}

/** Where the protected resource metadata of an MCP URL is served (RFC 9728 §3.1: well-known prefix before the path). */
export function resourceMetadataUrl(rt: Runtime, resource: string): string {
  const u = new URL(resource);
  return `${new URL(rt.config.publicUrl).origin}/.well-known/oauth-protected-resource${u.pathname}${u.search}`;
}

/** RFC 9728 protected resource metadata. `resource` undefined: the server-wide document at the root. */
export function protectedResourceMetadata(rt: Runtime, resource?: string) {
  const issuer = new URL(rt.config.publicUrl).origin;
  return {
    resource: resource ?? issuer,
    authorization_servers: [issuer],
    bearer_methods_supported: ['header'],
    scopes_supported: [MCP_SCOPE],
    resource_name: 'Junction MCP',
    resource_documentation: `${issuer}/api/v3/openapi.json`,
  };
}

/** The one scope: use the MCP server the token is bound to. */
export const MCP_SCOPE = 'mcp';

export function requireResource(rt: Runtime, raw: string | undefined): McpResource {
  if (!raw)
    throw new OAuthError('invalid_target', 'The resource parameter (RFC 8707) must name the MCP URL to authorize');
  const r = parseMcpResource(rt, raw);
  if (!r) throw new OAuthError('invalid_target', `${raw.slice(0, 200)} is not an MCP URL of this server`);
  return r;
}
