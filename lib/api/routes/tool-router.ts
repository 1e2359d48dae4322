import { route } from '../router';
import * as c from '../../contract/tool-router';
import { createSession, loadSession, sessionResponse } from '../../services/tool-router/session';
import { sessionToolkits, sessionTools } from '../../services/tool-router/lists';
import { listSessions } from '../../services/tool-router/list';
import { searchInSession } from '../../services/tool-router/search';
import { executeInSession, executeMeta, proxyInSession } from '../../services/tool-router/execute';
import { createLink } from '../../services/tool-router/connections';
import { attachToSession, configHistory, deleteSession, updateSession } from '../../services/tool-router/update';
import { errors } from '../../contract/errors';
import { authorizeMcp } from './mcp-guard';
import { canonicalResource } from '../../services/mcp-auth/resources';
import { mountDelete, mountDownloadUrl, mountList, mountUploadUrl } from '../../services/files/mounts';

// build the catalog search index in the background once the API is loaded, not on the first search

const tag = 'Tool Router';
const base = '/tool_router/session/{session_id}';

export const toolRouterRoutes = [
  route({
    method: 'POST',
    path: '/tool_router/session',
    tag,
    auth: 'project',
    summary: 'Create a tool router session for a user',
    body: c.CreateSessionBody,
    response: c.SessionResponse,
    status: 201,
    handler: async ({ rt, auth, body }) => sessionResponse(rt, await createSession(rt, auth.projectId, body), true),
  }),
  route({
    method: 'GET',
    path: '/tool_router/session',
    tag,
    auth: 'project',
    extension: true,
    summary: "List the project's tool router sessions, newest first",
    query: c.ListSessionsQuery,
    response: c.SessionList,
    handler: async ({ rt, auth, query }) => listSessions(rt, auth.projectId, query),
  }),
  route({
    method: 'POST',
    path: '/labs/tool_router/session',
    tag,
    auth: 'project',
    summary: 'Create a tool router session (legacy labs form)',
    body: c.LabsCreateBody,
    response: c.LabsCreateResponse,
    status: 201,
    handler: async ({ rt, auth, body }) => {
      const tks = body.config?.toolkits ?? [];
      const authConfigs = Object.fromEntries(
        tks.filter((t) => t.auth_config_id).map((t) => [t.toolkit.toLowerCase(), t.auth_config_id!]),
      );
      const s = await createSession(rt, auth.projectId, {
        user_id: body.user_id,
        ...(tks.length ? { toolkits: { enable: tks.map((t) => t.toolkit) } } : {}),
        ...(Object.keys(authConfigs).length ? { auth_configs: authConfigs } : {}),
        manage_connections: { enable: !body.config?.manually_manage_connections },
      });
      const url = sessionResponse(rt, s, false).mcp.url;
      return { session_id: s.id, chat_session_mcp_url: url, tool_router_instance_mcp_url: url };
    },
  }),
  route({
    method: 'GET',
    path: base,
    tag,
    auth: 'project',
    summary: 'Get a tool router session',
    params: c.SessionParams,
    response: c.SessionResponse,
    handler: async ({ rt, auth, params }) =>
      sessionResponse(rt, await loadSession(rt, auth.projectId, params.session_id), false),
  }),
  route({
    method: 'PATCH',
    path: base,
    tag,
    auth: 'project',
    summary: "Update a session's configuration (expected_config_version: optimistic concurrency)",
    params: c.SessionParams,
    body: c.UpdateSessionBody,
    response: c.SessionResponse,
    noRetry: true,
    handler: async ({ rt, auth, params, body }) =>
      sessionResponse(rt, await updateSession(rt, auth.projectId, params.session_id, body), true),
  }),
  route({
    method: 'DELETE',
    path: base,
    tag,
    auth: 'project',
    summary: 'Delete a session',
    params: c.SessionParams,
    response: c.DeleteSessionResponse,
    handler: ({ rt, auth, params }) => deleteSession(rt, auth.projectId, params.session_id),
  }),
  route({
    method: 'GET',
    path: `${base}/config_history`,
    tag,
    auth: 'project',
    summary: "A session's configurations, the live one first",
    params: c.SessionParams,
    query: c.ConfigHistoryQuery,
    response: c.ConfigHistory,
    handler: ({ rt, auth, params, query }) => configHistory(rt, auth.projectId, params.session_id, query),
  }),
  route({
    method: 'POST',
    path: `${base}/attach`,
    tag,
    auth: 'project',
    summary: 'Attach inline custom tools and toolkits to a session',
    params: c.SessionParams,
    body: c.AttachSessionBody,
    response: c.SessionResponse,
    handler: async ({ rt, auth, params, body }) =>
      sessionResponse(rt, await attachToSession(rt, auth.projectId, params.session_id, body), true),
  }),
  route({
    method: 'GET',
    path: `${base}/toolkits`,
    tag,
    auth: 'project',
    summary: "Toolkits of a session with the user's connection status",
    params: c.SessionParams,
    query: c.SessionToolkitsQuery,
    response: c.SessionToolkits,
    handler: async ({ rt, auth, params, query }) =>
      sessionToolkits(rt, await loadSession(rt, auth.projectId, params.session_id), query),
  }),
  route({
    method: 'GET',
    path: `${base}/tools`,
    tag,
    auth: 'project',
    summary: 'Meta tools and preloaded tools of a session',
    params: c.SessionParams,
    response: c.SessionTools,
    handler: async ({ rt, auth, params }) => sessionTools(await loadSession(rt, auth.projectId, params.session_id)),
  }),
  route({
    method: 'POST',
    path: `${base}/search`,
    tag,
    auth: 'project',
    summary: "Search the session's tools in plain language",
    params: c.SessionParams,
    body: c.SearchBody,
    response: c.SearchResponse,
    handler: async ({ rt, auth, params, body }) =>
      searchInSession(rt, await loadSession(rt, auth.projectId, params.session_id), body.queries, body.toolkits),
  }),
  route({
    method: 'POST',
    path: `${base}/execute`,
    tag,
    auth: 'project',
    summary: 'Execute a meta tool or an app tool in a session',
    noRetry: true,
    params: c.SessionParams,
    body: c.ExecuteBody,
    response: c.ExecuteResponse,
    handler: async ({ rt, auth, params, body, requestId }) =>
      executeInSession(
        rt,
        await loadSession(rt, auth.projectId, params.session_id),
        body.tool_slug,
        body.arguments ?? {},
        body.account,
        requestId,
      ),
  }),
  route({
    method: 'POST',
    path: `${base}/execute_meta`,
    tag,
    auth: 'project',
    summary: 'Execute a meta tool in a session',
    noRetry: true,
    params: c.SessionParams,
    body: c.ExecuteMetaBody,
    response: c.ExecuteResponse,
    handler: async ({ rt, auth, params, body }) =>
      executeMeta(rt, await loadSession(rt, auth.projectId, params.session_id), body.slug, body.arguments ?? {}),
  }),
  route({
    method: 'POST',
    path: `${base}/link`,
    tag,
    auth: 'project',
    summary: "Start connecting a toolkit for the session's user (Connect Link)",
    params: c.SessionParams,
    body: c.LinkBody,
    response: c.LinkResponse,
    status: 201,
    noRetry: true,
    handler: async ({ rt, auth, params, body }) =>
      createLink(rt, auth.projectId, await loadSession(rt, auth.projectId, params.session_id), body),
  }),
  route({
    method: 'POST',
    path: `${base}/proxy_execute`,
    tag,
    auth: 'project',
    summary: "Call a toolkit API with the session user's account",
    noRetry: true,
    params: c.SessionParams,
    body: c.SessionProxyBody,
    response: c.ProxyResponse,
    handler: async ({ rt, auth, params, body, requestId }) =>
      proxyInSession(rt, await loadSession(rt, auth.projectId, params.session_id), body, requestId),
  }),
  ...(['POST', 'GET', 'DELETE'] as const).map((method) =>
    route({
      // auth 'none': authorizeMcp accepts x-api-key or an OAuth token bound to this URL, and answers 401 with the discovery hint
      method,
      path: `${base}/mcp`,
      tag,
      auth: 'none',
      summary: 'MCP server of the session (Streamable HTTP; x-api-key or OAuth bearer token)',
      params: c.SessionParams,
      raw: async (req, { rt, params, req: apiReq }) => {
        const caller = await authorizeMcp(rt, apiReq, canonicalResource(new URL(apiReq.url)));
        const session = await loadSession(rt, caller.projectId, params.session_id);
        if (caller.via === 'oauth' && caller.userId !== session.userId)
          throw errors.forbidden('This token was issued for another user');
        // the MCP SDK loads on the first MCP request, not at start
        const { handleMcp } = await import('../../services/tool-router/mcp');
        return handleMcp(rt, session, req);
      },
    }),
  ),
  route({
    method: 'GET',
    path: `${base}/mounts/{mount_id}/items`,
    tag,
    auth: 'project',
    summary: 'List files of a session mount',
    params: c.MountParams,
    query: c.MountListQuery,
    response: c.MountList,
    handler: async ({ rt, auth, params, query }) =>
      mountList(rt, await loadSession(rt, auth.projectId, params.session_id), params.mount_id, query),
  }),
  route({
    method: 'POST',
    path: `${base}/mounts/{mount_id}/upload_url`,
    tag,
    auth: 'project',
    summary: 'Presigned upload URL for a session mount file',
    params: c.MountParams,
    body: c.MountPathBody,
    response: c.MountUploadResponse,
    handler: async ({ rt, auth, params, body }) =>
      mountUploadUrl(rt, await loadSession(rt, auth.projectId, params.session_id), params.mount_id, body),
  }),
  route({
    method: 'POST',
    path: `${base}/mounts/{mount_id}/download_url`,
    tag,
    auth: 'project',
    summary: 'Presigned download URL for a session mount file',
    params: c.MountParams,
    body: c.MountPathBody,
    response: c.MountDownloadResponse,
    handler: async ({ rt, auth, params, body }) =>
      mountDownloadUrl(rt, await loadSession(rt, auth.projectId, params.session_id), params.mount_id, body),
  }),
  route({
    method: 'POST',
    path: `${base}/mounts/{mount_id}/delete`,
    tag,
    auth: 'project',
    summary: 'Delete a session mount file',
    params: c.MountParams,
    body: c.MountPathBody,
    response: c.MountDeleteResponse,
    handler: async ({ rt, auth, params, body }) =>
      mountDelete(rt, await loadSession(rt, auth.projectId, params.session_id), params.mount_id, body),
  }),
];
