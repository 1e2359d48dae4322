import type { Runtime } from '../../runtime';
import type { CreateAuthConfigBody } from '../../contract/auth-configs';
import { authConfigs } from '../../db/schema';
import { newId } from '../../crypto/ids';
import { encryptJson } from '../../crypto/secrets';
import { proxyColumns } from './proxy';
import { errors } from '../../contract/errors';
import { resolveToolkit, schemeOf } from '../toolkits/resolve';
import { managedApp, managedAppEnvNames } from './managed-apps';
import { OPERATED_SCHEMES } from '../connected-accounts/read';

export function toScopes(v: string | string[] | undefined | null): string[] {
  if (!v) return [];
  return (Array.isArray(v) ? v : v.split(/[ ,]+/)).map((s) => s.trim()).filter(Boolean);
}

/** Missing required fields of a scheme, as `credentials.<name>` strings. */
export function missingFields(required: { name: string }[], given: Record<string, unknown>, where: string): string[] {
  return required
    .filter((f) => given[f.name] === undefined || given[f.name] === null || given[f.name] === '')
    .map((f) => `${where}.${f.name}: required`);
}

export async function createAuthConfig(rt: Runtime, projectId: string, body: CreateAuthConfigBody) {
  const toolkit = await resolveToolkit(rt, projectId, body.toolkit.slug);
  const input = body.auth_config ?? { type: 'use_composio_managed_auth' as const };
  const id = newId('authConfig');
  let scheme: string;
  let credentials: Record<string, unknown> = {};
  let scopes: string[] = [];
  let userScopes: string[] = [];
  if (input.type === 'use_custom_auth') {
    if (!OPERATED_SCHEMES.has(input.authScheme)) {
      throw errors.notImplemented(
        `Auth scheme ${input.authScheme} is not supported by this server`,
        'Use one of OAUTH2, OAUTH1, API_KEY, BEARER_TOKEN, BASIC or NO_AUTH.',
      );
    }
    const def = schemeOf(toolkit, input.authScheme);
    if (!def) {
      throw errors.validation(`Toolkit ${toolkit.slug} does not support auth scheme ${input.authScheme}`, [
        `auth_config.authScheme: expected one of ${toolkit.authSchemes.map((s) => s.mode).join(', ') || 'NO_AUTH'}`,
      ]);
    }
    scheme = def.mode;
    const { scopes: s, user_scopes: us, ...rest } = input.credentials ?? {};
    credentials = rest;
    scopes = toScopes(s as string | string[] | undefined);
    userScopes = toScopes(us as string | string[] | undefined);
    const missing = missingFields(def.authConfigFields.required, credentials, 'auth_config.credentials');
    if (missing.length) throw errors.validation(`Missing credentials for ${scheme}: ${missing.join('; ')}`, missing);
  } else {
    const def = toolkit.authSchemes[0];
    scheme = def?.mode ?? 'NO_AUTH';
    scopes = toScopes(input.credentials?.scopes);
    userScopes = toScopes(input.credentials?.user_scopes);
    if (def && (scheme === 'OAUTH2' || scheme === 'OAUTH1') && !managedApp(toolkit.slug)) {
      const names = managedAppEnvNames(toolkit.slug);
      throw errors.badRequest(
        `No service-managed OAuth app is configured for ${toolkit.slug}`,
        'AuthConfig_ManagedAppMissing',
        `Set ${names.clientId} and ${names.clientSecret} on the server, or create the auth config with type "use_custom_auth" and your own client_id and client_secret.`,
      );
    }
  }
  const now = new Date();
  await rt.db.insert(authConfigs).values({
    id,
    projectId,
    toolkitSlug: toolkit.slug,
    name: input.name ?? `${toolkit.name} Auth Config`,
    type: input.type === 'use_custom_auth' ? 'custom' : 'default',
    authScheme: scheme,
    credentialsEnc: Object.keys(credentials).length ? encryptJson(rt.keyring, credentials) : null,
    sharedCredentialsEnc: input.shared_credentials ? encryptJson(rt.keyring, input.shared_credentials) : null,
    scopes,
    userScopes,
    toolAccessConfig: input.tool_access_config ?? {},
    restrictToFollowingTools: input.restrict_to_following_tools ?? [],
    isEnabledForToolRouter: input.is_enabled_for_tool_router ?? true,
    ...proxyColumns(rt.keyring, input.type === 'use_custom_auth' ? input.proxy_config : null),
    createdAt: now,
    updatedAt: now,
  });
  return {
    auth_config: {
      id,
      auth_scheme: scheme,
      is_composio_managed: input.type !== 'use_custom_auth',
      restrict_to_following_tools: input.restrict_to_following_tools ?? [],
    },
    toolkit: { slug: toolkit.slug },
  };
}
