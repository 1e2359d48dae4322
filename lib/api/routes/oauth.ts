import { eq } from 'drizzle-orm';
import { route, Reply } from '../router';
import * as c from '../../contract/oauth';
import { CreateLinkBody, CreateLinkResponse, ConnectedAccountId } from '../../contract/connected-accounts';
import { projects, type ProjectSettings } from '../../db/schema';
import { errors } from '../../contract/errors';
import { handleOAuthCallback } from '../../services/oauth/callback';
import { createLink, getLinkView, linkPageUrl, submitLink } from '../../services/connect-link/links';
import { linkPage, resultPage } from '../../services/connect-link/page';
import { ensureFresh } from '../../services/oauth/tokens';
import { checkAccountId } from '../../services/connected-accounts/read';
import { PLAIN_PAGE_HEADERS } from '../../net/security-headers';
import { announceChange, changedHere } from '../../services/cache/bus';
import { PROJECT_SETTINGS_CHANGE } from '../../services/tools/base-override';

/** The self-contained pages these routes serve (no dashboard needed): CSP, no framing, no Referer. */
function plainPage(html: string, status = 200): Reply {
  return new Reply(status, html, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...PLAIN_PAGE_HEADERS,
  });
}

const tag = 'Connected accounts';

type StoredConfig = ProjectSettings & Partial<c.ProjectConfig>;

function configView(s: StoredConfig): c.ProjectConfig {
  return {
    is_2FA_enabled: s.is_2FA_enabled ?? false,
    log_visibility_setting: s.zero_data_retention ? 'dont_store_data' : (s.log_visibility_setting ?? 'show_all'),
    zero_data_retention: s.zero_data_retention ?? s.log_visibility_setting === 'dont_store_data',
    ...(s.callback_verifier_url ? { callback_verifier_url: s.callback_verifier_url } : {}),
    mask_secret_keys_in_connected_account: s.mask_secret_keys_in_connected_account ?? true,
    ...(s.display_name ? { display_name: s.display_name } : {}),
    ...(s.logo_url ? { logo_url: s.logo_url } : {}),
    ...(s.is_composio_link_enabled_for_managed_auth !== undefined
      ? { is_composio_link_enabled_for_managed_auth: s.is_composio_link_enabled_for_managed_auth }
      : {}),
    ...(s.require_mcp_api_key !== undefined ? { require_mcp_api_key: s.require_mcp_api_key } : {}),
    ...(s.signed_url_file_expiry_in_seconds !== undefined
      ? { signed_url_file_expiry_in_seconds: s.signed_url_file_expiry_in_seconds }
      : {}),
    ...(s.toolkit_base_urls && Object.keys(s.toolkit_base_urls).length
      ? { toolkit_base_urls: s.toolkit_base_urls }
      : {}),
  };
}

/** A Connect Link form holds a few typed fields: anyone with the link may post it, so it is small. */
const FORM_MAX_BYTES = 64 * 1024;

async function readForm(req: {
  header(n: string): string | undefined;
  body(): Promise<Buffer>;
}): Promise<Record<string, string>> {
  const buf = await req.body();
  const type = req.header('content-type') ?? '';
  if (/json/i.test(type)) {
    try {
      const j = JSON.parse(buf.toString('utf8') || '{}') as Record<string, unknown>;
      return Object.fromEntries(Object.entries(j).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    } catch {
      throw errors.validation('Request body is not valid JSON', ['body: invalid JSON']);
    }
  }
  return Object.fromEntries(new URLSearchParams(buf.toString('utf8')));
}

export const oauthRoutes = [
  route({
    method: 'GET',
    path: '/toolkits/auth/callback',
    tag: 'Toolkits',
    auth: 'none',
    summary: 'OAuth redirect URI: the provider sends the user here after consent',
    handler: async ({ rt, req }) => {
      const r = await handleOAuthCallback(rt, req.search, req.header('cookie'));
      const cookie: Record<string, string> = r.clearCookie ? { 'set-cookie': r.clearCookie } : {};
      if (r.kind === 'redirect') return new Reply(302, undefined, { location: r.location, ...cookie });
      const page = plainPage(resultPage(r.title, r.message, r.status < 400), r.status);
      return new Reply(page.status, page.body, { ...page.headers, ...cookie });
    },
  }),
  route({
    method: 'POST',
    path: '/connected_accounts/link',
    tag,
    auth: 'project',
    summary: 'Create a Connect Link (hosted auth page)',
    status: 201,
    body: CreateLinkBody,
    response: CreateLinkResponse,
    noRetry: true,
    handler: ({ rt, auth, body }) => createLink(rt, auth.projectId, body),
  }),
  route({
    method: 'GET',
    path: '/connect_links/{token}',
    tag,
    auth: 'none',
    extension: true,
    summary: 'What a Connect Link page shows (extension; the token is the credential)',
    params: c.LinkTokenParams,
    response: c.LinkViewResponse,
    handler: ({ rt, params }) => getLinkView(rt, params.token),
  }),
  route({
    method: 'GET',
    path: '/connect_links/{token}/page',
    tag,
    auth: 'none',
    extension: true,
    summary: 'The Connect Link page as served without the dashboard (extension)',
    params: c.LinkTokenParams,
    handler: async ({ rt, params, req }) => {
      const view = await getLinkView(rt, params.token);
      const r = linkPage(view, params.token, req.search.get('error') ?? undefined);
      return plainPage(r.html, r.status);
    },
  }),
  route({
    method: 'POST',
    path: '/connect_links/{token}',
    tag,
    auth: 'none',
    extension: true,
    noRetry: true,
    maxBody: FORM_MAX_BYTES,
    summary: 'Submit a Connect Link page: start OAuth or store the typed fields (extension; form or JSON)',
    params: c.LinkTokenParams,
    handler: async ({ rt, params, req }) => {
      // the form is read only for a link that can still be submitted; submitLink answers the rest
      const open = (await getLinkView(rt, params.token)).state === 'open';
      const form = open ? await readForm(req) : {};
      const wantsJson = /json/i.test(req.header('accept') ?? '') && !/text\/html/i.test(req.header('accept') ?? '');
      const r = await submitLink(rt, params.token, form);
      const page = linkPageUrl(rt, params.token);
      // an OAuth start binds the flow to this browser (HttpOnly cookie, checked at the callback)
      const cookie: Record<string, string> = r.ok && r.setCookie ? { 'set-cookie': r.setCookie } : {};
      if (wantsJson)
        return new Reply(
          r.ok ? 200 : r.status,
          r.ok
            ? { redirect_url: r.location, connected_account_id: r.accountId }
            : { error: { message: r.message, status: r.status } },
          cookie,
        );
      if (!r.ok) return Reply.redirect(`${page}?error=${encodeURIComponent(r.message)}`, 303);
      if (r.location) return new Reply(303, undefined, { location: r.location, ...cookie });
      return plainPage(resultPage('Connected', 'Your account is connected. You can close this window.', true));
    },
  }),
  route({
    method: 'POST',
    path: '/connected_accounts/{nanoid}/token_refresh',
    tag,
    auth: 'project',
    extension: true,
    noRetry: true,
    summary: 'Refresh the OAuth access token now if it is due, or always with force (extension)',
    params: ConnectedAccountId,
    body: c.TokenRefreshBody,
    response: c.TokenRefreshResponse,
    handler: async ({ rt, auth, params, body }) => {
      checkAccountId(params.nanoid);
      const r = await ensureFresh(rt, auth.projectId, params.nanoid, { forceRefresh: body.force });
      return {
        id: params.nanoid,
        status: 'ACTIVE',
        refreshed: r.refreshed,
        expires_at: r.expiresAt?.toISOString() ?? null,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/org/project/config',
    tag: 'Organization',
    auth: 'project',
    summary: 'Project configuration',
    response: c.ProjectConfig,
    handler: async ({ rt, auth }) => {
      const row = (
        await rt.db.select({ settings: projects.settings }).from(projects).where(eq(projects.id, auth.projectId))
      )[0];
      return configView((row?.settings ?? {}) as StoredConfig);
    },
  }),
  route({
    method: 'PATCH',
    path: '/org/project/config',
    tag: 'Organization',
    auth: 'project',
    summary: 'Update the project configuration',
    body: c.PatchProjectConfigBody,
    response: c.ProjectConfig,
    handler: async ({ rt, auth, body }) => {
      if (body.callback_verifier_url?.startsWith('http:') && !rt.config.allowInsecureUrls) {
        throw errors.validation('callback_verifier_url must be an https URL', [
          'body.callback_verifier_url: expected https',
        ]);
      }
      // zero data retention has two spellings: the switch and the hosted log_visibility_setting
      const retention =
        body.zero_data_retention !== undefined
          ? body.zero_data_retention
          : body.log_visibility_setting !== undefined
            ? body.log_visibility_setting === 'dont_store_data'
            : undefined;
      const view = await rt.db.transaction(async (tx) => {
        const row = (
          await tx
            .select({ settings: projects.settings })
            .from(projects)
            .where(eq(projects.id, auth.projectId))
            .for('update')
        )[0];
        const next: StoredConfig = { ...((row?.settings ?? {}) as StoredConfig) };
        for (const [k, v] of Object.entries(body)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
        if (next.logo_url === '') delete next.logo_url;
        if (!next.callback_verifier_url) delete next.callback_verifier_url;
        if (retention !== undefined) {
          next.zero_data_retention = retention;
          next.log_visibility_setting = retention ? 'dont_store_data' : 'show_all';
        }
        await tx.update(projects).set({ settings: next }).where(eq(projects.id, auth.projectId));
        // other processes drop their cached settings at commit; this one right after
        await announceChange(tx, PROJECT_SETTINGS_CHANGE, auth.projectId);
        return configView(next);
      });
      changedHere(PROJECT_SETTINGS_CHANGE, auth.projectId);
      return view;
    },
  }),
];
