import { route } from '../router';
import * as c from '../../contract/mcp-auth';
import { Success } from '../../contract/common';
import { approveRequest, denyRequest, describeRequest } from '../../services/mcp-auth/authorize';
import { listAuthorizedClients, revokeAuthorizedClient } from '../../services/mcp-auth/grants';
import { createConsentLink, listConsentLinks, revokeConsentLink } from '../../services/mcp-auth/consent-links';
import { recorded } from './audited';

/**
 * Junction extensions behind MCP authorization: the consent the dashboard shows an admin (the
 * project key decides which project, and so which MCP URLs, may be approved) and the list of
 * authorized clients with revocation. The OAuth endpoints themselves are in mcp-oauth-server.ts.
 */
const tag = 'MCP authorization';

export const mcpAuthRoutes = [
  route({
    method: 'GET',
    path: '/mcp_oauth/requests/{request_id}',
    tag,
    auth: 'project',
    extension: true,
    summary: 'A pending MCP client authorization request, as the consent page shows it',
    params: c.RequestParams,
    response: c.AuthorizationRequestView,
    handler: ({ rt, auth, params }) => describeRequest(rt, auth.projectId, params.request_id),
  }),
  route({
    method: 'POST',
    path: '/mcp_oauth/requests/{request_id}/approve',
    tag,
    auth: 'project',
    extension: true,
    noRetry: true,
    summary: "Approve an MCP client for the request's MCP URL and user; returns where to send the browser",
    params: c.RequestParams,
    response: c.ConsentResult,
    handler: async (ctx) => {
      const { rt, auth, params } = ctx;
      const out = await approveRequest(rt, auth.projectId, params.request_id, `key:${auth.keyId}`);
      await recorded(ctx, 'mcp_client.approve', out, out.approved.client_id, {
        user_id: out.approved.user_id,
        resource: out.approved.resource,
      });
      return { redirect_to: out.redirect_to };
    },
  }),
  route({
    method: 'POST',
    path: '/mcp_oauth/requests/{request_id}/deny',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Deny an MCP client authorization request; returns where to send the browser',
    params: c.RequestParams,
    response: c.ConsentResult,
    handler: async (ctx) => {
      const out = await denyRequest(ctx.rt, ctx.auth.projectId, ctx.params.request_id);
      await recorded(ctx, 'mcp_client.deny', out, out.denied.client_id, { resource: out.denied.resource });
      return { redirect_to: out.redirect_to };
    },
  }),
  route({
    method: 'POST',
    path: '/mcp_oauth/consent_links',
    tag,
    auth: 'project',
    extension: true,
    noRetry: true,
    status: 201,
    summary:
      "An approval link for the user behind one MCP URL: opened in the user's browser, it lets that user approve their MCP client themselves",
    body: c.ConsentLinkCreate,
    response: c.ConsentLinkView,
    handler: async (ctx) => {
      const link = await createConsentLink(ctx.rt, ctx.auth, ctx.body);
      return recorded(ctx, 'mcp_consent_link.create', link, link.id, {
        user_id: link.user_id,
        resource: link.resource,
      });
    },
  }),
  route({
    method: 'GET',
    path: '/mcp_oauth/consent_links',
    tag,
    auth: 'project',
    extension: true,
    summary: "This project's approval links, newest first, with their status and use (never the link itself)",
    query: c.ListConsentLinksQuery,
    response: c.ConsentLinkList,
    handler: ({ rt, auth, query }) => listConsentLinks(rt, auth.projectId, query),
  }),
  route({
    method: 'DELETE',
    path: '/mcp_oauth/consent_links/{id}',
    tag,
    auth: 'project',
    extension: true,
    summary:
      'Revoke an approval link: it stops working at once, also in a browser that already opened it (clients approved through it keep their access until revoked)',
    params: c.ConsentLinkParams,
    response: Success,
    handler: async (ctx) => {
      const link = await revokeConsentLink(ctx.rt, ctx.auth.projectId, ctx.params.id);
      await recorded(ctx, 'mcp_consent_link.revoke', link, link.id, {
        user_id: link.user_id,
        resource: link.resource,
      });
      return { success: true };
    },
  }),
  route({
    method: 'GET',
    path: '/mcp_oauth/authorized_clients',
    tag,
    auth: 'project',
    extension: true,
    summary: 'MCP clients authorized in this project, with their MCP URL, user and last use',
    response: c.AuthorizedClientList,
    handler: ({ rt, auth }) => listAuthorizedClients(rt, auth.projectId),
  }),
  route({
    method: 'DELETE',
    path: '/mcp_oauth/authorized_clients/{grant_id}',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Revoke an authorized MCP client: its access and refresh tokens stop working at once',
    params: c.GrantParams,
    response: Success,
    handler: async (ctx) =>
      recorded(
        ctx,
        'mcp_client.revoke',
        await revokeAuthorizedClient(ctx.rt, ctx.auth.projectId, ctx.params.grant_id),
        ctx.params.grant_id,
      ),
  }),
];
