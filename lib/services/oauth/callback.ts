import { and, eq, isNull } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { connectedAccounts, oauthFlows } from '../../db/schema';
import { STATUS_REASONS } from '../../contract/common';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { nowMs } from '../../clock';
import { log } from '../../log';
import { transition } from '../connected-accounts/transitions';
import { loadAuthConfig } from '../auth-configs/read';
import { resolveToolkit, schemeOf } from '../toolkits/resolve';
import { resolveOAuthApp } from './provider';
import { withAccountUrls } from './account-urls';
import { exchangeCode, TokenError } from './oauth2';
import { atlassianSiteFields, SiteLookupError } from './atlassian-sites';
import { accessToken } from './oauth1';
import { accountFields, flowHash, tokenFields } from './initiate';
import { bindingClearCookie, bindingMatches } from './browser-binding';
import { execAccountsChanged } from '../cache/exec-accounts';
import { liveProject } from '../tenancy/live';
import { callbackVerifierUrl, holdForVerification } from './verification';

export type CallbackResult =
  | { kind: 'redirect'; location: string; clearCookie?: string }
  | { kind: 'page'; status: number; title: string; message: string; clearCookie?: string };

type Flow = typeof oauthFlows.$inferSelect;

function back(
  flow: Flow | undefined,
  accountId: string | undefined,
  ok: boolean,
  error?: string,
  description?: string,
): CallbackResult {
  if (flow?.callbackUrl) {
    try {
      const u = new URL(flow.callbackUrl);
      u.searchParams.set('status', ok ? 'success' : 'failed');
      if (accountId) {
        u.searchParams.set('connected_account_id', accountId);
        u.searchParams.set('connectedAccountId', accountId); // the legacy initiate's spelling
      }
      if (!ok && error) u.searchParams.set('error', error);
      if (!ok && description) u.searchParams.set('error_description', description.slice(0, 300));
      return { kind: 'redirect', location: u.toString() };
    } catch {
      /* not a URL: fall through to a page */
    }
  }
  return ok
    ? {
        kind: 'page',
        status: 200,
        title: 'Connected',
        message: 'Your account is connected. You can close this window.',
      }
    : {
        kind: 'page',
        status: 400,
        title: 'Connection failed',
        message: `The connection could not be completed${error ? ` (${error})` : ''}. Close this window and try again.`,
      };
}

/**
 * `GET /api/v3/toolkits/auth/callback`: the provider sends the user back here. The flow is found
 * by the hash of `state` (OAuth2) or of `oauth_token` (OAuth1) and claimed atomically, so a
 * replayed callback finds nothing. Then the code (or verifier) is exchanged for tokens and the
 * user goes on to the `callback_url` given at creation, with the account id and the outcome.
 */
export async function handleOAuthCallback(
  rt: Runtime,
  q: URLSearchParams,
  cookieHeader?: string,
): Promise<CallbackResult> {
  const state = q.get('state');
  const oauthToken = q.get('oauth_token');
  const hash = state ? flowHash('oauth2', state) : oauthToken ? flowHash('oauth1', oauthToken) : undefined;
  if (!hash)
    return {
      kind: 'page',
      status: 400,
      title: 'Invalid request',
      message: "This address expects the provider's answer (state or oauth_token).",
    };

  // A flow started on a Connect page completes only in the browser that started it. Checked
  // before the flow is claimed: a forwarded URL opened elsewhere neither lands tokens nor uses
  // up the flow of the person it belongs to.
  const bound = (
    await rt.db
      .select({ accountId: oauthFlows.connectedAccountId, binding: oauthFlows.browserBindingHash })
      .from(oauthFlows)
      .where(and(eq(oauthFlows.stateHash, hash), isNull(oauthFlows.usedAt)))
      .limit(1)
  )[0];
  if (bound?.binding && !bindingMatches(cookieHeader, bound.accountId, bound.binding)) {
    log.warn(
      { connected_account_id: bound.accountId },
      'OAuth callback from a browser other than the one that started the flow',
    );
    return {
      kind: 'page',
      status: 403,
      title: 'Open this in the browser you started in',
      message:
        'This sign-in was started in another browser. Go back to the connect page you opened and continue there.',
    };
  }
  const withClear = (r: CallbackResult): CallbackResult =>
    bound?.binding ? { ...r, clearCookie: bindingClearCookie(rt, bound.accountId) } : r;
  return withClear(await completeCallback(rt, q, hash));
}

async function completeCallback(rt: Runtime, q: URLSearchParams, hash: string): Promise<CallbackResult> {
  // single use: the first callback claims the flow, any replay finds it used
  const claimed = await rt.db
    .update(oauthFlows)
    .set({ usedAt: new Date(nowMs()) })
    .where(and(eq(oauthFlows.stateHash, hash), isNull(oauthFlows.usedAt), liveProject(oauthFlows.projectId)))
    .returning();
  const flow = claimed[0];
  if (!flow) {
    return {
      kind: 'page',
      status: 400,
      title: 'Link already used',
      message: 'This authorization response is unknown or was already used. Start the connection again.',
    };
  }
  if (flow.expiresAt.getTime() < nowMs()) {
    return back(
      flow,
      flow.connectedAccountId,
      false,
      'expired',
      'The authorization request expired (10 minutes). Start the connection again.',
    );
  }
  const acc = (
    await rt.db
      .select()
      .from(connectedAccounts)
      .where(
        and(
          eq(connectedAccounts.id, flow.connectedAccountId),
          eq(connectedAccounts.projectId, flow.projectId),
          isNull(connectedAccounts.deletedAt),
        ),
      )
  )[0];
  if (!acc) return back(flow, undefined, false, 'account_deleted');
  const pendingOk = acc.status === 'INITIALIZING' || acc.status === 'INITIATED' || flow.reauth;
  if (!pendingOk) return back(flow, acc.id, false, 'not_pending', `The connected account is ${acc.status}.`);

  const providerError = q.get('error') ?? (q.get('denied') ? 'access_denied' : null);
  if (!providerError) {
    // the project verifies who came back before the connection is made (POST /connected_accounts/complete_auth)
    const verifier = await callbackVerifierUrl(rt, acc.projectId);
    if (verifier) return { kind: 'redirect', location: await holdForVerification(rt, flow, q, verifier) };
  }
  const r = await finishFlow(rt, flow, acc, q);
  return r.ok ? back(flow, acc.id, true) : back(flow, acc.id, false, r.error, r.description);
}

export type FlowOutcome = { ok: true } | { ok: false; error: string; description?: string };
type Account = typeof connectedAccounts.$inferSelect;

/**
 * The provider's answer (`q`: code, oauth_verifier or error) exchanged for tokens and stored: the account
 * becomes ACTIVE, or FAILED with the reason (a re-authorisation that fails leaves the account as it was).
 */
export async function finishFlow(rt: Runtime, flow: Flow, acc: Account, q: URLSearchParams): Promise<FlowOutcome> {
  const oauthToken = q.get('oauth_token');
  const fail = async (error: string, description: string | undefined): Promise<FlowOutcome> => {
    log.warn({ connected_account_id: acc.id, error }, 'OAuth callback failed');
    if (flow.reauth) return { ok: false, error, description } as const; // the working account stays as it was
    const current = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
    await rt.db.transaction(async (tx) => {
      await transition(
        tx,
        acc.projectId,
        and(eq(connectedAccounts.id, acc.id), eq(connectedAccounts.status, acc.status)),
        {
          status: 'FAILED',
          reason: STATUS_REASONS.oauthCallbackFailed,
          actor: 'provider',
          extra: {
            stateEnc: encryptJson(rt.keyring, {
              ...accountFields(current),
              error,
              ...(description ? { error_description: description } : {}),
            }),
          },
        },
      );
    });
    return { ok: false, error, description } as const;
  };

  const providerError = q.get('error') ?? (q.get('denied') ? 'access_denied' : null);
  if (providerError) return fail(providerError, q.get('error_description') ?? undefined);

  let tokens: Record<string, unknown>;
  let expiresAt: Date | null = null;
  try {
    const authConfig = await loadAuthConfig(rt.db, acc.projectId, acc.authConfigId);
    const toolkit = await resolveToolkit(rt, acc.projectId, acc.toolkitSlug);
    const scheme = schemeOf(toolkit, acc.authScheme);
    if (!scheme) return fail('unsupported_scheme', `Toolkit ${toolkit.slug} has no ${acc.authScheme} scheme`);
    // the token request must repeat the redirect_uri the authorize request used
    // the token endpoint of a per-tenant provider (Shopify's shop) is the one the account names
    const own = accountFields(decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {});
    const app = {
      ...withAccountUrls(resolveOAuthApp(rt, authConfig, toolkit, scheme), own),
      redirectUri: flow.redirectUri,
    };
    const secret = decryptJson<{ code_verifier?: string; token_secret?: string }>(rt.keyring, flow.secretEnc) ?? {};
    if (flow.kind === 'oauth2') {
      const code = q.get('code');
      if (!code) return fail('invalid_request', 'The provider sent no authorization code.');
      const t = await exchangeCode(rt, app, code, secret.code_verifier!);
      ({ val: tokens, expiresAt } = tokenFields(t));
      // Atlassian: the token names no site; find the one to call through the gateway
      if (app.accessibleResourcesUrl)
        tokens = { ...tokens, ...(await atlassianSiteFields(rt, app.accessibleResourcesUrl, t.access_token, own)) };
    } else {
      const verifier = q.get('oauth_verifier');
      if (!verifier) return fail('invalid_request', 'The provider sent no oauth_verifier.');
      const t = await accessToken(rt, app, oauthToken!, secret.token_secret!, verifier);
      tokens = {
        ...t.extra,
        oauth_token: t.oauth_token,
        oauth_token_secret: t.oauth_token_secret,
        consumer_key: app.clientId,
        oauth_verifier: verifier,
      };
    }
  } catch (err) {
    if (err instanceof SiteLookupError) return fail('site_lookup_failed', err.message);
    if (err instanceof TokenError)
      return fail(err.error ?? 'token_exchange_failed', err.errorDescription ?? err.message);
    log.error({ err, connected_account_id: acc.id }, 'OAuth callback error');
    return fail('token_exchange_failed', 'The token exchange failed.');
  }

  await rt.db.transaction(async (tx) => {
    const cur = (await tx.select().from(connectedAccounts).where(eq(connectedAccounts.id, acc.id)).for('update'))[0]!;
    const old = decryptJson<Record<string, unknown>>(rt.keyring, cur.stateEnc) ?? {};
    const val = { ...accountFields(old), ...tokens };
    // re-authorisation without a new refresh token keeps the one we have
    if (flow.reauth && val.refresh_token === undefined && typeof old.refresh_token === 'string')
      val.refresh_token = old.refresh_token;
    const status = cur.isDisabled ? cur.status : 'ACTIVE';
    await transition(tx, acc.projectId, eq(connectedAccounts.id, acc.id), {
      status,
      reason: cur.isDisabled ? cur.statusReason : null,
      actor: 'provider',
      extra: { stateEnc: encryptJson(rt.keyring, val), tokenExpiresAt: expiresAt, authFailures: 0 },
    });
  });
  execAccountsChanged(acc.projectId);
  return { ok: true };
}
