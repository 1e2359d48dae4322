/**
 * Who is calling a per-user MCP URL (`/mcp/{id}/mcp?user_id=…`), resolved to the project, the
 * end user and the MCP server. Every credential check of those URLs belongs here, in front of
 * the MCP handler: the project key (`x-api-key`, or a member key with x-project-id) or an OAuth
 * access token bound to this URL and its user (mcp-guard.ts, shared with session MCP URLs).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { authorizeMcp } from './mcp-guard';
import { canonicalResource } from '../../services/mcp-auth/resources';
import { errors } from '../../contract/errors';
import type { ApiRequest } from '../router';
import type { Runtime } from '../../runtime';
import { connectedAccounts } from '../../db/schema';
import type { McpUrlQuery } from '../../contract/mcp-servers';
import { loadServer, type McpServerRow } from '../../services/mcp-servers/store';
import type { McpTarget } from '../../services/mcp-servers/mcp';

export interface McpCaller {
  projectId: string;
  userId: string;
  serverId: string;
  /** set when the URL names a connected account instead of a user */
  connectedAccountId?: string;
  /** how the caller proved itself */
  via: 'api_key' | 'oauth';
}

/** The user a URL acts for: `user_id`, or the owner of `connected_account_id` (in the same project). */
async function userOfUrl(
  rt: Runtime,
  projectId: string,
  q: McpUrlQuery,
): Promise<{ userId: string; account?: { id: string; toolkit: string } }> {
  if (q.connected_account_id) {
    const rows = await rt.db
      .select({ userId: connectedAccounts.userId, toolkit: connectedAccounts.toolkitSlug })
      .from(connectedAccounts)
      .where(
        and(
          eq(connectedAccounts.id, q.connected_account_id),
          eq(connectedAccounts.projectId, projectId),
          isNull(connectedAccounts.deletedAt),
        ),
      )
      .limit(1);
    if (!rows[0]) throw errors.notFound('Connected account', q.connected_account_id, 'ConnectedAccount_NotFound', 1803);
    if (q.user_id && q.user_id !== rows[0].userId)
      throw errors.badRequest('connected_account_id belongs to another user than user_id');
    return { userId: rows[0].userId, account: { id: q.connected_account_id, toolkit: rows[0].toolkit } };
  }
  if (q.user_id) return { userId: q.user_id };
  throw errors.badRequest(
    'An MCP server URL needs user_id or connected_account_id in its query',
    'MCP_UserRequired',
    'Use a URL returned by POST /api/v3/mcp/servers/generate.',
  );
}

export async function resolveMcpCaller(
  rt: Runtime,
  req: ApiRequest,
  serverId: string,
  q: McpUrlQuery,
): Promise<{ caller: McpCaller; server: McpServerRow; account?: { id: string; toolkit: string } }> {
  const auth = await authorizeMcp(rt, req, canonicalResource(new URL(req.url)));
  const server = await loadServer(rt, auth.projectId, serverId);
  const { userId, account } = await userOfUrl(rt, auth.projectId, q);
  // the token is bound to this URL already; its user must also be the one the URL acts for now
  if (auth.via === 'oauth' && auth.userId !== userId) throw errors.forbidden('This token was issued for another user');
  return {
    caller: {
      projectId: auth.projectId,
      userId,
      serverId: server.id,
      ...(account ? { connectedAccountId: account.id } : {}),
      via: auth.via,
    },
    server,
    ...(account ? { account } : {}),
  };
}

/** The MCP handler's view of a resolved caller. */
export async function mcpTarget(rt: Runtime, req: ApiRequest, serverId: string, q: McpUrlQuery): Promise<McpTarget> {
  const { caller, server, account } = await resolveMcpCaller(rt, req, serverId, q);
  return {
    server,
    userId: caller.userId,
    ...(account ? { connectedAccount: account } : {}),
    helperActions: q.include_composio_helper_actions !== 'false',
  };
}
