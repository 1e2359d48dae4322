import { z } from 'zod';
import { route } from '../router';
import * as c from '../../contract/connected-accounts';
import { Success } from '../../contract/common';
import { getConnectedAccount, listConnectedAccounts, accountTimeline } from '../../services/connected-accounts/read';
import { createConnectedAccount } from '../../services/connected-accounts/create';
import {
  deleteAccount,
  patchAccount,
  refreshAccount,
  setAccountEnabled,
} from '../../services/connected-accounts/update';

import { revokeAccount } from '../../services/connected-accounts/revoke';
import { recorded } from './audited';
import { completeAuth } from '../../services/oauth/complete-auth';

const tag = 'Connected accounts';

export const connectedAccountRoutes = [
  route({
    method: 'POST',
    path: '/connected_accounts/complete_auth',
    tag,
    auth: 'project',
    summary: "Finish an OAuth connection held for the project's callback identity verifier",
    body: c.CompleteAuthBody,
    response: c.CompleteAuthResponse,
    noRetry: true,
    handler: ({ rt, auth, body }) => completeAuth(rt, auth.projectId, body),
  }),
  route({
    method: 'GET',
    path: '/connected_accounts',
    tag,
    auth: 'project',
    summary: 'List connected accounts',
    query: c.ListConnectedAccountsQuery,
    response: c.ConnectedAccountList,
    handler: ({ rt, auth, query }) => listConnectedAccounts(rt, auth.projectId, query),
  }),
  route({
    method: 'POST',
    path: '/connected_accounts',
    tag,
    auth: 'project',
    summary: 'Create a connected account',
    status: 201,
    body: c.CreateConnectedAccountBody,
    response: c.CreateConnectedAccountResponse,
    noRetry: true,
    handler: async (ctx) =>
      recorded(
        ctx,
        'connected_account.create',
        await createConnectedAccount(ctx.rt, ctx.auth.projectId, ctx.body),
        (r) => r.id,
      ),
  }),
  route({
    method: 'GET',
    path: '/connected_accounts/{nanoid}',
    tag,
    auth: 'project',
    summary: 'Get a connected account',
    params: c.ConnectedAccountId,
    query: c.GetConnectedAccountQuery,
    response: c.ConnectedAccount,
    handler: ({ rt, auth, params, query }) =>
      getConnectedAccount(rt, auth.projectId, params.nanoid, { showUserId: query.show_user_id }),
  }),
  route({
    method: 'POST',
    path: '/connected_accounts/{nanoid}/reveal',
    tag,
    auth: 'project',
    extension: true,
    // reads mask secrets unless the project opted out; this one call returns them in clear, audited
    summary: 'Read a connected account with its secrets in clear (audited)',
    params: c.ConnectedAccountId,
    response: c.ConnectedAccount,
    handler: async (ctx) =>
      recorded(
        ctx,
        'connected_account.reveal_secrets',
        await getConnectedAccount(ctx.rt, ctx.auth.projectId, ctx.params.nanoid, { reveal: true }),
        ctx.params.nanoid,
      ),
  }),
  route({
    method: 'DELETE',
    path: '/connected_accounts/{nanoid}',
    tag,
    auth: 'project',
    summary: 'Delete a connected account (soft)',
    params: c.ConnectedAccountId,
    response: Success,
    handler: async (ctx) =>
      recorded(
        ctx,
        'connected_account.delete',
        await deleteAccount(ctx.rt, ctx.auth.projectId, ctx.params.nanoid),
        ctx.params.nanoid,
      ),
  }),
  route({
    method: 'PATCH',
    path: '/connected_accounts/{nanoid}',
    tag,
    auth: 'project',
    summary: 'Update alias or credentials',
    params: c.ConnectedAccountId,
    body: c.PatchConnectedAccountBody,
    response: c.PatchConnectedAccountResponse,
    handler: async (ctx) =>
      recorded(
        ctx,
        'connected_account.update',
        await patchAccount(ctx.rt, ctx.auth.projectId, ctx.params.nanoid, ctx.body),
        ctx.params.nanoid,
      ),
  }),
  route({
    method: 'PATCH',
    path: '/connected_accounts/{nanoId}/status',
    tag,
    auth: 'project',
    summary: 'Enable or disable a connected account',
    params: z.object({ nanoId: z.string() }),
    body: c.UpdateStatusBody,
    response: Success,
    handler: async (ctx) =>
      recorded(
        ctx,
        ctx.body.enabled ? 'connected_account.enable' : 'connected_account.disable',
        await setAccountEnabled(ctx.rt, ctx.auth.projectId, ctx.params.nanoId, ctx.body.enabled),
        ctx.params.nanoId,
      ),
  }),
  route({
    method: 'POST',
    path: '/connected_accounts/{nanoid}/refresh',
    tag,
    auth: 'project',
    summary: 'Refresh authentication (re-initiate OAuth)',
    params: c.ConnectedAccountId,
    query: c.RefreshQuery,
    body: c.RefreshBody,
    response: c.RefreshResponse,
    noRetry: true,
    handler: ({ rt, auth, params, query, body }) =>
      refreshAccount(
        rt,
        auth.projectId,
        params.nanoid,
        query.redirect_url ?? body.body_redirect_url ?? body.redirect_url,
      ),
  }),
  route({
    method: 'POST',
    path: '/connected_accounts/{nanoid}/revoke',
    tag,
    auth: 'project',
    summary: "Revoke the account's credentials at the provider and mark it REVOKED",
    params: c.ConnectedAccountId,
    body: c.RevokeBody,
    response: c.RevokeResponse,
    noRetry: true,
    handler: async (ctx) =>
      recorded(
        ctx,
        'connected_account.revoke',
        await revokeAccount(ctx.rt, ctx.auth.projectId, ctx.params.nanoid),
        ctx.params.nanoid,
        undefined,
      ),
  }),
  route({
    method: 'GET',
    path: '/connected_accounts/{nanoid}/timeline',
    tag,
    auth: 'project',
    extension: true,
    summary: 'Status changes of a connected account (extension)',
    params: c.ConnectedAccountId,
    response: c.ConnectedAccountTimeline,
    handler: ({ rt, auth, params }) => accountTimeline(rt, auth.projectId, params.nanoid),
  }),
];
