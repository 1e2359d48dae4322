import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import type { AuthField } from '../../catalog/types';
import { resolvedBranding, type ResolvedBranding } from '../branding/settings';
import { connectLinks, connectedAccounts, projects } from '../../db/schema';
import { newId, randomToken } from '../../crypto/ids';
import { decryptJson, encryptJson } from '../../crypto/secrets';
import { errors, namedError } from '../../contract/errors';
import { nowMs } from '../../clock';
import { loadAuthConfig } from '../auth-configs/read';
import { findToolkit, isRedirectScheme, resolveToolkit, schemeOf } from '../toolkits/resolve';
import { assertAliasFree, validateDirectCredentials } from '../connected-accounts/create';
import { recordCreation, transition } from '../connected-accounts/transitions';
import { wordId } from '../connected-accounts/words';
import { testRequestEndpointOf, verifyCredential } from '../connected-accounts/verify';
import { startRedirectFlow, accountFields, providerUpfront, tokenFields, type Upfront } from '../oauth/initiate';
import { connectGrant, isDirectGrant } from '../oauth/direct-grants';
import type { TokenSet } from '../oauth/oauth2';
import { bindingSetCookie, newBinding } from '../oauth/browser-binding';
import { callbackVerifierUrl, isPlaceholderUser, REAL_USER_REQUIRED } from '../oauth/verification';
import { envValue } from '../../config';
import { liveProject } from '../tenancy/live';
import { type AccountType, type AclPatch, experimentalView, initialSharing } from '../connected-accounts/sharing';

/** Connect Links (POST /connected_accounts/link): a hosted page, valid 10 minutes, usable once. */
export const LINK_TTL_MS = 10 * 60 * 1000;

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(`link:${token}`).digest('hex');
}

/** The hosted page: the Next.js page, or the API's own page when the server runs without the dashboard. */
export function linkPageUrl(rt: Runtime, token: string): string {
  const t = encodeURIComponent(token);
  return envValue('JUNCTION_DASHBOARD') === 'off'
    ? `${rt.config.publicUrl}/api/v3/connect_links/${t}/page`
    : `${rt.config.publicUrl}/connect/${t}`;
}

export interface CreateLinkInput {
  auth_config_id: string;
  user_id: string;
  alias?: string;
  callback_url?: string;
  connection_data?: Record<string, unknown>;
  experimental?: { account_type?: AccountType; acl_config_for_shared?: AclPatch };
}

export async function createLink(rt: Runtime, projectId: string, body: CreateLinkInput) {
  const verifier = isPlaceholderUser(body.user_id) ? await callbackVerifierUrl(rt, projectId) : undefined;
  const sharing = initialSharing(body.experimental);
  return rt.db.transaction(async (tx) => {
    const authConfig = await loadAuthConfig(tx, projectId, body.auth_config_id);
    if (authConfig.status === 'DISABLED') {
      throw errors.badRequest(
        `Auth config ${authConfig.id} is disabled`,
        'AuthConfig_Disabled',
        'Enable it with PATCH /api/v3/auth_configs/{id}/ENABLED.',
      );
    }
    const toolkit = await resolveToolkit(rt, projectId, authConfig.toolkitSlug);
    if (verifier && isRedirectScheme(authConfig.authScheme)) {
      throw namedError('CompleteAuth_RealUserRequired', REAL_USER_REQUIRED);
    }
    await assertAliasFree(tx, projectId, body.user_id, toolkit.slug, body.alias);
    const accountId = newId('connectedAccount');
    const prefill = Object.fromEntries(
      Object.entries(body.connection_data ?? {}).filter(([k, v]) => k !== 'status' && v !== undefined && v !== null),
    );
    await tx.insert(connectedAccounts).values({
      id: accountId,
      projectId,
      authConfigId: authConfig.id,
      toolkitSlug: toolkit.slug,
      userId: body.user_id,
      alias: body.alias ?? null,
      wordId: wordId(toolkit.slug),
      authScheme: authConfig.authScheme,
      testRequestEndpoint: testRequestEndpointOf(toolkit),
      status: 'INITIALIZING',
      stateEnc: encryptJson(rt.keyring, prefill),
      params: { ...(body.callback_url ? { callback_url: body.callback_url } : {}), via: 'link', ...sharing },
    });
    await recordCreation(tx, projectId, accountId, 'INITIALIZING', 'link');
    const token = `${newId('link')}${randomToken(24)}`;
    const expiresAt = new Date(nowMs() + LINK_TTL_MS);
    await tx.insert(connectLinks).values({
      id: newId('link'),
      tokenHash: hashLinkToken(token),
      projectId,
      connectedAccountId: accountId,
      authConfigId: authConfig.id,
      userId: body.user_id,
      callbackUrl: body.callback_url ?? null,
      expiresAt,
    });
    return {
      link_token: token,
      redirect_url: linkPageUrl(rt, token),
      expires_at: expiresAt.toISOString(),
      connected_account_id: accountId,
      ...(sharing.sharing ? { experimental: experimentalView(sharing) } : {}),
    };
  });
}

export interface LinkField {
  name: string;
  label: string;
  description: string;
  required: boolean;
  secret: boolean;
  type: string;
  value: string;
}

/** The project as the end user sees it: its app title (or name), logo and Connect Link branding. */
export interface LinkProject {
  name: string;
  logo?: string;
  branding: ResolvedBranding;
}

export type LinkView =
  | { state: 'unknown' }
  | { state: 'expired' | 'used'; project: LinkProject; toolkit: { name: string; logo: string } }
  | {
      state: 'open';
      project: LinkProject;
      toolkit: { slug: string; name: string; logo: string };
      mode: string;
      redirect: boolean;
      fields: LinkField[];
      expiresAt: string;
    };

const SECRET_FIELD = /(secret|password|token|api_key|apikey|private)/i;
/** Fields that hold a pasted document (a service-account JSON key): a text area on the page, not one line. */
const MULTILINE_FIELDS = new Set(['credentials_json', 'private_key']);

function field(f: AuthField, required: boolean, prefill: Record<string, unknown>): LinkField {
  const v = prefill[f.name] ?? f.default ?? '';
  return {
    name: f.name,
    label: f.displayName || f.name,
    description: f.description ?? '',
    required,
    secret: f.secret ?? SECRET_FIELD.test(f.name),
    type: f.type === 'number' ? 'number' : MULTILINE_FIELDS.has(f.name) ? 'multiline' : 'text',
    value: typeof v === 'string' || typeof v === 'number' ? String(v) : '',
  };
}

async function loadLink(rt: Runtime, token: string) {
  if (!token || token.length > 200) return undefined;
  return (
    await rt.db
      .select()
      .from(connectLinks)
      .where(and(eq(connectLinks.tokenHash, hashLinkToken(token)), liveProject(connectLinks.projectId)))
      .limit(1)
  )[0];
}

/** What the hosted page shows: project, toolkit, and either an OAuth button or the toolkit's fields. */
export async function getLinkView(rt: Runtime, token: string): Promise<LinkView> {
  const link = await loadLink(rt, token);
  if (!link) return { state: 'unknown' };
  const [[proj], branding] = await Promise.all([
    rt.db.select({ name: projects.name }).from(projects).where(eq(projects.id, link.projectId)),
    resolvedBranding(rt.db, link.projectId),
  ]);
  const project: LinkProject = {
    name: branding.appTitle || proj?.name || 'Junction',
    ...(branding.logo ? { logo: branding.logo } : {}),
    branding,
  };
  const acc = (
    await rt.db.select().from(connectedAccounts).where(eq(connectedAccounts.id, link.connectedAccountId))
  )[0];
  const toolkit = acc ? await findToolkit(rt, link.projectId, acc.toolkitSlug) : undefined;
  const tk = {
    slug: toolkit?.slug ?? acc?.toolkitSlug ?? '',
    name: toolkit?.name ?? acc?.toolkitSlug ?? 'the app',
    logo: toolkit?.logo ?? '',
  };
  if (link.usedAt || !acc || acc.deletedAt) return { state: 'used', project, toolkit: tk };
  // past its time, or already swept by the initiation-timeout job (which marks the account EXPIRED)
  if (link.expiresAt.getTime() <= nowMs() || acc.status === 'EXPIRED')
    return { state: 'expired', project, toolkit: tk };
  if (acc.status !== 'INITIALIZING') return { state: 'used', project, toolkit: tk };
  const scheme = toolkit ? schemeOf(toolkit, acc.authScheme) : undefined;
  const prefill = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
  const fields = scheme
    ? [
        ...scheme.connectionFields.required.map((f) => field(f, true, prefill)),
        ...scheme.connectionFields.optional.map((f) => field(f, false, prefill)),
      ]
    : [];
  return {
    state: 'open',
    project,
    toolkit: tk,
    mode: acc.authScheme,
    redirect: isRedirectScheme(acc.authScheme),
    fields,
    expiresAt: link.expiresAt.toISOString(),
  };
}

export type SubmitResult =
  /**
   * location: where the browser goes next (provider, or the callback_url); none: show "connected".
   * setCookie: the browser binding of an OAuth flow started here (a Set-Cookie header value).
   */
  | { ok: true; location: string | null; accountId: string; setCookie?: string }
  | { ok: false; status: number; message: string };

/**
 * The page's form: consume the link (once), then either start the OAuth redirect or store the
 * fields the user typed (API key, basic, subdomain …) and finish. Invalid input does not consume it.
 */
export async function submitLink(rt: Runtime, token: string, form: Record<string, string>): Promise<SubmitResult> {
  const link = await loadLink(rt, token);
  if (!link) return { ok: false, status: 404, message: 'This link is not valid.' };
  try {
    const upfront = await linkUpfront(rt, link);
    const granted = await linkVerify(rt, link, form);
    // an OAuth flow started from this page completes only in this browser (browser-binding.ts)
    const binding = newBinding();
    return await rt.db.transaction(async (tx) => {
      const locked = (await tx.select().from(connectLinks).where(eq(connectLinks.id, link.id)).for('update'))[0]!;
      if (locked.usedAt) return { ok: false, status: 410, message: 'This link was already used.' } as SubmitResult;
      if (locked.expiresAt.getTime() <= nowMs())
        return { ok: false, status: 410, message: 'This link has expired. Ask for a new one.' } as SubmitResult;
      const acc = (
        await tx
          .select()
          .from(connectedAccounts)
          .where(
            and(eq(connectedAccounts.id, link.connectedAccountId), eq(connectedAccounts.projectId, link.projectId)),
          )
          .for('update')
      )[0];
      if (!acc || acc.deletedAt || acc.status !== 'INITIALIZING')
        return { ok: false, status: 410, message: 'This link was already used.' } as SubmitResult;
      const authConfig = await loadAuthConfig(tx, link.projectId, acc.authConfigId);
      if (authConfig.status === 'DISABLED')
        return { ok: false, status: 400, message: 'This connection is not available right now.' } as SubmitResult;
      const toolkit = await resolveToolkit(rt, link.projectId, acc.toolkitSlug);
      const scheme = schemeOf(toolkit, acc.authScheme);
      const prefill = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
      const given = formFields(scheme, prefill, form);
      await tx
        .update(connectLinks)
        .set({ usedAt: new Date(nowMs()) })
        .where(eq(connectLinks.id, link.id));
      if (isRedirectScheme(acc.authScheme)) {
        if (!scheme)
          return { ok: false, status: 400, message: `${toolkit.name} cannot be connected here.` } as SubmitResult;
        const started = await startRedirectFlow(rt, tx, {
          projectId: link.projectId,
          accountId: acc.id,
          authConfig,
          toolkit,
          scheme,
          callbackUrl: link.callbackUrl ?? undefined,
          connectionData: accountFields(given),
          upfront,
          bindingHash: binding.hash,
        });
        await transition(tx, link.projectId, eq(connectedAccounts.id, acc.id), {
          status: started.status,
          reason: null,
          actor: 'link',
          extra: { stateEnc: encryptJson(rt.keyring, started.val) },
        });
        return {
          ok: true,
          location: started.redirectUrl ?? doneUrl(link.callbackUrl, acc.id),
          accountId: acc.id,
          ...(started.redirectUrl ? { setCookie: bindingSetCookie(rt, acc.id, binding.value) } : {}),
        } as SubmitResult;
      }
      const shared = decryptJson<Record<string, unknown>>(rt.keyring, authConfig.sharedCredentialsEnc) ?? {};
      let val = validateDirectCredentials(scheme, acc.authScheme, given, shared);
      // a server-to-server scheme's first token, fetched (and the credentials so checked) before the transaction
      const token = granted ? tokenFields(granted) : undefined;
      if (token) val = { ...val, ...token.val };
      await transition(tx, link.projectId, eq(connectedAccounts.id, acc.id), {
        status: 'ACTIVE',
        reason: null,
        actor: 'link',
        extra: { stateEnc: encryptJson(rt.keyring, val), ...(token ? { tokenExpiresAt: token.expiresAt } : {}) },
      });
      return { ok: true, location: doneUrl(link.callbackUrl, acc.id), accountId: acc.id } as SubmitResult;
    });
  } catch (err) {
    const e = err as { status?: number; message?: string; extra?: { errors?: string[] } };
    if (typeof e.status === 'number' && e.status < 500) {
      const missing = e.extra?.errors?.map((m) => m.split(':')[0]!.split('.').pop()).filter(Boolean);
      return {
        ok: false,
        status: e.status,
        message: missing?.length ? `Please fill in: ${missing.join(', ')}` : (e.message ?? 'Invalid input'),
      };
    }
    throw err;
  }
}

/** The account's prefilled fields with what the user typed into the scheme's fields. */
function formFields(
  scheme: ReturnType<typeof schemeOf>,
  prefill: Record<string, unknown>,
  form: Record<string, string>,
): Record<string, unknown> {
  const given: Record<string, unknown> = { ...prefill };
  const allowed = new Set(
    scheme ? [...scheme.connectionFields.required, ...scheme.connectionFields.optional].map((f) => f.name) : [],
  );
  for (const [k, v] of Object.entries(form))
    if (allowed.has(k) && typeof v === 'string' && v.trim() !== '') given[k] = v.trim();
  return given;
}

/**
 * The verification request of a typed key, made before the transaction (a slow provider must not
 * hold the database) and before the link is spent, so the user can correct the key and send again.
 * For a server-to-server scheme (S2S_OAUTH2, GOOGLE_SERVICE_ACCOUNT) the check is the token grant
 * itself, and its token is returned for the account.
 */
async function linkVerify(
  rt: Runtime,
  link: typeof connectLinks.$inferSelect,
  form: Record<string, string>,
): Promise<TokenSet | undefined> {
  if (link.usedAt || link.expiresAt.getTime() <= nowMs()) return;
  const acc = (
    await rt.db
      .select()
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.id, link.connectedAccountId), eq(connectedAccounts.projectId, link.projectId)))
      .limit(1)
  )[0];
  if (!acc || acc.deletedAt || acc.status !== 'INITIALIZING' || isRedirectScheme(acc.authScheme)) return;
  const authConfig = await loadAuthConfig(rt.db, link.projectId, acc.authConfigId);
  if (authConfig.status === 'DISABLED') return;
  const toolkit = await resolveToolkit(rt, link.projectId, acc.toolkitSlug);
  const scheme = schemeOf(toolkit, acc.authScheme);
  const prefill = decryptJson<Record<string, unknown>>(rt.keyring, acc.stateEnc) ?? {};
  const shared = decryptJson<Record<string, unknown>>(rt.keyring, authConfig.sharedCredentialsEnc) ?? {};
  const val = validateDirectCredentials(scheme, acc.authScheme, formFields(scheme, prefill, form), shared);
  if (scheme && isDirectGrant(acc.authScheme)) return connectGrant(rt, authConfig, toolkit, scheme, val);
  const configCreds =
    authConfig.type === 'custom'
      ? (decryptJson<Record<string, unknown>>(rt.keyring, authConfig.credentialsEnc) ?? {})
      : {};
  await verifyCredential(rt, toolkit, acc.authScheme, val, configCreds);
}

/**
 * Provider calls the page's OAuth start needs, made before the transaction, and only for a link
 * that looks usable (the transaction checks it again under its lock).
 */
async function linkUpfront(rt: Runtime, link: typeof connectLinks.$inferSelect): Promise<Upfront> {
  if (link.usedAt || link.expiresAt.getTime() <= nowMs()) return {};
  const acc = (
    await rt.db
      .select()
      .from(connectedAccounts)
      .where(and(eq(connectedAccounts.id, link.connectedAccountId), eq(connectedAccounts.projectId, link.projectId)))
      .limit(1)
  )[0];
  if (!acc || acc.deletedAt || acc.status !== 'INITIALIZING' || !isRedirectScheme(acc.authScheme)) return {};
  const authConfig = await loadAuthConfig(rt.db, link.projectId, acc.authConfigId);
  if (authConfig.status === 'DISABLED') return {};
  const toolkit = await resolveToolkit(rt, link.projectId, acc.toolkitSlug);
  const scheme = schemeOf(toolkit, acc.authScheme);
  return scheme ? providerUpfront(rt, authConfig, toolkit, scheme) : {};
}

function doneUrl(callbackUrl: string | null, accountId: string): string | null {
  if (callbackUrl) {
    try {
      const u = new URL(callbackUrl);
      u.searchParams.set('status', 'success');
      u.searchParams.set('connected_account_id', accountId);
      return u.toString();
    } catch {
      /* fall through */
    }
  }
  return null;
}
